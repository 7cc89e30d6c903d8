"""The lessons' API and the coach's (issue 48): what a learner is shown, a try, progress in
the account, and a coached table's notes and hints (the coach is off everywhere else)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from regency.learn import load_course
from regency.learn.coach import words
from regency.server.pages.learn import MAX_LEARNED_GAMES
from tests.server.conftest import ThreadServer, make_client
from tests.server.helpers import auth, create, play_random
from tests.server.people import Person

GAMES = [info.name for info in regency.available_games()]


def keys_of(data: Any) -> set[str]:
    """Every key of every object in ``data``, however deep."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_of(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_of(v)}
    return set()


def test_the_listing_has_every_course_and_the_pages_words(sqlite_client: TestClient) -> None:
    listing = sqlite_client.get("/api/learn").json()
    assert [c["game"] for c in listing["courses"]] == GAMES
    for course in listing["courses"]:
        assert [lesson["id"] for lesson in course["lessons"]] == [
            lesson.id for lesson in load_course(course["game"]).lessons
        ]
    assert listing["words"] == words()["learn"] and listing["coach_words"] == words()["coach"]
    assert listing["learned"] is None  # nobody signed in


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_shows_the_learners_view_and_nothing_of_the_answer(
    sqlite_client: TestClient, game: str
) -> None:
    course = load_course(game)
    for number, lesson in enumerate(course.lessons, start=1):
        shown = sqlite_client.get(f"/api/learn/{game}/{lesson.id}").json()
        assert shown["number"] == number and shown["count"] == len(course)
        assert shown["task"] == lesson.task and shown["explain"] == lesson.explain
        view = shown["view"]
        assert view["seat"] == lesson.seat and view["to_move"] == lesson.seat
        start = lesson.start()
        assert view["observation"] == start.observation(lesson.seat)
        assert view["legal_moves"] == [str(a) for a in start.legal_actions()]
        assert [s["name"] for s in view["seats"]] == list(lesson.names)
        assert not {"answers", "right", "wrong", "hint", "goal", "miss"} & keys_of(shown)
        assert shown["next"] == (course.lessons[number].id if number < len(course) else None)


@pytest.mark.parametrize("game", GAMES)
def test_a_try_is_judged_by_the_server_in_the_lessons_words(
    sqlite_client: TestClient, game: str
) -> None:
    lesson = load_course(game).lessons[1]
    path = f"/api/learn/{game}/{lesson.id}/attempt"
    right = sqlite_client.post(path, json={"move": lesson.answers[0]}).json()
    assert right["solved"] and right["legal"] and right["text"] == lesson.right
    assert right["hint"] is None and right["stored"] is False
    assert right["view"]["legal_moves"] == []  # the board shows the outcome, not a question
    assert right["move_text"] == lesson.start().describe(lesson.answers[0])
    wrong_move = next(
        str(a) for a in lesson.start().legal_actions() if str(a) not in lesson.answers
    )
    wrong = sqlite_client.post(path, json={"move": wrong_move}).json()
    assert not wrong["solved"] and wrong["hint"] == lesson.hint
    assert wrong["text"] == lesson.wrong.get(wrong_move, lesson.miss)
    nonsense = sqlite_client.post(path, json={"move": "fly to the moon"}).json()
    assert not nonsense["legal"] and nonsense["hint"] == lesson.hint and "view" not in nonsense
    answer = sqlite_client.get(f"/api/learn/{game}/{lesson.id}/answer").json()
    assert [a["move"] for a in answer["answers"]] == list(lesson.answers)


