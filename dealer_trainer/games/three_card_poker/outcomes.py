"""Three Card Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager of one player on the table's Rules Submission and returns a
``ThreeCardOutcome``: win, push or lose, the paytable row that applies, the exact amount paid,
and one sentence naming the hands and the row and citing where the rule comes from. The order
in which a dealer settles them and the round's bookkeeping are the procedure's business.

No text of ch. 649a is in the seeds, so almost every rule here is [STANDARD] and read from the
table's settings (three-card-poker.md §§ 2, 5, 6): the dealer's qualification, the Ante when the
dealer does not qualify, ties, what a fold forfeits. Every reason says where its rule comes
from, so a trainee never mistakes a property's number for the regulation's. The Five-Card
Progressive Payout Wager and its Envy Bonus are seed 000's (preamble); its hand is the player's
three cards and the two community cards, which count for no other wager.

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from enum import Enum

from msgspec import Struct
from msgspec.structs import force_setattr

from dealer_trainer.cards import Card
from dealer_trainer.games.five_card_hand_bonus import DEFAULT_METER_ROUNDING
from dealer_trainer.games.outcome_support import (
    OutcomeFacts,
    Result,
    Winner,
    cite_code,
    compare,
    envy_to_each_other,
    positive_stake,
    showdown_text,
)
from dealer_trainer.games.three_card_poker.config import (
    FIVE_CARD_PROGRESSIVE_CITATION,
    ThreeCardPaytable,
    ThreeCardPokerTableConfig,
    ThreeCardRow,
)
from dealer_trainer.games.three_card_poker.hands import (
    dealer_qualifies,
    describe_hand,
    five_card_classes,
    five_card_hand,
    six_card_hand,
    three_card_classes,
    three_card_hand,
)
from dealer_trainer.games.three_card_poker.wagers import (
    ENVY_OF,
    PROGRESSIVE_WAGERS,
    FiveCardClass,
    FoldRule,
    NonQualifyingAnte,
    ThreeCardClass,
    ThreeCardCondition,
    ThreeCardDecision,
    ThreeCardWager,
    TieRule,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance, analog, seed, standard

FOLD_CITATION = standard(
    "unverified: a fold forfeits the Ante and the hand (three-card-poker.md § 6)"
)
PROGRESSIVE_DROPPED = analog("ch. 639a (seed 000)", "639a.8(b)")
"""The progressive chips went into the table inventory container before the deal."""
METER_AWARD_CITATION = analog("ch. 645a (seed 000)", "645a.11(h)(4)(ii)(D)")
"""A percentage of the meter is not paid from the table inventory container; the cards stay
until the documentation is complete (three-card-poker.md § 8)."""
ENVY_PAY_CITATION = Citation(
    Provenance.ANALOG, ("645a.11(h)(6)(ii)",), "seed 000, ch. 645a, by analogy; § 649a.1 proposed"
)
COMMUNITY_ONLY = seed("seed 000, preamble", "649a.8", "649a.9", "649a.10")


class ThreeCardWagers(Struct, frozen=True):
    """What one player wagered before the deal, in dollars; zero = not placed.

    The Play Wager is not here: it is made at the decision, equal to the Ante. The two
    progressives are chips collected into the table inventory container before the deal; the
    Five Card Hand Bonus on the player's and on the dealer's hand is electronic, settled by the
    shared module.
    """

    ante: Decimal
    pair_plus: Decimal = ZERO
    six_card_bonus: Decimal = ZERO
    progressive: Decimal = ZERO
    five_card_progressive: Decimal = ZERO
    five_card_hand_bonus: Decimal = ZERO
    five_card_hand_bonus_dealer: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in self.__struct_fields__:
            amount = to_money(getattr(self, name))
            if amount < 0:
                raise ValueError(f"the {name} wager cannot be negative ({format_money(amount)})")
            force_setattr(self, name, amount)

    def stake(self, wager: ThreeCardWager) -> Decimal:
        """The chips of ``wager`` before the decision (the Play is added by ``placed``)."""
        stakes = {
            ThreeCardWager.ANTE: self.ante,
            ThreeCardWager.PAIR_PLUS: self.pair_plus,
            ThreeCardWager.SIX_CARD_BONUS: self.six_card_bonus,
            ThreeCardWager.PROGRESSIVE: self.progressive,
            ThreeCardWager.FIVE_CARD_PROGRESSIVE: self.five_card_progressive,
        }
        return stakes.get(wager, ZERO)

    def placed(self, decision: ThreeCardDecision) -> dict[ThreeCardWager, Decimal]:
        """Every chip wager placed, the Play Wager included when the player played."""
        placed = {
            wager: self.stake(wager)
            for wager in (
                ThreeCardWager.ANTE,
                ThreeCardWager.PAIR_PLUS,
                ThreeCardWager.SIX_CARD_BONUS,
                *PROGRESSIVE_WAGERS,
            )
        }
        if not decision.folded:
            placed[ThreeCardWager.PLAY] = self.ante
        return {wager: stake for wager, stake in placed.items() if stake > 0}


class ThreeCardOutcome(OutcomeFacts[ThreeCardWager], frozen=True):
    """How one wager (or the Ante Bonus, or an Envy Bonus) of one seat is settled.

    ``paid`` is what the dealer pays; ``stake_returned`` says whether the stake goes back too
    ("X to 1" wagers keep their stake; a progressive's "X for 1" or meter share includes it, as
    its chips went into the container before the deal). The Ante Bonus and the Envy Bonuses are
    all gain (``net``). ``other_seat`` is the holder of the hand an Envy Bonus is paid for.
    """

    paytable: ThreeCardPaytable | None = None
    row: ThreeCardRow | None = None
    hand: HandValue | None = None
    exact: Decimal | None = None
    other_seat: int | None = None

    @property
    def net(self) -> Decimal:
        if self.wager in (
            ThreeCardWager.ANTE_BONUS,
            ThreeCardWager.ENVY_BONUS,
            ThreeCardWager.FIVE_CARD_ENVY_BONUS,
        ):
            return self.paid
        return self.total_to_player - self.stake


class Showdown(Struct, frozen=True):
    """The player's three cards against the dealer's, and whether the dealer qualifies."""

    player: HandValue
    dealer: HandValue
    qualifies: bool

    @property
    def winner(self) -> Winner:
        return compare(self.player, self.dealer)

    def describe(self) -> str:
        return showdown_text(describe_hand(self.player), describe_hand(self.dealer), self.winner)


def showdown(
    config: ThreeCardPokerTableConfig, player_cards: Sequence[Card], dealer_cards: Sequence[Card]
) -> Showdown:
    """Compare the player's three cards with the dealer's under the table's qualification."""
    if set(player_cards) & set(dealer_cards):
        raise ValueError("the player and the dealer cannot hold the same card")
    dealer = three_card_hand(dealer_cards)
    qualifies = dealer_qualifies(dealer, config.rules.dealer_qualifies_with)
    return Showdown(three_card_hand(player_cards), dealer, qualifies)


