"""Reproducible artwork drawn with Pillow into ``assets/``.

Art is generated, not hand-edited, so it can be redrawn at any size and regenerated
identically on any machine: ``python -m dealer_trainer.art [FOLDER]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from dealer_trainer.assets_index import ASSETS, icon_path

FELT = (18, 94, 56, 255)
RAIL = (92, 54, 28, 255)
CARD = (250, 250, 246, 255)
INK = (20, 20, 20, 255)


def draw_icon(size: int = 256) -> Image.Image:
    """The application icon: a card showing a spade on a felt disc with a wooden rail."""
    scale = 4
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=RAIL)
    inset = big // 16
    draw.ellipse((inset, inset, big - inset - 1, big - inset - 1), fill=FELT)
    w, h = big * 0.42, big * 0.58
    left, top = (big - w) / 2, (big - h) / 2
    draw.rounded_rectangle((left, top, left + w, top + h), radius=big // 24, fill=CARD)
    cx, cy, r = big / 2, big / 2 - big * 0.03, big * 0.085
    draw.ellipse((cx - 2 * r, cy - r * 0.4, cx, cy + r * 1.6), fill=INK)
    draw.ellipse((cx, cy - r * 0.4, cx + 2 * r, cy + r * 1.6), fill=INK)
    draw.polygon([(cx - 2 * r, cy + r * 0.5), (cx + 2 * r, cy + r * 0.5), (cx, cy - 2.2 * r)], INK)
    draw.polygon([(cx, cy + r * 0.6), (cx - r, cy + 2.6 * r), (cx + r, cy + 2.6 * r)], INK)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def generate(folder: Path = ASSETS) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    path = icon_path(folder)
    draw_icon().save(path, optimize=False)
    return [path]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for path in generate(Path(args[0]) if args else ASSETS):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
