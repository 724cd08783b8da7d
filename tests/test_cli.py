"""The console commands, run as a user would run them."""

from __future__ import annotations

import pytest

from dealer_trainer.cli import COMMANDS, build_parser, main


def test_hand_names_the_best_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "9h", "8h", "7c", "6h", "5d", "2h", "Kh"]) == 0
    assert capsys.readouterr().out.strip() == "Flush: Kh 9h 8h 6h 2h"


def test_hand_in_other_systems(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--system", "three-card", "Ah 2d 3c"]) == 0
    assert capsys.readouterr().out.strip() == "Straight: 3c 2d Ah"


def test_bad_cards_exit_2_naming_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "As", "Kx", "Qd", "Jd", "Td"]) == 2
    assert "'Kx'" in capsys.readouterr().err


def test_unknown_system_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["hand", "--system", "bridge", "As"])
    assert "unknown ranking system 'bridge'" in capsys.readouterr().err


def test_hand_reads_the_joker_in_pai_gow(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--system", "pai-gow", "As Ad Ac Ah Jk 2c 3d"]) == 0
    assert capsys.readouterr().out.startswith("Five aces")
    assert main(["hand", "As Ad Ac Ah Jk"]) == 2
    assert "52-card deck without a joker" in capsys.readouterr().err


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """``dealer-trainer table T | head -1``: the reader closes the pipe before the report is
    written; the command ends quietly instead of printing a BrokenPipeError traceback."""
    import subprocess
    import sys

    from dealer_trainer.resources import shipped_tables

    table = shipped_tables() / "uth_plain.toml"
    process = subprocess.Popen(
        [sys.executable, "-m", "dealer_trainer.cli", "table", str(table)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read().decode()
    process.wait(timeout=120)
    assert "Traceback" not in error and "BrokenPipeError" not in error
    assert process.returncode == 1


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("words", [["--help"], ["--no-such-option"]])
def test_a_command_line_reads_the_same_with_its_subcommand_parser_alone(
    command: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``main`` builds only the parser of the subcommand a command line starts with: its help
    and its refusals are those of the whole parser."""
    said = []
    for parser in (build_parser(command), build_parser()):
        with pytest.raises(SystemExit) as stopped:
            parser.parse_args([command, *words])
        said.append((stopped.value.code, capsys.readouterr()))
    assert said[0] == said[1]
    assert said[0][1].out or said[0][1].err
