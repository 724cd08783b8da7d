"""The first key scheme, kept only to migrate records made with it (``Store.migrate_keys``).

Until revision 4 the instructor password was stored as a scrypt hash (N = 2^14), the school's
keys were 32-byte HMAC-SHA256 keys wrapped with a hand-made pad (HMAC of the key id under a
scrypt-derived key, XORed with the key), and results were signed with HMAC. Only a holder of the
secret could check such a result, and any holder could forge one. The migration opens the old
keys with the password, checks every result they signed, re-signs the ones that verify with the
school's new Ed25519 key (logged, old signature kept inside the new one), and deletes the old
keys and the hash. Nothing else uses this module.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

ALGORITHM = "HMAC-SHA256"
_CHECK = b"dealer-trainer signing key check v1"
_WRAP = b"dealer-trainer key wrap v1:"


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=128 * r * n * 2, dklen=32
    )


def password_matches(password: str, stored: str) -> bool:
    """The old ``scrypt$n$r$p$salt$hash``; a malformed stored hash never matches."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt" or int(n) > 2**20:
            return False
        expected = base64.b64decode(digest, validate=True)
        derived = _scrypt(password, base64.b64decode(salt, validate=True), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(derived, expected)


def wrapping_key(password: str, salt_hex: str) -> bytes:
    return _scrypt(password, bytes.fromhex(salt_hex), 2**14, 8, 1)


def unwrap_key(wrapped_hex: str, check_hex: str, wrapping: bytes, key_id: str) -> bytes | None:
    """The old key, or None when it does not match its check value."""
    try:
        wrapped = bytes.fromhex(wrapped_hex)
    except ValueError:
        return None
    pad = hmac.new(wrapping, _WRAP + key_id.encode("utf-8"), hashlib.sha256).digest()
    if len(wrapped) != len(pad):
        return None
    key = bytes(a ^ b for a, b in zip(wrapped, pad, strict=True))
    check = hmac.new(key, _CHECK, hashlib.sha256).hexdigest()
    return key if hmac.compare_digest(check, check_hex) else None


def mac(key: bytes, data: bytes) -> str:
    return hmac.new(key, data, hashlib.sha256).hexdigest()


def matches(key: bytes, data: bytes, signature: str) -> bool:
    return hmac.compare_digest(mac(key, data), signature)
