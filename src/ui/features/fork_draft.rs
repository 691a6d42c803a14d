//! The fork form: what the learner drafts ([`ForkDraft`], only signal handles) and its fields
//! (kind of change, member, request index, fault, text). The checks and the wording are native
//! (`view::fork_form`); `ui/features/fork.rs` places the form in the fork panel.

use leptos::prelude::*;

use crate::engine::Fault;
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::context::Playground;
use crate::view::fork_form::{self, build, fault_label, Draft, ForkKind};

/// The fork form's state: what the learner is drafting. Only `Copy` signal handles, so the
/// panel's parts share it freely.
#[derive(Clone, Copy)]
pub struct ForkDraft {
    pub kind: RwSignal<ForkKind>,
    /// What the learner picked; None (or a name that is not valid for the kind) means the
    /// default: the selected member, else the first one.
    pub chosen_member: RwSignal<Option<String>>,
    /// A typed request index, remembered with the member it was typed for.
    pub typed_index: RwSignal<Option<(String, String)>>,
    pub text: RwSignal<String>,
    pub fault: RwSignal<Fault>,
    /// Members the current kind can address: everyone, except the lead for a lead message.
    pub members: Memo<Vec<String>>,
    pub error: RwSignal<Option<String>>,
    pub notice: RwSignal<Option<String>>,
}

