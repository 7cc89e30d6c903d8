"""The table as a Board Game Arena or Lichess player expects it (issue 30), in Chromium.

* The action bar: at a phone's 375 px, the buttons of every question (Claim Kingdoms'
  power or pass, draw and look, keep; Kingdoms' draw; Claim's Seer choosing a card) are
  in the first screen, and stay in view (sticky) while the page scrolls.
* The keyboard: a whole 2-player Kingdoms game played with Tab, the arrow keys, Enter and
  Space alone; each group (the action bar, the board) is one Tab stop, and after each
  move the focus is still on the table where play goes on.
* The tab's title and icon say whose turn it is.
* The connection: a ``regency serve`` killed under the page shows a banner and makes the
  table inert (a click sends nothing); restarted, the page says so and plays again.
* axe-core finds no serious or critical violation on the lobby, each game's table (a
  seat's and the spectator's), a finished table and a replay.
* No page scrolls sideways at 320 or 375 px.
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import regency
from tests.server.conftest import ThreadServer
from tests.server.processes import Server
from tests.web.helpers import (
    bearer,
    create,
    link,
    move_for,
    version,
    wait_connected,
    wait_finished,
    wait_ready,
    wait_version,
)

PHONE = {"width": 375, "height": 740}
SQUARE = re.compile(r"\b(?:[A-E][1-6]|-?\d+,-?\d+)\b")
GAMES = ["claim", "claim-kingdoms", "kingdoms"]

# What has focus: its group (data-roving), move, key, and whether it plays a move now.
FOCUS = """() => {
  const a = document.activeElement;
  const g = a && a.closest ? a.closest('[data-roving]') : null;
  return {
    group: g ? g.dataset.roving : null,
    move: a && a.dataset ? a.dataset.move || null : null,
    key: a && a.dataset ? a.dataset.key || null : null,
    live: !!a && a.matches('button.legal:not([aria-disabled="true"])'),
    inTable: !!a && a !== document.body && document.querySelector('#table').contains(a),
  };
}"""

# Each button of the action bar inside the viewport (an empty list: none is outside).
OUTSIDE = """(selector) => [...document.querySelectorAll(selector)].filter((b) => {
  const r = b.getBoundingClientRect();
  return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth;
}).map((b) => b.dataset.move || b.dataset.key || b.textContent)"""


def people(url: str, game: str, **extra: Any) -> dict[str, Any]:
    return create(url, game=game, players=2, seats=[{"name": "Ann"}, {"name": "Bob"}], **extra)


def scripted(
    game: str, seed: int, want: Callable[[dict[str, Any]], bool], options: dict[str, Any]
) -> tuple[list[tuple[int, str]], dict[str, Any] | None]:
    """Random moves (the engine, in this process) until seat 0's view is ``want``-ed.

    Returns the moves made (seat, notation) and that view (None: the game ended first).
    """
    g = regency.new_game(game, players=2, seed=seed, **options)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not g.is_over:
        legal = g.legal_actions()
        if g.current_player == 0:
            view = {
                "observation": g.observation(0),
                "legal_moves": [str(a) for a in legal],
                "version": len(moves),
            }
            if want(view):
                return moves, view
        action = rng.choice(legal)
        seat = g.current_player
        assert seat is not None
        moves.append((seat, str(action)))
        g.apply(action)
    return moves, None


def set_up(
    url: str, game: str, seed: int, moves: list[tuple[int, str]], **options: Any
) -> dict[str, Any]:
    """A table of two people with the same deal, ``moves`` made over HTTP."""
    table = create(
        url,
        game=game,
        players=2,
        seed=seed,
        options=options,
        seats=[{"name": "Ann"}, {"name": "Bob"}],
    )
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    for number, (seat, action) in enumerate(moves):
        answer = httpx.post(
            f"{url}/api/tables/{table['table']}/seats/{seat}/actions",
            json={"action": action, "version": number},
            headers=bearer(tokens[seat]),
            timeout=30,
        )
        assert answer.status_code == 200, answer.text
    return table


def find_position(
    url: str, game: str, want: Callable[[dict[str, Any]], bool], **options: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table (two people) whose seat 0 is to answer a question that ``want`` picks."""
    for seed in range(300):
        moves, view = scripted(game, seed, want, options)
        if view is not None:
            return set_up(url, game, seed, moves, **options), view
    raise AssertionError(f"no {game} game reached the position")


