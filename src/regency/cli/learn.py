"""``regency learn``: a game's course of lessons in the terminal, with the pages' own words.

Each lesson is three screens that fit 80x24: what to know (the lesson's explanation),
the table (the game's own screen, :mod:`regency.render`, from the learner's seat) with
the task and the moves, and the answer (the lesson's words for a right or a wrong try,
and the hint after a miss). The words are the course's (``games/<game>/lessons.json``)
and ``regency/learn/words.json``: the same texts the browser shows. The lessons done are
kept in a small file between sessions; ``--check`` plays every legal move of every
lesson instead, for a course's author (docs/learn.md).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

import regency
from regency.cli.args import UsageError
from regency.cli.play.screen import height, listed_moves, refusal, sentence
from regency.core.i18n import _, ngettext
from regency.learn import Course, CourseError, Lesson, load_course, problems
from regency.learn.coach import words
from regency.render import renderer_for

__all__ = ["LearnedBook", "add_learn_arguments", "learned_path", "run_learn", "take_lesson"]

Read = Callable[[str], str]


def learned_path() -> Path:
    """Where the terminal keeps the lessons done: ``$REGENCY_LEARNED``, else XDG state."""
    chosen = os.environ.get("REGENCY_LEARNED")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_STATE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "state") / "regency" / "learned.json"


class LearnedBook:
    """The lessons done per game, kept in a JSON file (``{"claim": ["win-a-trick"]}``).

    A file that cannot be read as one is never overwritten: the error says to move it.

    Args:
        path: The file (it need not exist yet).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done: dict[str, list[str]] = {}
        if path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                self.done = {str(g): [str(i) for i in ids] for g, ids in data.items()}
            except (OSError, ValueError, TypeError, AttributeError) as exc:
                raise UsageError(
                    _(
                        "{path} is not a file of lessons done; move it away to start afresh "
                        "({error})",
                        path=path,
                        error=exc,
                    )
                ) from None

    def mark(self, game: str, lesson: str) -> None:
        """Note ``lesson`` of ``game`` as done, and write the file (atomically)."""
        ids = self.done.setdefault(game, [])
        if lesson not in ids:
            ids.append(lesson)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.done, indent=1) + "\n", encoding="utf-8")
        temporary.replace(self.path)


def add_learn_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency learn``'s arguments."""
    games = [info.name for info in regency.available_games() if info.teaching is not None]
    parser.add_argument("game", nargs="?", choices=games, help="the game to learn")
    parser.add_argument("--lesson", metavar="ID", help="start at this lesson")
    parser.add_argument(
        "--restart", action="store_true", help="start from the first lesson, done or not"
    )
    parser.add_argument(
        "--learned",
        metavar="FILE",
        help="where the lessons done are kept (default: $REGENCY_LEARNED, else "
        "~/.local/state/regency/learned.json)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="for a course's author: play every legal move of every lesson and report "
        "any that solves a task it should not (or an answer that does not)",
    )


def _say(key: str, **fields: Any) -> str:
    return words()["learn"][key].format(**fields)


def run_learn(args: argparse.Namespace, console: Console) -> int:
    """Take a game's course (from the first lesson not done yet), or check it."""
    if args.game is None:
        names = ", ".join(info.name for info in regency.available_games() if info.teaching)
        console.print(_say("terminal_courses", games=names))
        return 0
    try:
        course = load_course(args.game)
    except CourseError as exc:
        raise UsageError(str(exc)) from None
    if args.check:
        return _check(console, course)
    book = LearnedBook(Path(args.learned) if args.learned else learned_path())
    start = _first(course, book, args.lesson, args.restart)
    read = _reader(console)
    for lesson in course.lessons[start:]:
        taken = take_lesson(console, course, lesson, read)
        if taken is None:
            return 0
        if taken:
            book.mark(course.game, lesson.id)
    done = sum(lesson.id in book.done.get(course.game, []) for lesson in course.lessons)
    if done == len(course):
        console.print(Text(course.done, style="bold"))
    console.print(_say("terminal_done", done=done, count=len(course), game=course.game))
    return 0


