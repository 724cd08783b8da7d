"""Crazy 4 Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager for one seat on the table's Rules Submission and returns a
``Crazy4Outcome``: win, push or lose, the paytable row that applies, the exact amount paid, and
one sentence that names both hands and the row and cites the rule a trainee's mistake would
break. The order in which a dealer settles them is the procedure's business.

Read from the Code: the hands and their ranking (§§ 657a.1, 657a.6(b)-(c)). The wager rules are
the game's published house rules, because §§ 657a.7, 657a.11 and 657a.12 are not among the
stored pages; each is a Rules Submission setting or a paytable the property selects:

- the dealer qualifies with king high or better; a dealer who does not qualify pushes the Ante
  and pays the Play 1 to 1;
- against a qualifying dealer the higher hand wins the Ante and Play at 1 to 1 (ties:
  ``rules.ties``, push by default);
- the Super Bonus pays its paytable on a straight or better whatever the dealer holds, the stake
  returned even when the Ante and Play lose; below a straight it pushes unless the dealer's
  qualifying hand is higher, when it loses;
- the Queens Up pays a pair of queens or better whatever the dealer holds;
- a fold forfeits the Ante, the Super Bonus and (``rules.queens_up_on_fold``) the Queens Up.

A payout limit per hand, where the table sets one, caps what the limited wagers of one hand are
paid together, taken in settlement order (``limit_payouts``).

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.cards import Card
from dealer_trainer.games.best_four_hands import InvalidDecision, PlayDecision
from dealer_trainer.games.best_four_hands import Showdown as BestFourShowdown
from dealer_trainer.games.crazy_4_poker.config import (
    HOUSE_RULES,
    Crazy4Paytable,
    Crazy4PokerRules,
    Crazy4PokerTableConfig,
    Crazy4Row,
)
from dealer_trainer.games.crazy_4_poker.hands import (
    dealer_hand,
    describe_hand,
    hand_classes,
    may_raise,
    player_hand,
    qualifies,
)
from dealer_trainer.games.crazy_4_poker.wagers import (
    Crazy4Condition,
    Crazy4Wager,
    FoldRule,
    TieRule,
)
from dealer_trainer.games.outcome_support import (
    OutcomeFacts,
    Result,
    Winner,
    cite_code,
    positive_stake,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import ZERO, format_money, to_money
from dealer_trainer.rules.provenance import Citation, standard

FOLD_CITATION = standard(HOUSE_RULES)
"""A folding player forfeits the Ante and the Super Bonus, collected before the dealer's reveal."""
QUALIFY_CITATION = standard(HOUSE_RULES)
"""The dealer qualifies with king high or better."""
SUPER_BONUS_CITATION = standard(HOUSE_RULES)
"""Below a straight the Super Bonus pushes unless the dealer's qualifying hand is higher."""
QUEENS_UP_CITATION = standard(HOUSE_RULES)
"""The Queens Up: a pair of queens or better, paid whatever the dealer holds."""


class Decision(PlayDecision, frozen=True):
    """The player's one decision after reviewing the five cards: forfeit the Ante, the Super
    Bonus and the hand (fold), or make a Play Wager of ``multiple`` times the Ante. Use
    ``Decision.fold()`` or ``Decision.play(3)``."""

    def check(self, rules: Crazy4PokerRules, cards: Sequence[Card] | None = None) -> None:
        """Raise ``InvalidDecision`` unless the Play multiple is one the table allows for these
        cards: ``play_multiples`` always, ``raise_multiples`` with a pair of aces or better.
        Without ``cards`` only the multiples any hand could make are checked."""
        if self.folded or self.multiple in rules.play_multiples:
            return
        allowed = sorted(set(rules.play_multiples) | set(rules.raise_multiples))
        if self.multiple not in allowed:
            options = " or ".join(f"{m}x" for m in allowed)
            raise InvalidDecision(
                f"a Play Wager is {options} the Ante, not {self.multiple}x "
                f"({rules.citation('raise_multiples')})"
            )
        if cards is not None and not may_raise(player_hand(cards)):
            options = " or ".join(f"{m}x" for m in rules.play_multiples)
            raise InvalidDecision(
                f"a Play Wager above {options} the Ante needs a pair of aces or better, and "
                f"the best four are {describe_hand(player_hand(cards))} "
                f"({rules.citation('raise_multiples')})"
            )


