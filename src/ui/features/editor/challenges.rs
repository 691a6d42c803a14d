//! The challenges part of the editor (issue 48): the scenario's goals, each with its id, the
//! goal and the hint in both languages, the step it starts at, the events the goal holds (an
//! event kind, optionally of one member, containing a text, in order) and its solution, kept
//! from the branch on screen: the author picks the choices on the stage, then keeps them here.
//! Each change is a `scenario::edit_challenge::ChallengeEdit`; problems show beside the row
//! like every other field's, and once the draft plays the row says whether the kept solution
//! meets the goal.

use leptos::prelude::*;

use super::list_part::ListPart;
use super::{Editor, FieldProblems};
use crate::engine::Lang;
use crate::lessons::checkpoint::EVENT_NAMES;
use crate::scenario::edit::{Edit, Field};
use crate::scenario::edit_challenge::{ChallengeEdit, ChallengePart};
use crate::view::event_names::event_label;
use crate::view::tr;

#[component]
pub(super) fn ChallengesEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let count = editor.memo(|d| d.challenges.len());
    let add = move |_| {
        editor.apply(
            Edit::Challenge(ChallengeEdit::Add),
            Field::Challenge(count.get_untracked()),
        )
    };
    view! {
        <ListPart name="challenges" lang=lang count=count
            title=|lang, n| match lang {
                Lang::Zh => format!("挑战（{n} 个）"),
                Lang::En => format!("Challenges ({n})"),
            }
            hint=(
                "挑战是放在舞台旁边的目标：学习者通过选择“接下来发生什么”去达成它。目标是一串按顺序必须发生的事件（和检查点用的事件条件一样）。答案：在舞台上点出选择，再在这里“保留当前分支的选择”。",
                "A challenge is a goal beside the stage that the learner meets by picking what happens next. The goal is events that must happen, in order (the same event conditions checkpoints use). The solution: pick the choices on the stage, then keep the branch's choices here.",
            )
            row=move |i| view! { <ChallengeRow editor=editor i=i /> }>
            <button type="button" data-testid="editor-add-challenge" on:click=add>
                {move || tr(lang.get(), "添加挑战", "Add a challenge")}
            </button>
        </ListPart>
    }
}

