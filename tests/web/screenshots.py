"""Take the screenshots in docs/screenshots/: each game's table mid-game and at the end,
the lobby and a replay, at desktop width and at a phone's 375 px; a phone's action bar
(Claim Kingdoms' power, Kingdoms' draw), the keyboard's focus on the Kingdoms board, and
the banner of a lost connection; the result screen with a rematch offered, the evening's
score and the score sheet (``--only rematch`` takes just those); move clocks (``--only
clocks`` takes just those); a table resigned, aborted, left and a take-back asked for
(``--only endings``); the replay page's win-chance graph of an analysed game, at
desktop width and at a phone's 390 px (``--only graph``); a Claim trick being gathered to
its winner and a Kingdoms castle flying to its square, caught mid-flight (the animations
slowed fifty times; ``--only motion``); the table chat (desktop and a 390 px phone,
``--only chat``); a puzzle of each game before and after a try, right for the first game
and wrong for the others, its words saying why (desktop and a 390 px phone, ``--only
puzzles``); the accounts' pages, signing in, a profile with its rating graphs, the
leaderboards, "My games" and the account's settings (desktop and a 390 px phone,
``--only accounts``); the site installed as an app on a 390 px phone, its lobby and the
offline page (``--only install``); the lessons: the courses, a course, a lesson of each
game before a try and after a right and a wrong one, and a first game with its coach's
notes and a hint (1280 px and a 390 px phone, ``--only learn``); finding a game, the
lobby's pools and open tables (``--only pairing``, ``tests/web/pairing_shots.py``); each
language but English: a table at 1280 px and, at 320 px, a table, a rules page and a
puzzle's explanation (``--only languages``).

    .venv/bin/python -m tests.web.screenshots [--out DIR] [--only clocks|rematch|...]

It starts a throwaway server (SQLite in a temporary folder) and the system's Chromium, and
plays every seat-0 move by clicking random legal moves against the random player.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import ViewportSize, sync_playwright

from tests.server.conftest import ThreadServer
from tests.web.conftest import ARGS, CHROMIUM
from tests.web.helpers import (
    bearer,
    create,
    finish_over_http,
    move_for,
    version,
    wait_finished,
    wait_ready,
    wait_version,
)
from tests.web.pairing_shots import pairing_shots

DESKTOP: ViewportSize = {"width": 1200, "height": 860}
PHONE: ViewportSize = {"width": 375, "height": 760}
PHONE_390: ViewportSize = {"width": 390, "height": 844}
DESKTOP_1280: ViewportSize = {"width": 1280, "height": 860}
MIDGAME = {"claim": 9, "claim-kingdoms": 12, "kingdoms": 16}


def clicks(page: Any, rng: random.Random, count: int) -> None:
    for _ in range(count):
        wait_ready(page)
        if page.get_attribute("#table", "data-finished") == "true":
            return
        seen = version(page)
        choices = page.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        wait_version(page, above=seen)
    wait_ready(page)


def clicks_until(page: Any, rng: random.Random, selector: str, limit: int = 400) -> None:
    """Click random legal moves until the page shows ``selector`` on this seat's turn."""
    for _ in range(limit):
        wait_ready(page)
        if page.locator(selector).count():
            return
        clicks(page, rng, 1)
    raise AssertionError(f"never saw {selector}")


def shoot(page: Any, path: Path, full: bool = False) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=full)
    print(path)