class Showdown(BestFourShowdown, frozen=True):
    """The player's best four of five, the dealer's best four of five, and who is higher."""

    @property
    def dealer_qualifies(self) -> bool:
        return qualifies(self.dealer)


def showdown(player_cards: Sequence[Card], dealer_cards: Sequence[Card]) -> Showdown:
    """Compare the player's best four of five with the dealer's best four of five."""
    if set(player_cards) & set(dealer_cards):
        raise ValueError("the player and the dealer cannot hold the same card")
    return Showdown(player_hand(player_cards), dealer_hand(dealer_cards))


class Crazy4Outcome(OutcomeFacts[Crazy4Wager], frozen=True):
    """How one wager of one seat is settled.

    ``paid`` is what the dealer pays; ``stake_returned`` says whether the stake goes back too. A
    lost wager has ``paid == 0`` and ``stake_returned`` False. ``exact`` is what the paytable
    pays before a payout limit cuts it.
    """

    paytable: Crazy4Paytable | None = None
    row: Crazy4Row | None = None
    hand: HandValue | None = None
    exact: Decimal | None = None


# --- helpers -----------------------------------------------------------------------------------


def _pay(
    table: Crazy4Paytable,
    row: Crazy4Row,
    stake: Decimal,
    why: str,
    *,
    hand: HandValue | None,
    after: str = "",
) -> Crazy4Outcome:
    """A winning outcome on ``row`` ("X to Y": the stake stays, X/Y per unit is won)."""
    payment = row.odds.payment(stake)
    printed = "" if isinstance(row.hand, Crazy4Condition) else f" {row.label} at"
    reason = (
        f"{why}: {table.name} pays{printed} {row.odds}: {format_money(stake)} wins "
        f"{format_money(payment.paid)}{after} ({cite_code(row.citation)})"
    )
    return Crazy4Outcome(
        table.wager,
        Result.WIN,
        stake,
        payment.paid,
        True,
        reason,
        row.citation,
        table,
        row,
        hand,
        payment.exact,
    )


def _lose(
    wager: Crazy4Wager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: Crazy4Paytable | None = None,
    hand: HandValue | None = None,
) -> Crazy4Outcome:
    return Crazy4Outcome(
        wager, Result.LOSE, stake, ZERO, False, reason, citation, paytable, None, hand, ZERO
    )


def _push(
    wager: Crazy4Wager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: Crazy4Paytable | None = None,
    hand: HandValue | None = None,
) -> Crazy4Outcome:
    return Crazy4Outcome(
        wager, Result.PUSH, stake, ZERO, True, reason, citation, paytable, None, hand, ZERO
    )


def _forfeit(wager: Crazy4Wager, stake: Decimal, table: Crazy4Paytable) -> Crazy4Outcome:
    return _lose(
        wager,
        stake,
        f"the player folded: the Ante, the Super Bonus and the hand are forfeited, collected "
        f"before the dealer's cards are revealed ({cite_code(FOLD_CITATION)})",
        FOLD_CITATION,
        paytable=table,
    )


def _not_qualified(show: Showdown) -> str:
    return (
        f"the dealer's {describe_hand(show.dealer)} is below king high: the dealer does not qualify"
    )


# --- Ante and Play -------------------------------------------------------------------------------


def _against_dealer(
    config: Crazy4PokerTableConfig,
    wager: Crazy4Wager,
    show: Showdown,
    stake: Decimal,
) -> Crazy4Outcome:
    """Ante or Play of a player who stayed in, against a qualifying dealer: 1 to 1 when the
    player's best four outranks the dealer's, lost when the dealer's is higher; a tie follows
    ``rules.ties``."""
    table = config.paytable(wager)
    row = table.rows[0]
    winner = show.winner
    if winner is Winner.PLAYER:
        return _pay(table, row, stake, show.describe(), hand=show.player)
    if winner is Winner.DEALER:
        return _lose(
            wager,
            stake,
            f"{show.describe()}: the {wager.value} loses ({cite_code(table.citation)})",
            table.citation,
            paytable=table,
            hand=show.player,
        )
    rules = config.rules
    setting = rules.citation("ties")
    if rules.ties is TieRule.PLAYER_WINS:
        why = f"{show.describe()}; a tie goes to the player ({setting})"
        return _pay(table, row, stake, why, hand=show.player)
    if rules.ties is TieRule.PUSH:
        return _push(
            wager,
            stake,
            f"{show.describe()}; a tie pushes: the {wager.value} is returned ({setting})",
            setting,
            paytable=table,
            hand=show.player,
        )
    return _lose(
        wager,
        stake,
        f"{show.describe()}; a tie goes to the dealer: the {wager.value} loses ({setting})",
        setting,
        paytable=table,
        hand=show.player,
    )


