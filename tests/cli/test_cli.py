"""The `regency` command, used as a person uses it: through a pipe, with files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import regency
from regency.render import claim as claim_screen
from tests.cli.helpers import run


def regency_cmd(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the installed `regency` script in a real subprocess with piped stdin."""
    return subprocess.run(
        [sys.executable, "-m", "regency.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_whole_game_through_a_pipe_ends_and_saves_a_replayable_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = regency_cmd(
        "play",
        "claim",
        "--seed",
        "3",
        "--opponent",
        "random",
        "--save",
        str(record),
        stdin="1\n" * 60,
    )
    assert done.returncode == 0, done.stderr
    assert "The factions vote" in done.stdout
    assert " win" in done.stdout
    game = regency.replay(record.read_text())
    assert game.is_over
    data = json.loads(record.read_text())
    assert data["meta"]["seats"] == ["Seat 0", "Seat 1"]
    assert data["meta"]["table"] == ["human", "random"]
    assert data["meta"]["result"]["winners"] == game.result().winners


def test_wrong_entries_get_messages_not_tracebacks(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(
        ["play", "claim", "--seed", "1", "--seat", "0"],
        "99\nXX9\nhelp\n\nquit\n",
        capsys,
        monkeypatch,
    )
    assert code == 0
    assert "There is no move 99" in out
    assert "is not a card" in out
    assert "Type the number of a move" in out
    assert "Game stopped" in out
    assert "Traceback" not in out + err


def test_an_illegal_card_is_explained(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Seed 5: the heuristic in seat 1 leads GB0 and seat 0 holds Goblins, so an Undead
    # is refused.
    args = ["play", "claim", "--seed", "5", "--opponent", "heuristic"]
    code, out, _ = run(args, "UN3\nq\n", capsys, monkeypatch)
    assert code == 0
    assert "You must follow Goblins" in out


def test_end_of_input_abandons_cleanly_and_saves_what_was_played(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    done = regency_cmd("play", "claim", "--seed", "2", "--save", str(record), stdin="1\n1\n")
    assert done.returncode == 0
    assert "Game stopped" in done.stdout
    partial = regency.replay(record.read_text())
    assert not partial.is_over and len(partial.actions) >= 2


def test_the_screen_shows_the_seat_its_own_cards_and_never_the_opponents() -> None:
    game = regency.new_game("claim", seed=8)
    console = Console(record=True, width=120)
    console.print(claim_screen.board(game.observation(0)))
    screen = console.export_text()
    mine = game.observation(0)["hand"]
    theirs = game.observation(1)["hand"]
    assert "Your hand: " + " ".join(mine) in screen
    visible = set(mine) | set(game.observation(0)["face_up"])
    for code in set(theirs) - visible:
        assert code not in screen


def test_replay_final_and_all(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = regency.new_game("claim", seed=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    path = tmp_path / "r.json"
    path.write_text(game.record().to_json())
    code, out, _ = run(["replay", str(path), "--final"], "", capsys, monkeypatch)
    assert code == 0 and "The factions vote" in out
    code, out, _ = run(["replay", str(path), "--all"], "", capsys, monkeypatch)
    assert code == 0 and out.count("Move ") == len(game.actions) + 1
    # A saved game (to_json) replays too.
    path.write_text(game.to_json())
    code, out, _ = run(["replay", str(path), "--final", "--seat", "1"], "", capsys, monkeypatch)
    assert code == 0 and "Your hand" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        (
            '{"format": "regency-record", "game": "claim", "players": 2, "seed": 1, '
            '"actions": ["ZZ9"]}',
            "move 1 ('ZZ9') is not legal",
        ),
        (
            '{"format": "regency-record", "game": "chess", "players": 2, "seed": 1}',
            "no game called 'chess'",
        ),
        ('{"format": "something"}', "not a regency record"),
    ],
)
def test_a_bad_record_is_one_clear_line(
    tmp_path: Path, content: str, message: str, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(["replay", str(path)], "", capsys, monkeypatch)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "nope"], "no game called 'nope'"),
        (["play", "claim", "--players", "7"], "2-4 players"),
        (["play", "claim", "--seat", "5"], "--seat must be 0 to 1"),
        (["play", "claim", "--factions", "knights"], "come as a pair"),
        (["play", "claim", "--opponent", "genius"], "unknown agent 'genius'"),
        (["play", "claim", "--players", "two"], "invalid int value"),
        (["play", "claim", "-o", "colour"], "KEY=VALUE"),
        (["play", "claim", "-o", "colour=red"], "no option 'colour'"),
        (["play"], "name a game to play"),
        (["play", "claim", "--seats", "human,genius"], "seat 1: unknown agent 'genius'"),
        (["play", "claim", "--seats", "random,random"], "needs at least one human"),
        (["play", "claim", "--seats", "human,random,human"], "2 seats need 2 entries"),
        (["play", "claim", "--seats", "human,random", "--seat", "1"], "leave out --seat"),
        (["play", "--load", "/no/such/file"], "cannot read it"),
        (["replay", "/no/such/file"], "cannot read"),
        (["simulate", "claim", "--games", "0"], "--games must be at least 1"),
        (["simulate", "claim", "--agents", "random,random,random"], "cannot share 2 seats"),
        (["simulate", "claim", "--agents", "random:x=1"], "no parameter 'x'"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_argument_errors_are_one_clear_line(
    argv: list[str], message: str, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run(argv, "", capsys, monkeypatch)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err


def test_simulate_prints_a_table_and_json_independent_of_workers(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    argv = [
        "simulate",
        "claim",
        "--games",
        "24",
        "--agents",
        "heuristic,random",
        "--seed",
        "9",
        "--quiet",
        "--json",
        "-",
    ]
    code, out, _ = run(argv, "", capsys, monkeypatch)
    assert code == 0
    one = json.loads(out)
    code, out, _ = run([*argv, "--workers", "2"], "", capsys, monkeypatch)
    two = json.loads(out)
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    for agent in one["agents"]:
        assert agent["games"] == 24
        assert agent["wins"] + agent["draws"] + agent["losses"] == 24
        assert agent["ci_low"] <= agent["win_rate"] <= agent["ci_high"]
    code, out, _ = run(argv[:-2], "", capsys, monkeypatch)
    assert "win rate" in out and "heuristic" in out


def test_games_lists_every_game(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(["games", "--json"], "", capsys, monkeypatch)
    assert code == 0
    names = [g["name"] for g in json.loads(out)]
    assert names == list(regency.available_games())
    code, out, _ = run([], "", capsys, monkeypatch)
    assert code == 0 and "regency play claim" in out
