"""Replaying a stored attempt through the engine gives the identical grade, round by round."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import text
from store_support import (
    CARIBBEAN,
    FLOORPERSON_SCENARIO,
    LESSON_SCENARIO,
    PLAIN,
    ROOT,
    UTH_GAME,
    plain_source,
    play_log_round,
    play_round,
)
from trainee_text_support import developer_notes

from dealer_trainer.store import RoundSource, Status, Store
from dealer_trainer.store.document import record_from_document, result_document
from dealer_trainer.store.replay import ReplayError, rebuild, replay
from dealer_trainer.store.verify import substance

PAI_GOW_SCENARIO = (
    ROOT / "tests" / "golden" / "pai_gow" / "ez_progressive_royal_flush_floorperson.toml"
)


def test_replay_gives_the_identical_grade(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "mixed", UTH_GAME, "exam", time_limit=20)
    played = [
        play_round(
            store, attempt, plain_source(), wrong_amount_at={3, 7}, extra_at={5}, early_at={2}
        ),
        play_round(store, attempt, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN)),
        play_round(
            store,
            attempt,
            RoundSource.scenario(PAI_GOW_SCENARIO, "EZ Pai Gow Poker"),
            wrong_amount_at={4},
        ),
        play_log_round(
            store, attempt, RoundSource.scenario(LESSON_SCENARIO, UTH_GAME), wrong_amount_at={2}
        ),
    ]
    record = store.attempt(attempt)
    replayed = replay(record)
    assert replayed.grades == tuple(p.grade for p in played)
    assert [g.to_json() for g in replayed.grades] == [r.grade for r in record.rounds]
    assert all(step.agrees for r in replayed.rounds for step in r.steps)
    # The grades are worth comparing: mistakes, a floorperson wait, a time limit missed.
    assert [g.perfect for g in replayed.grades] == [False, True, False, False]
    assert any(s.kind == "signoff" for s in record.steps)
    assert not replayed.grades[0].within_time

    final = store.finish_attempt(attempt, status=Status.ABANDONED)
    assert replay(final).summary == final.summary


def test_replay_deals_from_the_stored_text_not_the_file(store: Store, tmp_path: Path) -> None:
    """Lesson files move and change; the stored copy deals the same cards."""
    tables = tmp_path / "course" / "tables"
    scenarios = tmp_path / "course" / "uth" / "scenarios"
    tables.mkdir(parents=True)
    scenarios.mkdir(parents=True)
    shutil.copy(PLAIN, tables / PLAIN.name)
    scenario = scenarios / LESSON_SCENARIO.name
    shutil.copy(LESSON_SCENARIO, scenario)  # it names its table as ../../tables/uth_plain.toml
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "moved", UTH_GAME, "practice")
    first = play_round(store, attempt, RoundSource.deal(tables / PLAIN.name, UTH_GAME, 3, (2, 6)))
    second = play_round(
        store, attempt, RoundSource.scenario(scenario, UTH_GAME), wrong_amount_at={2}
    )
    shutil.rmtree(tmp_path / "course")
    replayed = replay(store.attempt(attempt))
    assert replayed.grades == (first.grade, second.grade)


def test_replay_from_an_exported_document(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth", UTH_GAME, "practice")
    played = play_round(store, attempt, plain_source(seed=21), wrong_amount_at={1})
    record = store.finish_attempt(attempt)
    document = json.loads(json.dumps(result_document(record)))
    again = record_from_document(document)
    assert result_document(again) == document
    assert replay(again).grades == (played.grade,)
    assert replay(again).summary == record.summary


def test_an_edited_log_no_longer_replays_to_its_grade(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "uth", UTH_GAME, "practice")
    played = play_round(store, attempt, plain_source(seed=4), wrong_amount_at={2})
    with store.engine.begin() as connection:  # "correct" the refused wrong amount
        connection.execute(
            text(
                "UPDATE step_records SET amount = (SELECT amount FROM step_records s "
                'WHERE s.attempt_id = :a AND s."index" = 3) WHERE attempt_id = :a AND "index" = 2'
            ),
            {"a": attempt},
        )
    replayed = replay(store.attempt(attempt))
    assert replayed.grades[0] != played.grade
    disagreeing = [s.stored.index for r in replayed.rounds for s in r.steps if not s.agrees]
    assert disagreeing[0] == 2


def test_a_targeted_deal_replays_through_the_scenario_generator(store: Store) -> None:
    target = {"who": "seat 5", "wager": "Trips", "hand": "Full house"}
    source = RoundSource.deal(PLAIN, UTH_GAME, 7, (2, 5), [target])
    dealt = rebuild(source)
    assert "Seat 5" in dealt.description
    assert rebuild(source).description == dealt.description


def test_a_round_that_cannot_be_dealt_again_says_why(tmp_path: Path) -> None:
    source = RoundSource("deal", "Baccarat", "x.toml", "game = 'Baccarat'\n", 1)
    with pytest.raises(ReplayError, match="Baccarat"):
        rebuild(source)
    absolute = RoundSource(
        "scenario",
        UTH_GAME,
        "s.toml",
        "table = '/etc/t.toml'\n",
        table_ref="/etc/t.toml",
        table_text="",
    )
    with pytest.raises(ValueError, match="absolute"):
        rebuild(absolute)


def test_rounds_are_dealt_again_from_the_stored_text_without_writing_files(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stored text is parsed where it is: no file is written (the stored paths lead to
    nothing on this station) and the round is the one dealt from the original files."""
    sources = [
        RoundSource.scenario(LESSON_SCENARIO, UTH_GAME),
        RoundSource.scenario(PAI_GOW_SCENARIO, "EZ Pai Gow Poker"),
        plain_source(seed=9),
        RoundSource.deal(PLAIN, UTH_GAME, 7, (2, 5), [{"who": "seat 5", "hand": "Flush"}]),
    ]
    expected = [rebuild(source).procedure for source in sources]

    def no_writing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a replay wrote a file")

    monkeypatch.setattr(Path, "write_text", no_writing)
    monkeypatch.setattr(Path, "mkdir", no_writing)
    moved = [
        RoundSource(
            s.kind,
            s.game,
            f"/nowhere/{Path(s.path).name}",
            s.text,
            s.seed,
            s.seats,
            s.targets,
            s.table_ref,
            s.table_text,
        )
        for s in sources
    ]
    assert [rebuild(source).procedure for source in moved] == expected


