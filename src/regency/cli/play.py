"""``regency play``: people and computer players at one table, in the terminal.

Any seat may be a person (``--seats human,heuristic,human``: friends share the keyboard,
and a "pass the keyboard" screen hides one person's hand before the next sits down) or
a computer player, each with its own agent. Every screen is drawn from the observation
of the person it is for, never from the game itself; on a terminal it is redrawn in
place and fits 80x24.

Nothing typed at the prompt can crash the game: a wrong entry gets a sentence and a new
prompt. ``undo`` takes back the person's last move and the computer's replies,
``rules`` shows the rules in short, ``hint`` shows the search's three best moves with
their estimated win chances (judged from the person's own view), ``quit`` (or
end of input, or Ctrl-C) stops. With ``--save FILE`` the record is written at the start
(so a path that cannot be written is refused at once) and after every move, so
stopping in any way keeps the game, which ``--load FILE`` continues.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from regency.agents import Agent
from regency.agents.base import MoveEstimate
from regency.agents.defaults import default_opponent
from regency.agents.ladder import find_level
from regency.analysis import evaluator, hint_agent
from regency.cli.args import UsageError, game_options
from regency.cli.renderers import renderer_for
from regency.core.errors import CorruptSaveError, IllegalActionError, RegencyError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.start import load_game, new_game, replay
from regency.tables import PERSON, SeatSpec, TableError, TableSpec, parse_seats

__all__ = ["HINT_AGENT", "MANY", "SaveFile", "Session", "hint_text", "run_play"]

HELP = (
    "Type the number of a move or its notation (shown beside the number). Commands: "
    "'undo' takes back your last move, 'rules' shows the rules in short, 'hint' shows the "
    "computer's three best moves with your estimated win chances (from what you can see), "
    "'quit' stops (the game is kept with --save)."
)

MANY = 24
"""Above this many legal moves, they are shown grouped by kind rather than numbered."""

HINT_AGENT: str | None = None
"""The agent ``hint`` asks (``None``: the default computer player if it can judge moves,
else ``ismcts``, at its playing budget, about a second)."""

HINT_MOVES = 3
"""How many moves ``hint`` shows."""

LONGEST_ENTRY = 200
"""Longer entries are refused before any parsing."""

PAN = {"<": (-1, 0), ">": (1, 0), "^": (0, 1), "v": (0, -1)}
"""Scroll commands, for renderers whose ``board`` takes a ``pan``."""


class _Stop(Exception):
    """The person quit, or input ended."""


@dataclass(slots=True)
class _Move:
    """Who made a move of the game's log, and whether it was their only choice."""

    seat: int
    forced: bool


