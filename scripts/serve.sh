#!/usr/bin/env bash
# Installs what is missing, builds the game and serves it at http://127.0.0.1:8080/
# (Ctrl-C to stop). Pass another port as the first argument if 8080 is taken.
# Builds into target/serve-dist, not dist/: trunk serve adds its live-reload script to
# the page, and dist/ is kept for deployable builds (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
exec trunk serve --release --dist target/serve-dist --port "${1:-8080}"
