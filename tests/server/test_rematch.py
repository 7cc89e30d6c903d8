"""Rematches: offered, accepted and declined; the next seat starts; old links reach the new
table; the evening's score; refusals; and the score sheet of a finished game."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from tests.server.conftest import fresh_pg_database, make_client
from tests.server.helpers import (
    auth,
    create,
    next_view,
    people,
    play_random,
    seat_url,
    view,
    wait_until,
)

GAMES = [("claim", 2), ("claim-kingdoms", 3), ("kingdoms", 4)]


def tokens_of(table: dict[str, Any]) -> dict[int, str]:
    return {i["seat"]: i["token"] for i in table["invites"]}


def answer(
    client: TestClient, table: str, seat: int, token: str | None, accept: bool = True
) -> Any:
    headers = auth(token) if token else {}
    return client.post(seat_url(table, seat, "rematch"), json={"accept": accept}, headers=headers)


def finished_table(client: TestClient, game: str, players: int, seed: int, **body: Any) -> Any:
    body.setdefault("seats", people(players))
    table = create(client, game=game, players=players, seed=seed, **body)
    play_random(client, table, random.Random(seed))
    return table


def rematch_of(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Every person accepts; the new table's summary."""
    tid, tokens = table["table"], tokens_of(table)
    for seat, token in tokens.items():
        assert answer(client, tid, seat, token).status_code == 200
    made = client.get(f"/api/tables/{tid}").json()["settings"]["rematch"]["table"]
    summary: dict[str, Any] = client.get(f"/api/tables/{made}").json()
    return summary


def heard_until(ws: Any, check: Any, most: int = 10) -> dict[str, Any]:
    """The first view pushed that passes ``check`` (a view may come twice: a process hears
    its own announcements back, and sends the same view again)."""
    for _ in range(most):
        shown = next_view(ws)
        if check(shown):
            return shown
    raise AssertionError("the view never came")


def made_rematch(client: TestClient, table: str) -> dict[str, Any] | None:
    """The finished table's rematch as ``client``'s server has it, once it names a table."""
    state: dict[str, Any] = client.get(f"/api/tables/{table}").json()["settings"]["rematch"]
    return state if state.get("table") else None


def started(game: str, players: int, seed: int, options: dict[str, Any]) -> int:
    """The seat that starts a game dealt with these options (the engine's own answer)."""
    seat = regency.new_game(game, players=players, seed=seed, **options).current_player
    assert seat is not None
    return seat


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_offer_accept_and_the_next_seat_starts(
    game: str, players: int, sqlite_client: TestClient
) -> None:
    client = sqlite_client
    table = finished_table(client, game, players, seed=5)
    tid, tokens = table["table"], tokens_of(table)
    first = started(game, players, 5, {})
    # The offer: every seat and the spectator see it; nothing is made yet.
    offered = answer(client, tid, 1, tokens[1])
    assert offered.status_code == 200, offered.text
    assert offered.json()["rematch"] == {
        "status": "offered",
        "offered_by": 1,
        "accepted": [1],
        "waiting": [s for s in range(players) if s != 1],
        "declined_by": None,
        "table": None,
    }
    spectator = client.get(
        f"/api/tables/{tid}/spectate", headers=auth(table["spectator"]["token"])
    ).json()
    assert spectator["rematch"]["status"] == "offered"
    for seat in range(players):
        if seat != 1:
            assert view(client, tid, seat, tokens[seat])["rematch"]["offered_by"] == 1
    # The others accept, one by one; the last acceptance deals the new table.
    for seat in range(players):
        if seat != 1:
            assert answer(client, tid, seat, tokens[seat]).status_code == 200
    shown = view(client, tid, 0, tokens[0])["rematch"]
    assert shown["status"] == "accepted" and shown["waiting"] == []
    new = shown["table"]
    summary = client.get(f"/api/tables/{new}").json()
    assert summary["version"] == 0 and not summary["finished"]
    # The next seat starts, by the engine's own `first` option.
    assert summary["options"]["first"] == (first + 1) % players
    assert summary["to_move"] == (first + 1) % players
    assert [s["name"] for s in summary["seats"]] == [s["name"] for s in table["seats"]]
    # Every person's old token works at the new table, for the same seat only.
    for seat, token in tokens.items():
        there = view(client, new, seat, token)
        assert there["seat"] == seat and there["evening"]["games"] == 1
        other = (seat + 1) % players
        assert client.get(seat_url(new, other, "view"), headers=auth(token)).status_code == 403
    spectate = client.get(f"/api/tables/{new}/spectate", headers=auth(table["spectator"]["token"]))
    assert spectate.status_code == 200