def settle_ante(
    config: Crazy4PokerTableConfig,
    show: Showdown,
    stake: Decimal | int | str,
    decision: Decision,
) -> Crazy4Outcome:
    """The Ante Wager: forfeited on a fold; pushed when the dealer does not qualify; otherwise
    1 to 1 against the dealer's best four."""
    amount = positive_stake(stake)
    wager = Crazy4Wager.ANTE
    table = config.paytable(wager)
    if decision.folded:
        return _forfeit(wager, amount, table)
    if not show.dealer_qualifies:
        return _push(
            wager,
            amount,
            f"{_not_qualified(show)}: the Ante pushes ({cite_code(QUALIFY_CITATION)})",
            QUALIFY_CITATION,
            paytable=table,
            hand=show.player,
        )
    return _against_dealer(config, wager, show, amount)


def settle_play(
    config: Crazy4PokerTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: Decision,
) -> Crazy4Outcome | None:
    """The Play Wager, ``decision.multiple`` times the Ante: 1 to 1 when the dealer does not
    qualify, otherwise 1 to 1 against the dealer's best four; ``None`` after a fold."""
    if decision.folded:
        return None
    amount = positive_stake(ante) * decision.multiple
    wager = Crazy4Wager.PLAY
    if not show.dealer_qualifies:
        table = config.paytable(wager)
        why = f"{_not_qualified(show)}, so the Play Wager wins"
        return _pay(table, table.rows[0], amount, why, hand=show.player)
    return _against_dealer(config, wager, show, amount)


# --- Super Bonus and Queens Up --------------------------------------------------------------------


def settle_super_bonus(
    config: Crazy4PokerTableConfig,
    show: Showdown,
    stake: Decimal | int | str,
    decision: Decision,
) -> Crazy4Outcome:
    """The Super Bonus: forfeited on a fold; a straight or better in the player's best four is
    paid on the table's paytable whatever the dealer holds, the stake returned; below a straight
    it loses only to a higher qualifying dealer hand and otherwise pushes."""
    amount = positive_stake(stake)
    wager = Crazy4Wager.SUPER_BONUS
    table = config.paytable(wager)
    if decision.folded:
        return _forfeit(wager, amount, table)
    row = table.first_row(hand_classes(show.player))
    if row is not None:
        after = ""
        if show.dealer_qualifies and show.winner is Winner.DEALER:
            after = ", and the stake stays although the dealer's hand is higher"
        why = f"the player's {describe_hand(show.player)}, whatever the dealer holds"
        return _pay(table, row, amount, why, hand=show.player, after=after)
    below = f"the player's {describe_hand(show.player)} is below a straight"
    if show.dealer_qualifies and show.winner is Winner.DEALER:
        return _lose(
            wager,
            amount,
            f"{below} and loses to the dealer's qualifying {describe_hand(show.dealer)}: the "
            f"Super Bonus loses ({cite_code(SUPER_BONUS_CITATION)})",
            SUPER_BONUS_CITATION,
            paytable=table,
            hand=show.player,
        )
    if not show.dealer_qualifies:
        how = "the dealer does not qualify"
    elif show.winner is Winner.TIE:
        how = "it ties the dealer's hand"
    else:
        how = "it beats the dealer's hand"
    return _push(
        wager,
        amount,
        f"{below} but {how}: the Super Bonus pushes ({cite_code(SUPER_BONUS_CITATION)})",
        SUPER_BONUS_CITATION,
        paytable=table,
        hand=show.player,
    )


