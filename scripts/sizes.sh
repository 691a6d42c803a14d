#!/usr/bin/env bash
# Prints the raw and gzip -9 size of the .wasm, .js and .css that Trunk put in dist/,
# and the first-load total (the budget is 320 KB gzip).
set -euo pipefail
cd "$(dirname "$0")/.."
total_raw=0
total_gz=0
printf '\n%-50s %10s %10s\n' "dist file" "raw B" "gzip B"
for f in dist/*.wasm dist/*.js dist/*.css; do
  [ -f "$f" ] || continue
  # The course pages' resize helper is not part of the playground's first load.
  [ "$(basename "$f")" = embed.js ] && continue
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-50s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-50s %10d %10d\n' "first load total (budget 320 KB gzip)" "$total_raw" "$total_gz"
if [ "$total_gz" -eq 0 ]; then
  echo "sizes: no build output in dist/" >&2
  exit 1
fi
