"""Ultimate Texas Hold 'Em as the trainer knows it (``games.registry`` lists it).

This is the one module through which the rest of the trainer reads and reports a UTH table
configuration: the Rules Submission's parser and report are named here, not outside the game.
"""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.uth.config import UthTableConfig, parse_uth_config, uth_table_report
from dealer_trainer.games.uth.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.uth.round import MAX_SEATS, UthRound
from dealer_trainer.games.uth.scenario import parse_scenario
from dealer_trainer.hands.categories import FIVE_CARD_NAMES

ACTIONS = tuple(
    a
    for a in Action
    if a
    not in (
        Action.SET_HAND,
        Action.REARRANGE_HAND,
        Action.PLACE_LAMMER,
        Action.COLLECT_COMMISSION,
    )
)
"""Every verb but the pai gow ones: no hand is set or rearranged, no lammer placed and no
commission taken."""

DEFINITION: GameDefinition[UthTableConfig, UthRound] = GameDefinition(
    id=GameId("uth"),
    names=("Ultimate Texas Hold 'Em",),
    form_codes={"Ultimate Texas Hold 'Em": "UT"},
    layout_key="ultimate_texas_holdem",
    seat_count=MAX_SEATS,
    parse_config=parse_uth_config,
    report=uth_table_report,
    analysis=later("dealer_trainer.games.uth.analysis", "table_wagers"),
    parse_scenario=parse_scenario,
    deal=later("dealer_trainer.games.uth.dealing", "deal_round"),
    targets=later("dealer_trainer.games.uth.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.uth.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later("dealer_trainer.games.uth.dealing", "dealing_sequence"),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=FIVE_CARD_NAMES,
    temporary_options=UthTableConfig.temporary_options,
    in_force_under=lambda config: config.in_force_under,
)
