"""The course's linked-meter lesson: the meter on the felt is the link's, it moves with the other
linked table's play between rounds, a jackpot there resets it, an award here resets it for
every linked table, and the amount each round was settled against is recorded with it, so the
instructor's replay and the signed result deal the same meters and give the same grades.

The shipped lesson ``four_card_poker/06_linked_meter.toml`` is played at Four Card Poker table 2
(``four_card_poker_linked_fchb.toml``), meter FCHB-A shared with Let It Ride Poker table 4,
reset by the dealer at the winning table to $10,000 (§§ 641a.2(d), 641a.12(g)(4); § 605a.8).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from msgspec.structs import replace
from records_support import TABLES, play_all, settle

from dealer_trainer.curriculum.lessons import LESSONS, GeneratedDeals, check_lesson, load_lesson
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.engine.actions import Action
from dealer_trainer.games.five_card_hand_bonus import METER
from dealer_trainer.practice.rounds import DealtRound, deal_table
from dealer_trainer.store import KeyRing, Store
from dealer_trainer.store.document import record_from_document, result_document
from dealer_trainer.store.replay import rebuild, replay
from dealer_trainer.store.types import decimal_text
from dealer_trainer.store.verify import check_records

LESSON = LESSONS / "four_card_poker" / "06_linked_meter.toml"
LINKED = TABLES / "four_card_poker_linked_fchb.toml"
RESET = Decimal(10000)
PASSWORD = "correct horse battery"


def meter(dealt: DealtRound) -> Decimal:
    return dealt.setup.meters[METER]


def resets(dealt: DealtRound) -> bool:
    return any(s.action is Action.RESET_METER for s in dealt.procedure.steps)


def played_rounds(run: LessonRun, wrong_amount_at: set[int] | None = None) -> list[DealtRound]:
    """Every round of ``run``, each settled (and recorded by the run) before the next is dealt."""
    dealt = []
    while (item := run.next_item()) is not None:
        assert isinstance(item, DealtRound)
        dealt.append(item)
        settle(run, item, wrong_amount_at=wrong_amount_at or set())
    return dealt


def test_the_lesson_moves_one_meter_through_other_tables_jackpots_and_its_own() -> None:
    dealt = played_rounds(LessonRun(load_lesson(LESSON), None))
    amounts = [meter(d) for d in dealt]
    assert len(dealt) == 8
    assert all(d.linked_meters == (("FCHB-A", meter(d)),) for d in dealt)
    assert all(
        "LINKED METER FCHB-A, shared with Let It Ride Poker table 4" in d.setup.notes for d in dealt
    )
    # Between two rounds the other table played: its wagers raised the meter.
    assert dealt[1].link_news[0].startswith("Let It Ride Poker table 4 played")
    assert amounts[1] > amounts[0]
    # The straight flush here pays 10% of the linked meter: the next meter is lower for all.
    straight = [s for s in dealt[2].procedure.steps if s.action is Action.HOLD_FOR_DOCUMENTATION]
    assert straight and straight[0].amount == (amounts[2] / 10).quantize(
        Decimal("0.01"), "ROUND_DOWN"
    )
    # The block with a jackpot at the other table opens on the reset meter, and says so.
    assert amounts[3] == RESET
    assert "Meter reset at Let It Ride Poker table 4" in dealt[3].setup.notes
    assert dealt[3].link_news[-1].startswith("Meter reset at Let It Ride Poker table 4: ")
    assert "the meter is back to $10,000 at every linked table" in dealt[3].link_news[-1]
    # The royal flush at the trainee's table is the whole linked meter, held, then reset here.
    royal = dealt[4]
    held = [s for s in royal.procedure.steps if s.action is Action.HOLD_FOR_DOCUMENTATION]
    assert [s.amount for s in held] == [amounts[4]]
    assert "linked meter FCHB-A shared with Let It Ride Poker table 4" in held[0].explanation
    assert resets(royal) and not any(resets(d) for d in dealt[:4])
    # ... so the next round starts again from the reset amount, plus the wagers since.
    assert RESET <= amounts[5] < RESET + 100
    # Dealt alone (no link), the same seed shows the table's own meter draw instead.
    block = load_lesson(LESSON).blocks[0]
    assert isinstance(block, GeneratedDeals)
    assert meter(deal_table(LINKED, block.seed + 1, (2, 5))) != amounts[1]


def test_the_replay_deals_every_round_against_the_meter_it_was_settled_against(
    store: Store,
) -> None:
    progress = TraineeProgress(store, store.add_trainee("Ann Lee", "Spring 2026"))
    run = LessonRun(load_lesson(LESSON), progress)
    live = [meter(d) for d in played_rounds(run, wrong_amount_at={3})]
    record = run.close()
    assert record is not None
    assert [dict(r.source.linked_meters) for r in record.rounds] == [
        {"FCHB-A": amount} for amount in live
    ]
    assert all(not r.source.targets for r in record.rounds if r.source.seats == (2, 5)), (
        "the stored meters are not read back as a lesson's targets"
    )
    for again in (record, record_from_document(result_document(record))):
        replayed = replay(again)
        assert [meter(r.dealt) for r in replayed.rounds] == live
        assert [g.to_json() for g in replayed.grades] == [r.grade for r in record.rounds]
        assert replayed.summary == record.summary
        assert all(step.agrees for r in replayed.rounds for step in r.steps)
    # What the recording is for: dealt from the seeds alone, the meters are each round's draw.
    unlinked = [meter(rebuild(replace(r.source, linked_meters=()))) for r in record.rounds]
    assert unlinked != live


def test_a_lesson_cut_short_goes_on_with_the_link_where_its_last_round_left_it(
    store: Store,
) -> None:
    lesson = load_lesson(LESSON)
    progress = TraineeProgress(store, store.add_trainee("Cy Short", "Spring 2026"))
    whole = played_rounds(LessonRun(lesson, None))
    run = LessonRun(lesson, progress)
    for _ in range(4):  # the two rounds, the straight flush, the jackpot elsewhere
        item = run.next_item()
        assert isinstance(item, DealtRound)
        settle(run, item)
    item = run.next_item()  # the royal flush here: the app stops mid-round
    assert isinstance(item, DealtRound)
    settle(run, item, stop_after=2)
    (interrupted,) = progress.interrupted()
    resumed = LessonRun(lesson, progress, resume=store.resume_attempt(interrupted.id))
    after = resumed.next_item()
    assert isinstance(after, DealtRound)
    # The royal flush's reset is where the link stands: the next round is dealt as it was
    # in the lesson played through.
    assert meter(after) == meter(whole[5])
    assert RESET <= meter(after) < RESET + 100


@pytest.fixture
def keys(store: Store) -> KeyRing:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    return store.unlock_keys(PASSWORD)


def linked_exam(folder: Path) -> Path:
    path = folder / "linked_exam.toml"
    path.write_text(
        f"""id = "four-card-poker-linked-exam"