# --- helpers -----------------------------------------------------------------------------------


def _pay(
    table: ThreeCardPaytable,
    row: ThreeCardRow,
    stake: Decimal,
    why: str,
    *,
    hand: HandValue | None,
    returned: bool = True,
    meter: Decimal | None = None,
    after: str = "",
) -> ThreeCardOutcome:
    """A winning outcome on ``row``: "X to 1" keeps the stake; "X for 1" and a meter share
    include it."""
    odds = row.odds
    payment = odds.payment(stake, meter=meter, meter_rounding=DEFAULT_METER_ROUNDING)
    printed = "" if isinstance(row.hand, ThreeCardCondition) else f" {row.label} at"
    if odds.kind is OddsKind.METER_PERCENT:
        share = f"{odds.percent.normalize():f}%"
        amount = f"{share} of {format_money(meter or ZERO)} is {format_money(payment.paid)}"
        returned = False
    elif odds.kind is OddsKind.FOR:
        amount = f"{format_money(stake)} is paid {format_money(payment.paid)} in total"
        returned = False
    else:
        amount = f"{format_money(stake)} wins {format_money(payment.paid)}"
    text = f"{table.name} pays{printed} {odds}: {amount}"
    reason = f"{why}: {text}{after} ({cite_code(row.citation)})"
    return ThreeCardOutcome(
        table.wager,
        Result.WIN,
        stake,
        payment.paid,
        returned,
        reason,
        row.citation,
        table,
        row,
        hand,
        payment.exact,
    )


