"""Texas Hold 'Em Bonus Poker as the trainer knows it (``games.registry`` lists it).

This is the one module through which the rest of the trainer reads and reports a Texas Hold 'Em
Bonus Poker table configuration, deals and settles its rounds.
"""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.texas_holdem_bonus.config import (
    ThbTableConfig,
    parse_thb_config,
    thb_table_report,
)
from dealer_trainer.games.texas_holdem_bonus.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.texas_holdem_bonus.round import MAX_SEATS, ThbRound
from dealer_trainer.games.texas_holdem_bonus.scenario import parse_scenario
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
        Action.VERIFY_METER,
    )
)
"""Every verb but the pai gow ones, the commission and the Must-Hit-By meter light."""

DEFINITION: GameDefinition[ThbTableConfig, ThbRound] = GameDefinition(
    id=GameId("texas_holdem_bonus"),
    names=("Texas Hold 'Em Bonus Poker",),
    form_codes={"Texas Hold 'Em Bonus Poker": "TB"},
    layout_key="texas_holdem_bonus",
    seat_count=MAX_SEATS,
    parse_config=parse_thb_config,
    report=thb_table_report,
    analysis=later("dealer_trainer.games.texas_holdem_bonus.analysis", "table_wagers"),
    parse_scenario=parse_scenario,
    deal=later("dealer_trainer.games.texas_holdem_bonus.dealing", "deal_round"),
    targets=later("dealer_trainer.games.texas_holdem_bonus.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.texas_holdem_bonus.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later("dealer_trainer.games.texas_holdem_bonus.dealing", "dealing_sequence"),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=FIVE_CARD_NAMES,
)
"""Texas Hold 'Em Bonus Poker (58 Pa. Code ch. 647a): hands, wager outcomes, meters."""
