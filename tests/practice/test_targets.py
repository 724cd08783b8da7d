"""Constrained deals through the practice API (practice/targets.py), for every game: generated
rounds are legal, seat whom they were asked to, settle perfectly for a trainee who follows the
procedure, come out the same for the same seed, and every unusable target gets its own message.

That each target's hand is really there is checked per game with the game's own evaluators
(tests/games/*/test_*_targets.py); here the checks hold for any target.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.engine.grader import TraineeAction, grade_log
from dealer_trainer.games.registry import GAME_NAMES
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.practice.targets import (
    Target,
    TargetError,
    check_targets,
    generate_round,
    parse_target,
)
from dealer_trainer.resources import shipped_tables

TABLES = shipped_tables()
UTH = "Ultimate Texas Hold 'Em"
PAI_GOW = "Pai Gow Poker"
EZ = "EZ Pai Gow Poker"
FOUR_CARD = "Four Card Poker"
STUD = "Caribbean Stud Poker"
LET_IT_RIDE = "Let It Ride Poker"
MISSISSIPPI_STUD = "Mississippi Stud"
THREE_CARD = "Three Card Poker"
THB = "Texas Hold 'Em Bonus Poker"
CRAZY_4 = "Crazy 4 Poker"
CARDS = {
    UTH: (2, 2, (5,)),
    PAI_GOW: (7, 7, (0,)),
    EZ: (7, 7, (0,)),
    FOUR_CARD: (5, 6, (0,)),
    CRAZY_4: (5, 5, (0,)),
    STUD: (5, 5, (0,)),
    LET_IT_RIDE: (3, 2, (0,)),  # the two community cards are the dealer's card area
    MISSISSIPPI_STUD: (2, 3, (0,)),  # the three community cards are the dealer's card area
    THREE_CARD: (3, 3, (0, 2)),  # community cards only for the five-card wagers
    THB: (2, 2, (5,)),
}
"""Cards per seat, for the dealer and on the board (the sizes it may have)."""

CASES: list[tuple[str, str, list[Target], tuple[int, ...] | None]] = [
    (
        UTH,
        "uth_all_653b_options.toml",
        [Target("dealer", "Royal flush", "Five Card Hand Bonus")],
        None,
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 3", "Full house", "Trips"), Target("board", "Pair of tens")],
        None,
    ),
    (
        UTH,
        "uth_progressive_envy.toml",
        [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")],
        (2, 4, 5),
    ),
    (
        UTH,
        "uth_all_653b_options.toml",
        [Target("dealer", "does not qualify"), Target("seat 1", "Flush", "Play")],
        (1, 6),
    ),
    (
        EZ,
        "pai_gow_ez_all_options.toml",
        [Target("dealer", "Queen's Dragon"), Target("seat 4", "Five aces")],
        None,
    ),
    (
        EZ,
        "pai_gow_ez_all_options.toml",
        [Target("seat 1", "Envy hand"), Target("seat 3", "Envy hand")],
        (1, 2, 3),
    ),
    (
        PAI_GOW,
        "pai_gow_classic.toml",
        [Target("seat 2", "Pair of aces"), Target("dealer", "Two pair")],
        None,
    ),
    (
        STUD,
        "caribbean_stud_progressive.toml",
        [
            Target("seat 3", "Royal flush", "Progressive Payout Wager"),
            Target("seat 5", "Envy hand"),
        ],
        None,
    ),
    (
        STUD,
        "caribbean_stud_five_card_bonus.toml",
        [Target("dealer", "Flush", "Five Card Hand Bonus"), Target("seat 2", "Ace/king", "Bet")],
        (2, 7),
    ),
    (FOUR_CARD, "four_card_poker_aces_up.toml", [Target("seat 2", "Four aces", "Aces Up")], None),
    (
        FOUR_CARD,
        "four_card_poker_five_card_bonus.toml",
        [Target("dealer", "Royal flush", "Five Card Hand Bonus"), Target("seat 1", "Pair of aces")],
        (1, 3),
    ),
    (
        CRAZY_4,
        "crazy_4_poker_all_options.toml",
        [Target("seat 3", "Four aces", "Super Bonus"), Target("dealer", "Queen high")],
        None,
    ),
    (
        CRAZY_4,
        "crazy_4_poker_all_options.toml",
        [
            Target("dealer", "Royal flush", "Five Card Hand Bonus"),
            Target("seat 1", "Pair of queens", "Queens Up"),
        ],
        (1, 3),
    ),
    (
        LET_IT_RIDE,
        "let_it_ride_all_bonuses.toml",
        [Target("seat 3", "Royal flush, payout limit reached")],
        None,
    ),
    (
        MISSISSIPPI_STUD,
        "mississippi_stud_all_options.toml",
        [
            Target("seat 2", "Envy hand"),
            Target("seat 4", "Mini royal", "Three Card Bonus"),
        ],
        (2, 4, 6),
    ),
    (
        MISSISSIPPI_STUD,
        "mississippi_stud_plain.toml",
        [Target("seat 3", "Royal flush, payout limit reached")],
        None,
    ),
    (
        LET_IT_RIDE,
        "let_it_ride_progressive_envy.toml",
        [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")],
        (2, 4, 5),
    ),
    (
        LET_IT_RIDE,
        "let_it_ride_five_card_hand_bonus.toml",
        [
            Target("seat 1", "Royal flush", "Five Card Hand Bonus"),
            Target("seat 4", "Mini royal", "Three Card Bonus"),
        ],
        None,
    ),
    (
        THREE_CARD,
        "three_card_poker_progressive_envy.toml",
        [Target("seat 2", "Envy hand"), Target("seat 5", "Envy hand")],
        None,
    ),
    (
        THREE_CARD,
        "three_card_poker_five_card_bonus.toml",
        [
            Target("dealer", "Royal flush", "Five Card Hand Bonus"),
            Target("seat 1", "Envy hand", "Five-Card Progressive Payout Wager"),
        ],
        (1, 2),
    ),
    (
        THB,
        "texas_holdem_bonus_all_options.toml",
        [
            Target("dealer", "Royal flush", "Five Card Hand Bonus"),
            Target("seat 2", "Envy hand"),
            Target("seat 4", "Ace/king (suited)", "Bonus"),
        ],
        (2, 4, 6),
    ),
    (
        THB,
        "texas_holdem_bonus_plain.toml",
        [Target("seat 3", "Full house", "River"), Target("board", "Two pair")],
        None,
    ),
    (
        THREE_CARD,
        "three_card_poker_pair_plus_six_card.toml",
        [Target("dealer", "does not qualify"), Target("seat 3", "Straight flush", "6 Card Bonus")],
        None,
    ),
]


def perfect_grade(round_: DealtRound) -> float:
    """The score of a trainee who takes the procedure's own steps, in order."""
    actions = [
        TraineeAction(step.spot, step.action, step.amount, at=float(i), hand=step.hand)
        for i, step in enumerate(round_.procedure)
    ]
    grade = grade_log(
        round_.procedure,
        actions,
        not_called_for=round_.not_called_for,
        hand_matcher=round_.hand_matcher,
    )
    assert not grade.missing
    return float(grade.score)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CASES), st.integers(0, 2**40))
