"""Three Card Poker targets: three cards per player and the dealer, two community cards when the
five-card wagers call for them, and the hands each wager is settled on.

A target is, by the position and the wager it names:

- a seat's hand (wager '', Ante, Play, Ante Bonus), Pair Plus and the three-card Progressive
  Payout Wager: the player's three cards in the three-card ranking (hands/three_card.py: a
  straight above a flush), where "Mini royal" is A-K-Q of one suit;
- the 6 Card Bonus: the best five of the player's three cards and the dealer's three
  (three-card-poker.md § 1), in five-card poker;
- the Five-Card Progressive Payout Wager and the Five Card Hand Bonus: the player's three cards
  and the two community cards (seed 000, preamble), in five-card poker;
- "Envy hand": an Envy Bonus Qualifying Hand of a progressive whose Rules Submission states an
  Envy Bonus: the three-card progressive's ``envy_qualifying_hand`` or better on the three
  cards ("Mini royal flush" by default), or, with wager "Five-Card Progressive Payout Wager"
  (or on a table whose three-card progressive pays no Envy), the five-card one's on the three
  cards and the community cards;
- the dealer's hand (wager ''): the dealer's three cards; "does not qualify" is below the
  table's ``dealer_qualifies_with`` (queen high by default);
- the dealer's Five Card Hand Bonus: the dealer's three cards and the two community cards;
- who = "board": the two community cards alone ("Pair", "Pair of aces" or exact cards), on a
  table that deals them every round (one offering the Five-Card Progressive).

Beyond the cards: a seat places the target's optional wager (Pair Plus, 6 Card Bonus, either
progressive or the Five Card Hand Bonus, at the table minimum) if the simulated player did not.
A target on the Play or the Ante Bonus (paid only to a player who plays), or on a wager the
table forfeits on a fold (``rules``: Pair Plus, 6 Card Bonus and the progressives by default),
makes the player play instead of folding; every other decision is the queen-six-four strategy's
(games/three_card_poker/dealing.py ``decide``). An Envy target's seat places the progressive
and plays (only the hand of a player still in earns Envy), and another seat does the same if
none would collect, so an Envy Bonus is owed. A dealer Five Card Hand Bonus target gets a
bettor on the dealer's hand whose bonus is in action. The community cards of a target are
dealt when the round calls for them, which a Five Card Hand Bonus target's wager makes it do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import STANDARD_CARDS, Card, Rank
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.community_targets import board_goal, by_frequency
from dealer_trainer.games.five_card_hand_bonus import BetOn
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
from dealer_trainer.games.three_card_poker.config import (
    ThreeCardPokerTableConfig,
)
from dealer_trainer.games.three_card_poker.dealing import (
    MAX_RANDOM_SEATS,
    MIN_RANDOM_SEATS,
    deal_three_card_round,
)
from dealer_trainer.games.three_card_poker.hands import (
    COMMUNITY_CARDS,
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_qualifies,
    five_card_hand,
    three_card_hand,
)
from dealer_trainer.games.three_card_poker.outcomes import envy_qualifies
from dealer_trainer.games.three_card_poker.round import (
    MAX_SEATS,
    ThreeCardRound,
    ThreeCardSeatPlay,
    dealer_hand_bettors,
    fchb_in_action,
    needs_community_cards,
)
from dealer_trainer.games.three_card_poker.wagers import (
    PROGRESSIVE_WAGERS,
    FiveCardClass,
    FoldRule,
    ThreeCardClass,
    ThreeCardDecision,
    ThreeCardWager,
)
from dealer_trainer.games.wager_targets import (
    FCHB,
    fchb_minimum,
    names_fchb,
    no_dealer_wager,
    offered_fchb,
    placing,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise

FIVE = RankingSystem.FIVE_CARD
THREE = RankingSystem.THREE_CARD
_ENVY_BONUSES = (ThreeCardWager.ENVY_BONUS, ThreeCardWager.FIVE_CARD_ENVY_BONUS)
_STAKES = {
    ThreeCardWager.PAIR_PLUS.value: "pair_plus",
    ThreeCardWager.SIX_CARD_BONUS.value: "six_card_bonus",
    ThreeCardWager.PROGRESSIVE.value: "progressive",
    ThreeCardWager.FIVE_CARD_PROGRESSIVE.value: "five_card_progressive",
    FCHB: "five_card_hand_bonus",
}
"""The optional wagers a target places, by their field in ``ThreeCardWagers``."""
_THREE_CARD_WAGERS = frozenset(
    {
        "",
        ThreeCardWager.PLAY.value,
        ThreeCardWager.ANTE_BONUS.value,
        ThreeCardWager.PAIR_PLUS.value,
        ThreeCardWager.PROGRESSIVE.value,
    }
)
"""The wagers settled on the player's three cards alone."""
_THREE_CLASS_SPECS = {
    ThreeCardClass.MINI_ROYAL: HandSpec(THREE, HandRank.STRAIGHT_FLUSH, Rank.ACE),
    ThreeCardClass.STRAIGHT_FLUSH: HandSpec(THREE, HandRank.STRAIGHT_FLUSH),
    ThreeCardClass.THREE_OF_A_KIND: HandSpec(THREE, HandRank.THREE_OF_A_KIND),
    ThreeCardClass.STRAIGHT: HandSpec(THREE, HandRank.STRAIGHT),
    ThreeCardClass.FLUSH: HandSpec(THREE, HandRank.FLUSH),
    ThreeCardClass.PAIR: HandSpec(THREE, HandRank.ONE_PAIR),
}
_FIVE_CLASS_SPECS = {cls: HandSpec(FIVE, HandRank.from_text(cls.value)) for cls in FiveCardClass}


