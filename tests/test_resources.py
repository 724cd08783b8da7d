"""The shipped data is found inside the package, and an installed copy is told apart from a
checkout (``test_install`` runs the installed side for real)."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import dealer_trainer
from dealer_trainer import resources

PACKAGE = Path(dealer_trainer.__file__).resolve().parent


def test_the_shipped_folders_are_inside_the_package() -> None:
    assert resources.shipped_lessons() == PACKAGE / "lessons"
    assert (resources.shipped_lessons() / "lesson.schema.json").is_file()
    assert resources.shipped_tables() == PACKAGE / "lessons" / "tables"
    assert (resources.shipped_tables() / "uth_plain.toml").is_file()
    assert len(list(resources.shipped_layouts().glob("*.toml"))) >= 6
    assert resources.shipped_assets() == PACKAGE / "assets"
    assert (resources.shipped_assets() / "cards" / "back.png").is_file()


def test_a_checkout_is_not_an_install_but_site_packages_is() -> None:
    assert not resources.installed(resources.shipped_lessons() / "uth" / "02_trips.toml")
    assert resources.installed(Path(sysconfig.get_path("purelib")) / "dealer_trainer" / "x.toml")
