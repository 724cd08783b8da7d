"""What the felt shows as each correct step is applied: chips to and from the rack, cards to the
discard rack, meters reset, jackpot hands held."""

from __future__ import annotations

from decimal import Decimal

import pytest
from spot_support import by_label, by_seat

from dealer_trainer.cards import parse_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.felt import SeatSetup, TableSetup
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.five_card_hand_bonus import METER as FCHB_METER
from dealer_trainer.games.uth.procedure import SPOTS
from dealer_trainer.practice.table import TableState

D = Decimal
OPENING = D(25000)


def felt(seat: int, chips: dict[str, Decimal]) -> dict[SpotId, Decimal]:
    return {SPOTS.parse(seat, label): amount for label, amount in chips.items()}


def setup() -> TableSetup:
    two = SeatSetup(
        2,
        parse_cards("As Kd"),
        felt(2, {"Ante": D(10), "Blind": D(10), "Play": D(40), "Trips": D(5)}),
        felt(2, {"Five Card Hand Bonus": D(1)}),
        "Play 4x before the flop",
    )
    five = SeatSetup(5, parse_cards("7c 2d"), felt(5, {"Ante": D(15), "Blind": D(15)}), folded=True)
    return TableSetup(
        game="Ultimate Texas Hold 'Em",
        table_name="Test table",
        seats=(two, five),
        dealer_cards=parse_cards("Qc Qd"),
        board=parse_cards("2s 3s 4s 9h Th"),
        meters={FCHB_METER: D(31000)},
        signs=(),
        offered_spots=frozenset(
            SPOTS.spot(name) for name in ("ante", "blind", "play", "trips", "cards")
        ),
        inventory=OPENING,
    )


def step(seat: int, label: str, action: Action, amount: Decimal | None = None, **kw: str) -> Step:
    spot = SPOTS.parse(seat, label)
    return Step(f"s{seat}.{label}.{action.value}", spot, action, amount, (), "", "", **kw)


@pytest.fixture
def state() -> TableState:
    return TableState.of(setup())


def test_opening_state_shows_the_setup(state: TableState) -> None:
    assert by_seat(state.stakes) == {
        (2, "Ante"): D(10),
        (2, "Blind"): D(10),
        (2, "Play"): D(40),
        (2, "Trips"): D(5),
        (5, "Ante"): D(15),
        (5, "Blind"): D(15),
    }
    assert by_seat(state.electronic) == {(2, "Five Card Hand Bonus"): D(1)}
    assert state.inventory == OPENING
    assert state.meters == {FCHB_METER: D(31000)}
    assert state.discarded == [] and state.discard_count == 0
    assert state.cards_on_table(2) and state.cards_on_table(5)
    assert not state.hand_held(2)


def test_state_does_not_write_through_to_the_setup(state: TableState) -> None:
    state.apply(step(DEALER, FCHB_METER.value, Action.RESET_METER, D(10000)))
    state.apply(step(5, "Ante", Action.COLLECT, D(15)))
    fresh = TableState.of(state.setup)
    assert state.setup.meters == {FCHB_METER: D(31000)}
    assert by_label(state.setup.seat(5).stakes) == {"Ante": D(15), "Blind": D(15)}
    assert by_seat(fresh.stakes)[(5, "Ante")] == D(15)


def test_setup_seat_lookup() -> None:
    table = setup()
    assert table.seat(5).folded
    with pytest.raises(KeyError, match="seat 4"):
        table.seat(4)


def test_collect_moves_the_stake_to_the_rack(state: TableState) -> None:
    state.apply(step(5, "Ante", Action.COLLECT, D(15)))
    assert (5, "Ante") not in by_seat(state.stakes)
    assert state.inventory == OPENING + 15
    state.apply(step(5, "Blind", Action.COLLECT, D(15)))
    assert state.inventory == OPENING + 30
    assert not [k for k in state.stakes if k.seat == 5]
    assert by_seat(state.stakes)[(2, "Ante")] == D(10)  # nobody else's chips move


def test_pay_adds_a_payout_and_lowers_the_inventory(state: TableState) -> None:
    state.apply(step(2, "Ante", Action.PAY, D(10)))
    state.apply(step(2, "Trips", Action.PAY, D("7.50")))
    assert by_seat(state.payouts) == {(2, "Ante"): D(10), (2, "Trips"): D("7.50")}
    assert by_seat(state.stakes)[(2, "Ante")] == D(10)  # the winning wager stays with its payout
    assert state.inventory == OPENING - D("17.50")