@dataclass(slots=True)
class SaveFile:
    """Where ``--save`` keeps the record: checked and written at the start, then each move.

    Attributes:
        path: The file.
    """

    path: Path

    @classmethod
    def open(cls, path: str, force: bool, loaded: str | None, first: str) -> SaveFile:
        """Check the path and write ``first`` (the record so far) to it.

        Raises:
            UsageError: if the file exists (without ``force``, unless it is the file the
                game was loaded from) or cannot be written.
        """
        target = Path(path)
        same = loaded is not None and target.exists() and target.resolve() == Path(loaded).resolve()
        if target.is_dir():
            raise UsageError(f"--save {path}: that is a folder; give a file name")
        if target.exists() and not force and not same:
            raise UsageError(
                f"--save {path}: the file already exists; add --force to overwrite it, "
                "or choose another name"
            )
        save = cls(target)
        try:
            save.write(first)
        except OSError as exc:
            raise UsageError(f"--save {path}: cannot write there ({exc.strerror})") from None
        return save

    def write(self, text: str) -> None:
        """Replace the file's content with ``text`` in one step (never half written)."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(text)
        os.replace(temporary, self.path)


@dataclass
class Session:
    """One game at the terminal: the table, the game, and what each person has seen.

    Attributes:
        console: Where screens go.
        table: Who sits where.
        game: The game in progress.
        save: Where the record is kept, if anywhere.
        live: Whether this is a terminal (screens are redrawn in place) or a pipe.
    """

    console: Console
    table: TableSpec
    game: Game[Any]
    save: SaveFile | None = None
    live: bool = False
    agents: dict[int, Agent] = field(default_factory=dict)
    moves: list[_Move] = field(default_factory=list)
    news: dict[int, list[str]] = field(default_factory=dict)
    pan: dict[int, tuple[int, int]] = field(default_factory=dict)
    shown: set[tuple[int, str]] = field(default_factory=set)
    at_keyboard: int | None = None
    numbered: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.renderer: ModuleType = renderer_for(self.game.name)
        self.people = self.table.people
        self.agents = self.table.agents(self.game.seed)
        self.hint_agent = HINT_AGENT or hint_agent(self.game.name, self.game.num_players)
        self.moves = _history(self.game)
        self.news = {p: [] for p in self.people}
        self.pan = {p: (0, 0) for p in self.people}
        self.spectator_view = self.game.observation(None)  # seat names, colours, teams

    # -- names -------------------------------------------------------------------------

    def name(self, seat: int, viewer: int | None = None) -> str:
        """What ``viewer`` calls ``seat``: ``You``, ``Seat 2`` or a colour, as on screen."""
        if seat == viewer:
            return "You"
        namer = getattr(self.renderer, "seat_name", None)
        return str(namer(self.spectator_view, seat)) if namer else f"Seat {seat}"

    def who(self, seat: int) -> str:
        """Who plays ``seat``: a person, or which computer player."""
        agent = self.agents.get(seat)
        return "a person" if agent is None else f"the {agent.name} computer player"

    def introduction(self, viewer: int | None) -> str:
        """The table in one sentence: each seat's one name, who plays it, partners."""
        teams = self.spectator_view.get("teams") or []
        parts: list[str] = []
        for seat in range(self.game.num_players):
            label = self.name(seat)
            if seat == viewer:
                parts.insert(0, f"You are {label}")
                continue
            partner = viewer is not None and any(seat in t and viewer in t for t in teams)
            parts.append(f"{label}: {self.who(seat)}" + (" (your partner)" if partner else ""))
        if teams and viewer is None:
            parts.append(
                " and ".join(" & ".join(self.name(s) for s in t) for t in teams) + " play as teams"
            )
        seed = self.game.seed
        return "; ".join(parts) + f". Seed {seed} (the same deal again: --seed {seed})."

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the people stop; return the exit status."""
        if not self.live:
            self.console.print(self.introduction(self.people[0] if len(self.people) == 1 else None))
        else:
            for person in self.people:
                self.news[person].append(self.introduction(person))
        try:
            while not self.game.is_over:
                self.step()
        except _Stop:
            self.console.print(f"Game stopped after {len(self.game.actions)} moves.")
            self.keep()
            return 0
        except KeyboardInterrupt:
            self.console.print(f"\nInterrupted after {len(self.game.actions)} moves.")
            self.keep()
            return 130
        self.finish()
        return 0

    def step(self) -> None:
        """One decision: forced, a computer player's, or a person's."""
        game = self.game
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        if seat in self.people:
            if len(legal) == 1:
                self.play(legal[0], seat, forced=True)
                return
            self.hand_over(seat)
            choice = self.ask(seat)
            if choice is _UNDO:
                self.undo(seat)
            else:
                self.play(choice, seat)
            return
        agent = self.agents[seat]
        if self.live:
            with self.console.status(f"{self.name(seat, self.at_keyboard)} is thinking..."):
                action = agent.choose(game.view(seat))
        else:
            action = agent.choose(game.view(seat))
        self.play(action, seat)

    def play(self, action: Hashable, seat: int, forced: bool = False) -> None:
        """Make a move, tell everyone what they may see of it, and keep the record."""
        seen = {p: self.game.public_action(action, p) for p in self.people}
        spectator = self.game.public_action(action, None)
        self.game.play(action)
        self.moves.append(_Move(seat, forced))
        for person in self.people:
            name = self.name(seat, person)
            if forced and person == seat:
                line = f"You had one move only, played for you: {seen[person]}"
            elif forced:
                line = f"{name}: {seen[person]} (their only move)"
            else:
                line = f"{name}: {seen[person]}"
            if person != seat or forced:
                self.news[person].append(line)
        if not self.live:
            viewer = self.people[0] if len(self.people) == 1 else None
            text = seen[viewer] if viewer is not None else spectator
            if forced and seat == viewer:
                self.console.print(Text(f"You had one move only, played for you: {text}"))
            else:
                self.console.print(Text(f"{self.name(seat, viewer)}: {text}"))
        self.keep(quiet=True)

    def hand_over(self, seat: int) -> None:
        """With several people, hide the last one's screen until the next is ready."""
        previous = self.at_keyboard
        self.at_keyboard = seat
        if len(self.people) < 2 or previous is None or previous == seat:
            return
        self.clear(scrollback=True)
        name = self.name(seat)
        self.console.print(
            Panel(
                Text.assemble(
                    (f"Pass the keyboard to {name}.\n", "bold"),
                    f"{self.name(previous)}'s screen is hidden. "
                    f"{name}: press Enter when you are ready.",
                ),
                title=self.game.title,
                title_align="left",
            )
        )
        self.read("")
        self.clear(scrollback=True)

    # -- asking a person -------------------------------------------------------------

    def ask(self, seat: int) -> Hashable:
        """Show the screen and ask until the entry is a legal move or undo."""
        message: Text | None = None
        first = True
        while True:
            numbered = self.screen(seat, first or self.live, message)
            first = False
            message = None
            entry = self.read("[bold]Your move[/bold] (number or notation, ? for help): ").strip()
            if not entry:
                continue
            if len(entry) > LONGEST_ENTRY and not entry.isdecimal():
                message = _refusal("That is too long to be a move.")
                continue
            lowered = entry.lower()
            if lowered in ("q", "quit", "exit"):
                raise _Stop
            if lowered in ("?", "h", "help"):
                message = Text(HELP)
                continue
            if lowered == "rules":
                self.show_rules(seat)
                continue
            if lowered == "undo":
                reason = self.cannot_undo(seat)
                if reason is None:
                    return _UNDO
                message = _refusal(reason)
                continue
            if lowered == "hint":
                message = self.hint(seat)
                continue
            if lowered in PAN and getattr(self.renderer, "VIEW", None):
                dx, dy = PAN[lowered]
                x, y = self.pan[seat]
                obs = self.game.observation(seat)
                before = self.renderer.window(obs, (x, y))
                if self.renderer.window(obs, (x + dx, y + dy)) == before:
                    message = _refusal("Nothing more of the grid that way.")
                else:
                    self.pan[seat] = (x + dx, y + dy)
                    first = True
                continue
            if entry.isdecimal():
                if not numbered:
                    example = str(self.game.legal_actions()[0])
                    message = _refusal(
                        f"The moves are not numbered on this screen: type one, e.g. {example}."
                    )
                    continue
                count = len(numbered)
                number = int(entry) if len(entry) <= 6 else 0
                if 1 <= number <= count:
                    return numbered[number - 1]  # type: ignore[no-any-return]
                shown = entry if len(entry) <= 6 else entry[:6] + "..."
                message = _refusal(f"There is no move {shown}: choose 1 to {count}.")
                continue
            try:
                return self.game.parse_action(entry)  # type: ignore[no-any-return]
            except IllegalActionError as exc:
                message = _refusal(_sentence(str(exc)))

    def hint(self, seat: int) -> Text:
        """The hint agent's three best moves for ``seat``, judged from its own view only."""
        view = self.game.view(seat)
        seed = derive_seed(self.game.seed, "hint", seat, len(self.game.actions))
        judge = evaluator(self.hint_agent, self.game.name, seed)
        if self.live:
            with self.console.status("The computer is thinking about your move..."):
                estimates = judge.evaluate(view)
        else:
            estimates = judge.evaluate(view)
        return hint_text(estimates, view.observation, self.renderer, self.game.describe)

    def read(self, prompt: str) -> str:
        """One line from the person; end of input stops the game."""
        try:
            return self.console.input(prompt)
        except EOFError:
            raise _Stop from None

    def screen(self, seat: int, draw: bool, message: Text | None) -> list[Any]:
        """Draw the person's screen (when ``draw``); return the moves as numbered on it.

        The board comes first; the moves take the lines left above the prompt: numbered
        with labels, numbered without, or (when even that would not fit, or the game's
        screen sums them up) listed by kind and not numbered, so that a number typed
        always means what the screen shows.
        """
        if not draw:
            if message is not None:
                self.console.print(message)
            return self.numbered
        game = self.game
        obs = game.observation(seat)
        self.clear()
        interlude = getattr(self.renderer, "interlude", None)
        between = interlude(obs) if interlude else None
        key = (seat, f"{obs.get('epoch')}")
        if between is not None and key not in self.shown:
            self.shown.add(key)
            self.console.print(between)
            if self.live:
                self.read("[dim]Press Enter to see the board.[/dim] ")
                self.clear()
        parts: list[RenderableType] = []
        news = self.news[seat]
        if news and self.live:
            sentences = [n for n in news if n.endswith(".")]
            played = [n for n in news if not n.endswith(".")]
            parts.extend(Text(n, style="dim") for n in sentences[-2:])
            if played:
                parts.append(Text(" · ".join(played[-2 * self.game.num_players :]), style="dim"))
        news.clear()
        if getattr(self.renderer, "VIEW", None):
            parts.append(self.renderer.board(obs, pan=self.pan[seat]))
        else:
            parts.append(self.renderer.board(obs))
        used = sum(self._height(part) for part in parts)
        room = self.console.height - used - 2  # the prompt, and a message
        moves, self.numbered = self._moves(obs, room)
        for part in [*parts, moves]:
            self.console.print(part)
        if message is not None:
            self.console.print(message)
        return self.numbered

    def _height(self, renderable: RenderableType) -> int:
        options = self.console.options.update(height=None)
        return len(self.console.render_lines(renderable, options, pad=False))

    def _moves(self, obs: dict[str, Any], room: int) -> tuple[RenderableType, list[Any]]:
        """The legal moves in the first form that fits ``room`` lines, and those numbered."""
        legal = list(self.game.legal_actions())
        notations = [str(a) for a in legal]
        summary = getattr(self.renderer, "moves", None)
        short = summary(notations, obs) if summary else None
        if short is not None:
            return short, []
        if len(legal) <= MANY:
            for labelled in (True, False):
                items = []
                for number, notation in enumerate(notations, start=1):
                    text = Text.assemble((f"{number:>2} ", "bold cyan"), (notation, "bold"))
                    label = self.renderer.action_label(notation, obs) if labelled else ""
                    if label:
                        text.append(f" {label}", style="dim")
                    items.append(text)
                numbered = Columns(items, padding=(0, 2))
                if self._height(numbered) <= room:
                    return numbered, legal
        grouped = _grouped(notations)
        if self._height(grouped) > room:
            grouped = _grouped(notations, terse=True)
        return grouped, []

    def show_rules(self, seat: int) -> None:
        """The rules in short and the powers in play; back to the board on Enter."""
        self.clear()
        rules = getattr(self.renderer, "rules", None)
        obs = self.game.observation(seat)
        self.console.print(rules(obs) if rules else Text(game_info(self.game.name).summary))
        if self.live:
            self.read("[dim]Press Enter to go back to the game.[/dim] ")

    # -- undo --------------------------------------------------------------------------

    def _undo_target(self, seat: int) -> int | None:
        for index in range(len(self.moves) - 1, -1, -1):
            move = self.moves[index]
            if move.seat == seat and not move.forced:
                return index
        return None

    def cannot_undo(self, seat: int) -> str | None:
        """Why ``seat`` cannot take back a move now, or ``None`` if it can."""
        target = self._undo_target(seat)
        if target is None:
            return "You have no move to take back."
        for move in self.moves[target + 1 :]:
            if move.seat in self.people and move.seat != seat and not move.forced:
                return (
                    f"{self.name(move.seat, seat)} has moved since your last move, so it "
                    "cannot be taken back."
                )
        return None

    def undo(self, seat: int) -> None:
        """Take back the person's last move and everything after it."""
        target = self._undo_target(seat)
        assert target is not None
        taken = [str(a) for a in self.game.actions[target:]]
        self.game = replay(self.game.record(), stop=target)
        self.moves = self.moves[:target]
        replies = len(taken) - 1
        line = f"You took back {taken[0]}"
        if replies:
            line += f" and {replies} move{'s' if replies != 1 else ''} after it"
        self.news[seat].append(line + ".")
        if not self.live:
            self.console.print(line + ".")
        self.keep(quiet=True)

    # -- the end, and the record -------------------------------------------------------

    def finish(self) -> None:
        """The final position and result, for the one person (or everyone)."""
        viewer = self.people[0] if len(self.people) == 1 else None
        self.clear()
        observation = self.game.observation(viewer)
        self.console.print(self.renderer.board(observation))
        self.console.print(self.renderer.result(self.game.result().to_dict(), observation))
        self.keep()

    def meta(self) -> dict[str, Any]:
        """What the record keeps besides the moves: seat names and who played them."""
        data: dict[str, Any] = {
            "seats": [self.name(s) for s in range(self.game.num_players)],
            "table": [spec.agent or PERSON for spec in self.table.seats],
        }
        if self.game.is_over:
            data["result"] = self.game.result().to_dict()
        return data

    def keep(self, quiet: bool = False) -> None:
        """Write the record, if ``--save`` asked for it; say where unless ``quiet``."""
        if self.save is None:
            return
        try:
            self.save.write(self.game.record(self.meta()).to_json(indent=1) + "\n")
        except OSError as exc:
            self.console.print(
                _refusal(f"Could not save the record to {self.save.path}: {exc.strerror}.")
            )
            return
        if not quiet:
            path = self.save.path
            self.console.print(
                Text(
                    f"Record saved to {path} (continue: regency play --load {path}; "
                    f"replay: regency replay {path})."
                )
            )

    def clear(self, scrollback: bool = False) -> None:
        """Start a fresh screen (on a terminal only); optionally wipe the scrollback too."""
        if not self.live:
            return
        self.console.clear()
        if scrollback:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()


