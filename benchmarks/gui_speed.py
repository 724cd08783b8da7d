"""How fast the trainer is for a trainee: start-up to a playable table, and click to verdict.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/gui_speed.py [--runs N]

Start-up runs a fresh interpreter per run (as launching ``dealer-trainer practice`` does):
the time from starting the process to the table drawn with the round dealt and accepting
input (the dealing animation skipped, as Space does). Click to verdict times a real mouse
click on an action button until the feedback panel and the table have been repainted.
Prints numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import time
start = time.perf_counter()
from dealer_trainer.gui.app import application, open_practice
from dealer_trainer.practice.rounds import TABLES, PracticeTable, deal
from dealer_trainer.practice.session import Mode
from dealer_trainer.games.uth.config import load_uth_config
imported = time.perf_counter()
app = application(["dealer-trainer"])
path = TABLES / "uth_all_653b_options.toml"
config = load_uth_config(path)
table = PracticeTable(path, config.game, config.name)
window = open_practice(deal(table, 7, (1, 2, 3, 4, 5, 6, 7)), table, Mode.PRACTICE)
window.trainer.skip_dealing()
window.repaint()
app.processEvents()
ready = time.perf_counter()
print(f"{imported - start:.4f} {ready - start:.4f}", flush=True)
"""


def startup(runs: int) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    walls, imports, insides = [], [], []
    for _ in range(runs):
        begin = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, check=True
        ).stdout.split()
        walls.append(time.perf_counter() - begin)
        imports.append(float(out[0]))
        insides.append(float(out[1]))
    print(f"start-up to a dealt, playable 7-seat table ({runs} runs, fresh process each):")
    print(f"  whole process incl. interpreter and exit: median {statistics.median(walls):.3f} s")
    print(f"  imports (PySide6 + dealer_trainer):       median {statistics.median(imports):.3f} s")
    print(f"  from first import to table ready:         median {statistics.median(insides):.3f} s")


def click_to_verdict(rounds: int) -> None:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from dealer_trainer.engine.pre_deal import is_pre_deal
    from dealer_trainer.gui.app import application, open_practice
    from dealer_trainer.gui.keymap import BY_ACTION
    from dealer_trainer.gui.table_scene import spot_text, target_of
    from dealer_trainer.practice.rounds import deal, practice_tables

    app = application(["bench"])
    table = next(t for t in practice_tables() if t.path.stem == "uth_all_653b_options")
    timings: list[float] = []
    for seed in range(rounds):
        window = open_practice(deal(table, seed, (1, 2, 3, 4, 5, 6, 7)), table)
        window.resize(1280, 800)
        screen = window.trainer
        assert screen is not None
        screen.show_summary = False
        screen.skip_dealing()
        app.processEvents()
        session = screen.session
        assert session is not None
        for step in session.procedure:
            if screen.dealing and not is_pre_deal(step):
                screen.skip_dealing()
            target = target_of(screen.targets(), step.spot)
            if BY_ACTION[step.action].names_hand or target is None:
                session.act(step.spot, step.action, step.amount, step.hand)
                session.awaiting.clear()
                continue
            assert screen.scene is not None
            point = screen.view.mapFromScene(screen.scene.target_rect(target).center())
            QTest.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(point))
            screen.wager.setCurrentIndex(screen.wager.findText(spot_text(step.spot.spot)))
            if step.amount is not None and BY_ACTION[step.action].needs_amount:
                screen.amount.setText(f"{step.amount:f}")
            button = screen.action_buttons[step.action.value]
            begin = time.perf_counter()
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
            window.repaint()
            timings.append(time.perf_counter() - begin)
            session.awaiting.clear()
        window.close()
    timings.sort()
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(
        f"click on an action to the verdict and table repainted ({len(timings)} clicks, 1280x800):"
    )
    print(
        f"  median {statistics.median(timings) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {timings[-1] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    startup(args.runs)
    click_to_verdict(args.rounds)


if __name__ == "__main__":
    main()
