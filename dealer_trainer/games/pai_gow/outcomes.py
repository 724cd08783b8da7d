"""Pai Gow Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager for one seat on the table's Rules Submission and returns a
``PaiGowOutcome``: win, push or lose, the paytable row that applies, the exact amount paid, the
vigorish collected, and one sentence that names the hand and the row and cites the section a
trainee's mistake would break. The order in which a dealer settles them (§ 645a.11(h)) and the
round's bookkeeping are the procedure's business, not this module's.

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import JOKER, Card, format_cards
from dealer_trainer.games.outcome_support import (
    OutcomeFacts,
    Result,
    amount_text,
    cite_seed,
    positive_stake,
)
from dealer_trainer.games.pai_gow.config import (
    PAYOUT_LIMIT_CITATION,
    PaiGowPaytable,
    PaiGowRow,
    PaiGowTableConfig,
)
from dealer_trainer.games.pai_gow.wagers import (
    QUALIFYING_WAGERS,
    PaiGowCondition,
    PaiGowWager,
    ProtectionHand,
    RedBlackHand,
)
from dealer_trainer.hands.categories import HandRank
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.hands.pai_gow import (
    best_high,
    describe_high,
    describe_low,
    hand_rank,
    high_strength,
)
from dealer_trainer.hands.pai_gow_rules import JokerColour, PaiGowRules
from dealer_trainer.hands.pai_gow_seven import (
    CardColour,
    SevenCardClass,
    check_queens_dragon,
    classify_seven,
    colour_counts,
    has_ace_five_natural_straight_flush,
    protection_high_card,
    seven_card_straight_flush,
)
from dealer_trainer.hands.split import Split
from dealer_trainer.rules.money import ZERO, format_money
from dealer_trainer.rules.odds import OddsKind
from dealer_trainer.rules.provenance import Citation, Provenance, seed

WIN_CITATION = seed("seed 000", "645a.11(f)(3)", "645a.13(a)")
TIE_HIGH_CITATION = seed("seed 000", "645a.11(f)(2)(i)")
TIE_LOW_CITATION = seed("seed 000", "645a.11(f)(2)(ii)")
LOSS_CITATION = seed("seed 000", "645a.11(f)(2)", "645a.11(f)(3)")
"""Neither hand outranks the dealer's: not a tie under (f)(2), not a win under (f)(3). The loss
grounds (f)(1)(i)-(iii) themselves are not in the seed."""
FOUL_CITATION = seed("seed 000", "645a.11(f)(1)(iv)")
EZ_QUEENS_DRAGON_CITATION = seed("seed 000", "645a.11(f)(1)(v)", "645a.11(f)(2)(iii)")
QUEENS_DRAGON_LOSS = seed("seed 000", "645a.11(h)(5)")
DYNASTY_LOSS = seed("seed 000", "645a.11(h)(6)(i)(A)")
PROTECTION_LOSS = seed("seed 000", "645a.11(h)(7)")
RED_BLACK_LOSS = seed("seed 000", "645a.11(h)(8)")
PROGRESSIVE_LOSS = seed("seed 000", "645a.11(h)(4)(i)")
METER_AWARD_CITATION = seed("seed 000", "645a.11(h)(4)(ii)(D)")
ENVY_CITATION = seed("seed 000", "645a.11(h)(6)(ii)", "645a.13(g)")


class PaiGowOutcome(OutcomeFacts[PaiGowWager], frozen=True):
    """How one wager (or one Envy Bonus) of one seat is settled.

    ``paid`` is what the dealer pays before any vigorish; ``commission`` is the vigorish the
    dealer collects at the same time (§ 645a.13(a)); ``stake_returned`` says whether the stake
    goes back too. A lost wager has ``paid == 0`` and ``stake_returned`` False. A progressive
    "for 1" amount includes the stake, which went into the table inventory container before the
    deal. An Envy Bonus has no stake of its own. ``exact`` is ``paid`` before any rounding or
    payout limit, ``commission_exact`` the vigorish before rounding.
    """

    commission: Decimal = ZERO
    commission_exact: Decimal | None = None
    paytable: PaiGowPaytable | None = None
    row: PaiGowRow | None = None
    hand: SevenCardClass | None = None
    cards: tuple[Card, ...] = ()
    player_split: Split | None = None
    dealer_split: Split | None = None
    exact: Decimal | None = None
    capped: bool = False

    @property
    def total_to_player(self) -> Decimal:
        """Everything that goes back to the player: stake (if returned) plus win less vig."""
        return self.paid - self.commission + (self.stake if self.stake_returned else ZERO)

    @property
    def net(self) -> Decimal:
        """The player's gain against the stake ($13 won less $0.75 vig nets $12.25)."""
        return self.total_to_player - self.stake