_UNDO: Hashable = object()
"""What :meth:`Session.ask` returns for ``undo``."""


def hint_text(
    estimates: list[MoveEstimate],
    observation: dict[str, Any],
    renderer: Any,
    words: Callable[[str], str] | None = None,
) -> Text:
    """The best three of ``estimates`` in a line: the move in words, its notation, its win chance.

    ``words`` says a move in words (``Game.describe``: ``Goblin 9``, ``place Giants at
    0,-2``); the notation follows in brackets, to type. Without it the renderer's label
    follows the notation.
    """
    text = Text("The computer's best moves for you: ")
    for rank, estimate in enumerate(estimates[:HINT_MOVES], start=1):
        if rank > 1:
            text.append(" · ")
        text.append(f"{rank}. ")
        if words is not None:
            text.append(words(estimate.notation), style="bold")
            text.append(f" ({estimate.notation})", style="dim")
        else:
            text.append(estimate.notation, style="bold")
            label = renderer.action_label(estimate.notation, observation)
            if label:
                text.append(f" {label}", style="dim")
        chance = "?" if estimate.win is None else f"{100 * estimate.win:.0f}%"
        text.append(f" {chance}")
    text.append(" (your estimated win chance after each, from what you can see).", style="dim")
    return text


def _refusal(text: str) -> Text:
    return Text(text, style="red")


