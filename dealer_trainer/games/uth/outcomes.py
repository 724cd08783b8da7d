"""Wager outcomes of Ultimate Texas Hold 'Em: pure functions from cards and decisions to money.

Given one player's cards, the dealer's, the board, the player's decision, the table's Rules
Submission and the table game system's draws, each function says whether a wager wins, loses or
pushes, which paytable row applies, the exact amount paid, and one line of reason with the
section it rests on. The order in which a dealer settles them is the procedure's business, not
this module's.

The Five Card Hand Bonus is every game's (games/five_card_hand_bonus.py): the Ultimate Texas
Hold 'Em part, ``settle_five_card_hand_bonus``, only says which cards form each hand, which of
them the Magic Card is matched against, whether a fold forfeits the bonus and that ch. 653a
cites the paragraphs by analogy.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import Enum

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import format_cards
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.community_outcomes import PaytableOutcome, envy_hand
from dealer_trainer.games.community_round import BonusRules, settle_hand_bonus
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    FchbSettlement,
    chapter_sections,
)
from dealer_trainer.games.outcome_support import Result, Winner, compare
from dealer_trainer.games.round_support import placed_fchb
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.hands import (
    Deal,
    at_least,
    board_hand,
    classes_for_five_card,
    dealer_hand,
    describe_two_cards,
    hand_cards,
    player_hand,
    ultimate_pairs_classes,
)
from dealer_trainer.games.uth.paytables import UthPaytable, UthRow
from dealer_trainer.games.uth.settings import FoldTreatment, MagicCardMatch, UthRules
from dealer_trainer.games.uth.wagers import (
    Condition,
    HandClass,
    HandSource,
    UltimatePairsHand,
    UthWager,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import OddsKind, Payment
from dealer_trainer.rules.provenance import seed, standard

STAYS_AFTER_FOLD = seed("seed 001", "653b.4(c)", "653b.5(c)")
"""Trips, Play the Board and Ultimate Pairs stay on the table after a fold until settled."""
FOLD_FORFEITS = standard("unverified: a fold forfeits the Ante and Blind")
COMPARISON = standard("unverified: the higher five-card hand wins, identical hands tie")
FCHB_CARDS = HandSource.TWO_CARDS_AND_FLOP
"""The Five Card Hand Bonus hand: the wagered hand's two cards and the flop, never the turn or
river (seed 000, preamble on the proposed § 653a.11 amendment)."""
FCHB_CITING = Citing(
    by_analogy=True,
    definitions="§ 653a.1",
    own=chapter_sections(
        wager="§ 653a.7",
        settle="§ 653a.11",
        steps=("", "", ""),
        payouts="§ 653a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 653a.1",
    ),
)
"""Ch. 653a prints no Five Card Hand Bonus paytable or procedure: those of chs. 639a/641a/643a
apply by analogy; § 653a.1 itself defines the Magic Card and Lucky Bonus."""


class Street(Enum):
    """When the player made the Play wager (the decision point, § 653a.11(f))."""

    BEFORE_FLOP = "before the flop"
    AFTER_FLOP = "after the flop"
    AFTER_RIVER = "after the river"


_PLAY_SETTING = {
    Street.BEFORE_FLOP: "play_multiples_before_flop",
    Street.AFTER_FLOP: "play_multiples_after_flop",
    Street.AFTER_RIVER: "play_multiples_after_river",
}


class InvalidDecision(ValueError):
    """The decision is not one the table's rules allow (e.g. a 3x Play after the flop)."""


class Decision(Struct, frozen=True):
    """The player's one decision: fold, or a Play wager of ``multiple`` times the Ante made on
    ``street``. Use ``Decision.fold()`` or ``Decision.play(4)``."""

    multiple: int = 0
    street: Street | None = None

    @classmethod
    def fold(cls) -> Decision:
        return cls(0, None)

    @classmethod
    def play(cls, multiple: int, street: Street | None = None) -> Decision:
        """A Play wager; the street defaults to the one the default rules allow the multiple
        on (4x or 3x before the flop, 2x after the flop, 1x after the river)."""
        if street is None:
            street = {1: Street.AFTER_RIVER, 2: Street.AFTER_FLOP}.get(multiple, Street.BEFORE_FLOP)
        return cls(multiple, street)

    @property
    def folded(self) -> bool:
        return self.street is None

    def check(self, rules: UthRules) -> None:
        """Raise ``InvalidDecision`` unless the multiple is allowed on the street."""
        if self.street is None:
            if self.multiple:
                raise InvalidDecision("a folded hand makes no Play wager")
            return
        setting = _PLAY_SETTING[self.street]
        allowed: tuple[int, ...] = getattr(rules, setting)
        if self.multiple not in allowed:
            options = " or ".join(f"{m}x" for m in allowed)
            raise InvalidDecision(
                f"a Play wager {self.street.value} is {options} the Ante, not {self.multiple}x "
                f"({rules.citation(setting)})"
            )

    def __str__(self) -> str:
        if self.street is None:
            return "fold"
        return f"Play {self.multiple}x {self.street.value}"


