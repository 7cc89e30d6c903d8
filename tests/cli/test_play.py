"""``regency play`` as people use it: through a pipe, and on a pseudo-terminal."""

from __future__ import annotations

import io
import json
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import regency
from regency.cli.play import Session
from regency.render import claim as claim_screen
from regency.render import renderer_for
from regency.tables import TableSpec, parse_seats
from tests.cli.helpers import run

PLAYERS = [(g.name, p) for g in regency.available_games() for p in g.players]


def on_terminal(
    args: list[str], keys: list[str], env: dict[str, str] | None = None, wait: float = 1.5
) -> tuple[int, str]:
    """Run ``regency`` on an 80x24 pseudo-terminal, typing each of ``keys`` in turn
    once the output has been quiet for a moment; return the exit status and output."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of 80x24
        # A shell that starts a job in the background makes it ignore Ctrl-C, and the
        # child would inherit that: give it the terminal's usual response back.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.environ.update({"COLUMNS": "80", "LINES": "24", "TERM": "xterm", **(env or {})})
        if "NO_COLOR" not in (env or {}):
            os.environ.pop("NO_COLOR", None)
        os.execv(sys.executable, [sys.executable, "-m", "regency", *args])
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = bytearray()

    def drain(quiet: float) -> bool:
        """Read until the program has said something and then been quiet for a moment."""
        deadline = time.monotonic() + 90
        heard = False
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], quiet if heard else 1.0)
            if not ready:
                if heard:
                    return True
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out.extend(chunk)
            heard = True
        return True

    for key in keys:
        if not drain(wait):
            break
        os.write(fd, key.encode())
    drain(wait)
    for _ in range(300):  # the program must end by itself within 30 s of the last key
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        raise AssertionError(f"regency {' '.join(args)} did not end; it said: {out.decode()}")
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode(errors="replace")


# -- defects ---------------------------------------------------------------------------


def test_a_huge_number_is_refused_and_the_record_is_kept(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    save = tmp_path / "g.json"
    code, out, err = run(
        ["play", "claim", "--seed", "1", "--save", str(save)],
        "9" * 5000 + "\n²\n[/red]\nquit\n",
        capsys,
        monkeypatch,
    )
    assert code == 0 and "Traceback" not in out + err
    assert "There is no move 999999..." in out
    assert "Record saved" in out
    # Every entry was refused, so the record kept is the game as dealt: no move in it.
    record = json.loads(save.read_text())
    assert (record["game"], record["seed"], record["actions"]) == ("claim", 1, [])
    kept = regency.replay(save.read_text())
    assert kept.state_dict() == regency.new_game("claim", seed=1).state_dict()


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.text(max_size=60).filter(lambda t: "\n" not in t and "\r" not in t), max_size=4))
def test_no_entry_crashes_play(entries: list[str]) -> None:
    console = Console(file=io.StringIO(), width=80)
    old = sys.stdin
    sys.stdin = io.StringIO("\n".join(entries) + "\nquit\n")
    try:
        table = TableSpec.create("kingdoms", 2, parse_seats("human,random", 2), seed=4)
        Session(console, table, table.new_game()).run()
    finally:
        sys.stdin = old


def test_kingdoms_numbers_mean_only_what_the_screen_shows(capsys: Any, monkeypatch: Any) -> None:
    save_free = ["play", "kingdoms", "--seed", "2", "--seat", "0", "-o", "first=0"]
    code, out, _ = run(save_free, "1\nquit\n", capsys, monkeypatch)
    assert code == 0
    assert "The moves are not numbered on this screen" in out
    assert "Game stopped after 0 moves" in out


def test_ctrl_c_keeps_the_record(tmp_path: Path) -> None:
    save = tmp_path / "c.json"
    code, out = on_terminal(["play", "claim", "--seed", "2", "--save", str(save)], ["\x03"])
    assert code == 130
    assert "Interrupted" in out and "Record saved" in out
    game = regency.replay(save.read_text())
    assert game.name == "claim" and not game.is_over


def test_save_refuses_to_overwrite_and_checks_the_path_at_the_start(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    existing = tmp_path / "old.json"
    existing.write_text("precious")
    code, out, err = run(["play", "claim", "--save", str(existing)], "", capsys, monkeypatch)
    assert code == 2 and "already exists; add --force" in err and out == ""
    assert existing.read_text() == "precious"
    code, _, _ = run(
        ["play", "claim", "--save", str(existing), "--force"], "quit\n", capsys, monkeypatch
    )
    assert code == 0 and regency.replay(existing.read_text()).name == "claim"
    nowhere = tmp_path / "no" / "such" / "dir" / "g.json"
    code, out, err = run(["play", "claim", "--save", str(nowhere)], "", capsys, monkeypatch)
    assert code == 2 and "cannot write there" in err and out == ""


def test_four_player_claim_names_the_partner_and_speaks_in_person(
    capsys: Any, monkeypatch: Any
) -> None:
    code, out, _ = run(
        ["play", "claim", "--players", "4", "--seed", "6", "--opponent", "heuristic"],
        "quit\n",
        capsys,
        monkeypatch,
    )
    assert code == 0
    assert "Seat 2: Casual computer (heuristic) (your partner)" in " ".join(out.split())
    rng = random.Random(3)
    slips = re.compile(r"\bYou (leads|wins|draws|takes|has|places)\b")
    for name, players in [("claim", 4), ("claim", 3), ("kingdoms", 2)]:
        game = regency.new_game(name, players=players, seed=5)
        screen = renderer_for(name)
        step = 0
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if step % 3 == 0:
                viewer = seat if step % 2 else (seat + 1) % players  # the mover, or a watcher
                text = render(screen.board(game.observation(viewer)))
                assert not slips.search(text), text
            game.apply(rng.choice(game.legal_actions()))
            step += 1


def test_simulate_finds_agents_for_any_player_count(capsys: Any, monkeypatch: Any) -> None:
    code, out, err = run(
        ["simulate", "claim", "--players", "3", "--games", "3", "--quiet", "--seed", "1"],
        "",
        capsys,
        monkeypatch,
    )
    assert code == 0, err
    assert "heuristic" in out and "random" in out
    code, _, err = run(["simulate", "claim", "--players", "7"], "", capsys, monkeypatch)
    assert code == 2 and "played by 2-4 players, not 7" in err


def test_games_json_into_head_ends_quietly() -> None:
    done = subprocess.run(
        f"{sys.executable} -m regency games --json | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip() == "["
    assert done.stderr == ""


def test_python_dash_m_regency_works() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "regency", "games"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "kingdoms" in done.stdout


def test_replay_answers_unknown_keys_and_uses_the_screens_names(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    game = regency.new_game("claim", seed=4)
    game.apply(game.legal_actions()[0])
    path.write_text(game.record({"table": ["human", "heuristic"]}).to_json())
    code, out = on_terminal(["replay", str(path)], ["zz\r", "q\r"])
    assert code == 0
    assert "'zz' is not a replay key" in out
    assert "Seat 0: a person; Seat 1: Casual computer (heuristic)." in out
    assert f"Seat {regency.new_game('claim', seed=4).current_player}: " in out


# -- what players expect ---------------------------------------------------------------


def test_hot_seat_passes_the_keyboard_and_hides_the_last_hand() -> None:
    args = ["play", "claim", "--players", "3", "--seed", "8", "--seats", "human,heuristic,human"]
    game = regency.new_game("claim", players=3, seed=8)
    assert game.current_player is not None
    code, out = on_terminal(args, ["1\r", "\r", "1\r", "\r", "quit\r"], wait=1.0)
    assert code == 0
    handed = [m.start() for m in re.finditer("Pass the keyboard to", out)]
    assert handed, out
    for start in handed:
        wiped = out.rfind("\x1b[3J", 0, start)
        assert wiped != -1  # the screen and scrollback are wiped before the hand-over
        assert "Your hand" not in out[wiped:start]
        after = out.find("\x1b[3J", start)  # ... and wiped again before the next screen
        assert after != -1


def test_hot_seat_through_a_pipe_and_different_computer_players(
    capsys: Any, monkeypatch: Any
) -> None:
    code, out, _ = run(
        [
            "play",
            "kingdoms",
            "--players",
            "4",
            "--seed",
            "1",
            "--seats",
            "human,random,human,heuristic",
        ],
        "draw\nA1\n\n" * 2 + "quit\n",
        capsys,
        monkeypatch,
    )
    assert code == 0
    out = " ".join(out.split())
    assert "Seat 1: Beginner computer (random)" in out
    assert "Seat 3: Casual computer (heuristic)" in out
    assert "Pass the keyboard to Seat" in out


def test_load_continues_a_saved_game_with_its_seats(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    save = tmp_path / "s.json"
    args = ["play", "claim", "--seed", "3", "--seats", "random,human", "--save", str(save)]
    code, _, _ = run(args, "1\n1\nquit\n", capsys, monkeypatch)
    assert code == 0
    before = regency.replay(save.read_text()).actions
    assert before
    code, out, _ = run(
        ["play", "--load", str(save), "--save", str(save)], "1\nquit\n", capsys, monkeypatch
    )
    assert code == 0, out
    out = " ".join(out.split())
    assert "Seat 0: Beginner computer (random)" in out and "You are Seat 1" in out
    after = regency.replay(save.read_text()).actions
    assert after[: len(before)] == before and len(after) > len(before)
    code, _, err = run(["play", "claim", "--load", str(save)], "", capsys, monkeypatch)
    assert code == 2 and "leave out GAME" in err


def test_undo_takes_back_the_move_and_the_replies(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    save = tmp_path / "u.json"
    start = regency.new_game("kingdoms", seed=9, first=1)
    args = ["play", "kingdoms", "--seed", "9", "-o", "first=1", "--save", str(save)]
    code, out, _ = run(args, "castle 1 C3\nundo\nundo\nquit\n", capsys, monkeypatch)
    assert code == 0
    assert "You took back castle 1 C3 and 2 moves after it." in out
    assert "You have no move to take back." in out
    kept = regency.replay(save.read_text())
    assert len(kept.actions) == 1  # the computer's opening move, before yours
    assert len(start.actions) == 0


def test_forced_moves_are_played_with_a_line(capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run(
        ["play", "claim", "--players", "3", "--seed", "3", "--opponent", "heuristic"],
        "quit\n",
        capsys,
        monkeypatch,
    )
    assert code == 0
    assert "You had one move only, played for you: DO6" in out


@pytest.mark.parametrize(
    ("game", "players"),
    [("claim", 2), ("claim-kingdoms", 2), ("claim-kingdoms", 3), ("kingdoms", 2), ("kingdoms", 3)],
)
def test_the_default_opponent_is_the_strongest_measured(
    game: str, players: int, capsys: Any, monkeypatch: Any
) -> None:
    from regency.agents.defaults import STRONGEST

    args = ["play", game, "--players", str(players), "--seed", "1"]
    code, out, _ = run(args, "quit\n", capsys, monkeypatch)
    expected = STRONGEST[game][players]
    assert code == 0
    assert f": Strongest computer ({expected})" in " ".join(out.split())  # Seat 1 or Blue


def test_rules_show_the_powers_in_play(capsys: Any, monkeypatch: Any) -> None:
    for name in ("claim", "claim-kingdoms", "kingdoms"):
        code, out, _ = run(["play", name, "--seed", "1"], "rules\nquit\n", capsys, monkeypatch)
        assert code == 0 and " in short" in out
    game = regency.new_game("claim-kingdoms", seed=1)
    code, out, _ = run(["play", "claim-kingdoms", "--seed", "1"], "rules\nq\n", capsys, monkeypatch)
    assert code == 0
    factions = game.observation(0)["factions"]
    assert len(factions) == 7  # 2 players use 7 factions (R-CK-11)
    for faction in factions:
        assert faction.capitalize() in out


@pytest.mark.parametrize(
    ("argv", "entries"),
    [
        (["play", "claim", "--seed", "5"], ["XX9", "GB0"]),
        (["play", "kingdoms", "--seed", "2", "-o", "first=0"], ["castle 9 A1", "foo", "tile A1"]),
        (["play", "claim-kingdoms", "--seed", "5"], ["place 9,9", "mark 0,0"]),
    ],
)
def test_refusals_are_sentences_that_stand_on_their_own(
    argv: list[str], entries: list[str], capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    code, out, _ = run(argv, "\n".join([*entries, "quit"]) + "\n", capsys, monkeypatch)
    assert code == 0
    prompt = "(number or notation, ? for help): "
    answers = [chunk.split("\n")[0] for chunk in out.split(prompt)[1:-1]]
    refusals = [a for a in answers if a and not a.startswith(("You: ", "Seat "))]
    assert len(refusals) == len(entries), answers
    for refusal in refusals:
        assert refusal[0].isupper() or refusal[0] in "'0123456789-", refusal
        assert refusal.endswith("."), refusal
        assert not refusal.startswith("R-"), refusal  # a ruling id only in parentheses


def test_the_terminal_redraws_in_place_thinks_aloud_and_honours_no_color() -> None:
    args = ["play", "claim-kingdoms", "--seed", "2", "--opponent", "ismcts:iters=100"]
    code, coloured = on_terminal(args, ["1\r", "quit\r"], wait=1.5)
    assert code == 0
    assert "\x1b[2J" in coloured  # cleared, then drawn again
    assert "is thinking" in coloured
    assert re.search(r"\x1b\[[0-9;]*3[0-7]m|\x1b\[[0-9;]*38;", coloured)
    code, plain = on_terminal(args, ["quit\r"], env={"NO_COLOR": "1"}, wait=1.5)
    assert code == 0
    assert not re.search(r"\x1b\[[0-9;]*(3[0-7]|38;|9[0-7])[;m]", plain)
    assert re.search(r"You R|Blue B", plain)  # seats told apart by letter


# -- screens that fit ------------------------------------------------------------------


def render(renderable: Any, width: int = 80) -> str:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize(("name", "players"), PLAYERS)
def test_every_screen_fits_80_by_24(name: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(2):
        table = TableSpec.create(name, players, parse_seats("human", players), seed=seed)
        game = table.new_game()
        file = io.StringIO()
        console = Console(file=file, width=80, height=24, color_system=None)
        session = Session(console, table, game)
        session.shown = {(seat, str(epoch)) for seat in range(players) for epoch in range(9)}
        step = 0
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            if step % 7 == 0 and len(game.legal_actions()) > 1:
                session.news[seat] = []
                file.seek(0)
                file.truncate()
                session.screen(seat, True, None)
                lines = file.getvalue().splitlines()
                assert len(lines) <= 23, "\n".join(lines)  # and a line for the prompt
                assert all(len(line) <= 80 for line in lines)
                between = getattr(session.renderer, "interlude", lambda _: None)(
                    game.observation(seat)
                )
                if between is not None:
                    assert len(render(between).splitlines()) <= 23
            game.apply(rng.choice(game.legal_actions()))
            step += 1


def test_kingdoms_result_ends_with_the_winner() -> None:
    game = regency.new_game("kingdoms", seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    text = render(renderer_for("kingdoms").result(game.result().to_dict(), game.observation(0)))
    assert re.search(r"(win|wins|share the win) with -?\d+ gold\.$", text.strip())


def test_claim_kingdoms_scrolls_around_a_large_grid() -> None:
    screen = renderer_for("claim-kingdoms")
    game = regency.new_game("claim-kingdoms", players=2, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observation(0)
    columns, rows = screen.window(obs)
    assert len(columns) == screen.VIEW[0] and len(rows) <= screen.VIEW[1]
    moved, _ = screen.window(obs, (-1, 0))
    assert list(moved) == [x - 1 for x in columns]  # one column further left
    # Scrolled far left, the window stops at the open squares left of the leftmost card.
    far, _ = screen.window(obs, (-20, 0))
    assert far[0] == min(c["x"] for c in obs["grid"]) - 1 < columns[0]
    assert len(far) == len(columns)
    assert "More of the grid" in render(screen.board(obs))


# -- say what happened -------------------------------------------------------------------


def test_claim_vote_standing_agrees_with_the_final_votes() -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        for seed in range(4):
            game = regency.new_game("claim", players=players, seed=seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            standing = claim_screen.leaders(game.observation(None))
            for vote in game.result().details["votes"]:
                code = claim_screen.NAME_TO_CODE[vote["faction"]]
                assert standing[code][0] == (vote["seats"] if vote["side"] is not None else [])


def test_claim_phase_two_says_whom_factions_vote_for_and_where_dwarves_went() -> None:
    rng = random.Random(0)
    seen_dwarves = seen_smashed = False
    for seed in range(60):
        game = regency.new_game("claim", players=3, seed=seed, factions="random")
        if not {"dwarves", "giants"} & set(game.observation(0)["factions"]):
            continue
        while not game.is_over:
            obs = game.observation(0)
            if obs["phase"] == 2:
                text = " ".join(render(claim_screen.board(obs), width=80).replace("│", "").split())
                assert "votes for" in text and "Factions:" in text
                last = obs["tricks"][-1]
                if last["phase"] == 2 and any(c.startswith("DW") for c in last["plays"]):
                    assert re.search(r"DW\d( DW\d)* to (your|Seat \d's) pile", text), text
                    seen_dwarves = True
                if last["phase"] == 2 and last["smashed"]:
                    assert "Giants smashed " + " ".join(last["smashed"]) in text
                    seen_smashed = True
            game.apply(rng.choice(game.legal_actions()))
        if seen_dwarves and seen_smashed:
            break
    assert seen_dwarves and seen_smashed


def test_kingdoms_shows_gold_if_the_epoch_ended_now() -> None:
    screen = renderer_for("kingdoms")
    game = regency.new_game("kingdoms", players=3, seed=1)
    rng = random.Random(1)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observation(0)
    assert screen.if_ended_now(obs) == [round(g) for g in game.estimate()]
    # what it shows depends only on what seat 0 sees
    for _ in range(3):
        world = game.resample_hidden(0, rng)
        assert screen.if_ended_now(world.observation(0)) == screen.if_ended_now(obs)


def test_readme_api_example_runs_as_pasted() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    block = readme.split("## Using the API", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})


def test_available_games_printed_shows_player_counts_and_options() -> None:
    games = regency.available_games()
    assert "claim" in games and games[0].players == (2, 3, 4)
    text = str(games)
    for info in games:
        assert f"{info.name} (2, 3 or 4 players; options: " in text
        for option in info.options:
            assert option.name in text


@pytest.mark.parametrize(
    ("name", "players"), [("claim", 4), ("claim-kingdoms", 3), ("kingdoms", 2)]
)
def test_a_persons_screen_shows_nothing_they_cannot_see(name: str, players: int) -> None:
    # Re-dealing everything the person cannot see leaves their whole screen unchanged,
    # moves and labels included.
    rng = random.Random(11)
    table = TableSpec.create(name, players, parse_seats("human", players), seed=11)
    game = table.new_game()
    for target in (9, 23):
        while len(game.actions) < target or len(game.legal_actions()) < 2:
            game.apply(rng.choice(game.legal_actions()))
        seat = game.current_player
        assert seat is not None

        mine = _screen_text(table, game, seat)
        for _ in range(3):
            assert _screen_text(table, game.resample_hidden(seat, rng), seat) == mine


def _screen_text(table: TableSpec, game: Any, seat: int) -> str:
    file = io.StringIO()
    Session(Console(file=file, width=80, height=24), table, game).screen(seat, True, None)
    return file.getvalue()
