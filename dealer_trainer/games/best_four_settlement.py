"""The settlement procedure of a game where each player's best four of five cards meets the
dealer's best four, with an Ante, a Play Wager, one optional side wager settled after them and
the electronic Five Card Hand Bonus.

The games that share it differ in their wagers, their rules of the fold and of qualification,
and in the sections they cite; the order of the steps is the same:
- forfeited wagers and, unless a wager on them is still in action, the folded players' cards are
  collected before the dealer's cards are revealed and the best four selected;
- then each player in turn, from the player farthest to the dealer's right, counterclockwise:
  the base wagers in any order, then the side wager, then the Five Card Hand Bonus through the
  shared module (games/five_card_hand_bonus.py), the cards discarded only after all of the
  player's wagers are settled (or, for a percentage-of-meter bonus payout, after its
  documentation).

So this module holds the order and the game passes what differs in a ``BestFourProcedure``: its
outcomes (already limited, where the game caps a hand's payouts), its side wager and when that
stays in action after a fold, the citations and the explanations a trainee reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, Generic, Protocol, TypeVar

from msgspec import Struct

from dealer_trainer.cards import Card, CardNotationError, format_cards, parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import before_settlement, pre_deal_steps
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.best_four_progressive import (
    ENVY_HAND,
    ENVY_OF,
    METER,
    PROGRESSIVES,
    ProgressiveTable,
    ProgressiveTerms,
    ProgressiveWager,
    RoundProgressives,
    describe,
    offered,
    progressive_pre_deal,
    spec_of,
)
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbSettlement,
    FchbSteps,
    FiveCardHandBonusSpec,
)
from dealer_trainer.games.outcome_support import Result
from dealer_trainer.games.procedure_steps import (
    DEALERS_HAND,
    EnvyOwed,
    Settled,
    SettlementSteps,
    hand_name,
)
from dealer_trainer.hands.four_card import evaluate_four
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money

ACTIONS = (
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
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
)
"""The verbs a dealer of a best-four game uses: the action panel offers these (the last four
for a table with a progressive)."""


class _Play(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def folded(self) -> bool: ...
    def progressive_stake(self, wager: ProgressiveWager) -> Decimal: ...


class _Config(ProgressiveTable, Protocol):
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


P = TypeVar("P", bound=_Play)


class BestFourRound(Protocol[P]):
    """What the procedure reads of a dealt round."""

    @property
    def config(self) -> _Config: ...
    @property
    def dealer(self) -> tuple[Card, ...]: ...
    @property
    def dealer_hand(self) -> HandValue: ...
    @property
    def seats(self) -> tuple[P, ...]: ...
    def settlement_order(self) -> tuple[P, ...]: ...
    def fchb_in_action(self, play: P) -> dict[BetOn, Decimal]: ...
    def five_card_hand_bonus(self, play: P) -> tuple[FchbSettlement, ...]: ...
    @property
    def progressives(self) -> RoundProgressives: ...


R = TypeVar("R", bound="BestFourRound[Any]")


class BonusSteps(Struct, frozen=True):
    """A seat's Five Card Hand Bonus steps (and Magic Card / Lucky Bonus), from the shared bonus
    module: each must come after the ids it is given; ``cards_stay`` when a payout keeps the
    winning hand on the table until its documentation is complete, so the cards are discarded
    only after that documentation."""

    steps: tuple[Step, ...] = ()
    cards_stay: bool = False


class BestFourProcedure(Struct, Generic[R, P], frozen=True):
    """One game's part of the procedure.

    ``outcomes`` gives a seat's outcomes in settlement order, the side wager last and only when
    placed; for a folded seat the forfeited ones. ``side_stays`` says whether a folded seat's
    side wager is still in action (its cards then stay for its turn). The ``cite_*`` strings are
    the step citations, the ``order_*`` ones the order rules a trainee reads when breaking them,
    ``fold_note`` and ``discard_note`` what ends the fold's and the seat's discard explanations
    (a section, or nothing). ``reveal`` explains the dealer's reveal; ``pre_deal_section`` is
    the paragraph that puts the pre-deal steps before the first card.
    """

    outcomes: Callable[[R, P], Sequence[Settled]]
    side_wager: SpotKind
    side_stays: Callable[[R, P], bool]
    reveal: Callable[[R], str]
    fchb_citing: Citing
    pre_deal_section: str
    cite_fold: str
    cite_reveal: str
    cite_discard: str
    order_folds: str
    order_reveal: str
    order_seats: str
    order_side: str
    order_discard: str
    fold_note: str
    discard_note: str
    progressive: ProgressiveTerms | None = None
    """The game's sections for the Four-Card and Five-Card progressives (``None``: none)."""


