"""``regency connect``: an agent plays a seat through the public protocol."""

from __future__ import annotations

import io
import threading
import time
from typing import Any

import httpx
import pytest

import regency
from regency.cli.connect import parse_invite
from regency.cli.main import main
from tests.server.conftest import ThreadServer


def test_two_connected_agents_and_a_computer_play_a_game(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    http = httpx.Client(base_url=live_server.url, timeout=30)
    table = http.post(
        "/api/tables",
        json={
            "game": "claim",
            "players": 3,
            "seats": [{"name": "ann"}, {"agent": "random"}, {"name": "bob"}],
            "think_time": 0,
        },
    ).json()
    urls = [i["url"] for i in table["invites"]]
    codes: list[int] = []
    other = threading.Thread(
        target=lambda: codes.append(main(["connect", urls[1], "--agent", "heuristic"]))
    )
    other.start()
    codes.append(main(["connect", urls[0], "--agent", "ismcts:iters=20", "--seed", "1"]))
    other.join(120)
    assert codes == [0, 0]
    out = capsys.readouterr().out
    assert "game over" in out
    record = http.get(f"/api/tables/{table['table']}/record").json()
    assert regency.replay(regency.Record.from_dict(record)).is_over


def test_connect_refuses_bad_links_and_tokens(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["connect", "http://127.0.0.1:1/nothing"]) == 2
    assert "not an invite link" in capsys.readouterr().err
    table = httpx.post(
        live_server.url + "/api/tables", json={"game": "claim", "players": 2, "think_time": 0}
    ).json()
    url = table["invites"][0]["url"]
    assert main(["connect", url.replace("token=", "token=x"), "--agent", "random"]) == 2
    assert "refused" in capsys.readouterr().err
    assert main(["connect", url, "--agent", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["connect", url.replace(str(live_server.port), "1")]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_invite_links_parse() -> None:
    invite = parse_invite("https://example.org/play/abc/2?token=t0k")
    assert (invite.base, invite.table, invite.seat, invite.token) == (
        "https://example.org",
        "abc",
        2,
        "t0k",
    )
    assert invite.socket_url == "wss://example.org/api/tables/abc/seats/2/ws"


def test_a_program_plays_an_accounts_rated_seat_with_an_api_token(
    sqlite_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.server.people import Person

    with ThreadServer(sqlite_db, test_hashing=True) as server, Person(server.url, "Bot") as bot:
        bot.sign_up()
        token = bot.post("/api/account/tokens", json={"label": "regency connect"}).json()["token"]
        # The program sets its table up with the token too: it sits there as the account.
        table = httpx.post(
            server.url + "/api/tables",
            json={"game": "kingdoms", "players": 2, "seats": [{}, {"agent": "random"}],
                  "rated": True, "think_time": 0},
            headers={"Authorization": f"Bearer {token}"},
        ).json()  # fmt: skip
        (mine,) = table["mine"]
        assert "#token=" not in mine["url"] and table["invites"] == []
        link = mine["url"]
        assert main(["connect", link, "--agent", "heuristic", "--api-token", token]) == 0
        assert "game over" in capsys.readouterr().out
        ratings = bot.get("/api/players/Bot").json()["ratings"]
        deadline = 0
        while not ratings and deadline < 100:
            import time

            time.sleep(0.05)
            deadline += 1
            ratings = bot.get("/api/players/Bot").json()["ratings"]
        assert ratings[0]["game"] == "kingdoms" and ratings[0]["games"] == 1
        # Revoked, the token plays no more; nor does the link without it.
        (listed,) = bot.get("/api/account/tokens").json()["tokens"]
        assert bot.delete(f"/api/account/tokens/{listed['id']}").status_code == 200
        again = bot.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}])
        link = again["mine"][0]["url"]
        assert main(["connect", link, "--agent", "random", "--api-token", token]) == 2
        assert "API token" in capsys.readouterr().err
        assert main(["connect", link, "--agent", "random"]) == 2
        assert "not an invite link" in capsys.readouterr().err


def _table(server: ThreadServer, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    answer = httpx.post(
        server.url + "/api/tables",
        json={"game": "claim", "players": len(seats), "seats": seats, "think_time": 0, **body},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _first_move(server: ThreadServer, table: dict[str, Any], seat: int = 0) -> None:
    """``seat`` makes a move once it is its turn (its first, so resign and take-back apply)."""
    token = table["invites"][seat]["token"] if seat == 0 else _token(table, seat)
    headers = {"Authorization": f"Bearer {token}"}
    url = f"{server.url}/api/tables/{table['table']}/seats/{seat}"
    deadline = time.monotonic() + 30
    while not (state := httpx.get(url + "/view", headers=headers).json())["legal_moves"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    moved = httpx.post(
        url + "/actions",
        json={"action": state["legal_moves"][0], "version": state["version"]},
        headers=headers,
    )
    assert moved.status_code == 200, moved.text


def _token(table: dict[str, Any], seat: int) -> str:
    return str(next(i["token"] for i in table["invites"] if i["seat"] == seat))


def _summary(server: ThreadServer, table: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
    return data


def test_resign_asks_first_and_then_says_who_won(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _table(live_server, [{"name": "Ann"}, {"agent": "random"}], options={"first": 0})
    url = table["invites"][0]["url"]
    # Before her first move she cannot resign: she is told to abort instead.
    assert main(["connect", url, "--resign", "--yes"]) == 2
    assert "--abort instead" in capsys.readouterr().err
    _first_move(live_server, table)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["connect", url, "--resign"]) == 1  # asked, and she said no
    out = capsys.readouterr().out
    assert "Resign the game at table" in out and "Beginner computer (seat 1) wins." in out
    assert "Nothing was done." in out and not _summary(live_server, table)["finished"]
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["connect", url, "--resign"]) == 0
    assert "game over: you resigned; Beginner computer (seat 1) won" in capsys.readouterr().out
    assert _summary(live_server, table)["ending"]["how"] == "resigned"
    # Connecting to it afterwards says how it ended.
    assert main(["connect", url, "--agent", "random"]) == 0
    assert "game over: you resigned" in capsys.readouterr().out


def test_abort_and_an_aborted_table_says_so(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _table(live_server, [{"name": "Ann"}, {"name": "Bob"}])
    ann, bob = table["invites"][0]["url"], table["invites"][1]["url"]
    assert main(["connect", ann, "--abort", "--yes"]) == 0
    assert "the table was aborted by you; nobody won" in capsys.readouterr().out
    assert main(["connect", bob, "--agent", "random"]) == 0
    assert "the table was aborted by Ann (seat 0); nobody won" in capsys.readouterr().out
    assert main(["connect", bob, "--abort", "--yes"]) == 2
    assert "is over" in capsys.readouterr().err


def test_leave_at_three_players(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = [{"name": "Ann"}, {"agent": "random"}, {"agent": "random"}]
    table = _table(live_server, seats, options={"first": 0}, takeover_agent="random")
    url = table["invites"][0]["url"]
    _first_move(live_server, table)
    assert main(["connect", url, "--resign", "--yes"]) == 2
    assert "--leave instead" in capsys.readouterr().err
    assert main(["connect", url, "--leave", "--yes"]) == 0
    assert "the Beginner computer plays seat 0 to the end" in capsys.readouterr().out
    # The computers play the game out; the result names who left.
    deadline = time.monotonic() + 60
    while not _summary(live_server, table)["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert _summary(live_server, table)["ending"]["left"] == [0]


def test_take_back_against_the_computer(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _table(live_server, [{"name": "Ann"}, {"agent": "random"}], options={"first": 0})
    url = table["invites"][0]["url"]
    assert main(["connect", url, "--takeback", "--yes"]) == 2
    assert "no move to take back" in capsys.readouterr().err
    _first_move(live_server, table)
    _first_move(live_server, table)  # once the computer has answered, her turn again
    assert main(["connect", url, "--takeback", "--yes"]) == 0
    kept = _summary(live_server, table)["moves"]  # before her second move
    assert kept in (2, 3) and _summary(live_server, table)["to_move"] == 0
    said = f"taken back: the game is back to move {kept + 1}, and it is your turn"
    assert said in capsys.readouterr().out


@pytest.mark.parametrize("accept", [False, True])
def test_a_connected_agent_answers_take_back_requests(
    live_server: ThreadServer, capsys: pytest.CaptureFixture[str], accept: bool
) -> None:
    table = _table(live_server, [{"name": "Ann"}, {"name": "Bot"}], options={"first": 0})
    tid, token = table["table"], _token(table, 0)
    headers = {"Authorization": f"Bearer {token}"}
    args = ["connect", table["invites"][1]["url"], "--agent", "random"]
    codes: list[int] = []
    bot = threading.Thread(
        target=lambda: codes.append(main(args + (["--accept-takebacks"] if accept else [])))
    )
    bot.start()
    try:
        _first_move(live_server, table)
        _first_move(live_server, table)  # the bot has answered; Ann's turn again
        asked = httpx.post(
            f"{live_server.url}/api/tables/{tid}/seats/0/takeback", headers=headers
        ).json()
        assert asked["takeback"]["status"] == "offered"
        deadline = time.monotonic() + 30
        url = f"{live_server.url}/api/tables/{tid}/seats/0/view"
        while (httpx.get(url, headers=headers).json()["takeback"] or {}).get("status") == "offered":
            assert time.monotonic() < deadline
            time.sleep(0.02)
        state = httpx.get(url, headers=headers).json()
        assert state["takeback"]["status"] == ("done" if accept else "declined")
        if accept:
            assert state["to_move"] == 0 and len(state["recent"]) == state["takeback"]["to"]
        httpx.post(f"{live_server.url}/api/tables/{tid}/seats/0/resign", headers=headers)
    finally:
        bot.join(60)
    assert codes == [0]
    out = capsys.readouterr().out
    said = "accepted" if accept else "declined (--accept-takebacks accepts)"
    assert f"Ann (seat 0) asks to take back a move: {said}" in out
    assert "game over: Ann (seat 0) resigned; you won" in out
