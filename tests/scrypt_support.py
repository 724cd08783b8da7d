"""The scrypt cost the tests make credentials at, in a module of its own so that fixtures of
any scope can use it (every folder's ``conftest`` is a module named ``conftest``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from dealer_trainer.store.crypto import KdfParams

TEST_SCRYPT_N = 2**14
"""scrypt's cost for the credentials tests make: the least a stored credential may state
(``KdfParams.of_json``), an eighth of the production cost's time. The cost is stored with each
credential, so one made this way opens, changes and fails exactly as a production one does;
tests marked ``production_scrypt`` make theirs at the production cost (N = 2^17)."""


def cheap_credentials(patch: pytest.MonkeyPatch) -> None:
    """Credentials made while ``patch`` holds are made at ``TEST_SCRYPT_N``, and a key already
    derived in this process is not derived again (``_remembered``). A session
    fixture that makes credentials needs this itself: it is built before any test's
    function-scoped fixtures (the autouse ``cheap_scrypt`` among them) take effect, and a
    credential made at the production cost costs every later test that opens it."""
    from dealer_trainer.store.crypto import KdfParams

    def fresh(cls: type[KdfParams]) -> KdfParams:
        return cls(secrets.token_bytes(16), n=TEST_SCRYPT_N)

    patch.setattr(KdfParams, "fresh", classmethod(fresh))
    patch.setattr(KdfParams, "derive", _remembered(KdfParams.derive))


_DERIVED: dict[tuple[bytes, int, int, int, str], bytes] = {}
"""Keys derived in this process, by salt, cost and password."""


def _remembered(derive: Callable[[KdfParams, str], bytes]) -> Callable[[KdfParams, str], bytes]:
    """``KdfParams.derive`` made once per salt, cost and password in a process: scrypt is a
    pure function of them, and the tests derive the same keys again and again (setting the
    password, then checking it, then unlocking the keys; every copy of the session's school
    opened with its password), which was a tenth of the suite's time. A wrong password, a
    changed salt or cost still derives afresh, so every credential opens and fails exactly as
    it would without this."""

    def remembered(params: KdfParams, password: str) -> bytes:
        key = (params.salt, params.n, params.r, params.p, password)
        if key not in _DERIVED:
            _DERIVED[key] = derive(params, password)
        return _DERIVED[key]

    return remembered