SeatBonus = Callable[[R, P, tuple[str, ...]], BonusSteps]
"""(round, seat, ids the bonus follows: the seat's side wager or else its last base steps) -> the
seat's bonus steps."""


class _Builder(SettlementSteps, Generic[R, P]):
    def __init__(
        self, round_: R, game: BestFourProcedure[R, P], seat_bonus: SeatBonus[R, P] | None
    ) -> None:
        self.round = round_
        self.game = game
        self.seat_bonus = seat_bonus
        self.steps: list[Step] = []
        spec = round_.config.five_card_hand_bonus
        self.fchb = (
            FchbSteps(self.add, spec, citing=game.fchb_citing)
            if spec is not None and seat_bonus is None
            else None
        )
        self.progressives = round_.progressives
        self.progressive_settled: dict[ProgressiveWager, list[str]] = {w: [] for w in PROGRESSIVES}
        self.acknowledged: dict[ProgressiveWager, list[str]] = {w: [] for w in PROGRESSIVES}
        self.meter_emptied: dict[ProgressiveWager, list[str]] = {w: [] for w in PROGRESSIVES}
        self.face_up: dict[int, tuple[list[str], bool]] = {}
        """Seats holding an Envy Bonus Qualifying Hand: what their discard waits for, and
        whether the hand is also held for a jackpot's documentation."""

    def progressive_stays(self, play: P) -> bool:
        """A folded player's progressive still in action (``on_fold``)."""
        return any((play.seat, w) in self.progressives.outcomes for w in PROGRESSIVES)

    def envy_holder(self, seat: int) -> bool:
        return any(seat in held for held in self.progressives.holders.values())

    def side_stays(self, play: P) -> bool:
        return self.game.side_stays(self.round, play)

    def fchb_keeps_cards(self, play: P) -> bool:
        """A folded hand's cards stay for its turn when its Five Card Hand Bonus on the player's
        hand is still in action."""
        return self.round.config.five_card_hand_bonus is not None and (
            BetOn.PLAYER in self.round.fchb_in_action(play)
        )

    def has_turn(self, play: P) -> bool:
        """Whether the seat is settled in turn after the reveal: it stayed in, or a wager of a
        folded player is still in action."""
        return (
            not play.folded
            or self.side_stays(play)
            or self.progressive_stays(play)
            or bool(self.round.config.five_card_hand_bonus and self.round.fchb_in_action(play))
        )

    def cards_kept(self, play: P) -> bool:
        return (
            not play.folded
            or self.side_stays(play)
            or self.progressive_stays(play)
            or self.fchb_keeps_cards(play)
        )

    def fold(self, play: P) -> list[str]:
        """Collect a folded player's forfeited wagers and, unless a wager on them is still in
        action, the cards to the discard rack; the ids the reveal must follow."""
        game = self.game
        collected = [
            self.resolve(play.seat, outcome, [], game.order_folds)
            for outcome in game.outcomes(self.round, play)
            if outcome.wager is not game.side_wager or not self.side_stays(play)
        ]
        if self.cards_kept(play):
            return collected
        return [
            self.discard(
                play.seat,
                collected,
                game.cite_fold,
                f"Seat {play.seat} folded: with the forfeited wagers collected, place the five "
                "cards in the discard rack before the dealer's cards are revealed"
                f"{game.fold_note}.",
                game.order_folds,
            )
        ]

    def reveal(self, after: Sequence[str]) -> str:
        hand = self.round.dealer_hand
        step = self.add(
            "dealer.reveal",
            DEALER,
            DEALERS_HAND,
            Action.SET_HAND,
            None,
            after,
            self.game.cite_reveal,
            self.game.reveal(self.round),
            self.game.order_reveal,
            format_cards(hand.cards),
        )
        if self.fchb is not None:
            self.fchb.dealer_after = [step]
        return step

    def seat(self, play: P, entry: list[str]) -> list[str]:
        """Add one seat's steps after ``entry``; return the seat's exit steps."""
        game = self.game
        outcomes = game.outcomes(self.round, play)
        base: list[str] = []
        if not play.folded:
            base = [
                self.resolve(play.seat, o, entry, game.order_seats)
                for o in outcomes
                if o.wager is not game.side_wager
            ]
        previous = base or entry
        settled = list(base)
        side = [o for o in outcomes if o.wager is game.side_wager]
        if side and (not play.folded or self.side_stays(play)):
            (outcome,) = side
            previous = [self.resolve(play.seat, outcome, previous, game.order_side)]
            settled += previous
        progressive, held = self._progressives(play, base or entry)
        settled += progressive
        if progressive:
            previous = list(dict.fromkeys([*previous, *progressive[-1:]]))
        acknowledged = self._acknowledge(play, previous)
        settled += acknowledged
        previous = acknowledged[-1:] or previous
        bonus = self._bonus(play, previous)
        if bonus.steps:
            settled += [step.id for step in bonus.steps]
            previous = [bonus.steps[-1].id]
        held = held or bonus.cards_stay
        if self.envy_holder(play.seat):
            self.face_up[play.seat] = (settled, held)
            return previous
        if held:
            return [
                self.discard_documented(play.seat, settled, game.cite_discard, game.order_discard)
            ]
        if not self.cards_kept(play):  # discarded at the fold, before the reveal
            return previous
        return [self._discard(play.seat, settled or entry)]

    def _discard(self, seat: int, after: Sequence[str]) -> str:
        game = self.game
        return self.discard(
            seat,
            after,
            game.cite_discard,
            f"Seat {seat}: every wager is settled; the cards go to the discard rack, "
            f"so the hand can be reconstructed{game.discard_note}.",
            game.order_discard,
        )

    def _progressives(self, play: P, after: Sequence[str]) -> tuple[list[str], bool]:
        """The seat's progressive wins, each verified, taken to a floorperson where it must be,
        then paid or held for the documentation, after the seat's Ante and Play; a loss has no
        step (its chips are in the table inventory container). Returns the chains' last steps
        and whether the hand is held."""
        terms = self.game.progressive
        found: list[str] = []
        held = False
        for wager in PROGRESSIVES:
            outcome = self.progressives.outcomes.get((play.seat, wager))
            if outcome is None:
                continue
            assert terms is not None
            if outcome.result is not Result.WIN:
                self.progressive_settled[wager] += list(after)
                continue
            won = self.progressive_win(
                play.seat,
                wager,
                f"s{play.seat}.{wager.key}",
                outcome,
                after,
                terms.order_side,
                terms.citing,
                hand=hand_name(outcome.hand),
            )
            if won.emptied_meter:
                self.meter_emptied[wager] += won.last
            held = held or won.held
            self.progressive_settled[wager] += won.last
            found += won.last
        return found, held

    def _acknowledge(self, play: P, after: Sequence[str]) -> list[str]:
        """Announce each Envy Bonus Qualifying Hand the seat holds; it stays face up until the
        Envy Bonuses are paid."""
        terms = self.game.progressive
        steps: list[str] = []
        for wager in PROGRESSIVES:
            hand = self.progressives.holders.get(wager, {}).get(play.seat)
            if hand is None:
                continue
            assert terms is not None
            step = self.acknowledge_envy(
                play.seat,
                hand.rank.value,
                steps[-1:] or after,
                terms.envy_acknowledge,
                f"Seat {play.seat} holds {describe(wager, hand)}, a {ENVY_OF[wager].value} "
                f"Qualifying Hand, and another player made the {wager.value}: announce it aloud "
                "and leave the cards face up until the Envy Bonuses are paid.",
                terms.order_envy(wager),
                id_=f"s{play.seat}.{wager.key}.envy.acknowledge",
                spot=ENVY_HAND[wager],
            )
            self.acknowledged[wager].append(step)
            steps.append(step)
        return steps

    def envy_and_resets(self) -> None:
        """After every seat: each Envy Bonus (after every progressive of its kind is settled),
        the qualifying hands to the discard rack, and each meter a 100% award emptied reset."""
        terms = self.game.progressive
        paid: dict[int, list[str]] = {}
        for wager, envy in self.progressives.envy.items():
            assert terms is not None

            def explain(
                recipient: int, holder: int, outcome: EnvyOwed, w: ProgressiveWager = wager
            ) -> str:
                return (
                    f"Seat {recipient} made the {w.value} and seat {holder} holds a "
                    f"{outcome.wager.value} Qualifying Hand: pay the {outcome.wager.value}, "
                    f"{format_money(outcome.paid)} — {outcome.reason}."
                )

            steps = self.pay_envy(
                envy,
                self.progressives.holders.get(wager, {}),
                [*self.acknowledged[wager], *self.progressive_settled[wager]],
                terms.envy_pay,
                terms.order_envy(wager),
                key=f"{wager.key}.envy",
                explain=explain,
            )
            for holder, ids in steps.items():
                paid.setdefault(holder, []).extend(ids)
        game = self.game
        for seat, (settled, held) in self.face_up.items():
            after = list(dict.fromkeys([*settled, *paid.get(seat, [])]))
            if held:
                self.discard_documented(seat, after, game.cite_discard, game.order_discard)
            else:
                self.discard(
                    seat,
                    after,
                    game.cite_discard,
                    f"Seat {seat}: the Envy Bonuses for the hand are paid and every wager is "
                    "settled; the cards go to the discard rack, so the hand can be "
                    f"reconstructed{game.discard_note}.",
                    game.order_discard,
                )
        for wager in PROGRESSIVES:
            spec = spec_of(self.round.config, wager)
            if not self.meter_emptied[wager] or spec is None or spec.meter_reset is None:
                continue
            assert terms is not None
            meter = METER[wager]
            self.reset_meter(
                spec.meter_reset,
                self.meter_emptied[wager],
                terms.meter_reset,
                key=wager.key,
                meter=meter,
                explanation=f"After paying 100% of the {meter}, reset it to the Rules "
                f"Submission's {format_money(spec.meter_reset)}.",
            )

    def _bonus(self, play: P, after: Sequence[str]) -> BonusSteps:
        """The seam for the shared Five Card Hand Bonus module: its steps come after the seat's
        side wager (or its base wagers) and before its discard."""
        if self.fchb is not None:
            done = self.fchb.seat(self.round.five_card_hand_bonus(play), list(after))
            mine = set(done.exits)
            return BonusSteps(tuple(s for s in self.steps if s.id in mine), done.held)
        if self.seat_bonus is None:
            return BonusSteps()
        bonus = self.seat_bonus(self.round, play, tuple(after))
        self.steps += bonus.steps
        return bonus


