"""The procedure steps every game's builder words the same way: a wager paid, pushed or
collected; the cards to the discard rack; a progressive win verified, taken to a floorperson
and paid or held for its documentation; an Envy Bonus Qualifying Hand announced and its Envy
Bonuses paid; a meter emptied by a jackpot reset.

Each game's ``procedure.py`` keeps what its regulation says: which wagers, in which order, with
which citations and order rules (they differ by chapter and are passed in here). What is the
same dealer action in every chapter is written once, so that the grader explains it to a
trainee in the same words whatever the table, and a fix to one step's wording reaches them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from msgspec import Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, SpotCatalog, SpotKind, SpotRole, TableSpot
from dealer_trainer.engine.step import StepRecorder
from dealer_trainer.games.linked_meter import LinkedMeter, reset_citation, reset_explanation
from dealer_trainer.games.outcome_support import Result, needs_floorperson
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import Odds


class SharedSpot(SpotKind, noun="a spot every game has"):
    """The spots that are not a game's wagers: the cards, the dealer's hand, an Envy Bonus
    Qualifying Hand announced, the progressive meter."""

    CARDS = "Cards"
    HAND = "Hand"
    """The dealer's hand, set or revealed."""
    ENVY_HAND = "Envy Bonus Qualifying Hand"
    PROGRESSIVE_METER = "Progressive meter"

    @property
    def role(self) -> SpotRole:
        return SpotRole.ENVY if self is SharedSpot.ENVY_HAND else SpotRole.OTHER


def game_spots(*kinds: Iterable[SpotKind]) -> SpotCatalog:
    """A game's catalog: its own ``kinds`` with the shared spots and the engine's."""
    return SpotCatalog([k for group in kinds for k in group] + [*SharedSpot, *TableSpot])


CARDS = SharedSpot.CARDS
DEALERS_HAND = SharedSpot.HAND
ENVY_HAND = SharedSpot.ENVY_HAND
PROGRESSIVE_METER = SharedSpot.PROGRESSIVE_METER
ORDER_METER = "The meter is reset only after the jackpot it paid has been settled."


class _Cited(Protocol):
    @property
    def short(self) -> str: ...
    @property
    def section(self) -> str: ...


class _Row(Protocol):
    @property
    def odds(self) -> Odds: ...


class Settled(Protocol):
    """What a game's wager outcome tells the procedure (every ``games/*/outcomes.py`` record)."""

    @property
    def wager(self) -> SpotKind: ...
    @property
    def result(self) -> Result: ...
    @property
    def stake(self) -> Decimal: ...
    @property
    def paid(self) -> Decimal: ...
    @property
    def reason(self) -> str: ...
    @property
    def citation(self) -> _Cited: ...


class ProgressiveWon(Settled, Protocol):
    """A progressive (or other verified) win: its paytable row and odds."""

    @property
    def row(self) -> _Row | None: ...
    @property
    def odds(self) -> str | None: ...
    @property
    def is_meter_award(self) -> bool: ...


class EnvyOwed(Protocol):
    """An Envy Bonus outcome: paid to the recipient for ``other_seat``'s qualifying hand; the
    ``wager`` is the game's Envy Bonus kind, the spot it is paid on."""

    @property
    def wager(self) -> SpotKind: ...
    @property
    def paid(self) -> Decimal: ...
    @property
    def reason(self) -> str: ...
    @property
    def other_seat(self) -> int | None: ...
    @property
    def hand(self) -> HandValue | None: ...


def resolution(outcome: Settled) -> tuple[Action, Decimal]:
    """The dealer's action on a settled wager and its amount: pay the win, push (the stake
    stays), or collect the stake."""
    if outcome.result is Result.WIN:
        return Action.PAY, outcome.paid
    if outcome.result is Result.PUSH:
        return Action.PUSH, outcome.stake
    return Action.COLLECT, outcome.stake


