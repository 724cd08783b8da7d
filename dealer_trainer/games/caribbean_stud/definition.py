"""Caribbean Stud Poker as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.dealing import DealEvent
from dealer_trainer.games.caribbean_stud.config import (
    CaribbeanStudTableConfig,
    parse_caribbean_stud_config,
)
from dealer_trainer.games.caribbean_stud.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.caribbean_stud.round import MAX_SEATS, CaribbeanStudRound
from dealer_trainer.games.caribbean_stud.scenario import parse_caribbean_stud_scenario
from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.hands.categories import FIVE_CARD_NAMES

ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.REARRANGE_HAND,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.CREDIT_GAME_ACCOUNT,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)


def _dealt_and_revealed(round_: CaribbeanStudRound) -> tuple[DealEvent, ...]:
    """The deal with the dealer's hand turned over at its end, as the trainee watches it."""
    from dealer_trainer.games.caribbean_stud.dealing import caribbean_stud_dealing_sequence

    return caribbean_stud_dealing_sequence(round_, include_reveal=True)


DEFINITION: GameDefinition[CaribbeanStudTableConfig, CaribbeanStudRound] = GameDefinition(
    id=GameId("caribbean_stud"),
    names=("Caribbean Stud Poker",),
    form_codes={"Caribbean Stud Poker": "CS"},
    layout_key="caribbean_stud",
    seat_count=MAX_SEATS,
    parse_config=parse_caribbean_stud_config,
    report=CaribbeanStudTableConfig.describe,
    analysis=later("dealer_trainer.games.caribbean_stud.analysis", "table_wagers"),
    parse_scenario=parse_caribbean_stud_scenario,
    deal=later("dealer_trainer.games.caribbean_stud.dealing", "deal_caribbean_stud_round"),
    targets=later("dealer_trainer.games.caribbean_stud.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.caribbean_stud.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=_dealt_and_revealed,
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=FIVE_CARD_NAMES,
)
