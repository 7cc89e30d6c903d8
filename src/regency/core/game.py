"""The contract every game implements, and the value objects it hands out.

A :class:`Game` is one game in progress: mutable, cheap to :meth:`~Game.clone`, and
complete (it holds the hidden cards too). Everything outside ``regency.games`` — agents,
the command line, the simulators — talks to games only through this class, so a new game
needs no change anywhere else.

Two ways to make a move, as python-chess has ``push`` beside ``push_uci``:

* :meth:`Game.play` is checked: it takes an action or its notation, refuses anything
  malformed or illegal with :class:`~regency.core.errors.IllegalActionError` and leaves
  the game untouched when it does.
* :meth:`Game.apply` trusts its caller (an action taken from :meth:`Game.legal_actions`)
  and is the fast path for simulation and search.

Hidden information is computed in exactly one place per game, :meth:`Game.observation`.
Agents never receive a game: they receive a :class:`~regency.core.view.SeatView` built
from their seat's observation (see ``docs/architecture.md``).
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from regency.core.errors import (
    CorruptSaveError,
    GameOverError,
    IllegalActionError,
    RegencyError,
    quote,
)
from regency.core.notation import (
    MAX_NOTATION,
    check_notation,
    normalize_notation,
    notation_words,
)
from regency.core.record import SAVE_FORMAT, Record
from regency.core.rng import choice
from regency.core.view import SeatView

if TYPE_CHECKING:
    pass

__all__ = [
    "MAX_NOTATION",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Game",
    "GameViews",
    "GameWorlds",
    "Result",
    "check_notation",
    "normalize_notation",
    "notation_words",
    "state_digest",
    "win_shares",
]

A = TypeVar("A", bound=Hashable)

SAVE_VERSION: Final = 2
"""Version 2 (Claim's knowledge of held cards by code) replaced version 1; a version 1
save is replayed from its moves and its state is not compared (see ``load_game``)."""


def state_digest(state: dict[str, Any]) -> str:
    """Return a short fingerprint of a full state (``Game.state_dict()``).

    Records carry the digest of their final position, so a replay that reaches another
    position (a changed seed, options or move) is noticed.
    """
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    Attributes:
        scores: One score per seat, in the game's own unit (factions won, points, gold).
            In team games each seat carries its team's score.
        winners: The seats that won; more than one for a shared win.
        details: Game-specific breakdown (votes, tie-breaks...), JSON-ready.
    """

    scores: list[int]
    winners: list[int]
    details: dict[str, Any] = field(default_factory=dict)

    def reward(self, seat: int) -> float:
        """Return the seat's share of the win: 1 alone, 1/k in a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Return the result as a JSON-ready dict."""
        return {"scores": list(self.scores), "winners": list(self.winners), **self.details}


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win (:meth:`Result.reward`) from the winning seats alone.

    For games' :meth:`Game.rewards`, which skip building a whole :class:`Result`.
    """
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(players)]


class GameViews(Protocol):
    """A game's views module (``games/<game>/views.py``): what each seat sees.

    The one place a game decides what each seat sees; the game names it in
    :attr:`Game.views`. A module is one by defining these two functions.
    """

    def observation(self, state: Any, seat: int | None, /) -> dict[str, Any]:
        """Exactly what ``seat`` may see of ``state`` (``None``: a spectator), JSON-ready."""
        ...

    def state_dict(self, state: Any, /) -> dict[str, Any]:
        """The full state, hidden parts included, JSON-ready (used by saves)."""
        ...


class GameWorlds(Protocol):
    """A game's worlds module (``games/<game>/worlds.py``): complete games dealt.

    Worlds dealt from what a seat knows (for search), or from the true state (the
    no-leak tests' oracle); the game names it in :attr:`Game.worlds`. A module is one by
    defining these three functions.
    """

    def world_from_observation(
        self, cls: Any, observation: dict[str, Any], rng: random.Random, /
    ) -> Any:
        """A game of class ``cls`` consistent with everything ``observation`` shows."""
        ...

    def world_sampler(
        self, cls: Any, observation: dict[str, Any], /
    ) -> Callable[[random.Random], Any]:
        """``observation`` read once: a function dealing a fresh consistent world per call."""
        ...

    def resample(self, state: Any, seat: int, rng: random.Random, /) -> Any:
        """A copy of ``state`` with what ``seat`` cannot see re-dealt, from the true state."""
        ...


class Game(ABC, Generic[A]):
    """A game in progress. Subclasses implement one game's rules.

    Class attributes set by each game:
        name: The registry name (``"claim"``).
        title: The name people use (``"Claim"``).
        views: Its views module (:class:`GameViews`): :meth:`observation` and
            :meth:`state_dict` are its functions.
        worlds: Its worlds module (:class:`GameWorlds`): :meth:`sample_world`,
            :meth:`world_sampler` and :meth:`resample_hidden` are its functions.

    Attributes:
        num_players: Number of seats, numbered from 0 in turn order.
        seed: The seed every random event of this game derives from (R-ALL-1).
        options: The game's other options, normalised, as ``new_game`` keywords.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    views: ClassVar[GameViews]
    worlds: ClassVar[GameWorlds]

    __slots__ = ("_log", "_records_shared", "_unrecorded", "num_players", "options", "seed")

    num_players: int
    seed: int
    options: dict[str, Any]
    _log: list[A]
    _unrecorded: bool  # a sampled world or a set-up position: not dealt from its seed
    _records_shared: bool  # the log (and a game's own records) are shared with a clone

    # -- for the games: the fields every game has -------------------------------------

    def _init_common(self, players: int, seed: int, options: dict[str, Any]) -> None:
        """Set the fields every game has, for a game dealt from ``seed``."""
        self.num_players = players
        self.seed = seed
        self.options = options
        self._log = []
        self._unrecorded = False
        self._records_shared = False

    def _new_instance(self) -> Self:
        """Return a new instance of this game with no field set yet (for ``clone``).

        Games override it with a plain call of their own class: compiled, that is a C
        call, where ``type(self).__new__`` goes through Python's type machinery, which
        was a third of a compiled ``clone()``.
        """
        return self.__class__.__new__(self.__class__)

    def _copy_common(self) -> Self:
        """Return a blank instance with the fields every game has copied (for ``clone``)."""
        new = self._new_instance()
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options  # never mutated after creation
        new._log = self._log  # shared until one of the two writes to it (_own_records)
        new._records_shared = self._records_shared = True
        new._unrecorded = self._unrecorded
        return new

    def _own_records(self) -> None:
        """Copy the records this game shares with a clone, before writing to one of them.

        ``clone()`` shares the append-only records (the action log, and each game's own
        move history) instead of copying them, so a copy that is only looked at, or
        played on by search (whose fast path logs nothing), never copies the whole
        history: they were most of what a clone copied. Whatever writes to a record
        while ``_records_shared`` calls this first; games extend it with their records.
        """
        self._log = self._log.copy()
        self._records_shared = False

    # -- what each game provides -----------------------------------------------------

    @classmethod
    @abstractmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Set up a new game. ``options`` holds only names the game declares.

        Raises:
            GameOptionError: if an option's value is not acceptable.
        """

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take, each exactly once.

        ``str(action)`` is the action's notation. Empty once the game is over.
        """

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out a legal action, resolving everything up to the next decision."""

    @abstractmethod
    def result(self) -> Result:
        """Return how the game ended.

        Raises:
            RegencyError: if the game is not over.
        """

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Return exactly what ``seat`` may see (``None``: a spectator), JSON-ready.

        This is the information state: it includes what the seat remembers of the
        public history, so an agent needs nothing else to play. The seat is checked
        here; what it sees is decided by the game's :attr:`views` (``observation``).

        Raises:
            TypeError: if ``seat`` is neither an int nor ``None``.
            ValueError: if ``seat`` is not a seat of this game.
        """
        self._check_seat(seat)
        return self.views.observation(self, seat)

    @abstractmethod
    def clone(self) -> Self:
        """Return an independent copy (cheap: this is on the search hot path)."""

    def state_dict(self) -> dict[str, Any]:
        """Return the full state (hidden parts included) as a JSON-ready dict (saves).

        The game's :attr:`views` (``state_dict``) writes it.
        """
        return self.views.state_dict(self)

    @classmethod
    def sample_world(cls, observation: dict[str, Any], rng: random.Random) -> Self:
        """Deal a complete game consistent with everything ``observation`` shows.

        The hidden cards are dealt at random from ``rng``. This is the determinization
        that search agents use: it reads only the observation, so it cannot leak what
        the observing seat does not know. The world has no record (it was never played).
        The game's :attr:`worlds` (``world_from_observation``) deals it.
        """
        world: Self = cls.worlds.world_from_observation(cls, observation, rng)
        return world

    def resample_hidden(self, seat: int, rng: random.Random) -> Self:
        """Return a copy in which what ``seat`` cannot see is re-dealt at random.

        Unlike :meth:`sample_world` this starts from the true state; the conformance
        suite uses it to prove that observations hide what they must. The game's
        :attr:`worlds` (``resample``) deals it.
        """
        world: Self = self.worlds.resample(self, seat, rng)
        return world

    def relabelled(self, rng: random.Random) -> Self:
        """Return a copy in which interchangeable components swap identities.

        Two copies of one card are the same card under every rule, so which copy is
        where must never show in an observation, now or after any further moves. Games
        that give such copies identities of their own (Claim's card ids) override this
        to shuffle them; the conformance suite checks that nothing any seat is shown
        changes. Games that store only kinds have nothing to shuffle: a clone.
        """
        del rng
        return self.clone()

    # -- what every game shares (games may override these for speed) -------------------

    @classmethod
    def world_sampler(cls, observation: dict[str, Any]) -> Callable[[random.Random], Self]:
        """Return a function that deals worlds for ``observation``, one per call.

        Search deals thousands of worlds from one observation, so the game's
        :attr:`worlds` (``world_sampler``) reads the observation once, and each call
        deals one world as :meth:`sample_world` would.
        """
        sampler: Callable[[random.Random], Self] = cls.worlds.world_sampler(cls, observation)
        return sampler

    @classmethod
    def world_weigher(cls, observation: dict[str, Any]) -> Callable[[Self], float] | None:
        """Return how likely a world makes the other seats' play so far, or ``None``.

        Worlds dealt from ``observation`` all agree with what the seat has seen, but not
        all explain equally well why the other seats played as they did: a rival who
        threw their lowest card most likely held no lower one. A game with a model of
        play returns a function giving each world (from :meth:`world_sampler`) a
        weight, proportional to the probability of the rivals' moves in that world, so
        that search can deal worlds in proportion (policy-based inference, Solinas,
        Rebstock and Buro, AAAI 2019; ISMCTS's ``infer``). ``None``: no model, every
        consistent world counts the same.
        """
        del observation
        return None

    def playout(self, rng: random.Random, moves: int | None = None) -> None:
        """Play uniformly random legal moves until the game ends (search rollouts).

        Args:
            rng: The random source.
            moves: Stop after this many moves, if the game has not ended by then.

        Games may override it with a faster loop; the moves are not logged, so the game
        no longer matches its record afterwards (search plays out copies).
        """
        left = -1 if moves is None else moves
        while left and not self.is_over:
            self._apply(choice(rng, self.legal_actions()))
            left -= 1

    def greedy_playout(self, rng: random.Random, moves: int | None = None) -> None:
        """Play to the end by the game's cheap rule of thumb (ISMCTS ``rollout=greedy``).

        Optional: a game that has one overrides this (Claim: a follower wins a trick
        worth having as cheaply as it can, else throws its lowest card). Rivals who play
        like that are nearer real ones than random players, at a fraction of the cost of
        the heuristic.

        Raises:
            NotImplementedError: the game has no such rule.
        """
        del rng, moves
        raise NotImplementedError(f"{type(self).__name__} has no greedy playout")

    def estimate(self) -> list[float] | None:
        """Each seat's score as things stand (in ``Result.scores`` units), or ``None``.

        Lets search stop a playout early and judge the position instead (ISMCTS's
        ``depth``). Games without a meaningful running score return ``None``.
        """
        return None

    def rewards(self) -> list[float]:
        """Each seat's share of the win in a finished game (``Result.reward``), for search.

        Games may override it to skip the breakdown that ``result()`` builds.
        """
        result = self.result()
        return [result.reward(seat) for seat in range(self.num_players)]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.current_player is None

    @property
    def actions(self) -> tuple[A, ...]:
        """Every action taken so far, in order."""
        return tuple(self._log)

    def apply(self, action: A) -> None:
        """Take ``action`` without checking it: the fast path for simulation and search.

        The caller guarantees the action is one of :meth:`legal_actions`; anything else
        may corrupt the game. Use :meth:`play` for input from people or files.
        """
        self._apply(action)
        if self._records_shared:
            self._own_records()
        self._log.append(action)  # logged once carried out: the record never runs ahead

    def play(self, action: A | str, *, list_legal: bool = True) -> A:
        """Take an action, given as an object or in notation, after checking it.

        An object equal to a legal action (``10`` for Claim's card 10, a tuple equal to
        a Claim Kingdoms action) plays that legal action, so what is logged is always
        one of :meth:`legal_actions`. Objects are matched by value only, text by
        notation: an object equal to no legal action is refused even when its ``str()``
        is a legal move's notation (issue 29).

        A refusal explains itself in the player's terms and, by default, lists the
        legal moves. That list is the mover's own business (in Claim it names the
        cards in their hand): a caller that relays refusals to anyone else (a
        spectator, another seat, a log) must pass ``list_legal=False``.

        Args:
            action: The action, or its notation (ASCII; case and spacing are free).
            list_legal: Whether a refusal may list the legal moves.

        Returns:
            The action taken.

        Raises:
            IllegalActionError: if the action is malformed or not legal now; the game
                is left exactly as it was.
        """
        if isinstance(action, str):
            chosen = self.parse_action(action, list_legal=list_legal)
        else:
            chosen = self._legal_match(action, list_legal)
        self.apply(chosen)
        return chosen

    def _legal_match(self, action: object, list_legal: bool) -> A:
        """Return the legal action equal to ``action``, or refuse it."""
        if self.is_over:
            raise GameOverError(f"the game is over; {quote(action)} cannot be played")
        found = None
        if not isinstance(action, bool):  # True == 1, but True is not card 1
            try:
                found = self._find_legal(action)
            except Exception:  # an object whose comparison fails (say, an array) matches none
                found = None
        if found is None:
            raise IllegalActionError(self._refusal(action, list_legal))
        return found

    def _find_legal(self, action: object) -> A | None:
        """The legal action equal to ``action``, or ``None``.

        Games may override it with a faster check than listing every legal action (the
        checked path should cost little more than :meth:`apply`), but must still match
        by equality alone, never by the object's ``str()``.
        """
        legal = self.legal_actions()
        try:
            # list.index compares in C, identity first: the common case (an object taken
            # from legal_actions) costs one pointer comparison per entry.
            return legal[legal.index(action)]
        except ValueError:
            return None

    def _refusal(self, action: object, list_legal: bool) -> str:
        """The game's explanation of a refusal; a generic one if it cannot explain."""
        try:
            return self.why_illegal(action, list_legal=list_legal)  # type: ignore[arg-type]
        except Exception:  # a malformed object the game's explanation cannot read
            return f"{quote(action)} is not a {self.title} action"

    @classmethod
    @abstractmethod
    def action_from_notation(cls, text: object) -> A:
        """Read ``text`` as an action with no game in progress: the stateless codec.

        As python-chess's ``Move.from_uci`` needs no board, this needs no game: a front
        end that receives moves as notation (``regency connect``, a screen drawn from an
        observation) turns them back into action objects without dealing a world. The
        action need not be legal anywhere in particular; :meth:`play` decides that.
        Case and spacing are free, and ``action_to_notation`` of the result writes the
        move back in its canonical form (``kn9`` reads as ``KN9``). Shorthand that
        depends on the position (a bare square for "place the tile just drawn") is read
        by :meth:`parse_action` only.

        Typed ``object``: anything that is not text is refused the same way, compiled
        or not.

        Raises:
            NotationError: if ``text`` is the notation of no action of the game.
        """

    @classmethod
    def action_to_notation(cls, action: A) -> str:
        """Write ``action`` in notation: the inverse of :meth:`action_from_notation`."""
        return str(action)

    def parse_action(self, text: str, *, list_legal: bool = True) -> A:
        """Return the legal action written ``text`` (case and spacing are ignored).

        Games override :meth:`why_illegal` (and may override this) to explain refusals
        in their own terms.

        Args:
            text: The move in notation.
            list_legal: Whether a refusal may list the legal moves (see :meth:`play`).

        Raises:
            IllegalActionError: if ``text`` is not the notation of a legal action.
        """
        if self.is_over:
            raise GameOverError(f"the game is over; {quote(text)} cannot be played")
        wanted = normalize_notation(check_notation(text))
        for action in self.legal_actions():
            if normalize_notation(str(action)) == wanted:
                return action
        raise IllegalActionError(self._refusal(text, list_legal))

    def why_illegal(self, action: A | str, *, list_legal: bool = True) -> str:
        """Explain why ``action`` (an object or its notation) is not legal now.

        Args:
            action: The refused action or notation.
            list_legal: Whether to list the legal moves (see :meth:`play`).
        """
        message = f"{quote(str(action))} is not a legal action now"
        if not list_legal:
            return message
        return f"{message}; legal: {', '.join(str(a) for a in self.legal_actions())}"

    def describe(self, action: A | str) -> str:
        """``action`` (an object or its notation) in words, as a player reads it, now.

        Player-facing text (refusals, hints, analysis) names cards and squares as the
        table does (``Doppelganger 7``, ``place Giants at 0,-2``), never by their codes,
        which stay in notation, records and the API. Called before the action is taken,
        in the position it would be taken in; the words say nothing the mover does not
        know, nor anything the others would not see once it is taken. Text that is not
        a legal move now comes back unchanged; an action object must be legal now (as
        for :meth:`apply`).
        """
        if isinstance(action, str):
            try:
                chosen = self.parse_action(action, list_legal=False)
            except IllegalActionError:
                return action
            return self._describe(chosen)
        return self._describe(action)

    def _describe(self, action: A) -> str:
        """A legal action in words (see :meth:`describe`); games override it.

        The default is the notation, for games whose notation is already words.
        """
        return str(action)

    def public_action(self, action: A, seat: int | None) -> str:
        """How ``seat`` (``None``: a spectator) sees ``action`` being taken, now.

        The notation, with anything that seat may not see blanked out. Called before the
        action is applied. Games where an action can carry hidden information (a card
        kept in secret) override it; for the others every action is public.
        """
        del seat
        return str(action)

    def chance_key(self, seat: int) -> Hashable:
        """What ``seat`` has just learned by chance, for search trees to branch on.

        Called by search after each move. Games return something hashable that tells
        apart the outcomes the seat saw (the tile just drawn), so positions that differ
        in them are not merged; ``None`` (the default) merges them, which suits games
        whose chance outcomes barely change the next decision.
        """
        del seat
        return None

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """Return the record that replays this game: name, options, seed, decisions.

        Raises:
            RegencyError: if the game was not dealt from its seed (a sampled world or a
                set-up position), so no record can replay it.
        """
        if self._unrecorded:
            raise RegencyError(
                "this game was not dealt from its seed (a sampled world or a set-up "
                "position), so it has no record"
            )
        return Record(
            game=self.name,
            players=self.num_players,
            seed=self.seed,
            options=dict(self.options),
            actions=tuple(str(a) for a in self._log),
            meta=dict(meta or {}),
            digest=state_digest(self.state_dict()),
        )

    def to_json(self, indent: int | None = None) -> str:
        """Return the full game, for saving; ``regency.load_game`` reads it back.

        The save holds the record (which replays the game) and the full state (which
        the loader checks against the replay, so a damaged file is refused rather than
        loaded wrong).
        """
        data = self.record().to_dict()
        data["format"] = SAVE_FORMAT
        data["version"] = SAVE_VERSION
        data["state"] = self.state_dict()
        return json.dumps(data, indent=indent)

    def view(self, seat: int) -> SeatView[A]:
        """Return what an agent playing ``seat`` may use: its observation and its moves.

        The view holds no reference to this game, so an agent cannot reach hidden
        cards through it, even by accident.
        """
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return SeatView(self.name, seat, self.num_players, self.observation(seat), legal)

    def _check_seat(self, seat: int | None) -> None:
        """Refuse anything but ``None`` or a seat of this game.

        Raises:
            TypeError: if ``seat`` is not an int or ``None`` (a bool is not a seat).
            ValueError: if ``seat`` is an int outside the table.
        """
        if seat is None:
            return
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"a seat is an int or None, not {quote(seat)}")
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be None or 0..{self.num_players - 1}, not {seat}")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.name} players={self.num_players} "
            f"seed={self.seed} moves={len(self._log)}>"
        )


def check_saved_state(expected: dict[str, Any], saved: Any) -> None:
    """Raise :class:`CorruptSaveError` naming the first field where ``saved`` differs."""
    if expected == saved:
        return
    if not isinstance(saved, dict):
        raise CorruptSaveError("the save's 'state' must be an object")
    for key in expected:
        if key not in saved:
            raise CorruptSaveError(f"the saved state has no field {key!r}")
        if expected[key] != saved[key]:
            raise CorruptSaveError(
                f"the saved state's {key!r} does not match its moves "
                "(the file was changed or damaged)"
            )
    extra = sorted(set(saved) - set(expected))
    raise CorruptSaveError(f"the saved state has unknown fields: {', '.join(extra)}")