def envy_holders(envy: Mapping[int, Sequence[EnvyOwed]]) -> dict[int, HandValue]:
    """Each seat holding an Envy Bonus Qualifying Hand that some bettor is paid for, and the
    hand, from the Envy outcomes by recipient."""
    return {
        outcome.other_seat: outcome.hand
        for outcomes in envy.values()
        for outcome in outcomes
        if outcome.other_seat is not None and outcome.hand is not None
    }


class ProgressiveCiting(Struct, frozen=True):
    """How a game cites the progressive steps: the verification, the floorperson, the jackpot
    documentation and the payout (``None``: the outcome's own citation), the order rule of
    every step after the verification, and where a payout comes from."""

    verify: str
    floorperson: str
    hold: str
    pay: str | None
    order: str = ""
    pay_from: str = " from the table inventory"


class ProgressiveWin(Struct, frozen=True):
    """What ``SettlementSteps.progressive_win`` added: the chain of step ids (verify first),
    whether the hand is held for the documentation, and whether the win emptied the meter."""

    chain: tuple[str, ...]
    held: bool
    emptied_meter: bool

    @property
    def last(self) -> list[str]:
        return list(self.chain[-1:])


class SettlementSteps(StepRecorder):
    """A ``StepRecorder`` with the steps the games share; each takes the game's citation and
    order rule, so the wording is common and the law stays the game's."""

    def resolve(self, seat: int, outcome: Settled, after: Sequence[str], rule: str) -> str:
        """Pay, push or collect one wager, cited by its outcome."""
        action, amount = resolution(outcome)
        spot = outcome.wager
        return self.add(
            f"s{seat}.{outcome.wager.key}",
            seat,
            spot,
            action,
            amount,
            after,
            outcome.citation.section,
            f"Seat {seat} {spot}: {action.label} {format_money(amount)} — {outcome.reason}.",
            rule,
        )

    def discard(
        self, seat: int, after: Sequence[str], citation: str, explanation: str, rule: str = ""
    ) -> str:
        """The seat's cards to the discard rack."""
        return self.add(
            f"s{seat}.discard",
            seat,
            CARDS,
            Action.DISCARD,
            None,
            after,
            citation,
            explanation,
            rule,
        )

    def discard_documented(
        self, seat: int, after: Sequence[str], citation: str, rule: str = ""
    ) -> str:
        """The cards of a hand held for a jackpot's documentation, to the discard rack once the
        documentation (the hold step, in ``after``) is complete and every wager is settled: the
        hand stays only "until the necessary documentation has been completed"
        (§ 639a.11(c)(6)(iii), (d))."""
        return self.discard(
            seat,
            after,
            citation,
            f"Seat {seat}: the jackpot documentation is complete and every wager is settled; "
            "the cards go to the discard rack in a manner that permits the hand to be "
            "reconstructed.",
            rule,
        )

    def progressive_win(
        self,
        seat: int,
        spot: SpotKind,
        prefix: str,
        outcome: ProgressiveWon,
        after: Sequence[str],
        verify_rule: str,
        citing: ProgressiveCiting,
        *,
        hand: str | None = None,
    ) -> ProgressiveWin:
        """Verify the winning hand, a floorperson for a 500-for-1 or percentage-of-meter payout,
        then pay it, or, for a percentage of the meter (not paid from the table inventory
        container), hold the hand on the table until the documentation is complete
        (§ 639a.11(c)(6)(i)-(ii), § 645a.11(h)(4)(ii)(D), by analogy)."""
        chain = [
            self.add(
                f"{prefix}.verify",
                seat,
                spot,
                Action.VERIFY_HAND,
                None,
                after,
                citing.verify,
                f"Seat {seat} {spot}: verify the winning hand before it is paid — "
                f"{outcome.reason}.",
                verify_rule,
                hand,
            )
        ]
        if needs_floorperson(outcome.row):
            chain.append(
                self.add(
                    f"{prefix}.floorperson",
                    seat,
                    spot,
                    Action.CALL_FLOORPERSON,
                    None,
                    chain[-1:],
                    citing.floorperson,
                    f"Seat {seat} {spot}: a floorperson or above verifies a {outcome.odds} "
                    "payout before it is paid.",
                    citing.order,
                )
            )
        if outcome.is_meter_award:
            assert outcome.row is not None
            chain.append(
                self.add(
                    f"{prefix}.hold",
                    seat,
                    spot,
                    Action.HOLD_FOR_DOCUMENTATION,
                    outcome.paid,
                    chain[-1:],
                    citing.hold,
                    f"Seat {seat} {spot}: {format_money(outcome.paid)} ({outcome.odds}) is not "
                    "paid from the table inventory container; the cards stay on the table until "
                    f"the documentation is complete — {outcome.reason}.",
                    citing.order,
                )
            )
            return ProgressiveWin(tuple(chain), True, outcome.row.odds.percent == 100)
        chain.append(
            self.add(
                f"{prefix}.pay",
                seat,
                spot,
                Action.PAY,
                outcome.paid,
                chain[-1:],
                citing.pay if citing.pay is not None else outcome.citation.section,
                f"Seat {seat} {spot}: pay {format_money(outcome.paid)}{citing.pay_from} — "
                f"{outcome.reason}.",
                citing.order,
            )
        )
        return ProgressiveWin(tuple(chain), False, False)

    def acknowledge_envy(
        self,
        seat: int,
        hand: str,
        after: Sequence[str],
        citation: str,
        explanation: str | None = None,
        rule: str = "",
        *,
        id_: str | None = None,
        spot: SpotKind = ENVY_HAND,
        described: str = "",
    ) -> str:
        """Announce an Envy Bonus Qualifying Hand aloud and leave it face up until the Envy
        Bonuses are paid (§ 645a.11(h)(6)(i)(B)-(C)); ``hand`` is its category, ``described``
        how the standard explanation names it."""
        return self.add(
            id_ if id_ is not None else f"s{seat}.envy.acknowledge",
            seat,
            spot,
            Action.ACKNOWLEDGE_ENVY,
            None,
            after,
            citation,
            explanation
            if explanation is not None
            else (
                f"Seat {seat} holds {described}, an Envy Bonus Qualifying Hand, and another "
                "player made a Progressive Payout Wager: announce it aloud and leave the cards "
                "face up until the Envy Bonuses are paid."
            ),
            rule,
            hand,
        )

    def pay_envy(
        self,
        envy: Mapping[int, Sequence[EnvyOwed]],
        holders: Iterable[int],
        after: Sequence[str],
        citation: str,
        rule: str,
        *,
        key: str = "envy",
        explain: Callable[[int, int, EnvyOwed], str] | None = None,
    ) -> dict[int, list[str]]:
        """Pay each Envy Bonus (``envy``: recipient -> outcomes) after ``after``, once per
        qualifying hand, on the outcome's Envy Bonus spot at the recipient's seat for the
        holder's hand; returns the payment steps per holder of a qualifying hand."""
        paid: dict[int, list[str]] = {holder: [] for holder in holders}
        for recipient, outcomes in envy.items():
            for outcome in outcomes:
                holder = outcome.other_seat
                assert holder is not None
                paid[holder].append(
                    self.add(
                        f"s{recipient}.{key}.s{holder}",
                        recipient,
                        outcome.wager,
                        Action.PAY_ENVY,
                        outcome.paid,
                        after,
                        citation,
                        explain(recipient, holder, outcome)
                        if explain is not None
                        else (
                            f"Seat {recipient} made a Progressive Payout Wager and seat {holder} "
                            f"holds an Envy Bonus Qualifying Hand: pay the Envy Bonus, "
                            f"{format_money(outcome.paid)} — {outcome.reason}."
                        ),
                        rule,
                        hand_of=holder,
                    )
                )
        return paid

    def reset_meter(
        self,
        reset: Decimal,
        after: Sequence[str],
        citation: str,
        *,
        key: str = "progressive",
        meter: SpotKind = PROGRESSIVE_METER,
        explanation: str | None = None,
        rule: str = ORDER_METER,
    ) -> str:
        """Reset a meter a jackpot emptied (100% of itself) to the Rules Submission's amount."""
        return self.add(
            f"{key}.reset_meter",
            DEALER,
            meter,
            Action.RESET_METER,
            reset,
            after,
            citation,
            explanation
            if explanation is not None
            else (
                f"After paying 100% of the progressive meter, reset it to the Rules Submission's "
                f"{format_money(reset)}."
            ),
            rule,
        )


