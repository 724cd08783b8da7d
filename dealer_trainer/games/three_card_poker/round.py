"""A dealt Three Card Poker round: three cards to each player and the dealer, the two community
cards when the five-card wagers call for them, the players' wagers and decisions, and the
meters.

Seats are numbered from the dealer's far left (1) to the far right. Decisions run clockwise from
the dealer's left and settlement from the player farthest to the dealer's right,
counterclockwise (three-card-poker.md § 7, by analogy with §§ 639a.11(b)-(c), seed 000).

The two community cards are dealt face down when a player places a Five Card Hand Bonus or the
table offers the Five-Card Progressive Payout Wager, count for no other wager and are turned up
only after every other wager is settled (seed 000, preamble: proposed §§ 649a.8-649a.10). A
round refuses them when neither applies, and requires them when one does.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import cached_property

from msgspec import Struct

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    FchbSettlement,
    chapter_sections,
    check_wagers,
    settle_stakes,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.round_support import (
    SeatedRound,
    check_dealt_once,
    check_limits,
    check_seats,
    placed_fchb,
)
from dealer_trainer.games.three_card_poker.config import ThreeCardPokerTableConfig
from dealer_trainer.games.three_card_poker.hands import (
    COMMUNITY_CARDS,
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_qualifies,
    describe_hand,
    three_card_hand,
)
from dealer_trainer.games.three_card_poker.outcomes import ThreeCardWagers
from dealer_trainer.games.three_card_poker.wagers import (
    PROGRESSIVE_WAGERS,
    FoldRule,
    ThreeCardDecision,
    ThreeCardWager,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money

MAX_SEATS = 7
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=True)
"""The Lucky Bonus is drawn among every seat, empty or not, and the dealer position: the
dealing and the analyser both read this."""

SIDE_WAGERS = (
    ThreeCardWager.PAIR_PLUS,
    ThreeCardWager.SIX_CARD_BONUS,
    ThreeCardWager.PROGRESSIVE,
    ThreeCardWager.FIVE_CARD_PROGRESSIVE,
)


FCHB_CITING = Citing(
    by_analogy=True,
    own=chapter_sections(
        wager="§ 649a.7",
        settle="§ 649a.11",
        steps=("", "", ""),
        payouts="§ 649a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 649a.1",
    ),
)
"""The Five Card Hand Bonus in ch. 649a: the rulemaking puts its settlement in § 649a.11 and its
payouts and meter in § 649a.12 (seed 000, preamble) but prints neither, so each citation names
the chapter's own section and the paragraph the sister chapters print, by analogy."""


