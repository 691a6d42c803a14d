//! The team at step 0, as `ui/panels/members.rs` and `lanes.rs` draw it: a card per member
//! from the card model (`view::card`) and the message lanes, empty before the first message.

use super::StepZero;
use crate::engine::Lang;
use crate::engine::MemberStatus;
use crate::lessons::language::{tr, LangText};
use crate::markup::{Node, Pen};
use crate::view::card::{cards as card_models, Card};
use crate::view::lanes::{copy_note, lost_label, Lane, Placement};

/// The member cards at step 0 (a built-in team is small, so every card is drawn, in a grid).
pub fn cards(pen: &Pen, column: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let attrs = [("class", "members"), ("aria-labelledby", "members-heading")];
    let Some(section) = pen.add(column, "section", &attrs) else {
        return;
    };
    let heading = [("id", "members-heading")];
    pen.text(&section, "h2", &heading, lang.strings().members);
    let Some(grid) = pen.add(&section, "div", &[("class", "member-grid")]) else {
        return;
    };
    for card in card_models(&zero.state) {
        member_card(pen, &grid, &card, lang);
    }
}

/// One member's card at step 0, as `ui/panels/members.rs` draws it.
fn member_card(pen: &Pen, grid: &Node, card: &Card, lang: Lang) {
    let status = card.status.as_str();
    let inbox = card.inbox.to_string();
    let deliveries = format!("{}/{}", card.deliveries_used, card.delivery_budget);
    let attrs = [
        ("class", "member-card"),
        ("data-testid", "member-card"),
        ("data-member", card.name.as_str()),
        ("data-status", status),
        ("data-busy", if card.busy { "true" } else { "false" }),
        ("data-inbox", inbox.as_str()),
        ("data-deliveries", deliveries.as_str()),
    ];
    let Some(article) = pen.add(grid, "article", &attrs) else {
        return;
    };
    if let Some(head) = pen.add(&article, "span", &[("class", "member-head")]) {
        let title = tr(
            lang,
            "查看此成员的历史与请求",
            "Show this member's history and requests",
        );
        let attrs = [
            ("type", "button"),
            ("class", "member-name"),
            ("aria-pressed", "false"),
            ("title", title),
            ("disabled", ""),
        ];
        pen.text(&head, "button", &attrs, &card.name);
        pen.text(
            &head,
            "span",
            &[("class", "member-role")],
            &crate::view::card::role_word(&card.role, lang),
        );
    }
    let class = format!("status status-{status}");
    pen.text(
        &article,
        "span",
        &[("class", class.as_str())],
        card.status_text(lang),
    );
    let lines = [
        card.busy_line(lang).to_string(),
        card.deliveries_line(lang),
        card.requests_line(lang),
        card.inbox_line(lang),
    ];
    for line in lines {
        pen.text(&article, "span", &[("class", "member-line")], &line);
    }
    let flags = [
        (
            card.holds_lock,
            "lock-held",
            tr(lang, "🔒 持有宿主锁", "🔒 holds the host lock"),
        ),
        (
            card.waits_for_lock,
            "lock-wait",
            tr(lang, "⏳ 等待宿主锁", "⏳ waiting for the lock"),
        ),
    ];
    for (on, class, text) in flags {
        if on {
            let testid = if class == "lock-held" {
                "lock-held"
            } else {
                ""
            };
            match testid.is_empty() {
                true => pen.text(&article, "span", &[("class", class)], text),
                false => pen.text(
                    &article,
                    "span",
                    &[("class", class), ("data-testid", testid)],
                    text,
                ),
            };
        }
    }
    if card.recallable && card.status == MemberStatus::Offline {
        let attrs = [
            ("type", "button"),
            ("class", "recall"),
            ("data-testid", "recall"),
            ("disabled", ""),
        ];
        let text = tr(lang, "召回（恢复其历史）", "Recall (restore its history)");
        pen.text(&article, "button", &attrs, text);
    }
}

/// The lanes section at step 0: its heading, the folded help, the three lanes and the Lost
/// box, each empty (the drift test holds every built-in lesson to no message at step 0).
pub fn lanes(pen: &Pen, column: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let s = lang.strings();
    let attrs = [("class", "lanes"), ("aria-labelledby", "lanes-heading")];
    let Some(section) = pen.add(column, "section", &attrs) else {
        return;
    };
    pen.text(&section, "h2", &[("id", "lanes-heading")], s.messages);
    if let Some(help) = pen.add(&section, "details", &[("class", "lanes-help")]) {
        let summary = tr(lang, "怎么读这三条道", "How to read these lanes");
        pen.text(&help, "summary", &[], summary);
        let note = tr(lang,
            "发送回执 “queued” 只证明消息存进了收件箱；没有已读回执。消息要先进入候选、被提交，再随下一次请求发出，模型才看得见。",
            "The send receipt “queued” proves only that the inbox stored it; there are no read receipts. A model sees a message only after it enters a candidate, is committed, and goes out with the next request.");
        pen.text(&help, "p", &[("class", "lanes-note")], note);
        let attrs = [
            ("class", "lanes-note lanes-copy"),
            ("data-testid", "lanes-copy-note"),
        ];
        pen.text(&help, "p", &attrs, copy_note(lang));
    }
    let placement = Placement::of(&zero.state, None);
    if let Some(note) = placement.overflow_note(lang) {
        pen.text(&section, "p", &[("class", "lanes-note")], &note);
    }
    let lane = |parent: &Node, lane: Lane| {
        let (title, hint) = match lane {
            Lane::Queued => (s.lane_queued, s.lane_queued_hint),
            Lane::Candidate => (s.lane_candidate, s.lane_candidate_hint),
            Lane::Request => (s.lane_request, s.lane_request_hint),
            Lane::Lost => lost_label(lang),
        };
        let class = format!("lane lane-{}", lane.name());
        let attrs = [("class", class.as_str()), ("data-testid", lane.name())];
        let Some(div) = pen.add(parent, "div", &attrs) else {
            return;
        };
        if let Some(h3) = pen.add(&div, "h3", &[("title", hint)]) {
            pen.append_text(&h3, title);
            pen.append_text(&h3, " ");
            let count = format!("({})", placement.chips(lane).len());
            pen.text(&h3, "span", &[("class", "lane-count")], &count);
        }
        if let Some(list) = pen.add(&div, "ul", &[("class", "chips rest")]) {
            pen.text(&list, "li", &[("class", "empty")], s.lane_empty);
        }
    };
    if let Some(row) = pen.add(&section, "div", &[("class", "lane-row")]) {
        for each in [Lane::Queued, Lane::Candidate, Lane::Request] {
            lane(&row, each);
        }
    }
    lane(&section, Lane::Lost);
}
