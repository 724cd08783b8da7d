"""A dealt Let It Ride Poker round: three cards to each player, the two community cards, the
players' wagers and withdrawals.

Seats are numbered from the dealer's far left (1) to the far right. Cards go out clockwise from
the player farthest to the dealer's left (§§ 643a.9(b), 643a.10(b), seed 000); settlement runs
from the player farthest to the dealer's right, counterclockwise (§ 643a.11(f), seed 000).

There is no dealer hand: each player's hand is the player's three cards and the two community
cards (§ 643a.1). The third Let It Ride Poker Wager always rides, so every player is settled at
the end of the round; a withdrawn wager went back to the player and is not settled.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct, field
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbDraws,
    FchbSettlement,
    chapter_sections,
    settle_stakes,
)
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig
from dealer_trainer.games.let_it_ride.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    describe_hand,
    five_card_hand,
)
from dealer_trainer.games.let_it_ride.outcomes import Decision
from dealer_trainer.games.let_it_ride.wagers import (
    LET_IT_RIDE_WAGERS,
    OPTIONAL_WAGERS,
    LetItRideWager,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.paytable_round import checked_meter, side_wagers_text
from dealer_trainer.games.round_support import (
    SeatedRound,
    check_dealt_once,
    check_limits,
    check_seats,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money

MAX_SEATS = 7
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=False)
"""The Lucky Bonus is drawn among every seat, empty or not (the game has no dealer hand):
the dealing and the analyser both read this."""


FCHB_CITING = Citing(
    own=chapter_sections(
        wager="§ 643a.7(i)",
        settle="§ 643a.11(f)(3)(v)",
        steps=("(A)", "(B)", "(C)"),
        payouts="§ 643a.12(f)",
        paragraphs=("(1)", "(2)", "(3)", "(4)"),
        definitions="§ 643a.1",
    )
)
"""The Five Card Hand Bonus as ch. 643a prints it (seed 000): §§ 643a.11(f)(3)(v), 643a.12(f)."""


class LetItRideSeatPlay(Struct, frozen=True):
    """One player: three cards in dealing order, the three Let It Ride Poker Wagers, the
    withdrawals, and the optional wagers.

    ``bets`` are the three Let It Ride Poker Wagers as placed, before any withdrawal.
    ``five_card_hand_bonus`` is electronic (§ 643a.7(i)): not in ``wagers``, since no chips lie
    on the layout, and the shared module settles it.
    """

    seat: int
    cards: tuple[Card, ...]
    bets: tuple[Decimal, Decimal, Decimal]
    decision: Decision = field(default_factory=Decision)
    five_card_bonus: Decimal = ZERO
    three_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO

    def __post_init__(self) -> None:
        if len(self.bets) != len(LET_IT_RIDE_WAGERS):
            raise ValueError(f"seat {self.seat} places three Let It Ride Poker Wagers")
        bets = tuple(to_money(b) for b in self.bets)
        force_setattr(self, "bets", bets)
        for name in ("five_card_bonus", "three_card_bonus", "progressive", "five_card_hand_bonus"):
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            force_setattr(self, name, amount)

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stake, on the player's hand only."""
        stake = self.five_card_hand_bonus
        return {BetOn.PLAYER: stake} if stake > 0 else {}

    @property
    def riding(self) -> dict[LetItRideWager, Decimal]:
        """The Let It Ride Poker Wagers still in action when settlement begins."""
        kept = self.decision.riding()
        return {w: b for w, b in zip(LET_IT_RIDE_WAGERS, self.bets, strict=True) if w in kept}

    @property
    def wagers(self) -> dict[LetItRideWager, Decimal]:
        """The chips on the felt when settlement begins, by wager (the progressive's are in the
        table inventory container by then, but were placed on the layout)."""
        placed = {
            **self.riding,
            LetItRideWager.FIVE_CARD_BONUS: self.five_card_bonus,
            LetItRideWager.THREE_CARD_BONUS: self.three_card_bonus,
            LetItRideWager.PROGRESSIVE: self.progressive,
        }
        return {wager: stake for wager, stake in placed.items() if stake > 0}

    def stake(self, wager: LetItRideWager) -> Decimal:
        return self.wagers.get(wager, ZERO)


