"""The table chat on the server: its caps, who may write, storage, restarts, two processes.

The no-leak side (every chat message and history a seat or spectator is sent holds the
public facts of a message and nothing else, no token) is in ``test_no_leak.py``.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from regency.server.live.chat import MAX_CHAT, check_rate, clean_chat
from regency.server.live.table import CHAT_HISTORY, ProtocolError
from regency.server.settings import ServerSettings
from regency.server.storage.database import Storage, upgrade
from tests.server.conftest import fresh_pg_database, make_client
from tests.server.helpers import auth, create, people, play_random, seat_url, ws_url
from tests.server.processes import Server, next_message, open_socket


def chat_url(table: str, seat: int) -> str:
    return seat_url(table, seat, "chat")


def say(client: TestClient, table: dict[str, Any], seat: int, text: str) -> httpx.Response:
    token = table["invites"][seat]["token"]
    return client.post(chat_url(table["table"], seat), json={"text": text}, headers=auth(token))


def next_chat(ws: Any) -> dict[str, Any]:
    """The next ``chat`` message a test client's socket is sent (views are skipped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "chat":
            return message


def test_a_message_is_folded_capped_and_attributed_to_its_seat(client: TestClient) -> None:
    table = create(client, game="claim", players=2, seats=people(2, "AB"))
    tid = table["table"]
    answer = say(client, table, 0, "  Hello\n\tthere \u202e  friend  ")
    assert answer.status_code == 200, answer.text
    (message,) = answer.json()["messages"]
    # One line, the bidirectional override dropped, the seat's stored name.
    assert message["text"] == "Hello there friend"
    assert (message["seat"], message["name"], message["version"]) == (0, "A", 0)
    assert set(message) == {"id", "seat", "name", "text", "version", "at"}

    assert say(client, table, 1, "x" * MAX_CHAT).status_code == 200
    too_long = say(client, table, 1, "y" * (MAX_CHAT + 1))
    assert too_long.status_code == 422
    assert too_long.json()["error"] == "chat_too_long"
    assert f"at most {MAX_CHAT} characters" in too_long.json()["message"]
    empty = say(client, table, 1, " \n ")
    assert (empty.status_code, empty.json()["error"]) == (422, "empty_chat")
    # A request cannot name another seat or another name: unknown fields are refused.
    forged = client.post(
        chat_url(tid, 1),
        json={"text": "hi", "name": "A", "seat": 0},
        headers=auth(table["invites"][1]["token"]),
    )
    assert forged.status_code == 422
    # Another seat's token, no token, the spectator's token: refused.
    assert (
        client.post(
            chat_url(tid, 0), json={"text": "hi"}, headers=auth(table["invites"][1]["token"])
        ).status_code
        == 403
    )
    assert client.post(chat_url(tid, 0), json={"text": "hi"}).status_code == 403
    assert (
        client.post(
            chat_url(tid, 0), json={"text": "hi"}, headers=auth(table["spectator"]["token"])
        ).status_code
        == 403
    )
    assert client.post(chat_url(tid, 5), json={"text": "hi"}).status_code == 404
    history = client.get(f"/api/tables/{tid}/chat", headers=auth(table["spectator"]["token"]))
    assert [m["text"] for m in history.json()["messages"]] == ["Hello there friend", "x" * 200]


def test_clean_chat_keeps_any_script_and_drops_invisible_controls() -> None:
    assert clean_chat("<img src=x onerror=alert(1)>") == "<img src=x onerror=alert(1)>"
    assert clean_chat("Κάστρο 城 ✓") == "Κάστρο 城 ✓"
    assert clean_chat("a\u200bb\x00c\x1bd") == "abcd"
    with pytest.raises(ProtocolError) as refused:
        clean_chat("\u200b\u200e")
    assert refused.value.code == "empty_chat"


def test_the_rate_limit_refuses_the_sixth_message_in_ten_seconds(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2, "AB"))
    for n in range(ServerSettings(database="").chat_messages):
        assert say(sqlite_client, table, 0, f"message {n}").status_code == 200
    refused = say(sqlite_client, table, 0, "one too many")
    assert refused.status_code == 429
    body = refused.json()
    assert body["error"] == "chat_too_fast"
    assert body["message"].startswith("you may send 5 chat messages every 10 seconds; wait")
    assert 1 <= body["retry_after"] <= 10
    # Per seat: the other seat may still talk.
    assert say(sqlite_client, table, 1, "my turn to talk").status_code == 200


