"""The replay page's analysis in a real browser (Chromium via Playwright)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import regency
from regency.games.claim.cards import card_name
from regency.server import analysis as server_analysis
from tests.server.conftest import ThreadServer
from tests.web.helpers import create, wait_finished, wait_text


def test_the_replay_page_analyses_a_game_and_shows_each_move_judged(
    server: ThreadServer, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:10")
    table = create(server.url, game="claim", players=2, seats=[{"agent": "random"}] * 2, seed=5)
    tid = table["table"]
    wait_finished(server.url, tid)
    page.goto(f"{server.url}/replay/{tid}")
    page.click("#analyse")
    page.wait_for_selector("#analysis h2", timeout=120_000)
    record = httpx.get(f"{server.url}/api/tables/{tid}/record").json()
    expected = regency.analyze(record, agent="ismcts:10")
    page.click("#first")
    page.click("#next")
    wait_text(page, "#counter", f"move 1 of {len(record['actions'])}")
    first = expected.decisions[0]
    text = page.locator("#analysis").inner_text()
    # The card in words, as the table names it (issue 30), never its code.
    assert "Move 1," in text and card_name(first.played) in text
    assert first.played not in text
    assert f"{round(100 * (first.win_played or 0))}%" in text
    assert page.locator("#analysis .summary tbody tr").count() == 2
    bad = [d for d in expected.decisions if d.label in ("mistake", "blunder")]
    if bad:  # a jump button takes the replay to that move
        page.locator("#analysis button.jump").first.click()
        wait_text(page, "#counter", f"move {bad[0].number} of {len(record['actions'])}")
        assert bad[0].label in page.locator("#analysis").inner_text()
