//! The provider calls in headless Chromium against the loopback model server
//! (`tests/model_server`, started by `scripts/test.sh`, which passes its address in
//! `MODEL_SERVER_URL` at build time). Each test sends real engine requests with fetch: the
//! server answers the CORS preflight, validates the body against the vendors' published
//! schemas, and injects one fault of the matrix. Natively this binary is empty.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

use agent_team_playground::engine::ModelRequest;
use agent_team_playground::lessons::{play, PlayOptions};
use agent_team_playground::providers::errors::ErrorKind;
use agent_team_playground::providers::fetch::{send, sleep, Abort, Failure, Timeouts};
use agent_team_playground::providers::retry::{RetryDecision, RetryPolicy};
use agent_team_playground::providers::{
    ApiKey, Decoded, ProviderKind, ProviderSettings, StreamPiece,
};
use serde_json::Value;
use wasm_bindgen_test::wasm_bindgen_test;

fn server() -> &'static str {
    match option_env!("MODEL_SERVER_URL") {
        Some(url) => url,
        None => panic!(
            "MODEL_SERVER_URL is not set: run these tests through scripts/test.sh, which starts the loopback model server"
        ),
    }
}

fn first_lead_request() -> ModelRequest {
    let timeline = play("l1-two-investigators", &PlayOptions::default()).expect("lesson 1 plays");
    let state = timeline.final_state();
    let requests = state.requests();
    let first = requests.iter().next().expect("a request");
    first.request.clone()
}

fn settings(kind: ProviderKind, model: &str, stream: bool) -> ProviderSettings {
    let base = match kind {
        ProviderKind::Anthropic => format!("{}/anthropic", server()),
        _ => format!("{}/openai/v1", server()),
    };
    ProviderSettings {
        kind,
        base_url: base,
        model: model.into(),
        max_tokens: 512,
        stream,
    }
}

async fn call(
    kind: ProviderKind,
    model: &str,
    stream: bool,
    timeouts: Timeouts,
    abort: &Abort,
) -> (Result<Decoded, Failure>, Vec<StreamPiece>) {
    let s = settings(kind, model, stream);
    let request = first_lead_request();
    let key = ApiKey::new("test-key");
    let api = kind.api().expect("a provider with an API");
    let http = api.encode(&request, &s, &key);
    let mut pieces = Vec::new();
    let result = send(&http, api, &s.base_url, abort, timeouts, |p| {
        pieces.push(p.clone())
    })
    .await;
    (result, pieces)
}

async fn server_log() -> Vec<Value> {
    let text = gloo_net::http::Request::get(&format!("{}/_log", server()))
        .send()
        .await
        .expect("log")
        .text()
        .await
        .expect("log text");
    serde_json::from_str(&text).expect("log is JSON")
}

async fn reset() {
    gloo_net::http::Request::post(&format!("{}/_reset", server()))
        .send()
        .await
        .expect("reset");
}

const APIS: [ProviderKind; 2] = [ProviderKind::Anthropic, ProviderKind::OpenAi];

#[wasm_bindgen_test]
async fn both_apis_whole_and_streamed_pass_the_official_schemas_and_the_exact_preflight() {
    for kind in APIS {
        for stream in [false, true] {
            reset().await;
            let (result, pieces) =
                call(kind, "team", stream, Timeouts::default(), &Abort::new()).await;
            let decoded =
                result.unwrap_or_else(|f| panic!("{kind:?} stream={stream}: {:?}", f.error));
            let names: Vec<&str> = decoded
                .reply
                .tool_calls
                .iter()
                .map(|c| c.name.as_str())
                .collect();
            assert_eq!(names, ["list_teammates"], "{kind:?} stream={stream}");
            assert!(decoded.usage.input_tokens > 0 && decoded.usage.output_tokens > 0);
            assert_eq!(
                stream,
                !pieces.is_empty(),
                "pieces arrive only when streaming"
            );
            let log = server_log().await;
            let posted: Vec<&Value> = log.iter().filter(|e| e.get("api").is_some()).collect();
            assert_eq!(posted.len(), 1);
            assert_eq!(
                posted[0]["problems"],
                Value::Array(vec![]),
                "the body fits the official schema"
            );
            let preflight = log
                .iter()
                .find(|e| e.get("preflight").is_some())
                .expect("a CORS preflight");
            let expected: &[&str] = match kind {
                ProviderKind::Anthropic => &[
                    "anthropic-dangerous-direct-browser-access",
                    "anthropic-version",
                    "content-type",
                    "x-api-key",
                ],
                _ => &["authorization", "content-type"],
            };
            let asked: Vec<&str> = preflight["headers"]
                .as_array()
                .expect("headers")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            assert_eq!(asked, expected, "{kind:?}: exactly the API's own headers");
        }
    }
}