def finished(url: str, game: str, seed: int = 1) -> dict[str, Any]:
    """A game the computer played against itself to the end (quicker than moves by HTTP)."""
    seats = [{"agent": "random"}, {"agent": "random"}]
    table = create(url, game=game, players=2, seed=seed, seats=seats)
    wait_finished(url, table["table"])
    return table


def decision(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda view: view["observation"].get("decision") == name


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    errors: list[str] = []
    p = context.new_page()
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert errors == []


# Questions with moves that have no place on the board, and the moves that must be in
# the action bar (None: the question's moves are all on the board, near the top).
QUESTIONS: list[tuple[str, str, Callable[[dict[str, Any]], bool], dict[str, Any]]] = [
    ("claim-kingdoms", "power", decision("power"), {}),
    ("claim-kingdoms", "take", decision("take"), {}),
    (
        "claim-kingdoms",
        "look",
        lambda v: v["observation"].get("decision") == "take" and "look" in v["legal_moves"],
        {},
    ),
    ("claim-kingdoms", "keep", decision("keep"), {}),
    ("kingdoms", "draw", lambda v: "draw" in v["legal_moves"], {}),
    (
        "claim",
        "seer",
        lambda v: bool(v["observation"].get("seer_pick")) and "take deck" in v["legal_moves"],
        {"factions": "claim2"},
    ),
]


@pytest.mark.parametrize(
    ("game", "question", "want", "extra"), QUESTIONS, ids=[q[1] + "-" + q[0] for q in QUESTIONS]
)
def test_each_questions_buttons_are_in_the_first_screen_of_a_phone(
    server: ThreadServer,
    phone: Any,
    game: str,
    question: str,
    want: Callable[[dict[str, Any]], bool],
    extra: dict[str, Any],
) -> None:
    table, view = find_position(server.url, game, want, **extra)
    phone.goto(link(server.url, table, 0))
    wait_ready(phone)
    shown = phone.locator("#table button[data-move]").evaluate_all(
        "bs => bs.map(b => b.dataset.move)"
    )
    # Moves on a square are buttons once their kind is chosen (Kingdoms: what to place).
    no_square = {m for m in view["legal_moves"] if not SQUARE.search(m)}
    assert no_square <= set(shown), "a legal move has no button"
    in_bar = set(
        phone.locator("#actions button[data-move]").evaluate_all(
            "bs => bs.map(b => b.dataset.move)"
        )
    )
    off_board = {
        m
        for m in view["legal_moves"]
        if m.split(" ")[0] in {"pass", "draw", "look", "keep", "copy"}
    }
    off_board |= {m for m in view["legal_moves"] if m.startswith("score")}
    assert off_board <= in_bar, f"moves with no place on the board are not in the bar: {in_bar}"
    if question == "seer":  # the cards played for and the pile: on the board, at the top
        buttons = "#table button.legal"
    else:
        assert in_bar, "the action bar is empty"
        buttons = "#actions button"
    assert phone.evaluate("() => scrollY") == 0
    assert phone.evaluate(OUTSIDE, buttons) == [], "a button of the question is off the screen"
    assert phone.evaluate(OUTSIDE, "#status") == []
    # The bar stays in view while the page scrolls (sticky), the status with it.
    if in_bar:
        phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        phone.wait_for_timeout(100)
        assert phone.evaluate("() => scrollY") > 200
        assert phone.evaluate(OUTSIDE, "#actions button") == []
        assert phone.evaluate(OUTSIDE, "#status") == []


def focus(page: Any) -> dict[str, Any]:
    info: dict[str, Any] = page.evaluate(FOCUS)
    return info


def press_until(page: Any, key: str, done: Callable[[dict[str, Any]], bool], limit: int) -> int:
    """Press ``key`` until the focus is ``done``; the number of presses."""
    for presses in range(limit + 1):
        if done(focus(page)):
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{limit} presses of {key} never got there: {focus(page)}")


def to_group(page: Any, name: str) -> int:
    """Tab (or Shift+Tab) to a group: each group is one Tab stop, so it takes few."""
    if focus(page)["group"] == name:
        return 0
    before = page.evaluate(
        "(name) => !!(document.activeElement.compareDocumentPosition("
        "document.querySelector(`[data-roving='${name}']`)) & Node.DOCUMENT_POSITION_PRECEDING)",
        name,
    )
    return press_until(page, "Shift+Tab" if before else "Tab", lambda f: f["group"] == name, 6)


def to_live_square(page: Any, rng: random.Random) -> None:
    """Wander the board with the arrow keys, then on to a square that takes the piece."""
    for _ in range(rng.randrange(6)):
        page.keyboard.press(rng.choice(["ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"]))
    if not focus(page)["live"]:
        page.keyboard.press("Home")
        press_until(page, "ArrowRight", lambda f: f["live"], 30)
    assert focus(page)["group"] == "board"


def test_a_whole_kingdoms_game_by_keyboard(server: ThreadServer, page: Any) -> None:
    table = create(
        server.url,
        game="kingdoms",
        players=2,
        seed=12,
        think_time=0,
        seats=[{"name": "Ann"}, {"agent": "heuristic"}],
    )
    page.goto(link(server.url, table, 0))
    rng = random.Random(3)
    turns = draws = pieces = 0
    while True:
        wait_ready(page)
        if page.get_attribute("#table", "data-finished") == "true":
            break
        assert page.title().startswith("Your turn - Kingdoms")
        if turns == 0:  # the page opens with nothing focused: Tab into the table, past
            # the header's links (the lobby, the chat, the leaderboards, signing in)
            press_until(page, "Tab", lambda f: f["group"] is not None, 6)
        else:  # after a move the focus stays on the table, where play goes on
            assert focus(page)["inTable"], "the focus fell back to the page"
        # The board is one Tab stop: one square has tabindex 0, the others -1.
        squares = page.locator('[data-roving="board"] button').count()
        if squares:
            assert page.locator('[data-roving="board"] button[tabindex="0"]').count() == 1
        seen = version(page)
        can_draw = page.locator('#actions [data-move="draw"]').count() > 0
        if can_draw and (not squares or rng.random() < 0.35):
            assert to_group(page, "bar") <= 3
            page.keyboard.press("Home")
            press_until(page, "ArrowRight", lambda f: f["move"] == "draw", 8)
            page.keyboard.press("Enter")
            wait_version(page, above=seen)
            # The tile drawn is placed on the board: the focus is there, on a free square.
            wait_ready(page)
            after = focus(page)
            assert after["group"] == "board" and after["live"], after
            seen = version(page)
            to_live_square(page, rng)
            page.keyboard.press("Enter")
            draws += 1
        else:
            if page.locator("#actions .pieces button").count() > 1 and rng.random() < 0.3:
                assert to_group(page, "bar") <= 3
                page.keyboard.press("Home")
                for _ in range(rng.randrange(4)):
                    page.keyboard.press("ArrowRight")
                if (focus(page)["key"] or "").startswith("group:"):
                    page.keyboard.press("Space")  # choose what to place
                    page.wait_for_function(
                        "() => document.activeElement.getAttribute('aria-pressed') === 'true'"
                    )
                    pieces += 1
            assert to_group(page, "board") <= 3
            to_live_square(page, rng)
            page.keyboard.press("Enter")
        wait_version(page, above=seen)
        turns += 1
        assert turns < 200
    assert page.locator("#result").is_visible()
    assert httpx.get(f"{server.url}/api/tables/{table['table']}").json()["finished"]
    assert turns > 20 and draws > 0 and pieces > 0
    assert page.title().startswith("Game over - Kingdoms")


def test_the_title_and_icon_say_whose_turn_it_is(server: ThreadServer, browser: Any) -> None:
    table = people(server.url, "kingdoms", seed=2)
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    pages = []
    for seat in (0, 1):
        p = context.new_page()
        p.goto(link(server.url, table, seat))
        p.wait_for_selector("#table[data-version]")
        pages.append(p)
    mover = httpx.get(f"{server.url}/api/tables/{table['table']}").json()["to_move"]
    for seat, p in enumerate(pages):
        title = p.title()
        state = p.get_attribute("link[rel=icon]", "data-state")
        href = p.evaluate("() => document.querySelector('link[rel=icon]').href")
        assert href.startswith("data:image/png;base64,")
        if seat == mover:
            assert title.startswith("Your turn - Kingdoms") and state == "turn"
        else:
            assert not title.startswith("Your turn") and title.startswith("Kingdoms")
            assert state == "wait"
    # A castle placed passes the turn: the titles follow.
    p = pages[mover]
    seen = version(p)
    p.locator('[data-roving="board"] button.legal').first.click()
    for q in pages:
        wait_version(q, above=seen)
    q = pages[1 - mover]
    q.wait_for_function("() => document.title.startsWith('Your turn - Kingdoms')")
    assert not pages[mover].title().startswith("Your turn")
    context.close()


def _a_server_and_its_successor(tmp_path: Path) -> tuple[Server, Server]:
    """A running server, and one not yet started on the same database, port and address."""
    database = f"sqlite:///{tmp_path / 'regency.db'}"
    first = Server(database, tmp_path / "data").start()
    again = Server(database, tmp_path / "data")
    again.port, again.url = first.port, first.url
    return first, again


def _seat_zero_to_move(url: str, context: Any) -> Any:
    """A page of seat 0 of a new 2-person Kingdoms table, drawn, with seat 0 to move."""
    table = people(url, "kingdoms", seed=4)
    if httpx.get(f"{url}/api/tables/{table['table']}").json()["to_move"] != 0:
        move_for(url, table)  # seat 1 first: then it is seat 0's turn
    p = context.new_page()
    p.goto(link(url, table, 0))
    wait_ready(p)
    wait_connected(p)  # listening: a server cut off now is a connection lost
    return p


def test_a_lost_connection_shows_a_banner_and_pauses_the_table(
    tmp_path: Path, browser: Any
) -> None:
    first, again = _a_server_and_its_successor(tmp_path)
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        p = _seat_zero_to_move(first.url, context)
        assert p.locator("#offline").is_hidden()
        seen = version(p)

        first.kill()  # kill -9: the socket drops with no goodbye
        p.wait_for_selector("#offline.lost", state="visible", timeout=15_000)
        assert "Connection to the server lost" in p.locator("#offline").inner_text()
        assert p.evaluate("() => document.querySelector('#table').inert")
        assert p.title().startswith("Offline - Kingdoms")
        # The board looks paused and a click on a square sends nothing.
        box = p.locator("#table button.legal").first.bounding_box()
        assert box is not None
        p.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        p.wait_for_timeout(500)
        assert p.locator("#refusal").inner_text() == ""
        assert version(p) == seen

        again.start()  # the same database and port: the page reconnects by itself
        p.wait_for_selector("#offline.back", state="visible", timeout=30_000)
        assert "Connected again" in p.locator("#offline").inner_text()
        assert not p.evaluate("() => document.querySelector('#table').inert")
        assert p.title().startswith("Your turn - Kingdoms")
        p.locator("#table button.legal").first.click()
        wait_version(p, above=seen)
        assert p.locator("#refusal").inner_text() == ""
    finally:
        context.close()
        again.stop()
        first.stop()


def test_a_graceful_restart_says_so_and_the_page_reconnects_to_the_next_process(
    tmp_path: Path, browser: Any
) -> None:
    first, again = _a_server_and_its_successor(tmp_path)
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        p = _seat_zero_to_move(first.url, context)
        seen = version(p)

        assert first.proc is not None
        first.proc.send_signal(signal.SIGTERM)  # the socket is closed with 1012
        p.wait_for_selector("#offline.lost", state="visible", timeout=15_000)
        assert "The server is restarting" in p.locator("#offline").inner_text()
        first.proc.wait(15)

        again.start()  # the next process: the page reconnects by itself
        p.wait_for_selector("#offline.back", state="visible", timeout=30_000)
        p.locator("#table button.legal").first.click()
        wait_version(p, above=seen)
        assert p.locator("#refusal").inner_text() == ""
    finally:
        context.close()
        again.stop()
        first.stop()


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({[n['target'] for n in v['nodes'][:3]]})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="module")
def pages(server: ThreadServer) -> dict[str, str]:
    """Every kind of page: the lobby, each game's table (a seat and the spectator
    mid-game, the result at the end), its replay, and the rules."""
    url = server.url
    out = {"lobby": f"{url}/"}
    for game in GAMES:
        live, _ = find_position(url, game, lambda v: v["version"] >= 6)
        out[f"{game} seat"] = link(url, live, 0)
        out[f"{game} spectator"] = link(url, live, None)
        done = finished(url, game, seed=6)
        out[f"{game} end"] = link(url, done, None)  # the result, as the spectator sees it
        out[f"{game} replay"] = f"{url}/replay/{done['table']}?seat=0&step=12"
        out[f"{game} replay end"] = f"{url}/replay/{done['table']}"
        out[f"{game} rules"] = f"{url}/rules/{game}"
    return out


