//! Opens the scenario a link names with `src=` (a course hosting its own scenario files):
//! fetched with gloo-net, checked like any scenario (`scenario::source`), and opened in free
//! play. Any failure leaves the page as it opened (the default lesson) with a clear message
//! in the error banner; nothing is stored.

use std::sync::Arc;

use futures::future::{select, Either};
use gloo_net::http::Request;
use leptos::prelude::*;
// gloo-net turns on web-sys's `RequestMode` for its own `mode` builder.
use web_sys::RequestMode;

use crate::providers::fetch::sleep;
use crate::scenario::source::{check_length, check_url, read_answer, SrcError};
use crate::scenario::Scenario;
use crate::ui::state::context::Playground;

/// How long the host has to answer.
const TIMEOUT_MS: u32 = 15_000;

/// Fetches the scenario at `src` and opens it in free play at `step` (clamped), or shows why
/// it cannot be opened.
pub fn open(pg: Playground, src: String, step: Option<usize>) {
    pg.src_pending.set(true);
    leptos::task::spawn_local(async move {
        let fetched = fetch_scenario(&src).await;
        // The page may be gone by now (a test unmounting it): nothing to open then.
        if pg.src_pending.try_get_untracked().is_none() {
            return;
        }
        match fetched {
            Ok(scenario) => {
                // It replaces the kept scenario deliberately: the kept one goes aside.
                if let Some(keep) = crate::ui::state::session::Keep::get() {
                    keep.replacing();
                }
                pg.open_scenario(Arc::new(scenario), step.unwrap_or(0));
            }
            Err(error) => pg
                .error
                .set(Some(error.message(pg.lang.get_untracked(), &src))),
        }
        // Last, so whoever waits for the fetch sees the lesson it opened (or its error).
        pg.src_pending.set(false);
    });
}

async fn fetch_scenario(src: &str) -> Result<Scenario, SrcError> {
    check_url(src)?;
    let send = Request::get(src).send();
    let response = match select(Box::pin(send), Box::pin(sleep(TIMEOUT_MS))).await {
        Either::Left((Ok(response), _)) => response,
        Either::Left((Err(_), _)) => return Err(why_it_failed(src).await),
        Either::Right(_) => return Err(SrcError::Timeout),
    };
    let length = response
        .headers()
        .get("content-length")
        .and_then(|v| v.trim().parse::<u64>().ok());
    let (status, status_text) = (response.status(), response.status_text());
    if (200..300).contains(&status) {
        check_length(length)?;
    } else {
        return read_answer(status, &status_text, "");
    }
    let body = response.text().await.map_err(|_| SrcError::Network)?;
    read_answer(status, &status_text, &body)
}

/// The browser does not say why a fetch failed. An opaque (`no-cors`) request to the same URL
/// succeeds when the host is reachable and only the missing CORS headers stopped the read.
async fn why_it_failed(src: &str) -> SrcError {
    match Request::get(src).mode(RequestMode::NoCors).send().await {
        Ok(_) => SrcError::Cors,
        Err(_) => SrcError::Network,
    }
}
