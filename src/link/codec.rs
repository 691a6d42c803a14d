//! The compressed part of a share link: `1.<base64url>`, where `1` names the codec (raw
//! deflate primed with a preset dictionary of the format's common strings, then base64url
//! without padding) and the dictionary below. A link is read by a stranger's browser, so
//! decoding checks everything and never panics: an unknown version, bad base64, a bad deflate
//! stream, bytes after the stream's end and a decompressed size over the cap are each a clear
//! error.
//!
//! The dictionary primes the compressor: it is compressed first and flushed to a byte
//! boundary, the payload continues the same stream (so it can point back into the dictionary),
//! and only the payload's bytes go into the link. The reader rebuilds the same dictionary
//! prefix, appends the payload and drops the dictionary from what it inflates.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::deflate::core::{
    compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

/// The version prefix this build writes and reads.
pub const VERSION: &str = "1";

/// The most bytes a link may inflate to.
pub const MAX_DECODED_BYTES: usize = 256 * 1024;

/// Strings a link's JSON (`link::view_state::Extra`) is made of, most common last (deflate
/// prefers near matches). Part of version `1`: changing it breaks every `1.` link, so a new
/// dictionary needs a new version (and the old one kept for reading).
const DICTIONARY: &str = concat!(
    // A recorded live run (`lessons::recording::Recording`).
    r#","recording":{"version":2,"lesson":"","options":{"lang":"zh"},"answers":[{"request":1,"answer":{"Reply":{"text":"","tool_calls":[{"id":"call_1","name":"send_message","arguments":{}}],"stop_reason":"tool_use"}},"at":1},{"request":2,"answer":{"Fail":{"error":"","retryable":true}},"at":2}]}"#,
    // An inline scenario (`scenario::Scenario`).
    r#"{"scenario":{"version":1,"title":"","members":[{"name":"lead","role":"lead","kind":"lead"},"#,
    r#"{"name":"reader","role":"reader","kind":"teammate","tools":["read_file","write_file","send_message","read_inbox","broadcast","shutdown_response","plan_approval","spawn_teammate","list_teammates","shutdown_request"],"deliveries":3},"#,
    r#"{"name":"reviewer","role":"reviewer","kind":"teammate"}],"files":{"expected.txt":"42","main.py":"print(6 * 7)","notes.txt":""},"#,
    r#""task":"","toggles":{"drain_on_read":true,"hold_lock_during_model_call":true},"#,
    r#""limits":{"inbox_records":,"body_chars":,"history_entries":,"delivery_budget":,"request_budget":,"retry_budget":,"max_members":,"file_chars":,"tool_calls_per_reply":},"allow_write":true,"#,
    r#""replies":[{"member":"lead","order":1,"latency":2,"fail":{"error":"","retryable":true}},"#,
    r#"{"member":"reader","order":2,"text":"","tool_calls":[{"name":"read_file","arguments":{"path":""}},"#,
    r#"{"name":"send_message","arguments":{"body":"","to":"lead"}}]}]}"#,
    // Breakpoints (`engine::Category` names).
    r#","breakpoints":["store","prepare","commit","discard","request","reply","lock","protocol","refusal","lifecycle","other"]"#,
    // Fork edits (`lessons::Intervention`) and the learner's toggles (`lessons::ToggleChoice`).
    r#"{"replace_reply":{"at":"#,
    r#","member":"","request_index":"#,
    r#","outcome":{"reply":{"reply":{"text":"","tool_calls":[],"stop_reason":"end_turn"}}}}}"#,
    r#"{"inject_fault":{"at":"#,
    r#","fault":"fail_before_commit"}}"#,
    r#"{"reload":{"at":"#,
    r#"}}{"recall":{"at":"#,
    r#","member":"reader"}}"#,
    r#"{"interventions":[{"lead_sends":{"at":"#,
    r#","to":"reader","body":""}}]"#,
    r#","toggles":{"drain_on_read":false,"hold_lock_during_model_call":false}}"#,
);

/// Why a link's compressed part cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodecError {
    /// It names a codec version this build does not know.
    Version(String),
    /// It is not base64url.
    Base64,
    /// The bytes are not a deflate stream of this codec.
    Compression,
    /// It inflates to more than [`MAX_DECODED_BYTES`].
    TooLarge,
}