def test_unknown_games_and_lessons_and_bad_tries_are_refused(sqlite_client: TestClient) -> None:
    assert sqlite_client.get("/api/learn/chess").json()["error"] == "no_such_game"
    assert sqlite_client.get("/api/learn/claim/castling").json()["error"] == "no_such_lesson"
    too_long = sqlite_client.post("/api/learn/claim/knights/attempt", json={"move": "x" * 201})
    assert too_long.status_code == 422
    extra = sqlite_client.post("/api/learn/claim/knights/attempt", json={"move": "KN2", "x": 1})
    assert extra.status_code == 422
    page = sqlite_client.get("/learn/chess", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "No such game" in page.text
    for path in ("/learn", "/learn/claim", "/learn/claim/knights"):
        shown = sqlite_client.get(path, headers={"Accept": "text/html"})
        assert shown.status_code == 200 and "learn.js" in shown.text


def test_progress_is_kept_in_the_account_when_signed_in(sqlite_db: str) -> None:
    with ThreadServer(sqlite_db) as server, Person(server.url, "learner").sign_up() as me:
        kept = {"claim": ["win-a-trick", "no-such-lesson"], "chess": ["e4"], "kingdoms": []}
        moved = me.http.put("/api/learn/progress", json=kept, headers=me.headers())
        assert moved.status_code == 200
        assert moved.json()["learned"] == {"claim": ["win-a-trick"], "kingdoms": []}
        solved = me.post("/api/learn/claim/knights/attempt", json={"move": "KN2"}).json()
        assert solved["stored"] is True
        assert solved["learned"]["claim"] == ["win-a-trick", "knights"]
        assert me.http.get("/api/learn").json()["learned"]["claim"] == ["win-a-trick", "knights"]
        # Without the page's CSRF token the try is answered, and nothing is stored.
        other = me.http.post("/api/learn/claim/undead/attempt", json={"move": "UN8"}).json()
        assert other["solved"] and other["stored"] is False
        assert me.http.get("/api/learn").json()["learned"]["claim"] == ["win-a-trick", "knights"]
        refused = me.http.put("/api/learn/progress", json={"claim": []})  # no CSRF token
        assert refused.status_code == 403
        many = {f"g{i}": [] for i in range(MAX_LEARNED_GAMES + 1)}
        assert (
            me.http.put("/api/learn/progress", json=many, headers=me.headers()).status_code == 422
        )
        bad = me.http.put("/api/learn/progress", json={"claim": "all"}, headers=me.headers())
        assert bad.json()["error"] == "bad_progress"
    with ThreadServer(sqlite_db) as server:  # kept in the database across a restart
        again = Person(server.url, "learner")
        assert again.sign_in().status_code == 200
        assert again.http.get("/api/learn").json()["learned"]["claim"] == ["win-a-trick", "knights"]
        again.close()


def test_progress_cannot_be_stored_signed_out(sqlite_client: TestClient) -> None:
    answer = sqlite_client.put("/api/learn/progress", json={"claim": ["knights"]})
    assert answer.status_code == 401


# -- the coach -------------------------------------------------------------------------


def coached(client: TestClient, game: str = "claim", **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": 2, "seed": 4, "coach": True}
    body.setdefault("seats", [{"name": "You"}, {"agent": "random"}])
    return create(client, **{**body, **extra})


def test_the_coach_is_off_at_every_other_table(sqlite_client: TestClient) -> None:
    table = create(
        sqlite_client, game="claim", players=2, seats=[{"name": "A"}, {"agent": "random"}]
    )
    token = table["invites"][0]["token"]
    path = f"/api/tables/{table['table']}/seats/0/coach"
    answer = sqlite_client.post(path, json={"ask": "hint"}, headers=auth(token))
    assert answer.status_code == 409 and answer.json()["error"] == "no_coach"
    view = sqlite_client.get(f"/api/tables/{table['table']}/seats/0/view", headers=auth(token))
    assert "coach" not in view.json()


def test_a_coached_table_is_one_person_against_the_computer(sqlite_client: TestClient) -> None:
    body = {"game": "claim", "players": 2, "coach": True}
    two = sqlite_client.post("/api/tables", json={**body, "seats": [{"name": "A"}, {"name": "B"}]})
    assert two.status_code == 422 and two.json()["error"] == "bad_coach"
    none = sqlite_client.post("/api/tables", json={**body, "seats": [{"agent": "random"}] * 2})
    assert none.status_code == 422 and none.json()["error"] == "bad_coach"


def test_the_coach_notes_each_move_and_hints_in_words(sqlite_client: TestClient) -> None:
    table = coached(sqlite_client)
    token = table["invites"][0]["token"]
    seat = table["invites"][0]["seat"]
    base = f"/api/tables/{table['table']}/seats/{seat}"
    view = sqlite_client.get(f"{base}/view", headers=auth(token)).json()
    assert view["coach"] is True
    while view["to_move"] != seat:
        view = sqlite_client.get(f"{base}/view", headers=auth(token)).json()
    hint = sqlite_client.post(f"{base}/coach", json={"ask": "hint"}, headers=auth(token)).json()
    assert hint["text"] and not [m for m in view["legal_moves"] if m in hint["text"]]
    move = random.Random(1).choice(view["legal_moves"])
    sqlite_client.post(
        f"{base}/actions", json={"action": move, "version": view["version"]}, headers=auth(token)
    )
    number = view["version"] + 1
    note = sqlite_client.post(
        f"{base}/coach", json={"ask": "note", "number": number}, headers=auth(token)
    ).json()
    assert note["number"] == number and note["move"] == move and note["label"]
    assert note["text"]
    assert (
        sqlite_client.post(f"{base}/coach", json={"ask": "note", "number": number}).status_code
        == 403
    )
    later = sqlite_client.post(
        f"{base}/coach", json={"ask": "note", "number": 10_000}, headers=auth(token)
    )
    assert later.status_code == 422 and later.json()["error"] == "not_your_move"


def test_a_hint_is_only_given_on_ones_turn(sqlite_client: TestClient) -> None:
    # The computer leads and takes its time: the person asks while it thinks.
    table = coached(sqlite_client, options={"first": 1}, think_time=20)
    token = table["invites"][0]["token"]
    answer = sqlite_client.post(
        f"/api/tables/{table['table']}/seats/0/coach", json={"ask": "hint"}, headers=auth(token)
    )
    assert answer.status_code == 409 and answer.json()["error"] == "not_your_turn"


def test_a_rematch_of_a_first_game_has_no_coach(sqlite_client: TestClient) -> None:
    table = coached(sqlite_client)
    play_random(sqlite_client, table, random.Random(2))
    tid, token = table["table"], table["invites"][0]["token"]
    offered = sqlite_client.post(
        f"/api/tables/{tid}/seats/0/rematch", json={"accept": True}, headers=auth(token)
    )
    assert offered.status_code == 200, offered.text
    made = sqlite_client.get(f"/api/tables/{tid}").json()["settings"]["rematch"]["table"]
    summary = sqlite_client.get(f"/api/tables/{made}").json()
    assert sqlite_client.get(f"/api/tables/{tid}").json()["settings"]["coach"] is True
    assert "coach" not in summary["settings"]


def test_the_coach_speaks_the_readers_language_whatever_it_said_before(
    sqlite_db: str,
) -> None:
    """Notes are judged in a worker process, which does not share the request's language:
    the language goes with the question, and a note kept for one language is not given to
    a reader of another (issue 49)."""
    # Every shipped language served, translated whole or not (the test setting).
    with make_client(sqlite_db, test_languages=True) as sqlite_client:
        table = coached(sqlite_client)
        token = table["invites"][0]["token"]
        seat = table["invites"][0]["seat"]
        base = f"/api/tables/{table['table']}/seats/{seat}"
        view = sqlite_client.get(f"{base}/view", headers=auth(token)).json()
        while view["to_move"] != seat:
            view = sqlite_client.get(f"{base}/view", headers=auth(token)).json()
        german = {**auth(token), "Accept-Language": "de"}
        move = view["legal_moves"][0]
        sqlite_client.post(
            f"{base}/actions",
            json={"action": move, "version": view["version"]},
            headers=auth(token),
        )
        number = view["version"] + 1
        ask = {"ask": "note", "number": number}
        english = sqlite_client.post(f"{base}/coach", json=ask, headers=auth(token)).json()
        in_german = sqlite_client.post(f"{base}/coach", json=ask, headers=german).json()
        again = sqlite_client.post(f"{base}/coach", json=ask, headers=auth(token)).json()
        assert english["text"] == again["text"] and english["label"] == in_german["label"]
        assert in_german["text"] != english["text"]
