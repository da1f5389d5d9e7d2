#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting, clippy (native and wasm32),
# the release build of dist/, and `cargo test` (engines, CPU, session, property tests,
# perft suites, doc tests and the end-to-end tests that drive headless Chromium
# against dist/ served on localhost).
#
# The end-to-end tests are required here (SHOGI_E2E=require): a missing Chromium,
# chromedriver or dist/ fails them, where a bare `cargo test` would skip them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
source scripts/env.sh

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy (native)"
cargo clippy --all-targets --locked -- -D warnings

step "clippy (wasm32)"
cargo clippy --lib --bins --target wasm32-unknown-unknown --locked -- -D warnings

step "clippy (wasm32: the CPU's worker, built without the UI)"
cargo clippy --lib --bin cpu_worker --target wasm32-unknown-unknown --no-default-features --locked -- -D warnings

step "cargo doc, native and wasm32 (warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet --lib --target wasm32-unknown-unknown

step "scripts/build.sh (a clean release build in dist/)"
scripts/build.sh

step "cargo test (the end-to-end tests required)"
SHOGI_E2E=require cargo test --locked

step "all tests passed"