def _own(position: int) -> tuple[Slot, ...]:
    return tuple((position, i) for i in range(DEALER_CARDS if position == DEALER else PLAYER_CARDS))


BOARD_SLOTS: tuple[Slot, ...] = tuple((BOARD, i) for i in range(COMMUNITY_CARDS))


class ThreeCardTargets(GameTargets[ThreeCardPokerTableConfig, ThreeCardRound]):
    game = "Three Card Poker"
    deck = STANDARD_CARDS
    max_seats = MAX_SEATS
    random_seats = (MIN_RANDOM_SEATS, MAX_RANDOM_SEATS)
    has_board = True

    def cards_at(self, config: ThreeCardPokerTableConfig, position: int) -> int:
        if position == BOARD:
            return COMMUNITY_CARDS
        return DEALER_CARDS if position == DEALER else PLAYER_CARDS

    def goal(
        self, config: ThreeCardPokerTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        if position == BOARD:
            return _board_goal(config, index, target)
        goal = self._hand_goal(config, index, target, position)
        shared = any(slot[0] != position for slot in goal.slots)
        return own_cards_first(goal) if shared else goal

    def _hand_goal(
        self, config: ThreeCardPokerTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        wager = _wager(config, index, target.wager, position)
        key = normalise(target.hand)
        owner = "the dealer's" if position == DEALER else f"seat {position}'s"
        if wager in _THREE_CARD_WAGERS:
            slots, system = _own(position), THREE
            where = f"{owner} three cards"
        elif wager == ThreeCardWager.SIX_CARD_BONUS.value:
            slots, system = (*_own(position), *_own(DEALER)), FIVE
            where = f"{owner} three cards and the dealer's three"
        else:
            slots, system = (*_own(position), *BOARD_SLOTS), FIVE
            where = f"{owner} three cards and the two community cards"
        stays_in = position != DEALER and _stays_in(config, wager)
        if not key:
            return cards_goal(
                index, target, position, wager=wager, slots=slots, where=where, stays_in=stays_in
            )
        if key == "envy hand":
            return _envy(config, index, target, position, wager)
        if key in ("does not qualify", "dealer does not qualify"):
            return _does_not_qualify(config, index, target, position, wager, where)
        if system is FIVE and key in ("mini royal", "mini royal flush"):
            raise TargetError(
                index,
                f"hand: a mini royal is a three-card hand; the {wager} is settled on five cards "
                "in five-card poker",
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
        config: ThreeCardPokerTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> ThreeCardRound:
        hands = {position: cards for position, cards in preset.items() if position != BOARD}
        return deal_three_card_round(
            config, seed, seats, preset=hands, preset_community=preset.get(BOARD)
        )

    def round_cards(self, round_: ThreeCardRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer, board=round_.community)

    def arrange(
        self, config: ThreeCardPokerTableConfig, round_: ThreeCardRound, plan: Plan
    ) -> ThreeCardRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not any(
                    BetOn.DEALER in fchb_in_action(config, p) for p in plays.values()
                ):
                    placed = [s for s, p in plays.items() if p.wagers.five_card_hand_bonus_dealer]
                    chosen = plan.rng.choice(placed or sorted(plays))
                    play = _with_stake(config, plays[chosen], "five_card_hand_bonus_dealer")
                    if config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED:
                        play = _playing(play)
                    plays[chosen] = play
                continue
            if goal.position == BOARD:
                continue
            seat = goal.position
            if goal.wager in _STAKES:
                plays[seat] = _with_stake(config, plays[seat], _STAKES[goal.wager])
            if goal.stays_in:
                plays[seat] = _playing(plays[seat])
            if goal.envy:
                _owe_envy(config, plays, seat, ThreeCardWager.from_text(goal.wager), plan.rng)
        seats = tuple(plays[s] for s in sorted(plays))
        community = round_.community
        if not community and needs_community_cards(config, seats):
            # a Five Card Hand Bonus target's wager calls for the community cards its target
            # was solved with; the deal kept them out of every hand (dealing.py)
            community = plan.preset[BOARD]
        fchb = round_.fchb
        if fchb is not None:
            fchb = replace(fchb, dealer_hand_bettors=dealer_hand_bettors(config, seats))
        return replace(round_, seats=seats, community=community, fchb=fchb)

    def round_problems(
        self, config: ThreeCardPokerTableConfig, round_: ThreeCardRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            if goal.position == DEALER:
                if goal.wager == FCHB and not round_.dealer_hand_bettors:
                    problems.append(TargetError(goal.index, "nobody bets the dealer's hand"))
                continue
            if goal.position == BOARD:
                continue
            play = plays[goal.position]
            field = _STAKES.get(goal.wager)
            if field is not None and not getattr(play.wagers, field):
                problems.append(TargetError(goal.index, f"seat {play.seat} placed no {goal.wager}"))
            if goal.stays_in and play.folded:
                problems.append(TargetError(goal.index, f"seat {play.seat} folded"))
            if goal.envy:
                wager = ThreeCardWager.from_text(goal.wager)
                if not any(_collects(config, p, wager) for s, p in plays.items() if s != play.seat):
                    problems.append(TargetError(goal.index, "nobody else collects an Envy Bonus"))
        return problems


# --- goals ----------------------------------------------------------------------------------------


def _stays_in(config: ThreeCardPokerTableConfig, wager: str) -> bool:
    """Whether a target on ``wager`` needs the player to play: the Play and the Ante Bonus exist
    only then, and a side wager the rules forfeit on a fold is settled only then."""
    if wager in (ThreeCardWager.PLAY.value, ThreeCardWager.ANTE_BONUS.value):
        return True
    if wager == FCHB:
        return config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED
    if wager in _STAKES:
        return config.rules.on_fold(ThreeCardWager.from_text(wager)) is FoldRule.FORFEITED
    return False


def _wager(config: ThreeCardPokerTableConfig, index: int, text: str, position: int) -> str:
    """The wager's canonical name ('' for the hand itself, as the Ante)."""
    key = normalise(text)
    if key in ("", "ante"):
        return ""
    if names_fchb(text):
        return offered_fchb(config, index, position)
    try:
        wager = ThreeCardWager.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in ThreeCardWager if w not in _ENVY_BONUSES)
        raise TargetError(
            index, f"wager: {text!r} is not a Three Card Poker wager; expected {names}, {FCHB!r}"
        ) from None
    if wager in _ENVY_BONUSES:
        raise TargetError(
            index,
            "wager: an Envy Bonus is not a wager: target the hand 'Envy hand' (on the "
            "progressive that earns it) instead",
        )
    if position == DEALER:
        raise no_dealer_wager(index, wager.value)
    if not config.offers(wager):
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}")
    return str(wager.value)


def _envy(
    config: ThreeCardPokerTableConfig, index: int, target: Target, seat: int, wager: str
) -> Goal:
    """An Envy Bonus Qualifying Hand of the progressive ``wager`` names (by default the
    three-card one, or the Five-Card one where only it pays Envy)."""
    if seat == DEALER:
        raise TargetError(index, "only a player's hand earns an Envy Bonus")
    if not wager:
        paying = [w for w in PROGRESSIVE_WAGERS if config.envy_amount(w) is not None]
        if not paying:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus: its Rules Submission states no Envy amount "
                "for either progressive",
            )
        progressive = paying[0]
    elif wager in (w.value for w in PROGRESSIVE_WAGERS):
        progressive = ThreeCardWager.from_text(wager)
        if config.envy_amount(progressive) is None:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus on the {progressive.value}: its Rules "
                "Submission states no Envy amount for it",
            )
    else:
        raise TargetError(
            index,
            f"an Envy hand is the hand of a progressive wager ('Progressive Payout Wager' or "
            f"'Five-Card Progressive Payout Wager'), not the {wager}",
        )
    wanted = config.envy_qualifying_hand(progressive)
    three = progressive is ThreeCardWager.PROGRESSIVE
    slots = _own(seat) if three else (*_own(seat), *BOARD_SLOTS)
    if isinstance(wanted, ThreeCardClass):
        ranked = list(ThreeCardClass)
        specs = [_THREE_CLASS_SPECS[c] for c in ranked[: ranked.index(wanted) + 1]]
        where = f"seat {seat}'s three cards"
    else:
        in_order = list(FiveCardClass)
        specs = [_FIVE_CLASS_SPECS[c] for c in in_order[: in_order.index(wanted) + 1]]
        where = f"seat {seat}'s three cards and the two community cards"

    def test(cards: Sequence[Card]) -> bool:
        hand = three_card_hand(cards) if three else five_card_hand(cards[:PLAYER_CARDS], cards[3:])
        return envy_qualifies(config, progressive, hand)

    return any_of_goal(
        index,
        target,
        seat,
        wager=progressive.value,
        slots=slots,
        specs=by_frequency(specs),
        hand=(
            f"an Envy Bonus Qualifying Hand of the {progressive.value} "
            f"({wanted.value.lower()} or better, {config.envy_citation(progressive)})"
        ),
        family=(THREE if three else FIVE, slots),
        where=where,
        stays_in=True,
        envy=True,
        judge=test,
    )


