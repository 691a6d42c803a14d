//! Helpers shared by the browser tests (`tests/browser/*.rs`).

/// Waits until the panels below the fold are all there: they are asked for just after the first
/// paint and mount one per task, in page order, so the last one (export) says all are.
pub async fn below_fold_mounted(root: &web_sys::Element) {
    for _ in 0..200 {
        if root
            .query_selector("[data-testid=export-panel]")
            .ok()
            .flatten()
            .is_some()
        {
            leptos::task::tick().await;
            return;
        }
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    }
    panic!("the panels below the fold were not mounted within 2 s");
}

/// These tests check what the page shows at a step, not the checkpoints' questions (those have
/// tests of their own, native and end to end): every forward move of the learner's now stops
/// before an unanswered checkpoint (issue 46), so the checkpoints are switched off as a learner
/// would, before the page is mounted.
pub fn checkpoints_off() {
    agent_team_playground::ui::browser::storage::write("atp.checkpoints", "off");
}
