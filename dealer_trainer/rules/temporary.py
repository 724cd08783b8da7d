"""Temporary provisions: the dates an option is in force, and whether a table may still use it.

A temporary chapter (such as ch. 653b) prints in each section's Source note the day it took
effect and the day it expires. Past that day an option is no longer the regulation; a table may
keep offering it only under an authority its Rules Submission names (a permanent adoption, a
waiver), and the course keeps lessons on it only as labelled history.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from msgspec import Struct


def long_date(day: date) -> str:
    """ "March 23, 2026", as the Code's Source notes write dates."""
    return f"{day:%B} {day.day}, {day.year}"


class TemporaryOption(Struct, frozen=True):
    """One option a temporary provision authorises: its name, section, and dates in force."""

    name: str
    cited: str
    effective: date | None
    expires: date

    def expired(self, on: date) -> bool:
        """Whether the provision has lapsed by ``on`` (it expires at the start of that day)."""
        return self.expires <= on

    def describe(self, on: date) -> str:
        """ "Trips Paytable E (§ 653b.2(b)): temporary, in force from March 23, 2024 to March
        23, 2026, EXPIRED", or "... until March 23, 2026" while it is in force."""
        since = f"from {long_date(self.effective)} " if self.effective is not None else ""
        if self.expired(on):
            when = f"{since}to {long_date(self.expires)}, EXPIRED"
        else:
            when = f"{since}until {long_date(self.expires)}"
        return f"{self.name} ({self.cited}): temporary, in force {when}"


class Standing(Struct, frozen=True):
    """What a table's temporary options amount to on one day."""

    on: date
    options: tuple[TemporaryOption, ...]
    in_force_under: str
    """The authority the Rules Submission records for keeping expired options ("" for none)."""

    @property
    def expired(self) -> tuple[TemporaryOption, ...]:
        return tuple(option for option in self.options if option.expired(self.on))

    @property
    def usable(self) -> bool:
        """A table may deal an expired option only under a recorded authority."""
        return not self.expired or bool(self.in_force_under.strip())

    def lines(self) -> list[str]:
        """The report's account: every temporary option with its dates, then the verdict."""
        if not self.options:
            return []
        lines = ["", f"Temporary provisions (as of {long_date(self.on)}):"]
        lines += [f"  {option.describe(self.on)}" for option in self.options]
        if self.expired and self.in_force_under.strip():
            lines.append(f"  Kept in force under: {self.in_force_under.strip()}")
        elif self.expired:
            lines.append(f"  {self.problem()}")
        return lines

    def problem(self) -> str:
        """Why the table may not be dealt, when it may not ("" when it may)."""
        if self.usable:
            return ""
        names = ", ".join(option.name for option in self.expired)
        return (
            f"expired: {names}; the Rules Submission names no authority under which "
            "they remain in force (in_force_under)"
        )


def standing(options: Iterable[TemporaryOption], in_force_under: str, on: date) -> Standing:
    return Standing(on, tuple(options), in_force_under)


__all__ = ["Standing", "TemporaryOption", "long_date", "standing"]
