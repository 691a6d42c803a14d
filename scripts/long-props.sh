#!/usr/bin/env bash
# The long random run of the engine's property test (engine/tests/it/props_engine.rs): a million cases
# of up to 500 inputs each, in release (the test checks every invariant over the whole state
# after every step itself), and the time it took. Hours on a small machine, so it is not part
# of scripts/test.sh.
# Env: PROPTEST_CASES (default 1000000), PROPTEST_MAX_INPUTS (default 500).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agent-team-playground/target}"
export PROPTEST_CASES="${PROPTEST_CASES:-1000000}"
export PROPTEST_MAX_INPUTS="${PROPTEST_MAX_INPUTS:-500}"
cargo test --release -p agent-team-engine --test it --no-run
echo "[long-props] $PROPTEST_CASES cases of up to $PROPTEST_MAX_INPUTS inputs"
SECONDS=0
cargo test --release -p agent-team-engine --test it -- props_engine
echo "[long-props] $PROPTEST_CASES cases of up to $PROPTEST_MAX_INPUTS inputs passed in $((SECONDS / 60))m$((SECONDS % 60))s"
