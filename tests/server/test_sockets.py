"""WebSockets: pushed views, moves over the socket, computer seats, spectators, refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import regency
from tests.server.helpers import auth, create, next_view, people, seat_url, ws_url


def test_moves_over_sockets_reach_every_seat_and_spectator(client: TestClient) -> None:
    table = create(client, game="claim", players=2, seats=people(2), seed=11)
    tid = table["table"]
    tokens = [i["token"] for i in table["invites"]]
    spectator = table["spectator"]["token"]
    with (
        client.websocket_connect(ws_url(tid, 0, tokens[0])) as ws0,
        client.websocket_connect(ws_url(tid, 1, tokens[1])) as ws1,
        client.websocket_connect(f"/api/tables/{tid}/spectate/ws?token={spectator}") as wss,
    ):
        sockets = [ws0, ws1]
        views = [next_view(ws0), next_view(ws1)]
        public = next_view(wss)
        assert public["seat"] is None and public["legal_moves"] == []
        rng = random.Random(0)
        for _ in range(6):
            mover = views[0]["to_move"]
            move = rng.choice(views[mover]["legal_moves"])
            sockets[mover].send_json(
                {"type": "action", "action": move, "version": views[mover]["version"]}
            )
            views = [next_view(ws0), next_view(ws1)]
            ack = sockets[mover].receive_json()
            assert ack == {
                "type": "ack",
                "table": tid,
                "version": views[0]["version"],
                "action": move,
            }
            public = next_view(wss)
            assert public["version"] == views[0]["version"] == views[1]["version"]
        # A refusal goes to the sender only.
        waiter = 1 - views[0]["to_move"]
        sockets[waiter].send_json({"type": "action", "action": "KN9", "version": 6})
        error = sockets[waiter].receive_json()
        assert error["type"] == "error" and error["error"] == "not_your_turn"
        mover = views[0]["to_move"]
        sockets[mover].send_json({"type": "action", "action": "ZZ", "version": 6})
        error = sockets[mover].receive_json()
        assert error["error"] == "illegal_action"
        assert error["legal_moves"] == views[mover]["legal_moves"]
        # Malformed messages are refused, and the socket stays open.
        for bad in [
            "{",
            "[]",
            '{"type": "action"}',
            '{"type": "hello"}',
            '{"type": "action", "action": "x", "version": 0, "extra": 1}',
        ]:
            sockets[mover].send_text(bad)
            assert sockets[mover].receive_json()["error"] == "bad_request"
        sockets[mover].send_bytes(b"\xff\xfe")
        assert sockets[mover].receive_json()["error"] == "bad_request"
        wss.send_text("{}")
        assert wss.receive_json()["error"] == "read_only"


def test_oversized_socket_messages_close_the_socket(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    tid, token = table["table"], table["invites"][0]["token"]
    with sqlite_client.websocket_connect(ws_url(tid, 0, token)) as ws:
        next_view(ws)
        ws.send_text("x" * 100_000)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1009


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/api/tables/nope/seats/0/ws?token=x", 4404),
        ("/api/tables/{tid}/seats/5/ws?token={tok}", 4404),
        ("/api/tables/{tid}/seats/0/ws", 4403),
        ("/api/tables/{tid}/seats/1/ws?token={tok}", 4403),
        ("/api/tables/{tid}/spectate/ws?token={tok}", 4403),
    ],
)
def test_sockets_refused(sqlite_client: TestClient, path: str, code: int) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    url = path.format(tid=table["table"], tok=table["invites"][0]["token"])
    with pytest.raises(WebSocketDisconnect) as refused, sqlite_client.websocket_connect(url):
        pass
    assert refused.value.code == code


@pytest.mark.parametrize("game", list(regency.available_games()))
def test_computer_seats_play_and_push_their_moves(client: TestClient, game: str) -> None:
    info = regency.game_info(game)
    players = max(info.players)
    seats: list[dict[str, Any]] = [{"name": "me"}] + [{"agent": "random"}] * (players - 1)
    table = create(client, game=game, players=players, seats=seats, seed=4)
    tid, token = table["table"], table["invites"][0]["token"]
    rng = random.Random(4)
    movers: set[int] = set()
    last = -1
    with client.websocket_connect(ws_url(tid, 0, token)) as ws:
        for _ in range(400):
            view = next_view(ws)
            assert view["version"] > last  # every change is pushed, in order
            last = view["version"]
            movers.update(m["seat"] for m in view["recent"])
            if view["finished"]:
                break
            if view["to_move"] == 0:
                ws.send_json(
                    {"type": "action", "action": rng.choice(view["legal_moves"]), "version": last}
                )
        assert view["finished"], "the game did not end"
    assert movers == set(range(players))
    assert view["record"]["actions"] and view["result"]["winners"]
    replayed = regency.replay(regency.Record.from_dict(view["record"]))
    assert replayed.result().to_dict() == view["result"]


def test_a_table_of_computers_plays_itself(sqlite_client: TestClient) -> None:
    table = create(
        sqlite_client,
        game="claim",
        players=3,
        seats=[{"agent": "heuristic"}, {"agent": "random"}, {"agent": "ismcts:iters=30"}],
    )
    assert table["invites"] == []
    with sqlite_client.websocket_connect(
        f"/api/tables/{table['table']}/spectate/ws?token={table['spectator']['token']}"
    ) as ws:
        while not (view := next_view(ws))["finished"]:
            pass
    assert view["result"]["winners"]
    assert sqlite_client.get(f"/api/tables/{table['table']}/record").status_code == 200


def test_a_token_in_the_header_works_for_sockets(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    tid, token = table["table"], table["invites"][1]["token"]
    with sqlite_client.websocket_connect(seat_url(tid, 1, "ws"), headers=auth(token)) as ws:
        assert next_view(ws)["seat"] == 1
    # The header is what lets it in: the same address without it is refused.
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        sqlite_client.websocket_connect(seat_url(tid, 1, "ws")),
    ):
        pass
    assert refused.value.code == 4403


def test_one_seat_may_not_open_endless_sockets(sqlite_client: TestClient) -> None:
    from contextlib import ExitStack

    from regency.server.live.table import MAX_LISTENERS

    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    url = ws_url(table["table"], 0, table["invites"][0]["token"])
    with ExitStack() as stack:
        for _ in range(MAX_LISTENERS):
            next_view(stack.enter_context(sqlite_client.websocket_connect(url)))
        with pytest.raises(WebSocketDisconnect) as refused, sqlite_client.websocket_connect(url):
            pass
        assert refused.value.code == 4429
