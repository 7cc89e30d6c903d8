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

from regency import available_games
from regency.analysis import LABELS, Analysis, analyze, default_agent, lost_points
from regency.cli.args import UsageError
from regency.cli.batch import progress_bar
from regency.core.i18n import _
from regency.core.record import Record
from regency.core.start import new_game
from regency.render import renderer_for

__all__ = [
    "LABEL_STYLE",
    "add_analyze_arguments",
    "move_words",
    "print_analysis",
    "run_analyze",
    "seat_names",
]

LABEL_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
"""How each label is shown (colour is dropped with ``NO_COLOR``; the word stays)."""


def add_analyze_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency analyze``'s arguments to its parser."""
    parser.add_argument("file", help="a record written by --save (or a saved game)")
    parser.add_argument(
        "--agent",
        help="the judging agent, one that judges moves (default: the default computer "
        "player, at half its playing budget, in iterations so that it is reproducible: "
        "2-player "
        + ", ".join(f"{info.name} {default_agent(info.name)}" for info in available_games())
        + "; rollout judges the heuristic's best three moves and the move "
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
    """Each seat's one name: the players' names the record keeps, else as the screens say.

    A record from the server (or ``regency play --save``) keeps the names in its
    ``meta`` (``seats``); without them a seat is named as the game's screens name it
    (``Seat N``, or a colour). A name that reads as the reader, ``You`` (the lobby's
    name for whoever plays the computer), is ``Seat N`` here, as on the replay page.
    """
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    renderer = renderer_for(record.game)
    namer = getattr(renderer, "seat_name", None)
    observation = game.observation(None)
    names = [
        str(namer(observation, seat)) if namer else _("Seat {seat}", seat=seat)
        for seat in range(record.players)
    ]
    kept = record.meta.get("seats")
    if isinstance(kept, list) and len(kept) == record.players:
        for seat, name in enumerate(kept):
            if isinstance(name, str) and name.strip() and name.strip().lower() != "you":
                names[seat] = " ".join(name.split())
            elif isinstance(name, str) and name.strip():
                names[seat] = _("Seat {seat}", seat=seat)
    return names


def move_words(analysis: Analysis) -> dict[tuple[int, str], str]:
    """The moves the analysis names, in words, in the position each was decided in.

    Keyed by (move number, notation): the move played and every move judged there
    (``Game.describe``: ``Doppelganger 7``, ``place Giants at 0,-2``).
    """
    record = analysis.record
    wanted: dict[int, set[str]] = {}
    for d in analysis.decisions:
        wanted[d.number] = {d.played, *(m.move for m in d.moves)}
    words: dict[tuple[int, str], str] = {}
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    for number, notation in enumerate(record.actions, start=1):
        for move in wanted.get(number, ()):
            words[number, move] = game.describe(move)
        game.play(notation)
    return words


def print_analysis(console: Console, analysis: Analysis) -> None:
    """Print the per-decision table and the per-seat summary, moves and cards in words."""
    names = seat_names(analysis.record)
    words = move_words(analysis)
    table = Table(
        title=f"Analysis by {analysis.agent} (seed {analysis.seed})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("#")
    table.add_column("seat")
    # A card's name fits on one line (Doppelganger 7); longer moves wrap.
    table.add_column("played", min_width=14)
    table.add_column("win %")
    table.add_column("preferred", min_width=14)
    table.add_column("win %")
    table.add_column("lost")
    table.add_column("")
    for d in analysis.decisions:
        played = words.get((d.number, d.played), d.played)
        if d.forced:
            table.add_row(
                str(d.number), names[d.seat], played, "", "(forced)", "", "", "", style="dim"
            )
            continue
        same = d.best == d.played
        label = Text(d.label or "", style=LABEL_STYLE.get(d.label or "", ""))
        if d.exact:  # the solver's exact values, not estimates: say so
            label.append(" exact" if d.label else "exact", style="dim")
        best = words.get((d.number, d.best), d.best) if d.best else ""
        table.add_row(
            str(d.number),
            names[d.seat],
            played,
            _percent(d.win_played),
            "=" if same else best,
            "" if same else _percent(d.win),
            "" if d.loss is None or same else f"{lost_points(d.loss):.1f}",
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
    thresholds = ", ".join(
        f"{label} {100 * alone:.0f}, or {100 * least:.0f} that were {100 * part:.0f}%"
        for label, alone, least, part in reversed(LABELS)
    )
    exact = (
        "; exact: the seat knew where every card was, and the game's solver gave each move's "
        "value under best play (a win 100, a loss 0)"
        if any(d.exact for d in analysis.decisions)
        else ""
    )
    console.print(
        Text(
            "win: the deciding seat's estimated win chance after the move, judged from what "
            "that seat could see; lost: points of win chance given away (labels from that "
            "many points, or fewer that were that share of what the decision could change: "
            f"{thresholds}); "
            "accuracy 0-100: the share of what the seat's decisions put at stake that it "
            f"kept{exact}. See docs/analysis.md.",
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