def test_generated_rounds_are_legal_and_settle_perfectly(
    case: tuple[str, str, list[Target], tuple[int, ...] | None], seed: int
) -> None:
    game, table, targets, seats = case
    round_ = generate_round(game, TABLES / table, seed, targets, seats)
    setup = round_.setup
    per_seat, dealer, boards = CARDS[game]
    cards = [*setup.dealer_cards, *setup.board, *(c for s in setup.seats for c in s.cards)]
    assert len(cards) == len(set(cards)), "a card is dealt twice"
    assert len(setup.dealer_cards) == dealer
    assert len(setup.board) in boards
    assert all(len(s.cards) == per_seat for s in setup.seats)
    dealt = [s.seat for s in setup.seats]
    if seats is not None:
        assert dealt == sorted(seats)
    wanted = {int(t.who.split()[1]) for t in targets if t.who.startswith("seat")}
    assert wanted <= set(dealt)
    assert setup.seed == seed
    assert perfect_grade(round_) == 100


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}: {case[2][0].describe()}")
def test_the_same_seed_gives_the_same_round(
    case: tuple[str, str, list[Target], tuple[int, ...] | None],
) -> None:
    game, table, targets, seats = case
    a = generate_round(game, TABLES / table, 12345, targets, seats)
    b = generate_round(game, TABLES / table, 12345, targets, seats)
    c = generate_round(game, TABLES / table, 12346, targets, seats)
    assert a.setup == b.setup and a.procedure == b.procedure and a.description == b.description
    assert (a.setup, a.description) != (c.setup, c.description)


def test_every_game_of_the_trainer_has_targets() -> None:
    assert set(GAME_NAMES) == set(CARDS)
    assert {game for game, *_ in CASES} == set(CARDS), "a game without a generated-round case"