def test_the_rate_limits_window_slides() -> None:
    sent: dict[int, Any] = {}
    for t in range(5):
        check_rate(sent, 0, 100.0 + t, 5, 10.0)
    with pytest.raises(ProtocolError) as refused:
        check_rate(sent, 0, 105.0, 5, 10.0)
    assert refused.value.extra["retry_after"] == 5
    check_rate(sent, 0, 110.0, 5, 10.0)  # the first has left the window
    other: dict[int, Any] = {}  # other figures, the server's settings
    check_rate(other, 0, 0.0, 1, 60.0)
    with pytest.raises(ProtocolError) as refused:
        check_rate(other, 0, 1.0, 1, 60.0)
    assert refused.value.message == "you may send 1 chat message every 60 seconds; wait 59 s"


def test_the_limits_are_the_servers_settings(sqlite_db: str) -> None:
    """GET /api/limits: what the pages hold back (the chat's settings), not copied there."""
    with make_client(sqlite_db) as client:
        assert client.get("/api/limits").json() == {
            "chat": {"characters": MAX_CHAT, "messages": 5, "seconds": 10.0}
        }
    with make_client(sqlite_db, chat_messages=2, chat_seconds=30.0) as client:
        assert client.get("/api/limits").json()["chat"] == {
            "characters": MAX_CHAT,
            "messages": 2,
            "seconds": 30.0,
        }
        table = create(client, game="claim", players=2, seats=people(2, "AB"))
        assert [say(client, table, 0, f"m{n}").status_code for n in range(3)] == [200, 200, 429]


def test_sockets_get_the_chat_and_spectators_cannot_write(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=3, seats=people(3, "ABC"))
    tid = table["table"]
    tokens = [i["token"] for i in table["invites"]]
    spectator = table["spectator"]["token"]
    with (
        sqlite_client.websocket_connect(ws_url(tid, 0, tokens[0])) as ws0,
        sqlite_client.websocket_connect(ws_url(tid, 1, tokens[1])) as ws1,
        sqlite_client.websocket_connect(f"/api/tables/{tid}/spectate/ws?token={spectator}") as w,
    ):
        for ws in (ws0, ws1, w):
            assert ws.receive_json()["type"] == "view"
        ws1.send_json({"type": "chat", "text": "hello from b"})
        pushed = [next_chat(ws) for ws in (ws0, ws1, w)]
        assert pushed[0] == pushed[1] == pushed[2]
        (message,) = pushed[0]["messages"]
        assert (message["seat"], message["name"], message["text"]) == (1, "B", "hello from b")
        assert pushed[0]["history"] is False
        # A spectator's chat is refused, and says why.
        w.send_json({"type": "chat", "text": "let me in"})
        refused = w.receive_json()
        assert refused["error"] == "read_only" and "chat" in refused["message"]
        # A too-long message over a socket: refused to that socket only, about the chat.
        ws0.send_json({"type": "chat", "text": "z" * (MAX_CHAT + 1)})
        error = ws0.receive_json()
        assert (error["type"], error["error"], error["about"]) == ("error", "chat_too_long", "chat")
        ws0.send_json({"type": "chat", "text": "z" * 1001})  # past what a request may carry
        assert ws0.receive_json()["error"] == "bad_request"
        # A socket that connects now is sent the chat so far, right after its view.
        with sqlite_client.websocket_connect(ws_url(tid, 2, tokens[2])) as ws2:
            assert ws2.receive_json()["type"] == "view"
            history = ws2.receive_json()
        assert history["type"] == "chat" and history["history"] is True
        assert [m["text"] for m in history["messages"]] == ["hello from b"]
    # Reading the chat of a table in play needs one of its tokens.
    assert sqlite_client.get(f"/api/tables/{tid}/chat").status_code == 403
    assert sqlite_client.get(f"/api/tables/{tid}/chat", headers=auth("nope")).status_code == 403
    assert sqlite_client.get(f"/api/tables/{tid}/chat", headers=auth(tokens[2])).status_code == 200