class LetItRideRound(Struct, SeatedRound[LetItRideSeatPlay], frozen=True):
    config: LetItRideTableConfig
    community: tuple[Card, ...]
    """The two community cards, in the order they are turned face up."""
    seats: tuple[LetItRideSeatPlay, ...]
    burn: Card | None = None
    """The community card discarded unexposed (§ 643a.10(b)), when the deal is known."""
    seed: int | None = None
    progressive_meter: Decimal | None = None
    """The progressive meter at the win, needed when a progressive row pays a share of it."""
    fchb: FchbDraws | None = None
    """The table game system's Five Card Hand Bonus draws; needed when such a wager is placed."""

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        if len(self.community) != COMMUNITY_CARDS:
            raise ValueError(f"two community cards are turned, not {len(self.community)}")
        burn = (self.burn,) if self.burn is not None else ()
        check_dealt_once(
            (*self.community, *burn, *(c for s in self.seats for c in s.cards)),
            "Let It Ride Poker is dealt from 52 cards without the joker",
        )
        for play in self.seats:
            self._check_seat(play)
        meter = checked_meter(self.config, self.seats, self.progressive_meter, self.fchb, MAX_SEATS)
        force_setattr(self, "progressive_meter", meter)

    def _check_seat(self, play: LetItRideSeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets three cards, not {len(play.cards)}")
        if config.rules.wagers_equal and len(set(play.bets)) != 1:
            raise ValueError(
                f"{where}: the three Let It Ride Poker Wagers are equal at this table, not "
                f"{', '.join(format_money(b) for b in play.bets)} "
                f"({config.rules.citation('wagers_equal')})"
            )
        checked = [
            *zip(LET_IT_RIDE_WAGERS, play.bets, strict=True),
            (LetItRideWager.FIVE_CARD_BONUS, play.five_card_bonus),
            (LetItRideWager.THREE_CARD_BONUS, play.three_card_bonus),
            (LetItRideWager.PROGRESSIVE, play.progressive),
        ]
        for wager, stake in checked:
            if not stake and not wager.is_let_it_ride:
                continue
            if not config.offers(wager):
                raise ValueError(f"{where}: {config.name} does not offer the {wager.value} Wager")
            check_limits(where, wager.value, stake, config.limits(wager))

    def hand(self, play: LetItRideSeatPlay) -> HandValue:
        """The player's hand: three cards and the two community cards (§ 643a.1)."""
        return five_card_hand(play.cards, self.community)

    def five_card_hand_bonus(self, play: LetItRideSeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus on the player's three cards and the two community
        cards (§ 643a.7(i)); a Magic Card matches either (§ 643a.1, seed 000)."""
        return settle_stakes(
            self.config.five_card_hand_bonus,
            self.fchb,
            play.seat,
            play.fchb_stakes(),
            {BetOn.PLAYER: (*play.cards, *self.community)},
            citing=FCHB_CITING,
        )

    def dealing_order(self) -> tuple[LetItRideSeatPlay, ...]:
        """From the player farthest to the dealer's left, clockwise (§§ 643a.9(b), 643a.10(b))."""
        return self.decision_order()

    def describe(self) -> str:
        burn = f"  (burned {self.burn.notation})" if self.burn is not None else ""
        lines = [
            f"Table: {self.config.name}",
            f"Community cards: {format_cards(self.community)}{burn}",
        ]
        for s in self.dealing_order():
            bets = "/".join(format_money(b) for b in s.bets)
            side = side_wagers_text(s.stake, OPTIONAL_WAGERS, s.five_card_hand_bonus)
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Let It Ride {bets}{side}, "
                f"{s.decision}; hand {describe_hand(self.hand(s))}"
            )
        return "\n".join(lines)


__all__ = ["MAX_SEATS", "LetItRideRound", "LetItRideSeatPlay"]
