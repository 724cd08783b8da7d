"""A lesson's introduction: what it teaches before its first round.

The file gives a short text, names a wager and points at an example deal; nothing else is
typed in. The paytable is the one the lesson's table posts (its sign, drawn from the Rules
Submission by the game), and the example's settlement is the procedure the engine works out
for the deal, so an introduction can never disagree with the grader.
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct

from dealer_trainer.engine.felt import Sign
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.step import DEALER
from dealer_trainer.practice.rounds import DealtRound, TableRef, deal_table, load_round
from dealer_trainer.rules.errors import Problem
from dealer_trainer.vocabulary import normalise

SIGN_SEED = 0
"""The round dealt to read a table's signs: a table posts the same signs whatever is dealt."""

PAYTABLE_WORD = " paytable "


class LessonIntro(Struct, frozen=True):
    """A checked introduction: ``paytable`` names a wager the table posts a sign for,
    ``example`` is a scenario of the lesson's game and ``seat`` one of its seats."""

    text: str
    paytable: str | None = None
    example: Path | None = None
    seat: int | None = None


class IntroExample(Struct, frozen=True):
    """The example deal and what settling ``seat`` involves, step by step, as the grader will
    expect it (the dealer's own settlement steps included; the steps before the deal are
    another lesson's)."""

    dealt: DealtRound
    seat: int
    steps: tuple[str, ...]


class IntroView(Struct, frozen=True):
    """Everything an introduction shows, worked out from the table and the example."""

    title: str
    text: str
    sign: Sign | None
    example: IntroExample | None


def wager_name(sign: Sign) -> str:
    """The wager a sign is for: "Blind Paytable A" is the Blind's, "Ante and Play" itself."""
    title = sign.title
    cut = title.lower().find(PAYTABLE_WORD)
    return title[:cut] if cut > 0 else title


def posted_signs(table: TableRef) -> tuple[Sign, ...]:
    """The paytable signs a table posts, as the felt shows them."""
    return deal_table(table, SIGN_SEED).setup.signs


def find_sign(signs: tuple[Sign, ...], wager: str) -> Sign | None:
    """The sign for ``wager`` (case, dashes and underscores forgiven), or ``None``."""
    wanted = normalise(wager)
    for sign in signs:
        if normalise(wager_name(sign)) == wanted or normalise(sign.title) == wanted:
            return sign
    return None


def paytable_problems(table: TableRef, wager: str) -> list[Problem]:
    """Whether the lesson's table posts a paytable for ``wager``."""
    signs = posted_signs(table)
    if find_sign(signs, wager) is not None:
        return []
    names = ", ".join(repr(wager_name(sign)) for sign in signs)
    expected = f"a wager this table posts a paytable for: {names}"
    return [Problem("intro.paytable", expected, repr(wager))]


def seat_problems(example: Path, seat: int | None) -> list[Problem]:
    """Whether the example deal seats a player at ``seat``."""
    if seat is None:
        return []
    seats = [s.seat for s in load_round(example).setup.seats]
    if seat in seats:
        return []
    dealt = ", ".join(str(s) for s in seats)
    return [Problem("intro.seat", f"a seat the example deals ({dealt})", repr(seat))]


def example_of(example: Path, seat: int | None) -> IntroExample:
    dealt = load_round(example)
    shown = seat if seat is not None else min(s.seat for s in dealt.setup.seats)
    steps = tuple(
        step.explanation
        for step in dealt.procedure.steps
        if step.seat in (shown, DEALER) and not is_pre_deal(step)
    )
    return IntroExample(dealt, shown, steps)


def intro_view(title: str, intro: LessonIntro, table: TableRef) -> IntroView:
    """The introduction as the trainee reads it, its paytable and example worked out now."""
    sign = find_sign(posted_signs(table), intro.paytable) if intro.paytable else None
    example = example_of(intro.example, intro.seat) if intro.example is not None else None
    return IntroView(title, intro.text.strip(), sign, example)
