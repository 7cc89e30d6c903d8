"""The tournament pages in the browser (issue 47): the list, an event's page, entering as a
guest, and a small Swiss set up from the page and run to its final standings, each person
in a browser context of their own; the pages follow the event live, with no reload.

Debian's Chromium through Playwright, against a real server; every context fails the test
on a JavaScript error (a CSP violation among them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import ThreadServer
from tests.server.people import Person
from tests.server.tournaments import create
from tests.web.test_pairing_pages import People

__all__ = ["people"]


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    found = People(browser)
    yield found
    found.close()
    assert found.errors == [], f"the pages reported errors: {found.errors}"


# One move for whoever this page is, at their tournament table, if it is their turn: the
# page's own cookies (an account, with its CSRF token) or the guest's token it keeps.
# Returns "over" once the event is finished, else whether a move was made.
PLAY_ONCE = """async (tid) => {
  const guest = localStorage.getItem("regency.guest");
  const auth = guest ? { Authorization: `Bearer ${guest}` } : {};
  const me = await (await fetch("/api/account")).json();
  const headers = { Accept: "application/json", "Content-Type": "application/json", ...auth };
  if (me.csrf) headers["X-CSRF-Token"] = me.csrf;
  const event = await (await fetch(`/api/tournaments/${tid}`, { headers })).json();
  if (event.status === "finished") return "over";
  if (!event.you || !event.you.table) return false;
  const { table, seat } = event.you.table;
  const view = await (await fetch(`/api/tables/${table}/seats/${seat}/view`, { headers })).json();
  if (view.finished || view.to_move !== seat || !view.legal_moves.length) return false;
  const action = view.legal_moves[Math.floor(Math.random() * view.legal_moves.length)];
  const answer = await fetch(`/api/tables/${table}/seats/${seat}/actions`,
    { method: "POST", headers, body: JSON.stringify({ action, version: view.version }) });
  return answer.ok;
}"""


def sign_up(page: Any, base: str, name: str) -> None:
    """Sign ``name`` up in this page's context (its cookies then hold the session)."""
    page.goto(base + "/account")
    page.wait_for_selector("#page form")
    status = page.evaluate(
        """async (name) => (await fetch("/api/account/signup", { method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ name, password: "a quiet evening of Claim" }) })).status""",
        name,
    )
    assert status == 201


def test_the_list_links_to_an_event_a_guest_enters_it_and_every_page_sees_them(
    people: People, server: ThreadServer
) -> None:
    base = server.url
    with Person(base, "Orla") as orla:
        orla.sign_up()
        tid = create(orla, name="Tuesday Kingdoms", game="kingdoms", players=2, rounds=3,
                     computers=["Casual"], play=True)  # fmt: skip
    listing, guest, watcher = people.page(), people.page(390, 844), people.page()
    listing.goto(base + "/tournaments")
    listing.wait_for_selector(f"#event-{tid}")
    line = listing.text_content(f"#event-{tid}")
    assert "Tuesday Kingdoms" in line and "Kingdoms, 2 players, Swiss of 3 rounds" in line
    assert "2 entrants" in line
    assert listing.locator("#t-signin").count() == 1  # signed out: no form, a way in
    listing.click(f"#event-{tid} a")
    listing.wait_for_url(f"{base}/tournaments/{tid}")
    listing.wait_for_selector("#t-table tbody tr")
    watcher.goto(f"{base}/tournaments/{tid}")
    watcher.wait_for_selector("#t-table tbody tr")
    assert watcher.locator("#t-table tbody tr").count() == 2
    guest.goto(f"{base}/tournaments/{tid}")
    guest.fill("#t-guest-name", "Bea")
    guest.click("#t-enter")
    guest.wait_for_selector("#t-withdraw")
    assert "You play as Bea." in guest.text_content("#t-you")
    # The watcher's page hears of her, live, with no reload.
    watcher.wait_for_function("() => document.querySelectorAll('#t-table tbody tr').length === 3")
    assert "Bea (guest)" in watcher.text_content("#t-table")
    assert guest.evaluate("() => document.documentElement.scrollWidth") <= 390
    # The results for a notice board open.
    text = guest.request.get(base + guest.get_attribute("#t-text", "href"))
    assert text.ok and "Tuesday Kingdoms" in text.text() and "Bea" in text.text()
    guest.once("dialog", lambda d: d.accept())
    guest.click("#t-withdraw")
    guest.wait_for_selector("#t-enter")
    watcher.wait_for_function("() => document.querySelector('#t-table tr.withdrawn') !== null")


def test_a_wrong_club_password_is_refused_in_words(people: People, server: ThreadServer) -> None:
    base = server.url
    with Person(base, "Cleo") as cleo:
        cleo.sign_up()
        tid = create(cleo, name="Club night", game="claim", players=2, rounds=2,
                     password="our secret")  # fmt: skip
    guest = people.page()
    guest.goto(f"{base}/tournaments/{tid}")
    guest.wait_for_selector("#t-enter-password")
    guest.fill("#t-guest-name", "Dan")
    guest.fill("#t-enter-password", "not it")
    guest.click("#t-enter")
    guest.wait_for_selector("#t-said.error")
    assert "not this tournament's password" in guest.text_content("#t-said")
    assert guest.locator("#t-withdraw").count() == 0


@pytest.mark.slow
def test_a_small_swiss_set_up_from_the_page_runs_to_its_final_standings(
    people: People, server: ThreadServer
) -> None:
    base = server.url
    organiser, guest = people.page(), people.page(390, 844)
    sign_up(organiser, base, "Maud")
    organiser.goto(base + "/tournaments")
    organiser.wait_for_selector("#t-form")
    organiser.fill("#t-name", "Small Swiss")
    organiser.select_option("#t-game", "kingdoms")
    organiser.fill("#t-rounds", "2")
    organiser.select_option("#t-level", "Beginner")
    organiser.click("#t-add-level")
    organiser.click("#t-add-level")
    organiser.click("#t-submit")
    organiser.wait_for_url(f"{base}/tournaments/*")
    tid = organiser.url.rsplit("/", 1)[1]
    organiser.wait_for_selector("#t-start")
    assert organiser.locator("#t-table tbody tr").count() == 3  # Maud and two computers
    guest.goto(organiser.url)
    guest.fill("#t-guest-name", "Bea")
    guest.click("#t-enter")
    guest.wait_for_selector("#t-withdraw")
    organiser.wait_for_function("() => document.querySelectorAll('#t-table tbody tr').length === 4")
    organiser.click("#t-start")
    # Round 1 is paired; each person's page links to their own table.
    for page in (organiser, guest):
        page.wait_for_selector("#round-1", timeout=30_000)
        page.wait_for_selector("#t-your-table", timeout=30_000)
    assert "#token=" in guest.get_attribute("#t-your-table", "href")  # the guest's seat key
    finished = False
    for _ in range(3000):
        answers = [page.evaluate(PLAY_ONCE, tid) for page in (organiser, guest)]
        if "over" in answers:
            finished = True
            break
        if not any(answers):
            organiser.wait_for_timeout(100)  # the computers are thinking
    assert finished
    for page in (organiser, guest):
        page.wait_for_selector("#t-standings h2:text('Final standings')", timeout=30_000)
        assert page.locator("#round-2").count() == 1
        places = page.locator("#t-table tbody tr td:first-child").all_text_contents()
        assert len(places) == 4 and places[0].rstrip("=") == "1"
        assert page.locator("#t-round-list a").count() == 4  # every game of both rounds: a replay
    assert "Over" in organiser.text_content("#t-status")
