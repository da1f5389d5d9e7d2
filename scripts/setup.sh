#!/usr/bin/env bash
# Installs what the build and the tests need, skipping what is already there.
# Idempotent: a second run takes well under a second. Works offline except for the
# package registries (crates.io, npm, Debian apt) and rustup targets.
#
# Usage: scripts/setup.sh [--browser]
#   --browser  also install Chromium and chromedriver from apt (needed by the tests)
#
# Needs, and checks first: rustup with Rust >= 1.95 (the crate's rust-version), a C
# compiler (cc: Rust links with it, and trunk's dependencies compile C), Node >= 20
# with npm. --browser also needs apt-get and root or sudo, unless
# /usr/bin/chromium and /usr/bin/chromedriver (or $CHROMIUM / $CHROMEDRIVER) exist.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.129
WASM_SPLIT_VERSION=0.2.4     # wasm_split_cli_support: tools/split-wasm.sh splits the app's wasm
WASM_OPT_VERSION=132          # npm package binaryen, pinned in tools/package-lock.json
MIN_NODE_MAJOR=20             # workbox-build 7 and binaryen 132 need it
# Minimum Rust: the crate's rust-version (edition 2024).
MIN_RUST=$(sed -n 's/^rust-version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml)
MIN_RUST=${MIN_RUST:-1.95}

want_browser=0
case "${1:-}" in
  "") ;;
  --browser) want_browser=1 ;;
  -h | --help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) printf 'usage: %s [--browser]\n' "$0" >&2; exit 2 ;;
esac

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

# The pinned tools: tools/node_modules/.bin, then ${CARGO_HOME:-$HOME/.cargo}/bin.
# shellcheck source=scripts/env.sh
source scripts/env.sh
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"

# `cmd --version` matches the regex $2 (output captured first: no pipe, so no SIGPIPE
# false negative under pipefail). The regexes anchor the version on both sides.
version_matches() {
  local out
  out=$("$1" --version 2>/dev/null) || return 1
  [[ $out =~ $2 ]]
}
# Regex for "NAME VERSION" as a whole word: "trunk 0.21.14" but not "trunk 0.21.140".
exact() { printf '(^|[[:space:]])%s([[:space:]]|$)' "${1//./\\.}"; }

# --- prerequisites ------------------------------------------------------------------
command -v rustup >/dev/null \
  || die "rustup not found (looked on PATH and in $CARGO_BIN). Install Rust with rustup: https://rustup.rs"
command -v cargo >/dev/null \
  || die "cargo not found (looked on PATH and in $CARGO_BIN). Install Rust with rustup: https://rustup.rs"

rustc_out=$(rustc --version 2>/dev/null) || die "rustc does not run; try: rustup default stable"
if [[ $rustc_out =~ ^rustc\ ([0-9]+)\.([0-9]+) ]]; then
  have_major=${BASH_REMATCH[1]} have_minor=${BASH_REMATCH[2]}
  need_major=${MIN_RUST%%.*} need_minor=${MIN_RUST#*.}; need_minor=${need_minor%%.*}
  if (( have_major < need_major || (have_major == need_major && have_minor < need_minor) )); then
    die "Rust >= $MIN_RUST is needed (the crate's rust-version, edition 2024); found: $rustc_out. Run: rustup update stable"
  fi
else
  die "cannot read the Rust version from: $rustc_out"
fi

command -v cc >/dev/null \
  || die "no C compiler (cc) found: Rust links with it and trunk's dependencies compile C. Debian: apt-get install build-essential"

command -v node >/dev/null \
  || die "node not found. Node >= $MIN_NODE_MAJOR with npm is needed (workbox-build 7 and binaryen's wasm-opt run on it)."
node_out=$(node --version 2>/dev/null) || die "node does not run"
[[ $node_out =~ ^v([0-9]+)\. ]] || die "cannot read the Node version from: $node_out"
(( BASH_REMATCH[1] >= MIN_NODE_MAJOR )) \
  || die "Node >= $MIN_NODE_MAJOR is needed (workbox-build 7 and binaryen's wasm-opt need it); found $node_out. Install a newer Node."
command -v npm >/dev/null \
  || die "npm not found; it comes with Node (Debian: apt-get install npm). Node >= $MIN_NODE_MAJOR with npm is needed."

# --- Rust side ----------------------------------------------------------------------
targets=$(rustup target list --installed)
if ! grep -qx wasm32-unknown-unknown <<<"$targets"; then
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# trunk and wasm-bindgen-cli compile from source (no binary downloads here). To make
# that first run short: no TLS or update check (the build never downloads: the tools
# are pinned and installed here), one target directory shared by both installs (they
# have many dependencies in common), and a release profile that compiles fast: trunk's
# own profile asks for fat LTO and one codegen unit, which doubles the compile time
# for a tool that mostly waits on cargo and wasm-opt.
tools_target="${TMPDIR:-/tmp}/shogi-tools-build-$$"
tool_build=(--target-dir "$tools_target")
tool_install=(env CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
  CARGO_PROFILE_RELEASE_OPT_LEVEL=2 CARGO_PROFILE_RELEASE_DEBUG=false cargo install)
trap 'rm -rf "$tools_target"' EXIT
if ! version_matches trunk "$(exact "trunk $TRUNK_VERSION")"; then
  log "installing trunk $TRUNK_VERSION (compiles from source, once)"
  "${tool_install[@]}" trunk --version "$TRUNK_VERSION" --locked --no-default-features "${tool_build[@]}"
  version_matches trunk "$(exact "trunk $TRUNK_VERSION")" \
    || die "trunk $TRUNK_VERSION was installed but '$(command -v trunk)' is another version; is CARGO_INSTALL_ROOT set?"
fi

# wasm-bindgen-cli provides both; the test runner must match the crate too.
if ! version_matches wasm-bindgen "$(exact "wasm-bindgen $WASM_BINDGEN_VERSION")" \
  || ! version_matches wasm-bindgen-test-runner "$(exact "wasm-bindgen-test-runner $WASM_BINDGEN_VERSION")"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes, once)"
  "${tool_install[@]}" wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked --no-default-features "${tool_build[@]}"
  version_matches wasm-bindgen "$(exact "wasm-bindgen $WASM_BINDGEN_VERSION")" \
    || die "wasm-bindgen $WASM_BINDGEN_VERSION was installed but '$(command -v wasm-bindgen)' is another version; is CARGO_INSTALL_ROOT set?"