def build_best_four_procedure(
    round_: R, game: BestFourProcedure[R, P], seat_bonus: SeatBonus[R, P] | None = None
) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints.

    ``seat_bonus`` adds each settled seat's Five Card Hand Bonus steps instead of the shared
    module (see ``BonusSteps``).
    """
    builder = _Builder(round_, game, seat_bonus)
    forfeited: list[str] = []
    for play in round_.settlement_order():
        if play.folded:
            forfeited += builder.fold(play)
    exits = [builder.reveal(forfeited)]
    for play in round_.settlement_order():
        if builder.has_turn(play):
            exits = builder.seat(play, exits)
    builder.envy_and_resets()
    if builder.fchb is not None:
        builder.fchb.meter_reset()
    return Procedure(before_settlement(_pre_deal(round_, game), builder.steps))


def _pre_deal(round_: BestFourRound[P], game: BestFourProcedure[Any, P]) -> list[Step]:
    """ "No more bets"; the system locks out further Five Card Hand Bonus and progressive
    wagers; each progressive bettor's chips collected, counted and dropped."""
    config = round_.config
    if not offered(config):
        return pre_deal_steps(
            # The electronic wagering system locks out further Five Card Hand Bonus wagers
            # before the deal.
            lock_out=config.five_card_hand_bonus is not None,
            progressive={},
            section=game.pre_deal_section,
        )
    return progressive_pre_deal(
        lock_out=True,
        stakes={
            wager: {
                play.seat: play.progressive_stake(wager)
                for play in round_.seats
                if play.progressive_stake(wager) > 0
            }
            for wager in PROGRESSIVES
        },
        section=game.pre_deal_section,
    )


