"""The lines every game's Rules Submission report prints the same way (``dealer-trainer table``).

An instructor checks a table before a lesson by reading its report: the name, each offered
paytable with its rows and their provenance, the progressive meter and Envy Bonus, the Five Card
Hand Bonus, and the rules the seed leaves open. Each game's ``config.py`` still writes what only
its regulation has (the Bet's size, the payout limit, the vigorish, its settlement order); the
blocks every game prints alike are here, so the reports read alike and are fixed in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Protocol

from dealer_trainer.games.five_card_hand_bonus import FiveCardHandBonusSpec, draw_lines, sign_rows
from dealer_trainer.games.linked_meter import LinkedMeter, report_lines
from dealer_trainer.rules.game_paytables import GamePaytable
from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.provenance import Citation
from dealer_trainer.rules.settings import RuleSetting

OPEN_RULES = "Rules the regulations leave open (value in force, basis):"


class _Limits(Protocol):
    @property
    def minimum(self) -> Decimal: ...
    @property
    def maximum(self) -> Decimal: ...


def report_head(name: str, game: str, description: str) -> list[str]:
    """The table's name and game, its description, a blank line."""
    lines = [f"{name} ({game})"]
    if description:
        lines.append(description)
    lines.append("")
    return lines


def limits_span(limits: _Limits) -> str:
    """ "$5-$100": a wager's minimum and maximum."""
    return f"{format_money(limits.minimum)}-{format_money(limits.maximum)}"


def paytable_lines(
    table: GamePaytable[Any, Any, Any], span: str = "", *, cards_citation: bool = True
) -> list[str]:
    """A paytable's heading (``span`` after its name), what hand it is paid on, and its rows,
    each row's citation where it is not the table's."""
    lines = [f"{table.name}{span}  — {table.citation.for_instructor}"]
    cited = f"  — {table.cards_citation.for_instructor}" if cards_citation else ""
    lines.append(f"    hand: {table.cards.value}{cited}")
    for row in table.rows:
        tag = "" if row.citation == table.citation else f"  — {row.citation.for_instructor}"
        lines.append(f"    {row.label}: {row.odds}{tag}")
    return lines


def progression_line(rate: Decimal, section: str) -> str:
    """The meter's rate of progression as the Rules Submission states it, with the section
    that has it stated: "    meter rises by 15% of each wager (rate of progression, § ...)"."""
    return (
        f"    meter rises by {rate.normalize():f}% of each wager (rate of progression, {section})"
    )


def progressive_lines(
    reset: Decimal | None,
    envy: Decimal | None,
    hand: str,
    citation: str,
    *,
    rate: Decimal | None,
    rate_section: str,
    bettor: str = "progressive bettor",
    never: str = "the player's own or the dealer's hand",
    linked: LinkedMeter | None = None,
) -> list[str]:
    """Under a progressive paytable: the meter's rate of progression (``rate_section`` the
    section that has the Rules Submission state it) and reset amount, the link it shares with
    other tables (``linked``), and the Envy Bonus (``hand`` the least qualifying hand,
    ``citation`` where the Envy Bonus and its amount come from)."""
    lines = [progression_line(rate, rate_section)] if rate is not None else []
    if reset is not None:
        lines.append(f"    meter resets to {format_money(reset)}")
    lines += report_lines(linked)
    if envy is not None:
        lines.append(
            f"    Envy Bonus: {format_money(envy)} to each other {bettor} for a "
            f"{hand.lower()} or better, never for {never}  — {citation}"
        )
    return lines


def fchb_lines(
    fchb: FiveCardHandBonusSpec, on: str, citation: Citation | str, reset_section: str
) -> list[str]:
    """The Five Card Hand Bonus: its limits, the hand it is on, its sign and its meter."""
    lines = [
        f"Five Card Hand Bonus  {limits_span(fchb)}, electronic, on the {on}  — {citation}",
        *(f"    {label}: {odds}" for label, odds in sign_rows(fchb)),
        *draw_lines(fchb),
        f"    meter starts at {format_money(fchb.meter_start)}, resets to "
        f"{format_money(fchb.meter_reset)} (at least $10,000, {reset_section})",
    ]
    if fchb.rate_of_progression_percent is not None:
        lines.append(progression_line(fchb.rate_of_progression_percent, reset_section))
    return lines + report_lines(fchb.linked)


def fchb_hands(fchb: FiveCardHandBonusSpec) -> str:
    """ "player's hand and dealer's hand": the hands a table takes the bonus on."""
    return " and ".join(hand.value for hand in fchb.bet_on)


def open_rules_lines(settings: Iterable[RuleSetting], heading: str = OPEN_RULES) -> list[str]:
    """The rules the seed leaves open: each value in force, its default where it differs, and
    its provenance."""
    lines = ["", heading]
    for setting in settings:
        changed = "" if setting.is_default else f" (default {setting.default})"
        lines.append(
            f"  {setting.title}: {setting.value}{changed}  — {setting.citation.for_instructor}"
        )
    return lines


__all__ = [
    "OPEN_RULES",
    "fchb_hands",
    "fchb_lines",
    "limits_span",
    "open_rules_lines",
    "paytable_lines",
    "progression_line",
    "progressive_lines",
    "report_head",
]
