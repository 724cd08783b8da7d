"""The school's name and logo, printed on its certificates.

They are kept in the records (so every instructor station of a school prints the same) and
signed with a school key when an instructor sets them: a name or a logo changed at a station
afterwards no longer verifies, and the certificate is refused rather than printed under
another school's name. The logo is a PNG of at most ``MAX_LOGO`` bytes; the GUI converts and
scales what the instructor picks.
"""

from __future__ import annotations

import hashlib
import unicodedata

from msgspec import Struct

from dealer_trainer.store.crypto import KeyRing, PublicKeys, canonical
from dealer_trainer.store.errors import StoreError

MAX_NAME = 120
MAX_LOGO = 512 * 1024
PNG = b"\x89PNG\r\n\x1a\n"
FORMAT = "dealer-trainer school profile"


class SchoolProfileError(StoreError):
    """A name or logo that cannot be used, or a stored profile that no longer verifies."""


class School(Struct, frozen=True):
    name: str
    logo: bytes | None = None


def clean_name(name: str) -> str:
    """One line of printable text, spaces collapsed: what fits a certificate's heading."""
    clean = " ".join(name.split())
    if not clean:
        raise SchoolProfileError("the school's name is empty")
    if len(clean) > MAX_NAME:
        raise SchoolProfileError(
            f"the school's name has {len(clean)} characters; a certificate fits {MAX_NAME}"
        )
    if any(unicodedata.category(c).startswith("C") for c in clean):
        raise SchoolProfileError("the school's name holds control characters")
    return clean


def check_logo(logo: bytes | None) -> None:
    if logo is None:
        return
    if not logo.startswith(PNG):
        raise SchoolProfileError("the logo is not a PNG image")
    if len(logo) > MAX_LOGO:
        raise SchoolProfileError(
            f"the logo is {len(logo) // 1024} KB; at most {MAX_LOGO // 1024} KB is kept"
        )


def profile_bytes(name: str, logo: bytes | None) -> bytes:
    """What is signed: the name and the logo's SHA-256."""
    digest = None if logo is None else hashlib.sha256(logo).hexdigest()
    return canonical({"format": FORMAT, "name": name, "logo_sha256": digest})


def sign_profile(school: School, keys: KeyRing) -> tuple[str, str]:
    """The key id and signature of a profile about to be stored."""
    key_id = keys.signing_key()
    return key_id, keys.sign(key_id, profile_bytes(school.name, school.logo))


def verified(school: School, key_id: str, signature: str, public: PublicKeys) -> School:
    """The stored profile, once its signature holds."""
    if not public.verify(key_id, profile_bytes(school.name, school.logo), signature):
        raise SchoolProfileError(
            "the school's name or logo was changed outside the instructor area (its signature "
            "does not verify): set them again in the instructor area"
        )
    return school
