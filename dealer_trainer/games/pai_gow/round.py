"""A dealt pai gow round: seven cards to each player and the dealer, the players' set hands
and wagers, and the dealer's hand as the house way sets it.

Seats are numbered from the dealer's far left (1) to the far right; settlement runs from the
player farthest to the dealer's right, counterclockwise (pai-gow.md § 7, by analogy with
§ 639a.11(c)).
"""

from __future__ import annotations

from decimal import Decimal
from functools import cached_property

from msgspec import Struct, field

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig
from dealer_trainer.games.pai_gow.house_way import HouseWay, HouseWaySplit, set_hand
from dealer_trainer.games.pai_gow.outcomes import envy_lammer
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.round_support import SeatedRound, check_dealt_once, check_seats
from dealer_trainer.hands.pai_gow_seven import CardColour
from dealer_trainer.hands.split import Split

MAX_SEATS = 6


class PaiGowSeatPlay(Struct, frozen=True):
    seat: int
    cards: tuple[Card, ...]
    split: Split
    """How the player set the seven cards (kept even after a surrender, face down)."""
    wagers: dict[PaiGowWager, Decimal] = field(default_factory=dict)
    colour: CardColour | None = None
    """The colour of a Red/Black Wager."""
    surrendered: bool = False

    def stake(self, wager: PaiGowWager) -> Decimal:
        return self.wagers.get(wager, Decimal(0))


class PaiGowRound(Struct, SeatedRound[PaiGowSeatPlay], frozen=True):
    config: PaiGowTableConfig
    dealer: tuple[Card, ...]
    seats: tuple[PaiGowSeatPlay, ...]
    house_way: HouseWay
    progressive_meter: Decimal | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS)
        if len(self.dealer) != 7:
            raise ValueError(f"the dealer gets seven cards, not {len(self.dealer)}")
        check_dealt_once((*self.dealer, *(c for s in self.seats for c in s.cards)))
        for play in self.seats:
            if len(play.cards) != 7:
                raise ValueError(f"seat {play.seat} gets seven cards, not {len(play.cards)}")
            if sorted(play.split.cards) != sorted(play.cards):
                raise ValueError(f"seat {play.seat}'s split must use the seven cards dealt")
            if PaiGowWager.PAI_GOW not in play.wagers:
                raise ValueError(f"seat {play.seat} has no Pai Gow Poker Wager (§ 645a.7(d))")
            for wager, stake in play.wagers.items():
                if not self.config.offers(wager):
                    raise ValueError(
                        f"seat {play.seat}: {self.config.name} does not offer the {wager.value}"
                        + (" (EZ Pai Gow Poker only, § 645a.7(e)(5))" if wager.ez_only else "")
                    )
                limits = self.config.limits(wager)
                if not limits.minimum <= stake <= limits.maximum:
                    raise ValueError(
                        f"seat {play.seat}: the {wager.value} of {stake} is outside the table's "
                        f"limits, {limits.minimum} to {limits.maximum}"
                    )
            if play.stake(PaiGowWager.RED_BLACK) and play.colour is None:
                raise ValueError(f"seat {play.seat}'s Red/Black Wager needs a colour")
            if play.surrendered and not self.config.may_surrender(play.wagers):
                raise ValueError(
                    f"seat {play.seat} may not surrender: only a player with no optional "
                    "wager may (§ 645a.11(d))"
                )

    @cached_property
    def dealer_hand(self) -> HouseWaySplit:
        return set_hand(self.dealer, self.house_way, self.config.rules.hand_rules)

    @property
    def dealer_split(self) -> Split:
        return self.dealer_hand.split

    def lammers(self) -> dict[int, PaiGowWager]:
        """Seats with an Envy lammer and the Qualifying Wager that earned it (§ 645a.8(b)(1))."""
        placed = {s.seat: envy_lammer(self.config, s.wagers) for s in self.seats}
        return {seat: wager for seat, wager in placed.items() if wager is not None}

    def describe(self) -> str:
        lines = [
            f"Table: {self.config.name}",
            f"Dealer: {format_cards(self.dealer)}  set {self.dealer_split}",
        ]
        for s in sorted(self.seats, key=lambda s: s.seat):
            how = "surrenders" if s.surrendered else f"sets {s.split}"
            lines.append(f"Seat {s.seat}: {format_cards(s.cards)}  {how}")
        return "\n".join(lines)