def _lose(
    wager: ThreeCardWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: ThreeCardPaytable | None = None,
    hand: HandValue | None = None,
) -> ThreeCardOutcome:
    return ThreeCardOutcome(
        wager, Result.LOSE, stake, ZERO, False, reason, citation, paytable, None, hand, ZERO
    )


def _push(
    wager: ThreeCardWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: ThreeCardPaytable | None = None,
    hand: HandValue | None = None,
) -> ThreeCardOutcome:
    return ThreeCardOutcome(
        wager, Result.PUSH, stake, ZERO, True, reason, citation, paytable, None, hand, ZERO
    )


# --- Ante and Play -------------------------------------------------------------------------------


def _qualification(config: ThreeCardPokerTableConfig) -> str:
    rule = config.rules.dealer_qualifies_with.value
    return f"{rule} ({config.rules.citation('dealer_qualifies_with')})"


def _against_dealer(
    config: ThreeCardPokerTableConfig, wager: ThreeCardWager, show: Showdown, stake: Decimal
) -> ThreeCardOutcome:
    """Ante or Play of a player who stayed in, against a qualifying dealer: 1 to 1 when the
    player's three cards are higher, lost when the dealer's are; a tie follows ``rules.ties``."""
    table = config.paytable(wager)
    row = table.rows[0]
    winner = show.winner
    qualified = f"{show.describe()}, a qualifying hand ({_qualification(config)})"
    if winner is Winner.PLAYER:
        return _pay(table, row, stake, qualified, hand=show.player)
    if winner is Winner.DEALER:
        return _lose(
            wager,
            stake,
            f"{qualified}: the {wager.value} loses ({cite_code(table.citation)})",
            table.citation,
            paytable=table,
            hand=show.player,
        )
    setting = config.rules.citation("ties")
    if config.rules.ties is TieRule.PUSH:
        return _push(
            wager,
            stake,
            f"{qualified}; identical hands push: the {wager.value} is returned ({setting})",
            setting,
            paytable=table,
            hand=show.player,
        )
    return _lose(
        wager,
        stake,
        f"{qualified}; a tie goes to the dealer: the {wager.value} loses ({setting})",
        setting,
        paytable=table,
        hand=show.player,
    )


def settle_ante(
    config: ThreeCardPokerTableConfig,
    show: Showdown,
    stake: Decimal | int | str,
    decision: ThreeCardDecision,
) -> ThreeCardOutcome:
    """The Ante: forfeited on a fold; paid 1 to 1 (or returned, as the table says) when the
    dealer does not qualify; otherwise against the dealer's three cards."""
    amount = positive_stake(stake)
    wager = ThreeCardWager.ANTE
    table = config.paytable(wager)
    if decision.folded:
        return _lose(
            wager,
            amount,
            "the player folded: the Ante and the hand are forfeited, collected before the "
            f"dealer's cards are revealed ({FOLD_CITATION})",
            FOLD_CITATION,
            paytable=table,
        )
    if show.qualifies:
        return _against_dealer(config, wager, show, amount)
    rules = config.rules
    setting = rules.citation("ante_when_dealer_does_not_qualify")
    why = (
        f"the dealer's {describe_hand(show.dealer)} does not qualify: less than "
        f"{_qualification(config)}"
    )
    if rules.ante_when_dealer_does_not_qualify is NonQualifyingAnte.PAID:
        return _pay(table, table.rows[0], amount, why, hand=show.player, after=f" ({setting})")
    return _push(
        wager,
        amount,
        f"{why}: the Ante is returned ({setting})",
        setting,
        paytable=table,
        hand=show.player,
    )


