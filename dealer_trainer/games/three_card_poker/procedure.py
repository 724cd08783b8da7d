"""The Three Card Poker settlement procedure.

No text of ch. 649a is in the seeds: the order is three-card-poker.md § 7's working model, built
on what the seed fixes for its sister chapters and for the five-card wagers. What is fixed is
encoded as order; the rest is left free, so the grader accepts every order the model allows:

- before the deal: "no more bets", the table system's lockout of progressive and Five Card Hand
  Bonus wagers, each Progressive Payout Wager's chips (three-card and Five-Card) collected,
  counted against the system in front of the table inventory container and dropped in
  (§ 639a.8(b) by analogy; the shared ``engine.pre_deal`` steps);
- after the decisions, the forfeited wagers and the folded players' cards are collected, the
  cards to the discard rack, before the dealer's three cards are revealed (§ 639a.11(c), by
  analogy); a wager the table keeps in action after a fold keeps the cards on the table;
- then one player at a time, from the player farthest to the dealer's right, counterclockwise
  (§ 639a.11(c), by analogy): the Ante, Play and Ante Bonus (in any order), then Pair Plus,
  the 6 Card Bonus and the three-card progressive (three-card-poker.md § 7 item 5); a
  progressive win is verified, a floorperson verifies a 500-for-1 or meter payout, and a share
  of the meter is held for documentation (§ 639a.11(c)(6), § 645a.11(h)(4)(ii)(D), by
  analogy); an Envy Bonus Qualifying Hand is announced and left face up, and Envy Bonuses are
  paid once every such progressive is settled (§ 645a.11(h)(6), by analogy);
- the two community cards count for no other wager and are turned up only after ALL other
  wagers are settled (seed 000, preamble: proposed §§ 649a.8-649a.10): so every step of the
  Five-Card Progressive Payout Wager, its Envy Bonus and the Five Card Hand Bonus (the shared
  module's verify / floorperson / credit-or-hold steps) comes after every other wager at the
  table, again seat by seat from the dealer's right; then a seat's cards go to the discard rack
  (§ 639a.11(d), by analogy), except a jackpot hand awaiting its documentation; emptied meters
  are reset last.

A losing progressive has no settlement step (its chips went into the container before the
deal), nor has a losing Five Card Hand Bonus (the electronic wagering system took it).
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from dealer_trainer.cards import format_cards
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.pre_deal import (
    PREFIX,
    before_settlement,
    count_and_drop,
    order_rules,
    pre_deal_not_called_for,
    pre_deal_steps,
)
from dealer_trainer.engine.procedure import Procedure
from dealer_trainer.engine.spot import DEALER, SpotId, SpotKind, SpotRole
from dealer_trainer.engine.step import Step
from dealer_trainer.games.five_card_hand_bonus import FCHB_SPOT_KINDS, BetOn, FchbSteps
from dealer_trainer.games.linked_meter import reset_citation, reset_explanation
from dealer_trainer.games.procedure_steps import (
    CARDS,
    DEALERS_HAND,
    PROGRESSIVE_METER,
    EnvyOwed,
    ProgressiveCiting,
    SettlementSteps,
    SharedSpot,
    envy_holders,
    game_spots,
    hand_name,
)
from dealer_trainer.games.three_card_poker.hands import describe_hand, five_card_hand
from dealer_trainer.games.three_card_poker.outcomes import (
    Result,
    ThreeCardOutcome,
    settle_ante,
    settle_ante_bonus,
    settle_envy_bonuses,
    settle_pair_plus,
    settle_play,
    settle_progressive,
    settle_six_card_bonus,
    showdown,
)
from dealer_trainer.games.three_card_poker.round import (
    FCHB_CITING,
    ThreeCardRound,
    ThreeCardSeatPlay,
)
from dealer_trainer.games.three_card_poker.wagers import (
    PROGRESSIVE_WAGERS,
    ThreeCardWager,
)
from dealer_trainer.hands.hand_value import HandValue
from dealer_trainer.rules.money import format_money


class FiveCardProgressiveSpot(SpotKind, noun="a Five-Card Progressive spot"):
    """The Five-Card Progressive's own qualifying hand and meter, beside the three-card
    progressive's shared ones."""

    FIVE_CARD_ENVY_HAND = "Five-Card Envy Bonus Qualifying Hand"
    FIVE_CARD_PROGRESSIVE_METER = "Five-Card Progressive meter"

    @property
    def role(self) -> SpotRole:
        envy = self is FiveCardProgressiveSpot.FIVE_CARD_ENVY_HAND
        return SpotRole.ENVY if envy else SpotRole.OTHER


