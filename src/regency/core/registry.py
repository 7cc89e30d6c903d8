"""The registry of games and the public entry points built on it.

Games register a :class:`GameInfo` when ``regency.games`` is imported; everything else
finds them by name. Nothing here knows any particular game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from regency.core.errors import (
    CorruptSaveError,
    GameOptionError,
    IllegalActionError,
    UnknownGameError,
    quote,
)
from regency.core.game import (
    SAVE_FORMAT,
    SAVE_VERSION,
    Game,
    Result,
    check_saved_state,
    state_digest,
)
from regency.core.record import RECORD_FORMAT, RECORD_VERSION, Record, read_json
from regency.core.rng import MAX_SEED, new_seed
from regency.core.view import SeatView

__all__ = [
    "GameInfo",
    "Heuristic",
    "Insights",
    "Judge",
    "Option",
    "Ranking",
    "available_games",
    "game_class",
    "game_info",
    "load_game",
    "new_game",
    "register",
    "replay",
]

Heuristic = Callable[[SeatView[Any], random.Random], Hashable]
"""A game's rule-based policy: given a seat's view and a random source, pick an action."""
Ranking = Callable[[SeatView[Any], random.Random], list[Hashable]]
"""A heuristic's legal actions for a view, best first."""
Judge = Callable[[Any], list[float]]
"""Each seat's win chance in a (dealt) game state, as a heuristic judges it."""

