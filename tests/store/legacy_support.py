"""Records signed with the first key scheme (before revision 4), made as that version made
them: a scrypt password hash (N = 2^14), HMAC keys wrapped with the HMAC pad, and results
signed with HMAC-SHA256 (whole document and each part). The product keeps only what opens
and checks these (``store.legacy``); making them is test data."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets

from sqlalchemy import text

from dealer_trainer.store import Store
from dealer_trainer.store.crypto import canonical
from dealer_trainer.store.document import part_bytes, parts, result_document
from dealer_trainer.store.legacy import wrapping_key

_CHECK = b"dealer-trainer signing key check v1"
_WRAP = b"dealer-trainer key wrap v1:"


def _hash(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    encode = base64.b64encode
    return f"scrypt$16384$8$1${encode(salt).decode()}${encode(digest).decode()}"


def legacy_credentials(store: Store, password: str) -> tuple[str, bytes]:
    """The first scheme's password and one HMAC key; returns the key's id and the key."""
    salt = secrets.token_hex(16)
    key_id, key = secrets.token_hex(8), secrets.token_bytes(32)
    pad = hmac.new(wrapping_key(password, salt), _WRAP + key_id.encode(), hashlib.sha256).digest()
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO instructor_credentials (id, password_hash, wrap_salt, changed_at) "
                "VALUES (1, :h, :s, '2026-01-01T00:00:00.000000+00:00')"
            ),
            {"h": _hash(password), "s": salt},
        )
        connection.execute(
            text(
                'INSERT INTO signing_keys (id, created_at, wrapped, "check") '
                "VALUES (:i, '2026-01-01T00:00:00.000000+00:00', :w, :c)"
            ),
            {
                "i": key_id,
                "w": bytes(a ^ b for a, b in zip(key, pad, strict=True)).hex(),
                "c": hmac.new(key, _CHECK, hashlib.sha256).hexdigest(),
            },
        )
    return key_id, key


def legacy_sign(store: Store, attempt_id: int, key_id: str, key: bytes) -> None:
    """Sign a submitted attempt as the first scheme did (and mark it an exam)."""
    document = result_document(store.attempt(attempt_id))
    document["attempt"]["requires_signature"] = True
    data = canonical(document)

    def mac(value: bytes) -> str:
        return hmac.new(key, value, hashlib.sha256).hexdigest()

    signature = {
        "algorithm": "HMAC-SHA256",
        "key_id": key_id,
        "value": mac(data),
        "parts": {name: mac(part_bytes(name, p)) for name, p in parts(document).items()},
    }
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE attempts SET requires_signature = :t, key_id = :k, signature = :s, "
                "signed_result = :r, signed_at = finished_at WHERE id = :i"
            ),
            {
                "t": True,
                "k": key_id,
                "s": json.dumps(signature),
                "r": data.decode(),
                "i": attempt_id,
            },
        )
