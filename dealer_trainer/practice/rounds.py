"""Dealing a practice round for the table a trainee picked, in any game.

Each game supplies its table loader, its dealer, its procedure builder, its table setup and
the actions a dealer of that game takes; the GUI sees only a ``DealtRound``, so the next game
adds an entry to ``GAMES``, not a new window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEvent
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import Step
from dealer_trainer.games.caribbean_stud import procedure as caribbean_stud_procedure
from dealer_trainer.games.caribbean_stud import table as caribbean_stud_table
from dealer_trainer.games.caribbean_stud.config import load_caribbean_stud_config
from dealer_trainer.games.caribbean_stud.dealing import (
    caribbean_stud_dealing_sequence,
    deal_caribbean_stud_round,
)
from dealer_trainer.games.caribbean_stud.round import CaribbeanStudRound
from dealer_trainer.games.caribbean_stud.scenario import load_caribbean_stud_scenario
from dealer_trainer.games.four_card_poker import procedure as four_card_procedure
from dealer_trainer.games.four_card_poker import table as four_card_table
from dealer_trainer.games.four_card_poker.config import load_four_card_poker_config
from dealer_trainer.games.four_card_poker.dealing import (
    deal_four_card_round,
    four_card_dealing_sequence,
)
from dealer_trainer.games.four_card_poker.round import FourCardRound
from dealer_trainer.games.four_card_poker.scenario import load_four_card_poker_scenario
from dealer_trainer.games.let_it_ride import procedure as let_it_ride_procedure
from dealer_trainer.games.let_it_ride import table as let_it_ride_table
from dealer_trainer.games.let_it_ride.config import load_let_it_ride_config
from dealer_trainer.games.let_it_ride.dealing import (
    deal_let_it_ride_round,
    let_it_ride_dealing_sequence,
)
from dealer_trainer.games.let_it_ride.round import LetItRideRound
from dealer_trainer.games.let_it_ride.scenario import load_let_it_ride_scenario
from dealer_trainer.games.pai_gow import procedure as pai_gow_procedure
from dealer_trainer.games.pai_gow import table as pai_gow_table
from dealer_trainer.games.pai_gow.config import load_pai_gow_config
from dealer_trainer.games.pai_gow.dealing import deal_pai_gow_round, pai_gow_dealing_sequence
from dealer_trainer.games.pai_gow.round import PaiGowRound
from dealer_trainer.games.pai_gow.scenario import load_pai_gow_scenario
from dealer_trainer.games.three_card_poker import procedure as three_card_procedure
from dealer_trainer.games.three_card_poker import table as three_card_table
from dealer_trainer.games.three_card_poker.config import load_three_card_poker_config
from dealer_trainer.games.three_card_poker.dealing import (
    deal_three_card_round,
    three_card_dealing_sequence,
)
from dealer_trainer.games.three_card_poker.round import ThreeCardRound
from dealer_trainer.games.three_card_poker.scenario import load_three_card_poker_scenario
from dealer_trainer.games.uth import procedure as uth_procedure
from dealer_trainer.games.uth.config import load_uth_config, uth_table_report
from dealer_trainer.games.uth.dealing import deal_round, dealing_sequence
from dealer_trainer.games.uth.round import UthRound
from dealer_trainer.games.uth.scenario import load_scenario
from dealer_trainer.games.uth.table import table_setup
from dealer_trainer.hands.categories import FIVE_CARD_ORDER
from dealer_trainer.hands.four_card import FOUR_CARD_ORDER
from dealer_trainer.hands.pai_gow_seven import SevenCardClass
from dealer_trainer.hands.three_card import THREE_CARD_ORDER
from dealer_trainer.practice.table import TableSetup
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml

TABLES = Path(__file__).resolve().parent.parent.parent / "lessons" / "tables"

FIVE_CARD_NAMES = tuple(rank.value for rank in reversed(FIVE_CARD_ORDER))
SEVEN_CARD_NAMES = tuple(hand.value for hand in SevenCardClass)
UTH_ACTIONS = tuple(
    a for a in Action if a not in (Action.SET_HAND, Action.REARRANGE_HAND, Action.PLACE_LAMMER)
)
PAI_GOW_ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.PLACE_LAMMER,
    Action.SET_HAND,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.COLLECT_COMMISSION,
    Action.REARRANGE_HAND,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)


FOUR_CARD_ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.SET_HAND,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.CREDIT_GAME_ACCOUNT,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.DISCARD,
    Action.RESET_METER,
)
FOUR_CARD_NAMES = tuple(
    dict.fromkeys(
        [
            *(rank.value for rank in reversed(FOUR_CARD_ORDER)),
            *(rank.value for rank in reversed(FIVE_CARD_ORDER)),
        ]
    )
)
"""The four-card hands (the dealer's best four) and the five-card bonus hands."""
CARIBBEAN_STUD_ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.REARRANGE_HAND,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.CREDIT_GAME_ACCOUNT,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)

