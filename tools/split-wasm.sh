#!/usr/bin/env bash
# Splits the app's wasm into the part the first screen needs and chunks loaded when
# first used. Run by trunk after each build (Trunk.toml, post_build hook), before the
# service worker is written, on trunk's staging folder.
#
# The app marks its split points with Leptos's `#[lazy]` (wasm_split_helpers): a
# function so marked, and all the code only it reaches, goes to a chunk of its own
# that is fetched the first time the function is called. Trunk has no step between
# cargo and wasm-bindgen, so this hook redoes the main wasm from cargo's output:
#
#   1. wasm-split-cli (wasm_split_cli_support 0.2.4, installed by scripts/setup.sh) on
#      cargo's wasm, linked with --emit-relocs (.cargo/config.toml): the main module,
#      one wasm per split point (and per group of code several of them share), and the
#      JavaScript that loads them (__wasm_split.js);
#   2. wasm-bindgen on the main module, as trunk ran it (--target web);
#   3. wasm-opt on each, at the level trunk used (index.html's data-wasm-opt, `z`);
#   4. every name gets the build's hash (trunk's, of the main module), so a browser
#      never mixes a chunk of one build with the main module of another; the files
#      replace trunk's main wasm and glue of the same names.
#
# Environment (set by trunk): TRUNK_STAGING_DIR, TRUNK_PROFILE (debug or release).
# CARGO_TARGET_DIR is read like cargo does (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/env.sh
source scripts/env.sh

stage=${TRUNK_STAGING_DIR:?run by trunk (TRUNK_STAGING_DIR is not set)}
profile=${TRUNK_PROFILE:-release}
target=${CARGO_TARGET_DIR:-target}
bin=shogi-variants
raw=$target/wasm32-unknown-unknown/$profile/$bin.wasm

die() { printf '\033[1;31m[split] error:\033[0m %s\n' "$*" >&2; exit 1; }
[[ -f $raw ]] || die "no $raw (cargo's output for $bin, profile $profile)"
command -v wasm-split-cli >/dev/null || die "wasm-split-cli is missing: run scripts/setup.sh"

shopt -s nullglob
glue=("$stage/$bin"-*.js)
(( ${#glue[@]} == 1 )) || die "expected one $bin-<hash>.js in $stage, found ${#glue[@]}"
name=$(basename "${glue[0]}" .js)        # shogi-variants-<hash>
hash=${name#"$bin"-}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-split-cli "$raw" "$work/split" --out-name "$name" >/dev/null
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$work/bindgen" "$work/split/$name.wasm"

features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals)
opt() {
  if [[ $profile == release ]]; then
    wasm-opt -Oz "${features[@]}" "$1" -o "$2"
  else
    cp "$1" "$2"
  fi
}

link=__wasm_split-$hash.js
opt "$work/bindgen/${name}_bg.wasm" "$stage/${name}_bg.wasm"
# The glue's `import … from "./__wasm_split.js"` only: the wasm's import module keeps
# its name (the key of the imports object).
sed "/^import /s#\"./__wasm_split.js\"#\"./$link\"#" "$work/bindgen/$name.js" >"$stage/$name.js"
grep -q "^import .*\"./$link\"" "$stage/$name.js" || die "the glue does not import __wasm_split.js"
cp "$work/split/__wasm_split.js" "$stage/$link"
# Each split point's wasm (split_<function>_<id>.wasm) and the code several of them
# share (chunk_<n>.wasm, loaded with each that needs it).
count=0
for chunk in "$work/split"/*.wasm; do
  [[ $chunk == "$work/split/$name.wasm" ]] && continue
  base=$(basename "$chunk" .wasm)
  opt "$chunk" "$stage/$base-$hash.wasm"
  sed -i "s#\"./$base.wasm\"#\"./$base-$hash.wasm\"#" "$stage/$link"
  grep -q "\"./$base-$hash.wasm\"" "$stage/$link" || die "$link does not load $base.wasm"
  count=$((count + 1))
done
# Each game's table with the shared parts it loads (the loader lists, above each shared
# part, the split points that need it), written into index.html's `var PARTS = {};`
# so that the page fetches the game last played's files beside the main wasm.
parts_of() {
  awk -v t="$1_table" '
    /^\/\* .* \*\/$/ { users = $0; next }
    match($0, /new URL\("\.\/[^"]+"/) {
      file = substr($0, RSTART + 11, RLENGTH - 12)
      if (users ~ ("[ ,]" t "(,| )") || index(file, "split_" t "-") == 1) print file
      users = ""
    }' "$stage/$link"
}
json_list() { printf '"%s",' "$@" | sed 's/,$//'; }
mapfile -t hasami_parts < <(parts_of hasami)
mapfile -t yonin_parts < <(parts_of yonin)
(( ${#hasami_parts[@]} > 0 && ${#yonin_parts[@]} > 0 )) || die "no table parts in $link"
parts="{\"hasami\":[$(json_list "${hasami_parts[@]}")],\"yonin\":[$(json_list "${yonin_parts[@]}")]}"
grep -q 'var PARTS = {};' "$stage/index.html" || die "index.html has no 'var PARTS = {};'"
sed -i "s#var PARTS = {};#var PARTS = $parts;#" "$stage/index.html"

# Every wasm the loader fetches is in the build.
while IFS= read -r file; do
  [[ -f $stage/$file ]] || die "$link loads $file, which is not in the build"
done < <(grep -o 'new URL("[.]/[^"]*"' "$stage/$link" | sed 's/^new URL("[.][/]//; s/"$//')
printf '\033[1;34m[split]\033[0m %s: the main module and %d chunks\n' "$name" "$count"
