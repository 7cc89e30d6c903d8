"""Take the screenshots in docs/screenshots/: each game's table mid-game and at the end,
the lobby and a replay, at desktop width and at a phone's 375 px; a phone's action bar
(Claim Kingdoms' power, Kingdoms' draw), the keyboard's focus on the Kingdoms board, the
banner of a lost connection, and the table chat (desktop and a 390 px phone).

    .venv/bin/python -m tests.web.screenshots [--out docs/screenshots] [--only chat]

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

from playwright.sync_api import ViewportSize, sync_playwright

from tests.server.conftest import ThreadServer
from tests.web.conftest import ARGS, CHROMIUM
from tests.web.helpers import (
    bearer,
    create,
    move_for,
    version,
    wait_finished,
    wait_ready,
    wait_version,
)

DESKTOP: ViewportSize = {"width": 1200, "height": 860}
PHONE: ViewportSize = {"width": 375, "height": 760}
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


def chat(browser: Any, url: str, out: Path) -> None:
    """A 3-player Claim table mid-game with a few chat messages, as seat 0 and on a phone."""
    import httpx

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


PHONE_390: ViewportSize = {"width": 390, "height": 844}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--only", choices=["chat"], help="take only these screenshots")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        ThreadServer(f"sqlite:///{tmp}/regency.db") as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        chat(browser, server.url, out)
        if args.only == "chat":
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
        browser.close()


if __name__ == "__main__":
    main()
