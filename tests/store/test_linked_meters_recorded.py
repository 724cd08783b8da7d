"""A round's linked meters are kept with its deal: in the stored targets JSON beside a lesson's
targets (no migration), and as ``linked_meters`` in the result document; a round without them
is stored and signed exactly as before."""

from __future__ import annotations

import json
from decimal import Decimal

from sqlalchemy import text
from store_support import PLAIN, TABLES, UTH_GAME

from dealer_trainer.store import RoundSource, Store
from dealer_trainer.store.document import record_from_document, result_document

LINKED = TABLES / "four_card_poker_linked_fchb.toml"
ROYAL = {"who": "seat 3", "wager": "Five Card Hand Bonus", "hand": "Royal flush"}


def test_the_meters_come_back_beside_the_targets_as_they_were_given(store: Store) -> None:
    trainee = store.add_trainee("Ann Lee")
    attempt = store.start_attempt(trainee.id, "linked", "Four Card Poker", "practice")
    linked = RoundSource.deal(
        LINKED,
        "Four Card Poker",
        5,
        (1, 3),
        [ROYAL],
        linked_meters=[("FCHB-A", Decimal("12345.67"))],
    )
    store.start_round(attempt, linked)
    plain = RoundSource.deal(PLAIN, UTH_GAME, 6, (2, 5))
    store.start_round(attempt, plain)
    record = store.attempt(attempt)
    first, second = (r.source for r in record.rounds)
    assert first.targets == (ROYAL,)
    assert first.linked_meters == (("FCHB-A", Decimal("12345.67")),)
    assert second.targets == () and second.linked_meters == ()
    with store.engine.connect() as connection:  # a round without meters leaves it empty
        query = text("SELECT targets FROM attempt_rounds ORDER BY id")
        stored = [row[0] for row in connection.execute(query)]
    as_json = [json.loads(s) if isinstance(s, str) else s for s in stored]
    assert as_json == [[ROYAL, {"linked meters": {"FCHB-A": "12345.67"}}], None]
    document = result_document(record)
    assert document["rounds"][0]["linked_meters"] == {"FCHB-A": "12345.67"}
    assert document["rounds"][0]["targets"] == [ROYAL]
    assert "linked_meters" not in document["rounds"][1]
    back = record_from_document(document)
    assert [r.source.linked_meters for r in back.rounds] == [first.linked_meters, ()]
