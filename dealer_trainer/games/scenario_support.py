"""What every game's scenario reader shares: card fields, the table reference, the Five Card
Hand Bonus draws, and how each failure becomes a ``DataFileError`` naming the file and field.

A scenario file is read the same way for every game (a TOML setup, its ``table`` either a path
relative to the file or an inline ``[table]``, cards in the lesson notation, amounts as money);
only the seats, the wagers and the game's own cards differ. Those stay in each game's
``scenario.py``; the parsing pieces are here so that a message a lesson author reads is worded
the same in every game and fixed in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, ClassVar, NoReturn, TypeVar

import msgspec
from msgspec import Struct

from dealer_trainer.cards import Card, CardNotationError, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.definition import TableResolver
from dealer_trainer.games.five_card_hand_bonus import FchbDraws
from dealer_trainer.rules.datafile import FieldProblem, Invalid, Parse, Record, convert
from dealer_trainer.rules.errors import DataFileError, Problem, read_toml
from dealer_trainer.rules.money import to_money

_Model = TypeVar("_Model", bound=Record)
_Config = TypeVar("_Config")
_Round = TypeVar("_Round")


def card_parser(
    count: int, example: str, *, count_word: str | None = None, allow_joker: bool = False
) -> Callable[[Any], tuple[Card, ...]]:
    """A ``Parse`` function for exactly ``count`` cards written as one string;
    ``count_word`` spells the count in the message ("five") where a game always did."""
    written = count_word if count_word is not None else str(count)

    def parse(value: Any) -> tuple[Card, ...]:
        if not isinstance(value, str):
            raise ValueError(f'write {written} cards as a string such as "{example}"')
        try:
            cards = parse_cards(value, allow_joker=allow_joker)
        except CardNotationError as error:
            raise ValueError(str(error)) from None
        if len(cards) != count:
            raise ValueError(f"expected {count} cards, got {len(cards)}")
        return cards

    return parse


def one_card(value: Any) -> Card:
    """A single card such as "Qd" (a Magic Card, a burn card)."""
    try:
        (card,) = parse_cards(str(value), allow_joker=False)
    except (CardNotationError, ValueError):
        raise ValueError('one card such as "Qd"') from None
    return card


def money(value: Any) -> Decimal:
    """A wager: money to the cent."""
    return to_money(value)


def meter_amount(value: Any) -> Decimal:
    """A meter reading: money to six places, as the table game system shows a meter."""
    return to_money(value, places=6)


Amount = Annotated[Decimal, Parse(money)]
"""A wager on a scenario's seat."""
Meter = Annotated[Decimal | None, Parse(meter_amount)]
"""A meter a scenario may state (left out: the table's own start)."""


def lucky_position(value: Any, max_seats: int, *, no_dealer: str = "") -> int:
    """ "seat N" is that seat, "dealer" the dealer position (§ 639a.1); a game without a dealer
    hand (Let It Ride, § 643a.1) takes only a seat, and ``no_dealer`` says why."""
    dealer = not no_dealer
    text = str(value).strip().lower()
    if dealer and text == "dealer":
        return DEALER
    number = text.removeprefix("seat").strip()
    if number.isdigit() and 1 <= int(number) <= max_seats:
        return int(number)
    if dealer:
        raise ValueError(f'"seat N" (1 to {max_seats}) or "dealer"')
    raise ValueError(f'"seat N" (1 to {max_seats}): {no_dealer}')


class _Written(Struct, frozen=True):
    """A Lucky Bonus position as the file writes it, read by the record, whose class knows the
    table's seats."""

    text: Any