# --- helpers -----------------------------------------------------------------------------------


def _seven(cards: Sequence[Card]) -> tuple[Card, ...]:
    seven = tuple(cards)
    if len(seven) != 7 or len(set(seven)) != 7:
        raise ValueError(f"a pai gow hand is seven different cards, not {format_cards(seven)}")
    return seven


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


_BASE_CLASS = {rank: SevenCardClass[rank.name] for rank in HandRank}


def seven_card_classes(cards: Sequence[Card], rules: PaiGowRules) -> frozenset[SevenCardClass]:
    """Every paytable class the seven cards hold, so a table without the best one pays the next.

    The best class (``classify_seven``) and the best five-card category, plus what they imply:
    any natural A-2-3-4-5 straight flush or seven-card straight flush among the cards, a royal
    flush as a straight flush and five aces as four of a kind. A paytable pays the first of
    them it prints (``PaiGowPaytable.first_row``), so the Fortune Bonus table, which has no
    ace/five row, pays an ace/five natural straight flush as a straight flush. Only the best
    five-card category is included: seven cards holding a straight and three of a kind are a
    straight (pai-gow.md § 10 item 6).
    """
    best = classify_seven(cards, rules)
    base = _BASE_CLASS[hand_rank(high_strength(cards, rules), rules)]
    classes = {best, base}
    if base is SevenCardClass.ROYAL_FLUSH:
        classes.add(SevenCardClass.STRAIGHT_FLUSH)
    if base is SevenCardClass.FIVE_ACES:
        classes.add(SevenCardClass.FOUR_OF_A_KIND)
    if has_ace_five_natural_straight_flush(cards):
        classes.add(SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH)
    seven = seven_card_straight_flush(cards, rules)
    if seven is not None:
        classes.add(seven)
    return frozenset(classes)


def _lose(
    wager: PaiGowWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: PaiGowPaytable | None = None,
    hand: SevenCardClass | None = None,
    cards: tuple[Card, ...] = (),
    player_split: Split | None = None,
    dealer_split: Split | None = None,
) -> PaiGowOutcome:
    return PaiGowOutcome(
        wager,
        Result.LOSE,
        stake,
        ZERO,
        False,
        reason,
        citation,
        paytable=paytable,
        hand=hand,
        cards=cards,
        player_split=player_split,
        dealer_split=dealer_split,
        exact=ZERO,
    )


def _pay(
    config: PaiGowTableConfig,
    stake: Decimal,
    table: PaiGowPaytable,
    row: PaiGowRow,
    why: str,
    *,
    cards: tuple[Card, ...],
    hand: SevenCardClass | None = None,
    meter: Decimal | None = None,
    after: str = "",
) -> PaiGowOutcome:
    """A winning outcome on ``row``: the amount, the payout limit (§ 645a.13(j), which covers
    every optional wager) and a reason naming the hand, the row and the section."""
    if row.odds.kind is OddsKind.METER_PERCENT and meter is None:
        raise ValueError(f"{table.name} pays {row}: the meter amount at the win is needed")
    payment = row.odds.payment(stake, meter=meter)
    paid = payment.paid
    amount = amount_text(row.odds, stake, payment, meter, "rounded down to the cent")
    capped = config.payout_limit is not None and paid > config.payout_limit
    if capped and config.payout_limit is not None:
        paid = config.payout_limit
        amount += (
            f", capped at the {format_money(paid)} payout limit per hand "
            f"({PAYOUT_LIMIT_CITATION.short})"
        )
    printed = "" if isinstance(row.hand, PaiGowCondition) else f" {row.label} at"
    reason = f"{why}: {table.name} pays{printed} {row.odds}: {amount} ({cite_seed(row.citation)})"
    return PaiGowOutcome(
        table.wager,
        Result.WIN,
        stake,
        paid,
        payment.stake_returned,
        reason + after,
        row.citation,
        paytable=table,
        row=row,
        hand=hand,
        cards=cards,
        exact=payment.exact,
        capped=capped,
    )


