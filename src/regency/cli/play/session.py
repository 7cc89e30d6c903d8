"""The game loop of ``regency play``: whose turn, asking a person, undo, the end.

A :class:`Session` plays one game at the terminal: computer seats choose from their
views, each person is asked at the keyboard (and the keyboard passed between people),
and the record is written after every move when ``--save`` asked for it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from regency.agents import Agent
from regency.agents.base import MoveEstimate
from regency.agents.ladder import computer_with_spec
from regency.agents.pimc import exact_estimates
from regency.analysis import evaluator, hint_agent
from regency.cli.play.saving import SaveFile
from regency.cli.play.screen import (
    height,
    hint_text,
    listed_moves,
    news_lines,
    refusal,
    sentence,
)
from regency.core.errors import IllegalActionError
from regency.core.game import Game
from regency.core.i18n import N_, _, ngettext
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.start import new_game, replay
from regency.core.words import YOU
from regency.render import renderer_for
from regency.tables import PERSON, TableSpec

__all__ = ["HELP", "HINT_NODES", "LONGEST_ENTRY", "PAN", "Session"]

HELP = N_(
    "Type the number of a move or its notation (shown beside the number). Commands: "
    "'undo' takes back your last move, 'rules' shows the rules in short, 'hint' shows the "
    "computer's three best moves with your estimated win chances (from what you can see), "
    "'quit' stops (the game is kept with --save)."
)

LONGEST_ENTRY = 200
"""Longer entries are refused before any parsing."""

PAN = {"<": (-1, 0), ">": (1, 0), "^": (0, 1), "v": (0, -1)}
"""Scroll commands, for renderers whose ``board`` takes a ``pan``."""

HINT_NODES = 400_000
"""The most positions an exact hint may search (about 2.5 s of a core in pure Python,
0.7 s compiled); a position that needs more gets the hint agent's estimates."""


class _Stop(Exception):
    """The person quit, or input ended."""


@dataclass(slots=True)
class _Move:
    """Who made a move of the game's log, and whether it was their only choice."""

    seat: int
    forced: bool