impl std::fmt::Display for CodecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodecError::Version(v) => write!(
                f,
                "the link uses format version '{v}', which this playground does not read"
            ),
            CodecError::Base64 => write!(
                f,
                "the link's data is not valid base64url: it may have been cut or changed"
            ),
            CodecError::Compression => write!(
                f,
                "the link's data does not decompress: it may have been cut or changed"
            ),
            CodecError::TooLarge => write!(
                f,
                "the link's data expands to more than {MAX_DECODED_BYTES} bytes and was not read"
            ),
        }
    }
}

/// Deflate level: the best, since links are short and written once.
const LEVEL: u8 = 9;

fn compressor() -> CompressorOxide {
    // Negative window bits: raw deflate, no zlib header or checksum.
    CompressorOxide::new(create_comp_flags_from_zip_params(LEVEL.into(), -15, 0))
}

/// Runs `input` through `c` with `flush`, appending the output to `out`.
fn feed(c: &mut CompressorOxide, mut input: &[u8], flush: TDEFLFlush, out: &mut Vec<u8>) {
    let mut buf = [0u8; 4096];
    loop {
        let (status, read, written) = compress(c, input, &mut buf, flush);
        out.extend_from_slice(&buf[..written]);
        input = &input[read..];
        let finished = match status {
            TDEFLStatus::Done => true,
            TDEFLStatus::Okay => input.is_empty() && written < buf.len(),
            _ => true,
        };
        if finished {
            return;
        }
    }
}

/// The dictionary's own compressed bytes, flushed to a byte boundary: the prefix both sides
/// share and the link leaves out.
fn primed() -> (CompressorOxide, Vec<u8>) {
    let mut c = compressor();
    let mut prefix = Vec::new();
    feed(&mut c, DICTIONARY.as_bytes(), TDEFLFlush::Sync, &mut prefix);
    (c, prefix)
}

/// [`primed`]'s bytes, computed once: the reader needs only them.
fn primed_prefix() -> &'static [u8] {
    static PREFIX: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    PREFIX.get_or_init(|| primed().1)
}

/// The compressed part of a link for `data` (normally JSON): `1.<base64url>`.
pub fn encode(data: &[u8]) -> String {
    let (mut c, prefix) = primed();
    let mut out = Vec::new();
    feed(&mut c, data, TDEFLFlush::Finish, &mut out);
    debug_assert!(!prefix.is_empty());
    format!("{VERSION}.{}", URL_SAFE_NO_PAD.encode(out))
}

