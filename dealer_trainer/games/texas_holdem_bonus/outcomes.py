"""Wager outcomes of Texas Hold 'Em Bonus Poker: pure functions from cards and decisions to
money.

Given one player's cards, the dealer's, the board, the player's decisions, the table's Rules
Submission and the table game system's draws, each function says whether a wager wins, loses or
pushes, which paytable row applies, the exact amount paid, and one line of reason with its
basis. The order in which a dealer settles them is the procedure's business.

The Five Card Hand Bonus is every game's (games/five_card_hand_bonus.py): this game only says
which cards form each hand (the wagered hand's two cards and the Flop, seed 000 preamble on the
proposed § 647a.11), which of them the Magic Card is matched against, and whether a fold
forfeits the bonus on the player's hand.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct
from msgspec.structs import force_setattr, replace

from dealer_trainer.cards import format_cards
from dealer_trainer.games.community_draws import TableDraws
from dealer_trainer.games.community_outcomes import PaytableOutcome, envy_hand
from dealer_trainer.games.community_round import BonusRules
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    Citing,
    chapter_sections,
)
from dealer_trainer.games.outcome_support import Result, Winner, compare
from dealer_trainer.games.round_support import placed_fchb
from dealer_trainer.games.texas_holdem_bonus.config import ThbTableConfig
from dealer_trainer.games.texas_holdem_bonus.hands import (
    Deal,
    at_least,
    bonus_classes,
    dealer_hand,
    describe_two_cards,
    hand_cards,
    player_hand,
)
from dealer_trainer.games.texas_holdem_bonus.paytables import ThbPaytable, ThbRow
from dealer_trainer.games.texas_holdem_bonus.settings import (
    HOUSE_RULE,
    FoldTreatment,
    MagicCardMatch,
)
from dealer_trainer.games.texas_holdem_bonus.wagers import (
    BonusHand,
    HandClass,
    HandSource,
    ThbWager,
)
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import code

FOLD_CITATION = code("647a.1")
"""A fold is the withdrawal of a player by not making a Flop Wager (§ 647a.1)."""
FCHB_CARDS = HandSource.TWO_CARDS_AND_FLOP
FCHB_CITING = Citing(
    by_analogy=True,
    definitions="§ 647a.1",
    own=chapter_sections(
        wager="§ 647a.7",
        settle="§ 647a.11",
        steps=("", "", ""),
        payouts="§ 647a.12",
        paragraphs=("", "", "", ""),
        definitions="§ 647a.1",
    ),
)
"""The stored ch. 647a holds no Five Card Hand Bonus paytable or procedure: those of chs.
639a/641a/643a apply by analogy; § 647a.1 itself defines the Magic Card and Lucky Bonus."""
STREETS = (ThbWager.FLOP, ThbWager.TURN, ThbWager.RIVER)


class InvalidDecision(ValueError):
    """A decision the game does not allow (a Turn Wager after a fold)."""


class Decision(Struct, frozen=True):
    """The player's decisions: fold before the Flop, or make the Flop Wager and then bet or
    check the turn and the river. ``Decision.fold()``, ``Decision.play(turn=True)``."""

    folded: bool = False
    turn: bool = False
    river: bool = False

    def __post_init__(self) -> None:
        if self.folded and (self.turn or self.river):
            raise InvalidDecision("a folded hand makes no Turn or River Wager")

    @classmethod
    def fold(cls) -> Decision:
        return cls(True)

    @classmethod
    def play(cls, *, turn: bool = False, river: bool = False) -> Decision:
        return cls(False, turn, river)

    def makes(self, wager: ThbWager) -> bool:
        """Whether the player made ``wager`` (the Flop, Turn or River Wager)."""
        if self.folded:
            return False
        return {ThbWager.FLOP: True, ThbWager.TURN: self.turn, ThbWager.RIVER: self.river}[wager]

    def __str__(self) -> str:
        if self.folded:
            return "fold"
        # Short, as it is printed under the player's cards on the felt: what is not bet
        # was checked.
        bets = ["flop", *(["turn"] if self.turn else []), *(["river"] if self.river else [])]
        return "bets the flop only" if len(bets) == 1 else f"bets {', '.join(bets)}"


class SeatWagers(Struct, frozen=True):
    """What one player wagered before the deal, in dollars; zero = not placed. The Flop, Turn
    and River Wagers follow from the Ante and the decisions.

    ``five_card_hand_bonus`` is the Five Card Hand Bonus on the player's own hand and
    ``five_card_hand_bonus_dealer`` the one on the dealer's hand (§ 647a.1 allows either).
    """

    ante: Decimal
    bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in self.__struct_fields__:
            value = to_money(getattr(self, name))
            force_setattr(self, name, value)
            if value < 0:
                raise ValueError(f"the {name} wager cannot be negative ({value})")

    def fchb_stakes(self) -> dict[BetOn, Decimal]:
        """The electronic Five Card Hand Bonus stakes by hand."""
        return placed_fchb(self.five_card_hand_bonus, self.five_card_hand_bonus_dealer)

    def placed(self) -> dict[ThbWager, Decimal]:
        """The pre-deal wagers with a stake (Five Card Hand Bonus: both hands summed)."""
        stakes = {
            ThbWager.ANTE: self.ante,
            ThbWager.BONUS: self.bonus,
            ThbWager.PROGRESSIVE: self.progressive,
            ThbWager.FIVE_CARD_HAND_BONUS: self.five_card_hand_bonus
            + self.five_card_hand_bonus_dealer,
        }
        return {wager: stake for wager, stake in stakes.items() if stake > 0}


def street_stake(config: ThbTableConfig, ante: Decimal, wager: ThbWager) -> Decimal:
    """The Flop, Turn or River Wager's amount: the Rules Submission's multiple of the Ante."""
    rules = config.rules
    multiple = {
        ThbWager.FLOP: rules.flop_multiple,
        ThbWager.TURN: rules.turn_multiple,
        ThbWager.RIVER: rules.river_multiple,
    }[wager]
    return ante * multiple


class WagerOutcome(PaytableOutcome[ThbWager, HandClass, HandSource], frozen=True):
    """How one wager of the game is settled (games/community_outcomes.py)."""


class Showdown(Struct, frozen=True):
    """The player's and the dealer's best five of seven, and who wins."""

    player: HandValue
    dealer: HandValue
    winner: Winner

    def describe(self) -> str:
        if self.winner is Winner.TIE:
            mine, theirs = self.player.rank.value.lower(), self.dealer.rank.value.lower()
            return f"the player's {mine} ties the dealer's {theirs}"
        if self.winner is Winner.PLAYER:
            win, lose, who, other = self.player, self.dealer, "player", "dealer"
        else:
            win, lose, who, other = self.dealer, self.player, "dealer", "player"
        same = " (higher cards)" if win.rank is lose.rank else ""
        better, worse = win.rank.value.lower(), lose.rank.value.lower()
        return f"the {who}'s {better} beats the {other}'s {worse}{same}"


def showdown(deal: Deal, tie_pushes: bool = True) -> Showdown:
    player = player_hand(deal)
    dealer = dealer_hand(deal)
    winner = compare(player, dealer)
    if winner is Winner.TIE and not tie_pushes:
        winner = Winner.DEALER
    return Showdown(player, dealer, winner)


def _pay(
    wager: ThbWager,
    stake: Decimal,
    paytable: ThbPaytable,
    row: ThbRow,
    config: ThbTableConfig,
    why: str,
    *,
    hand: HandValue | None = None,
    meter: Decimal | None = None,
) -> WagerOutcome:
    """A winning outcome for ``row``, with the amount and a reason."""
    rules = config.rules
    if row.odds.kind is OddsKind.METER_PERCENT and meter is None:
        raise ValueError(f"{paytable.name} pays {row.label}: the meter amount is needed")
    payment = row.odds.payment(
        stake,
        meter=meter,
        rounding=rules.odd_payout_rounding,
        meter_rounding=rules.meter_payout_rounding,
    )
    amount = row.odds.explain(stake, payment)
    if row.odds.kind is OddsKind.METER_PERCENT and meter is not None:
        amount = f"{row.odds} of {format_money(meter)} is {format_money(payment.paid)}"
        if payment.rounded:
            amount += f" ({format_money(payment.exact)} {rules.meter_payout_rounding.describe()})"
    printed = "" if wager in (ThbWager.ANTE, *STREETS) else f" {row.label}"
    reason = f"{why}; {paytable.name} pays{printed} {row.odds}: {amount}"
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


# --- the base game ------------------------------------------------------------------------------


def settle_ante(
    config: ThbTableConfig, show: Showdown, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """Ante: forfeited on a fold (§ 647a.1); 1 to 1 when the player's hand outranks the
    dealer's and is at least ``rules.ante_pays_from``, a push when it wins with less or ties,
    lost to the dealer."""
    wager = ThbWager.ANTE
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player folded, withdrawing by not making a Flop Wager ({FOLD_CITATION}): the "
            "Ante is forfeited",
            FOLD_CITATION,
        )
    tie = _tie_or_loss(wager, stake, show, config)
    if tie is not None:
        return tie
    if not at_least(show.player, rules.ante_pays_from):
        citation = rules.citation("ante_pays_from")
        return WagerOutcome.push(
            wager,
            stake,
            f"{show.describe()}, but the Ante is paid only with "
            f"{rules.ante_pays_from.value.lower()} or better: the Ante pushes ({citation})",
            citation,
            paytable=table,
            hand=show.player,
        )
    return _pay(wager, stake, table, table.rows[0], config, show.describe(), hand=show.player)


def _tie_or_loss(
    wager: ThbWager, stake: Decimal, show: Showdown, config: ThbTableConfig
) -> WagerOutcome | None:
    citation = config.rules.citation("tie_pushes")
    if show.winner is Winner.TIE:
        return WagerOutcome.push(
            wager, stake, f"{show.describe()}: the {wager.value} pushes", citation
        )
    if show.winner is Winner.DEALER:
        tied = compare(show.player, show.dealer) is Winner.TIE
        why = f"{show.describe()}: the {wager.value} loses"
        if tied:
            why = (
                f"the player's {show.player.rank.value} ties the dealer's, and the dealer wins "
                f"ties at this table: the {wager.value} loses ({citation})"
            )
        return WagerOutcome.lose(
            wager, stake, why, citation if tied else HOUSE_RULE, hand=show.player
        )
    return None


def settle_street(
    config: ThbTableConfig, show: Showdown, ante: Decimal, decision: Decision, wager: ThbWager
) -> WagerOutcome | None:
    """The Flop, Turn or River Wager: 1 to 1 when the player's hand outranks the dealer's,
    a push on a tie, lost to the dealer; ``None`` when the player did not make it."""
    if not decision.makes(wager):
        return None
    stake = street_stake(config, ante, wager)
    tie = _tie_or_loss(wager, stake, show, config)
    if tie is not None:
        return tie
    table = config.paytable(wager)
    return _pay(wager, stake, table, table.rows[0], config, show.describe(), hand=show.player)


def settle_bonus(
    config: ThbTableConfig, deal: Deal, stake: Decimal, decision: Decision
) -> WagerOutcome:
    """The Bonus Wager on the player's two cards (and the dealer's, on Paytable A's top row),
    paid whatever the base game's result; forfeited on a fold where the rules say so."""
    wager = ThbWager.BONUS
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded and rules.bonus_on_fold is FoldTreatment.FORFEITED:
        citation = rules.citation("bonus_on_fold")
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player folded: the Bonus Wager is forfeited with the Ante ({citation})",
            citation,
            paytable=table,
        )
    dealer = deal.dealer if table.cards is HandSource.PLAYER_TWO_AND_DEALER_TWO else ()
    row = table.first_row(bonus_classes(deal.player, dealer))
    shown = describe_two_cards(deal.player)
    if row is None:
        return WagerOutcome.lose(
            wager,
            stake,
            f"the player's {shown} is not a winning combination on {table.name}: the Bonus "
            f"Wager loses ({table.citation})",
            table.citation,
            paytable=table,
        )
    why = f"the player holds {shown}"
    if row.hand is BonusHand.PLAYER_AND_DEALER_ACES:
        why += f" and the dealer {describe_two_cards(deal.dealer)}"
    return _pay(wager, stake, table, row, config, why)