def _does_not_qualify(
    config: ThreeCardPokerTableConfig,
    index: int,
    target: Target,
    position: int,
    wager: str,
    where: str,
) -> Goal:
    """High card below the table's qualifying hand (queen high by default).

    No core: the filler's cards (distinct ranks, at most two of a suit) make such a hand about
    half the time, and leaving the dealer's cards free lets a bigger hand that shares them (a
    6 Card Bonus royal flush, which needs a jack and a ten of the dealer's) place its own core
    first."""
    rule = config.rules.dealer_qualifies_with
    if position != DEALER or wager:
        raise TargetError(index, f"only the dealer's hand qualifies or not ({rule.value})")
    slots = _own(DEALER)
    preset = cards_field(index, target, DEALER_CARDS, where)

    def test(cards: Sequence[Card]) -> bool:
        return not dealer_qualifies(three_card_hand(cards), rule)

    if len(preset) == DEALER_CARDS and not test(preset):
        raise TargetError(index, f"cards: {' '.join(c.notation for c in preset)} qualify")
    return Goal(
        index,
        target,
        DEALER,
        "",
        f"a hand that does not qualify (less than {rule.value.removesuffix(' or better')})",
        Requirement(slots, test, None, low=True, preset=preset, run=3),
        (THREE, slots),
        categories=frozenset({HandRank.HIGH_CARD}),
    )


