//! The providers' pure part against real engine requests: lesson 1's requests encoded for both
//! APIs, whole and streamed answers decoded back, stream bodies cut at every byte.

use agent_team_playground::engine::{EntryRole, ModelRequest, PVec, StopReason};
use agent_team_playground::lessons::{play, PlayOptions};
use agent_team_playground::providers::api::Api;
use agent_team_playground::providers::errors::ErrorKind;
use agent_team_playground::providers::sse::{SseDecoder, SseEvent};
use agent_team_playground::providers::{
    anthropic, openai, ApiKey, Decoded, ProviderKind, ProviderSettings, StreamPiece, NO_NEW_MAIL,
};
use serde_json::{json, Value};

fn lesson1_requests() -> Vec<ModelRequest> {
    let timeline = play("l1-two-investigators", &PlayOptions::default()).expect("lesson 1 plays");
    timeline
        .final_state()
        .requests()
        .iter()
        .map(|sent| sent.request.clone())
        .collect()
}

fn settings(kind: ProviderKind, stream: bool) -> ProviderSettings {
    ProviderSettings {
        kind,
        base_url: kind.default_base_url().to_string(),
        model: "test-model".into(),
        max_tokens: 1024,
        stream,
    }
}

fn header_names(call: &agent_team_playground::providers::HttpCall) -> Vec<&str> {
    call.headers.iter().map(|(k, _)| k.as_str()).collect()
}

#[test]
fn anthropic_requests_pair_every_tool_use_with_a_result_in_the_next_user_turn() {
    let key = ApiKey::new("sk-ant-test");
    let requests = lesson1_requests();
    assert!(requests.len() > 5);
    for request in &requests {
        let call = anthropic::encode(request, &settings(ProviderKind::Anthropic, true), &key);
        assert_eq!(call.url, "https://api.anthropic.com/v1/messages");
        assert_eq!(
            header_names(&call),
            [
                "content-type",
                "x-api-key",
                "anthropic-version",
                "anthropic-dangerous-direct-browser-access"
            ]
        );
        let body = &call.body;
        for sampling in ["temperature", "top_p", "top_k"] {
            assert!(body.get(sampling).is_none(), "{sampling} is sent");
        }
        assert_eq!(body["system"], &*request.system);
        let turns = body["messages"].as_array().expect("messages");
        assert_eq!(turns[0]["role"], "user");
        assert_eq!(
            turns[turns.len() - 1]["role"],
            "user",
            "ends on the user's side"
        );
        for pair in turns.windows(2) {
            assert_ne!(
                pair[0]["role"], pair[1]["role"],
                "two turns of one side in a row"
            );
        }
        for (i, turn) in turns.iter().enumerate() {
            let uses: Vec<&Value> = blocks(turn, "tool_use");
            if uses.is_empty() {
                continue;
            }
            let next = turns.get(i + 1);
            let results: Vec<&Value> = next.map(|t| blocks(t, "tool_result")).unwrap_or_default();
            let content = next
                .and_then(|t| t["content"].as_array())
                .cloned()
                .unwrap_or_default();
            assert!(
                content
                    .iter()
                    .take(results.len())
                    .all(|b| b["type"] == "tool_result"),
                "results first"
            );
            let ids: Vec<&Value> = uses.iter().map(|b| &b["id"]).collect();
            let answered: Vec<&Value> = results.iter().map(|b| &b["tool_use_id"]).collect();
            if next.is_some() {
                assert_eq!(ids, answered, "request {}", request.id);
            }
        }
        for tool in body["tools"].as_array().expect("tools") {
            assert!(tool["input_schema"].is_object() && tool["name"].is_string());
        }
    }
}

fn blocks<'a>(turn: &'a Value, kind: &str) -> Vec<&'a Value> {
    turn["content"]
        .as_array()
        .map(|c| c.iter().filter(|b| b["type"] == kind).collect())
        .unwrap_or_default()
}

