"""Artwork is generated reproducibly: the committed files are exactly what the script draws."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from dealer_trainer.art import generate
from dealer_trainer.assets_index import ASSETS


def test_generated_art_matches_the_committed_assets(tmp_path: Path) -> None:
    for path in generate(tmp_path):
        committed = ASSETS / path.name
        assert committed.exists(), f"run python -m dealer_trainer.art to create {path.name}"
        fresh, shipped = Image.open(path), Image.open(committed)
        assert fresh.size == shipped.size == (256, 256)
        assert fresh.tobytes() == shipped.tobytes()
