"""Ending a game early and taking moves back, on the pages (issue 44), in Chromium.

Each request has its button only when the seat's view says it may (`can`), and each is
confirmed in the page before it is sent: "Keep playing" (or Escape) sends nothing. The
table page, the other people's pages, the replay and the lobby's list of finished games
then say how the game ended: resigned by whom, aborted and why, who left. A take-back is
immediate against the computer alone; with another person it is an offer they accept or
decline on their page.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.conftest import ThreadServer
from tests.web.helpers import bearer, create, link, move_for, version, wait_ready, wait_version

TIMEOUT = 30_000
PEOPLE = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture
def pages(browser: Any, page: Any) -> Iterator[tuple[Any, Any]]:
    """Two people's pages: a desktop's (``page``, checked for errors) and a 390 px phone's."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    other = phone.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda e: errors.append(str(e)))
    yield page, other
    phone.close()
    assert errors == [], f"the phone's page reported errors: {errors}"


class Patient:
    """A locator's assertions, each given the test's ``TIMEOUT``."""

    def __init__(self, locator: Any) -> None:
        self.assertions = expect(locator)

    def __getattr__(self, name: str) -> Any:
        return functools.partial(getattr(self.assertions, name), timeout=TIMEOUT)


def soon(locator: Any) -> Any:
    """``expect(locator)`` with the test's patience: what it waits for comes from the
    server (a pushed view, a page loaded), which a loaded machine may deliver late."""
    return Patient(locator)


def status(page: Any) -> str:
    return str(page.text_content("#status"))


def confirm(page: Any, act: str) -> None:
    """Press the request's button, then confirm it in the page."""
    page.locator(f"#{act}-button").click()
    soon(page.locator("#confirm")).to_be_visible()
    page.locator("#confirm-yes").click()


def place_castle(page: Any) -> None:
    """Play a Kingdoms castle from the page (a move that ends the turn) and see it land."""
    wait_ready(page)
    seen = version(page)
    page.locator('#table button.legal[data-move^="castle "]').first.click()
    wait_version(page, above=seen)


def finished_line(url: str, table: str) -> str:
    """The lobby's line for ``table`` in its list of finished games."""
    return f"#finished li:has(a[href='/replay/{table}'])"


def test_resign_is_confirmed_then_every_page_says_who_resigned(
    server: ThreadServer, pages: tuple[Any, Any]
) -> None:
    url = server.url
    ann, bob = pages
    table = create(url, game="kingdoms", players=2, seed=2, options={"first": 0}, seats=PEOPLE)
    move_for(url, table)  # Ann's first move, then Bob's: both may resign now
    move_for(url, table)
    ann.goto(link(url, table, 0))
    bob.goto(link(url, table, 1))
    wait_ready(ann)
    soon(ann.locator("#resign-button")).to_be_visible()
    assert ann.locator("#abort-button").count() == 0  # she has moved: no abort
    assert ann.locator("#leave-button").count() == 0  # two sides: resign, not leave

    # "Keep playing" sends nothing, and gives the focus back to the button.
    ann.locator("#resign-button").click()
    soon(ann.locator("#confirm-q")).to_have_text("Resign? Bob wins the game.")
    expect(ann.locator("#confirm-no")).to_be_focused()
    ann.locator("#confirm-no").click()
    soon(ann.locator("#confirm")).to_have_count(0)
    expect(ann.locator("#resign-button")).to_be_focused()
    # Escape closes it too.
    ann.locator("#resign-button").click()
    ann.keyboard.press("Escape")
    soon(ann.locator("#confirm")).to_have_count(0)
    assert httpx.get(f"{url}/api/tables/{table['table']}").json()["finished"] is False

    confirm(ann, "resign")
    soon(ann.locator("#status")).to_have_text("The game is over. You resigned: Bob wins.")
    soon(ann.locator("#ending")).to_contain_text("You resigned: Bob wins.")
    soon(ann.locator("#requests")).to_have_count(0)  # nothing left to ask for
    soon(bob.locator("#status")).to_have_text("The game is over. Ann resigned: you win.")
    soon(bob.locator("#rematch-offer")).to_be_visible()  # and they may play again
    summary = httpx.get(f"{url}/api/tables/{table['table']}").json()
    assert summary["ending"]["how"] == "resigned" and summary["ending"]["winners"] == [1]

    # The replay ends on the resignation, naming nobody "You".
    ann.goto(f"{url}/replay/{table['table']}")
    soon(ann.locator("#status")).to_have_text("The game is over. Ann resigned: Bob wins.")
    soon(ann.locator("#counter")).to_have_text("move 2 of 2")
    # The lobby's finished games say it too.
    ann.goto(f"{url}/")
    soon(ann.locator(finished_line(url, table["table"]))).to_contain_text("Ann resigned, Bob won")


