"""Card faces, the card back and casino chips, drawn reproducibly with Pillow into ``assets/``.

The table shows cards small (60-90 px wide), so the design favours a jumbo corner index and a
single large centre pip over the traditional pip layouts, which turn to noise at that size.
A four-colour deck is drawn too, because trainees with red-green colour blindness must still
tell a flush draw from a rainbow board.

Everything is drawn at four times the final size and downsampled with LANCZOS, like the icon in
:mod:`dealer_trainer.art`. Text uses the DejaVu fonts; the committed images were drawn with
DejaVu, so a machine without them falls back to Pillow's bundled font and the pixel-exact test
fails there on purpose rather than silently shipping different art.

Regenerate with ``python -m dealer_trainer.card_art [FOLDER]``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from dealer_trainer.assets_index import (
    ASSETS,
    CHIP_DENOMINATIONS,
    DeckStyle,
    card_path,
    chip_path,
)
from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Rank, Suit

RGB = tuple[int, int, int]
Point = tuple[float, float]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

SCALE = 4
CARD_SIZE = (240, 336)
CHIP_SIZE = 128

PAPER: RGB = (252, 252, 249)
EDGE: RGB = (150, 150, 150)
SPADE_BLACK: RGB = (17, 17, 17)
HEART_RED: RGB = (198, 40, 40)
DIAMOND_BLUE: RGB = (21, 101, 192)
CLUB_GREEN: RGB = (46, 125, 50)
JOKER_PURPLE: RGB = (94, 36, 140)
JOKER_GOLD: RGB = (240, 168, 24)
BACK_RED: RGB = (150, 22, 34)
BACK_LINE: RGB = (196, 70, 78)


SUIT_COLOURS: dict[DeckStyle, dict[Suit, RGB]] = {
    DeckStyle.STANDARD: {
        Suit.SPADES: SPADE_BLACK,
        Suit.HEARTS: HEART_RED,
        Suit.DIAMONDS: HEART_RED,
        Suit.CLUBS: SPADE_BLACK,
    },
    DeckStyle.FOUR_COLOUR: {
        Suit.SPADES: SPADE_BLACK,
        Suit.HEARTS: HEART_RED,
        Suit.DIAMONDS: DIAMOND_BLUE,
        Suit.CLUBS: CLUB_GREEN,
    },
}

CHIP_COLOURS: dict[int, tuple[str, RGB]] = {
    1: ("white", (240, 240, 234)),
    5: ("red", (200, 30, 40)),
    25: ("green", (28, 132, 64)),
    100: ("black", (28, 28, 28)),
    500: ("purple", (112, 44, 156)),
    1000: ("orange", (242, 128, 20)),
}
# Edge inserts and print must contrast with the body; a white chip gets blue inserts as many
# casinos do, and orange takes dark print because white on orange is hard to read small.
_CHIP_INSERT: dict[int, RGB] = {
    1: (30, 90, 170),
    5: (250, 250, 250),
    25: (250, 250, 250),
    100: (250, 250, 250),
    500: (250, 250, 250),
    1000: (250, 250, 250),
}
_CHIP_PRINT: dict[int, RGB] = {
    1: (20, 20, 20),
    5: (255, 255, 255),
    25: (255, 255, 255),
    100: (255, 255, 255),
    500: (255, 255, 255),
    1000: (20, 20, 20),
}
_CHIP_LABEL = {1: "1", 5: "5", 25: "25", 100: "100", 500: "500", 1000: "1K"}

_FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/dejavu-serif-fonts",
    "/usr/local/share/fonts",
    "/Library/Fonts",
    "/opt/homebrew/share/fonts",
    "C:/Windows/Fonts",
)
SANS_BOLD = "DejaVuSans-Bold.ttf"
SERIF_BOLD = "DejaVuSerif-Bold.ttf"


def _font_file(name: str) -> Path | None:
    for folder in _FONT_DIRS:
        path = Path(folder) / name
        if path.is_file():
            return path
    return None


def dejavu_available() -> bool:
    """Whether this machine draws text exactly like the committed art (which used DejaVu)."""
    return all(_font_file(name) is not None for name in (SANS_BOLD, SERIF_BOLD))


@cache
def _font(name: str, size: int) -> Font:
    """A DejaVu face when installed, else Pillow's bundled font so generation never crashes."""
    path = _font_file(name)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _s(value: float) -> float:
    return value * SCALE


