//! Server-sent events framing on bytes, as a streaming model reply arrives: a network chunk may
//! end inside a UTF-8 character, inside an event, or between the `\r` and `\n` of a line end,
//! so lines are cut on bytes and decoded only once whole. Follows the WHATWG event-stream
//! rules the providers rely on: `event:` and `data:` fields, `:` comments, a blank line ends
//! an event, several `data:` lines join with `\n`.

/// One dispatched event: its `event:` name (empty when the server sent none) and its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field, or empty.
    pub event: String,
    /// The `data:` lines, joined with `\n`.
    pub data: String,
}

/// Cuts a byte stream into events. Feed chunks as they come; `finish` at the end of the body.
#[derive(Debug, Default)]
pub struct SseDecoder {
    /// Bytes of a line not yet ended.
    pending: Vec<u8>,
    /// The previous chunk ended with `\r`: a `\n` starting the next one belongs to it.
    after_cr: bool,
    event: String,
    data: Vec<String>,
    has_data: bool,
}

impl SseDecoder {
    /// A decoder at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the next chunk of the body and returns the events it completes, in order.
    pub fn push(&mut self, chunk: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        let mut bytes = chunk;
        if self.after_cr {
            self.after_cr = false;
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
        }
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' | b'\r' => {
                    self.pending.extend_from_slice(&bytes[start..i]);
                    let line = std::mem::take(&mut self.pending);
                    self.line(&line, &mut out);
                    if bytes[i] == b'\r' {
                        if i + 1 == bytes.len() {
                            self.after_cr = true;
                        } else if bytes[i + 1] == b'\n' {
                            i += 1;
                        }
                    }
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        self.pending.extend_from_slice(&bytes[start..]);
        out
    }

    /// The body ended. An event not closed by a blank line is dropped, as the event-stream
    /// rules say; the answer is `true` when that happened, so the caller can tell a truncated
    /// stream from a finished one.
    pub fn finish(&mut self) -> bool {
        let cut = !self.pending.is_empty() || self.has_data;
        self.pending.clear();
        self.event.clear();
        self.data.clear();
        self.has_data = false;
        cut
    }

    fn line(&mut self, line: &[u8], out: &mut Vec<SseEvent>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            return;
        }
        let text = String::from_utf8_lossy(line);
        let (field, value) = match text.find(':') {
            Some(at) => {
                let value = &text[at + 1..];
                (&text[..at], value.strip_prefix(' ').unwrap_or(value))
            }
            None => (&text[..], ""),
        };
        match field {
            "event" => self.event = value.to_string(),
            "data" => {
                self.data.push(value.to_string());
                self.has_data = true;
            }
            _ => {}
        }
    }

    fn dispatch(&mut self, out: &mut Vec<SseEvent>) {
        let event = std::mem::take(&mut self.event);
        let data = std::mem::take(&mut self.data);
        if std::mem::take(&mut self.has_data) {
            out.push(SseEvent {
                event,
                data: data.join("\n"),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_at_once(body: &[u8]) -> Vec<SseEvent> {
        let mut d = SseDecoder::new();
        let out = d.push(body);
        assert!(!d.finish());
        out
    }

    fn byte_by_byte(body: &[u8]) -> Vec<SseEvent> {
        let mut d = SseDecoder::new();
        let mut out = Vec::new();
        for b in body {
            out.extend(d.push(std::slice::from_ref(b)));
        }
        assert!(!d.finish());
        out
    }

    fn ev(event: &str, data: &str) -> SseEvent {
        SseEvent {
            event: event.into(),
            data: data.into(),
        }
    }

    #[test]
    fn events_names_comments_and_multi_line_data() {
        let body = b": keep-alive\nevent: ping\ndata: {}\n\ndata: a\ndata: b\n\nevent: x\n\n";
        assert_eq!(all_at_once(body), vec![ev("ping", "{}"), ev("", "a\nb")]);
    }

    #[test]
    fn every_split_point_gives_the_same_events() {
        let body = "event: content_block_delta\r\ndata: {\"text\":\"你好 wörld\"}\r\n\r\ndata: [DONE]\r\n\r\n"
            .as_bytes();
        let whole = all_at_once(body);
        assert_eq!(
            whole,
            vec![
                ev("content_block_delta", "{\"text\":\"你好 wörld\"}"),
                ev("", "[DONE]")
            ]
        );
        assert_eq!(byte_by_byte(body), whole);
        for cut in 0..body.len() {
            let mut d = SseDecoder::new();
            let mut out = d.push(&body[..cut]);
            out.extend(d.push(&body[cut..]));
            assert!(!d.finish());
            assert_eq!(out, whole, "split at byte {cut}");
        }
    }

    #[test]
    fn a_lone_cr_ends_a_line_and_a_cr_lf_across_chunks_is_one_line_end() {
        let mut d = SseDecoder::new();
        let mut out = d.push(b"data: one\r");
        out.extend(d.push(b"\n\r"));
        out.extend(d.push(b"\ndata: two\r\r"));
        assert_eq!(out, vec![ev("", "one"), ev("", "two")]);
    }

    #[test]
    fn a_body_cut_inside_an_event_drops_it_and_says_so() {
        let mut d = SseDecoder::new();
        assert!(d.push(b"event: message_delta\ndata: {\"a\"").is_empty());
        assert!(d.finish());
        let mut d = SseDecoder::new();
        assert!(d.push(b"data: x\n").is_empty());
        assert!(
            d.finish(),
            "data without the closing blank line is incomplete"
        );
        assert!(!SseDecoder::new().finish());
    }
}
