"""Ultimate Texas Hold 'Em for the table analyser: which cards form each wager's hand and how
the game reads a hand into paytable rows, taken from the functions settlement uses.

Trips (§ 653a.12(c), § 653b.2) is the best five of the player's seven cards; Play the Board
(§ 653b.4(e)) the five community cards alone; Ultimate Pairs (§ 653b.5(f)) the player's two
cards; the Six Card Bonus and the progressive the cards their Rules Submission names (§§
653b.4(c), 653a.12(d)); the Five Card Hand Bonus the wagered hand's two cards and the flop (§
653a.1). The Ante, Blind and Play depend on the dealer's hand and the player's decisions: they are
simulated, played by a strategy file (``strategy``), with the Bad Beat. Ultimate Pairs
Paytable F pays on the dealer's two cards as well: every pair of two-card hands is dealt.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    PaidRow,
    Procedure,
    SimulatedWagers,
    TableWagers,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import (
    BetOn,
    FiveCardHandBonusSpec,
    analysis_wagers,
    award_wagers,
)
from dealer_trainer.games.uth.config import UthTableConfig
from dealer_trainer.games.uth.controls import controls
from dealer_trainer.games.uth.hands import Deal, classes_for_five_card, ultimate_pairs_classes
from dealer_trainer.games.uth.outcomes import (
    FCHB_CITING,
    settle_ante,
    settle_bad_beat,
    settle_blind,
    settle_play,
    showdown,
)
from dealer_trainer.games.uth.round import LUCKY_DRAW
from dealer_trainer.games.uth.settings import MagicCardMatch
from dealer_trainer.games.uth.strategy import UthStrategy, basic_strategy
from dealer_trainer.games.uth.wagers import HandSource, UthWager
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.five_card import best_five
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import Odds

_SIZES = {
    HandSource.PLAYER_AND_BOARD: 7,
    HandSource.BOARD_ONLY: 5,
    HandSource.TWO_CARDS_AND_FLOP: 5,
    HandSource.PLAYER_DEALER_AND_FLOP: 7,
}
"""Hands whose cards are one set dealt from a shuffled deck and read as the best five."""


def _five_classes(cards: tuple[Card, ...]) -> tuple[object, ...]:
    return classes_for_five_card(best_five(cards))


def _rank_only(cards: tuple[Card, ...]) -> tuple[HandRank]:
    return (best_five(cards).rank,)


def _pairs(cards: tuple[Card, ...]) -> tuple[object, ...]:
    return ultimate_pairs_classes(cards)


def _pairs_and_dealer(cards: tuple[Card, ...]) -> tuple[object, ...]:
    """Paytable F: the player's two cards, then the dealer's two (§ 653b.5(e))."""
    return ultimate_pairs_classes(cards[:2], cards[2:])


_DEALER_PAIRS = tuple(combinations(range(45), 2))
"""Every two-card dealer hand, as positions among the 45 cards left after the player's two
cards and the board: 990 of them."""


def dealer_outcome_classes(
    config: UthTableConfig, player: tuple[Card, Card], board: tuple[Card, ...]
) -> list[tuple[Deal, int]]:
    """Every dealer hand the 45 unseen cards can make, grouped by all that settles the
    player's wagers once the player's cards and the board are known: who wins (or a tie) and
    whether the dealer qualifies. One deal stands for each group, with how many of the 990
    dealer hands it stands for, so the game's own settlement runs once per group instead of
    990 times; the seven-card strengths come from the vectorised evaluator."""
    import numpy as np

    from dealer_trainer.hands.five_card import CATEGORY_SHIFT
    from dealer_trainer.hands.five_card_batch import seven_card_strengths

    seen = {*player, *board}
    rest = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
    pairs = rest[np.array(_DEALER_PAIRS, dtype=np.int64)]
    fixed = np.broadcast_to(np.array(board, dtype=np.int64), (len(pairs), 5))
    strengths = seven_card_strengths(np.hstack([pairs, fixed]))
    mine = int(seven_card_strengths([[*player, *board]])[0])
    threshold = FIVE_CARD_ORDER.index(config.rules.dealer_qualifying_hand)
    qualifies = (strengths >> CATEGORY_SHIFT) >= threshold
    keys = np.sign(strengths - mine) * 2 + qualifies
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    return [
        (Deal(player, (Card(int(pairs[i, 0])), Card(int(pairs[i, 1]))), board), int(n))  # type: ignore[arg-type]
        for i, n in zip(first.tolist(), counts.tolist(), strict=True)
    ]


DEALER_HANDS_NOTE = (
    "each round deals the player's two cards and the board at random, then settles every one "
    "of the 990 dealer hands the other cards make (exact given those seven cards)"
)


def base_game(config: UthTableConfig, strategy: UthStrategy | None = None) -> SimulatedWagers:
    """The Ante, Blind and Play played by ``strategy`` (the shipped basic strategy by default)
    and settled by ``settle_ante``, ``settle_blind`` and ``settle_play`` (§ 653a.12(a)-(b))."""
    chosen = strategy or basic_strategy()
    ante = Decimal(1)
    deck = [Card(index) for index in range(52)]

    bad_beat = UthWager.BAD_BEAT in config.offered_wagers()
    wagers: tuple[UthWager, ...] = (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY)
    wagers += (UthWager.BAD_BEAT,) if bad_beat else ()

    def play(rng: random.Random) -> tuple[Decimal, ...]:
        cards = rng.sample(deck, 7)
        player = (cards[0], cards[1])
        board = tuple(cards[2:])
        decision = chosen.decide(player, board)
        totals = [Decimal(0)] * len(wagers)
        for deal, count in dealer_outcome_classes(config, player, board):
            show = showdown(deal, config.rules)
            played = settle_play(config, show, ante, decision)
            nets = [
                settle_ante(config, show, ante, decision).net,
                settle_blind(config, show, ante, decision).net,
                played.net if played is not None else Decimal(0),
            ]
            if bad_beat:
                nets.append(settle_bad_beat(config, show, ante, decision).net)
            for i, net in enumerate(nets):
                totals[i] += net * count
        steady = (Decimal(v.numerator) / v.denominator for v in control_values(tuple(cards)))
        return (*(total / 990 for total in totals), *steady)

    steadying, control_values = controls(config.paytable(UthWager.BLIND), chosen)
    notes: tuple[str, ...] = (
        DEALER_HANDS_NOTE,
        "every figure is steadied by control variates whose means are counted exactly (the "
        "Blind's paytable odds on the player's seven cards; whether they, and the board alone, "
        "make at least a pair ... a full house or better; whether the strategy raises before "
        "the flop)",
    )
    if bad_beat:
        notes += (
            "the Bad Beat is priced per unit of its own stake, played with the Ante, Blind and "
            "Play; its trigger and fold rule are the Rules Submission's settings "
            "(bad_beat_requires_loss_to_dealer, bad_beat_on_fold): § 653b.3(c) leaves them to "
            "§§ 653a.11 and 653a.12(h), which no stored page prints",
        )
    return SimulatedWagers(
        "Ante, Blind and Play" + (" with the Bad Beat" if bad_beat else ""),
        chosen.name,
        "Ante",
        HandSource.PLAYER_AND_BOARD.value,
        "§ 653a.12(a)-(b)" + (", § 653b.3" if bad_beat else ""),
        tuple(w.value for w in wagers),
        play,
        notes,
        (UthWager.BAD_BEAT.value,) if bad_beat else (),
        steadying,
        tuple(config.paytable(w).name for w in wagers),
    )


def table_wagers(config: UthTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    for wager in config.offered_wagers():
        if wager in (UthWager.ANTE, UthWager.BLIND, UthWager.PLAY):
            continue
        if wager is UthWager.BAD_BEAT:
            continue
        if wager in (UthWager.TRIPS, UthWager.PLAY_THE_BOARD):
            table = config.paytable(wager)
            size = _SIZES[table.cards]
            wagers.append(
                paytable_wager(
                    table,
                    dealt=HandDealt(size, 5),
                    key="uth five-card classes",
                    classes=_five_classes,
                )
            )
        elif wager is UthWager.ULTIMATE_PAIRS:
            table = config.paytable(wager)
            if table.cards is HandSource.PLAYER_TWO:
                dealt, key, classes = HandDealt(2, 2), "uth ultimate pairs", _pairs
            else:
                dealt, key, classes = HandDealt(4, 2, split=2), "uth pairs F", _pairs_and_dealer
            wagers.append(paytable_wager(table, dealt=dealt, key=key, classes=classes))
        elif wager in (UthWager.SIX_CARD_BONUS, UthWager.PROGRESSIVE):
            wagers_or_reason = _stated_wager(config, wager)
            if isinstance(wagers_or_reason, str):
                skipped.append(NotAnalysed(wager.value, wagers_or_reason))
            else:
                wagers.append(wagers_or_reason)
        elif wager is UthWager.FIVE_CARD_HAND_BONUS and config.five_card_hand_bonus is not None:
            fchb = config.five_card_hand_bonus
            cards = {hand: HandSource.TWO_CARDS_AND_FLOP.value for hand in BetOn}
            wagers += analysis_wagers(fchb, cards, FCHB_CITING)
            drawn += _awards(config, fchb, cards)
        elif wager is UthWager.MUST_HIT_BY:
            award = _must_hit_by(config)
            if award is not None:
                drawn.append(award)
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn))


def _awards(
    config: UthTableConfig, fchb: FiveCardHandBonusSpec, cards: Mapping[BetOn, str]
) -> tuple[DrawnAward, ...]:
    """The Magic Card and Lucky Bonus, the Magic Card matched against the cards the Rules
    Submission says (``magic_card_matches``)."""
    if config.rules.magic_card_matches is MagicCardMatch.TWO_CARDS:
        return award_wagers(
            fchb, cards, FCHB_CITING, LUCKY_DRAW, matched=2, matched_name="the two cards"
        )
    return award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)


def _must_hit_by(config: UthTableConfig) -> DrawnAward | None:
    """The Must-Hit-By Mystery bonus (§ 653b.1(c)) as its long-run average: each cycle of the
    meter starts at the configuration's minimum value and pays the meter when it passes a value
    the RNG drew uniformly between the minimum and maximum, so a cycle pays the mean of that
    range, from contributions of the mean less the minimum. A qualifying wager at the minimum
    progressive wager therefore wins with chance rate x wager / (mean - minimum) per round and
    is paid the mean: what the meter guarantees before the must-hit amount, the overshoot of
    one round's contributions aside."""
    mhb = config.must_hit_by_configuration()
    if mhb is None:
        return None
    mean = (Fraction(mhb.minimum_value) + Fraction(mhb.maximum_value)) / 2
    stake = Fraction(mhb.minimum_wager)
    chance = Fraction(mhb.contribution_percent) / 100 * stake / (mean - Fraction(mhb.minimum_value))
    paid = mean / stake
    return DrawnAward(
        UthWager.MUST_HIT_BY.value,
        f"{UthWager.MUST_HIT_BY.value} ({mhb.letter}), per unit of the progressive wager",
        f"the meter: {mhb.contribution_percent}% of each qualifying wager, paid when it passes "
        f"a value from {format_money(mhb.minimum_value)} to {format_money(mhb.maximum_value)}",
        mhb.citation.short,
        PaidRow(
            "the meter passes the drawn value on this wager",
            Odds.for_(paid.numerator, paid.denominator),
            None,
            frozenset({Procedure.METER_RESET}),
        ),
        lambda players: chance,
        lambda players: chance.denominator,
        "qualifying wagers",
        "the RNG's value is taken as uniform over the configuration's range, every seated "
        f"player qualifying at the {format_money(mhb.minimum_wager)} minimum; the award is the "
        "mean of the range, the last round's overshoot aside",
    )