def test_in_4_player_claim_one_partner_resigns_for_the_partnership(
    server: ThreadServer, page: Any
) -> None:
    url = server.url
    people = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}, {"name": "Dee"}]
    table = create(url, game="claim", players=4, seed=3, options={"first": 0}, seats=people)
    for _ in range(4):  # a trick: everyone has moved
        move_for(url, table)
    page.goto(link(url, table, 0))
    page.locator("#resign-button").click()
    soon(page.locator("#confirm-q")).to_have_text(
        "Resign for your partnership with Cid? Bob and Dee win the game."
    )
    page.locator("#confirm-yes").click()
    soon(page.locator("#status")).to_have_text(
        "The game is over. You resigned for the partnership with Cid: Bob and Dee win."
    )
    page.goto(link(url, table, 2))
    soon(page.locator("#status")).to_have_text(
        "The game is over. Ann resigned for the partnership with you: Bob and Dee win."
    )


def test_abort_before_the_first_move_ends_the_table_for_nobody(
    server: ThreadServer, pages: tuple[Any, Any]
) -> None:
    url = server.url
    ann, bob = pages
    table = create(url, game="claim", players=2, seed=4, options={"first": 1}, seats=PEOPLE)
    move_for(url, table)  # Bob has moved, Ann has not
    ann.goto(link(url, table, 0))
    bob.goto(link(url, table, 1))
    wait_ready(ann)
    soon(ann.locator("#abort-button")).to_be_visible()
    assert ann.locator("#resign-button").count() == 0
    soon(bob.locator("#resign-button")).to_be_visible()  # Bob has moved: he resigns
    assert bob.locator("#abort-button").count() == 0

    ann.locator("#abort-button").click()
    soon(ann.locator("#confirm-q")).to_contain_text("nobody wins")
    ann.locator("#confirm-yes").click()
    said = "Ann aborted the game before their first move. Nobody wins."
    soon(ann.locator("#status")).to_have_text(
        "You aborted the game before your first move. Nobody wins."
    )
    soon(bob.locator("#status")).to_have_text(said)
    soon(bob.locator("#ending")).to_contain_text("never rated")
    soon(bob.locator("#evening-games")).to_have_text(
        "0 games played; this one was aborted and does not count"
    )
    ann.goto(f"{url}/replay/{table['table']}")
    soon(ann.locator("#status")).to_have_text(said)
    ann.goto(f"{url}/")
    soon(ann.locator(finished_line(url, table["table"]))).to_contain_text("aborted by Ann")


def test_take_back_against_the_computer_is_immediate_once_confirmed(
    server: ThreadServer, page: Any
) -> None:
    url = server.url
    table = create(
        url, game="kingdoms", players=2, seed=5, options={"first": 0},
        seats=[{"name": "Ann"}, {"agent": "random"}],
    )  # fmt: skip
    page.goto(link(url, table, 0))
    wait_ready(page)
    assert page.locator("#takeback-button").count() == 0  # nothing to take back yet
    seen = version(page)
    place_castle(page)
    wait_version(page, above=seen + 1)  # her move and the computer's reply
    wait_ready(page)
    page.locator("#takeback-button").click()
    soon(page.locator("#confirm-q")).to_have_text(
        "Take back your last move, and the computer's replies since?"
    )
    page.locator("#confirm-yes").click()
    soon(page.locator("#takeback-offer")).to_have_text("You took back your last move.")
    soon(page.locator(".log li")).to_have_text(["No moves yet."])
    wait_ready(page)
    assert page.get_attribute("#table", "data-mine") == "true"
    summary = httpx.get(f"{url}/api/tables/{table['table']}").json()
    assert summary["moves"] == 0 and summary["to_move"] == 0


