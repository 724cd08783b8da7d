"""A trainee's table on a linked meter (``practice.linked_play``): the other linked tables' play
between rounds is seeded, so every station shows the same meters; their wagers raise the meter
by the Rules Submission's rate of progression; a jackpot there resets it; the trainee's own
wagers raise it, an award held here lowers it and a reset here brings it back to the reset
amount, once however often the same deal is tried again.

Tables (dealer_trainer/lessons/tables): Let It Ride Poker table 4 and Four Card Poker table 2
share meter FCHB-A, reset to $10,000, rate of progression 15%, wagers $1 to $5.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.engine.actions import Action
from dealer_trainer.games.five_card_hand_bonus import METER, Award
from dealer_trainer.games.targeting import Target
from dealer_trainer.practice import linked_play
from dealer_trainer.practice.linked_play import LinkedPlay, LinkEvent, link_sections
from dealer_trainer.practice.rounds import DealtRound, deal_table, read_table
from dealer_trainer.practice.targets import generate_round
from dealer_trainer.resources import shipped_tables
from dealer_trainer.rules.money import format_money

TABLES = shipped_tables()
LET_IT_RIDE = TABLES / "let_it_ride_linked_fchb.toml"
FOUR_CARD = TABLES / "four_card_poker_linked_fchb.toml"
RESET = Decimal(10000)


def play() -> LinkedPlay:
    linked = LinkedPlay.at(LET_IT_RIDE)
    assert linked is not None
    return linked


def at(linked: LinkedPlay, seed: int, jackpots: tuple[str, ...] = ()) -> DealtRound:
    return linked.deal(lambda: deal_table(LET_IT_RIDE, seed), seed, jackpots)


def wagered(dealt: DealtRound) -> Decimal:
    return sum(
        (
            amount
            for seat in dealt.setup.seats
            for spot, amount in (seat.stakes | seat.electronic).items()
            if spot.kind is Award.FIVE_CARD_HAND_BONUS
        ),
        Decimal(0),
    )


def test_the_links_of_a_rules_submission_are_read_with_their_rate_and_limits() -> None:
    (section,) = link_sections(read_table(LET_IT_RIDE)[1])
    assert section.linked.link == "FCHB-A"
    assert (section.rate, section.minimum, section.maximum) == (15, 1, 5)
    assert LinkedPlay.at(TABLES / "let_it_ride_plain.toml") is None


def test_the_other_tables_play_is_the_same_on_every_station() -> None:
    first, second = play(), play()
    dealt = [[at(linked, seed) for seed in (7, 8, 9)] for linked in (first, second)]
    for linked, rounds in zip((first, second), dealt, strict=True):
        for round_ in rounds:
            linked.settled(round_)
    assert [d.linked_meters for d in dealt[0]] == [d.linked_meters for d in dealt[1]]
    assert [d.link_news for d in dealt[0]] == [d.link_news for d in dealt[1]]
    assert dealt[0][0].link_news == (), "nothing has happened on the link before the first round"
    assert all(n.startswith("Four Card Poker table 2 played") for n in dealt[0][1].link_news)


def test_the_meter_rises_by_the_rate_of_both_tables_wagers() -> None:
    linked = play()
    first = at(linked, 7)
    assert not any(
        s.action in (Action.HOLD_FOR_DOCUMENTATION, Action.RESET_METER)
        for s in first.procedure.steps
    )
    linked.settled(first)
    shown = first.setup.meters[METER]
    own = (wagered(first) * Decimal("0.15")).quantize(Decimal("0.01"), "ROUND_DOWN")
    assert linked.amount("FCHB-A") == shown + own
    second = at(linked, 8)
    (news,) = second.link_news
    added = second.setup.meters[METER] - (shown + own)
    # at most 3 rounds of 5 bettors at $5, 15% of it: $11.25
    assert Decimal(0) <= added <= Decimal("11.25")
    if added:
        assert f"its wagers added {format_money(added)} to linked meter FCHB-A" in news
    else:
        assert (
            news == "Four Card Poker table 2 played 1 round with no wagers on linked meter FCHB-A."
        )


def test_a_jackpot_elsewhere_resets_the_meter_and_the_trainee_is_told() -> None:
    linked = play()
    linked.settled(at(linked, 7))
    dealt = at(linked, 8, ("Four Card Poker table 2",))
    assert dealt.setup.meters[METER] == RESET
    assert "Meter reset at Four Card Poker table 2" in dealt.setup.notes
    assert dealt.link_news[-1].startswith("Meter reset at Four Card Poker table 2: a royal flush")


def test_a_royal_flush_at_another_table_comes_at_its_chance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every bettor's hand a royal flush: each table with a bettor wins the meter."""
    monkeypatch.setattr(linked_play, "ROYAL_FLUSHES", linked_play.FIVE_CARD_HANDS)
    monkeypatch.setattr(linked_play, "BETTORS_ELSEWHERE", (1, 1))
    linked = play()
    linked.settled(at(linked, 7))
    news = linked._elsewhere(8, ())
    assert [n.event for n in news] == [LinkEvent.PLAYED, LinkEvent.JACKPOT]
    assert linked.amount("FCHB-A") == RESET


def test_an_award_here_resets_the_link_once_however_often_the_deal_is_tried() -> None:
    linked = LinkedPlay.at(FOUR_CARD)
    assert linked is not None
    royal = [Target(who="seat 3", wager="Five Card Hand Bonus", hand="Royal flush")]
    dealt = linked.deal(lambda: generate_round("Four Card Poker", FOUR_CARD, 3, royal, (1, 3)), 3)
    assert any(s.action is Action.RESET_METER for s in dealt.procedure.steps)
    linked.settled(dealt)
    assert linked.amount("FCHB-A") == RESET  # the round's own wagers went into the jackpot
    linked.settled(dealt)  # the same deal tried again (never recorded): the link moves once
    assert linked.amount("FCHB-A") == RESET


def test_a_deal_that_fails_moves_nothing_on_the_link() -> None:
    linked = play()
    linked.settled(at(linked, 7))
    before = linked.amount("FCHB-A")

    def refused() -> DealtRound:
        raise ValueError("no seed meets these targets")

    with pytest.raises(ValueError, match="no seed"):
        linked.deal(refused, 8, ("Four Card Poker table 2",))
    assert linked.amount("FCHB-A") == before
