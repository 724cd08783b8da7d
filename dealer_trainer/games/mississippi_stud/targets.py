"""Mississippi Stud targets: two cards per player, three community cards everyone shares.

A player's hand is the two player cards and the three community cards (§ 655a.1), so every
five-card target of a seat shares the board with every other seat's; there is no dealer hand.
A target is, by the wager it names:

- the hand (wager '', "Ante" or a Bet Wager), the Progressive Payout Wager and the Five Card
  Hand Bonus: the seat's two cards and the three community cards, in five-card poker; the seat
  then plays every street (no fold), so the wagers the target is about are settled on the hand;
- the Three Card Bonus: the three community cards, in the three-card ranking, where "Mini
  royal" is an A-K-Q straight flush (§ 655a.6(c)); the seat places the wager;
- "Envy hand": an Envy Bonus Qualifying Hand (a royal flush or straight flush, § 655a.1) on a
  table whose Rules Submission states an Envy Bonus; another seat makes a Progressive Payout
  Wager and stays in, so an Envy Bonus is owed;
- "Mega jackpot", "Major jackpot", "Minor jackpot" (Paytables B-D of § 655a.12(c)(1)): the
  hand the table's progressive paytable pays that jackpot for, with the Progressive Payout
  Wager placed; a jackpot the paytable does not pay is refused by name;
- "payout limit reached", alone or after a hand ("Royal flush, payout limit reached"): the
  seat's Ante and Bet Wagers win more than the aggregate payout limit (§ 655a.12(b)); the seat's
  Ante is raised (in $5 chips, within the limits) and every Bet Wager made three times it;
- who = "board": the three community cards alone, in the three-card ranking.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.jackpot_meters import JackpotMeter, jackpot_of
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    deal_mississippi_stud_round,
)
from dealer_trainer.games.mississippi_stud.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    five_card_hand,
    five_card_rows,
)
from dealer_trainer.games.mississippi_stud.outcomes import Decision, settle_base
from dealer_trainer.games.mississippi_stud.round import MAX_SEATS, StudRound, StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import STREETS, StudWager
from dealer_trainer.games.paytable_targets import (
    SeatHand,
    chip_stakes,
    placing_field,
    seat_goal,
    target_wager,
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
    cards_field,
    cards_goal,
    hand_goal,
    own_cards_first,
    read_hand,
)
from dealer_trainer.games.wager_targets import FCHB, fchb_minimum
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement, is_low, parse_hand
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.rules.money import format_money
from dealer_trainer.vocabulary import normalise

FIVE = RankingSystem.FIVE_CARD
THREE = RankingSystem.THREE_CARD
LIMIT_SECTION = "§ 655a.12(b)"
FULL_BETS = 1 + 3 * len(STREETS)
"""An Ante and three Bet Wagers of three times it: ten Antes in action."""
_MAIN = frozenset({"", "ante", "bet wager", "bet wagers", "ante and bet wagers"})
_STAKES = {
    StudWager.THREE_CARD_BONUS.value: "three_card_bonus",
    StudWager.PROGRESSIVE.value: "progressive",
    FCHB: "five_card_hand_bonus",
}
_EXAMPLES = {
    HandRank.ROYAL_FLUSH: parse_cards("As Ks Qs Js Ts"),
    HandRank.STRAIGHT_FLUSH: parse_cards("9h 8h 7h 6h 5h"),
    HandRank.FOUR_OF_A_KIND: parse_cards("9c 9d 9h 9s 2c"),
    HandRank.FULL_HOUSE: parse_cards("9c 9d 9h 2s 2c"),
    HandRank.FLUSH: parse_cards("Ah 9h 7h 4h 2h"),
    HandRank.STRAIGHT: parse_cards("9c 8d 7h 6s 5c"),
    HandRank.THREE_OF_A_KIND: parse_cards("9c 9d 9h 4s 2c"),
    HandRank.TWO_PAIR: parse_cards("9c 9d 4h 4s 2c"),
    HandRank.ONE_PAIR: parse_cards("Jc Jd 7h 4s 2c"),
}
"""One hand of each winning category (a pair of jacks for one pair: lower pairs push or lose),
to find what its row pays."""


def _hand_slots(seat: int) -> tuple[Slot, ...]:
    return (*((seat, i) for i in range(PLAYER_CARDS)), *BOARD_SLOTS)


BOARD_SLOTS: tuple[Slot, ...] = tuple((BOARD, i) for i in range(COMMUNITY_CARDS))


class LimitGoal(Goal, frozen=True):
    """A goal whose seat's Ante and Bet Wagers must be cut by the payout limit."""


