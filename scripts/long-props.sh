#!/usr/bin/env bash
# The long random run of the engine's property test (engine/tests/it/props_engine.rs): a million
# cases of up to 500 inputs each, in release (the test checks every invariant over the whole
# state after every step itself), and the time it took. Hours on a small machine, so it is not
# part of scripts/test.sh. The cases run in shards, one after the other, each with its own
# random seed (proptest seeds each run from the OS), so a line per shard shows progress; all
# shards run one build, and the commit it was built from is printed.
# Env: PROPTEST_CASES (default 1000000), PROPTEST_MAX_INPUTS (default 500),
# LONG_PROPS_SHARDS (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agent-team-playground/target}"
total="${PROPTEST_CASES:-1000000}"
shards="${LONG_PROPS_SHARDS:-10}"
if ! [ "$shards" -ge 1 ] 2>/dev/null || ! [ "$total" -ge "$shards" ] 2>/dev/null; then
  echo "[long-props] LONG_PROPS_SHARDS must be at least 1 and at most PROPTEST_CASES" >&2
  exit 2
fi
export PROPTEST_MAX_INPUTS="${PROPTEST_MAX_INPUTS:-500}"
# Built once: every shard runs this binary, so a checkout that changes during the run (hours)
# does not change what is tested.
exe=$(cargo test --release -p agent-team-engine --test it --no-run 2>&1 |
  sed -n 's|.*Executable tests/it/main.rs (\(.*\))|\1|p' | tail -1)
if [ ! -x "$exe" ]; then
  echo "[long-props] could not find the engine's test binary" >&2
  exit 1
fi
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "[long-props] $total cases of up to $PROPTEST_MAX_INPUTS inputs, in $shards shards, commit $commit ($exe)"
SECONDS=0
done_cases=0
for shard in $(seq 1 "$shards"); do
  cases=$(( total / shards + (shard <= total % shards ? 1 : 0) ))
  if ! out=$(PROPTEST_CASES="$cases" "$exe" props_engine 2>&1); then
    printf '%s\n' "$out"
    echo "[long-props] shard $shard/$shards FAILED after $((SECONDS / 60))m$((SECONDS % 60))s"
    exit 1
  fi
  done_cases=$((done_cases + cases))
  echo "[long-props] shard $shard/$shards: $cases cases passed; $done_cases in $((SECONDS / 60))m$((SECONDS % 60))s"
done
echo "[long-props] $total cases of up to $PROPTEST_MAX_INPUTS inputs passed in $((SECONDS / 60))m$((SECONDS % 60))s"
