"""``regency replay``: step through a recorded game, or print where it ended."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from regency.agents.ladder import computer_with_spec
from regency.cli.args import UsageError
from regency.core.game import Game
from regency.core.i18n import _
from regency.core.record import Record
from regency.core.start import new_game, replay
from regency.render import renderer_for

__all__ = ["add_replay_arguments", "run_replay"]


def _read(path: str) -> Record:
    try:
        text = Path(path).read_bytes()  # decoding errors are the reader's to report
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return Record.from_json(text)


KEYS = "Enter: next · b: back · a number: go to move · e: end · q: quit"


def _positions(record: Record, viewer: int | None) -> list[tuple[str | None, Game[Any]]]:
    """Every position of the game, each with the move that led to it, as ``viewer`` saw it."""
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    renderer = renderer_for(record.game)
    names = game.observation(viewer)
    positions: list[tuple[str | None, Game[Any]]] = [(None, game.clone())]
    for notation in record.actions:
        mover = game.current_player
        assert mover is not None
        action = game.parse_action(notation)
        shown = game.public_action(action, viewer)
        game.play(action)
        positions.append((f"{_seat_name(renderer, names, mover)}: {shown}", game.clone()))
    return positions


def _seat_name(renderer: Any, observation: dict[str, Any], seat: int) -> str:
    """The seat's one name, as the screens call it."""
    namer = getattr(renderer, "seat_name", None)
    return str(namer(observation, seat)) if namer else _("Seat {seat}", seat=seat)


def _who_played(record: Record, renderer: Any, observation: dict[str, Any]) -> str | None:
    """One line saying who sat where, from the record's ``table`` (``regency play`` writes it)."""
    table = record.meta.get("table")
    if not isinstance(table, list) or len(table) != record.players:
        return None
    parts = [
        _(
            "{seat}: {who}",
            seat=_seat_name(renderer, observation, seat),
            who=_("a person")
            if spec == "human"
            else computer_with_spec(record.game, record.players, str(spec)),
        )
        for seat, spec in enumerate(table)
    ]
    return "; ".join(parts) + "."


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency replay``'s arguments to its parser."""
    parser.add_argument("file", help="a record written by --save (or a saved game)")
    parser.add_argument("--final", action="store_true", help="print only the final position")
    parser.add_argument("--all", action="store_true", help="print every position, no prompts")
    parser.add_argument("--seat", type=int, help="show what this seat saw (default: spectator)")


def run_replay(args: argparse.Namespace, console: Console) -> int:
    """Show a recorded game; return the exit status."""
    record = _read(args.file)
    final = replay(record)  # checks every move before anything is shown
    seat = args.seat
    if seat is not None and not 0 <= seat < final.num_players:
        raise UsageError(f"--seat must be 0 to {final.num_players - 1}, not {seat}")
    renderer = renderer_for(record.game)
    who = _who_played(record, renderer, final.observation(seat))
    if who is not None:
        console.print(who, highlight=False)

    def show(game: Game[Any], move: str | None, number: int) -> None:
        header = f"Move {number}/{len(record.actions)}" + (f" · {move}" if move else " · start")
        console.rule(header)
        observation = game.observation(seat)
        if getattr(renderer, "VIEW", None):
            console.print(renderer.board(observation, pan=(0, 0)))
        else:
            console.print(renderer.board(observation))

    def finish(game: Game[Any]) -> None:
        if game.is_over:
            console.print(renderer.result(game.result().to_dict(), game.observation(seat)))
        else:
            console.print(
                f"The record stops after {len(record.actions)} moves; the game was not finished."
            )

    interactive = sys.stdin.isatty() and not args.final and not args.all
    if args.final or not (interactive or args.all):
        show(final, None if not record.actions else "end", len(record.actions))
        finish(final)
        return 0
    positions = _positions(record, seat)
    if args.all:
        for number, (move, game) in enumerate(positions):
            show(game, move, number)
        finish(final)
        return 0
    index = 0
    message = ""
    while True:
        move, game = positions[index]
        show(game, move, index)
        if index == len(positions) - 1:
            finish(game)
        if message:
            console.print(message, style="red", highlight=False, markup=False)
            message = ""
        try:
            entry = console.input(f"[dim]{KEYS}[/dim] ").strip().lower()
        except EOFError:
            return 0
        if entry in ("q", "quit"):
            return 0
        if entry == "b":
            index = max(0, index - 1)
        elif entry == "e":
            index = len(positions) - 1
        elif entry.isdecimal():
            index = min(int(entry) if len(entry) <= 6 else len(positions), len(positions) - 1)
        elif entry in ("", "n"):
            index = min(index + 1, len(positions) - 1)
        else:
            shown = entry if len(entry) <= 20 else entry[:20] + "..."
            message = f"{shown!r} is not a replay key. {KEYS}."