def test_a_take_back_asked_of_another_person_is_declined_then_accepted(
    server: ThreadServer, pages: tuple[Any, Any], browser: Any
) -> None:
    url = server.url
    ann, bob = pages
    table = create(url, game="kingdoms", players=2, seed=6, options={"first": 0}, seats=PEOPLE)
    ann.goto(link(url, table, 0))
    bob.goto(link(url, table, 1))
    watcher = browser.new_page()
    watcher.goto(link(url, table, None))
    place_castle(ann)
    wait_version(bob, above=version(ann) - 1)  # at least what Ann saw (more may follow)

    confirm(ann, "takeback")
    soon(ann.locator("#takeback-offer")).to_contain_text(
        "You asked to take back your last move. Waiting for Bob."
    )
    soon(ann.locator("#takeback-withdraw")).to_be_visible()
    soon(bob.locator("#takeback-offer")).to_contain_text("Ann asks to take back their last move.")
    soon(watcher.locator("#takeback-offer")).to_contain_text("Ann asks to take back")
    assert watcher.locator("#takeback-offer button").count() == 0  # a spectator only reads
    assert bob.locator("#takeback-button").count() == 0  # an answer, not a second request
    bob.locator("#takeback-decline").click()
    soon(ann.locator("#takeback-offer")).to_have_text("Bob declined your take-back.")
    soon(ann.locator("#takeback-button")).to_have_count(0)  # not again about this position

    # Bob moves: Ann may ask about the new position (her move and his), and Bob accepts.
    place_castle(bob)
    wait_version(ann, above=version(bob) - 1)  # at least what Bob saw (more may follow)
    ann.locator("#takeback-button").click()
    soon(ann.locator("#confirm-q")).to_have_text(
        "Ask Bob to let you take back your last move and the move after it?"
    )
    ann.locator("#confirm-yes").click()
    soon(bob.locator("#takeback-offer")).to_contain_text(
        "Ann asks to take back their last move and the move after it."
    )
    bob.locator("#takeback-accept").click()
    soon(ann.locator("#takeback-offer")).to_have_text("You took back your last move.")
    soon(bob.locator("#takeback-offer")).to_have_text("Ann took back their last move.")
    wait_ready(ann)
    summary = httpx.get(f"{url}/api/tables/{table['table']}").json()
    assert summary["moves"] == 0 and summary["to_move"] == 0
    watcher.close()


def test_a_take_back_may_be_withdrawn_by_the_one_who_asked(
    server: ThreadServer, pages: tuple[Any, Any]
) -> None:
    url = server.url
    ann, bob = pages
    table = create(url, game="kingdoms", players=2, seed=10, options={"first": 0}, seats=PEOPLE)
    ann.goto(link(url, table, 0))
    bob.goto(link(url, table, 1))
    place_castle(ann)
    wait_version(bob, above=version(ann) - 1)  # at least what Ann saw (more may follow)
    confirm(ann, "takeback")
    soon(bob.locator("#takeback-accept")).to_be_visible()
    ann.locator("#takeback-withdraw").click()
    soon(ann.locator("#takeback-offer")).to_have_text("You withdrew your take-back.")
    soon(bob.locator("#takeback-offer")).to_have_text("Ann withdrew their take-back.")
    soon(bob.locator("#takeback-accept")).to_have_count(0)
    summary = httpx.get(f"{url}/api/tables/{table['table']}").json()
    assert summary["moves"] == 1


def play_seat(url: str, table: dict[str, Any], seat: int) -> None:
    """Play one person's seat over HTTP until the game ends (the others play themselves)."""
    token = next(i["token"] for i in table["invites"] if i["seat"] == seat)
    tid = table["table"]
    with httpx.Client(base_url=url, timeout=30) as http:
        while not (summary := http.get(f"/api/tables/{tid}").json())["finished"]:
            if summary["to_move"] != seat:
                time.sleep(0.05)
                continue
            view = http.get(f"/api/tables/{tid}/seats/{seat}/view", headers=bearer(token)).json()
            if view["legal_moves"]:
                http.post(
                    f"/api/tables/{tid}/seats/{seat}/actions",
                    json={"action": view["legal_moves"][0], "version": view["version"]},
                    headers=bearer(token),
                )


def test_leaving_a_game_of_three_the_computer_plays_on_and_the_end_says_who_left(
    server: ThreadServer, pages: tuple[Any, Any]
) -> None:
    url = server.url
    ann, bob = pages
    table = create(
        url, game="kingdoms", players=3, seed=7, options={"first": 0},
        seats=[*PEOPLE, {"agent": "random"}], takeover_agent="random",
    )  # fmt: skip
    move_for(url, table)  # Ann's first move
    ann.goto(link(url, table, 0))
    bob.goto(link(url, table, 1))
    soon(ann.locator("#leave-button")).to_be_visible()
    assert ann.locator("#resign-button").count() == 0  # three sides: nobody resigns
    ann.locator("#leave-button").click()
    soon(ann.locator("#confirm-q")).to_contain_text("The computer plays your seat to the end")
    ann.locator("#confirm-yes").click()
    soon(ann.locator("#left-notice")).to_have_text(
        "You left this game: the computer plays your seat to the end."
    )
    assert ann.locator("#take-back").count() == 0  # no seat to take back
    soon(bob.locator(".seatlist")).to_contain_text("left the game: the computer plays on")

    play_seat(url, table, 1)
    soon(bob.locator("#result-left")).to_have_text(
        "Ann left the game; the computer played the seat to the end."
    )
    soon(ann.locator("#result-left")).to_have_text(
        "You left the game; the computer played your seat to the end."
    )
    ann.goto(f"{url}/")
    soon(ann.locator(finished_line(url, table["table"]))).to_contain_text("; Ann left")