/// Reads a link's compressed part back to its bytes.
pub fn decode(text: &str) -> Result<Vec<u8>, CodecError> {
    let (version, payload) = text
        .split_once('.')
        .ok_or_else(|| CodecError::Version(text.chars().take(8).collect()))?;
    if version != VERSION {
        return Err(CodecError::Version(version.chars().take(8).collect()));
    }
    // base64 grows data by a third; anything longer than the cap allows cannot be ours.
    if payload.len() > MAX_DECODED_BYTES {
        return Err(CodecError::TooLarge);
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(payload)
        .map_err(|_| CodecError::Base64)?;
    let mut stream = primed_prefix().to_vec();
    stream.extend_from_slice(&bytes);
    let limit = MAX_DECODED_BYTES + DICTIONARY.len();
    let mut inflated = vec![0u8; limit];
    let mut inflater = Box::<DecompressorOxide>::default();
    let (status, consumed, written) = decompress(
        &mut inflater,
        &stream,
        &mut inflated,
        0,
        inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    );
    match status {
        // Bytes after the stream's end are not part of what was written: a changed link.
        TINFLStatus::Done if consumed == stream.len() => {}
        TINFLStatus::HasMoreOutput => return Err(CodecError::TooLarge),
        _ => return Err(CodecError::Compression),
    }
    inflated.truncate(written);
    inflated
        .get(DICTIONARY.len()..)
        .map(<[u8]>::to_vec)
        .ok_or(CodecError::Compression)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_encoded_decodes_to_the_same_bytes() {
        for data in [
            &b""[..],
            b"{}",
            br#"{"breakpoints":["commit"],"toggles":{"hold_lock_during_model_call":false}}"#,
            "中文 text, ünïcödé".as_bytes(),
        ] {
            let link = encode(data);
            assert!(link.starts_with("1."));
            assert!(
                link.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
                "{link}"
            );
            assert_eq!(decode(&link).as_deref(), Ok(data));
        }
    }

    #[test]
    fn the_dictionary_makes_a_typical_state_short() {
        let json = br#"{"interventions":[{"lead_sends":{"at":12,"to":"reader","body":"Please check main.py again."}}],"toggles":{"drain_on_read":true}}"#;
        let link = encode(json);
        let mut plain = Vec::new();
        let mut c = compressor();
        feed(&mut c, json, TDEFLFlush::Finish, &mut plain);
        let unprimed = URL_SAFE_NO_PAD.encode(plain).len();
        println!(
            "LINK SIZE: {} JSON bytes -> {} characters primed, {unprimed} unprimed",
            json.len(),
            link.len()
        );
        assert!(link.len() < unprimed, "the dictionary helps");
        assert!(link.len() < 80, "{}", link.len());
    }

    #[test]
    fn bad_links_are_clear_errors() {
        assert_eq!(decode("2.AAAA"), Err(CodecError::Version("2".into())));
        assert_eq!(decode("nodot"), Err(CodecError::Version("nodot".into())));
        assert_eq!(decode("1.***"), Err(CodecError::Base64));
        assert_eq!(decode("1.AAAAAAAA"), Err(CodecError::Compression));
        let big = vec![b'a'; MAX_DECODED_BYTES + 10];
        assert_eq!(decode(&encode(&big)), Err(CodecError::TooLarge));
        let exact = vec![b'a'; MAX_DECODED_BYTES];
        assert_eq!(
            decode(&encode(&exact)).map(|d| d.len()),
            Ok(MAX_DECODED_BYTES)
        );
        for e in [
            CodecError::Base64,
            CodecError::Compression,
            CodecError::TooLarge,
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn bytes_after_the_end_of_the_stream_are_refused() {
        let json = br#"{"toggles":{"drain_on_read":true}}"#;
        let link = encode(json);
        let (_, payload) = link.split_once('.').expect("versioned");
        let bytes = URL_SAFE_NO_PAD.decode(payload).expect("base64url");
        assert_eq!(decode(&link).as_deref(), Ok(&json[..]));
        for tail in [&[0u8][..], &[0xff], &[1, 2, 3], b"{}"] {
            let mut longer = bytes.clone();
            longer.extend_from_slice(tail);
            let changed = format!("1.{}", URL_SAFE_NO_PAD.encode(&longer));
            assert_eq!(decode(&changed), Err(CodecError::Compression), "{tail:?}");
        }
        // A second, complete stream after the first is trailing bytes too.
        let mut twice = bytes.clone();
        twice.extend_from_slice(&bytes);
        let doubled = format!("1.{}", URL_SAFE_NO_PAD.encode(&twice));
        assert_eq!(decode(&doubled), Err(CodecError::Compression));
    }

    #[test]
    fn a_hundred_thousand_random_and_mutated_links_never_panic() {
        let good = encode(br#"{"toggles":{"drain_on_read":true}}"#);
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/";
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut ok, mut errors) = (0, 0);
        for i in 0..100_000 {
            let text = if i % 2 == 0 {
                let mut bytes = good.clone().into_bytes();
                for _ in 0..(1 + next() % 4) {
                    let at = (next() as usize) % bytes.len();
                    bytes[at] = alphabet[(next() as usize) % alphabet.len()];
                }
                String::from_utf8(bytes).unwrap_or_default()
            } else {
                let len = (next() % 40) as usize;
                let body: String = (0..len)
                    .map(|_| alphabet[(next() as usize) % alphabet.len()] as char)
                    .collect();
                format!("1.{body}")
            };
            match decode(&text) {
                Ok(_) => ok += 1,
                Err(_) => errors += 1,
            }
        }
        println!("FUZZ: 100000 inputs, {ok} decoded, {errors} refused with an error");
        assert_eq!(ok + errors, 100_000);
    }
}