#[test]
fn openai_requests_send_only_their_own_headers_and_string_arguments() {
    let requests = lesson1_requests();
    for request in &requests {
        let call = openai::encode(
            request,
            &settings(ProviderKind::OpenAi, false),
            &ApiKey::new("sk-1"),
        );
        assert_eq!(call.url, "https://api.openai.com/v1/chat/completions");
        assert_eq!(header_names(&call), ["content-type", "authorization"]);
        assert_eq!(call.headers[1].1, "Bearer sk-1");
        let messages = call.body["messages"].as_array().expect("messages");
        assert_eq!(
            messages[0],
            json!({"role": "system", "content": request.system})
        );
        let ends_with_model = request
            .messages
            .last()
            .is_none_or(|e| e.role == EntryRole::Assistant);
        assert_eq!(
            messages.len(),
            request.messages.len() + 1 + usize::from(ends_with_model)
        );
        assert_ne!(
            messages.last().map(|m| &m["role"]),
            Some(&json!("assistant")),
            "ends on the user's side"
        );
        let mut open: Vec<String> = Vec::new();
        for m in messages {
            if let Some(calls) = m["tool_calls"].as_array() {
                assert!(
                    open.is_empty(),
                    "an assistant turn before the previous calls were answered"
                );
                for c in calls {
                    assert!(c["function"]["arguments"].is_string());
                    open.push(c["id"].as_str().unwrap_or_default().to_string());
                }
            }
            if m["role"] == "tool" {
                let id = m["tool_call_id"].as_str().unwrap_or_default();
                assert_eq!(open.first().map(String::as_str), Some(id));
                open.remove(0);
            }
        }
        assert!(call.body.get("stream_options").is_none());
    }
    let local = ApiKey::new("");
    let call = openai::encode(&requests[0], &settings(ProviderKind::OpenAi, true), &local);
    assert_eq!(
        header_names(&call),
        ["content-type"],
        "a keyless local server gets no Authorization"
    );
    assert_eq!(call.body["stream_options"], json!({"include_usage": true}));
}

#[test]
fn whole_answers_decode_for_both_apis() {
    let body = json!({
        "content": [
            {"type": "text", "text": "Reading."},
            {"type": "tool_use", "id": "toolu_1", "name": "read_file", "input": {"path": "main.py"}}
        ],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 12, "output_tokens": 7}
    });
    let d = anthropic::decode(&body).expect("decodes");
    assert_eq!(d.reply.text, "Reading.");
    assert_eq!(d.reply.tool_calls[0].arguments, json!({"path": "main.py"}));
    assert_eq!(d.reply.stop_reason, StopReason::ToolUse);
    assert_eq!((d.usage.input_tokens, d.usage.output_tokens), (12, 7));

    let body = json!({
        "choices": [{"message": {"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\":\"main.py\"}"}},
            {"id": "call_b", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\":"}}
        ]}, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": 30, "completion_tokens": 9}
    });
    let d = openai::decode(&body).expect("decodes");
    assert_eq!(d.reply.tool_calls[0].arguments, json!({"path": "main.py"}));
    assert_eq!(
        d.reply.tool_calls[1].arguments,
        Value::String("{\"path\":".into()),
        "invalid arguments stay text, for the engine to refuse as malformed"
    );
    assert_eq!(d.stop, "tool_calls");
    assert_eq!(d.usage.input_tokens, 30);
    assert!(openai::decode(&json!({"choices": []})).is_err());
    assert_eq!(
        anthropic::decode(&json!({"nope": 1})).map_err(|e| e.kind),
        Err(ErrorKind::Malformed)
    );
}

#[test]
fn every_anthropic_stop_reason_is_handled() {
    let with = |stop: &str| {
        anthropic::decode(&json!({"content": [{"type": "text", "text": "x"}], "stop_reason": stop}))
    };
    for (stop, reason) in [
        ("end_turn", StopReason::EndTurn),
        ("stop_sequence", StopReason::EndTurn),
        ("max_tokens", StopReason::MaxTokens),
        ("refusal", StopReason::EndTurn),
        ("pause_turn", StopReason::EndTurn),
        ("tool_use", StopReason::EndTurn),
        ("some_future_reason", StopReason::EndTurn),
    ] {
        let d = with(stop).expect(stop);
        assert_eq!(d.reply.stop_reason, reason, "{stop}");
        assert_eq!(d.stop, stop, "the provider's word is kept for the learner");
    }
    assert_eq!(
        with("model_context_window_exceeded").map_err(|e| e.kind),
        Err(ErrorKind::ContextWindow)
    );
}

