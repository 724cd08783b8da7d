"""Caribbean Stud Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager of one player on the table's Rules Submission and returns a
``CaribbeanStudOutcome``: win, push or lose, the paytable row that applies, the exact amount
paid, and one sentence naming the hands and the row and citing the section a trainee's mistake
would break. The order in which a dealer settles them (§ 639a.11(c)) and the round's
bookkeeping are the procedure's business, not this module's.

What the seed fixes (seed 000, ch. 639a): the dealer qualifies with ace/king or better and the
Bet is returned when the dealer does not (§ 639a.2(b)(7)); the Bet is twice the Ante and a fold
forfeits every wager but the Five Card Hand Bonus (§ 639a.11(b)); the Caribbean Stud Bonus is a
wager on the player's own five cards, a pair of 10s or better (§ 639a.7(d)(3)). The Ante paying
1 to 1, ties pushing and the paytables themselves are common practice (caribbean-stud.md § 4),
cited as such.

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card, format_cards
from dealer_trainer.games.caribbean_stud.config import (
    BONUS_HAND_CITATION,
    ENVY_CITATION,
    FOLD_CITATION,
    PROGRESSIVE_HAND_CITATION,
    TIE_CITATION,
    CaribbeanStudTableConfig,
    StudPaytable,
    StudRow,
)
from dealer_trainer.games.caribbean_stud.hands import (
    QUALIFYING_CITATION,
    at_least,
    dealer_qualifies,
    describe_hand,
    five_card_hand,
    row_classes,
)
from dealer_trainer.games.caribbean_stud.wagers import CaribbeanStudWager, StudDecision
from dealer_trainer.games.outcome_support import (
    OutcomeFacts,
    Result,
    Winner,
    amount_text,
    cite_seed,
    compare,
    envy_to_each_other,
    positive_stake,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance, seed, standard

COMPARISON = standard("unverified: the higher five-card hand wins (caribbean-stud.md § 4)")
PROGRESSIVE_DROPPED = seed("seed 000", "639a.8(b)")
"""The progressive chips went into the table inventory container before the deal."""
METER_AWARD_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(4)(ii)(D)",), "seed 000, ch. 645a, by analogy"
)
"""A percentage of the meter is not paid from the table inventory container; the cards stay
until the documentation is complete (stated for pai gow; caribbean-stud.md § 7)."""
ENVY_PAY_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(6)(ii)",), "seed 000, ch. 645a, by analogy; § 639a.1"
)


class StudWagers(Struct, frozen=True):
    """What one player wagered before the deal, in dollars; zero = not placed.

    The Bet is not here: it is made at the decision, exactly twice the Ante (§ 639a.11(b)).
    ``five_card_hand_bonus`` and ``five_card_hand_bonus_dealer`` are the electronic Five Card
    Hand Bonus on the player's and on the dealer's hand (§ 639a.7(d)(4)); they are not in
    ``placed``: no chips lie on the layout, and the shared module settles them.
    """

    ante: Decimal
    caribbean_stud_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in (
            "ante",
            "caribbean_stud_bonus",
            "progressive",
            "five_card_hand_bonus",
            "five_card_hand_bonus_dealer",
        ):
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            force_setattr(self, name, amount)
        if self.ante <= 0:
            raise ValueError("every player places an Ante (§ 639a.7(d))")

    def bet(self, decision: StudDecision) -> Decimal:
        """The Bet Wager: two times the Ante, or nothing on a fold (§ 639a.11(b))."""
        return ZERO if decision.folded else self.ante * 2

    def placed(self, decision: StudDecision) -> dict[CaribbeanStudWager, Decimal]:
        """The wagers with a stake, keyed by wager, in ``CaribbeanStudWager`` order."""
        stakes = {
            CaribbeanStudWager.ANTE: self.ante,
            CaribbeanStudWager.BET: self.bet(decision),
            CaribbeanStudWager.CARIBBEAN_STUD_BONUS: self.caribbean_stud_bonus,
            CaribbeanStudWager.PROGRESSIVE: self.progressive,
        }
        return {wager: stake for wager, stake in stakes.items() if stake > 0}


class CaribbeanStudOutcome(OutcomeFacts[CaribbeanStudWager], frozen=True):
    """How one wager (or one Envy Bonus) of one player is settled.

    ``paid`` is what the dealer pays; ``stake_returned`` says whether the stake goes back too.
    A lost wager has ``paid == 0`` and ``stake_returned`` False. A progressive "for 1" amount
    includes the stake, which went into the table inventory container before the deal
    (§ 639a.8(b)). An Envy Bonus has no stake of its own; ``other_seat`` is the seat whose hand
    earned it. ``exact`` is ``paid`` before rounding.
    """

    paytable: StudPaytable | None = None
    row: StudRow | None = None
    hand: HandValue | None = None
    exact: Decimal | None = None
    other_seat: int | None = None


class Showdown(Struct, frozen=True):
    """The player's and the dealer's five-card hands, whether the dealer qualifies, who wins."""

    player: HandValue
    dealer: HandValue
    dealer_qualifies: bool
    winner: Winner

    def describe(self) -> str:
        player = describe_hand(self.player, article=False)
        dealer = describe_hand(self.dealer, article=False)
        if self.winner is Winner.TIE:
            return f"the player's {player} is identical in rank to the dealer's {dealer}"
        if self.winner is Winner.PLAYER:
            return f"the player's {player} outranks the dealer's {dealer}"
        return f"the dealer's {dealer} outranks the player's {player}"


def showdown(player_cards: Sequence[Card], dealer_cards: Sequence[Card]) -> Showdown:
    """Compare the two five-card hands; ``ValueError`` if they share a card."""
    shared = set(player_cards) & set(dealer_cards)
    if shared:
        raise ValueError(f"the player and the dealer cannot both hold {format_cards(shared)}")
    player = five_card_hand(player_cards)
    dealer = five_card_hand(dealer_cards)
    winner = compare(player, dealer)
    return Showdown(player, dealer, dealer_qualifies(dealer), winner)


# --- helpers -----------------------------------------------------------------------------------


def _lose(
    wager: CaribbeanStudWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: StudPaytable | None = None,
    hand: HandValue | None = None,
) -> CaribbeanStudOutcome:
    return CaribbeanStudOutcome(
        wager, Result.LOSE, stake, ZERO, False, reason, citation, paytable, None, hand, ZERO
    )


def _push(
    wager: CaribbeanStudWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: StudPaytable | None = None,
    hand: HandValue | None = None,
) -> CaribbeanStudOutcome:
    return CaribbeanStudOutcome(
        wager, Result.PUSH, stake, ZERO, True, reason, citation, paytable, None, hand, ZERO
    )


def _pay(
    config: CaribbeanStudTableConfig,
    stake: Decimal,
    table: StudPaytable,
    row: StudRow,
    why: str,
    *,
    hand: HandValue | None = None,
    meter: Decimal | None = None,
    after: str = "",
    citation: Citation | None = None,
) -> CaribbeanStudOutcome:
    """A winning outcome on ``row``: the amount and a reason naming the hand, the row and the
    section (``citation`` overrides the row's, e.g. for the Ante on a non-qualifying dealer)."""
    if row.odds.kind is OddsKind.METER_PERCENT and meter is None:
        raise ValueError(f"{table.name} pays {row}: the meter amount at the win is needed")
    payment = row.odds.payment(
        stake, meter=meter, meter_rounding=config.rules.meter_payout_rounding
    )
    amount = amount_text(row.odds, stake, payment, meter)
    cited = citation or row.citation
    printed = "" if table.wager is CaribbeanStudWager.ANTE else f" {row.label} at"
    reason = f"{why}: {table.name} pays{printed} {row.odds}: {amount} ({cite_seed(cited)})"
    return CaribbeanStudOutcome(
        table.wager,
        Result.WIN,
        stake,
        payment.paid,
        payment.stake_returned,
        reason + after,
        cited,
        table,
        row,
        hand,
        payment.exact,
    )


def _folded(
    wager: CaribbeanStudWager,
    stake: Decimal,
    table: StudPaytable | None,
    extra: str = "",
    hand: HandValue | None = None,
) -> CaribbeanStudOutcome:
    return _lose(
        wager,
        stake,
        f"the player folded: the {wager.value} is forfeited with every wager but the Five Card "
        f"Hand Bonus{extra} ({FOLD_CITATION.short})",
        FOLD_CITATION,
        paytable=table,
        hand=hand,
    )


# --- the Ante and the Bet -----------------------------------------------------------------------


def settle_ante(
    config: CaribbeanStudTableConfig,
    show: Showdown,
    stake: Decimal | int | str,
    decision: StudDecision,
) -> CaribbeanStudOutcome:
    """The Ante: forfeited on a fold (§ 639a.11(b)); 1 to 1 when the dealer does not qualify
    (the table's rule, [STANDARD] by default) or when the player outranks a qualifying dealer;
    a push on identical hands; lost to a higher qualifying dealer hand."""
    amount = positive_stake(stake)
    wager = CaribbeanStudWager.ANTE
    table = config.paytable(wager)
    if decision.folded:
        return _folded(wager, amount, table)
    if not show.dealer_qualifies:
        setting = config.rules.citation("ante_when_dealer_does_not_qualify")
        why = (
            f"the dealer's {describe_hand(show.dealer, article=False)} is less than ace/king and "
            f"does not qualify ({QUALIFYING_CITATION.short})"
        )
        if config.ante_paid_when_dealer_does_not_qualify:
            return _pay(
                config, amount, table, table.rows[0], why, hand=show.player, citation=setting
            )
        return _push(
            wager,
            amount,
            f"{why}: the Ante is returned at this table ({cite_seed(setting)})",
            setting,
            paytable=table,
            hand=show.player,
        )
    return _against_dealer(config, wager, amount, table, show)


def settle_bet(
    config: CaribbeanStudTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: StudDecision,
) -> CaribbeanStudOutcome | None:
    """The Bet, twice the Ante (§ 639a.11(b)); ``None`` after a fold (no Bet was made).

    Returned when the dealer has less than ace/king (§ 639a.2(b)(7)); against a qualifying
    dealer paid on the Bet paytable by the player's hand when it outranks the dealer's, pushed
    on identical hands, lost to a higher dealer hand.
    """
    if decision.folded:
        return None
    amount = positive_stake(ante) * config.bet_multiple
    wager = CaribbeanStudWager.BET
    table = config.paytable(wager)
    if not show.dealer_qualifies:
        return _push(
            wager,
            amount,
            f"the dealer's {describe_hand(show.dealer, article=False)} is less than ace/king "
            f"and does not qualify: the Bet is returned ({QUALIFYING_CITATION.short})",
            QUALIFYING_CITATION,
            paytable=table,
            hand=show.player,
        )
    return _against_dealer(config, wager, amount, table, show)


def _against_dealer(
    config: CaribbeanStudTableConfig,
    wager: CaribbeanStudWager,
    stake: Decimal,
    table: StudPaytable,
    show: Showdown,
) -> CaribbeanStudOutcome:
    """A wager against a dealer who qualifies: a push on identical hands, a loss to a higher
    dealer hand, a win paid on ``table`` (the Ante's 1 to 1, the Bet by the player's hand)."""
    qualifies = f"the dealer qualifies ({QUALIFYING_CITATION.short}) and "
    if show.winner is Winner.TIE:
        return _push(
            wager,
            stake,
            f"{qualifies}{show.describe()}: the {wager.value} pushes ({cite_seed(TIE_CITATION)})",
            TIE_CITATION,
            paytable=table,
            hand=show.player,
        )
    if show.winner is Winner.DEALER:
        return _lose(
            wager,
            stake,
            f"{qualifies}{show.describe()}: the {wager.value} loses ({cite_seed(COMPARISON)})",
            COMPARISON,
            paytable=table,
            hand=show.player,
        )
    row = table.rows[0] if wager is CaribbeanStudWager.ANTE else None
    if row is None:
        row = table.first_row(row_classes(show.player))
    if row is None:  # config validation gives the Bet table a row for every winning hand
        raise ValueError(f"{table.name} has no row for the player's {show.player.rank.value}")
    return _pay(config, stake, table, row, f"{qualifies}{show.describe()}", hand=show.player)


# --- the optional wagers ------------------------------------------------------------------------


def settle_caribbean_stud_bonus(
    config: CaribbeanStudTableConfig,
    player_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: StudDecision,
) -> CaribbeanStudOutcome:
    """The Caribbean Stud Bonus: a pair of 10s or better in the player's five cards
    (§ 639a.7(d)(3)), paid on the table's paytable whatever the dealer holds; less loses, and a
    fold forfeits it whatever the hand (§ 639a.11(b))."""
    amount = positive_stake(stake)
    wager = CaribbeanStudWager.CARIBBEAN_STUD_BONUS
    table = config.paytable(wager)
    hand = five_card_hand(player_cards)
    row = table.first_row(row_classes(hand))
    if decision.folded:
        extra = f", even though the five cards make {describe_hand(hand)}" if row else ""
        return _folded(wager, amount, table, extra, hand)
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's five cards make {describe_hand(hand)}, less than a pair of 10s: the "
            f"Caribbean Stud Bonus loses ({BONUS_HAND_CITATION.short})",
            BONUS_HAND_CITATION,
            paytable=table,
            hand=hand,
        )
    why = (
        f"the player's five cards make {describe_hand(hand)}, a pair of 10s or better, whatever "
        f"the dealer holds ({BONUS_HAND_CITATION.short})"
    )
    return _pay(config, amount, table, row, why, hand=hand)


