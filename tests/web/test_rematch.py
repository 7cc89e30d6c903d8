"""Playing again in the browser: two people at a finished table agree on a rematch.

Two browser contexts (two people, no shared storage). The game is finished fast through
the API; then one person offers a rematch on the result screen, the other sees the offer
and accepts, both pages move to the new table on their own (the same seats, the same
token, which never leaves the fragment), a move is played there from each page's own
controls, and the evening's score says one game was played. The score sheet is copied
from the result screen.
"""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.conftest import ThreadServer
from tests.web.helpers import (
    create,
    finish_over_http,
    link,
    version,
    wait_ready,
    wait_version,
)

TIMEOUT = 30_000


def test_two_people_agree_on_a_rematch_and_play_there(server: ThreadServer, browser: Any) -> None:
    table = create(
        server.url, game="claim", players=2, seats=[{"name": "Ann"}, {"name": "Bob"}], seed=3
    )
    finish_over_http(server.url, table)
    old = table["table"]
    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    pages = []
    for seat, context in enumerate(contexts):
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.goto(link(server.url, table, seat))
        page.wait_for_selector("#result", timeout=TIMEOUT)
        pages.append(page)
    ann, bob = pages
    # The result screen: a rematch to offer, the evening's score after one game.
    expect(ann.locator("#evening-games")).to_have_text("1 game played", timeout=TIMEOUT)
    ann.locator("#rematch-offer").click()
    expect(ann.locator("#rematch-status")).to_contain_text("waiting for Bob", timeout=TIMEOUT)
    # Bob's page hears of it over its socket, and offers the choice.
    expect(bob.locator("#rematch-status")).to_contain_text("Ann offers a rematch", timeout=TIMEOUT)
    expect(bob.locator("#rematch-decline")).to_be_visible()
    # The score sheet, copied from the result screen: plain text naming both people.
    bob.locator("#copy-scoresheet").click()
    expect(bob.locator("#copy-scoresheet")).to_have_text("Copied", timeout=TIMEOUT)
    copied = bob.evaluate("() => navigator.clipboard.readText()")
    assert "Claim, 2 players" in copied and "Seat 0: Ann" in copied and "Seat 1: Bob" in copied
    assert "Moves: " in copied
    bob.locator("#rematch-accept").click()
    # Both pages move to the new table, each at its own seat, the token after "#" only.
    for seat, page in enumerate(pages):
        page.wait_for_url(f"**/play/*/{seat}#token=*", timeout=TIMEOUT)
        page.wait_for_function(
            "old => !location.pathname.includes(old) && document.querySelector('#table')"
            " && document.querySelector('#table').dataset.finished === 'false'",
            arg=old,
            timeout=TIMEOUT,
        )
        assert "?" not in page.url
    new = ann.url.split("/play/")[1].split("/")[0]
    assert new != old and bob.url.split("/play/")[1].split("/")[0] == new
    summary = httpx.get(f"{server.url}/api/tables/{old}").json()
    assert summary["settings"]["rematch"]["table"] == new
    # The running score: one game played before this one.
    for page in pages:
        expect(page.locator("#evening-games")).to_have_text(
            "1 game played before this one", timeout=TIMEOUT
        )
    # A move from each page's own controls at the new table.
    for _ in range(2):
        mover = httpx.get(f"{server.url}/api/tables/{new}").json()["to_move"]
        page = pages[mover]
        wait_ready(page)
        seen = version(page)
        page.locator("#table button.legal:not([disabled])").first.click()
        for p in pages:
            wait_version(p, above=seen)
    assert httpx.get(f"{server.url}/api/tables/{new}").json()["version"] == 2
    # The old invite link, opened again, leads to the new table.
    again = contexts[1].new_page()
    again.goto(link(server.url, table, 1))
    again.wait_for_url(f"**/play/{new}/1#token=*", timeout=TIMEOUT)
    for context in contexts:
        context.close()
