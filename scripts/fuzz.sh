#!/usr/bin/env bash
# Coverage-guided fuzzing of the link path (cargo-fuzz: libFuzzer with AddressSanitizer, on the
# machine's nightly toolchain). Two targets, each through `link::view_state::open` and the
# import path: `link_fragment` (the whole fragment) and `link_x_json` (`x=` JSON compressed by
# the product's own codec). Seeds and the dictionary come from `cargo run --example fuzz_seeds`
# (the fixtures' links and payloads, the README's scenario, the format's field names).
# Not part of scripts/test.sh: every finding becomes a test in tests/it/hostile_links.rs.
#   scripts/fuzz.sh                 10 minutes per target
#   scripts/fuzz.sh 120             2 minutes per target
#   FUZZ_RUNS=2500000 scripts/fuzz.sh   that many inputs per target (no time limit)
# Env: FUZZ_TARGETS (default "link_fragment link_x_json"), FUZZ_MAX_LEN (default 16384).
# Prints per target: executions, coverage (edges, features), corpus size, findings.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

SECONDS_PER_TARGET="${1:-600}"
TARGETS="${FUZZ_TARGETS:-link_fragment link_x_json}"
MAX_LEN="${FUZZ_MAX_LEN:-16384}"

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "[fuzz] needs the nightly toolchain (cargo-fuzz builds with -Zsanitizer)" >&2
  exit 2
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "[fuzz] installing cargo-fuzz"
  cargo install --locked cargo-fuzz
fi

SEEDS=target/fuzz-seeds
cargo run -q --example fuzz_seeds -- "$SEEDS"

limit=(-max_total_time="$SECONDS_PER_TARGET")
[ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
status=0
for target in $TARGETS; do
  corpus="target/fuzz-corpus/$target"
  mkdir -p "$corpus"
  log="target/fuzz-$target.log"
  if [ -n "${FUZZ_RUNS:-}" ]; then budget="$FUZZ_RUNS inputs"; else budget="$SECONDS_PER_TARGET s"; fi
  echo "[fuzz] $target: $budget (log: $log)"
  start=$(date +%s)
  set +e
  cargo +nightly fuzz run "$target" "$corpus" "$SEEDS/$target" -- \
    -dict="$SEEDS/links.dict" -max_len="$MAX_LEN" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "${limit[@]}" >"$log" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -n 1)
  findings=$(ls "fuzz/artifacts/$target" 2>/dev/null | wc -l)
  printf 'FUZZ %s: %s executions in %s s, %s, findings: %s (exit %s)\n' \
    "$target" "${execs:-?}" "$secs" "${cov:-cov: ?}" "$findings" "$rc"
  if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
    status=1
    grep -E 'ERROR|panicked|SUMMARY' "$log" | head -n 20 || true
  fi
done
exit "$status"
