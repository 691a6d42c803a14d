#!/usr/bin/env bash
# Mutation testing of the engine: mutates the functions the rule map of ARCHITECTURE.md names
# in engine/ (all of them, or those in the files given as arguments), or with --engine every
# function of the engine crate (or of the files given). The rule-map mode runs the engine's and
# the playground's native tests (not the doctests) against each mutant; --engine runs the
# engine's own tests (engine/tests: a mutant rebuilds only the engine, a few seconds each) unless
# MUTANTS_TESTS=workspace. Slow (one build and test run per mutant), so it is not part of
# scripts/test.sh.
#   scripts/mutants.sh                                   every rule-map function of the engine
#   scripts/mutants.sh engine/src/round.rs ...           the rule-map functions of these files
#   scripts/mutants.sh --engine                          every function of the engine crate
#   scripts/mutants.sh --engine engine/src/send.rs ...   every function of these files
# Mutants known to be equivalent (no test can tell them from the original) are excluded by
# scripts/mutants-equivalent.txt: one regex per line, each with its reason after `#`.
# Env: MUTANTS_TESTS (--engine only: `engine`, the default, or `workspace`), MUTANTS_JOBS
# (default 1), MUTANTS_TIMEOUT (test timeout, seconds, default 90), MUTANTS_OUT (where
# mutants.out goes), PROPTEST_CASES (default 64), MUTANTS_LIST=1 (only list),
# MUTANTS_ITERATE=1 (test again only what the last run in MUTANTS_OUT did not catch: e.g. a
# workspace run after an engine run retries only what the engine's tests missed).
# Prints cargo-mutants' summary: caught, missed, unviable, timeouts, the score (caught of the
# viable mutants) and the wall time; missed.txt lists the misses.
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

WHOLE=0
if [ "${1:-}" = --engine ]; then
  WHOLE=1
  shift
fi
# Equivalent mutants: "regex  # reason" lines; the regexes are passed as --exclude-re.
excludes=()
while IFS= read -r line; do
  re="${line%%  #*}"
  re="${re%"${re##*[![:space:]]}"}"
  [ -n "$re" ] && [ "${re:0:1}" != "#" ] && excludes+=(--exclude-re "$re")
done < scripts/mutants-equivalent.txt

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

if [ "$WHOLE" = 1 ]; then
  if [ "$#" -gt 0 ]; then files=("$@"); else mapfile -t files < <(ls engine/src/*.rs); fi
  file_args=()
  for f in "${files[@]}"; do file_args+=(--file "$f"); done
  common=(-p agent-team-engine "${file_args[@]}" "${excludes[@]}")
elif [ "$#" -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(printf '%s\n' "$pairs" | awk '{print $1}' | sort -u)
fi
if [ "$WHOLE" = 0 ]; then
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

  common=(-p agent-team-engine "${file_args[@]}" --re "$regex" "${excludes[@]}")
fi
[ "${MUTANTS_ITERATE:-0}" = 1 ] && common+=(--iterate)
if [ "${MUTANTS_LIST:-0}" = 1 ]; then
  cargo mutants "${common[@]}" --list
  exit 0
fi
echo "[mutants] files: ${files[*]}"
if [ "$WHOLE" = 1 ]; then
  echo "[mutants] functions: every function of these files"
else
  echo "[mutants] functions: $(printf '%s\n' "${names[@]}" | sort -u | paste -sd' ' -)"
fi
tests=(--test-workspace=true)
case "${MUTANTS_TESTS:-engine}" in
  engine)
    if [ "$WHOLE" = 1 ]; then tests=(--test-package agent-team-engine); fi
    ;;
  workspace) ;;
  *)
    echo "[mutants] MUTANTS_TESTS must be engine or workspace, not '${MUTANTS_TESTS}'" >&2
    exit 2
    ;;
esac
echo "[mutants] tests: ${tests[*]}"
SECONDS=0
cargo mutants "${common[@]}" \
  "${tests[@]}" \
  --cargo-test-arg=--tests \
  --timeout "${MUTANTS_TIMEOUT:-90}" --build-timeout 1200 \
  -j "${MUTANTS_JOBS:-1}" -o "$OUT" || true
echo "[mutants] results in $OUT/mutants.out (caught.txt, missed.txt, unviable.txt, timeout.txt)"
count() { wc -l < "$OUT/mutants.out/$1.txt" 2>/dev/null || echo 0; }
caught=$(count caught); missed=$(count missed); unviable=$(count unviable); timeout=$(count timeout)
printf '[mutants] %-9s %s\n' mutants "$((caught + missed + unviable + timeout))" caught "$caught" \
  missed "$missed" unviable "$unviable" timeout "$timeout"
# Score: caught (timeouts count as caught: the mutant never finished the tests) of the viable.
viable=$((caught + missed + timeout))
[ "$viable" -gt 0 ] && printf '[mutants] score     %s%% (%s of %s viable caught or timed out)\n' \
  "$(( (caught + timeout) * 100 / viable ))" "$((caught + timeout))" "$viable"
printf '[mutants] time      %dm%02ds\n' "$((SECONDS / 60))" "$((SECONDS % 60))"
