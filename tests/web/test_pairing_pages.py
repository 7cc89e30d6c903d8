"""Finding a game in the browser (issue 47): a quick pairing made and an open table filled
and played, each person in a browser context of their own; the lobby's list and counts
change live in a third, with no reload.

Debian's Chromium through Playwright, against a real server; every context fails the test
on a JavaScript error (a CSP violation among them), and the lobby must fit 390 px.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import ThreadServer
from tests.web.helpers import version, wait_version


class People:
    """Browser contexts, one per person, each failing the test on a JavaScript error."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def page(self, width: int = 1200, height: int = 900) -> Any:
        context = self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on(
            "console",
            lambda m: (
                self.errors.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource")
                else None
            ),
        )
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    found = People(browser)
    yield found
    found.close()
    assert found.errors == [], f"the pages reported errors: {found.errors}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("pairing") / "regency.db"
    with ThreadServer(f"sqlite:///{db}", pairing_tick=0.3) as s:
        yield s


def lobby(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#pool-claim-2-120")
    page.wait_for_function("() => document.querySelector('#find-live').textContent === 'live'")
    page.fill("#pool-name", name)
    page.dispatch_event("#pool-name", "change")


def count_text(page: Any, pool: str) -> str:
    text: str = page.text_content(f"#pool-{pool} .count")
    return text


def test_a_quick_pairing_is_made_and_both_go_to_their_table(
    people: People, server: ThreadServer
) -> None:
    base = server.url
    ada, ben, watcher = people.page(), people.page(), people.page()
    lobby(watcher, base, "Watcher")
    lobby(ada, base, "Ada")
    ada.click("#pool-kingdoms-3-30")
    ada.wait_for_selector("#pool-kingdoms-3-30[aria-pressed=true]")
    assert "You wait here" in count_text(ada, "kingdoms-3-30")
    ada.wait_for_selector("#my-places li.place")
    assert "waiting" in ada.text_content("#my-places") and "looking within" in ada.text_content(
        "#my-places"
    )
    # The watcher's lobby counts Ada, live.
    watcher.wait_for_function(
        "() => document.querySelector('#pool-kingdoms-3-30 .count').textContent === '1 waiting'"
    )
    lobby(ben, base, "Ben")
    ben.click("#pool-kingdoms-3-30")
    with_third = people.page()
    lobby(with_third, base, "Cy")
    with_third.click("#pool-kingdoms-3-30")
    # All three are seated together, each page at its own seat of the same table.
    for page in (ada, ben, with_third):
        page.wait_for_url(f"{base}/play/**", timeout=30_000)
        page.wait_for_selector("#table[data-version]")
    tables = {page.url.split("/play/")[1].split("/")[0] for page in (ada, ben, with_third)}
    assert len(tables) == 1
    seats = {p.url.split("/play/")[1].split("/")[1].split("#")[0] for p in (ada, ben, with_third)}
    assert seats == {"0", "1", "2"}
    assert all("#token=" in page.url for page in (ada, ben, with_third))  # guests hold their key
    for page, me in ((ada, "Ada"), (ben, "Ben"), (with_third, "Cy")):
        page.wait_for_selector(".seatlist li")
        listed = " ".join(page.locator(".seatlist li").all_text_contents())
        others = {"Ada", "Ben", "Cy"} - {me}
        assert "You" in listed and all(name in listed for name in others), listed
    watcher.wait_for_function(
        "() => document.querySelector('#pool-kingdoms-3-30 .count').textContent"
        " === 'nobody waiting yet'"
    )
    # Ada's lobby remembers the table among "Your tables".
    ada.goto(base + "/")
    ada.wait_for_selector("#mine li a")
    assert any(t in ada.inner_html("#mine") for t in tables)
    mine = ada.text_content("#mine li")
    assert "Kingdoms, 3 players" in mine and all(n in mine for n in ("Ada", "Ben", "Cy"))
    assert ada.locator("#mine a:not([href])").count() == 0  # no spectator link to show


def play_both(pages: list[Any], rng: random.Random, limit: int = 600) -> None:
    """Click random legal moves on whichever page is to move until the game ends."""
    for _ in range(limit):
        mover = None
        for _ in range(1200):
            if pages[0].get_attribute("#table", "data-finished") == "true":
                return
            mover = next(
                (p for p in pages if p.get_attribute("#table", "data-mine") == "true"), None
            )
            if mover is not None:
                break
            pages[0].wait_for_timeout(50)
        assert mover is not None, "nobody's turn"
        seen = version(mover)
        choices = mover.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        for page in pages:
            wait_version(page, above=seen)
    raise AssertionError("the game did not end")


def test_an_open_table_is_listed_live_filled_and_played_to_the_end(
    people: People, server: ThreadServer
) -> None:
    base = server.url
    ada, ben = people.page(), people.page()
    lobby(ada, base, "Ada")
    lobby(ben, base, "Ben")
    before = ben.locator("#open-list li.open-table").count()
    ada.click(".open-form-box summary")
    ada.select_option("#open-game", "claim")
    ada.select_option("#open-players", "2")
    ada.select_option("#open-clock", "120")
    ada.click("#open-submit")
    ada.wait_for_selector("#open-list li.open-table button.leave")
    assert ada.text_content("#open-list li.open-table button.leave") == "Close"
    assert "is open" in ada.text_content("#find-status")
    # Ben's lobby lists it without a reload: Ada, one empty seat, "Sit down".
    ben.wait_for_function(
        f"() => document.querySelectorAll('#open-list li.open-table').length === {before + 1}"
    )
    row = ben.locator("#open-list li.open-table", has_text="Ada")
    assert "Claim, 2 players" in row.text_content() and "1 empty seat" in row.text_content()
    assert "2 min a move" in row.text_content()
    row.locator("button.sit").click()
    for page in (ada, ben):
        page.wait_for_url(f"{base}/play/**", timeout=30_000)
        page.wait_for_selector("#table[data-version]")
    assert ada.url.split("/play/")[1].split("/")[0] == ben.url.split("/play/")[1].split("/")[0]
    assert "/0#token=" in ada.url and "/1#token=" in ben.url  # in the order they sat down
    play_both([ada, ben], random.Random(47))
    for page in (ada, ben):
        assert page.get_attribute("#table", "data-finished") == "true"


def test_the_lobby_fits_a_phone_and_offers_rated_games_only_signed_in(
    people: People, server: ThreadServer
) -> None:
    base = server.url
    phone = people.page(390, 844)
    lobby(phone, base, "Dee")
    width = phone.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= 390, f"the lobby is {width} px wide on a 390 px phone"
    assert phone.is_hidden("#pool-rated-box") and phone.is_visible("#pool-name-box")
    phone.click(".open-form-box summary")
    assert phone.is_hidden("#open-rated")
    # A rated game needs an account: signed in, the box is there and the name is theirs.
    signed = people.page()
    signed.goto(base + "/account")
    signed.fill("#signup-name", "Eve")
    signed.fill("#signup-password", "an evening of Kingdoms")
    signed.click("#signup button[type=submit]")
    signed.wait_for_url(base + "/")
    signed.wait_for_selector("#pool-rated-box:not([hidden])")
    assert signed.is_hidden("#pool-name-box")
    signed.check("#pool-rated")
    signed.click("#pool-claim-4-120")
    signed.wait_for_selector("#my-places li.place")
    assert "rated" in signed.text_content("#my-places") and "1500?" in signed.text_content(
        "#my-places"
    )
    signed.click("#my-places button.leave")
    signed.wait_for_selector("#my-places li.place", state="detached")
    assert "left the queue" in signed.text_content("#find-status")
