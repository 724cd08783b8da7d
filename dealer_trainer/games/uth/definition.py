"""Ultimate Texas Hold 'Em as the trainer knows it (``games.registry`` lists it).

This is the one module that reads and reports a UTH table configuration for the rest of the
trainer: the Rules Submission's loader and report are imported here and nowhere else outside the
game's own modules.
"""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.definition import GameDefinition, GameId
from dealer_trainer.games.uth.dealing import deal_round, dealing_sequence
from dealer_trainer.games.uth.procedure import NOT_CALLED_FOR, build_procedure
from dealer_trainer.games.uth.round import MAX_SEATS, UthRound
from dealer_trainer.games.uth.scenario import parse_scenario
from dealer_trainer.games.uth.table import table_setup
from dealer_trainer.games.uth.targets import TARGETS
from dealer_trainer.hands.categories import FIVE_CARD_ORDER
from dealer_trainer.rules.table_config import TableConfig, parse_table_config
from dealer_trainer.rules.table_report import table_report

ACTIONS = tuple(
    a for a in Action if a not in (Action.SET_HAND, Action.REARRANGE_HAND, Action.PLACE_LAMMER)
)
"""Every verb but the pai gow ones: no hand is set or rearranged and no lammer placed."""

DEFINITION: GameDefinition[TableConfig, UthRound] = GameDefinition(
    id=GameId("uth"),
    names=("Ultimate Texas Hold 'Em",),
    form_codes={"Ultimate Texas Hold 'Em": "UT"},
    layout_key="ultimate_texas_holdem",
    seat_count=MAX_SEATS,
    parse_config=parse_table_config,
    report=table_report,
    parse_scenario=parse_scenario,
    deal=deal_round,
    targets=TARGETS,
    table_setup=table_setup,
    procedure=build_procedure,
    dealing_sequence=dealing_sequence,
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    base_wagers=frozenset({"Ante", "Blind", "Play"}),
    paytable_base_wagers=frozenset({"Blind"}),
    hand_names=tuple(rank.value for rank in reversed(FIVE_CARD_ORDER)),
)
