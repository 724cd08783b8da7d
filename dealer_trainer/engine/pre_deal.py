"""The steps before the first card, for every game with a progressive or electronic bonus.

The dealing procedures put them before the deal (§§ 639a.8(b), 641a.8(b), 643a.8(b), seed 000;
table-systems.md § 1.5 and § 3): announce "no more bets", lock out further bonus and
progressive wagers with the table system, collect the Progressive Payout Wager chips, verify in
front of the table inventory container that their number equals the wagers the system
accepted, and drop them in. They are graded like settlement, so a trainee who deals before
locking out the system, or drops chips before counting them, is told why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind, TableSpot
from dealer_trainer.engine.step import Step
from dealer_trainer.rules.money import format_money

PREFIX = "predeal."
TABLE = SpotId(DEALER, TableSpot.TABLE)
CITE_NO_MORE_BETS = "§§ 639a.8(b), 641a.8(b), 643a.8(b)"
CITE_LOCK_OUT = "§§ 639a.8(b), 641a.8(b), 643a.8(b)(2)-(3); § 639a.2(d)"
CITE_PROGRESSIVE = "§§ 639a.8(b), 641a.8(b), 643a.8(b)(2)"
CITE_LAMMER = "§ 645a.8(b)(1)"
ORDER_FIRST = 'Nothing is done before "no more bets" is announced (§ 639a.8(b)).'
ORDER_COUNT = (
    "The progressive chips are collected, then counted in front of the table inventory "
    "container, then dropped in (§ 639a.8(b))."
)


PRE_DEAL_NOT_CALLED_FOR: dict[Action, str] = {
    Action.ANNOUNCE_NO_MORE_BETS: '"No more bets" is announced once, before the deal.',
    Action.LOCK_OUT_WAGERS: (
        "Only a table that takes electronic bonus or progressive wagers locks them out, once, "
        "before the deal (§ 639a.8(b))."
    ),
    Action.VERIFY_CHIP_COUNT: "Progressive chips are counted once, before the deal, when placed.",
    Action.DROP_IN_CONTAINER: "Progressive chips are dropped once, after they are counted.",
    Action.PLACE_LAMMER: "An Envy lammer goes only beside a Qualifying Wager (§ 645a.8(b)(1)).",
}


def is_pre_deal(step: Step) -> bool:
    return step.id.startswith(PREFIX)


def pre_deal_steps(
    *,
    lock_out: bool,
    progressive: Mapping[int, Decimal],
    progressive_spot: SpotKind | None = None,
    lammers: Mapping[int, str] | None = None,
) -> list[Step]:
    """``lock_out``: the table takes electronic or progressive wagers; ``progressive``: each
    seat's Progressive Payout Wager in chips, on the game's ``progressive_spot``; ``lammers``:
    seats owed an Envy lammer and the Qualifying Wager that earns it. A table without any of
    these has no graded pre-deal phase."""
    if not (lock_out or progressive or lammers):
        return []
    if progressive and progressive_spot is None:
        raise ValueError("progressive chips are collected from the game's progressive spot")
    steps = [
        Step(
            f"{PREFIX}no_more_bets",
            TABLE,
            Action.ANNOUNCE_NO_MORE_BETS,
            None,
            (),
            CITE_NO_MORE_BETS,
            'Announce "no more bets" before the first card is dealt.',
        )
    ]
    first = (steps[0].id,)
    if lock_out:
        steps.append(
            Step(
                f"{PREFIX}lock_out",
                TABLE,
                Action.LOCK_OUT_WAGERS,
                None,
                first,
                CITE_LOCK_OUT,
                "Use the table game system to lock out further Five Card Hand Bonus and "
                "progressive wagers.",
                ORDER_FIRST,
            )
        )
    collected = []
    for seat, stake in sorted(progressive.items(), reverse=True):
        assert progressive_spot is not None
        step = Step(
            f"{PREFIX}s{seat}.progressive",
            SpotId(seat, progressive_spot),
            Action.COLLECT,
            stake,
            (steps[-1].id,) if lock_out else first,
            CITE_PROGRESSIVE,
            f"Seat {seat}: collect the Progressive Payout Wager chips, {format_money(stake)}, "
            "after the system has locked out further wagers.",
            ORDER_FIRST,
        )
        collected.append(step)
    steps += collected
    if collected:
        count = Step(
            f"{PREFIX}count",
            TABLE,
            Action.VERIFY_CHIP_COUNT,
            None,
            tuple(s.id for s in collected),
            CITE_PROGRESSIVE,
            f"In front of the table inventory container, verify that the {len(collected)} "
            f"chip{'s' if len(collected) != 1 else ''} collected equal the number of Progressive "
            "Payout Wagers the system accepted.",
            ORDER_COUNT,
        )
        drop = Step(
            f"{PREFIX}drop",
            TABLE,
            Action.DROP_IN_CONTAINER,
            None,
            (count.id,),
            CITE_PROGRESSIVE,
            "Place the counted progressive chips into the table inventory container.",
            ORDER_COUNT,
        )
        steps += [count, drop]
    for seat, wager in sorted((lammers or {}).items(), reverse=True):
        steps.append(
            Step(
                f"{PREFIX}s{seat}.lammer",
                SpotId(seat, TableSpot.ENVY_LAMMER),
                Action.PLACE_LAMMER,
                None,
                first,
                CITE_LAMMER,
                f'Seat {seat}: at "no more bets", place an Envy lammer beside the {wager}, a '
                "Qualifying Wager.",
                ORDER_FIRST,
            )
        )
    return steps


def before_settlement(pre_deal: Sequence[Step], settlement: Sequence[Step]) -> tuple[Step, ...]:
    """The whole procedure: settlement starts only after every pre-deal step (the cards are
    dealt in between)."""
    if not pre_deal:
        return tuple(settlement)
    ends = tuple(s.id for s in pre_deal if not any(s.id in o.after for o in pre_deal))
    opened = tuple(s if s.after else replace(s, after=ends) for s in settlement)
    return (*pre_deal, *opened)