class SeatWagers(Struct, frozen=True):
    """What one player wagered, in dollars. ``blind`` defaults to the Ante. Zero = not placed.

    ``five_card_hand_bonus`` is the Five Card Hand Bonus on the player's own hand and
    ``five_card_hand_bonus_dealer`` the one on the dealer's hand (§ 653a.1 allows either).
    """

    ante: Decimal
    blind: Decimal | None = None
    trips: Decimal = ZERO
    bad_beat: Decimal = ZERO
    play_the_board: Decimal = ZERO
    ultimate_pairs: Decimal = ZERO
    six_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if value is not None:
                force_setattr(self, name, to_money(value))
                if value < 0:
                    raise ValueError(f"the {name} wager cannot be negative ({value})")

    @property
    def blind_amount(self) -> Decimal:
        return self.ante if self.blind is None else self.blind

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand."""
        return placed_fchb(self.five_card_hand_bonus, self.five_card_hand_bonus_dealer)

    def placed(self) -> dict[UthWager, Decimal]:
        """The wagers with a stake, keyed by wager (Five Card Hand Bonus: both hands summed)."""
        stakes = {
            UthWager.ANTE: self.ante,
            UthWager.BLIND: self.blind_amount,
            UthWager.TRIPS: self.trips,
            UthWager.BAD_BEAT: self.bad_beat,
            UthWager.PLAY_THE_BOARD: self.play_the_board,
            UthWager.ULTIMATE_PAIRS: self.ultimate_pairs,
            UthWager.SIX_CARD_BONUS: self.six_card_bonus,
            UthWager.PROGRESSIVE: self.progressive,
            UthWager.FIVE_CARD_HAND_BONUS: self.five_card_hand_bonus
            + self.five_card_hand_bonus_dealer,
        }
        return {wager: stake for wager, stake in stakes.items() if stake > 0}


class WagerOutcome(PaytableOutcome[UthWager, HandClass, HandSource], frozen=True):
    """How one wager of the game is settled (games/community_outcomes.py)."""


class Showdown(Struct, frozen=True):
    """The player's and dealer's best hands, who wins, and whether the dealer qualifies."""

    player: HandValue
    dealer: HandValue
    winner: Winner
    dealer_qualifies: bool
    qualifying_hand: HandRank

    def describe(self) -> str:
        if self.winner is Winner.TIE:
            mine, theirs = self.player.rank.value.lower(), self.dealer.rank.value.lower()
            return f"player's {mine} ties the dealer's {theirs}"
        winner, loser = (
            ("player", "dealer") if self.winner is Winner.PLAYER else ("dealer", "player")
        )
        win_hand, lose_hand = (
            (self.player, self.dealer)
            if self.winner is Winner.PLAYER
            else (self.dealer, self.player)
        )
        same = " (higher cards)" if win_hand.rank is lose_hand.rank else ""
        better, worse = win_hand.rank.value.lower(), lose_hand.rank.value.lower()
        return f"{winner}'s {better} beats the {loser}'s {worse}{same}"


def showdown(deal: Deal, rules: UthRules) -> Showdown:
    player = player_hand(deal)
    dealer = dealer_hand(deal)
    winner = compare(player, dealer)
    qualifies = at_least(dealer, rules.dealer_qualifying_hand)
    return Showdown(player, dealer, winner, qualifies, rules.dealer_qualifying_hand)


# --- building outcomes -----------------------------------------------------------------------


def _pay(
    wager: UthWager,
    stake: Decimal,
    paytable: UthPaytable,
    row: UthRow,
    rules: UthRules,
    why: str,
    *,
    hand: HandValue | None = None,
    meter: Decimal | None = None,
) -> WagerOutcome:
    """A winning (or paytable-push) outcome for ``row``, with the amount and a reason."""
    if row.odds.kind is OddsKind.PUSH:
        return WagerOutcome.push(
            wager,
            stake,
            f"{why}; {paytable.name} prints {row.label}: Push ({row.citation.short})",
            row.citation,
            paytable=paytable,
            row=row,
            hand=hand,
        )
    if row.odds.kind is OddsKind.METER_PERCENT and meter is None:
        raise ValueError(f"{paytable.name} pays {row}: the meter amount is needed (TableDraws)")
    payment: Payment = row.odds.payment(
        stake,
        meter=meter,
        rounding=rules.odd_payout_rounding,
        meter_rounding=rules.meter_payout_rounding,
    )
    amount = row.odds.explain(stake, payment)
    if row.odds.kind is OddsKind.METER_PERCENT and meter is not None:
        amount = f"{row.odds} of {format_money(meter)} is {format_money(payment.paid)}"
    if payment.rounded:
        setting = (
            rules.meter_payout_rounding
            if row.odds.kind is OddsKind.METER_PERCENT
            else rules.odd_payout_rounding
        )
        amount += f" ({format_money(payment.exact)} {setting.describe()})"
    implied = row.hand is Condition.PLAYER_BEATS_DEALER
    printed = "" if implied else f" {row.label}"
    reason = f"{why}; {paytable.name} pays{printed} {row.odds}: {amount} ({row.citation.short})"
    return WagerOutcome(
        wager,
        Result.WIN,
        stake,
        payment.paid,
        payment.stake_returned,
        reason,
        row.citation,
        paytable,
        row,
        hand,
        payment.exact,
    )


def _one_to_one(
    wager: UthWager, stake: Decimal, config: UthTableConfig, why: str, hand: HandValue
) -> WagerOutcome:
    table = config.paytable(wager)
    row = table.rows[0]
    return _pay(wager, stake, table, row, config.rules, why, hand=hand)


# --- the base game -----------------------------------------------------------------------------


def settle_ante(
    config: UthTableConfig, show: Showdown, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """Ante: 1 to 1 when the player's hand outranks a qualifying dealer (§ 653a.12(a)); pushes
    when the dealer does not qualify; forfeited on a fold."""
    wager = UthWager.ANTE
    rules = config.rules
    if decision.folded:
        return WagerOutcome.lose(
            wager, stake, "the player folded: the Ante is forfeited", FOLD_FORFEITS
        )
    if not show.dealer_qualifies and rules.ante_pushes_when_dealer_does_not_qualify:
        citation = rules.citation("ante_pushes_when_dealer_does_not_qualify")
        return WagerOutcome.push(
            wager,
            stake,
            f"the dealer's {show.dealer.rank.value.lower()} does not qualify (needs "
            f"{show.qualifying_hand.value.lower()} or better): the Ante pushes ({citation.short})",
            citation,
            hand=show.player,
        )
    return _against_dealer(wager, stake, config, show)


def settle_play(
    config: UthTableConfig, show: Showdown, ante: Decimal, decision: Decision
) -> WagerOutcome | None:
    """Play: 1 to 1 when the player's hand outranks the dealer's, qualifying or not
    (§ 653a.12(a)); ``None`` when the player folded (there is no Play wager)."""
    if decision.folded:
        return None
    decision.check(config.rules)
    return _against_dealer(UthWager.PLAY, ante * decision.multiple, config, show)


def _against_dealer(
    wager: UthWager, stake: Decimal, config: UthTableConfig, show: Showdown
) -> WagerOutcome:
    if show.winner is Winner.TIE:
        return WagerOutcome.push(
            wager, stake, f"{show.describe()}: {wager.value} pushes", COMPARISON
        )
    if show.winner is Winner.DEALER:
        return WagerOutcome.lose(
            wager, stake, f"{show.describe()}: {wager.value} loses", COMPARISON
        )
    return _one_to_one(wager, stake, config, show.describe(), show.player)


def settle_blind(
    config: UthTableConfig, show: Showdown, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """Blind: paid from its paytable (§ 653a.12(b)) when the player's hand outranks the
    dealer's, pushing below the paytable; loses to the dealer; forfeited on a fold."""
    wager = UthWager.BLIND
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded:
        return WagerOutcome.lose(
            wager, stake, "the player folded: the Blind is forfeited", FOLD_FORFEITS
        )
    why = f"the player holds {show.player.rank.value}"
    if rules.blind_pays_only_when_player_wins:
        if show.winner is Winner.TIE:
            return WagerOutcome.push(
                wager, stake, f"{show.describe()}: the Blind pushes", COMPARISON
            )
        if show.winner is Winner.DEALER:
            citation = rules.citation("blind_pays_only_when_player_wins")
            return WagerOutcome.lose(
                wager,
                stake,
                f"{show.describe()}: the Blind loses ({citation.short})",
                citation,
                paytable=table,
                hand=show.player,
            )
        why = f"{show.describe()}"
    row = table.first_row(classes_for_five_card(show.player))
    if row is None:  # a paytable without a bottom push row
        return WagerOutcome.push(wager, stake, f"{why}: below the Blind paytable", table.citation)
    return _pay(wager, stake, table, row, rules, why, hand=show.player)


