"""A lesson, a course of them, and what a try at a lesson gets back.

A lesson is one decision on the real table: a position set up with the game's
``from_position`` (and any moves played from it), the seat the learner plays, a task in
words, the moves that solve it, and the words that explain a right and a wrong try. Its
*goal* names one of the game's measures (:class:`regency.core.teaching.Teaching`): a try
is played on a copy of the position, followed by the lesson's scripted replies and any
forced moves (a move that is some seat's only choice), and the measure of the result
decides whether the task is done. The shipped lessons are checked by the tests: each
answer solves its task and every other legal move fails it (:func:`problems`).

A course is a game's lessons in order, with the words around them (docs/learn.md gives
the format). Every text a player reads is in the course file, whole sentences with
named fields, so a translation can reorder them.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from regency.core.errors import CorruptSaveError, IllegalActionError, RegencyError, quote
from regency.core.game import Game
from regency.core.i18n import DEFAULT, PSEUDO, _, language, pseudo_text
from regency.core.record import check_document, read_json
from regency.core.registry import available_games, game_info
from regency.core.teaching import Measure, Teaching

__all__ = [
    "COURSE_FORMAT",
    "COURSE_TABLES",
    "COURSE_TEXTS",
    "COURSE_VERSION",
    "FOLLOW_LIMIT",
    "LESSON_TEXTS",
    "RULE_ID",
    "Course",
    "CourseError",
    "Lesson",
    "Outcome",
    "courses",
    "load_course",
    "localized_name",
    "problems",
    "pseudo_document",
    "read_localized",
]

COURSE_FORMAT = "regency-course"
COURSE_VERSION = 1

RULE_ID = re.compile(r"R-(?:CLAIM|CK|K|ALL)-\d+|R-[A-Z]+-\d+")
"""What a rule id looks like (``R-CLAIM-6``): the ids of ``docs/rules/*.md``."""

FOLLOW_LIMIT = 64
"""The most replies and forced moves played after a try (a bound, never reached by a
lesson: a trick or a turn ends long before)."""

ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""What a lesson id looks like: lower-case words joined by hyphens."""


class CourseError(RegencyError, ValueError):
    """A course that cannot be read or found: malformed, an unknown lesson or game."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: a position, a task and the words around it.

    Attributes:
        id: Its id, unique in its course (``"win-a-trick"``).
        game: The game's name.
        title: Its title.
        rules: The rule ids it teaches (``docs/rules/<game>.md``).
        explain: What the learner needs to know, before the task.
        task: What to do, in one sentence.
        position: The keywords of the game's ``from_position``.
        play: Moves played from the position before the learner's decision.
        seat: The learner's seat (the seat to move).
        names: Each seat's name at the table.
        then: The other seats' replies, played after the learner's move while legal.
        play_out: Whether the learner's own forced moves are played too, to the end of
            the game (else what follows the move stops at the learner's next decision).
        goal: The measure that decides the task, with its parameters.
        answers: The moves (notation) that solve it.
        right: Why an answer is right, in the rule's words.
        wrong: What a typical wrong move gets (notation to text).
        miss: What any other wrong move gets.
        hint: Shown after a miss.
    """

    id: str
    game: str
    title: str
    rules: tuple[str, ...]
    explain: str
    task: str
    position: Mapping[str, Any]
    play: tuple[str, ...]
    seat: int
    names: tuple[str, ...]
    then: tuple[str, ...]
    play_out: bool
    goal: Mapping[str, Any]
    answers: tuple[str, ...]
    right: str
    wrong: Mapping[str, str]
    miss: str
    hint: str

    def setup(self) -> Game[Any]:
        """The position as the game's ``from_position`` sets it up (before ``play``).

        Raises:
            CourseError: if the position cannot be set up.
        """
        builder = getattr(game_info(self.game).game_class, "from_position", None)
        if builder is None:
            raise CourseError(f"{self.game} cannot set up a position by hand")
        try:
            game: Game[Any] = builder(**self.position)
        except (RegencyError, TypeError) as exc:
            raise CourseError(f"lesson {self.id!r}: its position: {exc}") from None
        return game

    def start(self) -> Game[Any]:
        """The lesson's position: set up, and the lesson's ``play`` moves made.

        Raises:
            CourseError: if the position cannot be set up or a move is not legal.
        """
        game = self.setup()
        try:
            for move in self.play:
                game.play(move)
        except RegencyError as exc:
            raise CourseError(f"lesson {self.id!r}: its moves: {exc}") from None
        return game

    def measure(self) -> Measure:
        """The game's measure the goal names."""
        return _teaching(self.game).measures[str(self.goal["measure"])]

    def solves(self, value: float) -> bool:
        """Whether a measured ``value`` meets the goal."""
        if "at_most" in self.goal:
            return value <= float(self.goal["at_most"])
        return value >= float(self.goal.get("at_least", 1))

    def attempt(self, move: str) -> Outcome:
        """Try ``move`` (notation, any spelling the game reads) in the lesson's position.

        A move that is not legal is answered with the game's refusal, which says why in
        the rule's words, and the hint.
        """
        before = self.start()
        try:
            action = before.parse_action(move, list_legal=False)
        except IllegalActionError as exc:
            return Outcome(self, str(move).strip(), False, False, str(exc), self.hint, None, before)
        notation = str(action)
        after = before.clone()
        after.play(action)
        moves = [(self.seat, notation)]
        moves += follow(after, self.seat, self.then, self.play_out)
        value = float(self.measure()(before, after, self.seat, self.goal))
        solved = self.solves(value)
        text = self.right if solved else self.wrong.get(notation, self.miss)
        return Outcome(
            self, notation, True, solved, text, None if solved else self.hint, value, after, moves
        )


def follow(
    game: Game[Any], seat: int, then: Sequence[str], play_out: bool = False
) -> list[tuple[int, str]]:
    """Play the replies ``then`` (by other seats, while legal) and the forced moves after a try.

    A forced move is a seat's only legal move. Stops at the first decision with a choice
    that no reply answers, at the learner's (``seat``'s) next decision unless
    ``play_out`` (then the learner's forced moves are played too), or at the end.
    Returns the moves made, as ``(seat, notation)``.
    """
    replies = list(then)
    made: list[tuple[int, str]] = []
    while not game.is_over and len(made) < FOLLOW_LIMIT:
        mover = game.current_player
        assert mover is not None  # the game is not over
        legal = game.legal_actions()
        texts = [str(a) for a in legal]
        if replies and mover != seat and replies[0] in texts:
            move = legal[texts.index(replies.pop(0))]
        elif len(legal) == 1 and (mover != seat or play_out):
            move = legal[0]
        else:
            break
        made.append((mover, str(move)))
        game.play(move)
    return made


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a try at a lesson gets back.

    Attributes:
        lesson: The lesson.
        move: The move tried (its notation, when legal).
        legal: Whether it was legal at all.
        solved: Whether it solved the task.
        text: The explanation: the lesson's right or wrong words, or the refusal.
        hint: The hint (after a miss; ``None`` when solved).
        value: What the goal's measure gave (``None`` for a move not legal).
        game: The game after the move and what followed it (the position, unchanged,
            after a move not legal).
        moves: The moves made, the learner's first, as ``(seat, notation)``.
    """

    lesson: Lesson
    move: str
    legal: bool
    solved: bool
    text: str
    hint: str | None
    value: float | None
    game: Game[Any]
    moves: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Course:
    """A game's lessons, in order, and the words around them.

    Attributes:
        game: The game's name.
        title: The course's title (``"Learn to play Claim"``).
        about: What the course teaches, shown before the first lesson.
        done: Shown when every lesson is done, with the offer of a first game.
        lessons: The lessons, in the order they are taken.
        not_taught: The rule ids no lesson teaches, each with the reason.
        coach: The coach's words: a text per topic key, with named fields.
        texts: The other words the pages and the terminal show for this course.
    """

    game: str
    title: str
    about: str
    done: str
    lessons: tuple[Lesson, ...]
    not_taught: Mapping[str, str]
    coach: Mapping[str, str]
    texts: Mapping[str, str] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.lessons)

    def get(self, lesson_id: str) -> Lesson:
        """The lesson ``lesson_id``.

        Raises:
            CourseError: if the course has none.
        """
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise CourseError(
            _("the {game} course has no lesson {lesson}", game=self.game, lesson=quote(lesson_id))
        )

    def index(self, lesson_id: str) -> int:
        """The lesson's place in the course (from 0)."""
        return self.lessons.index(self.get(lesson_id))

    def taught(self) -> set[str]:
        """Every rule id some lesson teaches."""
        return {rule for lesson in self.lessons for rule in lesson.rules}

    @classmethod
    def from_json(cls, text: str | bytes) -> Course:
        """Read a course, checking its shape and that each position can be set up.

        Raises:
            CourseError: naming what is wrong.
        """
        try:
            data = read_json(text, "course")
            data = check_document(data, COURSE_FORMAT, COURSE_VERSION, "course", CourseError)
            return _course(data)
        except CorruptSaveError as exc:
            raise CourseError(str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, CourseError):
                raise
            raise CourseError(f"not a regency course: {exc!r}") from None


def _texts(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise CourseError(f"{where}: a table of texts")
    return {str(k): v for k, v in data.items()}


def _strings(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(v, str) for v in data):
        raise CourseError(f"{where}: a list of texts")
    return tuple(data)


def _names(game: Game[Any], seat: int, names: Any, course: Mapping[str, Any]) -> tuple[str, ...]:
    if names is not None:
        found = _strings(names, "names")
        if len(found) != game.num_players:
            raise CourseError(f"names: one per seat ({game.num_players})")
        return found
    others = iter(_strings(course["others"], "others"))
    return tuple(str(course["you"]) if s == seat else next(others) for s in range(game.num_players))


def _lesson(game: str, data: Any, course: Mapping[str, Any]) -> Lesson:
    if not isinstance(data, dict):
        raise CourseError(f"a lesson is an object, not {quote(data)}")
    lesson_id = str(data.get("id"))
    if not ID.fullmatch(lesson_id):
        raise CourseError(f"lesson id {quote(lesson_id)}: lower-case words joined by hyphens")
    where = f"lesson {lesson_id!r}"
    goal = data["goal"]
    if not isinstance(goal, dict) or goal.get("measure") not in _teaching(game).measures:
        known = ", ".join(sorted(_teaching(game).measures))
        raise CourseError(f"{where}: the goal names a measure of {game}'s ({known})")
    rules = _strings(data["rules"], f"{where}: rules")
    bad = [r for r in rules if not RULE_ID.fullmatch(r)]
    if bad or not rules:
        raise CourseError(f"{where}: rules lists rule ids such as R-CLAIM-6, not {bad}")
    position = data["position"]
    if not isinstance(position, dict):
        raise CourseError(f"{where}: position is the keywords of from_position")
    lesson = Lesson(
        id=lesson_id,
        game=game,
        title=str(data["title"]),
        rules=rules,
        explain=str(data["explain"]),
        task=str(data["task"]),
        position=position,
        play=_strings(data.get("play", []), f"{where}: play"),
        seat=-1,
        names=(),
        then=_strings(data.get("then", []), f"{where}: then"),
        play_out=bool(data.get("play_out", False)),
        goal=goal,
        answers=_strings(data["answers"], f"{where}: answers"),
        right=str(data["right"]),
        wrong=_texts(data.get("wrong", {}), f"{where}: wrong"),
        miss=str(data["miss"]),
        hint=str(data["hint"]),
    )
    start = lesson.start()
    seat = start.current_player
    if seat is None or data.get("seat", seat) != seat:
        raise CourseError(f"{where}: seat {quote(data.get('seat'))} is not to move")
    legal = {str(a) for a in start.legal_actions()}
    if not lesson.answers or not set(lesson.answers) <= legal:
        raise CourseError(f"{where}: an answer is not a legal move: {sorted(lesson.answers)}")
    return dataclasses.replace(
        lesson, seat=seat, names=_names(start, seat, data.get("names"), course)
    )


def _course(data: dict[str, Any]) -> Course:
    game = str(data["game"])
    lessons = tuple(_lesson(game, entry, data) for entry in data["lessons"])
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise CourseError(f"the {game} course repeats a lesson id")
    not_taught = _texts(data.get("not_taught", {}), "not_taught")
    return Course(
        game=game,
        title=str(data["title"]),
        about=str(data["about"]),
        done=str(data["done"]),
        lessons=lessons,
        not_taught=not_taught,
        coach=_texts(data.get("coach", {}), "coach"),
        texts=_texts(data.get("texts", {}), "texts"),
    )


def _teaching(game: str) -> Teaching:
    teaching = game_info(game).teaching
    if teaching is None:
        raise CourseError(_("{game} has no lessons", game=game))
    return teaching


COURSE_TEXTS = ("title", "about", "done", "you")
"""A course file's own texts (besides the tables of :data:`COURSE_TABLES`)."""
COURSE_TABLES = ("not_taught", "coach", "texts")
"""A course file's tables of texts, by key."""
LESSON_TEXTS = ("title", "explain", "task", "right", "miss", "hint")
"""A lesson's texts (besides ``wrong``, its table of texts by move)."""


def pseudo_document(data: dict[str, Any], kind: str = "course") -> dict[str, Any]:
    """A lessons file or the words file in the pseudo-language.

    ``kind``: ``"course"`` (a game's lessons) or ``"words"``. Every text is wrapped and
    accented, everything else is left as it is.

    The documents are files, not catalog messages; the tests' pseudo-language reads them
    so that a page showing a lesson's words shows them bracketed.
    """
    if kind == "words":
        return {part: {k: pseudo_text(v) for k, v in table.items()} for part, table in data.items()}
    out = dict(data)
    for key in COURSE_TEXTS:
        if key in out:
            out[key] = pseudo_text(out[key])
    for table in COURSE_TABLES:
        if table in out:
            out[table] = {k: pseudo_text(v) for k, v in out[table].items()}
    lessons = []
    for lesson in out.get("lessons", []):
        lesson = dict(lesson)
        for key in LESSON_TEXTS:
            if key in lesson:
                lesson[key] = pseudo_text(lesson[key])
        if "wrong" in lesson:
            lesson["wrong"] = {k: pseudo_text(v) for k, v in lesson["wrong"].items()}
        lessons.append(lesson)
    if "lessons" in out:
        out["lessons"] = lessons
    return out


def localized_name(file: str, code: str) -> str:
    """The name of ``file``'s translation into ``code``: ``lessons.json`` -> ``lessons.de.json``."""
    stem, dot, suffix = file.rpartition(".")
    return f"{stem}.{code}.{suffix}" if dot else f"{file}.{code}"


def read_localized(package: str, file: str, code: str | None = None) -> str:
    """The text of ``file`` in ``package`` in the language ``code`` (default: :func:`language`).

    The translation beside it (``lessons.de.json``) when the package ships one, else the
    English ``file`` itself (English, the pseudo-language, a language not yet translated).

    Raises:
        FileNotFoundError: if the package ships no ``file`` at all.
    """
    code = language() if code is None else code
    if code != DEFAULT:
        translated = resources.files(package).joinpath(localized_name(file, code))
        if translated.is_file():
            return translated.read_text(encoding="utf-8")
    return resources.files(package).joinpath(file).read_text(encoding="utf-8")


def load_course(game: str) -> Course:
    """The course ``game`` ships, in the current language (:func:`regency.core.i18n.language`).

    A game's ``lessons.<lang>.json`` when it ships one for the language, else its English
    ``lessons.json``; each is read and checked once per language, then kept.

    Raises:
        CourseError: if the game is unknown, has no course, or its course is broken.
    """
    return _load_course(game, language())


@cache
def _load_course(game: str, code: str) -> Course:
    if game not in {info.name for info in available_games()}:
        raise CourseError(_("no game called {game}", game=quote(game)))
    teaching = _teaching(game)
    try:
        text = read_localized(teaching.package, teaching.file, code)
    except FileNotFoundError:
        raise CourseError(_("no lessons ship for {game}", game=game)) from None
    if code == PSEUDO:
        text = json.dumps(pseudo_document(json.loads(text)))
    course = Course.from_json(text)
    if course.game != game:
        raise CourseError(f"the course shipped for {game} is {course.game}'s")
    return course


def courses() -> list[Course]:
    """Every game's course, in the registry's order (games with none are left out)."""
    found = []
    for info in available_games():
        if info.teaching is None:
            continue
        try:
            found.append(load_course(info.name))
        except CourseError:
            continue
    return found


def problems(lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson``'s task, by playing every legal move (empty: nothing).

    Every answer must solve the task; every other legal move must fail it (so the
    answers are the only ways to solve it), and the typical wrong moves the lesson
    explains must be legal moves that fail.
    """
    found: list[str] = []
    legal = [str(a) for a in lesson.start().legal_actions()]
    for move in legal:
        outcome = lesson.attempt(move)
        if move in lesson.answers and not outcome.solved:
            found.append(f"{lesson.id}: the answer {move} does not solve it ({outcome.value})")
        if move not in lesson.answers and outcome.solved:
            found.append(f"{lesson.id}: {move} solves it too ({outcome.value})")
    for move in lesson.wrong:
        if move not in legal or move in lesson.answers:
            found.append(f"{lesson.id}: the wrong move {move} it explains is no legal wrong move")
    return found
