"""Three Card Poker as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.three_card_poker.config import (
    ThreeCardPokerTableConfig,
    parse_three_card_poker_config,
)
from dealer_trainer.games.three_card_poker.procedure import (
    NOT_CALLED_FOR,
    SPOTS,
    build_procedure,
    community_gate,
)
from dealer_trainer.games.three_card_poker.round import MAX_SEATS, ThreeCardRound
from dealer_trainer.games.three_card_poker.scenario import parse_three_card_poker_scenario
from dealer_trainer.hands.categories import FIVE_CARD_NAMES
from dealer_trainer.hands.three_card import THREE_CARD_ORDER

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
"""The dealer's cards revealed and named (A), chip wagers, progressive chips before the deal,
verify / floorperson / pay-or-hold, Envy, the Five Card Hand Bonus credited or held, meters
reset."""
HAND_NAMES = tuple(
    dict.fromkeys(
        [
            *(rank.value for rank in reversed(THREE_CARD_ORDER)),
            *FIVE_CARD_NAMES,
        ]
    )
)
"""The three-card hands (the dealer's hand, the three-card progressive) and the five-card ones
(the Five-Card Progressive, the Five Card Hand Bonus)."""

DEFINITION: GameDefinition[ThreeCardPokerTableConfig, ThreeCardRound] = GameDefinition(
    id=GameId("three_card_poker"),
    names=("Three Card Poker",),
    form_codes={"Three Card Poker": "TC"},
    layout_key="three_card_poker",
    seat_count=MAX_SEATS,
    parse_config=parse_three_card_poker_config,
    report=ThreeCardPokerTableConfig.describe,
    analysis=later("dealer_trainer.games.three_card_poker.analysis", "table_wagers"),
    parse_scenario=parse_three_card_poker_scenario,
    deal=later("dealer_trainer.games.three_card_poker.dealing", "deal_three_card_round"),
    targets=later("dealer_trainer.games.three_card_poker.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.three_card_poker.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later(
        "dealer_trainer.games.three_card_poker.dealing", "three_card_dealing_sequence"
    ),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=HAND_NAMES,
    face_down_until=community_gate,
)
