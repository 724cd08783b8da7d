"""The window (PySide6).

PySide6 asks of every module imported after it whether the module uses PySide6 (for its
``__feature__`` switches), and answers by searching the module's source for "PySide6" through
``inspect.getsource``, which reads and tokenises the file into the line cache. The table's
first paint imports a few hundred modules after PySide6 (the game, its rules, the window),
and opening the records a few hundred more (SQLAlchemy): that answer was a good part of the
start. ``_search_sources_plainly`` gives the same answer, the same search in the same text,
by reading the file's bytes; a module it cannot read that way (no ``.py`` file) is left to
PySide6's own answer, and a PySide6 without that hook is left as it is.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import PySide6  # noqa: F401  (loads shibokensupport, where the hook lives)


def _search_sources_plainly() -> None:
    feature = sys.modules.get("shibokensupport.feature")
    asks: Callable[[ModuleType], object] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or asks is None or getattr(asks, "__module__", "") == __name__:
        return
    pyside_asks = asks

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(pyside_asks(module))
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return bool(pyside_asks(module))

    setattr(feature, "_mod_uses_pyside", uses_pyside)  # noqa: B010  (a module's attribute)


_search_sources_plainly()
