"""Every lesson introduction draws the cards of its example, in the hands and in the steps, as
a dealer reads them (suit symbols in the deck's colours), never as notation such as "Ac Kd"."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.curriculum.intro import intro_view
from dealer_trainer.curriculum.lessons import LESSONS, Lesson, load_lessons
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


INTRODUCED = [
    entry.lesson
    for entry in load_lessons(LESSONS)
    if entry.lesson is not None and entry.lesson.intro is not None
]


@pytest.mark.parametrize("lesson", INTRODUCED, ids=lambda lesson: lesson.id)
def test_the_example_reads_its_cards_with_suit_symbols(lesson: Lesson) -> None:
    assert lesson.intro is not None
    view = intro_view(lesson.title, lesson.intro, lesson.table)
    if view.example is None:
        pytest.skip("this introduction has no example deal")
    text = _text(example_html(view.example, DeckStyle.STANDARD))
    assert not NOTATION.search(text), NOTATION.search(text)


def test_some_introduction_names_cards_in_its_steps() -> None:
    """The check above has something to check: at least one example's steps name cards."""
    found = False
    for lesson in INTRODUCED:
        assert lesson.intro is not None
        view = intro_view(lesson.title, lesson.intro, lesson.table)
        if view.example is None:
            continue
        html = example_html(view.example, DeckStyle.STANDARD)
        steps = _text(html.split("step by step:", 1)[1])
        found = found or bool(re.search("[♠♥♦♣]", steps))
    assert found