ENVY_HAND: dict[ThreeCardWager, SpotKind] = {
    ThreeCardWager.PROGRESSIVE: SharedSpot.ENVY_HAND,
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: FiveCardProgressiveSpot.FIVE_CARD_ENVY_HAND,
}
METER_NAME: dict[ThreeCardWager, SpotKind] = {
    ThreeCardWager.PROGRESSIVE: PROGRESSIVE_METER,
    ThreeCardWager.FIVE_CARD_PROGRESSIVE: FiveCardProgressiveSpot.FIVE_CARD_PROGRESSIVE_METER,
}

PRE_DEAL_SECTION = "649a.8(b)"
"""The dealing procedure's paragraph that puts the pre-deal steps before the first card."""
CITE_FORFEIT = "§ 649a.11; § 639a.11(b)-(c)"
CITE_REVEAL = "§ 649a.11; § 639a.11(c)"
CITE_DISCARD = "§ 649a.11; § 639a.11(d)"
CITE_VERIFY = "§ 649a.11; § 639a.11(c)(6)(i)"
CITE_FLOOR = "§ 649a.11; § 639a.11(c)(6)(ii)"
CITE_PROGRESSIVE_PAY = "§ 649a.12; house rule"
CITE_HOLD = "§ 649a.11; § 645a.11(h)(4)(ii)(D)"
CITE_ENVY_ACK = "§ 645a.11(h)(6)(i)(B)-(C); § 649a.1 (proposed)"
CITE_ENVY_PAY = "§ 645a.11(h)(6)(ii); § 649a.1 (proposed)"
CITE_METER_RESET = "§ 649a.12; house rule"
CITE_COMMUNITY = "§§ 649a.8-649a.10"

ORDER_FORFEITS = (
    "Forfeited wagers and the folded players' cards are collected, the cards placed in the "
    "discard rack, before the dealer's cards are revealed (§ 639a.11(c))."
)
ORDER_SEATS = (
    "After the dealer's cards are revealed, settle one player at a time, from the player "
    "farthest to the dealer's right, counterclockwise (§ 639a.11(c))."
)
ORDER_SIDE = (
    "A player's Pair Plus, 6 Card Bonus and three-card progressive follow the Ante, Play and "
    "Ante Bonus, in that order."
)
ORDER_BONUS = (
    "Verify the winning hand first, then the floorperson's verification, then the payout or "
    "the jackpot documentation (§ 639a.11(c)(6))."
)
ORDER_ENVY = (
    "Envy Bonuses are paid after every Progressive Payout Wager of their kind is settled "
    "(§ 645a.11(h)(6)(ii))."
)
ORDER_COMMUNITY = (
    "The two community cards are turned up, and the five-card wagers settled, only after all "
    "other wagers have been settled (§§ 649a.8-649a.10)."
)
ORDER_DISCARD = (
    "Cards are removed only after all of the player's wagers are settled (§ 639a.11(d))."
)
PROGRESSIVE_CITING = ProgressiveCiting(
    CITE_VERIFY, CITE_FLOOR, CITE_HOLD, CITE_PROGRESSIVE_PAY, ORDER_BONUS
)

BASE = (ThreeCardWager.ANTE, ThreeCardWager.PLAY, ThreeCardWager.ANTE_BONUS)
CHIP_SIDE_WAGERS = (ThreeCardWager.PAIR_PLUS, ThreeCardWager.SIX_CARD_BONUS)
SETTLING = frozenset(
    {
        Action.PAY,
        Action.COLLECT,
        Action.PUSH,
        Action.HOLD_FOR_DOCUMENTATION,
        Action.PAY_ENVY,
        Action.CREDIT_GAME_ACCOUNT,
    }
)