# --- Five Card Hand Bonus, Magic Card Bonus, Lucky Bonus ---------------------------------------


def bonus_rules(config: ThbTableConfig) -> BonusRules:
    """How the table settles the Five Card Hand Bonus: a fold forfeits the bonus on the
    player's hand only where ``rules.five_card_hand_bonus_on_fold`` says so (by default it
    stays, § 639a.11(b) by analogy); the Magic Card is matched per ``rules.magic_card_matches``."""
    rules = config.rules
    return BonusRules(
        forfeited_on_fold=rules.five_card_hand_bonus_on_fold is FoldTreatment.FORFEITED,
        magic_on_two_cards=rules.magic_card_matches is MagicCardMatch.TWO_CARDS,
        meter_rounding=rules.meter_payout_rounding,
        flop="Flop",
        citing=FCHB_CITING,
    )


# --- the progressive -----------------------------------------------------------------------------


def settle_progressive(
    config: ThbTableConfig, deal: Deal, stake: Decimal, decision: Decision, draws: TableDraws
) -> WagerOutcome:
    """The Progressive Payout Wager on the property's own paytable and cards. Its chips went
    into the table inventory container before the deal (§ 639a.8(b), by analogy)."""
    wager = ThbWager.PROGRESSIVE
    rules = config.rules
    table = config.paytable(wager)
    if decision.folded and rules.progressive_on_fold is FoldTreatment.FORFEITED:
        return WagerOutcome.forfeited(wager, stake, rules.citation("progressive_on_fold"), table)
    hand = best_five(hand_cards(table.cards, deal, BetOn.PLAYER))
    row = table.first_row((hand.rank,))
    why = f"{table.cards.value} make {hand.rank.value} ({format_cards(hand.cards)})"
    if row is None:
        return WagerOutcome.lose(
            wager, stake, f"{why}, not on {table.name}", table.citation, paytable=table, hand=hand
        )
    return _pay(wager, stake, table, row, config, why, hand=hand, meter=draws.progressive_meter)


