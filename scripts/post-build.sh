#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml), on its staging folder: the wasm split into the module the
# first view needs and the later parts (every profile: the page asks for the split build) and the
# boot screen's module size, then, for release builds only (a dev server needs none of these
# steps), the scripts minified (Trunk's minifier gives up on the glue) and the precompressed copies.
set -euo pipefail
node scripts/split-wasm.mjs "$TRUNK_STAGING_DIR"
node scripts/boot-size.mjs "$TRUNK_STAGING_DIR"
[ "${TRUNK_PROFILE:-release}" = release ] || exit 0
node scripts/minify-glue.mjs "$TRUNK_STAGING_DIR"
node scripts/precompress.mjs "$TRUNK_STAGING_DIR"
