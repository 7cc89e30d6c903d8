"""``regency connect`` finds its own seat: a quick-pairing queue, an open table, a
tournament (issue 47: programs meet strangers the way people do)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

import regency
from regency.cli.main import main
from tests.server.conftest import ThreadServer
from tests.server.people import Person
from tests.server.tournaments import create


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    with ThreadServer(f"sqlite:///{tmp_path}/regency.db", pairing_tick=0.3) as s:
        yield s


def in_thread(codes: list[int], argv: list[str]) -> threading.Thread:
    thread = threading.Thread(target=lambda: codes.append(main(argv)))
    thread.start()
    return thread


def wait_until(check: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.1)


def finished_table(server: ThreadServer, table: str) -> regency.Game:  # type: ignore[type-arg]
    record = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json()
    return regency.replay(regency.Record.from_dict(record))


def test_two_programs_wait_in_a_pool_are_seated_together_and_play_it_out(
    server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    codes: list[int] = []
    argv = ["connect", server.url, "--pool", "kingdoms-2-120", "--agent", "random"]
    first = in_thread(codes, [*argv, "--name", "Bot A", "--seed", "1"])
    codes.append(main([*argv, "--name", "Bot B", "--seed", "2"]))
    first.join(120)
    assert codes == [0, 0]
    out = capsys.readouterr().out
    assert "waiting in the queue of kingdoms-2-120" in out and "game over" in out
    tables = {
        line.split(" at table ")[1].split()[0] for line in out.splitlines() if " at table " in line
    }
    assert len(tables) == 1  # the same table, a seat each
    game = finished_table(server, tables.pop())
    assert game.is_over


def test_a_program_sits_down_at_an_open_table(
    server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    opener = httpx.Client(base_url=server.url, timeout=30)
    opened = opener.post(
        "/api/open-tables", json={"game": "kingdoms", "players": 2, "name": "Opal"}
    ).json()
    token, entry = opened["token"], opened["entry"]["id"]
    codes: list[int] = []
    sitter = in_thread(codes, ["connect", server.url, "--open-table", opened["open"]["id"],
                               "--agent", "random", "--name", "Sid"])  # fmt: skip
    headers = {"Authorization": f"Bearer {token}"}
    seated: dict[str, str] = {}

    def opener_seated() -> bool:
        found = opener.get(f"/api/entries/{entry}", headers=headers).json()["entry"]
        seated.update({k: str(v) for k, v in found.items()})
        return found["status"] == "seated"

    wait_until(opener_seated)
    # The opener's own seat is played through its link, by a second program.
    codes.append(
        main(["connect", f"{server.url}{seated['url']}#token={token}", "--agent", "random"])
    )
    sitter.join(120)
    assert codes == [0, 0]
    assert finished_table(server, seated["table"]).is_over
    assert "Sid" in capsys.readouterr().out


def test_programs_enter_a_tournament_and_play_every_round(
    server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    with Person(server.url, "Tia") as tia:
        tia.sign_up()
        tid = create(tia, name="Bots night", game="kingdoms", players=2, rounds=2,
                     computers=["Beginner", "Beginner"])  # fmt: skip
        codes: list[int] = []
        argv = ["connect", server.url, "--tournament", tid, "--agent", "random"]
        bots = [in_thread(codes, [*argv, "--name", name]) for name in ("Ada", "Bo")]
        wait_until(lambda: tia.get(f"/api/tournaments/{tid}").json()["entrants"] == 4)
        assert tia.post(f"/api/tournaments/{tid}/start").status_code == 200
        for bot in bots:
            bot.join(240)
        final = tia.get(f"/api/tournaments/{tid}").json()
    assert codes == [0, 0]
    assert final["status"] == "finished"
    played = {s["name"]: s["games"] for s in final["standings"]}
    assert played["Ada"] == 2 and played["Bo"] == 2  # every round's table, played out
    assert "the tournament is finished" in capsys.readouterr().out


def test_finding_a_seat_refuses_bad_input_in_words(
    server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["connect", server.url, "--pool", "chess-2-60"]) == 2
    assert "the server refused" in capsys.readouterr().err
    assert main(["connect", "nowhere", "--pool", "claim-2-120"]) == 2
    assert "not a server's address" in capsys.readouterr().err
    assert main(["connect", server.url, "--pool", "claim-2-120", "--agent", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["connect", server.url, "--pool", "claim-2-120", "--resign"]) == 2
    assert "needs a seat's invite link" in capsys.readouterr().err
    # Nothing was left waiting: the queue is empty.
    pools = httpx.get(f"{server.url}/api/pools", timeout=30).json()["pools"]
    assert all(p["casual"] == 0 for p in pools)
