"""The steps before the first card, for every game with a progressive or electronic bonus.

Each game's dealing procedure puts them before the deal (e.g. § 639a.8(b); the game passes
its own paragraph, which every step cites): announce "no more bets", lock out further bonus and
progressive wagers with the table system, collect the Progressive Payout Wager chips, verify in
front of the table inventory container that their number equals the wagers the system
accepted, and drop them in. They are graded like settlement, so a trainee who deals before
locking out the system, or drops chips before counting them, is told why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from msgspec.structs import replace

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind, TableSpot
from dealer_trainer.engine.step import Step
from dealer_trainer.rules.money import format_money

PREFIX = "predeal."
TABLE = SpotId(DEALER, TableSpot.TABLE)


def pre_deal_not_called_for(section: str) -> dict[Action, str]:
    """Why a pre-deal action nothing asks for is wrong, citing the dealing procedure of the
    game on the table (``section``, e.g. "639a.8(b)")."""
    return {
        Action.ANNOUNCE_NO_MORE_BETS: '"No more bets" is announced once, before the deal.',
        Action.LOCK_OUT_WAGERS: (
            "Only a table that takes electronic bonus or progressive wagers locks them out, "
            f"once, before the deal (§ {section})."
        ),
        Action.VERIFY_CHIP_COUNT: (
            "Progressive chips are counted once, before the deal, when placed."
        ),
        Action.DROP_IN_CONTAINER: "Progressive chips are dropped once, after they are counted.",
        Action.PLACE_LAMMER: "An Envy lammer goes only beside a Qualifying Wager.",
    }


def pre_deal_actions(
    *, lock_out: bool, progressive: bool, lammers: bool = False
) -> frozenset[Action]:
    """What ``pre_deal_steps`` can ever ask of a table, by the same rule, whatever the round:
    "no more bets" wherever there is a pre-deal phase, the lockout where the table takes
    electronic or progressive wagers (``lock_out``), the collecting, count and drop where its
    Progressive Payout Wagers are placed in chips (``progressive``), a lammer where it offers an
    Envy Bonus that earns one (``lammers``). A Five Card Hand Bonus is placed electronically:
    it is locked out, but leaves no chips to count."""
    if not (lock_out or progressive or lammers):
        return frozenset()
    actions = {Action.ANNOUNCE_NO_MORE_BETS}
    if lock_out:
        actions.add(Action.LOCK_OUT_WAGERS)
    if progressive:
        actions |= {Action.COLLECT, Action.VERIFY_CHIP_COUNT, Action.DROP_IN_CONTAINER}
    if lammers:
        actions.add(Action.PLACE_LAMMER)
    return frozenset(actions)


def order_rules(section: str) -> tuple[str, str]:
    """The two orders the dealing procedure (``section``) fixes before the deal: nothing before
    "no more bets"; the progressive chips collected, counted, then dropped."""
    cite = f"§ {section}"
    return (
        f'Nothing is done before "no more bets" is announced ({cite}).',
        "The progressive chips are collected, then counted in front of the table inventory "
        f"container, then dropped in ({cite}).",
    )


def is_pre_deal(step: Step) -> bool:
    return step.id.startswith(PREFIX)


def pre_deal_steps(
    *,
    lock_out: bool,
    progressive: Mapping[int, Decimal],
    progressive_spot: SpotKind | None = None,
    lammers: Mapping[int, str] | None = None,
    section: str,
    lammer_section: str = "",
) -> list[Step]:
    """``section``: the paragraph of the game's own dealing procedure that puts these steps
    before the deal (e.g. "639a.8(b)"), which every step cites; ``lammer_section`` the one
    that places an Envy lammer. ``lock_out``: the table takes electronic or progressive
    wagers; ``progressive``: each seat's Progressive Payout Wager in chips, on the game's
    ``progressive_spot``; ``lammers``: seats owed an Envy lammer and the Qualifying Wager that
    earns it. A table without any of these has no graded pre-deal phase."""
    if not (lock_out or progressive or lammers):
        return []
    cite = f"§ {section}"
    order_first, order_count = order_rules(section)
    if progressive and progressive_spot is None:
        raise ValueError("progressive chips are collected from the game's progressive spot")
    steps = [
        Step(
            f"{PREFIX}no_more_bets",
            TABLE,
            Action.ANNOUNCE_NO_MORE_BETS,
            None,
            (),
            cite,
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
                cite,
                "Use the table game system to lock out further Five Card Hand Bonus and "
                "progressive wagers.",
                order_first,
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
            cite,
            f"Seat {seat}: collect the Progressive Payout Wager chips, {format_money(stake)}, "
            "after the system has locked out further wagers.",
            order_first,
        )
        collected.append(step)
    steps += collected
    if collected:
        steps += count_and_drop(collected, cite, order_count)
    for seat, wager in sorted((lammers or {}).items(), reverse=True):
        steps.append(
            Step(
                f"{PREFIX}s{seat}.lammer",
                SpotId(seat, TableSpot.ENVY_LAMMER),
                Action.PLACE_LAMMER,
                None,
                first,
                f"§ {lammer_section or section}",
                f'Seat {seat}: at "no more bets", place an Envy lammer beside the {wager}, a '
                "Qualifying Wager.",
                order_first,
            )
        )
    return steps


def count_and_drop(collected: Sequence[Step], cite: str, order: str) -> list[Step]:
    """The collected progressive chips counted together in front of the table inventory
    container against the wagers the system accepted, then dropped in: one pair of steps
    whatever the game, so every chapter's words read the same."""
    count = Step(
        f"{PREFIX}count",
        TABLE,
        Action.VERIFY_CHIP_COUNT,
        None,
        tuple(s.id for s in collected),
        cite,
        f"In front of the table inventory container, verify that the {len(collected)} "
        f"chip{'s' if len(collected) != 1 else ''} collected equal the number of Progressive "
        "Payout Wagers the system accepted.",
        order,
    )
    drop = Step(
        f"{PREFIX}drop",
        TABLE,
        Action.DROP_IN_CONTAINER,
        None,
        (count.id,),
        cite,
        "Place the counted progressive chips into the table inventory container.",
        order,
    )
    return [count, drop]


def before_settlement(pre_deal: Sequence[Step], settlement: Sequence[Step]) -> tuple[Step, ...]:
    """The whole procedure: settlement starts only after every pre-deal step (the cards are
    dealt in between)."""
    if not pre_deal:
        return tuple(settlement)
    ends = tuple(s.id for s in pre_deal if not any(s.id in o.after for o in pre_deal))
    opened = tuple(s if s.after else replace(s, after=ends) for s in settlement)
    return (*pre_deal, *opened)
