#!/usr/bin/env bash
# Installs whatever is missing to build, serve and test the playground, and nothing else.
# Idempotent: when everything is present it only checks versions (a few seconds).
# Never downloads a prebuilt binary or browser: crates.io, Debian packages and npm only.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION="0.21.14"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PWD/node_modules/.bin:$PATH"

say() { printf '[setup] %s\n' "$*"; }

# 1. The wasm target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 1b. The gates of the test command: rustfmt and clippy.
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding rust component $component"
    rustup component add "$component"
  fi
done

# 2. Trunk at a pinned version (0.22 needs a newer rustc than this machine has).
if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
  say "installing trunk $TRUNK_VERSION"
  # Trunk's own release profile asks for fat LTO in one codegen unit, for speed it never needs
  # here (it spawns cargo and the wasm tools); without them it builds in 5.0 min instead of 6.3 on
  # 2 cores.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# 3. wasm-bindgen-cli at exactly the version Cargo.lock pins.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if [ -z "$WB_VERSION" ]; then
  echo "[setup] cannot read the wasm-bindgen version from Cargo.lock" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WB_VERSION\$" ||
   ! wasm-bindgen-test-runner --version 2>/dev/null | grep -q " $WB_VERSION\$"; then
  say "installing wasm-bindgen-cli $WB_VERSION"
  if ! cargo install --locked wasm-bindgen-cli --version "$WB_VERSION" --force; then
    # Its lockfile may pin a dependency the registry here lacks (webpki-roots 1.0.11 for
    # 0.2.130): rebuild from the downloaded .crate with that one dependency relaxed.
    crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/wasm-bindgen-cli-"$WB_VERSION".crate | head -n 1)
    work=$(mktemp -d)
    tar -xzf "$crate" -C "$work"
    (cd "$work/wasm-bindgen-cli-$WB_VERSION" &&
      cargo update -p webpki-roots --precise 1.0.10 &&
      cargo install --locked --force --path .)
    rm -rf "$work"
  fi
fi

# 3b. wasm-split-cli (crate wasm_split_cli_support), which cuts the release module at its split
# points (scripts/split-wasm.mjs). Pinned: it must read the markers of the wasm_split_helpers
# version Cargo.lock pins (0.2.3; the CLI's 0.2.4 shares its constants). It prints no version,
# so cargo's list of installed crates says which one is there.
WS_VERSION="0.2.4"
if ! command -v wasm-split-cli >/dev/null ||
   ! cargo install --list | grep -q "^wasm_split_cli_support v$WS_VERSION:"; then
  say "installing wasm-split-cli (wasm_split_cli_support $WS_VERSION)"
  cargo install --locked wasm_split_cli_support --version "$WS_VERSION" --features build-binary --force
fi

# 4. Debian's Chromium and its driver (for wasm-bindgen-test and Playwright).
# A CJK font and an emoji font too, so screenshots show the Chinese captions and the status
# symbols as a learner's browser does, not as boxes.
if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ] ||
   ! [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] ||
   ! [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
  say "installing chromium, chromium-driver and fonts (apt)"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium chromium-driver fonts-wqy-microhei fonts-noto-color-emoji
fi

# 5. npm packages from the committed lockfile (Playwright library, binaryen's wasm-opt).
LOCK_SHA=$(sha256sum package-lock.json | cut -d' ' -f1)
if ! [ -x node_modules/.bin/wasm-opt ] || [ "$(cat node_modules/.lock-sha 2>/dev/null)" != "$LOCK_SHA" ]; then
  say "installing npm packages (npm ci)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  echo "$LOCK_SHA" > node_modules/.lock-sha
fi

# 6. Crates for offline Trunk builds.
cargo fetch --locked -q
say "ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version | cut -d' ' -f1-3), $(/usr/bin/chromium --version 2>/dev/null)"
