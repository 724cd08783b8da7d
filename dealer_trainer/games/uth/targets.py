"""Ultimate Texas Hold 'Em targets: which cards each wager's hand is made of, and the round
around them.

A UTH hand shares cards: every seat and the dealer play the same five community cards, so a
target is a requirement on *slots* (a seat's two hole cards, the dealer's two, the board) and
two targets meet on the board (games/targeting.py solves them together). The cards each wager
is settled on are the paytables' own (games/uth/hands.py ``hand_cards``):

- the main hand (Ante, Blind, Play), Trips and Bad Beat: the best five of the seat's two cards
  and the five community cards (§ 653a.1);
- Play the Board and a "board" target: the five community cards alone (§ 653b.4(e));
- Ultimate Pairs: the seat's two cards, and with Paytable F the dealer's two as well
  (§ 653b.5(e)); its hands are the paytable's rows ("Ace/ace", "Ace/king (suited)" ...);
- the Six Card Bonus and the progressive: the cards the Rules Submission states (their rules
  are not in the seeds);
- the Five Card Hand Bonus: the wagered hand's two cards and the flop only, on the player's or
  the dealer's hand (seed 000, preamble on the proposed § 653a.11 amendment);
- the dealer's hand: the best five of the dealer's two cards and the board; "does not qualify"
  is below ``rules.dealer_qualifying_hand`` (§ 653a.12(a): the Ante then pushes);
- "Envy hand": the progressive hand is an Envy Bonus Qualifying Hand (§ 653a.1: a five-card
  straight flush or better) on a table whose Rules Submission states an Envy Bonus.

What a target changes beyond the cards, because a target on a wager nobody placed would teach
nothing: the seat places the target's wager (at the table minimum) if the simulated player did
not; a seat whose target wager a fold forfeits (Play, Bad Beat and the progressive when the
rules forfeit them, the Five Card Hand Bonus on the player's hand likewise) plays 1x after the
river instead of folding; a dealer Five Card Hand Bonus target gets a bettor on the dealer's
hand; an Envy target's seat places the progressive and stays in, and another seat does too, so
an Envy Bonus is owed. Every other decision is the simulated strategy's
(games/uth/dealing.py ``decide``).
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
    FIVE,
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
    any_of_goal,
    cards_by_position,
)
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.dealing import MAX_RANDOM_SEATS, MIN_RANDOM_SEATS, deal_round
from dealer_trainer.games.uth.outcomes import Decision, Street
from dealer_trainer.games.uth.round import MAX_SEATS, SeatPlay, UthRound
from dealer_trainer.games.uth.settings import FoldTreatment
from dealer_trainer.games.uth.wagers import HandSource, UltimatePairsHand, UthWager
from dealer_trainer.hands.categories import FIVE_CARD_ORDER
from dealer_trainer.hands.construct import HandSpec

DOES_NOT_QUALIFY = "does not qualify"
_MAIN_WAGERS = (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY)
_DRAWN = (UthWager.MAGIC_CARD_BONUS, UthWager.LUCKY_BONUS, UthWager.MUST_HIT_BY)
_STAKE_FIELD = {
    UthWager.TRIPS: "trips",
    UthWager.BAD_BEAT: "bad_beat",
    UthWager.PLAY_THE_BOARD: "play_the_board",
    UthWager.ULTIMATE_PAIRS: "ultimate_pairs",
    UthWager.SIX_CARD_BONUS: "six_card_bonus",
    UthWager.PROGRESSIVE: "progressive",
    UthWager.FIVE_CARD_HAND_BONUS: "five_card_hand_bonus",
}


def _source_slots(source: HandSource, seat: int) -> tuple[Slot, ...]:
    """The slots of the cards ``source`` names (games/uth/hands.py ``hand_cards``)."""
    if source is HandSource.PLAYER_AND_BOARD:
        return (*hole(seat), *BOARD_SLOTS)
    if source is HandSource.BOARD_ONLY:
        return BOARD_SLOTS
    if source is HandSource.PLAYER_TWO:
        return hole(seat)
    if source is HandSource.PLAYER_TWO_AND_DEALER_TWO:
        return (*hole(seat), *hole(DEALER))
    if source is HandSource.TWO_CARDS_AND_FLOP:
        return (*hole(seat), *FLOP_SLOTS)
    if source is HandSource.PLAYER_DEALER_AND_FLOP:
        return (*hole(seat), *hole(DEALER), *FLOP_SLOTS)
    raise ValueError(f"{source.value} are no cards")


class UthTargets(GameTargets[UthTableConfig, UthRound]):
    game = "Ultimate Texas Hold 'Em"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    has_board = True

    def cards_at(self, config: UthTableConfig, position: int) -> int:
        return 5 if position == BOARD else 2

    # --- resolving a target ----------------------------------------------------------------

    def goal(self, config: UthTableConfig, index: int, target: Target, position: int) -> Goal:
        wager = _wager(config, index, target.wager)
        hand = target.hand.strip()
        key = hand.lower()
        if position == BOARD:
            if wager not in (None, UthWager.PLAY_THE_BOARD):
                raise TargetError(
                    index,
                    f"the board holds no {wager.value}: a board target is the five community "
                    "cards (wager '' or 'Play the Board')",
                )
            return five_card_goal(self.game, index, target, position, MAIN, BOARD_SLOTS)
        if position == DEALER:
            return self._dealer(config, index, target, wager, key)
        seat = position
        if key == ENVY_HAND:
            return self._envy(config, index, target, seat, wager)
        if wager is None or wager in _MAIN_WAGERS:
            name = MAIN if wager is None else wager.value
            return five_card_goal(
                self.game,
                index,
                target,
                seat,
                name,
                _source_slots(HandSource.PLAYER_AND_BOARD, seat),
                stays_in=wager is UthWager.PLAY,
            )
        rules = config.rules
        if wager is UthWager.TRIPS:
            slots = _source_slots(HandSource.PLAYER_AND_BOARD, seat)
            return five_card_goal(self.game, index, target, seat, wager.value, slots)
        if wager is UthWager.BAD_BEAT:
            slots = _source_slots(HandSource.PLAYER_AND_BOARD, seat)
            forfeits = rules.bad_beat_on_fold is FoldTreatment.FORFEITED
            return five_card_goal(
                self.game, index, target, seat, wager.value, slots, stays_in=forfeits
            )
        if wager is UthWager.PLAY_THE_BOARD:
            return five_card_goal(
                self.game, index, target, seat, wager.value, BOARD_SLOTS, seat=seat, at=BOARD
            )
        if wager is UthWager.ULTIMATE_PAIRS:
            return self._ultimate_pairs(config, index, target, seat)
        if wager is UthWager.SIX_CARD_BONUS:
            spec = config.six_card_bonus
            assert spec is not None  # offered
            slots = _source_slots(spec.cards, seat)
            return five_card_goal(self.game, index, target, seat, wager.value, slots)
        if wager is UthWager.PROGRESSIVE:
            slots = _source_slots(config.paytable(wager).cards, seat)
            forfeits = rules.progressive_on_fold is FoldTreatment.FORFEITED
            return five_card_goal(
                self.game, index, target, seat, wager.value, slots, stays_in=forfeits
            )
        # the Five Card Hand Bonus on the player's hand
        offered_on(config, index, "player's hand")
        forfeits = rules.five_card_hand_bonus_on_fold is FoldTreatment.FORFEITED
        slots = _source_slots(HandSource.TWO_CARDS_AND_FLOP, seat)
        return five_card_goal(self.game, index, target, seat, wager.value, slots, stays_in=forfeits)

    def _dealer(
        self, config: UthTableConfig, index: int, target: Target, wager: UthWager | None, key: str
    ) -> Goal:
        if wager is UthWager.FIVE_CARD_HAND_BONUS:
            offered_on(config, index, "dealer's hand")
            slots = _source_slots(HandSource.TWO_CARDS_AND_FLOP, DEALER)
            return five_card_goal(self.game, index, target, DEALER, wager.value, slots)
        if wager is not None:
            raise TargetError(
                index,
                f"the dealer places no {wager.value}: a dealer target is the dealer's hand "
                "(wager '') or the Five Card Hand Bonus on the dealer's hand",
            )
        slots = _source_slots(HandSource.PLAYER_AND_BOARD, DEALER)
        if key == ENVY_HAND:
            raise TargetError(index, "only a player's hand earns an Envy Bonus (§ 653a.1)")
        if key in (DOES_NOT_QUALIFY, "dealer does not qualify"):
            threshold = FIVE_CARD_ORDER.index(config.rules.dealer_qualifying_hand)
            below = [HandSpec(FIVE, category) for category in FIVE_CARD_ORDER[:threshold]]
            if not below:
                raise TargetError(index, "every dealer hand qualifies at this table")
            return any_of_goal(
                index,
                target,
                DEALER,
                wager=MAIN,
                slots=slots,
                specs=below,
                hand=(
                    "a hand that does not qualify (less than "
                    f"{config.rules.dealer_qualifying_hand.value.lower()}, § 653a.12(a))"
                ),
                family=("five-card", slots),
                where="the dealer's hand",
            )
        return five_card_goal(self.game, index, target, DEALER, MAIN, slots)

    def _envy(
        self, config: UthTableConfig, index: int, target: Target, seat: int, wager: UthWager | None
    ) -> Goal:
        if wager not in (None, UthWager.PROGRESSIVE):
            raise TargetError(
                index, f"an Envy hand is the progressive hand, not the {wager.value} hand"
            )
        spec = config.progressive
        if spec is None or spec.envy is None or not config.settles_progressive:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus: its Rules Submission states no progressive "
                "paytable with an Envy amount (§ 653a.1)",
            )
        return envy_goal(
            index,
            target,
            seat,
            wager=UthWager.PROGRESSIVE.value,
            slots=_source_slots(config.paytable(UthWager.PROGRESSIVE).cards, seat),
            threshold=spec.envy_qualifying_hand,
            section="§ 653a.1",
            stays_in=config.rules.progressive_on_fold is FoldTreatment.FORFEITED,
        )

    def _ultimate_pairs(
        self, config: UthTableConfig, index: int, target: Target, seat: int
    ) -> Goal:
        table = config.paytable(UthWager.ULTIMATE_PAIRS)
        return two_card_goal(
            index,
            target,
            seat,
            rows=UltimatePairsHand,
            table=table,
            wager=UthWager.ULTIMATE_PAIRS.value,
            noun="an Ultimate Pairs hand",
            family="ultimate pairs",
            slots=_source_slots(table.cards, seat),
            with_dealer=table.cards is HandSource.PLAYER_TWO_AND_DEALER_TWO,
        )

    # --- dealing and arranging ---------------------------------------------------------------

    def deal(
        self,
        config: UthTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> UthRound:
        holes = {position: cards for position, cards in preset.items() if position != BOARD}
        return deal_round(config, seed, seats, preset=holes, preset_board=preset.get(BOARD))

    def round_cards(self, round_: UthRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer, board=round_.board)

    def arrange(self, config: UthTableConfig, round_: UthRound, plan: Plan) -> UthRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if goal.position == DEALER and goal.wager == UthWager.FIVE_CARD_HAND_BONUS.value:
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
                plays[seat] = _staying(config, plays[seat])
            if goal.envy:
                self._owe_envy(config, plays, seat, plan.rng)
        return replace(round_, seats=tuple(plays[s] for s in sorted(plays)))

    def _owe_envy(
        self, config: UthTableConfig, plays: dict[int, SeatPlay], holder: int, rng: random.Random
    ) -> None:
        """Another seat collects the Envy Bonus for ``holder``'s hand: a progressive bettor whose
        wager is still in action (§ 653a.1; a fold forfeits it unless the rules keep it)."""
        forfeits = config.rules.progressive_on_fold is FoldTreatment.FORFEITED
        others = [s for s in sorted(plays) if s != holder]
        if any(_collects(plays[s], forfeits) for s in others):
            return
        placed = [s for s in others if plays[s].wagers.progressive > 0]
        chosen = rng.choice(placed or others)
        plays[chosen] = _with_stake(config, plays[chosen], "progressive")
        if forfeits:
            plays[chosen] = _staying(config, plays[chosen])

    def round_problems(
        self, config: UthTableConfig, round_: UthRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        forfeits = config.rules.progressive_on_fold is FoldTreatment.FORFEITED
        for goal in goals:
            seat = goal.seat if goal.seat is not None else goal.position
            wager = _wager_of(goal)
            if goal.position == DEALER and wager is UthWager.FIVE_CARD_HAND_BONUS:
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
            if goal.envy and not any(_collects(p, forfeits) for s, p in plays.items() if s != seat):
                problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


def _collects(play: SeatPlay, forfeits: bool) -> bool:
    return play.wagers.progressive > 0 and not (forfeits and play.decision.folded)


def _wager_of(goal: Goal) -> UthWager | None:
    return UthWager.from_text(goal.wager) if goal.wager else None


def _with_stake(config: UthTableConfig, play: SeatPlay, name: str) -> SeatPlay:
    """``play`` with the wager in field ``name`` placed at the table minimum if it was not."""
    if getattr(play.wagers, name) > 0:
        return play
    wager = next((w for w, field in _STAKE_FIELD.items() if field == name), None)
    stake: Decimal = config.limits(wager or UthWager.FIVE_CARD_HAND_BONUS).minimum
    return replace(play, wagers=replace(play.wagers, **{name: stake}))


def _staying(config: UthTableConfig, play: SeatPlay) -> SeatPlay:
    """``play`` making the smallest Play wager after the river instead of folding."""
    if not play.decision.folded:
        return play
    multiple = min(config.rules.play_multiples_after_river)
    return replace(play, decision=Decision.play(multiple, Street.AFTER_RIVER))


def _wager(config: UthTableConfig, index: int, text: str) -> UthWager | None:
    if not text.strip():
        return None
    try:
        wager = UthWager.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in UthWager if w not in _DRAWN)
        raise TargetError(
            index, f"wager: {text!r} is not an Ultimate Texas Hold 'Em wager; expected {names}"
        ) from None
    if wager in _DRAWN:
        raise TargetError(
            index,
            f"wager: the {wager.value} is drawn by the table game system, not made by a hand",
        )
    if wager is UthWager.PROGRESSIVE and config.offers(wager) and not config.settles_progressive:
        raise TargetError(
            index,
            f"wager: {config.name} states no progressive paytable, so no progressive hand is "
            "settled there (§ 653a.12(d))",
        )
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return wager


TARGETS = UthTargets()

__all__ = ["TARGETS", "UthTargets"]
