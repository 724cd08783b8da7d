"""Targets for a game where each player's best four of five cards meets the dealer's best four:
five cards per player, an Ante and a Play Wager, one optional side wager on the player's hand,
and the electronic Five Card Hand Bonus on the player's or the dealer's hand.

Positions never share cards, so a target is a hand of one position's cards, ranked the way the
wager it names is settled: a seat's hand, its Ante-side wagers and its side wager in the
four-card ranking over all of its cards; the dealer's hand over all of the dealer's cards; the
Five Card Hand Bonus in five-card poker on the player's five cards or on the dealer's first five.

Beyond the cards: a seat places the target's side wager or Five Card Hand Bonus (at the table
minimum) if the simulated player did not; a target on a wager that a fold would forfeit makes
the player play the smallest multiple instead of folding; a dealer Five Card Hand Bonus target
gets a bettor on the dealer's hand whose bonus is in action. Every other decision is the
simulated strategy's.

A game subclasses ``BestFourTargets`` with its names (``side_wager``, ``side_field``, the wagers
the hand itself stands for, those that keep a player in) and its rules of the fold.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Generic, Protocol, TypeVar

from msgspec.structs import replace

from dealer_trainer.cards import Card
from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.best_four_progressive import (
    FIELD,
    FIVE,
    FOUR,
    PROGRESSIVES,
    ProgressiveOnFold,
    ProgressiveTable,
    ProgressiveWager,
    spec_of,
)
from dealer_trainer.games.best_four_round import FIVE_CARD_HAND
from dealer_trainer.games.five_card_hand_bonus import BetOn, FchbDraws, FiveCardHandBonusSpec
from dealer_trainer.games.round_support import replaced
from dealer_trainer.games.targeting import (
    GameTargets,
    Goal,
    Plan,
    Slot,
    Target,
    TargetError,
    cards_by_position,
    cards_goal,
    hand_goal,
    read_hand,
)
from dealer_trainer.games.wager_targets import (
    FCHB,
    fchb_minimum,
    names_fchb,
    no_dealer_wager,
    offered_fchb,
)
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise


class _Config(ProgressiveTable, Protocol):
    @property
    def name(self) -> str: ...
    @property
    def five_card_hand_bonus(self) -> FiveCardHandBonusSpec | None: ...


class _Play(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def folded(self) -> bool: ...
    @property
    def five_card_hand_bonus(self) -> Decimal: ...
    @property
    def five_card_hand_bonus_dealer(self) -> Decimal: ...
    def progressive_stake(self, wager: ProgressiveWager) -> Decimal: ...


P = TypeVar("P", bound=_Play)
P_co = TypeVar("P_co", bound=_Play, covariant=True)


class _Round(Protocol[P_co]):
    @property
    def seats(self) -> tuple[P_co, ...]: ...
    @property
    def dealer(self) -> tuple[Card, ...]: ...
    @property
    def fchb(self) -> FchbDraws | None: ...
    @property
    def dealer_hand_bettors(self) -> int: ...


C = TypeVar("C", bound=_Config)
R = TypeVar("R", bound="_Round[Any]")
W = TypeVar("W", bound=SpotKind)


def _progressive(text: str) -> ProgressiveWager | None:
    """The progressive a target's wager names, if it names one ("Four-Card Progressive
    Payout Wager", or "four-card progressive")."""
    key = normalise(text)
    for wager in PROGRESSIVES:
        if key in (normalise(wager.value), normalise(wager.value.removesuffix(" Payout Wager"))):
            return wager
    return None


def _slots(position: int, count: int) -> tuple[Slot, ...]:
    return tuple((position, i) for i in range(count))