# --- the Pai Gow Poker Wager ---------------------------------------------------------------------


def limit_hand(
    config: PaiGowTableConfig, outcomes: Sequence[PaiGowOutcome]
) -> tuple[PaiGowOutcome, ...]:
    """One player's optional wagers on one hand, in the order they are settled, under the
    payout limit: it caps what is payable "to a player on a single hand" (§ 645a.13(j)), so the
    wagers share it. Each win is paid from what the earlier ones left; a win nothing is left
    for returns its stake unpaid. The Pai Gow Poker Wager (§ 645a.13(a)) and Envy Bonuses are
    outside the limit and are not passed here."""
    limit = config.payout_limit
    if limit is None:
        return tuple(outcomes)
    left = limit
    limited: list[PaiGowOutcome] = []
    for outcome in outcomes:
        if outcome.result is not Result.WIN:
            limited.append(outcome)
            continue
        if outcome.paid <= left:
            left -= outcome.paid
            limited.append(outcome)
            continue
        share = (
            f"; the {format_money(limit)} payout limit per hand "
            f"({PAYOUT_LIMIT_CITATION.short}) has {format_money(left)} left after this "
            "player's earlier wagers on the hand"
        )
        if left > 0:
            limited.append(replace(outcome, paid=left, capped=True, reason=outcome.reason + share))
        else:
            limited.append(
                replace(
                    outcome,
                    result=Result.PUSH,
                    paid=ZERO,
                    stake_returned=True,
                    capped=True,
                    reason=outcome.reason + share + ": the stake is returned unpaid",
                )
            )
        left = ZERO
    return tuple(limited)


def commission_on(config: PaiGowTableConfig, win: Decimal) -> Decimal:
    """The vigorish collected on a Pai Gow Poker Wager win: 5% of the win, rounded as the table
    chose (exact cents, or up to the next 25¢), none on EZ (§ 645a.13(a))."""
    return config.commission(win)[0]


def _versus(side: str, mine: HandValue, theirs: HandValue, rules: PaiGowRules) -> str:
    show = describe_low if side == "low" else (lambda value: describe_high(value, rules))
    if mine.strength > theirs.strength:
        verb = "beats"
    elif mine.strength == theirs.strength:
        verb = "is a copy of"
    else:
        verb = "loses to"
    return f"the player's {side} hand ({show(mine)}) {verb} the dealer's ({show(theirs)})"


