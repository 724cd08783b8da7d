"""PySide6 asks of every module imported after it whether it uses PySide6; the window answers
with the same search in the same text, read faster (``dealer_trainer.gui``). A different
answer would switch PySide6's ``__feature__`` handling on or off for a module."""

from __future__ import annotations

import inspect
import sys
from types import ModuleType

import dealer_trainer.gui.main_window  # noqa: F401  (the window's modules, PySide6's and not)


def pyside_answer(module: ModuleType) -> bool:
    """PySide6's own answer: "PySide6" in the module's source, when it has one."""
    try:
        source = inspect.getsource(module)
    except (TypeError, OSError, SyntaxError):
        return False
    return "PySide6" in source


def test_every_loaded_module_gets_pysides_own_answer() -> None:
    feature = sys.modules["shibokensupport.feature"]
    asks = feature._mod_uses_pyside
    assert asks.__module__ == "dealer_trainer.gui", "the window's search is the one PySide6 uses"
    modules = [m for m in list(sys.modules.values()) if isinstance(m, ModuleType)]
    answers = {m.__name__: asks(m) for m in modules}
    assert answers == {m.__name__: pyside_answer(m) for m in modules}
    assert answers["dealer_trainer.gui.main_window"] is True
    assert answers["dealer_trainer.practice.rounds"] is False
