"""Which language a request speaks (regency.server.language), and PATCH /api/me.

Precedence: the ``lang`` cookie (a shipped language; ``pseudo`` only with the test
setting), then the signed-in account's ``language``, then ``Accept-Language``, then
English. ``GET /api/me`` says which it answered in (``speaking``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from regency.core.i18n import offered
from tests.server.conftest import ThreadServer, make_client
from tests.server.helpers import create, next_view, people, ws_url
from tests.server.people import Person


@pytest.fixture
def server(database: str) -> Iterator[ThreadServer]:
    # Every shipped language served, translated whole or not (the test setting).
    with ThreadServer(database, test_hashing=True, test_languages=True) as running:
        yield running


def speaking(person: Person, **headers: str) -> str:
    answer = person.get("/api/me", headers=headers)
    assert answer.status_code == 200, answer.text
    found: str = answer.json()["speaking"]
    return found


def test_cookie_then_account_then_accept_language_then_english(server: ThreadServer) -> None:
    with Person(server.url, "Lena") as lena:
        assert speaking(lena) == "en"
        assert speaking(lena, **{"Accept-Language": "fr-CH,fr;q=0.9,en;q=0.5"}) == "fr"
        assert speaking(lena, **{"Accept-Language": "ja,zh;q=0.9"}) == "en"
        lena.sign_up()
        assert lena.get("/api/me").json()["language"] is None
        answer = lena.http.patch("/api/me", json={"language": "nl"}, headers=lena.headers())
        assert answer.status_code == 200, answer.text
        assert answer.json()["language"] == "nl"
        lena.http.cookies.delete("lang")  # another device: the account's choice decides
        assert lena.get("/api/me").json()["language"] == "nl"
        assert speaking(lena, **{"Accept-Language": "fr"}) == "nl"
        lena.http.cookies.set("lang", "es")  # the cookie beats the account
        assert speaking(lena, **{"Accept-Language": "fr"}) == "es"
        lena.http.cookies.set("lang", "xx")  # an unknown one is passed over
        assert speaking(lena, **{"Accept-Language": "fr"}) == "nl"
        lena.http.cookies.set("lang", "pseudo")  # not without the test setting
        assert speaking(lena) == "nl"
    with Person(server.url, "Guest") as guest:
        guest.http.cookies.set("lang", "de")
        assert speaking(guest, **{"Accept-Language": "fr"}) == "de"
        guest.http.cookies.set("lang", "pseudo")
        assert speaking(guest, **{"Accept-Language": "fr"}) == "fr"


def test_a_language_not_translated_whole_is_not_served(sqlite_db: str) -> None:
    """Without the test setting only the languages offered are answered in: a browser
    asking for one whose catalog is not complete gets English, not half of each."""
    with ThreadServer(sqlite_db, test_hashing=True) as plain, Person(plain.url, "Olga") as olga:
        for code in ("nl", "de", "fr", "es"):
            wanted = speaking(olga, **{"Accept-Language": code})
            assert wanted == (code if code in offered() else "en")
            olga.http.cookies.set("lang", code)
            assert speaking(olga) == (code if code in offered() else "en")
            olga.http.cookies.delete("lang")


def test_pseudo_only_with_the_test_setting(sqlite_db: str) -> None:
    with ThreadServer(sqlite_db, test_pseudo=True) as server, Person(server.url, "P") as p:
        p.http.cookies.set("lang", "pseudo")
        assert speaking(p) == "pseudo"


def test_pseudo_with_the_environment(sqlite_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGENCY_PSEUDO", "1")
    with ThreadServer(sqlite_db) as server, Person(server.url, "P") as p:
        p.http.cookies.set("lang", "pseudo")
        assert speaking(p) == "pseudo"


def test_patch_me_is_csrf_checked_and_refuses_an_unknown_language(server: ThreadServer) -> None:
    with Person(server.url, "Mara") as mara:
        answer = mara.http.patch("/api/me", json={"language": "de"})
        assert answer.status_code == 401, answer.text  # nobody signed in
        mara.sign_up()
        answer = mara.http.patch("/api/me", json={"language": "de"})  # no CSRF token
        assert answer.status_code == 403 and answer.json()["error"] == "cross_site"
        answer = mara.http.patch(
            "/api/me",
            json={"language": "de"},
            headers={**mara.headers(), "Origin": "https://evil.example"},
        )
        assert answer.status_code == 403 and answer.json()["error"] == "cross_site"
        assert mara.get("/api/me").json()["language"] is None
        answer = mara.http.patch("/api/me", json={"language": "klingon"}, headers=mara.headers())
        assert answer.status_code == 422 and answer.json()["error"] == "bad_language"
        assert "klingon" in answer.json()["message"] and "de" in answer.json()["message"]
        answer = mara.http.patch("/api/me", json={"colour": "red"}, headers=mara.headers())
        assert answer.status_code == 422 and answer.json()["error"] == "bad_setting"
        answer = mara.http.patch("/api/me", json={"language": "de"}, headers=mara.headers())
        assert answer.status_code == 200, answer.text
        cookie = answer.headers["set-cookie"].lower()
        assert "lang=de" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert "max-age=31536000" in cookie
        assert mara.get("/api/me").json() == {
            "signed_in": True,
            "name": "Mara",
            "language": "de",
            "speaking": "de",
        }
        answer = mara.http.patch("/api/me", json={"language": None}, headers=mara.headers())
        assert answer.status_code == 200 and answer.json()["language"] is None
        mara.http.cookies.delete("lang")
        assert mara.get("/api/me").json()["language"] is None


def test_each_socket_hears_refusals_in_its_own_language(sqlite_db: str) -> None:
    # Every shipped language served, translated whole or not (the test setting).
    with make_client(sqlite_db, test_languages=True) as sqlite_client:
        # Two sockets of one seat, one opened by a German page and one by an English page: the
        # same illegal move is refused to each in its reader's language, every message long.
        table = create(sqlite_client, game="claim", players=2, seats=people(2))
        tid = table["table"]
        to_move = sqlite_client.get(f"/api/tables/{tid}").json()["to_move"]
        token = next(i["token"] for i in table["invites"] if i["seat"] == to_move)
        url = ws_url(tid, to_move, token)
        bad = json.dumps({"type": "action", "action": "play ZZ9", "version": 0})
        with (
            sqlite_client.websocket_connect(url, headers={"Accept-Language": "de"}) as german,
            sqlite_client.websocket_connect(url, headers={"Accept-Language": "en"}) as english,
        ):
            next_view(german)
            next_view(english)
            said: dict[str, list[str]] = {"de": [], "en": []}
            for _round in range(2):  # every message, not only the first
                for code, ws in (("de", german), ("en", english)):
                    ws.send_text(bad)
                    while True:
                        message = ws.receive_json()
                        if message.get("type") != "view":
                            break
                    assert message["error"] == "illegal_action", message
                    said[code].append(message["message"])
        assert said["de"][0] == said["de"][1] and said["en"][0] == said["en"][1]
        assert said["de"][0] != said["en"][0], said
