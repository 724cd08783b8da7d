"""Pai Gow Poker and EZ Pai Gow Poker for the table analyser: the wagers settled on seven cards
alone, each read by the function settlement uses, over every seven cards of the 53-card deck.

The Fortune Bonus, Emperor's Treasure, Dynasty Bonus and progressive read the player's seven
cards into their classes (§§ 645a.7(e), 645a.6(f)-(g)); the Queen's Dragon reads the dealer's
seven (§ 645a.11(h)(5)); Protection by ``protection_row``, the row ``settle_protection`` pays (§
645a.11(h)(7)); Red/Black by ``colour_counts`` over every count of red cards and the joker (§
645a.11(h)(8)). The Pai Gow Poker Wager depends on both hands as set by the house way:
simulated.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from decimal import Decimal

from dealer_trainer.cards import Card
from dealer_trainer.engine.wager_analysis import (
    HandWager,
    NotAnalysed,
    PaidRow,
    SimulatedWagers,
    TableWagers,
    paytable_wager,
    progressive_procedures,
)
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig
from dealer_trainer.games.pai_gow.house_way import set_hand, standard_house_way
from dealer_trainer.games.pai_gow.outcomes import (
    protection_row,
    settle_pai_gow_wager,
    seven_card_classes,
)
from dealer_trainer.games.pai_gow.wagers import PaiGowWager, RedBlackHand
from dealer_trainer.hands.counting import HandDealt
from dealer_trainer.hands.pai_gow_rules import JokerColour
from dealer_trainer.hands.pai_gow_seven import (
    CardColour,
    check_queens_dragon,
    colour_counts,
)
from dealer_trainer.rules.money import format_money

SEVEN = HandDealt(7, 5, joker=True)
"""Seven cards of the 53-card deck; with the joker a flush needs four natural cards."""

_SEVEN_CARD_WAGERS = (
    PaiGowWager.FORTUNE_BONUS,
    PaiGowWager.EMPERORS_TREASURE,
    PaiGowWager.DYNASTY_BONUS,
    PaiGowWager.PROGRESSIVE,
)


def _seven_card_wager(config: PaiGowTableConfig, wager: PaiGowWager) -> HandWager:
    rules = config.rules.hand_rules_for(wager)

    def classes(cards: tuple[Card, ...]) -> frozenset[Hashable]:
        return frozenset(seven_card_classes(cards, rules))

    table = config.paytable(wager)
    notes: tuple[str, ...] = ()
    if table.has_envy:
        notes = ("Envy Bonuses assume every other player holds a Qualifying Wager (§ 645a.1)",)
    if wager is PaiGowWager.PROGRESSIVE:
        return paytable_wager(
            table,
            dealt=SEVEN,
            key=f"pai gow seven-card classes {rules!r}",
            classes=classes,
            procedures=progressive_procedures,
            stake=config.limits(wager).minimum,
            meter_reset=config.progressive_meter_reset,
            notes=notes,
        )
    return paytable_wager(
        table,
        dealt=SEVEN,
        key=f"pai gow seven-card classes {rules!r}",
        classes=classes,
        notes=notes,
    )


def _queens_dragon(config: PaiGowTableConfig) -> HandWager:
    table = config.paytable(PaiGowWager.QUEENS_DRAGON)
    row = table.rows[0]

    def classify(cards: tuple[Card, ...]) -> bool:
        return check_queens_dragon(cards).is_queens_dragon

    return HandWager(
        PaiGowWager.QUEENS_DRAGON.value,
        table.name,
        str(table.cards.value),
        table.cards_citation.short,
        SEVEN,
        "queen's dragon",
        classify,
        lambda won: 0 if won else None,
        (PaidRow(row.label, row.odds, row.envy),),
    )


def _protection(config: PaiGowTableConfig) -> HandWager:
    table = config.paytable(PaiGowWager.PROTECTION)
    labels = [row.label for row in table.rows]

    def classify(cards: tuple[Card, ...]) -> str | None:
        row = protection_row(config, cards)
        return None if row is None else row.label

    return HandWager(
        PaiGowWager.PROTECTION.value,
        table.name,
        str(table.cards.value),
        table.cards_citation.short,
        SEVEN,
        f"protection {config.rules!r} {labels!r}",
        classify,
        lambda label: None if label is None else labels.index(label),
        tuple(PaidRow(row.label, row.odds, row.envy) for row in table.rows),
    )


COLOURS = HandDealt(7, 5, joker=True, colours=True)
"""Seven cards of the 53-card deck, counted by how many are red and whether one is the joker."""


def _red_black(config: PaiGowTableConfig, colour: CardColour) -> HandWager:
    """The Red/Black Wager on ``colour``: the row ``settle_red_black`` pays for the count
    ``colour_counts`` makes, the joker counted as the property's ``joker_colour`` says."""
    table = config.paytable(PaiGowWager.RED_BLACK)
    rules = config.rules.hand_rules
    labels = [row.label for row in table.rows]

    def classify(cards: tuple[Card, ...]) -> str | None:
        hand = RedBlackHand.for_count(colour_counts(cards, rules).of(colour))
        row = table.row(hand) if hand is not None else None
        return None if row is None else row.label

    joker = JokerColour(config.rules.joker_colour)
    return HandWager(
        PaiGowWager.RED_BLACK.value,
        f"{table.name} on {colour.value}",
        str(table.cards.value),
        table.cards_citation.short,
        COLOURS,
        f"red/black {colour.value} {joker.value} {labels!r}",
        classify,
        lambda label: None if label is None else labels.index(label),
        tuple(PaidRow(row.label, row.odds, row.envy) for row in table.rows),
        notes=(f"the joker's colour is the Rules Submission's: {joker.value}",),
    )