class ThreeCardSeatPlay(Struct, frozen=True, dict=True):
    """One player: three cards in dealing order, the wagers placed before the deal, and the
    decision to play (a Play Wager equal to the Ante) or fold."""

    seat: int
    cards: tuple[Card, ...]
    wagers: ThreeCardWagers
    decision: ThreeCardDecision

    @property
    def folded(self) -> bool:
        return self.decision.folded

    @property
    def ante(self) -> Decimal:
        return self.wagers.ante

    def placed(self) -> dict[ThreeCardWager, Decimal]:
        """The chip wagers placed, the Play Wager included after a play."""
        return dict(self._placed)

    def stake(self, wager: ThreeCardWager) -> Decimal:
        return self._placed.get(wager, ZERO)

    @cached_property
    def _placed(self) -> dict[ThreeCardWager, Decimal]:
        """Worked out once: a round asks for a seat's stakes a hundred times."""
        return self.wagers.placed(self.decision)

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand, placed ones only."""
        return placed_fchb(
            self.wagers.five_card_hand_bonus, self.wagers.five_card_hand_bonus_dealer
        )

    @property
    def hand(self) -> HandValue:
        return three_card_hand(self.cards)


def in_action(
    config: ThreeCardPokerTableConfig, play: ThreeCardSeatPlay, wager: ThreeCardWager
) -> bool:
    """Whether ``wager`` was placed and is still to be settled in turn: any wager of a player
    who stayed in, and of a folded player only what ``rules`` keeps in action."""
    if play.stake(wager) <= 0:
        return False
    return not play.folded or config.rules.on_fold(wager) is FoldRule.STAYS_IN_ACTION


def fchb_in_action(
    config: ThreeCardPokerTableConfig, play: ThreeCardSeatPlay
) -> dict[BetOn, Decimal]:
    """``play``'s Five Card Hand Bonus stakes still in action: all of them, unless the player
    folded and the table forfeits the bonus on a fold (by default it stays, § 639a.11(b) by
    analogy)."""
    if play.folded and config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED:
        return {}
    return play.fchb_stakes()


def dealer_hand_bettors(
    config: ThreeCardPokerTableConfig, seats: Sequence[ThreeCardSeatPlay]
) -> int:
    """How many players' Five Card Hand Bonus on the dealer's hand is in action: a
    percentage-of-meter win on it is divided equally among them (§ 639a.12(e)(2), by analogy)."""
    return sum(1 for play in seats if BetOn.DEALER in fchb_in_action(config, play))


def needs_community_cards(
    config: ThreeCardPokerTableConfig, seats: Sequence[ThreeCardSeatPlay]
) -> bool:
    """Two community cards are dealt when a player places a Five Card Hand Bonus or the table
    offers the Five-Card Progressive Payout Wager (seed 000, preamble)."""
    return config.deals_community_cards_always or any(play.fchb_stakes() for play in seats)


class ThreeCardRound(Struct, SeatedRound[ThreeCardSeatPlay], frozen=True):
    config: ThreeCardPokerTableConfig
    dealer: tuple[Card, ...]
    seats: tuple[ThreeCardSeatPlay, ...]
    community: tuple[Card, ...] = ()
    """The two community cards, in dealing order; empty when none are dealt."""
    progressive_meter: Decimal | None = None
    """The three-card progressive meter at the win, where its rows pay a share of it."""
    five_card_meter: Decimal | None = None
    """The Five-Card Progressive meter at the win, where its rows pay a share of it."""
    seed: int | None = None
    fchb: FchbDraws | None = None
    """The table game system's Five Card Hand Bonus draws; needed when such a wager is placed."""

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        if len(self.dealer) != DEALER_CARDS:
            raise ValueError(f"the dealer gets three cards, not {len(self.dealer)}")
        wanted = needs_community_cards(self.config, self.seats)
        if wanted and len(self.community) != COMMUNITY_CARDS:
            raise ValueError(
                "community: two community cards are dealt face down when a Five Card Hand Bonus "
                "is placed or the Five-Card Progressive Payout Wager is offered (seed 000, "
                f"preamble), not {len(self.community)}"
            )
        if not wanted and self.community:
            raise ValueError(
                "community: no community cards are dealt without a Five Card Hand Bonus or the "
                "Five-Card Progressive Payout Wager (seed 000, preamble)"
            )
        check_dealt_once(
            (*self.dealer, *self.community, *(c for s in self.seats for c in s.cards)),
            "Three Card Poker is dealt from 52 cards without the joker",
        )
        for play in self.seats:
            self._check_seat(play)
        for wager, meter in (
            (ThreeCardWager.PROGRESSIVE, self.progressive_meter),
            (ThreeCardWager.FIVE_CARD_PROGRESSIVE, self.five_card_meter),
        ):
            placed = any(play.stake(wager) > 0 for play in self.seats)
            if meter is None and placed and self.config.pays_meter_share(wager):
                raise ValueError(
                    f"the {wager.value} meter amount is needed: the wager is placed and its "
                    "paytable pays a share of the meter"
                )
            if meter is not None and meter <= 0:
                raise ValueError(f"the {wager.value} meter is positive, not {meter}")
        check_wagers(
            self.config.name,
            self.config.five_card_hand_bonus,
            {play.seat: play.fchb_stakes() for play in self.seats},
            self.fchb,
            self.dealer_hand_bettors,
            MAX_SEATS,
        )

    def _check_seat(self, play: ThreeCardSeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets three cards, not {len(play.cards)}")
        if play.ante <= 0:
            raise ValueError(f"{where} has no Ante Wager: the Ante is required to play")
        for wager in (ThreeCardWager.ANTE, *SIDE_WAGERS):
            stake = play.stake(wager)
            if not stake:
                continue
            if not config.offers(wager):
                raise ValueError(f"{where}: {config.name} does not offer the {wager.value}")
            check_limits(where, wager.value, stake, config.limits(wager))

    @property
    def dealer_hand_bettors(self) -> int:
        return dealer_hand_bettors(self.config, self.seats)

    def in_action(self, play: ThreeCardSeatPlay, wager: ThreeCardWager) -> bool:
        return in_action(self.config, play, wager)

    def fchb_in_action(self, play: ThreeCardSeatPlay) -> dict[BetOn, Decimal]:
        return fchb_in_action(self.config, play)

    def meter(self, wager: ThreeCardWager) -> Decimal | None:
        if wager not in PROGRESSIVE_WAGERS:
            raise KeyError(f"the {wager.value} has no meter")
        if wager is ThreeCardWager.PROGRESSIVE:
            return self.progressive_meter
        return self.five_card_meter

    def five_card_hand_bonus(self, play: ThreeCardSeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus wagers in action, settled on the player's three cards
        and the two community cards, and on the dealer's three and the two community cards."""
        cards = {
            BetOn.PLAYER: (*play.cards, *self.community),
            BetOn.DEALER: (*self.dealer, *self.community),
        }
        return settle_stakes(
            self.config.five_card_hand_bonus,
            self.fchb,
            play.seat,
            self.fchb_in_action(play),
            cards,
            citing=FCHB_CITING,
        )

    @cached_property
    def dealer_hand(self) -> HandValue:
        return three_card_hand(self.dealer)

    @property
    def dealer_qualifies(self) -> bool:
        return dealer_qualifies(self.dealer_hand, self.config.rules.dealer_qualifies_with)

    def describe(self) -> str:
        verdict = "qualifies" if self.dealer_qualifies else "does not qualify"
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {describe_hand(self.dealer_hand)}, {verdict}",
        ]
        if self.community:
            lines.append(
                f"Community cards (face down until the end): {format_cards(self.community)}"
            )
        for s in self.decision_order():
            wagers = ", ".join(
                f"{wager.value} {format_money(stake)}"
                for wager, stake in s.placed().items()
                if wager is not ThreeCardWager.PLAY
            )
            for hand, stake in s.fchb_stakes().items():
                wagers += f", Five Card Hand Bonus on the {hand.value} {format_money(stake)}"
            lines.append(f"Seat {s.seat}: {format_cards(s.cards)}  {wagers}, {s.decision.value}")
        return "\n".join(lines)


__all__ = [
    "MAX_SEATS",
    "SIDE_WAGERS",
    "ThreeCardRound",
    "ThreeCardSeatPlay",
    "dealer_hand_bettors",
    "fchb_in_action",
    "in_action",
    "needs_community_cards",
]
