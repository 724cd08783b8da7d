"""The progressive and Envy Bonus pieces of a Rules Submission that the games state alike.

The seeds print no progressive paytable and no Envy Bonus amount for Caribbean Stud Poker
(§ 639a.12), Let It Ride Poker (§ 643a.12) or Three Card Poker (§ 649a.12): every Rules
Submission that offers a progressive states its rows, its meter reset and the fixed Envy Bonus
paid to each other progressive bettor for a qualifying hand. In Caribbean Stud and Let It Ride
that hand is a five-card category, a straight flush or better by the Code (§§ 639a.1, 643a.1);
the two games read, check and report it the same way, and a share of the meter is rounded by
the same open rule. Those pieces are here, once; each game's ``config.py`` keeps its own
sections, its own wording of what the Code requires, and its rows' vocabulary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, Protocol

from dealer_trainer.games.linked_meter import LinkedField, LinkedMeter
from dealer_trainer.hands.categories import FIVE_CARD_ORDER, HandRank
from dealer_trainer.rules.datafile import Parse
from dealer_trainer.rules.errors import Problem
from dealer_trainer.rules.game_paytables import MoneyField, ProgressiveSpec
from dealer_trainer.rules.money import CENT, Rounding, RoundingMode, format_money, to_money
from dealer_trainer.rules.odds import Odds, OddsKind
from dealer_trainer.rules.provenance import standard
from dealer_trainer.rules.settings import RuleInfo

METER_ROUNDING_INFO = RuleInfo(
    "Rounding of a share of the progressive meter",
    "A percentage of the meter can fall between cents; no regulation says which way it "
    "goes, so the default rounds down to the cent.",
    standard("no rule in the regulations"),
)
"""The open rule ``meter_payout_rounding``: why a share of the meter rounds down by default."""
METER_ROUNDING = Rounding(CENT, RoundingMode.DOWN)


def _rounding(value: Any) -> Rounding:
    if isinstance(value, Rounding):
        return value
    if not isinstance(value, Mapping):
        raise ValueError("a table such as { unit = '0.01', mode = 'down' }")
    unknown = set(value) - {"unit", "mode"}
    if unknown:
        raise ValueError(f"unknown rounding field(s) {sorted(unknown)}; use unit and mode")
    unit = to_money(value.get("unit", "0.01"))
    mode = RoundingMode.from_text(str(value.get("mode", "down")))
    return Rounding(unit, mode)


RoundingField = Annotated[Rounding, Parse(_rounding)]
"""A rounding written ``{ unit = '0.01', mode = 'down' }``."""


def _hand_rank(value: Any) -> HandRank:
    rank = value if isinstance(value, HandRank) else HandRank.from_text(str(value))
    if rank not in FIVE_CARD_ORDER:
        raise ValueError(f"{rank.value!r} is not a five-card poker category")
    return rank


FiveCardRankField = Annotated[HandRank, Parse(_hand_rank)]
"""A five-card poker category, such as "Straight flush"."""


class EnvyProgressiveSpec(ProgressiveSpec, frozen=True, kw_only=True):
    """A five-card Progressive Payout Wager with an Envy Bonus: the rows and meter reset as the
    Rules Submission states them, the fixed Envy Bonus to each other progressive bettor, and
    the Envy Bonus Qualifying Hand, a straight flush or better by default (Caribbean Stud
    § 639a.1, Let It Ride § 643a.1 [CODE]; the amounts are not in the seeds)."""

    envy: MoneyField | None = None
    envy_qualifying_hand: FiveCardRankField = HandRank.STRAIGHT_FLUSH
    linked: LinkedField = None
    """The meter shared with other tables or games (§ 605a.8; ``games.linked_meter``)."""


class _HasEnvyProgressive(Protocol):
    @property
    def progressive(self) -> EnvyProgressiveSpec | None: ...


class EnvyProgressiveViews:
    """The views of a table config whose optional ``progressive`` is an
    ``EnvyProgressiveSpec``: what a round and a report read, each ``None``-safe. No slots of
    its own, so a record can take it as a base."""

    __slots__ = ()

    @property
    def envy_amount(self: _HasEnvyProgressive) -> Decimal | None:
        """The fixed Envy Bonus per qualifying hand, as the Rules Submission states it."""
        return self.progressive.envy if self.progressive is not None else None

    @property
    def envy_qualifying_hand(self: _HasEnvyProgressive) -> HandRank:
        """A five-card straight flush or better (§§ 639a.1, 643a.1, Code text not in the seeds),
        unless the Rules Submission states a higher hand."""
        if self.progressive is None:
            return HandRank.STRAIGHT_FLUSH
        return self.progressive.envy_qualifying_hand

    @property
    def progressive_meter_reset(self: _HasEnvyProgressive) -> Decimal | None:
        return self.progressive.meter_reset if self.progressive is not None else None

    @property
    def progressive_linked(self: _HasEnvyProgressive) -> LinkedMeter | None:
        """The link the progressive meter is shared on, if any."""
        return self.progressive.linked if self.progressive is not None else None

    @property
    def progressive_rate_of_progression(self: _HasEnvyProgressive) -> Decimal | None:
        """The percentage of each progressive wager the meter rises by."""
        return self.progressive.rate_of_progression_percent if self.progressive else None


class _Row(Protocol):
    @property
    def odds(self) -> Odds: ...


def pays_meter_share(rows: Iterable[_Row]) -> bool:
    """Whether a progressive row pays a percentage of the meter (the round needs the meter); a
    row paying a named jackpot is on that jackpot's own meter (``games.jackpot_meters``)."""
    return any(row.odds.kind is OddsKind.METER_PERCENT and not row.odds.jackpot for row in rows)


class _StatesEnvy(Protocol):
    @property
    def envy(self) -> Decimal | None: ...
    @property
    def envy_qualifying_hand(self) -> Enum: ...
    @property
    def stated(self) -> frozenset[str]: ...


def envy_problems(
    spec: _StatesEnvy,
    field: str,
    section: str,
    *,
    at_least_straight_flush: str = "",
) -> list[Problem]:
    """A positive Envy Bonus amount; with ``at_least_straight_flush`` (why, with its
    citation), a five-card qualifying hand no lower than a straight flush; and no qualifying
    hand stated without an amount (``section``, the paytables' section, is not in the seeds)."""
    problems: list[Problem] = []
    if spec.envy is not None and spec.envy <= 0:
        problems.append(
            Problem(f"{field}.envy", "a positive Envy Bonus amount", format_money(spec.envy))
        )
    hand = spec.envy_qualifying_hand
    order = FIVE_CARD_ORDER.index
    if (
        at_least_straight_flush
        and isinstance(hand, HandRank)
        and order(hand) < order(HandRank.STRAIGHT_FLUSH)
    ):
        problems.append(
            Problem(
                f"{field}.envy_qualifying_hand",
                f"a straight flush or better: {at_least_straight_flush}",
                repr(hand.value),
            )
        )
    if spec.envy is None and "envy_qualifying_hand" in spec.stated:
        problems.append(
            Problem(
                f"{field}.envy",
                "an Envy Bonus amount as well: without one the envy_qualifying_hand has nothing "
                f"to apply to (§ {section} is not in the seeds)",
            )
        )
    return problems


__all__ = [
    "METER_ROUNDING",
    "METER_ROUNDING_INFO",
    "EnvyProgressiveSpec",
    "EnvyProgressiveViews",
    "FiveCardRankField",
    "RoundingField",
    "envy_problems",
    "pays_meter_share",
]