def _red_black_wagers(config: PaiGowTableConfig) -> tuple[HandWager, ...]:
    """One figure when the colours are alike (the joker neither colour), else one per colour
    the player may choose."""
    if JokerColour(config.rules.joker_colour) is JokerColour.NEITHER:
        return (_red_black(config, CardColour.RED),)
    return tuple(_red_black(config, colour) for colour in CardColour)


def base_game(config: PaiGowTableConfig) -> SimulatedWagers:
    """The Pai Gow Poker Wager with both the player and the dealer setting their hands by the
    shipped house way (the trainer's simulated player does the same), settled by
    ``settle_pai_gow_wager`` with its vigorish (§§ 645a.11(f), 645a.13(a)); the player banks
    never."""
    way = standard_house_way()
    rules = config.rules.hand_rules
    deck = [Card(index) for index in range(53)]
    stake = config.limits(PaiGowWager.PAI_GOW).minimum

    def play(rng: random.Random) -> tuple[Decimal]:
        cards = rng.sample(deck, 14)
        player = set_hand(cards[:7], way, rules).split
        dealer = set_hand(cards[7:], way, rules).split
        return (settle_pai_gow_wager(config, player, dealer, stake).net / stake,)

    return SimulatedWagers(
        "Pai Gow Poker Wager",
        "the player sets the hand by the house way",
        "Pai Gow Poker Wager",
        "the player's high and low hands against the dealer's",
        "§ 645a.11(f)",
        (PaiGowWager.PAI_GOW.value,),
        play,
        (f"at the table minimum of {format_money(stake)}, vigorish rounded as the table says",),
    )


def table_wagers(config: PaiGowTableConfig) -> TableWagers:
    """Every wager ``config`` offers, priced or set aside with the reason."""
    wagers: list[HandWager] = []
    skipped: list[NotAnalysed] = []
    for wager in config.offered_wagers():
        if wager in _SEVEN_CARD_WAGERS:
            if wager is PaiGowWager.PROGRESSIVE and not config.paytable(wager).rows:
                skipped.append(NotAnalysed(wager.value, "the Rules Submission states no rows"))
            else:
                wagers.append(_seven_card_wager(config, wager))
        elif wager is PaiGowWager.QUEENS_DRAGON:
            wagers.append(_queens_dragon(config))
        elif wager is PaiGowWager.PROTECTION:
            wagers.append(_protection(config))
        elif wager is PaiGowWager.RED_BLACK:
            wagers.extend(_red_black_wagers(config))
    return TableWagers(tuple(wagers), tuple(skipped), (base_game(config),))


__all__ = ["table_wagers"]
