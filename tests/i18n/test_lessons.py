"""The lessons in every language: ``lessons.<lang>.json`` and ``words.<lang>.json``.

A translation is the English file with its player-facing texts translated and everything
else the same: keys, ids, positions, answers, goals, the order of the lessons. Each text
keeps the English's ``{placeholders}``, rule ids, card codes and quoted notation (what a
player types stays as it is), and every text is translated but for the few rightly the
same (a name the edition keeps). The loader reads the file of the current language
(``regency.core.i18n.using``) and English otherwise.
"""

from __future__ import annotations

import json
import re
import string
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import regency
from regency.core.i18n import DEFAULT, LANGUAGES, pseudo_text, using
from regency.core.registry import game_info
from regency.learn import load_course, model
from regency.learn.coach import words
from regency.learn.model import localized_name

PACKAGE = Path(regency.__file__).resolve().parent
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT)
GAMES = [info.name for info in regency.available_games() if info.teaching is not None]


def _english_files() -> dict[str, Path]:
    found = {"words": PACKAGE / "learn" / "words.json"}
    for game in GAMES:
        teaching = game_info(game).teaching
        assert teaching is not None
        found[game] = Path(str(resources.files(teaching.package).joinpath(teaching.file)))
    return found


FILES = _english_files()

COURSE_TEXTS = set(model.COURSE_TEXTS)
COURSE_TABLES = set(model.COURSE_TABLES)
LESSON_TEXTS = set(model.LESSON_TEXTS)
LESSON_TABLES = {"wrong"}
NAMES = {"others", "names"}
"""Lists of the seats' names: translated or not, as the language likes."""

SAME: dict[str, set[str]] = {
    "de": {"words:coach.title"},  # "Coach", as German says it
    "fr": {"words:coach.title"},
    "nl": {"words:coach.title"},
    "es": set(),
}
"""Per language, the texts (by path) rightly the same as the English."""

RULE = re.compile(r"R-[A-Z]+-\d+")
KEPT = [
    re.compile(r"\b[A-Z]{2}\d\b"),  # card codes
    re.compile(r"(?<!\w)'[a-z][a-z ,0-9]*'(?!\w)"),  # quoted notation: 'hint', 'score row'
    re.compile(r"\bregency [a-z]+|--[a-z]+ [A-Z][a-z]+|--[a-z]+"),  # commands
]
"""What a text keeps as it is, in every language (besides its rule ids)."""


def _placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _lost(english: str, translated: str) -> list[str]:
    """The notation of ``english`` (card codes, quoted moves, commands) not kept."""
    wanted = Counter(found for pattern in KEPT for found in pattern.findall(english))
    return [token for token, n in wanted.items() if translated.count(token) < n]


def _texts(data: Any, kind: str) -> Iterator[tuple[str, str, bool]]:
    """Every text of a file as ``(path, text, is_a_name)``."""
    if kind == "words":
        for part, table in data.items():
            for key, text in table.items():
                yield f"{part}.{key}", text, False
        return
    for key in sorted(COURSE_TEXTS & data.keys()):
        yield key, data[key], False
    for table in sorted(COURSE_TABLES & data.keys()):
        for key, text in data[table].items():
            yield f"{table}.{key}", text, False
    for index, name in enumerate(data.get("others", [])):
        yield f"others.{index}", name, True
    for lesson in data["lessons"]:
        where = f"lessons.{lesson['id']}"
        for key in sorted(LESSON_TEXTS & lesson.keys()):
            yield f"{where}.{key}", lesson[key], False
        for move, text in lesson.get("wrong", {}).items():
            yield f"{where}.wrong.{move}", text, False
        for index, name in enumerate(lesson.get("names", [])):
            yield f"{where}.names.{index}", name, True


def _skeleton(data: Any, kind: str) -> Any:
    """The file with every text replaced by a mark: what must be the same in every language."""
    if kind == "words":
        return {part: sorted(table) for part, table in data.items()}
    course = {k: v for k, v in data.items() if k not in COURSE_TEXTS | COURSE_TABLES | NAMES}
    for key in sorted(COURSE_TEXTS & data.keys()):
        course[key] = "<text>"
    for table in sorted(COURSE_TABLES & data.keys()):
        course[table] = sorted(data[table])
    if "others" in data:
        course["others"] = len(data["others"])
    lessons = []
    for lesson in data["lessons"]:
        kept = {k: v for k, v in lesson.items() if k not in LESSON_TEXTS | LESSON_TABLES | NAMES}
        for key in sorted(LESSON_TEXTS & lesson.keys()):
            kept[key] = "<text>"
        if "wrong" in lesson:
            kept["wrong"] = sorted(lesson["wrong"])
        if "names" in lesson:
            kept["names"] = len(lesson["names"])
        lessons.append(kept)
    course["lessons"] = lessons
    return course


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _translation(kind: str, code: str) -> Path:
    english = FILES[kind]
    return english.with_name(localized_name(english.name, code))


