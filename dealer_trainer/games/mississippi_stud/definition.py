"""Mississippi Stud as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.mississippi_stud.config import (
    StudTableConfig,
    parse_mississippi_stud_config,
)
from dealer_trainer.games.mississippi_stud.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.mississippi_stud.round import MAX_SEATS, StudRound
from dealer_trainer.games.mississippi_stud.scenario import parse_mississippi_stud_scenario
from dealer_trainer.games.paytable_steps import PAYTABLE_ACTIONS
from dealer_trainer.hands.categories import FIVE_CARD_NAMES

ACTIONS = PAYTABLE_ACTIONS
"""No dealer hand to set: chip wagers (a push on a pair of 6s to 10s), forfeited wagers at a
fold, progressive chips before the deal, verify / floorperson / pay-or-hold, Envy, the Five Card
Hand Bonus credited or held, meters reset."""


DEFINITION: GameDefinition[StudTableConfig, StudRound] = GameDefinition(
    id=GameId("mississippi_stud"),
    names=("Mississippi Stud",),
    form_codes={"Mississippi Stud": "MS"},
    layout_key="mississippi_stud",
    seat_count=MAX_SEATS,
    parse_config=parse_mississippi_stud_config,
    report=StudTableConfig.describe,
    analysis=later("dealer_trainer.games.mississippi_stud.analysis", "table_wagers"),
    parse_scenario=parse_mississippi_stud_scenario,
    deal=later("dealer_trainer.games.mississippi_stud.dealing", "deal_mississippi_stud_round"),
    targets=later("dealer_trainer.games.mississippi_stud.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.mississippi_stud.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later(
        "dealer_trainer.games.mississippi_stud.dealing", "mississippi_stud_dealing_sequence"
    ),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=FIVE_CARD_NAMES,
)
"""Mississippi Stud (58 Pa. Code ch. 655a): wagers, hands, procedure and the table."""
