"""Move clocks on the table page (issue 33), in Chromium.

A table set up through the API with the server's test limit (``test_move_seconds``: a
short clock, so the test runs in seconds rather than the 30 s of the shortest real one):
the person's page and a spectator's phone (whose own clock is an hour wrong) both count
the seat's clock down; after the person's first move it runs out, the computer moves for
the person, both pages say so,
and the person takes the seat back with one button and plays again on a fresh clock.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import ThreadServer
from tests.web.helpers import create, link, version, wait_ready, wait_version
from tests.web.test_table_ux import axe_violations

LIMIT = 8.0
"""The test clock, in seconds."""

SKEWED = "(() => { const real = Date.now; Date.now = () => real() - 3600 * 1000; })();"
"""A page whose computer's clock is an hour behind the server's."""


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("clocks") / "regency.db"
    with ThreadServer(f"sqlite:///{db}", test_move_seconds=LIMIT, takeover_tick=0.2) as s:
        yield s


def seconds_shown(page: Any, selector: str) -> int:
    """The seconds a clock on the page shows ("0:07" is 7)."""
    text = page.text_content(selector)
    found = re.fullmatch(r"(\d+):(\d\d)", text or "")
    assert found, f"{selector} shows {text!r}"
    return int(found[1]) * 60 + int(found[2])


def test_the_clock_counts_down_runs_out_and_the_seat_is_taken_back(
    clock_server: ThreadServer, page: Any, browser: Any
) -> None:
    url = clock_server.url
    table = create(
        url,
        game="claim",
        players=2,
        options={"first": 0},
        seats=[{"name": "Ann"}, {"agent": "heuristic"}],
        move_seconds=LIMIT,
        takeover_agent="random",
        think_time=1.0,
    )
    phone = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True)
    try:
        watcher = phone.new_page()
        watcher.add_init_script(SKEWED)
        page.goto(link(url, table, 0))
        watcher.goto(link(url, table, None))

        # Ann's clock counts down on her page, in the status line and the list of seats:
        # before her first move, it is the clock that aborts the table.
        page.wait_for_selector("#turn-clock")
        assert page.text_content(".clockbox").startswith("Your first move: ")
        assert page.text_content(".clockbox").endswith("or the game is aborted")
        first = seconds_shown(page, "#turn-clock")
        assert 0 < first <= LIMIT
        page.wait_for_function(
            "s => { const m = /^0:(\\d\\d)$/.exec(document.querySelector('#turn-clock')"
            ".textContent); return m && Number(m[1]) < s; }",
            arg=first,
            timeout=10_000,
        )
        assert seconds_shown(page, "#clock-0") <= first
        assert page.locator("#clock-1").count() == 0  # a computer seat has no clock

        # The spectator's computer is an hour behind: the page counts the server's time.
        watcher.wait_for_selector("#turn-clock")
        assert 0 < seconds_shown(watcher, "#turn-clock") <= LIMIT
        box = watcher.locator("#turn-clock").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390  # in view on a phone

        # Ann makes her first move (a clock that runs out before it aborts the table:
        # tests/server/test_first_moves.py), and her turn comes round again.
        seen = version(page)
        page.locator("#table button.legal").first.click()
        wait_version(page, above=seen)
        page.wait_for_function(
            "() => { const b = document.querySelector('.clockbox');"
            " return b && b.textContent.startsWith('Your time: '); }",
            timeout=30_000,
        )

        # The clock runs out: the computer moves for Ann, and both pages say so.
        notice = "Time ran out: the computer played for Ann."
        for p in (page, watcher):
            p.wait_for_function(
                "t => { const n = document.querySelector('#notices');"
                " return n && n.textContent.includes(t); }",
                arg=notice,
                timeout=30_000,
            )
        wait_version(page, above=seen + 1)
        assert "(away: the Beginner computer plays for now)" in page.text_content(".seatlist")
        taking = page.locator("#take-back")
        assert taking.is_visible()
        assert "Your time ran out" in page.text_content(".notice")

        # One button gives the seat back; on her next turn Ann has a fresh clock.
        taking.click()
        page.wait_for_selector("#take-back", state="detached")
        wait_ready(page)
        page.wait_for_selector("#turn-clock")
        assert 0 < seconds_shown(page, "#turn-clock") <= LIMIT
        assert "away" not in page.text_content(".seatlist")
        seen = version(page)
        page.locator("#table button.legal").first.click()
        wait_version(page, above=seen)
        assert page.locator("#take-back").count() == 0
    finally:
        phone.close()


def test_the_lobby_sets_up_a_table_with_a_clock(clock_server: ThreadServer, page: Any) -> None:
    page.goto(clock_server.url + "/")
    page.wait_for_selector("#f-seats .seat-row")
    page.select_option("#f-clock", "120")
    page.locator("#create button[type=submit]").click()
    page.wait_for_selector("#created .invite a.button")
    page.locator("#created .invite a.button").first.click()
    page.wait_for_selector(".seatlist")
    # Seat 0 is a person against the computer; whoever starts, a 2-minute clock shows.
    page.wait_for_selector("#clock-0")
    text = page.text_content("#clock-0") or ""
    assert text == "2 min a move" or re.fullmatch(r"[12]:\d\d", text), text
    if importlib.util.find_spec("axe_playwright_python") is not None:
        assert axe_violations(page) == []