def envy_qualifies(config: ThbTableConfig, deal: Deal) -> HandValue | None:
    """The player's progressive hand if it is an Envy Bonus Qualifying Hand (§ 647a.1: a
    five-card straight flush or better), else None."""
    return envy_hand(
        config, lambda: hand_cards(config.paytable(ThbWager.PROGRESSIVE).cards, deal, BetOn.PLAYER)
    )


# --- one seat, all wagers ------------------------------------------------------------------------


def _apply_payout_limit(config: ThbTableConfig, outcomes: list[WagerOutcome]) -> list[WagerOutcome]:
    """Cut the wins on the limited wagers so one player is paid at most the payout limit in
    the round, taken in the order the wagers are settled (Ante, Flop, Turn, River, Bonus)."""
    limit = config.payout_limit
    limited = config.limited_wagers
    if limit is None:
        return outcomes
    left = limit
    capped: list[WagerOutcome] = []
    for outcome in outcomes:
        if outcome.wager in limited and outcome.result is Result.WIN:
            if outcome.paid > left:
                paid = left
                reason = (
                    f"{outcome.reason}; the payout limit of {format_money(limit)} per player per "
                    f"round leaves {format_money(paid)} to pay"
                )
                if paid == 0:
                    reason += ", so its stake is returned unpaid"
                outcome = replace(
                    outcome,
                    result=Result.PUSH if paid == 0 else Result.WIN,
                    paid=paid,
                    reason=f"{reason} ({HOUSE_RULE})",
                )
            left -= outcome.paid
        capped.append(outcome)
    return capped


