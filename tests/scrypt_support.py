"""The scrypt cost the tests make credentials at, in a module of its own so that fixtures of
any scope can use it (every folder's ``conftest`` is a module named ``conftest``)."""

from __future__ import annotations

import secrets

import pytest

TEST_SCRYPT_N = 2**14
"""scrypt's cost for the credentials tests make: the least a stored credential may state
(``KdfParams.of_json``), an eighth of the production cost's time. The cost is stored with each
credential, so one made this way opens, changes and fails exactly as a production one does;
tests marked ``production_scrypt`` make theirs at the production cost (N = 2^17)."""


def cheap_credentials(patch: pytest.MonkeyPatch) -> None:
    """Credentials made while ``patch`` holds are made at ``TEST_SCRYPT_N``. A session
    fixture that makes credentials needs this itself: it is built before any test's
    function-scoped fixtures (the autouse ``cheap_scrypt`` among them) take effect, and a
    credential made at the production cost costs every later test that opens it."""
    from dealer_trainer.store.crypto import KdfParams

    def fresh(cls: type[KdfParams]) -> KdfParams:
        return cls(secrets.token_bytes(16), n=TEST_SCRYPT_N)

    patch.setattr(KdfParams, "fresh", classmethod(fresh))