def settle_progressive(
    config: CaribbeanStudTableConfig,
    player_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: StudDecision,
    meter: Decimal | None = None,
) -> CaribbeanStudOutcome:
    """The Progressive Payout Wager on the Rules Submission's rows (§ 639a.12 is not in the
    seeds): a Progressive Payout Hand (§ 639a.1) is paid "for 1" or a share of ``meter``, the
    meter at the win; less loses. Its chips went into the table inventory container before the
    deal (§ 639a.8(b)), so a loss leaves nothing to collect. A fold forfeits it even with a
    Progressive Payout Hand (§ 639a.11(b))."""
    amount = positive_stake(stake)
    wager = CaribbeanStudWager.PROGRESSIVE
    table = config.paytable(wager)
    hand = five_card_hand(player_cards)
    row = table.first_row(row_classes(hand))
    if decision.folded:
        extra = f", even though the five cards make {describe_hand(hand)}" if row else ""
        return _folded(wager, amount, table, extra, hand)
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's five cards make {describe_hand(hand)}, not a hand on {table.name}: "
            "the Progressive Payout Wager loses; its chips are already in the table inventory "
            f"container ({PROGRESSIVE_DROPPED.short})",
            table.citation,
            paytable=table,
            hand=hand,
        )
    after = ""
    if row.odds.kind is OddsKind.METER_PERCENT:
        after = (
            "; a share of the meter is not paid from the table inventory container and the "
            "player's cards stay on the table until the documentation is complete "
            f"({METER_AWARD_CITATION})"
        )
    why = (
        f"the player's five cards make {describe_hand(hand)}, a Progressive Payout Hand "
        f"({PROGRESSIVE_HAND_CITATION.short})"
    )
    return _pay(config, amount, table, row, why, hand=hand, meter=meter, after=after)