NOT_CALLED_FOR: dict[Action, str] = {
    Action.SET_HAND: "Three Card Poker has no house way: nobody sets a hand.",
    Action.REARRANGE_HAND: (
        "Only the dealer's three cards are revealed and read, once, after the forfeited "
        "wagers are collected (§ 639a.11(c))."
    ),
    Action.COLLECT_COMMISSION: "Three Card Poker takes no commission.",
    Action.ACKNOWLEDGE_ENVY: "No player still in the round holds an Envy Bonus Qualifying Hand.",
    Action.PAY_ENVY: "No Envy Bonus is owed for that hand.",
    Action.CALL_FLOORPERSON: (
        "A floorperson is called only for a 500-for-1 or percentage-of-meter payout "
        "(§ 639a.11(c)(6)(ii))."
    ),
    Action.HOLD_FOR_DOCUMENTATION: (
        "Only a percentage-of-meter progressive or Five Card Hand Bonus payout keeps the hand "
        "on the table (§ 639a.11(c)(6)(iii); § 645a.11(h)(4)(ii)(D))."
    ),
    Action.VERIFY_HAND: (
        "A hand is verified only for a progressive, Five Card Hand Bonus, Magic Card or Lucky "
        "Bonus payout (§ 639a.11(c)(6)(i)); Ante, Play, Ante Bonus, Pair Plus and "
        "the 6 Card Bonus are paid as read."
    ),
    Action.CREDIT_GAME_ACCOUNT: (
        "Only a Five Card Hand Bonus, Magic Card or Lucky Bonus payout is credited to the game "
        "account (§ 639a.11(c)(6)(iii)); the chip wagers are paid in chips."
    ),
    Action.VERIFY_METER: "Three Card Poker has no Must-Hit-By meter.",
    Action.RESET_METER: "A meter is reset only after it paid 100% of itself.",
    Action.PAY: "There is no winning wager there.",
    Action.COLLECT: (
        "There is no losing wager there (a losing progressive's chips are already in the table "
        "inventory container, § 639a.8(b))."
    ),
    Action.PUSH: "There is no wager there to push.",
    Action.DISCARD: "Those cards are not to be discarded now.",
    **pre_deal_not_called_for(PRE_DEAL_SECTION),
}


class _SeatCards(Struct):
    """Where a seat's cards stand: the steps their discard waits for, and what keeps them."""

    settled: list[str]
    held: bool = False
    discarded: bool = False