# --- reading targets -----------------------------------------------------------------------------


def test_a_target_is_read_from_a_toml_table() -> None:
    assert parse_target({"who": "seat 3", "hand": "Full house", "wager": "Trips"}) == Target(
        "seat 3", "Full house", "Trips"
    )
    assert parse_target({"who": "Dealer", "cards": "Ah Ad"}) == Target("Dealer", cards="Ah Ad")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hand": "Flush"}, "who: whose hand"),
        ({"who": "seat 3"}, "hand: a hand name"),
        ({"who": "seat 3", "hand": 5}, "hand: text such as 'Full house', not 5"),
        ({"who": "the river", "hand": "Flush"}, "who: 'the river' is not 'seat N'"),
        ({"who": "seat 3", "cards": "Ah Zz"}, "cards: bad card 'Zz'"),
        ({"who": "seat 3", "cards": "Ah Ah"}, "cards: bad card 'Ah': Ah appears more than once"),
        ({"who": "seat 3", "hand": "Flush", "colour": "red"}, "colour: not a target field"),
    ],
)  # fmt: skip
def test_a_bad_target_table_names_the_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_target(data)


# --- targets that cannot be met ------------------------------------------------------------------

ERRORS: list[tuple[str, str, list[Target], tuple[int, ...] | None, str]] = [
    (
        FOUR_CARD,
        "four_card_poker_plain.toml",
        [Target("dealer", "Queen's Dragon")],
        None,
        r"targets\[0\]: hand: Queen's Dragon is a pai gow dealer hand; Four Card Poker has no "
        "such hand",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 9", "Flush")],
        None,
        r"targets\[0\]: seat 9 is not a seat at this table \(seats 1-7\)",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 3", "Flush")],
        (1, 2, 5),
        r"targets\[0\]: seat 3 is not among the seats dealt \(1, 2, 5\)",
    ),
    (
        STUD,
        "caribbean_stud_plain.toml",
        [
            Target("dealer", "Four aces"),
            Target("seat 4", "Two pair"),
            Target("seat 3", "Royal flush in spades"),
        ],
        None,
        r"targets\[2\]: seat 3 cannot hold a royal flush in spades: the dealer's target uses As",
    ),
    (
        FOUR_CARD,
        "four_card_poker_plain.toml",
        [Target("dealer", "Flush", cards="Ah Kh"), Target("seat 3", "Four aces")],
        None,
        r"targets\[1\]: seat 3 cannot hold four aces: the dealer's target uses Ah",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 3", "Full house", "Trips"), Target("seat 3", "Flush")],
        None,
        r"targets\[1\]: seat 3's hand cannot be both a full house \(targets\[0\]\) and a flush",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 1", "Flush", "Bad Beat bonus")],
        None,
        r"targets\[0\]: wager: Plain Ultimate Texas Hold 'Em .* does not offer the Bad Beat bonus",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 1", "Flush", "Raise")],
        None,
        r"targets\[0\]: wager: 'Raise' is not an Ultimate Texas Hold 'Em wager",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 1", "Boat")],
        None,
        r"targets\[0\]: hand: 'Boat' is not a hand",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 1", "Envy hand")],
        None,
        r"targets\[0\]: Plain .* pays no Envy Bonus",
    ),
    (
        UTH,
        "uth_progressive_envy.toml",
        [Target("seat 1", "Envy hand")],
        (1,),
        r"targets\[0\]: an Envy Bonus is paid to another player: seat 1 is alone at the table",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("dealer", "Flush", "Trips")],
        None,
        r"targets\[0\]: the dealer places no Trips",
    ),
    (
        FOUR_CARD,
        "four_card_poker_plain.toml",
        [Target("seat 2", cards="As Kd Qh Jc Ts 9s")],
        None,
        r"targets\[0\]: cards: 6 cards \(As Kd Qh Jc Ts 9s\) do not fit in seat 2's 5 cards",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("seat 2", cards="As Kd"), Target("seat 3", cards="Kd Qh")],
        None,
        r"targets\[1\]: Kd is already seat 2's second card in targets\[0\]",
    ),
    (
        UTH,
        "uth_plain.toml",
        [Target("board", "Flush", cards="As Ks Qs Js Ts")],
        None,
        r"targets\[0\]: cards: As Ks Qs Js Ts make a royal flush, not a flush",
    ),
    (
        EZ,
        "pai_gow_ez_all_options.toml",
        [Target("seat 3", "Queen's Dragon")],
        None,
        r"targets\[0\]: a Queen's Dragon is the dealer's hand",
    ),
    (
        PAI_GOW,
        "pai_gow_classic.toml",
        [Target("seat 3", "Flush", "Dynasty Bonus")],
        None,
        r"targets\[0\]: wager: .* does not offer the Dynasty Bonus \(EZ Pai Gow Poker only",
    ),
    (
        STUD,
        "caribbean_stud_plain.toml",
        [Target("dealer", "Royal flush"), Target("dealer", "does not qualify")],
        None,
        r"targets\[1\]: the dealer's hand cannot be both a royal flush \(targets\[0\]\) and a "
        "hand that does not qualify",
    ),
    (
        STUD,
        "caribbean_stud_plain.toml",
        [Target("board", "Flush")],
        None,
        r"targets\[0\]: Caribbean Stud Poker has no community cards",
    ),
    (
        FOUR_CARD,
        "four_card_poker_plain.toml",
        [Target("seat 1", "Full house")],
        None,
        r"targets\[0\]: hand: Four Card Poker's four-card ranking has no full house",
    ),
    (
        FOUR_CARD,
        "four_card_poker_plain.toml",
        [Target("seat 1", "Flush", "Five Card Hand Bonus")],
        None,
        r"targets\[0\]: wager: .* does not offer the Five Card Hand Bonus on the player's hand",
    ),
    (
        UTH,
        "pai_gow_classic.toml",
        [Target("seat 1", "Flush")],
        None,
        r"table: pai_gow_classic.toml is a table for 'Pai Gow Poker', not \"Ultimate Texas",
    ),
    ("Baccarat", "uth_plain.toml", [Target("seat 1", "Flush")], None, "game: constrained deals"),
    (
        LET_IT_RIDE,
        "let_it_ride_plain.toml",
        [Target("dealer", "Flush")],
        None,
        r"targets\[0\]: Let It Ride Poker has no dealer hand",
    ),
    (
        LET_IT_RIDE,
        "let_it_ride_plain.toml",
        [Target("seat 2", "Royal flush, payout limit reached")],
        None,
        r"targets\[0\]: Let It Ride Poker sets no payout limit",
    ),
    (
        THREE_CARD,
        "three_card_poker_plain.toml",
        [Target("seat 1", "Queen's Dragon")],
        None,
        r"targets\[0\]: hand: Queen's Dragon is a pai gow dealer hand; Three Card Poker has no "
        "such hand",
    ),
    (
        THREE_CARD,
        "three_card_poker_progressive_envy.toml",
        [Target("seat 4", "Envy hand")],
        (4,),
        r"targets\[0\]: an Envy Bonus is paid to another player: seat 4 is alone at the table",
    ),
    (
        THREE_CARD,
        "let_it_ride_plain.toml",
        [Target("seat 1", "Flush")],
        None,
        r"table: let_it_ride_plain.toml is a table for 'Let It Ride Poker', not 'Three Card",
    ),
]