Insights = Callable[[Result], dict[str, float]]
"""A game's per-game facts for designers, averaged by ``regency simulate``.

Called on each finished game's result; returns named values (``"goblins decided"``:
1.0). Each name is averaged over the games that reported it, so a fact about a faction
that was not in every deck is averaged over the games it was in.
"""


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game accepts as a ``new_game`` keyword argument.

    Attributes:
        name: The keyword (``"deck"``).
        help: One line for people: what it does and what values it takes.
        default: The value used when the option is not given.
        secret: Whether the option fixes hidden cards (a stacked deal): like the seed, it
            is kept from the players until the game ends (a server publishes it only in
            the finished game's record).
    """

    name: str
    help: str
    default: Any = None
    secret: bool = False


class GameInfo(str):
    """A registered game. It *is* its name (a ``str``), with its facts as attributes.

    So ``"claim" in regency.available_games()`` works, and so does
    ``regency.available_games()[0].players``.

    Attributes:
        title: The name people use.
        players: The player counts the game supports.
        default_players: The count used when ``players`` is not given.
        options: The game-specific options (``players`` and ``seed`` are always accepted).
        summary: One sentence on the game.
        game_class: The :class:`Game` subclass.
        heuristic: The game's rule-based policy, used by the ``heuristic`` agent.
        insights: The game's facts for designers, averaged by ``regency simulate``.
        score_name: What ``Result.scores`` counts, for tables (``"factions won"``).
        search_iterations: The ``ismcts`` agent's default iterations per move: about a
            second of search on a typical 2-core machine.
        rollout_budget: The ``rollout`` agent's default worlds per decision and moves of
            look-ahead, ``(iters, depth)``: the settings measured strongest there, at
            about a second a move (docs/measurements.md, "The ladder").
        ranking: The heuristic's legal actions best first (search's ``top``), if any.
        judge: Each seat's win chance in a position as the heuristic judges it (search's
            ``eval=heuristic`` at a playout cut-off), if any.
    """

    title: str  # type: ignore[assignment]  # the game's title, not str.title()
    players: tuple[int, ...]
    default_players: int
    options: tuple[Option, ...]
    summary: str
    game_class: type[Game[Any]]
    heuristic: Heuristic | None
    insights: Insights | None
    score_name: str
    search_iterations: int | None
    rollout_budget: tuple[int, int] | None
    ranking: Ranking | None
    judge: Judge | None

    def __new__(
        cls,
        name: str,
        *,
        title: str,
        players: tuple[int, ...],
        options: tuple[Option, ...],
        summary: str,
        game_class: type[Game[Any]],
        heuristic: Heuristic | None = None,
        insights: Insights | None = None,
        default_players: int | None = None,
        score_name: str = "score",
        search_iterations: int | None = None,
        rollout_budget: tuple[int, int] | None = None,
        ranking: Ranking | None = None,
        judge: Judge | None = None,
    ) -> GameInfo:
        """Describe a game (see the class docstring for the fields)."""
        self = super().__new__(cls, name)
        self.title = title
        self.players = players
        self.default_players = players[0] if default_players is None else default_players
        self.options = options
        self.summary = summary
        self.game_class = game_class
        self.heuristic = heuristic
        self.insights = insights
        self.score_name = score_name
        self.search_iterations = search_iterations
        self.rollout_budget = rollout_budget
        self.ranking = ranking
        self.judge = judge
        return self

    @property
    def name(self) -> str:
        """The registry name, as a plain ``str``."""
        return str.__str__(self)

    def describe(self) -> dict[str, Any]:
        """Return the game's facts as a JSON-ready dict (for ``--json`` and servers)."""
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.players),
            "summary": self.summary,
            "options": [
                {"name": o.name, "help": o.help, "default": o.default, "secret": o.secret}
                for o in self.options
            ],
        }

    def public_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` without the secret ones (those that fix hidden cards)."""
        secret = {o.name for o in self.options if o.secret}
        return {k: v for k, v in options.items() if k not in secret}


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game to the registry (called by each game package on import)."""
    _GAMES[info.name] = info


def _games() -> dict[str, GameInfo]:
    if not _GAMES:
        import regency.games  # noqa: F401  (registers every built-in game)
    return _GAMES


def available_games() -> list[GameInfo]:
    """Return every registered game, each equal to its name, with its facts attached."""
    return list(_games().values())


def game_info(name: str) -> GameInfo:
    """Return the registered game called ``name``.

    Raises:
        UnknownGameError: naming the games that exist.
    """
    games = _games()
    try:
        return games[name]
    except (KeyError, TypeError):
        known = ", ".join(games)
        raise UnknownGameError(f"no game called {quote(name)}; games: {known}") from None


def game_class(name: str) -> type[Game[Any]]:
    """Return the :class:`Game` subclass registered as ``name``."""
    return game_info(name).game_class


def new_game(
    name: str, /, players: int | None = None, seed: int | None = None, **options: Any
) -> Game[Any]:
    """Start a game.

    Args:
        name: A registered game (see :func:`available_games`).
        players: Number of seats; the game's default when omitted.
        seed: Fixes every random event (R-ALL-1); a fresh one is drawn when omitted,
            and recorded so the game can still be replayed.
        **options: The game's own options (see ``GameInfo.options``).

    Raises:
        UnknownGameError: if no game has that name.
        GameOptionError: if an option is unknown or its value is refused.
    """
    info = game_info(name)
    if players is None:
        players = info.default_players
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
        *most, last = [str(p) for p in info.players]
        counts = f"{', '.join(most)} or {last}" if most else last
        raise GameOptionError(f"{info.title} is for {counts} players, not {quote(players)}")
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GameOptionError(f"seed must be an integer from 0 to {MAX_SEED}, not {quote(seed)}")
    known = {o.name for o in info.options}
    unknown = sorted(set(options) - known)
    if unknown:
        accepted = ", ".join(["players", "seed", *sorted(known)])
        raise GameOptionError(
            f"{info.title} has no option {', '.join(map(quote, unknown))}; options: {accepted}"
        )
    return info.game_class.create(players, seed, options)


def replay(record: Record | dict[str, Any] | str | bytes, *, stop: int | None = None) -> Game[Any]:
    """Rebuild a game from its record.

    Every record is checked the same way, whatever form it comes in: a :class:`Record`
    object is checked field by field as if it had been read from a file. When the record
    carries a digest and all its moves are replayed, the final position must match it.

    Args:
        record: A :class:`Record`, its dict, or its JSON text (``str`` or ``bytes``).
        stop: Replay only the first ``stop`` decisions (``None``: all of them).

    Raises:
        CorruptSaveError: if the record is malformed, a decision in it is illegal, or the
            game it replays is not the one its digest describes.
        GameOptionError: if ``stop`` is not ``None`` or a whole number from 0.
    """
    if stop is not None and (isinstance(stop, bool) or not isinstance(stop, int) or stop < 0):
        raise GameOptionError(f"stop must be None or a number of moves from 0, not {quote(stop)}")
    if isinstance(record, (str, bytes, bytearray)):
        record = Record.from_json(record)
    elif isinstance(record, Record):
        # A Record built in code is checked like one read from a file: its fields are
        # whatever the caller put there (``Record(meta=[])`` is refused, naming ``meta``).
        record.check()
    else:
        record = Record.from_dict(record)
    try:
        game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    except GameOptionError as exc:
        raise CorruptSaveError(f"the record's game cannot be set up: {exc}") from None
    moves = record.actions[:stop]
    for number, notation in enumerate(moves, start=1):
        try:
            game.play(notation)
        except IllegalActionError as exc:
            raise CorruptSaveError(
                f"move {number} ({quote(notation)}) is not legal: {exc}"
            ) from None
    complete = len(moves) == len(record.actions)
    if complete and record.digest is not None and state_digest(game.state_dict()) != record.digest:
        raise CorruptSaveError(
            "the replayed game does not match the record's digest: its seed, options "
            "or moves were changed (or it was written by another version of its rules)"
        )
    return game


def load_game(text: str | bytes) -> Game[Any]:
    """Load a game saved with ``Game.to_json`` (a plain record is accepted too).

    The moves are replayed and the result compared with the saved state, so a damaged
    or edited file is refused with a message instead of being loaded wrong. A save of
    an earlier version (1) is replayed from its moves alone: its state was written with
    fields that have since changed.

    Raises:
        CorruptSaveError: if the text is not a save, or does not describe a legal game.
    """
    data = read_json(text, "save")
    if not isinstance(data, dict):
        raise CorruptSaveError("a save must be a JSON object")
    kind = data.get("format")
    if kind == RECORD_FORMAT:
        return replay(data)
    if kind != SAVE_FORMAT:
        raise CorruptSaveError(f"not a regency save (format is {quote(kind)})")
    version = data.get("version")
    if version not in (1, SAVE_VERSION) or isinstance(version, bool):
        raise CorruptSaveError(
            f"save version {quote(version)} is not supported "
            f"(this regency reads 1 and {SAVE_VERSION})"
        )
    if "state" not in data:
        raise CorruptSaveError("the save has no 'state'")
    record_part = {k: v for k, v in data.items() if k != "state"}
    record_part["format"] = RECORD_FORMAT
    record_part["version"] = RECORD_VERSION
    game = replay(record_part)
    if version == SAVE_VERSION:
        check_saved_state(game.state_dict(), data["state"])
    return game
