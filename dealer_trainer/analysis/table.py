"""Every wager of one table: the figures, how often each procedure comes up, the text and JSON
the console prints, and the cache keyed by the Rules Submission's content.

A game's ``analysis`` module turns a validated Rules Submission into ``TableWagers``: the
wagers settled on one hand's cards alone (priced exactly here) and the wagers it cannot price
that way, each with the reason, so nothing is silently left out.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

from msgspec import Struct

from dealer_trainer.analysis.figures import (
    Method,
    RowFigure,
    WagerFigures,
    count_together,
    drawn_figures,
    exact_figures,
)
from dealer_trainer.analysis.simulation import (
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    simulate,
    simulate_count,
)
from dealer_trainer.engine.wager_analysis import (
    NotAnalysed,
    Procedure,
    ProcedureCount,
    TableWagers,
)
from dealer_trainer.games import registry
from dealer_trainer.rules.money import format_money

ANALYSER_VERSION = "4"
"""Part of every cache key: a change to how figures are computed invalidates old results."""

DEFAULT_PLAYERS = 6
CENTS = Decimal("0.01")


class TableAnalysis(Struct, frozen=True):
    table: str
    game: str
    source: str
    players: int
    wagers: tuple[WagerFigures, ...]
    not_analysed: tuple[NotAnalysed, ...]
    procedure_counts: tuple[ProcedureCount, ...] = ()

    def per_hundred_half_widths(self) -> dict[Procedure, Fraction]:
        """Half the 95% interval of each per-100-rounds count that includes a simulated part
        (the simulated parts are independent runs, so their half-widths add at most)."""
        found: dict[Procedure, Fraction] = {}
        for counted in self.procedure_counts:
            if counted.half_width is not None:
                extra = 100 * self.players * counted.half_width
                found[counted.procedure] = found.get(counted.procedure, Fraction(0)) + extra
        return found

    def per_hundred_rounds(self) -> dict[Procedure, Fraction]:
        """Expected count of each procedure per 100 rounds with ``players`` seated players
        betting every wager analysed. A shared hand (the dealer's) is verified, called in and
        held once per round; each of its bettors is credited. Each Envy hand pays one Envy
        Bonus to every other bettor of the wager."""
        found = {procedure: Fraction(0) for procedure in Procedure}
        n = self.players
        for wager in self.wagers:
            for procedure in Procedure:
                chance = wager.frequency(procedure)
                if procedure is Procedure.ENVY:
                    continue
                hands = 1 if wager.shared and procedure is not Procedure.GAME_ACCOUNT else n
                found[procedure] += 100 * hands * chance
            envy = sum((r.probability for r in wager.rows if r.envy is not None), Fraction(0))
            found[Procedure.ENVY] += 100 * n * envy * (n - 1)
        for counted in self.procedure_counts:
            found[counted.procedure] += 100 * n * counted.chance
        return found


class RulesSubmission(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def name(self) -> str: ...


def game_wagers(config: RulesSubmission) -> TableWagers:
    """What the game of ``config`` says about its wagers, through its definition."""
    wagers: TableWagers = registry.game(config.game).analysis(config)
    return wagers


def analyse_config(
    config: RulesSubmission,
    source: str,
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> TableAnalysis:
    """Every wager of a validated Rules Submission, priced."""
    return analyse(config.name, config.game, source, game_wagers(config), players, rounds, seed)


def analyse(
    table: str,
    game: str,
    source: str,
    wagers: TableWagers,
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> TableAnalysis:
    """Exact figures for the hand-only wagers, simulated ones (``rounds`` from ``seed``) for
    the rest a game can play; simulated figures count no procedures."""
    simulated = tuple(
        figure for spec in wagers.simulated if rounds for figure in simulate(spec, rounds, seed)
    )
    skipped = (
        ()
        if rounds
        else tuple(
            NotAnalysed(name, f"simulated only ({spec.strategy}); no rounds were asked for")
            for spec in wagers.simulated
            for name in spec.wagers
        )
    )
    count_together(wagers.hand_wagers)
    counted = tuple(
        simulate_count(spec, rounds, seed) for spec in wagers.simulated_counts if rounds
    )
    skipped += tuple(
        NotAnalysed(
            spec.procedure.value, f"simulated only ({spec.method}); no rounds were asked for"
        )
        for spec in wagers.simulated_counts
        if not rounds
    )
    return TableAnalysis(
        table,
        game,
        source,
        players,
        (
            *simulated,
            *(exact_figures(wager) for wager in wagers.hand_wagers),
            *(drawn_figures(award, players) for award in wagers.drawn),
        ),
        (*skipped, *wagers.not_analysed),
        (*wagers.procedure_counts, *counted),
    )


# --- text --------------------------------------------------------------------------------------


def percent(value: Fraction, places: int = 4) -> str:
    return f"{float(value) * 100:.{places}f}%"


def dollars(value: Fraction) -> str:
    return format_money((Decimal(value.numerator) / Decimal(value.denominator)).quantize(CENTS))


def _probability(value: Fraction) -> str:
    if value == 0:
        return "0"
    return f"{float(value):.6g} (1 in {float(1 / value):,.1f})"


def _odds_note(row: RowFigure) -> str:
    if row.stake_returned is False:
        return " (for 1: stake not returned)"
    if row.meter_share:
        return " (meter share: stake not returned)"
    return ""


def wager_lines(wager: WagerFigures, players: int) -> list[str]:
    method = wager.method.value
    if wager.half_width is not None:
        method += f", 95% CI +/- {percent(wager.half_width, 2)}"
    if wager.method is Method.SIMULATED:
        half = wager.half_width or Fraction(0)
        return [
            f"{wager.paytable} [{method}]",
            f"  return {percent(wager.base_return, 2)} +/- {percent(half, 2)}, house edge "
            f"{percent(-wager.base_return, 2)} (95% CI {percent(-wager.base_return - half, 2)} "
            f"to {percent(-wager.base_return + half, 2)}) [simulated]",
            *(f"  note: {note}" for note in wager.notes),
        ]
    lines = [
        f"{wager.paytable} [{method}]",
        f"  cards: {wager.cards} ({wager.citation}); {wager.deals:,} {wager.counted} counted",
    ]
    for row in wager.rows:
        envy_text = f", Envy Bonus {format_money(row.envy)}" if row.envy is not None else ""
        lines.append(
            f"  {row.label:<34} {row.odds:>16}{_odds_note(row)}{envy_text}: "
            f"{row.combinations:,} {wager.counted}, p = {_probability(row.probability)}"
        )
    lines.append(f"  {'Loses':<34} {'':>16}: p = {_probability(wager.lose_probability)}")
    if wager.progressive:
        reset = wager.meter_reset
        lines.append(
            f"  return = {float(wager.base_return):+.6f} + {float(wager.meter_slope):.3e} x meter "
            "per unit [exact]"
        )
        breakeven = wager.break_even_meter
        if breakeven is not None and breakeven > 0:
            lines.append(f"  break-even meter: {dollars(breakeven)} [exact]")
        elif breakeven is not None:
            lines.append(
                "  break-even meter: none, the wager returns more than it takes at any meter"
            )
        if reset is not None:
            lines.append(
                f"  at the reset of {format_money(reset)}: return {percent(wager.return_at())}, "
                f"house edge {percent(wager.house_edge)} [{wager.method.value}]"
            )
    elif not wager.stake_at_risk:
        lines.append(
            f"  adds {percent(wager.return_at())} of the stake it is paid on [{wager.method.value}]"
        )
    else:
        lines.append(
            f"  return {percent(wager.return_at())} per unit, house edge "
            f"{percent(wager.house_edge)} [{wager.method.value}]"
        )
    received = sum((r.probability * Fraction(r.envy) for r in wager.rows if r.envy), Fraction(0))
    if received and players > 1:
        lines.append(
            f"  Envy Bonuses received with {players} players betting: "
            f"{float(received * (players - 1)):.4f} per unit staked [exact]"
        )
    lines += [f"  note: {note}" for note in wager.notes]
    return lines


def render(analysis: TableAnalysis) -> list[str]:
    lines = [
        f"{analysis.table} ({analysis.game})",
        f"Rules Submission: {analysis.source}",
        "Returns are per unit wagered; 'exact' figures count every deal.",
        "",
    ]
    for wager in analysis.wagers:
        lines += [*wager_lines(wager, analysis.players), ""]
    if analysis.not_analysed:
        lines.append("Not analysed:")
        lines += [f"  {item.name}: {item.reason}" for item in analysis.not_analysed]
        lines.append("")
    lines.append(
        f"Per 100 rounds, {analysis.players} players betting every analysed wager "
        "(from the figures above and the counts below):"
    )
    halves = analysis.per_hundred_half_widths()
    for procedure, expected in analysis.per_hundred_rounds().items():
        half = halves.get(procedure)
        tag = "[exact]" if half is None else f"+/- {float(half):.4f} [simulated, 95% CI]"
        lines.append(f"  {procedure.value:<32} {float(expected):12.4f} {tag}")
    lines += [f"  {c.procedure.value}: {c.method}" for c in analysis.procedure_counts]
    return lines


# --- JSON and the cache --------------------------------------------------------------------------


def _fraction(value: Fraction) -> dict[str, Any]:
    return {"exact": f"{value.numerator}/{value.denominator}", "value": float(value)}


def _read_fraction(data: dict[str, Any]) -> Fraction:
    return Fraction(str(data["exact"]))


def _money(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def to_json(analysis: TableAnalysis) -> dict[str, Any]:
    return {
        "analyser_version": ANALYSER_VERSION,
        "table": analysis.table,
        "game": analysis.game,
        "source": analysis.source,
        "players": analysis.players,
        "wagers": [
            {
                "name": w.name,
                "paytable": w.paytable,
                "cards": w.cards,
                "citation": w.citation,
                "method": w.method.value,
                "deals": w.deals,
                "rows": [
                    {
                        "label": r.label,
                        "odds": r.odds,
                        "combinations": r.combinations,
                        "probability": _fraction(r.probability),
                        "net": _fraction(r.net),
                        "meter_share": _fraction(r.meter_share),
                        "stake_returned": r.stake_returned,
                        "envy": _money(r.envy),
                        "procedures": sorted(p.name for p in r.procedures),
                    }
                    for r in w.rows
                ],
                "lose_probability": _fraction(w.lose_probability),
                "base_return": _fraction(w.base_return),
                "meter_slope": _fraction(w.meter_slope),
                "meter_reset": _money(w.meter_reset),
                "return": _fraction(w.return_at()),
                "house_edge": _fraction(w.house_edge),
                "break_even_meter": (
                    None if w.break_even_meter is None else _fraction(w.break_even_meter)
                ),
                "shared": w.shared,
                "stake_at_risk": w.stake_at_risk,
                "half_width": None if w.half_width is None else _fraction(w.half_width),
                "notes": list(w.notes),
                "counted": w.counted,
            }
            for w in analysis.wagers
        ],
        "not_analysed": [{"name": n.name, "reason": n.reason} for n in analysis.not_analysed],
        "procedure_counts": [
            {
                "procedure": c.procedure.name,
                "chance": _fraction(c.chance),
                "method": c.method,
                "half_width": None if c.half_width is None else _fraction(c.half_width),
            }
            for c in analysis.procedure_counts
        ],
        "per_100_rounds": {p.name: _fraction(v) for p, v in analysis.per_hundred_rounds().items()},
        "per_100_rounds_half_width": {
            p.name: _fraction(v) for p, v in analysis.per_hundred_half_widths().items()
        },
    }


def from_json(data: dict[str, Any]) -> TableAnalysis:
    wagers = tuple(
        WagerFigures(
            w["name"],
            w["paytable"],
            w["cards"],
            w["citation"],
            Method(w["method"]),
            int(w["deals"]),
            tuple(
                RowFigure(
                    r["label"],
                    r["odds"],
                    _read_fraction(r["probability"]),
                    int(r["combinations"]),
                    _read_fraction(r["net"]),
                    _read_fraction(r["meter_share"]),
                    r["stake_returned"],
                    None if r["envy"] is None else Decimal(r["envy"]),
                    frozenset(Procedure[p] for p in r["procedures"]),
                )
                for r in w["rows"]
            ),
            _read_fraction(w["lose_probability"]),
            _read_fraction(w["base_return"]),
            _read_fraction(w["meter_slope"]),
            None if w["meter_reset"] is None else Decimal(w["meter_reset"]),
            bool(w["shared"]),
            None if w["half_width"] is None else _read_fraction(w["half_width"]),
            tuple(w["notes"]),
            bool(w["stake_at_risk"]),
            str(w.get("counted", "hands")),
        )
        for w in data["wagers"]
    )
    return TableAnalysis(
        data["table"],
        data["game"],
        data["source"],
        int(data["players"]),
        wagers,
        tuple(NotAnalysed(n["name"], n["reason"]) for n in data["not_analysed"]),
        tuple(
            ProcedureCount(
                Procedure[c["procedure"]],
                _read_fraction(c["chance"]),
                str(c["method"]),
                None if c.get("half_width") is None else _read_fraction(c["half_width"]),
            )
            for c in data.get("procedure_counts", ())
        ),
    )


def cache_folder() -> Path:
    """Where analyses are kept between runs: the user cache folder."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dealer-trainer")) / "analysis"


