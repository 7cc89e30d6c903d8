"""``regency arena``: a round robin between agents, with win rates and ratings."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from regency.cli.args import add_agents_arguments, add_game_arguments, game_options
from regency.cli.batch import (
    add_backend_arguments,
    backend_from_args,
    batch_settings,
    with_progress,
    write_files,
)
from regency.core.registry import game_info
from regency.sim import summarize
from regency.sim.arena import Arena, elo_ratings, head_to_head, schedule
from regency.sim.runner import run_tables

__all__ = ["add_arena_arguments", "arena_report", "run_arena"]


def arena_report(arena: Arena, outcomes: list[Any], seconds: float) -> dict[str, Any]:
    """The arena's results as a JSON-ready dict (what ``--json`` writes)."""
    stats = summarize(arena.agents, outcomes)
    h2h = head_to_head(len(arena.agents), outcomes)
    ratings = elo_ratings(h2h)
    return {
        "game": arena.game,
        "players": arena.players,
        "options": arena.options,
        "seed": arena.seed,
        "games": len(outcomes),
        "seconds": round(seconds, 3),
        "agents": [
            {**s.to_dict(), "elo": round(r, 1)} for s, r in zip(stats, ratings, strict=True)
        ],
        "head_to_head": {
            stats[a].label: {
                stats[b].label: {"points": h2h[a][b][0], "games": h2h[a][b][1]}
                for b in range(len(stats))
                if b != a and h2h[a][b][1]
            }
            for a in range(len(stats))
        },
    }


def _csv(data: dict[str, Any]) -> str:
    out = io.StringIO()
    fields = [
        "label",
        "spec",
        "games",
        "wins",
        "draws",
        "losses",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_score",
        "elo",
    ]
    writer = csv.DictWriter(out, fieldnames=fields)
    writer.writeheader()
    for row in data["agents"]:
        writer.writerow({k: row[k] for k in fields})
    return out.getvalue()


def _tables(data: dict[str, Any]) -> list[Table]:
    title = (
        f"{game_info(data['game']).title}, {data['players']} players: "
        f"{data['games']} games (seed {data['seed']})"
    )
    main = Table(title=title)
    for column in ("agent", "games", "wins", "draws", "losses", "win rate (95% CI)", "Elo"):
        main.add_column(column, justify="left" if column == "agent" else "right")
    for a in sorted(data["agents"], key=lambda r: -r["elo"]):
        main.add_row(
            a["label"],
            str(a["games"]),
            str(a["wins"]),
            str(a["draws"]),
            str(a["losses"]),
            f"{a['win_rate']:.1%} ({a['ci_low'] * 100:.1f}-{a['ci_high'] * 100:.1f})",
            f"{a['elo']:.0f}",
        )
    labels = [a["label"] for a in data["agents"]]
    h2h = Table(title="Head to head: points of the row against the column (a draw is 1/2)")
    h2h.add_column("")
    for label in labels:
        h2h.add_column(label, justify="right")
    for row in labels:
        cells = []
        for column in labels:
            met = data["head_to_head"][row].get(column)
            cells.append(f"{met['points'] / met['games']:.1%} of {met['games']}" if met else "")
        h2h.add_row(row, *cells)
    return [main, h2h]


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency arena``'s arguments to its parser."""
    add_game_arguments(parser)
    add_agents_arguments(
        parser,
        "the contestants' agent specs, e.g. ismcts:2000,heuristic,random (a spec's "
        "parameters: ismcts:iters=500,rollout=heuristic)",
        required=True,
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help="games per group of agents (default 100; whole seat rotations)",
    )
    add_backend_arguments(parser)
    parser.add_argument(
        "--json", metavar="FILE", help="also write the results as JSON ('-': stdout)"
    )
    parser.add_argument("--csv", metavar="FILE", help="also write one CSV row per agent")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_arena(args: argparse.Namespace, console: Console) -> int:
    """Run the arena and print its tables; return the exit status."""
    settings = batch_settings(args)
    arena = Arena(
        args.game,
        settings.players,
        settings.agents,
        args.games,
        game_options(args),
        settings.seed,
    )
    tables = schedule(arena)
    backend = backend_from_args(args)
    start = time.perf_counter()
    try:
        outcomes = with_progress(
            args.quiet,
            len(tables),
            lambda progress: run_tables(
                arena.game,
                arena.players,
                arena.options,
                arena.agents,
                tables,
                backend=backend,
                progress=progress,
            ),
        )
    finally:
        backend.close()
    data = arena_report(arena, outcomes, time.perf_counter() - start)
    if args.json == "-":
        print(json.dumps(data, indent=2), file=sys.stdout)
        return 0
    for table in _tables(data):
        console.print(table)
    console.print(f"[dim]{data['games']} games in {data['seconds']:.1f} s.[/dim]")
    write_files(console, [(args.json, json.dumps(data, indent=2) + "\n"), (args.csv, _csv(data))])
    return 0
