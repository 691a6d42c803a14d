#!/usr/bin/env bash
# Performance figures (printed, never asserted). Builds the minimal Leptos baseline page
# (www/minimal.html -> src/bin/minimal_page.rs) the same way as the playground (trunk build
# --release, wasm-opt z) into target/dist-minimal, serves dist/ and the baseline on 127.0.0.1
# (servers started here and stopped by PID on exit), prints both first-load gzip sizes and runs
# tests/e2e/perf.spec.ts: load time vs the baseline (ratio, budget 1.5x) and the time per
# seek-and-render while scrubbing a 100,000-event log (budget 16 ms).
# Needs dist/ from `trunk build --release`. Env: E2E_PORT (default 8181; the baseline uses +1,
# the size baseline +2, the compressing server +3),
# PERF_LOAD_RUNS (default 15: the medians of 7 moved the ratio by 0.5x between runs),
# PERF_SIZE_BASELINE (default 0; 1 adds one more release build, about 3 minutes): also builds
# www/minimal-full-size.html, the minimal page with the whole playground linked in but not run,
# served on +2, and beside it the first-view floor page that perf.spec.ts writes (that page plus
# the playground's first view as static HTML with its stylesheet, put in at once, no app code
# run). They split the load time into module size, the first view's DOM and CSS, and running
# the playground, and the floor is the least any implementation of this first view can take.
# Then tests/e2e/perf-network.spec.ts per network profile (mobile, Fast 3G, broadband, emulated
# through the DevTools protocol) against dist/ served with compression on the wire
# (scripts/static-server.mjs on +3: the precompressed .br/.gz, no-store): the boot bar, the first
# caption, the first working step, the bytes before it and the layout shift, beside issue 25's
# targets. PERF_NET_RUNS (default 5 per profile and link; about 2.5 minutes on 2 busy cores),
# PERF_NET=0 skips this part, PERF_NET_ONLY=1 runs only this part (no baseline builds).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
PORT="${E2E_PORT:-8181}"
MIN_PORT=$((PORT + 1))
NET_PORT=$((PORT + 3))
[ -f dist/index.html ] || { echo "perf: dist/index.html missing: run trunk build --release" >&2; exit 1; }
mkdir -p target/e2e
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; wait "${PIDS[@]}" 2>/dev/null || true' EXIT
wait_for() {
  for _ in $(seq 1 50); do
    curl -fsS -o /dev/null "http://127.0.0.1:$1/index.html" 2>/dev/null && return 0
    sleep 0.2
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$1/index.html" || { echo "perf: server on $1 did not start" >&2; exit 1; }
}

# The figures per network profile, against dist/ with compression on the wire.
network() {
  node scripts/static-server.mjs "$NET_PORT" dist > "target/e2e/perf-server-$NET_PORT.log" 2>&1 &
  PIDS+=($!)
  wait_for "$NET_PORT"
  E2E_BASE_URL="http://127.0.0.1:$NET_PORT" PERF_NET_URL="http://127.0.0.1:$NET_PORT" \
    timeout 900 node_modules/.bin/playwright test tests/e2e/perf-network.spec.ts
}
if [ "${PERF_NET_ONLY:-0}" = 1 ]; then
  network
  exit 0
fi

echo "perf: building the minimal Leptos baseline (trunk build www/minimal.html --release)"
trunk build www/minimal.html --dist target/dist-minimal --release

gz() { local t=0; for f in "$@"; do [ -f "$f" ] && t=$((t + $(gzip -9 -c "$f" | wc -c))); done; echo "$t"; }
printf 'perf: first load gzip: playground %s B, minimal page %s B\n' \
  "$(gz dist/*.wasm dist/*.js dist/*.css)" "$(gz target/dist-minimal/*.wasm target/dist-minimal/*.js)"

FULL_PORT=$((PORT + 2))
PORTS=("$PORT" "$MIN_PORT")
FULL_SIZE_URL=""
FULL_SIZE_DIR=""
if [ "${PERF_SIZE_BASELINE:-0}" = 1 ]; then
  echo "perf: building the size baseline (trunk build www/minimal-full-size.html --release)"
  trunk build www/minimal-full-size.html --dist target/dist-full-size --release
  # The floor page (written by perf.spec.ts) links the playground's stylesheet from here.
  cp dist/*.css target/dist-full-size/
  printf 'perf: first load gzip: minimal page with the playground linked in %s B\n' \
    "$(gz target/dist-full-size/*.wasm target/dist-full-size/*.js)"
  PORTS+=("$FULL_PORT")
  FULL_SIZE_URL="http://127.0.0.1:$FULL_PORT"
  FULL_SIZE_DIR="$PWD/target/dist-full-size"
fi

serve() { python3 -m http.server "$1" --bind 127.0.0.1 --directory "$2" > "target/e2e/perf-server-$1.log" 2>&1 & PIDS+=($!); }
serve "$PORT" dist
serve "$MIN_PORT" target/dist-minimal
if [ -n "$FULL_SIZE_DIR" ]; then serve "$FULL_PORT" "$FULL_SIZE_DIR"; fi
for port in "${PORTS[@]}"; do wait_for "$port"; done
E2E_BASE_URL="http://127.0.0.1:$PORT" MINIMAL_URL="http://127.0.0.1:$MIN_PORT" \
  FULL_SIZE_URL="$FULL_SIZE_URL" FULL_SIZE_DIR="$FULL_SIZE_DIR" \
  timeout 900 node_modules/.bin/playwright test tests/e2e/perf.spec.ts
if [ "${PERF_NET:-1}" = 1 ]; then network; fi