title = "Exam: a linked meter"
description = "A royal flush on the linked meter, then a jackpot at the other table."
game = "Four Card Poker"
level = 9
table = "{LINKED.as_posix()}"
mode = "exam"
skills = ["meter reset", "hold for documentation"]
time_limit_seconds = 300
pass_mark = 90

[[rounds]]
generate = 1
seed = 41
seats = [1, 3]
targets = [{{ who = "seat 3", wager = "Five Card Hand Bonus", hand = "Royal flush" }}]

[[rounds]]
generate = 1
seed = 42
seats = [2, 4]
jackpot_elsewhere = "Let It Ride Poker table 4"
""",
        encoding="utf-8",
    )
    return path


def test_a_signed_exam_result_at_a_linked_table_verifies_and_replays(
    tmp_path: Path, store: Store, keys: KeyRing
) -> None:
    lesson = load_lesson(linked_exam(tmp_path))
    progress = TraineeProgress(store, store.add_trainee("Bob Ray", "Spring 2026"))
    run = LessonRun(lesson, progress, keys=keys)
    live = [s.session.setup.meters[METER] for s in play_all(run)]
    record = run.close()
    assert record is not None and record.signed
    assert live[1] == RESET
    document = result_document(record)
    assert [r["linked_meters"] for r in document["rounds"]] == [
        {"FCHB-A": decimal_text(live[0])},
        {"FCHB-A": "10000"},
    ]
    assert [meter(r.dealt) for r in replay(record_from_document(document)).rounds] == live
    assert all(check.ok for check in check_records(store.attempts(), keys))


@pytest.mark.parametrize(
    ("old", "new", "where", "expected"),
    [
        (
            'jackpot_elsewhere = "Let It Ride Poker table 4"',
            'jackpot_elsewhere = "Let It Ride table 9"',
            "rounds[1].jackpot_elsewhere",
            "a table this lesson's table shares a linked meter with: 'Let It Ride Poker table 4'",
        ),
        (
            "seed = 41\n",
            'seed = 41\njackpot_elsewhere = "Let It Ride Poker table 4"\n',
            "rounds[0].jackpot_elsewhere",
            "a block after the lesson's first dealt round",
        ),
        (
            LINKED.as_posix(),
            (TABLES / "four_card_poker_five_card_bonus.toml").as_posix(),
            "rounds[1].jackpot_elsewhere",
            "a lesson table with a linked meter (its Rules Submission's linked section)",
        ),
    ],
)
def test_a_jackpot_elsewhere_names_a_table_on_the_link_after_a_first_round(
    tmp_path: Path, old: str, new: str, where: str, expected: str
) -> None:
    text = linked_exam(tmp_path).read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new), encoding="utf-8")
    problems = check_lesson(bad).problems
    assert [(p.field, p.expected) for p in problems] == [(where, expected)]


def test_a_jackpot_elsewhere_is_refused_with_a_fixed_deal(tmp_path: Path) -> None:
    scenario = (LESSONS / "four_card_poker" / "scenarios" / "fchb_royal.toml").as_posix()
    text = linked_exam(tmp_path).read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        text
        + f'\n[[rounds]]\nscenario = "{scenario}"\n'
        + 'jackpot_elsewhere = "Let It Ride Poker table 4"\n',
        encoding="utf-8",
    )
    problems = check_lesson(bad).problems
    assert [p.field for p in problems] == ["rounds[2]"]
    assert "jackpot_elsewhere only with generate = N" in problems[0].expected
