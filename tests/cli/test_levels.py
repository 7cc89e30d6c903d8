"""``regency play --level NAME`` and the levels ``regency games`` lists (issue 30)."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from regency.agents.defaults import default_opponent
from regency.agents.ladder import ladder, ladders_json
from regency.cli.main import main


def run(argv: list[str], stdin: str, capsys: Any, monkeypatch: Any) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), " ".join(err.split())


@pytest.mark.parametrize(
    ("game", "players", "name", "agent"),
    [
        ("claim", 2, "beginner", "random"),
        ("claim-kingdoms", 2, "Casual", "ismcts"),
        ("kingdoms", 3, "STRONG", "rollout"),
        ("kingdoms", 4, "strongest", default_opponent("kingdoms", 4)),
    ],
)
def test_level_seats_that_levels_agent(
    game: str, players: int, name: str, agent: str, capsys: Any, monkeypatch: Any
) -> None:
    argv = ["play", game, "--players", str(players), "--seed", "1", "--level", name]
    code, out, _ = run(argv, "quit\n", capsys, monkeypatch)
    assert code == 0
    level = name.capitalize()
    assert f": {level} computer ({agent})" in " ".join(out.split())


def test_an_unknown_level_is_refused_with_the_ladder(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run(["play", "kingdoms", "--level", "grandmaster"], "", capsys, monkeypatch)
    assert code == 2
    names = ", ".join(level.name for level in ladder("kingdoms", 2))
    assert f"no level 'grandmaster' in Kingdoms at 2 players; the levels: {names}" in err


@pytest.mark.parametrize(
    "extra", [["--opponent", "random"], ["--seats", "human,random"]], ids=["opponent", "seats"]
)
def test_level_goes_alone(extra: list[str], capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run(["play", "claim", "--level", "casual", *extra], "", capsys, monkeypatch)
    assert code == 2 and "--level" in err


def test_games_lists_the_levels(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = run(["games"], "", capsys, monkeypatch)
    assert code == 0 and "--level NAME" in out
    assert "Strongest rollout:most=96 1643 53.4% of 102" in out  # 3-player Kingdoms
    # A match names its rival by level: Expert is `rollout`.
    assert "Strongest rollout:most=96 1726 61.5% of 400 vs Expert" in out  # 2 players
    assert "Expert rollout 1645" in out
    code, out, _ = run(["games", "--json"], "", capsys, monkeypatch)
    games = json.loads(out)
    assert all(g["levels"] == ladders_json(g["name"]) for g in games)


def test_the_levels_fit_an_80_column_terminal(capsys: Any, monkeypatch: Any) -> None:
    """One table per game, and a match names its rival's level: no figure is cut short."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    levels = out[out.index("Computer levels") :]
    assert "…" not in levels
    assert all(len(line) <= 80 for line in levels.splitlines())
    for title in ("Claim", "Claim Kingdoms", "Kingdoms"):
        assert any(line.strip() == title for line in levels.splitlines()), title
    # Every level's figure reads whole on its own line (the column never wraps).
    for steps in (ladder(g, n) for g in ("claim", "claim-kingdoms", "kingdoms") for n in (2, 3, 4)):
        for level in steps:
            assert level.strength is not None
            assert f"{level.strength.won:.1%} of {level.strength.games}" in levels or (
                level.agent == "heuristic"
            )