@dataclass
class Session:
    """One game at the terminal: the table, the game, and what each person has seen.

    Attributes:
        console: Where screens go.
        table: Who sits where.
        game: The game in progress.
        save: Where the record is kept, if anywhere.
        live: Whether this is a terminal (screens are redrawn in place) or a pipe.
        hint_agent: The agent spec ``hint`` asks: the game's own (``regency.analysis``),
            unless ``regency.cli.play.HINT_AGENT`` names another.
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
        self.hint_agent = hint_agent(self.game.name, self.game.num_players)
        self.moves = _history(self.game)
        self.news = {p: [] for p in self.people}
        self.pan = {p: (0, 0) for p in self.people}
        self.spectator_view = self.game.observation(None)  # seat names, colours, teams

    # -- names -------------------------------------------------------------------------

    def name(self, seat: int, viewer: int | None = None) -> str:
        """What ``viewer`` calls ``seat``: ``You``, ``Seat 2`` or a colour, as on screen."""
        if seat == viewer:
            return YOU
        namer = getattr(self.renderer, "seat_name", None)
        return str(namer(self.spectator_view, seat)) if namer else _("Seat {seat}", seat=seat)

    def who(self, seat: int) -> str:
        """Who plays ``seat``: a person, or which computer player."""
        spec = self.table.seats[seat].agent
        if spec is None:
            return _("a person")
        return computer_with_spec(self.game.name, self.game.num_players, spec)

    def introduction(self, viewer: int | None) -> str:
        """The table in one sentence: each seat's one name, who plays it, partners."""
        teams = self.spectator_view.get("teams") or []
        parts: list[str] = []
        for seat in range(self.game.num_players):
            label = self.name(seat)
            if seat == viewer:
                parts.insert(0, _("You are {seat}", seat=label))
                continue
            partner = viewer is not None and any(seat in t and viewer in t for t in teams)
            if partner:
                parts.append(_("{seat}: {who} (your partner)", seat=label, who=self.who(seat)))
            else:
                parts.append(_("{seat}: {who}", seat=label, who=self.who(seat)))
        if teams and viewer is None:
            first, second = (" & ".join(self.name(s) for s in t) for t in teams)
            parts.append(_("{first} and {second} play as teams", first=first, second=second))
        seed = self.game.seed
        return _(
            "{table}. Seed {seed} (the same deal again: --seed {seed}).",
            table="; ".join(parts),
            seed=seed,
        )

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
            moves = len(self.game.actions)
            self.console.print(
                ngettext(
                    "Game stopped after {count} move.",
                    "Game stopped after {count} moves.",
                    moves,
                )
            )
            self.keep()
            return 0
        except KeyboardInterrupt:
            moves = len(self.game.actions)
            self.console.print(
                "\n"
                + ngettext(
                    "Interrupted after {count} move.",
                    "Interrupted after {count} moves.",
                    moves,
                )
            )
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
            thinking = _("{seat} is thinking...", seat=self.name(seat, self.at_keyboard))
            with self.console.status(thinking):
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
                line = _("You had one move only, played for you: {move}", move=seen[person])
            elif forced:
                line = _("{seat}: {move} (their only move)", seat=name, move=seen[person])
            else:
                line = _("{seat}: {move}", seat=name, move=seen[person])
            if person != seat or forced:
                self.news[person].append(line)
        if not self.live:
            viewer = self.people[0] if len(self.people) == 1 else None
            text = seen[viewer] if viewer is not None else spectator
            if forced and seat == viewer:
                self.console.print(
                    Text(_("You had one move only, played for you: {move}", move=text))
                )
            else:
                self.console.print(
                    Text(_("{seat}: {move}", seat=self.name(seat, viewer), move=text))
                )
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
                    (_("Pass the keyboard to {name}.", name=name) + "\n", "bold"),
                    _(
                        "The screen of {previous} is hidden. {name}: press Enter when you are "
                        "ready.",
                        previous=self.name(previous),
                        name=name,
                    ),
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
            entry = self.read(
                Text(_("Your move (number or notation, ? for help):") + " ", style="bold")
            ).strip()
            if not entry:
                continue
            if len(entry) > LONGEST_ENTRY and not entry.isdecimal():
                message = refusal(_("That is too long to be a move."))
                continue
            lowered = entry.lower()
            if lowered in ("q", "quit", "exit"):
                raise _Stop
            if lowered in ("?", "h", "help"):
                message = Text(_(HELP))
                continue
            if lowered == "rules":
                self.show_rules(seat)
                continue
            if lowered == "undo":
                reason = self.cannot_undo(seat)
                if reason is None:
                    return _UNDO
                message = refusal(reason)
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
                    message = refusal(_("Nothing more of the grid that way."))
                else:
                    self.pan[seat] = (x + dx, y + dy)
                    first = True
                continue
            if entry.isdecimal():
                if not numbered:
                    example = str(self.game.legal_actions()[0])
                    message = refusal(
                        _(
                            "The moves are not numbered on this screen: type one, e.g. {example}.",
                            example=example,
                        )
                    )
                    continue
                count = len(numbered)
                number = int(entry) if len(entry) <= 6 else 0
                if 1 <= number <= count:
                    return numbered[number - 1]  # type: ignore[no-any-return]
                shown = entry if len(entry) <= 6 else entry[:6] + "..."
                message = refusal(
                    _("There is no move {entry}: choose 1 to {count}.", entry=shown, count=count)
                )
                continue
            try:
                return self.game.parse_action(entry)  # type: ignore[no-any-return]
            except IllegalActionError as exc:
                message = refusal(sentence(str(exc)))

    def hint(self, seat: int) -> Text:
        """The hint agent's three best moves for ``seat``, judged from its own view only.

        Where the seat knows every card's place and the game has an exact solver
        (2-player Claim's phase two), the solver judges them, exactly, instead.
        """
        view = self.game.view(seat)
        seed = derive_seed(self.game.seed, "hint", seat, len(self.game.actions))
        judge = evaluator(self.hint_agent, self.game.name, seed)

        def estimates() -> list[MoveEstimate]:
            exact = exact_estimates(view, HINT_NODES)
            return exact if exact is not None else judge.evaluate(view)

        if self.live:
            with self.console.status(_("The computer is thinking about your move...")):
                found = estimates()
        else:
            found = estimates()
        return hint_text(found, view.observation, self.renderer, self.game.describe)

    def read(self, prompt: str | Text) -> str:
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
                self.read(Text(_("Press Enter to see the board.") + " ", style="dim"))
                self.clear()
        parts: list[RenderableType] = []
        news = self.news[seat]
        if news and self.live:
            parts.extend(news_lines(news, self.game.num_players))
        news.clear()
        if getattr(self.renderer, "VIEW", None):
            parts.append(self.renderer.board(obs, pan=self.pan[seat]))
        else:
            parts.append(self.renderer.board(obs))
        used = sum(height(self.console, part) for part in parts)
        room = self.console.height - used - 2  # the prompt, and a message
        legal = list(game.legal_actions())
        moves, self.numbered = listed_moves(self.console, self.renderer, legal, obs, room)
        for part in [*parts, moves]:
            self.console.print(part)
        if message is not None:
            self.console.print(message)
        return self.numbered

    def show_rules(self, seat: int) -> None:
        """The rules in short and the powers in play; back to the board on Enter."""
        self.clear()
        rules = getattr(self.renderer, "rules", None)
        obs = self.game.observation(seat)
        self.console.print(rules(obs) if rules else Text(game_info(self.game.name).summary))
        if self.live:
            self.read(Text(_("Press Enter to go back to the game.") + " ", style="dim"))

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
            return _("You have no move to take back.")
        for move in self.moves[target + 1 :]:
            if move.seat in self.people and move.seat != seat and not move.forced:
                return _(
                    "{seat} has moved since your last move, so it cannot be taken back.",
                    seat=self.name(move.seat, seat),
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
        if replies:
            line = ngettext(
                "You took back {move} and {count} move after it.",
                "You took back {move} and {count} moves after it.",
                replies,
                move=taken[0],
            )
        else:
            line = _("You took back {move}.", move=taken[0])
        self.news[seat].append(line)
        if not self.live:
            self.console.print(line)
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
                refusal(
                    _(
                        "Could not save the record to {path}: {reason}.",
                        path=self.save.path,
                        reason=exc.strerror,
                    )
                )
            )
            return
        if not quiet:
            path = self.save.path
            self.console.print(
                Text(
                    _(
                        "Record saved to {path} (continue: regency play --load {path}; "
                        "replay: regency replay {path}).",
                        path=path,
                    )
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