PENDING: set[tuple[str, str]] = set()
"""The files not yet translated (the loader gives the English): shrinks to nothing."""

CASES = [
    pytest.param(kind, code, marks=pytest.mark.xfail(strict=True, reason="not yet translated"))
    if (kind, code) in PENDING
    else (kind, code)
    for kind in FILES
    for code in TRANSLATED
]
DONE = [(kind, code) for kind in FILES for code in TRANSLATED if (kind, code) not in PENDING]


@pytest.mark.parametrize(("kind", "code"), CASES)
def test_each_language_ships_each_file(kind: str, code: str) -> None:
    assert _translation(kind, code).is_file(), f"no {_translation(kind, code).name}"


@pytest.mark.parametrize(("kind", "code"), DONE)
def test_a_translation_is_the_english_with_only_its_texts_changed(kind: str, code: str) -> None:
    english = _read(FILES[kind])
    translated = _read(_translation(kind, code))
    assert _skeleton(translated, kind) == _skeleton(english, kind)
    pairs = list(zip(_texts(english, kind), _texts(translated, kind), strict=True))
    assert [e[0] for e, _t in pairs] == [t[0] for _e, t in pairs]
    untranslated = []
    for (path, text, is_name), (_path, said, _name) in pairs:
        assert isinstance(said, str) and said.strip(), path
        assert _placeholders(said) == _placeholders(text), (path, said)
        assert Counter(RULE.findall(said)) == Counter(RULE.findall(text)), (path, said)
        assert not _lost(text, said), (path, _lost(text, said))
        assert said.count("{") == said.count("}"), path
        if said == text and not is_name and f"{kind}:{path}" not in SAME[code]:
            untranslated.append(path)
    assert not untranslated, f"{code}: left in English: {untranslated}"


@pytest.mark.parametrize(("game", "code"), [c for c in DONE if c[0] != "words"])
def test_a_translated_course_loads_and_gives_no_answer_away(game: str, code: str) -> None:
    with using(code):
        course = load_course(game)
    english = load_course(game)
    assert [lesson.id for lesson in course.lessons] == [lesson.id for lesson in english.lessons]
    for lesson, original in zip(course.lessons, english.lessons, strict=True):
        assert (lesson.answers, lesson.seat, lesson.rules) == (
            original.answers,
            original.seat,
            original.rules,
        )
        assert lesson.wrong.keys() == original.wrong.keys()
        for answer in lesson.answers:
            assert answer not in lesson.hint, (code, lesson.id, answer)
            assert answer not in lesson.task, (code, lesson.id, answer)


def test_the_loader_reads_the_current_language_and_english_by_default() -> None:
    german = _read(_translation("claim", "de"))
    english = _read(FILES["claim"])
    with using("de"):
        course = load_course("claim")
        assert course.title == german["title"] != english["title"]
        first = course.lessons[0]
        assert first.task == german["lessons"][0]["task"]
        assert first.attempt(first.answers[0]).text == german["lessons"][0]["right"]
        assert words() == _read(_translation("words", "de"))
        assert load_course("claim") is course  # read once per language, then kept
    assert load_course("claim").title == english["title"]
    assert load_course("claim").lessons[0].task == english["lessons"][0]["task"]
    assert words() == _read(FILES["words"])


def test_the_pseudo_language_reads_the_english_documents_bracketed() -> None:
    """Lessons are files, not catalog messages: the tests' pseudo-language makes each
    text of the English file bracketed, and leaves everything else (answers, moves,
    positions, placeholders) as it is."""
    english = _read(FILES["kingdoms"])
    plain = load_course("kingdoms")
    with using("pseudo"):
        course = load_course("kingdoms")
        assert course.title == pseudo_text(english["title"])
        assert course.lessons[0].answers == plain.lessons[0].answers
        coach = _read(FILES["words"])["coach"]
        assert words()["coach"] == {key: pseudo_text(text) for key, text in coach.items()}
    assert load_course("kingdoms").title == english["title"]


@pytest.mark.parametrize("code", [code for kind, code in DONE if kind == "words"])
def test_the_coachs_sentences_fill_in_every_language(code: str) -> None:
    table = _read(_translation("words", code))["coach"]
    for key in ("good", "inaccuracy", "mistake", "blunder"):
        assert table[key].format(best="X", best_win=60, played_win=40)