const ANTHROPIC_STREAM: &str = concat!(
    "event: message_start\r\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":21,\"output_tokens\":1}}}\r\n\r\n",
    "event: ping\r\ndata: {\"type\":\"ping\"}\r\n\r\n",
    "event: content_block_start\r\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\r\n\r\n",
    "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"读取 \"}}\r\n\r\n",
    "event: some_new_event\r\ndata: {\"anything\":true}\r\n\r\n",
    "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"main.py\"}}\r\n\r\n",
    "event: content_block_stop\r\ndata: {\"type\":\"content_block_stop\",\"index\":0}\r\n\r\n",
    "event: content_block_start\r\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_9\",\"name\":\"read_file\",\"input\":{}}}\r\n\r\n",
    "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"pa\"}}\r\n\r\n",
    "event: ping\r\ndata: {\"type\":\"ping\"}\r\n\r\n",
    "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"th\\\":\\\"main.py\\\"}\"}}\r\n\r\n",
    "event: content_block_stop\r\ndata: {\"type\":\"content_block_stop\",\"index\":1}\r\n\r\n",
    "event: content_block_start\r\ndata: {\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_10\",\"name\":\"list_files\",\"input\":{}}}\r\n\r\n",
    "event: content_block_stop\r\ndata: {\"type\":\"content_block_stop\",\"index\":2}\r\n\r\n",
    "event: message_delta\r\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":40}}\r\n\r\n",
    "event: message_stop\r\ndata: {\"type\":\"message_stop\"}\r\n\r\n",
);

fn run_anthropic(chunks: &[&[u8]]) -> (Result<Decoded, ErrorKind>, Vec<StreamPiece>) {
    let mut sse = SseDecoder::new();
    // Through the API's one face, as the browser fetch decodes.
    let mut decoder = ProviderKind::Anthropic
        .api()
        .expect("an API")
        .stream_decoder();
    let mut pieces = Vec::new();
    let mut events: Vec<SseEvent> = Vec::new();
    for chunk in chunks {
        events.extend(sse.push(chunk));
    }
    sse.finish();
    for event in &events {
        match decoder.event(event) {
            Ok(p) => pieces.extend(p),
            Err(e) => return (Err(e.kind), pieces),
        }
    }
    (decoder.finish().map_err(|e| e.kind), pieces)
}

#[test]
fn an_anthropic_stream_builds_text_and_tool_calls_wherever_the_chunks_are_cut() {
    let body = ANTHROPIC_STREAM.as_bytes();
    let (whole, pieces) = run_anthropic(&[body]);
    let d = whole.expect("decodes");
    assert_eq!(d.reply.text, "读取 main.py");
    assert_eq!(d.reply.tool_calls.len(), 2);
    assert_eq!(d.reply.tool_calls[0].arguments, json!({"path": "main.py"}));
    assert_eq!(
        d.reply.tool_calls[1].arguments,
        json!({}),
        "an empty input is {{}}"
    );
    assert_eq!(d.reply.stop_reason, StopReason::ToolUse);
    assert_eq!((d.usage.input_tokens, d.usage.output_tokens), (21, 40));
    assert!(pieces.contains(&StreamPiece::ToolCallStarted {
        index: 1,
        id: "toolu_9".into(),
        name: "read_file".into()
    }));
    for cut in (0..body.len()).step_by(7) {
        let (again, _) = run_anthropic(&[&body[..cut], &body[cut..]]);
        assert_eq!(again.as_ref().ok(), Some(&d), "cut at byte {cut}");
    }
}

#[test]
fn an_anthropic_stream_error_event_and_a_truncated_stream_are_errors() {
    let with_error = ANTHROPIC_STREAM.replace(
        "event: message_delta",
        "event: error\r\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\r\n\r\nevent: message_delta",
    );
    assert_eq!(
        run_anthropic(&[with_error.as_bytes()]).0,
        Err(ErrorKind::Overloaded)
    );
    let cut = &ANTHROPIC_STREAM[..ANTHROPIC_STREAM
        .find("event: message_delta")
        .expect("has it")];
    assert_eq!(
        run_anthropic(&[cut.as_bytes()]).0,
        Err(ErrorKind::Truncated)
    );
}

fn run_openai(body: &str) -> Result<Decoded, ErrorKind> {
    let mut sse = SseDecoder::new();
    let mut decoder = ProviderKind::OpenAi.api().expect("an API").stream_decoder();
    let events = sse.push(body.as_bytes());
    sse.finish();
    for event in &events {
        decoder.event(event).map_err(|e| e.kind)?;
    }
    decoder.finish().map_err(|e| e.kind)
}

