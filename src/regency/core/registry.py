"""The registry of games: each game's facts, found by name.

Games register a :class:`GameInfo` when their package is imported; everything else
finds them by name. Nothing here knows any particular game, and nothing here imports a
game: whoever knows the games adds a *source* (:func:`add_source`), a function that
imports them, called the first time the registry is read. The package's top level
(``regency/__init__.py``) adds the built-in games and those of the ``regency.games``
entry points this way. Starting a game by name (``new_game``, ``replay``,
``load_game``) is :mod:`regency.core.start`, built on this module.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regency.core.errors import UnknownGameError, quote
from regency.core.i18n import _

if TYPE_CHECKING:
    # Types only: the view and the game contract import this module (the view finds
    # its game's class here), so at run time the aliases below name them as strings.
    from regency.core.arrays import ArraySpec, ArrayWriter, FeatureWriter
    from regency.core.encoding import Encoder
    from regency.core.explain import Explainer
    from regency.core.game import Game, Result
    from regency.core.solving import SolverFactory
    from regency.core.teaching import Teaching
    from regency.core.view import SeatView

__all__ = [
    "ArrayWriterFactory",
    "EncoderFactory",
    "FeatureWriterFactory",
    "GameInfo",
    "Heuristic",
    "Insights",
    "Judge",
    "Option",
    "Ranking",
    "add_source",
    "available_games",
    "game_class",
    "game_info",
    "register",
]

Heuristic = Callable[["SeatView[Any]", random.Random], Hashable]
"""A game's rule-based policy: given a seat's view and a random source, pick an action."""
Ranking = Callable[["SeatView[Any]", random.Random], list[Hashable]]
"""A heuristic's legal actions for a view, best first."""
Judge = Callable[[Any], list[float]]
"""Each seat's win chance in a (dealt) game state, as a heuristic judges it."""

Insights = Callable[["Result"], dict[str, float]]
"""A game's per-game facts for designers, averaged by ``regency simulate``.

Called on each finished game's result; returns named values (``"goblins decided"``:
1.0). Each name is averaged over the games that reported it, so a fact about a faction
that was not in every deck is averaged over the games it was in.
"""

EncoderFactory = Callable[[int], "Encoder"]
ArrayWriterFactory = Callable[["ArraySpec"], "ArrayWriter[Any]"]
"""Builds a game's fast path to the RL environments' arrays for a layout (``core/arrays.py``).

The writer's module imports numpy and the game's state, so a game registers a function
that imports it when called; the state never imports its writer, which imports it.
"""
"""Builds a game's observation encoder (``regency.envs``) for a player count.

The encoder needs numpy (the ``rl`` extra), so a game registers a function that imports
it when called, and registering the game imports no numpy.
"""
FeatureWriterFactory = Callable[[int], "FeatureWriter"]
"""Builds a game's writer of a learned evaluation's features for a player count
(``core/arrays.py``); imported when called, like the array writer."""


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
        encoder: Builds the game's observation encoder for a player count (the RL
            environments' arrays, ``regency.envs.encoder_for``), if it has one.
        array_writer: Builds a writer that fills the encoder's arrays and masks straight
            from the state, for a batch of games (the environments' fast path), if the
            game has one; without it the environments use the encoder.
        value_features: Builds the writer of the features a learned evaluation reads
            (``regency.agents.value``) for a player count, for a game whose observation
            array is too large to be a small network's input; ``None``: the network reads
            the observation array itself (``array_writer``).
        default_opponents: Player count -> the spec of the default computer player
            there: the strongest agent measured (docs/measurements.md, "Strength"). A
            count not listed gets the heuristic, or the search if the game has none
            (``regency.agents.defaults.default_opponent``).
        teaching: The game's course of lessons and what its coach knows
            (``regency.learn``; docs/learn.md), if it has them.
        explainer: How the game says what a move did, in its own words (which trick
            it wins, which faction or row it decides), for puzzle explanations
            (``regency.core.explain``), if it has one.
        solver: Makes the game's exact solver for positions where every card's place
            is known (``core/solving.py``; the ``pimc`` agent, analysis and puzzles use
            it), if it has one.
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
    encoder: EncoderFactory | None
    array_writer: ArrayWriterFactory | None
    value_features: FeatureWriterFactory | None
    default_opponents: Mapping[int, str]
    teaching: Teaching | None
    explainer: Explainer | None
    solver: SolverFactory | None

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
        encoder: EncoderFactory | None = None,
        array_writer: ArrayWriterFactory | None = None,
        value_features: FeatureWriterFactory | None = None,
        default_opponents: Mapping[int, str] | None = None,
        teaching: Teaching | None = None,
        explainer: Explainer | None = None,
        solver: SolverFactory | None = None,
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
        self.encoder = encoder
        self.array_writer = array_writer
        self.value_features = value_features
        self.default_opponents = dict(default_opponents or {})
        self.teaching = teaching
        self.explainer = explainer
        self.solver = solver
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
            # Words for people, in the reader's language (the games mark them with N_).
            "summary": _(self.summary),
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
_SOURCES: list[Callable[[], object]] = []
_LOADING = threading.RLock()
"""Held while the sources run: a thread reading the registry meanwhile waits for them
(else it could see a source already taken from the list but not yet run, and a game
missing)."""
_loading: list[bool] = []
"""Not empty while a source runs (the list of sources may already be empty then)."""
"""Functions that register games, not called yet (:func:`add_source`)."""


def register(info: GameInfo) -> None:
    """Add a game to the registry (called by each game package on import)."""
    _GAMES[info.name] = info


def add_source(source: Callable[[], object]) -> None:
    """Have ``source`` register its games the first time the registry is read.

    ``source`` is called once, with no arguments, before the next lookup; it registers
    games with :func:`register` (typically by importing their packages). Deferring it
    keeps importing the registry cheap and lets it name no game.
    """
    _SOURCES.append(source)


def _games() -> dict[str, GameInfo]:
    if _SOURCES or _loading:
        with _LOADING:
            while _SOURCES:
                _loading.append(True)
                try:
                    _SOURCES.pop(0)()
                finally:
                    _loading.pop()
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
