"""``regency play``: a person against computer players, in the terminal.

The person's screen is drawn from their seat's observation only; the computer players
decide from their own seats' views. A wrong entry gets a message and a new prompt, never
a traceback; end of input or ``quit`` abandons the game (saving the record so far when
``--save`` was given).
"""

from __future__ import annotations

import argparse
from collections.abc import Hashable
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from regency.agents import Agent, make_agent
from regency.cli.args import UsageError, game_options
from regency.cli.renderers import renderer_for
from regency.core.errors import IllegalActionError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.tables import SeatSpec, TableSpec

__all__ = ["ask", "run_play", "seat_names"]

HELP = (
    "Type the number of a move or its notation (shown beside the number). "
    "'hint' asks the computer for a suggestion, 'quit' stops the game."
)


def seat_names(players: int, me: int | None, agents: dict[int, Agent]) -> list[str]:
    """How seats are called on screen: "You" and the computer players by agent."""
    names = []
    for seat in range(players):
        if seat == me:
            names.append("You")
        else:
            agent = agents.get(seat)
            names.append(f"Seat {seat} ({agent.name})" if agent else f"Seat {seat}")
    return names


MANY = 40
"""Above this many legal moves, they are shown grouped by kind rather than numbered."""


def _show_moves(console: Console, renderer: ModuleType, game: Game[Any], me: int) -> list[Any]:
    legal = list(game.legal_actions())
    observation = game.observation(me)
    if len(legal) > MANY:
        _show_grouped(console, [str(a) for a in legal])
        return legal
    items = []
    for number, action in enumerate(legal, start=1):
        label = renderer.action_label(str(action), observation)
        text = Text.assemble((f"{number:>2} ", "bold cyan"), (str(action), "bold"))
        if label:
            text.append(f" {label}", style="dim")
        items.append(text)
    console.print(Columns(items, padding=(0, 3)))
    return legal


def _show_grouped(console: Console, notations: list[str]) -> None:
    """Many moves: one line per kind (all words but the last), its last words listed."""
    groups: dict[str, list[str]] = {}
    for notation in notations:
        head, _, tail = notation.rpartition(" ")
        groups.setdefault(head, []).append(tail)
    for head, tails in groups.items():
        line = Text(f"{head} " if head else "", style="bold cyan")
        line.append(" ".join(tails))
        console.print(line)
    console.print(f"[dim]{len(notations)} moves: type one, e.g. {notations[0]}[/dim]")


def ask(
    console: Console, game: Game[Any], renderer: ModuleType, me: int, hint: Agent | None = None
) -> Hashable | None:
    """Ask the person for a move until one is legal; ``None`` if they quit or input ends."""
    legal = _show_moves(console, renderer, game, me)
    while True:
        try:
            text = console.input("[bold]Your move[/bold] (number or notation, ? for help): ")
        except EOFError:
            return None
        entry = text.strip()
        if not entry:
            continue
        lowered = entry.lower()
        if lowered in ("q", "quit", "exit"):
            return None
        if lowered in ("?", "h", "help"):
            console.print(HELP)
            continue
        if lowered == "hint" and hint is not None:
            suggestion = hint.choose(game.view(me))
            console.print(f"The computer would play [bold]{suggestion}[/bold].")
            continue
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]  # type: ignore[no-any-return]
            console.print(f"[red]There is no move {number}: choose 1 to {len(legal)}.[/red]")
            continue
        try:
            return game.parse_action(entry)  # type: ignore[no-any-return]
        except IllegalActionError as exc:
            console.print(f"[red]{exc}[/red]")


def _save(console: Console, path: str | None, game: Game[Any], names: list[str]) -> None:
    if not path:
        return
    meta: dict[str, Any] = {"seats": names}
    if game.is_over:
        meta["result"] = game.result().to_dict()
    try:
        Path(path).write_text(game.record(meta).to_json(indent=1) + "\n")
    except OSError as exc:
        console.print(f"[red]Could not save the record to {path}: {exc.strerror}[/red]")
        return
    console.print(f"Record saved to [bold]{path}[/bold] (replay it with: regency replay {path}).")


def run_play(args: argparse.Namespace, console: Console) -> int:
    """Play one game; return the exit status."""
    info = game_info(args.game)
    players = args.players if args.players is not None else info.default_players
    me = args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat must be 0 to {players - 1}, not {me}")
    seats = [SeatSpec() if s == me else SeatSpec(agent=args.opponent) for s in range(players)]
    table = TableSpec.create(args.game, players, seats, game_options(args), args.seed)
    game = table.new_game()
    agents = table.agents(game.seed)
    hint = make_agent("heuristic", game.name, 0) if info.heuristic else None
    names = seat_names(game.num_players, me, agents)
    renderer = renderer_for(game.name)
    console.rule(f"[bold]{info.title}[/bold]")
    console.print(
        f"You are seat {me}; opponents: {', '.join(names[s] for s in agents)}. "
        f"Seed {game.seed} (play this deal again with --seed {game.seed})."
    )
    while not game.is_over:
        turn = game.current_player
        assert turn is not None
        if turn == me:
            console.print(renderer.board(game.observation(me)))
            action = ask(console, game, renderer, me, hint)
            if action is None:
                console.print(f"Game abandoned after {len(game.actions)} moves.")
                _save(console, args.save, game, names)
                return 0
            game.play(action)
            console.print(f"You: [bold]{action}[/bold]")
        else:
            action = agents[turn].choose(game.view(turn))
            console.print(f"{names[turn]}: [bold]{game.public_action(action, me)}[/bold]")
            game.play(action)
    observation = game.observation(me)
    console.print(renderer.board(observation))
    console.print(renderer.result(game.result().to_dict(), observation))
    _save(console, args.save, game, names)
    return 0