class _Builder(SettlementSteps):
    def __init__(self, round_: ThreeCardRound) -> None:
        self.round = round_
        self.config = round_.config
        self.steps: list[Step] = []
        live = [play for play in round_.seats if not play.folded]
        hands: dict[ThreeCardWager, dict[int, HandValue]] = {
            ThreeCardWager.PROGRESSIVE: {play.seat: play.hand for play in live},
            ThreeCardWager.FIVE_CARD_PROGRESSIVE: (
                {play.seat: five_card_hand(play.cards, round_.community) for play in live}
                if round_.community
                else {}
            ),
        }
        self.envy = {
            wager: settle_envy_bonuses(
                self.config,
                wager,
                hands[wager],
                [p.seat for p in round_.seats if round_.in_action(p, wager)],
            )
            for wager in PROGRESSIVE_WAGERS
        }
        self.envy_holders: dict[ThreeCardWager, dict[int, HandValue]] = {
            wager: envy_holders(self.envy[wager]) for wager in PROGRESSIVE_WAGERS
        }
        self.progressive_settled: dict[ThreeCardWager, list[str]] = {
            w: [] for w in PROGRESSIVE_WAGERS
        }
        self.acknowledged: dict[ThreeCardWager, list[str]] = {w: [] for w in PROGRESSIVE_WAGERS}
        self.envy_paid: dict[ThreeCardWager, dict[int, list[str]]] = {
            w: {} for w in PROGRESSIVE_WAGERS
        }
        self.meter_emptied: dict[ThreeCardWager, list[str]] = {w: [] for w in PROGRESSIVE_WAGERS}
        self.cards: dict[int, _SeatCards] = {play.seat: _SeatCards([]) for play in round_.seats}
        spec = self.config.five_card_hand_bonus
        self.fchb = FchbSteps(self.add, spec, citing=FCHB_CITING) if spec is not None else None

    # --- what each seat has in each phase ---------------------------------------------------

    def three_card_turn(self, play: ThreeCardSeatPlay) -> bool:
        """Settled in turn after the reveal: it stayed in, or a folded player's three-card side
        wager is still in action."""
        return not play.folded or any(
            self.round.in_action(play, wager)
            for wager in (*CHIP_SIDE_WAGERS, ThreeCardWager.PROGRESSIVE)
        )

    def five_card_turn(self, play: ThreeCardSeatPlay) -> bool:
        """Settled again once the community cards are turned up: a Five-Card Progressive or a
        Five Card Hand Bonus in action, or a hand another bettor's Five-Card Envy Bonus is owed
        for."""
        return (
            self.round.in_action(play, ThreeCardWager.FIVE_CARD_PROGRESSIVE)
            or bool(self.config.five_card_hand_bonus and self.round.fchb_in_action(play))
            or play.seat in self.envy_holders[ThreeCardWager.FIVE_CARD_PROGRESSIVE]
        )

    def cards_kept_at_fold(self, play: ThreeCardSeatPlay) -> bool:
        """A folded hand stays on the table while a wager on its cards is in action."""
        return (
            self.three_card_turn(play)
            or self.round.in_action(play, ThreeCardWager.FIVE_CARD_PROGRESSIVE)
            or BetOn.PLAYER in self.round.fchb_in_action(play)
        )

    # --- steps ------------------------------------------------------------------------------

    def _discard(self, seat: int, after: Sequence[str], why: str) -> str:
        self.cards[seat].discarded = True
        return self.discard(
            seat,
            after,
            CITE_DISCARD,
            f"Seat {seat}: {why}; the cards go to the discard rack in a manner that permits the "
            "hand to be reconstructed.",
            ORDER_DISCARD,
        )

    def fold(self, play: ThreeCardSeatPlay) -> list[str]:
        """A folded player's forfeited chips, collected before the reveal, and the cards unless
        a wager on them is still in action; the ids the reveal must follow. A forfeited
        progressive leaves nothing on the layout: its chips are in the container."""
        show = showdown(self.config, play.cards, self.round.dealer)
        outcome = settle_ante(self.config, show, play.ante, play.decision)
        collected = [self.resolve(play.seat, outcome, [], ORDER_FORFEITS)]
        for wager in CHIP_SIDE_WAGERS:
            if play.stake(wager) > 0 and not self.round.in_action(play, wager):
                collected.append(
                    self.resolve(play.seat, self._side(play, wager), [], ORDER_FORFEITS)
                )
        if self.cards_kept_at_fold(play):
            return collected
        self.cards[play.seat].discarded = True
        return [
            self.discard(
                play.seat,
                collected,
                CITE_FORFEIT,
                f"Seat {play.seat} folded: the three cards ({format_cards(play.cards)}) go to the "
                "discard rack with the forfeited wagers, before the dealer's cards are revealed.",
                ORDER_FORFEITS,
            )
        ]

    def reveal(self, after: Sequence[str]) -> str:
        r = self.round
        hand = r.dealer_hand
        rule = self.config.rules.dealer_qualifies_with.value
        verdict = (
            f"qualifies ({rule})"
            if r.dealer_qualifies
            else f"does not qualify (less than {rule}): every Play Wager is returned"
        )
        citation = self.config.rules.citation("dealer_qualifies_with")
        community = (
            f"; the two community cards stay face down until every other wager is settled "
            f"({CITE_COMMUNITY})"
            if r.community
            else ""
        )
        return self.add(
            "dealer.reveal",
            DEALER,
            DEALERS_HAND,
            Action.REARRANGE_HAND,
            None,
            after,
            CITE_REVEAL,
            f"Reveal the dealer's three cards: {describe_hand(hand)}; the dealer {verdict} "
            f"({citation}){community}.",
            ORDER_FORFEITS,
            hand.rank.value,
        )

    def _side(self, play: ThreeCardSeatPlay, wager: ThreeCardWager) -> ThreeCardOutcome:
        r = self.round
        stake = play.stake(wager)
        if wager is ThreeCardWager.PAIR_PLUS:
            return settle_pair_plus(self.config, play.cards, stake, play.decision)
        if wager is ThreeCardWager.SIX_CARD_BONUS:
            return settle_six_card_bonus(self.config, play.cards, r.dealer, stake, play.decision)
        return settle_progressive(
            self.config, wager, play.cards, r.community, stake, play.decision, r.meter(wager)
        )

    def _progressive(
        self, play: ThreeCardSeatPlay, wager: ThreeCardWager, after: list[str], rule: str
    ) -> list[str]:
        """A progressive win: verify, a floorperson for 500 for 1 or a meter share, then pay
        from the table inventory or hold the hand for the documentation. A loss has no step."""
        outcome = self._side(play, wager)
        if outcome.result is not Result.WIN:
            return after
        won = self.progressive_win(
            play.seat,
            wager,
            f"s{play.seat}.{wager.key}",
            outcome,
            after,
            rule,
            PROGRESSIVE_CITING,
            hand=hand_name(outcome.hand),
        )
        if won.emptied_meter:
            self.meter_emptied[wager] += won.last
        if won.held:
            self.cards[play.seat].held = True
        return won.last

    def _acknowledge(self, seat: int, wager: ThreeCardWager, after: list[str]) -> list[str]:
        hand = self.envy_holders[wager].get(seat)
        if hand is None:
            return after
        step = self.acknowledge_envy(
            seat,
            hand.rank.value,
            after,
            CITE_ENVY_ACK,
            f"Seat {seat} holds {describe_hand(hand)}, an Envy Bonus Qualifying Hand for the "
            f"{wager.value}, and another player made that wager: announce it aloud and leave "
            "the cards face up until the Envy Bonuses are paid.",
            ORDER_ENVY,
            id_=f"s{seat}.{wager.key}.envy.acknowledge",
            spot=ENVY_HAND[wager],
        )
        self.acknowledged[wager].append(step)
        return [step]

    def three_card(self, play: ThreeCardSeatPlay, entry: list[str]) -> list[str]:
        """One seat's three-card wagers after ``entry``; returns the seat's exit steps."""
        seat = play.seat
        previous = entry
        if not play.folded:
            show = showdown(self.config, play.cards, self.round.dealer)
            outcomes = [
                settle_ante(self.config, show, play.ante, play.decision),
                settle_play(self.config, show, play.ante, play.decision),
                settle_ante_bonus(self.config, show, play.ante, play.decision),
            ]
            base = [self.resolve(seat, o, entry, ORDER_SEATS) for o in outcomes if o]
            previous = base
        for wager in CHIP_SIDE_WAGERS:
            if self.round.in_action(play, wager):
                previous = [self.resolve(seat, self._side(play, wager), previous, ORDER_SIDE)]
        progressive = ThreeCardWager.PROGRESSIVE
        if self.round.in_action(play, progressive):
            previous = self._progressive(play, progressive, previous, ORDER_SIDE)
            self.progressive_settled[progressive] += previous
        previous = self._acknowledge(seat, progressive, previous)
        cards = self.cards[seat]
        cards.settled += [s.id for s in self.steps if s.seat == seat]
        if self.five_card_turn(play) or cards.held or seat in self.envy_holders[progressive]:
            return previous
        return [self._discard(seat, previous, "every wager is settled")]

    def three_card_envy(self) -> None:
        """After every three-card progressive, each other bettor is paid once per qualifying
        hand; then the qualifying hands leave the table, unless a five-card wager or the
        documentation still keeps them."""
        self._pay_envy(ThreeCardWager.PROGRESSIVE)
        for seat, paid in self.envy_paid[ThreeCardWager.PROGRESSIVE].items():
            cards = self.cards[seat]
            if cards.held or self.five_card_turn(self.round.seat(seat)):
                continue
            self._discard(seat, [*cards.settled, *paid], "the Envy Bonuses for the hand are paid")

    def _pay_envy(self, wager: ThreeCardWager) -> None:
        def explain(recipient: int, holder: int, outcome: EnvyOwed) -> str:
            return (
                f"Seat {recipient} made the {wager.value} and seat {holder} holds an "
                f"Envy Bonus Qualifying Hand: pay the {outcome.wager.value}, "
                f"{format_money(outcome.paid)} — {outcome.reason}."
            )

        self.envy_paid[wager] = self.pay_envy(
            self.envy[wager],
            self.envy_holders[wager],
            [*self.acknowledged[wager], *self.progressive_settled[wager]],
            CITE_ENVY_PAY,
            ORDER_ENVY,
            key=f"{wager.key}.envy",
            explain=explain,
        )

    def community_gate(self) -> list[str]:
        """Every wager settled so far: the community cards are turned up, and the five-card
        wagers settled, only after all of them (seed 000, preamble)."""
        settled = [s.id for s in self.steps if s.action in SETTLING]
        gate = settled or [s.id for s in self.steps if s.id == "dealer.reveal"]
        if self.fchb is not None:
            self.fchb.dealer_after = gate
        return gate

    def five_card(self, play: ThreeCardSeatPlay, entry: list[str]) -> list[str]:
        """One seat's five-card wagers, after every other wager at the table; its discard."""
        seat = play.seat
        wager = ThreeCardWager.FIVE_CARD_PROGRESSIVE
        previous = entry
        first = len(self.steps)
        if self.round.in_action(play, wager):
            previous = self._progressive(play, wager, previous, ORDER_COMMUNITY)
            self.progressive_settled[wager] += previous
        previous = self._acknowledge(seat, wager, previous)
        if self.fchb is not None:
            done = self.fchb.seat(self.round.five_card_hand_bonus(play), previous)
            previous = list(done.exits) or previous
            self.cards[seat].held = self.cards[seat].held or done.held
        cards = self.cards[seat]
        cards.settled += [s.id for s in self.steps[first:] if s.seat in (seat, DEALER)]
        if cards.discarded or cards.held or seat in self.envy_holders[wager]:
            return previous
        # the cards were kept for the five-card wagers: they leave only after the community
        # cards are turned up and those wagers are settled, win or lose
        three_card_envy = self.envy_paid[ThreeCardWager.PROGRESSIVE].get(seat, [])
        settled = [*cards.settled, *three_card_envy, *previous]
        return [self._discard(seat, settled, "every wager is settled, the five-card wagers last")]

    def five_card_envy(self) -> None:
        wager = ThreeCardWager.FIVE_CARD_PROGRESSIVE
        self._pay_envy(wager)
        for seat, paid in self.envy_paid[wager].items():
            cards = self.cards[seat]
            if cards.held or cards.discarded:
                continue
            self._discard(seat, [*cards.settled, *paid], "the Envy Bonuses for the hand are paid")

    def documented_discards(self) -> None:
        """A hand held for a jackpot's documentation leaves the table once that documentation
        (its hold step) is complete and every wager on it, and every Envy Bonus for it, is
        settled (§ 639a.11(c)(6)(iii), (d), by analogy)."""
        for seat, cards in self.cards.items():
            if not cards.held or cards.discarded:
                continue
            envy = [step for paid in self.envy_paid.values() for step in paid.get(seat, [])]
            mine = [s.id for s in self.steps if s.seat == seat]
            cards.discarded = True
            self.discard_documented(
                seat, list(dict.fromkeys([*mine, *envy])), CITE_DISCARD, ORDER_DISCARD
            )

    def meter_resets(self) -> None:
        for wager in PROGRESSIVE_WAGERS:
            reset = self.config.meter_reset(wager)
            if not self.meter_emptied[wager] or reset is None:
                continue
            linked = self.config.linked(wager)
            meter = METER_NAME[wager]
            self.reset_meter(
                reset,
                self.meter_emptied[wager],
                reset_citation(CITE_METER_RESET, linked),
                key=wager.key,
                meter=meter,
                explanation=reset_explanation(
                    str(meter),
                    reset,
                    linked,
                    f"After paying 100% of the {meter}, reset it to the Rules Submission's "
                    f"{format_money(reset)}.",
                ),
            )
        if self.fchb is not None:
            self.fchb.meter_reset()


