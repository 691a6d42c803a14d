#!/usr/bin/env bash
# Mutation testing of the engine's rule code: mutates the functions the rule map of
# ARCHITECTURE.md names in engine/ (all of them, or those in the files given as arguments) and
# runs the engine's and the playground's native tests (not the doctests) against each mutant.
# Slow (one build and test run per mutant), so it is not part of scripts/test.sh.
#   scripts/mutants.sh                          every rule-map function of the engine
#   scripts/mutants.sh engine/src/round.rs ...  the rule-map functions of these files
# Env: MUTANTS_JOBS (default 1), MUTANTS_TIMEOUT (test timeout, seconds, default 90),
# MUTANTS_OUT (where mutants.out goes), PROPTEST_CASES (default 64), MUTANTS_LIST=1 (only list),
# MUTANTS_ITERATE=1 (test again only what the last run in MUTANTS_OUT did not catch).
# Prints cargo-mutants' summary: caught, missed, unviable, timeouts; missed.txt lists the misses.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

if ! command -v cargo-mutants >/dev/null 2>&1; then
  echo "[mutants] installing cargo-mutants"
  cargo install --locked cargo-mutants
fi

# Mutant builds get their own target dir, so they do not evict the ordinary build's artifacts.
export CARGO_TARGET_DIR="${MUTANTS_TARGET_DIR:-${CARGO_HOME:-$HOME/.cargo}/../.cache/agent-team-playground/target-mutants}"
export PROPTEST_CASES="${PROPTEST_CASES:-64}"
OUT="${MUTANTS_OUT:-$CARGO_TARGET_DIR}"

# "file name" pairs from the rule map's "Enforced by" column, engine files only.
pairs=$(awk -F'|' '/^\| [A-Z][0-9] \|/ {
  n = split($3, parts, ";")
  for (i = 1; i <= n; i++) {
    p = parts[i]; file = ""
    while (match(p, /`[^`]+`/)) {
      tok = substr(p, RSTART + 1, RLENGTH - 2); p = substr(p, RSTART + RLENGTH)
      if (file == "") file = tok; else if (file ~ /^engine\//) print file " " tok
    }
  }
}' ARCHITECTURE.md | sort -u)

if [ "$#" -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(printf '%s\n' "$pairs" | awk '{print $1}' | sort -u)
fi
names=()
file_args=()
for f in "${files[@]}"; do
  file_args+=(--file "$f")
  while read -r name; do names+=("$name"); done < <(printf '%s\n' "$pairs" | awk -v f="$f" '$1 == f {print $2}')
done
if [ "${#names[@]}" -eq 0 ]; then
  echo "[mutants] the rule map names no function in: ${files[*]}" >&2
  exit 2
fi
# Mutant names read "replace Team::advance with ()" or "replace >= with < in Team::advance".
alternatives=$(printf '%s\n' "${names[@]}" | sort -u | sed 's/[.[\*^$]/\\&/g' | paste -sd'|' -)
regex="(in|replace) ($alternatives)( |\$)"

common=(-p agent-team-engine "${file_args[@]}" --re "$regex")
[ "${MUTANTS_ITERATE:-0}" = 1 ] && common+=(--iterate)
if [ "${MUTANTS_LIST:-0}" = 1 ]; then
  cargo mutants "${common[@]}" --list
  exit 0
fi
echo "[mutants] files: ${files[*]}"
echo "[mutants] functions: $(printf '%s\n' "${names[@]}" | sort -u | paste -sd' ' -)"
cargo mutants "${common[@]}" \
  --test-package agent-team-engine,agent-team-playground \
  --cargo-test-arg=--tests \
  --timeout "${MUTANTS_TIMEOUT:-90}" --build-timeout 1200 \
  -j "${MUTANTS_JOBS:-1}" -o "$OUT" || true
echo "[mutants] results in $OUT/mutants.out (caught.txt, missed.txt, unviable.txt, timeout.txt)"
for kind in caught missed unviable timeout; do
  printf '[mutants] %-9s %s\n' "$kind" "$(wc -l < "$OUT/mutants.out/$kind.txt" 2>/dev/null || echo 0)"
done
