#!/usr/bin/env bash
# Installs what is missing, builds the game and serves it at http://127.0.0.1:8080/
# (Ctrl-C to stop). Pass another port as the first argument if 8080 is taken.
#
# Builds the release into target/serve-dist (dist/ is kept for scripts/build.sh), and
# only when a source, style, asset or build file changed since the last build: a second
# serve starts at once. Serves it with http-server (npm, in tools/) with caching off,
# so a rebuild shows at the next reload. For live reload while editing, use
# `source scripts/env.sh && trunk serve --dist target/dev-dist` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8080}"
[[ $port =~ ^[0-9]+$ ]] || { printf 'usage: %s [PORT]\n' "$0" >&2; exit 2; }
scripts/setup.sh
# shellcheck source=scripts/env.sh
source scripts/env.sh

out=target/serve-dist
stamp=target/serve-dist.built
inputs=(src style assets index.html Cargo.toml Cargo.lock Trunk.toml build.rs
  tools/generate-sw.mjs tools/package-lock.json)
if [[ ! -f $stamp || ! -f $out/index.html ]] || [[ -n $(find "${inputs[@]}" -newer "$stamp" -print -quit) ]]; then
  printf '\033[1;34m[serve]\033[0m building the game into %s\n' "$out"
  rm -f "$stamp"
  trunk build --release --dist "$out"
  touch "$stamp"
else
  printf '\033[1;34m[serve]\033[0m %s is up to date\n' "$out"
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  printf '\033[1;31m[serve] error:\033[0m port %s is taken (another serve?); pass a free one: %s 8081\n' "$port" "$0" >&2
  exit 1
fi
printf '\033[1;34m[serve]\033[0m the game is at http://127.0.0.1:%s/ (Ctrl-C to stop)\n' "$port"
NODE_OPTIONS=--no-deprecation exec http-server "$out" -a 127.0.0.1 -p "$port" -c-1 -d false --silent
