"""The instructor password, the school's signing keys and what they sign, on ``cryptography``.

Why the keys live in the database, wrapped under the instructor password: a key kept away from
trainee stations could not sign the result of an exam taken there, and a key in the clear would
sign anything for anyone who can edit the records. Wrapped, the key travels with the records
while the database alone (or a copy of it) gives nothing to sign with. The examiner unlocks the
ring when an exam starts; the keys are then held in memory only (docs/security.md).

* The password derives a key-encryption key with scrypt (N = 2^17, r = 8, p = 1 by default).
  The parameters and salt are stored with the credential, so they can be raised later.
* There is no password hash. Signing in means opening the *check value* (a constant sealed with
  AES-GCM under the derived key) and then every signing key (each sealed the same way, its id
  and public key as associated data). A planted credential for a known password opens its own
  check value but none of the school's keys, so it is refused.
* Each school key is an Ed25519 key pair: results are signed with the private key and anyone
  holding the published public key (``school.pub``) can check them, without any secret.
* The private key also derives the symmetric secrets an exam needs while it runs (HMAC-SHA256
  under the private key's 32 bytes, each with its own label): the key of the attempt's step
  chain and the key its deal seeds are drawn from.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from msgspec import Struct

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

ALGORITHM = "Ed25519"
KDF = "scrypt"
SCRYPT_N = 2**17
SCRYPT_R = 8
SCRYPT_P = 1
MIN_PASSWORD = 8
WRONG = "wrong instructor password"
NONCE_BYTES = 12
_CHECK = b"dealer-trainer key ring check v2"
_CHECK_AAD = b"dealer-trainer check"
_KEY_AAD = b"dealer-trainer signing key v2:"
PUBLIC_FORMAT = "dealer-trainer school keys"
CHAIN = "step chain"
"""The label of the secret that keys an attempt's step chain (``KeyRing.secret``)."""


class CredentialError(ValueError):
    """A password was wrong, missing or too weak."""


class KeyIntegrityError(RuntimeError):
    """A stored key does not open under the password that opens the check value: the key or
    the credential was edited or replaced."""


def check_new_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise CredentialError(f"the instructor password needs at least {MIN_PASSWORD} characters")


class KdfParams(Struct, frozen=True):
    """scrypt's cost and the salt, stored beside the credential (JSON)."""

    salt: bytes
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    @classmethod
    def fresh(cls) -> KdfParams:
        return cls(secrets.token_bytes(16))

    def to_json(self) -> dict[str, Any]:
        return {"kdf": KDF, "n": self.n, "r": self.r, "p": self.p, "salt": self.salt.hex()}

    @classmethod
    def of_json(cls, data: Any) -> KdfParams:
        try:
            if data["kdf"] != KDF:
                raise CredentialError(f"unknown key derivation {data['kdf']!r}")
            params = cls(
                bytes.fromhex(data["salt"]), int(data["n"]), int(data["r"]), int(data["p"])
            )
        except (KeyError, TypeError, ValueError) as error:
            raise CredentialError(f"the stored key derivation is unreadable ({error})") from None
        if params.n < 2**14 or params.n & (params.n - 1) or not 1 <= params.r * params.p <= 64:
            raise CredentialError("the stored key derivation parameters are out of range")
        return params

    def derive(self, password: str) -> bytes:
        return hashlib.scrypt(
            password.encode("utf-8"),
            salt=self.salt,
            n=self.n,
            r=self.r,
            p=self.p,
            maxmem=256 * self.r * self.n * self.p + 2**20,
            dklen=32,
        )


def _seal(kek: bytes, plain: bytes, aad: bytes) -> str:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = secrets.token_bytes(NONCE_BYTES)
    return (nonce + AESGCM(kek).encrypt(nonce, plain, aad)).hex()


def _open(kek: bytes, sealed_hex: str, aad: bytes) -> bytes | None:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        sealed = bytes.fromhex(sealed_hex)
        return AESGCM(kek).decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], aad)
    except (ValueError, InvalidTag):
        return None


def make_check(kek: bytes) -> str:
    return _seal(kek, _CHECK, _CHECK_AAD)


def open_check(kek: bytes, check: str) -> None:
    """``CredentialError`` unless ``kek`` (from the password typed) opens the check value."""
    if _open(kek, check, _CHECK_AAD) != _CHECK:
        raise CredentialError(WRONG)


def _key_aad(key_id: str, public_hex: str) -> bytes:
    return _KEY_AAD + key_id.encode("utf-8") + b":" + public_hex.encode("ascii")


def private_bytes(key: Ed25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )

    return key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())