#[component]
fn ChallengeRow(editor: Editor, i: usize) -> impl IntoView {
    let lang = editor.pg.lang;
    let read = move |f: fn(&crate::lessons::Challenge) -> String| {
        editor.memo(move |d| d.challenges.get(i).map(f).unwrap_or_default())
    };
    let id = read(|c| c.id.clone());
    let goal_zh = read(|c| c.goal.zh.clone());
    let goal_en = read(|c| c.goal.en.clone());
    let hint_zh = read(|c| c.hint.zh.clone());
    let hint_en = read(|c| c.hint.en.clone());
    let start = read(|c| c.start.to_string());
    let holds = editor.memo(move |d| d.challenges.get(i).map_or(0, |c| c.holds.len()));
    let solution = editor.memo(move |d| d.challenges.get(i).map_or(0, |c| c.solution.len()));
    let set = move |part: ChallengePart| {
        editor.apply(
            Edit::Challenge(ChallengeEdit::Set { index: i, part }),
            Field::Challenge(i),
        )
    };
    let text = move |make: fn(String) -> ChallengePart| {
        move |ev: leptos::ev::Event| set(make(event_target_value(&ev)))
    };
    let on_start = move |ev: leptos::ev::Event| {
        set(ChallengePart::Start(
            event_target_value(&ev).trim().parse().unwrap_or(0),
        ))
    };
    let keep = move |_| {
        let choices = editor.pg.options.get_untracked().interventions;
        set(ChallengePart::Solution(choices));
    };
    let t = move |zh: &'static str, en: &'static str| move || tr(lang.get(), zh, en);
    let tid = move |name: &str| format!("editor-challenge-{name}-{i}");
    view! {
        <li class="editor-row editor-challenge" data-testid=format!("editor-challenge-{i}")>
            <label>
                <span>{t("编号（id）", "Id")}</span>
                <input type="text" data-testid=tid("id") prop:value=move || id.get() on:change=text(ChallengePart::Id) />
            </label>
            <label>
                <span>{t("从第几步开始", "Starts at step")}</span>
                <input type="number" min="0" data-testid=tid("start") prop:value=move || start.get() on:change=on_start />
            </label>
            <label class="editor-wide">
                <span>{t("目标（中文）", "Goal (Chinese)")}</span>
                <input type="text" lang="zh" data-testid=tid("goal-zh") prop:value=move || goal_zh.get()
                    on:change=move |ev| set(ChallengePart::Goal { lang: Lang::Zh, text: event_target_value(&ev) }) />
            </label>
            <label class="editor-wide">
                <span>{t("目标（英文）", "Goal (English)")}</span>
                <input type="text" lang="en" data-testid=tid("goal-en") prop:value=move || goal_en.get()
                    on:change=move |ev| set(ChallengePart::Goal { lang: Lang::En, text: event_target_value(&ev) }) />
            </label>
            <label class="editor-wide">
                <span>{t("提示（中文）", "Hint (Chinese)")}</span>
                <input type="text" lang="zh" data-testid=tid("hint-zh") prop:value=move || hint_zh.get()
                    on:change=move |ev| set(ChallengePart::Hint { lang: Lang::Zh, text: event_target_value(&ev) }) />
            </label>
            <label class="editor-wide">
                <span>{t("提示（英文）", "Hint (English)")}</span>
                <input type="text" lang="en" data-testid=tid("hint-en") prop:value=move || hint_en.get()
                    on:change=move |ev| set(ChallengePart::Hint { lang: Lang::En, text: event_target_value(&ev) }) />
            </label>
            <ol class="editor-holds">
                <For each=move || 0..holds.get() key=|n| *n children=move |n| view! { <HoldRow editor=editor i=i n=n /> } />
            </ol>
            <button type="button" data-testid=tid("add-hold") on:click=move |_| set(ChallengePart::AddHold)>
                {t("目标再加一个事件", "Add an event to the goal")}
            </button>
            <p class="editor-hint" data-testid=tid("solution")>
                {move || match lang.get() {
                    Lang::Zh => format!("答案：{} 个选择。", solution.get()),
                    Lang::En => format!("Solution: {} choices.", solution.get()),
                }}
                " "
                <button type="button" data-testid=tid("keep-solution") on:click=keep>
                    {t("保留当前分支的选择作为答案", "Keep the branch's choices as the solution")}
                </button>
            </p>
            <button type="button" data-testid=format!("editor-remove-challenge-{i}")
                on:click=move |_| editor.apply(Edit::Challenge(ChallengeEdit::Remove { index: i }), Field::Challenge(i))>
                {t("删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=Field::Challenge(i) />
        </li>
    }
}

/// The `n`th event goal `i` holds: its kind, its actor, text its summary contains.
#[component]
fn HoldRow(editor: Editor, i: usize, n: usize) -> impl IntoView {
    let lang = editor.pg.lang;
    let hold = move |f: fn(&crate::lessons::EventMatch) -> String| {
        editor.memo(move |d| {
            d.challenges
                .get(i)
                .and_then(|c| c.holds.get(n))
                .map(f)
                .unwrap_or_default()
        })
    };
    let event = hold(|h| h.event.clone());
    let member = hold(|h| h.member.clone().unwrap_or_default());
    let contains = hold(|h| h.contains.clone().unwrap_or_default());
    let set = move |part: ChallengePart| {
        editor.apply(
            Edit::Challenge(ChallengeEdit::Set { index: i, part }),
            Field::Challenge(i),
        )
    };
    let t = move |zh: &'static str, en: &'static str| move || tr(lang.get(), zh, en);
    let tid = move |name: &str| format!("editor-challenge-{name}-{i}-{n}");
    view! {
        <li class="editor-hold">
            <label>
                <span>{t("事件", "Event")}</span>
                <select data-testid=tid("event") prop:value=move || event.get()
                    on:change=move |ev| set(ChallengePart::HoldEvent { n, event: event_target_value(&ev) })>
                    {move || {
                        let lang = lang.get();
                        let current = event.get();
                        let extra = (!EVENT_NAMES.contains(&current.as_str())).then(|| current.clone());
                        EVENT_NAMES.iter().map(|e| e.to_string()).chain(extra).map(|e| {
                            let label = event_label(&e, lang).map(str::to_string).unwrap_or_else(|| e.clone());
                            view! { <option value=e>{label}</option> }
                        }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{t("成员（可不填）", "Member (optional)")}</span>
                <input type="text" data-testid=tid("member") prop:value=move || member.get()
                    on:change=move |ev| set(ChallengePart::HoldMember { n, member: event_target_value(&ev) }) />
            </label>
            <label>
                <span>{t("摘要里含（可不填）", "Summary contains (optional)")}</span>
                <input type="text" data-testid=tid("contains") prop:value=move || contains.get()
                    on:change=move |ev| set(ChallengePart::HoldContains { n, text: event_target_value(&ev) }) />
            </label>
            <button type="button" on:click=move |_| set(ChallengePart::RemoveHold(n))>{t("去掉", "Remove")}</button>
        </li>
    }
}
