"""Let It Ride Poker targets: three cards per player, two community cards everyone shares.

A player's hand is the player's three cards and the two community cards (§ 643a.1), so every
five-card target of a seat shares the board with every other seat's; there is no dealer hand.
A target is, by the wager it names:

- the hand (wager '', "Let It Ride" or a Let It Ride Poker Wager 1-3), the Five Card Bonus
  (§ 643a.7(e)), the Progressive Payout Wager (§ 643a.7(g)) and the Five Card Hand Bonus
  (§ 643a.7(i)): the seat's three cards and the two community cards, in five-card poker;
- the Three Card Bonus (§ 643a.7(f)): the seat's three cards alone, in the three-card ranking
  (a straight above a flush), where "Mini royal" is an A-K-Q straight flush;
- "Envy hand": an Envy Bonus Qualifying Hand, the table's ``envy_qualifying_hand`` or better
  (§ 643a.1 [CODE]: a straight flush or better), on a table whose Rules Submission states an
  Envy Bonus;
- "payout limit reached", alone or after a hand ("Royal flush, payout limit reached", "Four of
  a kind with the payout limit"): the hand's riding Let It Ride Poker Wagers win more than the
  table's payout limit, so the limit cuts what they are paid (§ 643a.12(g)); a hand whose row
  cannot exceed the limit even at the table maximum is refused by name;
- who = "board": the two community cards alone ("Pair", "Pair of aces", or exact cards).

Beyond the cards: a seat places the target's optional wager (at the table minimum) if the
simulated player did not. Withdrawals are the simulated strategy's (games/let_it_ride/dealing.py
``decide``) except where a target needs a wager to ride: a target on Let It Ride Wager 1 or 2
lets that wager ride (Wager 3 always rides, § 643a.1). A payout-limit target raises the seat's
three equal Let It Ride Poker Wagers to one of the smallest stakes (in $5 chips, $1 below $5,
within the table's limits) at which the riding wagers' paytable win exceeds the limit, keeping
the strategy's withdrawals when such a stake exists for the wagers still riding and letting all
three ride otherwise. An Envy target's seat places the Progressive Payout Wager, and another
seat does too if none has, so an Envy Bonus is owed (§ 643a.1: paid to each other progressive
bettor; every Let It Ride hand plays to the end, so no fold can take it away).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank, parse_cards
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_targets import board_goal, by_frequency
from dealer_trainer.games.let_it_ride.config import (
    LetItRidePaytableRows,
    LetItRideRow,
    LetItRideTableConfig,
)
from dealer_trainer.games.let_it_ride.dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    deal_let_it_ride_round,
)
from dealer_trainer.games.let_it_ride.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    five_card_hand,
    five_card_rows,
)
from dealer_trainer.games.let_it_ride.outcomes import (
    Decision,
    settle_let_it_ride,
)
from dealer_trainer.games.let_it_ride.round import MAX_SEATS, LetItRideRound, LetItRideSeatPlay
from dealer_trainer.games.let_it_ride.wagers import LET_IT_RIDE_WAGERS, LetItRideWager
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
    own_cards_first,
)
from dealer_trainer.games.wager_targets import FCHB, fchb_minimum
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement, is_low, parse_hand
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.rules.money import format_money
from dealer_trainer.vocabulary import normalise

FIVE = RankingSystem.FIVE_CARD
THREE = RankingSystem.THREE_CARD
LIMIT_SECTION = "§ 643a.12(g)"
_MAIN = frozenset(
    {
        "",
        "let it ride",
        "let it ride wager",
        "let it ride wagers",
        "let it ride poker wager",
        "let it ride poker wagers",
    }
)
"""Names of the hand the three Let It Ride Poker Wagers are paid on."""
_STAKES = {
    LetItRideWager.FIVE_CARD_BONUS.value: "five_card_bonus",
    LetItRideWager.THREE_CARD_BONUS.value: "three_card_bonus",
    LetItRideWager.PROGRESSIVE.value: "progressive",
    FCHB: "five_card_hand_bonus",
}
_RIDES = {
    LetItRideWager.WAGER_1.value: "withdraw_first",
    LetItRideWager.WAGER_2.value: "withdraw_second",
}
"""The wagers a player may withdraw, and the decision field that does it (§ 643a.11(b), (d))."""
_EXAMPLES = {
    HandRank.ROYAL_FLUSH: "As Ks Qs Js Ts",
    HandRank.STRAIGHT_FLUSH: "9h 8h 7h 6h 5h",
    HandRank.FOUR_OF_A_KIND: "9c 9d 9h 9s 2c",
    HandRank.FULL_HOUSE: "9c 9d 9h 2s 2c",
    HandRank.FLUSH: "Ah 9h 7h 4h 2h",
    HandRank.STRAIGHT: "9c 8d 7h 6s 5c",
    HandRank.THREE_OF_A_KIND: "9c 9d 9h 4s 2c",
    HandRank.TWO_PAIR: "9c 9d 4h 4s 2c",
    HandRank.ONE_PAIR: "Tc Td 7h 4s 2c",
}
"""One hand of each paying category (a pair of 10s for one pair: lower pairs pay nothing), to
find the paytable row a category is paid on."""
_PAYING_PAIRS = tuple(r for r in Rank if r.index >= Rank.TEN.index)


def _hand_slots(seat: int) -> tuple[Slot, ...]:
    return (*_three_slots(seat), *BOARD_SLOTS)


def _three_slots(seat: int) -> tuple[Slot, ...]:
    return tuple((seat, i) for i in range(PLAYER_CARDS))


BOARD_SLOTS: tuple[Slot, ...] = tuple((BOARD, i) for i in range(COMMUNITY_CARDS))


class LimitGoal(Goal, frozen=True):
    """A goal whose seat's Let It Ride Poker Wagers must be cut by the payout limit: besides
    its cards, ``arrange`` raises the seat's wagers so that the limit applies."""