impl ForkDraft {
    pub fn new(pg: Playground) -> ForkDraft {
        let kind = RwSignal::new(ForkKind::Reply);
        let members = Memo::new(move |_| {
            let kind = kind.get();
            pg.state.with(|state| {
                state
                    .as_ref()
                    .map(|s| {
                        s.state
                            .order()
                            .iter()
                            .filter(|name| {
                                kind != ForkKind::LeadMessage || **name != s.state.lead_name()
                            })
                            .cloned()
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default()
            })
        });
        ForkDraft {
            kind,
            chosen_member: RwSignal::new(None),
            typed_index: RwSignal::new(None),
            text: RwSignal::new(String::new()),
            fault: RwSignal::new(Fault::FailBeforeCommit),
            members,
            error: RwSignal::new(None),
            notice: RwSignal::new(None),
        }
    }

    fn member(self, pg: Playground) -> String {
        let names = self.members.get();
        self.chosen_member
            .get()
            .filter(|m| names.contains(m))
            .or_else(|| pg.selected.get().filter(|m| names.contains(m)))
            .or_else(|| names.first().cloned())
            .unwrap_or_default()
    }

    /// The typed request number (1 is the first), or by default the member's next request
    /// (the one not sent yet at this step).
    fn index_text(self, pg: Playground) -> String {
        let name = self.member(pg);
        match self.typed_index.get() {
            Some((for_member, typed)) if for_member == name => typed,
            _ => pg
                .state
                .with(|state| {
                    state
                        .as_ref()
                        .and_then(|s| s.state.member(&name))
                        .map(|m| m.requests().len() + 1)
                        .unwrap_or(1)
                })
                .to_string(),
        }
    }

    /// Builds the intervention from the draft and, if it is valid, forks onto a new branch.
    pub fn apply(self, pg: Playground) {
        let lang = pg.lang.get_untracked();
        // The step as the state sees it (clamped to the run).
        let step = pg
            .state
            .with_untracked(|s| s.as_ref().map(|s| s.step))
            .unwrap_or(0);
        let draft_member = self.member(pg);
        let draft_text = self.text.get_untracked();
        let draft_index = self.index_text(pg);
        let draft_kind = self.kind.get_untracked();
        // The run the new branch starts from: this branch's changes up to the fork point.
        let sent_in_run = (draft_kind == ForkKind::Reply)
            .then(|| {
                let current_run = pg.timeline_untracked();
                pg.on_screen_untracked().requests_sent_in_base(
                    step,
                    &draft_member,
                    current_run.as_deref(),
                )
            })
            .flatten();
        let draft = Draft {
            kind: draft_kind,
            member: &draft_member,
            text: &draft_text,
            request_number: &draft_index,
            fault: self.fault.get_untracked(),
            sent_in_run,
        };
        let built = pg.state.with_untracked(|state| match state {
            Some(s) => build(&draft, &s.state, step),
            None => Err(fork_form::no_run()),
        });
        match built {
            Err(problem) => {
                self.notice.set(None);
                self.error.set(Some(problem.get(lang).to_string()));
            }
            Ok(intervention) => {
                let notice = fork_form::forked(&intervention, lang);
                crate::ui::panels::transport::pause(pg);
                let forked = pg
                    .change_branch(|branches| branches.fork(intervention))
                    .unwrap_or(Ok(()));
                if forked.is_err() {
                    self.notice.set(None);
                    self.error
                        .set(Some(fork_form::too_many_edits().get(lang).to_string()));
                    return;
                }
                pg.go_to(step);
                self.error.set(None);
                self.notice.set(Some(notice));
            }
        }
    }
}

/// The fork form's fields: kind of change, member, request index, fault and text.
#[component]
pub fn ForkForm(draft: ForkDraft) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let ForkDraft {
        kind,
        chosen_member,
        typed_index,
        fault,
        members,
        error,
        ..
    } = draft;
    let member = move || draft.member(pg);
    let kind_options = move || {
        let lang = lang.get();
        ForkKind::ALL
            .iter()
            .map(|k| {
                let k = *k;
                view! { <option value=k.value() selected=move || kind.get() == k>{k.label(lang)}</option> }
            })
            .collect_view()
    };
    let member_options = move || {
        members
            .get()
            .into_iter()
            .map(|name| {
                let current = name.clone();
                let value = name.clone();
                view! { <option value=value selected=move || member() == current>{name}</option> }
            })
            .collect_view()
    };
    let fault_options = move || {
        let lang = lang.get();
        Fault::ALL
            .iter()
            .map(|f| view! { <option value=f.as_str()>{fault_label(*f, lang)}</option> })
            .collect_view()
    };
    view! {
        <div class="fork-form">
            <label>
                <span>{move || tr(lang.get(), "改动类型", "Kind of change")}</span>
                <select data-testid="fork-kind"
                    prop:value=move || kind.get().value()
                    on:change=move |ev| {
                        kind.set(ForkKind::from_value(&event_target_value(&ev)));
                        error.set(None);
                    }>
                    {kind_options}
                </select>
            </label>
            <label>
                <span>{move || match kind.get() {
                    ForkKind::LeadMessage => tr(lang.get(), "收件人", "To"),
                    _ => tr(lang.get(), "成员", "Member"),
                }}</span>
                <select data-testid="fork-member"
                    prop:value=member
                    on:change=move |ev| {
                        chosen_member.set(Some(event_target_value(&ev)));
                        error.set(None);
                    }>
                    {member_options}
                </select>
            </label>
            <Show when=move || kind.get() == ForkKind::Reply>
                <label>
                    <span>{move || tr(lang.get(), "请求编号（该成员的第几个请求，从 1 起）", "Request number (the member's nth request, from 1)")}</span>
                    <input type="number" min="1" step="1" data-testid="fork-request-index"
                        prop:value=move || draft.index_text(pg)
                        on:input=move |ev| {
                            typed_index.set(Some((member(), event_target_value(&ev))));
                            error.set(None);
                        } />
                </label>
            </Show>
            <Show when=move || kind.get() == ForkKind::Fault>
                <label>
                    <span>{move || tr(lang.get(), "故障", "Fault")}</span>
                    <select data-testid="fork-fault"
                        prop:value=move || fault.get().as_str()
                        on:change=move |ev| {
                            fault.set(Fault::from_name(&event_target_value(&ev)).unwrap_or(Fault::FailBeforeCommit))
                        }>
                        {fault_options}
                    </select>
                </label>
            </Show>
            <Show when=move || kind.get().needs_text()>
                <ForkText draft=draft />
            </Show>
            <button type="button" data-testid="fork-apply" on:click=move |_| draft.apply(pg)>
                {move || tr(lang.get(), "从这一步分叉并继续", "Fork from this step and continue")}
            </button>
        </div>
    }
}

/// The text field of a reply or a lead message, with its length against the body limit.
#[component]
fn ForkText(draft: ForkDraft) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let (kind, text, error) = (draft.kind, draft.text, draft.error);
    let counter = move || {
        let lang = lang.get();
        let length = text.with(|t| t.chars().count());
        let limit = pg
            .state
            .with(|s| s.as_ref().map(|s| s.state.config().limits.body_chars))
            .unwrap_or(600);
        let over = if length > limit {
            tr(lang, "（太长）", " (too long)")
        } else {
            ""
        };
        match lang {
            Lang::Zh => format!("{length} / {limit} 字符{over}"),
            Lang::En => format!("{length} / {limit} characters{over}"),
        }
    };
    view! {
        <label class="fork-text-label">
            <span>{move || match kind.get() {
                ForkKind::Reply => tr(lang.get(), "新的回复文字（纯文本，作为最终回答）", "New reply text (text only, a final answer)"),
                _ => tr(lang.get(), "消息内容", "Message body"),
            }}</span>
            <textarea data-testid="fork-text" rows="3"
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    error.set(None);
                }></textarea>
            <span class="fork-counter">{counter}</span>
        </label>
    }
}
