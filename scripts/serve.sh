#!/usr/bin/env bash
# Sets up whatever is missing, then serves the playground on http://127.0.0.1:8080 with the
# offline default lesson (scripted model, no key needed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
