"""The shipped courses: every lesson legal, solved only by its answers, and the rules covered.

Each lesson's task is judged by playing moves (``Lesson.attempt``): here every legal move
of every lesson is played, so an answer that does not solve its task, or another move that
does, fails the test, as does a course that leaves a rule id of ``docs/rules/<game>.md``
neither taught nor listed (once, with its reason) in its ``not_taught``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import regency
from regency.core.registry import game_info
from regency.learn import Course, CourseError, Lesson, load_course, problems
from regency.learn.coach import words

ROOT = Path(__file__).resolve().parents[2]
GAMES = [info.name for info in regency.available_games() if info.teaching is not None]
RULE = re.compile(r"R-(?:CLAIM|CK|K|ALL)-\d+")


def lessons(game: str) -> list[Lesson]:
    return list(load_course(game).lessons)


def rule_ids(game: str) -> set[str]:
    """Every rule id ``docs/rules/<game>.md`` cites."""
    return set(RULE.findall((ROOT / "docs" / "rules" / f"{game}.md").read_text()))


def test_every_game_ships_a_course_of_eight_to_fifteen_lessons() -> None:
    assert [info.name for info in regency.available_games()] == GAMES
    for game in GAMES:
        course = load_course(game)
        assert 8 <= len(course) <= 15, (game, len(course))
        assert len({lesson.id for lesson in course.lessons}) == len(course)


@pytest.mark.parametrize("game", GAMES)
def test_each_answer_solves_its_lesson_and_every_other_legal_move_fails_it(game: str) -> None:
    found = [problem for lesson in lessons(game) for problem in problems(lesson)]
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_position_is_a_legal_game_that_plays_to_its_end(game: str) -> None:
    rng = random.Random(7)
    for lesson in lessons(game):
        start = lesson.start()
        assert start.current_player == lesson.seat
        assert not start.is_over
        moves = 0
        while not start.is_over and moves < 2000:
            start.play(rng.choice(list(start.legal_actions())))
            moves += 1
        assert start.is_over, lesson.id


@pytest.mark.parametrize("game", GAMES)
def test_the_course_covers_every_rule_id_of_the_game_or_says_why_not(game: str) -> None:
    course = load_course(game)
    documented = rule_ids(game)
    taught = course.taught()
    listed = set(course.not_taught)
    assert documented <= taught | listed, (
        f"neither taught nor listed: {documented - taught - listed}"
    )
    assert not taught & listed, f"taught and listed as not taught: {taught & listed}"
    assert taught <= documented, f"lessons name ids the rules do not: {taught - documented}"
    assert listed <= documented, f"not_taught names ids the rules do not: {listed - documented}"
    assert all(reason.strip() for reason in course.not_taught.values())


@pytest.mark.parametrize("game", GAMES)
def test_each_explanation_names_a_rule_it_teaches_and_no_hint_gives_the_answer_away(
    game: str,
) -> None:
    for lesson in lessons(game):
        assert set(RULE.findall(lesson.right)) & set(lesson.rules), lesson.id
        for text in (lesson.title, lesson.explain, lesson.task, lesson.miss, lesson.hint):
            assert text.strip(), lesson.id
        for answer in lesson.answers:
            assert answer not in lesson.hint, (lesson.id, answer)
            assert answer not in lesson.task, (lesson.id, answer)


@pytest.mark.parametrize("game", GAMES)
def test_a_right_try_gets_the_right_words_and_a_wrong_one_its_own_and_the_hint(
    game: str,
) -> None:
    for lesson in lessons(game):
        right = lesson.attempt(lesson.answers[0])
        assert right.solved and right.text == lesson.right and right.hint is None
        assert right.moves[0] == (lesson.seat, lesson.answers[0])
        for move in [str(a) for a in lesson.start().legal_actions()]:
            if move in lesson.answers:
                continue
            wrong = lesson.attempt(move)
            assert not wrong.solved and wrong.hint == lesson.hint
            assert wrong.text == lesson.wrong.get(move, lesson.miss)


def test_a_move_that_is_not_legal_gets_the_games_refusal_and_the_hint() -> None:
    lesson = load_course("claim").get("win-a-trick")
    outcome = lesson.attempt("DW9")  # held, but Goblins must be followed (R-CLAIM-5)
    assert not outcome.legal and not outcome.solved
    assert "follow Goblins" in outcome.text and outcome.hint == lesson.hint
    nonsense = lesson.attempt("castle 4 A1")
    assert not nonsense.legal and nonsense.hint == lesson.hint


def _course_text(game: str) -> dict[str, Any]:
    teaching = game_info(game).teaching
    assert teaching is not None
    data: dict[str, Any] = json.loads(teaching.course_text())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["lessons"][0]["goal"].update(measure="nonsense"), "names a measure"),
        (lambda d: d["lessons"][0].update(answers=["KN9"]), "not a legal move"),
        (lambda d: d["lessons"][0].update(rules=["rule six"]), "rule ids"),
        (lambda d: d["lessons"][1].update(id=d["lessons"][0]["id"]), "repeats a lesson id"),
        (lambda d: d["lessons"][0].update(seat=0), "is not to move"),
        (lambda d: d["lessons"][0]["position"].update(leader=5), "its position"),
        (lambda d: d["lessons"][0].update(id="Win A Trick"), "lower-case"),
        (lambda d: d.update(version=99), "version"),
    ],
)
def test_a_broken_course_is_refused_saying_what_is_wrong(change: Any, message: str) -> None:
    data = _course_text("claim")
    change(data)
    with pytest.raises(CourseError, match=message):
        Course.from_json(json.dumps(data))


def test_an_unknown_game_or_lesson_is_refused() -> None:
    with pytest.raises(CourseError, match="no game called"):
        load_course("chess")
    with pytest.raises(CourseError, match="no lesson"):
        load_course("claim").get("castling")


def test_every_word_the_pages_and_the_terminal_say_is_in_words_json() -> None:
    """The lessons page, the coach's panel and the terminal read their words from one file."""
    table = words()
    sources = {
        "learn": [ROOT / "src/regency/web/learn.js", ROOT / "src/regency/cli/learn.py"],
        "coach": [ROOT / "src/regency/web/coach.js", ROOT / "src/regency/learn/coach.py"],
    }
    for part, paths in sources.items():
        used = set()
        for path in paths:
            used |= set(re.findall(r"""\bsay\(\s*["'](\w+)["']""", path.read_text()))
            used |= set(re.findall(r"""\[["']coach["']\]\[["'](\w+)["']\]""", path.read_text()))
        assert used, part
        assert used <= set(table[part]), f"{part}: {used - set(table[part])} missing"
    for part in table.values():
        for text in part.values():
            assert text.count("{") == text.count("}")