def clocks(browser: Any, out: Path) -> None:
    """Move clocks: a 3-player Kingdoms table with a 2-minute clock (desktop and a 390 px
    phone), and a short test clock run out (the notice and the button to take the seat
    back)."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        ThreadServer(f"sqlite:///{tmp}/regency.db", test_move_seconds=3, takeover_tick=0.2) as s,
    ):
        desktop = browser.new_context(viewport=DESKTOP)
        phone = browser.new_context(viewport=PHONE_390, is_mobile=True, device_scale_factor=1)
        page, small = desktop.new_page(), phone.new_page()
        people = [{"name": "Ada"}, {"name": "Ben"}, {"agent": "heuristic"}]
        table = create(
            s.url, game="kingdoms", players=3, seed=8, options={"first": 0}, seats=people,
            move_seconds=120,
        )  # fmt: skip
        page.goto(table["invites"][0]["url"])
        page.wait_for_selector("#turn-clock")
        page.wait_for_timeout(2500)  # a few seconds gone
        shoot(page, out / "clock.png")
        small.goto(table["invites"][0]["url"])
        small.wait_for_selector("#turn-clock")
        shoot(small, out / "clock-phone.png")
        table = create(
            s.url, game="claim", players=2, seed=3, options={"first": 0},
            seats=[{"name": "Ada"}, {"agent": "random"}], move_seconds=3, think_time=1.0,
        )  # fmt: skip
        page.goto(table["invites"][0]["url"])
        # Ada's first move in time (before it, a clock that runs out aborts the table);
        # then her clock runs out and the computer takes her seat.
        wait_ready(page)
        page.locator("#table button.legal").first.click()
        page.wait_for_selector("#take-back", timeout=30_000)
        wait_version(page, above=1)
        shoot(page, out / "clock-ran-out.png")
        small.goto(table["invites"][0]["url"])
        small.wait_for_selector("#take-back", timeout=30_000)
        shoot(small, out / "clock-ran-out-phone.png")
        desktop.close()
        phone.close()


def rematch_shots(browser: Any, url: str, out: Path) -> None:
    """The result screen of a second game: Ada offers a rematch, Ben sees the offer, the
    evening's score and the score sheet (desktop and a 390 px phone)."""
    people = [{"name": "Ada"}, {"name": "Ben"}]
    table = create(url, game="claim", players=2, seed=3, seats=people)
    finish_over_http(url, table)
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    for seat in (0, 1):  # a rematch: the evening's second game
        httpx.post(
            f"{url}/api/tables/{table['table']}/seats/{seat}/rematch",
            headers=bearer(tokens[seat]),
            timeout=30,
        ).raise_for_status()
    second = httpx.get(f"{url}/api/tables/{table['table']}", timeout=30).json()
    again = {**table, "table": second["settings"]["rematch"]["table"]}
    finish_over_http(url, again, seed=4)
    httpx.post(
        f"{url}/api/tables/{again['table']}/seats/0/rematch", headers=bearer(tokens[0]), timeout=30
    ).raise_for_status()
    for viewport, name in ((DESKTOP, "rematch-offer.png"), (PHONE_390, "rematch-offer-phone.png")):
        context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE_390)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.goto(f"{url}/play/{again['table']}/1#token={tokens[1]}")
        page.wait_for_selector("#rematch-accept")
        page.locator("#copy-scoresheet").click()
        page.wait_for_selector("#scoresheet-text:not([hidden])")
        # The phone: the offer at the top of the screen (below the sticky status), then
        # the evening and the score sheet.
        where = "#rematch" if viewport is PHONE_390 else "#result"
        page.locator(where).evaluate("e => e.scrollIntoView()")
        shoot(page, out / name)


def graph_shots(browser: Any, server: ThreadServer, out: Path) -> None:
    """The replay page's analysis with its win-chance graph, on a desktop and a phone."""
    from regency.server.pages import analysis

    analysis.AGENT = "ismcts:200"  # a quick judge: the picture, not the figures
    # Two people (each playing its first legal move, over HTTP) and the heuristic.
    table = create(
        server.url,
        game="claim",
        players=3,
        seed=11,
        seats=[{"name": "Ada"}, {"name": "Bea"}, {"agent": "heuristic"}],
    )
    while True:
        summary = httpx.get(f"{server.url}/api/tables/{table['table']}", timeout=30).json()
        if summary["finished"]:
            break
        if summary["to_move"] in (0, 1):
            move_for(server.url, table)
        else:
            time.sleep(0.05)  # the computer's turn: it moves on its own
    for viewport, name in [(DESKTOP, "replay-graph"), (PHONE_390, "replay-graph-phone")]:
        context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE_390)
        page = context.new_page()
        page.goto(f"{server.url}/replay/{table['table']}?step=9")  # a mistake
        page.wait_for_selector("#analyse, #analysing, #wingraph")
        if page.locator("#analyse").count():
            page.click("#analyse")
        page.wait_for_selector("#wingraph svg.wingraph", timeout=600_000)
        page.locator("#analysis").scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.locator("#analysis").screenshot(path=str(out / f"{name}.png"))
        print(out / f"{name}.png")
        context.close()