def settle_pai_gow_wager(
    config: PaiGowTableConfig,
    player_split: Split,
    dealer_split: Split,
    stake: Decimal | int | str,
) -> PaiGowOutcome:
    """The Pai Gow Poker Wager, § 645a.11(f) (seed 000).

    The player wins only when both hands outrank the dealer's corresponding hands, paid 1 to 1
    less 5% vigorish collected with the payout (none on EZ), § 645a.13(a). One hand higher and
    the other identical or lower is a tie: the wager is returned, § 645a.11(f)(2)(i)-(ii), so
    identical hands ("copies") go to the dealer. A hand not set correctly loses,
    § 645a.11(f)(1)(iv). On an EZ table a dealer Queen's Dragon pushes the wager,
    "notwithstanding" the loss grounds, § 645a.11(f)(1)(v), (2)(iii), (3) (whether that reaches
    a fouled hand is ``rules.queens_dragon_pushes_fouled_hand``).

    The dealer's split is set by the house way and must be legal: ``ValueError`` otherwise, or
    when the two splits share a card.
    """
    amount = positive_stake(stake)
    wager = PaiGowWager.PAI_GOW
    rules = config.rules.hand_rules
    table = config.paytable(wager)
    shared = set(player_split.cards) & set(dealer_split.cards)
    if shared:
        raise ValueError(f"the player and the dealer cannot both hold {format_cards(shared)}")
    dealer = dealer_split.check(rules)
    if not dealer.legal or dealer.high is None or dealer.low is None:
        raise ValueError(
            f"the dealer's hand is not set correctly ({dealer.reason}); "
            "the house way never fouls the dealer's hand"
        )
    player = player_split.check(rules)
    dragon = config.is_ez and check_queens_dragon(dealer_split.cards).is_queens_dragon
    if dragon and (player.legal or config.rules.queens_dragon_pushes_fouled_hand):
        foul = ""
        citation = EZ_QUEENS_DRAGON_CITATION
        if not player.legal:
            setting = config.rules.citation("queens_dragon_pushes_fouled_hand")
            foul = f", even though the player's hand is not set correctly ({setting})"
        return PaiGowOutcome(
            wager,
            Result.PUSH,
            amount,
            ZERO,
            True,
            f"the dealer's seven cards ({format_cards(dealer_split.cards)}) are a Queen's "
            f"Dragon on an EZ Pai Gow Poker table: the Pai Gow Poker Wager pushes{foul} "
            f"({citation.short})",
            citation,
            paytable=table,
            exact=ZERO,
            player_split=player_split,
            dealer_split=dealer_split,
        )
    if not player.legal or player.high is None or player.low is None:
        return _lose(
            wager,
            amount,
            f"the player's hand is not set correctly: {player.reason}; a hand set "
            f"incorrectly loses ({FOUL_CITATION.short})",
            FOUL_CITATION,
            paytable=table,
            player_split=player_split,
            dealer_split=dealer_split,
        )
    assert dealer.high is not None and dealer.low is not None
    high = _versus("high", player.high, dealer.high, rules)
    low = _versus("low", player.low, dealer.low, rules)
    wins_high = player.high.strength > dealer.high.strength
    wins_low = player.low.strength > dealer.low.strength
    if wins_high and wins_low:
        row = table.rows[0]
        payment = row.odds.payment(amount)
        collected, exact = config.commission(payment.paid)
        if config.is_ez:
            vig = ", no vigorish on EZ Pai Gow Poker"
        else:
            rounded = f" rounded up to {format_money(collected)}" if collected != exact else ""
            vig = (
                f", less {config.commission_percent.normalize():f}% vigorish of "
                f"{format_money(exact)}{rounded} collected with the payout"
            )
        return PaiGowOutcome(
            wager,
            Result.WIN,
            amount,
            payment.paid,
            True,
            f"{high} and {low}: the {wager.value} pays {row.odds}: {format_money(amount)} "
            f"wins {format_money(payment.paid)}{vig} ({WIN_CITATION.short})",
            WIN_CITATION,
            commission=collected,
            commission_exact=exact,
            paytable=table,
            row=row,
            exact=payment.exact,
            player_split=player_split,
            dealer_split=dealer_split,
        )
    if wins_high or wins_low:
        citation = TIE_HIGH_CITATION if wins_high else TIE_LOW_CITATION
        return PaiGowOutcome(
            wager,
            Result.PUSH,
            amount,
            ZERO,
            True,
            f"{high} but {low}: one hand wins and the other does not, a tie; the wager is "
            f"returned ({citation.short})",
            citation,
            paytable=table,
            exact=ZERO,
            player_split=player_split,
            dealer_split=dealer_split,
        )
    copies = player.high.strength == dealer.high.strength or (
        player.low.strength == dealer.low.strength
    )
    copy_note = " (copies go to the dealer)" if copies else ""
    return _lose(
        wager,
        amount,
        f"{high} and {low}: neither hand outranks the dealer's{copy_note}, so the wager "
        f"loses ({LOSS_CITATION.short})",
        LOSS_CITATION,
        paytable=table,
        player_split=player_split,
        dealer_split=dealer_split,
    )


# --- optional wagers on the dealer's or the player's seven cards ------------------------------


