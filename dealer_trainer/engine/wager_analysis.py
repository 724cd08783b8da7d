"""How a game describes its wagers to the table analyser (``dealer_trainer.analysis``).

The analyser sits above the games, so the words a game uses to describe a wager for it live
here, beside the other types games describe: a wager settled on one hand's cards alone
(``HandWager``: its posted rows, which cards form the hand, how the game reads a hand into
rows, the procedures a win of each row involves), and the wagers a game's analysis does not
price, each with its reason (``NotAnalysed``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any

from msgspec import Struct

from dealer_trainer.cards import Card
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.rules.game_paytables import GamePaytable, GameRow
from dealer_trainer.rules.odds import Odds, OddsKind


class Procedure(Enum):
    """The settlement procedures an instructor asks "how often?" about."""

    VERIFY = "hand verifications"
    FLOORPERSON = "floorperson calls"
    GAME_ACCOUNT = "game-account credits"
    JACKPOT_HOLD = "jackpot holds for documentation"
    ENVY = "Envy Bonuses"
    PAYOUT_CAP = "payout-limit caps"
    METER_RESET = "meter resets"


class PaidRow(Struct, frozen=True):
    """A paytable row as posted: its label, odds and Envy Bonus amount (if any), and the
    procedures settling one win on it involves (the game's rules say which)."""

    label: str
    odds: Odds
    envy: Decimal | None = None
    procedures: frozenset[Procedure] = frozenset()


def electronic_procedures(odds: Odds, *, meter_resets: bool = True) -> frozenset[Procedure]:
    """The procedure of an electronic bonus win (seed 000, § 639a.11(c)(6)): verify the hand;
    call the floorperson for 500 for 1 or more and for any meter share; credit the game
    account except a meter share, whose hand is held for documentation instead; a win of the
    whole meter resets it."""
    if not odds.pays:
        return frozenset()
    found = {Procedure.VERIFY}
    if odds.kind is OddsKind.METER_PERCENT:
        found |= {Procedure.FLOORPERSON, Procedure.JACKPOT_HOLD}
        if meter_resets and odds.percent == 100:
            found.add(Procedure.METER_RESET)
    else:
        found.add(Procedure.GAME_ACCOUNT)
        if odds.kind is OddsKind.FOR and odds.ratio >= 500:
            found.add(Procedure.FLOORPERSON)
    return frozenset(found)


def progressive_procedures(odds: Odds) -> frozenset[Procedure]:
    """A Progressive Payout Wager win (``SettlementSteps.progressive_win``): as an electronic
    bonus, but paid from the table inventory, not credited to a game account."""
    return electronic_procedures(odds) - {Procedure.GAME_ACCOUNT}


def no_procedures(odds: Odds) -> frozenset[Procedure]:
    """A chip wager paid from the rack: nothing beyond the payout itself."""
    return frozenset()


class HandWager(Struct, frozen=True):
    """A wager settled on one hand's cards alone, as its game describes it.

    ``classify`` reads a hand into the outcome the game's settlement uses (e.g. every row
    class the hand answers to) and ``row_of`` says which of ``rows`` that outcome is paid on,
    or ``None`` for a losing hand. ``key`` names the classification: two wagers with the same
    ``dealt`` and ``key`` must classify alike, so Trips Paytables A to E share one count.
    ``stake`` is the unit a meter share is measured against (the progressive wager amount);
    ``shared`` marks a hand every bettor shares (the dealer's), verified once however many
    bet on it. ``stake_at_risk`` is False for a payment on another wager's stake (the Ante
    Bonus), which costs nothing when it does not pay.
    """

    name: str
    paytable: str
    cards: str
    citation: str
    dealt: HandDealt
    key: str
    classify: Callable[[tuple[Card, ...]], Hashable]
    row_of: Callable[[Any], int | None]
    rows: tuple[PaidRow, ...]
    stake: Decimal = Decimal(1)
    meter_reset: Decimal | None = None
    shared: bool = False
    notes: tuple[str, ...] = ()
    stake_at_risk: bool = True


def paytable_wager(
    table: GamePaytable[Any, Any, Any],
    *,
    dealt: HandDealt,
    key: str,
    classes: Callable[[tuple[Card, ...]], Iterable[Hashable]],
    procedures: Callable[[Odds], frozenset[Procedure]] = no_procedures,
    envy: Callable[[GameRow[Any]], Decimal | None] = lambda row: row.envy,
    name: str = "",
    stake: Decimal = Decimal(1),
    meter_reset: Decimal | None = None,
    shared: bool = False,
    notes: tuple[str, ...] = (),
    stake_at_risk: bool = True,
) -> HandWager:
    """A wager on one of the shared paytable records: a hand is read into every row class it
    answers to (``classes``, the game's own settlement function) and paid on the table's
    ``first_row`` of them, exactly as settlement pays it."""
    rows = table.rows
    index = {id(row): i for i, row in enumerate(rows)}

    def classify(cards: tuple[Card, ...]) -> Hashable:
        return frozenset(classes(cards))

    def row_of(outcome: frozenset[Hashable]) -> int | None:
        row = table.first_row(outcome)
        return None if row is None or not row.odds.pays else index[id(row)]

    return HandWager(
        name or str(table.wager.value),
        table.name or str(table.wager.value),
        str(table.cards.value),
        table.cards_citation.short,
        dealt,
        key,
        classify,
        row_of,
        tuple(PaidRow(r.label, r.odds, envy(r), procedures(r.odds)) for r in rows),
        stake,
        meter_reset,
        shared,
        notes,
        stake_at_risk,
    )


def five_card_envy(
    amount: Decimal | None, qualifying: HandRank
) -> Callable[[GameRow[Any]], Decimal | None]:
    """The Envy Bonus on a five-card progressive's rows: ``amount`` on every row whose hand is
    the Envy Bonus Qualifying Hand or better (§§ 639a.1, 643a.1), nothing elsewhere."""
    better = {rank.value for rank in FIVE_CARD_ORDER[FIVE_CARD_ORDER.index(qualifying) :]}

    def envy(row: GameRow[Any]) -> Decimal | None:
        return amount if str(getattr(row.hand, "value", row.hand)) in better else None

    return envy


class NotAnalysed(Struct, frozen=True):
    """A wager the analyser does not price, and why (said in the output, never hidden)."""

    name: str
    reason: str


class ControlVariate(Struct, frozen=True):
    """A quantity of each simulated round whose mean is known exactly, used to steady the
    estimate of ``wager`` (control variates; ``None``: every wager and their sum): ``value`` of
    the outcome ``classify`` reads from the round's cards, whose mean over every deal of
    ``dealt`` the analyser counts (shared with a wager counted under the same ``key``). ``play``
    returns it after the wagers' nets. A wager steadied by several controls is regressed on
    all of them together."""

    wager: str | None
    dealt: HandDealt
    key: str
    classify: Callable[[tuple[Card, ...]], Hashable]
    value: Callable[[Any], Fraction]


class SimulatedWagers(Struct, frozen=True):
    """Wagers whose result depends on the dealer's hand and the player's decisions, played
    together round by round: ``play`` deals one round from the generator, plays it by
    ``strategy`` and settles it with the game's own settlement, returning each of ``wagers``'s
    net result per unit of ``per`` (e.g. the Ante)."""

    name: str
    strategy: str
    per: str
    cards: str
    citation: str
    wagers: tuple[str, ...]
    play: Callable[[random.Random], Sequence[Decimal]]
    notes: tuple[str, ...] = ()
    own_stake: tuple[str, ...] = ()
    controls: tuple[ControlVariate, ...] = ()
    """``own_stake``: wagers among ``wagers`` measured per unit of their own stake instead (a
    side wager settled against the dealer's hand, such as the Bad Beat), so left out of the
    figure for the wagers together."""
    paytables: tuple[str, ...] = ()
    """Each wager's paytable as the output names it ("Blind Paytable B"), when it has one."""


class DrawnAward(Struct, frozen=True):
    """An award the table game system draws independently of the cards dealt (the Magic Card,
    the Lucky Bonus), paid on another wager's stake, so priced as its expected payout given
    the draw: ``chance`` is the probability that one bettor's hand is drawn, given how many
    players are seated and betting, out of ``outcomes`` equally likely draws (``unit`` names
    them); ``draw`` says how the draw is taken to be made, since the text leaves it to the
    system."""

    name: str
    paytable: str
    cards: str
    citation: str
    row: PaidRow
    chance: Callable[[int], Fraction]
    outcomes: Callable[[int], int]
    unit: str
    draw: str
    shared: bool = False


class ProcedureCount(Struct, frozen=True):
    """How often a procedure comes up per seated player per round that no one wager's rows
    say (the payout limit caps a hand's wagers together), and how that was worked out."""

    procedure: Procedure
    chance: Fraction
    method: str
    half_width: Fraction | None = None
    """A simulated count only: half its 95% confidence interval."""


class SimulatedCount(Struct, frozen=True):
    """A procedure count no enumeration gives (the payout limit on wagers settled against the
    dealer's hand): ``play`` deals one round from the generator and returns how often the
    procedure comes up for one seated player in it (0 or 1, or an exact share of the dealer
    hands), so the analyser reports the mean with its 95% interval."""

    procedure: Procedure
    method: str
    play: Callable[[random.Random], Fraction]


class TableWagers(Struct, frozen=True):
    """What a game's analysis says about one Rules Submission."""

    hand_wagers: tuple[HandWager, ...]
    not_analysed: tuple[NotAnalysed, ...] = ()
    simulated: tuple[SimulatedWagers, ...] = ()
    drawn: tuple[DrawnAward, ...] = ()
    procedure_counts: tuple[ProcedureCount, ...] = ()
    simulated_counts: tuple[SimulatedCount, ...] = ()


__all__ = [
    "ControlVariate",
    "DrawnAward",
    "HandWager",
    "NotAnalysed",
    "PaidRow",
    "Procedure",
    "ProcedureCount",
    "SimulatedCount",
    "SimulatedWagers",
    "TableWagers",
    "electronic_procedures",
    "five_card_envy",
    "no_procedures",
    "paytable_wager",
    "progressive_procedures",
]
