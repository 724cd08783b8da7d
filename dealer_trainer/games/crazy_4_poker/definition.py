"""Crazy 4 Poker as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.games.best_four_hands import HAND_NAMES
from dealer_trainer.games.best_four_settlement import ACTIONS
from dealer_trainer.games.crazy_4_poker.config import (
    Crazy4PokerTableConfig,
    parse_crazy_4_poker_config,
)
from dealer_trainer.games.crazy_4_poker.procedure import (
    NOT_CALLED_FOR,
    SPOTS,
    build_procedure,
    hand_matcher,
)
from dealer_trainer.games.crazy_4_poker.round import MAX_SEATS, Crazy4Round
from dealer_trainer.games.crazy_4_poker.scenario import parse_crazy_4_poker_scenario
from dealer_trainer.games.definition import GameDefinition, GameId, later

DEFINITION: GameDefinition[Crazy4PokerTableConfig, Crazy4Round] = GameDefinition(
    id=GameId("crazy_4_poker"),
    names=("Crazy 4 Poker",),
    form_codes={"Crazy 4 Poker": "C4"},
    layout_key="crazy_4_poker",
    seat_count=MAX_SEATS,
    parse_config=parse_crazy_4_poker_config,
    report=Crazy4PokerTableConfig.describe,
    analysis=later("dealer_trainer.games.crazy_4_poker.analysis", "table_wagers"),
    parse_scenario=parse_crazy_4_poker_scenario,
    deal=later("dealer_trainer.games.crazy_4_poker.dealing", "deal_crazy4_round"),
    targets=later("dealer_trainer.games.crazy_4_poker.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.crazy_4_poker.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later("dealer_trainer.games.crazy_4_poker.dealing", "crazy4_dealing_sequence"),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=HAND_NAMES,
    hand_matcher=hand_matcher,
)
