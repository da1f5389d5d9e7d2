#!/usr/bin/env bash
# Prints each file of a built site (default dist/, made by scripts/build.sh): its size
# raw and gzipped (gzip -9), in bytes, the totals, and what the first board needs (the
# page, the app's wasm and JavaScript, the style sheets; the pieces' font on its own
# line). With --why, also what the app's wasm is made of: its bytes grouped by crate
# (ours by module), raw and gzipped (scripts/wasm-groups.py), and its largest functions
# and data (twiggy top).
#
# Usage: scripts/size.sh [--why] [DIR]
#
# --why needs twiggy (`cargo install twiggy`), python3 and the wasm that trunk's
# wasm-bindgen step left, with its function names, in
# $CARGO_TARGET_DIR/wasm-bindgen/release/ (scripts/build.sh makes it). It runs wasm-opt
# -Oz on it as trunk does (index.html: data-wasm-opt="z") but keeps the names (-g), so
# the sizes are those of dist/'s wasm, name by name. The names section itself is left
# out of the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
why=false
if [[ ${1:-} == --why ]]; then why=true; shift; fi
dir=${1:-dist}
[[ -d $dir ]] || { printf 'no %s: run scripts/build.sh first\n' "$dir" >&2; exit 1; }

gz() { gzip -9c "$1" | wc -c; }

printf '%-48s %10s %10s\n' file raw gzip
raw_total=0 gz_total=0 first_raw=0 first_gz=0 font_raw=0 font_gz=0
while IFS= read -r f; do
  name=${f#"$dir"/}
  raw=$(stat -c %s "$f")
  z=$(gz "$f")
  raw_total=$((raw_total + raw)) gz_total=$((gz_total + z))
  printf '%-48s %10d %10d\n' "$name" "$raw" "$z"
  # What the first board needs: index.html, the app's wasm and JS glue (trunk's hashed
  # names; the worker's files are cpu_worker*), the style sheets.
  case $name in
    index.html | *.css | shogi-variants-*.js | shogi-variants-*_bg.wasm)
      first_raw=$((first_raw + raw)) first_gz=$((first_gz + z)) ;;
    fonts/pieces.woff2) font_raw=$raw font_gz=$z ;;
  esac
done < <(find "$dir" -type f | sort)
printf '%-48s %10d %10d\n' total "$raw_total" "$gz_total"
printf '%-48s %10d %10d\n' 'first board (page, app wasm + JS, CSS)' "$first_raw" "$first_gz"
printf '%-48s %10d %10d\n' '  and the pieces font (preloaded)' "$((first_raw + font_raw))" "$((first_gz + font_gz))"

$why || exit 0

# shellcheck source=scripts/env.sh
source scripts/env.sh
target=${CARGO_TARGET_DIR:-target}
named=$target/wasm-bindgen/release/shogi-variants_bg.wasm
[[ -f $named ]] || { printf 'no %s: run scripts/build.sh first\n' "$named" >&2; exit 1; }
command -v twiggy >/dev/null || { printf 'no twiggy: cargo install twiggy\n' >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-opt -Oz -g --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals "$named" -o "$work/app.wasm"
printf '\nthe app wasm (wasm-opt -Oz of %s, names kept), by crate:\n' "$named"
scripts/wasm-groups.py "$work/app.wasm" 35
printf '\nits largest items (twiggy top):\n'
twiggy top -n 25 "$work/app.wasm" | grep -v 'subsection' | cut -c1-150
