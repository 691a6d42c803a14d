#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml), on its staging folder, release builds only (a dev server
# needs none of these steps): the scripts minified (Trunk's minifier gives up on the glue), the boot
# screen's module size, then the precompressed copies.
set -euo pipefail
[ "${TRUNK_PROFILE:-release}" = release ] || exit 0
node scripts/minify-glue.mjs "$TRUNK_STAGING_DIR"
node scripts/boot-size.mjs "$TRUNK_STAGING_DIR"
node scripts/precompress.mjs "$TRUNK_STAGING_DIR"
