"""``regency puzzles``: solving in the terminal (through a pipe), the ratings file, mining."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regency.puzzles import Puzzle, PuzzleSet, load_puzzles
from tests.cli.helpers import run

Fixtures = tuple[pytest.CaptureFixture[str], pytest.MonkeyPatch]


@pytest.fixture
def io(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Fixtures:
    return capsys, monkeypatch


def solve(
    io: Fixtures, tmp_path: Path, game: str, entries: list[str], puzzle: Puzzle | None = None
) -> tuple[int, str, str, Path]:
    """Solve ``puzzle`` (the first of ``game``) typing ``entries``; the ratings go in tmp_path."""
    puzzle = puzzle or load_puzzles(game).puzzles[0]
    ratings = tmp_path / "ratings.json"
    argv = ["puzzles", "--game", game, "--id", puzzle.id, "--ratings", str(ratings)]
    code, out, err = run(argv, "\n".join(entries) + "\n", *io)
    return code, out, err, ratings


@pytest.mark.parametrize("game", ["claim", "claim-kingdoms", "kingdoms"])
def test_solving_a_puzzle_raises_the_rating_kept_in_the_file(
    io: Fixtures, tmp_path: Path, game: str
) -> None:
    puzzle = load_puzzles(game).puzzles[0]
    code, out, _, ratings = solve(io, tmp_path, game, [puzzle.solutions[0]])
    assert code == 0
    assert "Correct!" in out and puzzle.explanation.split(":")[0] in " ".join(out.split())
    assert "Your rating: 1500 →" in out
    kept = json.loads(ratings.read_text())["games"][game]
    assert kept["rating"]["rating"] > 1500 and kept["rating"]["tries"] == 1
    assert kept["seen"] == [puzzle.id]


def test_a_wrong_move_lowers_the_rating_and_shows_every_chance(
    io: Fixtures, tmp_path: Path
) -> None:
    puzzle = next(p for p in load_puzzles("claim").puzzles if not p.exact)
    wrong = next(a for a in puzzle.alternatives if a.move not in puzzle.solutions)
    code, out, _, ratings = solve(io, tmp_path, "claim", ["nonsense", wrong.move], puzzle)
    assert code == 0
    assert "Not this time." in out and "←" in out and "✓" in out
    assert f"{100 * wrong.win:.0f}%" in out
    assert "nonsense" in out.lower()  # the refusal of the entry that is no move
    assert json.loads(ratings.read_text())["games"]["claim"]["rating"]["rating"] < 1500


def test_quitting_leaves_the_rating_alone(io: Fixtures, tmp_path: Path) -> None:
    code, _, _, ratings = solve(io, tmp_path, "claim", ["q"])
    assert code == 0 and not ratings.exists()


def test_a_corrupt_ratings_file_is_refused_and_kept(io: Fixtures, tmp_path: Path) -> None:
    ratings = tmp_path / "ratings.json"
    ratings.write_text('{"games": {"claim": {"rating": {"rating": "high"}}}}')
    argv = ["puzzles", "--game", "claim", "--ratings", str(ratings)]
    code, _, err = run(argv, "q\n", *io)
    assert code == 2 and "not a puzzle rating file" in err and "move it away" in err
    assert "high" in ratings.read_text()


def test_an_unknown_puzzle_is_refused(io: Fixtures, tmp_path: Path) -> None:
    argv = ["puzzles", "--game", "claim", "--id", "c0", "--ratings", str(tmp_path / "r")]
    code, _, err = run(argv, "", *io)
    assert code == 2 and "no claim puzzle 'c0'" in err


def test_mining_writes_a_set_that_reads_back(io: Fixtures, tmp_path: Path) -> None:
    out = tmp_path / "claim.json"
    # 3 players: judged by playouts (2-player positions of phase two are proven, slower
    # in pure Python; tests/puzzles/test_mining.py proves some on a small budget).
    argv = ["puzzles", "mine", "claim", "--games", "1", "--players", "3", "--quiet"]
    code, said, _ = run([*argv, "--seed", "3", "--out", str(out)], "", *io)
    assert code == 0 and "from 1 game," in " ".join(said.split())
    assert str(out) in "".join(said.split())  # however the line was wrapped
    mined = PuzzleSet.from_json(out.read_text())
    assert mined.game == "claim" and mined.mined["games"] == 1
    assert mined.mined["thresholds"]["gap"] == 0.25
    # The command that gives this set, every setting in one order; not the workers.
    assert mined.mined["command"] == (
        f"regency puzzles mine claim --games 1 --players 3 --agents heuristic --seed 3 --out {out}"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "5"], "played by 2-4 players"),
        (["--players", "two"], "--players wants counts"),
        (["--games", "-1"], "--games must be from 0"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--agents", "nobody"], "nobody"),
    ],
)
def test_mining_refuses_bad_arguments(
    io: Fixtures, tmp_path: Path, argv: list[str], words: str
) -> None:
    base = ["puzzles", "mine", "claim", "--quiet", "--out", str(tmp_path / "x.json")]
    code, _, err = run([*base, *argv], "", *io)
    assert code == 2 and words in err
    assert not (tmp_path / "x.json").exists()


def test_a_proven_puzzle_shows_each_move_as_won_or_lost(io: Fixtures, tmp_path: Path) -> None:
    """2-player Claim's phase two (issue 50): the figures are values under best play."""
    puzzle = next(p for p in load_puzzles("claim").puzzles if p.exact)
    wrong = next(a.move for a in puzzle.alternatives if a.move not in puzzle.solutions)
    ratings = tmp_path / "ratings.json"
    argv = ["puzzles", "--game", "claim", "--id", puzzle.id, "--ratings", str(ratings)]
    code, out, _ = run(argv, wrong + "\n", *io)
    assert code == 0
    said = " ".join(out.split())
    assert "against best play" in said and "wins" in said and "loses" in said
    assert "%" not in said.split("Not this time.")[1].split("Your rating")[0]
