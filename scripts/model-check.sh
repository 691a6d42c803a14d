#!/usr/bin/env bash
# The deep bounded model check of the engine (engine/tests/model_check.rs): every interleaving
# of a three-member team's inputs (sends, deliveries, replies, failures, faults between read and
# commit, shutdown and plan protocol steps, drain mode, recall, restart, disband) to
# MODEL_CHECK_DEPTH inputs (default 12), by iterative deepening (a depth-first pass per depth,
# one hash per state kept), states deduplicated by a hash of the team state, every invariant
# checked after every step; a violation prints a shortest trace. Built in release; prints a
# line per depth (and a progress line every 8M steps), then states, depth and seconds.
# Slow (the state count grows about 8.5x per depth: depth 7 takes minutes, depth 8 about an
# hour of one core), so it is not part of scripts/test.sh; the normal `cargo test` runs the
# same check to depth 3.
# Env: MODEL_CHECK_DEPTH (default 12); MODEL_CHECK_MAX_STATES (stop after this many states,
# reporting the last depth explored whole; default 50,000,000, about 1.5 GB);
# MODEL_CHECK_FIRST_DEPTH (skip the passes below it, to go on from an earlier run: a trace
# is then shortest only given that run).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/agent-team-playground/target}"
export MODEL_CHECK_DEPTH="${MODEL_CHECK_DEPTH:-12}"
export MODEL_CHECK_MAX_STATES="${MODEL_CHECK_MAX_STATES:-50000000}"
SECONDS=0
cargo test --release -p agent-team-engine --test model_check -- --ignored --nocapture model_check_deep
echo "[model-check] wall time ${SECONDS}s (build included)"