#[test]
fn an_openai_stream_joins_tool_call_fragments_by_index() {
    let chunks = [
        json!({"choices": [{"index": 0, "delta": {"role": "assistant", "content": "Let me look."}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "read_file", "arguments": ""}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 1, "id": "call_2", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\""}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"path\": \"main.py\"}"}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 1, "function": {"arguments": ": \"expected.txt\"}"}}]}}]}),
        json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}),
        json!({"choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 12}}),
    ];
    let mut body: String = chunks.iter().map(|c| format!("data: {c}\n\n")).collect();
    body.push_str("data: [DONE]\n\n");
    let d = run_openai(&body).expect("decodes");
    assert_eq!(d.reply.text, "Let me look.");
    let args: Vec<&Value> = d.reply.tool_calls.iter().map(|c| &c.arguments).collect();
    assert_eq!(
        args,
        [
            &json!({"path": "main.py"}),
            &json!({"path": "expected.txt"})
        ]
    );
    assert_eq!(d.reply.tool_calls[1].id, "call_2");
    assert_eq!(d.usage.output_tokens, 12);
    assert_eq!(d.reply.stop_reason, StopReason::ToolUse);

    let cut = &body[..body.find("finish_reason").expect("has it") - 40];
    assert_eq!(run_openai(cut), Err(ErrorKind::Truncated));
    let error = "data: {\"error\":{\"message\":\"boom\",\"type\":\"server_error\"}}\n\n";
    assert_eq!(run_openai(error), Err(ErrorKind::StreamError));
}

#[test]
fn a_delivery_with_no_new_mail_still_ends_on_the_users_side_in_both_apis() {
    let requests = lesson1_requests();
    let key = ApiKey::new("k");
    // A history cut right after the model's own turn, and an empty one.
    let with_reply = requests
        .iter()
        .find(|r| r.messages.iter().any(|e| e.role == EntryRole::Assistant))
        .expect("a request after a reply");
    let upto = with_reply
        .messages
        .iter()
        .position(|e| e.role == EntryRole::Assistant && e.tool_calls.is_empty())
        .or_else(|| {
            with_reply
                .messages
                .iter()
                .position(|e| e.role == EntryRole::Assistant)
        })
        .expect("an assistant entry");
    let mut ends_with_model = with_reply.clone();
    ends_with_model.messages = PVec::new();
    for entry in with_reply.messages.iter().take(upto + 1) {
        ends_with_model.messages.push(entry.clone());
    }
    let mut empty = with_reply.clone();
    empty.messages = PVec::new();
    for request in [&ends_with_model, &empty] {
        let a = anthropic::encode(request, &settings(ProviderKind::Anthropic, false), &key);
        let turns = a.body["messages"].as_array().expect("messages");
        assert_eq!(turns.last().map(|t| t["role"].clone()), Some(json!("user")));
        assert_eq!(
            turns.last().map(|t| t["content"][0]["text"].clone()),
            Some(json!(NO_NEW_MAIL))
        );
        let o = openai::encode(request, &settings(ProviderKind::OpenAi, false), &key);
        let messages = o.body["messages"].as_array().expect("messages");
        assert_eq!(
            messages.last().map(|m| m["content"].clone()),
            Some(json!(NO_NEW_MAIL))
        );
    }
}

