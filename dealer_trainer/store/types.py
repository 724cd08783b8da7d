"""Column types that keep money exact and times unambiguous on SQLite and PostgreSQL alike.

SQLAlchemy's ``Numeric`` passes through float on SQLite (it has no decimal type), and money is
never float in this app (see ``rules/money.py``), so on SQLite a decimal is stored as its text;
PostgreSQL gets a real ``NUMERIC``. Meters carry up to six places, so six are kept.

SQLite also has no time-zone-aware timestamp: every time is stored in UTC and read back as an
aware UTC ``datetime``, so a record reads the same on a station in any time zone and a signed
result (whose text includes the times) verifies on both backends.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import DateTime, Dialect, Numeric, String
from sqlalchemy.types import TypeDecorator, TypeEngine

MONEY_PLACES = 6


def decimal_text(value: Decimal) -> str:
    """The shortest exact text of a decimal: ``70``, ``92.5``, ``0.025``. Values read back from
    PostgreSQL carry the column's six places (``70.000000``); this makes both print alike."""
    if not value.is_finite():
        raise ValueError(f"{value} is not an exact amount")
    normal = value.normalize()
    if normal == normal.to_integral_value():
        return str(normal.quantize(Decimal(1)))
    return format(normal, "f")


def utc(moment: datetime) -> datetime:
    """An aware datetime in UTC; a naive one is refused (it could mean any zone)."""
    if moment.tzinfo is None:
        raise ValueError(f"{moment} has no time zone; record times are aware datetimes")
    return moment.astimezone(UTC)


def time_text(moment: datetime) -> str:
    return utc(moment).isoformat(timespec="microseconds")


def now() -> datetime:
    return datetime.now(UTC)


class ExactDecimal(TypeDecorator[Decimal]):
    """A ``Decimal`` stored exactly: ``NUMERIC(20, 6)`` on PostgreSQL, decimal text elsewhere."""

    impl = String(40)
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            return dialect.type_descriptor(Numeric(20, MONEY_PLACES, asdecimal=True))
        return dialect.type_descriptor(String(40))

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if not isinstance(value, Decimal):
            raise TypeError(f"{value!r} is not a Decimal (money is never float)")
        if value != value.quantize(Decimal(1).scaleb(-MONEY_PLACES)):
            raise ValueError(f"{value} has more than {MONEY_PLACES} decimal places")
        return value if dialect.name == "postgresql" else decimal_text(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        """Read back in the shortest form on every backend (``Decimal("70")``, not
        PostgreSQL's ``Decimal("70.000000")``): equal either way, but printed alike."""
        if value is None:
            return None
        return Decimal(decimal_text(Decimal(str(value))))


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC ``datetime``: ``timestamptz`` on PostgreSQL, UTC text on SQLite."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        moment = utc(value)
        return moment.replace(tzinfo=None) if dialect.name == "sqlite" else moment

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"{value!r} read from a timestamp column is not a datetime")
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
