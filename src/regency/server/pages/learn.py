"""Lessons for the browser: the courses, a lesson as its learner sees it, a try's answer.

The courses are the ones the games ship (:func:`regency.learn.load_course`). A lesson is
shown as a seat at a live table would be: the learner's view message
(:func:`regency.server.live.table.view_message`), built from the learner's seat alone, with
the lesson's words; a try is played and judged here (:meth:`regency.learn.Lesson.attempt`),
never in the browser, and answered with the lesson's words and the view after it. The
lessons a person has done are kept in the browser, and in their account when signed in
(:func:`merge_learned`). The routes are in :mod:`regency.server.routes.learn`;
docs/learn.md describes the JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

import regency
from regency.learn import Course, CourseError, Lesson, Outcome, courses, load_course
from regency.learn.coach import words
from regency.server.errors import ProtocolError
from regency.server.live.table import view_message

__all__ = [
    "MAX_LEARNED_GAMES",
    "answer_payload",
    "attempt_payload",
    "course_payload",
    "find",
    "head_marks",
    "lesson_payload",
    "listing",
    "merge_learned",
]

MAX_LEARNED_GAMES = 16
"""The most games a progress (``PUT /api/learn/progress``) may name."""


def course_of(game: str) -> Course:
    """``game``'s course (404 ``no_such_game``, or ``no_lessons`` when it has none)."""
    if game not in {info.name for info in regency.available_games()}:
        raise ProtocolError(404, "no_such_game", f"no game called {game!r}")
    try:
        return load_course(game)
    except CourseError as exc:
        raise ProtocolError(404, "no_lessons", str(exc)) from None


def find(game: str, lesson_id: str) -> tuple[Course, Lesson]:
    """The course of ``game`` and its lesson ``lesson_id`` (404 ``no_such_lesson``)."""
    course = course_of(game)
    try:
        return course, course.get(lesson_id)
    except CourseError as exc:
        raise ProtocolError(404, "no_such_lesson", str(exc)) from None


def head_marks(course: Course | None = None, lesson: Lesson | None = None) -> dict[str, str]:
    """The page's head as markup, by its marks in learn.html (``WHERE``, ``STEP``, ...).

    For a lesson, what learn.js writes there once the lesson has loaded (its game, its
    place in the course, its title, explanation and task), so that nothing moves when it
    does; otherwise the courses' heading, which a course's page then replaces.
    """
    said = words()["learn"]
    if course is None or lesson is None:
        about = f'<p class="small muted">{escape(said["courses_about"])}</p>'
        return {"WHERE": "", "STEP": "", "HEADING": escape(said["learn_to_play"]), "ABOUT": about}
    step = said["lesson_of"].format(number=course.index(lesson.id) + 1, count=len(course))
    return {
        "WHERE": escape(regency.game_info(course.game).title),
        "STEP": escape(step),
        "HEADING": escape(lesson.title),
        "ABOUT": f'<p class="explain">{escape(lesson.explain)}</p>'
        f'<p class="task" id="task">{escape(lesson.task)}</p>',
    }


def _titles(course: Course) -> list[dict[str, Any]]:
    return [{"id": lesson.id, "title": lesson.title} for lesson in course.lessons]


def listing(learned: Mapping[str, Sequence[str]] | None) -> dict[str, Any]:
    """Every course (its lessons' ids and titles), the pages' words, and the account's progress.

    Args:
        learned: The signed-in account's lessons done per game (``None``: nobody signed
            in; the page keeps its own).
    """
    return {
        "courses": [
            {
                "game": course.game,
                "title": course.title,
                "game_title": regency.game_info(course.game).title,
                "about": course.about,
                "lessons": _titles(course),
            }
            for course in courses()
        ],
        "words": words()["learn"],
        "coach_words": words()["coach"],
        "learned": None if learned is None else dict(learned),
    }


def course_payload(course: Course) -> dict[str, Any]:
    """A course as its page shows it before a lesson."""
    return {
        "game": course.game,
        "title": course.title,
        "game_title": regency.game_info(course.game).title,
        "about": course.about,
        "done": course.done,
        "lessons": _titles(course),
        "words": words()["learn"],
    }


