"""No leak on the wire.

Whole games are played over WebSockets, every seat a person choosing random legal moves,
and every message each seat (and a spectator) receives is kept. Then the game is walked
again from its record: at every version, what the seat cannot see is re-dealt
(``Game.resample_hidden``) and the message the server builds for that seat from the
re-dealt game must be the one the seat received. Spectators' messages must not change
whichever seat's hidden cards are re-dealt.

Then a rematch is offered and accepted at each finished table: every message pushed about
it, and every answer, must be the same for every seat and the spectators apart from the
seat's own number, change nothing but the rematch, and hold no token or token hash.

Every seat also writes in the table's chat before the first move: the chat messages
every socket is pushed, and the history each party can ask for, must be the same for
everyone and hold only a message's public facts (its id, seat, the seat's stored name,
the text, the version and the time): no token, no position.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from regency.server.live.table import hash_token, view_message
from tests.conformance.cases import CASES, IDS, Case
from tests.server.conftest import make_client
from tests.server.helpers import auth, create, people, ws_url

CHAT_KEYS = {"type", "table", "history", "messages"}
ENTRY_KEYS = {"id", "seat", "name", "text", "version", "at"}


def next_view(ws: Any, chats: list[dict[str, Any]]) -> dict[str, Any]:
    """The next view a socket is sent; the chat messages on the way are kept in ``chats``."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view":
            return message
        if message["type"] == "chat":
            chats.append(message)
        else:  # the mover's ack
            assert message["type"] == "ack", message


EVERY_COUNT = [(info.name, n, {}) for info in regency.available_games() for n in info.players]
DEFAULT_COUNT = [(info.name, info.default_players, {}) for info in regency.available_games()]


def play_over_sockets(
    client: TestClient, case: Case, seed: int
) -> tuple[dict[str, Any], list[list[dict[str, Any]]], list[dict[str, Any]]]:
    """Play a whole game over sockets; check the chat each socket was sent on the way."""
    game, players, options = case
    table = create(
        client, game=game, players=players, seats=people(players), options=options, seed=seed
    )
    tid = table["table"]
    rng = random.Random(seed)
    streams: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    public: list[dict[str, Any]] = []
    chats: list[list[dict[str, Any]]] = [[] for _ in range(players + 1)]  # the spectator last
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(ws_url(tid, i["seat"], i["token"])))
            for i in table["invites"]
        ]
        watcher = stack.enter_context(
            client.websocket_connect(
                f"/api/tables/{tid}/spectate/ws?token={table['spectator']['token']}"
            )
        )
        first = True
        while True:
            for seat, ws in enumerate(sockets):
                streams[seat].append(next_view(ws, chats[seat]))
            public.append(next_view(watcher, chats[players]))
            if first:  # every seat says something, heard by all before the first move
                first = False
                for seat, ws in enumerate(sockets):
                    ws.send_json({"type": "chat", "text": f"I am seat 0 <b>{seat}</b>"})
                for heard, ws in zip(chats, [*sockets, watcher], strict=True):
                    while len(heard) < players:
                        message = ws.receive_json()
                        assert message["type"] == "chat", message
                        heard.append(message)
            now = streams[0][-1]
            assert all(s[-1]["version"] == now["version"] for s in streams)
            if now["finished"]:
                break
            mover = now["to_move"]
            sockets[mover].send_json(
                {
                    "type": "action",
                    "action": rng.choice(streams[mover][-1]["legal_moves"]),
                    "version": now["version"],
                }
            )
    check_chat(client, table, chats)
    return table, streams, public


def check_chat(
    client: TestClient, table: dict[str, Any], chats: list[list[dict[str, Any]]]
) -> None:
    """Every party was pushed the same chat, only public facts, each seat's by its name."""
    secrets = [i["token"] for i in table["invites"]] + [table["spectator"]["token"]]
    names = {s["seat"]: s["name"] for s in table["seats"]}
    assert all(heard == chats[0] for heard in chats), "the parties heard different chats"
    entries = [e for message in chats[0] for e in message["messages"]]
    assert sorted(e["seat"] for e in entries) == sorted(names)  # each seat once
    for message in chats[0]:
        assert set(message) == CHAT_KEYS and message["table"] == table["table"]
        assert message["history"] is False
    for e in entries:
        assert set(e) == ENTRY_KEYS
        assert e["name"] == names[e["seat"]] and e["text"] == f"I am seat 0 <b>{e['seat']}</b>"
        assert e["version"] == 0
    # The history, as each seat and the spectator ask for it: the same, and no token.
    histories = [
        client.get(f"/api/tables/{table['table']}/chat", headers=auth(token)).json()
        for token in secrets
    ]
    assert all(h == histories[0] for h in histories)
    assert sorted(e["id"] for e in histories[0]["messages"]) == sorted(e["id"] for e in entries)
    text = json.dumps([chats[0], histories[0]])
    for secret in secrets:
        assert secret not in text
    assert "observation" not in text and "legal_moves" not in text


def expected(game: regency.Game[Any], seat: int | None, shown: dict[str, Any]) -> dict[str, Any]:
    """The message the server builds for ``seat`` from ``game``; the history is the seat's."""
    built = view_message(
        game,
        seat,
        table=shown["table"],
        version=shown["version"],
        recent=shown["recent"],
        seats=shown["seats"],
    )
    # What the seat may do besides moving (abort, resign, leave, take back) and the
    # take-back asked: booleans and seat numbers worked out from public facts (who moved,
    # who sits where, the sides), the same in every re-dealt world.
    for public_field in ("can", "takeback", "ending"):
        if public_field in shown:
            assert all(isinstance(v, bool) for v in (shown.get("can") or {}).values())
            built[public_field] = shown[public_field]
    if shown["finished"]:  # the record is published at the end, when nothing is hidden
        built["record"] = shown["record"]
        # The rematch and the evening's score: public, the same for every seat and the
        # spectators (test_rematch_messages_leak_nothing checks them).
        built["rematch"], built["evening"] = shown["rematch"], shown["evening"]
    return built