def settle_queens_dragon(
    config: PaiGowTableConfig, dealer_seven: Sequence[Card], stake: Decimal | int | str
) -> PaiGowOutcome:
    """The Queen's Dragon Wager (EZ): 50 to 1 when the dealer's seven cards are a Queen's Dragon,
    §§ 645a.11(h)(5), 645a.13(f); the dealer's cards, § 645a.7(e)(5)(i)."""
    amount = positive_stake(stake)
    cards = _seven(dealer_seven)
    table = config.paytable(PaiGowWager.QUEENS_DRAGON)
    check = check_queens_dragon(cards)
    if not check.is_queens_dragon:
        return _lose(
            PaiGowWager.QUEENS_DRAGON,
            amount,
            f"the dealer's seven cards ({format_cards(cards)}) are not a Queen's Dragon: "
            f"{check.reason}; the Queen's Dragon Wager loses ({QUEENS_DRAGON_LOSS.short})",
            QUEENS_DRAGON_LOSS,
            paytable=table,
            cards=cards,
        )
    row = table.rows[0]
    why = f"the dealer's Queen's Dragon ({format_cards(cards)})"
    return _pay(config, amount, table, row, why, cards=cards)


def _seven_card_bonus(
    config: PaiGowTableConfig,
    wager: PaiGowWager,
    player_seven: Sequence[Card],
    stake: Decimal | int | str,
    loss: Citation,
    loss_text: str,
) -> PaiGowOutcome:
    amount = positive_stake(stake)
    cards = _seven(player_seven)
    table = config.paytable(wager)
    rules = config.rules.hand_rules_for(wager)
    row = table.first_row(seven_card_classes(cards, rules))
    if row is None:
        best = best_high(cards, rules)
        return _lose(
            wager,
            amount,
            f"the player's seven cards ({format_cards(cards)}) make "
            f"{describe_high(best, rules)}, {loss_text}; the {wager.value} loses "
            f"({cite_seed(loss)})",
            loss,
            paytable=table,
            hand=classify_seven(cards, rules),
            cards=cards,
        )
    hand = row.hand if isinstance(row.hand, SevenCardClass) else None
    why = f"the player's seven cards ({format_cards(cards)}) make {_lower(row.label)}"
    return _pay(config, amount, table, row, why, cards=cards, hand=hand)


def settle_dynasty(
    config: PaiGowTableConfig, player_seven: Sequence[Card], stake: Decimal | int | str
) -> PaiGowOutcome:
    """The Dynasty Bonus Wager (EZ): three of a kind or better in the player's seven cards, or
    one of the special hands of § 645a.6(g), paid on the § 645a.13(g) table; less loses,
    § 645a.11(h)(6)(i)(A). Its Envy Bonus column is paid separately (``settle_envy_bonuses``).
    """
    return _seven_card_bonus(
        config,
        PaiGowWager.DYNASTY_BONUS,
        player_seven,
        stake,
        DYNASTY_LOSS,
        "less than three of a kind",
    )


def settle_fortune_bonus(
    config: PaiGowTableConfig, player_seven: Sequence[Card], stake: Decimal | int | str
) -> PaiGowOutcome:
    """The Fortune Bonus Wager (§ 645a.7(e)(1)) on the player's seven cards. Its paytable,
    § 645a.13(b)-(d), is not in the seeds: the shipped table is STANDARD, or the property's."""
    wager = PaiGowWager.FORTUNE_BONUS
    table = config.paytable(wager)
    return _seven_card_bonus(
        config, wager, player_seven, stake, table.citation, f"not on {table.name}"
    )


def settle_emperors_treasure(
    config: PaiGowTableConfig, player_seven: Sequence[Card], stake: Decimal | int | str
) -> PaiGowOutcome:
    """The Emperor's Treasure Wager (named in § 645a.1) on the player's seven cards; its
    paytable is not in the seeds (the shipped table is STANDARD, or the property's)."""
    wager = PaiGowWager.EMPERORS_TREASURE
    table = config.paytable(wager)
    return _seven_card_bonus(
        config, wager, player_seven, stake, table.citation, f"not on {table.name}"
    )


