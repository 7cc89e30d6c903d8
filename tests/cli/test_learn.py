"""``regency learn``: a course taken through a pipe, the words, the file of lessons done."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regency.learn import load_course
from regency.learn.coach import words
from tests.cli.helpers import run

Fixtures = tuple[pytest.CaptureFixture[str], pytest.MonkeyPatch]
GAMES = ["claim", "claim-kingdoms", "kingdoms"]


@pytest.fixture
def io(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Fixtures:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    return capsys, monkeypatch


def flat(text: str) -> str:
    """``text`` with its lines joined (the screen wraps long sentences at 80 columns)."""
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_course_is_taken_by_typing_the_answers(
    io: Fixtures, tmp_path: Path, game: str
) -> None:
    course = load_course(game)
    learned = tmp_path / "learned.json"
    typed = []
    for lesson in course.lessons:
        typed += ["", lesson.answers[0], ""]  # read the lesson, answer, read the answer
    code, out, _ = run(["learn", game, "--learned", str(learned)], "\n".join(typed) + "\n", *io)
    assert code == 0
    said = flat(out)
    for lesson in course.lessons:
        assert flat(lesson.explain) in said and flat(lesson.task) in said
        assert flat(lesson.right) in said
    assert flat(course.done) in said
    assert json.loads(learned.read_text()) == {game: [lesson.id for lesson in course.lessons]}
    # Each screen fits 80 columns (a prompt's answer is not echoed through a pipe, so
    # the next screen follows it on its line there).
    screen = out.replace(words()["learn"]["terminal_enter"] + " ", "\n").replace("> ", "\n")
    assert max(len(line) for line in screen.splitlines()) <= 80


def test_a_wrong_answer_gets_its_words_and_the_hint_and_the_lesson_waits(
    io: Fixtures, tmp_path: Path
) -> None:
    lesson = load_course("claim").get("doppelgangers")
    learned = tmp_path / "learned.json"
    typed = ["", "GB9", "", "DW9", "", "hint", "", "DO8", "", "quit"]
    code, out, _ = run(
        ["learn", "claim", "--lesson", lesson.id, "--learned", str(learned)],
        "\n".join(typed) + "\n",
        *io,
    )
    assert code == 0
    said = flat(out)
    learn = words()["learn"]
    assert learn["wrong"] in said and flat(lesson.wrong["GB9"]) in said
    assert learn["not_allowed"] in said and "no Dwarf 9" in said  # the game's refusal
    assert said.count(flat(lesson.hint)) >= 3  # after each miss, and when asked
    assert flat(lesson.right) in said
    assert json.loads(learned.read_text()) == {"claim": [lesson.id]}


def test_a_number_picks_the_numbered_move_and_the_names_are_explained(
    io: Fixtures, tmp_path: Path
) -> None:
    lesson = load_course("claim").get("three-players")
    code, out, _ = run(
        ["learn", "claim", "--lesson", lesson.id, "--learned", str(tmp_path / "l.json")],
        "\n2\n\nquit\n",
        *io,
    )
    assert code == 0
    assert "Ana is Seat 0 on this screen. Ben is Seat 1 on this screen." in out
    assert " 1 UN5   2 DW8" in out
    assert flat(lesson.right) in flat(out)


def test_the_course_starts_at_the_first_lesson_not_done(io: Fixtures, tmp_path: Path) -> None:
    course = load_course("kingdoms")
    learned = tmp_path / "learned.json"
    learned.write_text(json.dumps({"kingdoms": [course.lessons[0].id]}))
    _, out, _ = run(["learn", "kingdoms", "--learned", str(learned)], "quit\n", *io)
    assert course.lessons[1].title in out and course.lessons[0].title not in out
    _, out, _ = run(["learn", "kingdoms", "--learned", str(learned), "--restart"], "q\n", *io)
    assert course.lessons[0].title in out


def test_skipping_moves_on_without_marking_the_lesson_done(io: Fixtures, tmp_path: Path) -> None:
    learned = tmp_path / "learned.json"
    code, out, _ = run(
        ["learn", "claim-kingdoms", "--learned", str(learned)], "\nskip\n\nquit\n", *io
    )
    assert code == 0 and "Skipped" in out
    assert not learned.exists()


def test_without_a_game_the_courses_are_listed(io: Fixtures) -> None:
    code, out, _ = run(["learn"], "", *io)
    assert code == 0 and "claim, claim-kingdoms, kingdoms" in out


def test_check_plays_every_move_of_every_lesson(io: Fixtures) -> None:
    code, out, _ = run(["learn", "kingdoms", "--check"], "", *io)
    assert code == 0 and "11 lessons, 0 problems" in out


def test_a_corrupt_file_of_lessons_done_is_refused_and_kept(io: Fixtures, tmp_path: Path) -> None:
    learned = tmp_path / "learned.json"
    learned.write_text("[not json")
    code, _, err = run(["learn", "claim", "--learned", str(learned)], "", *io)
    assert code != 0 and "move it away" in err
    assert learned.read_text() == "[not json"


def test_an_unknown_lesson_is_refused(io: Fixtures, tmp_path: Path) -> None:
    code, _, err = run(["learn", "claim", "--lesson", "castling"], "", *io)
    assert code != 0 and "no lesson 'castling'" in err