def best_four_matcher(round_: BestFourRound[P]) -> Callable[[Step, str], bool]:
    """Whether a trainee's named hand is the step's, for ``Grader.hand_matcher``.

    For the dealer's selection any four of the dealer's cards that rank equal to the best four
    are right (a card left out may duplicate a rank: K-K-K-9 with either nine), in any order;
    naming the category instead ("two pair") is accepted when the trainee names hands rather
    than picks cards. Other named hands compare by name, spacing and case ignored.
    """
    dealt = set(round_.dealer)
    best = round_.dealer_hand

    def same(step: Step, named: str) -> bool:
        words = " ".join(named.lower().split())
        if step.action is not Action.SET_HAND or step.seat != DEALER:
            return step.hand is None or words == " ".join(step.hand.lower().split())
        if words == best.rank.value.lower():
            return True
        try:
            cards = parse_cards(named, allow_joker=False)
        except (CardNotationError, ValueError):
            return False
        if len(cards) != 4 or not set(cards) <= dealt:
            return False
        return evaluate_four(cards).strength == best.strength

    return same


__all__ = [
    "ACTIONS",
    "BestFourProcedure",
    "BestFourRound",
    "BonusSteps",
    "SeatBonus",
    "best_four_matcher",
    "build_best_four_procedure",
]