# --- optional wagers on the player's hand --------------------------------------------------------


def settle_trips(
    config: UthTableConfig, show: Showdown, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """Trips: the player's final hand on the Trips paytable (§ 653a.12(c), § 653b.2), paid
    regardless of the dealer and after a fold (it stays on the table, § 653a.11(f)(2)(i))."""
    wager = UthWager.TRIPS
    rules = config.rules
    table = config.paytable(wager)
    row = table.first_row(classes_for_five_card(show.player))
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player's {show.player.rank.value.lower()} is below three of a kind: Trips loses "
            f"({table.citation.short})",
            table.citation,
            paytable=table,
            hand=show.player,
        )
    if not rules.trips_pays_regardless_of_dealer and (
        decision.folded or show.winner is not Winner.PLAYER
    ):
        citation = rules.citation("trips_pays_regardless_of_dealer")
        return WagerOutcome.lose(
            wager,
            stake,
            f"Trips pays only when the player beats the dealer at this table ({citation})",
            citation,
            paytable=table,
            hand=show.player,
        )
    why = f"the player's final hand is {show.player.rank.value}"
    if decision.folded:
        why += f" (Trips stays in action after a fold, {STAYS_AFTER_FOLD.short})"
    return _pay(wager, stake, table, row, rules, why, hand=show.player)