def _pre_deal(round_: ThreeCardRound) -> list[Step]:
    """The shared pre-deal steps, with the Five-Card Progressive's chips collected beside the
    three-card progressive's and counted with them (§ 639a.8(b), by analogy)."""
    config = round_.config
    three = ThreeCardWager.PROGRESSIVE
    five = ThreeCardWager.FIVE_CARD_PROGRESSIVE
    pre = pre_deal_steps(
        lock_out=(
            config.progressive is not None
            or config.five_card_progressive is not None
            or config.five_card_hand_bonus is not None
        ),
        progressive={s.seat: s.stake(three) for s in round_.seats if s.stake(three)},
        progressive_spot=three,
        section=PRE_DEAL_SECTION,
    )
    cite = f"§ {PRE_DEAL_SECTION}"
    order_first, order_count = order_rules(PRE_DEAL_SECTION)
    fives = {s.seat: s.stake(five) for s in round_.seats if s.stake(five)}
    if not fives:
        return pre
    kept = [s for s in pre if s.id not in (f"{PREFIX}count", f"{PREFIX}drop")]
    anchor = next(s.id for s in kept if s.action is Action.LOCK_OUT_WAGERS)
    collected = [s for s in kept if s.action is Action.COLLECT]
    for seat, stake in sorted(fives.items(), reverse=True):
        collected.append(
            Step(
                f"{PREFIX}s{seat}.{five.key}",
                SpotId(seat, five),
                Action.COLLECT,
                stake,
                (anchor,),
                cite,
                f"Seat {seat}: collect the {five.value} chips, {format_money(stake)}, after the "
                "system has locked out further wagers.",
                order_first,
            )
        )
    head = [s for s in kept if s.action is not Action.COLLECT]
    return [*head, *collected, *count_and_drop(collected, cite, order_count)]


