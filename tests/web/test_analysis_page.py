"""The replay page's analysis in a real browser (Chromium via Playwright)."""

from __future__ import annotations

import importlib.util
from typing import Any

import httpx
import pytest

import regency
from regency.analysis import lost_points
from regency.games.claim.cards import card_name
from regency.server.pages import analysis as server_analysis
from tests.server.conftest import ThreadServer
from tests.web.helpers import create, wait_finished, wait_text
from tests.web.test_table_ux import axe_violations


# Slow (a whole game analysed twice, phase two exactly): CI's slow step runs it.
@pytest.mark.slow
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
    # Accuracy in words (issue 44): the share of what the moves could change that was kept.
    assert "Accuracy is the share of what a player's moves could change that they kept" in text
    rows = page.locator("#analysis .summary tbody tr").all_inner_texts()
    for row, summary in zip(rows, expected.summaries, strict=True):
        assert row.split("\t")[1].strip() == str(round(summary.accuracy))
    bad = [d for d in expected.decisions if d.label in ("mistake", "blunder")]
    assert bad, "random play made no mistake: nothing to jump to"
    page.locator("#analysis button.jump").first.click()
    wait_text(page, "#counter", f"move {bad[0].number} of {len(record['actions'])}")
    shown = page.locator("#analysis").inner_text()
    assert bad[0].label in shown
    # The points lost, and of how many the move could change: why it got its label.
    lost, stakes = lost_points(bad[0].loss or 0.0), lost_points(bad[0].stakes)
    assert f"{lost:.1f} points lost of the {stakes:.1f} this move could change." in shown


def test_the_win_chance_graph_has_a_point_per_judged_move_and_jumps_to_it(
    server: ThreadServer, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cheap judge (ten iterations a move) keeps the analysis to seconds; 3 players: 3 lines.
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:10")
    table = create(server.url, game="claim", players=3, seats=[{"agent": "random"}] * 3, seed=8)
    tid = table["table"]
    wait_finished(server.url, tid)
    page.goto(f"{server.url}/replay/{tid}?step=0")
    page.click("#analyse")
    page.wait_for_selector("#wingraph svg", timeout=120_000)
    body = httpx.get(f"{server.url}/api/tables/{tid}/analysis").json()
    assert body["format"] == "regency-analysis"
    steps = len(body["record"]["actions"])
    judged = [d for d in body["decisions"] if not d["forced"] and d["win_played"] is not None]
    assert judged, "the analysis judged no move"
    points = page.locator("#wingraph .point")
    # One point per judged decision, in order, each at its move and seat, with its words.
    shown = points.evaluate_all(
        "ps => ps.map(p => [Number(p.dataset.move), Number(p.dataset.seat),"
        " p.dataset.label || null, p.getAttribute('aria-label'),"
        " p.querySelector('title').textContent])"
    )
    assert [(m, s, lab) for m, s, lab, _, _ in shown] == [
        (d["number"], d["seat"], d["label"]) for d in judged
    ]
    names = [
        s["name"] for s in httpx.get(f"{server.url}/api/tables/{tid}/replay/0").json()["seats"]
    ]
    for (_, _, _, words, title), d in zip(shown, judged, strict=True):
        who = f"seat {d['seat']} ({names[d['seat']]})"
        assert words == title and words.startswith(f"Move {d['number']}, {who}: ")
        assert f"{round(100 * d['win'])}% → {round(100 * d['win_played'])}%" in words
        assert words.endswith(f", {d['label']}") == (d["label"] is not None)
    # Each seat's line, through its own points only.
    for seat in range(3):
        line = page.locator(f"#wingraph polyline.seat-line[data-seat='{seat}']")
        assert line.count() == 1
        coordinates = line.get_attribute("points") or ""
        assert len(coordinates.split()) == sum(d["seat"] == seat for d in judged)
    # A marker of its class on each labelled move, none elsewhere, and a legend entry each.
    for label in ("inaccuracy", "mistake", "blunder"):
        expected = sum(d["label"] == label for d in judged)
        assert page.locator(f"#wingraph .point polygon.marker.{label}").count() == expected
        assert page.locator(f"#wingraph .legend polygon.marker.{label}").count() == 1
    assert any(d["label"] for d in judged), "no labelled move to check the markers with"
    # The seat's colour comes from its class (no style attribute under the CSP).
    assert page.locator("#wingraph [style]").count() == 0
    # A click on a point jumps the replay to that move, and it is marked as the one shown.
    target = judged[len(judged) // 2]
    page.locator(f"#wingraph .point[data-move='{target['number']}']").click()
    wait_text(page, "#counter", f"move {target['number']} of {steps}")
    assert page.locator("#wingraph .point.shown").get_attribute("data-move") == str(
        target["number"]
    )
    assert f"Move {target['number']}," in page.locator("#analysis").inner_text()
    # A click on the graph at an x (near its right end) jumps to the move under it.
    box = page.locator("#wingraph svg.wingraph .plot").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 1, box["y"] + 2)
    wait_text(page, "#counter", f"move {steps} of {steps}")
    # The keyboard: from the shown move's point, the left arrow goes to the point before.
    last = judged[-1]
    page.locator(f"#wingraph .point[data-move='{last['number']}']").focus()
    page.keyboard.press("ArrowLeft")
    wait_text(page, "#counter", f"move {judged[-2]['number']} of {steps}")
    page.wait_for_function(
        "n => document.activeElement && document.activeElement.dataset"
        " && document.activeElement.dataset.move === String(n)",
        arg=judged[-2]["number"],
        timeout=30_000,
    )


def test_the_win_chance_graph_fits_a_phone(
    server: ThreadServer, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:10")
    table = create(server.url, game="claim", players=2, seats=[{"agent": "random"}] * 2, seed=9)
    wait_finished(server.url, table["table"])
    context = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True)
    try:
        phone = context.new_page()
        phone.goto(f"{server.url}/replay/{table['table']}")
        phone.click("#analyse")
        # The graph is drawn again as the analysis settles: wait for one laid out, and
        # measure it in the same script (a second call could find it replaced).
        box = phone.wait_for_function(
            """() => {
                const svg = document.querySelector("#wingraph svg.wingraph");
                const b = svg && svg.getBoundingClientRect();
                return b && b.width > 0 ? {x: b.x, width: b.width, height: b.height} : null;
            }""",
            timeout=120_000,
        ).json_value()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["height"] >= 100  # scaled to the width, not squashed
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # axe-core (where installed, as test_table_ux.py uses it): the graph's points, legend
        # and labels break no serious or critical rule.
        if importlib.util.find_spec("axe_playwright_python") is not None:
            assert axe_violations(phone) == []
    finally:
        context.close()
