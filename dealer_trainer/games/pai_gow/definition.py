"""Pai Gow Poker and EZ Pai Gow Poker as the trainer knows them (``games.registry`` lists
them): one package serves both names, the table's ``game`` says which is dealt."""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.reference import ReferenceSheet
from dealer_trainer.games.definition import GameDefinition, GameId, HandMatcher, later
from dealer_trainer.games.pai_gow.config import PaiGowTableConfig, parse_pai_gow_config
from dealer_trainer.games.pai_gow.house_way_sheet import house_way_sheet
from dealer_trainer.games.pai_gow.procedure import NOT_CALLED_FOR, SPOTS, build_procedure, same_hand
from dealer_trainer.games.pai_gow.round import MAX_SEATS, PaiGowRound
from dealer_trainer.games.pai_gow.scenario import parse_pai_gow_scenario
from dealer_trainer.hands.pai_gow_seven import SevenCardClass

ACTIONS = (
    Action.ANNOUNCE_NO_MORE_BETS,
    Action.LOCK_OUT_WAGERS,
    Action.VERIFY_CHIP_COUNT,
    Action.DROP_IN_CONTAINER,
    Action.PLACE_LAMMER,
    Action.SET_HAND,
    Action.COLLECT,
    Action.PAY,
    Action.PUSH,
    Action.COLLECT_COMMISSION,
    Action.REARRANGE_HAND,
    Action.VERIFY_HAND,
    Action.CALL_FLOORPERSON,
    Action.HOLD_FOR_DOCUMENTATION,
    Action.ACKNOWLEDGE_ENVY,
    Action.PAY_ENVY,
    Action.DISCARD,
    Action.RESET_METER,
)


def _same_hand(round_: PaiGowRound) -> HandMatcher:
    """A split is the same hand whatever order its cards are named in."""
    return same_hand


def _house_way(round_: PaiGowRound) -> tuple[ReferenceSheet, ...]:
    """The house way the round's dealer hand is set by, as the table posts it."""
    return (house_way_sheet(round_.house_way),)


DEFINITION: GameDefinition[PaiGowTableConfig, PaiGowRound] = GameDefinition(
    id=GameId("pai_gow"),
    names=("Pai Gow Poker", "EZ Pai Gow Poker"),
    form_codes={"Pai Gow Poker": "PG", "EZ Pai Gow Poker": "EZ"},
    layout_key="pai_gow",
    seat_count=MAX_SEATS,
    parse_config=parse_pai_gow_config,
    report=PaiGowTableConfig.describe,
    analysis=later("dealer_trainer.games.pai_gow.analysis", "table_wagers"),
    parse_scenario=parse_pai_gow_scenario,
    deal=later("dealer_trainer.games.pai_gow.dealing", "deal_pai_gow_round"),
    targets=later("dealer_trainer.games.pai_gow.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.pai_gow.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later("dealer_trainer.games.pai_gow.dealing", "pai_gow_dealing_sequence"),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=tuple(hand.value for hand in SevenCardClass),
    hand_matcher=_same_hand,
    split_hands=True,
    reference=_house_way,
)
