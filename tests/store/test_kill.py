"""Killing the app mid-exam loses nothing: every step it had recorded is there on restart, and
the attempt is offered for resumption as its exam policy says."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from store_support import dealt_round, plain_source

from dealer_trainer.store import Status, open_store
from dealer_trainer.store.replay import replay

HERE = Path(__file__).resolve().parent

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[2])
from store_support import UTH_GAME, play_round, plain_source
from dealer_trainer.store import open_store

store = open_store(sys.argv[1])
trainee = store.add_trainee("Ann Lee")
attempt = store.start_attempt(trainee.id, "uth-plain-table-exam", UTH_GAME, "exam",
                              may_resume=True, time_limit=180)
print("attempt", attempt, trainee.id, flush=True)

def reported(index, step_id):
    print("step", index, step_id, flush=True)   # only once record_step has committed

for seed in range(100, 110):                    # far more than is played before the kill
    play_round(store, attempt, plain_source(seed=seed, seats=(1, 2, 3, 4, 5, 6, 7)),
               wrong_amount_at={4}, on_step=reported, pause=lambda: time.sleep(0.05))
print("finished", flush=True)
"""

SEATS = (1, 2, 3, 4, 5, 6, 7)


def first_round_length() -> int:
    """Actions in the child's first round: every step, plus the one refused wrong amount."""
    return len(dealt_round(plain_source(seed=100, seats=SEATS)).procedure) + 1


def test_sigkill_mid_exam_loses_no_step(database_url: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, database_url, str(HERE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    kill_after = first_round_length() + 6  # into the second round
    reported: list[tuple[int, str]] = []
    attempt_id = trainee_id = 0
    try:
        for line in child.stdout:
            words = line.split()
            if words[0] == "attempt":
                attempt_id, trainee_id = int(words[1]), int(words[2])
            elif words[0] == "step":
                reported.append((int(words[1]), words[2]))
                if len(reported) == kill_after:
                    child.send_signal(signal.SIGKILL)
                    break
            else:
                pytest.fail(f"the child finished before it was killed: {line}")
        rest, errors = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL, errors
    reported += [
        (int(w[1]), w[2]) for w in (x.split() for x in rest.splitlines()) if w[0] == "step"
    ]

    with open_store(database_url) as store:
        record = store.attempt(attempt_id)
        stored = [(s.index, s.step_id or "-") for s in record.steps]
        # Every step the child reported is there; at most one more was committed but not yet
        # reported when the signal came.
        assert stored[: len(reported)] == reported
        assert len(stored) - len(reported) in (0, 1)
        assert record.status is Status.IN_PROGRESS
        assert len(record.rounds) == 2 and record.rounds[0].grade is not None
        assert record.rounds[-1].grade is None  # killed mid-round

        offered = store.interrupted_attempts(trainee_id)
        assert [(a.id, a.may_resume) for a in offered] == [(attempt_id, True)]
        resumed = store.resume_attempt(attempt_id)
        # What was recorded replays to the same verdicts: the round can be rebuilt and go on.
        replayed = replay(resumed)
        assert all(step.agrees for r in replayed.rounds for step in r.steps)
        assert replayed.rounds[0].grade.to_json() == record.rounds[0].grade
