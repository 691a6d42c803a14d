#!/usr/bin/env bash
# Starts or stops the loopback model servers (tests/model_server) by PID.
#   scripts/model-server.sh start PORT [COUNT]   installs its Python packages into a venv if
#       missing, starts COUNT servers (default 1) on 127.0.0.1:PORT, PORT+1, ..., waits until each
#       answers. Each server keeps its own request log and fault counts, which a test resets and
#       reads, so the end-to-end tests' parallel workers get one each (scripts/test.sh).
#   scripts/model-server.sh stop   stops the servers this script started
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE="${AGENT_TEAM_CACHE:-$HOME/.cache/agent-team-playground}"
VENV="$CACHE/model-server-venv"
REQS=tests/model_server/requirements.txt
case "${1:-}" in
  start)
    PORT="${2:?port}"
    mkdir -p "$CACHE"
    if [ ! -x "$VENV/bin/python" ] || ! cmp -s "$REQS" "$VENV/requirements.txt"; then
      echo "model server: installing $(grep -v '^#' "$REQS" | tr '\n' ' ')"
      python3 -m venv "$VENV"
      "$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQS"
      cp "$REQS" "$VENV/requirements.txt"
    fi
    COUNT="${3:-1}"
    [[ "$COUNT" =~ ^[1-9][0-9]*$ ]] || { echo "model server: COUNT must be 1 or more, not '$COUNT'" >&2; exit 2; }
    # If one cannot start, the ones this call started are stopped too.
    STARTED=()
    stop_started() {
      for port in "${STARTED[@]}"; do
        kill "$(cat "$CACHE/model-server-$port.pid")" 2>/dev/null || true
        rm -f "$CACHE/model-server-$port.pid"
      done
    }
    trap '[ "$?" = 0 ] || stop_started' EXIT
    for PORT in $(seq "$PORT" $((PORT + COUNT - 1))); do
      # A server already on the port (a stale one, another checkout's) would answer for this one.
      if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/_log" 2>/dev/null; then
        echo "model server: port $PORT already answers; stop that server or set MODEL_SERVER_PORT" >&2; exit 1
      fi
      LOG="$CACHE/model-server-$PORT.log"
      "$VENV/bin/python" tests/model_server/server.py "$PORT" > "$LOG" 2>&1 &
      PID=$!
      echo "$PID" > "$CACHE/model-server-$PORT.pid"
      STARTED+=("$PORT")
      started=0
      for _ in $(seq 1 300); do
        kill -0 "$PID" 2>/dev/null || { cat "$LOG" >&2; exit 1; }
        if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/_log" 2>/dev/null; then
          echo "model server: 127.0.0.1:$PORT (pid $PID)"; started=1; break
        fi
        sleep 0.2
      done
      [ "$started" = 1 ] || { echo "model server: did not start on $PORT" >&2; cat "$LOG" >&2; exit 1; }
    done ;;
  stop)
    # model-server.pid: one server started by this script before it started one per worker.
    for pidfile in "$CACHE"/model-server-*.pid "$CACHE"/model-server.pid; do
      [ -f "$pidfile" ] || continue
      kill "$(cat "$pidfile")" 2>/dev/null || true
      rm -f "$pidfile"
    done ;;
  *) echo "usage: $0 start PORT [COUNT] | stop" >&2; exit 2 ;;
esac
