#!/usr/bin/env bash
# Prints the raw and gzip -9 size of the .wasm, .js and .css that Trunk put in dist/, split into
# the FIRST LOAD (what dist/index.html loads before any click: its stylesheet, its module
# script and whatever that script imports at start, its preloads) and the files loaded later
# on demand (any other .wasm/.js in dist/, e.g. a module the page imports when the learner asks
# for it). The first-load total is the budgeted figure (issue 13: 360 KB gzip together with the
# share-link issue).
#
# SIZES_BREAKDOWN=1 also prints which crates and modules the playground's wasm code belongs to
# (scripts/wasm-breakdown.py on Trunk's wasm-bindgen output, which still has its names; the
# figures are before wasm-opt, so they are proportions, not the shipped bytes).
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
files=(dist/*.wasm dist/*.js dist/*.mjs dist/*.css)
if [ ${#files[@]} -eq 0 ]; then
  echo "sizes: no build output in dist/" >&2
  exit 1
fi
# A file is part of the first load when index.html names it: Trunk writes the stylesheet link,
# the module script with its wasm, and their preloads there. A file only the code names (a
# module imported on demand) or another page uses (a host page's script) is not.
first_load() {
  grep -qF "$(basename "$1")" dist/index.html
}
row() { printf '%-58s %10s %10s\n' "$@"; }
first_raw=0 first_gz=0 later_raw=0 later_gz=0
later=()
echo
row "first load (before any click)" "raw B" "gzip B"
for f in "${files[@]}"; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  if first_load "$f"; then
    first_raw=$((first_raw + raw))
    first_gz=$((first_gz + gz))
    row "  $f" "$raw" "$gz"
  else
    later_raw=$((later_raw + raw))
    later_gz=$((later_gz + gz))
    later+=("$f $raw $gz")
  fi
done
row "FIRST LOAD TOTAL (budget 360 KB gzip)" "$first_raw" "$first_gz"
awk -v gz="$first_gz" 'BEGIN { printf "first load gzip: %.1f KiB; budget 360 KiB: %+.1f KiB\n", gz / 1024, gz / 1024 - 360 }'
if [ ${#later[@]} -gt 0 ]; then
  echo
  row "not loaded by index.html (on demand, or other pages)" "raw B" "gzip B"
  for l in "${later[@]}"; do
    read -r name raw gz <<<"$l"
    row "  $name" "$raw" "$gz"
  done
  row "not-first-load total" "$later_raw" "$later_gz"
fi
if [ "${SIZES_BREAKDOWN:-0}" = 1 ]; then
  wasm="${CARGO_TARGET_DIR:-target}/wasm-bindgen/release/agent-team-playground_bg.wasm"
  if [ -f "$wasm" ]; then
    echo
    echo "code of the playground module by crate (wasm-bindgen output, before wasm-opt):"
    python3 scripts/wasm-breakdown.py "$wasm" 1 20
    echo
    echo "by crate::module:"
    python3 scripts/wasm-breakdown.py "$wasm" 2 30 | tail -n +4
  else
    echo "sizes: $wasm not found; run trunk build --release first" >&2
  fi
fi
