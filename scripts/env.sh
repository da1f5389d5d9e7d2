# shellcheck shell=bash
# Sourced by the scripts: puts the pinned tools on PATH and quiets trunk's errors.
# Order matters: the npm tools (wasm-opt from binaryen 132) and cargo's bin folder
# (trunk, wasm-bindgen) come before anything else of the same name.
_shogi_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$_shogi_root/tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
unset _shogi_root
export RUST_BACKTRACE=0