def _stated_wager(config: UthTableConfig, wager: UthWager) -> HandWager | str:
    """The Six Card Bonus or progressive on the paytable and cards its Rules Submission
    states, read by category as settlement reads it."""
    if wager is UthWager.PROGRESSIVE and not config.settles_progressive:
        return "the Rules Submission states no progressive paytable (§ 653a.12(d))"
    table = config.paytable(wager)
    size = _SIZES.get(table.cards)
    if size is None:
        return f"its hand ({table.cards.value}) is not one set of cards: not counted yet"
    if wager is UthWager.SIX_CARD_BONUS:
        return paytable_wager(
            table, dealt=HandDealt(size, 5), key="uth five-card category", classes=_rank_only
        )
    spec = config.progressive
    assert spec is not None
    envy = spec.envy
    threshold = FIVE_CARD_ORDER.index(spec.envy_qualifying_hand)

    def envy_of(row: object) -> Decimal | None:
        hand = getattr(row, "hand", None)
        qualifies = isinstance(hand, HandRank) and FIVE_CARD_ORDER.index(hand) >= threshold
        return envy if qualifies else None

    return paytable_wager(
        table,
        dealt=HandDealt(size, 5),
        key="uth five-card category",
        classes=_rank_only,
        procedures=progressive_procedures,
        envy=envy_of,
        stake=spec.minimum,
        meter_reset=spec.meter_reset,
    )


__all__ = ["table_wagers"]