THREE_CARD_ACTIONS = CARIBBEAN_STUD_ACTIONS
"""The same verbs as Caribbean Stud: the dealer's cards revealed and named (A), chip wagers,
progressive chips before the deal, verify / floorperson / pay-or-hold, Envy, the Five Card Hand
Bonus credited or held, meters reset."""
THREE_CARD_NAMES = tuple(
    dict.fromkeys(
        [
            *(rank.value for rank in reversed(THREE_CARD_ORDER)),
            *(rank.value for rank in reversed(FIVE_CARD_ORDER)),
        ]
    )
)
"""The three-card hands (the dealer's hand, the three-card progressive) and the five-card ones
(the Five-Card Progressive, the Five Card Hand Bonus)."""

LET_IT_RIDE_ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.CREDIT_GAME_ACCOUNT,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)
"""Let It Ride has no dealer hand to set or arrange: chip wagers (a push when the payout limit
leaves a riding wager nothing), progressive chips before the deal, verify / floorperson /
pay-or-hold, Envy, the Five Card Hand Bonus credited or held, meters reset."""


@dataclass(frozen=True)
class DealtRound:
    setup: TableSetup
    procedure: Procedure
    sequence: tuple[DealEvent, ...]
    not_called_for: Mapping[Action, str]
    description: str
    actions: tuple[Action, ...] = field(default=UTH_ACTIONS)
    """The verbs a dealer of this game uses: the action panel offers these."""
    hand_matcher: Callable[[Step, str], bool] | None = None
    hand_names: tuple[str, ...] = FIVE_CARD_NAMES
    """The hands a trainee may name when verifying or announcing one, best first."""
    split_hands: bool = False
    """Setting the dealer's hand means splitting seven cards (pai gow); otherwise the dealer's
    hand is set by naming it (Four Card Poker's best four of six)."""
    board_face_down_until: frozenset[str] = frozenset()
    """Steps after which the community cards are turned up; until then they lie face down
    (Three Card Poker's two extra cards wait for every other wager, seed 000, preamble)."""


@dataclass(frozen=True)
class PracticeTable:
    """A table configuration file as the picker lists it; ``error`` when it cannot be used."""

    path: Path
    game: str
    name: str
    description: str = ""
    error: str = ""


def _uth_round(round_: UthRound) -> DealtRound:
    return DealtRound(
        table_setup(round_),
        uth_procedure.build_procedure(round_),
        dealing_sequence(round_),
        uth_procedure.NOT_CALLED_FOR,
        round_.describe(),
        UTH_ACTIONS,
    )


def _pai_gow_round(round_: PaiGowRound) -> DealtRound:
    return DealtRound(
        pai_gow_table.table_setup(round_),
        pai_gow_procedure.build_procedure(round_),
        pai_gow_dealing_sequence(round_),
        pai_gow_procedure.NOT_CALLED_FOR,
        round_.describe(),
        PAI_GOW_ACTIONS,
        pai_gow_procedure.same_hand,
        SEVEN_CARD_NAMES,
        split_hands=True,
    )


def _caribbean_stud_round(round_: CaribbeanStudRound) -> DealtRound:
    return DealtRound(
        caribbean_stud_table.table_setup(round_),
        caribbean_stud_procedure.build_procedure(round_),
        caribbean_stud_dealing_sequence(round_, include_reveal=True),
        caribbean_stud_procedure.NOT_CALLED_FOR,
        round_.describe(),
        CARIBBEAN_STUD_ACTIONS,
    )