def public_hex(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def new_key() -> tuple[str, Ed25519PrivateKey]:
    """A fresh key pair and its id (printed on results; not secret)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return secrets.token_hex(8), Ed25519PrivateKey.generate()


def wrap_key(key: Ed25519PrivateKey, kek: bytes, key_id: str) -> str:
    return _seal(kek, private_bytes(key), _key_aad(key_id, public_hex(key)))


def unwrap_key(wrapped: str, kek: bytes, key_id: str, public: str) -> Ed25519PrivateKey:
    plain = _open(kek, wrapped, _key_aad(key_id, public))
    if plain is None or len(plain) != 32:
        raise KeyIntegrityError(
            f"signing key {key_id} does not open under this password: the stored key, its "
            "public key or the instructor credential was edited or replaced"
        )
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.from_private_bytes(plain)
    if public_hex(key) != public:
        raise KeyIntegrityError(f"signing key {key_id}: its public key was edited")
    return key


def canonical(document: Any) -> bytes:
    """The one byte string a document signs as: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def verification_code(document_digest: str) -> str:
    """A short code for a person to compare: the first 60 bits of the signed document's
    SHA-256, in base 32, in three groups (``ABCD-EFGH-IJKL``)."""
    text = base64.b32encode(bytes.fromhex(document_digest)[:8]).decode("ascii")[:12]
    return "-".join(text[i : i + 4] for i in range(0, 12, 4))


class PublicKeys(Struct, frozen=True):
    """The school's public keys by id: all that checking a signature needs."""

    keys: Mapping[str, Ed25519PublicKey]

    def verify(self, key_id: str, data: bytes, signature: str) -> bool:
        from cryptography.exceptions import InvalidSignature

        key = self.keys.get(key_id)
        if key is None:
            return False
        try:
            key.verify(bytes.fromhex(signature), data)
        except (InvalidSignature, ValueError):
            return False
        return True

    def to_text(self) -> str:
        """``school.pub``: JSON naming each key id with its raw public key in hex."""
        keys = {key_id: public_hex(key) for key_id, key in self.keys.items()}
        return json.dumps({"format": PUBLIC_FORMAT, "keys": keys}, indent=1, sort_keys=True) + "\n"

    @classmethod
    def of_text(cls, text: str) -> PublicKeys:
        """``ValueError`` naming what is wrong when ``text`` is not a ``school.pub``."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"not a school public key file: {error}") from None
        if not isinstance(data, dict) or data.get("format") != PUBLIC_FORMAT:
            raise ValueError(f"not a school public key file: no format {PUBLIC_FORMAT!r}")
        keys = data.get("keys")
        if not isinstance(keys, dict) or not keys:
            raise ValueError("the school public key file names no keys")
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        parsed: dict[str, Ed25519PublicKey] = {}
        for key_id, value in keys.items():
            try:
                parsed[str(key_id)] = Ed25519PublicKey.from_public_bytes(bytes.fromhex(value))
            except (TypeError, ValueError):
                raise ValueError(f"keys.{key_id}: not a 32-byte Ed25519 key in hex") from None
        return cls(parsed)


class KeyRing(Struct, frozen=True):
    """The unwrapped keys, in memory only: every key id the school has used, and the one new
    results are signed with (None until a key is generated)."""

    keys: Mapping[str, Ed25519PrivateKey]
    current: str | None

    def signing_key(self) -> str:
        if self.current is None:
            raise CredentialError("no signing key: the instructor generates one first")
        return self.current

    def sign(self, key_id: str, data: bytes) -> str:
        return self.keys[key_id].sign(data).hex()

    def public(self) -> PublicKeys:
        return PublicKeys({key_id: key.public_key() for key_id, key in self.keys.items()})

    def secret(self, key_id: str, label: str, subject: str) -> bytes:
        """A symmetric secret for one purpose (``label``) and one subject (an attempt uid),
        derived from the private key: nobody without the unlocked key can compute it."""
        key = self.keys.get(key_id)
        if key is None:
            raise CredentialError(f"the key ring does not hold key {key_id}")
        message = f"dealer-trainer/{label}/{subject}".encode()
        return hmac.new(private_bytes(key), message, hashlib.sha256).digest()


def chain_key(keys: KeyRing, key_id: str, attempt_uid: str) -> bytes:
    return keys.secret(key_id, CHAIN, attempt_uid)


def chain_link(chain_key: bytes, previous: str, item: str, value: Any) -> str:
    """The next link of an attempt's step chain: HMAC over the previous link, the item's name
    and its canonical value."""
    message = previous.encode("ascii") + b"\n" + canonical({"item": item, "value": value})
    return hmac.new(chain_key, message, hashlib.sha256).hexdigest()
