"""Texas Hold 'Em Bonus Poker targets: which cards each wager's hand is made of, and the round
around them.

Every seat and the dealer play the same five community cards, so a target is a requirement on
slots (a seat's two cards, the dealer's two, the board) and targets meet on the board
(games/targeting.py solves them together). The cards each wager is settled on are the
paytables' own (``hands.hand_cards``):

- the main hand (Ante, Flop, Turn, River): the best five of the seat's two cards and the five
  community cards (§ 647a.1); a "board" target is the five community cards;
- the Bonus Wager: the seat's two cards, with Paytable A's top row the dealer's two as well;
  its hands are the paytable's rows ("Ace/ace", "Ace/king (suited)" ...);
- the progressive: the cards the Rules Submission states;
- the Five Card Hand Bonus: the wagered hand's two cards and the Flop only, on the player's or
  the dealer's hand (seed 000, preamble on the proposed § 647a.11 amendment);
- the dealer's hand: the best five of the dealer's two cards and the board;
- "Envy hand": the progressive hand is an Envy Bonus Qualifying Hand (§ 647a.1).

A target on a wager nobody placed would teach nothing, so the seat places the target's wager
(at the table minimum) if the simulated player did not, and a seat whose target wager a fold
forfeits makes the Flop Wager instead of folding; a dealer Five Card Hand Bonus target gets a
bettor on the dealer's hand; an Envy target's seat and another seat place the progressive.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_card_targets import (
    BOARD_SLOTS,
    ENVY_HAND,
    FLOP_SLOTS,
    MAIN,
    envy_goal,
    five_card_goal,
    hole,
    offered_on,
    two_card_goal,
)
from dealer_trainer.games.targeting import (
    BOARD,
    GameTargets,
    Goal,
    Plan,
    Slot,
    Target,
    TargetError,
    cards_by_position,
)
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    deal_round,
)
from dealer_trainer.games.texas_holdem_bonus.outcomes import Decision
from dealer_trainer.games.texas_holdem_bonus.round import MAX_SEATS, SeatPlay, ThbRound
from dealer_trainer.games.texas_holdem_bonus.settings import FoldTreatment
from dealer_trainer.games.texas_holdem_bonus.wagers import BonusHand, HandSource, ThbWager

GAME = "Texas Hold 'Em Bonus Poker"
_MAIN_WAGERS = (ThbWager.ANTE, ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER)
_DRAWN = (ThbWager.MAGIC_CARD_BONUS, ThbWager.LUCKY_BONUS)
_STAKE_FIELD = {
    ThbWager.BONUS: "bonus",
    ThbWager.PROGRESSIVE: "progressive",
    ThbWager.FIVE_CARD_HAND_BONUS: "five_card_hand_bonus",
}


def _source_slots(source: HandSource, seat: int) -> tuple[Slot, ...]:
    if source is HandSource.PLAYER_AND_BOARD:
        return (*hole(seat), *BOARD_SLOTS)
    if source is HandSource.PLAYER_TWO:
        return hole(seat)
    if source is HandSource.PLAYER_TWO_AND_DEALER_TWO:
        return (*hole(seat), *hole(DEALER))
    if source is HandSource.TWO_CARDS_AND_FLOP:
        return (*hole(seat), *FLOP_SLOTS)
    raise ValueError(f"{source.value} are no cards")


class ThbTargets(GameTargets[ThbTableConfig, ThbRound]):
    game = GAME
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    has_board = True

    def cards_at(self, config: ThbTableConfig, position: int) -> int:
        return 5 if position == BOARD else 2

    def goal(self, config: ThbTableConfig, index: int, target: Target, position: int) -> Goal:
        wager = _wager(config, index, target.wager)
        key = target.hand.strip().lower()
        if position == BOARD:
            if wager is not None:
                raise TargetError(
                    index,
                    f"the board holds no {wager.value}: a board target is the five community "
                    "cards (wager '')",
                )
            return five_card_goal(self.game, index, target, position, MAIN, BOARD_SLOTS)
        if position == DEALER:
            return self._dealer(config, index, target, wager)
        seat = position
        if key == ENVY_HAND:
            return self._envy(config, index, target, seat, wager)
        rules = config.rules
        if wager is None or wager in _MAIN_WAGERS:
            name = MAIN if wager is None else wager.value
            slots = _source_slots(HandSource.PLAYER_AND_BOARD, seat)
            stays = wager is not None and wager is not ThbWager.ANTE
            return five_card_goal(self.game, index, target, seat, name, slots, stays_in=stays)
        if wager is ThbWager.BONUS:
            return self._bonus(config, index, target, seat)
        if wager is ThbWager.PROGRESSIVE:
            slots = _source_slots(config.paytable(wager).cards, seat)
            forfeits = rules.progressive_on_fold is FoldTreatment.FORFEITED
            return five_card_goal(
                self.game, index, target, seat, wager.value, slots, stays_in=forfeits
            )
        offered_on(config, index, "player's hand")
        forfeits = rules.five_card_hand_bonus_on_fold is FoldTreatment.FORFEITED
        slots = _source_slots(HandSource.TWO_CARDS_AND_FLOP, seat)
        return five_card_goal(self.game, index, target, seat, wager.value, slots, stays_in=forfeits)

    def _dealer(
        self, config: ThbTableConfig, index: int, target: Target, wager: ThbWager | None
    ) -> Goal:
        if wager is ThbWager.FIVE_CARD_HAND_BONUS:
            offered_on(config, index, "dealer's hand")
            slots = _source_slots(HandSource.TWO_CARDS_AND_FLOP, DEALER)
            return five_card_goal(self.game, index, target, DEALER, wager.value, slots)
        if wager is not None:
            raise TargetError(
                index,
                f"the dealer places no {wager.value}: a dealer target is the dealer's hand "
                "(wager '') or the Five Card Hand Bonus on the dealer's hand",
            )
        if target.hand.strip().lower() == ENVY_HAND:
            raise TargetError(index, "only a player's hand earns an Envy Bonus (§ 647a.1)")
        slots = _source_slots(HandSource.PLAYER_AND_BOARD, DEALER)
        return five_card_goal(self.game, index, target, DEALER, MAIN, slots)

    def _envy(
        self, config: ThbTableConfig, index: int, target: Target, seat: int, wager: ThbWager | None
    ) -> Goal:
        if wager not in (None, ThbWager.PROGRESSIVE):
            raise TargetError(
                index, f"an Envy hand is the progressive hand, not the {wager.value} hand"
            )
        spec = config.progressive
        if spec is None or spec.envy is None:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus: its Rules Submission states no progressive "
                "Envy amount (§ 647a.1)",
            )
        return envy_goal(
            index,
            target,
            seat,
            wager=ThbWager.PROGRESSIVE.value,
            slots=_source_slots(config.paytable(ThbWager.PROGRESSIVE).cards, seat),
            threshold=spec.envy_qualifying_hand,
            section="§ 647a.1",
            stays_in=config.rules.progressive_on_fold is FoldTreatment.FORFEITED,
        )

    def _bonus(self, config: ThbTableConfig, index: int, target: Target, seat: int) -> Goal:
        table = config.paytable(ThbWager.BONUS)
        return two_card_goal(
            index,
            target,
            seat,
            rows=BonusHand,
            table=table,
            wager=ThbWager.BONUS.value,
            noun="a Bonus Wager hand",
            family="bonus",
            slots=_source_slots(table.cards, seat),
            with_dealer=table.cards is HandSource.PLAYER_TWO_AND_DEALER_TWO,
            stays_in=config.rules.bonus_on_fold is FoldTreatment.FORFEITED,
        )

    def deal(
        self,
        config: ThbTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> ThbRound:
        holes = {position: cards for position, cards in preset.items() if position != BOARD}
        return deal_round(config, seed, seats, preset=holes, preset_board=preset.get(BOARD))

    def round_cards(self, round_: ThbRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer, board=round_.board)

    def arrange(self, config: ThbTableConfig, round_: ThbRound, plan: Plan) -> ThbRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if goal.position == DEALER and goal.wager == ThbWager.FIVE_CARD_HAND_BONUS.value:
                if not any(p.wagers.five_card_hand_bonus_dealer for p in plays.values()):
                    chosen = plan.rng.choice(sorted(plays))
                    plays[chosen] = _with_stake(
                        config, plays[chosen], "five_card_hand_bonus_dealer"
                    )
                continue
            if seat <= 0:
                continue
            wager = _wager_of(goal)
            if wager in _STAKE_FIELD:
                plays[seat] = _with_stake(config, plays[seat], _STAKE_FIELD[wager])
            if goal.stays_in:
                plays[seat] = _staying(plays[seat], wager)
            if goal.envy:
                self._owe_envy(config, plays, seat, plan.rng)
        return replace(round_, seats=tuple(plays[s] for s in sorted(plays)))

    def _owe_envy(
        self, config: ThbTableConfig, plays: dict[int, SeatPlay], holder: int, rng: random.Random
    ) -> None:
        forfeits = config.rules.progressive_on_fold is FoldTreatment.FORFEITED
        others = [s for s in sorted(plays) if s != holder]
        if any(_collects(plays[s], forfeits) for s in others):
            return
        placed = [s for s in others if plays[s].wagers.progressive > 0]
        chosen = rng.choice(placed or others)
        plays[chosen] = _with_stake(config, plays[chosen], "progressive")
        if forfeits:
            plays[chosen] = _staying(plays[chosen], None)

    def round_problems(
        self, config: ThbTableConfig, round_: ThbRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        forfeits = config.rules.progressive_on_fold is FoldTreatment.FORFEITED
        for goal in goals:
            seat = goal.seat if goal.seat is not None else goal.position
            wager = _wager_of(goal)
            if goal.position == DEALER and wager is ThbWager.FIVE_CARD_HAND_BONUS:
                if not round_.dealer_hand_bettors:
                    problems.append(TargetError(goal.index, "nobody bets the dealer's hand"))
                continue
            if seat <= 0:
                continue
            play = plays[seat]
            if wager in _STAKE_FIELD and not getattr(play.wagers, _STAKE_FIELD[wager]):
                problems.append(TargetError(goal.index, f"seat {seat} placed no {wager.value}"))
            if goal.stays_in and play.decision.folded:
                problems.append(TargetError(goal.index, f"seat {seat} folded"))
            if wager in (ThbWager.TURN, ThbWager.RIVER) and not play.decision.makes(wager):
                problems.append(TargetError(goal.index, f"seat {seat} made no {wager.value} Wager"))
            if goal.envy and not any(_collects(p, forfeits) for s, p in plays.items() if s != seat):
                problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


def _collects(play: SeatPlay, forfeits: bool) -> bool:
    return play.wagers.progressive > 0 and not (forfeits and play.decision.folded)


def _wager_of(goal: Goal) -> ThbWager | None:
    return ThbWager.from_text(goal.wager) if goal.wager else None


def _with_stake(config: ThbTableConfig, play: SeatPlay, name: str) -> SeatPlay:
    """``play`` with the wager in field ``name`` placed at the table minimum if it was not."""
    if getattr(play.wagers, name) > 0:
        return play
    wager = next((w for w, field in _STAKE_FIELD.items() if field == name), None)
    stake: Decimal = config.limits(wager or ThbWager.FIVE_CARD_HAND_BONUS).minimum
    return replace(play, wagers=replace(play.wagers, **{name: stake}))


def _staying(play: SeatPlay, wager: ThbWager | None) -> SeatPlay:
    """``play`` making the Flop Wager instead of folding, and the Turn or River Wager a target
    names."""
    decision = play.decision
    turn = (decision.turn and not decision.folded) or wager is ThbWager.TURN
    river = (decision.river and not decision.folded) or wager is ThbWager.RIVER
    if not decision.folded and turn == decision.turn and river == decision.river:
        return play
    return replace(play, decision=Decision.play(turn=turn, river=river))


def _wager(config: ThbTableConfig, index: int, text: str) -> ThbWager | None:
    if not text.strip():
        return None
    try:
        wager = ThbWager.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in ThbWager if w not in _DRAWN)
        raise TargetError(
            index, f"wager: {text!r} is not a {GAME} wager; expected {names}"
        ) from None
    if wager in _DRAWN:
        raise TargetError(
            index,
            f"wager: the {wager.value} is drawn by the table game system, not made by a hand",
        )
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return wager


TARGETS = ThbTargets()

__all__ = ["TARGETS", "ThbTargets"]
