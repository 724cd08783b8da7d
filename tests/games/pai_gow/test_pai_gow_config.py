"""The Pai Gow Poker Rules Submission and paytable file: shipped data loads with its citations,
and every error names the file, the field and what was expected (seed 000, ch. 645a)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import fields, replace

from dealer_trainer.games.pai_gow.config import (
    RULE_INFO,
    CommissionRounding,
    PaiGowConfigError,
    PaiGowTableConfig,
    PaiGowTableRules,
    load_pai_gow_config,
    load_pai_gow_paytables,
    pai_gow_paytables,
    parse_pai_gow_config,
    parse_row_hand,
)
from dealer_trainer.games.pai_gow.wagers import (
    OPTIONAL_WAGERS,
    PaiGowCondition,
    PaiGowVariant,
    PaiGowWager,
    ProtectionHand,
    RedBlackHand,
)
from dealer_trainer.hands.pai_gow_rules import DynastyExtraPair, JokerColour, WheelRank
from dealer_trainer.hands.pai_gow_seven import SevenCardClass
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.datafile import STATED, convert
from dealer_trainer.rules.odds import Odds
from dealer_trainer.rules.provenance import Provenance

D = Decimal
TABLES = shipped_tables()
CLASSIC = TABLES / "pai_gow_classic.toml"
EZ_ALL = TABLES / "pai_gow_ez_all_options.toml"

CLASSIC_BASE = """\
game = "Pai Gow Poker"
name = "test table"
pai_gow = { minimum = 5, maximum = 500 }
"""
EZ_BASE = CLASSIC_BASE.replace('"Pai Gow Poker"', '"EZ Pai Gow Poker"', 1)


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def make(text: str) -> Path:
        path = tmp_path / "rules_submission.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def errors_of(path: Path) -> PaiGowConfigError:
    with pytest.raises(PaiGowConfigError) as caught:
        load_pai_gow_config(path)
    return caught.value


def ez(**options: Any) -> PaiGowTableConfig:
    data: dict[str, Any] = {
        "game": "EZ Pai Gow Poker",
        "name": "test",
        "pai_gow": {"minimum": 5, "maximum": 500},
    }
    data.update(options)
    return parse_pai_gow_config(data, "test.toml")


LIMITS = {"minimum": 1, "maximum": 100}


# --- the shipped files -----------------------------------------------------------------------


def test_the_classic_lesson_table_rounds_the_vigorish_up_to_a_quarter() -> None:
    config = load_pai_gow_config(CLASSIC)
    assert config.variant is PaiGowVariant.CLASSIC and not config.is_ez
    assert config.commission_rounding is CommissionRounding.UP_TO_QUARTER
    assert config.commission_rate == D("0.05")
    assert config.offered_wagers() == (PaiGowWager.PAI_GOW,)
    assert config.offers(PaiGowWager.COMMISSION)
    assert config.limits(PaiGowWager.PAI_GOW).minimum == 10
    assert config.envy_wager() is None and not config.offers(PaiGowWager.ENVY_BONUS)


def test_the_ez_lesson_table_offers_every_ez_option_envy_and_a_property_progressive() -> None:
    config = load_pai_gow_config(EZ_ALL)
    assert config.is_ez and config.commission_rate == 0
    assert not config.offers(PaiGowWager.COMMISSION)
    assert set(config.offered_optional_wagers()) == {
        PaiGowWager.QUEENS_DRAGON,
        PaiGowWager.DYNASTY_BONUS,
        PaiGowWager.PROTECTION,
        PaiGowWager.RED_BLACK,
        PaiGowWager.PROGRESSIVE,
    }
    assert config.envy_wager() is PaiGowWager.DYNASTY_BONUS
    assert config.offers(PaiGowWager.ENVY_BONUS)
    progressive = config.paytable(PaiGowWager.PROGRESSIVE)
    assert progressive.name == "Progressive Payout Wager Paytable P"
    assert progressive.provenance is Provenance.PROPERTY
    assert "pai_gow_ez_all_options.toml" in progressive.citation.note
    assert str(progressive.citation) == "house rule, § 645a.13(e)"
    assert progressive.rows[0].odds == Odds.meter(100)
    assert config.progressive_meter_reset == 10_000
    assert config.rules.citation("joker_colour").provenance is Provenance.PROPERTY


def test_the_lesson_tables_describe_every_number_with_its_provenance() -> None:
    lines = load_pai_gow_config(EZ_ALL).describe()
    text = "\n".join(lines)
    assert "Dynasty Bonus  $1-$100  — § 645a.13(g) — regulation text" in lines
    assert "    Four-of-a-kind: 25 to 1; Envy Bonus $5" in lines
    assert "    Seven-card natural straight flush: 100% of meter" in lines
    assert "meter resets to $10,000" in text
    assert "Vigorish: none on EZ Pai Gow Poker" in text
    assert "Envy Bonus: to each player with an Envy lammer" in text
    assert "    Ace/five natural straight flush: 120 to 1; Envy Bonus $75" in lines  # Dynasty
    assert "    Ace/five natural straight flush: 120 to 1" not in lines  # Protection: off
    classic = "\n".join(load_pai_gow_config(CLASSIC).describe())
    assert "Vigorish: 5% of the amount won, up to the next 25¢" in classic
    assert "§ 645a.13(a) — regulation text" in classic


def test_the_seed_paytables_are_shipped_as_printed_with_seed_citations() -> None:
    catalog = pai_gow_paytables()
    printed = {
        PaiGowWager.PAI_GOW: ("645a.13(a)", ["1 to 1"]),
        PaiGowWager.QUEENS_DRAGON: ("645a.13(f)", ["50 to 1"]),
        PaiGowWager.DYNASTY_BONUS: (
            "645a.13(g)",
            [
                *("2,000 to 1", "2,000 to 1", "1,000 to 1", "1,000 to 1", "500 to 1"),
                *("120 to 1", "120 to 1", "50 to 1", "25 to 1", "5 to 1", "4 to 1", "3 to 1"),
                "2 to 1",
            ],
        ),
        PaiGowWager.PROTECTION: (
            "645a.13(h)",
            ["120 to 1", "100 to 1", "25 to 1", "15 to 1", "7 to 1", "5 to 1", "3 to 1"],
        ),
        PaiGowWager.RED_BLACK: ("645a.13(i)", ["5 to 1", "1 to 1", "1 to 1", "1 to 1"]),
    }
    for wager, (section, odds) in printed.items():
        table = catalog.get(wager)
        assert table.provenance is Provenance.SEED
        assert table.citation.sections == (section,)
        assert [str(row.odds) for row in table.rows] == odds
        assert all(row.citation.source == "seed 000" for row in table.rows)
    dynasty = catalog.get(PaiGowWager.DYNASTY_BONUS)
    envy = [row.envy for row in dynasty.rows]
    assert envy == [D(n) for n in (500, 400, 300, 200, 100, 75, 50, 20, 5)] + [None] * 4
    assert dynasty.rows[3].label == "Seven-card straight flush"
    assert dynasty.rows[3].hand is SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER


@pytest.mark.parametrize("wager", [PaiGowWager.FORTUNE_BONUS, PaiGowWager.EMPERORS_TREASURE])
def test_fortune_and_emperors_treasure_ship_as_marked_common_tables(wager: PaiGowWager) -> None:
    table = pai_gow_paytables().get(wager, "A")
    assert table.provenance is Provenance.STANDARD
    assert "not from the seeds" in table.citation.source
    assert [str(row.odds) for row in table.rows][:3] == ["8,000 to 1", "2,000 to 1", "1,000 to 1"]
    assert table.rows[-1].hand is SevenCardClass.STRAIGHT
    assert table.row(SevenCardClass.FOUR_OF_A_KIND) is not None
    assert table.first_envy_row([SevenCardClass.FOUR_OF_A_KIND]) is not None
    assert table.first_envy_row([SevenCardClass.FULL_HOUSE]) is None


def test_no_progressive_table_is_shipped() -> None:
    assert pai_gow_paytables().letters(PaiGowWager.PROGRESSIVE) == ()


def test_the_same_printed_name_means_different_rows_on_different_tables() -> None:
    text = "Ace/five natural straight flush"
    assert parse_row_hand(PaiGowWager.DYNASTY_BONUS, text) is (
        SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    )
    assert parse_row_hand(PaiGowWager.PROTECTION, text) is (
        ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    )
    assert parse_row_hand(PaiGowWager.RED_BLACK, "four cards of the chosen color") is (
        RedBlackHand.FOUR
    )
    assert parse_row_hand(PaiGowWager.QUEENS_DRAGON, "dealer's hand is a queen's dragon") is (
        PaiGowCondition.DEALER_QUEENS_DRAGON
    )
    with pytest.raises(ValueError, match="a row of the Protection paytable: one of"):
        parse_row_hand(PaiGowWager.PROTECTION, "Five aces")


# --- resolved views ------------------------------------------------------------------------------


def test_a_wager_not_offered_has_no_paytable_or_limits() -> None:
    config = load_pai_gow_config(CLASSIC)
    with pytest.raises(KeyError, match="no Dynasty Bonus paytable"):
        config.paytable(PaiGowWager.DYNASTY_BONUS)
    with pytest.raises(KeyError):
        config.limits(PaiGowWager.RED_BLACK)
    with pytest.raises(KeyError):
        config.paytable(PaiGowWager.ENVY_BONUS)


def test_the_protection_ace_five_row_is_paid_only_when_the_property_confirms_it() -> None:
    off = ez(protection=LIMITS).paytable(PaiGowWager.PROTECTION)
    on = ez(protection=LIMITS, rules={"protection_pays_ace_five_straight_flush": True}).paytable(
        PaiGowWager.PROTECTION
    )
    assert off.row(ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH) is None
    assert len(off.rows) == 6 and len(on.rows) == 7
    assert on.rows[0].hand is ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH


def test_surrender_is_barred_by_any_optional_wager() -> None:
    config = load_pai_gow_config(EZ_ALL)
    assert config.may_surrender([PaiGowWager.PAI_GOW])
    for wager in OPTIONAL_WAGERS:
        assert not config.may_surrender([PaiGowWager.PAI_GOW, wager])
    assert not ez(surrender_allowed=False).may_surrender([PaiGowWager.PAI_GOW])


def test_the_qualifying_wager_minimum_is_the_regulations_five_dollars() -> None:
    assert load_pai_gow_config(EZ_ALL).qualifying_wager_minimum == D(5)


def test_envy_column_order_when_a_player_holds_several_qualifying_wagers() -> None:
    config = ez(dynasty_bonus=LIMITS, fortune_bonus=LIMITS)
    assert config.envy_wager() is PaiGowWager.DYNASTY_BONUS
    assert config.envy_wager([PaiGowWager.FORTUNE_BONUS]) is PaiGowWager.FORTUNE_BONUS
    assert config.envy_wager([]) is None


def test_property_rows_replace_the_common_fortune_table() -> None:
    config = ez(
        fortune_bonus={
            **LIMITS,
            "paytable": "F",
            "rows": [
                {"hand": "Five aces", "odds": "250 to 1", "envy": 100},
                {"hand": "Straight", "odds": "2 to 1"},
            ],
        }
    )
    table = config.paytable(PaiGowWager.FORTUNE_BONUS)
    assert table.name == "Fortune Bonus Paytable F"
    assert table.provenance is Provenance.PROPERTY
    assert [str(row.odds) for row in table.rows] == ["250 to 1", "2 to 1"]
    assert table.rows[0].envy == 100


def test_vigorish_rounding_options() -> None:
    exact = replace(ez(), game="Pai Gow Poker")
    assert exact.commission(D(13)) == (D("0.65"), D("0.65"))
    assert exact.commission(D("7.50"))[0] == D("0.38")  # 37.5¢ can only be collected as 38¢
    quarter = load_pai_gow_config(CLASSIC)
    assert quarter.commission(D(13)) == (D("0.75"), D("0.65"))
    assert quarter.commission(D(1))[0] == D("0.25")
    assert CommissionRounding.from_text("exact cents") is CommissionRounding.EXACT


# --- the rules the seed leaves open --------------------------------------------------------------


def test_every_open_rule_has_an_explanation_and_a_provenance() -> None:
    rules = PaiGowTableRules()
    described = rules.describe()
    assert [s.name for s in described] == list(RULE_INFO)
    assert set(RULE_INFO) == {f.name for f in fields(PaiGowTableRules) if f.name != STATED}
    by_name = {s.name: s for s in described}
    assert by_name["dynasty_royal_extra_pair"].provenance is Provenance.SEED
    assert by_name["joker_colour"].provenance is Provenance.STANDARD
    assert by_name["protection_pays_ace_five_straight_flush"].value == "no"
    assert by_name["queens_dragon_pushes_fouled_hand"].value == "yes"
    assert all(s.is_default and s.explanation for s in described)


def test_a_rule_the_property_states_is_cited_to_its_rules_submission() -> None:
    rules = convert(
        {"wheel": "lowest", "joker_colour": "red", "dynasty_royal_extra_pair": "Ace/king suited"},
        PaiGowTableRules,
    )
    assert rules.wheel is WheelRank.LOWEST and rules.joker_colour is JokerColour.RED
    assert rules.citation("wheel").provenance is Provenance.PROPERTY
    assert rules.citation("five_aces").provenance is Provenance.STANDARD
    hand_rules = rules.hand_rules
    assert hand_rules.wheel is WheelRank.LOWEST
    assert hand_rules.royal_extra_pair is DynastyExtraPair.ACE_KING
    assert rules.describe()[0].default.startswith("A-2-3-4-5 is the second-highest")


def test_fortune_reads_the_royal_match_as_ace_king_by_default() -> None:
    rules = PaiGowTableRules()
    assert rules.hand_rules.royal_extra_pair is DynastyExtraPair.ACE_QUEEN
    fortune = rules.hand_rules_for(PaiGowWager.FORTUNE_BONUS)
    assert fortune.royal_extra_pair is DynastyExtraPair.ACE_KING
    assert rules.hand_rules_for(PaiGowWager.DYNASTY_BONUS) == rules.hand_rules


# --- errors name the file, the field and what was expected -------------------------------------


ERRORS: list[tuple[str, str, str, str]] = [
    # (id, TOML, field, expected fragment)
    ("missing-pai-gow", 'game = "Pai Gow Poker"\nname = "x"\n', "pai_gow", "required field"),
    ("unknown-field", CLASSIC_BASE + 'comission_rounding = "exact cents"\n', "comission_rounding",
     "unknown field"),
    ("game", CLASSIC_BASE.replace('"Pai Gow Poker"', '"Pai Gow"', 1), "game", "Pai Gow Poker"),
    ("minimum", CLASSIC_BASE.replace("minimum = 5", "minimum = 0"), "pai_gow.minimum",
     "a table minimum above $0"),
    ("maximum", CLASSIC_BASE.replace("maximum = 500", "maximum = 2"), "pai_gow.maximum",
     "at least the minimum of $5"),
    ("float-money", CLASSIC_BASE.replace("minimum = 5", "minimum = 5.5"), "pai_gow.minimum",
     "not an exact amount"),
    ("commission-percent", CLASSIC_BASE + "commission_percent = 4\n", "commission_percent",
     "5% of the amount won (§ 645a.13(a)"),
    ("commission-rounding", CLASSIC_BASE + 'commission_rounding = "down"\n',
     "commission_rounding", "'up to the next 25¢'"),
    ("ez-vig", EZ_BASE + 'commission_rounding = "up to the next 25¢"\n', "commission_rounding",
     "EZ Pai Gow Poker collects no vigorish"),
    ("ez-vig-percent", EZ_BASE + "commission_percent = 5\n", "commission_percent",
     "EZ Pai Gow Poker collects no vigorish"),
    ("ez-only-dynasty", CLASSIC_BASE + "[dynasty_bonus]\nminimum = 1\nmaximum = 100\n",
     "dynasty_bonus", "only on an EZ Pai Gow Poker table"),
    ("ez-only-queens-dragon", CLASSIC_BASE + "[queens_dragon]\nminimum = 1\nmaximum = 100\n",
     "queens_dragon", "(§ 645a.7(e)(5), seed 000)"),
    ("ez-only-protection", CLASSIC_BASE + "[protection]\nminimum = 1\nmaximum = 100\n",
     "protection", "EZ wager"),
    ("ez-only-red-black", CLASSIC_BASE + "[red_black]\nminimum = 1\nmaximum = 100\n",
     "red_black", "EZ wager"),
    ("side-limits", EZ_BASE + "[red_black]\nminimum = 10\nmaximum = 5\n", "red_black.maximum",
     "at least the minimum of $10"),
    ("fortune-letter", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "B"\n', "fortune_bonus.paytable", "the shipped Fortune Bonus Paytable A"),
    ("fortune-rows-shipped-letter", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'rows = [{ hand = "Straight", odds = "2 to 1" }]\n', "fortune_bonus.paytable",
     "another letter than the shipped Fortune Bonus Paytable A"),
    ("fortune-row-hand", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "F"\nrows = [{ hand = "Nine-high", odds = "2 to 1" }]\n',
     "fortune_bonus.rows[0].hand", "a row of the Fortune Bonus paytable: one of"),
    ("fortune-row-odds", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "F"\nrows = [{ hand = "Straight", odds = "3 for 1" }]\n',
     "fortune_bonus.rows[0].odds", "a chip wager paid beside its stake"),
    ("fortune-row-twice", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "F"\nrows = [{ hand = "Straight", odds = "2 to 1" }, '
     '{ hand = "straight", odds = "3 to 1" }]\n', "fortune_bonus.rows[1].hand",
     "each hand appears once"),
    ("fortune-row-envy", CLASSIC_BASE + '[emperors_treasure]\nminimum = 1\nmaximum = 100\n'
     'paytable = "E"\nrows = [{ hand = "Five aces", odds = "400 to 1", envy = 0 }]\n',
     "emperors_treasure.rows[0].envy", "a positive Envy Bonus amount"),
    ("fortune-row-push", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "F"\nrows = [{ hand = "Straight", odds = "Push" }]\n',
     "fortune_bonus.rows[0].odds", "winning odds"),
    ("bad-odds-text", CLASSIC_BASE + '[fortune_bonus]\nminimum = 1\nmaximum = 100\n'
     'paytable = "F"\nrows = [{ hand = "Straight", odds = "two to one" }]\n',
     "fortune_bonus.rows[0].odds", "is not odds"),
    ("progressive-no-rows", CLASSIC_BASE + "[progressive]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 20\n",
     "progressive.rows", "required field"),
    ("progressive-below-full-house", CLASSIC_BASE + "[progressive]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 20\n"
     'rows = [{ hand = "Flush", odds = "50 for 1" }]\n', "progressive.rows[0].hand",
     "a full house or better"),
    ("progressive-to-odds", CLASSIC_BASE + "[progressive]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 20\n"
     'rows = [{ hand = "Full house", odds = "5 to 1" }]\n', "progressive.rows[0].odds",
     "'X for 1' or 'N% of meter'"),
    ("progressive-envy", CLASSIC_BASE + "[progressive]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 20\n"
     'rows = [{ hand = "Full house", odds = "5 for 1", envy = 5 }]\n',
     "progressive.rows[0].envy", "not a Qualifying Wager"),
    ("progressive-meter-reset", CLASSIC_BASE + "[progressive]\nminimum = 1\nmaximum = 1\n"
        "rate_of_progression_percent = 20\n"
     'meter_reset = 0\nrows = [{ hand = "Full house", odds = "5 for 1" }]\n',
     "progressive.meter_reset", "a positive amount"),
    ("payout-limit", CLASSIC_BASE + "payout_limit = 40000\n", "payout_limit",
     "at least $50,000 (§ 645a.13(j)"),
    ("rules-joker", CLASSIC_BASE + '[rules]\njoker_colour = "green"\n', "rules.joker_colour",
     "'The joker counts as a red card'"),
    ("rules-unknown", CLASSIC_BASE + "[rules]\njoker_color = 'red'\n", "rules.joker_color",
     "unknown field"),
    ("rules-bool", CLASSIC_BASE + '[rules]\nqueens_dragon_pushes_fouled_hand = "yes"\n',
     "rules.queens_dragon_pushes_fouled_hand", "true or false"),
    ("surrender-bool", CLASSIC_BASE + "surrender_allowed = 1\n", "surrender_allowed",
     "true or false"),
    ("toml-syntax", CLASSIC_BASE + "name = \n", "", "not valid TOML"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "field", "expected"), [case[1:] for case in ERRORS], ids=[c[0] for c in ERRORS]
)
def test_every_error_names_the_file_and_the_field(
    write: Callable[[str], Path], text: str, field: str, expected: str
) -> None:
    path = write(text)
    error = errors_of(path)
    assert field in error.fields, str(error)
    problem = next(p for p in error.problems if p.field == field)
    assert expected in problem.expected, str(error)
    line = problem.render(error.file)
    assert line.startswith(f"{path}: {field}: " if field else f"{path}: ")
    assert str(path) in str(error)


def test_a_missing_file_is_named() -> None:
    error = errors_of(Path("/nonexistent/pai_gow_table.toml"))
    assert "file not found" in str(error) and "pai_gow_table.toml" in str(error)


def test_every_problem_is_listed_at_once(write: Callable[[str], Path]) -> None:
    text = (
        CLASSIC_BASE.replace("maximum = 500", "maximum = 1")
        + "commission_percent = 6\npayout_limit = 10\n[protection]\nminimum = 1\nmaximum = 5\n"
    )
    error = errors_of(write(text))
    assert set(error.fields) == {
        "pai_gow.maximum",
        "commission_percent",
        "payout_limit",
        "protection",
    }
    assert str(error).startswith(f"4 problems in {error.file}")


def test_the_ez_table_accepts_no_vigorish_setting_but_the_classic_default_is_five_percent(
    write: Callable[[str], Path],
) -> None:
    config = load_pai_gow_config(write(EZ_BASE))
    assert config.commission(D(100)) == (D("0.00"), D(0))
    classic = load_pai_gow_config(write(CLASSIC_BASE))
    assert (
        classic.commission_percent == 5 and classic.commission_rounding is CommissionRounding.EXACT
    )


# --- the paytable data file --------------------------------------------------------------------

PAYTABLE_FILE = """\
game = "Pai Gow Poker"
[[paytable]]
wager = "Protection"
cards = "the player's seven cards, rearranged into the highest-ranking hand"
cards_citation = { provenance = "SEED", sections = ["645a.11(h)(7)"] }
citation = { provenance = "SEED", sections = ["645a.13(h)"] }
rows = [{ hand = "Nine-high", odds = "100 to 1" }]
"""


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        (
            ("Nine-high", "Five aces"),
            "paytable[0].rows[0].hand",
            "a row of the Protection paytable",
        ),
        (('"100 to 1"', '"Push"'), "paytable[0].rows[0].odds", "winning odds"),
        (('"Protection"', '"Side bet"'), "paytable[0].wager", "is not a Pai Gow Poker wager"),
        (('"SEED", sections = ["645a.13(h)"]', '"SEEDED"'), "paytable[0].citation", "provenance"),
        (("cards = \"the player's", 'cards = "all'), "paytable[0].cards", "hand source"),
    ],
)
def test_the_paytable_file_reports_field_paths(
    write: Callable[[str], Path], change: tuple[str, str], field: str, expected: str
) -> None:
    path = write(PAYTABLE_FILE.replace(*change))
    with pytest.raises(PaiGowConfigError) as caught:
        load_pai_gow_paytables(path)
    problem = next(p for p in caught.value.problems if p.field == field)
    assert expected in problem.expected
    assert str(path) in str(caught.value)


def test_the_paytable_file_refuses_a_table_defined_twice(write: Callable[[str], Path]) -> None:
    path = write(PAYTABLE_FILE + PAYTABLE_FILE.split("\n", 1)[1])
    with pytest.raises(PaiGowConfigError) as caught:
        load_pai_gow_paytables(path)
    assert caught.value.fields == ("paytable[1]",)


def test_the_payout_limit_floor_is_the_most_won_at_the_minimum_wagers_when_greater(
    write: Callable[[str], Path],
) -> None:
    """§ 645a.13(j): at least $50,000 or the most one player could win in a round betting the
    minimum permissible wager, whichever is greater. A $50 minimum Dynasty Bonus can win
    $50 x 2,000 = $100,000, more than $50,000."""
    dynasty = "[dynasty_bonus]\nminimum = 50\nmaximum = 100\n"
    error = errors_of(write(EZ_BASE + "payout_limit = 60000\n" + dynasty))
    assert error.fields == ("payout_limit",)
    assert "at least $100,000 (§ 645a.13(j), seed 000)" in str(error)
    assert "($100,000), whichever is greater" in str(error)
    config = load_pai_gow_config(write(EZ_BASE + "payout_limit = 100000\n" + dynasty))
    assert config.most_won_at_minimum() == 100_000 and config.payout_limit_floor == 100_000
    cheap = "[dynasty_bonus]\nminimum = 1\nmaximum = 100\n"
    low = load_pai_gow_config(write(EZ_BASE + "payout_limit = 50000\n" + cheap))
    assert low.most_won_at_minimum() == 2_000 and low.payout_limit_floor == 50_000