def settle_progressive(
    config: PaiGowTableConfig,
    player_seven: Sequence[Card],
    stake: Decimal | int | str,
    meter: Decimal | None = None,
) -> PaiGowOutcome:
    """The Progressive Payout Wager: a seven-card full house or better (§§ 645a.7(e)(4),
    645a.6(f)) paid on the Rules Submission's rows (§ 645a.13(e) is not in the seeds); less is
    collected, § 645a.11(h)(4)(i). ``meter`` is the meter at the win, needed for a share of it;
    a share that falls between cents is rounded down to the cent (no rule in the seeds).
    """
    amount = positive_stake(stake)
    cards = _seven(player_seven)
    wager = PaiGowWager.PROGRESSIVE
    table = config.paytable(wager)
    rules = config.rules.hand_rules
    row = table.first_row(seven_card_classes(cards, rules))
    if row is None:
        best = best_high(cards, rules)
        return _lose(
            wager,
            amount,
            f"the player's seven cards ({format_cards(cards)}) make "
            f"{describe_high(best, rules)}, not a hand on {table.name}; the Progressive Payout "
            f"Wager is collected ({PROGRESSIVE_LOSS.short})",
            PROGRESSIVE_LOSS,
            paytable=table,
            hand=classify_seven(cards, rules),
            cards=cards,
        )
    after = ""
    if row.odds.kind is OddsKind.METER_PERCENT:
        after = (
            "; a share of the meter is not paid from the table inventory container and the "
            "player's cards stay on the table until the documentation is complete "
            f"({METER_AWARD_CITATION.short})"
        )
    hand = row.hand if isinstance(row.hand, SevenCardClass) else None
    why = f"the player's seven cards ({format_cards(cards)}) make {_lower(row.label)}"
    return _pay(config, amount, table, row, why, cards=cards, hand=hand, meter=meter, after=after)


_PROTECTION_ROWS = {
    "9": ProtectionHand.NINE_HIGH,
    "T": ProtectionHand.TEN_HIGH,
    "J": ProtectionHand.JACK_HIGH,
    "Q": ProtectionHand.QUEEN_HIGH,
    "K": ProtectionHand.KING_HIGH,
    "A": ProtectionHand.ACE_HIGH,
}


def protection_row(config: PaiGowTableConfig, cards: Sequence[Card]) -> PaiGowRow | None:
    """The Protection row seven cards are paid on, or ``None`` when the wager loses: the
    ace/five natural straight flush where the table prints it, else the high card of a hand
    with no pair or better, nine through ace (§ 645a.11(h)(7))."""
    table = config.paytable(PaiGowWager.PROTECTION)
    ace_five = table.row(ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH)
    if ace_five is not None and has_ace_five_natural_straight_flush(cards):
        return ace_five
    high = protection_high_card(cards, config.rules.hand_rules)
    if high is None:
        return None
    row = table.row(_PROTECTION_ROWS[high.value])
    assert row is not None
    return row