def test_a_rematch_of_a_rematch_rotates_again(sqlite_client: TestClient) -> None:
    client = sqlite_client
    table = finished_table(client, "claim", 3, seed=8)
    first = started("claim", 3, 8, {})
    second = rematch_of(client, table)
    assert second["options"]["first"] == (first + 1) % 3
    again = {**table, "table": second["table"]}
    play_random(client, again, random.Random(9))
    third = rematch_of(client, again)
    assert third["options"]["first"] == (first + 2) % 3
    assert third["to_move"] == (first + 2) % 3


def test_computer_seats_accept_at_once(sqlite_client: TestClient) -> None:
    client = sqlite_client
    table = finished_table(
        client, "kingdoms", 3, seed=4, seats=[{"name": "Ann"}, {"agent": "random"}, {"name": "Bob"}]
    )
    tid, tokens = table["table"], tokens_of(table)
    offered = answer(client, tid, 2, tokens[2]).json()["rematch"]
    assert offered["accepted"] == [1, 2] and offered["waiting"] == [0]
    made = answer(client, tid, 0, tokens[0]).json()["rematch"]
    assert made["status"] == "accepted"
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["seats"][1]["kind"] == "computer" and summary["seats"][1]["agent"] == "random"
    # One person and computers only: the offer deals the table at once.
    alone = finished_table(client, "claim", 2, seed=6, seats=[{"name": "Ann"}, {"agent": "random"}])
    made = answer(client, alone["table"], 0, tokens_of(alone)[0]).json()["rematch"]
    assert made["status"] == "accepted" and made["table"]


def test_decline_and_offer_again(sqlite_client: TestClient) -> None:
    client = sqlite_client
    table = finished_table(client, "claim", 2, seed=2)
    tid, tokens = table["table"], tokens_of(table)
    refused = answer(client, tid, 0, tokens[0], accept=False)
    assert refused.status_code == 409 and refused.json()["error"] == "no_offer"
    assert answer(client, tid, 0, tokens[0]).status_code == 200
    declined = answer(client, tid, 1, tokens[1], accept=False).json()["rematch"]
    assert declined["status"] == "declined" and declined["declined_by"] == 1
    assert declined["table"] is None and declined["waiting"] == []
    assert view(client, tid, 0, tokens[0])["rematch"]["declined_by"] == 1
    # Offered again (by the one who declined, say), then accepted.
    again = answer(client, tid, 1, tokens[1]).json()["rematch"]
    assert again == {
        "status": "offered",
        "offered_by": 1,
        "accepted": [1],
        "waiting": [0],
        "declined_by": None,
        "table": None,
    }
    assert answer(client, tid, 0, tokens[0]).json()["rematch"]["table"]


