"""Four Card Poker wager outcomes: pure functions from one seat's cards to money and a reason.

Each function settles one wager for one seat on the table's Rules Submission and returns a
``FourCardOutcome``: win, push or lose, the paytable row that applies, the exact amount paid,
and one sentence that names both hands and the row and cites the section a trainee's mistake
would break. The order in which a dealer settles them (§ 641a.11(c)) and the round's
bookkeeping are the procedure's business, not this module's.

What the seed fixes: a player either places a Play Wager or forfeits the Ante Wager and the
hand, and the dealer selects the four cards forming the dealer's highest-ranking hand
(§ 641a.11(c), seed 000); the Aces Up is paid on the player's hand whatever the dealer holds
(§ 641a.1 [CODE]). Everything else (1 to 1, ties, the Ante Bonus on a losing hand, no dealer
qualification) is [STANDARD] and read from the table's settings, so every reason says so.

Money is ``Decimal`` throughout; a float stake is refused (``to_money``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from dealer_trainer.cards import Card
from dealer_trainer.games.best_four_hands import InvalidDecision, PlayDecision, Showdown
from dealer_trainer.games.four_card_poker.config import (
    FourCardPaytable,
    FourCardPokerRules,
    FourCardPokerTableConfig,
    FourCardRow,
)
from dealer_trainer.games.four_card_poker.hands import (
    dealer_hand,
    describe_hand,
    hand_classes,
    player_hand,
)
from dealer_trainer.games.four_card_poker.wagers import (
    FoldRule,
    FourCardCondition,
    FourCardWager,
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
from dealer_trainer.rules.provenance import Citation, code, seed

FOLD_CITATION = seed("seed 000", "641a.11(c)")
"""A folding player "forfeited his Ante Wager and hand"; collected before the dealer's reveal."""
ACES_UP_CITATION = code("641a.1")
"""The Aces Up Wager: a pair of aces or better, paid whatever the dealer holds."""


class Decision(PlayDecision, frozen=True):
    """The player's one decision after reviewing the five cards: forfeit the Ante and the hand
    (fold), or make a Play Wager of ``multiple`` times the Ante (§ 641a.1, seed 000). Use
    ``Decision.fold()`` or ``Decision.play(3)``."""

    def check(self, rules: FourCardPokerRules) -> None:
        """Raise ``InvalidDecision`` unless the Play multiple is one the table allows."""
        if self.folded:
            return
        allowed = rules.play_multiples
        if self.multiple not in allowed:
            options = " or ".join(f"{m}x" for m in allowed)
            raise InvalidDecision(
                f"a Play Wager is {options} the Ante, not {self.multiple}x "
                f"({rules.citation('play_multiples')})"
            )


def showdown(player_cards: Sequence[Card], dealer_cards: Sequence[Card]) -> Showdown:
    """Compare the player's best four of five with the dealer's best four of six."""
    if set(player_cards) & set(dealer_cards):
        raise ValueError("the player and the dealer cannot hold the same card")
    return Showdown(player_hand(player_cards), dealer_hand(dealer_cards))


class FourCardOutcome(OutcomeFacts[FourCardWager], frozen=True):
    """How one wager (or the Ante Bonus) of one seat is settled.

    ``paid`` is what the dealer pays; ``stake_returned`` says whether the stake goes back too. A
    lost wager has ``paid == 0`` and ``stake_returned`` False. The Ante Bonus is not a wager of
    its own: its ``stake`` is the Ante it is computed on, settled by the Ante's own outcome, so
    it is never returned and counts once (``net``). ``exact`` is ``paid`` before rounding
    (every "X to 1" payout is exact in cents).
    """

    paytable: FourCardPaytable | None = None
    row: FourCardRow | None = None
    hand: HandValue | None = None
    exact: Decimal | None = None

    @property
    def net(self) -> Decimal:
        """The player's gain against the stake; the Ante Bonus is all gain (its Ante is
        settled on its own)."""
        if self.wager is FourCardWager.ANTE_BONUS:
            return self.paid
        return self.total_to_player - self.stake


# --- helpers -----------------------------------------------------------------------------------


def _pay(
    table: FourCardPaytable,
    row: FourCardRow,
    stake: Decimal,
    why: str,
    *,
    hand: HandValue | None,
    returned: bool = True,
    after: str = "",
) -> FourCardOutcome:
    """A winning outcome on ``row`` ("X to 1": the stake stays, X per unit is won)."""
    payment = row.odds.payment(stake)
    printed = "" if isinstance(row.hand, FourCardCondition) else f" {row.label} at"
    reason = (
        f"{why}: {table.name} pays{printed} {row.odds}: {format_money(stake)} wins "
        f"{format_money(payment.paid)}{after} ({cite_code(row.citation)})"
    )
    return FourCardOutcome(
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
    wager: FourCardWager,
    stake: Decimal,
    reason: str,
    citation: Citation,
    *,
    paytable: FourCardPaytable | None = None,
    hand: HandValue | None = None,
) -> FourCardOutcome:
    return FourCardOutcome(
        wager, Result.LOSE, stake, ZERO, False, reason, citation, paytable, None, hand, ZERO
    )


def _forfeit(wager: FourCardWager, stake: Decimal, table: FourCardPaytable) -> FourCardOutcome:
    return _lose(
        wager,
        stake,
        f"the player folded: the Ante Wager and the hand are forfeited, collected before the "
        f"dealer's cards are revealed ({FOLD_CITATION.short})",
        FOLD_CITATION,
        paytable=table,
    )


# --- Ante and Play -------------------------------------------------------------------------------