def _board_goal(config: ThreeCardPokerTableConfig, index: int, target: Target) -> Goal:
    """The two community cards alone: exact cards, or a pair ("Pair", "Pair of aces")."""
    if config.five_card_hand_bonus is None and not config.deals_community_cards_always:
        raise TargetError(
            index,
            f"{config.name} deals no community cards: it offers neither the Five-Card "
            f"Progressive Payout Wager nor the {FCHB} (seed 000, preamble)",
        )
    if not config.deals_community_cards_always:
        raise TargetError(
            index,
            f"{config.name} deals the community cards only for a Five Card Hand Bonus: target "
            f"the {FCHB} of a seat or the dealer instead of the board",
        )
    return board_goal(index, target, BOARD_SLOTS)


# --- arranging ------------------------------------------------------------------------------------


def _playing(play: ThreeCardSeatPlay) -> ThreeCardSeatPlay:
    """``play`` making the Play Wager instead of folding."""
    if not play.folded:
        return play
    return replace(play, decision=ThreeCardDecision.PLAY)


def _with_stake(
    config: ThreeCardPokerTableConfig, play: ThreeCardSeatPlay, name: str
) -> ThreeCardSeatPlay:
    """``play`` with the wager in ``ThreeCardWagers`` field ``name`` placed at the minimum."""

    def minimum() -> Decimal:
        if name.startswith("five_card_hand_bonus"):
            return fchb_minimum(config)
        return config.limits(ThreeCardWager.from_text(name)).minimum

    return placing(play, name, minimum)


def _collects(
    config: ThreeCardPokerTableConfig, play: ThreeCardSeatPlay, wager: ThreeCardWager
) -> bool:
    """A bettor whose progressive is still in action is paid Envy for another's hand."""
    if play.wagers.stake(wager) <= 0:
        return False
    return not play.folded or config.rules.on_fold(wager) is FoldRule.STAYS_IN_ACTION


def _owe_envy(
    config: ThreeCardPokerTableConfig,
    plays: dict[int, ThreeCardSeatPlay],
    holder: int,
    wager: ThreeCardWager,
    rng: random.Random,
) -> None:
    """Another seat collects the Envy Bonus ``wager`` earns for ``holder``'s hand."""
    others = [s for s in sorted(plays) if s != holder]
    if any(_collects(config, plays[s], wager) for s in others):
        return
    placed = [s for s in others if plays[s].wagers.stake(wager) > 0]
    chosen = rng.choice(placed or others)
    plays[chosen] = _playing(_with_stake(config, plays[chosen], wager.key))


TARGETS = ThreeCardTargets()

__all__ = ["TARGETS", "ThreeCardTargets"]