def _first(course: Course, book: LearnedBook, lesson: str | None, restart: bool) -> int:
    if lesson is not None:
        try:
            return course.index(lesson)
        except CourseError as exc:
            raise UsageError(str(exc)) from None
    if restart:
        return 0
    done = set(book.done.get(course.game, []))
    return next((i for i, one in enumerate(course.lessons) if one.id not in done), 0)


def _reader(console: Console) -> Read:
    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except EOFError:
            return "quit"

    return read


def _check(console: Console, course: Course) -> int:
    found = [problem for lesson in course.lessons for problem in problems(lesson)]
    for problem in found:
        console.print(refusal(problem))
    problems_found = ngettext("{count} problem", "{count} problems", len(found))
    console.print(
        ngettext(
            "{title}: {count} lesson, {problems}",
            "{title}: {count} lessons, {problems}",
            len(course),
            title=course.title,
            problems=problems_found,
        )
    )
    return 1 if found else 0


def _clear(console: Console) -> None:
    if console.is_terminal:
        console.clear()


def _header(course: Course, lesson: Lesson) -> Text:
    number = course.index(lesson.id) + 1
    return Text.assemble(
        (course.title, "bold"),
        " · ",
        _say("lesson_of", number=number, count=len(course)),
        ": ",
        (lesson.title, "bold"),
    )


def _legend(renderer: Any, obs: dict[str, Any], lesson: Lesson) -> str:
    """Who the lesson's names are on the game's screen (``Ana is Seat 0 here.``), if they differ."""
    namer = getattr(renderer, "seat_name", None)
    if namer is None:
        return ""
    said = [
        _say("terminal_seat", name=name, seat=namer(obs, seat))
        for seat, name in enumerate(lesson.names)
        if seat != lesson.seat and namer(obs, seat) != name
    ]
    return " ".join(said)


def take_lesson(console: Console, course: Course, lesson: Lesson, read: Read) -> bool | None:
    """Show ``lesson``, take tries until one solves it (or the learner skips it).

    Returns:
        ``True`` when solved, ``False`` when skipped, ``None`` when the learner quit.
    """
    _clear(console)
    console.print(_header(course, lesson))
    console.print()
    console.print(lesson.explain)
    console.print(Text(_say("teaches", rules=", ".join(lesson.rules)), style="dim"))
    console.print()
    if read(_say("terminal_enter") + " ").strip().lower() in ("q", "quit"):
        return None
    game = lesson.start()
    renderer = renderer_for(lesson.game)
    obs = game.observation(lesson.seat)
    legal = list(game.legal_actions())
    while True:
        _clear(console)
        board = renderer.board(obs)
        task = Text(lesson.task, style="bold")
        legend = _legend(renderer, obs, lesson)
        if legend:
            task = Text.assemble(task, "\n", (legend, "dim"))
        room = max(2, console.height - height(console, board) - height(console, task) - 3)
        moves, numbered = listed_moves(console, renderer, legal, obs, room)
        for part in (_header(course, lesson), board, task, moves):
            console.print(part)
        entry = read(Text(_say("terminal_prompt"), style="dim").markup + "\n> ").strip()
        lowered = entry.lower()
        if lowered in ("q", "quit", "exit"):
            return None
        if lowered == "skip":
            console.print(_say("terminal_skipped", title=lesson.title))
            return False
        if lowered == "hint":
            console.print(Text(_("Hint: {hint}", hint=lesson.hint), style="italic"))
            read(_say("terminal_enter") + " ")
            continue
        if entry.isdecimal() and numbered and 1 <= int(entry[:6]) <= len(numbered):
            entry = str(numbered[int(entry) - 1])
        if not entry:
            continue
        outcome = lesson.attempt(entry)
        _clear(console)
        console.print(_header(course, lesson))
        if outcome.solved:
            console.print(Text(f"✓ {_say('right')}", style="bold green"))
        else:
            heading = _say("wrong") if outcome.legal else _say("not_allowed")
            console.print(Text(f"✗ {heading}", style="bold red"))
        if outcome.legal:
            console.print(_say("you_played", move=game.describe(outcome.move)))
        console.print(sentence(outcome.text) if not outcome.legal else outcome.text)
        if outcome.hint:
            console.print(Text(_("Hint: {hint}", hint=outcome.hint), style="italic"))
        answer = read(_say("terminal_enter") + " ").strip().lower()
        if answer in ("q", "quit"):
            return None
        if outcome.solved:
            return True
