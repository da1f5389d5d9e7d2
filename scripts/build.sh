#!/usr/bin/env bash
# Builds a clean, deployable static site into dist/: the release build, the web app
# manifest and icons, and the service worker (Workbox, made by tools/generate-sw.mjs
# as trunk's post-build hook). Copy dist/ to any static host, at its root or under any
# sub-path: every URL in it is relative.
#
# Usage: scripts/build.sh      (installs the pinned tools first if they are missing)
#
# dist/ is removed first, so nothing of an earlier build (or of `trunk serve`, which
# writes a live-reload script into dist/index.html) is left in it; the result is
# checked for that script, for the service worker and for the manifest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# shellcheck source=scripts/env.sh
source scripts/env.sh

die() { printf '\033[1;31m[build] error:\033[0m %s\n' "$*" >&2; exit 1; }

rm -rf dist
trunk build --release

[[ -f dist/index.html ]] || die "dist/index.html is missing after trunk build"
# trunk serve's live-reload client: a script with the placeholder {{__TRUNK_ADDRESS__}}
# (filled in while serving) for its websocket at .well-known/trunk/ws.
if grep -qiE '__trunk_address__|[.]well-known/trunk/ws' dist/index.html; then
  die "dist/index.html carries trunk's live-reload script; is a 'trunk serve' writing dist/ at the same time?"
fi
for file in sw.js manifest.webmanifest icons/icon-192.png icons/icon-512.png icons/maskable-512.png \
  cpu_worker.js cpu_worker_bg.wasm cpu_worker_loader.js; do
  [[ -f dist/$file ]] || die "dist/$file is missing"
done
printf '\033[1;34m[build]\033[0m dist/ is ready: %s files, %s\n' \
  "$(find dist -type f | wc -l)" "$(du -sh dist | cut -f1)"
