"""The numbers of a balance report: one table per figure, computed from a run's outcomes.

Each :class:`Figure` is what one plot of ``regency report`` draws and what its CSV file
holds, so the picture and the numbers cannot disagree. Everything here is read from the
outcomes' scores, winners, seats, moves and the results' ``details`` (the run keeps
them: ``run_games(..., details=True)``); no game is imported. A figure that needs a
particular breakdown is made only when the details have it:

* ``votes`` (Claim): which seats won each faction's vote, and ``deciding_factions``;
* ``factions`` with ``controllers`` (Claim Kingdoms): who controlled each faction, and
  ``power_points`` / ``faction_points`` per seat;
* ``epochs`` with ``gold_after`` (Kingdoms): each seat's gold after every epoch.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regency.sim.runner import GameOutcome
from regency.sim.stats import Z95, agent_labels, seat_stats, summarize, wilson_interval

__all__ = ["Figure", "balance_figures", "held_factions"]


@dataclass(frozen=True, slots=True)
class Figure:
    """One plot of a balance report and the numbers behind it.

    Attributes:
        key: A short name, used for the CSV file (``win_rate_by_seat``).
        title: The plot's heading.
        caption: One or two sentences saying what it shows and how it was counted.
        kind: How it is drawn: ``rates`` (bars with 95% intervals), ``stacked``
            (stacked bars), ``lines`` (a line per series, with 95% intervals) or
            ``counts`` (a distribution per series).
        columns: The names of the columns of ``rows``.
        rows: The numbers, one tuple per bar, point or count.
    """

    key: str
    title: str
    caption: str
    kind: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts keyed by column name."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def _rate_row(label: Any, successes: int, trials: int) -> tuple[Any, ...]:
    low, high = wilson_interval(successes, trials)
    return (label, trials, successes, successes / trials if trials else 0.0, low, high)


def _mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean with a normal 95% interval (the interval is the mean itself for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def held_factions(details: dict[str, Any]) -> dict[str, list[int]] | None:
    """The seats that held each faction at the end, or ``None`` if details do not say.

    In Claim a faction is held by the seats its vote went to (a partnership's two seats
    in 4 players; nobody when the vote was tied); in Claim Kingdoms by its controllers.
    """
    if "votes" in details:
        return {v["faction"]: list(v["seats"]) for v in details["votes"]}
    factions = details.get("factions")
    if isinstance(factions, list) and factions and "controllers" in factions[0]:
        return {f["faction"]: list(f["controllers"]) for f in factions}
    return None


def _seat_figure(players: int, outcomes: Sequence[GameOutcome]) -> Figure:
    rows = tuple(
        (r["seat"], len(outcomes), r["won"], r["win_rate"], r["ci_low"], r["ci_high"])
        for r in seat_stats(players, outcomes)
    )
    return Figure(
        "win_rate_by_seat",
        "Win rate by seat",
        "How often each seat was among the winners, whoever sat there, with 95% Wilson "
        "intervals. Seats rotate between contestants, so a difference is the seat's edge.",
        "rates",
        ("seat", "games", "won", "win_rate", "ci_low", "ci_high"),
        rows,
    )


def _agent_figure(agents: Sequence[str], outcomes: Sequence[GameOutcome]) -> Figure:
    rows = tuple(
        (s.label, s.games, s.wins, s.win_rate, s.ci_low, s.ci_high, s.draws, s.mean_score)
        for s in summarize(agents, outcomes)
    )
    return Figure(
        "win_rate_by_agent",
        "Win rate by contestant",
        "Games each contestant won outright (a shared win is a draw), with 95% Wilson intervals.",
        "rates",
        ("agent", "games", "wins", "win_rate", "ci_low", "ci_high", "draws", "mean_score"),
        rows,
    )


def _held_figure(outcomes: Sequence[GameOutcome], claim_votes: bool) -> Figure | None:
    trials: dict[str, int] = {}
    wins: dict[str, int] = {}
    for outcome in outcomes:
        held = held_factions(outcome.details)
        if held is None:
            return None
        for faction, seats in held.items():
            for seat in seats:
                trials[faction] = trials.get(faction, 0) + 1
                wins[faction] = wins.get(faction, 0) + (seat in outcome.winners)
    if not trials:
        return None
    verb = "won the vote of" if claim_votes else "controlled"
    return Figure(
        "win_rate_by_faction_held",
        "Win rate by faction held",
        f"Of the seats that {verb} each faction at the end, how many won the game "
        "(95% Wilson intervals). A faction whose holders win far more often than the "
        "others is worth more than its share.",
        "rates",
        ("faction", "held", "holder_won", "win_rate", "ci_low", "ci_high"),
        tuple(_rate_row(f, wins[f], trials[f]) for f in sorted(trials)),
    )


def _decided_figure(outcomes: Sequence[GameOutcome]) -> Figure | None:
    in_play: dict[str, int] = {}
    decided: dict[str, int] = {}
    for outcome in outcomes:
        details = outcome.details
        if "deciding_factions" not in details or "votes" not in details:
            return None
        deciding = set(details["deciding_factions"])
        for vote in details["votes"]:
            name = vote["faction"]
            in_play[name] = in_play.get(name, 0) + 1
            decided[name] = decided.get(name, 0) + (name in deciding)
    if not in_play:
        return None
    return Figure(
        "faction_decided_the_game",
        "How often each faction decided the game",
        "Share of the games with the faction in play where, had it voted for nobody, the "
        "winners would have been different (95% Wilson intervals).",
        "rates",
        ("faction", "in_play", "decided", "rate", "ci_low", "ci_high"),
        tuple(_rate_row(f, decided[f], in_play[f]) for f in sorted(in_play)),
    )


def _power_figure(players: int, outcomes: Sequence[GameOutcome]) -> Figure | None:
    if not outcomes or any(
        "power_points" not in o.details or "faction_points" not in o.details for o in outcomes
    ):
        return None
    rows = []
    for seat in range(players):
        power = statistics.fmean(o.details["power_points"][seat] for o in outcomes)
        faction = statistics.fmean(o.details["faction_points"][seat] for o in outcomes)
        total = statistics.fmean(o.scores[seat] for o in outcomes)
        rows.append((seat, len(outcomes), power, faction, total))
    return Figure(
        "points_by_power",
        "Points from powers and from factions, by seat",
        "Mean points each seat scored from card powers (at once, as they were used) and "
        "from the factions it controlled at the end; together they are its score.",
        "stacked",
        ("seat", "games", "power_points", "faction_points", "total_points"),
        tuple(rows),
    )


def _gold_figure(players: int, outcomes: Sequence[GameOutcome]) -> Figure | None:
    if not outcomes or any("epochs" not in o.details for o in outcomes):
        return None
    epochs = max(len(o.details["epochs"]) for o in outcomes)
    rows = []
    for epoch in range(epochs):
        for seat in range(players):
            values = [
                o.details["epochs"][epoch]["gold_after"][seat]
                for o in outcomes
                if len(o.details["epochs"]) > epoch
            ]
            mean, low, high = _mean_interval(values)
            rows.append((epoch + 1, seat, len(values), mean, low, high))
    return Figure(
        "gold_by_epoch",
        "Gold by epoch, by seat",
        "Each seat's mean gold after each epoch's scoring, with 95% intervals of the mean.",
        "lines",
        ("epoch", "seat", "games", "mean_gold", "ci_low", "ci_high"),
        tuple(rows),
    )


def _score_figure(
    players: int, agents: Sequence[str], outcomes: Sequence[GameOutcome], score_name: str
) -> Figure:
    """Scores by contestant, or by seat when one agent plays itself (self-play)."""
    counts: dict[tuple[str, float], int] = {}
    if len(agents) > 1:
        series = agent_labels(agents)
        for index, label in enumerate(series):
            for outcome in outcomes:
                mine = [s for s, who in enumerate(outcome.seats) if who == index]
                if mine:
                    score = sum(outcome.scores[s] for s in mine) / len(mine)
                    counts[label, score] = counts.get((label, score), 0) + 1
        by = "contestant"
        note = "a partnership's seats share one score"
    else:
        series = [f"seat {seat}" for seat in range(players)]
        for outcome in outcomes:
            for seat, label in enumerate(series):
                key = (label, float(outcome.scores[seat]))
                counts[key] = counts.get(key, 0) + 1
        by = "seat"
        note = "one agent plays every seat, so the seats are what differ"
    order = {label: i for i, label in enumerate(series)}
    rows = tuple(
        (label, score, n)
        for (label, score), n in sorted(counts.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))
    )
    return Figure(
        "score_distribution",
        f"Distribution of {score_name}, by {by}",
        f"How many games each {by} ended with each {score_name} ({note}).",
        "counts",
        (by, "score", "games"),
        rows,
    )


def _length_figure(outcomes: Sequence[GameOutcome]) -> Figure:
    counts: dict[int, int] = {}
    for outcome in outcomes:
        counts[outcome.moves] = counts.get(outcome.moves, 0) + 1
    return Figure(
        "game_length",
        "Game length",
        "How many games took each number of decisions (every choice a player made, "
        "including the choices a card's power asks for).",
        "counts",
        ("series", "decisions", "games"),
        tuple(("games", moves, n) for moves, n in sorted(counts.items())),
    )


def balance_figures(
    players: int,
    agents: Sequence[str],
    outcomes: Sequence[GameOutcome],
    score_name: str = "score",
) -> list[Figure]:
    """Every figure the outcomes support, in the order the report shows them.

    Args:
        players: Seats per game.
        agents: The run's agent specs (the outcomes' contestants).
        outcomes: The games, with their details (``run_games(..., details=True)``).
        score_name: What the score counts (``GameInfo.score_name``).
    """
    claim_votes = bool(outcomes) and "votes" in outcomes[0].details
    optional = (
        _held_figure(outcomes, claim_votes),
        _decided_figure(outcomes),
        _power_figure(players, outcomes),
        _gold_figure(players, outcomes),
    )
    figures = [_seat_figure(players, outcomes)]
    if len(agents) > 1:  # one agent in self-play wins every game it plays
        figures.append(_agent_figure(agents, outcomes))
    figures.extend(f for f in optional if f is not None)
    figures.append(_score_figure(players, agents, outcomes, score_name))
    figures.append(_length_figure(outcomes))
    return figures