class LetItRideTargets(GameTargets[LetItRideTableConfig, LetItRideRound]):
    game = "Let It Ride Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    has_board = True

    def cards_at(self, config: LetItRideTableConfig, position: int) -> int:
        return COMMUNITY_CARDS if position == BOARD else PLAYER_CARDS

    def goal(self, config: LetItRideTableConfig, index: int, target: Target, position: int) -> Goal:
        if position == DEALER:
            raise TargetError(
                index,
                "Let It Ride Poker has no dealer hand: each player is paid on the player's three "
                "cards and the two community cards (§ 643a.1); who is a seat or the board",
            )
        if position == BOARD:
            return board_goal(index, target, BOARD_SLOTS)
        goal = self._seat_goal(config, index, target, position)
        return own_cards_first(goal) if BOARD_SLOTS[0] in goal.slots else goal

    def _seat_goal(
        self, config: LetItRideTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        wager = _wager(config, index, target.wager)
        key = normalise(target.hand)
        rides = wager in _RIDES
        if wager == LetItRideWager.THREE_CARD_BONUS.value:
            slots, system = _three_slots(position), THREE
            where = f"seat {position}'s three cards"
        else:
            slots, system = _hand_slots(position), FIVE
            where = f"seat {position}'s hand (three cards and the two community cards)"
        if system is FIVE and key in ("mini royal", "mini royal flush"):
            raise TargetError(
                index,
                "hand: a mini royal is a three-card hand, and only the Three Card Bonus is "
                "settled on the three cards alone: target it on that wager",
            )
        return seat_goal(
            index,
            target,
            position,
            wager,
            SeatHand(slots, system, where, stays_in=rides),
            self.game,
            envy=lambda: _envy(config, index, target, position, wager, where),
            limit=lambda hand: _limit_goal(config, index, target, position, wager, hand, where),
        )

    # --- dealing and arranging ---------------------------------------------------------------

    def deal(
        self,
        config: LetItRideTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> LetItRideRound:
        stacks = {position: cards for position, cards in preset.items() if position != BOARD}
        return deal_let_it_ride_round(
            config, seed, seats, preset=stacks, preset_community=preset.get(BOARD)
        )

    def round_cards(self, round_: LetItRideRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, board=round_.community)

    def arrange(
        self, config: LetItRideTableConfig, round_: LetItRideRound, plan: Plan
    ) -> LetItRideRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            seat = goal.position
            if seat <= 0:
                continue
            if goal.wager in _STAKES:
                plays[seat] = _with_stake(config, plays[seat], _STAKES[goal.wager])
            if goal.stays_in:
                plays[seat] = _riding(plays[seat], goal.wager)
            if goal.envy and not _envy_owed(plays, seat):
                others = [s for s in sorted(plays) if s != seat]
                chosen = plan.rng.choice(others)
                plays[chosen] = _with_stake(config, plays[chosen], "progressive")
        for goal in plan.goals:  # last: the stake depends on the wagers left riding
            if isinstance(goal, LimitGoal):
                seat = goal.position
                plays[seat] = _over_the_limit(config, plays[seat], round_.community, plan.rng)
        return replace(round_, seats=tuple(plays[s] for s in sorted(plays)))

    def round_problems(
        self, config: LetItRideTableConfig, round_: LetItRideRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            if goal.position <= 0:
                continue
            play = plays[goal.position]
            if goal.wager in _STAKES and not getattr(play, _STAKES[goal.wager]):
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no {goal.wager}"))
            withdrawn = goal.wager in _RIDES and getattr(play.decision, _RIDES[goal.wager])
            if goal.stays_in and withdrawn:
                problems.append(
                    TargetError(goal.index, f"seat {play.seat} withdrew the {goal.wager}")
                )
            if isinstance(goal, LimitGoal):
                settled = settle_let_it_ride(config, play.cards, round_.community, play.riding)
                if not any(outcome.capped for outcome in settled):
                    problems.append(
                        TargetError(
                            goal.index,
                            f"seat {play.seat}'s Let It Ride Poker Wagers are not cut by the "
                            f"payout limit ({LIMIT_SECTION})",
                        )
                    )
            if goal.envy and not _envy_owed(plays, play.seat):
                problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


# --- goals ----------------------------------------------------------------------------------------


def _wager(config: LetItRideTableConfig, index: int, text: str) -> str:
    """The wager's canonical name: '' for the hand the Let It Ride Poker Wagers are paid on."""
    return target_wager(
        config,
        index,
        text,
        kinds=LetItRideWager,
        envy=LetItRideWager.ENVY_BONUS,
        main=_MAIN,
        on_hand=lambda wager: wager is LetItRideWager.WAGER_3,
        also="'Let It Ride', ",
    )


def _envy(
    config: LetItRideTableConfig,
    index: int,
    target: Target,
    seat: int,
    wager: str,
    where: str,
) -> Goal:
    if config.envy_amount is None:
        raise TargetError(
            index,
            f"{config.name} pays no Envy Bonus: its Rules Submission states no Envy amount for "
            "the Progressive Payout Wager (§ 643a.1)",
        )
    if wager not in ("", LetItRideWager.PROGRESSIVE.value):
        raise TargetError(
            index, f"an Envy hand is the player's three cards and the board, not the {wager}"
        )
    threshold = config.envy_qualifying_hand
    qualifying = FIVE_CARD_ORDER[FIVE_CARD_ORDER.index(threshold) :]
    # The qualifying categories are the whole rule (``envy_qualifies``), so the hand is tested
    # on its category alone: the solver tests thousands of hands for a round.
    return any_of_goal(
        index,
        target,
        seat,
        wager=LetItRideWager.PROGRESSIVE.value,
        slots=_hand_slots(seat),
        specs=by_frequency([HandSpec(FIVE, category) for category in qualifying]),
        hand=f"an Envy Bonus Qualifying Hand ({threshold.value.lower()} or better, § 643a.1)",
        family=(FIVE, _hand_slots(seat)),
        where=where,
        envy=True,
    )


def _limit_goal(
    config: LetItRideTableConfig,
    index: int,
    target: Target,
    seat: int,
    wager: str,
    hand: str | None,
    where: str,
) -> Goal:
    """The seat's hand wins the Let It Ride Poker Wagers more than the payout limit at some
    stake the table allows (§ 643a.12(g)); with ``hand``, that hand too."""
    limit = config.payout_limit
    if limit is None:
        raise TargetError(
            index,
            f"{config.name} sets no payout limit: its Rules Submission states none "
            f"({LIMIT_SECTION})",
        )
    if wager not in ("", *_RIDES):
        raise TargetError(
            index,
            f"the payout limit applies only to the Let It Ride Poker Wagers, never to the "
            f"{wager} ({LIMIT_SECTION})",
        )
    table = config.paytable(LetItRideWager.WAGER_1)
    most = config.limits(LetItRideWager.WAGER_1).maximum
    riding = len(LET_IT_RIDE_WAGERS)
    binding = _binding_specs(config)
    slots = _hand_slots(seat)
    spec: HandSpec | None = None
    if hand:
        try:
            spec = parse_hand(hand, FIVE)
        except ValueError as error:
            raise TargetError(index, f"hand: {error}") from None
        row = _row(table, spec.category)
        if spec.category is HandRank.ONE_PAIR and spec.rank is not None:
            row = row if spec.rank in _PAYING_PAIRS else None
        if not any(s.category is spec.category for s in binding) or row is None:
            if row is None:
                pays = f"{table.name} does not pay {spec.describe()}"
            else:
                won = row.odds.payment(most).paid * riding
                pays = (
                    f"{table.name} pays it {row.odds}: three Let It Ride Poker Wagers at the "
                    f"table maximum of {format_money(most)} win {format_money(won)}"
                )
            raise TargetError(
                index,
                f"seat {seat}'s hand cannot reach the payout limit with {spec.describe()}: "
                f"{pays}, not more than the limit of {format_money(limit)} ({LIMIT_SECTION})",
            )
    if not binding:
        raise TargetError(
            index,
            f"no hand reaches the payout limit of {format_money(limit)} at {config.name}: the "
            f"top row of {table.name} at the table maximum of {format_money(most)} does not "
            f"exceed it ({LIMIT_SECTION})",
        )
    specs = binding
    if spec is not None:
        specs = [spec]
        if spec.category is HandRank.ONE_PAIR and spec.rank is None:
            specs = [s for s in binding if s.category is HandRank.ONE_PAIR]
    name = spec.describe() if spec is not None else "a hand"
    preset = cards_field(index, target, len(slots), where)

    def test(cards: Sequence[Card]) -> bool:
        if spec is not None and not spec.holds(cards):
            return False
        return _exceeds(config, cards, riding)

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        return rng.choice(specs).core(rng, fixed, len(slots))

    if len(preset) == len(slots) and not test(preset):
        raise TargetError(
            index, f"cards: {' '.join(c.notation for c in preset)} do not reach the payout limit"
        )
    requirement = Requirement(
        slots,
        test,
        core,
        low=any(is_low(s) for s in specs),
        preset=preset,
        rarity=min(FIVE_CARD_ORDER.index(s.category) for s in specs),
    )
    return LimitGoal(
        index,
        target,
        seat,
        wager,
        f"{name} whose Let It Ride Poker Wagers exceed the payout limit of "
        f"{format_money(limit)} ({LIMIT_SECTION})",
        requirement,
        (FIVE, slots),
        spec,
        spec.required_cards() if spec is not None else frozenset(),
        stays_in=wager in _RIDES,
        categories=frozenset(s.category for s in specs),
    )


def _row(table: LetItRidePaytableRows, category: HandRank) -> LetItRideRow | None:
    """The row ``table`` pays ``category`` on (a pair: a pair of 10s or better), if any."""
    cards = parse_cards(_EXAMPLES[category]) if category in _EXAMPLES else ()
    if not cards:
        return None
    return table.first_row(five_card_rows(five_card_hand(cards[:3], cards[3:])))


def _binding_specs(config: LetItRideTableConfig) -> list[HandSpec]:
    """Hands whose row, on three riding wagers at the table maximum, wins more than the limit."""
    limit = config.payout_limit
    assert limit is not None
    table = config.paytable(LetItRideWager.WAGER_1)
    most = config.limits(LetItRideWager.WAGER_1).maximum
    specs: list[HandSpec] = []
    for category in FIVE_CARD_ORDER:
        row = _row(table, category)
        if row is None or row.odds.payment(most).paid * len(LET_IT_RIDE_WAGERS) <= limit:
            continue
        if category is HandRank.ONE_PAIR:
            specs += [HandSpec(FIVE, category, rank) for rank in _PAYING_PAIRS]
        else:
            specs.append(HandSpec(FIVE, category))
    return specs


def _exceeds(config: LetItRideTableConfig, cards: Sequence[Card], riding: int) -> bool:
    """Whether ``riding`` wagers at the table maximum win more than the limit on ``cards``."""
    limit = config.payout_limit
    assert limit is not None
    table = config.paytable(LetItRideWager.WAGER_1)
    row = table.first_row(five_card_rows(five_card_hand(cards[:3], cards[3:])))
    most = config.limits(LetItRideWager.WAGER_1).maximum
    return row is not None and row.odds.payment(most).paid * riding > limit


# --- arranging ------------------------------------------------------------------------------------


def _with_stake(
    config: LetItRideTableConfig, play: LetItRideSeatPlay, name: str
) -> LetItRideSeatPlay:
    """``play`` with the optional wager in field ``name`` placed at the table minimum."""

    def minimum() -> Decimal:
        if name == "five_card_hand_bonus":
            return fchb_minimum(config)
        return config.limits(LetItRideWager.from_text(name)).minimum

    return placing_field(play, name, minimum)


def _riding(play: LetItRideSeatPlay, wager: str) -> LetItRideSeatPlay:
    """``play`` letting ``wager`` (Let It Ride Wager 1 or 2) ride."""
    field = _RIDES.get(wager)
    if field is None or not getattr(play.decision, field):
        return play
    return replace(play, decision=replace(play.decision, **{field: False}))


def _envy_owed(plays: Mapping[int, LetItRideSeatPlay], holder: int) -> bool:
    """Another seat's Progressive Payout Wager collects an Envy Bonus for ``holder``'s hand."""
    return any(p.progressive > 0 for s, p in plays.items() if s != holder)


def _over_the_limit(
    config: LetItRideTableConfig,
    play: LetItRideSeatPlay,
    community: Sequence[Card],
    rng: random.Random,
) -> LetItRideSeatPlay:
    """``play`` with equal Let It Ride Poker Wagers whose riding total wins more than the limit:
    as placed if it already does, else one of the three smallest stakes that do, with the
    strategy's withdrawals if a stake allows them and every wager riding otherwise."""
    limit = config.payout_limit
    assert limit is not None
    row = config.paytable(LetItRideWager.WAGER_1).first_row(
        five_card_rows(five_card_hand(play.cards, community))
    )
    if row is None:
        return play  # the hand misses its target: the round's check says so
    if sum((row.odds.payment(b).paid for b in play.riding.values()), Decimal(0)) > limit:
        return play
    stakes = chip_stakes(config.limits(LetItRideWager.WAGER_1))
    for decision in (play.decision, Decision()):
        riding = len(decision.riding())
        fits = [s for s in stakes if row.odds.payment(s).paid * riding > limit]
        if fits:
            stake = rng.choice(fits[:3])
            return replace(play, bets=(stake, stake, stake), decision=decision)
    return play


TARGETS = LetItRideTargets()

__all__ = ["TARGETS", "LetItRideTargets", "LimitGoal"]