def _four_card_round(round_: FourCardRound) -> DealtRound:
    return DealtRound(
        four_card_table.table_setup(round_),
        four_card_procedure.build_procedure(round_),
        four_card_dealing_sequence(round_),
        four_card_procedure.NOT_CALLED_FOR,
        round_.describe(),
        FOUR_CARD_ACTIONS,
        four_card_procedure.hand_matcher(round_),
        FOUR_CARD_NAMES,
    )


def _three_card_round(round_: ThreeCardRound) -> DealtRound:
    return DealtRound(
        three_card_table.table_setup(round_),
        three_card_procedure.build_procedure(round_),
        three_card_dealing_sequence(round_),
        three_card_procedure.NOT_CALLED_FOR,
        round_.describe(),
        THREE_CARD_ACTIONS,
        hand_names=THREE_CARD_NAMES,
        board_face_down_until=three_card_procedure.community_gate(round_),
    )


def _let_it_ride_round(round_: LetItRideRound) -> DealtRound:
    return DealtRound(
        let_it_ride_table.table_setup(round_),
        let_it_ride_procedure.build_procedure(round_),
        let_it_ride_dealing_sequence(round_),
        let_it_ride_procedure.NOT_CALLED_FOR,
        round_.describe(),
        LET_IT_RIDE_ACTIONS,
    )


class RulesSubmission(Protocol):
    """What every game's validated table configuration offers the picker."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...


C = TypeVar("C", bound=RulesSubmission)


@dataclass(frozen=True)
class PracticeGame(Generic[C]):
    """One game as the trainer deals it: its table files, its rounds and its scenarios."""

    name: str
    load: Callable[[Path], C]
    """The table file's validated Rules Submission; ``DataFileError`` if it is invalid."""
    report_lines: Callable[[C], list[str]]
    deal_config: Callable[[C, int, tuple[int, ...] | None], DealtRound]
    scenario: Callable[[Path], DealtRound]

    def describe(self, path: Path) -> tuple[str, str]:
        """(name, description) of a table file, raising ``DataFileError`` if it is invalid."""
        config = self.load(path)
        return config.name, config.description

    def deal(self, path: Path, seed: int, seats: tuple[int, ...] | None) -> DealtRound:
        return self.deal_config(self.load(path), seed, seats)

    def report(self, path: Path) -> list[str]:
        """The table's wagers, limits, paytables and open rules with their provenance."""
        return self.report_lines(self.load(path))


_UTH = PracticeGame(
    "Ultimate Texas Hold 'Em",
    load_uth_config,
    uth_table_report,
    lambda config, seed, seats: _uth_round(deal_round(config, seed, seats)),
    lambda path: _uth_round(load_scenario(path)),
)
_PAI_GOW = PracticeGame(
    "Pai Gow Poker",
    load_pai_gow_config,
    lambda config: config.describe(),
    lambda config, seed, seats: _pai_gow_round(deal_pai_gow_round(config, seed, seats)),
    lambda path: _pai_gow_round(load_pai_gow_scenario(path)),
)
_FOUR_CARD = PracticeGame(
    "Four Card Poker",
    load_four_card_poker_config,
    lambda config: config.describe(),
    lambda config, seed, seats: _four_card_round(deal_four_card_round(config, seed, seats)),
    lambda path: _four_card_round(load_four_card_poker_scenario(path)),
)
_CARIBBEAN_STUD = PracticeGame(
    "Caribbean Stud Poker",
    load_caribbean_stud_config,
    lambda config: config.describe(),
    lambda config, seed, seats: _caribbean_stud_round(
        deal_caribbean_stud_round(config, seed, seats)
    ),
    lambda path: _caribbean_stud_round(load_caribbean_stud_scenario(path)),
)
_THREE_CARD = PracticeGame(
    "Three Card Poker",
    load_three_card_poker_config,
    lambda config: config.describe(),
    lambda config, seed, seats: _three_card_round(deal_three_card_round(config, seed, seats)),
    lambda path: _three_card_round(load_three_card_poker_scenario(path)),
)
_LET_IT_RIDE = PracticeGame(
    "Let It Ride Poker",
    load_let_it_ride_config,
    lambda config: config.describe(),
    lambda config, seed, seats: _let_it_ride_round(deal_let_it_ride_round(config, seed, seats)),
    lambda path: _let_it_ride_round(load_let_it_ride_scenario(path)),
)
GAMES: dict[str, PracticeGame[Any]] = {
    "Ultimate Texas Hold 'Em": _UTH,
    "Pai Gow Poker": _PAI_GOW,
    "EZ Pai Gow Poker": _PAI_GOW,
    "Four Card Poker": _FOUR_CARD,
    "Let It Ride Poker": _LET_IT_RIDE,
    "Caribbean Stud Poker": _CARIBBEAN_STUD,
    "Three Card Poker": _THREE_CARD,
}