def settle_six_card_bonus(
    config: UthTableConfig, deal: Deal, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """The Six Card Bonus on the property's stated paytable and cards; like Trips it stays on
    the table after a fold (§ 653b.4(c), citing § 653a.11(f)(2)(i))."""
    wager = UthWager.SIX_CARD_BONUS
    table = config.paytable(wager)
    hand = best_five(hand_cards(table.cards, deal, BetOn.PLAYER))
    row = table.first_row((hand.rank,))
    why = f"{table.cards.value} make {hand.rank.value} ({format_cards(hand.cards)})"
    if decision.folded:
        why += f"; the wager stays in action after a fold ({STAYS_AFTER_FOLD.short})"
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"{why}, not on the Six Card Bonus paytable ({table.citation.short})",
            table.citation,
            paytable=table,
            hand=hand,
        )
    return _pay(wager, stake, table, row, config.rules, why, hand=hand)


def settle_bad_beat(
    config: UthTableConfig, show: Showdown, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """Bad Beat bonus: pays on the player's hand rank when it loses to the dealer's (trigger not
    in the seeds: see ``UthRules.bad_beat_requires_loss_to_dealer``)."""
    wager = UthWager.BAD_BEAT
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded and rules.bad_beat_on_fold is FoldTreatment.FORFEITED:
        return WagerOutcome.forfeited(wager, stake, rules.citation("bad_beat_on_fold"), table)
    row = table.first_row(classes_for_five_card(show.player))
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player's {show.player.rank.value} is not on {table.name}: the Bad Beat loses",
            table.citation,
            paytable=table,
            hand=show.player,
        )
    if rules.bad_beat_requires_loss_to_dealer and show.winner is not Winner.DEALER:
        citation = rules.citation("bad_beat_requires_loss_to_dealer")
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player's {show.player.rank.value} was not beaten by the dealer: the Bad Beat "
            f"loses ({citation})",
            citation,
            paytable=table,
            hand=show.player,
        )
    return _pay(wager, stake, table, row, rules, show.describe(), hand=show.player)