def settle_play(
    config: ThreeCardPokerTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: ThreeCardDecision,
) -> ThreeCardOutcome | None:
    """The Play Wager, equal to the Ante: returned when the dealer does not qualify, otherwise
    against the dealer's three cards; ``None`` on a fold (there is no Play Wager)."""
    if decision.folded:
        return None
    amount = positive_stake(ante)
    wager = ThreeCardWager.PLAY
    if show.qualifies:
        return _against_dealer(config, wager, show, amount)
    table = config.paytable(wager)
    citation = config.rules.citation("dealer_qualifies_with")
    return _push(
        wager,
        amount,
        f"the dealer's {describe_hand(show.dealer)} does not qualify: less than "
        f"{_qualification(config)}, so the Play Wager is returned ({citation})",
        citation,
        paytable=table,
        hand=show.player,
    )


def settle_ante_bonus(
    config: ThreeCardPokerTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: ThreeCardDecision,
) -> ThreeCardOutcome | None:
    """The Ante Bonus: paid on the Ante for the player's straight or better when the player
    made the Play Wager, whatever the dealer holds or whether it qualifies
    (three-card-poker.md § 2.2, § 5, [STANDARD]). ``None`` when nothing is owed: a fold, or a
    hand below the table."""
    if decision.folded:
        return None
    amount = positive_stake(ante)
    table = config.paytable(ThreeCardWager.ANTE_BONUS)
    row = table.first_row(three_card_classes(show.player))
    if row is None:
        return None
    why = (
        f"the player's {describe_hand(show.player)} on the Ante of {format_money(amount)}, "
        "whatever the dealer holds"
    )
    return _pay(table, row, amount, why, hand=show.player, returned=False)


# --- wagers on a hand alone ---------------------------------------------------------------------


def _folded_side_wager(
    config: ThreeCardPokerTableConfig,
    wager: ThreeCardWager,
    amount: Decimal,
    decision: ThreeCardDecision,
) -> tuple[ThreeCardOutcome | None, str]:
    """A fold forfeits ``wager`` or leaves it in action, as ``rules`` says: the forfeit outcome,
    or ``None`` and the words a reason adds for a wager kept in action."""
    if not decision.folded:
        return None, ""
    rules = config.rules
    setting = rules.fold_citation(wager)
    if rules.on_fold(wager) is FoldRule.FORFEITED:
        dropped = ""
        if wager in PROGRESSIVE_WAGERS:
            dropped = (
                "; its chips are already in the table inventory container "
                f"({cite_code(PROGRESSIVE_DROPPED)})"
            )
        outcome = _lose(
            wager,
            amount,
            f"the player folded: the {wager.value} is forfeited with the Ante and the hand, "
            f"whatever the cards ({setting}){dropped}",
            setting,
            paytable=config.paytable(wager),
        )
        return outcome, ""
    return None, f"; it stays in action after the fold ({setting})"