def _against_dealer(
    config: FourCardPokerTableConfig,
    wager: FourCardWager,
    show: Showdown,
    stake: Decimal,
) -> FourCardOutcome:
    """Ante or Play of a player who stayed in: 1 to 1 when the player's best four outranks the
    dealer's, lost when the dealer's is higher; a tie follows ``rules.ties``. There is no dealer
    qualification ([STANDARD] unverified)."""
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
        return FourCardOutcome(
            wager,
            Result.PUSH,
            stake,
            ZERO,
            True,
            f"{show.describe()}; a tie pushes: the {wager.value} is returned ({setting})",
            setting,
            table,
            None,
            show.player,
            ZERO,
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
    config: FourCardPokerTableConfig,
    show: Showdown,
    stake: Decimal | int | str,
    decision: Decision,
) -> FourCardOutcome:
    """The Ante Wager: forfeited on a fold (§ 641a.11(c), seed 000); otherwise 1 to 1 against
    the dealer's best four ([STANDARD], § 641a.12 is not in the seeds)."""
    amount = positive_stake(stake)
    wager = FourCardWager.ANTE
    if decision.folded:
        return _forfeit(wager, amount, config.paytable(wager))
    return _against_dealer(config, wager, show, amount)


def settle_play(
    config: FourCardPokerTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: Decision,
) -> FourCardOutcome | None:
    """The Play Wager, ``decision.multiple`` times the Ante, 1 to 1 against the dealer's best
    four ([STANDARD]); ``None`` when the player folded (there is no Play Wager)."""
    if decision.folded:
        return None
    decision.check(config.rules)
    amount = positive_stake(ante) * decision.multiple
    return _against_dealer(config, FourCardWager.PLAY, show, amount)


def settle_ante_bonus(
    config: FourCardPokerTableConfig,
    show: Showdown,
    ante: Decimal | int | str,
    decision: Decision,
) -> FourCardOutcome | None:
    """The Ante Bonus: paid on the Ante for the player's hand on the table's Ante Bonus paytable
    (four of a kind, straight flush, three of a kind on the shipped table), beside whatever the
    Ante itself does, even when the dealer's hand is higher (``rules.ante_bonus_when_dealer_wins``,
    [STANDARD]). ``None`` when nothing is owed: a folded hand (forfeited with the Ante,
    § 641a.11(c)), a hand below the table, or a higher dealer hand where the table says so.
    """
    if decision.folded:
        return None
    amount = positive_stake(ante)
    table = config.paytable(FourCardWager.ANTE_BONUS)
    row = table.first_row(hand_classes(show.player))
    if row is None:
        return None
    rules = config.rules
    after = ""
    if show.winner is Winner.DEALER:
        if not rules.ante_bonus_when_dealer_wins:
            return None
        after = (
            f", even though the dealer's hand is higher "
            f"({rules.citation('ante_bonus_when_dealer_wins')})"
        )
    why = f"the player's {describe_hand(show.player)} on the Ante of {format_money(amount)}"
    return _pay(table, row, amount, why, hand=show.player, returned=False, after=after)


# --- Aces Up -------------------------------------------------------------------------------------


def settle_aces_up(
    config: FourCardPokerTableConfig,
    player_cards: Sequence[Card],
    stake: Decimal | int | str,
    decision: Decision,
) -> FourCardOutcome:
    """The Aces Up Wager: a pair of aces or better in the player's best four of five, paid on
    the table's Aces Up paytable whatever the dealer holds (§ 641a.1 [CODE]); less loses. On a
    fold it is forfeited with the hand, or stays in action, as ``rules.aces_up_on_fold`` says
    (not in the seeds: § 641a.11(c) forfeits the hand; ch. 639a by analogy)."""
    amount = positive_stake(stake)
    wager = FourCardWager.ACES_UP
    table = config.paytable(wager)
    rules = config.rules
    setting = rules.citation("aces_up_on_fold")
    if decision.folded and rules.aces_up_on_fold is FoldRule.FORFEITED:
        return _lose(
            wager,
            amount,
            f"the player folded: the Aces Up Wager is forfeited with the Ante and the hand "
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
            f"the player's {describe_hand(hand)} is less than a pair of aces: the Aces Up "
            f"Wager loses whatever the dealer holds{kept} "
            f"({cite_code(ACES_UP_CITATION)})",
            ACES_UP_CITATION,
            paytable=table,
            hand=hand,
        )
    why = f"the player's {describe_hand(hand)}, whatever the dealer holds"
    return _pay(table, row, amount, why, hand=hand, after=kept)


# --- one seat ------------------------------------------------------------------------------------


def settle_seat(
    config: FourCardPokerTableConfig,
    player_cards: Sequence[Card],
    dealer_cards: Sequence[Card],
    ante: Decimal | int | str,
    decision: Decision,
    aces_up: Decimal | int | str = ZERO,
) -> tuple[FourCardOutcome, ...]:
    """Every outcome of one seat: Ante, Play, Ante Bonus (those owed), then Aces Up if placed."""
    show = showdown(player_cards, dealer_cards)
    outcomes: list[FourCardOutcome | None] = [
        settle_ante(config, show, ante, decision),
        settle_play(config, show, ante, decision),
        settle_ante_bonus(config, show, ante, decision),
    ]
    if to_money(aces_up) > 0:
        outcomes.append(settle_aces_up(config, player_cards, aces_up, decision))
    return tuple(o for o in outcomes if o is not None)


__all__ = [
    "ACES_UP_CITATION",
    "FOLD_CITATION",
    "Decision",
    "FourCardOutcome",
    "InvalidDecision",
    "Result",
    "Showdown",
    "Winner",
    "settle_aces_up",
    "settle_ante",
    "settle_ante_bonus",
    "settle_play",
    "settle_seat",
    "showdown",
]
