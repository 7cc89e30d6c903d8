"""Rated tables that end early (issue 44 meets issue 46), people against people on PostgreSQL.

A resignation between two accounts moves both ratings, the resigner's down; an abort
moves none and is no game on either profile; a person who leaves a rated game of three
is ranked last (docs/accounts.md, "Resigning, aborting, leaving"). The expected ratings
are worked out by the rating library from the stored result, as in test_ratings.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from regency.ratings import PlayerRating, level_rating, ranks_of, rate_game
from tests.server.conftest import ThreadServer, fresh_pg_database
from tests.server.people import Person, first_move, play_out, wait_for


@pytest.fixture
def server() -> Iterator[ThreadServer]:
    with ThreadServer(fresh_pg_database(), test_hashing=True) as running:
        yield running


def _seat_both(host: Person, guest: Person, **table: object) -> str:
    """A rated table ``host`` made at seat 0, ``guest`` joined at seat 1 by its link."""
    made = host.create(rated=True, seats=[{}, {"name": "guest"}, *table.pop("more", [])], **table)
    token = made["invites"][0]["token"]
    joined = guest.post(
        f"/api/tables/{made['table']}/seats/1/join", headers={"Authorization": f"Bearer {token}"}
    )
    assert joined.status_code == 200, joined.text
    table_id: str = made["table"]
    return table_id


def _rating(person: Person) -> dict[str, object]:
    found = wait_for(lambda: person.get(f"/api/players/{person.name}").json()["ratings"])
    assert isinstance(found, list)
    (rating,) = found
    assert isinstance(rating, dict)
    return rating


def test_a_resignation_between_two_accounts_moves_both_ratings(server: ThreadServer) -> None:
    with Person(server.url, "Ros") as ros, Person(server.url, "Gus") as gus:
        ros.sign_up()
        gus.sign_up()
        tid = _seat_both(ros, gus, game="kingdoms", players=2, seed=7)
        first = ros.view(tid, 0)["to_move"]
        first_move(ros if first == 0 else gus, tid, first)
        first_move(gus if first == 0 else ros, tid, 1 - first)
        resigned = ros.post(f"/api/tables/{tid}/seats/0/resign")
        assert resigned.status_code == 200, resigned.text
        lost = _rating(ros)
        won = _rating(gus)
        expected = rate_game(2, [[0], [1]], [1, 0], {0: PlayerRating(), 1: PlayerRating()}, {})
        assert lost["rating"] == round(expected[0].rating) < 1500
        assert won["rating"] == round(expected[1].rating) > 1500
        assert lost["games"] == won["games"] == 1
        outcomes = [p.get(f"/api/players/{p.name}/games").json()["games"] for p in (ros, gus)]
        assert [g[0]["outcome"] for g in outcomes] == ["lost", "won"]
        assert all(g[0]["rated"] for g in outcomes)


def test_an_abort_between_two_accounts_is_no_game_for_either(server: ThreadServer) -> None:
    with Person(server.url, "Abi") as abi, Person(server.url, "Ned") as ned:
        abi.sign_up()
        ned.sign_up()
        tid = _seat_both(abi, ned, game="claim", players=2, seed=1)
        aborter = ned if ned.view(tid, 1)["to_move"] == 1 else abi
        seat = 1 if aborter is ned else 0
        aborted = aborter.post(f"/api/tables/{tid}/seats/{seat}/abort")
        assert aborted.status_code == 200, aborted.text
        for person in (abi, ned):
            games = wait_for(lambda p=person: p.get(f"/api/players/{p.name}/games").json()["games"])
            assert isinstance(games, list)
            assert [(g["outcome"], g["rated"]) for g in games] == [("aborted", False)]
            profile = person.get(f"/api/players/{person.name}").json()
            assert profile["ratings"] == []  # no rating at all: the abort counted as no game


def test_a_person_who_leaves_a_rated_game_of_three_is_ranked_last(server: ThreadServer) -> None:
    with Person(server.url, "Lea") as lea, Person(server.url, "Sam") as sam:
        lea.sign_up()
        sam.sign_up()
        tid = _seat_both(lea, sam, game="claim", players=3, seed=2, more=[{"agent": "random"}])
        while sam.view(tid, 1)["to_move"] != 0:  # Sam (or the computer) may lead first
            if sam.view(tid, 1)["legal_moves"]:
                first_move(sam, tid, 1)
        first_move(lea, tid, 0)
        left = lea.post(f"/api/tables/{tid}/seats/0/leave")
        assert left.status_code == 200, left.text
        final = play_out({1: sam}, tid, random.Random(2))
        assert final["ending"]["left"] == [0]
        (entry,) = [g for g in sam.get("/api/history").json() if g["table"] == tid]
        assert entry["result"]["left"] == [0]
        ranks = ranks_of({**final["result"], "left": [0]}, 3)  # as stored: left beside scores
        assert ranks[0] == 2 and ranks[1] < 2  # whatever the computer scored for Lea's seat
        level = level_rating("claim", 3, "random")
        assert level is not None
        expected = rate_game(
            3, [[0], [1], [2]], ranks, {0: PlayerRating(), 1: PlayerRating()}, {2: level}
        )
        assert _rating(lea)["rating"] == round(expected[0].rating) < 1500
        assert _rating(sam)["rating"] == round(expected[1].rating)
        (game,) = lea.get("/api/players/Lea/games").json()["games"]
        assert game["outcome"] == "lost" and game["rated"] is True