class StudTargets(GameTargets[StudTableConfig, StudRound]):
    game = "Mississippi Stud"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    has_board = True

    def cards_at(self, config: StudTableConfig, position: int) -> int:
        return COMMUNITY_CARDS if position == BOARD else PLAYER_CARDS

    def goal(self, config: StudTableConfig, index: int, target: Target, position: int) -> Goal:
        if position == DEALER:
            raise TargetError(
                index,
                "Mississippi Stud has no dealer hand: each player is paid on the player's two "
                "cards and the three community cards (§ 655a.1); who is a seat or the board",
            )
        if position == BOARD:
            return self._three(index, target, BOARD, "", "the three community cards")
        target = _jackpot_hand(config, index, target)
        wager = _wager(config, index, target.wager)
        if wager == StudWager.THREE_CARD_BONUS.value:
            return self._three(index, target, BOARD, wager, "the three community cards", position)
        goal = self._seat_goal(config, index, target, position, wager)
        return own_cards_first(goal) if BOARD_SLOTS[0] in goal.slots else goal

    def _three(
        self,
        index: int,
        target: Target,
        position: int,
        wager: str,
        where: str,
        seat: int | None = None,
    ) -> Goal:
        if not target.hand.strip():
            return cards_goal(
                index, target, position, wager=wager, slots=BOARD_SLOTS, where=where, seat=seat
            )
        named = "One pair" if normalise(target.hand) in ("pair", "a pair") else target.hand
        spec = read_hand(index, named, THREE, self.game)
        return hand_goal(
            index,
            target,
            position,
            wager=wager,
            slots=BOARD_SLOTS,
            spec=spec,
            family=(THREE, BOARD_SLOTS),
            where=where,
            seat=seat,
        )

    def _seat_goal(
        self, config: StudTableConfig, index: int, target: Target, position: int, wager: str
    ) -> Goal:
        where = f"seat {position}'s hand (two cards and the three community cards)"
        return seat_goal(
            index,
            target,
            position,
            wager,
            SeatHand(_hand_slots(position), FIVE, where, stays_in=True),
            self.game,
            envy=lambda: _envy(config, index, target, position, wager, where),
            limit=lambda hand: _limit_goal(config, index, target, position, wager, hand, where),
        )

    def deal(
        self,
        config: StudTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> StudRound:
        hands = {position: cards for position, cards in preset.items() if position != BOARD}
        return deal_mississippi_stud_round(
            config, seed, seats, preset=hands, preset_community=preset.get(BOARD)
        )

    def round_cards(self, round_: StudRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, board=round_.community)

    def arrange(self, config: StudTableConfig, round_: StudRound, plan: Plan) -> StudRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if seat <= 0:
                continue
            if goal.wager in _STAKES:
                plays[seat] = _with_stake(config, plays[seat], _STAKES[goal.wager])
            if goal.stays_in:
                plays[seat] = _stays_in(plays[seat])
            if goal.envy and not _envy_owed(plays, seat):
                others = [s for s in sorted(plays) if s != seat]
                chosen = plan.rng.choice(others)
                placed = _with_stake(config, plays[chosen], "progressive")
                plays[chosen] = _stays_in(placed)
        for goal in plan.goals:
            if isinstance(goal, LimitGoal):
                plays[goal.position] = _over_the_limit(
                    config, plays[goal.position], round_.community, plan.rng
                )
        return replace(round_, seats=tuple(plays[s] for s in sorted(plays)))

    def round_problems(
        self, config: StudTableConfig, round_: StudRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if seat <= 0:
                continue
            play = plays[seat]
            if goal.wager in _STAKES and not getattr(play, _STAKES[goal.wager]):
                problems.append(TargetError(goal.index, f"seat {seat} placed no {goal.wager}"))
            if goal.stays_in and play.folded:
                problems.append(TargetError(goal.index, f"seat {seat} folded"))
            if isinstance(goal, LimitGoal):
                settled = settle_base(config, play.cards, round_.community, play.base)
                if not any(outcome.capped for outcome in settled):
                    problems.append(
                        TargetError(
                            goal.index,
                            f"seat {seat}'s Ante and Bet Wagers are not cut by the payout limit "
                            f"({LIMIT_SECTION})",
                        )
                    )
            if goal.envy and not _envy_owed(plays, seat):
                problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


def _wager(config: StudTableConfig, index: int, text: str) -> str:
    """The wager's canonical name: '' for the hand the Ante and Bet Wagers are paid on."""
    return target_wager(
        config,
        index,
        text,
        kinds=StudWager,
        envy=StudWager.ENVY_BONUS,
        main=_MAIN,
        on_hand=lambda wager: wager.is_base,
    )


_JACKPOTS = {normalise(meter.title): meter for meter in JackpotMeter}


def _jackpot_hand(config: StudTableConfig, index: int, target: Target) -> Target:
    """A target naming a jackpot ("Major jackpot") as the hand the table's progressive pays it
    for, on the Progressive Payout Wager; any other target as it is."""
    meter = _JACKPOTS.get(normalise(target.hand))
    if meter is None:
        return target
    progressive = StudWager.PROGRESSIVE.value
    if target.wager and _wager(config, index, target.wager) != progressive:
        raise TargetError(index, f"a jackpot is won on the {progressive}, not the {target.wager}")
    rows = config.paytable(StudWager.PROGRESSIVE).rows if config.progressive else ()
    row = next((row for row in rows if jackpot_of(row) is meter), None)
    if row is None:
        paytable = config.progressive.paytable if config.progressive else "none"
        raise TargetError(
            index,
            f"{config.name} pays no {meter.title.lower()}: its Progressive Payout Wager is on "
            f"Paytable {paytable} (§ 655a.12(c)(1))",
        )
    return replace(target, hand=row.label, wager=progressive)


def _envy(
    config: StudTableConfig, index: int, target: Target, seat: int, wager: str, where: str
) -> Goal:
    if config.envy_amount is None:
        raise TargetError(
            index,
            f"{config.name} pays no Envy Bonus: its Rules Submission states no Envy amount for "
            "the Progressive Payout Wager (§ 655a.1)",
        )
    if wager not in ("", StudWager.PROGRESSIVE.value):
        raise TargetError(index, f"an Envy hand is the player's hand, not the {wager}")
    threshold = config.envy_qualifying_hand
    qualifying = FIVE_CARD_ORDER[FIVE_CARD_ORDER.index(threshold) :]
    return any_of_goal(
        index,
        target,
        seat,
        wager="",
        slots=_hand_slots(seat),
        specs=[HandSpec(FIVE, category) for category in reversed(qualifying)],
        hand=f"an Envy Bonus Qualifying Hand ({threshold.value.lower()} or better, § 655a.1)",
        family=(FIVE, _hand_slots(seat)),
        where=where,
        stays_in=True,
        envy=True,
    )


def _row_pays(config: StudTableConfig, cards: Sequence[Card]) -> Decimal | None:
    """What one Ante at the table maximum wins on ``cards`` (None: no winning row)."""
    row = config.paytable(StudWager.ANTE).first_row(
        five_card_rows(five_card_hand(cards[:PLAYER_CARDS], cards[PLAYER_CARDS:]))
    )
    if row is None or not row.odds.pays:
        return None
    return row.odds.payment(config.ante.maximum).paid


def _exceeds(config: StudTableConfig, cards: Sequence[Card]) -> bool:
    won = _row_pays(config, cards)
    return won is not None and won * FULL_BETS > config.payout_limit


def _limit_goal(
    config: StudTableConfig,
    index: int,
    target: Target,
    seat: int,
    wager: str,
    hand: str | None,
    where: str,
) -> Goal:
    """The seat's hand wins the Ante and Bet Wagers more than the payout limit at some stake the
    table allows (§ 655a.12(b)); with ``hand``, that hand too."""
    if wager:
        raise TargetError(
            index,
            f"the payout limit applies only to the Ante and Bet Wagers, never to the {wager} "
            f"({LIMIT_SECTION})",
        )
    slots = _hand_slots(seat)
    binding = [
        HandSpec(FIVE, category)
        for category in FIVE_CARD_ORDER
        if category in _EXAMPLES and _exceeds(config, _EXAMPLES[category])
    ]
    spec: HandSpec | None = None
    if hand:
        try:
            spec = parse_hand(hand, FIVE)
        except ValueError as error:
            raise TargetError(index, f"hand: {error}") from None
        example = _EXAMPLES.get(spec.category)
        low_pair = spec.category is HandRank.ONE_PAIR and (
            spec.rank is not None and spec.rank.index < Rank.JACK.index
        )
        if example is None or low_pair or not _exceeds(config, example):
            raise TargetError(
                index,
                f"seat {seat}'s hand cannot reach the payout limit with {spec.describe()}: ten "
                "Antes at the table maximum on its row do not win more than the limit of "
                f"{format_money(config.payout_limit)} ({LIMIT_SECTION})",
            )
        binding = [spec]
    if not binding:
        raise TargetError(
            index,
            f"no hand reaches the payout limit of {format_money(config.payout_limit)} at "
            f"{config.name}: ten Antes at the table maximum on the top row do not exceed it "
            f"({LIMIT_SECTION})",
        )
    preset = cards_field(index, target, len(slots), where)

    def test(cards: Sequence[Card]) -> bool:
        if spec is not None and not spec.holds(cards):
            return False
        return _exceeds(config, cards)

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        return rng.choice(binding).core(rng, fixed, len(slots))

    requirement = Requirement(
        slots,
        test,
        core,
        low=any(is_low(s) for s in binding),
        preset=preset,
        rarity=min(FIVE_CARD_ORDER.index(s.category) for s in binding),
    )
    name = spec.describe() if spec is not None else "a hand"
    return LimitGoal(
        index,
        target,
        seat,
        wager,
        f"{name} whose Ante and Bet Wagers exceed the payout limit ({LIMIT_SECTION})",
        requirement,
        (FIVE, slots),
        spec,
        spec.required_cards() if spec is not None else frozenset(),
        stays_in=True,
        categories=frozenset(s.category for s in binding),
    )


# --- arranging ------------------------------------------------------------------------------------


def _with_stake(config: StudTableConfig, play: StudSeatPlay, name: str) -> StudSeatPlay:
    """``play`` with the optional wager in field ``name`` placed at the table minimum."""

    def minimum() -> Decimal:
        if name == "five_card_hand_bonus":
            return fchb_minimum(config)
        return config.limits(StudWager.from_text(name)).minimum

    return placing_field(play, name, minimum)


def _stays_in(play: StudSeatPlay) -> StudSeatPlay:
    """``play`` making every Bet Wager: the strategy's where it bet, once the Ante after."""
    made = play.decision.multiples
    if len(made) == len(STREETS):
        return play
    filled = (*made, *(1 for _ in range(len(STREETS) - len(made))))
    return replace(play, decision=Decision(filled))


def _envy_owed(plays: Mapping[int, StudSeatPlay], holder: int) -> bool:
    """Another seat still in the hand made a Progressive Payout Wager."""
    return any(p.progressive > 0 and not p.folded for s, p in plays.items() if s != holder)


def _over_the_limit(
    config: StudTableConfig, play: StudSeatPlay, community: Sequence[Card], rng: random.Random
) -> StudSeatPlay:
    """``play`` with every Bet Wager three times an Ante at which the wagers win more than the
    limit: as placed if they already do, else one of the three smallest such Antes."""
    row = config.paytable(StudWager.ANTE).first_row(
        five_card_rows(five_card_hand(play.cards, community))
    )
    if row is None or not row.odds.pays:
        return play
    if any(outcome.capped for outcome in settle_base(config, play.cards, community, play.base)):
        return play
    fits = [
        a
        for a in chip_stakes(config.limits(StudWager.ANTE))
        if row.odds.payment(a).paid * FULL_BETS > config.payout_limit
    ]
    if not fits:
        return play
    return replace(play, ante=rng.choice(fits[:3]), decision=Decision((3, 3, 3)))


TARGETS = StudTargets()

__all__ = ["TARGETS", "LimitGoal", "StudTargets"]
