"""Each paytable sign names the wagers it pays, as the table offers them, so the table can turn
to the right sign when a wager is selected."""

from __future__ import annotations

import pytest

from dealer_trainer.practice.rounds import PracticeTable, deal, practice_tables


@pytest.mark.parametrize(
    "table", [t for t in practice_tables() if not t.error], ids=lambda t: t.path.stem
)
def test_every_sign_pays_wagers_the_table_offers(table: PracticeTable) -> None:
    setup = deal(table, 2).setup
    offered = {spot.kind for spot in setup.offered_spots}
    assert setup.signs
    for sign in setup.signs:
        assert sign.wagers, f"{sign.title} names no wager"
        assert sign.wagers <= offered, (sign.title, sign.wagers - offered)
    paid = [kind for sign in setup.signs for kind in sign.wagers]
    assert len(paid) == len(set(paid)), "a wager is paid by one sign"
