"""Caribbean Stud Poker targets: five cards per position, and the hands they are settled on.

Each player and the dealer hold exactly five cards (§ 639a.1), never shared, so a target is a
five-card hand of one position:

- a seat's hand (wager '', Ante or Bet), its Caribbean Stud Bonus and its Progressive Payout
  Wager are all settled on the player's five cards (§§ 639a.7(d)(3), 639a.1); a hand name is a
  five-card category, perhaps narrowed ("Pair of aces", "Royal flush in spades"), or "Ace/king"
  (no pair, an ace and a king: the Bet table's lowest row);
- the dealer's hand is the dealer's five cards (§ 639a.11(c)); "does not qualify" is less than
  ace/king (§ 639a.2(b)(7): the Bet is then returned);
- the Five Card Hand Bonus is on the player's five or the dealer's five (§ 639a.7(d)(4));
- "Envy hand": an Envy Bonus Qualifying Hand, the table's ``envy_qualifying_hand`` or better
  (§ 639a.1: a five-card straight flush or better), on a table whose Rules Submission states an
  Envy Bonus.

Beyond the cards: a seat places the target's optional wager (at the table minimum) if the
simulated player did not. A fold forfeits every wager but the Five Card Hand Bonus and ends the
player's round (§ 639a.11(b)), so a target on the Bet, the Caribbean Stud Bonus or the
progressive makes that player Bet instead of folding; an Envy target's seat places the
progressive and Bets (a folded hand is in the discard rack before the reveal, § 639a.11(c)),
and another seat does the same if none is still in with a progressive, so an Envy Bonus is owed;
a dealer Five Card Hand Bonus target gets a bettor on the dealer's hand. Every other decision
is the simulated strategy's (games/caribbean_stud/dealing.py ``decide``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.caribbean_stud.config import (
    CaribbeanStudTableConfig,
)
from dealer_trainer.games.caribbean_stud.dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    deal_caribbean_stud_round,
)
from dealer_trainer.games.caribbean_stud.hands import dealer_qualifies, five_card_hand, is_ace_king
from dealer_trainer.games.caribbean_stud.round import (
    MAX_SEATS,
    CaribbeanStudRound,
    CaribbeanStudSeatPlay,
)
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.games.targeting import (
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
    read_hand,
)
from dealer_trainer.games.wager_targets import (
    FCHB,
    fchb_minimum,
    names_fchb,
    no_dealer_wager,
    offered_fchb,
    placing,
)
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise

FIVE = RankingSystem.FIVE_CARD
_STAKES = {
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS.value: "caribbean_stud_bonus",
    CaribbeanStudWager.PROGRESSIVE.value: "progressive",
    FCHB: "five_card_hand_bonus",
}
_STAYS_IN = (
    CaribbeanStudWager.BET,
    CaribbeanStudWager.CARIBBEAN_STUD_BONUS,
    CaribbeanStudWager.PROGRESSIVE,
)
"""The wagers a fold forfeits or never makes (§ 639a.11(b))."""


def _five(position: int) -> tuple[Slot, ...]:
    return tuple((position, i) for i in range(5))


class CaribbeanStudTargets(GameTargets[CaribbeanStudTableConfig, CaribbeanStudRound]):
    game = "Caribbean Stud Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)

    def cards_at(self, config: CaribbeanStudTableConfig, position: int) -> int:
        return 5

    def goal(
        self, config: CaribbeanStudTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        wager = _wager(config, index, target.wager)
        key = normalise(target.hand)
        slots = _five(position)
        owner = "the dealer's" if position == DEALER else f"seat {position}'s"
        where = f"{owner} five cards"
        if wager == FCHB:
            offered_fchb(config, index, position)
        elif position == DEALER and wager:
            raise no_dealer_wager(index, wager)
        stays_in = wager in {w.value for w in _STAYS_IN}
        family = ("five-card", slots)
        if not target.hand.strip():
            return cards_goal(
                index, target, position, wager=wager, slots=slots, where=where, stays_in=stays_in
            )
        if key == "envy hand":
            return self._envy(config, index, target, position, wager, where)
        if key in ("does not qualify", "dealer does not qualify"):
            return _does_not_qualify(index, target, position, wager, where)
        if key in ("ace/king", "ace king", "ace/king high"):
            return _ace_king(index, target, position, wager, where, stays_in)
        hand = read_hand(index, target.hand, FIVE, self.game)
        return hand_goal(
            index,
            target,
            position,
            wager=wager,
            slots=slots,
            spec=hand,
            family=family,
            where=where,
            stays_in=stays_in,
        )

    def _envy(
        self,
        config: CaribbeanStudTableConfig,
        index: int,
        target: Target,
        position: int,
        wager: str,
        where: str,
    ) -> Goal:
        if config.envy_amount is None:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus: its Rules Submission states no Envy amount "
                "for the progressive (§ 639a.1)",
            )
        if position == DEALER:
            raise TargetError(index, "only a player's hand earns an Envy Bonus (§ 639a.1)")
        if wager not in ("", CaribbeanStudWager.PROGRESSIVE.value):
            raise TargetError(index, f"an Envy hand is the player's five cards, not the {wager}")
        threshold = config.envy_qualifying_hand
        qualifying = FIVE_CARD_ORDER[FIVE_CARD_ORDER.index(threshold) :]
        return any_of_goal(
            index,
            target,
            position,
            wager=CaribbeanStudWager.PROGRESSIVE.value,
            slots=_five(position),
            specs=[HandSpec(FIVE, category) for category in qualifying],
            hand=f"an Envy Bonus Qualifying Hand ({threshold.value.lower()} or better, § 639a.1)",
            family=("five-card", _five(position)),
            where=where,
            stays_in=True,
            envy=True,
        )

    # --- dealing and arranging ---------------------------------------------------------------

    def deal(
        self,
        config: CaribbeanStudTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> CaribbeanStudRound:
        return deal_caribbean_stud_round(config, seed, seats, preset=preset)

    def round_cards(self, round_: CaribbeanStudRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer)

    def arrange(
        self, config: CaribbeanStudTableConfig, round_: CaribbeanStudRound, plan: Plan
    ) -> CaribbeanStudRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not any(
                    p.wagers.five_card_hand_bonus_dealer for p in plays.values()
                ):
                    chosen = plan.rng.choice(sorted(plays))
                    plays[chosen] = _with_stake(
                        config, plays[chosen], "five_card_hand_bonus_dealer"
                    )
                continue
            seat = goal.position
            if goal.wager in _STAKES:
                plays[seat] = _with_stake(config, plays[seat], _STAKES[goal.wager])
            if goal.stays_in:
                plays[seat] = _betting(plays[seat])
            if goal.envy and not any(_collects(p) for s, p in plays.items() if s != seat):
                others = [s for s in sorted(plays) if s != seat]
                placed = [s for s in others if plays[s].wagers.progressive > 0]
                chosen = plan.rng.choice(placed or others)
                plays[chosen] = _betting(_with_stake(config, plays[chosen], "progressive"))
        seats = tuple(plays[s] for s in sorted(plays))
        fchb = round_.fchb
        if fchb is not None:
            bettors = sum(1 for p in seats if p.wagers.five_card_hand_bonus_dealer > 0)
            fchb = replace(fchb, dealer_hand_bettors=bettors)
        return replace(round_, seats=seats, fchb=fchb)

    def round_problems(
        self, config: CaribbeanStudTableConfig, round_: CaribbeanStudRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not round_.dealer_hand_bettors:
                    problems.append(TargetError(goal.index, "nobody bets the dealer's hand"))
                continue
            play = plays[goal.position]
            if goal.wager in _STAKES and not getattr(play.wagers, _STAKES[goal.wager]):
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no {goal.wager}"))
            if goal.stays_in and play.folded:
                problems.append(TargetError(goal.index, f"seat {play.seat} folded"))
            if goal.envy and not any(_collects(p) for s, p in plays.items() if s != play.seat):
                problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


def _collects(play: CaribbeanStudSeatPlay) -> bool:
    """A progressive bettor still in the round is paid Envy (§ 639a.11(b): a fold forfeits)."""
    return play.wagers.progressive > 0 and not play.folded


def _betting(play: CaribbeanStudSeatPlay) -> CaribbeanStudSeatPlay:
    return play if not play.folded else replace(play, decision=StudDecision.BET)


def _with_stake(
    config: CaribbeanStudTableConfig, play: CaribbeanStudSeatPlay, name: str
) -> CaribbeanStudSeatPlay:
    """``play`` with the wager in ``StudWagers`` field ``name`` placed at the minimum."""

    def minimum() -> Decimal:
        if name.startswith("five_card_hand_bonus"):
            return fchb_minimum(config)
        return config.limits(CaribbeanStudWager.from_text(name)).minimum

    return placing(play, name, minimum)


def _wager(config: CaribbeanStudTableConfig, index: int, text: str) -> str:
    """The wager's canonical name ('' for the hand itself, as the Ante)."""
    key = normalise(text)
    if not key or key == "ante":
        return ""
    if names_fchb(text):
        return FCHB
    try:
        wager = CaribbeanStudWager.from_text(text)
    except ValueError:
        names = ", ".join(
            repr(w.value) for w in CaribbeanStudWager if w is not CaribbeanStudWager.ENVY_BONUS
        )
        raise TargetError(
            index,
            f"wager: {text!r} is not a Caribbean Stud Poker wager; expected {names}, {FCHB!r}",
        ) from None
    if wager is CaribbeanStudWager.ENVY_BONUS:
        raise TargetError(
            index, "wager: an Envy Bonus is not a wager: target the hand 'Envy hand' instead"
        )
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return str(wager.value)