# --- the Envy Bonus ---------------------------------------------------------------------------


def envy_qualifies(
    config: CaribbeanStudTableConfig, player_cards: Sequence[Card]
) -> HandValue | None:
    """The player's hand when it is an Envy Bonus Qualifying Hand (a five-card straight flush
    or better, § 639a.1) on a table that pays an Envy Bonus; otherwise ``None``."""
    if config.envy_amount is None:
        return None
    hand = five_card_hand(player_cards)
    return hand if at_least(hand, config.envy_qualifying_hand) else None


def settle_envy_bonuses(
    config: CaribbeanStudTableConfig,
    live_hands: Mapping[int, Sequence[Card]],
    progressive_bettors: Iterable[int],
) -> dict[int, tuple[CaribbeanStudOutcome, ...]]:
    """Every Envy Bonus of the round, by the seat paid, after all progressive wagers are settled.

    ``live_hands`` holds the five cards of each player still in the round (a folded hand went
    to the discard rack before the reveal, § 639a.11(c)); ``progressive_bettors`` the seats
    whose Progressive Payout Wager is in action (a fold forfeits it, § 639a.11(b)). Each is paid
    the Rules Submission's fixed amount once for every qualifying hand held by another player,
    never for the player's own or the dealer's (§ 639a.1; § 645a.11(h)(6)(ii), by analogy).
    """
    amount = config.envy_amount
    if amount is None:
        return {}
    holders = {
        seat: hand
        for seat, cards in live_hands.items()
        if (hand := envy_qualifies(config, cards)) is not None
    }
    table = config.paytable(CaribbeanStudWager.PROGRESSIVE)

    def pay(other: int, hand: HandValue) -> CaribbeanStudOutcome:
        return CaribbeanStudOutcome(
            CaribbeanStudWager.ENVY_BONUS,
            Result.WIN,
            ZERO,
            amount,
            False,
            f"seat {other}'s five cards make {describe_hand(hand)}, an Envy Bonus "
            f"Qualifying Hand ({ENVY_CITATION}): the player's Progressive Payout Wager "
            f"earns the Envy Bonus, {format_money(amount)} ({table.citation}); never for "
            "the player's own hand",
            ENVY_PAY_CITATION,
            table,
            None,
            hand,
            amount,
            other,
        )

    return envy_to_each_other(progressive_bettors, holders, pay)