# --- suit shapes -------------------------------------------------------------------------------
# Suits are polygons and circles rather than font glyphs, so they look the same whatever fonts
# a machine has, and their size is exact: ``height`` is the ink height of the symbol.


def _bezier(p0: Point, control: Point, p1: Point, steps: int = 24) -> list[Point]:
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points.append(
            (
                u * u * p0[0] + 2 * u * t * control[0] + t * t * p1[0],
                u * u * p0[1] + 2 * u * t * control[1] + t * t * p1[1],
            )
        )
    return points


def _tangent_point(centre: Point, radius: float, tip: Point, outer_sign: float) -> Point:
    """Where a line from ``tip`` touches the circle on its outer side, so lobe and point join
    without a kink."""
    dx, dy = tip[0] - centre[0], tip[1] - centre[1]
    distance = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    spread = math.acos(radius / distance)
    candidates = [
        (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
        for a in (base + spread, base - spread)
    ]
    return max(candidates, key=lambda p: outer_sign * p[0])


def _circle(draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: RGB) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def _heart(
    draw: ImageDraw.ImageDraw, cx: float, top: float, height: float, fill: RGB, flip: bool
) -> None:
    """A heart whose lobes are at ``top``; ``flip`` puts the point at the top (a spade body)."""
    r = 0.27 * height
    lobe_y = r if not flip else height - r
    tip_y = height if not flip else 0.0
    lobes = [(cx - 0.25 * height, top + lobe_y), (cx + 0.25 * height, top + lobe_y)]
    tip = (cx, top + tip_y)
    left = _tangent_point(lobes[0], r, tip, -1)
    right = _tangent_point(lobes[1], r, tip, 1)
    for lobe in lobes:
        _circle(draw, lobe, r, fill)
    draw.polygon([left, lobes[0], lobes[1], right, tip], fill=fill)


def _stem(draw: ImageDraw.ImageDraw, cx: float, top: float, bottom: float, fill: RGB) -> None:
    """The flared foot of a spade or club, with concave sides like a printed pip."""
    height = bottom - top
    half_top, half_foot = 0.05 * height, 0.42 * height
    left = _bezier(
        (cx - half_top, top), (cx - half_top, bottom - 0.1 * height), (cx - half_foot, bottom)
    )
    right = _bezier(
        (cx + half_foot, bottom), (cx + half_top, bottom - 0.1 * height), (cx + half_top, top)
    )
    draw.polygon(left + right, fill=fill)


def draw_suit(
    draw: ImageDraw.ImageDraw, suit: Suit, cx: float, cy: float, height: float, fill: RGB
) -> None:
    """Draw one suit symbol centred on (cx, cy); public so other artwork reuses the same pips."""
    top = cy - height / 2
    if suit is Suit.HEARTS:
        _heart(draw, cx, top, height, fill, flip=False)
    elif suit is Suit.SPADES:
        _heart(draw, cx, top, 0.80 * height, fill, flip=True)
        _stem(draw, cx, top + 0.55 * height, top + height, fill)
    elif suit is Suit.DIAMONDS:
        half_w, half_h = 0.39 * height, 0.5 * height
        corners = [(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)]
        outline: list[Point] = []
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            control = (mid[0] + (cx - mid[0]) * 0.16, mid[1] + (cy - mid[1]) * 0.16)
            outline += _bezier(a, control, b)[:-1]
        draw.polygon(outline, fill=fill)
    else:
        r = 0.235 * height
        leaf_top = (cx, top + r)
        leaf_left = (cx - 0.265 * height, top + 0.56 * height)
        leaf_right = (cx + 0.265 * height, top + 0.56 * height)
        for leaf in (leaf_top, leaf_left, leaf_right):
            _circle(draw, leaf, r, fill)
        draw.polygon([leaf_top, leaf_left, leaf_right], fill=fill)
        _stem(draw, cx, top + 0.5 * height, top + height, fill)


# --- text ---------------------------------------------------------------------------------------


def _text_mask(
    text: str, font_name: str, height: float, max_width: float | None = None
) -> Image.Image:
    """Text as an "L" mask whose ink is exactly ``height`` tall, squeezed to ``max_width`` when
    wider, so "10" fits the same index column as a single letter."""
    probe = _font(font_name, 200)
    left, upper, right, lower = probe.getbbox(text)
    size = max(1, round(200 * height / max(1, lower - upper)))
    font = _font(font_name, size)
    left, upper, right, lower = font.getbbox(text)
    mask = Image.new("L", (int(right - left), int(lower - upper)), 0)
    ImageDraw.Draw(mask).text((-left, -upper), text, fill=255, font=font)
    width, ink_height = mask.size
    target_w = width * height / max(1, ink_height)
    if max_width is not None and target_w > max_width:
        target_w = max_width
    target = (max(1, round(target_w)), max(1, round(height)))
    if target != mask.size:
        mask = mask.resize(target, Image.Resampling.LANCZOS)
    return mask


def _paste_text(
    image: Image.Image,
    text: str,
    font_name: str,
    centre_x: float,
    top: float,
    height: float,
    fill: RGB,
    max_width: float | None = None,
) -> None:
    mask = _text_mask(text, font_name, height, max_width)
    x = round(centre_x - mask.width / 2)
    image.paste(fill, (x, round(top)), mask)


# --- cards --------------------------------------------------------------------------------------


def _blank_card() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    width, height = _s(CARD_SIZE[0]), _s(CARD_SIZE[1])
    image = Image.new("RGBA", (int(width), int(height)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=_s(14), fill=PAPER, outline=EDGE, width=int(_s(1.5))
    )
    return image, draw


def _finish(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return image.resize(size, Image.Resampling.LANCZOS)


def _add_both_corners(image: Image.Image, corner: Image.Image) -> None:
    """Real cards repeat the index upside down in the opposite corner, for either hand's fan."""
    image.alpha_composite(corner)
    image.alpha_composite(corner.transpose(Image.Transpose.ROTATE_180))


INDEX_X = 36
INDEX_RANK_TOP, INDEX_RANK_HEIGHT, INDEX_RANK_WIDTH = 14, 56, 60
INDEX_SUIT_CY, INDEX_SUIT_HEIGHT = 103, 46


def _index_layer(card: Card, colour: RGB) -> Image.Image:
    layer = Image.new("RGBA", (int(_s(CARD_SIZE[0])), int(_s(CARD_SIZE[1]))), (0, 0, 0, 0))
    rank = "10" if card.rank is Rank.TEN else card.rank.value
    _paste_text(
        layer,
        rank,
        SANS_BOLD,
        _s(INDEX_X),
        _s(INDEX_RANK_TOP),
        _s(INDEX_RANK_HEIGHT),
        colour,
        max_width=_s(INDEX_RANK_WIDTH),
    )
    draw_suit(
        ImageDraw.Draw(layer),
        card.suit,
        _s(INDEX_X),
        _s(INDEX_SUIT_CY),
        _s(INDEX_SUIT_HEIGHT),
        colour,
    )
    return layer


def _tint(colour: RGB, amount: float, base: RGB = PAPER) -> RGB:
    r, g, b = (round(c * amount + p * (1 - amount)) for c, p in zip(colour, base, strict=True))
    return (r, g, b)


FRAME = (66, 22, 174, 314)


def _frame(draw: ImageDraw.ImageDraw, colour: RGB, fill: RGB) -> None:
    """The court-card frame: a double rule around a tinted panel, the cue that says "face"."""
    left, top, right, bottom = (_s(v) for v in FRAME)
    draw.rounded_rectangle(
        (left, top, right, bottom), radius=_s(6), fill=fill, outline=colour, width=int(_s(2.5))
    )
    inset = _s(5)
    draw.rounded_rectangle(
        (left + inset, top + inset, right - inset, bottom - inset),
        radius=_s(3),
        outline=colour,
        width=int(_s(1)),
    )


def _crown(
    draw: ImageDraw.ImageDraw, cx: float, base: float, width: float, colour: RGB, king: bool
) -> None:
    """A king's crown has pointed tips, a queen's round ones: a second cue besides the letter."""
    height = 0.55 * width
    half = width / 2
    band = 0.22 * height
    draw.rectangle((cx - half, base - band, cx + half, base), fill=colour)
    tips = [cx - half, cx - half / 2, cx, cx + half / 2, cx + half]
    peaks = [0.75, 0.9, 1.0, 0.9, 0.75] if king else [0.7, 0.85, 0.95, 0.85, 0.7]
    outline: list[Point] = [(cx - half, base - band)]
    for i, (x, peak) in enumerate(zip(tips, peaks, strict=True)):
        outline.append((x, base - peak * height))
        if i < len(tips) - 1:
            outline.append(((x + tips[i + 1]) / 2, base - 0.45 * height))
    outline.append((cx + half, base - band))
    draw.polygon(outline, fill=colour)
    for x, peak in zip(tips, peaks, strict=True):
        radius = 0.07 * width if king else 0.09 * width
        _circle(draw, (x, base - peak * height), radius, colour)


def _jack_cap(draw: ImageDraw.ImageDraw, cx: float, base: float, width: float, colour: RGB) -> None:
    """A knave's plumed cap, so the jack's emblem differs from both crowns."""
    half = width / 2
    brim = 0.16 * width
    draw.rounded_rectangle((cx - half, base - brim, cx + half, base), radius=brim / 2, fill=colour)
    dome_w, dome_h = 0.62 * width, 0.5 * width
    draw.pieslice(
        (cx - dome_w / 2, base - brim - dome_h, cx + dome_w / 2, base - brim + dome_h),
        180,
        360,
        fill=colour,
    )
    # The plume: an ellipse leaning right from the top of the dome.
    plume: list[Point] = []
    tilt = math.radians(-35)
    px, py = cx + 0.3 * width, base - brim - 0.62 * dome_h
    a, b = 0.36 * width, 0.1 * width
    for i in range(48):
        t = 2 * math.pi * i / 48
        x, y = a * math.cos(t), b * math.sin(t)
        plume.append(
            (
                px + x * math.cos(tilt) - y * math.sin(tilt),
                py + x * math.sin(tilt) + y * math.cos(tilt),
            )
        )
    draw.polygon(plume, fill=colour)


def _court_half(card: Card, colour: RGB) -> Image.Image:
    """The upper half of a court card's panel; the lower half is this turned round."""
    layer = Image.new("RGBA", (int(_s(CARD_SIZE[0])), int(_s(CARD_SIZE[1]))), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    cx = _s(CARD_SIZE[0] / 2)
    draw_suit(draw, card.suit, cx, _s(56), _s(34), colour)
    if card.rank is Rank.JACK:
        _jack_cap(draw, cx, _s(118), _s(60), colour)
    else:
        _crown(draw, cx, _s(116), _s(62), colour, king=card.rank is Rank.KING)
    return layer


def _draw_face_card(image: Image.Image, card: Card, colour: RGB) -> None:
    draw = ImageDraw.Draw(image)
    _frame(draw, colour, _tint(colour, 0.10))
    _add_both_corners(image, _court_half(card, colour))
    _paste_text(
        image, card.rank.value, SERIF_BOLD, _s(CARD_SIZE[0] / 2), _s(168 - 40), _s(80), colour
    )


def _draw_joker(image: Image.Image) -> None:
    """A jester on a gold star in a purple frame: nothing else in the deck looks like it."""
    draw = ImageDraw.Draw(image)
    corner = Image.new("RGBA", image.size, (0, 0, 0, 0))
    for i, letter in enumerate("JOKER"):
        _paste_text(
            corner, letter, SANS_BOLD, _s(INDEX_X - 12), _s(16 + i * 30), _s(23), JOKER_PURPLE
        )
    corner_draw = ImageDraw.Draw(corner)
    _star(corner_draw, _s(INDEX_X - 12), _s(180), _s(14), JOKER_GOLD, JOKER_PURPLE)
    _add_both_corners(image, corner)

    _frame(draw, JOKER_PURPLE, _tint(JOKER_GOLD, 0.14))
    cx = _s(CARD_SIZE[0] / 2)
    _star(draw, cx, _s(204), _s(48), JOKER_GOLD, JOKER_PURPLE)
    _jester_hat(draw, cx, _s(146), _s(80))
    _paste_text(image, "JOKER", SANS_BOLD, cx, _s(266), _s(22), JOKER_PURPLE, max_width=_s(96))


def _star(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, fill: RGB, outline: RGB
) -> None:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        r = radius if i % 2 == 0 else radius * 0.45
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=outline, width=max(1, int(radius * 0.08)))


def _jester_hat(draw: ImageDraw.ImageDraw, cx: float, base: float, width: float) -> None:
    """Three drooping points with bells over a chequered band."""
    half = width / 2
    height = 0.8 * width
    colours = (HEART_RED, JOKER_PURPLE, DIAMOND_BLUE)
    tips = [
        (cx - 1.05 * half, base - 0.35 * height),
        (cx, base - 1.0 * height),
        (cx + 1.05 * half, base - 0.35 * height),
    ]
    feet = [
        (cx - half, cx - 0.25 * half),
        (cx - 0.4 * half, cx + 0.4 * half),
        (cx + 0.25 * half, cx + half),
    ]
    for (tip_x, tip_y), (foot_l, foot_r), colour in zip(tips, feet, colours, strict=True):
        sag = -0.25 * height if tip_x != cx else 0.0
        left = _bezier(
            (foot_l, base),
            ((foot_l + tip_x) / 2 - 0.1 * half, base - 0.75 * height + sag),
            (tip_x, tip_y),
        )
        right = _bezier(
            (tip_x, tip_y),
            ((foot_r + tip_x) / 2 + 0.1 * half, base - 0.55 * height + sag),
            (foot_r, base),
        )
        draw.polygon(left + right, fill=colour, outline=SPADE_BLACK, width=int(0.02 * width))
    for tip in tips:
        _circle(draw, tip, 0.09 * width, SPADE_BLACK)
        _circle(draw, tip, 0.075 * width, JOKER_GOLD)
    band_h = 0.14 * width
    squares = 6
    step = width / squares
    for i in range(squares):
        colour = JOKER_GOLD if i % 2 == 0 else JOKER_PURPLE
        x0 = cx - half + i * step
        draw.rectangle((x0, base, x0 + step, base + band_h), fill=colour)
    draw.rectangle(
        (cx - half, base, cx + half, base + band_h), outline=SPADE_BLACK, width=int(0.02 * width)
    )


def draw_card(card: Card, style: DeckStyle) -> Image.Image:
    """One card face, 240x336 RGBA with transparent rounded corners."""
    image, draw = _blank_card()
    if card.is_joker:
        _draw_joker(image)
        return _finish(image, CARD_SIZE)
    colour = SUIT_COLOURS[style][card.suit]
    _add_both_corners(image, _index_layer(card, colour))
    cx, cy = _s(CARD_SIZE[0] / 2), _s(CARD_SIZE[1] / 2)
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        _draw_face_card(image, card, colour)
    elif card.rank is Rank.ACE:
        draw_suit(draw, card.suit, cx, cy, _s(126), colour)
    else:
        draw_suit(draw, card.suit, cx, cy, _s(108), colour)
    return _finish(image, CARD_SIZE)


def draw_back() -> Image.Image:
    """The face-down card: a red lattice inside a white border, unmistakable for a face."""
    image, draw = _blank_card()
    width, height = image.size
    margin = _s(11)
    inner = (margin, margin, width - 1 - margin, height - 1 - margin)
    pattern = Image.new("RGBA", image.size, (*BACK_RED, 255))
    pattern_draw = ImageDraw.Draw(pattern)
    step = _s(18)
    line = int(_s(2))
    span = width + height
    offset = -float(height)
    while offset < span:
        pattern_draw.line([(offset, 0), (offset + height, height)], fill=BACK_LINE, width=line)
        pattern_draw.line([(offset + height, 0), (offset, height)], fill=BACK_LINE, width=line)
        offset += step
    # A centre medallion gives the eye an anchor and makes the back look printed, not tiled.
    cx, cy = width / 2, height / 2
    medallion = [(cx, cy - _s(62)), (cx + _s(44), cy), (cx, cy + _s(62)), (cx - _s(44), cy)]
    pattern_draw.polygon(medallion, fill=BACK_RED, outline=PAPER, width=int(_s(3)))
    for suit, dx, dy in (
        (Suit.SPADES, 0, -26),
        (Suit.HEARTS, 0, 26),
        (Suit.DIAMONDS, -18, 0),
        (Suit.CLUBS, 18, 0),
    ):
        draw_suit(pattern_draw, suit, cx + _s(dx), cy + _s(dy), _s(20), PAPER)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=_s(8), fill=255)
    image.paste(pattern, (0, 0), mask)
    draw.rounded_rectangle(inner, radius=_s(8), outline=BACK_LINE, width=int(_s(1.5)))
    return _finish(image, CARD_SIZE)


# --- chips --------------------------------------------------------------------------------------


def draw_chip(denomination: int) -> Image.Image:
    """A chip seen from above, 128x128 RGBA: body colour, edge inserts, inner ring, value."""
    try:
        _, body = CHIP_COLOURS[denomination]
    except KeyError:
        raise ValueError(f"no chip for {denomination}; chips are {CHIP_DENOMINATIONS}") from None
    insert, ink = _CHIP_INSERT[denomination], _CHIP_PRINT[denomination]
    big = int(_s(CHIP_SIZE))
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = big / 2
    outer = c - _s(1)
    outline = _tint((0, 0, 0), 0.55, body)
    _circle(draw, (c, c), outer, outline)
    _circle(draw, (c, c), outer - _s(1.6), body)
    inserts, span = 8, 18.0
    rim_out, rim_in = outer - _s(2.4), outer - _s(14)
    for i in range(inserts):
        middle = -90 + i * 360 / inserts
        start, end = middle - span / 2, middle + span / 2
        ring = (c - rim_out, c - rim_out, c + rim_out, c + rim_out)
        draw.pieslice(ring, start, end, fill=insert)
    _circle(draw, (c, c), rim_in, body)
    inlay = _s(40)
    _circle(draw, (c, c), inlay + _s(3), insert)
    _circle(draw, (c, c), inlay, body)
    # Dashes around the inlay, as printed on real chips; they also tell body from ring at a
    # glance when the chip is shown very small.
    dash_r = inlay + _s(8)
    for i in range(24):
        angle = 2 * math.pi * i / 24
        _circle(draw, (c + dash_r * math.cos(angle), c + dash_r * math.sin(angle)), _s(1.3), insert)
    label = _CHIP_LABEL[denomination]
    height = {1: 40, 2: 36, 3: 27}.get(len(label), 27)
    _paste_text(image, label, SANS_BOLD, c, c - _s(height) / 2, _s(height), ink, max_width=_s(64))
    return image.resize((CHIP_SIZE, CHIP_SIZE), Image.Resampling.LANCZOS)


# --- files --------------------------------------------------------------------------------------


def all_cards() -> tuple[Card, ...]:
    """Every face drawn: the 52 cards and the joker, which some games deal as a wild card."""
    return (*STANDARD_CARDS, JOKER)


def _save(image: Image.Image, path: Path) -> Path:
    """Fixed save options and no metadata, so regenerating gives the same bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", optimize=True)
    return path


def _jobs(root: Path) -> Iterable[tuple[Path, Image.Image]]:
    for style in DeckStyle:
        for card in all_cards():
            yield card_path(card, style, root), draw_card(card, style)
    yield card_path(None, DeckStyle.STANDARD, root), draw_back()
    for denomination in CHIP_DENOMINATIONS:
        yield chip_path(denomination, root), draw_chip(denomination)


def generate(root: Path = ASSETS) -> list[Path]:
    """Write every card face, the back and every chip under ``root``; returns the paths."""
    return [_save(image, path) for path, image in _jobs(root)]


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate into FOLDER (default ``assets/``), printing each path for review in a diff."""
    args = sys.argv[1:] if argv is None else list(argv)
    for path in generate(Path(args[0]) if args else ASSETS):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