def settle_protection(
    config: PaiGowTableConfig, player_seven: Sequence[Card], stake: Decimal | int | str
) -> PaiGowOutcome:
    """The Protection Wager (EZ): no pair or better but a nine-through-ace high card in the
    player's seven cards, paid by the high card on the § 645a.13(h) table; otherwise collected,
    § 645a.11(h)(7). A straight or flush is "better" than a pair, so it loses too; the joker
    plays as an ace. The printed ace/five natural straight flush row is paid only when the
    property confirmed it (``rules.protection_pays_ace_five_straight_flush``).
    """
    amount = positive_stake(stake)
    cards = _seven(player_seven)
    wager = PaiGowWager.PROTECTION
    table = config.paytable(wager)
    rules = config.rules.hand_rules
    shown = format_cards(cards)
    row = protection_row(config, cards)
    if row is not None and row.hand is ProtectionHand.ACE_FIVE_NATURAL_STRAIGHT_FLUSH:
        setting = config.rules.citation("protection_pays_ace_five_straight_flush")
        why = f"the player's seven cards ({shown}) hold an ace/five natural straight flush"
        return _pay(
            config,
            amount,
            table,
            row,
            why,
            cards=cards,
            hand=SevenCardClass.ACE_FIVE_NATURAL_STRAIGHT_FLUSH,
            after=f"; the row is paid because the property confirmed it ({setting})",
        )
    best = best_high(cards, rules)
    if row is None:
        if best.rank is HandRank.HIGH_CARD:
            why = f"only {describe_high(best, rules)}, below the nine-high the wager needs"
        else:
            why = f"{describe_high(best, rules)}: a pair or better loses the wager"
        return _lose(
            wager,
            amount,
            f"the player's seven cards ({shown}) make {why}; the Protection Wager is "
            f"collected ({PROTECTION_LOSS.short})",
            PROTECTION_LOSS,
            paytable=table,
            hand=classify_seven(cards, rules),
            cards=cards,
        )
    ace_high = row.hand is ProtectionHand.ACE_HIGH
    joker = " (the joker plays as an ace)" if JOKER in cards and ace_high else ""
    why = f"the player's seven cards ({shown}) hold no pair or better, {describe_high(best, rules)}"
    return _pay(config, amount, table, row, why + joker, cards=cards, hand=SevenCardClass.HIGH_CARD)


_JOKER_COLOUR_TEXT = {
    JokerColour.NEITHER: "the joker counts as neither colour",
    JokerColour.RED: "the joker counts as red",
    JokerColour.BLACK: "the joker counts as black",
}


def settle_red_black(
    config: PaiGowTableConfig,
    player_seven: Sequence[Card],
    colour: CardColour,
    stake: Decimal | int | str,
) -> PaiGowOutcome:
    """The Red/Black Wager (EZ) on ``colour``, the player's chosen colour: four or more cards of
    it win on the § 645a.13(i) table, fewer are collected, § 645a.11(h)(8). The joker's colour
    is the property's setting (``rules.joker_colour``): the seed does not address it."""
    amount = positive_stake(stake)
    cards = _seven(player_seven)
    wager = PaiGowWager.RED_BLACK
    table = config.paytable(wager)
    count = colour_counts(cards, config.rules.hand_rules).of(colour)
    name = colour.value.lower()
    joker = ""
    if JOKER in cards:
        setting = config.rules.citation("joker_colour")
        joker = f" ({_JOKER_COLOUR_TEXT[config.rules.joker_colour]}, {setting})"
    shown = f"the player's seven cards ({format_cards(cards)}) hold {count} {name} cards{joker}"
    row_hand = RedBlackHand.for_count(count)
    row = table.row(row_hand) if row_hand is not None else None
    if row is None:
        return _lose(
            wager,
            amount,
            f"{shown}, fewer than four of the chosen colour; the Red/Black Wager is collected "
            f"({RED_BLACK_LOSS.short})",
            RED_BLACK_LOSS,
            paytable=table,
            cards=cards,
        )
    return _pay(config, amount, table, row, shown, cards=cards)


# --- the Envy Bonus ---------------------------------------------------------------------------


def envy_lammer(
    config: PaiGowTableConfig, stakes: Mapping[PaiGowWager, Decimal]
) -> PaiGowWager | None:
    """The Qualifying Wager that earns this player an Envy lammer, or ``None``.

    A Fortune Bonus, Emperor's Treasure or Dynasty Bonus Wager of at least $5 is a Qualifying
    Wager (§ 645a.1) and gets an Envy lammer at "no more bets" (§ 645a.8(b)(1)); when a player
    has several, ``PaiGowTableConfig.envy_wager`` says whose Envy column pays.
    """
    placed = [
        wager
        for wager in QUALIFYING_WAGERS
        if config.offers(wager) and stakes.get(wager, ZERO) >= config.qualifying_wager_minimum
    ]
    return config.envy_wager(placed) if placed else None