def _does_not_qualify(index: int, target: Target, position: int, wager: str, where: str) -> Goal:
    """Less than ace/king (§ 639a.2(b)(7)): high card without both an ace and a king."""
    if position != DEALER or wager:
        raise TargetError(index, "only the dealer's hand qualifies or not (§ 639a.2(b)(7))")
    slots = _five(DEALER)
    preset = cards_field(index, target, 5, where)
    high_card = HandSpec(FIVE, HandRank.HIGH_CARD)

    def test(cards: Sequence[Card]) -> bool:
        return not dealer_qualifies(five_card_hand(cards))

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        return high_card.core(rng, fixed, 5)

    if len(preset) == 5 and test(preset) is False:
        raise TargetError(index, f"cards: {' '.join(c.notation for c in preset)} qualify")
    requirement = Requirement(slots, test, core, low=True, preset=preset)
    return Goal(
        index,
        target,
        DEALER,
        "",
        "a hand that does not qualify (less than ace/king, § 639a.2(b)(7))",
        requirement,
        ("five-card", slots),
        categories=frozenset({HandRank.HIGH_CARD}),
    )


def _ace_king(
    index: int, target: Target, position: int, wager: str, where: str, stays_in: bool
) -> Goal:
    """No pair, with an ace and a king: the lowest hand that qualifies (§ 639a.2(b)(7))."""
    slots = _five(position)
    preset = cards_field(index, target, 5, where)
    ace_high = HandSpec(FIVE, HandRank.HIGH_CARD, Rank.ACE)

    def test(cards: Sequence[Card]) -> bool:
        return is_ace_king(five_card_hand(cards))

    def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        king = Card.of(Rank.KING, rng.choice(list(_SUITS)))
        cards = ace_high.core(rng, [king, *fixed] if king not in fixed else fixed, 5)
        return cards

    if len(preset) == 5 and not test(preset):
        raise TargetError(index, f"cards: {' '.join(c.notation for c in preset)} is not ace/king")
    requirement = Requirement(slots, test, core, low=True, preset=preset)
    return Goal(
        index,
        target,
        position,
        wager,
        "ace/king (no pair)",
        requirement,
        ("five-card", slots),
        stays_in=stays_in,
        categories=frozenset({HandRank.HIGH_CARD}),
    )


_SUITS = tuple(card.suit for card in STANDARD_CARDS[:4])

TARGETS = CaribbeanStudTargets()

__all__ = ["TARGETS", "CaribbeanStudTargets"]
