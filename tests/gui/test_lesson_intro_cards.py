"""Every lesson introduction draws the cards of its example, in the hands and in the steps, as
a dealer reads them (suit symbols in the deck's colours), never as notation such as "Ac Kd"."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from html.parser import HTMLParser

import pytest

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.curriculum.intro import intro_view
from dealer_trainer.curriculum.lessons import LESSONS, Lesson, lesson_files, load_lessons
from dealer_trainer.gui.lesson_intro import example_html

NOTATION = re.compile(r"\b[2-9TJQKA][shdc]\b(?: [2-9TJQKA][shdc]\b)+")
"""Two or more cards in a row written as notation ("Ac Kd 7h")."""


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return "".join(parser.parts)


def _introduced() -> list[str]:
    """The ids of the shipped lessons with an introduction, in file order, read from their
    text: checking the course to find them would cost every xdist worker's collection."""
    found = []
    for path in lesson_files(LESSONS):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "intro" in data:
            found.append(str(data["id"]))
    return found


INTRODUCED = _introduced()


@cache
def course() -> dict[str, Lesson]:
    """The shipped course, checked once for the module's tests, by lesson id."""
    return {entry.id: entry.lesson for entry in load_lessons(LESSONS) if entry.lesson is not None}


@pytest.mark.parametrize("lesson_id", INTRODUCED)
def test_the_example_reads_its_cards_with_suit_symbols(lesson_id: str) -> None:
    lesson = course()[lesson_id]
    assert lesson.intro is not None
    view = intro_view(lesson.title, lesson.intro, lesson.table)
    if view.example is None:
        pytest.skip("this introduction has no example deal")
    text = _text(example_html(view.example, DeckStyle.STANDARD))
    assert not NOTATION.search(text), NOTATION.search(text)


def test_some_introduction_names_cards_in_its_steps() -> None:
    """The check above has something to check: at least one example's steps name cards."""
    found = False
    for lesson_id in INTRODUCED:
        lesson = course()[lesson_id]
        assert lesson.intro is not None
        view = intro_view(lesson.title, lesson.intro, lesson.table)
        if view.example is None:
            continue
        html = example_html(view.example, DeckStyle.STANDARD)
        steps = _text(html.split("step by step:", 1)[1])
        found = found or bool(re.search("[♠♥♦♣]", steps))
    assert found