def settings_key(players: int, rounds: int, seed: int) -> str:
    """The analysis settings as the cache key holds them."""
    return f"{players}/{rounds}/{seed}"


def content_key(content: bytes, settings: str) -> str:
    """The cache key: the Rules Submission's bytes, the analysis settings (seats, rounds,
    seed) and the analyser version."""
    digest = hashlib.sha256()
    for part in (ANALYSER_VERSION.encode(), settings.encode(), content):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def kept(content: bytes, settings: str, folder: Path) -> TableAnalysis | None:
    """The analysis kept for this Rules Submission content and these settings, or ``None``
    when there is none; an unreadable cache file counts as none, never trusted."""
    path = folder / f"{content_key(content, settings)}.json"
    try:
        return from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep(content: bytes, settings: str, folder: Path, analysis: TableAnalysis) -> None:
    """Write the analysis for the next look, whole or not at all (written beside, then
    renamed), so a crash mid-write never leaves a half file to be read back."""
    path = folder / f"{content_key(content, settings)}.json"
    folder.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(to_json(analysis), indent=1), encoding="utf-8")
    partial.replace(path)


def cached(
    content: bytes, settings: str, folder: Path, compute: Callable[[], TableAnalysis]
) -> TableAnalysis:
    """The analysis of a Rules Submission, computed once per content: a second look (the
    instructor area reopening a table) reads the JSON written the first time."""
    analysis = kept(content, settings, folder)
    if analysis is None:
        analysis = compute()
        keep(content, settings, folder, analysis)
    return analysis


__all__ = [
    "ANALYSER_VERSION",
    "DEFAULT_PLAYERS",
    "TableAnalysis",
    "analyse",
    "analyse_config",
    "cache_folder",
    "cached",
    "content_key",
    "from_json",
    "game_wagers",
    "keep",
    "kept",
    "render",
    "settings_key",
    "to_json",
]
