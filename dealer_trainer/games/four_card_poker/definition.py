"""Four Card Poker as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.games.best_four_hands import HAND_NAMES
from dealer_trainer.games.best_four_settlement import ACTIONS
from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.four_card_poker.config import (
    FourCardPokerTableConfig,
    parse_four_card_poker_config,
)
from dealer_trainer.games.four_card_poker.procedure import (
    NOT_CALLED_FOR,
    SPOTS,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.four_card_poker.round import MAX_SEATS, FourCardRound
from dealer_trainer.games.four_card_poker.scenario import parse_four_card_poker_scenario

DEFINITION: GameDefinition[FourCardPokerTableConfig, FourCardRound] = GameDefinition(
    id=GameId("four_card_poker"),
    names=("Four Card Poker",),
    form_codes={"Four Card Poker": "FC"},
    layout_key="four_card_poker",
    seat_count=MAX_SEATS,
    parse_config=parse_four_card_poker_config,
    report=FourCardPokerTableConfig.describe,
    analysis=later("dealer_trainer.games.four_card_poker.analysis", "table_wagers"),
    parse_scenario=parse_four_card_poker_scenario,
    deal=later("dealer_trainer.games.four_card_poker.dealing", "deal_four_card_round"),
    targets=later("dealer_trainer.games.four_card_poker.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.four_card_poker.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later(
        "dealer_trainer.games.four_card_poker.dealing", "four_card_dealing_sequence"
    ),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=HAND_NAMES,
    hand_matcher=hand_matcher,
)
