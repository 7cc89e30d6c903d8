"""Statistics over many games: win rates with confidence intervals, means, insights."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from regency.sim.runner import GameOutcome

__all__ = [
    "AgentStats",
    "agent_labels",
    "seat_stats",
    "summarize",
    "summarize_insights",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (good even near 0% or 100%)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class AgentStats:
    """How one contestant did.

    A game is a *win* for a contestant when every winning seat is theirs, a *draw* when
    they share the win with someone else, a *loss* otherwise.
    """

    label: str
    spec: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float

    def to_dict(self) -> dict[str, Any]:
        """The stats as a JSON-ready dict."""
        return asdict(self)


def agent_labels(agents: Sequence[str]) -> list[str]:
    """Labels that tell repeated specs apart (``heuristic#1``, ``heuristic#2``)."""
    labels = []
    for i, spec in enumerate(agents):
        if agents.count(spec) > 1:
            labels.append(f"{spec}#{agents[: i + 1].count(spec)}")
        else:
            labels.append(spec)
    return labels


def summarize(agents: Sequence[str], outcomes: Sequence[GameOutcome]) -> list[AgentStats]:
    """Per-contestant results over ``outcomes``, in the order of ``agents``."""
    stats = []
    for index, (label, spec) in enumerate(zip(agent_labels(agents), agents, strict=True)):
        games = wins = draws = 0
        score_total = 0.0
        for outcome in outcomes:
            mine = [s for s, who in enumerate(outcome.seats) if who == index]
            if not mine:
                continue
            games += 1
            score_total += sum(outcome.scores[s] for s in mine) / len(mine)
            won = [s for s in outcome.winners if s in mine]
            if won and len(won) == len(outcome.winners):
                wins += 1
            elif won:
                draws += 1
        low, high = wilson_interval(wins, games)
        stats.append(
            AgentStats(
                label=label,
                spec=spec,
                games=games,
                wins=wins,
                draws=draws,
                losses=games - wins - draws,
                win_rate=wins / games if games else 0.0,
                ci_low=low,
                ci_high=high,
                mean_score=score_total / games if games else 0.0,
            )
        )
    return stats


def seat_stats(players: int, outcomes: Sequence[GameOutcome]) -> list[dict[str, Any]]:
    """How often each seat was among the winners, whoever sat there: a seat's edge."""
    rows = []
    for seat in range(players):
        among = sum(1 for o in outcomes if seat in o.winners)
        low, high = wilson_interval(among, len(outcomes))
        rate = among / len(outcomes) if outcomes else 0.0
        rows.append({"seat": seat, "won": among, "win_rate": rate, "ci_low": low, "ci_high": high})
    return rows


def summarize_insights(outcomes: Sequence[GameOutcome]) -> dict[str, dict[str, float]]:
    """Each insight's mean over the games that reported it, with that number of games."""
    totals: dict[str, float] = {}
    counts: dict[str, int] = {}
    for outcome in outcomes:
        for key, value in outcome.insights.items():
            totals[key] = totals.get(key, 0.0) + value
            counts[key] = counts.get(key, 0) + 1
    return {
        key: {"mean": totals[key] / counts[key], "games": counts[key]} for key in sorted(totals)
    }
