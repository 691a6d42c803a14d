#!/usr/bin/env bash
# Sets up whatever is missing, then runs every test layer:
#   0. gates    `cargo fmt --check`, `cargo clippy --all-targets -D warnings` (native and wasm32)
#   1. native   `cargo test` (engine, lessons, view model, properties, golden transcripts), then
#               the engine's throughput by team size beside the seed's design (bench_mailbox)
#               and the diff of two runs of lesson 7 (bench_compare)
#   2. browser  `cargo test --target wasm32-unknown-unknown` in headless Chromium, then the
#               provider calls against the loopback model server (scripts/model-server.sh)
#   3. e2e      Playwright against the release build served on 127.0.0.1
# and prints the size figures of dist/ and the performance figures (scripts/perf.sh).
# Flags: --sizes (only build and print sizes),
# --skip-setup. Env: PROPTEST_CASES (default 1000), E2E_PORT (default 8181),
# MODEL_SERVER_PORT (default 8790; one server per e2e worker from there up), E2E_WORKERS (default 2:
# Playwright's parallel workers), E2E_SHOTS (default 0 here: 1 writes the e2e screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SIZES_ONLY=0
SKIP_SETUP=0
for arg in "$@"; do
  case "$arg" in
    --sizes) SIZES_ONLY=1 ;;
    --skip-setup) SKIP_SETUP=1 ;;
    *) echo "unknown flag: $arg" >&2; exit 2 ;;
  esac
done

[ "$SKIP_SETUP" = 1 ] || scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$ROOT/node_modules/.bin:$PATH"
export PROPTEST_CASES="${PROPTEST_CASES:-1000}"
# Build outputs live in a cache outside the checkout, so a fresh clone on a machine that has
# built before (CI's "warm" case) recompiles only this crate. Override with CARGO_TARGET_DIR.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agent-team-playground/target}"
SECONDS=0
step() { printf '\n==== %s (t=%ss)\n' "$*" "$SECONDS"; }

if [ "$SIZES_ONLY" = 0 ]; then
  step "gates: cargo fmt --check, cargo clippy -D warnings (native and wasm32)"
  cargo fmt --all --check
  cargo clippy --locked --all-targets -- -D warnings
  cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings

  step "native tests: cargo test"
  cargo test --locked
  # The link-size test wrote its links' JSON; print lz-string's size on the same JSON beside ours.
  node scripts/link-sizes.mjs target/link-sizes.json

  step "engine throughput (printed, not asserted): cargo run --release --example bench_mailbox"
  cargo run --locked --release --example bench_mailbox

  step "the list of next choices (printed, not asserted): cargo run --release --example next_choices_cost"
  cargo run --locked --release --example next_choices_cost

  step "comparison budget (printed, not asserted): cargo run --release --example bench_compare"
  cargo run --locked --release --example bench_compare

  step "browser tests: cargo test --target wasm32-unknown-unknown (headless Chromium)"
  WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-60}" \
    cargo test --locked --target wasm32-unknown-unknown --test browser

  step "provider tests: fetch in headless Chromium against the loopback model server"
  # The servers stay up for the end-to-end tests' live runs, one per Playwright worker (each
  # keeps the request log and fault counts its tests reset and read); stopped by PID on exit.
  MS_PORT="${MODEL_SERVER_PORT:-8790}"
  export E2E_WORKERS="${E2E_WORKERS:-2}"
  trap 'scripts/model-server.sh stop' EXIT
  scripts/model-server.sh start "$MS_PORT" "$E2E_WORKERS"
  export MODEL_SERVER_URL="http://127.0.0.1:$MS_PORT"
  MODEL_SERVER_URLS=$(seq "$MS_PORT" $((MS_PORT + E2E_WORKERS - 1)) | sed 's|^|http://127.0.0.1:|' | paste -sd, -)
  export MODEL_SERVER_URLS
  WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-60}" \
    cargo test --locked --target wasm32-unknown-unknown --test browser_providers
fi

step "release build: trunk build --release"
trunk build --release
scripts/sizes.sh
# Trunk's post_build hook wrote a .gz and a .br beside each asset: check each one decompresses
# to its asset's bytes, and print the three sizes.
node scripts/precompress.mjs --check dist

if [ "$SIZES_ONLY" = 1 ]; then exit 0; fi

step "end-to-end tests: Playwright + /usr/bin/chromium"
# Screenshots are for a person to open (scripts/e2e.sh alone writes them); here they only cost time.
E2E_SHOTS="${E2E_SHOTS:-0}" scripts/e2e.sh --grep-invert "perf \\("
step "performance figures (printed, not asserted): scripts/perf.sh"
scripts/perf.sh
step "all test layers passed"