#[wasm_bindgen_test]
async fn each_status_fault_is_classified_and_the_server_wait_is_read() {
    let cases = [
        ("fault-400", ErrorKind::BadRequest),
        ("fault-401", ErrorKind::BadKey),
        ("fault-404", ErrorKind::NotFound),
        ("fault-429-quota", ErrorKind::Quota),
        ("fault-500-always", ErrorKind::Server),
        ("fault-529", ErrorKind::Overloaded),
    ];
    for kind in APIS {
        reset().await;
        for (model, expected) in cases {
            let (result, _) = call(kind, model, false, Timeouts::default(), &Abort::new()).await;
            let failure = result.expect_err(model);
            assert_eq!(failure.error.kind, expected, "{kind:?} {model}");
        }
        let (result, _) = call(
            kind,
            "fault-429-retry-after",
            true,
            Timeouts::default(),
            &Abort::new(),
        )
        .await;
        let failure = result.expect_err("429");
        assert_eq!(failure.error.kind, ErrorKind::RateLimited);
        assert_eq!(
            failure.error.retry_after_ms,
            Some(300),
            "retry-after-ms wins over retry-after"
        );
    }
}

#[wasm_bindgen_test]
async fn stream_faults_an_error_event_a_cut_body_and_invalid_tool_json() {
    for kind in APIS {
        reset().await;
        let (result, _) = call(
            kind,
            "fault-stream-error",
            true,
            Timeouts::default(),
            &Abort::new(),
        )
        .await;
        let error = result.expect_err("error event").error;
        assert!(
            matches!(error.kind, ErrorKind::Overloaded | ErrorKind::StreamError),
            "{kind:?}: {error:?}"
        );
        assert!(error.is_transient());
        let (result, _) = call(
            kind,
            "fault-truncated",
            true,
            Timeouts::default(),
            &Abort::new(),
        )
        .await;
        assert_eq!(
            result.expect_err("cut").error.kind,
            ErrorKind::Truncated,
            "{kind:?}"
        );
        for stream in [false, true] {
            let (result, _) = call(
                kind,
                "fault-bad-tool-json",
                stream,
                Timeouts::default(),
                &Abort::new(),
            )
            .await;
            let decoded = result.expect("the reply itself arrives");
            let args = &decoded.reply.tool_calls[0].arguments;
            if kind == ProviderKind::OpenAi {
                assert!(
                    args.is_string(),
                    "invalid JSON stays text for the engine to refuse: {args}"
                );
            }
        }
    }
}

#[wasm_bindgen_test]
async fn a_slow_first_byte_times_out_and_an_abort_cancels() {
    let short = Timeouts {
        first_byte_ms: 400,
        idle_ms: 400,
    };
    let (result, _) = call(
        ProviderKind::OpenAi,
        "fault-slow-first-byte",
        false,
        short,
        &Abort::new(),
    )
    .await;
    assert_eq!(result.expect_err("timeout").error.kind, ErrorKind::Timeout);
    let abort = Abort::new();
    let cancel = abort.clone();
    wasm_bindgen_futures::spawn_local(async move {
        sleep(150).await;
        cancel.abort();
    });
    let (result, _) = call(
        ProviderKind::Anthropic,
        "fault-slow-first-byte",
        true,
        Timeouts::default(),
        &abort,
    )
    .await;
    let failure = result.expect_err("aborted");
    assert_eq!(failure.error.kind, ErrorKind::Aborted);
    assert_eq!(
        RetryPolicy::default().decide(0, &failure.error, false, 0.0),
        RetryDecision::GiveUp {
            why: agent_team_playground::providers::retry::GiveUpReason::NotTransient
        }
    );
}

#[wasm_bindgen_test]
async fn the_retry_policy_waits_as_told_and_then_succeeds() {
    let policy = RetryPolicy::default();
    for (kind, model) in [
        (ProviderKind::Anthropic, "fault-429-retry-after"),
        (ProviderKind::OpenAi, "fault-503"),
        (ProviderKind::Anthropic, "fault-stream-error"),
    ] {
        reset().await;
        let mut attempts = 0;
        let decoded = loop {
            let (result, _) = call(kind, model, true, Timeouts::default(), &Abort::new()).await;
            match result {
                Ok(d) => break d,
                Err(failure) => {
                    match policy.decide(attempts, &failure.error, failure.tool_call_streamed, 0.5) {
                        RetryDecision::Retry { delay_ms, .. } => {
                            attempts += 1;
                            sleep(delay_ms as u32).await;
                        }
                        RetryDecision::GiveUp { why } => panic!("{model}: gave up: {why:?}"),
                    }
                }
            }
        };
        assert_eq!(attempts, 1, "{model}: one retry");
        assert_eq!(decoded.reply.tool_calls[0].name, "list_teammates");
    }
}
