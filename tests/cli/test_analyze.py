"""``regency analyze`` and the ``hint`` command of ``regency play``, as people use them."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from rich.console import Console

import regency
from regency.agents import make_agent
from regency.analysis import Analysis, default_agent
from regency.cli import play as play_module
from regency.cli.main import main
from regency.cli.play import Session
from regency.tables import TableSpec, parse_seats


def saved(tmp_path: Path, game: str = "claim", moves: int = 12, name: str = "g.json") -> Path:
    g = regency.new_game(game, players=2, seed=11)
    agents = [make_agent("heuristic", game, s) for s in range(2)]
    while not g.is_over and len(g.actions) < moves:
        seat = g.current_player
        assert seat is not None
        g.play(agents[seat].choose(g.view(seat)))
    path = tmp_path / name
    path.write_text(g.record({"table": ["human", "heuristic"]}).to_json(indent=1))
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_it_prints_a_table_and_a_summary_and_writes_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path)
    out_json = tmp_path / "a.json"
    code, out, err = run(
        ["analyze", str(path), "--agent", "ismcts:30", "--json", str(out_json)], capsys
    )
    assert code == 0, err
    assert "Analysis by ismcts:30 (seed 0)" in out and "Summary" in out
    assert "accuracy" in out and "Written to" in out and "a.json" in out
    analysis = Analysis.from_json(out_json.read_text())
    assert [d.number for d in analysis.decisions] == list(range(1, 13))
    flat = " ".join(out.split())
    game = regency.replay(analysis.record, stop=0)
    for d in analysis.decisions:  # cards in words, never their codes (issue 30)
        assert game.describe(d.played) in flat
        assert f" {d.played} " not in f" {flat} "
        if d.label:
            assert d.label in out
        game.play(d.played)


def test_a_record_from_the_server_shows_the_players_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server keeps the names in the record's meta (issue 30): not "Seat 0"."""
    from regency.cli.analyze import seat_names

    g = regency.new_game("claim", players=2, seed=11)
    for _ in range(6):
        g.play(g.legal_actions()[0])
    meta = {"table": "T", "seats": ["Ada", "Beginner computer"], "agents": [None, "random"]}
    path = tmp_path / "server.json"
    path.write_text(g.record(meta).to_json())
    code, out, err = run(["analyze", str(path), "--agent", "ismcts:10", "--quiet"], capsys)
    assert code == 0, err
    assert "Ada" in out and "computer" in out and "Seat 0" not in out
    # "You" (the lobby's name for whoever plays the computer) would read as the reader.
    assert seat_names(g.record({"seats": ["You", "Bob"]})) == ["Seat 0", "Bob"]
    assert seat_names(g.record({"seats": ["", 3]})) == ["Seat 0", "Seat 1"]
    assert seat_names(g.record({})) == ["Seat 0", "Seat 1"]


def test_json_to_stdout_is_only_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, "kingdoms", moves=5)
    code, out, _ = run(
        ["analyze", str(path), "--agent", "ismcts:20", "--seat", "1", "--json", "-", "--seed", "4"],
        capsys,
    )
    assert code == 0
    data = json.loads(out)
    assert data["seats"] == [1] and data["seed"] == 4
    assert {d["seat"] for d in data["decisions"]} == {1}
    again = regency.analyze(path.read_text(), agent="ismcts:20", seats=[1], seed=4)
    assert Analysis.from_dict(data) == again


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.json"], "cannot read missing.json"),
        (["corrupt.json"], "not valid JSON"),
        (["illegal.json"], "is not legal"),
        (["g.json", "--agent", "stockfish"], "unknown agent 'stockfish'"),
        (["g.json", "--agent", "heuristic"], "cannot judge moves"),
        (["g.json", "--agent", "ismcts:iters=0"], "at least"),
        (["g.json", "--seat", "2"], "--seat must be 0 to 1, not 2"),
        (["g.json", "--seat", "x"], "invalid int value"),
        (["g.json", "--workers", "0"], "--workers must be at least 1"),
        (["g.json", "--json", "nowhere/a.json"], "cannot write there"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(
    args: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    saved(tmp_path, moves=4)
    Path("corrupt.json").write_text('{"format": "regency-record", "game": ')
    record = json.loads(Path("g.json").read_text())
    record["actions"][1] = "KN1"
    record.pop("digest", None)
    Path("illegal.json").write_text(json.dumps(record))
    code, out, err = run(["analyze", *args, "--quiet"], capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1


def test_help_says_what_the_default_budget_is(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "half" in out
    for game in regency.available_games():  # the help names the real defaults
        assert default_agent(game.name) in out


# -- hint in terminal play -------------------------------------------------------------


def test_hint_shows_the_three_best_moves_with_win_chances(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "HINT_AGENT", "ismcts:60")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\n"))
    code = main(["play", "claim", "--seed", "7", "--opponent", "random"])
    out = capsys.readouterr().out
    assert code == 0
    line = " ".join(out[out.index("The computer's best moves") :].split())
    assert line.count("%") == 3
    assert "1. " in line and "2. " in line and "3. " in line and "from what you can see" in line


def test_hint_is_judged_from_the_persons_view_only() -> None:
    """Re-deal what the person cannot see: the hint does not change."""
    table = TableSpec.create("claim-kingdoms", 2, parse_seats("human,random", 2), {}, 5)
    game = table.new_game()
    for _ in range(3):
        game.play(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    console = Console(file=io.StringIO(), width=200)
    session = Session(console, table, game)
    # the default opponent at its full budget, in iterations
    assert session.hint_agent == "rollout:value=net,most=96,iters=24"
    session.hint_agent = "rollout:iters=4,depth=4"
    hint = session.hint(seat).plain
    assert hint.count("%") == 3
    for k in range(3):
        session.game = game.resample_hidden(seat, random.Random(k))
        assert session.hint(seat).plain == hint


def test_a_kingdoms_hint_comes_from_its_default_opponent() -> None:
    """rollout, Kingdoms' default at 2 players, hints the heuristic's best three moves."""
    table = TableSpec.create("kingdoms", 2, parse_seats("human,random", 2), {}, 3)
    game = table.new_game()
    ranking = regency.game_info("kingdoms").ranking
    assert ranking is not None

    def best_three(seat: int) -> set[str]:
        return {str(a) for a in list(dict.fromkeys(ranking(game.view(seat), random.Random(0))))[:3]}

    # A position where the heuristic's best three do not hang on its tie-breaks.
    rng = random.Random(3)
    while True:
        seat = game.current_player
        assert seat is not None
        if len(game.legal_actions()) > 3:
            tops = [
                {
                    str(a)
                    for a in list(dict.fromkeys(ranking(game.view(seat), random.Random(k))))[:3]
                }
                for k in range(4)
            ]
            if all(top == tops[0] for top in tops):
                break
        game.play(rng.choice(game.legal_actions()))
    session = Session(Console(file=io.StringIO(), width=200), table, game)
    assert session.hint_agent == "rollout:most=96,iters=32"  # the default at its whole budget
    session.hint_agent = "rollout:iters=4,depth=4"
    hint = session.hint(seat).plain
    assert hint.count("%") == 3
    entries = hint.split(": ", 1)[1].split(" · ")
    assert len(entries) == 3
    for move in best_three(seat):  # each entry: "1. WORDS (NOTATION) NN%" (issue 30)
        assert sum(f"{game.describe(move)} ({move}) " in entry for entry in entries) == 1


def test_the_in_game_help_mentions_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\nquit\n"))
    assert main(["play", "kingdoms", "--seed", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "'hint' shows the computer's three best moves" in out