def _three_card_phase(round_: ThreeCardRound) -> tuple[_Builder, list[str]]:
    """The forfeits, the reveal, each player's three-card wagers and their Envy Bonuses: all
    that is settled before the community cards are turned up; the ids they wait for."""
    builder = _Builder(round_)
    folded = [builder.fold(play) for play in round_.settlement_order() if play.folded]
    exits = [builder.reveal([step for steps in folded for step in steps])]
    for play in round_.settlement_order():
        if builder.three_card_turn(play):
            exits = builder.three_card(play, exits)
    builder.three_card_envy()
    return builder, builder.community_gate()


def community_gate(round_: ThreeCardRound) -> frozenset[str]:
    """The steps after which the dealer turns the two community cards up: every other wager at
    the table (seed 000, preamble). Empty when no community cards are dealt."""
    if not round_.community:
        return frozenset()
    return frozenset(_three_card_phase(round_)[1])


def build_procedure(round_: ThreeCardRound) -> Procedure:
    """Every step needed to settle ``round_``, in one legal order, with its constraints: the
    pre-deal steps, the forfeits, the reveal, each player's three-card wagers in turn, their
    Envy Bonuses, then, once every other wager is settled, each player's five-card wagers,
    their Envy Bonuses, and the meter resets."""
    builder, exits = _three_card_phase(round_)
    for play in round_.settlement_order():
        if builder.five_card_turn(play):
            exits = builder.five_card(play, exits)
    builder.five_card_envy()
    builder.documented_discards()
    builder.meter_resets()
    return Procedure(before_settlement(_pre_deal(round_), builder.steps))


SPOTS = game_spots(ThreeCardWager, FiveCardProgressiveSpot, FCHB_SPOT_KINDS)
"""Every kind of spot a Three Card Poker table settles."""

__all__ = [
    "CARDS",
    "DEALERS_HAND",
    "ENVY_HAND",
    "METER_NAME",
    "NOT_CALLED_FOR",
    "SPOTS",
    "FiveCardProgressiveSpot",
    "build_procedure",
    "community_gate",
]
