"""Take the screenshots in docs/screenshots/: each game's table mid-game and at the end,
the lobby and a replay, at desktop width and at a phone's 375 px; a phone's action bar
(Claim Kingdoms' power, Kingdoms' draw), the keyboard's focus on the Kingdoms board, and
the banner of a lost connection; the result screen with a rematch offered, the evening's
score and the score sheet (``--only rematch`` takes just those); move clocks (``--only
clocks`` takes just those); the replay page's win-chance graph of an analysed game, at
desktop width and at a phone's 390 px (``--only graph``); a Claim trick being gathered to
its winner and a Kingdoms castle flying to its square, caught mid-flight (the animations
slowed fifty times; ``--only motion``); the table chat (desktop and a 390 px phone,
``--only chat``); a puzzle of each game before and after a try, right for the first game
and wrong for the others (desktop and a 390 px phone, ``--only puzzles``); the accounts'
pages, signing in, a profile with its rating graphs, the leaderboards, "My games" and the
account's settings (desktop and a 390 px phone, ``--only accounts``); finding a game,
the lobby's pools and open tables (``--only pairing``, ``tests/web/pairing_shots.py``).

    .venv/bin/python -m tests.web.screenshots [--out DIR] [--only clocks|rematch|...]

It starts a throwaway server (SQLite in a temporary folder) and the system's Chromium, and
plays every seat-0 move by clicking random legal moves against the random player.
"""

from __future__ import annotations

import argparse
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
        page.wait_for_selector("#take-back", timeout=30_000)
        wait_version(page, above=0)
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
        page.goto(f"{server.url}/replay/{table['table']}?step=20")
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


def puzzle_shots(browser: Any, url: str, out: Path) -> None:
    """Each game's first puzzle, before a try and after one (the answer for Claim, a wrong
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
            puzzle = load_puzzles(game).puzzles[0]
            page.goto(f"{url}/puzzles/{game}/{puzzle.id}")
            page.wait_for_selector("#table[data-mine=true]")
            shoot(page, out / f"puzzle-{game}{suffix}.png")
            click_move(page, puzzle.solutions[0] if index == 0 else wrong_move(puzzle))
            page.wait_for_selector("#verdict:not([hidden])")
            shoot(page, out / f"puzzle-{game}-tried{suffix}.png")
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument(
        "--only",
        choices=["clocks", "rematch", "graph", "motion", "chat", "puzzles", "accounts", "pairing"],
        help="take only these screenshots",
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.only == "clocks":  # a server of its own, with a short test clock
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            clocks(browser, out)
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
        if args.only in (None, "pairing"):
            pairing_shots(browser, server, out)
        if args.only is not None:
            browser.close()
            return
        desktop = browser.new_context(viewport=DESKTOP)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=1)
        page, small = desktop.new_page(), phone.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#play-claim")
        shoot(page, out / "lobby.png")
        small.goto(server.url + "/")
        small.wait_for_selector("#play-claim")
        shoot(small, out / "lobby-phone.png")
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
        browser.close()


if __name__ == "__main__":
    main()