def practice_tables(folder: Path = TABLES) -> list[PracticeTable]:
    """Every table file in ``folder`` for a game the trainer can deal; a broken one is listed
    with its error, not dropped. Tables of games not yet playable are left out."""
    tables: list[PracticeTable] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            game = read_toml(path).get("game")
        except DataFileError as error:
            tables.append(PracticeTable(path, "", path.name, error=str(error)))
            continue
        if not isinstance(game, str) or game not in GAMES:
            if game is None:
                message = f"{path}: game: the game this table is for"
                tables.append(PracticeTable(path, "", path.name, error=message))
            continue
        try:
            name, description = GAMES[game].describe(path)
        except DataFileError as error:
            tables.append(PracticeTable(path, game, path.name, error=str(error)))
            continue
        tables.append(PracticeTable(path, game, name, description))
    return tables


def deal(table: PracticeTable, seed: int, seats: tuple[int, ...] | None = None) -> DealtRound:
    if table.error:
        raise ValueError(table.error)
    return GAMES[table.game].deal(table.path, seed, seats)


class LessonFileError(DataFileError):
    """A lesson or an exam file was given where a scenario or a table was expected. A lesson
    is played from the course, and an exam's rounds are dealt only when the examiner starts
    it, from each candidate's own seeds: neither is ever opened as a round."""

    def __init__(self, file: str | Path, mode: str) -> None:
        if mode == "exam":
            what = "an exam"
            how = (
                "an exam is taken only from Practice > Course (Ctrl+Shift+L) in the app, where "
                "the examiner starts it, and its rounds are dealt then, from each candidate's "
                "own seeds"
            )
        else:
            what = "a lesson"
            how = "lessons are played from Practice > Course (Ctrl+Shift+L) in the app"
        super().__init__(file, [Problem("mode", "a scenario or a table, not a lesson", repr(mode))])
        self.mode = mode
        self.args = (f"{file} is {what} file, not a scenario or a table: {how}.",)


def lesson_file_mode(data: Mapping[str, Any]) -> str | None:
    """The mode of a lesson file (``exam``, ``practice``, ...) read as TOML into ``data``;
    ``None`` for anything else. A lesson has rounds and a mode, a scenario or a table
    neither."""
    mode = data.get("mode")
    return mode if "rounds" in data and isinstance(mode, str) else None


def refuse_lesson_file(path: Path, data: Mapping[str, Any]) -> None:
    """Raise ``LessonFileError`` when ``data`` (read from ``path``) is a lesson or an exam."""
    mode = lesson_file_mode(data)
    if mode is not None:
        raise LessonFileError(path, mode)


def scenario_game(path: Path) -> str:
    """The game of a scenario, read from the table it names (a file or an inline table). A
    lesson or exam file is refused (``LessonFileError``) before anything of it is dealt."""
    data = read_toml(path)
    refuse_lesson_file(path, data)
    table: Any = data.get("table")
    if isinstance(table, str):
        table = read_toml((path.parent / table).resolve())
    game = table.get("game") if isinstance(table, dict) else None
    if not isinstance(game, str) or game not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise DataFileError(path, [Problem("table", f"a table for one of: {known}", str(game))])
    return game


def load_round(path: Path) -> DealtRound:
    """A round from a scenario file of any game the trainer knows."""
    return GAMES[scenario_game(path)].scenario(path)
