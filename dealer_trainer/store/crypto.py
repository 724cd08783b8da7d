"""The instructor password and the school's signing keys, with the standard library only.

Why the keys live in the database, wrapped under the instructor password:

* A key in the database in the clear would be readable by anyone who can edit the records (a
  trainee at a station with its own SQLite file, or any station of a shared PostgreSQL server,
  since every station holds the credentials): they could edit a score and sign it again.
* A key file kept away from trainee stations cannot sign the result of an exam taken there.
* Wrapped under a key derived from the instructor password, the key travels with the records
  (every station of a shared server can sign once an examiner unlocks it, and old results
  verify on the instructor's station), while the database alone, or a copy of it, gives
  nothing to sign with. The examiner unlocks the key ring when an exam starts; the key is then
  held in memory only.

The password is stored only as a salted scrypt hash. The key-wrapping key is derived from the
password with scrypt too, under a different salt, so the stored hash cannot unwrap anything.
Wrapping is a one-time pad: HMAC-SHA256(wrapping key, key id) XOR the 32-byte key; the pad is
never reused, since key ids are unique and a password change draws a new salt. A check value
(HMAC of a constant under the key) tells a wrong or edited wrapped key from the right one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ALGORITHM = "HMAC-SHA256"
KEY_BYTES = 32
MIN_PASSWORD = 8
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
_CHECK = b"dealer-trainer signing key check v1"
_WRAP = b"dealer-trainer key wrap v1:"


class CredentialError(ValueError):
    """A password was wrong, missing or too weak."""


class KeyIntegrityError(RuntimeError):
    """A stored key does not unwrap to a key matching its check value: it was edited."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(
    password: str, salt: bytes, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P
) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=128 * r * n * 2, dklen=32
    )


def check_new_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise CredentialError(f"the instructor password needs at least {MIN_PASSWORD} characters")


def hash_password(password: str) -> str:
    """``scrypt$n$r$p$salt$hash``: the parameters travel with the hash, so they can be raised
    later without breaking the passwords already set."""
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def password_matches(password: str, stored: str) -> bool:
    """Constant-time comparison of the derived hash; a malformed stored hash never matches."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest, validate=True)
        derived = _scrypt(password, base64.b64decode(salt, validate=True), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(derived, expected)


def new_salt() -> str:
    return secrets.token_hex(16)


def wrapping_key(password: str, salt_hex: str) -> bytes:
    return _scrypt(password, bytes.fromhex(salt_hex))


def _pad(wrapping: bytes, key_id: str) -> bytes:
    return hmac.new(wrapping, _WRAP + key_id.encode("utf-8"), hashlib.sha256).digest()


def wrap_key(key: bytes, wrapping: bytes, key_id: str) -> str:
    return bytes(a ^ b for a, b in zip(key, _pad(wrapping, key_id), strict=True)).hex()


def unwrap_key(wrapped_hex: str, check_hex: str, wrapping: bytes, key_id: str) -> bytes:
    try:
        wrapped = bytes.fromhex(wrapped_hex)
    except ValueError:
        raise KeyIntegrityError(f"signing key {key_id}: the stored key is not hex") from None
    if len(wrapped) != KEY_BYTES:
        raise KeyIntegrityError(f"signing key {key_id}: the stored key has the wrong length")
    key = bytes(a ^ b for a, b in zip(wrapped, _pad(wrapping, key_id), strict=True))
    if not hmac.compare_digest(key_check(key), check_hex):
        raise KeyIntegrityError(
            f"signing key {key_id} does not unwrap to the key its check value names: the stored "
            "key or its check value was edited"
        )
    return key


def key_check(key: bytes) -> str:
    return hmac.new(key, _CHECK, hashlib.sha256).hexdigest()


def new_key() -> tuple[str, bytes]:
    """A fresh key and its id (the id is printed on results; it is not secret)."""
    return secrets.token_hex(8), secrets.token_bytes(KEY_BYTES)


def canonical(document: Any) -> bytes:
    """The one byte string a document signs as: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


@dataclass(frozen=True)
class KeyRing:
    """The unwrapped keys, in memory only: every key id the school has used, and the one new
    results are signed with (None until a key is generated)."""

    keys: Mapping[str, bytes]
    current: str | None

    def mac(self, key_id: str, data: bytes) -> str | None:
        """The HMAC of ``data`` under ``key_id``, or None when the ring has no such key."""
        key = self.keys.get(key_id)
        if key is None:
            return None
        return hmac.new(key, data, hashlib.sha256).hexdigest()

    def matches(self, key_id: str, data: bytes, signature: str) -> bool:
        expected = self.mac(key_id, data)
        return expected is not None and hmac.compare_digest(expected, signature)

    def signing_key(self) -> str:
        if self.current is None:
            raise CredentialError("no signing key: the instructor generates one first")
        return self.current
