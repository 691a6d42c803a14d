//! "Test connection": the model-list call each provider gets, and what the two probes mean
//! (nothing listening, no CORS, a wrong path, a bad key, a model not listed, ready), in both
//! languages.

use agent_team_playground::engine::Lang;
use agent_team_playground::providers::connection::{
    diagnose, listed_models, models_call, Diagnosis, Probes,
};
use agent_team_playground::providers::{ApiKey, ProviderKind, ProviderSettings};

const BASE: &str = "http://127.0.0.1:8000/v1";

fn probes(reached: bool, answer: Option<(u16, &str)>) -> Probes {
    Probes {
        reached,
        answer: answer.map(|(s, b)| (s, b.to_string())),
        page_is_https: false,
    }
}

#[test]
fn the_model_list_is_asked_with_the_headers_a_run_sends() {
    let mut s = ProviderSettings {
        kind: ProviderKind::OpenAi,
        base_url: "http://localhost:11434/v1/".into(),
        model: String::new(),
        max_tokens: 1024,
        stream: true,
    };
    let (url, headers) = models_call(&s, &ApiKey::new(""));
    assert_eq!(url, "http://localhost:11434/v1/models");
    assert!(
        headers.is_empty(),
        "no key, no header: a preflight-free GET"
    );
    let (_, headers) = models_call(&s, &ApiKey::new("sk-1"));
    assert_eq!(
        headers,
        [("authorization".to_string(), "Bearer sk-1".to_string())]
    );
    s.kind = ProviderKind::Anthropic;
    s.base_url = "https://api.anthropic.com".into();
    let (url, headers) = models_call(&s, &ApiKey::new("sk-ant"));
    assert_eq!(url, "https://api.anthropic.com/v1/models");
    let names: Vec<&str> = headers.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "x-api-key",
            "anthropic-version",
            "anthropic-dangerous-direct-browser-access"
        ]
    );
}

#[test]
fn the_probes_tell_nothing_listening_from_no_cors_from_a_wrong_path_and_a_bad_key() {
    assert_eq!(
        diagnose(&probes(false, None), BASE, "m"),
        Diagnosis::NothingListening
    );
    assert_eq!(diagnose(&probes(true, None), BASE, "m"), Diagnosis::NoCors);
    let https = Probes {
        page_is_https: true,
        ..probes(false, None)
    };
    assert_eq!(
        diagnose(&https, "http://192.168.1.9:8000/v1", "m"),
        Diagnosis::MixedContent
    );
    assert_eq!(
        diagnose(&https, BASE, "m"),
        Diagnosis::NothingListening,
        "a loopback http server may be called from an https page"
    );
    assert_eq!(
        diagnose(&probes(true, Some((404, "not found"))), BASE, "m"),
        Diagnosis::WrongPath
    );
    assert_eq!(
        diagnose(
            &probes(true, Some((401, "{\"error\":{\"message\":\"bad key\"}}"))),
            BASE,
            "m"
        ),
        Diagnosis::BadKey(401)
    );
    assert_eq!(
        diagnose(&probes(true, Some((403, ""))), BASE, "m"),
        Diagnosis::BadKey(403)
    );
    assert_eq!(
        diagnose(
            &probes(true, Some((500, "{\"error\":{\"message\":\"boom\"}}"))),
            BASE,
            "m"
        ),
        Diagnosis::Other(500, "boom".into())
    );
}

#[test]
fn a_listed_model_is_ready_an_unlisted_one_is_named_and_an_empty_field_takes_the_first() {
    let list = r#"{"object":"list","data":[{"id":"smollm2"},{"id":"qwen2.5:0.5b"}]}"#;
    assert_eq!(
        listed_models(list),
        Some(vec!["smollm2".to_string(), "qwen2.5:0.5b".to_string()])
    );
    assert_eq!(
        listed_models(r#"{"models":[{"name":"llama3.1"}]}"#),
        Some(vec!["llama3.1".to_string()])
    );
    let ok = |model: &str| diagnose(&probes(true, Some((200, list))), BASE, model);
    assert_eq!(
        ok("qwen2.5:0.5b"),
        Diagnosis::Ready {
            listed: vec!["smollm2".into(), "qwen2.5:0.5b".into()],
            model: "qwen2.5:0.5b".into()
        }
    );
    assert!(matches!(ok(""), Diagnosis::Ready { model, .. } if model == "smollm2"));
    let missing = ok("gpt-9");
    assert!(matches!(&missing, Diagnosis::ModelNotListed { model, .. } if model == "gpt-9"));
    assert!(missing
        .message(Lang::En, BASE)
        .contains("smollm2, qwen2.5:0.5b"));
}

#[test]
fn every_diagnosis_is_said_in_both_languages_and_names_the_fix() {
    let all = [
        Diagnosis::NothingListening,
        Diagnosis::MixedContent,
        Diagnosis::NoCors,
        Diagnosis::WrongPath,
        Diagnosis::BadKey(401),
        Diagnosis::ModelNotListed {
            model: "m".into(),
            listed: vec!["a".into()],
        },
        Diagnosis::Other(500, "boom".into()),
        Diagnosis::Ready {
            listed: vec!["a".into()],
            model: "a".into(),
        },
    ];
    for d in &all {
        let (en, zh) = (d.message(Lang::En, BASE), d.message(Lang::Zh, BASE));
        assert_ne!(en, zh, "{d:?}");
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{zh}"
        );
    }
    assert!(Diagnosis::NothingListening
        .message(Lang::En, BASE)
        .contains("is the server running?"));
    assert!(Diagnosis::NoCors.message(Lang::En, BASE).contains("CORS"));
    assert!(!Diagnosis::NothingListening
        .message(Lang::En, BASE)
        .contains("CORS"));
}
