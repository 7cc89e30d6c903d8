"""The HTTP protocol, endpoint by endpoint and refusal by refusal, on both databases."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

import regency
from tests.server.helpers import auth, create, people, play_random, seat_url, view


def test_a_whole_game_between_two_people(client: TestClient) -> None:
    table = create(client, game="claim", players=2, seats=people(2), seed=5)
    assert [i["seat"] for i in table["invites"]] == [0, 1]
    tokens = [i["token"] for i in table["invites"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 22 for t in tokens)  # >= 128 bits
    assert all(table["table"] in i["url"] and i["token"] in i["url"] for i in table["invites"])
    end = play_random(client, table, random.Random(1))
    assert end["finished"] and end["result"]["winners"]
    # The record replays to the same result, and history lists the game.
    record = client.get(f"/api/tables/{table['table']}/record").json()
    game = regency.replay(regency.Record.from_dict(record))
    assert game.result().to_dict() == end["result"]
    assert len(record["actions"]) == end["version"]
    history = client.get("/api/history").json()
    assert [h["table"] for h in history] == [table["table"]]
    assert history[0]["result"] == end["result"]
    # After the end every seat's view carries the record and the result.
    assert end["record"]["actions"] == record["actions"]


def test_every_game_and_count_sets_up(client: TestClient) -> None:
    for info in regency.available_games():
        for players in info.players:
            table = create(client, game=info.name, players=players, seats=people(players))
            assert len(table["invites"]) == players
            first = table["invites"][0]
            seen = view(client, table["table"], 0, first["token"])
            assert seen["version"] == 0 and seen["players"] == players
            assert seen["observation"] == json.loads(json.dumps(seen["observation"]))


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "chess"),
        ({"game": "claim", "players": 7}, "7"),
        ({"game": "claim", "options": {"factions": "nonsense"}}, "nonsense"),
        ({"game": "claim", "options": {"colour": "red"}}, "colour"),
        ({"game": "claim", "players": 2, "seats": [{"name": "a"}]}, "2 seats"),
        ({"game": "claim", "players": 2, "seats": [{"name": "a\x07"}, {"name": "b"}]}, "name"),
    ],
)
def test_a_bad_table_is_refused_with_the_engines_message(
    sqlite_client: TestClient, body: dict[str, object], words: str
) -> None:
    answer = sqlite_client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "bad_table"
    assert words in answer.json()["message"]


def test_the_engine_message_is_passed_on_verbatim(sqlite_client: TestClient) -> None:
    try:
        regency.new_game("claim", players=2, seed=0, factions="nonsense")
    except regency.GameOptionError as exc:
        expected = str(exc)
    answer = sqlite_client.post(
        "/api/tables", json={"game": "claim", "players": 2, "options": {"factions": "nonsense"}}
    )
    assert answer.json()["message"] == expected


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'"claim"',
        b'{"game": 3}',
        b'{"game": "claim", "players": "two"}',
        b'{"game": "claim", "surprise": 1}',
        b'{"game": "claim", "seats": [{"name": "a", "colour": "red"}]}',
        b'{"game": "claim", "seed": -1}',
        b'{"game": "claim", "think_time": 1e9}',
        b'{"game": "' + b"x" * 100 + b'"}',
        b"\xff\xfe",
    ],
)
def test_malformed_requests_are_422(sqlite_client: TestClient, body: bytes) -> None:
    answer = sqlite_client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "bad_request"


def test_huge_bodies_are_refused_before_they_are_read(sqlite_client: TestClient) -> None:
    big = json.dumps({"game": "claim", "options": {"x": "y" * 100_000}})
    answer = sqlite_client.post(
        "/api/tables", content=big, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413 and answer.json()["error"] == "too_large"

    def chunks():  # no content-length: counted as it arrives
        for _ in range(100):
            yield b"x" * 1024

    answer = sqlite_client.post("/api/tables", content=chunks())
    assert answer.status_code == 413


def test_unknown_tables_seats_and_tokens(client: TestClient) -> None:
    table = create(
        client, game="claim", players=3, seats=[{"name": "a"}, {"agent": "random"}, {"name": "c"}]
    )
    tid = table["table"]
    mine = table["invites"][0]["token"]
    other = table["invites"][1]["token"]  # seat 2's
    assert client.get(seat_url("nope", 0, "view"), headers=auth(mine)).status_code == 404
    assert client.get(seat_url("x" * 500, 0, "view"), headers=auth(mine)).status_code == 404
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get(seat_url(tid, 3, "view"), headers=auth(mine)).status_code == 404
    assert client.get(seat_url(tid, -1, "view"), headers=auth(mine)).status_code == 404
    assert client.get(seat_url(tid, "zero", "view"), headers=auth(mine)).status_code == 422
    refused = client.get(seat_url(tid, 0, "view"))
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
    assert client.get(seat_url(tid, 0, "view"), headers=auth(other)).status_code == 403
    assert client.get(seat_url(tid, 0, "view"), headers=auth("guess")).status_code == 403
    # The computer's seat has no token at all; nobody acts for it.
    assert client.get(seat_url(tid, 1, "view"), headers=auth(mine)).status_code == 403
    assert client.get(seat_url(tid, 2, "view") + f"?token={other}").status_code == 200
    # A token acts only for its own seat.
    state = view(client, tid, 0, mine)
    mover = state["to_move"]
    if mover in (0, 2):
        wrong = other if mover == 0 else mine
        answer = client.post(
            seat_url(tid, mover, "actions"),
            json={"action": "x", "version": state["version"]},
            headers=auth(wrong),
        )
        assert answer.status_code == 403


def test_stale_versions_wrong_turns_and_illegal_moves(client: TestClient) -> None:
    table = create(client, game="claim", players=2, seats=people(2), seed=3)
    tid = table["table"]
    tokens = [i["token"] for i in table["invites"]]
    state = view(client, tid, 0, tokens[0])
    mover = state["to_move"]
    waiter = 1 - mover
    # Not your turn is refused before the engine sees the move (garbage or not).
    answer = client.post(
        seat_url(tid, waiter, "actions"),
        json={"action": "garbage", "version": 0},
        headers=auth(tokens[waiter]),
    )
    assert answer.status_code == 409 and answer.json()["error"] == "not_your_turn"
    assert answer.json()["to_move"] == mover
    # An illegal move: the engine's reason and the mover's own legal moves.
    answer = client.post(
        seat_url(tid, mover, "actions"),
        json={"action": "ZZ99", "version": 0},
        headers=auth(tokens[mover]),
    )
    assert answer.status_code == 422
    body = answer.json()
    game = regency.new_game("claim", players=2, seed=3)
    with pytest.raises(regency.IllegalActionError) as refused:
        game.play("ZZ99")
    assert body["message"] == str(refused.value)
    assert body["legal_moves"] == view(client, tid, mover, tokens[mover])["legal_moves"]
    # A good move lands; the same version again is stale and told the current one.
    legal = body["legal_moves"]
    answer = client.post(
        seat_url(tid, mover, "actions"),
        json={"action": legal[0], "version": 0},
        headers=auth(tokens[mover]),
    )
    assert answer.status_code == 200 and answer.json()["version"] == 1
    answer = client.post(
        seat_url(tid, waiter, "actions"),
        json={"action": legal[0], "version": 0},
        headers=auth(tokens[waiter]),
    )
    assert answer.status_code == 409
    assert answer.json() | {"message": ""} == {
        "error": "stale_version",
        "message": "",
        "version": 1,
    }
    # The waiting seat's view never lists moves; the mover's does.
    after = view(client, tid, mover, tokens[mover])
    assert after["recent"][-1] == {"number": 1, "seat": mover, "move": legal[0]}


def test_after_the_end_moves_are_refused_and_the_record_is_published(
    sqlite_client: TestClient,
) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2), seed=1)
    tid = table["table"]
    refused = sqlite_client.get(f"/api/tables/{tid}/record")
    assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
    end = play_random(sqlite_client, table, random.Random(2))
    token = table["invites"][0]["token"]
    answer = sqlite_client.post(
        seat_url(tid, 0, "actions"),
        json={"action": "x", "version": end["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 409 and answer.json()["error"] == "game_over"
    assert sqlite_client.get(f"/api/tables/{tid}/record").status_code == 200


def test_spectators_need_their_token_and_see_the_public_view(client: TestClient) -> None:
    table = create(client, game="claim", players=2, seats=people(2), seed=9)
    tid = table["table"]
    spectator = table["spectator"]["token"]
    assert client.get(f"/api/tables/{tid}/spectate").status_code == 403
    assert client.get(f"/api/tables/{tid}/spectate", headers=auth("wrong")).status_code == 403
    seat_token = table["invites"][0]["token"]
    assert client.get(f"/api/tables/{tid}/spectate", headers=auth(seat_token)).status_code == 403
    seen = client.get(f"/api/tables/{tid}/spectate", headers=auth(spectator)).json()
    game = regency.new_game("claim", players=2, seed=9)
    assert seen["observation"] == game.observation(None)
    assert seen["legal_moves"] == [] and seen["seat"] is None
    # The seed (which fixes every hidden card) is nowhere in a view while the game runs.
    summary = client.get(f"/api/tables/{tid}").json()
    assert "seed" not in json.dumps(seen) and "seed" not in json.dumps(summary)


def test_index_games_and_pages(sqlite_client: TestClient) -> None:
    assert sqlite_client.get("/").json()["server"] == "regency"
    names = [g["name"] for g in sqlite_client.get("/api/games").json()]
    assert names == list(regency.available_games())
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    invite = table["invites"][1]["url"]
    page = sqlite_client.get(invite)
    assert page.status_code == 200 and "regency connect" in page.text
    assert sqlite_client.get(table["spectator"]["url"]).status_code == 200
    assert sqlite_client.get("/play/nope/0").status_code == 404
    assert sqlite_client.get("/openapi.json").status_code == 200
    assert sqlite_client.get("/no/such/page").json()["error"] == "not_found"
    assert sqlite_client.get("/api/history?limit=0").status_code == 422


@pytest.mark.parametrize(
    "options",
    [
        {"factions": ["claim"]},
        {"factions": {"a": 1}},
        {"factions": 3},
        {"first": "x"},
        {"first": [1]},
        {"not an identifier": 1},
    ],
)
def test_options_of_the_wrong_type_are_a_bad_table(
    sqlite_client: TestClient, options: dict[str, object]
) -> None:
    for game in regency.available_games():
        answer = sqlite_client.post("/api/tables", json={"game": game, "options": options})
        assert answer.status_code == 400, (game, answer.text)
        assert answer.json()["error"] == "bad_table"
