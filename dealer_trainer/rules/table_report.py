"""A Rules Submission as a person reads it: wagers, paytables, meters and the rules in force.

Instructors must see where every number comes from, so each paytable and each non-seed rule is
printed with its provenance tag and section; the CLI prints it and a screen can show it.
"""

from __future__ import annotations

from dealer_trainer.rules.money import format_money
from dealer_trainer.rules.table_config import TableConfig
from dealer_trainer.rules.wagers import UthWager


def table_report(config: TableConfig) -> list[str]:
    lines = [config.name]
    if config.description:
        lines.append(config.description)
    lines.append("")
    for wager in config.offered_wagers():
        if wager is UthWager.MUST_HIT_BY:
            continue
        try:
            limits = config.limits(wager)
            span = f"  {format_money(limits.minimum)}-{format_money(limits.maximum)}"
        except KeyError:
            span = "  (a multiple of the Ante)" if wager is UthWager.PLAY else ""
        try:
            table = config.paytable(wager)
        except KeyError:
            lines.append(
                f"{wager.value}{span}  no paytable stated (§ 653a.12(d)): recorded, not settled"
            )
            continue
        lines.append(f"{table.name}{span}  — {table.citation}")
        lines.append(f"    hand: {table.cards.value}")
        for row in table.rows:
            if row.odds.applicable:
                tag = "" if row.citation == table.citation else f"  — {row.citation}"
                lines.append(f"    {row.label}: {row.odds}{tag}")
        envy = (
            config.progressive.envy
            if wager is UthWager.PROGRESSIVE and config.progressive
            else None
        )
        if envy is not None and config.progressive is not None:
            hand = str(config.progressive.envy_qualifying_hand.value).lower()
            lines.append(
                f"    Envy Bonus: {format_money(envy)} to each other progressive bettor for "
                f"each {hand} or better (§ 653a.1)"
            )
    mhb = config.must_hit_by_configuration()
    if mhb is not None and config.must_hit_by is not None:
        lines.append(
            f"{UthWager.MUST_HIT_BY.value}: {mhb.name}, {format_money(mhb.minimum_value)}-"
            f"{format_money(mhb.maximum_value)}, {mhb.contribution_percent}% contribution, "
            f"paid by {config.must_hit_by.payment.value}  — {mhb.citation}"
        )
    fchb = config.five_card_hand_bonus
    if fchb is not None:
        hands = " and ".join(b.value for b in fchb.bet_on)
        lines.append(
            f"Five Card Hand Bonus meter: starts at {format_money(fchb.meter_start)}, resets to "
            f"{format_money(config.fchb_meter_reset or fchb.meter_start)}; on the {hands}"
        )
    lines += ["", "Rules not stated in the seeds (value in force, provenance):"]
    for setting in config.rules.describe():
        changed = "" if setting.is_default else f" (default {setting.default})"
        lines.append(f"  {setting.title}: {setting.value}{changed}  — {setting.citation}")
    return lines
