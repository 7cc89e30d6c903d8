"""``regency connect``: an agent plays a seat through the public protocol."""

from __future__ import annotations

import threading

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