def open_page(page: Any, address: str) -> None:
    page.goto(address)
    if "/play/" in address or "/watch/" in address or "/replay/" in address:
        page.wait_for_selector("#table[data-version]")
    elif "/rules/" not in address:
        page.wait_for_selector("#play-claim")
    page.wait_for_timeout(200)


AXE_PAGES = ["lobby"] + [
    f"{game} {kind}" for game in GAMES for kind in ("seat", "spectator", "end", "replay end")
]


@pytest.mark.parametrize("name", AXE_PAGES)
def test_axe_finds_no_serious_violation(pages: dict[str, str], browser: Any, name: str) -> None:
    pytest.importorskip("axe_playwright_python", reason="pip install axe-playwright-python")
    for viewport in ({"width": 1200, "height": 900}, PHONE):
        context = browser.new_context(viewport=viewport)
        p = context.new_page()
        open_page(p, pages[name])
        assert axe_violations(p) == [], f"{name} at {viewport['width']} px"
        if name.endswith("seat"):  # the keyboard's view of the table too: a group focused
            press_until(p, "Tab", lambda f: f["group"] is not None, 6)
            assert axe_violations(p) == [], f"{name} focused, at {viewport['width']} px"
        context.close()


@pytest.mark.parametrize("width", [320, 375])
def test_no_page_scrolls_sideways(pages: dict[str, str], browser: Any, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 700}, is_mobile=True)
    p = context.new_page()
    wide = []
    for name, address in pages.items():
        open_page(p, address)
        if "/play/" in address:  # what the page hides until asked: open it too
            p.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        scroll = p.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        if scroll[0] > scroll[1]:
            wide.append(f"{name}: {scroll[0]} px")
    # The lobby with a table just set up (its invite links shown).
    open_page(p, pages["lobby"])
    p.select_option("#f-players", "4")
    p.click("#create button[type=submit]")
    p.wait_for_selector("#created .invite")
    scroll = p.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    if scroll[0] > scroll[1]:
        wide.append(f"lobby with invites: {scroll[0]} px")
    context.close()
    assert wide == [], f"pages wider than {width} px"
