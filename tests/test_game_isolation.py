"""Each game lives in its own package: nothing outside ``games/<game>/`` and ``games/registry.py``
names a particular game, so adding a game touches its package, data, layout and lessons only.

"Naming" a game means importing its package (or spelling its import path in a string), importing
a name only its package defines (``UthRound`` re-exported by a shared module), using its name as
a value in code (the string "Three Card Poker", or a key it starts such as "Let It Ride Wager
1"), or an identifier spelling the game (``_uth_round``, ``CARIBBEAN_STUD_ACTIONS``). Docstrings,
comments and sentences may cite a game as an example ("as in Caribbean Stud, a fold ...");
hand-ranking systems named after the game whose regulation defines them (``hands.pai_gow``,
``hands.four_card``) are hand evaluators, not games (see ``HANDS``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from dealer_trainer.games import registry

PACKAGE = Path(__file__).resolve().parents[1] / "dealer_trainer"
GAMES = PACKAGE / "games"
HANDS = PACKAGE / "hands"
"""Hand-ranking systems carry the name of the game whose regulation ranks hands that way ("Three
Card Poker's three-card ranking", as ch. 649a calls it); they are shared by any game that ranks
hands so, so their text may say it. They still import no game."""

GAME_WORDS = {
    "uth": ("uth",),
    "caribbean_stud": ("caribbean",),
    "let_it_ride": ("let", "it", "ride"),
    "mississippi_stud": ("mississippi",),
    "four_card_poker": ("four", "card", "poker"),
    "three_card_poker": ("three", "card", "poker"),
    "pai_gow": ("pai", "gow", "poker"),
    "texas_holdem_bonus": ("texas", "holdem", "bonus"),
    "crazy_4_poker": ("crazy",),
}
"""How an identifier spells each game (split at ``_`` and case changes)."""


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(PACKAGE.parent)}:{self.line}: {self.what}"


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@cache
def _tree(path: Path) -> ast.Module:
    """A module parsed once for every game's check (nothing here changes a tree)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@cache
def _docstrings(tree: ast.Module) -> frozenset[int]:
    """The ids of the string nodes that are docstrings (module, class, function, or the string
    right after an assignment, which this project uses to document constants)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            if not (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                continue
            if index == 0 or isinstance(body[index - 1], ast.Assign | ast.AnnAssign):
                found.add(id(statement.value))
    return frozenset(found)


@cache
def _words(identifier: str) -> tuple[str, ...]:
    """Split once per identifier: each game's check asks again of every module's names."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", identifier)
    return tuple(word.lower() for word in spaced.split("_") if word)


def _spells(identifier: str, words: tuple[str, ...]) -> bool:
    parts = _words(identifier)
    return any(parts[i : i + len(words)] == words for i in range(len(parts)))


def _identifiers(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.lineno, node.name
        elif isinstance(node, ast.alias):
            yield node.lineno, node.asname or node.name.rsplit(".", 1)[-1]
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@cache
def _own_names() -> dict[str, frozenset[str]]:
    """Per game package, the module-level names only that package defines."""
    defined: dict[Path, set[str]] = {path: _top_level_names(_tree(path)) for path in _modules()}
    result: dict[str, frozenset[str]] = {}
    for game in registry.GAME_IDS:
        folder = GAMES / game
        inside = set().union(*(n for p, n in defined.items() if p.is_relative_to(folder)))
        outside = set().union(*(n for p, n in defined.items() if not p.is_relative_to(folder)))
        result[game] = frozenset(inside - outside)
    return result


@cache
def _names_of(game: str) -> tuple[str, ...]:
    definition = registry.definition(registry.GameId(game))
    return tuple(dict.fromkeys([*definition.names, *definition.form_codes]))


@cache
def _nodes(tree: ast.Module) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(tree))


@cache
def _imports(tree: ast.Module) -> tuple[ast.Import | ast.ImportFrom, ...]:
    return tuple(n for n in _nodes(tree) if isinstance(n, ast.Import | ast.ImportFrom))


