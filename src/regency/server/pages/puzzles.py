"""Puzzles for the browser: what a solver is shown, the next puzzle, and a try's verdict.

The puzzles are the shipped sets (:func:`regency.puzzles.load_puzzles`). A solver is
shown a puzzle as a seat at a live table would be: the deciding seat's view message
(:func:`regency.server.pages.replays.seat_view_after`), built from that seat's view alone, and
nothing else of the puzzle (no record, seed, answer or judged figures) until a try.
A try's answer carries the judgement and the solver's new Glicko-2 rating, worked out
here (:mod:`regency.puzzles.rating`), never in the browser. The routes are in
:mod:`regency.server.routes.puzzles`; docs/server.md describes the JSON.
"""

from __future__ import annotations

import random
import re
from typing import Any

import regency
from regency.core.errors import IllegalActionError
from regency.core.i18n import _
from regency.puzzles import Puzzle, PuzzleError, PuzzleSet, Rating, RatingError, load_puzzles
from regency.puzzles.story import group_moves
from regency.server.errors import ProtocolError
from regency.server.live.table import view_message
from regency.server.pages.html import title
from regency.server.pages.replays import RECENT, replay_public, seat_list

__all__ = [
    "MAX_SEEN",
    "attempt",
    "listing",
    "next_puzzle",
    "parse_seen",
    "puzzle_message",
    "puzzle_payload",
    "puzzle_set",
]

MAX_SEEN = 500
"""The most puzzle ids a ``seen`` list may hold (the page keeps the latest 200)."""

ID = re.compile(r"[a-z0-9]{1,32}")
"""What a puzzle id looks like (:func:`regency.puzzles.puzzle_id`: a letter and 10 hex)."""


def puzzle_set(game: str) -> PuzzleSet:
    """``game``'s puzzles.

    Raises:
        ProtocolError: 404 ``no_such_game`` for an unknown game, ``no_puzzles`` when this
            install ships no set for it.
    """
    if game not in {info.name for info in regency.available_games()}:
        raise ProtocolError(404, "no_such_game", f"no game called {game!r}")
    try:
        return load_puzzles(game)
    except PuzzleError as exc:
        raise ProtocolError(404, "no_puzzles", str(exc)) from None


def find(game: str, puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id`` of ``game`` (404 ``no_such_puzzle`` if there is none)."""
    puzzles = puzzle_set(game)
    try:
        return puzzles.get(puzzle_id)
    except PuzzleError as exc:
        raise ProtocolError(404, "no_such_puzzle", str(exc)) from None


def listing() -> dict[str, Any]:
    """The games with puzzles (how many, their ratings' range) and a new solver's rating."""
    games = []
    for info in regency.available_games():
        try:
            puzzles = load_puzzles(info.name)
        except PuzzleError:
            continue  # none ship for this game
        if not len(puzzles):
            continue
        ratings = [p.rating for p in puzzles.puzzles]
        games.append(
            {
                "game": info.name,
                "title": info.title,
                "count": len(puzzles),
                "lowest": min(ratings),
                "highest": max(ratings),
            }
        )
    return {"games": games, "start": Rating().to_dict()}


def parse_seen(seen: str) -> set[str]:
    """The ids of a ``seen`` query (``id,id,...``), checked.

    Raises:
        ProtocolError: 422 ``bad_request`` for more than :data:`MAX_SEEN` ids or one that
            does not look like an id.
    """
    ids = [s for s in (part.strip() for part in seen.split(",")) if s]
    if len(ids) > MAX_SEEN:
        raise ProtocolError(
            422,
            "bad_request",
            f"seen lists {len(ids)} puzzles: send at most the latest {MAX_SEEN}",
        )
    for one in ids:
        if not ID.fullmatch(one):
            raise ProtocolError(
                422, "bad_request", f"seen: {one[:40]!r} is not a puzzle id (letters and digits)"
            )
    return set(ids)


def next_puzzle(
    puzzles: PuzzleSet, rating: float, seen: set[str], rng: random.Random | None = None
) -> Puzzle:
    """A puzzle near ``rating`` not in ``seen`` (:meth:`PuzzleSet.pick`).

    Raises:
        ProtocolError: 404 ``no_puzzles`` when the set is empty.
    """
    try:
        return puzzles.pick(rating, seen, rng)
    except PuzzleError as exc:
        raise ProtocolError(404, "no_puzzles", str(exc)) from None


def puzzle_payload(puzzle: Puzzle) -> dict[str, Any]:
    """What a solver is shown of ``puzzle``: its seat's view message and a prompt."""
    game, recent = replay_public(puzzle.record.to_dict(), len(puzzle.record.actions), puzzle.seat)
    return puzzle_message(puzzle, game, recent)


def puzzle_message(
    puzzle: Puzzle, game: regency.Game[Any], recent: list[dict[str, Any]]
) -> dict[str, Any]:
    """The puzzle's payload built from ``game`` and the moves as its seat saw them.

    Only ``game``'s view for the puzzle's seat is read (tests re-deal what the seat
    cannot see and expect the same payload).
    """
    moves = len(puzzle.record.actions)
    view = view_message(
        game,
        puzzle.seat,
        table="",
        version=moves,
        recent=recent[-RECENT:],
        seats=seat_list({}, puzzle.players),
    )
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "title": title(puzzle.game),
        "players": puzzle.players,
        "seat": puzzle.seat,
        "rating": puzzle.rating,
        # The puzzle's task is stored with it (translated, if at all, where it is kept).
        "prompt": _(
            "You are Seat {seat} of {players}, to play move {move}. {task}",
            seat=puzzle.seat,
            players=puzzle.players,
            move=moves + 1,
            task=puzzle.task,
        ),
        "view": view,
    }


def attempt(puzzle: Puzzle, move: str, rating: Any) -> dict[str, Any]:
    """A try at ``puzzle``: right or wrong, every move's win chance, and the new rating.

    Args:
        puzzle: The puzzle.
        move: The move tried, in the game's notation.
        rating: The solver's rating as :meth:`Rating.to_dict` writes it (``None``: a new
            solver's).

    Raises:
        ProtocolError: 422 ``bad_rating`` for a rating that is not one, ``illegal_move``
            for a move that is not legal in the position.
    """
    try:
        before = Rating() if rating is None else Rating.from_dict(rating)
    except RatingError as exc:
        raise ProtocolError(422, "bad_rating", str(exc)) from None
    try:
        verdict = puzzle.answer(move)
    except IllegalActionError as exc:
        raise ProtocolError(422, "illegal_move", f"{exc} (in puzzle {puzzle.id})") from None
    position = puzzle.position()
    after = before.after(puzzle.rating, verdict.correct)
    return {
        "correct": verdict.correct,
        "move": verdict.move,
        "move_text": position.describe(verdict.move),
        "win": round(verdict.win, 4),
        "best_win": round(verdict.best_win, 4),
        "solutions": [{"move": s, "text": position.describe(s)} for s in puzzle.solutions],
        "alternatives": [
            {"move": a.move, "text": position.describe(a.move), "win": round(a.win, 4)}
            for a in puzzle.alternatives
        ],
        "groups": [
            g.to_dict()
            for g in group_moves(position, puzzle.alternatives, puzzle.solutions, (verdict.move,))
        ],
        "explanation": puzzle.explained(),
        # Proven by the game's solver: each win is the move's value under best play.
        "exact": puzzle.exact,
        "puzzle_rating": puzzle.rating,
        "before": before.to_dict(),
        "rating": after.to_dict(),
    }
