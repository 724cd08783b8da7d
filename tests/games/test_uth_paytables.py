"""Every Ultimate Texas Hold 'Em paytable row, checked against the regulation as printed.

The expected tables below are transcribed by hand from seed 001 (ch. 653b) and from
regulations/ultimate-texas-holdem.md for § 653a.12 (Pennsylvania Code, not in the seeds), so a
typo in the data file fails here rather than at a trainee's table.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.games.uth.paytables import load_uth_paytables, uth_paytables
from dealer_trainer.games.uth.wagers import (
    BonusEvent,
    Condition,
    HandSource,
    UltimatePairsHand,
    UthWager,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import Provenance

CATALOG = uth_paytables()
R = HandRank
UP = UltimatePairsHand
FIVE = [R.ROYAL_FLUSH, R.STRAIGHT_FLUSH, R.FOUR_OF_A_KIND, R.FULL_HOUSE, R.FLUSH, R.STRAIGHT]

TRIPS = {  # § 653a.12(c) A-D [CODE]; § 653b.2(b) E [SEED]
    "A": ["50 to 1", "40 to 1", "30 to 1", "9 to 1", "7 to 1", "4 to 1", "3 to 1"],
    "B": ["50 to 1", "40 to 1", "30 to 1", "8 to 1", "6 to 1", "5 to 1", "3 to 1"],
    "C": ["50 to 1", "40 to 1", "30 to 1", "8 to 1", "7 to 1", "4 to 1", "3 to 1"],
    "D": ["50 to 1", "40 to 1", "20 to 1", "7 to 1", "6 to 1", "5 to 1", "3 to 1"],
    "E": ["50 to 1", "40 to 1", "30 to 1", "7 to 1", "6 to 1", "5 to 1", "3 to 1"],
}
BOARD = {  # § 653b.4(f)
    "A": ["1,000 to 1", "200 to 1", "100 to 1", "50 to 1", "40 to 1", "25 to 1", "7 to 1"],
    "B": ["1,000 to 1", "200 to 1", "100 to 1", "50 to 1", "40 to 1", "25 to 1", "6 to 1"],
    "C": ["1,000 to 1", "200 to 1", "100 to 1", "50 to 1", "40 to 1", "20 to 1", "6 to 1"],
}
PAIRS_ROWS = [
    UP.PLAYER_AND_DEALER_ACES,
    UP.RED_ACES,
    UP.ACES,
    UP.ACE_KING_SUITED,
    UP.ACE_QUEEN_OR_JACK_SUITED,
    UP.ACE_KING,
    UP.KINGS_QUEENS_OR_JACKS,
    UP.ACE_QUEEN_OR_JACK,
    UP.TENS_OR_LESS,
]
PAIRS_TO_ONE: dict[str, list[int | None]] = {  # § 653b.5(f), "X to 1"; None = N/A
    "A": [None, None, 30, 25, 20, 15, 10, 5, 3],
    "B": [None, None, 30, 20, 20, 10, 5, 10, 5],
    "C": [None, 100, 30, 20, 20, 10, 4, 10, 4],
    "D": [None, 50, 25, 20, 20, 10, 5, 10, 5],
    "E": [None, None, 25, 20, 20, 10, 5, 10, 5],
    "F": [1000, None, 30, 25, 20, 15, 10, 5, 3],
}
PAIRS = {
    letter: ["N/A" if x is None else f"{x:,} to 1" for x in column]
    for letter, column in PAIRS_TO_ONE.items()
}


def printed(wager: UthWager, letter: str) -> list[tuple[object, str]]:
    return [(row.hand, str(row.odds)) for row in CATALOG.get(wager, letter).rows]


def test_ante_and_play_pay_one_to_one_under_653a_12_a() -> None:
    for wager in (UthWager.ANTE, UthWager.PLAY):
        table = CATALOG.get(wager)
        assert printed(wager, "") == [(Condition.PLAYER_BEATS_DEALER, "1 to 1")]
        assert table.citation.short == "§ 653a.12(a)"
        assert table.provenance is Provenance.CODE
        assert table.cards is HandSource.PLAYER_AND_BOARD


def test_blind_paytables_a_and_b() -> None:
    top = ["500 to 1", "50 to 1", "10 to 1", "3 to 1", "3 to 2"]
    assert printed(UthWager.BLIND, "A") == [
        *zip(FIVE, [*top, "1 to 1"], strict=True),
        (Condition.LESS_THAN_A_STRAIGHT, "Push"),
    ]
    assert printed(UthWager.BLIND, "B") == [
        *zip(FIVE, [*top, "Push"], strict=True),
        (Condition.LESS_THAN_A_FLUSH, "Push"),
    ]
    for letter in "AB":
        table = CATALOG.get(UthWager.BLIND, letter)
        assert all(row.citation.short == "§ 653a.12(b)" for row in table.rows)


@pytest.mark.parametrize("letter", "ABCDE")
def test_trips_paytables(letter: str) -> None:
    assert printed(UthWager.TRIPS, letter) == list(
        zip([*FIVE, R.THREE_OF_A_KIND], TRIPS[letter], strict=True)
    )
    table = CATALOG.get(UthWager.TRIPS, letter)
    if letter == "E":
        assert {row.citation.note for row in table.rows} == {"[SEED] seed 001, § 653b.2(b)"}
        assert table.expires == date(2026, 3, 23)
    else:
        assert {row.citation.short for row in table.rows} == {"§ 653a.12(c)"}
        assert table.provenance is Provenance.CODE


def test_bad_beat_paytable_c_has_no_royal_flush_row() -> None:
    assert printed(UthWager.BAD_BEAT, "C") == [
        (R.STRAIGHT_FLUSH, "2,500 to 1"),
        (R.FOUR_OF_A_KIND, "500 to 1"),
        (R.FULL_HOUSE, "50 to 1"),
        (R.FLUSH, "30 to 1"),
        (R.STRAIGHT, "20 to 1"),
        (R.THREE_OF_A_KIND, "9 to 1"),
    ]
    table = CATALOG.get(UthWager.BAD_BEAT, "C")
    assert table.citation.note == "[SEED] seed 001, § 653b.3(b)"
    assert CATALOG.letters(UthWager.BAD_BEAT) == ("C",), "A and B are not in the seeds"


@pytest.mark.parametrize("letter", "ABC")
def test_play_the_board_paytables(letter: str) -> None:
    assert printed(UthWager.PLAY_THE_BOARD, letter) == [
        *zip([*FIVE, R.THREE_OF_A_KIND], BOARD[letter], strict=True),
        (R.TWO_PAIR, "3 to 1"),
        (Condition.PAIR_OF_TENS_OR_BETTER, "1 to 1"),
    ]
    table = CATALOG.get(UthWager.PLAY_THE_BOARD, letter)
    assert table.cards is HandSource.BOARD_ONLY
    assert table.cards_citation.short == "§ 653b.4(e)"
    assert {row.citation.short for row in table.rows} == {"§ 653b.4(f)"}


@pytest.mark.parametrize("letter", "ABCDEF")
def test_ultimate_pairs_paytables(letter: str) -> None:
    assert printed(UthWager.ULTIMATE_PAIRS, letter) == list(
        zip(PAIRS_ROWS, PAIRS[letter], strict=True)
    )
    table = CATALOG.get(UthWager.ULTIMATE_PAIRS, letter)
    assert all(row.provenance is Provenance.SEED for row in table.rows)
    assert all("653b.5(f)" in row.citation.sections for row in table.rows)
    expected = HandSource.PLAYER_TWO_AND_DEALER_TWO if letter == "F" else HandSource.PLAYER_TWO
    assert table.cards is expected, "only Paytable F uses the dealer's two cards (§ 653b.5(e))"


@pytest.mark.parametrize("letter", "ABCDEF")
def test_ultimate_pairs_first_matching_row_is_also_the_highest_payout(letter: str) -> None:
    """§ 653b.5(f) does not say which row pays when two match (A♥A♦ is also A/A; a suited A/K
    is also A/K). Paying the first printed row equals paying the highest: check it."""
    table = CATALOG.get(UthWager.ULTIMATE_PAIRS, letter)
    overlaps = [
        (UP.RED_ACES, UP.ACES),
        (UP.PLAYER_AND_DEALER_ACES, UP.ACES),
        (UP.ACE_KING_SUITED, UP.ACE_KING),
        (UP.ACE_QUEEN_OR_JACK_SUITED, UP.ACE_QUEEN_OR_JACK),
    ]
    for special, plain in overlaps:
        special_row, plain_row = table.row(special), table.row(plain)
        assert special_row is not None and plain_row is not None
        if special_row.odds.applicable:
            assert special_row.odds.ratio > plain_row.odds.ratio


def test_five_card_hand_bonus_paytable() -> None:
    table = CATALOG.get(UthWager.FIVE_CARD_HAND_BONUS)
    assert printed(UthWager.FIVE_CARD_HAND_BONUS, "") == [
        (R.ROYAL_FLUSH, "100% of meter"),
        (R.STRAIGHT_FLUSH, "10% of meter"),
        (R.FOUR_OF_A_KIND, "500 for 1"),
        (R.FULL_HOUSE, "100 for 1"),
        (R.FLUSH, "50 for 1"),
    ]
    assert printed(UthWager.MAGIC_CARD_BONUS, "") == [(BonusEvent.MAGIC_CARD_BONUS, "20 for 1")]
    assert printed(UthWager.LUCKY_BONUS, "") == [(BonusEvent.LUCKY_BONUS, "5 for 1")]
    assert table.provenance is Provenance.ANALOG, "printed for chs. 639a/641a/643a, not 653a"
    assert table.citation.sections == ("639a.12(e)", "641a.12(g)", "643a.12(f)")
    assert table.cards is HandSource.TWO_CARDS_AND_FLOP
    assert table.cards_citation.note == "[SEED] seed 000, preamble (proposed amendment), § 653a.11"


MHB = [  # § 653b.1(c)(4): letter, minimum wager, minimum $, maximum $, contribution %
    ("A", 1, 100, 200, "2"), ("A", 2, 100, 200, "1.5"), ("A", 5, 100, 250, "1"),
    ("B", 1, 100, 500, "5"), ("B", 2, 100, 500, "3.5"), ("B", 5, 100, 500, "2"),
    ("C", 1, 250, 500, "2"), ("C", 2, 250, 500, "1.5"), ("C", 5, 250, 500, "0.5"),
    ("D", 1, 250, 1000, "5"), ("D", 2, 250, 1000, "3"), ("D", 5, 250, 1000, "2"),
]  # fmt: skip


def test_must_hit_by_configurations() -> None:
    got = [
        (c.letter, c.minimum_wager, c.minimum_value, c.maximum_value, c.contribution_percent)
        for c in CATALOG.must_hit_by
    ]
    assert got == [(a, Decimal(b), Decimal(c), Decimal(d), Decimal(e)) for a, b, c, d, e in MHB]
    config = CATALOG.must_hit_by_configuration("D", 2)
    assert config.name == "Paytable D—$2 Configuration"
    assert config.contribution_rate == Decimal("0.03")
    assert config.citation.note == "[SEED] seed 001, § 653b.1(c)(4)"
    assert config.expires == date(2024, 9, 4)
    with pytest.raises(KeyError, match="no Must-Hit-By configuration E"):
        CATALOG.must_hit_by_configuration("E", 1)


def test_every_row_has_odds_citation_and_provenance() -> None:
    for table in CATALOG.paytables:
        assert table.rows
        for row in table.rows:
            assert isinstance(row.odds, Odds)
            assert row.citation.sections, f"{table.name} {row.label} has no section"
            assert row.provenance in (Provenance.SEED, Provenance.CODE, Provenance.ANALOG)
        assert table.cards_citation.provenance is not None


def test_for_one_odds_appear_only_in_the_five_card_hand_bonus_family() -> None:
    """README § 3: in the seeds "for 1" is used only by the FCHB, Magic Card and Lucky Bonus."""
    family = {UthWager.FIVE_CARD_HAND_BONUS, UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS}
    for table in CATALOG.paytables:
        kinds = {row.odds.kind for row in table.rows}
        if table.wager not in family:
            assert OddsKind.FOR not in kinds and OddsKind.METER_PERCENT not in kinds


def test_unknown_paytable_names_the_letters_printed() -> None:
    with pytest.raises(KeyError, match=r"Trips has no paytable 'F'.*'A', 'B', 'C', 'D', 'E'"):
        CATALOG.get(UthWager.TRIPS, "F")


def test_a_bad_data_file_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'game = "Ultimate Texas Hold \'Em"\n'
        "[[paytable]]\n"
        'wager = "Trips"\nletter = "A"\ncards = "the five community cards alone"\n'
        'cards_citation = { provenance = "SEED" }\n'
        'citation = { provenance = "SEED", sections = ["653b.2(b)"] }\n'
        'rows = [{ hand = "Full house", odds = "7 too 1" },'
        ' { hand = "Ace/ace", odds = "3 to 1" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_uth_paytables(path)
    assert caught.value.fields == ("paytable[0].rows[0].odds",)
    assert "bad.toml: paytable[0].rows[0].odds: '7 too 1' is not odds" in str(caught.value)
    path.write_text(path.read_text(encoding="utf-8").replace("7 too 1", "7 to 1"), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_uth_paytables(path)
    assert caught.value.fields == ("paytable[0].rows[1].hand",)
    assert "a Trips paytable row is one of" in str(caught.value)
