"""``regency learn``, ``regency puzzles`` and ``regency connect``'s endings in the
pseudo-language: the commands' own lines, not only the game screens.

Each command is run through a pipe with ``--lang pseudo`` as a learner or a solver would
use it (a wrong try, the hint, a refusal, the verdict) and what it prints must keep the
rule of the game screens (tests/i18n/test_screens.py): once every bracketed message is
taken out, no word is left but codes, notation and the games' names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from regency.core import i18n
from regency.core.i18n import using
from regency.puzzles import load_puzzles
from tests.cli.helpers import run
from tests.i18n.test_screens import _escaped, _notation_words


def test_a_lesson_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A lesson with a wrong try, an illegal one, the hint asked for and the right move."""
    monkeypatch.setenv("COLUMNS", "80")
    typed = ["", "GB9", "", "DW9", "", "hint", "", "DO8", "", "quit"]
    learned = tmp_path / "learned.json"
    argv = ["learn", "claim", "--lesson", "doppelgangers", "--learned", str(learned)]
    code, out, _err = run(
        [*argv, "--lang", i18n.PSEUDO], "\n".join(typed) + "\n", capsys, monkeypatch
    )
    assert code == 0
    notation = _notation_words("claim", 2, 3)
    leftover = _escaped(out, notation)
    assert not leftover, (leftover, out)
    code, out, _err = run(["learn", "--lang", i18n.PSEUDO], "", capsys, monkeypatch)
    assert code == 0 and out.startswith("[")
    code, out, _err = run(
        ["learn", "kingdoms", "--check", "--lang", i18n.PSEUDO], "", capsys, monkeypatch
    )
    assert code == 0 and out.strip().startswith("[") and out.strip().endswith("]"), out


@pytest.mark.parametrize("exact", [False, True])
def test_a_puzzle_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    exact: bool,
) -> None:
    """A puzzle answered with no move, then a wrong one: the header, the refusal, the
    verdict, the explanation, every move's chance (or what it does, proven), the groups of
    moves and the rating."""
    monkeypatch.setenv("COLUMNS", "80")
    puzzle = next(p for p in load_puzzles("claim").puzzles if p.exact == exact)
    wrong = next(a.move for a in puzzle.alternatives if a.move not in puzzle.solutions)
    ratings = tmp_path / "ratings.json"
    argv = ["puzzles", "--game", "claim", "--id", puzzle.id, "--ratings", str(ratings)]
    entries = f"nonsense\n{wrong}\n"
    code, out, _err = run([*argv, "--lang", i18n.PSEUDO], entries, capsys, monkeypatch)
    assert code == 0
    said = _flat(out)
    notation = _notation_words("claim", 2, 3) | {"nonsense", puzzle.id.lower()}
    leftover = _escaped(said, notation)
    assert not leftover, (leftover, out)
    assert "Your rating" not in out and "Not this time" not in out and "→" in out


def _flat(text: str) -> str:
    """``text`` with its lines joined (the screen wraps long sentences at 80 columns)."""
    return " ".join(text.split())


def _view(**ending: object) -> dict[str, object]:
    """A finished table's view as ``regency connect`` reads it, seen from seat 0."""
    seats = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": ""}, {"seat": 2, "name": "Bo"}]
    return {"seat": 0, "seats": seats, "result": {"scores": [3, 1, 2]}, "ending": ending}


@pytest.mark.parametrize(
    "view",
    [
        _view(how="aborted", by=0),
        _view(how="aborted", by=2),
        _view(how="aborted", waited_for=0),
        _view(how="aborted", waited_for=1),
        _view(how="aborted"),
        _view(how="resigned", by=0, winners=[1, 2]),
        _view(how="resigned", by=1, winners=[0]),
        _view(how="resigned", by=2, winners=[]),
        _view(how="finished", winners=[0], left=[]),
        _view(how="finished", winners=[1, 2], left=[0]),
        _view(how="finished", winners=[], left=[1, 2]),
    ],
)
def test_how_a_table_ended_in_the_pseudo_language(view: dict[str, object]) -> None:
    """``regency connect``'s last line: one bracketed message, the seats' names (``Ann``,
    ``Bo``) and the scores inside it."""
    from regency.cli.seat_commands import ending_words

    with using(i18n.PSEUDO):
        said = ending_words(view)
    assert said.startswith("[") and said.endswith("]"), said
    assert not _escaped(said, {"ann", "bo"}), said
