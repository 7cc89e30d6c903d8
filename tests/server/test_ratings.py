"""Rated tables: who may sit, when play starts, and each finished game rated exactly once.

Over real HTTP (a uvicorn server in the test process, or real ``regency serve``
processes for two servers on one PostgreSQL database), with the expected ratings worked
out by the rating library itself from the stored result (``regency.ratings``): the test
checks the server applied it once, to the right people, against the right opponents.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

import regency
from regency.ratings import PlayerRating, level_rating, ranks_of, rate_game
from regency.server.storage.database import Storage
from regency.server.storage.ratings import RatingStore
from tests.server.conftest import ThreadServer, fresh_pg_database
from tests.server.people import Person, first_move, play_out, wait_for
from tests.server.processes import Server


@pytest.fixture
def server(sqlite_db: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_db, test_hashing=True) as running:
        yield running


def test_a_rated_game_against_the_computer_moves_the_rating_once(server: ThreadServer) -> None:
    with Person(server.url, "Ann") as ann:
        ann.sign_up()
        table = ann.create(
            game="claim", players=2, seats=[{}, {"agent": "random"}], rated=True, seed=11
        )
        tid = table["table"]
        assert table["rated"] is True and table["mine"][0]["name"] == "Ann"
        summary = ann.get(f"/api/tables/{tid}").json()
        assert summary["seats"][0]["account"] == "Ann" and summary["seats"][0]["rating"] == "1500?"
        level = level_rating("claim", 2, "random")
        assert level is not None
        assert summary["seats"][1]["rating"] == str(round(level.rating))
        final = play_out({0: ann}, tid, random.Random(11))
        ranks = ranks_of(final["result"], 2)
        expected = rate_game(2, [[0], [1]], ranks, {0: PlayerRating()}, {1: level})[0]
        profile = wait_for(lambda: ann.get("/api/players/Ann").json()["ratings"])
        assert isinstance(profile, list) and len(profile) == 1
        rating = profile[0]
        assert (rating["game"], rating["pool"], rating["games"]) == ("claim", "2", 1)
        assert rating["rating"] == round(expected.rating)
        assert rating["provisional"] is True and rating["shown"].endswith("?")
        assert len(rating["history"]) == 1
        assert (
            "between" in rating["ladder"]["2"]
            or "above" in rating["ladder"]["2"]
            or ("below" in rating["ladder"]["2"])
        )
        games = ann.get("/api/players/Ann/games").json()
        assert games["total"] == 1 and games["games"][0]["rated"] is True
        outcome = "won" if ranks[0] == 0 else "lost"
        assert games["games"][0]["outcome"] == outcome
        assert games["games"][0]["replay"] == f"/replay/{tid}?seat=0"
        won = ann.get("/api/players/Ann/games?result=won").json()["total"]
        assert won == (1 if outcome == "won" else 0)
        assert ann.get("/api/players/Ann/games?game=kingdoms").json()["total"] == 0
        # Asked again (a restart's sweep, another process): nothing moves twice.
        storage = Storage(server_database(server))
        try:
            assert RatingStore(storage).settle(tid) is None
        finally:
            storage.close()
        again = ann.get("/api/players/Ann").json()["ratings"][0]
        assert again["games"] == 1 and again["rating"] == rating["rating"]


def server_database(server: ThreadServer) -> str:
    app = server.server.config.app
    url: str = app.state.settings.database
    return url


def test_a_rated_table_needs_accounts_and_ladder_levels(server: ThreadServer) -> None:
    answer = httpx.post(
        server.url + "/api/tables",
        json={"game": "claim", "players": 2, "rated": True, "think_time": 0},
    )
    assert answer.status_code == 401 and answer.json()["error"] == "signed_out"
    with Person(server.url, "Bob") as bob:
        bob.sign_up()
        answer = bob.post(
            "/api/tables",
            json={
                "game": "claim",
                "players": 2,
                "rated": True,
                "seats": [{}, {"agent": "ismcts:iters=37"}],
            },
        )
        assert answer.status_code == 422 and answer.json()["error"] == "unrated_agent"
        assert "ladder" in answer.json()["message"]


def test_a_rated_table_waits_for_every_invited_person_to_join(server: ThreadServer) -> None:
    with (
        Person(server.url, "Cy") as cy,
        Person(server.url, "Di") as di,
        Person(server.url, "Ed") as ed,
    ):
        for p in (cy, di, ed):
            p.sign_up()
        table = cy.create(
            game="kingdoms",
            players=3,
            seats=[{}, {"name": "Di"}, {"agent": "rollout"}],
            rated=True,
            options={"first": 2},  # the computer would start
        )
        tid = table["table"]
        (invite,) = table["invites"]
        state = cy.view(tid, 0)
        assert state["waiting"] == [1] and state["version"] == 0
        time.sleep(0.5)
        assert cy.view(tid, 0)["version"] == 0, "the computer moved at a table still waiting"
        bearer = {"Authorization": f"Bearer {invite['token']}"}
        # The link's token alone plays the seat no more than before: it must be an account.
        refused = httpx.post(
            server.url + f"/api/tables/{tid}/seats/1/actions",
            json={"action": "draw", "version": 0},
            headers=bearer,
        )
        assert refused.status_code == 409 and refused.json()["error"] == "waiting_for_players"
        # Joining needs the seat's own token, and one seat per account.
        assert di.post(f"/api/tables/{tid}/seats/1/join").status_code == 403
        assert cy.post(f"/api/tables/{tid}/seats/1/join", headers=bearer).status_code == 409
        assert di.post(f"/api/tables/{tid}/seats/2/join", headers=bearer).status_code == 409
        joined = di.post(f"/api/tables/{tid}/seats/1/join", headers=bearer)
        assert joined.status_code == 200, joined.text
        assert ed.post(f"/api/tables/{tid}/seats/1/join", headers=bearer).status_code == 409
        wait_for(lambda: cy.view(tid, 0)["version"] > 0)  # the computer starts
        seats = cy.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["account"] for s in seats] == ["Cy", "Di", None]
        assert di.get("/api/account/games").json()["open"][0]["table"] == tid


def test_three_players_are_rated_by_weng_lin_once(server: ThreadServer) -> None:
    with Person(server.url, "Fay") as fay, Person(server.url, "Gil") as gil:
        fay.sign_up()
        gil.sign_up()
        table = fay.create(
            game="claim",
            players=3,
            seats=[{}, {"name": "x"}, {"agent": "random"}],
            rated=True,
            seed=2,
        )
        tid = table["table"]
        token = table["invites"][0]["token"]
        assert (
            gil.post(
                f"/api/tables/{tid}/seats/1/join", headers={"Authorization": f"Bearer {token}"}
            ).status_code
            == 200
        )
        final = play_out({0: fay, 1: gil}, tid, random.Random(2))
        level = level_rating("claim", 3, "random")
        assert level is not None
        ranks = ranks_of(final["result"], 3)
        expected = rate_game(
            3, [[0], [1], [2]], ranks, {0: PlayerRating(), 1: PlayerRating()}, {2: level}
        )
        for person, seat in ((fay, 0), (gil, 1)):
            got = wait_for(lambda p=person: p.get(f"/api/players/{p.name}").json()["ratings"])
            assert isinstance(got, list)
            assert (got[0]["pool"], got[0]["games"]) == ("3-4", 1)
            assert got[0]["rating"] == round(expected[seat].rating)


def test_partners_in_four_player_claim_are_rated_as_one_side(server: ThreadServer) -> None:
    with Person(server.url, "Hu") as hu, Person(server.url, "Ivy") as ivy:
        hu.sign_up()
        ivy.sign_up()
        table = hu.create(
            game="claim",
            players=4,
            seats=[{}, {"agent": "random"}, {"name": "partner"}, {"agent": "random"}],
            rated=True,
            seed=4,
        )
        tid = table["table"]
        token = table["invites"][0]["token"]
        assert (
            ivy.post(
                f"/api/tables/{tid}/seats/2/join", headers={"Authorization": f"Bearer {token}"}
            ).status_code
            == 200
        )
        final = play_out({0: hu, 2: ivy}, tid, random.Random(4))
        level = level_rating("claim", 4, "random")
        assert level is not None
        sides = regency.new_game("claim", players=4, seed=4).sides()
        assert sides == [[0, 2], [1, 3]]
        expected = rate_game(
            4,
            sides,
            ranks_of(final["result"], 4),
            {0: PlayerRating(), 2: PlayerRating()},
            {1: level, 3: level},
        )
        mine = wait_for(lambda: hu.get("/api/players/Hu").json()["ratings"])
        theirs = ivy.get("/api/players/Ivy").json()["ratings"]
        assert isinstance(mine, list)
        assert mine[0]["rating"] == theirs[0]["rating"] == round(expected[0].rating)
        games = [p.get(f"/api/players/{p.name}/games").json()["games"][0] for p in (hu, ivy)]
        assert games[0]["outcome"] == games[1]["outcome"]


def test_a_casual_table_enters_the_history_unrated(server: ThreadServer) -> None:
    with Person(server.url, "Jan") as jan:
        jan.sign_up()
        table = jan.create(game="claim", players=2, seats=[{}, {"agent": "random"}], seed=6)
        play_out({0: jan}, table["table"], random.Random(6))
        games = wait_for(lambda: jan.get("/api/players/Jan/games").json()["games"])
        assert isinstance(games, list) and games[0]["rated"] is False
        assert games[0]["rating_after"] is None
        assert jan.get("/api/players/Jan").json()["ratings"] == []


def test_an_aborted_table_is_not_rated(sqlite_db: str) -> None:
    # The hook for issue 44: a result that says "aborted" enters the history, unrated.
    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import SeatRow, TableRow, tables_t, upgrade

    upgrade(sqlite_db)
    storage = Storage(sqlite_db)
    try:
        account = AccountStore(storage).create("Kai", "x")
        row = TableRow(
            id="aborted", game="claim", players=2, seed=1, options={}, settings={},
            spectator_hash="x", version=0, finished=False, result=None, created_at=1.0,
            updated_at=2.0, seats=(SeatRow(0, "Kai", None, None, account_id=account.id),
                                   SeatRow(1, "", "random", None)), rated=True,
        )  # fmt: skip
        storage.create_table(row)
        with storage.engine.begin() as conn:
            conn.execute(
                tables_t.update().values(
                    finished=True, result='{"scores": [0, 0], "winners": [], "aborted": true}'
                )
            )
        store = RatingStore(storage)
        settled = store.settle("aborted")
        assert settled is not None and settled.rated is False
        assert store.ratings(account.id) == {}
        _, _, entries = store.games(account.id, None, None, 10, 0)
        assert [e.outcome for e in entries] == ["aborted"]
    finally:
        storage.close()


def test_the_leaderboard_shows_non_provisional_recent_players(server: ThreadServer) -> None:
    with Person(server.url, "Lea") as lea, Person(server.url, "Mo") as mo:
        lea.sign_up()
        mo.sign_up()
        for person, seed in ((lea, 1), (mo, 2)):
            table = person.create(
                game="claim", players=2, seats=[{}, {"agent": "random"}], rated=True, seed=seed
            )
            play_out({0: person}, table["table"], random.Random(seed))
        wait_for(lambda: mo.get("/api/players/Mo").json()["ratings"])
        board = lea.get("/api/leaderboard?game=claim&pool=2").json()["boards"][0]
        assert board["players"] == []  # both provisional after one game
        database = server_database(server)
        engine = sa.create_engine(database)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE ratings SET deviation = 80"))
            conn.execute(
                sa.text("UPDATE ratings SET updated_at = :t WHERE account_id = 2"),
                {"t": time.time() - 31 * 86400},
            )
        engine.dispose()
        board = lea.get("/api/leaderboard?game=claim&pool=2").json()["boards"][0]
        assert [p["name"] for p in board["players"]] == ["Lea"]
        assert board["players"][0]["shown"] == str(board["players"][0]["rating"])
        everything = lea.get("/api/leaderboard").json()["boards"]
        assert {(b["game"], b["pool"]) for b in everything} == {
            (g.name, p)
            for g in regency.available_games()
            for p in ("2", "3-4")
            if (p == "2" and 2 in g.players) or (p == "3-4" and {3, 4} & set(g.players))
        }
        assert lea.get("/api/leaderboard?game=chess").status_code == 404


def test_two_processes_rate_a_game_once(tmp_path: Path) -> None:
    # Two regency serve processes on one PostgreSQL database, the moves sent to each in
    # turn: both hold the table, both see the game end and try to settle it; one does.
    database = fresh_pg_database()
    with (
        Server(database, tmp_path / "a") as a,
        Server(database, tmp_path / "b") as b,
        Person(a.url, "Noa") as noa,
    ):
        noa.sign_up()
        table = noa.create(
            game="claim", players=2, seats=[{}, {"agent": "random"}], rated=True, seed=9
        )
        tid = table["table"]
        at_b = Person(b.url, "Noa")
        at_b.http.cookies.set("regency_session", noa.session or "")
        at_b.csrf = noa.csrf
        rng = random.Random(9)
        turn = 0
        while True:  # alternate the processes move by move
            who = (noa, at_b)[turn % 2]
            state = who.view(tid, 0)
            if state["finished"]:
                break
            if state["to_move"] == 0 and state["legal_moves"]:
                who.post(
                    f"/api/tables/{tid}/seats/0/actions",
                    json={
                        "action": rng.choice(state["legal_moves"]),
                        "version": state["version"],
                    },
                )
                turn += 1
            else:
                time.sleep(0.02)
        wait_for(lambda: noa.get("/api/players/Noa").json()["ratings"])
        time.sleep(1.0)
        at_b.close()
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT games FROM ratings")).scalars().all()
        entries = conn.execute(sa.text("SELECT count(*) FROM account_games")).scalar()
    engine.dispose()
    assert rows == [1] and entries == 1


def test_settling_races_in_many_threads_on_postgresql() -> None:
    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import SeatRow, TableRow, tables_t, upgrade

    database = fresh_pg_database()
    upgrade(database)
    storage = Storage(database)
    try:
        account = AccountStore(storage).create("Oz", "x")
        for n in range(5):
            storage.create_table(
                TableRow(
                    id=f"t{n}",
                    game="claim",
                    players=2,
                    seed=n,
                    options={},
                    settings={},
                    spectator_hash="x",
                    version=0,
                    finished=False,
                    result=None,
                    created_at=1.0,
                    updated_at=2.0 + n,
                    seats=(
                        SeatRow(0, "Oz", None, None, account_id=account.id),
                        SeatRow(1, "", "random", None),
                    ),
                    rated=True,
                )
            )
        with storage.engine.begin() as conn:
            conn.execute(
                tables_t.update().values(finished=True, result='{"scores": [5, 2], "winners": [0]}')
            )
        store = RatingStore(storage)
        done: list[object] = []
        lock = threading.Lock()

        def settle_all() -> None:
            for n in range(5):
                settled = store.settle(f"t{n}")
                with lock:
                    done.append(settled)

        threads = [threading.Thread(target=settle_all) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(1 for d in done if d is not None) == 5  # each table once
        rating = store.ratings(account.id)[("claim", "2")]
        assert rating.games == 5  # and no update lost between tables
        expected = PlayerRating()
        level = level_rating("claim", 2, "random")
        assert level is not None
        for _ in range(5):
            expected = rate_game(2, [[0], [1]], [0, 1], {0: expected}, {1: level})[0]
        assert abs(rating.rating - expected.rating) < 1e-6
    finally:
        storage.close()


def test_puzzle_ratings_move_to_the_account_and_grow_there(server: ThreadServer) -> None:
    from regency.puzzles import load_puzzles

    puzzle = load_puzzles("kingdoms").puzzles[0]
    kept = {"rating": 1612.0, "deviation": 120.0, "volatility": 0.06, "tries": 9}
    with Person(server.url, "Pip") as pip:
        pip.sign_up()
        assert pip.http.put("/api/account/puzzles", json={"kingdoms": kept}).status_code == 403
        moved = pip.http.put("/api/account/puzzles", json={"kingdoms": kept}, headers=pip.headers())
        assert moved.status_code == 200 and moved.json()["puzzles"]["kingdoms"] == kept
        fewer = {**kept, "rating": 900.0, "tries": 3}  # another browser's, fewer tries
        pip.http.put("/api/account/puzzles", json={"kingdoms": fewer}, headers=pip.headers())
        assert pip.get("/api/players/Pip").json()["puzzles"]["kingdoms"]["rating"] == 1612
        bad = pip.http.put(
            "/api/account/puzzles", json={"kingdoms": {"rating": "x"}}, headers=pip.headers()
        )
        assert bad.status_code == 422
        path = f"/api/puzzles/kingdoms/{puzzle.id}/attempt"
        # The account's rating is used, whatever the page sends, and stored after.
        answer = pip.post(path, json={"move": puzzle.solutions[0], "rating": None}).json()
        assert answer["before"] == kept and answer["stored"] is True
        stored = pip.get("/api/players/Pip").json()["puzzles"]["kingdoms"]
        assert stored["tries"] == 10 and stored["rating"] == round(answer["rating"]["rating"])
        # A try again does not count; nor does one without the page's CSRF token.
        again = pip.post(path, json={"move": puzzle.solutions[0], "counts": False}).json()
        assert again["stored"] is False
        plain = pip.http.post(path, json={"move": puzzle.solutions[0]}).json()
        assert "stored" not in plain and plain["before"]["tries"] == 0
        assert pip.get("/api/players/Pip").json()["puzzles"]["kingdoms"]["tries"] == 10


def test_my_records_download_replays(
    server: ThreadServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from regency.cli.main import main

    with Person(server.url, "Rae") as rae:
        rae.sign_up()
        for seed in (3, 4):
            table = rae.create(
                game="kingdoms", players=2, seats=[{}, {"agent": "random"}], seed=seed
            )
            play_out({0: rae}, table["table"], random.Random(seed))
        wait_for(lambda: rae.get("/api/players/Rae/games").json()["total"] == 2)
        answer = rae.get("/api/account/records")
        assert answer.status_code == 200
        assert "regency-Rae-games.json" in answer.headers["content-disposition"]
        download = answer.json()
        assert download["format"] == "regency-records" and download["account"] == "Rae"
        assert len(download["records"]) == 2
        for record in download["records"]:
            game = regency.replay(regency.Record.from_dict(record))
            assert game.is_over and game.result().to_dict() == record["meta"]["result"]
        path = tmp_path / "one.json"
        path.write_text(json.dumps(download["records"][0]))
        assert main(["replay", str(path), "--final"]) == 0
        assert httpx.get(server.url + "/api/account/records").status_code == 401


def test_a_resignation_at_a_rated_table_is_rated_as_a_loss(server: ThreadServer) -> None:
    # Issue 44 meets issue 46: a resigned table is settled like one played out, the side
    # that resigned losing (docs/accounts.md, "Resigning, aborting, leaving").
    with Person(server.url, "Rex") as rex:
        rex.sign_up()
        table = rex.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}],
                           rated=True, seed=3)  # fmt: skip
        tid = table["table"]
        first_move(rex, tid)
        resigned = rex.post(f"/api/tables/{tid}/seats/0/resign")
        assert resigned.status_code == 200, resigned.text
        assert resigned.json()["ending"]["how"] == "resigned"
        profile = wait_for(lambda: rex.get("/api/players/Rex").json()["ratings"])
        assert isinstance(profile, list)
        (rating,) = profile
        level = level_rating("kingdoms", 2, "random")
        assert level is not None
        lost = rate_game(2, [[0], [1]], [1, 0], {0: PlayerRating()}, {1: level})[0]
        assert rating["games"] == 1 and rating["rating"] == round(lost.rating) < 1500
        (game,) = rex.get("/api/players/Rex/games").json()["games"]
        assert game["outcome"] == "lost" and game["rated"] is True


def test_an_abort_at_a_rated_table_moves_no_rating(server: ThreadServer) -> None:
    with Person(server.url, "Abe") as abe:
        abe.sign_up()
        table = abe.create(game="claim", players=2, seats=[{}, {"agent": "random"}], rated=True)
        tid = table["table"]
        aborted = abe.post(f"/api/tables/{tid}/seats/0/abort")
        assert aborted.status_code == 200, aborted.text
        games = wait_for(lambda: abe.get("/api/players/Abe/games").json()["games"])
        assert isinstance(games, list) and [g["outcome"] for g in games] == ["aborted"]
        assert abe.get("/api/players/Abe").json()["ratings"] == []


def test_a_rated_table_takes_no_moves_back(server: ThreadServer) -> None:
    with Person(server.url, "Tam") as tam:
        tam.sign_up()
        table = tam.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}],
                           rated=True, seed=5)  # fmt: skip
        tid = table["table"]
        first_move(tam, tid)
        asked = tam.post(f"/api/tables/{tid}/seats/0/takeback")
        assert asked.status_code == 409, asked.text
        assert "rated" in asked.json()["message"]
        casual = tam.create(game="kingdoms", players=2, seats=[{}, {"agent": "random"}], seed=5)
        first_move(tam, casual["table"])
        wait_for(lambda: tam.view(casual["table"], 0)["legal_moves"])
        done = tam.post(f"/api/tables/{casual['table']}/seats/0/takeback")
        assert done.status_code == 200, done.text
