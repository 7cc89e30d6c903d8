"""The pages in a real browser (Chromium via Playwright): games played by clicks.

Long games (every game to the end, 4-player Claim) are marked slow; the default run plays
one whole game of Claim and checks the lobby, invitations, hidden cards, refusals, reloads,
replays and the phone width.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.conftest import ThreadServer
from tests.web.helpers import (
    Wiretap,
    assert_only_the_seats_views,
    click_through,
    create,
    observed_cards,
    seat_view,
    shown_cards,
    version,
    wait_finished,
    wait_ready,
    wait_text,
    wait_version,
)


def against_computer(server: ThreadServer, game: str, players: int = 2, **extra: Any) -> Any:
    seats = [{"name": "Tester"}] + [{"agent": "random"}] * (players - 1)
    return create(server.url, game=game, players=players, seats=seats, **extra)


def only_what_the_seat_sees(server: ThreadServer, table: dict[str, Any]) -> Any:
    """A check: every card code in the page is one the seat's own observation holds."""
    invite = table["invites"][0]

    def check(page: Any) -> None:
        view = seat_view(server.url, table["table"], invite["seat"], invite["token"])
        extra = set(shown_cards(page)) - observed_cards(view["observation"])
        assert not extra, f"the page shows cards its seat cannot see: {extra}"

    return check


def test_one_click_from_the_lobby_to_a_claim_table(server: ThreadServer, page: Any) -> None:
    page.goto(server.url + "/")
    assert page.title().startswith("regency")
    page.select_option("#q-claim", "random")
    page.click("#play-claim")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#hand .card")
    assert "Claim" in page.title()
    assert page.locator("#hand .card").count() >= 1
    # The lobby remembers the table for this browser.
    # drawn after the game list arrives: the retrying expect waits for it
    page.goto(server.url + "/")
    expect(page.locator("#mine li a", has_text="continue")).to_have_count(1)


def test_whole_claim_game_by_clicks_shows_only_the_seats_cards(
    server: ThreadServer, page: Any
) -> None:
    table = against_computer(server, "claim", seed=21)
    wire = Wiretap(page)
    page.goto(table["invites"][0]["url"])
    check = only_what_the_seat_sees(server, table)
    clicks = click_through(page, random.Random(4), check=check)
    assert clicks >= 13
    record = httpx.get(f"{server.url}/api/tables/{table['table']}/record").json()
    assert assert_only_the_seats_views(wire.messages(), record, 0) > clicks
    result = page.locator("#result")
    assert result.is_visible()
    summary = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
    assert summary["finished"]
    text = result.inner_text()
    assert "Its vote goes to" in text and ("win" in text)
    check(page)


def test_refused_click_shows_the_reason_and_changes_nothing_and_reload_restores(
    server: ThreadServer, page: Any
) -> None:
    table = against_computer(server, "claim", seed=5)
    invite = table["invites"][0]
    page.goto(invite["url"])
    # Keyboard: Tab reaches the legal moves (they are buttons) and Enter plays one.
    wait_ready(page)
    seen = version(page)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button.legal')"):
            break
    else:
        pytest.fail("Tab never reached a legal move")
    page.keyboard.press("Enter")
    wait_version(page, above=seen)
    for _ in range(60):  # play on until the hand holds a card that may not follow
        wait_ready(page)
        if page.locator("#hand button.not-legal:not([disabled])").count():
            break
        seen = version(page)
        page.locator("#table button.legal:not([disabled])").first.click()
        wait_version(page, above=seen)
    else:
        pytest.fail("never had a card that could not be played")
    before = page.locator("#hand").inner_text()
    seen = version(page)
    page.locator("#hand button.not-legal").first.click()
    page.wait_for_selector("#refusal:not(:empty)")
    reason = page.locator("#refusal").inner_text()
    assert reason.startswith("Refused:") and len(reason) > len("Refused: ") + 5
    assert version(page) == seen and page.locator("#hand").inner_text() == before
    view = seat_view(server.url, table["table"], 0, invite["token"])
    assert view["version"] == seen
    # A reload mid-game restores the same table.
    page.reload()
    page.wait_for_selector("#hand .card")
    assert version(page) == seen and page.locator("#hand").inner_text() == before


def test_two_people_at_one_claim_table_each_see_only_their_own_hand(
    server: ThreadServer, browser: Any
) -> None:
    table = create(server.url, game="claim", players=2, seats=[{"name": "Ann"}, {"name": "Bob"}])
    tid = table["table"]
    pages = []
    for invite in table["invites"]:
        context = browser.new_context(viewport={"width": 900, "height": 900})
        p = context.new_page()
        p.goto(invite["url"])
        p.wait_for_selector("#hand .card")
        pages.append(p)
    rng = random.Random(8)
    for _ in range(8):
        views = [seat_view(server.url, tid, i["seat"], i["token"]) for i in table["invites"]]
        for seat, p in enumerate(pages):
            wait_version(p, equal=views[0]["version"])
            mine = views[seat]["observation"]
            shown = p.locator("#hand [data-move]").evaluate_all("es => es.map(e => e.dataset.move)")
            assert sorted(shown) == sorted(mine["hand"])
            theirs = set(views[1 - seat]["observation"]["hand"]) - observed_cards(mine)
            assert not theirs & set(shown_cards(p)), "a page shows the other seat's hidden cards"
        mover = views[0]["to_move"]
        if mover is None:
            break
        p = pages[mover]
        choices = p.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        wait_version(p, above=views[0]["version"])
    for p in pages:
        p.context.close()


