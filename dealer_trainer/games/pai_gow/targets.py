"""Pai Gow Poker and EZ Pai Gow Poker targets: seven cards per position, and their hands.

Every position is dealt seven cards of the 53-card deck (§ 645a.1), so a target is a hand of one
position's seven cards, never shared. The names are the game's own:

- a seat's or the dealer's main hand (wager '' or the Pai Gow Poker Wager) is the best five of
  the seven, the joker playing as an ace or completing a straight or flush (§ 645a.6): a poker
  category, perhaps narrowed ("Pair of aces", "Four kings", "Royal flush in hearts"), or one of
  the seven-card hands of § 645a.6(g) ("Five aces", "Seven-card natural straight flush",
  "Ace/five natural straight flush" ...), which is then the seven cards' best class
  (hands/pai_gow_seven.py ``classify_seven``);
- "Queen's Dragon" is the dealer's hand only (§ 645a.1: seven different ranks, no straight or
  flush, queen high); on a seat's Queen's Dragon Wager (EZ, § 645a.11(h)(5)) it also names the
  dealer's seven cards, the hand that wager is settled on;
- the Fortune Bonus, Emperor's Treasure, Progressive Payout and Dynasty Bonus Wagers name a row
  of their own paytable, which the seven cards' best class must be (rules for that wager:
  ``PaiGowRules`` via ``hand_rules_for``); Protection a high-card row ("Queen-high",
  § 645a.11(h)(7));
- "Envy hand": an Envy Bonus Qualifying Hand, a hand with an amount in the Envy column of the
  table's Qualifying Wager paytable (§§ 645a.1, 645a.13(g): four of a kind or better on the
  Dynasty table).

Beyond the cards: a seat with a target on an optional wager places it (at the table minimum)
and so cannot surrender (§ 645a.11(d)); an Envy target's seat places the table's Qualifying
Wager at $5 or more (an Envy lammer, § 645a.8(b)(1)) and so does another seat if none has, so
the Envy Bonus is owed (§ 645a.11(h)(6)(ii)). Red/Black targets are not supported: the colour is
the player's call at the wager, not a hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import JOKER, STANDARD_CARDS, Card, Rank
from dealer_trainer.engine.step import DEALER
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig
from dealer_trainer.games.pai_gow.dealing import deal_pai_gow_round
from dealer_trainer.games.pai_gow.outcomes import envy_lammer, envy_qualifies
from dealer_trainer.games.pai_gow.round import MAX_SEATS, PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import PaiGowWager, ProtectionHand
from dealer_trainer.games.targeting import (
    GameTargets,
    Goal,
    Plan,
    Slot,
    Target,
    TargetError,
    cards_by_position,
    cards_field,
    cards_goal,
    foreign_hand,
    hand_goal,
    read_hand,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.construct import HandSpec, Requirement
from dealer_trainer.hands.pai_gow_rules import DynastyExtraPair, PaiGowRules, SevenCardAceLow
from dealer_trainer.hands.pai_gow_seven import (
    SevenCardClass,
    check_queens_dragon,
    classify_seven,
    protection_high_card,
)
from dealer_trainer.hands.systems import RankingSystem
from dealer_trainer.vocabulary import normalise

PAI_GOW = RankingSystem.PAI_GOW
ACE, KING, QUEEN = 12, 11, 10
QUEENS_DRAGON = "queen's dragon"
ENVY_HAND = "envy hand"
_SEVEN_CARD_WAGERS = (
    PaiGowWager.FORTUNE_BONUS,
    PaiGowWager.EMPERORS_TREASURE,
    PaiGowWager.PROGRESSIVE,
    PaiGowWager.DYNASTY_BONUS,
)
_CLASS_BY_NAME = {normalise(member.value): member for member in SevenCardClass}
_HAND_RANK_CLASS = {member.value: member for member in SevenCardClass}
_SPECIAL = frozenset(
    {
        SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN,
        SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH,
        SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR,
        SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER,
        SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH,
    }
)
"""The § 645a.6(g) hands that are not a five-card category (five aces is one, § 645a.6(b))."""


def _seven(position: int) -> tuple[Slot, ...]:
    return tuple((position, i) for i in range(7))


class PaiGowTargets(GameTargets[PaiGowTableConfig, PaiGowRound]):
    game = "Pai Gow Poker"
    deck = (*STANDARD_CARDS, JOKER)
    max_seats = MAX_SEATS
    random_seats = (2, 5)

    def cards_at(self, config: PaiGowTableConfig, position: int) -> int:
        return 7

    def goal(self, config: PaiGowTableConfig, index: int, target: Target, position: int) -> Goal:
        wager = _wager(config, index, target.wager)
        key = normalise(target.hand)
        game = _game_name(config)
        if wager is PaiGowWager.QUEENS_DRAGON or key == QUEENS_DRAGON:
            return self._queens_dragon(config, index, target, position, wager)
        if position == DEALER and wager is not None and wager is not PaiGowWager.PAI_GOW:
            raise TargetError(
                index,
                f"the dealer places no {wager.value}: a dealer target is the dealer's seven "
                "cards (wager '')",
            )
        slots = _seven(position)
        where = f"{_owner(position)} seven cards"
        if not target.hand.strip():
            return cards_goal(index, target, position, wager=_name(wager), slots=slots, where=where)
        if key == ENVY_HAND:
            return self._envy(config, index, target, position, wager)
        if wager is PaiGowWager.PROTECTION:
            return self._protection(config, index, target, position)
        if wager in _SEVEN_CARD_WAGERS:
            assert wager is not None
            cls = _seven_class(index, target.hand, game)
            table = config.paytable(wager)
            if table.row(cls) is None:
                rows = ", ".join(repr(row.label) for row in table.rows)
                raise TargetError(index, f"{table.name} has no {cls.value!r} row; it pays {rows}")
            return _class_goal(
                index, target, position, wager, cls, config.rules.hand_rules_for(wager), where
            )
        rules = config.rules.hand_rules
        special = _CLASS_BY_NAME.get(key)
        if special is not None and special in _SPECIAL:
            return _class_goal(index, target, position, None, special, rules, where)
        spec = read_hand(index, target.hand, PAI_GOW, game, rules)
        return hand_goal(
            index,
            target,
            position,
            wager=_name(wager),
            slots=slots,
            spec=spec,
            family=("pai gow high", slots),
            where=where,
        )

    def _queens_dragon(
        self,
        config: PaiGowTableConfig,
        index: int,
        target: Target,
        position: int,
        wager: PaiGowWager | None,
    ) -> Goal:
        """The dealer's seven cards a Queen's Dragon (§ 645a.1); on a seat, its Queen's Dragon
        Wager, which is settled on the dealer's hand (§ 645a.11(h)(5))."""
        if position != DEALER and wager is not PaiGowWager.QUEENS_DRAGON:
            raise TargetError(
                index,
                f"a Queen's Dragon is the dealer's hand (§ 645a.1), not {_owner(position)}: "
                "ask for the dealer's, or for this seat's Queen's Dragon Wager",
            )
        if wager is PaiGowWager.QUEENS_DRAGON and normalise(target.hand) not in ("", QUEENS_DRAGON):
            raise TargetError(
                index,
                "the Queen's Dragon Wager is settled on the dealer's hand: its target hand is "
                "'Queen's Dragon' (§ 645a.11(h)(5))",
            )
        slots = _seven(DEALER)
        preset = cards_field(index, target, 7, "the dealer's seven cards")
        queen_high = HandSpec(PAI_GOW, HandRank.HIGH_CARD, Rank.QUEEN)

        def test(cards: Sequence[Card]) -> bool:
            return check_queens_dragon(cards).is_queens_dragon

        def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
            return queen_high.core(rng, fixed, 7)

        if len(preset) == 7 and not test(preset):
            raise TargetError(index, f"cards: {check_queens_dragon(preset).reason}")
        requirement = Requirement(slots, test, core, low=True, preset=preset)
        return Goal(
            index,
            target,
            DEALER,
            _name(wager),
            "a Queen's Dragon (§ 645a.1)",
            requirement,
            ("queen's dragon", slots),
            seat=position if position != DEALER else None,
        )

    def _envy(
        self,
        config: PaiGowTableConfig,
        index: int,
        target: Target,
        position: int,
        wager: PaiGowWager | None,
    ) -> Goal:
        chosen = config.envy_wager()
        if chosen is None:
            raise TargetError(
                index,
                f"{config.name} pays no Envy Bonus: it offers no Qualifying Wager with an Envy "
                "column (§§ 645a.1, 645a.13(g))",
            )
        if position == DEALER:
            raise TargetError(
                index,
                "the dealer's hand earns nobody an Envy Bonus (§ 645a.11(h)(6)(ii)): ask for a "
                "seat's",
            )
        if wager not in (None, PaiGowWager.PAI_GOW, chosen):
            raise TargetError(
                index, f"an Envy hand is judged on the {chosen.value} paytable, not {wager.value}"
            )
        table = config.paytable(chosen)
        classes = [
            row.hand
            for row in table.rows
            if row.envy is not None and isinstance(row.hand, SevenCardClass)
        ]
        rules = config.rules.hand_rules_for(chosen)
        slots = _seven(position)
        preset = cards_field(index, target, 7, f"{_owner(position)} seven cards")
        cores = [_class_core(cls, rules) for cls in classes]

        def test(cards: Sequence[Card]) -> bool:
            return envy_qualifies(config, cards) is not None

        def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
            return rng.choice(cores)(rng, fixed)

        lowest = classes[-1].value.lower() if classes else "none"
        hand = f"an Envy Bonus Qualifying Hand ({lowest} or better on {table.name}, § 645a.13(g))"
        if len(preset) == 7 and not test(preset):
            raise TargetError(index, f"cards: the seven cards are not {hand}")
        requirement = Requirement(slots, test, core, preset=preset)
        return Goal(
            index,
            target,
            position,
            chosen.value,
            hand,
            requirement,
            ("envy", slots),
            envy=True,
        )

    def _protection(
        self, config: PaiGowTableConfig, index: int, target: Target, position: int
    ) -> Goal:
        try:
            row = ProtectionHand.from_text(target.hand)
        except ValueError as error:
            raise TargetError(index, f"hand: {error}") from None
        if row is ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH:
            raise TargetError(
                index,
                "the Protection row 'Ace/five natural straight flush' contradicts the wager's "
                "win rule (no pair or better, § 645a.11(h)(7)): it is not generated",
            )
        rank = Rank.from_index(_PROTECTION_RANK[row])
        rules = config.rules.hand_rules_for(PaiGowWager.PROTECTION)
        spec = HandSpec(PAI_GOW, HandRank.HIGH_CARD, rank, rules=rules)
        slots = _seven(position)
        preset = cards_field(index, target, 7, f"{_owner(position)} seven cards")

        def test(cards: Sequence[Card]) -> bool:
            return protection_high_card(cards, rules) is rank

        def core(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
            return spec.core(rng, fixed, 7)

        if len(preset) == 7 and not test(preset):
            raise TargetError(index, f"cards: the seven cards do not win Protection {row.value}")
        requirement = Requirement(slots, test, core, low=True, preset=preset)
        return Goal(
            index,
            target,
            position,
            PaiGowWager.PROTECTION.value,
            f"{row.value} (no pair or better, § 645a.11(h)(7))",
            requirement,
            ("pai gow high", slots),
        )

    # --- dealing and arranging ---------------------------------------------------------------

    def deal(
        self,
        config: PaiGowTableConfig,
        seed: int,
        seats: tuple[int, ...],
        preset: Mapping[int, tuple[Card, ...]],
    ) -> PaiGowRound:
        return deal_pai_gow_round(config, seed, seats, preset=preset)

    def round_cards(self, round_: PaiGowRound) -> Mapping[int, Sequence[Card]]:
        return cards_by_position(round_.seats, dealer=round_.dealer)

    def arrange(self, config: PaiGowTableConfig, round_: PaiGowRound, plan: Plan) -> PaiGowRound:
        plays = {play.seat: play for play in round_.seats}
        for goal in plan.goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if seat == DEALER:
                continue
            wager = PaiGowWager.from_text(goal.wager) if goal.wager else None
            if goal.envy:
                plays[seat] = _with_lammer(config, plays[seat])
                if not any(envy_lammer(config, p.wagers) for s, p in plays.items() if s != seat):
                    others = [s for s in sorted(plays) if s != seat]
                    chosen = plan.rng.choice(others)
                    plays[chosen] = _with_lammer(config, plays[chosen])
            elif wager is not None and wager is not PaiGowWager.PAI_GOW:
                plays[seat] = _with_stake(plays[seat], wager, config.limits(wager).minimum)
        return replace(round_, seats=tuple(plays[s] for s in sorted(plays)))

    def round_problems(
        self, config: PaiGowTableConfig, round_: PaiGowRound, goals: Sequence[Goal]
    ) -> list[TargetError]:
        plays = {play.seat: play for play in round_.seats}
        problems: list[TargetError] = []
        for goal in goals:
            seat = goal.seat if goal.seat is not None else goal.position
            if seat == DEALER:
                continue
            play = plays[seat]
            if goal.envy:
                if not any(envy_lammer(config, p.wagers) for s, p in plays.items() if s != seat):
                    problems.append(TargetError(goal.index, "nobody else has an Envy lammer"))
            elif (
                goal.wager
                and goal.wager != PaiGowWager.PAI_GOW.value
                and not play.stake(PaiGowWager.from_text(goal.wager))
            ):
                problems.append(TargetError(goal.index, f"seat {seat} placed no {goal.wager}"))
        return problems


_PROTECTION_RANK = {
    ProtectionHand.NINE_HIGH: 7,
    ProtectionHand.TEN_HIGH: 8,
    ProtectionHand.JACK_HIGH: 9,
    ProtectionHand.QUEEN_HIGH: 10,
    ProtectionHand.KING_HIGH: 11,
    ProtectionHand.ACE_HIGH: 12,
}


def _with_stake(play: PaiGowSeatPlay, wager: PaiGowWager, stake: Decimal) -> PaiGowSeatPlay:
    """``play`` with ``wager`` placed (at ``stake``) if it was not; an optional wager bars a
    surrender (§ 645a.11(d)), so the player no longer surrenders."""
    if play.stake(wager) >= stake:
        return play
    wagers = {**play.wagers, wager: stake}
    return replace(play, wagers=wagers, surrendered=False)


def _with_lammer(config: PaiGowTableConfig, play: PaiGowSeatPlay) -> PaiGowSeatPlay:
    """``play`` holding a Qualifying Wager of at least $5, an Envy lammer (§ 645a.1)."""
    if envy_lammer(config, play.wagers) is not None:
        return play
    wager = config.envy_wager()
    assert wager is not None  # an Envy target was refused on a table without one
    limits = config.limits(wager)
    stake = min(max(limits.minimum, config.qualifying_wager_minimum), limits.maximum)
    return _with_stake(play, wager, stake)


def _wager(config: PaiGowTableConfig, index: int, text: str) -> PaiGowWager | None:
    if not text.strip():
        return None
    try:
        wager = PaiGowWager.from_text(text)
    except ValueError:
        names = ", ".join(repr(w.value) for w in PaiGowWager if w not in _NOT_HANDS)
        raise TargetError(
            index, f"wager: {text!r} is not a Pai Gow Poker wager; expected {names}"
        ) from None
    if wager in _NOT_HANDS:
        raise TargetError(
            index,
            f"wager: the {wager.value} is not a wager with a hand of its own: an Envy Bonus is "
            "targeted as hand 'Envy hand', the commission follows from the Pai Gow Poker Wager",
        )
    if wager is PaiGowWager.RED_BLACK:
        raise TargetError(
            index,
            "wager: Red/Black targets are not generated: the colour is the player's call when "
            "the wager is made (§ 645a.11(h)(8)), not a hand",
        )
    if not config.offers(wager):
        ez = " (EZ Pai Gow Poker only, § 645a.7(e)(5))" if wager.ez_only else ""
        raise TargetError(index, f"wager: {config.name} does not offer the {wager.value}{ez}")
    return wager


_NOT_HANDS = (PaiGowWager.ENVY_BONUS, PaiGowWager.COMMISSION)


def _name(wager: PaiGowWager | None) -> str:
    return "" if wager is None or wager is PaiGowWager.PAI_GOW else wager.value


def _owner(position: int) -> str:
    return "the dealer's" if position == DEALER else f"seat {position}'s"


def _game_name(config: PaiGowTableConfig) -> str:
    return "EZ Pai Gow Poker" if config.is_ez else "Pai Gow Poker"


def _seven_class(index: int, text: str, game: str) -> SevenCardClass:
    key = normalise(text)
    cls = _CLASS_BY_NAME.get(key)
    if cls is not None:
        return cls
    try:
        category = HandRank.from_text(text)
    except ValueError:
        names = ", ".join(repr(member.value) for member in SevenCardClass)
        raise TargetError(
            index,
            f"hand: {foreign_hand(text, game) or f'{text!r} is not a seven-card hand'}; "
            f"expected one of {names}",
        ) from None
    return _HAND_RANK_CLASS[category.value]


def _class_goal(
    index: int,
    target: Target,
    position: int,
    wager: PaiGowWager | None,
    cls: SevenCardClass,
    rules: PaiGowRules,
    where: str,
) -> Goal:
    """The seven cards' best class is exactly ``cls`` (§ 645a.6(g); ``classify_seven``)."""
    slots = _seven(position)
    preset = cards_field(index, target, 7, where)

    def test(cards: Sequence[Card]) -> bool:
        return classify_seven(cards, rules) is cls

    if len(preset) == 7 and not test(preset):
        actual = classify_seven(preset, rules).value.lower()
        raise TargetError(index, f"cards: the seven cards are {actual}, not {cls.value.lower()}")
    low = cls in (
        SevenCardClass.HIGH_CARD,
        SevenCardClass.ONE_PAIR,
        SevenCardClass.TWO_PAIR,
        SevenCardClass.THREE_OF_A_KIND,
        SevenCardClass.STRAIGHT,
        SevenCardClass.FLUSH,
    )
    requirement = Requirement(
        slots, test, _class_core(cls, rules), low=low, preset=preset, rarity=cls.order
    )
    family = ("seven-card class", slots, None if wager is None else rules)
    return Goal(index, target, position, _name(wager), cls.value.lower(), requirement, family)


Core = Callable[[random.Random, Sequence[Card]], Sequence[Card] | None]


def _class_core(cls: SevenCardClass, rules: PaiGowRules) -> Core:
    """The cards that make ``cls``: the special hands of § 645a.6(g) built directly, the
    others from their five-card category."""

    def suited(ranks: Sequence[int], suit: int) -> list[Card]:
        return [Card(rank * 4 + suit) for rank in ranks]

    def make(rng: random.Random, fixed: Sequence[Card]) -> Sequence[Card] | None:
        suit = rng.randrange(4)
        other = rng.choice([s for s in range(4) if s != suit])
        wheel = [ACE, 0, 1, 2, 3]
        if cls is SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN:
            return [*suited(wheel, suit), *suited([ACE, QUEEN], other)]
        if cls is SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR:
            second = KING if rules.royal_extra_pair is DynastyExtraPair.ACE_KING else QUEEN
            return [*suited(range(8, 13), suit), *suited([ACE, second], other)]
        if cls is SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH:
            return suited(wheel, suit)
        if cls in (
            SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH,
            SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER,
        ):
            windows = [list(range(top - 6, top + 1)) for top in range(6, 13)]
            if rules.seven_card_ace_low is SevenCardAceLow.ACE_HIGH_OR_LOW:
                windows.append([ACE, *range(6)])
            ranks = rng.choice(windows)
            if cls is SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH:
                return suited(ranks, suit)
            ranks.remove(rng.choice(ranks))
            return [*suited(ranks, suit), JOKER]
        category = HandRank.from_text(cls.value)
        return HandSpec(PAI_GOW, category, rules=rules).core(rng, fixed, 7)

    return make


TARGETS = PaiGowTargets()

__all__ = ["TARGETS", "PaiGowTargets"]