class BestFourTargets(GameTargets[C, R], Generic[C, R, P, W]):
    """The shared targets; a game names its wagers and supplies its rules below."""

    wagers: type[W]
    """The game's wager enumeration (``from_text`` reads a target's ``wager``)."""
    side_wager: W
    """The optional side wager on the player's hand (Aces Up, Queens Up)."""
    side_field: str
    """The seat play's field holding the side wager's stake."""
    hand_wagers: tuple[str, ...] = ("", "ante")
    """What a target's ``wager`` may say for the hand itself (normalised)."""
    stays_in_wagers: frozenset[str]
    """Wagers (by value) a target on which keeps the player from folding, whatever the rules."""
    player_cards: int
    dealer_cards: int
    dealer_fchb_where: str = "the dealer's five cards"
    """How a dealer Five Card Hand Bonus target names the cards it is formed from."""

    # --- what a game supplies -----------------------------------------------------------------

    @abstractmethod
    def side_forfeited_on_fold(self, config: C) -> bool:
        """Whether a fold forfeits the side wager (so a target on it keeps the player in)."""

    @abstractmethod
    def fchb_forfeited_on_fold(self, config: C) -> bool:
        """Whether a fold forfeits the Five Card Hand Bonus on the player's hand."""

    @abstractmethod
    def side_minimum(self, config: C) -> Decimal:
        """The side wager's table minimum, the stake a target places."""

    @abstractmethod
    def playing(self, config: C, play: P) -> P:
        """``play`` making the smallest Play Wager the table allows instead of folding."""

    @abstractmethod
    def fchb_in_action(self, config: C, play: P) -> dict[BetOn, Decimal]:
        """``play``'s Five Card Hand Bonus stakes still in action."""

    @abstractmethod
    def dealer_hand_bettors(self, config: C, seats: Iterable[P]) -> int:
        """How many players' Five Card Hand Bonus on the dealer's hand is in action."""

    # --- shared ---------------------------------------------------------------------------------

    def cards_at(self, config: C, position: int) -> int:
        return self.dealer_cards if position == DEALER else self.player_cards

    def goal(self, config: C, index: int, target: Target, position: int) -> Goal:
        wager = self._wager(config, index, target.wager, position)
        owner = "the dealer's" if position == DEALER else f"seat {position}'s"
        progressive = _progressive(wager)
        if wager == FCHB:
            system = RankingSystem.FIVE_CARD
            slots = _slots(position, FIVE_CARD_HAND)
            where = self.dealer_fchb_where if position == DEALER else f"{owner} five cards"
            stays_in = position != DEALER and self.fchb_forfeited_on_fold(config)
        elif progressive is not None:
            system = RankingSystem.FOUR_CARD if progressive is FOUR else RankingSystem.FIVE_CARD
            slots = _slots(position, self.player_cards)
            where = f"{owner} {len(slots)} cards"
            offer = spec_of(config, progressive)
            stays_in = offer is not None and offer.on_fold is ProgressiveOnFold.FORFEITED
        else:
            system = RankingSystem.FOUR_CARD
            slots = _slots(position, self.cards_at(config, position))
            where = f"{owner} {len(slots)} cards"
            stays_in = wager in self.stays_in_wagers or (
                wager == self.side_wager.value and self.side_forfeited_on_fold(config)
            )
        if not target.hand.strip():
            return cards_goal(
                index, target, position, wager=wager, slots=slots, where=where, stays_in=stays_in
            )
        spec = read_hand(index, target.hand, system, self.game)
        return hand_goal(
            index,
            target,
            position,
            wager=wager,
            slots=slots,
            spec=spec,
            family=(system, slots),
            where=where,
            stays_in=stays_in,
        )

    def round_cards(self, round_: R) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer)

    def arrange(self, config: C, round_: R, plan: Plan) -> R:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not any(
                    BetOn.DEALER in self.fchb_in_action(config, p) for p in plays.values()
                ):
                    placed = [s for s, p in plays.items() if p.five_card_hand_bonus_dealer > 0]
                    chosen = plan.rng.choice(placed or sorted(plays))
                    play = plays[chosen]
                    if not play.five_card_hand_bonus_dealer:
                        play = replace(play, five_card_hand_bonus_dealer=fchb_minimum(config))
                    plays[chosen] = self.playing(config, play)
                continue
            seat = goal.position
            if goal.wager == self.side_wager.value:
                plays[seat] = self._with_stake(config, plays[seat], self.side_field)
            elif goal.wager == FCHB:
                plays[seat] = self._with_stake(config, plays[seat], "five_card_hand_bonus")
            elif (progressive := _progressive(goal.wager)) is not None:
                plays[seat] = self._with_progressive(config, plays[seat], progressive)
            if goal.stays_in:
                plays[seat] = self.playing(config, plays[seat])
        seats = tuple(plays[s] for s in sorted(plays))
        fchb = round_.fchb
        if fchb is not None:
            fchb = replace(fchb, dealer_hand_bettors=self.dealer_hand_bettors(config, seats))
        return replaced(round_, seats=seats, fchb=fchb)

    def round_problems(self, config: C, round_: R, goals: Sequence[Goal]) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not round_.dealer_hand_bettors:
                    problems.append(TargetError(goal.index, "nobody bets the dealer's hand"))
                continue
            play = plays[goal.position]
            if goal.wager == self.side_wager.value and not getattr(play, self.side_field):
                problems.append(
                    TargetError(goal.index, f"seat {play.seat} placed no {self.side_wager.value}")
                )
            if goal.wager == FCHB and not play.five_card_hand_bonus:
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no {FCHB}"))
            progressive = _progressive(goal.wager)
            if progressive is not None and not play.progressive_stake(progressive):
                problems.append(
                    TargetError(goal.index, f"seat {play.seat} placed no {progressive.value}")
                )
            if goal.stays_in and play.folded:
                problems.append(TargetError(goal.index, f"seat {play.seat} folded"))
        return problems

    def _with_progressive(self, config: C, play: P, wager: ProgressiveWager) -> P:
        spec = spec_of(config, wager)
        if play.progressive_stake(wager) > 0 or spec is None:
            return play
        return replaced(play, **{FIELD[wager]: spec.minimum})

    def _with_stake(self, config: C, play: P, name: str) -> P:
        if getattr(play, name) > 0:
            return play
        stake = self.side_minimum(config) if name == self.side_field else fchb_minimum(config)
        return replaced(play, **{name: stake})

    def _wager(self, config: C, index: int, text: str, position: int) -> str:
        """The wager's canonical name ('' for the hand itself)."""
        key = normalise(text)
        if key in self.hand_wagers:
            return ""
        if names_fchb(text):
            return offered_fchb(config, index, position)
        progressive = _progressive(text)
        if progressive is not None:
            if position == DEALER:
                raise no_dealer_wager(index, progressive.value)
            if spec_of(config, progressive) is None:
                raise TargetError(
                    index, f"wager: {config.name} does not offer the {progressive.value}"
                )
            return str(progressive.value)
        try:
            wager = self.wagers.from_text(text)
        except ValueError:
            names = ", ".join(repr(w.value) for w in [*self.wagers, FOUR, FIVE])
            raise TargetError(
                index, f"wager: {text!r} is not a {self.game} wager; expected {names}, {FCHB!r}"
            ) from None
        if position == DEALER:
            raise no_dealer_wager(index, wager.value)
        if not self.offers(config, wager):
            raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
        return str(wager.value)

    @abstractmethod
    def offers(self, config: C, wager: W) -> bool:
        """Whether ``config``'s table offers ``wager``."""


__all__ = ["BestFourTargets"]
