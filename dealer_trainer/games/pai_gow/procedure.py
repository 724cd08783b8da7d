"""The pai gow settlement procedure (§ 645a.11(d)-(i), seed 000): every step, amount and order.

What the regulation fixes is encoded as order; the rest is left free:
- the dealer's hand is set by the house way before anything is settled, and a surrender is
  settled only after it (§ 645a.11(d)(2));
- players one at a time from the dealer's right, counterclockwise (pai-gow.md § 7, by analogy);
- in a seat the Pai Gow Poker Wager first, its vigorish collected when the win is paid
  (§ 645a.13(a)); then the seven cards are rearranged into the highest-ranking hand; then the
  optional wagers in the § 645a.11(h) order; an Envy Bonus Qualifying Hand is announced and
  left face up; all of a player's optional wagers before the cards go to the discard rack
  (§ 645a.11(i));
- after every Dynasty Bonus Wager, each Envy lammer is paid for every other player's
  qualifying hand (§ 645a.11(h)(6)(ii));
- a percentage-of-meter progressive is not paid from the table inventory and the cards stay
  until documentation is complete (§ 645a.11(h)(4)(ii)(D)).
"""

from __future__ import annotations

from dealer_trainer.cards import CardNotationError, format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    before_settlement,
    pre_deal_not_called_for,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.step import DEALER, Step
from dealer_trainer.games.outcome_support import Result
from dealer_trainer.games.pai_gow.outcomes import (
    PaiGowOutcome,
    envy_amount,
    envy_qualifies,
    limit_hand,
    settle_dynasty,
    settle_emperors_treasure,
    settle_fortune_bonus,
    settle_pai_gow_wager,
    settle_progressive,
    settle_protection,
    settle_queens_dragon,
    settle_red_black,
)
from dealer_trainer.games.pai_gow.round import PaiGowRound, PaiGowSeatPlay
from dealer_trainer.games.pai_gow.wagers import PaiGowWager
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    ENVY_HAND,
    ProgressiveCiting,
    SettlementSteps,
    game_spots,
)
from dealer_trainer.hands.pai_gow import evaluate_high, evaluate_low
from dealer_trainer.hands.pai_gow_seven import best_five_of_seven
from dealer_trainer.hands.split import Split
from dealer_trainer.rules.money import format_money

PRE_DEAL_SECTION = "645a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_HOUSE_WAY = "§ 645a.11(d)(2); the house way"
CITE_REARRANGE = "§ 645a.11(h)"
CITE_DISCARD = "§ 645a.11(i)"
CITE_SURRENDER = "§ 645a.11(d)"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C)"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 645a.13(g)"
CITE_COMMISSION = "§ 645a.13(a)"
CITE_HOLD = "§ 645a.11(h)(4)(ii)(D)"
CITE_FLOOR = "§ 645a.11(h)(4)(ii); § 639a.11(c)(6)(ii)"
CITE_VERIFY = "§ 645a.11(h)(4)(ii); § 639a.11(c)(6)(i)"
PROGRESSIVE_CITING = ProgressiveCiting(CITE_VERIFY, CITE_FLOOR, CITE_HOLD, None, pay_from="")
"""A pai gow progressive payout is cited by its paytable row and paid in chips."""

OPTIONAL_ORDER = (
    PaiGowWager.FORTUNE_BONUS,
    PaiGowWager.EMPERORS_TREASURE,
    PaiGowWager.PROGRESSIVE,
    PaiGowWager.QUEENS_DRAGON,
    PaiGowWager.DYNASTY_BONUS,
    PaiGowWager.PROTECTION,
    PaiGowWager.RED_BLACK,
)
"""§ 645a.11(h)(1)-(8): Fortune Bonus and Emperor's Treasure are (h)(1)-(3), whose text is not in
the seeds, so they are placed first as their paragraph numbers suggest [STANDARD]."""

ORDER_HOUSE_WAY = (
    "The dealer's hand is set by the house way before any wager is settled or a surrender "
    "collected (§ 645a.11(d)(2))."
)
ORDER_SEATS = (
    "Settle one player at a time, from the player farthest to the dealer's right, "
    "counterclockwise (§ 639a.11(c))."
)
ORDER_REARRANGE = (
    "The Pai Gow Poker Wager is settled first; then the dealer rearranges the seven cards into "
    "the highest-ranking hand for the optional wagers (§ 645a.11(h))."
)
ORDER_OPTIONAL = (
    "Optional wagers are settled in the § 645a.11(h) order: Progressive, Queen's Dragon, "
    "Dynasty Bonus, Protection, Red/Black."
)
ORDER_DISCARD = (
    "All of a player's optional wagers are settled before the cards go to the discard rack "
    "(§ 645a.11(i))."
)
ORDER_ENVY = (
    "Envy Bonuses are paid after every Dynasty Bonus Wager is settled (§ 645a.11(h)(6)(ii))."
)

