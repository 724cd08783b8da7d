"""A dealt Four Card Poker round: five cards to each player, six to the dealer, the players'
wagers and decisions.

Seats are numbered from the dealer's far left (1) to the far right. Decisions run clockwise from
the dealer's left (four-card-poker.md § 7, by analogy with § 639a.11(b)); settlement runs from
the player farthest to the dealer's right, counterclockwise (§ 641a.11(c), seed 000).

Every hand is kept in dealing order, the dealer's above all: the Five Card Hand Bonus on the
dealer's hand is formed from "the first five cards dealt to the dealer" (§ 641a.11(c)(7), seed
000): ``FourCardRound.dealer_first_five``, which the shared bonus module settles
(games/five_card_hand_bonus.py); the dealer's sixth card never counts for it.
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
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    chapter_sections,
)
from dealer_trainer.games.four_card_poker.config import PROGRESSIVE, FourCardPokerTableConfig
from dealer_trainer.games.four_card_poker.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    dealer_hand,
    describe_hand,
)
from dealer_trainer.games.four_card_poker.outcomes import Decision, InvalidDecision
from dealer_trainer.games.four_card_poker.wagers import DealerUpCard, FoldRule, FourCardWager
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
PROGRESSIVE_FIELDS = ("four_card_progressive", "five_card_progressive")
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=True)
"""The Lucky Bonus is drawn among every seat, empty or not, and the dealer position: the
dealing and the analyser both read this."""

FCHB_CITING = Citing(
    own=chapter_sections(
        wager="§ 641a.7(d)(7)",
        settle="§ 641a.11(c)(7)",
        steps=("(i)", "(ii)", "(iii)"),
        payouts="§ 641a.12(g)",
        paragraphs=("(1)", "(2)", "(3)", "(4)"),
        definitions="§ 641a.1",
    )
)
"""The Five Card Hand Bonus as ch. 641a prints it (seed 000): §§ 641a.11(c)(7), 641a.12(g)."""


class FourCardSeatPlay(Struct, frozen=True):
    """One player: five cards in dealing order, the Ante, the decision and an optional Aces Up.

    ``five_card_hand_bonus`` and ``five_card_hand_bonus_dealer`` are the electronic Five Card
    Hand Bonus on the player's and on the dealer's hand (§ 641a.7(d)(7)); they are not in
    ``wagers``: no chips lie on the layout, and the shared module settles them.
    """

    seat: int
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision
    aces_up: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO
    four_card_progressive: Decimal = ZERO
    five_card_progressive: Decimal = ZERO
    """The Progressive Payout Wagers' chips (§ 641a.1), dropped before the deal."""

    def __post_init__(self) -> None:
        for name in (
            "ante",
            "aces_up",
            "five_card_hand_bonus",
            "five_card_hand_bonus_dealer",
            *PROGRESSIVE_FIELDS,
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
    def wagers(self) -> dict[SpotKind, Decimal]:
        """The chips on the felt when settlement begins, by wager (the progressives' until the
        dealer drops them before the deal)."""
        placed: dict[SpotKind, Decimal] = {
            FourCardWager.ANTE: self.ante,
            FourCardWager.PLAY: self.play,
            FourCardWager.ACES_UP: self.aces_up,
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


def _forfeited(config: FourCardPokerTableConfig) -> bool:
    return config.rules.five_card_hand_bonus_on_fold is FoldRule.FORFEITED


def fchb_in_action(
    config: FourCardPokerTableConfig, play: FourCardSeatPlay
) -> dict[BetOn, Decimal]:
    """``play``'s Five Card Hand Bonus stakes still in action: all of them, unless the player
    folded and the table forfeits the bonus on a fold (``rules.five_card_hand_bonus_on_fold``:
    § 641a.11(b) is not in the seeds; by default it stays, as § 639a.11(b) has it)."""
    return fchb_stakes_in_action(play, _forfeited(config))


def dealer_hand_bettors(config: FourCardPokerTableConfig, seats: Sequence[FourCardSeatPlay]) -> int:
    """How many players' Five Card Hand Bonus on the dealer's hand is in action: a
    percentage-of-meter win on it is divided equally among them (§ 641a.12(g)(2))."""
    return bettors_on_dealer(seats, _forfeited(config))


class FourCardRound(Struct, FchbSeatedRound[FourCardSeatPlay], frozen=True):
    config: FourCardPokerTableConfig
    dealer: tuple[Card, ...]
    """The dealer's six cards in dealing order."""
    seats: tuple[FourCardSeatPlay, ...]
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
            raise ValueError(f"the dealer gets six cards, not {len(self.dealer)}")
        check_dealt_once(
            (*self.dealer, *(c for s in self.seats for c in s.cards)),
            "Four Card Poker is dealt from 52 cards without the joker",
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

    def _check_seat(self, play: FourCardSeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets five cards, not {len(play.cards)}")
        try:
            play.decision.check(config.rules)
        except InvalidDecision as error:
            raise ValueError(f"{where}: {error}") from None
        if play.ante <= 0:
            raise ValueError(f"{where} has no Ante Wager: the Ante is required to play")
        if play.aces_up > 0 and not config.offers(FourCardWager.ACES_UP):
            raise ValueError(f"{where}: {config.name} does not offer the Aces Up Wager")
        for wager in (FourCardWager.ANTE, FourCardWager.ACES_UP):
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
        """The four cards the dealer selects from the six (§ 641a.11(c), seed 000)."""
        return dealer_hand(self.dealer)

    @property
    def up_card(self) -> Card | None:
        """The dealer's card dealt face up before the decisions, if the table deals one."""
        if self.config.rules.dealer_up_card is DealerUpCard.SIXTH:
            return self.dealer[DEALER_CARDS - 1]
        return None

    def describe(self) -> str:
        up = f"  (up card {self.up_card.notation})" if self.up_card is not None else ""
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}{up}  best four {describe_hand(self.dealer_hand)}",
        ]
        for s in self.decision_order():
            side = f", Aces Up {format_money(s.aces_up)}" if s.aces_up else ""
            side += "".join(f", {text}" for text in stake_texts(s))
            for hand, stake in s.fchb_stakes().items():
                side += f", Five Card Hand Bonus on the {hand.value} {format_money(stake)}"
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Ante {format_money(s.ante)}{side}, "
                f"{s.decision}"
            )
        return "\n".join(lines)


__all__ = [
    "MAX_SEATS",
    "FourCardRound",
    "FourCardSeatPlay",
    "dealer_hand_bettors",
    "fchb_in_action",
]
