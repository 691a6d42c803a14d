#!/usr/bin/env bash
# The long random run of the engine's property test (engine/tests/it/props_engine.rs): a million
# cases of up to 500 inputs each, in release (the test checks every invariant over the whole
# state after every step itself), and the time it took. Hours on a small machine, so it is not
# part of scripts/test.sh. The cases run in shards, one after the other, each with its own
# random seed (proptest seeds each run from the OS), so a line per shard shows progress.
# Env: PROPTEST_CASES (default 1000000), PROPTEST_MAX_INPUTS (default 500),
# LONG_PROPS_SHARDS (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agent-team-playground/target}"
total="${PROPTEST_CASES:-1000000}"
shards="${LONG_PROPS_SHARDS:-10}"
export PROPTEST_MAX_INPUTS="${PROPTEST_MAX_INPUTS:-500}"
cargo test --release -p agent-team-engine --test it --no-run
echo "[long-props] $total cases of up to $PROPTEST_MAX_INPUTS inputs, in $shards shards"
SECONDS=0
done_cases=0
for shard in $(seq 1 "$shards"); do
  cases=$(( total / shards + (shard <= total % shards ? 1 : 0) ))
  if ! out=$(PROPTEST_CASES="$cases" cargo test --release -p agent-team-engine --test it -- props_engine 2>&1); then
    printf '%s\n' "$out"
    echo "[long-props] shard $shard/$shards FAILED after $((SECONDS / 60))m$((SECONDS % 60))s"
    exit 1
  fi
  done_cases=$((done_cases + cases))
  echo "[long-props] shard $shard/$shards: $cases cases passed; $done_cases in $((SECONDS / 60))m$((SECONDS % 60))s"
done
echo "[long-props] $total cases of up to $PROPTEST_MAX_INPUTS inputs passed in $((SECONDS / 60))m$((SECONDS % 60))s"
