"""Mississippi Stud for the table analyser: the Three Card Bonus is the three community cards
(§ 655a.6(c)), the Progressive Payout Wager the player's two cards and the three community cards
(§ 655a.1, § 655a.12(c)(2)), the Five Card Hand Bonus the same five; none depends on the
player's Bet Wagers or on the payout limit (§ 655a.12(b)). The Ante and Bet Wagers depend on
the player's decisions at each street: simulated.

The progressive's meter payout follows its paytable: Paytable A's shares of one meter are a
return per dollar on that meter; the mega, major and minor jackpots of Paytables B-D are three
meters, so each jackpot row is priced at its own meter's reset amount (the least it pays), with
a note on what a meter above its reset adds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from decimal import Decimal
from fractions import Fraction

from msgspec.structs import replace

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    DrawnAward,
    HandWager,
    NotAnalysed,
    PaidRow,
    SimulatedWagers,
    TableWagers,
    five_card_envy,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.five_card_hand_bonus import BetOn, analysis_wagers, award_wagers
from dealer_trainer.games.jackpot_meters import jackpot_of
from dealer_trainer.games.mississippi_stud.config import StudTableConfig
from dealer_trainer.games.mississippi_stud.dealing import decide
from dealer_trainer.games.mississippi_stud.hands import (
    five_card_hand,
    five_card_rows,
    three_card_hand,
    three_card_rows,
)
from dealer_trainer.games.mississippi_stud.outcomes import settle_base, settle_fold
from dealer_trainer.games.mississippi_stud.payout_caps import payout_caps
from dealer_trainer.games.mississippi_stud.round import FCHB_CITING, LUCKY_DRAW, StudSeatPlay
from dealer_trainer.games.mississippi_stud.wagers import BASE_WAGERS, StudWager
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.odds import Odds


def _five(cards: tuple[Card, ...]) -> frozenset[Hashable]:
    return frozenset(five_card_rows(five_card_hand(cards[:2], cards[2:])))


def _three(cards: tuple[Card, ...]) -> frozenset[Hashable]:
    return frozenset(three_card_rows(three_card_hand(cards)))


def base_game(config: StudTableConfig) -> SimulatedWagers:
    """The Ante and Bet Wagers by the trainer's simulated player (``dealing.decide``), at a $1
    Ante, settled by ``settle_base`` (a fold forfeits what was bet)."""
    deck = [Card(index) for index in range(52)]
    one = Decimal(1)

    def play(rng: random.Random) -> tuple[Decimal, ...]:
        cards = rng.sample(deck, 5)
        two, community = cards[:2], cards[2:]
        seat = StudSeatPlay(1, tuple(two), one, decide(two, community))
        folded_at = seat.decision.folded_at
        if folded_at is not None:
            outcomes = settle_fold(seat.base, folded_at)
        else:
            outcomes = settle_base(config, two, community, seat.base)
        nets = {o.wager: o.net for o in outcomes}
        return tuple(nets.get(wager, Decimal(0)) for wager in BASE_WAGERS)

    return SimulatedWagers(
        "Ante and Bet Wagers",
        "the trainer's simulated player",
        "one Ante",
        "the player's two cards and the three community cards",
        "§ 655a.12(a)",
        tuple(wager.value for wager in BASE_WAGERS),
        play,
        (
            "at a $1 Ante, where the payout limit (§ 655a.12(b)) never caps; the caps at the "
            "maximum Ante are counted below",
        ),
    )


def _jackpots_at_reset(config: StudTableConfig, wager: HandWager) -> HandWager:
    """``wager`` with each jackpot row (Paytables B-D) priced at its meter's reset amount per
    ``wager.stake``, its procedures still a jackpot's (verify, floorperson, hold, reset)."""
    table = config.paytable(StudWager.PROGRESSIVE)
    rows: list[PaidRow] = []
    named: list[str] = []
    for paid, row in zip(wager.rows, table.rows, strict=True):
        meter = jackpot_of(row)
        if meter is None:
            rows.append(paid)
            continue
        reset = config.jackpot(meter).reset
        price = Fraction(reset) / Fraction(wager.stake)
        label = f"{paid.label} ({meter.title.lower()} at its {format_money(reset)} reset)"
        odds = Odds.for_(price.numerator, price.denominator)
        rows.append(replace(paid, label=label, odds=odds))
        named.append(f"{meter.title.lower()} {format_money(reset)}")
    note = (
        "each jackpot is priced at its own meter's reset amount ("
        + ", ".join(named)
        + "); a meter standing above its reset adds that row's probability times the excess, "
        f"per {format_money(wager.stake)} wagered, to the return"
    )
    return replace(wager, rows=tuple(rows), notes=(*wager.notes, note))


def table_wagers(config: StudTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    drawn: list[DrawnAward] = []
    if config.three_card_bonus is not None:
        table = config.paytable(StudWager.THREE_CARD_BONUS)
        wagers.append(paytable_wager(table, dealt=HandDealt(3, 3), key="ms three", classes=_three))
    spec = config.progressive
    if spec is not None:
        progressive = paytable_wager(
            config.paytable(StudWager.PROGRESSIVE),
            dealt=HandDealt(5, 5),
            key="ms five",
            classes=_five,
            procedures=progressive_procedures,
            envy=five_card_envy(config.envy_amount, config.envy_qualifying_hand),
            stake=spec.minimum,
            meter_reset=spec.meter_reset,
        )
        if config.jackpot_meters:
            progressive = _jackpots_at_reset(config, progressive)
        wagers.append(progressive)
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        cards = {
            BetOn.PLAYER: "the player's two cards and the three community cards",
            BetOn.DEALER: "the dealer's hand as the Rules Submission forms it",
        }
        wagers += analysis_wagers(fchb, cards, FCHB_CITING)
        drawn += award_wagers(fchb, cards, FCHB_CITING, LUCKY_DRAW)
    return TableWagers(
        tuple(wagers), tuple(skipped), (base_game(config),), tuple(drawn), (payout_caps(config),)
    )


__all__ = ["table_wagers"]