# --- one seat, all wagers ------------------------------------------------------------------------


def settle_seat(
    config: CaribbeanStudTableConfig,
    player_cards: Sequence[Card],
    dealer_cards: Sequence[Card],
    wagers: StudWagers,
    decision: StudDecision,
    meter: Decimal | None = None,
) -> tuple[CaribbeanStudOutcome, ...]:
    """Every outcome for one player in ``CaribbeanStudWager`` order (Ante, Bet, Caribbean Stud
    Bonus, progressive), not a settlement order. ``ValueError`` for a wager the table does not
    offer; table limits are the round's to check."""
    for wager in wagers.placed(decision):
        if not config.offers(wager):
            raise ValueError(f"{config.name} does not offer the {wager.value}")
    show = showdown(player_cards, dealer_cards)
    outcomes = [settle_ante(config, show, wagers.ante, decision)]
    bet = settle_bet(config, show, wagers.ante, decision)
    if bet is not None:
        outcomes.append(bet)
    if wagers.caribbean_stud_bonus:
        outcomes.append(
            settle_caribbean_stud_bonus(config, player_cards, wagers.caribbean_stud_bonus, decision)
        )
    if wagers.progressive:
        outcomes.append(
            settle_progressive(config, player_cards, wagers.progressive, decision, meter)
        )
    return tuple(outcomes)


__all__ = [
    "COMPARISON",
    "CaribbeanStudOutcome",
    "Result",
    "Showdown",
    "StudWagers",
    "Winner",
    "envy_qualifies",
    "settle_ante",
    "settle_bet",
    "settle_caribbean_stud_bonus",
    "settle_envy_bonuses",
    "settle_progressive",
    "settle_seat",
    "showdown",
]