def settle_play_the_board(config: UthTableConfig, deal: Deal, stake: Decimal) -> WagerOutcome:
    """Play the Board: the five community cards alone, a pair of 10s or better (§ 653b.4(e)),
    at the selected paytable's odds (§ 653b.4(f)); stays in action after a fold."""
    wager = UthWager.PLAY_THE_BOARD
    table = config.paytable(wager)
    board = board_hand(deal)
    row = table.first_row(classes_for_five_card(board))
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the community cards alone make {board.rank.value} ({format_cards(board.cards)}), "
            "less than a pair of "
            f"10s: Play the Board loses ({table.cards_citation.short})",
            table.cards_citation,
            paytable=table,
            hand=board,
        )
    why = f"the community cards alone make {board.rank.value}"
    return _pay(wager, stake, table, row, config.rules, why, hand=board)


def settle_ultimate_pairs(config: UthTableConfig, deal: Deal, stake: Decimal) -> WagerOutcome:
    """Ultimate Pairs: the player's two cards, with Paytable F the dealer's two as well
    (§ 653b.5(e)), on the selected paytable (§ 653b.5(f)); stays in action after a fold."""
    wager = UthWager.ULTIMATE_PAIRS
    table = config.paytable(wager)
    dealer = deal.dealer if table.cards is HandSource.PLAYER_TWO_AND_DEALER_TWO else ()
    classes = ultimate_pairs_classes(deal.player, dealer)
    row = table.first_row(classes)
    shown = describe_two_cards(deal.player)
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player's {shown} is not a winning combination on {table.name}: Ultimate Pairs "
            f"loses ({table.citation.short})",
            table.citation,
            paytable=table,
        )
    why = f"the player holds {shown}"
    if row.hand is UltimatePairsHand.PLAYER_AND_DEALER_ACES:
        why += f" and the dealer {describe_two_cards(deal.dealer)}"
    return _pay(wager, stake, table, row, config.rules, why)


# --- Five Card Hand Bonus, Magic Card Bonus, Lucky Bonus ---------------------------------------


def bonus_rules(config: UthTableConfig) -> BonusRules:
    """How the table settles the Five Card Hand Bonus: a fold forfeits the bonus on the
    player's hand only where ``rules.five_card_hand_bonus_on_fold`` says so (by default it
    stays, § 639a.11(b) by analogy); the Magic Card is matched per ``rules.magic_card_matches``."""
    rules = config.rules
    return BonusRules(
        forfeited_on_fold=rules.five_card_hand_bonus_on_fold is FoldTreatment.FORFEITED,
        magic_on_two_cards=rules.magic_card_matches is MagicCardMatch.TWO_CARDS,
        meter_rounding=rules.meter_payout_rounding,
        flop="flop",
        citing=FCHB_CITING,
    )


def settle_five_card_hand_bonus(
    config: UthTableConfig,
    deal: Deal,
    stakes: Mapping[BetOn, Decimal],
    decision: Decision,
    draws: TableDraws,
    seat: int,
    dealer_hand_bettors: int = 1,
) -> tuple[FchbSettlement, ...]:
    """One seat's Five Card Hand Bonus wagers in action (games/community_round.py)."""
    return settle_hand_bonus(
        config.name,
        config.five_card_hand_bonus,
        bonus_rules(config),
        deal,
        stakes,
        decision.folded,
        draws,
        seat,
        dealer_hand_bettors,
    )


def settle_progressive(
    config: UthTableConfig, deal: Deal, stake: Decimal, decision: Decision, draws: TableDraws
) -> WagerOutcome:
    """The progressive payout wager on the property's own paytable (§ 653a.12(d)).

    Its chips went into the table inventory container before the deal (§ 639a.8(b), by
    analogy), so a loss needs no collection and a win pays "for 1" or a share of the meter.
    """
    wager = UthWager.PROGRESSIVE
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded and rules.progressive_on_fold is FoldTreatment.FORFEITED:
        return WagerOutcome.forfeited(wager, stake, rules.citation("progressive_on_fold"), table)
    hand = best_five(hand_cards(table.cards, deal, BetOn.PLAYER))
    row = table.first_row((hand.rank,))
    why = f"{table.cards.value} make {hand.rank.value} ({format_cards(hand.cards)})"
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"{why}, not on {table.name or 'the progressive paytable'}",
            table.citation,
            paytable=table,
            hand=hand,
        )
    return _pay(wager, stake, table, row, rules, why, hand=hand, meter=draws.progressive_meter)


def envy_qualifies(config: UthTableConfig, deal: Deal) -> HandValue | None:
    """The player's hand if it is an Envy Bonus Qualifying Hand (§ 653a.1: a five-card
    straight flush or better, from the cards that form the progressive hand), else None."""
    return envy_hand(
        config, lambda: hand_cards(config.paytable(UthWager.PROGRESSIVE).cards, deal, BetOn.PLAYER)
    )


