"""``regency report``: run games and write a balance report (HTML page + CSV files)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from rich.console import Console

import regency
from regency.cli.args import UsageError, add_agents_arguments, add_game_arguments
from regency.cli.batch import (
    add_backend_arguments,
    backend_from_args,
    batch_settings,
    matchup_from_args,
    with_progress,
)
from regency.sim import run_games, summarize
from regency.sim.balance import balance_figures
from regency.sim.report_page import ReportInfo, write_report

__all__ = ["add_report_arguments", "run_report"]


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency report``'s arguments to its parser."""
    add_game_arguments(parser)
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    add_agents_arguments(
        parser, "agent specs, seats rotating (default heuristic: self-play)", required=False
    )
    add_backend_arguments(parser)
    parser.add_argument(
        "--out", default="report.html", help="the page to write (default report.html)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_report(args: argparse.Namespace, console: Console) -> int:
    """Play the games, write the page and its CSV files; return the exit status."""
    settings = batch_settings(args, default=("heuristic",))
    matchup = matchup_from_args(args, settings)
    out = Path(args.out)
    if out.suffix.lower() not in (".html", ".htm"):
        raise UsageError(f"--out should name an .html file, not {args.out!r}")
    if not out.parent.is_dir():
        raise UsageError(f"cannot write {args.out}: no folder {str(out.parent)!r}")
    backend = backend_from_args(args)
    start = time.perf_counter()
    try:
        outcomes = with_progress(
            args.quiet,
            args.games,
            lambda progress: run_games(
                matchup, args.games, backend=backend, progress=progress, details=True
            ),
        )
    finally:
        backend.close()
    seconds = time.perf_counter() - start
    info = settings.info
    figures = balance_figures(matchup.players, matchup.agents, outcomes, info.score_name)
    facts = (
        ("game", f"{info.title} ({info.name})"),
        ("players", str(matchup.players)),
        ("options", json.dumps(matchup.options) if matchup.options else "the game's defaults"),
        ("agents", ", ".join(matchup.agents) + " (seats rotate from game to game)"),
        ("games", str(len(outcomes))),
        ("seed", f"{matchup.seed} (the same seed plays the same games)"),
        ("played", f"in {seconds:.1f} s on the {backend.name} backend"),
        ("regency", regency.__version__),
    )
    page = ReportInfo(
        title=f"{info.title}, {matchup.players} players",
        facts=facts,
        # One agent in self-play wins every game it plays: its table would say nothing.
        agents=tuple(s.to_dict() for s in summarize(matchup.agents, outcomes))
        if len(matchup.agents) > 1
        else (),
        score_name=info.score_name,
    )
    try:
        written = write_report(out, page, figures)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror}") from None
    console.print(
        f"{len(outcomes)} games in {seconds:.1f} s. Written [bold]{written[0]}[/bold] "
        f"and {len(written) - 1} CSV files beside it.",
        soft_wrap=True,
    )
    return 0
