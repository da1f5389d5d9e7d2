#!/usr/bin/env bash
# Regenerates the pieces' web font, assets/fonts/pieces.woff2 ("Shogi Pieces" in
# style/board.css), and its licence, assets/fonts/OFL.txt: the few characters written on
# the pieces and in the names of the piece sets, cut out of Noto Serif JP Bold, so the
# kanji pieces read the same on every device, with or without a CJK font of its own.
# The generated files are committed: the build needs neither this script, Python nor
# the network.
#
# Usage: scripts/make-piece-font.sh
#
# Source: Noto Serif JP, weight 700 (Bold), the static TTF from Google Fonts as the npm
# package @expo-google-fonts/noto-serif-jp ships it (pinned below). Copyright Google and
# Adobe, SIL Open Font License 1.1 (no Reserved Font Name), which allows a subset
# to be made and redistributed with the licence beside it. A mincho (serif) face: the
# brush-like strokes of a wooden shogi piece, where a gothic face looks like a sign.
#
# Tools: fonttools' pyftsubset with brotli (WOFF2), pinned, installed by pip into a
# virtualenv under target/piece-font/ (Python 3 with venv needed, and npm). Idempotent:
# a second run reuses the virtualenv and the package, and writes the same bytes
# (pyftsubset keeps the source's timestamps).
#
# A new character on a piece or in a piece set's name goes into PIECE_CHARS below, then
# rerun this script and copy the unicode-range it prints into style/board.css:
# tests/piece_font.rs fails until both cover every character the code and the
# translations use there.
set -euo pipefail
cd "$(dirname "$0")/.."

FONT_PACKAGE=@expo-google-fonts/noto-serif-jp
FONT_PACKAGE_VERSION=0.4.3        # Noto Serif JP v33 (Google Fonts), OFL-1.1
FONT_FILE=700Bold/NotoSerifJP_700Bold.ttf
FONTTOOLS_VERSION=4.68.0
BROTLI_VERSION=1.2.1

# The characters of the font, in one place (tests/piece_font.rs reads this line):
# the pieces' kanji 玉 王 飛 龍 金 銀 全 歩 と (王: the other king of a shogi set), and the
# rest of the piece sets' names in every language (src/ui/locales/*.json: style_kanji,
# style_letters, piece_set_marks, piece_set_pawns): 漢字 ローマ字 記号 将棋の, the
# full-width brackets （ ） and the marks ● ○.
PIECE_CHARS="玉王飛龍金銀全歩と漢字ローマ記号将棋の（）●○"

OUT_DIR=assets/fonts
OUT=$OUT_DIR/pieces.woff2
WORK=target/piece-font
VENV=$WORK/venv

log() { printf '\033[1;34m[piece-font]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[piece-font] error:\033[0m %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 not found (Debian: apt-get install python3 python3-venv)"
command -v npm >/dev/null || die "npm not found (Debian: apt-get install npm)"
mkdir -p "$WORK" "$OUT_DIR"

# --- fonttools + brotli in a virtualenv ---------------------------------------------
want="fonttools==$FONTTOOLS_VERSION brotli==$BROTLI_VERSION"
if [[ ! -x $VENV/bin/pyftsubset ]] || [[ "$(cat "$VENV/.installed" 2>/dev/null)" != "$want" ]]; then
  log "installing $want into $VENV"
  python3 -m venv "$VENV" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  # shellcheck disable=SC2086
  "$VENV/bin/pip" install --quiet --disable-pip-version-check $want
  printf '%s' "$want" >"$VENV/.installed"
fi

# --- the source font, from the npm registry ------------------------------------------
pkg_dir=$WORK/$FONT_PACKAGE_VERSION
src=$pkg_dir/package/$FONT_FILE
if [[ ! -f $src || ! -f $pkg_dir/package/LICENSE_FONT ]]; then
  log "fetching $FONT_PACKAGE@$FONT_PACKAGE_VERSION"
  rm -rf "$pkg_dir" && mkdir -p "$pkg_dir"
  tarball=$(cd "$pkg_dir" && npm pack --silent --loglevel=error "$FONT_PACKAGE@$FONT_PACKAGE_VERSION" | tail -n 1)
  tar -xzf "$pkg_dir/$tarball" -C "$pkg_dir" "package/$FONT_FILE" package/LICENSE_FONT package/metadata.json
  rm -f "$pkg_dir/$tarball"
fi

# --- the subset ------------------------------------------------------------------------
chars=${PIECE_CHARS// /}
# Name IDs 0-6 (copyright, names, version) and 13-14 (the licence and its URL).
"$VENV/bin/pyftsubset" "$src" \
  --text="$chars" \
  --flavor=woff2 \
  --name-IDs=0,1,2,3,4,5,6,13,14 \
  --name-languages='*' \
  --no-hinting \
  --desubroutinize \
  --output-file="$OUT"
cp "$pkg_dir/package/LICENSE_FONT" "$OUT_DIR/OFL.txt"

# Every character must be in the result: pyftsubset drops a missing one silently.
PIECE_CHARS=$chars "$VENV/bin/python" - "$OUT" <<'EOF'
import os, sys
from fontTools.ttLib import TTFont
cmap = TTFont(sys.argv[1]).getBestCmap()
missing = [c for c in os.environ["PIECE_CHARS"] if ord(c) not in cmap]
if missing:
    sys.exit(f"[piece-font] error: not in the font: {' '.join(missing)}")
print("unicode-range: " + ", ".join(f"U+{ord(c):04X}" for c in sorted(set(os.environ["PIECE_CHARS"]))) + ";")
EOF

raw=$(stat -c %s "$OUT")
gz=$(gzip -9c "$OUT" | wc -c)
log "$OUT: ${#chars} characters, $raw bytes raw, $gz bytes gzipped (gzip -9)"
