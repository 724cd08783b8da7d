"""Let It Ride Poker as the trainer knows it (``games.registry`` lists it)."""

from __future__ import annotations

from dealer_trainer.games.definition import GameDefinition, GameId, later
from dealer_trainer.games.let_it_ride.config import LetItRideTableConfig, parse_let_it_ride_config
from dealer_trainer.games.let_it_ride.procedure import NOT_CALLED_FOR, SPOTS, build_procedure
from dealer_trainer.games.let_it_ride.round import MAX_SEATS, LetItRideRound
from dealer_trainer.games.let_it_ride.scenario import parse_let_it_ride_scenario
from dealer_trainer.games.paytable_steps import PAYTABLE_ACTIONS
from dealer_trainer.hands.categories import FIVE_CARD_NAMES

ACTIONS = PAYTABLE_ACTIONS
"""No dealer hand to set or arrange: chip wagers (a push when the payout limit leaves a riding
wager nothing), progressive chips before the deal, verify / floorperson / pay-or-hold, Envy, the
Five Card Hand Bonus credited or held, meters reset."""


DEFINITION: GameDefinition[LetItRideTableConfig, LetItRideRound] = GameDefinition(
    id=GameId("let_it_ride"),
    names=("Let It Ride Poker",),
    form_codes={"Let It Ride Poker": "LR"},
    layout_key="let_it_ride",
    seat_count=MAX_SEATS,
    parse_config=parse_let_it_ride_config,
    report=LetItRideTableConfig.describe,
    analysis=later("dealer_trainer.games.let_it_ride.analysis", "table_wagers"),
    parse_scenario=parse_let_it_ride_scenario,
    deal=later("dealer_trainer.games.let_it_ride.dealing", "deal_let_it_ride_round"),
    targets=later("dealer_trainer.games.let_it_ride.targets", "TARGETS"),
    table_setup=later("dealer_trainer.games.let_it_ride.table", "table_setup"),
    procedure=build_procedure,
    dealing_sequence=later(
        "dealer_trainer.games.let_it_ride.dealing", "let_it_ride_dealing_sequence"
    ),
    not_called_for=NOT_CALLED_FOR,
    actions=ACTIONS,
    spots=SPOTS,
    hand_names=FIVE_CARD_NAMES,
)
