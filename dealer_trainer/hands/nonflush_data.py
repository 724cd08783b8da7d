"""The five-card evaluator's non-flush tables, shipped precomputed.

Building them in Python takes most of a second, which a trainee would wait for at every start
(the first dealt hand needs them). They are pure functions of the hand rankings, so they are
generated data like the artwork: ``python -m dealer_trainer.hands.nonflush_data`` rewrites
them, and a test checks that the shipped files equal a fresh build.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SIZES = (5, 6, 7)


def path(size: int, folder: Path = DATA) -> Path:
    return folder / f"nonflush_{size}.bin"


def encode(table: dict[int, int]) -> bytes:
    """Key/value pairs as little-endian 32-bit words, compressed; order is the build order."""
    words = array("I")
    for key, value in table.items():
        words.extend((key, value))
    if sys.byteorder == "big":
        words.byteswap()
    return zlib.compress(words.tobytes(), 9)


def decode(data: bytes) -> dict[int, int]:
    words = array("I")
    words.frombytes(zlib.decompress(data))
    if sys.byteorder == "big":
        words.byteswap()
    return dict(zip(words[0::2], words[1::2], strict=True))


def load(size: int, folder: Path = DATA) -> dict[int, int] | None:
    """The shipped table, or ``None`` if it is missing or unreadable (then it is rebuilt)."""
    try:
        return decode(path(size, folder).read_bytes())
    except (OSError, zlib.error, ValueError):
        return None


def write(folder: Path = DATA) -> list[Path]:
    from dealer_trainer.hands.five_card import _build_nonflush

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for size in SIZES:
        target = path(size, folder)
        target.write_bytes(encode(_build_nonflush(size)))
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    for written in write(Path(args[0]) if args else DATA):
        print(written)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