def test_envy_bonus_is_paid_from_the_rack(state: TableState) -> None:
    state.apply(step(2, "Envy Bonus (seat 5's hand)", Action.PAY_ENVY, D(100)))
    assert by_seat(state.payouts)[(2, "Envy Bonus (seat 5's hand)")] == D(100)
    assert state.inventory == OPENING - 100


def test_push_leaves_the_stake_in_place(state: TableState) -> None:
    state.apply(step(2, "Blind", Action.PUSH, D(10)))
    assert SPOTS.parse(2, "Blind") in state.pushed
    assert by_seat(state.stakes)[(2, "Blind")] == D(10)
    assert state.inventory == OPENING


def test_discard_clears_the_seat_and_counts_its_cards(state: TableState) -> None:
    state.apply(step(2, "Ante", Action.PAY, D(10)))
    state.apply(step(2, "Blind", Action.PUSH, D(10)))
    state.apply(step(2, "Five Card Hand Bonus", Action.CREDIT_GAME_ACCOUNT, D(50)))
    inventory = state.inventory
    state.apply(step(2, "Cards", Action.DISCARD))
    assert state.discarded == [2]
    assert state.discard_count == 2
    assert not state.cards_on_table(2)
    for store in (state.stakes, state.payouts, state.electronic, state.credited):
        assert not [k for k in store if k.seat == 2]
    assert not [k for k in state.pushed if k.seat == 2]
    assert state.inventory == inventory  # the player takes back chips; the rack is unchanged
    assert by_seat(state.stakes)[(5, "Ante")] == D(15)  # seat 5 is untouched
    state.apply(step(5, "Cards", Action.DISCARD))
    assert state.discard_count == 4
    assert state.discarded == [2, 5]


def test_dealer_discard_is_not_a_seat(state: TableState) -> None:
    state.apply(step(DEALER, "Cards", Action.DISCARD))
    assert state.discarded == [] and state.discard_count == 0


def test_reset_meter_sets_the_meter(state: TableState) -> None:
    state.apply(step(DEALER, FCHB_METER.value, Action.RESET_METER, D(10000)))
    assert state.meters[FCHB_METER] == D(10000)
    assert state.inventory == OPENING


def test_hold_for_documentation_marks_the_hand_held(state: TableState) -> None:
    state.apply(step(2, "Five Card Hand Bonus", Action.HOLD_FOR_DOCUMENTATION, D(31000)))
    assert by_seat(state.held) == {(2, "Five Card Hand Bonus"): D(31000)}
    assert state.hand_held(2) and not state.hand_held(5)
    assert state.cards_on_table(2)
    assert state.inventory == OPENING  # a jackpot is not paid from the rack


def test_credit_goes_to_the_game_account_not_the_rack(state: TableState) -> None:
    state.apply(step(2, "Five Card Hand Bonus", Action.CREDIT_GAME_ACCOUNT, D(50)))
    assert by_seat(state.credited) == {(2, "Five Card Hand Bonus"): D(50)}
    assert state.inventory == OPENING


def test_verify_and_announce_record_the_hand_named(state: TableState) -> None:
    verify = step(2, "Five Card Hand Bonus", Action.VERIFY_HAND, hand="Straight flush")
    state.apply(verify, "straight flush")
    assert by_seat(state.verified)[(2, "Five Card Hand Bonus")] == "straight flush"
    state.apply(verify)  # no name given: the step's own
    assert by_seat(state.verified)[(2, "Five Card Hand Bonus")] == "Straight flush"
    state.apply(step(2, "Envy Bonus Qualifying Hand", Action.ACKNOWLEDGE_ENVY, hand="Royal flush"))
    assert state.announced == {2: "Royal flush"}


def test_commission_goes_to_the_rack_and_floorperson_changes_nothing(state: TableState) -> None:
    before = TableState.of(state.setup)
    state.apply(step(2, "Five Card Hand Bonus", Action.CALL_FLOORPERSON))
    assert state == before
    state.apply(step(2, "Ante", Action.COLLECT_COMMISSION, D("0.50")))
    assert state.inventory == OPENING + D("0.50")
