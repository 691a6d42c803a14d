//! The member detail's model on played lessons: the "new since the previous request" marks,
//! the candidate's marks, bounded lists, the pick list and the tool-call lines.

use super::request::{chosen, Outcome};
use super::*;
use crate::engine::{Lang, MemberState, TeamState, Timeline};
use crate::lessons::{play, PlayOptions};

fn lesson(id: &str) -> Timeline {
    play(id, &PlayOptions::default()).expect("the lesson plays")
}

/// The member with the most of `what` (requests, history entries) at the end of `timeline`.
fn busiest(state: &TeamState, what: fn(&MemberState) -> usize) -> &MemberState {
    state
        .members_in_order()
        .max_by_key(|m| what(m))
        .expect("a member")
}

fn marked(rows: &Rows) -> Vec<usize> {
    rows.rows
        .iter()
        .filter(|r| r.new.is_some())
        .map(|r| r.index)
        .collect()
}

#[test]
fn new_since_previous_request_marks_exactly_the_entries_added_since_then() {
    let timeline = lesson("l1-two-investigators");
    let state = timeline.final_state();
    let mut checked = 0;
    for member in state.members_in_order() {
        for index in 0..member.requests().len() {
            let view = RequestView::of(state, member, index, usize::MAX, Lang::En)
                .expect("the request exists");
            let total = view.messages.total;
            // What the previous request carried (nothing before the first).
            let before = index
                .checked_sub(1)
                .and_then(|i| state.request(member.requests()[i]))
                .map_or(0, |p| p.request.messages.len());
            assert_eq!(view.messages.hidden, 0);
            assert_eq!(
                marked(&view.messages),
                (before..total).collect::<Vec<_>>(),
                "{} request {index}",
                member.name()
            );
            assert!(view
                .messages
                .rows
                .iter()
                .filter_map(|r| r.new)
                .all(|m| m == NewMark::SincePreviousRequest));
            assert_eq!(view.new_count(), total - before);
            // The raw JSON marks the same messages, one line each.
            let json_new = view.json.iter().filter(|l| l.new).count();
            assert_eq!(json_new, total - before);
            assert_eq!(view.previous.is_some(), index > 0);
            checked += 1;
        }
    }
    assert!(checked >= 10, "lesson 1 sends many requests ({checked})");
}

#[test]
fn a_long_request_shows_its_last_messages_and_marks_within_them() {
    let timeline = lesson("l1-two-investigators");
    let state = timeline.final_state();
    let member = busiest(state, |m| m.requests().len());
    let last = member.requests().len() - 1;
    let full = RequestView::of(state, member, last, usize::MAX, Lang::En).expect("exists");
    let total = full.messages.total;
    let limit = 3;
    assert!(total > limit, "the last request is longer than the window");
    let windowed = RequestView::of(state, member, last, limit, Lang::En).expect("exists");
    assert_eq!(windowed.messages.hidden, total - limit);
    assert_eq!(windowed.messages.rows.len(), limit);
    assert_eq!(windowed.messages.rows[0].index, total - limit);
    let shown_marks: Vec<usize> = marked(&full.messages)
        .into_iter()
        .filter(|i| *i >= total - limit)
        .collect();
    assert_eq!(marked(&windowed.messages), shown_marks);
    assert_eq!(
        windowed.json.iter().filter(|l| l.new).count(),
        shown_marks.len()
    );
    assert!(
        windowed.json.iter().any(|l| l.gap),
        "the JSON says what is left out"
    );
}

#[test]
fn history_rows_are_the_last_entries_and_count_the_hidden_ones() {
    let timeline = crate::lessons::stress::generate(4_000);
    let state = timeline.final_state();
    let member = busiest(state, |m| m.history().len());
    let total = member.history().len();
    assert!(total > WINDOW, "a history longer than a window");
    let rows = history_rows(member, WINDOW);
    assert_eq!(rows.total, total);
    assert_eq!(rows.hidden + rows.rows.len(), total);
    assert_eq!(rows.rows.len(), WINDOW);
    assert!(hidden_text(rows.hidden, Lang::En).is_some());
    // Asking for more shows more, never fewer than a window.
    assert_eq!(history_rows(member, WINDOW + 5).rows.len(), WINDOW + 5);
    assert_eq!(history_rows(member, 1).rows.len(), WINDOW);
    assert!(rows.rows.iter().all(|r| r.new.is_none()));
    assert_eq!(
        rows.rows.last().map(|r| r.index),
        total.checked_sub(1),
        "the newest entry is last"
    );
    let all = history_rows(member, usize::MAX);
    assert_eq!((all.hidden, all.rows.len()), (0, total));
    assert_eq!(hidden_text(all.hidden, Lang::En), None);
}

