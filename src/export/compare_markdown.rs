//! [`comparison_markdown`]: two runs compared (issue 49), as Markdown a learner pastes into
//! notes: the lesson, the two runs' labels, the summary sentence, where they part and why,
//! the totals side by side, the members whose history or requests differ, then one table row
//! per aligned step: each run's step and event, and the messages whose places differ there.

use std::fmt::Write;

use crate::engine::{Lang, Timeline};
use crate::lessons::language::tr;
use crate::view::caption::event_line;
use crate::view::compare::summary::{label, parting_words, sentence, Which};
use crate::view::compare::{Place, RunDiff};

/// A place in words, in `lang`.
fn place_words(place: Place, lang: Lang) -> &'static str {
    match place {
        Place::Absent => tr(lang, "未发送", "not sent"),
        Place::Stored => tr(lang, "在收件箱", "in the inbox"),
        Place::TakenIn => tr(lang, "已读入", "taken in"),
        Place::InRequest => tr(lang, "在请求里", "in a request"),
        Place::Lost => tr(lang, "丢失", "lost"),
        Place::Undelivered => tr(lang, "未送达", "undelivered"),
    }
}

fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// The comparison of runs `a` and `b` of the lesson titled `title`, in `lang`.
pub fn comparison_markdown(
    title: &str,
    a: &Timeline,
    b: &Timeline,
    diff: &RunDiff,
    lang: Lang,
) -> String {
    let reasons = diff
        .parting
        .as_ref()
        .map(|p| p.reasons.as_slice())
        .unwrap_or(&[]);
    let (la, lb) = (
        label(reasons, Which::A, lang),
        label(reasons, Which::B, lang),
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}: {}\n",
        tr(lang, "对比两次运行", "Two runs compared"),
        cell(title)
    );
    let _ = writeln!(out, "- **A**: {la}\n- **B**: {lb}\n");
    let _ = writeln!(out, "> {}\n", sentence(diff, a, b, lang));
    let _ = writeln!(out, "{}.\n", capital(&parting_words(diff, lang)));
    totals_section(&mut out, diff, lang);
    rows_section(&mut out, a, b, diff, lang);
    out
}

/// The totals side by side, and the members that differ.
fn totals_section(out: &mut String, diff: &RunDiff, lang: Lang) {
    let (ta, tb) = diff.totals;
    let _ = writeln!(out, "## {}\n", tr(lang, "合计", "Totals"));
    let _ = writeln!(out, "| | A | B |\n|---|---:|---:|");
    for (zh, en, x, y) in [
        ("请求", "requests", ta.requests as u64, tb.requests as u64),
        ("重试", "retries", ta.retries as u64, tb.retries as u64),
        ("拒绝", "refusals", ta.refusals as u64, tb.refusals as u64),
        (
            "丢失的消息",
            "lost messages",
            ta.lost as u64,
            tb.lost as u64,
        ),
        (
            "未送达的消息",
            "undelivered messages",
            ta.undelivered as u64,
            tb.undelivered as u64,
        ),
        ("步数", "steps", ta.steps as u64, tb.steps as u64),
        ("逻辑时间", "logical time", ta.time, tb.time),
    ] {
        let _ = writeln!(out, "| {} | {x} | {y} |", tr(lang, zh, en));
    }
    let differing: Vec<_> = diff.members.iter().filter(|m| m.differs()).collect();
    if !differing.is_empty() {
        let _ = writeln!(
            out,
            "\n## {}\n",
            tr(lang, "有差别的成员", "Members that differ")
        );
        for m in differing {
            let _ = writeln!(out, "- {}", m.line(&format!("**{}**", m.name), lang));
        }
    }
}

/// One table row per aligned step: each run's step and event, the messages in different
/// places, the parting row marked.
fn rows_section(out: &mut String, a: &Timeline, b: &Timeline, diff: &RunDiff, lang: Lang) {
    let _ = writeln!(out, "\n## {}\n", tr(lang, "对齐的步骤", "Aligned steps"));
    let _ = writeln!(
        out,
        "| A | B | {} A | {} B | {} |\n|---:|---:|---|---|---|",
        tr(lang, "事件", "event"),
        tr(lang, "事件", "event"),
        tr(lang, "位置不同的消息", "messages in different places")
    );
    for (index, row) in diff.rows.iter().enumerate().skip(1) {
        let line = |t: &Timeline, step: usize| {
            cell(&event_line(t.events().get(step.wrapping_sub(1)), lang))
        };
        let differ = diff
            .differing_at(index)
            .map(|m| {
                let (pa, pb) = m.places[index];
                format!(
                    "{}: {} / {}",
                    m.name(),
                    place_words(pa, lang),
                    place_words(pb, lang)
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        let mark = if diff.parting.as_ref().is_some_and(|p| p.row == index) {
            " ⑂"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "| {}{mark} | {} | {} | {} | {} |",
            row.a,
            row.b,
            line(a, row.a),
            line(b, row.b),
            cell(&differ)
        );
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