RECORDED = Path(__file__).parent / "data" / "recorded_before_typed_spots.json"
"""An attempt recorded when spots were still identified by their labels (main at b254625):
UTH, Caribbean Stud (progressive, Envy, the dealer's-hand Five Card Hand Bonus), Three Card
Poker's Five-Card Envy and EZ Pai Gow's Envy lammers, with mistakes and actions nothing called
for, judged live and at the end."""


def test_a_document_recorded_with_label_spots_replays_to_its_grades() -> None:
    document = json.loads(RECORDED.read_text(encoding="utf-8"))
    record = record_from_document(document)
    assert result_document(record) == document  # so the signed bytes are the same
    replayed = replay(record)
    for round_, stored in zip(replayed.rounds, document["rounds"], strict=True):
        if round_.index in RULE_CHANGED:
            assert round_.grade.to_json() != stored["grade"]
        else:
            assert substance(round_.grade.to_json()) == substance(stored["grade"])
            assert all(step.agrees for step in round_.steps)
            wording = json.dumps(round_.grade.to_json(), ensure_ascii=False)
            assert developer_notes(wording) == []


RULE_CHANGED = {2, 3, 4}
"""Rounds recorded before each bettor of a dealer-hand Five Card Hand Bonus jackpot got the
whole procedure at their own turn and a held hand its discard (§ 639a.11(c)(6), (d) and their
equivalents): they replay under today's rule without an error, and show that they differ."""


def test_a_stored_spot_the_game_does_not_have_is_named() -> None:
    document = json.loads(RECORDED.read_text(encoding="utf-8"))
    step = next(s for s in document["steps"] if s["spot"] == "Trips")
    step["spot"] = "Side bet"
    with pytest.raises(ReplayError, match=f"step {step['index']}: 'Side bet' is not a spot"):
        replay(record_from_document(document))