#[test]
fn a_provider_kind_owns_its_encoder_and_decoders_and_the_script_calls_nothing() {
    assert_eq!(ProviderKind::Scripted.api(), None);
    assert_eq!(ProviderKind::Anthropic.api(), Some(Api::Anthropic));
    assert_eq!(ProviderKind::OpenAi.api(), Some(Api::OpenAi));
    let key = ApiKey::new("sk-test");
    for request in lesson1_requests().iter().take(3) {
        for stream in [false, true] {
            let anthropic_settings = settings(ProviderKind::Anthropic, stream);
            assert_eq!(
                Api::Anthropic.encode(request, &anthropic_settings, &key),
                anthropic::encode(request, &anthropic_settings, &key)
            );
            let openai_settings = settings(ProviderKind::OpenAi, stream);
            assert_eq!(
                Api::OpenAi.encode(request, &openai_settings, &key),
                openai::encode(request, &openai_settings, &key)
            );
        }
    }
    let anthropic_body = json!({
        "content": [{"type": "text", "text": "Done."}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 3, "output_tokens": 2}
    });
    let openai_body = json!({
        "choices": [{"message": {"role": "assistant", "content": "Done."}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2}
    });
    assert_eq!(
        Api::Anthropic.decode(&anthropic_body),
        anthropic::decode(&anthropic_body)
    );
    assert_eq!(
        Api::OpenAi.decode(&openai_body),
        openai::decode(&openai_body)
    );
    assert_eq!(
        Api::Anthropic
            .decode(&anthropic_body)
            .expect("decodes")
            .reply
            .text,
        "Done."
    );
    assert_eq!(
        Api::OpenAi
            .decode(&openai_body)
            .expect("decodes")
            .reply
            .text,
        "Done."
    );
    // Each decodes only its own API's answer.
    assert!(Api::OpenAi.decode(&anthropic_body).is_err());
    assert!(Api::Anthropic.decode(&openai_body).is_err());
}

#[test]
fn a_stream_closed_before_its_first_event_or_refused_in_words_is_streaming_refused() {
    // llama-cpp-python closes a streamed tool choice after the 200, before any event.
    assert_eq!(run_openai(""), Err(ErrorKind::StreamingRefused));
    assert_eq!(run_anthropic(&[b""]).0, Err(ErrorKind::StreamingRefused));
    let said =
        "data: {\"error\":{\"message\":\"Automatic streaming tool choice is not supported\"}}\n\n";
    assert_eq!(run_openai(said), Err(ErrorKind::StreamingRefused));
    let status = agent_team_playground::providers::errors::classify_status(
        500,
        "{\"error\":{\"message\":\"Automatic streaming tool choice is not supported\",\"type\":\"internal_server_error\"}}",
        None,
    );
    assert_eq!(status.kind, ErrorKind::StreamingRefused);
    assert!(status.is_transient(), "the same call, whole, is made again");
    // A cut after the first event is still a cut, not a refusal.
    let one = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n";
    assert_eq!(run_openai(one), Err(ErrorKind::Truncated));
}

#[test]
fn openai_requests_choose_tools_automatically_and_cap_the_reply_under_the_name_the_server_knows() {
    let requests = lesson1_requests();
    let key = ApiKey::new("");
    let mut local = settings(ProviderKind::OpenAi, true);
    local.base_url = "http://127.0.0.1:8000/v1".into();
    local.max_tokens = 300;
    for request in &requests {
        let own = openai::encode(request, &settings(ProviderKind::OpenAi, true), &key).body;
        let server = openai::encode(request, &local, &key).body;
        for body in [&own, &server] {
            // llama-cpp-python's function-calling format acts on tools only when this is said.
            assert_eq!(
                body.get("tool_choice").cloned(),
                body.get("tools").map(|_| json!("auto")),
                "tool_choice is sent exactly when tools are"
            );
        }
        assert_eq!(own["max_completion_tokens"], 1024);
        assert!(own.get("max_tokens").is_none());
        assert_eq!(server["max_tokens"], 300);
        assert!(server.get("max_completion_tokens").is_none());
    }
    assert!(
        requests.iter().any(|r| !r.tools.is_empty()),
        "lesson 1 sends tools"
    );
}

#[test]
fn a_server_that_reports_no_usage_shows_not_reported_rather_than_zero_tokens() {
    use agent_team_playground::engine::Lang;
    use agent_team_playground::providers::Usage;
    let whole = json!({"choices": [{"message": {"content": "done"}, "finish_reason": "stop"}]});
    let none = openai::decode(&whole).expect("decodes").usage;
    assert_eq!(none, Usage::unreported());
    let streamed = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";
    assert_eq!(
        run_openai(streamed).expect("decodes").usage,
        Usage::unreported()
    );
    let two = none.plus(none);
    assert_eq!(
        two.line(Lang::En, ""),
        "Usage: not reported by the server (2 answers)"
    );
    assert!(two.line(Lang::Zh, "").contains("服务器没有报告"));
    let reported = Usage {
        input_tokens: 5,
        output_tokens: 2,
        unreported: 0,
    };
    let mixed = reported.plus(none);
    assert!(mixed
        .line(Lang::En, "lead 5/2")
        .contains("5 input tokens, 2 output tokens"));
    assert!(mixed
        .line(Lang::En, "lead 5/2")
        .ends_with("; 1 answer without usage"));
    assert!(!reported.line(Lang::En, "").contains("without usage"));
    let with_usage = json!({"choices": [{"message": {"content": "done"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 2}});
    assert_eq!(
        openai::decode(&with_usage).expect("decodes").usage,
        reported
    );
}

#[test]
fn a_stream_that_says_done_without_a_finish_reason_was_cut_off() {
    // llama-cpp-python's answer to a stream it interrupted: some text, then [DONE].
    let cut = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"The plan\"}}]}\n\ndata: [DONE]\n\n";
    assert_eq!(run_openai(cut), Err(ErrorKind::Truncated));
}
