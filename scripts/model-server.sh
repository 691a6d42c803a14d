#!/usr/bin/env bash
# Starts or stops the loopback model server (tests/model_server) by PID.
#   scripts/model-server.sh start PORT   installs its Python packages into a venv if missing,
#                                       starts it on 127.0.0.1:PORT, waits until it answers
#   scripts/model-server.sh stop         stops the server this script started
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE="${AGENT_TEAM_CACHE:-$HOME/.cache/agent-team-playground}"
VENV="$CACHE/model-server-venv"
PIDFILE="$CACHE/model-server.pid"
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
    # A server already on the port (a stale one, another checkout's) would answer for this one.
    if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/_log" 2>/dev/null; then
      echo "model server: port $PORT already answers; stop that server or set MODEL_SERVER_PORT" >&2; exit 1
    fi
    "$VENV/bin/python" tests/model_server/server.py "$PORT" > "$CACHE/model-server.log" 2>&1 &
    echo $! > "$PIDFILE"
    for _ in $(seq 1 300); do
      kill -0 "$(cat "$PIDFILE")" 2>/dev/null || { cat "$CACHE/model-server.log" >&2; exit 1; }
      if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/_log" 2>/dev/null; then
        echo "model server: 127.0.0.1:$PORT (pid $(cat "$PIDFILE"))"; exit 0
      fi
      sleep 0.2
    done
    echo "model server: did not start" >&2; cat "$CACHE/model-server.log" >&2; exit 1 ;;
  stop)
    if [ -f "$PIDFILE" ]; then kill "$(cat "$PIDFILE")" 2>/dev/null || true; rm -f "$PIDFILE"; fi ;;
  *) echo "usage: $0 start PORT | stop" >&2; exit 2 ;;
esac