def test_refusals_and_a_second_offer_changes_nothing(sqlite_client: TestClient) -> None:
    client = sqlite_client
    running = create(client, game="claim", players=2, seats=people(2), seed=1)
    rid, rtokens = running["table"], tokens_of(running)
    early = answer(client, rid, 0, rtokens[0])
    assert early.status_code == 409 and early.json()["error"] == "not_finished"
    sheet = client.get(f"/api/tables/{rid}/scoresheet")
    assert sheet.status_code == 409 and sheet.json()["error"] == "not_finished"

    table = finished_table(client, "claim", 2, seed=1)
    tid, tokens = table["table"], tokens_of(table)
    spectator = answer(client, tid, 0, table["spectator"]["token"])
    assert spectator.status_code == 403 and spectator.json()["error"] == "forbidden"
    stranger = answer(client, tid, 0, None)
    assert stranger.status_code == 403 and "seat token" in stranger.json()["message"]
    wrong = answer(client, tid, 1, tokens[0])
    assert wrong.status_code == 403
    assert answer(client, "nosuchtable", 0, tokens[0]).status_code == 404
    assert answer(client, tid, 7, tokens[0]).json()["error"] == "no_such_seat"
    bad = client.post(
        seat_url(tid, 0, "rematch"), json={"accept": "perhaps"}, headers=auth(tokens[0])
    )
    assert bad.status_code == 422 and bad.json()["error"] == "bad_request"
    extra = client.post(seat_url(tid, 0, "rematch"), json={"table": "x"}, headers=auth(tokens[0]))
    assert extra.status_code == 422
    # None of that offered anything.
    assert view(client, tid, 0, tokens[0])["rematch"] is None
    # A second offer while one is pending: the same offer, nothing new.
    first = answer(client, tid, 0, tokens[0]).json()
    second = client.post(seat_url(tid, 0, "rematch"), headers=auth(tokens[0]))  # no body: offer
    assert second.status_code == 200 and second.json() == first
    # Once made, every answer (a decline too) changes nothing: one new table.
    made = answer(client, tid, 1, tokens[1]).json()["rematch"]["table"]
    for seat, accept in ((0, True), (1, True), (0, False)):
        assert answer(client, tid, seat, tokens[seat], accept).json()["rematch"]["table"] == made


def test_the_evening_score_across_two_rematches(sqlite_client: TestClient) -> None:
    client = sqlite_client
    table = finished_table(client, "claim", 2, seed=11)
    winners: list[list[int]] = []
    current = table
    for game in range(3):
        result = view(client, current["table"], 0, tokens_of(table)[0])["result"]
        winners.append(result["winners"])
        wins = [sum(seat in w for w in winners) for seat in range(2)]
        shown = view(client, current["table"], 1, tokens_of(table)[1])["evening"]
        assert shown["games"] == game + 1 and shown["wins"] == wins
        if game == 2:
            break
        made = rematch_of(client, current)
        prior, current = current["table"], {**table, "table": made["table"]}
        # At the new table, before any move: the games before it.
        before = view(client, current["table"], 0, tokens_of(table)[0])["evening"]
        assert before == {
            "games": game + 1,
            "wins": wins,
            "previous": prior,
        }
        play_random(client, current, random.Random(20 + game))
    assert len(winners) == 3 and all(winners)  # three games, each with a winner
    # The score sheet of the third game counts the evening.
    sheet = client.get(f"/api/tables/{current['table']}/scoresheet").text
    assert "Evening: 3 games" in sheet


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_the_score_sheet(game: str, players: int, sqlite_client: TestClient) -> None:
    client = sqlite_client
    names = [{"name": "Ann Smith"}, {"agent": "random"}] + [
        {"name": f"<b>P{i}</b>"} for i in range(2, players)
    ]
    table = finished_table(client, game, players, seed=3, seats=names)
    tid = table["table"]
    response = client.get(f"/api/tables/{tid}/scoresheet")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    summary = client.get(f"/api/tables/{tid}").json()
    record = client.get(f"/api/tables/{tid}/record").json()
    result = record["meta"]["result"] if "meta" in record else None
    result = result or view(client, tid, 0, tokens_of(table)[0])["result"]
    lines = text.splitlines()
    title = regency.game_info(game).title
    assert lines[0] == f"{title}, {players} players, table {tid}"
    assert lines[1].startswith("Finished 20") and lines[1].endswith(" UTC")
    unit = {"claim": "factions", "claim-kingdoms": "points", "kingdoms": "gold"}[game]
    shown = ["Ann Smith", "Beginner computer"] + [f"<b>P{i}</b>" for i in range(2, players)]
    for seat in range(players):
        mark = "  (winner)" if seat in result["winners"] else ""
        assert f"Seat {seat}: {shown[seat]}: {result['scores'][seat]} {unit}{mark}" in lines
    assert f"Moves: {summary['version']}" in lines
    assert any(line.startswith("Result: ") for line in lines)
    assert lines[-1] == f"Replay: http://testserver/replay/{tid}"
    assert len(lines) <= 12  # a few lines to paste into a message
    download = client.get(f"/api/tables/{tid}/scoresheet?download=1")
    assert download.headers["content-disposition"] == f'attachment; filename="regency-{tid}.txt"'
    assert client.get("/api/tables/nosuchtable/scoresheet").status_code == 404