@cache
def _strings(tree: ast.Module) -> tuple[tuple[int, str], ...]:
    """The string constants that are not docstrings, with their lines."""
    docstrings = _docstrings(tree)
    return tuple(
        (n.lineno, n.value)
        for n in _nodes(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    )


@cache
def _aliases(tree: ast.Module) -> tuple[ast.alias, ...]:
    return tuple(n for n in _nodes(tree) if isinstance(n, ast.alias))


@cache
def _identifier_list(tree: ast.Module) -> tuple[tuple[int, str], ...]:
    return tuple(_identifiers(tree))


def findings(path: Path, game: str) -> list[Finding]:
    """Every place ``path`` names ``game``."""
    tree = _tree(path)
    module = f"dealer_trainer.games.{game}"
    found: list[Finding] = []
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            hits = [a.name for a in node.names if (a.name + ".").startswith(module + ".")]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            hits = [base] if (base + ".").startswith(module + ".") else []
            if base == "dealer_trainer.games":
                hits += [a.name for a in node.names if a.name == game]
        found += [Finding(path, node.lineno, f"imports {hit}") for hit in hits]
    names = () if path.is_relative_to(HANDS) else _names_of(game)
    for line, value in _strings(tree):
        if module in value or f"games/{game}/" in value:
            found.append(Finding(path, line, f"spells the path of {module}"))
        found += [
            Finding(path, line, f"writes the game name {name!r}")
            for name in names
            if value == name or value.startswith(name + " ")
        ]
    own = _own_names()[game]
    for node in _aliases(tree):
        if node.name in own:
            found.append(Finding(path, node.lineno, f"imports {node.name}, defined in {module}"))
    for line, identifier in _identifier_list(tree):
        if _spells(identifier, GAME_WORDS[game]):
            found.append(Finding(path, line, f"identifier {identifier} spells the game"))
    return found


def outside(game: str) -> list[Path]:
    """The modules that must not name ``game``."""
    return [
        path
        for path in _modules()
        if not path.is_relative_to(GAMES / game) and path != GAMES / "registry.py"
    ]


def test_every_game_package_is_in_the_registry() -> None:
    packages = {p.parent.name for p in GAMES.glob("*/__init__.py")}
    assert packages == set(registry.GAME_IDS) == set(GAME_WORDS)


@pytest.mark.parametrize("game", registry.GAME_IDS)
def test_no_module_outside_the_game_and_the_registry_names_it(game: str) -> None:
    problems = [str(f) for path in outside(game) for f in findings(path, game)]
    assert not problems, "\n".join(problems)


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The check is not vacuous: a module written the old way is caught on every count."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Three Card Poker in a docstring is fine."""\n'
        "from dealer_trainer.games.three_card_poker.round import ThreeCardRound\n"
        "import dealer_trainer.games.three_card_poker.procedure\n"
        "MODULE = 'dealer_trainer.games.three_card_poker.targets'\n"
        "NAME = 'Three Card Poker'\n"
        "SPOT = 'Three Card Poker Ante'\n"
        "TEXT = 'as in Three Card Poker, a sentence may cite a game'\n"
        '"""A constant\'s docstring naming Three Card Poker is fine."""\n'
        "def _three_card_poker_round(r: ThreeCardRound) -> None: ...\n",
        encoding="utf-8",
    )
    whats = [f.what for f in findings(sample, "three_card_poker")]
    assert whats.count("imports dealer_trainer.games.three_card_poker.round") == 1
    assert "imports dealer_trainer.games.three_card_poker.procedure" in whats
    assert "spells the path of dealer_trainer.games.three_card_poker" in whats
    assert whats.count("writes the game name 'Three Card Poker'") == 2
    assert "imports ThreeCardRound, defined in dealer_trainer.games.three_card_poker" in whats
    assert "identifier _three_card_poker_round spells the game" in whats


def test_the_registry_loads_a_game_only_when_asked() -> None:
    """Importing the registry (and the practice layer that asks it) loads no game package."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import dealer_trainer.practice.rounds, dealer_trainer.forms.closed_table\n"
        "import dealer_trainer.curriculum.schema\n"
        "from dealer_trainer.games import registry\n"
        "loaded = lambda: sorted(g for g in registry.GAME_IDS"
        " if f'dealer_trainer.games.{g}' in sys.modules)\n"
        "print(loaded())\n"
        'registry.game("Ultimate Texas Hold \'Em")\n'
        "print(loaded())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == ["[]", "['uth']"]