def _sentence(text: str) -> str:
    """An engine refusal as a sentence: capital first letter, full stop."""
    text = text.strip()
    if not text:
        return "That move is not allowed."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _grouped(notations: list[str], terse: bool = False) -> Group:
    """Many moves, not numbered, listed by kind in as few lines as may be.

    The kind is the first word, and the last when there are three (``swap … blue``:
    the squares where a blue marker may be swapped); moves of one word share a line.
    ``terse`` keeps each kind to one line, cut short with its count.
    """
    groups: dict[str, list[str]] = {}
    for notation in notations:
        words = notation.split()
        if len(words) == 3:
            groups.setdefault(f"{words[0]} … {words[2]}", []).append(words[1])
        else:
            groups.setdefault(words[0], []).append(" ".join(words[1:]))
    lines = []
    alone = [head for head, tails in groups.items() if not any(tails)]
    for head, tails in groups.items():
        if head in alone:
            continue
        line = Text(head, style="bold cyan", no_wrap=terse, overflow="ellipsis")
        line.append(f" ({len(tails)}): " if terse else ": ")
        line.append("  ".join(tails))
        lines.append(line)
    last = Text()
    if alone:
        last.append("or ", style="dim")
        last.append(", ".join(alone), style="bold cyan")
        last.append(" · ", style="dim")
    last.append(f"{len(notations)} moves, type one (e.g. {notations[0]})", style="dim")
    return Group(*lines, last)


