"""A puzzle, a set of them, and the answer to a try.

A puzzle is a position from a real game where, judged from the deciding seat's view,
one move (or a few equivalent ones) keeps a much higher win chance than every other
legal move (:mod:`regency.puzzles.mining` says how they are found). It keeps the game's
record up to the position, so the position is rebuilt exactly (R-ALL-1), but a solver is
only ever shown :meth:`Puzzle.view`: the deciding seat's view, never the hidden cards.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from regency.core.errors import CorruptSaveError, RegencyError, quote
from regency.core.game import Game
from regency.core.i18n import _
from regency.core.record import Record, check_document, read_json
from regency.core.registry import available_games
from regency.core.said import Part, part_from_json, part_to_json, text_of
from regency.core.start import replay
from regency.core.view import SeatView

__all__ = [
    "PUZZLES_FORMAT",
    "PUZZLES_VERSION",
    "Alternative",
    "Puzzle",
    "PuzzleError",
    "PuzzleSet",
    "Verdict",
    "load_puzzles",
    "puzzle_id",
]

NEAREST = 5
"""How many of the unseen puzzles closest to a solver's rating :meth:`PuzzleSet.pick` draws from."""

PUZZLES_FORMAT = "regency-puzzles"
PUZZLES_VERSION = 1


class PuzzleError(RegencyError, ValueError):
    """A puzzle that cannot be read or found: a malformed set, an unknown id or game."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """One legal move of a puzzle and how it was judged.

    Attributes:
        move: Its notation.
        win: The deciding seat's estimated win chance after it, 0 to 1.
    """

    move: str
    win: float


def puzzle_id(record: Record, seat: int) -> str:
    """A puzzle's id: a fingerprint of its position (the game, seed, options and moves)."""
    text = json.dumps(
        [record.game, record.players, record.seed, record.options, list(record.actions), seat],
        sort_keys=True,
    )
    return record.game[0] + hashlib.blake2b(text.encode(), digest_size=5).hexdigest()


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a try at a puzzle gets back.

    Attributes:
        puzzle: The puzzle's id.
        move: The move tried, in notation.
        correct: Whether it is one of the puzzle's answers.
        solutions: The answers.
        win: The tried move's estimated win chance.
        best_win: The best answer's estimated win chance.
    """

    puzzle: str
    move: str
    correct: bool
    solutions: tuple[str, ...]
    win: float
    best_win: float


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position from a real game with one clearly best move (or a few equivalent ones).

    Attributes:
        id: Its fingerprint (:func:`puzzle_id`).
        record: The game up to the position (its last move is the one before the puzzle).
        seat: The seat to move, whose view the solver gets.
        solutions: The moves that solve it, best first (notation).
        alternatives: Every legal move and its estimated win chance, best first.
        explanation: Why the answer is the answer, in words, from the judgement (English).
        why: The same kept as messages (:mod:`regency.core.said`), to be read in any
            language (:meth:`explained`); ``None`` in a set made before issue 49.
        rating: Its difficulty, on the solvers' Glicko-2 scale (1500: a new solver's
            even chance).
        source: Where the game came from (``"heuristic self-play, game 12"``).
        exact: Whether the win chances are exact values under best play, from the game's
            solver where the seat knows every card's place (2-player Claim's phase two):
            the answers are then proven, not estimated.
    """

    id: str
    record: Record
    seat: int
    solutions: tuple[str, ...]
    alternatives: tuple[Alternative, ...]
    explanation: str
    rating: int
    source: str = ""
    exact: bool = False
    why: Part | None = None

    def explained(self) -> str:
        """The explanation in the reader's language (English without :attr:`why`)."""
        return self.explanation if self.why is None else text_of(self.why)

    @property
    def task(self) -> str:
        """What the solver is asked, in the reader's language.

        A proven puzzle's answer wins against best play.
        """
        if self.exact:
            return _("Find the move that wins against best play.")
        return _("Find the move that keeps your best chance to win.")

    @property
    def game(self) -> str:
        """The game's name."""
        return self.record.game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.record.players

    def position(self) -> Game[Any]:
        """The game at the puzzle's position (every card in it: for the judge, not a solver)."""
        return replay(self.record)

    def view(self) -> SeatView[Any]:
        """What the solver is shown: the deciding seat's view, nothing it could not see."""
        return self.position().view(self.seat)

    def win_of(self, move: str) -> float:
        """The estimated win chance of the legal move ``move`` (notation)."""
        for alternative in self.alternatives:
            if alternative.move == move:
                return alternative.win
        raise PuzzleError(f"{quote(move)} is not a legal move of puzzle {self.id}")

    def answer(self, move: str) -> Verdict:
        """Judge a try: ``move`` in the game's notation (any spelling the game reads).

        Raises:
            IllegalActionError: if the move is not legal in the position.
        """
        notation = str(self.position().parse_action(move))
        return Verdict(
            puzzle=self.id,
            move=notation,
            correct=notation in self.solutions,
            solutions=self.solutions,
            win=self.win_of(notation),
            best_win=self.alternatives[0].win,
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (the record without its meta)."""
        record = self.record.to_dict()
        record.pop("meta", None)
        return {
            "id": self.id,
            "record": record,
            "seat": self.seat,
            "solutions": list(self.solutions),
            "alternatives": [[a.move, round(a.win, 4)] for a in self.alternatives],
            "explanation": self.explanation,
            **({"why": part_to_json(self.why)} if self.why is not None else {}),
            "rating": self.rating,
            "source": self.source,
            **({"exact": True} if self.exact else {}),  # sets without proofs stay as they were
        }

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """Read a puzzle, checking its shape and that its position is a legal game's.

        Raises:
            PuzzleError: if it is no puzzle: a field missing or of the wrong kind, a record
                that does not replay, a seat that is not to move, an answer that is not
                one of its moves, or an id that is not its position's.
        """
        try:
            return _puzzle(data)
        except (KeyError, TypeError, ValueError, CorruptSaveError) as exc:
            if isinstance(exc, PuzzleError):
                raise
            raise PuzzleError(f"not a regency puzzle: {exc}") from None


def _puzzle(data: Any) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError(f"a puzzle is an object, not {quote(data)}")
    record = Record.from_dict(data["record"])
    seat = data["seat"]
    game = replay(record)
    if game.current_player != seat:
        raise PuzzleError(f"puzzle {quote(data.get('id'))}: seat {quote(seat)} is not to move")
    legal = {str(a) for a in game.legal_actions()}
    alternatives = tuple(Alternative(str(m), float(w)) for m, w in data["alternatives"])
    if {a.move for a in alternatives} != legal:
        raise PuzzleError(f"puzzle {quote(data.get('id'))}: its moves are not the position's")
    solutions = tuple(str(s) for s in data["solutions"])
    if not solutions or not set(solutions) <= legal:
        raise PuzzleError(f"puzzle {quote(data.get('id'))}: an answer is not a legal move")
    if data["id"] != puzzle_id(record, seat):
        raise PuzzleError(f"puzzle {quote(data['id'])}: the id is not its position's")
    rating = data["rating"]
    if isinstance(rating, bool) or not isinstance(rating, int):
        raise PuzzleError(f"puzzle {quote(data['id'])}: its rating must be a whole number")
    exact = data.get("exact", False)
    if not isinstance(exact, bool):
        raise PuzzleError(f"puzzle {quote(data['id'])}: exact must be true or false")
    why = part_from_json(data["why"]) if "why" in data else None
    return Puzzle(
        id=data["id"],
        record=record,
        seat=seat,
        solutions=solutions,
        alternatives=alternatives,
        explanation=str(data["explanation"]),
        rating=rating,
        source=str(data.get("source", "")),
        exact=exact,
        why=why,
    )


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """One game's puzzles and how they were mined.

    Attributes:
        game: The game's name.
        puzzles: The puzzles, easiest first.
        mined: How they were mined: the command, the judge's settings, the thresholds.
    """

    game: str
    puzzles: tuple[Puzzle, ...]
    mined: dict[str, Any]

    def __len__(self) -> int:
        return len(self.puzzles)

    def get(self, puzzle: str) -> Puzzle:
        """The puzzle with id ``puzzle``.

        Raises:
            PuzzleError: if the set has none.
        """
        for candidate in self.puzzles:
            if candidate.id == puzzle:
                return candidate
        raise PuzzleError(f"there is no {self.game} puzzle {quote(puzzle)}")

    def pick(
        self, rating: float, seen: Collection[str] = (), rng: random.Random | None = None
    ) -> Puzzle:
        """A puzzle for a solver of ``rating``, near it, not yet seen.

        One of the :data:`NEAREST` unseen puzzles whose ratings are closest to ``rating``,
        at random (from every puzzle once all are seen).

        Raises:
            PuzzleError: if the set is empty.
        """
        if not self.puzzles:
            raise PuzzleError(f"the {self.game} set has no puzzles")
        fresh = [p for p in self.puzzles if p.id not in seen] or list(self.puzzles)
        fresh.sort(key=lambda p: (abs(p.rating - rating), p.id))
        return (rng or random.Random()).choice(fresh[:NEAREST])

    def to_json(self) -> str:
        """The set as JSON text, one puzzle a line (small, and readable in a diff)."""
        head = json.dumps(
            {
                "format": PUZZLES_FORMAT,
                "version": PUZZLES_VERSION,
                "game": self.game,
                "mined": self.mined,
            }
        )
        lines = ",\n".join(json.dumps(p.to_dict(), separators=(",", ":")) for p in self.puzzles)
        return head[:-1] + ', "puzzles": [\n' + lines + "\n]}\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> PuzzleSet:
        """Read a set written by :meth:`to_json`, checking every puzzle.

        Raises:
            PuzzleError: if it is not a puzzle set this version reads.
        """
        try:
            data = read_json(text, "puzzle set")
        except CorruptSaveError as exc:
            raise PuzzleError(str(exc)) from None
        data = check_document(data, PUZZLES_FORMAT, PUZZLES_VERSION, "puzzle set", PuzzleError)
        game = data.get("game")
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, list):
            raise PuzzleError("a puzzle set lists its puzzles")
        read = tuple(Puzzle.from_dict(p) for p in puzzles)
        if any(p.game != game for p in read):
            raise PuzzleError(f"a puzzle of the {quote(game)} set is of another game")
        mined = data.get("mined")
        return cls(str(game), read, mined if isinstance(mined, dict) else {})


@cache
def load_puzzles(game: str) -> PuzzleSet:
    """The puzzles shipped for ``game`` (read once, then kept).

    Raises:
        PuzzleError: if no set ships for that game.
    """
    if game not in {info.name for info in available_games()}:
        raise PuzzleError(f"no game called {quote(game)}")
    path = resources.files("regency.puzzles") / "data" / f"{game}.json"
    if not path.is_file():
        raise PuzzleError(f"no puzzles ship for {game}")
    return PuzzleSet.from_json(path.read_text(encoding="utf-8"))
