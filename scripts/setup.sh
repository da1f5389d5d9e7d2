#!/usr/bin/env bash
# Installs what the build and the tests need, skipping what is already there.
# Idempotent: a second run takes seconds. Works offline except for the package
# registries (crates.io, npm, Debian apt) and rustup targets.
#
# Usage: scripts/setup.sh [--browser]
#   --browser  also install Chromium and chromedriver from apt (needed by the tests)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.129
want_browser=0
[[ "${1:-}" == "--browser" ]] && want_browser=1

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$"; then
  log "installing trunk $TRUNK_VERSION (about 8 minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked
fi

# From npm (tools/package-lock.json): wasm-opt from binaryen 132 (Debian's is too old
# and breaks the wasm), and workbox-build, which writes the offline service worker.
if ! tools/node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version 132" \
  || ! cmp -s tools/package-lock.json tools/node_modules/.package-lock.json.src 2>/dev/null; then
  log "installing the npm tools (binaryen, workbox-build)"
  (cd tools && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.package-lock.json.src)
fi

if [[ $want_browser == 1 ]]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing chromium and chromium-driver from apt"
    SUDO=""
    [[ $(id -u) != 0 ]] && SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
log "tools ready"
