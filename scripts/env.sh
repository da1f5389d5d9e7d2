# Sourced by the scripts: puts the pinned tools on PATH and quiets trunk's errors.
export PATH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export RUST_BACKTRACE=0