def settle_pair_plus(
    config: ThreeCardPokerTableConfig,
    player_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: ThreeCardDecision,
) -> ThreeCardOutcome:
    """Pair Plus: a pair or better in the player's three cards, paid on its paytable whatever
    the dealer holds and even when the player's hand loses to the dealer's
    (three-card-poker.md § 1, § 7 item 5.3); on a fold, ``rules.pair_plus_on_fold``."""
    amount = positive_stake(stake)
    wager = ThreeCardWager.PAIR_PLUS
    forfeited, kept = _folded_side_wager(config, wager, amount, decision)
    if forfeited is not None:
        return forfeited
    table = config.paytable(wager)
    hand = three_card_hand(player_cards)
    row = table.first_row(three_card_classes(hand))
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's {describe_hand(hand)} is less than a pair: Pair Plus loses whatever "
            f"the dealer holds{kept} ({cite_code(table.citation)})",
            table.citation,
            paytable=table,
            hand=hand,
        )
    why = f"the player's {describe_hand(hand)}, whatever the dealer holds{kept}"
    return _pay(table, row, amount, why, hand=hand)


def settle_six_card_bonus(
    config: ThreeCardPokerTableConfig,
    player_cards: Sequence[Card],
    dealer_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: ThreeCardDecision,
) -> ThreeCardOutcome:
    """The 6 Card Bonus: the best five of the player's three cards and the dealer's three, on
    the rows the Rules Submission states; on a fold, ``rules.six_card_bonus_on_fold``."""
    amount = positive_stake(stake)
    wager = ThreeCardWager.SIX_CARD_BONUS
    forfeited, kept = _folded_side_wager(config, wager, amount, decision)
    if forfeited is not None:
        return forfeited
    table = config.paytable(wager)
    hand = six_card_hand(player_cards, dealer_cards)
    row = table.first_row(five_card_classes(hand))
    if row is None:
        return _lose(
            wager,
            amount,
            f"the best five of the player's and the dealer's six cards make "
            f"{describe_hand(hand)}, not a hand on {table.name}: the 6 Card Bonus loses{kept} "
            f"({cite_code(table.citation)})",
            table.citation,
            paytable=table,
            hand=hand,
        )
    why = (
        f"the best five of the player's and the dealer's six cards make {describe_hand(hand)}{kept}"
    )
    return _pay(table, row, amount, why, hand=hand)


def progressive_hand(
    wager: ThreeCardWager, player_cards: Sequence[Card], community: Sequence[Card]
) -> HandValue:
    """The hand a progressive is paid on: the three cards, or, for the Five-Card Progressive,
    the three cards and the two community cards."""
    if wager is ThreeCardWager.PROGRESSIVE:
        return three_card_hand(player_cards)
    return five_card_hand(player_cards, community)


def _classes(
    wager: ThreeCardWager, hand: HandValue
) -> frozenset[ThreeCardClass] | frozenset[FiveCardClass]:
    if wager is ThreeCardWager.PROGRESSIVE:
        return three_card_classes(hand)
    return five_card_classes(hand)


def settle_progressive(
    config: ThreeCardPokerTableConfig,
    wager: ThreeCardWager,
    player_cards: Sequence[Card],
    community: Sequence[Card],
    stake: Decimal | int | str,
    decision: ThreeCardDecision,
    meter: Decimal | None = None,
) -> ThreeCardOutcome:
    """A Progressive Payout Wager (the three-card one, or the Five-Card one on the three cards
    and the two community cards) on the Rules Submission's rows: "X for 1" or a share of
    ``meter``, the meter at the win; less loses. Its chips went into the table inventory
    container before the deal (§ 639a.8(b), by analogy), so a loss leaves nothing to collect.
    On a fold, ``rules.progressive_on_fold``."""
    if wager not in PROGRESSIVE_WAGERS:
        raise ValueError(f"the {wager.value} is not a progressive wager")
    amount = positive_stake(stake)
    forfeited, kept = _folded_side_wager(config, wager, amount, decision)
    if forfeited is not None:
        return forfeited
    table = config.paytable(wager)
    hand = progressive_hand(wager, player_cards, community)
    row = table.first_row(_classes(wager, hand))
    cards = "three cards" if wager is ThreeCardWager.PROGRESSIVE else "three cards and the two "
    if wager is ThreeCardWager.FIVE_CARD_PROGRESSIVE:
        cards += f"community cards ({COMMUNITY_ONLY})"
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's {cards} make {describe_hand(hand)}, not a hand on {table.name}: "
            f"the {wager.value} loses{kept}; its chips are already in the table inventory "
            f"container ({cite_code(PROGRESSIVE_DROPPED)})",
            table.citation,
            paytable=table,
            hand=hand,
        )
    after = kept
    if row.odds.kind is OddsKind.METER_PERCENT:
        after += (
            "; a share of the meter is not paid from the table inventory container and the "
            f"cards stay on the table until the documentation is complete ({METER_AWARD_CITATION})"
        )
    why = f"the player's {cards} make {describe_hand(hand)}"
    if wager is ThreeCardWager.FIVE_CARD_PROGRESSIVE:
        why += f" ({FIVE_CARD_PROGRESSIVE_CITATION})"
    return _pay(table, row, amount, why, hand=hand, meter=meter, after=after)