def check_stream(case: Case, seed: int, client: TestClient) -> None:
    _table, streams, public = play_over_sockets(client, case, seed)
    record = regency.Record.from_dict(streams[0][-1]["record"])
    game_name, players, options = case
    game = regency.new_game(game_name, players=players, seed=record.seed, **options)
    rng = random.Random(seed)
    changed = 0
    notations = list(record.actions)
    for version in range(len(notations) + 1):
        for seat in range(players):
            shown = streams[seat][version]
            assert shown["version"] == version
            other = game.resample_hidden(seat, rng)
            if other.state_dict() != game.state_dict():
                changed += 1
            assert expected(other, seat, shown) == shown
            assert expected(other, None, public[version]) == public[version]
            # The moves as the seat saw them: the same text in the re-dealt world, where
            # that move is possible there.
            if version < len(notations) and game.current_player != seat:
                action = game.parse_action(notations[version])
                before = game.resample_hidden(seat, rng)
                if action in before.legal_actions():
                    mine = streams[seat][version + 1]["recent"][-1]["move"]
                    assert before.public_action(action, seat) == mine
        if version < len(notations):
            game.play(notations[version])
    assert game.is_over
    assert changed, "re-dealing never changed anything: the test has no teeth"
    # Every seat saw the same public facts in the same order.
    for version in range(len(notations) + 1):
        assert len({streams[s][version]["to_move"] for s in range(players)}) == 1


@pytest.mark.parametrize("case", DEFAULT_COUNT, ids=[f"{g}-{n}p" for g, n, _ in DEFAULT_COUNT])
def test_no_leak_every_game(case: Case, sqlite_client: TestClient) -> None:
    check_stream(case, 1, sqlite_client)


@pytest.mark.slow
@pytest.mark.parametrize("case", EVERY_COUNT, ids=[f"{g}-{n}p" for g, n, _ in EVERY_COUNT])
def test_no_leak_every_game_and_count(case: Case, sqlite_client: TestClient) -> None:
    check_stream(case, 1, sqlite_client)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("seed", [2, 3])
def test_no_leak_every_case_and_option(case: Case, seed: int, tmp_path: Any) -> None:
    with make_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        check_stream(case, seed, client)


def secrets_of(table: dict[str, Any]) -> list[str]:
    """Every token of the table, and every token's stored hash."""
    tokens = [i["token"] for i in table["invites"]] + [table["spectator"]["token"]]
    return tokens + [hash_token(t) for t in tokens]


@pytest.mark.parametrize("case", DEFAULT_COUNT, ids=[f"{g}-{n}p" for g, n, _ in DEFAULT_COUNT])
def test_rematch_messages_leak_nothing(case: Case, sqlite_client: TestClient) -> None:
    client = sqlite_client
    table, streams, _public = play_over_sockets(client, case, 4)
    tid, players = table["table"], case[1]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    secret = secrets_of(table)
    heard: list[str] = []
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(ws_url(tid, s, tokens[s])))
            for s in range(players)
        ]
        watcher = stack.enter_context(
            client.websocket_connect(
                f"/api/tables/{tid}/spectate/ws?token={table['spectator']['token']}"
            )
        )
        everyone = [*sockets, watcher]
        before = [next_view(ws, []) for ws in everyone]
        assert all(v["rematch"] is None for v in before)
        # The table's chat (written before the game's first move) follows the first view.
        history = [ws.receive_json() for ws in everyone]
        assert all(h["type"] == "chat" and h["history"] for h in history)
        heard.extend(json.dumps(h) for h in history)
        # The offer, then each other seat's acceptance: one pushed view each, everywhere.
        for seat in range(players):
            response = client.post(
                f"/api/tables/{tid}/seats/{seat}/rematch",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert response.status_code == 200
            heard.append(response.text)
            texts = [ws.receive_text() for ws in everyone]
            heard.extend(texts)
            now = [json.loads(t) for t in texts]
            for party, (old, new) in enumerate(zip(before, now, strict=True)):
                assert new["seat"] == (party if party < players else None)
                # Nothing but the rematch changed.
                assert {k: v for k, v in new.items() if k != "rematch"} == {
                    k: v for k, v in old.items() if k != "rematch"
                }
            # The rematch and the evening: the same for every party, and the answer's.
            assert len({json.dumps([v["rematch"], v["evening"]]) for v in now}) == 1
            assert response.json()["rematch"] == now[0]["rematch"]
            before = now
    made = before[0]["rematch"]["table"]
    assert made and before[0]["rematch"]["status"] == "accepted"
    # The new table's first views and summary: public facts and each seat's own deal.
    for seat in range(players):
        shown = client.get(
            f"/api/tables/{made}/seats/{seat}/view",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        heard.append(shown.text)
        assert shown.json()["evening"]["games"] == 1
    heard.append(client.get(f"/api/tables/{made}").text)
    heard.append(client.get(f"/api/tables/{tid}").text)
    heard.append(client.get(f"/api/tables/{tid}/scoresheet").text)
    for text in heard:
        for s in secret:
            assert s not in text, "a token or its hash was sent"
    assert streams  # the game itself was checked by test_no_leak_every_game
