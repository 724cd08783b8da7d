"""A dealt Mississippi Stud round: two cards to each player, the three community cards, the
players' Antes, Bet Wagers and folds.

Seats are numbered from the dealer's far left (1) to the far right. Cards go out clockwise from
the player farthest to the dealer's left; settlement runs from the player farthest to the
dealer's right, counterclockwise (the order of every chapter this trainer deals; § 655a.11 was
not read). There is no dealer hand: each player's hand is the two player cards and the three
community cards (§ 655a.1). A Bet Wager is one, two or three times the Ante (§ 655a.1).
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
    settle,
)
from dealer_trainer.games.jackpot_meters import (
    JackpotAmounts,
    JackpotAward,
    JackpotMeter,
    check_amounts,
    jackpot_award,
    jackpot_of,
)
from dealer_trainer.games.lucky_draw import LuckyDraw
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.hands import (
    COMMUNITY_CARDS,
    PLAYER_CARDS,
    describe_hand,
    five_card_hand,
    five_card_rows,
)
from dealer_trainer.games.mississippi_stud.outcomes import Decision
from dealer_trainer.games.mississippi_stud.wagers import (
    BASE_WAGERS,
    OPTIONAL_WAGERS,
    ProgressiveOnFold,
    StudWager,
)
from dealer_trainer.games.paytable_round import checked_meter, side_wagers_text
from dealer_trainer.games.round_support import (
    SeatedRound,
    check_dealt_once,
    check_limits,
    check_seats,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money

MAX_SEATS = 6
LUCKY_DRAW = LuckyDraw.every_seat(MAX_SEATS, dealer=False)
"""The Lucky Bonus is drawn among every seat, empty or not (the game has no dealer hand):
the dealing and the analyser both read this."""
FCHB_CITING = Citing(
    by_analogy=True,
    definitions="§ 655a.1",
    own=chapter_sections(
        wager="§ 655a.7",
        settle="§ 655a.11",
        steps=("", "", ""),
        payouts="§ 655a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 655a.1",
    ),
)
"""The Five Card Hand Bonus paragraphs of ch. 655a were not read: those of ch. 639a apply by
analogy; § 655a.1 itself defines the Magic Card and Lucky Bonus."""


class StudSeatPlay(Struct, frozen=True):
    """One player: two cards in dealing order, the Ante, the Bet Wagers made (``decision``),
    and the optional wagers. ``five_card_hand_bonus`` is electronic: not in ``wagers``, since no
    chips lie on the layout, and the shared module settles it."""

    seat: int
    cards: tuple[Card, ...]
    ante: Decimal
    decision: Decision = field(default_factory=Decision)
    three_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO

    def __post_init__(self) -> None:
        force_setattr(self, "ante", to_money(self.ante))
        for name in ("three_card_bonus", "progressive", "five_card_hand_bonus"):
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            force_setattr(self, name, amount)

    @property
    def folded(self) -> bool:
        return self.decision.folded

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        stake = self.five_card_hand_bonus
        return {BetOn.PLAYER: stake} if stake > 0 else {}

    @property
    def base(self) -> dict[StudWager, Decimal]:
        """The Ante and the Bet Wagers made, each a multiple of the Ante (§ 655a.1)."""
        bets = {
            street: self.ante * multiple
            for street, multiple in zip(self.decision.made(), self.decision.multiples, strict=True)
        }
        return {StudWager.ANTE: self.ante, **bets}

    @property
    def wagers(self) -> dict[StudWager, Decimal]:
        """Every chip wager the player placed on the felt (the progressive's are in the table
        inventory container by settlement, but were placed on the layout)."""
        placed = {
            **self.base,
            StudWager.THREE_CARD_BONUS: self.three_card_bonus,
            StudWager.PROGRESSIVE: self.progressive,
        }
        return {wager: stake for wager, stake in placed.items() if stake > 0}

    def stake(self, wager: StudWager) -> Decimal:
        return self.wagers.get(wager, ZERO)

    def total_bet(self) -> Decimal:
        return sum(self.base.values(), ZERO)


class StudRound(Struct, SeatedRound[StudSeatPlay], frozen=True):
    config: StudTableConfig
    community: tuple[Card, ...]
    """The three community cards, in the order they are turned face up."""
    seats: tuple[StudSeatPlay, ...]
    seed: int | None = None
    progressive_meter: Decimal | None = None
    fchb: FchbDraws | None = None
    jackpot_meters: JackpotAmounts = field(default_factory=JackpotAmounts)
    """Each jackpot meter the table shows, on a progressive paying named jackpots (Paytables
    B-D of § 655a.12(c)(1)); ``progressive_meter`` is Paytable A's one meter."""

    def __post_init__(self) -> None:
        check_seats([s.seat for s in self.seats], MAX_SEATS, at_least_one=True)
        if len(self.community) != COMMUNITY_CARDS:
            raise ValueError(f"three community cards are turned, not {len(self.community)}")
        check_dealt_once(
            (*self.community, *(c for s in self.seats for c in s.cards)),
            "Mississippi Stud is dealt from 52 cards without the joker",
        )
        for play in self.seats:
            self._check_seat(play)
        meter = checked_meter(self.config, self.seats, self.progressive_meter, self.fchb, MAX_SEATS)
        force_setattr(self, "progressive_meter", meter)
        paid = self.config.jackpot_meters
        if paid and meter is not None:
            raise ValueError(
                "progressive_meter: this progressive pays jackpots, each on a meter of its own; "
                "give jackpot_meters instead"
            )
        check_amounts(self.jackpot_meters, paid, any(play.progressive > 0 for play in self.seats))

    def _check_seat(self, play: StudSeatPlay) -> None:
        config = self.config
        where = f"seat {play.seat}"
        if len(play.cards) != PLAYER_CARDS:
            raise ValueError(f"{where} gets two cards, not {len(play.cards)}")
        check_limits(where, StudWager.ANTE.value, play.ante, config.limits(StudWager.ANTE))
        for wager, stake in (
            (StudWager.THREE_CARD_BONUS, play.three_card_bonus),
            (StudWager.PROGRESSIVE, play.progressive),
        ):
            if not stake:
                continue
            if not config.offers(wager):
                raise ValueError(f"{where}: {config.name} does not offer the {wager.value}")
            check_limits(where, wager.value, stake, config.limits(wager))

    def hand(self, play: StudSeatPlay) -> HandValue:
        """The player's hand: two cards and the three community cards (§ 655a.1)."""
        return five_card_hand(play.cards, self.community)

    def progressive_in_action(self, play: StudSeatPlay) -> bool:
        """The seat's Progressive Payout Wager is settled on its hand: placed, and not
        forfeited by a fold (``rules.progressive_on_fold``)."""
        kept = self.config.rules.progressive_on_fold is ProgressiveOnFold.STAYS_IN_ACTION
        return play.progressive > 0 and (kept or not play.folded)

    def jackpot_won(self, play: StudSeatPlay) -> JackpotMeter | None:
        """The jackpot ``play``'s Progressive Payout Wager wins, if any."""
        if not self.config.jackpot_meters or not self.progressive_in_action(play):
            return None
        table = self.config.paytable(StudWager.PROGRESSIVE)
        return jackpot_of(table.first_row(five_card_rows(self.hand(play))))

    def jackpot_award(self, play: StudSeatPlay) -> JackpotAward | None:
        """What ``play`` is paid of the jackpot it wins: the meter shown, or as the Rules
        Submission says when another hand won the same jackpot this round."""
        meter = self.jackpot_won(play)
        shown = self.jackpot_meters.get(meter) if meter is not None else None
        if meter is None or shown is None:
            return None
        winners = [p.seat for p in self.settlement_order() if self.jackpot_won(p) is meter]
        spec = self.config.progressive.jackpots if self.config.progressive else None
        assert spec is not None
        reset = self.config.jackpot(meter).reset
        return jackpot_award(winners, play.seat, shown, reset, spec.won_twice)

    def holds_envy_hand(self, play: StudSeatPlay) -> bool:
        """The seat's hand can hold an Envy Bonus Qualifying Hand: it did not fold, or the
        table keeps a folded player's progressive in action and the cards are still there."""
        kept = self.config.rules.progressive_on_fold is ProgressiveOnFold.STAYS_IN_ACTION
        return not play.folded or (kept and self.keeps_hand(play))

    def keeps_hand(self, play: StudSeatPlay) -> bool:
        """The seat's cards are on the table at the end: it did not fold, or a wager on its
        cards (the progressive kept in action, the Five Card Hand Bonus) is still to settle."""
        if not play.folded:
            return True
        return self.progressive_in_action(play) or play.five_card_hand_bonus > 0

    def five_card_hand_bonus(self, play: StudSeatPlay) -> tuple[FchbSettlement, ...]:
        """``play``'s Five Card Hand Bonus on the two cards and the three community cards; a
        Magic Card matches any of them (§ 655a.1, "Magic Card Bonus")."""
        spec, draws, stake = self.config.five_card_hand_bonus, self.fchb, play.five_card_hand_bonus
        if spec is None or draws is None or stake <= 0:
            return ()
        cards = (*play.cards, *self.community)
        return (settle(spec, cards, stake, BetOn.PLAYER, draws, play.seat, citing=FCHB_CITING),)

    def dealing_order(self) -> tuple[StudSeatPlay, ...]:
        return self.decision_order()

    def describe(self) -> str:
        lines = [f"Table: {self.config.name}", f"Community cards: {format_cards(self.community)}"]
        for s in self.dealing_order():
            side = side_wagers_text(s.stake, OPTIONAL_WAGERS, s.five_card_hand_bonus)
            lines.append(
                f"Seat {s.seat}: {format_cards(s.cards)}  Ante {format_money(s.ante)}{side}, "
                f"bets {s.decision}; hand {describe_hand(self.hand(s))}"
            )
        return "\n".join(lines)


__all__ = ["BASE_WAGERS", "FCHB_CITING", "MAX_SEATS", "StudRound", "StudSeatPlay"]
