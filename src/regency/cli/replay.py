"""``regency replay``: step through a recorded game, or print where it ended."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from regency.cli.args import UsageError
from regency.cli.renderers import renderer_for
from regency.core.game import Game
from regency.core.record import Record
from regency.core.registry import new_game, replay

__all__ = ["run_replay"]


def _read(path: str) -> Record:
    try:
        text = Path(path).read_bytes()  # decoding errors are the reader's to report
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return Record.from_json(text)


def _positions(record: Record) -> list[tuple[str | None, Game[Any]]]:
    """Every position of the game, each with the move that led to it."""
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    positions: list[tuple[str | None, Game[Any]]] = [(None, game.clone())]
    for notation in record.actions:
        mover = game.current_player
        game.play(notation)
        positions.append((f"{_name(record, mover)}: {notation}", game.clone()))
    return positions


def _name(record: Record, seat: int | None) -> str:
    seats = record.meta.get("seats")
    if isinstance(seats, list) and seat is not None and seat < len(seats):
        return str(seats[seat])
    return f"Seat {seat}"


def run_replay(args: argparse.Namespace, console: Console) -> int:
    """Show a recorded game; return the exit status."""
    record = _read(args.file)
    final = replay(record)  # checks every move before anything is shown
    seat = args.seat
    if seat is not None and not 0 <= seat < final.num_players:
        raise UsageError(f"--seat must be 0 to {final.num_players - 1}, not {seat}")
    renderer = renderer_for(record.game)

    def show(game: Game[Any], move: str | None, number: int) -> None:
        header = f"Move {number}/{len(record.actions)}" + (f" · {move}" if move else " · start")
        console.rule(header)
        console.print(renderer.board(game.observation(seat)))

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
    positions = _positions(record)
    if args.all:
        for number, (move, game) in enumerate(positions):
            show(game, move, number)
        finish(final)
        return 0
    index = 0
    while True:
        move, game = positions[index]
        show(game, move, index)
        if index == len(positions) - 1:
            finish(game)
        try:
            entry = (
                console.input(
                    "[dim]Enter: next · b: back · a number: go to move · e: end · q: quit[/dim] "
                )
                .strip()
                .lower()
            )
        except EOFError:
            return 0
        if entry == "q":
            return 0
        if entry == "b":
            index = max(0, index - 1)
        elif entry == "e":
            index = len(positions) - 1
        elif entry.isdigit():
            index = min(int(entry), len(positions) - 1)
        else:
            index = min(index + 1, len(positions) - 1)
