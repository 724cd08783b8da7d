"""Crazy 4 Poker targets: five cards per player and for the dealer, and two ways to rank them.

Positions never share cards, so a target is a hand of one position's cards, ranked the way the
wager it names is settled:

- a seat's hand (wager '', Ante, Play, Super Bonus) and its Queens Up: the best four of the
  player's five cards in the four-card ranking (§ 657a.6(b); "Four aces" is the Super Bonus's top
  row, "Pair of queens" the Queens Up's lowest);
- the dealer's hand: the best four of the dealer's five ("King high" is the least that
  qualifies);
- the Five Card Hand Bonus: five-card poker on the player's five cards or on the dealer's five.

Beyond the cards: a seat places the target's optional wager (Queens Up or the Five Card Hand
Bonus, at the table minimum) if the simulated player did not; a target on the Play or the Super
Bonus, or on a wager the rules forfeit on a fold, makes the player play the smallest multiple
instead of folding; a dealer Five Card Hand Bonus target gets a bettor on the dealer's hand whose
bonus is in action. Every other decision is the simulated strategy's (dealing.py ``decide``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.crazy_4_poker.config import (
    Crazy4PokerTableConfig,
)
from dealer_trainer.games.crazy_4_poker.dealing import deal_crazy4_round
from dealer_trainer.games.crazy_4_poker.hands import DEALER_CARDS, PLAYER_CARDS
from dealer_trainer.games.crazy_4_poker.outcomes import Decision
from dealer_trainer.games.crazy_4_poker.round import (
    FIVE_CARD_HAND,
    MAX_SEATS,
    Crazy4Round,
    Crazy4SeatPlay,
    dealer_hand_bettors,
    fchb_in_action,
)
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, FoldRule
from dealer_trainer.games.five_card_hand_bonus import BetOn
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

MIN_RANDOM_SEATS, MAX_RANDOM_SEATS = 2, 5


def _slots(position: int, count: int) -> tuple[Slot, ...]:
    return tuple((position, i) for i in range(count))


class Crazy4Targets(GameTargets[Crazy4PokerTableConfig, Crazy4Round]):
    game = "Crazy 4 Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)

    def cards_at(self, config: Crazy4PokerTableConfig, position: int) -> int:
        return DEALER_CARDS if position == DEALER else PLAYER_CARDS

    def goal(
        self, config: Crazy4PokerTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        wager = _wager(config, index, target.wager, position)
        owner = "the dealer's" if position == DEALER else f"seat {position}'s"
        rules = config.rules
        if wager == FCHB:
            system = RankingSystem.FIVE_CARD
            slots = _slots(position, FIVE_CARD_HAND)
            where = f"{owner} five cards"
            stays_in = position != DEALER and (
                rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED
            )
        else:
            system = RankingSystem.FOUR_CARD
            slots = _slots(position, self.cards_at(config, position))
            where = f"{owner} {len(slots)} cards"
            stays_in = wager in (Crazy4Wager.PLAY.value, Crazy4Wager.SUPER_BONUS.value) or (
                wager == Crazy4Wager.QUEENS_UP.value
                and rules.queens_up_on_fold is FoldRule.FORFEITED
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

    # --- dealing and arranging ---------------------------------------------------------------

    def deal(
        self,
        config: Crazy4PokerTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> Crazy4Round:
        return deal_crazy4_round(config, seed, seats, preset=preset)

    def round_cards(self, round_: Crazy4Round) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer)

    def arrange(
        self, config: Crazy4PokerTableConfig, round_: Crazy4Round, plan: Plan
    ) -> Crazy4Round:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not any(
                    BetOn.DEALER in fchb_in_action(config, p) for p in plays.values()
                ):
                    placed = [s for s, p in plays.items() if p.five_card_hand_bonus_dealer > 0]
                    chosen = plan.rng.choice(placed or sorted(plays))
                    play = plays[chosen]
                    if not play.five_card_hand_bonus_dealer:
                        play = dataclasses.replace(
                            play, five_card_hand_bonus_dealer=fchb_minimum(config)
                        )
                    plays[chosen] = _playing(config, play)
                continue
            seat = goal.position
            if goal.wager == Crazy4Wager.QUEENS_UP.value:
                plays[seat] = _with_stake(config, plays[seat], "queens_up")
            elif goal.wager == FCHB:
                plays[seat] = _with_stake(config, plays[seat], "five_card_hand_bonus")
            if goal.stays_in:
                plays[seat] = _playing(config, plays[seat])
        seats = tuple(plays[s] for s in sorted(plays))
        fchb = round_.fchb
        if fchb is not None:
            fchb = dataclasses.replace(fchb, dealer_hand_bettors=dealer_hand_bettors(config, seats))
        return dataclasses.replace(round_, seats=seats, fchb=fchb)

    def round_problems(
        self, config: Crazy4PokerTableConfig, round_: Crazy4Round, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not round_.dealer_hand_bettors:
                    problems.append(TargetError(goal.index, "nobody bets the dealer's hand"))
                continue
            play = plays[goal.position]
            if goal.wager == Crazy4Wager.QUEENS_UP.value and not play.queens_up:
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no Queens Up"))
            if goal.wager == FCHB and not play.five_card_hand_bonus:
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no {FCHB}"))
            if goal.stays_in and play.folded:
                problems.append(TargetError(goal.index, f"seat {play.seat} folded"))
        return problems


def _playing(config: Crazy4PokerTableConfig, play: Crazy4SeatPlay) -> Crazy4SeatPlay:
    """``play`` making the smallest Play Wager the table allows instead of folding."""
    if not play.folded:
        return play
    return dataclasses.replace(play, decision=Decision.play(min(config.rules.play_multiples)))


def _with_stake(config: Crazy4PokerTableConfig, play: Crazy4SeatPlay, name: str) -> Crazy4SeatPlay:
    if getattr(play, name) > 0:
        return play
    if name == "queens_up":
        stake = config.limits(Crazy4Wager.QUEENS_UP).minimum
    else:
        stake = fchb_minimum(config)
    if name == "queens_up":
        return dataclasses.replace(play, queens_up=stake)
    return dataclasses.replace(play, five_card_hand_bonus=stake)


def _wager(config: Crazy4PokerTableConfig, index: int, text: str, position: int) -> str:
    """The wager's canonical name ('' for the hand itself: the Ante)."""
    key = normalise(text)
    if key in ("", "ante"):
        return ""
    if names_fchb(text):
        return offered_fchb(config, index, position)
    try:
        wager = Crazy4Wager.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in Crazy4Wager)
        raise TargetError(
            index, f"wager: {text!r} is not a Crazy 4 Poker wager; expected {names}, {FCHB!r}"
        ) from None
    if position == DEALER:
        raise no_dealer_wager(index, wager.value)
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return str(wager.value)


TARGETS = Crazy4Targets()

__all__ = ["TARGETS", "Crazy4Targets"]