# --- one seat, all wagers ------------------------------------------------------------------------


def settle_seat(
    config: UthTableConfig,
    deal: Deal,
    wagers: SeatWagers,
    decision: Decision,
    draws: TableDraws | None = None,
) -> tuple[WagerOutcome, ...]:
    """Every outcome for one player, in the order of ``UthWager`` (not a settlement order).

    Raises ``ValueError`` for a wager the table does not offer, a Blind that differs from the
    Ante where the rules require them equal, or a Play multiple the rules do not allow. Table
    limits are not checked here (see ``check_wagers``). The progressive payout wager is settled
    only when the Rules Submission states its paytable (ultimate-texas-holdem.md § 2.7). The
    Five Card Hand Bonus is not among the outcomes: ``settle_five_card_hand_bonus`` settles it.
    """
    draws = draws or TableDraws()
    rules = config.rules
    decision.check(rules)
    for wager in wagers.placed():
        if not config.offers(wager):
            raise ValueError(f"{config.name} does not offer the {wager.value}")
    if rules.blind_equals_ante and wagers.blind_amount != wagers.ante:
        raise ValueError(
            f"the Blind ({format_money(wagers.blind_amount)}) must equal the Ante "
            f"({format_money(wagers.ante)}) ({rules.citation('blind_equals_ante')})"
        )
    show = showdown(deal, rules)
    outcomes: list[WagerOutcome] = [
        settle_ante(config, show, wagers.ante, decision),
        settle_blind(config, show, wagers.blind_amount, decision),
    ]
    play = settle_play(config, show, wagers.ante, decision)
    if play is not None:
        outcomes.append(play)
    if wagers.trips:
        outcomes.append(settle_trips(config, show, wagers.trips, decision))
    if wagers.bad_beat:
        outcomes.append(settle_bad_beat(config, show, wagers.bad_beat, decision))
    if wagers.play_the_board:
        outcomes.append(settle_play_the_board(config, deal, wagers.play_the_board))
    if wagers.ultimate_pairs:
        outcomes.append(settle_ultimate_pairs(config, deal, wagers.ultimate_pairs))
    if wagers.six_card_bonus:
        outcomes.append(settle_six_card_bonus(config, deal, wagers.six_card_bonus, decision))
    if wagers.progressive and config.settles_progressive:
        outcomes.append(settle_progressive(config, deal, wagers.progressive, decision, draws))
    return tuple(outcomes)


def check_wagers(config: UthTableConfig, wagers: SeatWagers) -> tuple[str, ...]:
    """Table-limit problems with a seat's chip wagers, one sentence each (empty when all is
    well). Wagers the table does not offer are left to ``settle_seat``, which refuses them; the
    electronic Five Card Hand Bonus to the round, which checks it as every game does."""
    stakes = (
        (UthWager.ANTE, "Ante", wagers.ante),
        (UthWager.TRIPS, "Trips", wagers.trips),
        (UthWager.BAD_BEAT, "Bad Beat bonus", wagers.bad_beat),
        (UthWager.PLAY_THE_BOARD, "Play the Board", wagers.play_the_board),
        (UthWager.ULTIMATE_PAIRS, "Ultimate Pairs", wagers.ultimate_pairs),
        (UthWager.SIX_CARD_BONUS, "Six Card Bonus", wagers.six_card_bonus),
        (UthWager.PROGRESSIVE, "Progressive Payout Wager", wagers.progressive),
    )
    problems: list[str] = []
    for wager, label, stake in stakes:
        if stake <= 0 or not config.offers(wager):
            continue
        limits = config.limits(wager)
        if not limits.minimum <= stake <= limits.maximum:
            problems.append(
                f"the {label} of {format_money(stake)} is outside the table limits "
                f"{format_money(limits.minimum)}–{format_money(limits.maximum)}"
            )
    return tuple(problems)


__all__ = [
    "Decision",
    "InvalidDecision",
    "Result",
    "SeatWagers",
    "Showdown",
    "Street",
    "TableDraws",
    "WagerOutcome",
    "Winner",
    "bonus_rules",
    "check_wagers",
    "settle_ante",
    "settle_bad_beat",
    "settle_blind",
    "settle_five_card_hand_bonus",
    "settle_play",
    "settle_play_the_board",
    "settle_seat",
    "settle_trips",
    "settle_ultimate_pairs",
    "showdown",
]
