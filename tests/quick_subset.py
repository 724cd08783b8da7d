"""Which test folders ``pytest -m quick`` runs (``conftest`` marks them), in a module of its own
so a test can import it: every folder's ``conftest`` is a module named ``conftest``."""

QUICK_FOLDERS = frozenset({"cards", "hands", "engine", "rules", "layout", "forms"})
"""The layers under the games, whose tests need no window, no database and no dealing of whole
rounds: ``pytest -m quick`` runs them (the slow exhaustive ones aside) in well under a minute."""