def envy_qualifies(
    config: PaiGowTableConfig, player_seven: Sequence[Card], wager: PaiGowWager | None = None
) -> SevenCardClass | None:
    """The Envy Bonus Qualifying Hand the seven cards make, or ``None``.

    A qualifying hand is one with an amount in the Envy column of ``wager``'s paytable (by
    default the table's, ``envy_wager``): on the Dynasty table four of a kind or better,
    § 645a.13(g). Every player's hand counts, with or without a wager of the player's own,
    § 645a.11(h)(6)(i)(C).
    """
    chosen = wager or config.envy_wager()
    if chosen is None:
        return None
    table = config.paytable(chosen)
    row = table.first_envy_row(seven_card_classes(_seven(player_seven), _rules_for(config, chosen)))
    if row is None or not isinstance(row.hand, SevenCardClass):
        return None
    return row.hand


def envy_amount(
    config: PaiGowTableConfig,
    qualifying_class: SevenCardClass,
    wager: PaiGowWager | None = None,
) -> Decimal:
    """The fixed Envy Bonus for one qualifying hand (§ 645a.13(g) for Dynasty): what each player
    with an Envy lammer is paid for another player's ``qualifying_class``; $0 for a hand that
    does not qualify. Not subject to the payout limit, § 645a.13(j)."""
    chosen = wager or config.envy_wager()
    if chosen is None:
        return ZERO
    row = config.paytable(chosen).row(qualifying_class)
    return row.envy if row is not None and row.envy is not None else ZERO


def _rules_for(config: PaiGowTableConfig, wager: PaiGowWager) -> PaiGowRules:
    return config.rules.hand_rules_for(wager)


def settle_envy_bonuses(
    config: PaiGowTableConfig,
    sevens: Mapping[int, Sequence[Card]],
    stakes: Mapping[int, Mapping[PaiGowWager, Decimal]],
) -> dict[int, tuple[PaiGowOutcome, ...]]:
    """Every Envy Bonus of the round, by seat, after all Dynasty Bonus Wagers are settled.

    ``sevens`` holds each seated player's seven cards (never the dealer's: a player is not
    entitled to an Envy Bonus for the dealer's hand) and ``stakes`` each seat's wagers. Each
    player with an Envy lammer is paid once for every qualifying hand held by another player,
    never for the player's own, § 645a.11(h)(6)(ii); amounts from the lammer's paytable.
    """
    paid: dict[int, tuple[PaiGowOutcome, ...]] = {}
    for seat, seat_stakes in stakes.items():
        wager = envy_lammer(config, seat_stakes)
        if wager is None:
            continue
        table = config.paytable(wager)
        outcomes: list[PaiGowOutcome] = []
        for other, cards in sevens.items():
            if other == seat:
                continue
            hand = envy_qualifies(config, cards, wager)
            if hand is None:
                continue
            row = table.row(hand)
            assert row is not None and row.envy is not None
            citation = ENVY_CITATION if row.provenance is Provenance.SEED else row.citation
            outcomes.append(
                PaiGowOutcome(
                    PaiGowWager.ENVY_BONUS,
                    Result.WIN,
                    ZERO,
                    row.envy,
                    False,
                    f"seat {other}'s seven cards ({format_cards(tuple(cards))}) make "
                    f"{_lower(row.label)}, an Envy Bonus Qualifying Hand: the player's Envy "
                    f"lammer ({wager.value}) is paid {format_money(row.envy)} "
                    f"({cite_seed(citation)}); no payout limit applies to an Envy Bonus "
                    f"({PAYOUT_LIMIT_CITATION.short})",
                    citation,
                    paytable=table,
                    row=row,
                    hand=hand,
                    cards=tuple(cards),
                    exact=row.envy,
                )
            )
        if outcomes:
            paid[seat] = tuple(outcomes)
    return paid


__all__ = [
    "PaiGowOutcome",
    "Result",
    "commission_on",
    "envy_amount",
    "envy_lammer",
    "envy_qualifies",
    "limit_hand",
    "settle_dynasty",
    "settle_emperors_treasure",
    "settle_envy_bonuses",
    "settle_fortune_bonus",
    "settle_pai_gow_wager",
    "settle_progressive",
    "settle_protection",
    "settle_queens_dragon",
    "settle_red_black",
    "seven_card_classes",
]
