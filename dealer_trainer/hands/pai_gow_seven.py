"""Seven-card pai gow hands: what the EZ Pai Gow Poker side wagers are settled on.

The optional wagers look at all seven cards, which the dealer rearranges "to form the highest
ranking hand", § 645a.11(h) (seed 000). This module answers the hand questions only; which
wager pays what is paytable data elsewhere.

- Dynasty Bonus (and its Envy Bonus) pays on the best five-card hand plus five special
  seven-card hands, § 645a.6(g) and the § 645a.13(g) table (seed 000): ``classify_seven``.
- Queen's Dragon: the dealer's seven cards are all different ranks, form no straight, flush,
  straight flush or royal flush, and are queen high, § 645a.1 (seed 000): ``check_queens_dragon``.
- Protection wins with no pair or better and a nine-through-ace high card,
  §§ 645a.7(e)(5)(iii), 645a.11(h)(7) (seed 000): ``protection_high_card``.
- Red/Black counts the cards of the chosen colour, §§ 645a.7(e)(5)(iv), 645a.11(h)(8) (seed
  000): ``colour_counts``.

"Natural" means made without the joker, § 645a.6(g) (seed 000).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import cache

from msgspec import Struct

from dealer_trainer.cards import JOKER, Card, Rank, Suit, format_cards
from dealer_trainer.hands.five_card import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    QUADS,
    RANK_BITS,
    ROYAL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.pai_gow import ACE, FIVE_ACES, base_category, best_high, high_strength
from dealer_trainer.hands.pai_gow_rules import (
    DEFAULT_RULES,
    DynastyExtraPair,
    JokerColour,
    PaiGowRules,
    SevenCardAceLow,
)

QUEEN = 10
NINE = 7
KING = 11
WHEEL_MASK = (1 << ACE) | 0b1111
BROADWAY_MASK = 0b11111 << 8


class SevenCardClass(Enum):
    """The seven-card hands the Dynasty Bonus and Envy Bonus are paid on, best first.

    The special hands and their order are the seed's, § 645a.6(g) and § 645a.13(g) (seed 000).
    Below them the order is the poker ranking, not the table's: the table lists three of a kind
    (3 to 1) above a straight (2 to 1), but a straight is the higher hand, so seven cards holding
    both are a straight (pai-gow.md § 10 item 6). The last three members (two pair, one pair,
    high card) lose the Dynasty wager, which needs three of a kind or better,
    § 645a.7(e)(5)(ii); they are named so every hand has a class. The royal flush class with the
    extra suited pair keeps the paytable's "ace/queen" name even when
    ``PaiGowRules.royal_extra_pair`` says ace/king (§ 645a.6(g)(3) names both).
    """

    ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN = (
        "Ace/five natural straight flush and a natural ace/queen suited"
    )
    SEVEN_CARD_NATURAL_STRAIGHT_FLUSH = "Seven-card natural straight flush"
    NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR = "Natural royal flush and natural ace/queen suited"
    SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER = "Seven-card straight flush with the joker"
    FIVE_ACES = "Five aces"
    ACE_FIVE_NATURAL_STRAIGHT_FLUSH = "Ace/five natural straight flush"
    ROYAL_FLUSH = "Royal flush"
    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"
    TWO_PAIR = "Two pair"
    ONE_PAIR = "One pair"
    HIGH_CARD = "High card"

    @property
    def order(self) -> int:
        """Higher is better: 0 for high card up to 15 for the top Dynasty hand."""
        return _CLASS_ORDER[self]

    def outranks(self, other: SevenCardClass) -> bool:
        return self.order > other.order


_CLASS_ORDER = {member: len(SevenCardClass) - 1 - i for i, member in enumerate(SevenCardClass)}
_CLASS_BY_BASE = {
    HIGH_CARD: SevenCardClass.HIGH_CARD,
    ONE_PAIR: SevenCardClass.ONE_PAIR,
    TWO_PAIR: SevenCardClass.TWO_PAIR,
    TRIPS: SevenCardClass.THREE_OF_A_KIND,
    STRAIGHT: SevenCardClass.STRAIGHT,
    FLUSH: SevenCardClass.FLUSH,
    FULL_HOUSE: SevenCardClass.FULL_HOUSE,
    QUADS: SevenCardClass.FOUR_OF_A_KIND,
    STRAIGHT_FLUSH: SevenCardClass.STRAIGHT_FLUSH,
    ROYAL: SevenCardClass.ROYAL_FLUSH,
    FIVE_ACES: SevenCardClass.FIVE_ACES,
}


def _check_seven(cards: Sequence[Card]) -> None:
    if len(cards) != 7:
        raise ValueError(f"a pai gow hand has seven cards, not {len(cards)}")
    if len(set(cards)) != 7:
        raise ValueError(f"a hand cannot hold the same card twice: {format_cards(cards)}")


def _suit_masks(cards: Sequence[Card]) -> list[int]:
    """The natural ranks held in each suit, as 13-bit masks (the joker is left out)."""
    masks = [0, 0, 0, 0]
    for card in cards:
        if card != JOKER:
            masks[card & 3] |= RANK_BITS[card]
    return masks


def _seven_card_windows(rules: PaiGowRules) -> tuple[int, ...]:
    windows = [0b1111111 << (top - 6) for top in range(6, 13)]
    if rules.seven_card_ace_low is SevenCardAceLow.ACE_HIGH_OR_LOW:
        windows.append((1 << ACE) | 0b111111)
    return tuple(windows)


def best_five_of_seven(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> HandValue:
    """The highest five-card hand in seven cards, the joker allowed, § 645a.11(h) (seed 000).

    This is the hand "highest hand" wagers such as Dynasty (and Fortune Bonus) start from.
    """
    _check_seven(cards)
    return best_high(cards, rules)


def is_natural(value: HandValue) -> bool:
    """Whether a hand is made without the joker ("natural", § 645a.6(g), seed 000)."""
    return JOKER not in value.cards


def seven_card_straight_flush(
    cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES
) -> SevenCardClass | None:
    """Seven cards of one suit in consecutive ranks, natural or with the joker filling in.

    § 645a.6(g)(2) (natural) and (g)(4) (the joker "used to complete the straight flush"), seed
    000. Whether A-2-3-4-5-6-7 counts is ``PaiGowRules.seven_card_ace_low``.
    """
    _check_seven(cards)
    masks = _suit_masks(cards)
    has_joker = JOKER in cards
    for mask in masks:
        if mask.bit_count() != (6 if has_joker else 7):
            continue
        for window in _seven_card_windows(rules):
            if mask & ~window == 0:
                if has_joker:
                    return SevenCardClass.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER
                return SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH
    return None


def has_ace_five_natural_straight_flush(cards: Sequence[Card]) -> bool:
    """A-2-3-4-5 of one suit without the joker among the cards, § 645a.6(g)(5) (seed 000)."""
    return any(mask & WHEEL_MASK == WHEEL_MASK for mask in _suit_masks(cards))


def has_natural_royal_flush(cards: Sequence[Card]) -> bool:
    """A-K-Q-J-10 of one suit without the joker among the cards, § 645a.6(g)(3) (seed 000)."""
    return any(mask & BROADWAY_MASK == BROADWAY_MASK for mask in _suit_masks(cards))


def _flush_plus_suited_pair(masks: list[int], flush_mask: int, pair_mask: int) -> bool:
    """One suit holds ``flush_mask`` and another suit holds the two ranks of ``pair_mask``.

    The extra pair must be of another suit: the flush already holds that suit's ace.
    """
    for flush_suit, mask in enumerate(masks):
        if mask & flush_mask == flush_mask:
            return any(
                other & pair_mask == pair_mask
                for suit, other in enumerate(masks)
                if suit != flush_suit
            )
    return False


def classify_seven(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> SevenCardClass:
    """The best Dynasty class the seven cards hold, § 645a.6(b), (g) and § 645a.13(g) (seed 000).

    The special hands of § 645a.6(g) come first, in the paytable's order:
    (1) a natural A-2-3-4-5 straight flush plus a natural ace and queen of another suit;
    (2) a seven-card natural straight flush; (3) a natural royal flush plus a natural ace and
    queen (or king, ``PaiGowRules.royal_extra_pair``) of another suit; (4) a seven-card straight
    flush completed by the joker; then five aces (a paytable row, § 645a.13(g); that it means
    four aces and the joker is not in the seed, [STANDARD] unverified); then (5) a natural
    A-2-3-4-5 straight flush. Otherwise the class is the category of the best five-card hand
    (§ 645a.6(b), whose text is not in the seed), the joker playing by the usual rule. The
    special hands (1)-(3) use all seven cards without the joker, so a hand with the joker never
    qualifies for them.
    """
    _check_seven(cards)
    masks = _suit_masks(cards)
    has_joker = JOKER in cards
    if not has_joker:
        ace_queen = (1 << ACE) | (1 << QUEEN)
        if _flush_plus_suited_pair(masks, WHEEL_MASK, ace_queen):
            return SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH_AND_ACE_QUEEN
    seven_card = seven_card_straight_flush(cards, rules)
    if seven_card is SevenCardClass.SEVEN_CARD_NATURAL_STRAIGHT_FLUSH:
        return seven_card
    if not has_joker:
        second = KING if rules.royal_extra_pair is DynastyExtraPair.ACE_KING else QUEEN
        if _flush_plus_suited_pair(masks, BROADWAY_MASK, (1 << ACE) | (1 << second)):
            return SevenCardClass.NATURAL_ROYAL_FLUSH_AND_SUITED_PAIR
    if seven_card is not None:
        return seven_card
    base = base_category(high_strength(cards, rules), rules)
    if base == FIVE_ACES:
        return SevenCardClass.FIVE_ACES
    if has_ace_five_natural_straight_flush(cards):
        return SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH
    return _CLASS_BY_BASE[base]


class QueensDragonCheck(Struct, frozen=True):
    """Whether the dealer's seven cards are a Queen's Dragon, and the reason in words."""

    is_queens_dragon: bool
    reason: str


def _run_text(low: int, length: int) -> str:
    names = [Rank.from_index(rank).value for rank in range(low, low + length)]
    return "-".join("10" if name == "T" else name for name in names)


# The answers for hands that are not a Queen's Dragon depend only on what rules them out, so
# each is worded once (the analyser reads all 154 million deals through a few hundred thousand).
@cache
def _repeated_rank(rank: int, count: int) -> QueensDragonCheck:
    number = {2: "two", 3: "three", 4: "four"}[count]
    plural = Rank.from_index(rank).plural
    return QueensDragonCheck(
        False, f"{number} {plural}: a Queen's Dragon has seven different ranks"
    )


@cache
def _straight_from(low: int) -> QueensDragonCheck:
    return QueensDragonCheck(
        False, f"{_run_text(low, 5)} is a straight: a Queen's Dragon has no straight"
    )


@cache
def _flush_of(count: int, suit: int) -> QueensDragonCheck:
    label = Suit.from_index(suit).label
    return QueensDragonCheck(False, f"{count} {label} make a flush: a Queen's Dragon has no flush")


@cache
def _high_card(high: int) -> QueensDragonCheck:
    name = Rank.from_index(high).label.lower()
    return QueensDragonCheck(False, f"{name} high: a Queen's Dragon is queen high")


def check_queens_dragon(cards: Sequence[Card]) -> QueensDragonCheck:
    """Queen's Dragon, § 645a.1 (seed 000): seven different ranks, no straight or flush, queen high.

    It matters twice on an EZ Pai Gow Poker table: every Pai Gow Poker Wager pushes,
    § 645a.11(f)(1)(v), (f)(2)(iii), (f)(3), and the Queen's Dragon Wager wins,
    § 645a.11(h)(5). The seed does not address the joker (pai-gow.md § 10 item 4). It is not a
    separate setting because the joker rule already settles it: the joker plays as an ace,
    making the hand ace high (or a pair of aces), or completes a straight or flush, and each of
    those rules the hand out. So a hand with the joker is never a Queen's Dragon; [STANDARD]
    unverified.
    """
    _check_seven(cards)
    if JOKER in cards:
        return QueensDragonCheck(
            False,
            "the joker plays as an ace or completes a straight or flush, "
            "so the hand cannot be a queen-high hand of seven different ranks",
        )
    counts = [0] * 13
    for card in cards:
        counts[card >> 2] += 1
    repeated = [rank for rank in range(12, -1, -1) if counts[rank] > 1]
    if repeated:
        return _repeated_rank(repeated[0], counts[repeated[0]])
    mask = sum(1 << rank for rank in range(13) if counts[rank])
    for low in range(8, -1, -1):
        if mask >> low & 0b11111 == 0b11111:
            return _straight_from(low)
    if mask & WHEEL_MASK == WHEEL_MASK:
        return QueensDragonCheck(False, "A-2-3-4-5 is a straight: a Queen's Dragon has no straight")
    suit_counts = [0, 0, 0, 0]
    for card in cards:
        suit_counts[card & 3] += 1
    if max(suit_counts) >= 5:
        return _flush_of(max(suit_counts), suit_counts.index(max(suit_counts)))
    high = mask.bit_length() - 1
    if high != QUEEN:
        return _high_card(high)
    return QueensDragonCheck(
        True, "seven different ranks, queen high, with no straight or flush: a Queen's Dragon"
    )


def is_queens_dragon(cards: Sequence[Card]) -> bool:
    return check_queens_dragon(cards).is_queens_dragon


def protection_high_card(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> Rank | None:
    """The high card a winning Protection Wager is paid on, or None if the wager loses.

    It wins when the seven cards hold no pair or better but a nine, ten, jack, queen, king or
    ace high card, §§ 645a.7(e)(5)(iii), 645a.11(h)(7) (seed 000). "Pair or better" includes a
    straight or flush, so a joker that completes one loses the wager; otherwise the joker is an
    ace, which makes the hand ace high (or a pair with a natural ace); the seed does not mention
    the joker here, so that part is the joker rule, [STANDARD] unverified. The table's "ace/five
    natural straight flush" row contradicts the win rule (pai-gow.md § 10 item 2) and is left to
    the paytable layer (``has_ace_five_natural_straight_flush``).
    """
    _check_seven(cards)
    strength = high_strength(cards, rules)
    if base_category(strength, rules) != HIGH_CARD:
        return None
    top = (strength >> 16) & 15
    return Rank.from_index(top) if top >= NINE else None


class CardColour(Enum):
    """The colour a Red/Black Wager is placed on."""

    RED = "Red"
    BLACK = "Black"


class ColourCounts(Struct, frozen=True):
    """Red and black cards among a player's seven; a neutral joker is in neither count."""

    red: int
    black: int

    def of(self, colour: CardColour) -> int:
        return self.red if colour is CardColour.RED else self.black


def colour_counts(cards: Sequence[Card], rules: PaiGowRules = DEFAULT_RULES) -> ColourCounts:
    """How many of the cards are red and black, for the Red/Black Wager.

    The wager wins with four or more of the chosen colour, § 645a.11(h)(8) (seed 000). The
    joker counts as ``rules.joker_colour`` says, because the seed does not say (pai-gow.md
    § 10 item 3).
    """
    _check_seven(cards)
    red = black = 0
    for card in cards:
        if card == JOKER:
            if rules.joker_colour is JokerColour.RED:
                red += 1
            elif rules.joker_colour is JokerColour.BLACK:
                black += 1
        elif card.suit.is_red:
            red += 1
        else:
            black += 1
    return ColourCounts(red, black)