def test_create_table_form_shows_invite_links(server: ThreadServer, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#f-game option", state="attached")
    page.select_option("#f-game", "claim-kingdoms")
    page.select_option("#f-players", "3")
    page.select_option("#seat-1-kind", "person")
    page.fill("#seat-1-name", "Zoë")
    page.select_option("#seat-2-kind", "heuristic")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created .invite")
    links = page.locator("#created input").evaluate_all("els => els.map(e => e.value)")
    assert len(links) == 3  # two people and the spectator link
    assert "/play/" in links[0] and "/play/" in links[1] and "/watch/" in links[2]
    assert page.locator("#created button", has_text="Copy").count() == 3
    assert "Zoë" in page.locator("#created").inner_text()
    page.goto(links[1])
    page.wait_for_selector(".status")
    assert "Claim Kingdoms: Zoë (seat 1)" in page.title()
    # A refused set-up is explained in words.
    page.goto(server.url + "/")
    page.wait_for_selector("#f-game option", state="attached")
    page.select_option("#f-game", "claim")
    page.select_option("#f-players", "3")
    page.select_option("#f-factions", "claim")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#f-error:not(:empty)")
    assert "not created" in page.locator("#f-error").inner_text()


def test_replay_steps_forwards_and_backwards(server: ThreadServer, page: Any) -> None:
    table = create(
        server.url, game="kingdoms", players=2, seats=[{"agent": "random"}, {"agent": "random"}]
    )
    wait_finished(server.url, table["table"])
    record = httpx.get(f"{server.url}/api/tables/{table['table']}/record").json()
    steps = len(record["actions"])
    page.goto(f"{server.url}/replay/{table['table']}?seat=1")
    page.wait_for_selector("#result")
    assert page.locator("#counter").inner_text() == f"move {steps} of {steps}"
    page.keyboard.press("ArrowLeft")
    wait_text(page, "#counter", f"move {steps - 1} of {steps}")
    assert page.locator("#result").count() == 0
    page.click("#first")
    wait_text(page, "#counter", f"move 0 of {steps}")
    page.keyboard.press("ArrowRight")
    page.click("#next")
    wait_text(page, "#counter", f"move 2 of {steps}")
    assert "step=2" in page.url and "seat=1" in page.url
    # The link is shareable: it opens at the same move.
    page.goto(page.url)
    wait_text(page, "#counter", f"move 2 of {steps}")
    assert page.locator("ol.log li").count() == 2
    # A link past the end (or with no sense) opens at the last move.
    for step in ["99999", "1e9", "x"]:
        page.goto(f"{server.url}/replay/{table['table']}?seat=1&step={step}")
        wait_text(page, "#counter", f"move {steps} of {steps}")

    # Quick presses, before the first one's view has come: each counts (three steps on,
    # not one), and the last asked for is the one shown, whichever answer comes last
    # (step 0 is known to the page, step 4 must be asked of the server).
    press = """(keys) => { for (const key of keys)
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })); }"""
    page.evaluate(press, ["Home"])
    wait_text(page, "#counter", f"move 0 of {steps}")
    page.evaluate(press, ["ArrowRight", "ArrowRight", "ArrowRight"])
    wait_text(page, "#counter", f"move 3 of {steps}")
    page.evaluate("() => document.getElementById('next').click()")
    page.evaluate(press, ["Home"])  # after a step the page must fetch: home is drawn
    page.wait_for_timeout(500)  # (long enough for the step's answer to have come)
    wait_text(page, "#counter", f"move 0 of {steps}")


@pytest.mark.parametrize("game", ["claim", "claim-kingdoms", "kingdoms"])
def test_table_pages_fit_a_phone(server: ThreadServer, browser: Any, game: str) -> None:
    table = against_computer(server, game)
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    p = context.new_page()
    p.goto(table["invites"][0]["url"])
    wait_ready(p)
    width = p.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 375, f"the {game} page is {width}px wide at 375px"
    assert p.locator("#table button.legal:not([disabled])").count() > 0
    context.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players"), [("claim-kingdoms", 2), ("kingdoms", 2), ("claim", 4)]
)
def test_whole_game_by_clicks(server: ThreadServer, page: Any, game: str, players: int) -> None:
    table = against_computer(server, game, players)
    wire = Wiretap(page)
    page.goto(table["invites"][0]["url"])
    check = only_what_the_seat_sees(server, table) if game == "claim" else None
    clicks = click_through(page, random.Random(players), check=check, limit=600)
    assert page.locator("#result").is_visible()
    summary = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
    assert summary["finished"]
    # Every game: the page was sent nothing but its own seat's views (the DOM is drawn
    # from them alone), each one what the engine shows that seat at that version.
    record = httpx.get(f"{server.url}/api/tables/{table['table']}/record").json()
    assert assert_only_the_seats_views(wire.messages(), record, 0) > clicks
    if game == "claim":
        assert "your partner" in page.locator("#table").inner_text()