def test_an_offer_and_the_new_table_reach_another_process() -> None:
    """PostgreSQL, two servers: the offer made on one reaches a socket on the other."""
    database = fresh_pg_database()
    with make_client(database) as a, make_client(database) as b:
        table = finished_table(a, "claim", 2, seed=7)
        tid, tokens = table["table"], tokens_of(table)
        # Seat 1 listens on server b (which has not loaded the table before).
        with b.websocket_connect(f"{seat_url(tid, 1, 'ws')}?token={tokens[1]}") as ws:
            assert next_view(ws)["rematch"] is None
            assert answer(a, tid, 0, tokens[0]).status_code == 200
            heard = heard_until(ws, lambda v: v["rematch"] is not None)
            assert heard["rematch"]["status"] == "offered" and heard["rematch"]["offered_by"] == 0
            # Accepted on b, the table made there; a's listeners hear of it.
            with a.websocket_connect(f"{seat_url(tid, 0, 'ws')}?token={tokens[0]}") as ws0:
                assert next_view(ws0)["rematch"]["status"] == "offered"
                made = answer(b, tid, 1, tokens[1]).json()["rematch"]["table"]
                assert heard_until(ws0, lambda v: v["rematch"]["table"])["rematch"]["table"] == made
        # Both servers serve the new table, to the old tokens.
        assert view(a, made, 0, tokens[0])["version"] == 0
        assert view(b, made, 1, tokens[1])["version"] == 0


def test_answers_at_once_on_two_processes_lose_nothing() -> None:
    """PostgreSQL: two acceptances landing together on two servers (the row is locked while
    each is applied): both count, and exactly one new table is dealt."""
    from concurrent.futures import ThreadPoolExecutor

    database = fresh_pg_database()
    with make_client(database) as a, make_client(database) as b:
        for seed in (1, 2, 3):
            table = finished_table(a, "claim", 3, seed=seed)
            tid, tokens = table["table"], tokens_of(table)
            assert answer(a, tid, 0, tokens[0]).status_code == 200
            with ThreadPoolExecutor(2) as pool:
                one = pool.submit(answer, a, tid, 1, tokens[1])
                two = pool.submit(answer, b, tid, 2, tokens[2])
                answers = [one.result().json()["rematch"], two.result().json()["rematch"]]
            made = [r["table"] for r in answers if r["table"]]
            assert len(made) >= 1 and len(set(made)) == 1
            for server in (a, b):  # each hears of the other's answer (NOTIFY)
                final = wait_until(server, partial(made_rematch, server, tid))
                assert final["accepted"] == [0, 1, 2] and final["table"] == made[0]


def test_the_score_sheet_names_you_by_seat(sqlite_client: TestClient) -> None:
    """A person the lobby called "You" is "Seat 0" to whoever reads the sheet."""
    table = finished_table(
        sqlite_client, "claim", 2, seed=5, seats=[{"name": "You"}, {"agent": "heuristic"}]
    )
    text = sqlite_client.get(f"/api/tables/{table['table']}/scoresheet").text
    assert all("You" not in line for line in text.splitlines()[2:-1])  # (ids may hold it)
    assert any(line.startswith("Seat 0: ") and "factions" in line for line in text.splitlines())
    assert "Seat 1: Casual computer: " in text