def motion_shots(browser: Any, server: ThreadServer, out: Path) -> None:
    """Animations caught mid-flight: the computer's move in Claim and in Kingdoms."""
    from tests.web.test_motion import play_until_the_computer_moved_last

    for game, seed, clicks, name in [
        ("claim", 31, 3, "claim-motion"),
        ("kingdoms", 31, 2, "kingdoms-motion"),
    ]:
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Animation.enable")
        page.goto(
            create(
                server.url,
                game=game,
                players=2,
                seed=seed,
                seats=[{"name": "Ada"}, {"agent": "random"}],
            )["invites"][0]["url"]
        )
        rng = random.Random(1)
        for _ in range(clicks):
            play_until_the_computer_moved_last(page, rng)
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.02})  # 350 ms -> 17.5 s
        play_until_the_computer_moved_last(page, rng)
        page.wait_for_timeout(3500)
        page.screenshot(path=str(out / f"{name}.png"))
        print(out / f"{name}.png")
        context.close()


def chat(browser: Any, url: str, out: Path) -> None:
    """A 3-player Claim table mid-game with a few chat messages, as seat 0 and on a phone."""

    table = create(
        url,
        game="claim",
        players=3,
        seed=11,
        seats=[{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}],
    )
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    for _ in range(4):
        move_for(url, table)
    lines = [
        (1, "Good luck everyone!"),
        (2, "Thanks, you too"),
        (0, "<b>bold?</b> no: chat is plain text"),
        (1, "Your turn"),
        (2, "Well played"),
    ]
    for seat, text in lines:
        httpx.post(
            f"{url}/api/tables/{table['table']}/seats/{seat}/chat",
            json={"text": text},
            headers=bearer(tokens[seat]),
            timeout=30,
        ).raise_for_status()
        time.sleep(0.05)
    tall: ViewportSize = {"width": DESKTOP["width"], "height": 920}  # the chat's foot too
    for name, viewport, mobile in [("chat", tall, False), ("chat-phone", PHONE_390, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(table["invites"][0]["url"])
        page.wait_for_selector("#chat-log li[data-id]")
        page.click('#chat-mutes button[data-seat="2"]')  # Cy muted: the note says so
        page.fill("#chat-text", "Nice trick")
        if mobile:
            page.locator("#chat").scroll_into_view_if_needed()
        else:
            page.evaluate("() => window.scrollTo(0, 0)")  # the header (its Chat link) in view
        shoot(page, out / f"{name}.png")
        context.close()


def play_out(url: str, table: dict[str, Any], seed: int) -> None:
    """Random legal moves for every person over HTTP, the computer playing its own, to the end."""
    rng = random.Random(seed)
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    while True:
        summary = httpx.get(f"{url}/api/tables/{table['table']}", timeout=30).json()
        if summary["finished"]:
            return
        if summary["to_move"] not in tokens:
            time.sleep(0.05)  # the computer's turn: it moves on its own
            continue
        _random_move(url, table, rng)


def _random_move(url: str, table: dict[str, Any], rng: random.Random) -> None:
    summary = httpx.get(f"{url}/api/tables/{table['table']}", timeout=30).json()
    seat = summary["to_move"]
    token = next(i["token"] for i in table["invites"] if i["seat"] == seat)
    view = httpx.get(
        f"{url}/api/tables/{table['table']}/seats/{seat}/view", headers=bearer(token), timeout=30
    ).json()
    httpx.post(
        f"{url}/api/tables/{table['table']}/seats/{seat}/actions",
        json={"action": rng.choice(view["legal_moves"]), "version": view["version"]},
        headers=bearer(token),
        timeout=30,
    )


def words_shots(browser: Any, url: str, out: Path) -> None:
    """Issue 44's words, at 1280 px and on a 390 px phone: the lobby (a level in words,
    its figures open, the finished games with an evening of rematches), a Claim table
    against the Strongest computer at its end (the level's name at the seats, in the move
    log, the result and the evening), a bad table link, and a Kingdoms board with a
    Mountain on a phone."""
    from regency.agents.defaults import default_opponent

    # An evening: Ada against the Strongest computer, a game and its rematch.
    strongest = default_opponent("claim", 2)
    table = create(
        url, game="claim", players=2, seed=5, seats=[{"name": "Ada"}, {"agent": strongest}]
    )
    token = table["invites"][0]["token"]
    play_out(url, table, 5)
    httpx.post(
        f"{url}/api/tables/{table['table']}/seats/0/rematch", headers=bearer(token), timeout=30
    ).raise_for_status()
    second = httpx.get(f"{url}/api/tables/{table['table']}", timeout=30).json()
    again = {**table, "table": second["settings"]["rematch"]["table"]}
    play_out(url, again, 6)
    people = [{"name": "Ada"}, {"name": "Ben"}]
    finish_over_http(url, create(url, game="kingdoms", players=2, seed=2, seats=people))
    for suffix, viewport, mobile in [("", DESKTOP_1280, False), ("-phone", PHONE_390, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        # The lobby remembers this browser's tables: the first one is Ada's.
        page.goto(url + "/")
        page.evaluate(
            """([t, play]) => localStorage.setItem("regency.tables", JSON.stringify([{table: t,
            game: "claim", title: "Claim", seats: ["Ada", "Strongest computer"], play,
            invites: [], watch: ""}]))""",
            [table["table"], f"/play/{table['table']}/0#token={token}"],
        )
        page.goto(url + "/")
        page.wait_for_selector("#play-claim")
        page.wait_for_selector("#finished li[data-table]")
        page.click("#q-claim-about-figures >> xpath=.. >> summary")
        shoot(page, out / f"lobby{suffix}.png")
        page.locator("#finished").scroll_into_view_if_needed()
        shoot(page, out / f"finished-games{suffix}.png")
        page.goto(f"{url}/play/{again['table']}/0#token={token}")
        page.wait_for_selector("#result")
        page.click("#agents summary")
        if mobile:  # a phone: the seats and their details line
            page.locator(".seatlist").scroll_into_view_if_needed()
        else:
            page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, out / f"claim-strongest{suffix}.png")
        page.locator("#result").scroll_into_view_if_needed()
        shoot(page, out / f"claim-strongest-end{suffix}.png")
        page.goto(f"{url}/play/nonexistent/1")
        shoot(page, out / f"bad-link{suffix}.png")
        context.close()
    phone = browser.new_context(viewport=PHONE_390, is_mobile=True, device_scale_factor=1)
    small = phone.new_page()
    table = create(
        url, game="kingdoms", players=2, seed=6, seats=[{"name": "Ada"}, {"agent": "random"}]
    )
    small.goto(table["invites"][0]["url"])
    clicks_until(small, random.Random(6), ".kboard .cell .tile.special")
    small.locator(".kboard").scroll_into_view_if_needed()
    shoot(small, out / "kingdoms-mountain-phone.png")
    phone.close()


SHOWN_PUZZLES = {"claim": "cab56c515ee", "claim-kingdoms": "c03e6c33d87", "kingdoms": "k3465b930c6"}
"""A puzzle of each game whose words say why: the trick and the card it wins, the faction
it decides (and 14 swaps with one marker, grouped), the row it makes pay."""


def puzzle_shots(browser: Any, url: str, out: Path) -> None:
    """A puzzle of each game, before a try and after one (the answer for Claim, a wrong
    move for the others), at desktop width and on a 390 px phone; and the games' list."""
    from regency.puzzles import load_puzzles
    from tests.web.test_puzzles import wrong_move
    from tests.web.test_puzzles_page import click_move

    for suffix, viewport, mobile in [("", DESKTOP, False), ("-phone", PHONE_390, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{url}/puzzles")
        page.wait_for_selector("#solve-claim")
        shoot(page, out / f"puzzles{suffix}.png")
        for index, game in enumerate(("claim", "claim-kingdoms", "kingdoms")):
            puzzle = load_puzzles(game).get(SHOWN_PUZZLES[game])
            page.goto(f"{url}/puzzles/{game}/{puzzle.id}")
            page.wait_for_selector("#table[data-mine=true]")
            shoot(page, out / f"puzzle-{game}{suffix}.png")
            click_move(page, puzzle.solutions[0] if index == 0 else wrong_move(puzzle))
            page.wait_for_selector("#verdict:not([hidden])")
            shoot(page, out / f"puzzle-{game}-tried{suffix}.png")
        context.close()


def install_shots(browser: Any, url: str, out: Path) -> None:
    """The site installed as an app (tests/web/test_install.py) on a 390 px phone: its
    lobby, and the page it shows offline."""
    from tests.web.test_install import installed_app

    with installed_app(browser, url) as (context, app):
        app.wait_for_selector("#games .game-card")
        shoot(app, out / "installed-phone.png")
        context.set_offline(True)
        app.reload()
        app.wait_for_selector("#offline-h")
        shoot(app, out / "installed-offline-phone.png")


def learn_shots(browser: Any, url: str, out: Path) -> None:
    """The lessons (issue 48) at 1280 px and on a 390 px phone: the courses, Claim's course,
    a lesson of each game before a try, after a wrong one and after the answer; and a first
    game with the coach, a few moves in, its notes and a hint shown."""
    from regency.learn import load_course
    from tests.web.test_learn_page import click_answer, wrong_moves

    for suffix, viewport, mobile in [("", DESKTOP_1280, False), ("-phone", PHONE_390, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{url}/learn")
        page.wait_for_selector("#start-claim")
        shoot(page, out / f"learn{suffix}.png")
        page.goto(f"{url}/learn/claim")
        page.wait_for_selector("#lesson-list")
        shoot(page, out / f"learn-claim{suffix}.png")
        for game, index in (("claim", 0), ("claim-kingdoms", 4), ("kingdoms", 3)):
            lesson = load_course(game).lessons[index]
            page.goto(f"{url}/learn/{game}/{lesson.id}")
            page.wait_for_selector("#table[data-mine=true]")
            shoot(page, out / f"lesson-{game}{suffix}.png")
            click_answer(page, wrong_moves(lesson)[0])
            page.wait_for_selector("#verdict:not([hidden])")
            shoot(page, out / f"lesson-{game}-wrong{suffix}.png")
            page.click("#try-again")
            page.wait_for_selector("#table[data-mine=true]")
            click_answer(page, lesson.answers[0])
            page.wait_for_selector("#verdict.right")
            shoot(page, out / f"lesson-{game}-right{suffix}.png")
        context.close()
    context = browser.new_context(viewport=DESKTOP_1280)
    page = context.new_page()
    page.goto(f"{url}/learn/claim")
    page.wait_for_selector("#lesson-list")
    ids = [lesson.id for lesson in load_course("claim").lessons]
    page.evaluate(f"() => localStorage.setItem('regency.learn.claim', '{json.dumps(ids)}')")
    page.goto(f"{url}/learn/claim")
    page.click("#first-game")
    page.wait_for_selector("#coach")
    rng = random.Random(2)
    clicks(page, rng, 4)
    page.wait_for_selector("#coach-notes li")
    wait_ready(page)
    page.click("#coach-ask")
    page.wait_for_function(
        "() => { const h = document.querySelector('#coach-hint');"
        " return h && h.textContent && !h.textContent.endsWith('…'); }"
    )
    page.locator("#coach").scroll_into_view_if_needed()
    shoot(page, out / "first-game-coach.png")
    context.close()


def account_shots(browser: Any, server: ThreadServer, out: Path) -> None:
    """The accounts' pages, with a player who has played a few rated games and a
    leaderboard of made-up players beside her (their ratings written to the database)."""
    import time

    import sqlalchemy as sa

    from tests.server.people import Person, play_out

    url = server.url
    with Person(url, "Ada") as ada:
        ada.sign_up()
        games = [
            (1, "kingdoms", "random"),
            (2, "kingdoms", "heuristic"),
            (3, "kingdoms", "random"),
            (4, "claim", "random"),
            (5, "kingdoms", "random"),
            (6, "claim", "heuristic"),
        ]
        for seed, game, agent in games:
            table = ada.create(game=game, players=2, seats=[{}, {"agent": agent}], rated=True,
                               seed=seed)  # fmt: skip
            play_out({0: ada}, table["table"], random.Random(seed))
        ada.create(game="claim-kingdoms", players=3,
                   seats=[{}, {"agent": "random"}, {"agent": "rollout"}], rated=True)  # fmt: skip
        cookie = {"name": "regency_session", "value": ada.session or "", "url": url}
    database: str = server.server.config.app.state.settings.database
    engine = sa.create_engine(database)
    rng = random.Random(46)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE ratings SET deviation = 95"))
        for n, name in enumerate(["Brigid", "Cosimo", "Dagny", "Emeric", "Fenna", "Gaspard"]):
            conn.execute(
                sa.text("INSERT INTO accounts (name, name_key, password_hash, created_at, "
                        "disabled, puzzles) VALUES (:n, :k, 'x', :t, false, '{}')"),
                {"n": name, "k": name.lower(), "t": time.time()},
            )  # fmt: skip
            for game in ("claim", "kingdoms", "claim-kingdoms"):
                for pool in ("2", "3-4"):
                    conn.execute(
                        sa.text("INSERT INTO ratings VALUES (:a, :g, :p, :r, 70, 0.06, :c, :t)"),
                        {"a": n + 2, "g": game, "p": pool, "r": rng.gauss(1600, 200),
                         "c": rng.randrange(15, 90), "t": time.time()},
                    )  # fmt: skip
    engine.dispose()
    for suffix, viewport, mobile in [("", DESKTOP_1280, False), ("-phone", PHONE_390, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{url}/account")
        page.wait_for_selector("#signup-name")
        shoot(page, out / f"account-signin{suffix}.png")
        context.add_cookies([cookie])
        page.goto(f"{url}/@/Ada")
        page.wait_for_selector("#games-list li.game-entry")
        shoot(page, out / f"profile{suffix}.png", full=True)
        page.goto(f"{url}/leaderboard")
        page.wait_for_selector("#board-kingdoms-2 table")
        shoot(page, out / f"leaderboard{suffix}.png")
        page.goto(f"{url}/games")
        page.wait_for_selector("#games-list li.game-entry")
        shoot(page, out / f"my-games{suffix}.png")
        page.goto(f"{url}/account")
        page.wait_for_selector("#signout-everywhere")
        shoot(page, out / f"account{suffix}.png")
        context.close()


DESKTOP_1280: ViewportSize = {"width": 1280, "height": 860}
WIDTHS = [("", DESKTOP_1280, False), ("-phone", PHONE_390, True)]
"""The endings' screenshots: at 1280 px and on a 390 px phone (``-phone``)."""


def context_for(browser: Any, viewport: ViewportSize, mobile: bool) -> Any:
    return browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)


def open_seat(context: Any, url: str, table: dict[str, Any], seat: int) -> Any:
    """A page at ``seat``'s table (its invite link), drawn and connected."""
    page = context.new_page()
    page.goto(table["invites"][seat]["url"])
    page.wait_for_selector("#status")
    page.wait_for_function("() => document.querySelector('#conn').textContent === 'connected'")
    return page


def kingdoms_for_two(url: str, moves: int, seed: int = 12, **body: Any) -> dict[str, Any]:
    """A 2-person Kingdoms table (Ada, Ben) after ``moves`` moves made over HTTP."""
    people = [{"name": "Ada"}, {"name": "Ben"}]
    table = create(url, game="kingdoms", players=2, seed=seed, seats=people, **body)
    for _ in range(moves):
        move_for(url, table)
    return table


def first_move_shots(browser: Any, url: str, out: Path) -> None:
    """Ada waits for Ben to open the table; his first-move clock counts (it aborts)."""
    table = kingdoms_for_two(url, 0, options={"first": 1}, move_seconds=120)
    for suffix, viewport, mobile in WIDTHS:
        context = context_for(browser, viewport, mobile)
        page = context.new_page()
        page.goto(table["invites"][0]["url"])
        page.wait_for_selector("#first-move")
        page.wait_for_timeout(1500)
        shoot(page, out / f"first-move{suffix}.png")
        context.close()


def request_shots(browser: Any, url: str, out: Path) -> None:
    """Ada's resignation, confirmed in the page; then Ben's answer to her take-back."""
    table = kingdoms_for_two(url, 4, options={"first": 0})
    for suffix, viewport, mobile in WIDTHS:
        context = context_for(browser, viewport, mobile)
        page = open_seat(context, url, table, 0)
        page.locator("#resign-button").click()
        page.locator("#confirm").evaluate("e => e.scrollIntoView({block: 'center'})")
        shoot(page, out / f"resign-confirm{suffix}.png")
        context.close()
    httpx.post(
        f"{url}/api/tables/{table['table']}/seats/0/takeback",
        json={"accept": True},
        headers=bearer(table["invites"][0]["token"]),
        timeout=30,
    ).raise_for_status()
    for suffix, viewport, mobile in WIDTHS:
        context = context_for(browser, viewport, mobile)
        page = open_seat(context, url, table, 1)
        page.wait_for_selector("#takeback-accept")
        shoot(page, out / f"takeback-offer{suffix}.png")
        context.close()


def ended_shots(browser: Any, url: str, out: Path) -> None:
    """How tables ended: Ada resigned (Ben's result screen); a table aborted because Ben
    never opened it; Ada left a 3-player game; the lobby's list of finished games."""
    from tests.web.test_endings import play_seat

    table = kingdoms_for_two(url, 6, options={"first": 0})
    httpx.post(
        f"{url}/api/tables/{table['table']}/seats/0/resign",
        headers=bearer(table["invites"][0]["token"]),
        timeout=30,
    ).raise_for_status()
    never = create(
        url, game="claim", players=2, seed=5, options={"first": 1}, move_seconds=3,
        seats=[{"name": "Ada"}, {"name": "Ben"}],
    )  # fmt: skip
    for suffix, viewport, mobile in WIDTHS:
        context = context_for(browser, viewport, mobile)
        page = open_seat(context, url, table, 1)
        page.locator("#result").evaluate("e => e.scrollIntoView()")
        shoot(page, out / f"resigned{suffix}.png")
        page = open_seat(context, url, never, 0)
        page.wait_for_selector("#ending", timeout=30_000)
        page.locator("#result").evaluate("e => e.scrollIntoView()")
        shoot(page, out / f"aborted{suffix}.png")
        context.close()
    three = create(
        url, game="kingdoms", players=3, seed=9, options={"first": 0},
        seats=[{"name": "Ada"}, {"name": "Ben"}, {"agent": "heuristic"}],
    )  # fmt: skip
    move_for(url, three)
    token = three["invites"][0]["token"]
    leave = f"{url}/api/tables/{three['table']}/seats/0/leave"
    httpx.post(leave, headers=bearer(token), timeout=30).raise_for_status()
    context = context_for(browser, DESKTOP_1280, False)
    page = open_seat(context, url, three, 0)
    shoot(page, out / "left.png")
    context.close()
    play_seat(url, three, 1)
    for suffix, viewport, mobile in WIDTHS:
        context = context_for(browser, viewport, mobile)
        page = context.new_page()
        page.goto(f"{url}/")
        page.wait_for_selector("#finished li a")
        page.locator("#finished").evaluate("e => e.closest('section').scrollIntoView()")
        shoot(page, out / f"finished-games{suffix}.png")
        context.close()


def endings(browser: Any, out: Path) -> None:
    """The requests besides moves and how tables end, on a server with short clocks."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        ThreadServer(
            f"sqlite:///{tmp}/regency.db", test_move_seconds=3, open_wait=1, takeover_tick=0.2
        ) as s,
    ):
        first_move_shots(browser, s.url, out)
        request_shots(browser, s.url, out)
        ended_shots(browser, s.url, out)


PHONE_320: ViewportSize = {"width": 320, "height": 700}


def language_shots(browser: Any, url: str, out: Path) -> None:
    """Each language but English (issue 49): a Claim table mid-game at 1280 px, and on a
    320 px phone a Kingdoms table, Claim Kingdoms' rules and a Claim puzzle after a wrong
    try, its explanation in that language."""
    from regency.core import i18n
    from regency.puzzles import load_puzzles
    from tests.web.test_puzzles import wrong_move
    from tests.web.test_puzzles_page import click_move

    puzzle = load_puzzles("claim").get(SHOWN_PUZZLES["claim"])
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT:
            continue
        for viewport, mobile in [(DESKTOP_1280, False), (PHONE_320, True)]:
            context = browser.new_context(
                viewport=viewport, is_mobile=mobile, device_scale_factor=1
            )
            context.add_cookies([{"name": "lang", "value": code, "url": url}])
            page = context.new_page()
            rng = random.Random(49)
            game = "kingdoms" if mobile else "claim"
            table = create(
                url, game=game, players=2, seed=49, seats=[{"name": "Ann"}, {"agent": "random"}]
            )
            page.goto(table["invites"][0]["url"])
            clicks(page, rng, 4)
            page.wait_for_timeout(1500)  # the last trick gathered, no card in flight
            suffix = "-phone" if mobile else ""
            shoot(page, out / f"lang-{code}-{game}{suffix}.png")
            if mobile:
                page.goto(f"{url}/rules/claim-kingdoms")
                page.wait_for_selector("figure")
                shoot(page, out / f"lang-{code}-rules-phone.png")
                page.goto(f"{url}/puzzles/claim/{puzzle.id}")
                page.wait_for_selector("#table[data-mine=true]")
                click_move(page, wrong_move(puzzle))
                page.wait_for_selector("#verdict:not([hidden])")
                shoot(page, out / f"lang-{code}-puzzle-phone.png", full=True)
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument(
        "--only",
        choices=[
            "clocks",
            "endings",
            "rematch",
            "graph",
            "motion",
            "chat",
            "puzzles",
            "accounts",
            "words",
            "install",
            "learn",
            "pairing",
            "languages",
        ],
        help="take only these screenshots",
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.only in ("clocks", "endings"):  # a server of its own, with a short test clock
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            (clocks if args.only == "clocks" else endings)(browser, out)
            browser.close()
        return
    with (
        tempfile.TemporaryDirectory() as tmp,
        ThreadServer(f"sqlite:///{tmp}/regency.db") as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if args.only in (None, "rematch"):
            rematch_shots(browser, server.url, out)
        if args.only in (None, "graph"):
            graph_shots(browser, server, out)
        if args.only in (None, "motion"):
            motion_shots(browser, server, out)
        if args.only in (None, "chat"):
            chat(browser, server.url, out)
        if args.only in (None, "puzzles"):
            puzzle_shots(browser, server.url, out)
        if args.only in (None, "accounts"):
            account_shots(browser, server, out)
        if args.only in (None, "words"):
            words_shots(browser, server.url, out)
        if args.only in (None, "install"):
            install_shots(browser, server.url, out)
        if args.only in (None, "learn"):
            learn_shots(browser, server.url, out)
        if args.only in (None, "pairing"):
            pairing_shots(browser, server, out)
        if args.only in (None, "languages"):
            language_shots(browser, server.url, out)
        if args.only is not None:
            browser.close()
            return
        desktop = browser.new_context(viewport=DESKTOP)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=1)
        page, small = desktop.new_page(), phone.new_page()
        for game, seed in [("claim", 3), ("claim-kingdoms", 4), ("kingdoms", 6)]:
            table = create(
                server.url,
                game=game,
                players=2,
                seed=seed,
                seats=[{"name": "Ada"}, {"agent": "random"}],
            )
            url = table["invites"][0]["url"]
            rng = random.Random(seed)
            page.goto(url)
            clicks(page, rng, MIDGAME[game])
            shoot(page, out / f"{game}.png")
            small.goto(url)
            wait_ready(small)
            shoot(small, out / f"{game}-phone.png")
            clicks(page, rng, 10_000)
            wait_finished(server.url, table["table"])
            page.locator("#result").scroll_into_view_if_needed()
            shoot(page, out / f"{game}-end.png")
        page.goto(f"{server.url}/replay/{table['table']}?seat=0&step=30")
        page.wait_for_selector("#counter")
        shoot(page, out / "replay.png")

        # A phone: the question's buttons beside the status (the action bar), on top.
        for game, seed, selector, name in [
            ("claim-kingdoms", 5, '#actions [data-move="pass"]', "claim-kingdoms-power-phone"),
            ("kingdoms", 7, '#actions [data-move="draw"]', "kingdoms-draw-phone"),
        ]:
            table = create(
                server.url,
                game=game,
                players=2,
                seed=seed,
                seats=[{"name": "Ada"}, {"agent": "random"}],
            )
            small.goto(table["invites"][0]["url"])
            clicks_until(small, random.Random(seed), selector)
            shoot(small, out / f"{name}.png")
        # The keyboard: Tab to the board, the arrow keys to a square (the focus ring).
        page.goto(table["invites"][0]["url"])
        wait_ready(page)
        for key in ["Tab", "Tab", "Tab", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"]:
            page.keyboard.press(key)
        shoot(page, out / "kingdoms-keyboard.png")
        # The connection lost: the server stops under the table.
        small.goto(table["invites"][0]["url"])
        wait_ready(small)
        server.__exit__(None, None, None)
        small.wait_for_selector("#offline.lost", state="visible")
        shoot(small, out / "offline-phone.png")
        clocks(browser, out)
        endings(browser, out)
        browser.close()


if __name__ == "__main__":
    main()
