"""A dealt Crazy 4 Poker round: five cards to each player and to the dealer, the players'
wagers and decisions.

Seats are numbered from the dealer's far left (1) to the far right. Decisions run clockwise from
the dealer's left; settlement runs from the player farthest to the dealer's right,
counterclockwise, as in every chapter of the Code's poker games (e.g. § 641a.11(c), seed 000).
§ 657a.11 is not among the stored pages, so this order is the common one, by analogy.

The dealer's Five Card Hand Bonus hand is the dealer's five cards
(``Crazy4Round.dealer_first_five``), which the shared bonus module settles
(games/five_card_hand_bonus.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import cached_property

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.engine.spot import SpotKind
from dealer_trainer.games.best_four_progressive import (
    FIVE,
    FOUR,
    PROGRESSIVES,
    ProgressiveWager,
    RoundProgressives,
    check_progressive_stake,
    check_round_meters,
    round_meters,
    settle_round,
    stake_texts,
)
from dealer_trainer.games.best_four_round import (
    FchbSeatedRound,
    bettors_on_dealer,
    fchb_stakes_in_action,
)
from dealer_trainer.games.crazy_4_poker.config import PROGRESSIVE, Crazy4PokerTableConfig
from dealer_trainer.games.crazy_4_poker.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_hand,
    describe_hand,
    qualifies,
)
from dealer_trainer.games.crazy_4_poker.outcomes import Decision, InvalidDecision
from dealer_trainer.games.crazy_4_poker.wagers import Crazy4Wager, FoldRule
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    chapter_sections,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.round_support import (
    check_dealt_once,
    check_limits,
    check_seats,
    placed_fchb,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money

MAX_SEATS = 6
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=True)
"""The Lucky Bonus is drawn among every seat, empty or not, and the dealer position: the
dealing and the analyser both read this."""
FCHB_CITING = Citing(
    by_analogy=True,
    definitions="§ 657a.1",
    own=chapter_sections(
        wager="§ 657a.7",
        settle="§ 657a.11",
        steps=("", "", ""),
        payouts="§ 657a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 657a.1",
    ),
)
"""§ 657a.1 defines the Magic Card and Lucky Bonus; the bonus's payout and procedure paragraphs
of ch. 657a are not among the stored pages, so they are cited from ch. 639a, by analogy."""


class Crazy4SeatPlay(Struct, frozen=True):
    """One player: five cards in dealing order, the Ante (and the equal Super Bonus), the
    decision and an optional Queens Up.

    ``five_card_hand_bonus`` and ``five_card_hand_bonus_dealer`` are the electronic Five Card
    Hand Bonus on the player's and on the dealer's hand (§ 657a.1); they are not in ``wagers``:
    no chips lie on the layout, and the shared module settles them.
    """

    seat: int
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision
    queens_up: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO
    four_card_progressive: Decimal = ZERO
    five_card_progressive: Decimal = ZERO
    """The Progressive Payout Wagers' chips (§ 657a.1), dropped before the deal."""

    def __post_init__(self) -> None:
        for name in (
            "ante",
            "queens_up",
            "five_card_hand_bonus",
            "five_card_hand_bonus_dealer",
            "four_card_progressive",
            "five_card_progressive",
        ):
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            force_setattr(self, name, amount)

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand, placed ones only."""
        return placed_fchb(self.five_card_hand_bonus, self.five_card_hand_bonus_dealer)

    @property
    def play(self) -> Decimal:
        """The Play Wager: ``decision.multiple`` times the Ante; $0 after a fold."""
        return self.ante * self.decision.multiple

    @property
    def super_bonus(self) -> Decimal:
        """The Super Bonus, placed with the Ante in the same amount."""
        return self.ante

    @property
    def wagers(self) -> dict[SpotKind, Decimal]:
        """The chips on the felt when settlement begins, by wager (the progressives' until the
        dealer drops them before the deal)."""
        placed: dict[SpotKind, Decimal] = {
            Crazy4Wager.ANTE: self.ante,
            Crazy4Wager.SUPER_BONUS: self.super_bonus,
            Crazy4Wager.PLAY: self.play,
            Crazy4Wager.QUEENS_UP: self.queens_up,
            FOUR: self.four_card_progressive,
            FIVE: self.five_card_progressive,
        }
        return {wager: stake for wager, stake in placed.items() if stake > 0}

    def stake(self, wager: SpotKind) -> Decimal:
        return self.wagers.get(wager, ZERO)

    def progressive_stake(self, wager: ProgressiveWager) -> Decimal:
        return self.four_card_progressive if wager is FOUR else self.five_card_progressive

    @property
    def folded(self) -> bool:
        return self.decision.folded


def _forfeited(config: Crazy4PokerTableConfig) -> bool:
    return config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED


def fchb_in_action(config: Crazy4PokerTableConfig, play: Crazy4SeatPlay) -> dict[BetOn, Decimal]:
    """``play``'s Five Card Hand Bonus stakes still in action: all of them, unless the player
    folded and the table forfeits the bonus on a fold (``rules.five_card_hand_bonus_on_fold``:
    § 657a.11(b) is not in the seeds; by default it stays, as § 639a.11(b) has it)."""
    return fchb_stakes_in_action(play, _forfeited(config))


def dealer_hand_bettors(config: Crazy4PokerTableConfig, seats: Sequence[Crazy4SeatPlay]) -> int:
    """How many players' Five Card Hand Bonus on the dealer's hand is in action: a
    percentage-of-meter win on it is divided equally among them (by analogy with § 641a.12(g)(2),
    seed 000)."""
    return bettors_on_dealer(seats, _forfeited(config))


class Crazy4Round(Struct, FchbSeatedRound[Crazy4SeatPlay], frozen=True):
    config: Crazy4PokerTableConfig
    dealer: tuple[Card, ...]
    """The dealer's five cards in dealing order."""
    seats: tuple[Crazy4SeatPlay, ...]
    seed: int | None = None
    fchb: FchbDraws | None = None
    """The table game system's Five Card Hand Bonus draws; needed when such a wager is placed."""
    four_card_meter: Decimal | None = None
    """The Four-Card Progressive meter, where a row pays a share of it."""
    five_card_meter: Decimal | None = None
    """The Five-Card Progressive meter, where a row pays a share of it."""
    max_seats = MAX_SEATS
    fchb_citing = FCHB_CITING

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        if len(self.dealer) != DEALER_CARDS:
            raise ValueError(f"the dealer gets five cards, not {len(self.dealer)}")
        check_dealt_once(
            (*self.dealer, *(c for s in self.seats for c in s.cards)),
            "Crazy 4 Poker is dealt from 52 cards without the joker",
        )
        for play in self.seats:
            self._check_seat(play)
        self._check_five_card_hand_bonus()
        check_round_meters(PROGRESSIVE, self)

    @property
    def meters(self) -> dict[ProgressiveWager, Decimal | None]:
        return round_meters(self)

    @cached_property
    def progressives(self) -> RoundProgressives:
        """The round's progressive outcomes and Envy Bonuses (games/best_four_progressive.py)."""
        return settle_round(PROGRESSIVE, self.config, self.seats, self.meters)

    def fchb_forfeited_on_fold(self) -> bool:
        return _forfeited(self.config)

    def _check_seat(self, play: Crazy4SeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets five cards, not {len(play.cards)}")
        try:
            play.decision.check(config.rules, play.cards)
        except InvalidDecision as error:
            raise ValueError(f"{where}: {error}") from None
        if play.ante <= 0:
            raise ValueError(f"{where} has no Ante Wager: the Ante is required to play")
        if play.queens_up > 0 and not config.offers(Crazy4Wager.QUEENS_UP):
            raise ValueError(f"{where}: {config.name} does not offer the Queens Up Wager")
        for wager in (Crazy4Wager.ANTE, Crazy4Wager.QUEENS_UP):
            stake = play.stake(wager)
            if not stake:
                continue
            check_limits(where, wager.value, stake, config.limits(wager))
        for progressive in PROGRESSIVES:
            check_progressive_stake(
                config, where, progressive, play.progressive_stake(progressive), config.name
            )

    @cached_property
    def dealer_hand(self) -> HandValue:
        """The best four of the dealer's five cards."""
        return dealer_hand(self.dealer)

    @property
    def dealer_qualifies(self) -> bool:
        """King high or better."""
        return qualifies(self.dealer_hand)

    def describe(self) -> str:
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}  best four {describe_hand(self.dealer_hand)}",
        ]
        for s in self.decision_order():
            side = f", Super Bonus {format_money(s.super_bonus)}"
            side += f", Queens Up {format_money(s.queens_up)}" if s.queens_up else ""
            side += "".join(f", {text}" for text in stake_texts(s))
            for hand, stake in s.fchb_stakes().items():
                side += f", Five Card Hand Bonus on the {hand.value} {format_money(stake)}"
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Ante {format_money(s.ante)}{side}, "
                f"{s.decision}"
            )
        return "\n".join(lines)


__all__ = [
    "FCHB_CITING",
    "MAX_SEATS",
    "Crazy4Round",
    "Crazy4SeatPlay",
    "dealer_hand_bettors",
    "fchb_in_action",
]