def settle_seat(
    config: ThbTableConfig,
    deal: Deal,
    wagers: SeatWagers,
    decision: Decision,
    draws: TableDraws | None = None,
) -> tuple[WagerOutcome, ...]:
    """Every chip-wager outcome for one player, in ``ThbWager`` order, the payout limit
    applied. The round settles the Five Card Hand Bonus (games/community_round.py)."""
    draws = draws or TableDraws()
    for wager in wagers.placed():
        if not config.offers(wager):
            raise ValueError(f"{config.name} does not offer the {wager.value}")
    show = showdown(deal, config.rules.tie_pushes)
    outcomes: list[WagerOutcome] = [settle_ante(config, show, wagers.ante, decision)]
    for street in STREETS:
        outcome = settle_street(config, show, wagers.ante, decision, street)
        if outcome is not None:
            outcomes.append(outcome)
    if wagers.bonus:
        outcomes.append(settle_bonus(config, deal, wagers.bonus, decision))
    if wagers.progressive:
        outcomes.append(settle_progressive(config, deal, wagers.progressive, decision, draws))
    return tuple(_apply_payout_limit(config, outcomes))


__all__ = [
    "FCHB_CITING",
    "STREETS",
    "Decision",
    "InvalidDecision",
    "Result",
    "SeatWagers",
    "Showdown",
    "TableDraws",
    "WagerOutcome",
    "Winner",
    "bonus_rules",
    "envy_qualifies",
    "settle_ante",
    "settle_bonus",
    "settle_progressive",
    "settle_seat",
    "settle_street",
    "showdown",
    "street_stake",
]