def settle_queens_up(
    config: Crazy4PokerTableConfig,
    player_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: Decision,
) -> Crazy4Outcome:
    """The Queens Up Wager: a pair of queens or better in the player's best four of five, paid
    on the table's Queens Up paytable whatever the dealer holds; less loses. On a fold it is
    forfeited with the hand, or stays in action, as ``rules.queens_up_on_fold`` says."""
    amount = positive_stake(stake)
    wager = Crazy4Wager.QUEENS_UP
    table = config.paytable(wager)
    rules = config.rules
    setting = rules.citation("queens_up_on_fold")
    if decision.folded and rules.queens_up_on_fold is FoldRule.FORFEITED:
        return _lose(
            wager,
            amount,
            f"the player folded: the Queens Up Wager is forfeited with the Ante and the hand "
            f"({setting})",
            setting,
            paytable=table,
        )
    hand = player_hand(player_cards)
    kept = ""
    if decision.folded:
        kept = f"; it stays in action after the fold ({setting})"
    row = table.first_row(hand_classes(hand))
    if row is None:
        return _lose(
            wager,
            amount,
            f"the player's {describe_hand(hand)} is less than a pair of queens: the Queens Up "
            f"Wager loses whatever the dealer holds{kept} ({cite_code(QUEENS_UP_CITATION)})",
            QUEENS_UP_CITATION,
            paytable=table,
            hand=hand,
        )
    why = f"the player's {describe_hand(hand)}, whatever the dealer holds"
    return _pay(table, row, amount, why, hand=hand, after=kept)


# --- the payout limit -----------------------------------------------------------------------------


def limit_payouts(
    config: Crazy4PokerTableConfig, outcomes: Sequence[Crazy4Outcome]
) -> tuple[Crazy4Outcome, ...]:
    """``outcomes`` (one hand's, in settlement order) with the table's payout limit applied: the
    wagers it covers (``rules.payout_limit_wagers``) are paid together at most the limit, each
    paid what is left of it in turn (a wager nothing is left for is returned unpaid, a push);
    every other outcome is unchanged."""
    limit = config.payout_limit
    if limit is None:
        return tuple(outcomes)
    left = limit
    setting = config.rules.citation("payout_limit_wagers")
    limited: list[Crazy4Outcome] = []
    for outcome in outcomes:
        if outcome.result is not Result.WIN or not config.limited(outcome.wager):
            limited.append(outcome)
            continue
        paid = min(outcome.paid, left)
        left -= paid
        if paid == outcome.paid:
            limited.append(outcome)
            continue
        reason = (
            f"{outcome.reason}; the payout limit of {format_money(limit)} per hand leaves "
            f"{format_money(paid)} for it ({setting})"
        )
        result = Result.WIN
        if paid == 0:
            result = Result.PUSH
            reason += ", so its stake is returned unpaid"
        limited.append(replace(outcome, result=result, paid=paid, reason=reason, citation=setting))
    return tuple(limited)


# --- one seat ------------------------------------------------------------------------------------


def settle_seat(
    config: Crazy4PokerTableConfig,
    player_cards: Sequence[Card],
    dealer_cards: Sequence[Card],
    ante: Decimal | int | str,
    decision: Decision,
    queens_up: Decimal | int | str = ZERO,
) -> tuple[Crazy4Outcome, ...]:
    """Every outcome of one seat in settlement order: Ante, Play, Super Bonus, then Queens Up if
    placed, with the payout limit applied. The Super Bonus equals the Ante."""
    show = showdown(player_cards, dealer_cards)
    outcomes: list[Crazy4Outcome | None] = [
        settle_ante(config, show, ante, decision),
        settle_play(config, show, ante, decision),
        settle_super_bonus(config, show, ante, decision),
    ]
    if to_money(queens_up) > 0:
        outcomes.append(settle_queens_up(config, player_cards, queens_up, decision))
    return limit_payouts(config, [o for o in outcomes if o is not None])


__all__ = [
    "FOLD_CITATION",
    "QUEENS_UP_CITATION",
    "Crazy4Outcome",
    "Decision",
    "InvalidDecision",
    "Result",
    "Showdown",
    "Winner",
    "limit_payouts",
    "settle_ante",
    "settle_play",
    "settle_queens_up",
    "settle_seat",
    "settle_super_bonus",
    "showdown",
]
