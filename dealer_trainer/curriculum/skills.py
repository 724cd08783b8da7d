"""The skills a lesson trains, and which skills each graded step exercises.

Lessons declare their skills in this vocabulary, and the adaptive scheduler logs every graded
step against it, so "the trainee keeps missing floorperson calls" can be read from the same
words an instructor wrote in the lesson. The mapping from steps is derived from the engine's own
actions, spots and explanations (never typed per lesson), so a coverage test can later compare
the course's declared skills with the steps the engine actually builds.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Verdict
from dealer_trainer.engine.pre_deal import is_pre_deal
from dealer_trainer.engine.spot import SpotRole
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.vocabulary import Vocabulary


class Skill(Vocabulary, noun="a skill"):
    """What a dealer must be able to do; the values are the words lessons and the UI use."""

    BASE_PAYOUT = "base payout"
    """Settling the base wagers against the dealer (Ante, Blind, Play, Bet, Pai Gow)."""
    PAYTABLE_READING = "paytable reading"
    """Paying a wager from the table's paytable (bonus wagers, the Blind, the Bet)."""
    SETTLEMENT_ORDER = "settlement order"
    """Seats counterclockwise, base before bonus, verify before floorperson before credit,
    cards discarded only once settled."""
    VERIFY_HAND = "verify hand"
    FLOORPERSON_CALL = "floorperson call"
    GAME_ACCOUNT_CREDIT = "game account credit"
    HOLD_FOR_DOCUMENTATION = "hold for documentation"
    ENVY = "Envy"
    MUST_HIT_BY = "Must-Hit-By"
    METER_RESET = "meter reset"
    COMMISSION = "commission"
    PRE_DEAL = "pre-deal"
    """No more bets, lock-out, progressive chip count and drop, Envy lammers."""
    FOLD_AND_FORFEIT = "fold and forfeit"
    DEALER_QUALIFICATION = "dealer qualification"
    HAND_SETTING = "hand setting"
    """Setting or arranging a hand: the pai gow house way, a player's seven cards, the dealer's
    best four of six."""
    SPEED = "speed"
    """Settling within a timed drill's or an exam's time limit (a round, not a step)."""
    TABLE_PAPERWORK = "table paperwork"
    """Completing the Closed Table form for a table not opened during the gaming day
    (§ 465a.36(f)): a form exercise, not a settlement step."""


ACTION_SKILLS: Mapping[Action, frozenset[Skill]] = MappingProxyType(
    {
        Action.COLLECT: frozenset({Skill.BASE_PAYOUT}),
        Action.PAY: frozenset({Skill.BASE_PAYOUT}),
        Action.PUSH: frozenset({Skill.BASE_PAYOUT}),
        Action.VERIFY_HAND: frozenset({Skill.VERIFY_HAND}),
        Action.CALL_FLOORPERSON: frozenset({Skill.FLOORPERSON_CALL}),
        Action.CREDIT_GAME_ACCOUNT: frozenset({Skill.GAME_ACCOUNT_CREDIT}),
        Action.HOLD_FOR_DOCUMENTATION: frozenset({Skill.HOLD_FOR_DOCUMENTATION}),
        Action.ACKNOWLEDGE_ENVY: frozenset({Skill.ENVY}),
        Action.PAY_ENVY: frozenset({Skill.ENVY}),
        Action.COLLECT_COMMISSION: frozenset({Skill.COMMISSION}),
        Action.DISCARD: frozenset({Skill.SETTLEMENT_ORDER}),
        Action.VERIFY_METER: frozenset({Skill.MUST_HIT_BY}),
        Action.RESET_METER: frozenset({Skill.METER_RESET}),
        Action.SET_HAND: frozenset({Skill.HAND_SETTING}),
        Action.ANNOUNCE_NO_MORE_BETS: frozenset({Skill.PRE_DEAL}),
        Action.LOCK_OUT_WAGERS: frozenset({Skill.PRE_DEAL}),
        Action.VERIFY_CHIP_COUNT: frozenset({Skill.PRE_DEAL}),
        Action.DROP_IN_CONTAINER: frozenset({Skill.PRE_DEAL}),
        Action.PLACE_LAMMER: frozenset({Skill.PRE_DEAL, Skill.ENVY}),
        Action.REARRANGE_HAND: frozenset({Skill.HAND_SETTING}),
    }
)
"""The skill each verb trains on its own; ``skills_of`` refines it with the step's spot.
Every action has an entry (a test enforces it), so an action the trainee takes where nothing
called for it can still be charged to a skill."""

