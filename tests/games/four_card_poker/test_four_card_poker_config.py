"""The Four Card Poker Rules Submission and paytable file: shipped data loads with its citations,
and every error names the file, the field and what was expected (seed 000, ch. 641a)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec
import pytest

from dealer_trainer.games.four_card_poker.config import (
    RULE_INFO,
    FourCardPokerConfigError,
    FourCardPokerRules,
    FourCardPokerTableConfig,
    four_card_poker_paytables,
    load_four_card_poker_config,
    load_four_card_poker_paytables,
    parse_four_card_poker_config,
    parse_row_hand,
)
from dealer_trainer.games.four_card_poker.wagers import (
    DealerUpCard,
    FoldRule,
    FourCardClass,
    FourCardCondition,
    FourCardHandSource,
    FourCardWager,
    TieRule,
)
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.odds import Odds
from dealer_trainer.rules.provenance import Provenance

D = Decimal
TABLES = shipped_tables()
PLAIN = TABLES / "four_card_poker_plain.toml"
ACES_UP = TABLES / "four_card_poker_aces_up.toml"

BASE = """\
game = "Four Card Poker"
name = "test table"
ante = { minimum = 5, maximum = 500 }
"""
ACES = "[aces_up]\nminimum = 1\nmaximum = 100\n"


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str], Path]:
    def make(text: str) -> Path:
        path = tmp_path / "rules_submission.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def errors_of(path: Path) -> FourCardPokerConfigError:
    with pytest.raises(FourCardPokerConfigError) as caught:
        load_four_card_poker_config(path)
    return caught.value


def table(**options: Any) -> FourCardPokerTableConfig:
    data: dict[str, Any] = {
        "game": "Four Card Poker",
        "name": "test",
        "ante": {"minimum": 5, "maximum": 500},
    }
    data.update(options)
    return parse_four_card_poker_config(data, "test.toml")


# --- the shipped files -----------------------------------------------------------------------


def test_the_plain_lesson_table_is_the_base_game_with_the_ante_bonus() -> None:
    config = load_four_card_poker_config(PLAIN)
    assert config.game == "Four Card Poker"
    assert config.offered_wagers() == (
        FourCardWager.ANTE,
        FourCardWager.PLAY,
        FourCardWager.ANTE_BONUS,
    )
    assert not config.offers(FourCardWager.ACES_UP)
    assert config.limits(FourCardWager.ANTE).minimum == 10
    play = config.limits(FourCardWager.PLAY)
    assert (play.minimum, play.maximum) == (D(10), D(1500))
    assert config.play_multiples == (1, 2, 3)
    assert config.paytable(FourCardWager.ANTE_BONUS).name == "Ante Bonus Paytable A"
    assert config.rules == FourCardPokerRules()


def test_the_aces_up_lesson_table_states_its_open_rules() -> None:
    config = load_four_card_poker_config(ACES_UP)
    assert config.offers(FourCardWager.ACES_UP)
    assert config.paytable(FourCardWager.ACES_UP).name == "Aces Up Paytable A"
    assert config.limits(FourCardWager.ACES_UP).maximum == 100
    assert config.adjacent_boxes == 2
    for name in ("play_multiples", "ties", "aces_up_on_fold"):
        assert config.rules.citation(name).provenance is Provenance.PROPERTY
    assert config.rules.citation("dealer_up_card").provenance is Provenance.STANDARD


def test_the_lesson_tables_describe_every_number_with_its_provenance() -> None:
    lines = load_four_card_poker_config(ACES_UP).describe()
    text = "\n".join(lines)
    assert "    Pair of aces: 1 to 1" in lines
    assert "    Four of a kind: 50 to 1" in lines
    assert "    Four of a kind: 25 to 1" in lines
    assert any(line.startswith("Aces Up Paytable A  $5-$100  — common practice") for line in lines)
    assert "§ 641a.11(c)" in text
    assert "Adjacent boxes a player may wager on: 2" in text
    assert "Dealer qualification: none" in text
    plain = "\n".join(load_four_card_poker_config(PLAIN).describe())
    assert "Player's hand ties the dealer's: the player wins  — common practice" in plain
    assert "Aces Up Wager on a folded hand: forfeited with the Ante and the hand  — §§" in (plain)
    assert "Aces Up Paytable" not in plain


def test_the_shipped_paytables_are_the_fact_sheets_marked_standard() -> None:
    """§ 641a.12(a)-(f) is not in the seeds: four-card-poker.md §§ 2, 3.1, 3.2 [STANDARD]."""
    catalog = four_card_poker_paytables()
    printed = {
        (FourCardWager.ANTE, ""): [(FourCardCondition.PLAYER_BEATS_DEALER, "1 to 1")],
        (FourCardWager.PLAY, ""): [(FourCardCondition.PLAYER_BEATS_DEALER, "1 to 1")],
        (FourCardWager.ANTE_BONUS, "A"): [
            (FourCardClass.FOUR_OF_A_KIND, "25 to 1"),
            (FourCardClass.STRAIGHT_FLUSH, "20 to 1"),
            (FourCardClass.THREE_OF_A_KIND, "2 to 1"),
        ],
        (FourCardWager.ACES_UP, "A"): [
            (FourCardClass.FOUR_OF_A_KIND, "50 to 1"),
            (FourCardClass.STRAIGHT_FLUSH, "40 to 1"),
            (FourCardClass.THREE_OF_A_KIND, "8 to 1"),
            (FourCardClass.FLUSH, "6 to 1"),
            (FourCardClass.STRAIGHT, "4 to 1"),
            (FourCardClass.TWO_PAIR, "2 to 1"),
            (FourCardClass.PAIR_OF_ACES, "1 to 1"),
        ],
    }
    assert {(t.wager, t.letter) for t in catalog.paytables} == set(printed)
    for (wager, letter), rows in printed.items():
        paytable = catalog.get(wager, letter)
        assert [(row.hand, str(row.odds)) for row in paytable.rows] == rows
        assert paytable.provenance is Provenance.STANDARD
        assert all(row.provenance is Provenance.STANDARD for row in paytable.rows)
        assert "641a.12" in paytable.citation.note
    assert catalog.get(FourCardWager.ANTE).cards is FourCardHandSource.AGAINST_DEALER
    assert catalog.get(FourCardWager.ANTE).cards_citation.provenance is Provenance.SEED
    aces = catalog.get(FourCardWager.ACES_UP, "A")
    assert aces.cards is FourCardHandSource.PLAYER_BEST_FOUR
    assert aces.cards_citation.short == "§ 641a.1"
    with pytest.raises(KeyError, match="'A'"):
        catalog.get(FourCardWager.ACES_UP, "B")


def test_row_names_belong_to_their_wager() -> None:
    assert parse_row_hand(FourCardWager.ACES_UP, "pair of ACES") is FourCardClass.PAIR_OF_ACES
    assert (
        parse_row_hand(FourCardWager.PLAY, "Player's hand outranks the dealer's")
        is FourCardCondition.PLAYER_BEATS_DEALER
    )
    with pytest.raises(ValueError, match="a row of the Ante paytable: one of"):
        parse_row_hand(FourCardWager.ANTE, "Pair of aces")
    with pytest.raises(ValueError, match="'Pair of aces'"):
        parse_row_hand(FourCardWager.ANTE_BONUS, "Full house")


def test_a_wager_not_offered_has_no_paytable_or_limits() -> None:
    config = table()
    with pytest.raises(KeyError, match="does not offer the Aces Up"):
        config.paytable(FourCardWager.ACES_UP)
    with pytest.raises(KeyError):
        config.limits(FourCardWager.ACES_UP)
    with pytest.raises(KeyError, match="Ante Bonus"):
        config.limits(FourCardWager.ANTE_BONUS)


def test_property_rows_replace_a_shipped_bonus_table() -> None:
    config = table(
        aces_up={
            "paytable": "P",
            "minimum": 1,
            "maximum": 25,
            "rows": [
                {"hand": "Four of a kind", "odds": "50 to 1"},
                {"hand": "Three of a kind", "odds": "9 to 1"},
                {"hand": "Pair of aces", "odds": "1 to 1"},
            ],
        },
        ante_bonus={"paytable": "Q", "rows": [{"hand": "Four of a kind", "odds": "30 to 1"}]},
    )
    aces = config.paytable(FourCardWager.ACES_UP)
    assert aces.name == "Aces Up Paytable P"
    assert aces.provenance is Provenance.PROPERTY
    assert "test.toml" in aces.citation.note
    assert [row.odds for row in aces.rows] == [Odds.to(50), Odds.to(9), Odds.to(1)]
    assert aces.cards is FourCardHandSource.PLAYER_BEST_FOUR
    bonus = config.paytable(FourCardWager.ANTE_BONUS)
    assert (bonus.name, bonus.rows[0].odds) == ("Ante Bonus Paytable Q", Odds.to(30))


def test_play_limits_follow_the_ante_and_the_multiples() -> None:
    config = table(rules={"play_multiples": [3, 1]})
    assert config.play_multiples == (1, 3)
    limits = config.limits(FourCardWager.PLAY)
    assert (limits.minimum, limits.maximum) == (D(5), D(1500))


def test_every_open_rule_has_an_explanation_and_a_provenance() -> None:
    rules = FourCardPokerRules()
    described = rules.describe()
    assert [s.name for s in described] == list(RULE_INFO)
    fields = msgspec.structs.fields(FourCardPokerRules)
    assert set(RULE_INFO) == {f.name for f in fields if not f.name.startswith("_")}
    for setting in described:
        assert setting.is_default and setting.explanation
        assert setting.provenance is not Provenance.SEED  # the seed leaves each one open
        assert setting.provenance is not Provenance.PROPERTY
    assert rules.ties is TieRule.PLAYER_WINS
    assert rules.ante_bonus_when_dealer_wins
    assert rules.aces_up_on_fold is FoldRule.FORFEITED
    assert rules.dealer_up_card is DealerUpCard.SIXTH
    assert rules.citation("aces_up_on_fold").provenance is Provenance.ANALOG
    assert "639a.11(b)" in str(rules.citation("aces_up_on_fold"))


def test_rules_read_their_values_loosely() -> None:
    rules = table(
        rules={
            "ties": "PUSH",
            "aces_up_on_fold": "stays_in_action",
            "dealer_up_card": "none",
            "ante_bonus_when_dealer_wins": False,
        }
    ).rules
    assert rules.ties is TieRule.PUSH
    assert rules.aces_up_on_fold is FoldRule.STAYS_IN_ACTION
    assert rules.dealer_up_card is DealerUpCard.NONE
    changed = {s.name: s for s in rules.describe()}
    assert not changed["ties"].is_default
    assert changed["ties"].default == "the player wins"
    assert changed["ties"].provenance is Provenance.PROPERTY


# --- errors name the file, the field and what was expected -------------------------------------


ERRORS: list[tuple[str, str, str, str]] = [
    # (id, TOML, field, expected fragment)
    ("missing-ante", 'game = "Four Card Poker"\nname = "x"\n', "ante", "required field"),
    ("missing-name", 'game = "Four Card Poker"\nante = { minimum = 5, maximum = 9 }\n', "name",
     "required field"),
    ("game", BASE.replace('"Four Card Poker"', '"Four Card"', 1), "game", "'Four Card Poker'"),
    ("unknown-field", BASE + "aces_upp = 1\n", "aces_upp", "unknown field"),
    ("minimum", BASE.replace("minimum = 5", "minimum = 0"), "ante.minimum",
     "a table minimum above $0"),
    ("maximum", BASE.replace("maximum = 500", "maximum = 2"), "ante.maximum",
     "at least the minimum of $5"),
    ("float-money", BASE.replace("minimum = 5", "minimum = 5.5"), "ante.minimum",
     "not an exact amount"),
    ("aces-up-limits", BASE + ACES.replace("maximum = 100", "maximum = 0"), "aces_up.maximum",
     "at least the minimum of $1"),
    ("aces-up-missing-limit", BASE + "[aces_up]\nminimum = 1\n", "aces_up.maximum",
     "required field"),
    ("aces-up-letter", BASE + ACES + 'paytable = "C"\n', "aces_up.paytable",
     "the shipped Aces Up Paytable A, or rows of the property's own (§ 641a.12 is not in"),
    ("aces-up-letter-pattern", BASE + ACES + 'paytable = "AA"\n', "aces_up.paytable",
     "pattern"),
    ("ante-bonus-letter", BASE + '[ante_bonus]\npaytable = "B"\n', "ante_bonus.paytable",
     "the shipped Ante Bonus Paytable A"),
    ("rows-on-shipped-letter", BASE + ACES + 'rows = [{ hand = "Flush", odds = "6 to 1" }]\n',
     "aces_up.paytable", "another letter than the shipped Aces Up Paytable A"),
    ("row-hand", BASE + ACES + 'paytable = "P"\nrows = [{ hand = "One pair", odds = "1 to 1" }]\n',
     "aces_up.rows[0].hand", "a row of the Aces Up paytable: one of"),
    ("row-condition", BASE + '[ante_bonus]\npaytable = "P"\n'
     'rows = [{ hand = "Player\'s hand outranks the dealer\'s", odds = "1 to 1" }]\n',
     "ante_bonus.rows[0].hand", "a row of the Ante Bonus paytable"),
    ("row-for-odds", BASE + ACES + 'paytable = "P"\n'
     'rows = [{ hand = "Flush", odds = "7 for 1" }]\n', "aces_up.rows[0].odds",
     "a chip wager paid beside its stake"),
    ("row-push", BASE + ACES + 'paytable = "P"\n'
     'rows = [{ hand = "Flush", odds = "Push" }]\n', "aces_up.rows[0].odds", "winning odds"),
    ("row-twice", BASE + ACES + 'paytable = "P"\nrows = [{ hand = "Flush", odds = "6 to 1" }, '
     '{ hand = "flush", odds = "5 to 1" }]\n', "aces_up.rows[1].hand", "each hand appears once"),
    ("row-empty", BASE + ACES + 'paytable = "P"\nrows = []\n', "aces_up.rows", "at least one row"),
    ("bad-odds-text", BASE + ACES + 'paytable = "P"\n'
     'rows = [{ hand = "Flush", odds = "six to one" }]\n', "aces_up.rows[0].odds", "is not odds"),
    ("multiples", BASE + "[rules]\nplay_multiples = [0, 1]\n", "rules.play_multiples",
     "positive whole number"),
    ("multiples-empty", BASE + "[rules]\nplay_multiples = []\n", "rules.play_multiples",
     "a list of whole multiples"),
    ("ties", BASE + '[rules]\nties = "split"\n', "rules.ties", "'the player wins'"),
    ("fold-rule", BASE + '[rules]\naces_up_on_fold = "kept"\n', "rules.aces_up_on_fold",
     "'stays in action until settled'"),
    ("up-card", BASE + '[rules]\ndealer_up_card = "first"\n', "rules.dealer_up_card",
     "'the sixth card, dealt face up'"),
    ("rules-bool", BASE + '[rules]\nante_bonus_when_dealer_wins = "yes"\n',
     "rules.ante_bonus_when_dealer_wins", "true or false"),
    ("rules-unknown", BASE + "[rules]\nties_rule = 'push'\n", "rules.ties_rule",
     "unknown field"),
    ("adjacent-boxes", BASE + "adjacent_boxes = 0\n", "adjacent_boxes", "at least 1"),
    ("toml-syntax", BASE + "name = \n", "", "not valid TOML"),
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
    error = errors_of(Path("/nonexistent/four_card_table.toml"))
    assert "file not found" in str(error) and "four_card_table.toml" in str(error)


def test_every_problem_is_listed_at_once(write: Callable[[str], Path]) -> None:
    text = (
        BASE.replace("maximum = 500", "maximum = 1")
        + '[ante_bonus]\npaytable = "Z"\n'
        + ACES.replace("minimum = 1", "minimum = 0")
    )
    error = errors_of(write(text))
    assert set(error.fields) == {"ante.maximum", "ante_bonus.paytable", "aces_up.minimum"}
    assert str(error).startswith(f"3 problems in {error.file}")


# --- the paytable data file --------------------------------------------------------------------

PAYTABLE_FILE = """\
game = "Four Card Poker"
[[paytable]]
wager = "Ante"
cards = "the player's best four of five cards against the dealer's best four of six"
cards_citation = { provenance = "SEED", sections = ["641a.11(c)"] }
citation = { provenance = "STANDARD" }
rows = [{ hand = "Player's hand outranks the dealer's", odds = "1 to 1" }]
[[paytable]]
wager = "Play"
cards = "the player's best four of five cards against the dealer's best four of six"
cards_citation = { provenance = "SEED", sections = ["641a.11(c)"] }
citation = { provenance = "STANDARD" }
rows = [{ hand = "Player's hand outranks the dealer's", odds = "1 to 1" }]
"""


def test_a_minimal_paytable_file_loads(write: Callable[[str], Path]) -> None:
    catalog = load_four_card_poker_paytables(write(PAYTABLE_FILE))
    assert catalog.letters(FourCardWager.ANTE) == ("",)
    assert not catalog.has(FourCardWager.ACES_UP, "A")


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        (("the dealer's\", odds = \"1 to 1\" }]\n[[", "him\", odds = \"1 to 1\" }]\n[["),
         "paytable[0].rows[0].hand", "a row of the Ante paytable"),
        (('odds = "1 to 1" }]\n[[', 'odds = "2 for 1" }]\n[['), "paytable[0].rows[0].odds",
         "a chip wager paid beside its stake"),
        (('wager = "Ante"', 'wager = "Blind"'), "paytable[0].wager", "is not a Four Card Poker"),
        (('provenance = "STANDARD" }\nrows = [{ hand = "Player\'s hand outranks the dealer\'s", '
          'odds = "1 to 1" }]\n[[', 'provenance = "GUESS" }\nrows = [{ hand = "Player\'s hand '
          'outranks the dealer\'s", odds = "1 to 1" }]\n[['), "paytable[0].citation", "provenance"),
        (('wager = "Play"', 'wager = "Ante"'), "paytable[1]",
         "each wager and letter is defined once"),
        (('wager = "Play"', 'wager = "Aces Up"\nletter = "A"'), "paytable",
         "the Play paytable, with no letter"),
    ],
)  # fmt: skip
def test_the_paytable_file_reports_field_paths(
    write: Callable[[str], Path], change: tuple[str, str], field: str, expected: str
) -> None:
    text = PAYTABLE_FILE.replace(*change)
    assert text != PAYTABLE_FILE
    path = write(text)
    with pytest.raises(FourCardPokerConfigError) as caught:
        load_four_card_poker_paytables(path)
    problem = next(p for p in caught.value.problems if p.field == field)
    assert expected in problem.expected
    assert str(path) in str(caught.value)


# --- the Five Card Hand Bonus (shared module) ----------------------------------------------------

FCHB = {
    "minimum": 1,
    "maximum": 5,
    "rate_of_progression_percent": 15,
    "meter_start": 10_000,
    "meter_reset": 10_000,
}


def test_the_five_card_hand_bonus_uses_the_shared_spec() -> None:
    config = table(five_card_hand_bonus={**FCHB, "magic_card_bonus": True, "bet_on": ["dealer"]})
    spec = config.five_card_hand_bonus
    assert spec is not None and spec.magic_card_bonus and not spec.lucky_bonus
    report = "\n".join(config.describe())
    assert "Five Card Hand Bonus  $1-$5, electronic, on the dealer's hand" in report
    assert "first five cards dealt" in report and "641a.11(c)(7)" in report
    assert "Magic Card Bonus: 20 for 1" in report and "Lucky Bonus" not in report
    assert "Royal flush: 100% of meter" in report


def test_the_fold_rule_of_the_bonus_is_a_setting_with_the_caribbean_stud_default() -> None:
    """§ 641a.11(b) is not in the seeds: by analogy with § 639a.11(b) the bonus stays."""
    rules = table().rules
    assert rules.five_card_hand_bonus_on_fold is FoldRule.STAYS_IN_ACTION
    setting = next(s for s in rules.describe() if s.name == "five_card_hand_bonus_on_fold")
    assert setting.citation.provenance is Provenance.ANALOG
    assert "639a.11(b)" in str(setting.citation)
    stated = table(rules={"five_card_hand_bonus_on_fold": "forfeited"}).rules
    assert stated.five_card_hand_bonus_on_fold is FoldRule.FORFEITED


def test_five_card_hand_bonus_errors_name_the_field() -> None:
    for change, field in (
        ({"meter_reset": 9_000}, "five_card_hand_bonus.meter_reset"),
        ({"maximum": 0}, "five_card_hand_bonus.maximum"),
        ({"bet_on": ["the shoe"]}, "five_card_hand_bonus.bet_on[0]"),
    ):
        with pytest.raises(FourCardPokerConfigError) as caught:
            table(five_card_hand_bonus={**FCHB, **change})
        assert field in caught.value.fields, str(caught.value)
    with pytest.raises(FourCardPokerConfigError) as caught:
        table(
            five_card_hand_bonus={
                "minimum": 1,
                "maximum": 5,
                "rate_of_progression_percent": 15,
                "meter_start": 10_000,
            }
        )
    assert caught.value.fields == ("five_card_hand_bonus.meter_reset",)
