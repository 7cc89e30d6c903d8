"""The site installs on a phone and opens offline (issue 51), in Chromium.

A profile of its own (installing needs one that is not incognito, as Playwright's
contexts are): the lobby registers the service worker, Chromium finds the site
installable (``Page.getInstallabilityErrors`` says nothing is missing), installs it
(``PWA.install``) and opens it (``PWA.launch``) at a phone's 390 px; cut off from the
network, the app shows the offline page instead of the browser's error, and the worker's
cache holds the static shell and nothing else (no page with a view, no API answer, no
token) even after a table was played online. ``python -m tests.web.screenshots --only
install`` takes the installed app's pictures.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from regency.server.pages.install import shell_files
from tests.server.conftest import ThreadServer
from tests.web.conftest import ARGS, CHROMIUM
from tests.web.helpers import wait_ready

PHONE = {"width": 390, "height": 844}

CACHED = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) found.push(new URL(request.url).pathname);
  }
  return found;
}"""


@contextmanager
def installed_app(browser: Any, url: str) -> Iterator[tuple[Any, Any]]:
    """(the browser context, the installed app's page) at a phone's size, freshly installed."""
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=ARGS,
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url + "/")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            cdp.send("PWA.install", {"manifestId": url + "/"})
            with context.expect_page() as opened:
                cdp.send("PWA.launch", {"manifestId": url + "/"})
            app = opened.value
            app.wait_for_load_state()
            app.set_viewport_size(PHONE)
            yield context, app
        finally:
            context.close()


def test_the_site_installs_and_opens_its_lobby_offline(server: ThreadServer, browser: Any) -> None:
    with installed_app(browser, server.url) as (context, app):
        assert app.url == server.url + "/"
        app.wait_for_selector("#games .game-card")
        # A table set up and played online: its page and its API answers go to the
        # network only.
        app.click("#play-claim")
        app.wait_for_url("**/play/**")
        wait_ready(app)
        table = app.url
        app.goto(server.url + "/")
        app.wait_for_selector("#games .game-card")
        assert sorted(app.evaluate(CACHED)) == sorted(shell_files())

        context.set_offline(True)
        app.reload()
        assert app.locator("h1").inner_text() == "You are offline"
        assert app.title() == "You are offline · regency"
        assert app.locator("#offline-retry").is_visible()
        # The tables set up in this browser are named (they open once online again).
        assert "Claim" in app.locator("#mine").inner_text()
        # A table's link too: the offline page, never the browser's own error.
        app.goto(table)
        assert app.locator("h1").inner_text() == "You are offline"
        assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # "Try again" while still offline says so; back online, the page that was asked
        # for opens by itself.
        app.click("#offline-retry")
        app.wait_for_function(
            "document.getElementById('offline-status').textContent.startsWith('Still offline')"
        )
        context.set_offline(False)
        wait_ready(app)
        assert "/play/" in app.url
        assert sorted(app.evaluate(CACHED)) == sorted(shell_files())