def _history(game: Game[Any]) -> list[_Move]:
    """Who made each move of ``game`` so far, and which were forced (for ``undo``)."""
    if not game.actions:
        return []
    fresh = new_game(game.name, players=game.num_players, seed=game.seed, **game.options)
    moves = []
    for action in game.actions:
        seat = fresh.current_player
        assert seat is not None
        moves.append(_Move(seat, len(fresh.legal_actions()) == 1))
        fresh.play(str(action))
    return moves


def _seats(
    args: argparse.Namespace, game: str, players: int, saved: list[Any] | None
) -> list[SeatSpec]:
    """The seats from ``--seats``, else the saved table, else ``--seat`` and the opponent.

    The opponent is ``--opponent`` (a spec), or ``--level`` (a level of the game's ladder,
    by name), or the default opponent.
    """
    level = getattr(args, "level", None)
    if args.seats:
        if args.seat is not None or args.opponent is not None or level is not None:
            raise UsageError("--seats names every seat: leave out --seat, --opponent and --level")
        return list(parse_seats(args.seats, players))
    usable = saved is not None and len(saved) == players and all(isinstance(s, str) for s in saved)
    chosen = args.seat is not None or args.opponent is not None or level is not None
    if saved and usable and not chosen:
        return list(parse_seats(",".join(saved), players))
    me = 0 if args.seat is None else args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat must be 0 to {players - 1}, not {me}")
    if level is not None:
        opponent = find_level(game, players, level).agent
    else:
        opponent = args.opponent or default_opponent(game, players)
    return [SeatSpec() if s == me else SeatSpec(agent=opponent) for s in range(players)]