NOT_CALLED_FOR: dict[Action, str] = {
    Action.COLLECT_COMMISSION: (
        "Vigorish is collected only when a Pai Gow Poker Wager wins, and never in EZ Pai Gow "
        "Poker (§ 645a.13(a))."
    ),
    Action.REARRANGE_HAND: (
        "A player's cards are rearranged only for optional wagers, or for everyone when a "
        "Qualifying Wager is on the table (§ 645a.11(h))."
    ),
    Action.SET_HAND: "Only the dealer's hand is set by the house way.",
    Action.ACKNOWLEDGE_ENVY: "No player holds an Envy Bonus Qualifying Hand that earns a bonus.",
    Action.PAY_ENVY: "No Envy Bonus is owed for that hand.",
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only for a 500-for-1 or percentage-of-meter progressive payout "
        "(§ 639a.11(c)(6)(ii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter progressive payout keeps the hand on the table "
        "(§ 645a.11(h)(4)(ii)(D))."
    ),
    Action.VERIFY_HAND: "A hand is verified for a progressive payout.",
    Action.CREDIT_GAME_ACCOUNT: "Pai gow payouts are made in chips, not to a game account.",
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: "There is no losing wager there.",
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    Action.RESET_METER: "A meter is reset only after it paid 100% of itself.",
    Action.VERIFY_METER: "Pai gow has no Must-Hit-By meter here.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