# --- the Envy Bonuses ---------------------------------------------------------------------------


def envy_qualifies(
    config: ThreeCardPokerTableConfig, wager: ThreeCardWager, hand: HandValue
) -> bool:
    """Whether ``hand`` (three or five cards, by ``wager``) is an Envy Bonus Qualifying Hand on
    a table whose ``wager`` pays an Envy Bonus: the qualifying row or any row above it in the
    paytable's own order of hands."""
    if config.envy_amount(wager) is None:
        return False
    wanted = config.envy_qualifying_hand(wager)
    three = wager is ThreeCardWager.PROGRESSIVE
    order: Sequence[Enum] = tuple(ThreeCardClass) if three else tuple(FiveCardClass)
    better = set(order[: order.index(wanted) + 1])
    return bool(better & set(_classes(wager, hand)))


def settle_envy_bonuses(
    config: ThreeCardPokerTableConfig,
    wager: ThreeCardWager,
    holders: Mapping[int, HandValue],
    bettors: Iterable[int],
) -> dict[int, tuple[ThreeCardOutcome, ...]]:
    """Every Envy Bonus ``wager`` earns this round, by the seat paid, once all those wagers are
    settled: each bettor is paid the Rules Submission's fixed amount once for every qualifying
    hand another player holds, never for the player's own or the dealer's (§ 645a.11(h)(6)(ii),
    by analogy; Envy Bonus proposed for § 649a.1, seed 000, preamble). ``holders`` are the
    hands of the players still in the round, ``bettors`` the seats whose ``wager`` is in action.
    """
    amount = config.envy_amount(wager)
    if amount is None:
        return {}
    qualifying = {
        seat: hand for seat, hand in holders.items() if envy_qualifies(config, wager, hand)
    }
    table = config.paytable(wager)
    envy = ENVY_OF[wager]

    def pay(other: int, hand: HandValue) -> ThreeCardOutcome:
        return ThreeCardOutcome(
            envy,
            Result.WIN,
            ZERO,
            amount,
            False,
            f"seat {other} holds {describe_hand(hand)}, an Envy Bonus Qualifying Hand "
            f"({config.envy_citation(wager)}): the player's {wager.value} earns the "
            f"{envy.value}, {format_money(amount)} ({table.citation}); never for the "
            "player's own hand",
            ENVY_PAY_CITATION,
            table,
            None,
            hand,
            amount,
            other,
        )

    return envy_to_each_other(bettors, qualifying, pay)


__all__ = [
    "FOLD_CITATION",
    "Result",
    "Showdown",
    "ThreeCardOutcome",
    "ThreeCardWagers",
    "Winner",
    "envy_qualifies",
    "progressive_hand",
    "settle_ante",
    "settle_ante_bonus",
    "settle_envy_bonuses",
    "settle_pair_plus",
    "settle_play",
    "settle_progressive",
    "settle_six_card_bonus",
    "showdown",
]
