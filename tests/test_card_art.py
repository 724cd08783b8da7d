"""Card and chip artwork: reproducible, complete, and carrying the colours trainees rely on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from dealer_trainer.assets_index import (
    ASSETS,
    CHIP_DENOMINATIONS,
    DeckStyle,
    card_path,
    chip_path,
)
from dealer_trainer.card_art import (
    CARD_SIZE,
    CHIP_COLOURS,
    CHIP_SIZE,
    PAPER,
    dejavu_available,
    draw_back,
    draw_card,
    draw_chip,
    generate,
)
from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Rank, Suit, parse_card

PIP_RANKS = (Rank.ACE, *(r for r in Rank if r.index <= Rank.TEN.index))

# Colour names as anyone would picture them, independent of the palette under test.
NAMED = {
    "white": (255, 255, 255),
    "black": (0, 0, 0),
    "grey": (128, 128, 128),
    "red": (220, 20, 20),
    "green": (0, 150, 0),
    "blue": (0, 0, 255),
    "purple": (128, 0, 128),
    "orange": (255, 140, 0),
    "yellow": (255, 255, 0),
    "pink": (255, 192, 203),
    "brown": (139, 69, 19),
}


def nearest_name(rgb: tuple[int, ...]) -> str:
    return min(
        NAMED, key=lambda name: sum((a - b) ** 2 for a, b in zip(NAMED[name], rgb[:3], strict=True))
    )


def dominant(image: Image.Image) -> tuple[int, ...]:
    """The commonest fully opaque colour, i.e. the body rather than antialiased edges."""
    rgba = image.convert("RGBA")
    colours = rgba.getcolors(maxcolors=rgba.width * rgba.height) or []
    _count, colour = max((n, c) for n, c in colours if c[3] == 255)  # type: ignore[index]
    return tuple(colour[:3])  # type: ignore[index]


def centre(image: Image.Image) -> tuple[int, ...]:
    return image.convert("RGB").getpixel((image.width // 2, image.height // 2))  # type: ignore[return-value]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """One regeneration shared by the tests: drawing all 113 images takes a few seconds."""
    root = tmp_path_factory.mktemp("art")
    return root, generate(root)


@pytest.mark.skipif(not dejavu_available(), reason="the committed art was drawn with DejaVu")
def test_generated_art_matches_the_committed_assets(generated: tuple[Path, list[Path]]) -> None:
    root, paths = generated
    for path in paths:
        relative = path.relative_to(root)
        committed = ASSETS / relative
        assert committed.exists(), f"run python -m dealer_trainer.card_art to create {relative}"
        fresh, shipped = Image.open(path), Image.open(committed)
        assert fresh.size == shipped.size, relative
        assert fresh.mode == shipped.mode == "RGBA", relative
        assert fresh.tobytes() == shipped.tobytes(), f"{relative} differs; regenerate the art"


def test_every_face_the_back_and_every_chip_are_committed() -> None:
    for style in DeckStyle:
        faces = sorted((ASSETS / "cards" / style.value).glob("*.png"))
        assert len(faces) == 53
        assert {p.stem for p in faces} == {c.notation for c in (*STANDARD_CARDS, JOKER)}
        for card in (*STANDARD_CARDS, JOKER):
            assert card_path(card, style).is_file()
            assert Image.open(card_path(card, style)).size == CARD_SIZE
    assert card_path(None, DeckStyle.STANDARD).is_file()
    assert card_path(None, DeckStyle.FOUR_COLOUR) == card_path(None, DeckStyle.STANDARD)
    assert sorted(p.name for p in (ASSETS / "chips").glob("*.png")) == sorted(
        f"{d}.png" for d in CHIP_DENOMINATIONS
    )
    for denomination in CHIP_DENOMINATIONS:
        assert Image.open(chip_path(denomination)).size == (CHIP_SIZE, CHIP_SIZE)


def test_generate_writes_both_decks_the_back_and_the_chips(
    generated: tuple[Path, list[Path]],
) -> None:
    _root, paths = generated
    assert len(paths) == len(set(paths)) == 2 * 53 + 1 + len(CHIP_DENOMINATIONS)
    assert all(p.is_file() for p in paths)


def test_cards_have_transparent_corners_and_an_opaque_body() -> None:
    image = draw_card(parse_card("As"), DeckStyle.STANDARD)
    assert image.mode == "RGBA"
    assert image.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert image.getpixel((CARD_SIZE[0] - 1, CARD_SIZE[1] - 1))[3] == 0  # type: ignore[index]
    assert image.getpixel((CARD_SIZE[0] // 2, 4))[3] == 255  # type: ignore[index]


@pytest.mark.parametrize("rank", PIP_RANKS, ids=lambda r: r.value)
def test_four_colour_deck_recolours_diamonds_and_clubs_only(rank: Rank) -> None:
    for suit in Suit:
        card = Card.of(rank, suit)
        standard = centre(draw_card(card, DeckStyle.STANDARD))
        four = centre(draw_card(card, DeckStyle.FOUR_COLOUR))
        if suit in (Suit.DIAMONDS, Suit.CLUBS):
            assert standard != four, card
        else:
            assert standard == four, card
        expected = {
            DeckStyle.STANDARD: "red" if suit.is_red else "black",
            DeckStyle.FOUR_COLOUR: {
                Suit.SPADES: "black",
                Suit.HEARTS: "red",
                Suit.DIAMONDS: "blue",
                Suit.CLUBS: "green",
            }[suit],
        }
        assert nearest_name(standard) == expected[DeckStyle.STANDARD], card
        assert nearest_name(four) == expected[DeckStyle.FOUR_COLOUR], card


def test_four_colour_court_cards_are_recoloured_too() -> None:
    for rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        for suit in (Suit.DIAMONDS, Suit.CLUBS):
            card = Card.of(rank, suit)
            assert (
                draw_card(card, DeckStyle.STANDARD).tobytes()
                != draw_card(card, DeckStyle.FOUR_COLOUR).tobytes()
            )


def test_the_back_cannot_be_mistaken_for_a_face() -> None:
    back = dominant(draw_back())
    red, green, blue = back
    assert red > 2 * max(green, blue), "a deep red back"
    for card in (parse_card("As"), parse_card("Kh"), JOKER):
        for style in DeckStyle:
            face = dominant(draw_card(card, style))
            assert face == PAPER
            assert sum(abs(a - b) for a, b in zip(face, back, strict=True)) > 200


@pytest.mark.parametrize("denomination", CHIP_DENOMINATIONS)
def test_chip_body_is_its_casino_colour(denomination: int) -> None:
    name, rgb = CHIP_COLOURS[denomination]
    body = dominant(draw_chip(denomination))
    assert nearest_name(body) == name
    assert all(abs(a - b) <= 8 for a, b in zip(body, rgb, strict=True))


def test_chip_denominations_and_colours_agree() -> None:
    assert tuple(CHIP_COLOURS) == CHIP_DENOMINATIONS == (1, 5, 25, 100, 500, 1000)
    names = [name for name, _ in CHIP_COLOURS.values()]
    assert names == ["white", "red", "green", "black", "purple", "orange"]
    with pytest.raises(ValueError):
        draw_chip(2)


def test_a_white_chip_has_a_dark_rim_so_it_shows_on_white() -> None:
    chip = draw_chip(1).convert("RGBA")
    edge = [chip.getpixel((CHIP_SIZE // 2, y)) for y in range(6)]
    assert any(p[3] == 255 and max(p[:3]) < 170 for p in edge)  # type: ignore[index]
