#!/usr/bin/env python3
"""Draws the app's icons (assets/icons/*.png) for the web app manifest.

A shogi piece seen from above -- the five-sided koma, point up -- in light wood with a
dark rim, carrying the app's mark: a white stone sandwiched between two black ones
(hasami, the capture of Hasami Shogi). Drawn at 4x and scaled down for smooth edges.
Needs only Pillow (pip install pillow); no font, so every machine draws the same PNGs.

Writes, in pixels:
  icon-192.png, icon-512.png   purpose "any": the piece on a transparent background
  maskable-512.png             purpose "maskable": full-bleed background, the piece kept
                               inside the central 80 % circle that every mask keeps
  favicon-32.png               the tab icon

Usage: python3 tools/make-icons.py [OUT_DIR]   (default: assets/icons)
"""

import sys
from pathlib import Path

from PIL import Image, ImageDraw

WOOD = (240, 208, 150, 255)
WOOD_EDGE = (214, 174, 112, 255)
RIM = (59, 42, 26, 255)  # the manifest's theme colour, #3b2a1a
BACKGROUND = (59, 42, 26, 255)
BLACK = (30, 24, 20, 255)
WHITE = (250, 246, 238, 255)
SCALE = 4


def piece_outline(cx, cy, h):
    """The koma's five corners for a piece `h` high centred on (cx, cy): a point at the
    top, shoulders at 30 % of the height, a base slightly wider than the shoulders."""
    w_base, w_shoulder = 0.80 * h, 0.70 * h
    top = cy - h / 2
    return [
        (cx, top),
        (cx + w_shoulder / 2, top + 0.30 * h),
        (cx + w_base / 2, top + h),
        (cx - w_base / 2, top + h),
        (cx - w_shoulder / 2, top + 0.30 * h),
    ]


def draw_piece(draw, cx, cy, h):
    """The piece `h` pixels high centred on (cx, cy), with its three stones."""
    rim = max(2, round(h * 0.035))
    draw.polygon(piece_outline(cx, cy, h), fill=RIM)
    inner = piece_outline(cx, cy + rim * 0.35, h - 2.6 * rim)
    draw.polygon(inner, fill=WOOD_EDGE)
    draw.polygon(piece_outline(cx, cy + rim * 0.6, h - 4.2 * rim), fill=WOOD)
    # The stones, on the wide lower part of the piece.
    r = 0.095 * h
    y = cy + 0.14 * h
    gap = 2.25 * r
    for i, colour in enumerate((BLACK, WHITE, BLACK)):
        x = cx + (i - 1) * gap
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=RIM, width=max(1, round(r * 0.18)))


def render(size, maskable):
    """One icon, `size` pixels square."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), BACKGROUND if maskable else (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    # Maskable: the piece fits the central circle of diameter 80 % (the safe zone).
    h = big * (0.60 if maskable else 0.94)
    draw_piece(draw, big / 2, big / 2, h)
    return image.resize((size, size), Image.LANCZOS)


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "assets/icons")
    out.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
        ("favicon-32.png", 32, False),
    ]:
        render(size, maskable).save(out / name, optimize=True)
        print(f"{out / name}: {size}x{size}")


if __name__ == "__main__":
    main()
