"""The table's motion (docs/web.md "Animations"), in Chromium.

After a move, what was played flies to where it now lies (a card to the trick, a castle or
tile to its square, a card to the grid) and a finished trick goes to its winner. Checked in
each game against the random player: an animation starts after the computer's move, it
breaks no rule of the page's Content-Security-Policy, the page is the same once it has
finished as a page opened afresh on that position, and a move clicked while it runs is
sent at once; under ``prefers-reduced-motion: reduce`` none starts at all. Animations are
slowed (the DevTools protocol's ``Animation.setPlaybackRate``) where a test must act while
one runs, so no test races a 350 ms animation on a loaded machine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.conftest import ThreadServer
from tests.web.helpers import create, version, wait_finished, wait_ready, wait_version
from tests.web.test_security import WATCH_CSP

GAMES = ["claim", "claim-kingdoms", "kingdoms"]

# Every call of element.animate, with the view drawn when it was made, and the CSP's
# complaints (Playwright's init scripts run outside the page's CSP).
RECORD = (
    WATCH_CSP
    + """
window.__animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const table = document.querySelector('#table');
  window.__animated.push({ version: table ? Number(table.dataset.version) : null,
                           ghost: this.classList.contains('ghost') });
  return animate.apply(this, args);
};
"""
)

LAST_BY_COMPUTER = """() => {
  const last = document.querySelector('#table ol.log li.last');
  return !!last && last.textContent.includes('computer');
}"""


def table_against_computer(server: ThreadServer, game: str, seed: int) -> dict[str, Any]:
    return create(
        server.url,
        game=game,
        players=2,
        seed=seed,
        seats=[{"name": "Ann"}, {"agent": "random"}],
    )


def play_until_the_computer_moved_last(page: Any, rng: random.Random, limit: int = 60) -> None:
    """Click random legal moves (one at least) until it is this seat's turn again after a
    move of the computer, drawn on this page (not on its first drawing)."""
    for clicks in range(limit):
        wait_ready(page)
        finished = page.get_attribute("#table", "data-finished") == "true"
        assert not finished, "the game ended first: choose another seed"
        if clicks and page.evaluate(LAST_BY_COMPUTER):
            return
        seen = version(page)
        choices = page.locator("#table button.legal:not([aria-disabled='true'])")
        choices.nth(rng.randrange(choices.count())).click()
        wait_version(page, above=seen)
    raise AssertionError("the computer never moved last")


def settled_text(page: Any) -> str:
    """The table's text once every animation has finished (and none is left over)."""
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=30_000)
    assert page.evaluate("() => document.querySelectorAll('.ghosts > *').length") == 0
    # Nothing is left unseen: every piece that waited under its copy shows again.
    hidden = page.evaluate(
        "() => [...document.querySelectorAll('#table [data-anim]')]"
        ".filter(e => getComputedStyle(e).opacity !== '1').length"
    )
    assert hidden == 0
    text: str = page.inner_text("#table .board-area")
    return text


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_move_is_animated_and_ends_on_the_true_position(
    server: ThreadServer, browser: Any, game: str
) -> None:
    table = table_against_computer(server, game, seed=21)
    url = table["invites"][0]["url"]
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(RECORD)
        cdp = context.new_cdp_session(page)
        cdp.send("Animation.enable")
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})  # 350 ms -> 7 s
        page.goto(url)
        rng = random.Random(game)
        play_until_the_computer_moved_last(page, rng)
        drawn = version(page)
        # The computer's move started an animation (a flying copy, or a pulse), still running.
        started = page.evaluate("() => window.__animated")
        assert any(a["version"] == drawn for a in started), (drawn, started)
        assert page.evaluate("() => document.getAnimations().length") > 0
        # A move clicked while it runs is sent at once (the click finishes every animation).
        choices = page.locator("#table button.legal:not([aria-disabled='true'])")
        choices.nth(rng.randrange(choices.count())).click()
        wait_version(page, above=drawn)
        # Back to normal speed: the next animations finish, and the page then shows exactly
        # what a page opened afresh on the same position shows (no motion on a first draw).
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        play_until_the_computer_moved_last(page, rng)
        final = settled_text(page)
        fresh = context.new_page()
        fresh.goto(url)
        wait_ready(fresh)
        fresh.wait_for_function(
            f"() => Number(document.querySelector('#table').dataset.version) === {version(page)}"
        )
        assert fresh.evaluate("() => document.getAnimations().length") == 0
        assert fresh.inner_text("#table .board-area") == final
        assert page.evaluate("() => window.__csp") == []
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_no_animation_under_reduced_motion(server: ThreadServer, page: Any, game: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD)
    table = table_against_computer(server, game, seed=22)
    page.goto(table["invites"][0]["url"])
    rng = random.Random(game)
    for _ in range(3):
        play_until_the_computer_moved_last(page, rng)
        assert page.evaluate("() => document.getAnimations().length") == 0
        assert page.evaluate("() => window.__animated") == []
        seen = version(page)
        page.locator("#table button.legal:not([aria-disabled='true'])").first.click()
        wait_version(page, above=seen)


def test_a_replay_step_forward_is_animated_and_a_step_back_is_not(
    server: ThreadServer, page: Any
) -> None:
    table = create(server.url, game="claim", players=2, seats=[{"agent": "random"}] * 2, seed=23)
    tid = table["table"]
    wait_finished(server.url, tid)
    page.add_init_script(RECORD)
    page.goto(f"{server.url}/replay/{tid}?seat=0&step=3")
    page.wait_for_selector("#counter")
    page.wait_for_function(
        "() => document.querySelector('#counter').textContent.startsWith('move 3 ')"
    )
    page.evaluate("() => { window.__animated = []; }")
    page.click("#next")
    page.wait_for_function(
        "() => document.querySelector('#counter').textContent.startsWith('move 4 ')"
    )
    assert page.evaluate("() => window.__animated.length") > 0
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=30_000)
    page.evaluate("() => { window.__animated = []; }")
    page.click("#prev")
    page.wait_for_function(
        "() => document.querySelector('#counter').textContent.startsWith('move 3 ')"
    )
    assert page.evaluate("() => window.__animated") == []