@pytest.mark.parametrize("case", ERRORS, ids=lambda case: case[4][:60])
def test_each_impossible_target_gets_its_own_message(
    case: tuple[str, str, list[Target], tuple[int, ...] | None, str],
) -> None:
    game, table, targets, seats, message = case
    problems = check_targets(game, TABLES / table, targets, seats)
    assert problems, "the problem was not found without dealing"
    assert any(re.search(message, problem) for problem in problems), problems
    with pytest.raises(TargetError) as raised:
        generate_round(game, TABLES / table, 1, targets, seats)
    assert str(raised.value) == problems[0]


def test_targets_that_no_deal_can_meet_together_are_refused_by_name() -> None:
    """Both royal flushes need three of their cards on the five-card board: they cannot share
    it. No rule forbids that in advance; the construction finds no deal and says which."""
    targets = [Target("dealer", "Royal flush in spades"), Target("seat 2", "Royal flush in hearts")]
    assert check_targets(UTH, TABLES / "uth_plain.toml", targets, None) == []
    with pytest.raises(TargetError, match=r"targets\[\d\]: .* cannot hold a royal flush in") as err:
        generate_round(UTH, TABLES / "uth_plain.toml", 3, targets)
    assert "together with targets[" in str(err.value)


def test_targets_that_fit_report_no_problems() -> None:
    for game, table, targets, seats in CASES:
        assert check_targets(game, TABLES / table, targets, seats) == []