BASE_ROLES = frozenset({SpotRole.BASE, SpotRole.BASE_PAYTABLE})
"""The wagers settled against the dealer's hand (or, in Let It Ride, the player's own); a
``BASE_PAYTABLE`` one's win is read from a paytable rather than paid even money."""

_FOLD_WORDS = ("folded", "surrender")
_QUALIFY_WORDS = ("qualif",)


def skills_of(step: Step) -> frozenset[Skill]:
    """The skills a step exercises: its verb's, refined by the spot (a Trips payout is paytable
    reading, a Must-Hit-By payout is Must-Hit-By) and by the reason the engine gives (a folded
    seat's collection trains forfeits; a base wager settled on the dealer's qualification trains
    qualification). Any step the regulation orders after another also trains the order."""
    skills = set(ACTION_SKILLS[step.action])
    explanation = step.explanation.lower()
    role = step.spot.kind.role
    if is_pre_deal(step):
        skills = {Skill.PRE_DEAL} | (skills & {Skill.ENVY})
    elif step.action.settles_wager:
        skills.discard(Skill.BASE_PAYOUT)
        if role is SpotRole.MUST_HIT_BY:
            skills.add(Skill.MUST_HIT_BY)
        elif role in BASE_ROLES:
            skills.add(Skill.BASE_PAYOUT)
            if step.action is Action.PAY and role is SpotRole.BASE_PAYTABLE:
                skills.add(Skill.PAYTABLE_READING)
            if any(word in explanation for word in _QUALIFY_WORDS):
                skills.add(Skill.DEALER_QUALIFICATION)
        else:
            skills.add(Skill.PAYTABLE_READING)
    elif step.action is Action.REARRANGE_HAND and step.seat == DEALER:
        # Caribbean Stud: the dealer's five cards are arranged to judge qualification.
        skills = {Skill.DEALER_QUALIFICATION}
    if step.action in (Action.CREDIT_GAME_ACCOUNT, Action.HOLD_FOR_DOCUMENTATION):
        skills.add(Skill.PAYTABLE_READING)
    if role is SpotRole.MUST_HIT_BY:
        skills.add(Skill.MUST_HIT_BY)
    if role is SpotRole.ENVY:
        skills.add(Skill.ENVY)
    if any(word in explanation for word in _FOLD_WORDS):
        skills.add(Skill.FOLD_AND_FORFEIT)
    if step.after and not is_pre_deal(step):
        skills.add(Skill.SETTLEMENT_ORDER)
    return frozenset(skills)


def judged_skills(step: Step, verdict: Verdict | None) -> dict[Skill, bool]:
    """Which of a step's skills a verdict shows right (True) or wrong (False).

    ``None`` is a step never done. A step done too early had the right action and amount, so
    only the order is wrong; a wrong amount, action or hand says nothing about the order, so
    the order is left out rather than credited.
    """
    skills = skills_of(step)
    if verdict is Verdict.CORRECT:
        return dict.fromkeys(skills, True)
    if verdict is Verdict.OUT_OF_ORDER:
        judged = dict.fromkeys(skills - {Skill.SETTLEMENT_ORDER}, True)
        judged[Skill.SETTLEMENT_ORDER] = False
        return judged
    wrong = skills - {Skill.SETTLEMENT_ORDER} if verdict is not None else skills
    return dict.fromkeys(wrong or skills, False)
