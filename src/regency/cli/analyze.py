"""``regency analyze``: judge every decision of a saved game, as Lichess does for chess.

Each decision is judged from the deciding seat's view only (``regency.analysis``); the
table lists the move played and the searcher's preferred move with their estimated win
chances, and labels the moves that gave a lot away; a summary per seat follows.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from regency.analysis import LABELS, Analysis, analyze, default_agent
from regency.cli.args import UsageError
from regency.cli.batch import progress_bar
from regency.cli.renderers import renderer_for
from regency.core.record import Record
from regency.core.registry import new_game

__all__ = ["LABEL_STYLE", "add_analyze_arguments", "print_analysis", "run_analyze"]

LABEL_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
"""How each label is shown (colour is dropped with ``NO_COLOR``; the word stays)."""


def add_analyze_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency analyze``'s arguments to its parser."""
    parser.add_argument("file", help="a record written by --save (or a saved game)")
    parser.add_argument(
        "--agent",
        help="the judging agent, one that judges moves (default: the default computer "
        "player, at half its playing budget, in iterations so that it is reproducible: "
        "2-player claim ismcts:iters=2500, claim-kingdoms rollout:iters=12, kingdoms "
        "rollout:iters=16; rollout judges the heuristic's best three moves and the move "
        "played); e.g. ismcts:iters=5000 or rollout:top=0 (every legal move)",
    )
    parser.add_argument("--seat", type=int, help="analyse only this seat's decisions")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the analysis as JSON ('-': stdout only)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the searches' seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes to search in (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _read(path: str) -> Record:
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return Record.from_json(text)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def seat_names(record: Record) -> list[str]:
    """Each seat's one name, as the game's screens call it (``Seat N`` by default)."""
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    renderer = renderer_for(record.game)
    namer = getattr(renderer, "seat_name", None)
    observation = game.observation(None)
    return [
        str(namer(observation, seat)) if namer else f"Seat {seat}" for seat in range(record.players)
    ]


def print_analysis(console: Console, analysis: Analysis) -> None:
    """Print the per-decision table and the per-seat summary."""
    names = seat_names(analysis.record)
    table = Table(
        "#",
        "seat",
        "played",
        "win %",
        "preferred",
        "win %",
        "lost",
        "",
        title=f"Analysis by {analysis.agent} (seed {analysis.seed})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    for d in analysis.decisions:
        if d.forced:
            table.add_row(
                str(d.number), names[d.seat], d.played, "", "(forced)", "", "", "", style="dim"
            )
            continue
        same = d.best == d.played
        label = Text(d.label or "", style=LABEL_STYLE.get(d.label or "", ""))
        table.add_row(
            str(d.number),
            names[d.seat],
            d.played,
            _percent(d.win_played),
            "=" if same else (d.best or ""),
            "" if same else _percent(d.win),
            "" if d.loss is None or same else f"{100 * d.loss:.0f}",
            label,
        )
    console.print(table)
    summary = Table(
        "seat",
        "judged",
        "forced",
        "inacc.",
        "mistakes",
        "blunders",
        "lost/move",
        "accuracy",
        title="Summary",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    for s in analysis.summaries:
        summary.add_row(
            names[s.seat],
            str(s.decisions),
            str(s.forced),
            str(s.inaccuracies),
            str(s.mistakes),
            str(s.blunders),
            f"{100 * s.average_loss:.1f}",
            f"{s.accuracy:.0f}",
        )
    console.print(summary)
    thresholds = ", ".join(f"{label} {100 * t:.0f}" for label, t in reversed(LABELS))
    console.print(
        Text(
            "win: the deciding seat's estimated win chance after the move, judged from what "
            "that seat could see; lost: points of win chance given away (labels from: "
            f"{thresholds}); accuracy 0-100 as on Lichess. See docs/analysis.md.",
            style="dim",
        )
    )


def run_analyze(args: argparse.Namespace, console: Console) -> int:
    """Analyse the record in ``args.file``; return the exit status."""
    record = _read(args.file)
    seats = None
    if args.seat is not None:
        if not 0 <= args.seat < record.players:
            raise UsageError(f"--seat must be 0 to {record.players - 1}, not {args.seat}")
        seats = [args.seat]
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.json and args.json != "-":
        target = Path(args.json)
        if target.is_dir() or not os.access(target.parent, os.W_OK):
            raise UsageError(f"--json {args.json}: cannot write there")
    agent = args.agent or default_agent(record.game, record.players)
    options: dict[str, Any] = {"agent": agent, "seats": seats, "seed": args.seed}
    options["workers"] = args.workers
    if args.quiet:
        analysis = analyze(record, **options)
    else:
        with progress_bar("analysing", None) as (bar, task):

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            analysis = analyze(record, progress=advance, **options)
    if args.json == "-":
        sys.stdout.write(analysis.to_json(indent=1) + "\n")
        return 0
    print_analysis(console, analysis)
    if args.json:
        try:
            Path(args.json).write_text(analysis.to_json(indent=1) + "\n")
        except OSError as exc:
            raise UsageError(f"cannot write {args.json}: {exc.strerror}") from None
        console.print(f"Written to [bold]{args.json}[/bold].")
    return 0