class OneProgressiveSteps(SettlementSteps):
    """A table with one progressive and its Envy Bonus (Caribbean Stud, Let It Ride): what the
    builder tracks across seats, the Envy Bonuses paid once every progressive is settled, and
    the meter reset after a 100% award."""

    def track_progressive(self, envy: Mapping[int, Sequence[EnvyOwed]]) -> None:
        """Start tracking: ``envy`` the Envy outcomes by recipient."""
        self.envy = envy
        self.envy_holders = envy_holders(envy)
        self.progressive_settled: list[str] = []
        self.acknowledged: list[str] = []
        self.face_up: dict[int, list[str]] = {}
        self.meter_emptied: list[str] = []

    def acknowledge_envy_hand(
        self,
        seat: int,
        after: Sequence[str],
        citation: str,
        describe: Callable[[HandValue], str],
    ) -> str:
        """``acknowledge_envy`` for ``seat``'s Envy Bonus Qualifying Hand (named by
        ``describe``), remembered so the Envy Bonuses are paid after it."""
        hand = self.envy_holders[seat]
        step = self.acknowledge_envy(
            seat, hand.rank.value, after, citation, described=describe(hand)
        )
        self.acknowledged.append(step)
        return step

    def won_progressive(self, won: ProgressiveWin) -> tuple[list[str], bool]:
        """Note a progressive win's meter; its last step and whether the hand is held."""
        if won.emptied_meter:
            self.meter_emptied += won.last
        return won.last, won.held

    def envy_payments(
        self, citation: str, rule: str, discard: Callable[[int, list[str]], str]
    ) -> None:
        """After every progressive wager is settled, each other progressive bettor is paid once
        per qualifying hand; then the qualifying hands leave the table (a hand held for a
        jackpot's documentation after its hold step, which ``settled`` includes)."""
        after = [*self.acknowledged, *self.progressive_settled]
        paid = self.pay_envy(self.envy, self.envy_holders, after, citation, rule)
        for holder, settled in self.face_up.items():
            discard(holder, [*settled, *paid[holder]])

    def reset_emptied_meter(
        self, reset: Decimal | None, citation: str, linked: LinkedMeter | None = None
    ) -> None:
        """After a 100% award, the meter's reset (the reset of every table on its ``linked``
        meter)."""
        if self.meter_emptied and reset is not None:
            self.reset_meter(
                reset,
                self.meter_emptied,
                reset_citation(citation, linked),
                explanation=reset_explanation(
                    str(PROGRESSIVE_METER),
                    reset,
                    linked,
                    f"After paying 100% of the progressive meter, reset it to the Rules "
                    f"Submission's {format_money(reset)}.",
                ),
            )


def hand_name(hand: HandValue | None) -> str | None:
    """A winning hand's category, as the trainee names it when verifying."""
    return hand.rank.value if hand is not None else None


__all__ = [
    "CARDS",
    "DEALERS_HAND",
    "ENVY_HAND",
    "ORDER_METER",
    "PROGRESSIVE_METER",
    "EnvyOwed",
    "OneProgressiveSteps",
    "ProgressiveCiting",
    "ProgressiveWin",
    "ProgressiveWon",
    "Settled",
    "SettlementSteps",
    "SharedSpot",
    "envy_holders",
    "game_spots",
    "hand_name",
    "needs_floorperson",
    "resolution",
]
