#!/usr/bin/env bash
# Prints each file of a built site (default dist/, made by scripts/build.sh): its size
# raw and gzipped (gzip -9), in bytes, the totals, what the first screen needs (the
# page, the app's main wasm and JavaScript, the style sheets; the pieces' font on its
# own line) and what each game's first board needs (that, and its table's lazy wasm:
# tools/split-wasm.sh). With --why, also what the main wasm is made of: its bytes
# grouped by crate (ours by module), raw and gzipped (scripts/wasm-groups.py), its
# largest functions and data (twiggy top), and the same groups for each game's table
# parts (all the wasm its first board needs beyond the main wasm).
#
# Usage: scripts/size.sh [--why] [DIR]
#
# --why needs twiggy (`cargo install twiggy`), python3 and cargo's wasm of the app in
# $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/ (scripts/build.sh makes it). It
# splits, binds and optimises it as tools/split-wasm.sh does (wasm-opt -Oz) but keeps
# the names (--keep-debug, -g), so the sizes are those of dist/'s main wasm, name by
# name. The names section itself is left out of the figures.
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
  # What the first screen needs: index.html, the app's main wasm, its JS glue and the
  # loader of its lazy parts (trunk's hashed names; the worker's files are cpu_worker*),
  # the style sheets.
  case $name in
    index.html | *.css | shogi-variants-*.js | shogi-variants-*_bg.wasm | __wasm_split-*.js)
      first_raw=$((first_raw + raw)) first_gz=$((first_gz + z)) ;;
    fonts/pieces.woff2) font_raw=$raw font_gz=$z ;;
  esac
done < <(find "$dir" -type f | sort)
printf '%-48s %10d %10d\n' total "$raw_total" "$gz_total"
printf '%-48s %10d %10d\n' 'first screen: the choice of a game' "$first_raw" "$first_gz"
printf '%-48s %10d %10d\n' '  and the pieces font (preloaded)' "$((first_raw + font_raw))" "$((first_gz + font_gz))"
# A game's board also needs its table's parts: tools/split-wasm.sh lists them for each
# game in index.html (`var PARTS = {"hasami":[…],"yonin":[…]};`, which the page preloads).
for game in hasami yonin; do
  raw=$first_raw z=$first_gz
  while IFS= read -r file; do
    raw=$((raw + $(stat -c %s "$dir/$file"))) z=$((z + $(gz "$dir/$file")))
  done < <(grep -o "\"$game\":\[[^]]*\]" "$dir/index.html" | grep -o '"[^"]*[.]wasm"' | tr -d '"')
  printf '%-48s %10d %10d\n' "first board: $game (and its table's wasm)" "$raw" "$z"
done

$why || exit 0

# shellcheck source=scripts/env.sh
source scripts/env.sh
target=${CARGO_TARGET_DIR:-target}
raw_wasm=$target/wasm32-unknown-unknown/release/shogi-variants.wasm
[[ -f $raw_wasm ]] || { printf 'no %s: run scripts/build.sh first\n' "$raw_wasm" >&2; exit 1; }
command -v twiggy >/dev/null || { printf 'no twiggy: cargo install twiggy\n' >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The main module as tools/split-wasm.sh makes it, with its function names kept.
wasm-split-cli "$raw_wasm" "$work/split" --out-name app >/dev/null
wasm-bindgen --target web --no-typescript --keep-lld-exports --keep-debug \
  --out-dir "$work/bindgen" "$work/split/app.wasm"
wasm-opt -Oz -g --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals "$work/bindgen/app_bg.wasm" -o "$work/app.wasm" 2>/dev/null
printf '\nthe main wasm (split, wasm-opt -Oz, names kept), by crate:\n'
scripts/wasm-groups.py "$work/app.wasm" 35
printf '\nits largest items (twiggy top):\n'
twiggy top -n 25 "$work/app.wasm" | grep -v 'subsection' | cut -c1-150
# Each game's table parts (index.html's list, without the build's hash), optimised as
# tools/split-wasm.sh does, names kept, grouped together.
for game in hasami yonin; do
  parts=()
  while IFS= read -r file; do
    base=${file%-*.wasm}
    wasm-opt -Oz -g --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals "$work/split/$base.wasm" -o "$work/$base.wasm" 2>/dev/null
    parts+=("$work/$base.wasm")
  done < <(grep -o "\"$game\":\[[^]]*\]" "$dir/index.html" | grep -o '"[^"]*[.]wasm"' | tr -d '"')
  printf '\n%s: the first board beyond the main wasm (%d parts), by crate:\n' "$game" "${#parts[@]}"
  scripts/wasm-groups.py "${parts[@]}" 30
done
