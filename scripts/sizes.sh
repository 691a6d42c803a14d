#!/usr/bin/env bash
# Prints the raw and gzip -9 size of the .wasm, .js and .css that Trunk put in dist/, split into
# the FIRST LOAD (what dist/index.html loads before any click: its stylesheet, its module
# script and whatever that script imports at start, its preloads) and the files loaded later
# on demand (any other .wasm/.js in dist/, e.g. a module the page imports when the learner asks
# for it). The first-load total is the budgeted figure (issue 13: 360 KB gzip together with the
# share-link issue).
#
# SIZES_BREAKDOWN=1 also splits cargo's release output as scripts/split-wasm.mjs does
# (wasm-split-cli, wasm-bindgen --keep-lld-exports) but without wasm-opt, so the names stay,
# lists the modules' sizes and prints which crates and modules the code of the FIRST module
# belongs to (scripts/wasm-breakdown.py; figures before wasm-opt are proportions, not the
# shipped bytes).
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
  built="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/agent-team-playground.wasm"
  [ -f "$built" ] || { echo "sizes: $built not found; run trunk build --release first" >&2; exit 1; }
  # The split as scripts/split-wasm.mjs does it, without wasm-opt (which drops the names).
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  wasm-split-cli "$built" "$tmp" --out-name first >/dev/null
  wasm-bindgen --target=web --keep-lld-exports --no-typescript --out-dir="$tmp/bg" --out-name=first "$tmp/first.wasm"
  echo
  row "the modules before wasm-opt (cargo's output split)" "raw B" "gzip B"
  for f in "$tmp/bg/first_bg.wasm" "$tmp"/split_*.wasm "$tmp"/chunk_*.wasm; do
    [ -f "$f" ] && row "  $(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
  done
  echo
  echo "code of the first module by crate (before wasm-opt: proportions, not the shipped bytes):"
  python3 scripts/wasm-breakdown.py "$tmp/bg/first_bg.wasm" 1 20
  echo
  echo "by crate::module:"
  python3 scripts/wasm-breakdown.py "$tmp/bg/first_bg.wasm" 2 30 | tail -n +4
fi
