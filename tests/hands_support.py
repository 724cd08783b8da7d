"""Every hand of a deck as a NumPy array, for the exhaustive checks that deal millions."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def every_hand(deck_size: int, size: int) -> npt.NDArray[np.int16]:
    """All C(deck_size, size) hands as rows of card indices, in the order ``combinations``
    deals them: each hand of one card fewer, extended by every card above its highest."""
    hands = np.arange(deck_size, dtype=np.int16)[:, None]
    for _ in range(size - 1):
        extensions = deck_size - 1 - hands[:, -1]
        extended = np.repeat(hands, extensions, axis=0)
        ends = np.cumsum(extensions)
        step = np.arange(ends[-1]) - np.repeat(ends - extensions, extensions)
        added = np.repeat(hands[:, -1] + 1, extensions) + step
        hands = np.column_stack([extended, added.astype(np.int16)])
    return hands
