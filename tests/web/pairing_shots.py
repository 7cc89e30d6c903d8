"""Screenshots of finding a game (issue 47): the lobby's "Play people" section with people
waiting in the pools, one's own place waiting (its clock and reach) and the open tables
listed, one's own among them, at 1280 px and at a 390 px phone (``--only pairing``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import ThreadServer

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _guest(url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(url + path, json=body, timeout=30)
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()
    return data


def pairing_shots(browser: Any, server: ThreadServer, out: Path) -> None:
    """``lobby-pairing.png`` (1280 px) and ``lobby-pairing-phone.png`` (390 px)."""
    url = server.url
    for pool, names in (("claim-3-120", ["Hal"]), ("kingdoms-4-120", ["Ivy", "Jo"])):
        for name in names:
            _guest(url, f"/api/pools/{pool}/join", {"name": name})
    _guest(
        url,
        "/api/open-tables",
        {"game": "kingdoms", "players": 3, "move_seconds": 120, "name": "Ben"},
    )
    four = _guest(
        url,
        "/api/open-tables",
        {"game": "claim-kingdoms", "players": 4, "move_seconds": 30, "name": "Cy"},
    )
    _guest(url, f"/api/open-tables/{four['open']['id']}/join", {"name": "Dee"})
    _guest(url, "/api/open-tables", {"game": "claim", "players": 2, "name": "Fay"})
    from playwright.sync_api import ViewportSize

    for viewport, name in ((DESKTOP, "lobby-pairing.png"), (PHONE, "lobby-pairing-phone.png")):
        size: ViewportSize = {"width": viewport["width"], "height": viewport["height"]}
        context = browser.new_context(viewport=size, is_mobile=viewport is PHONE)
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_selector("#pool-claim-2-120")
        page.wait_for_selector("#open-list li.open-table")
        page.fill("#pool-name", "Eve")
        page.dispatch_event("#pool-name", "change")
        if viewport is DESKTOP:
            page.click(".open-form-box summary")
            page.select_option("#open-game", "claim")
            page.select_option("#open-players", "3")
            page.click("#open-submit")
            page.wait_for_selector("#open-list button.leave")
            page.click("#pool-claim-2-120")
            page.wait_for_selector("#my-places li.place")
            page.wait_for_timeout(3500)  # a few seconds waited: the reach has widened
        else:
            page.wait_for_timeout(500)
        page.locator("#find").screenshot(path=str(out / name))
        print(out / name)
        context.close()