def test_a_table_that_ended_early_opens_without_an_error(server: ThreadServer, page: Any) -> None:
    # A resigned table has no engine result: the page read `result.winners` and threw.
    url = server.url
    table = create(url, game="claim", players=2, seed=8, options={"first": 0}, seats=PEOPLE)
    move_for(url, table)
    token = table["invites"][0]["token"]
    answer = httpx.post(
        f"{url}/api/tables/{table['table']}/seats/0/resign", headers=bearer(token), timeout=30
    )
    assert answer.status_code == 200, answer.text
    page.goto(link(url, table, 1))
    soon(page.locator("#status")).to_have_text("The game is over. Ann resigned: you win.")
    soon(page.locator("#result a[href^='/replay/']")).to_be_visible()
    page.goto(f"{url}/replay/{table['table']}?seat=1")
    soon(page.locator("#status")).to_have_text("The game is over. Ann resigned: Bob wins.")


LIMIT = 6.0
"""The test clock, in seconds; a table nobody opened waits as long."""


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("first-moves") / "regency.db"
    with ThreadServer(
        f"sqlite:///{db}", test_move_seconds=LIMIT, open_wait=1.0, takeover_tick=0.2
    ) as s:
        yield s


def test_the_pages_wait_for_a_person_to_open_the_table_and_count_their_first_move(
    clock_server: ThreadServer, pages: tuple[Any, Any]
) -> None:
    url = clock_server.url
    ann, bob = pages
    table = create(
        url, game="kingdoms", players=2, options={"first": 1}, seats=PEOPLE, move_seconds=LIMIT
    )
    ann.goto(link(url, table, 0))
    # Bob is to move and has not opened his link: his clock waits, the abort's does not.
    waiting = re.compile(r"^Waiting for .?Bob to open the table\.")  # .?: his seat's mark
    soon(ann.locator("#status")).to_contain_text(waiting)
    soon(ann.locator(".seatlist")).to_contain_text("(not here yet)")
    soon(ann.locator("#first-move")).to_contain_text("Bob's first move: ")
    soon(ann.locator("#first-move")).to_contain_text("or the game is aborted")
    assert 0 < seconds(ann.text_content("#turn-clock")) <= LIMIT

    bob.goto(link(url, table, 1))
    soon(bob.locator("#first-move")).to_contain_text("Your first move: ")
    # Ann's page hears that Bob came: his clock now runs from his opening.
    soon(ann.locator("#status")).not_to_contain_text("to open the table")
    soon(ann.locator(".seatlist")).not_to_contain_text("not here yet")
    # Bob makes no first move in time: the table is aborted, and both pages say why.
    said = "The game was aborted: Bob did not make a first move in time. Nobody wins."
    soon(ann.locator("#status")).to_have_text(said, timeout=TIMEOUT)
    soon(bob.locator("#status")).to_have_text(
        "The game was aborted: you did not make a first move in time. Nobody wins.",
        timeout=TIMEOUT,
    )


def test_a_person_who_never_opened_the_table_is_named_in_its_end(
    clock_server: ThreadServer, page: Any
) -> None:
    url = clock_server.url
    table = create(
        url, game="claim", players=2, options={"first": 1}, seats=PEOPLE, move_seconds=LIMIT
    )
    page.goto(link(url, table, 0))
    soon(page.locator("#status")).to_have_text(
        "The game was aborted: Bob did not open the table in time. Nobody wins.",
        timeout=TIMEOUT,
    )
    page.goto(f"{url}/")
    soon(page.locator(finished_line(url, table["table"]))).to_contain_text(
        "aborted: Bob never moved"
    )


def seconds(text: str | None) -> int:
    """The seconds a clock shows ("0:07" is 7)."""
    minutes, _, secs = (text or "").partition(":")
    return int(minutes) * 60 + int(secs)