def _seats(lesson: Lesson) -> list[dict[str, Any]]:
    return [{"seat": s, "name": name, "kind": "person"} for s, name in enumerate(lesson.names)]


def _view(lesson: Lesson, moves: Iterable[tuple[int, str]], interactive: bool) -> dict[str, Any]:
    """The learner's view after the lesson's set-up and ``moves``, with those moves as recent."""
    game = lesson.setup()
    recent = []
    for number, (seat, move) in enumerate(moves, start=1):
        action = game.parse_action(move)
        recent.append(
            {"number": number, "seat": seat, "move": game.public_action(action, lesson.seat)}
        )
        game.play(action)
    view = view_message(
        game, lesson.seat, table="", version=len(recent), recent=recent, seats=_seats(lesson)
    )
    if not interactive:
        view["legal_moves"] = []
    return view


def _played(lesson: Lesson) -> list[tuple[int, str]]:
    """The lesson's ``play`` moves, each with the seat that made it."""
    game = lesson.setup()
    made = []
    for move in lesson.play:
        seat = game.current_player
        assert seat is not None  # a lesson's position is never over
        made.append((seat, move))
        game.play(move)
    return made


def lesson_payload(course: Course, lesson: Lesson) -> dict[str, Any]:
    """What a learner is shown of ``lesson``: its words and the learner's view message.

    Nothing of the answer: the answers, the measure and the words for a try come with a
    try (:func:`attempt_payload`).
    """
    number = course.index(lesson.id) + 1
    following = course.lessons[number] if number < len(course) else None
    return {
        "game": course.game,
        "id": lesson.id,
        "number": number,
        "count": len(course),
        "title": lesson.title,
        "rules": list(lesson.rules),
        "explain": lesson.explain,
        "task": lesson.task,
        "next": None if following is None else following.id,
        "previous": course.lessons[number - 2].id if number > 1 else None,
        "view": _view(lesson, _played(lesson), interactive=True),
    }


def attempt_payload(lesson: Lesson, move: str) -> dict[str, Any]:
    """A try at ``lesson``: solved or not, the words that say why, and the view after it."""
    outcome: Outcome = lesson.attempt(move)
    before = lesson.start()
    result: dict[str, Any] = {
        "solved": outcome.solved,
        "legal": outcome.legal,
        "move": outcome.move,
        "move_text": before.describe(outcome.move) if outcome.legal else outcome.move,
        "text": outcome.text,
        "hint": outcome.hint,
    }
    if outcome.legal:
        result["view"] = _view(lesson, [*_played(lesson), *outcome.moves], interactive=False)
    return result


def answer_payload(lesson: Lesson) -> dict[str, Any]:
    """The lesson's answers, in notation and in words (asked for after a miss)."""
    game = lesson.start()
    return {"answers": [{"move": m, "text": game.describe(m)} for m in lesson.answers]}


def merge_learned(
    stored: Mapping[str, Sequence[str]], sent: Mapping[str, Any]
) -> dict[str, list[str]]:
    """The lessons done: ``stored`` with ``sent``'s added (unknown games and ids dropped).

    Raises:
        ProtocolError: 422 ``bad_progress`` for more than :data:`MAX_LEARNED_GAMES` games
            or a game's entry that is not a list of ids.
    """
    if len(sent) > MAX_LEARNED_GAMES:
        raise ProtocolError(
            422, "bad_progress", f"progress names {len(sent)} games; at most {MAX_LEARNED_GAMES}"
        )
    merged = {game: list(ids) for game, ids in stored.items()}
    known = {course.game: {lesson.id for lesson in course.lessons} for course in courses()}
    for game, ids in sent.items():
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ProtocolError(422, "bad_progress", f"{game!r}: a list of lesson ids")
        if game not in known:
            continue  # a game this server does not teach (any more)
        have = merged.setdefault(game, [])
        for lesson_id in ids:
            if lesson_id in known[game] and lesson_id not in have:
                have.append(lesson_id)
    return merged


def learned_after(
    stored: Mapping[str, Sequence[str]], game: str, lesson_id: str
) -> dict[str, list[str]]:
    """``stored`` with ``lesson_id`` of ``game`` done."""
    return merge_learned(stored, {game: [lesson_id]})