fi

# wasm-split-cli (crate wasm_split_cli_support) prints no version: cargo's list of
# installed crates says which one is there.
if ! command -v wasm-split-cli >/dev/null \
  || ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  log "installing wasm-split-cli $WASM_SPLIT_VERSION (about a minute, once)"
  # --force: a cached ~/.cargo/bin (CI) may hold the binary without cargo's list.
  "${tool_install[@]}" wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --locked \
    --features build-binary --force "${tool_build[@]}"
  command -v wasm-split-cli >/dev/null || die "wasm-split-cli was installed but is not on PATH"
fi

# --- npm side (tools/package-lock.json) ---------------------------------------------
# wasm-opt from binaryen 132 (Debian's is too old and breaks the wasm), lightningcss,
# which minifies the release build's style sheets, workbox-build, which writes the
# offline service worker, and axe-core, which the e2e tests inject into the page
# (tests/e2e/a11y.rs). Reinstalled when the lockfile differs from the
# copy saved after the last `npm ci`, or when one of them is missing.
# wasm-opt prints "wasm-opt version 132 (version_132)": match "version 132" or
# "version_132" but not "version 1320".
wasm_opt_re="version[ _]$WASM_OPT_VERSION([^0-9]|$)"
if ! version_matches tools/node_modules/.bin/wasm-opt "$wasm_opt_re" \
  || [[ ! -f tools/node_modules/axe-core/axe.min.js ]] \
  || ! cmp -s tools/package-lock.json tools/node_modules/.package-lock.json.src; then
  log "installing the npm tools (binaryen, lightningcss, esbuild, workbox-build, axe-core)"
  (cd tools && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.package-lock.json.src)
  version_matches tools/node_modules/.bin/wasm-opt "$wasm_opt_re" \
    || die "tools/node_modules/.bin/wasm-opt is not binaryen $WASM_OPT_VERSION after npm ci; check tools/package-lock.json"
fi

# --- Chromium and chromedriver (tests) ----------------------------------------------
# The tests use $CHROMIUM / $CHROMEDRIVER when set, else the Debian packages' paths.
# A value without a slash is looked up on PATH.
is_runnable() {
  if [[ $1 == */* ]]; then [[ -f $1 && -x $1 ]]; else command -v "$1" >/dev/null; fi
}
if [[ $want_browser == 1 ]]; then
  chromium="${CHROMIUM:-/usr/bin/chromium}"
  chromedriver="${CHROMEDRIVER:-/usr/bin/chromedriver}"
  if [[ -n ${CHROMIUM:-} ]] && ! is_runnable "$CHROMIUM"; then
    die "CHROMIUM=$CHROMIUM is not an executable file; unset it to use /usr/bin/chromium"
  fi
  if [[ -n ${CHROMEDRIVER:-} ]] && ! is_runnable "$CHROMEDRIVER"; then
    die "CHROMEDRIVER=$CHROMEDRIVER is not an executable file; unset it to use /usr/bin/chromedriver"
  fi
  if ! is_runnable "$chromium" || ! is_runnable "$chromedriver"; then
    apt_hint="install the apt packages 'chromium chromium-driver' (apt-get install chromium chromium-driver), or point CHROMIUM and CHROMEDRIVER at a matching browser and driver"
    command -v apt-get >/dev/null || die "Chromium/chromedriver missing and apt-get not found: $apt_hint"
    # `env` carries DEBIAN_FRONTEND through sudo, which resets the environment.
    apt=(env DEBIAN_FRONTEND=noninteractive apt-get)
    if [[ $(id -u) != 0 ]]; then
      command -v sudo >/dev/null \
        || die "Chromium/chromedriver missing, and installing them needs root or sudo (not root, no sudo here): $apt_hint"
      apt=(sudo "${apt[@]}")
    fi
    log "installing chromium and chromium-driver from apt"
    "${apt[@]}" update -qq || die "apt-get update failed; $apt_hint"
    "${apt[@]}" install -y -qq chromium chromium-driver >/dev/null \
      || die "apt-get install chromium chromium-driver failed"
    if ! is_runnable "$chromium" || ! is_runnable "$chromedriver"; then
      die "after apt-get install, $chromium or $chromedriver is still missing"
    fi
  fi
fi
log "tools ready"
