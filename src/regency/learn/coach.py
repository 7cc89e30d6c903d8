"""The coach of a first game: a note after each of the learner's moves, and hints in words.

The coach judges a decision the way ``regency analyze`` does (:func:`regency.analysis.judge_view`:
the deciding seat's view alone reaches the judging agent), with a small budget so that a
note comes within about a second (:data:`COACH_SHARE` of the game's playing budget;
``benchmarks/bench_coach.py`` measures it). Its words come from two places: the coach's
sentences in ``words.json`` (one place for every game) and, for the idea behind a move,
the game's topics (``GameInfo.teaching.topics``) said with its course's ``coach`` table.
A hint names no move: it says the idea behind the move the computer prefers.

Both functions take the game as a record's parts (name, players, seed, options and the
moves so far), so that a server can run them in a worker process.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from regency.analysis import Decision, default_agent, judge_view
from regency.core.errors import RegencyError
from regency.core.game import Game
from regency.core.i18n import PSEUDO, _, language, using
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.start import new_game
from regency.core.view import SeatView
from regency.learn.model import CourseError, load_course, pseudo_document, read_localized

__all__ = [
    "COACH_SHARE",
    "TOPICS_SAID",
    "CoachError",
    "Note",
    "coach_agent",
    "hint",
    "note",
    "words",
]

COACH_SHARE = 0.2
"""The coach's budget as a share of the game's playing budget (its default opponent's
iterations): about a fifth of a second's search on this project's 2-core machine, so a
note comes within a second (``benchmarks/bench_coach.py``; docs/learn.md)."""

TOPICS_SAID = 2
"""How many of a move's ideas a hint or a note says."""


class CoachError(RegencyError, ValueError):
    """A question the coach cannot answer: not the learner's move, or the game is over."""


def words() -> dict[str, dict[str, str]]:
    """The lessons' and the coach's words that are the same for every game.

    In the current language: ``words.<lang>.json`` when it is translated, else
    ``words.json``.
    """
    return _words(language())


@cache
def _words(code: str) -> dict[str, dict[str, str]]:
    text = read_localized("regency.learn", "words.json", code)
    data: dict[str, dict[str, str]] = json.loads(text)
    return pseudo_document(data, "words") if code == PSEUDO else data


def coach_agent(game: str, players: int) -> str:
    """The spec of the agent the coach judges with (:data:`COACH_SHARE` of the budget)."""
    return default_agent(game, players, share=COACH_SHARE)


@dataclass(frozen=True, slots=True)
class Note:
    """What the coach says of one move.

    Attributes:
        number: The move's number in the game (1 is the first).
        seat: The seat that made it.
        move: Its notation.
        move_text: The move in words.
        label: ``"forced"``, ``"fine"``, ``"good"``, ``"inaccuracy"``, ``"mistake"``
            or ``"blunder"``.
        text: The note, in words.
        best_text: The move the computer preferred, in words (``None`` when forced).
    """

    number: int
    seat: int
    move: str
    move_text: str
    label: str
    text: str
    best_text: str | None

    def to_dict(self) -> dict[str, Any]:
        """The note as JSON-ready data."""
        return {
            "number": self.number,
            "seat": self.seat,
            "move": self.move,
            "move_text": self.move_text,
            "label": self.label,
            "text": self.text,
            "best_text": self.best_text,
        }


def _replay(
    name: str, players: int, seed: int, options: Mapping[str, Any], moves: Sequence[str]
) -> Game[Any]:
    game = new_game(name, players=players, seed=seed, **dict(options))
    for move in moves:
        game.play(move)
    return game


def said(view: SeatView[Any], move: str) -> str:
    """The ideas behind ``move`` in ``view``, in the game's course's words (may be empty)."""
    teaching = game_info(view.game).teaching
    if teaching is None or teaching.topics is None:
        return ""
    try:
        table = load_course(view.game).coach
    except CourseError:
        return ""
    texts: list[str] = []
    for key, fields in teaching.topics(view, move):
        if key in table and len(texts) < TOPICS_SAID:
            texts.append(table[key].format(**fields))
    return " ".join(texts)


def _label(decision: Decision) -> str:
    if decision.forced:
        return "forced"
    if decision.label is not None:
        return decision.label
    return "fine" if decision.best == decision.played else "good"


def note(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[str],
    number: int,
    lang: str | None = None,
) -> Note:
    """The coach's note on move ``number`` of a game (its decision judged as it was made).

    Args:
        name: The game.
        players: Its players.
        seed: Its seed (with ``number``, it fixes the judging search's seed).
        options: Its options.
        moves: The moves made so far (at least ``number`` of them).
        number: The move to judge (1 is the first).
        lang: The language of its words (default: the current one). A server's worker
            process does not share the request's context, so it passes the language.

    Raises:
        CoachError: if there is no such move.
    """
    if lang is not None:
        with using(lang):
            return note(name, players, seed, options, moves, number)
    if not 1 <= number <= len(moves):
        raise CoachError(
            _(
                "there is no move {number} to judge (moves made: {made})",
                number=number,
                made=len(moves),
            )
        )
    game = _replay(name, players, seed, options, moves[: number - 1])
    seat = game.current_player
    if seat is None:  # pragma: no cover - a record's moves are all decisions
        raise CoachError(_("the game was over before that move"))
    played = str(game.parse_action(moves[number - 1], list_legal=False))
    view = game.view(seat)
    spec = coach_agent(name, players)
    decision = judge_view(view, played, number, spec, derive_seed(seed, "coach"))
    label = _label(decision)
    coach = words()["coach"]
    best_text = None if decision.best is None else game.describe(decision.best)
    text = coach[label].format(
        best=best_text or "",
        best_win=round(100 * (decision.win or 0.0)),
        played_win=round(100 * (decision.win_played or 0.0)),
    )
    why = said(view, played if label in ("fine", "forced") else decision.best or played)
    return Note(
        number=number,
        seat=seat,
        move=played,
        move_text=game.describe(played),
        label=label,
        text=f"{text} {why}".strip(),
        best_text=best_text,
    )


def hint(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[str],
    seat: int,
    lang: str | None = None,
) -> str:
    """What ``seat`` should think about now, in words, naming no move.

    The idea behind the move the coach's search prefers, from the seat's view alone,
    in ``lang`` (default: the current language; see :func:`note`).

    Raises:
        CoachError: if it is not ``seat``'s turn.
    """
    if lang is not None:
        with using(lang):
            return hint(name, players, seed, options, moves, seat)
    game = _replay(name, players, seed, options, moves)
    if game.current_player != seat:
        raise CoachError(words()["coach"]["not_your_turn"])
    view = game.view(seat)
    legal = [str(a) for a in view.legal_actions]
    if len(legal) == 1:
        return words()["coach"]["forced"]
    number = len(moves) + 1
    spec = coach_agent(name, players)
    decision = judge_view(view, legal[0], number, spec, derive_seed(seed, "hint"))
    return said(view, decision.best or legal[0]) or words()["coach"]["unavailable"]