class _Builder(SettlementSteps):
    def __init__(self, round_: PaiGowRound) -> None:
        self.round = round_
        self.config = round_.config
        self.steps: list[Step] = []
        self.lammers = round_.lammers()
        self.rearrange_everyone = bool(self.lammers)
        self.envy_holders: dict[int, str] = {}
        self.dynasty_done: list[str] = []
        self.face_up: dict[int, list[str]] = {}
        self.meter_emptied: list[str] = []

    def set_dealer_hand(self) -> str:
        hand = self.round.dealer_hand
        return self.add(
            "dealer.set_hand",
            DEALER,
            DEALERS_HAND,
            Action.SET_HAND,
            None,
            [],
            CITE_HOUSE_WAY,
            f"Set the dealer's hand by the house way ({self.round.house_way.name}): "
            f"{hand.explanation} — {hand.split}.",
            ORDER_HOUSE_WAY,
            hand.split.notation(),
        )

    def seat(self, play: PaiGowSeatPlay, entry: list[str]) -> list[str]:
        prefix = f"s{play.seat}"
        if play.surrendered:
            return self._surrender(play, entry)
        main = settle_pai_gow_wager(
            self.config, play.split, self.round.dealer_split, play.stake(PaiGowWager.PAI_GOW)
        )
        spot = PaiGowWager.PAI_GOW
        settled = [self.resolve(play.seat, main, entry, ORDER_SEATS)]
        if main.commission > 0:
            settled.append(
                self.add(
                    f"{prefix}.commission",
                    play.seat,
                    spot,
                    Action.COLLECT_COMMISSION,
                    main.commission,
                    entry,
                    CITE_COMMISSION,
                    f"Seat {play.seat}: collect the vigorish, {format_money(main.commission)} "
                    f"(5% of {format_money(main.paid)}"
                    + (
                        f", {format_money(main.commission_exact)} rounded"
                        if main.commission_exact is not None
                        and main.commission_exact != main.commission
                        else ""
                    )
                    + "), when the win is paid (§ 645a.13(a)).",
                    ORDER_SEATS,
                )
            )
        optional = [w for w in OPTIONAL_ORDER if play.stake(w) > 0]
        previous = settled
        if optional or self.rearrange_everyone:
            previous = [self._rearrange(play, settled)]
        every = list(settled) + previous
        held = False
        envy: str | None = None
        outcomes = dict(
            zip(
                optional,
                limit_hand(self.config, [self._settle(play, w) for w in optional]),
                strict=True,
            )
        )
        for wager in OPTIONAL_ORDER:
            if wager in optional:
                ids, was_held = self._optional(play, wager, previous, outcomes[wager])
                previous = ids[-1:] or previous
                every += ids
                held = held or was_held
                if wager is PaiGowWager.DYNASTY_BONUS:
                    self.dynasty_done += ids[-1:]
            if wager is PaiGowWager.DYNASTY_BONUS:
                # Announced as part of settling the Dynasty Bonus, before Protection and
                # Red/Black (§ 645a.11(h)(6)(i)(B)-(C)).
                envy = self._acknowledge_envy(play, previous)
                if envy is not None:
                    previous = [envy]
                    every.append(envy)
        if envy is not None:
            self.face_up[play.seat] = every
            return previous
        if held:
            return [self.discard_documented(play.seat, every, CITE_DISCARD, ORDER_DISCARD)]
        return [self._discard(play.seat, every)]

    def _rearrange(self, play: PaiGowSeatPlay, after: list[str]) -> str:
        best = best_five_of_seven(play.cards, self.config.rules.hand_rules)
        return self.add(
            f"s{play.seat}.rearrange",
            play.seat,
            CARDS,
            Action.REARRANGE_HAND,
            None,
            after,
            CITE_REARRANGE,
            f"Seat {play.seat}: rearrange the seven cards ({format_cards(play.cards)}) into the "
            f"highest-ranking hand, {best.rank.value.lower()}, before the optional wagers are "
            "settled.",
            ORDER_REARRANGE,
            best.rank.value,
        )

    def _surrender(self, play: PaiGowSeatPlay, entry: list[str]) -> list[str]:
        stake = play.stake(PaiGowWager.PAI_GOW)
        collect = self.add(
            f"s{play.seat}.surrender",
            play.seat,
            PaiGowWager.PAI_GOW,
            Action.COLLECT,
            stake,
            entry,
            CITE_SURRENDER,
            f"Seat {play.seat} surrendered: collect the Pai Gow Poker Wager, "
            f"{format_money(stake)}, and the seven cards without exposing them.",
            ORDER_HOUSE_WAY,
        )
        if self.rearrange_everyone:
            # A surrendered hand stays until (h), where every player's cards are rearranged:
            # it may be an Envy Bonus Qualifying Hand (§ 645a.11(d), (h)).
            rearranged = self._rearrange(play, [collect])
            envy = self._acknowledge_envy(play, [rearranged])
            if envy is not None:
                self.face_up[play.seat] = [collect, rearranged, envy]
                return [envy]
            collect = rearranged
        return [
            self.discard(
                play.seat,
                [collect],
                CITE_SURRENDER,
                f"Seat {play.seat}: count the seven surrendered cards face down on the layout, "
                "then place them in the discard rack (§ 645a.11(d)).",
                ORDER_DISCARD,
            )
        ]

    def _optional(
        self, play: PaiGowSeatPlay, wager: PaiGowWager, after: list[str], outcome: PaiGowOutcome
    ) -> tuple[list[str], bool]:
        if wager is PaiGowWager.PROGRESSIVE:
            if outcome.result is Result.WIN:
                return self._progressive_win(play, outcome, after)
            return [], False  # its chips went into the container before the deal
        return [self.resolve(play.seat, outcome, after, ORDER_OPTIONAL)], False

    def _settle(self, play: PaiGowSeatPlay, wager: PaiGowWager) -> PaiGowOutcome:
        stake = play.stake(wager)
        seven = play.cards
        match wager:
            case PaiGowWager.FORTUNE_BONUS:
                return settle_fortune_bonus(self.config, seven, stake)
            case PaiGowWager.EMPERORS_TREASURE:
                return settle_emperors_treasure(self.config, seven, stake)
            case PaiGowWager.PROGRESSIVE:
                return settle_progressive(self.config, seven, stake, self.round.progressive_meter)
            case PaiGowWager.QUEENS_DRAGON:
                return settle_queens_dragon(self.config, self.round.dealer, stake)
            case PaiGowWager.DYNASTY_BONUS:
                return settle_dynasty(self.config, seven, stake)
            case PaiGowWager.PROTECTION:
                return settle_protection(self.config, seven, stake)
            case PaiGowWager.RED_BLACK:
                assert play.colour is not None
                return settle_red_black(self.config, seven, play.colour, stake)
        raise ValueError(f"{wager.value} is not an optional wager")

    def _progressive_win(
        self, play: PaiGowSeatPlay, outcome: PaiGowOutcome, after: list[str]
    ) -> tuple[list[str], bool]:
        won = self.progressive_win(
            play.seat,
            PaiGowWager.PROGRESSIVE,
            f"s{play.seat}.progressive",
            outcome,
            after,
            ORDER_OPTIONAL,
            PROGRESSIVE_CITING,
            hand=outcome.hand.value if outcome.hand is not None else None,
        )
        if won.emptied_meter:
            self.meter_emptied += won.last
        return list(won.chain), won.held

    def _acknowledge_envy(self, play: PaiGowSeatPlay, after: list[str]) -> str | None:
        """Announce a qualifying hand aloud and leave it face up, when another player holds an
        Envy lammer (§ 645a.11(h)(6)(i)(B)-(C)); a player's own lammer earns nothing for it."""
        # (B): a Dynasty Bonus bettor's hand is announced when any player, the bettor included,
        # placed a Qualifying Wager; (C): a hand without a Dynasty wager when another did.
        if play.stake(PaiGowWager.DYNASTY_BONUS) > 0:
            if not self.lammers:
                return None
        elif not any(seat != play.seat for seat in self.lammers):
            return None
        hand = envy_qualifies(self.config, play.cards)
        if hand is None:
            return None
        self.envy_holders[play.seat] = hand.value
        return self.acknowledge_envy(
            play.seat,
            hand.value,
            after,
            CITE_ENVY_ACK,
            f"Seat {play.seat} holds {hand.value.lower()}, an Envy Bonus Qualifying Hand, and "
            "another player has an Envy lammer: announce it aloud and leave the cards face up "
            "until the Envy Bonuses are paid.",
        )

    def _discard(self, seat: int, after: list[str]) -> str:
        return self.discard(
            seat,
            after,
            CITE_DISCARD,
            f"Seat {seat}: every wager is settled; the cards go to the discard rack.",
            ORDER_DISCARD,
        )

    def envy_payments(self, exits: list[str]) -> None:
        envy_ack = [s.id for s in self.steps if s.action is Action.ACKNOWLEDGE_ENVY]
        after = [*self.dynasty_done, *envy_ack]
        paid: dict[int, list[str]] = {holder: [] for holder in self.envy_holders}
        for recipient in sorted(self.lammers, reverse=True):
            for holder in sorted(self.envy_holders, reverse=True):
                if holder == recipient:
                    continue
                play = next(s for s in self.round.seats if s.seat == holder)
                hand = envy_qualifies(self.config, play.cards, self.lammers[recipient])
                if hand is None:
                    continue
                amount = envy_amount(self.config, hand, self.lammers[recipient])
                paid[holder].append(
                    self.add(
                        f"s{recipient}.envy.s{holder}",
                        recipient,
                        PaiGowWager.ENVY_BONUS,
                        Action.PAY_ENVY,
                        amount,
                        after,
                        CITE_ENVY_PAY,
                        f"Seat {recipient} has an Envy lammer and seat {holder} holds "
                        f"{hand.value.lower()}: pay the Envy Bonus, {format_money(amount)}.",
                        ORDER_ENVY,
                        hand_of=holder,
                    )
                )
        for holder, settled in self.face_up.items():
            # a jackpot hand, held, leaves after its documentation, which ``settled`` includes
            self._discard(holder, [*settled, *paid[holder]])

    def meter_reset(self) -> None:
        spec = self.config.progressive
        reset = getattr(spec, "meter_reset", None) if spec is not None else None
        if not self.meter_emptied or reset is None:
            return
        self.reset_meter(
            reset,
            self.meter_emptied,
            "§ 645a.13(e); house rule",
            explanation=f"After paying 100% of the progressive meter, reset it to "
            f"{format_money(reset)}.",
            rule="",
        )