def _load(args: argparse.Namespace) -> tuple[Game[Any], list[Any] | None]:
    """The game in ``--load``'s file, and its saved table if it has one."""
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--players", args.players),
            ("--seed", args.seed),
            ("--factions", args.factions),
            ("--option", args.option),
        )
        if value
    ]
    if given:
        raise UsageError(
            f"--load continues the saved game with its own settings: leave out {', '.join(given)}"
        )
    try:
        text = Path(args.load).read_text()
    except OSError as exc:
        raise UsageError(f"--load {args.load}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"--load {args.load}: not a saved game (not text)") from None
    try:
        game = load_game(text)
    except CorruptSaveError as exc:
        raise UsageError(f"--load {args.load}: {exc}") from None
    meta = json.loads(text).get("meta")
    table = meta.get("table") if isinstance(meta, dict) else None
    return game, table if isinstance(table, list) else None


def run_play(args: argparse.Namespace, console: Console) -> int:
    """Set up the table from the arguments, play, and return the exit status."""
    saved: list[Any] | None = None
    if args.load:
        game, saved = _load(args)
        if game.is_over:
            raise UsageError(f"--load {args.load}: that game is over (regency replay shows it)")
        players = game.num_players
    else:
        if not args.game:
            raise UsageError("name a game to play (regency play claim), or --load a saved one")
        info = game_info(args.game)
        players = args.players if args.players is not None else info.default_players
    seats = _seats(args, game.name if args.load else args.game, players, saved)
    if args.load:
        table = TableSpec.create(game.name, players, seats, game.options, game.seed)
    else:
        table = TableSpec.create(args.game, players, seats, game_options(args), args.seed)
        game = table.new_game()
    if not table.people:
        raise TableError(
            "--seats needs at least one human; for computer players only, use regency simulate"
        )
    save = None
    if args.save:
        first = game.record({"table": [s.agent or PERSON for s in seats]}).to_json(indent=1)
        save = SaveFile.open(args.save, args.force, args.load, first + "\n")
    live = console.is_terminal and sys.stdin.isatty()
    session = Session(console, table, game, save, live)
    try:
        return session.run()
    except RegencyError as exc:  # pragma: no cover - a bug, kept from becoming a traceback
        raise UsageError(str(exc)) from None
