"""``regency simulate``: many games between computer agents, summarised in a table."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from regency.cli.args import add_agents_arguments, add_game_arguments
from regency.cli.batch import (
    add_backend_arguments,
    backend_from_args,
    batch_settings,
    matchup_from_args,
    with_progress,
    write_files,
)
from regency.core.registry import game_info
from regency.sim import Matchup, run_games, summarize
from regency.sim.stats import seat_stats, summarize_insights

__all__ = ["add_simulate_arguments", "report", "run_simulate"]


def report(matchup: Matchup, outcomes: list[Any], seconds: float) -> dict[str, Any]:
    """The run's results as a JSON-ready dict (what ``--json`` writes)."""
    info = game_info(matchup.game)
    return {
        "game": matchup.game,
        "players": matchup.players,
        "options": matchup.options,
        "seed": matchup.seed,
        "games": len(outcomes),
        "seconds": round(seconds, 3),
        "score": info.score_name,
        "agents": [s.to_dict() for s in summarize(matchup.agents, outcomes)],
        "seats": seat_stats(matchup.players, outcomes),
        "insights": summarize_insights(outcomes),
    }


def _table(data: dict[str, Any]) -> Table:
    title = (
        f"{game_info(data['game']).title}, {data['players']} players, "
        f"{data['games']} games (seed {data['seed']})"
    )
    table = Table(title=title)
    columns = ("agent", "games", "wins", "draws", "losses", "win rate (95% CI)")
    for column in (*columns, f"mean {data['score']}"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for a in data["agents"]:
        table.add_row(
            a["label"],
            str(a["games"]),
            str(a["wins"]),
            str(a["draws"]),
            str(a["losses"]),
            _rate(a),
            f"{a['mean_score']:.2f}",
        )
    return table


def _rate(row: dict[str, Any]) -> str:
    return f"{row['win_rate']:.1%} ({row['ci_low'] * 100:.1f}-{row['ci_high'] * 100:.1f})"


def _seats_table(data: dict[str, Any]) -> Table:
    table = Table(title="By seat, whoever sat there")
    for column in ("seat", "among the winners (95% CI)"):
        table.add_column(column, justify="right")
    for row in data["seats"]:
        table.add_row(str(row["seat"]), _rate(row))
    return table


def _insights_table(data: dict[str, Any]) -> Table | None:
    if not data["insights"]:
        return None
    table = Table("fact", "rate", "of games", title="What decided the games")
    for key, value in data["insights"].items():
        table.add_row(key, f"{value['mean']:.1%}", str(value["games"]))
    return table


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency simulate``'s arguments to its parser."""
    add_game_arguments(parser)
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    add_agents_arguments(
        parser,
        "agent specs, one per contestant (default: heuristic against random; with an odd "
        "number of players, one random player per other seat)",
        required=False,
    )
    add_backend_arguments(parser)
    parser.add_argument("--json", metavar="FILE", help="also write the table as JSON ('-': stdout)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    """Run the simulation and print the table; return the exit status."""
    matchup = matchup_from_args(args, batch_settings(args))
    backend = backend_from_args(args)
    start = time.perf_counter()
    try:
        outcomes = with_progress(
            args.quiet,
            args.games,
            lambda progress: run_games(matchup, args.games, backend=backend, progress=progress),
        )
    finally:
        backend.close()
    data = report(matchup, outcomes, time.perf_counter() - start)
    if args.json == "-":
        print(json.dumps(data, indent=2), file=sys.stdout)
        return 0
    console.print(_table(data))
    console.print(_seats_table(data))
    insights = _insights_table(data)
    if insights is not None:
        console.print(insights)
    console.print(f"[dim]{data['games']} games in {data['seconds']:.1f} s.[/dim]")
    write_files(console, [(args.json, json.dumps(data, indent=2) + "\n")])
    return 0
