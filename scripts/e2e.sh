#!/usr/bin/env bash
# Serves dist/ on 127.0.0.1 (a static server started here, stopped by its PID on exit) and runs
# the Playwright suite against it. Every wait has a timeout so a failure cannot hang CI.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${E2E_PORT:-8181}"
[ -f dist/index.html ] || { echo "e2e: dist/index.html missing: run trunk build --release" >&2; exit 1; }
mkdir -p target/e2e
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist > target/e2e/server.log 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/index.html" 2>/dev/null; then break; fi
  sleep 0.2
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/index.html" || { echo "e2e: server did not start" >&2; exit 1; }
# The outer bound is above Playwright's own 45-minute globalTimeout, so Playwright reports what
# did not finish; it fired at 26 minutes when the suite had grown past that on a busy machine.
E2E_BASE_URL="http://127.0.0.1:$PORT" timeout 2820 node_modules/.bin/playwright test "$@"