/// The first step at which some member has a candidate, with that member's name.
fn with_candidate(timeline: &Timeline) -> Option<(TeamState, String)> {
    (0..=timeline.len()).find_map(|step| {
        let state = timeline.state_at(step);
        let name = state
            .members_in_order()
            .find(|m| m.candidate().is_some_and(|c| !c.entries.is_empty()))?
            .name()
            .to_string();
        Some((state, name))
    })
}

#[test]
fn m4_candidate_rows_are_the_added_entries_marked_new_in_candidate() {
    let timeline = lesson("l1-two-investigators");
    let (state, name) = with_candidate(&timeline).expect("a candidate is prepared");
    let member = state.member(&name).expect("the member");
    let candidate = member.candidate().expect("its candidate");
    let view = CandidateView::of(member).expect("shown");
    assert_eq!(view.base_len, candidate.base_len);
    assert_eq!(view.added, candidate.entries.len());
    assert_eq!(
        view.rows.iter().map(|r| r.index).collect::<Vec<_>>(),
        (candidate.base_len..candidate.base_len + candidate.entries.len().min(WINDOW))
            .collect::<Vec<_>>()
    );
    assert!(view
        .rows
        .iter()
        .all(|r| r.new == Some(NewMark::InCandidate)));
    assert_eq!(view.carries.len(), candidate.message_ids.len());
    assert!(view
        .explain(Lang::En)
        .contains(&candidate.base_len.to_string()));
    // A member without a candidate shows none.
    let idle = timeline.initial_state();
    let lead = idle.members_in_order().next().expect("a lead");
    assert!(CandidateView::of(lead).is_none());
}

#[test]
fn a_tool_call_reads_the_same_in_the_reply_and_in_the_history() {
    let timeline = lesson("l1-two-investigators");
    let state = timeline.final_state();
    let mut compared = 0;
    for member in state.members_in_order() {
        for index in 0..member.requests().len() {
            let view = RequestView::of(state, member, index, usize::MAX, Lang::En).expect("exists");
            let Outcome::Reply { calls, .. } = &view.outcome else {
                continue;
            };
            if calls.is_empty() {
                continue;
            }
            // The reply is committed as an assistant entry carrying the same calls.
            let in_history = member
                .history()
                .iter()
                .any(|e| e.tool_calls.iter().map(call_text).collect::<Vec<_>>() == *calls);
            assert!(in_history, "{calls:?}");
            assert!(calls.iter().all(|c| c.contains('(') && c.ends_with(')')));
            compared += 1;
        }
    }
    assert!(compared > 0, "lesson 1 has tool calls");
}

#[test]
fn the_pick_list_shows_the_latest_requests_and_an_older_chosen_one() {
    assert_eq!(chosen(0, None), None);
    assert_eq!(chosen(5, None), Some(4));
    assert_eq!(chosen(5, Some(1)), Some(1));
    assert_eq!(chosen(5, Some(9)), Some(4), "a pick that no longer exists");
    let timeline = lesson("l1-two-investigators");
    let state = timeline.final_state();
    let member = busiest(state, |m| m.requests().len());
    let total = member.requests().len();
    assert!(total >= 3);
    let picks = RequestPicks::of(state, member, 0, 2);
    assert_eq!(
        picks.picks.iter().map(|p| p.index).collect::<Vec<_>>(),
        [0, total - 2, total - 1]
    );
    assert_eq!(picks.earlier, total - 2);
    assert_eq!(
        picks
            .picks
            .iter()
            .filter(|p| p.chosen)
            .map(|p| p.index)
            .collect::<Vec<_>>(),
        [0]
    );
    assert!(picks.earlier_text(Lang::En).is_some());
    let all = RequestPicks::of(state, member, total - 1, usize::MAX);
    assert_eq!((all.picks.len(), all.earlier), (total, 0));
}
