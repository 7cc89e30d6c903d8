"""What a game gives the lessons and the coach (``regency.learn``): its course and its measures.

A game's course is data beside its rules (``games/<game>/lessons.json``; docs/learn.md
describes it): positions set up with the game's ``from_position``, a task, the moves
that solve it and the words that explain them. Whether a move solves a task is decided by
a *measure*, one of the game's own small functions, named in the lesson
(``{"measure": "wins_trick"}``): it reads the game before the move and after it, and
says how far the learner got (a number; ``True`` counts 1). The coach asks the game's
*topics* for the idea behind a move, in words a player knows, never its notation.

Nothing here knows a game: each game registers a :class:`Teaching` on its
:class:`~regency.core.registry.GameInfo`, and :mod:`regency.learn` reads it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regency.core.game import Game
    from regency.core.view import SeatView

__all__ = ["COURSE_FILE", "Measure", "Teaching", "Topic", "Topics"]

COURSE_FILE = "lessons.json"
"""The name of a game's course in its package."""

Measure = Callable[["Game[Any]", "Game[Any]", int, Mapping[str, Any]], float]
"""How far a move got with a lesson's task.

Called as ``measure(before, after, seat, goal)``: the game before the learner's move, the
game after it (and after the replies and forced moves that follow it), the learner's
seat and the lesson's goal (its parameters, such as the faction to control). Returns a
number (``True``/``False`` count as 1 and 0) that the goal compares with its
``at_least`` (default 1) or ``at_most``.
"""

Topic = tuple[str, dict[str, str]]
"""An idea in words: the key of a text in the course's ``coach`` table and its fields
(``("win_trick", {"card": "Undead 7"})``)."""

Topics = Callable[["SeatView[Any]", str], list[Topic]]
"""The ideas behind a move (notation) in a seat's view, most telling first.

The coach says them in words from the course's ``coach`` table; a topic never names a
move's notation (it is a hint, not the answer). Only the view is read, so nothing the
seat cannot see can show through.
"""


@dataclass(frozen=True, slots=True)
class Teaching:
    """A game's lessons and coach, as the game registers them.

    Attributes:
        package: The package holding the course (``"regency.games.claim"``).
        measures: The measures a lesson's goal may name, by name.
        topics: The ideas behind a move, for the coach's hints and notes (``None``: the
            coach says only how the move was judged).
        file: The course's file name in ``package``.
    """

    package: str
    measures: Mapping[str, Measure] = field(default_factory=dict)
    topics: Topics | None = None
    file: str = COURSE_FILE

    def course_text(self) -> str:
        """The course, as JSON text.

        Raises:
            FileNotFoundError: if the package ships no course.
        """
        return resources.files(self.package).joinpath(self.file).read_text(encoding="utf-8")
