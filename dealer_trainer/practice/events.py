"""A minimal observer, so models announce changes without importing Qt.

Widgets subscribe to a model's events (as napari's widgets do); the model never knows who
listens, which keeps every rule testable headless.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Event(Generic[T]):
    def __init__(self) -> None:
        self._listeners: list[Callable[[T], object]] = []

    def connect(self, listener: Callable[[T], object]) -> None:
        self._listeners.append(listener)

    def disconnect(self, listener: Callable[[T], object]) -> None:
        self._listeners.remove(listener)

    def emit(self, value: T) -> None:
        for listener in list(self._listeners):
            listener(value)
