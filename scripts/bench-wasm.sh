#!/usr/bin/env bash
# The engine's `bench` natively and as wasm (wasm32-wasip1 under Node's WASI), in one run:
#   scripts/bench-wasm.sh [GAME] [PROFILE]
# GAME: hasami (default) or yonin. PROFILE: the cargo profile of both builds, `speed`
# (opt-level 3, default) or `release` (opt-level "z", the browser build's today).
# Prints both bench lines and the wasm file's size; the last line is
#   {"native_nps": X, "wasm_nps": Y, "ratio": R}
# with R = wasm / native.
#
#   scripts/bench-wasm.sh --think [GAME]
# instead runs `engine think GAME` as wasm (speed profile, as the CPU's worker is built):
# the master's work with its clock in its default second, per move and the median,
# which is what its second buys in a browser on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=bench
if [[ "${1:-}" == "--think" ]]; then
  mode=think
  shift
fi
game="${1:-hasami}"
profile="${2:-speed}"
rustup target add wasm32-wasip1 >/dev/null 2>&1 || true
cargo build --quiet --profile "$profile" --target wasm32-wasip1 --bin engine
wasm="target/wasm32-wasip1/$profile/engine.wasm"
if [[ "$mode" == think ]]; then
  exec node --no-warnings tools/wasi-run.mjs "$wasm" think "$game"
fi
cargo build --quiet --profile "$profile" --bin engine
native_json=$("target/$profile/engine" bench "$game" --json | tail -n 1)
wasm_json=$(node --no-warnings tools/wasi-run.mjs "$wasm" bench "$game" --json | tail -n 1)
echo "native ($profile): $native_json"
echo "wasm ($profile, $(stat -c %s "$wasm") bytes): $wasm_json"
node -e '
const [n, w] = process.argv.slice(1).map((s) => JSON.parse(s));
const ratio = Math.round((w.nps / n.nps) * 1000) / 1000;
console.log(JSON.stringify({ native_nps: n.nps, wasm_nps: w.nps, ratio }));
' "$native_json" "$wasm_json"
