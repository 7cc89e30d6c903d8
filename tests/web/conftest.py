"""Fixtures for the browser tests: Debian's Chromium driven by Playwright, and a server.

Playwright's own browser download does not work here, so the tests launch the system's
Chromium (``/usr/bin/chromium``, which ``.ci/run`` installs with apt-get when it is missing).
Locally, without it, the browser tests are skipped; in CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ThreadServer, sqlite_client, sqlite_db

__all__ = ["sqlite_client", "sqlite_db"]  # the server tests' fixtures, used here too

CHROMIUM = os.environ.get("REGENCY_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must run the browser tests (.ci/run installs chromium)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("web") / "regency.db"
    with ThreadServer(f"sqlite:///{db}") as s:
        yield s


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page in a fresh context that fails the test if it reports a JavaScript error."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    # JavaScript errors; a refused request (a 4xx the page explains) is not one.
    p.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    yield p
    context.close()
    assert errors == [], f"the page reported errors: {errors}"