def same_hand(step: Step, named: str) -> bool:
    """A set hand matches when its high and low hands rank the same as the house way's (either
    of two equal cards may go low); other named hands compare by name."""
    if step.action is not Action.SET_HAND or step.hand is None:
        return " ".join(named.lower().split()) == step.hand.lower() if step.hand else True
    try:
        given = Split.parse(named)
    except (ValueError, CardNotationError):
        return False
    expected = Split.parse(step.hand)
    if sorted(given.cards) != sorted(expected.cards) or len(given.low) != 2:
        return False
    return (
        evaluate_high(given.high).strength == evaluate_high(expected.high).strength
        and evaluate_low(given.low).strength == evaluate_low(expected.low).strength
    )


def build_procedure(round_: PaiGowRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints."""
    builder = _Builder(round_)
    exits = [builder.set_dealer_hand()]
    for play in round_.settlement_order():
        exits = builder.seat(play, exits)
    builder.envy_payments(exits)
    builder.meter_reset()
    pre = pre_deal_steps(
        lock_out=round_.config.progressive is not None,
        progressive={
            s.seat: s.stake(PaiGowWager.PROGRESSIVE)
            for s in round_.seats
            if s.stake(PaiGowWager.PROGRESSIVE)
        },
        progressive_spot=PaiGowWager.PROGRESSIVE,
        lammers={seat: wager.value for seat, wager in round_.lammers().items()},
        section=PRE_DEAL_SECTION,
        lammer_section="645a.8(b)(1)",
    )
    return Procedure(before_settlement(pre, builder.steps))


SPOTS = game_spots(PaiGowWager)
"""Every kind of spot a Pai Gow Poker or EZ Pai Gow Poker table settles."""

__all__ = [
    "CARDS",
    "DEALERS_HAND",
    "ENVY_HAND",
    "NOT_CALLED_FOR",
    "SPOTS",
    "build_procedure",
    "same_hand",
]