def test_the_history_holds_the_last_hundred(sqlite_db: str) -> None:
    # This test is about the history: a server whose chat takes any number of messages.
    with make_client(sqlite_db, chat_messages=10_000) as client:
        table = create(client, game="claim", players=2, seats=people(2, "AB"))
        for n in range(CHAT_HISTORY + 5):
            assert say(client, table, n % 2, f"m{n}").status_code == 200
        history = client.get(
            f"/api/tables/{table['table']}/chat", headers=auth(table["invites"][0]["token"])
        ).json()
    assert [m["text"] for m in history["messages"]] == [f"m{n}" for n in range(5, CHAT_HISTORY + 5)]


def test_storage_round_trip(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    upgrade(url)
    with make_client(url) as client:
        table = create(client, game="claim", players=2, seats=people(2, "AB"))
    storage = Storage(url)
    try:
        first = storage.add_chat(table["table"], 1, "stored", 3, 1234.5)
        second = storage.add_chat(table["table"], 0, "and again", 4, 1240.0)
        assert second.id > first.id
        assert storage.chat(table["table"], 10) == [first, second]
        assert storage.chat(table["table"], 1) == [second]
        assert storage.chat("nothing", 10) == []
    finally:
        storage.close()


def test_a_restart_keeps_the_chat_and_expiry_removes_it(database: str) -> None:
    with make_client(database) as client:
        table = create(client, game="kingdoms", players=2, seats=people(2, "AB"))
        assert say(client, table, 0, "before the restart").status_code == 200
    tid = table["table"]
    token = table["invites"][1]["token"]
    with make_client(database) as client:
        history = client.get(f"/api/tables/{tid}/chat", headers=auth(token)).json()
        assert [(m["name"], m["text"]) for m in history["messages"]] == [
            ("A", "before the restart")
        ]
        with client.websocket_connect(ws_url(tid, 1, token)) as ws:
            assert ws.receive_json()["type"] == "view"
            assert ws.receive_json()["messages"][0]["text"] == "before the restart"
    # An abandoned table's chat goes with it.
    storage = Storage(database)
    try:
        assert tid in storage.expire(time.time() + 1)
        assert storage.chat(tid, 10) == []
    finally:
        storage.close()


def test_a_finished_games_chat_is_public_like_its_record(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2, "AB"), seed=4)
    assert say(sqlite_client, table, 1, "good luck").status_code == 200
    play_random(sqlite_client, table, random.Random(4))
    history = sqlite_client.get(f"/api/tables/{table['table']}/chat")
    assert history.status_code == 200
    assert [m["text"] for m in history.json()["messages"]] == ["good luck"]


@pytest.mark.slow
def test_a_message_through_one_process_reaches_sockets_of_the_other(tmp_path: Path) -> None:
    database = fresh_pg_database()
    with Server(database, tmp_path / "a") as a, Server(database, tmp_path / "b") as b:
        table = httpx.post(
            a.url + "/api/tables",
            json={"game": "claim", "players": 2, "seats": [{"name": "on a"}, {"name": "on b"}]},
            timeout=30,
        ).json()
        tid = table["table"]
        tokens = {i["seat"]: i["token"] for i in table["invites"]}
        spectator = table["spectator"]["token"]
        with (
            open_socket(a.url, f"/api/tables/{tid}/seats/0/ws", tokens[0]) as ws0,
            open_socket(b.url, f"/api/tables/{tid}/seats/1/ws", tokens[1]) as ws1,
            open_socket(b.url, f"/api/tables/{tid}/spectate/ws", spectator) as watch,
        ):
            for ws in (ws0, ws1, watch):
                assert json.loads(ws.recv(timeout=60))["type"] == "view"
            ws0.send(json.dumps({"type": "chat", "text": "from a"}))
            answer = httpx.post(
                b.url + f"/api/tables/{tid}/seats/1/chat",
                json={"text": "from b"},
                headers={"Authorization": f"Bearer {tokens[1]}"},
                timeout=30,
            )
            assert answer.status_code == 200, answer.text
            for ws in (ws0, ws1, watch):
                got = [next_message(ws, "chat")["messages"][0]["text"] for _ in range(2)]
                assert sorted(got) == ["from a", "from b"], got
        # Each process's history holds both, once each.
        for server in (a, b):
            history = httpx.get(
                server.url + f"/api/tables/{tid}/chat",
                headers={"Authorization": f"Bearer {tokens[0]}"},
                timeout=30,
            ).json()
            assert sorted(m["text"] for m in history["messages"]) == ["from a", "from b"]
