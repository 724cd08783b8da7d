"""A settlement procedure: steps and the "must come after" links between them."""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence
from functools import cached_property

from msgspec import Struct

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import SpotId
from dealer_trainer.engine.step import Step


class ProcedureError(ValueError):
    pass


class Procedure(Struct, frozen=True, dict=True):
    """Steps in a canonical order (one legal order) plus the partial order they obey."""

    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        by_id = self.by_id
        for step in self.steps:
            for before in step.after:
                if before not in by_id:
                    raise ProcedureError(f"step {step.id!r} follows unknown step {before!r}")
        if not self.is_legal_order([s.id for s in self.steps]):
            raise ProcedureError("the canonical order breaks the procedure's own constraints")

    @cached_property
    def by_id(self) -> dict[str, Step]:
        by_id: dict[str, Step] = {}
        for step in self.steps:
            if step.id in by_id:
                raise ProcedureError(f"two steps share the id {step.id!r}")
            by_id[step.id] = step
        return by_id

    @cached_property
    def by_key(self) -> dict[tuple[SpotId, Action], tuple[Step, ...]]:
        """The steps settling each spot with each action, in canonical order: the grader looks
        an action up here rather than comparing it with every step."""
        by_key: dict[tuple[SpotId, Action], tuple[Step, ...]] = {}
        for step in self.steps:
            by_key[step.key] = (*by_key.get(step.key, ()), step)
        return by_key

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def available(self, done: Iterable[str]) -> list[Step]:
        """Steps not yet done whose predecessors are all done: what may come next."""
        finished = set(done)
        return [s for s in self.steps if s.id not in finished and is_ready(s, finished)]

    def missing_predecessors(self, step: Step, done: Iterable[str]) -> list[Step]:
        finished = set(done)
        return [self.by_id[a] for a in step.after if a not in finished]

    def is_legal_order(self, ids: Sequence[str]) -> bool:
        seen: set[str] = set()
        for step_id in ids:
            step = self.by_id.get(step_id)
            if step is None or step_id in seen or not all(a in seen for a in step.after):
                return False
            seen.add(step_id)
        return len(seen) == len(self.steps)

    def descendants(self, step_id: str) -> set[str]:
        """Every step that must come (directly or not) after ``step_id``."""
        result: set[str] = set()
        frontier = [step_id]
        while frontier:
            current = frontier.pop()
            for s in self.steps:
                if current in s.after and s.id not in result:
                    result.add(s.id)
                    frontier.append(s.id)
        return result


def is_ready(step: Step, done: Container[str]) -> bool:
    """Whether every step ``step`` comes after is done: the one rule of what may come next."""
    return all(before in done for before in step.after)
