"""What a new player reads from the server (issue 44): names, refusals and pages.

* a computer seat is called by its level ("Strongest computer"), in the views, the list
  of finished games, the record, the replay, the score sheet and the analysis; its agent
  spec stays in the API beside the name;
* ``players: 99`` is refused with the game's own player counts;
* a bad table link opened by a browser gets a page with a way back, a program the JSON;
* the list of finished games says when, and ties a game to its rematches.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regency.agents.defaults import default_opponent
from regency.analysis import default_agent
from regency.server.pages.analysis import judge_name
from tests.server.helpers import auth, create, people, play_random, seat_url, view

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize(
    ("game", "players", "words"),
    [
        ("claim", 99, "Claim is played by 2-4 players, not 99"),
        ("kingdoms", 1, "Kingdoms is played by 2-4 players, not 1"),
        ("claim-kingdoms", 0, "Claim Kingdoms is played by 2-4 players, not 0"),
    ],
)
def test_a_player_count_is_refused_in_the_games_own_words(
    sqlite_client: TestClient, game: str, players: int, words: str
) -> None:
    answer = sqlite_client.post("/api/tables", json={"game": game, "players": players})
    assert answer.status_code == 400
    assert answer.json() == {"error": "bad_table", "message": words}


def test_a_computer_seat_is_named_by_its_level_and_keeps_its_spec(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    strongest = default_opponent("kingdoms", 2)
    table = create(
        client, game="kingdoms", players=2, seed=3, seats=[{"name": "Ann"}, {"agent": strongest}]
    )
    assert [s["name"] for s in table["seats"]] == ["Ann", "Strongest computer"]
    seats = view(client, table["table"], 0, table["invites"][0]["token"])["seats"]
    assert [(s["name"], s["kind"], s["agent"]) for s in seats] == [
        ("Ann", "person", None),
        ("Strongest computer", "computer", strongest),
    ]
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Strongest computer"]
    # A game played to its end (against the quick Beginner): the record, the replay, the
    # list of finished games and the score sheet name it the same way.
    table = create(
        client, game="kingdoms", players=2, seed=3, seats=[{"name": "Ann"}, {"agent": "random"}]
    )
    tid = table["table"]
    play_random(client, table, random.Random(1))
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["meta"]["seats"] == ["Ann", "Beginner computer"]
    assert record["meta"]["agents"] == [None, "random"]
    replayed = client.get(f"/api/tables/{tid}/replay/3").json()["seats"]
    assert [(s["name"], s["kind"], s["agent"]) for s in replayed] == [
        ("Ann", "person", None),
        ("Beginner computer", "computer", "random"),
    ]
    listed = client.get("/api/history").json()[0]
    assert (listed["seats"], listed["agents"]) == (["Ann", "Beginner computer"], [None, "random"])
    sheet = client.get(f"/api/tables/{tid}/scoresheet").text
    assert "Seat 1: Beginner computer:" in sheet and "computer (" not in sheet


def test_a_spec_on_no_ladder_is_a_computer_and_a_stand_in_is_named_too(
    sqlite_client: TestClient,
) -> None:
    table = create(
        sqlite_client,
        game="claim",
        players=3,
        seats=[{"name": "Ann"}, {"agent": "ismcts:iters=7"}, {"agent": "heuristic"}],
    )
    seats = view(sqlite_client, table["table"], 0, table["invites"][0]["token"])["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Computer", "Casual computer"]
    assert [s["agent"] for s in seats] == [None, "ismcts:iters=7", "heuristic"]
    assert seats[0]["replaced_by"] is None and seats[0]["replaced_by_name"] is None


def test_the_judge_of_an_analysis_is_named_by_its_level() -> None:
    assert judge_name("kingdoms", 2, default_agent("kingdoms", 2)) == "Strongest computer"
    assert judge_name("claim", 3, default_agent("claim", 3)) == "Strongest computer"
    assert judge_name("claim", 2, "heuristic") == "Casual computer"
    assert judge_name("claim", 2, "ismcts:5") == "Computer"


def test_finished_games_say_when_and_tie_a_game_to_its_rematch(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    table = create(client, game="claim", players=2, seed=2, seats=people(2, "AB"))
    play_random(client, table, random.Random(2))
    tid = table["table"]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    for seat, token in tokens.items():
        answer = client.post(seat_url(tid, seat, "rematch"), json={}, headers=auth(token))
        assert answer.status_code == 200
    second = client.get(f"/api/tables/{tid}").json()["settings"]["rematch"]["table"]
    play_random(client, {**table, "table": second}, random.Random(3))
    rows: list[dict[str, Any]] = client.get("/api/history").json()
    by_table = {r["table"]: r for r in rows}
    assert set(by_table) == {tid, second}
    assert by_table[second]["previous"] == tid and by_table[second]["rematch"] is None
    assert by_table[tid]["previous"] is None and by_table[tid]["rematch"] == second
    for r in rows:
        assert r["started_at"] <= r["finished_at"]


BAD_LINKS = [
    ("/play/nonexistent/1", "No such table"),
    ("/watch/nonexistent", "No such table"),
    ("/replay/nonexistent", "No such table"),
    ("/replay/x/-1", "No such page"),
    ("/play/nonexistent/x", "This link is not right"),
]


@pytest.mark.parametrize(("path", "heading"), BAD_LINKS)
def test_a_bad_link_is_a_page_for_a_browser_and_json_for_a_program(
    sqlite_client: TestClient, path: str, heading: str
) -> None:
    page = sqlite_client.get(path, headers=BROWSER)
    assert page.status_code in (404, 422)
    assert page.headers["content-type"].startswith("text/html")
    assert f"<h1>{heading}</h1>" in page.text
    assert '<a class="button primary" href="/" id="back">Back to the lobby</a>' in page.text
    assert '"error"' not in page.text
    program = sqlite_client.get(path, headers={"Accept": "application/json"})
    assert program.status_code == page.status_code
    assert program.headers["content-type"] == "application/json"
    assert program.json()["error"] in ("no_such_table", "not_found", "bad_request")


def test_the_api_answers_json_even_to_a_browser(sqlite_client: TestClient) -> None:
    for path in ("/api/tables/nonexistent", "/api/tables/nonexistent/record", "/static/nope.js"):
        answer = sqlite_client.get(path, headers=BROWSER)
        assert answer.status_code == 404
        assert answer.headers["content-type"] == "application/json", path


def test_a_replay_of_a_game_in_play_says_so(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2, "AB"))
    page = sqlite_client.get(f"/replay/{table['table']}", headers=BROWSER)
    assert page.status_code == 409
    assert "<h1>This game is still being played</h1>" in page.text