class FchbDrawsSpec(Record, frozen=True):
    """What the table game system shows: the Five Card Hand Bonus meter, the Magic Card and the
    Lucky Bonus position. A game sets ``max_seats`` (and ``no_dealer``, why, when it has no
    dealer hand) in a subclass."""

    max_seats: ClassVar[int] = 7
    no_dealer: ClassVar[str] = ""
    meter: Annotated[Decimal, Parse(meter_amount)]
    magic_card: Annotated[Card, Parse(one_card)] | None = None
    lucky: Annotated[int, Parse(_Written)] | None = None

    def __post_init__(self) -> None:
        written: object = self.lucky
        if isinstance(written, _Written):
            try:
                seat = lucky_position(written.text, self.max_seats, no_dealer=self.no_dealer)
            except ValueError as error:
                raise FieldProblem("lucky", str(error), written.text) from None
            msgspec.structs.force_setattr(self, "lucky", seat)

    def to_draws(self, dealer_hand_bettors: int = 0) -> FchbDraws:
        """The round's draws; ``ValueError`` when the engine refuses them."""
        return FchbDraws(self.meter, self.magic_card, self.lucky, dealer_hand_bettors)


def scenario_draws(spec: FchbDrawsSpec | None, dealer_hand_bettors: int = 0) -> FchbDraws | None:
    """The round's draws where the scenario states them; ``ValueError`` when the engine refuses
    them."""
    return None if spec is None else spec.to_draws(dealer_hand_bettors)


class ScenarioFile(Record, frozen=True, kw_only=True):
    """The fields a scenario file starts with: its title, its table (a Rules Submission path
    relative to the file, or an inline ``[table]``) and the seed of the shuffle it came from.
    A game's scenario model adds its cards, seats and meters after them."""

    title: str = ""
    table: str | dict[str, Any]
    seed: int | None = None


def validate_scenario(model: type[_Model], data: Mapping[str, Any], file: str) -> _Model:
    """``model`` from ``data``; every problem found names its field."""
    try:
        return convert(data, model)
    except Invalid as error:
        raise DataFileError(file, error.problems) from None


def raise_problems(file: str, problems: list[Problem]) -> None:
    """Stop with every problem found so far, if there is any."""
    if problems:
        raise DataFileError(file, problems)


def scenario_table(
    spec: str | dict[str, Any],
    file: str,
    resolve: TableResolver,
    parse: Callable[[Mapping[str, Any], str], _Config],
) -> _Config:
    """The scenario's table: a Rules Submission the scenario names (read through
    ``resolve``), or an inline ``[table]``; any problem with it becomes a ``table`` problem of
    the scenario."""
    try:
        if isinstance(spec, str):
            return parse(*resolve(spec))
        return parse(spec, f"{file} [table]")
    except DataFileError as failure:
        raise table_problem(file, failure) from None


def table_problem(file: str, failure: DataFileError) -> DataFileError:
    """A problem with the table a scenario uses, as a ``table`` problem of the scenario: one
    line, each of the table's problems after the other."""
    found = "; ".join(problem.render(failure.file) for problem in failure.problems)
    return DataFileError(file, [Problem("table", f"the table configuration is invalid: {found}")])


def file_resolver(scenario: Path) -> TableResolver:
    """References read as files relative to the scenario file's folder."""

    def resolve(reference: str) -> tuple[Mapping[str, Any], str]:
        if not reference.strip():
            raise DataFileError(scenario, [Problem("table", "a table configuration file", "''")])
        path = (scenario.parent / reference).resolve()
        return read_toml(path), str(path)

    return resolve


def round_error(file: str, error: Exception, field: str = "") -> NoReturn:
    """A round the engine refuses (cards dealt twice, a seat out of range): one problem."""
    raise DataFileError(file, [Problem(field, str(error))]) from None


def load_scenario_file(
    path: str | Path, parse: Callable[[Mapping[str, Any], str, TableResolver], _Round]
) -> _Round:
    """Read the TOML at ``path`` and hand it to the game's ``parse``, the files it names read
    beside it."""
    file = Path(path)
    return parse(read_toml(file), str(file), file_resolver(file))


__all__ = [
    "FchbDrawsSpec",
    "ScenarioFile",
    "card_parser",
    "file_resolver",
    "load_scenario_file",
    "lucky_position",
    "meter_amount",
    "money",
    "one_card",
    "raise_problems",
    "round_error",
    "scenario_draws",
    "scenario_table",
    "table_problem",
    "validate_scenario",
]
