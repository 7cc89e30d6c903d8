"""The rules pages: written for players, shipped in the package, drawn like the table.

* Each game's page has its sections in a player's order (aim, setting up, a turn,
  scoring, the end), and links to the project's reference (``/rules/{game}/reference``).
* The documents are package data (``importlib.resources`` finds them, and pyproject's
  package-data carries them into a wheel).
* The figures' facts and the worked examples' numbers are the engine's: every card
  marked playable, every trick's winner, every vote, control and gold figure in the text.
* In Chromium: the figures are drawn by the table's modules, nothing breaks the CSP or
  reports an error, and axe-core finds no serious or critical violation (1200 px and
  375 px wide).
* An unknown game gets an HTML 404 page in a browser and the JSON refusal elsewhere.
"""

from __future__ import annotations

import fnmatch
import html
import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from regency.core import game_class
from regency.server.pages.rulebook import FIGURE_KINDS, player_document, rules_html
from tests.server.conftest import ThreadServer

HTML = {"Accept": "text/html,application/xhtml+xml"}
MINUS, TIMES = "\N{MINUS SIGN}", "\N{MULTIPLICATION SIGN}"  # as the prose writes them
GAMES = [info.name for info in regency.available_games()]
ROOT = Path(__file__).resolve().parents[2]

# A player's order: each heading (h2) matched, in this order, by one of these.
SECTIONS = [r"\baim\b", r"\bset", r"\bturn\b", r"\bscor", r"\bend\b"]

# Collects the page's CSP violations as they happen (an init script is not itself
# subject to the page's CSP).
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""

# What shows that a page's figures were drawn by the table's own modules.
DRAWN = {
    "claim": [
        ".rules-fig .card",
        ".rules-fig .trick figure",
        ".rules-fig .players .chip",
        ".rules-fig table .chip",
    ],
    "claim-kingdoms": [
        ".rules-fig .grid .cell.card-cell",
        ".rules-fig .grid .cell.open",
        ".rules-fig .markers .mark",
        ".rules-fig .fig-standing table",
    ],
    "kingdoms": [
        ".rules-fig .kboard .cell.castle",
        ".rules-fig .kboard .tile",
        ".rules-fig .kboard .raised",
        ".rules-fig .fig-scoring table",
    ],
}


def text_of(game: str) -> str:
    """The player document with its lines joined (the prose wraps anywhere)."""
    return " ".join(player_document(game).read_text(encoding="utf-8").split())


def figures(game: str) -> list[dict[str, Any]]:
    """Every figure's data as the page carries it (positions as the engine's view)."""
    body = rules_html(game)
    assert body is not None
    return [json.loads(html.unescape(m)) for m in re.findall(r'data-figure="([^"]*)"', body)]


def headings(body: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(r"<h2[^>]*>(.*?)</h2>", body)
    ]


# -- the documents --------------------------------------------------------------------------


def test_the_rules_documents_are_package_data() -> None:
    package = resources.files("regency")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["regency"]
    for game in GAMES:
        for parts in (("web", "rules", f"{game}.md"), ("rules", f"{game}.md")):
            found = package.joinpath(*parts)
            assert found.is_file(), parts
            assert found.read_text(encoding="utf-8").startswith("# "), parts
            # ... and a wheel carries it: a package-data pattern names it.
            assert any(fnmatch.fnmatch("/".join(parts), g) for g in globs), (parts, globs)
    for name in ("rules.js", "rules.html"):
        assert package.joinpath("web", name).is_file()


@pytest.mark.parametrize("game", GAMES)
def test_each_page_is_written_for_players_in_their_order(game: str) -> None:
    body = rules_html(game)
    assert body is not None
    found = headings(body)
    at = 0
    for pattern in SECTIONS:
        matches = [i for i, h in enumerate(found) if re.search(pattern, h, re.I)]
        assert matches and matches[0] >= at, (pattern, found)
        at = matches[0]
    # The project's references stay in docs/: no ruling ids, paths or Python on the page.
    text = text_of(game)
    for reference in ("R-CLAIM", "R-CK-", "R-K-", "R-ALL", "regency.", "docs/", ".py", "seeds/"):
        assert reference not in text, reference
    assert f'href="/rules/{game}/reference"' in body
    assert "For rule ids and edge cases" in body
    # Every figure is of a kind the page can draw; at least one shows a scored position.
    kinds = [f["figure"] for f in figures(game)]
    assert kinds and set(kinds) <= FIGURE_KINDS and "position" in kinds


def test_pages_and_reference_over_http(sqlite_client: TestClient) -> None:
    for game in GAMES:
        page = sqlite_client.get(f"/rules/{game}", headers=HTML)
        assert page.status_code == 200 and "/static/rules.js" in page.text
        assert 'class="rules-fig"' in page.text and "<h1>How to play" in page.text
        reference = sqlite_client.get(f"/rules/{game}/reference", headers=HTML)
        assert reference.status_code == 200 and "reference rules" in reference.text
        assert (ROOT / "docs" / "rules" / f"{game}.md").read_text().splitlines()[0][2:] in (
            html.unescape(reference.text)
        )


def test_an_unknown_game_is_a_page_for_browsers_and_json_for_programs(
    sqlite_client: TestClient,
) -> None:
    for path in ("/rules/nosuchgame", "/rules/nosuchgame/reference"):
        page = sqlite_client.get(path, headers=HTML)
        assert page.status_code == 404, path
        assert page.headers["content-type"].startswith("text/html"), path
        assert "No such game" in page.text and "nosuchgame" in page.text
        assert 'href="/rules/kingdoms"' in page.text
        refusal = sqlite_client.get(path)
        assert refusal.status_code == 404
        assert refusal.json()["error"] == "no_such_game"
    evil = sqlite_client.get("/rules/<b>x</b>", headers=HTML)
    assert evil.status_code == 404 and "<b>x</b>" not in evil.text


# -- the figures and the worked examples, against the engine --------------------------------

CLAIM_CODES = (
    ["GB0"] * 5
    + [f"GB{v}" for v in range(1, 10)]
    + [f"KN{v}" for v in range(2, 10)]
    + [f"{f}{v}" for f in ("UN", "DW", "DO") for v in range(10)]
)


def claim_last_trick(lead: str, hand: list[str], filler: int) -> regency.Game[Any]:
    """A second-half position: seat 0 led ``lead``; seat 1 holds ``hand``."""
    used = {lead, *hand}
    spare = [c for c in dict.fromkeys(CLAIM_CODES) if c not in used][:filler]
    game: regency.Game[Any] = game_class("claim").from_position(  # type: ignore[attr-defined]
        phase=2, leader=0, hands=[spare, hand], played=[lead]
    )
    return game


def test_claims_figures_agree_with_the_engine() -> None:
    figs = figures("claim")
    follows = [f for f in figs if f["figure"] == "follow"]
    tricks = [f for f in figs if f["figure"] == "trick"]
    assert follows and len(tricks) >= 2
    for f in follows:
        game = claim_last_trick(f["lead"], f["hand"], len(f["hand"]) - 1)
        assert sorted(str(a) for a in game.legal_actions()) == sorted(f["playable"]), f
    for f in tricks:
        assert len(f["plays"]) == 2 and f["leader"] == 0
        game = claim_last_trick(f["plays"][0], [f["plays"][1]], 0)
        game.play(f["plays"][1])
        assert game.observation(None)["tricks"][-1]["winner"] == f["winner"], f


def test_claims_scored_example() -> None:
    (example,) = [f for f in figures("claim") if f["figure"] == "position"]
    result = example["view"]["result"]
    votes = {
        v["faction"]: (v["counts"], v["highest"], v["seats"], v["reason"]) for v in result["votes"]
    }
    assert votes == {
        "goblins": ([4, 4], [7, 9], [1], "highest card"),
        "knights": ([3, 1], [9, 7], [0], "most cards"),
        "undead": ([2, 4], [5, 8], [1], "most cards"),
        "dwarves": ([4, 3], [8, 9], [0], "most cards"),
        "doppelgangers": ([3, 2], [8, 9], [0], "most cards"),
    }
    assert result["winners"] == [0] and result["scores"] == [3, 2]
    # The Dwarves went to Ann, who lost the last trick (Bob won it with the Dwarf 8).
    last = example["view"]["observation"]["tricks"][-1]
    assert last["plays"] == ["DW6", "DW8"] and last["winner"] == 1
    text = text_of("claim")
    for said in [
        "**Goblins**: 4 cards each. Bob holds the highest, the 9 (Ann's best is the 7)",
        "**Knights**: Ann 3, Bob 1: **Ann**",
        "**Undead**: Ann 2, Bob 4: **Bob**",
        "**Dwarves**: Ann 4 (two of them from the last trick), Bob 3: **Ann**",
        "**Doppelgangers**: Ann 3, Bob 2: **Ann**",
        "Ann has three votes and wins",
        "he would have had five Dwarves to Ann's two",
    ]:
        assert said in text, said
    # Had the Dwarves gone to the trick's winner: Bob 5 to Ann's 2, and his third vote.
    piles = example["view"]["observation"]["score_piles"]
    dwarves = [sum(c.startswith("DW") for c in pile) for pile in piles]
    assert [dwarves[0] - 2, dwarves[1] + 2] == [2, 5]


def test_claim_kingdoms_scored_example() -> None:
    turn, after = [f for f in figures("claim-kingdoms") if f["figure"] == "position"]
    before = turn["view"]["observation"]
    assert before["to_move"] == 1 and before["hand"] is None  # a spectator's view
    assert [2, 1] in before["open_squares"]
    standing = {
        s["faction"]: (s["markers"], s["controllers"])
        for s in after["view"]["observation"]["standing"]
    }
    assert standing == {
        "knights": ([1, 2], [1]),
        "goblins": ([1, 1], [0, 1]),
        "dwarves": ([0, 1], [1]),
        "trolls": ([0, 1], [1]),
        "dragons": ([0, 1], [1]),
        "gnomes": ([1, 0], [0]),
        "undead": ([1, 0], [0]),
    }
    was = {s["faction"]: s["controllers"] for s in before["standing"]}
    assert was["knights"] == [0]
    points = {s["faction"]: s["points"] for s in before["standing"]}
    obs = after["view"]["observation"]
    totals = [
        obs["power_points"][seat] + sum(points[f] for f, (_, c) in standing.items() if seat in c)
        for seat in (0, 1)
    ]
    old = [
        before["power_points"][seat] + sum(points[f] for f, c in was.items() if seat in c)
        for seat in (0, 1)
    ]
    assert totals == [18, 37] and old == [27, 28]
    assert obs["power_points"] == [3, 6] and obs["supplies"] == [11, 9]
    text = text_of("claim-kingdoms")
    for said in [
        "6 + 9 + 4 + 5 + 6 + 7 = **37**",
        "3 + 4 + 5 + 6 = **18**",
        "Bob led by 28 to 27",
        "Bob had 6 points from powers and Ann 3",
        "swung 18 points",
    ]:
        assert said in text, said
    # ... and the engine scores the position the same way (state.scores()).
    position = json.loads(
        re.search(
            r"```figure\n(\{.*?\"name\": \"bobs-turn\".*?)\n```",
            player_document("claim-kingdoms").read_text(encoding="utf-8"),
            re.S,
        ).group(1)  # type: ignore[union-attr]
    )["position"]
    game = game_class("claim-kingdoms").from_position(**position)  # type: ignore[attr-defined]
    assert game.scores()[0] == [27, 28]
    for move in after["view"]["recent"]:
        game.play(move["move"])
    assert game.scores()[0] == [18, 37]


def test_kingdoms_scored_example() -> None:
    turn, example = [f for f in figures("kingdoms") if f["figure"] == "position"]
    assert set(turn["view"]["observation"]["wizard_neighbours"]) == {"B6", "C5", "D6"}
    (epoch,) = example["view"]["observation"]["scoring"]
    parts = {(p["line"], p["squares"][0]): p for p in epoch["parts"]}

    def part(line: str, first: str) -> tuple[int, list[int], list[int]]:
        p = parts[(line, first)]
        return p["value"], p["ranks"], p["gold"]

    assert part("row A", "A1") == (6, [3, 3], [18, 18])
    assert part("row B", "B1") == (-2, [4, 1], [-8, -2]) and parts[("row B", "B1")]["gold_mine"]
    assert part("row C", "C1") == (0, [1, 0], [0, 0]) and parts[("row C", "C1")]["dragon"]
    assert part("row C", "C5") == (6, [0, 0], [0, 0])
    assert part("column 6", "A6") == (2, [3, 4], [6, 8])
    assert epoch["gold"] == [27, 40] and epoch["gold_after"] == [77, 90]
    text = text_of("kingdoms")
    for said in [
        f"5 {MINUS} 1 + 2 = **6**",
        f"gains 6 {TIMES} 3 = **18** gold",
        f"6 {MINUS} 8 = **{MINUS}2**",
        "4 ranks, so Yellow pays **8**",
        "Red's rank-1 castle pays **2**",
        "counts 3: **6** gold",
        "make 4 ranks: **8** gold",
        "Yellow gains 27 gold and Red 40",
    ]:
        assert said in text, said


# -- in the browser -----------------------------------------------------------------------


def axe_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({[n['target'] for n in v['nodes'][:3]]})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_in_chromium(server: ThreadServer, page: Any, game: str) -> None:
    pytest.importorskip("axe_playwright_python", reason="pip install axe-playwright-python")
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.add_init_script(WATCH_CSP)
    response = page.goto(f"{server.url}/rules/{game}")
    assert response is not None and response.status == 200
    page.wait_for_selector("body[data-figures='drawn']")
    # Every figure drawn, by the table's own components.
    count = page.locator("figure.rules-fig").count()
    assert count >= 2 and page.locator("figure.rules-fig[data-drawn='true']").count() == count
    assert page.locator(".fig-body > p.muted").count() == 0  # no placeholder left
    for selector in DRAWN[game]:
        assert page.locator(selector).count() > 0, selector
    # The sections, in a player's order, and the way to the reference.
    found = page.locator("main h2").all_inner_texts()
    at = 0
    for pattern in SECTIONS:
        index = next(i for i, h in enumerate(found) if re.search(pattern, h, re.I))
        assert index >= at, (pattern, found)
        at = index
    assert page.locator(f"a[href='/rules/{game}/reference']").count() == 1
    page.wait_for_timeout(100)
    assert page.evaluate("() => window.__csp") == [] and violations == []
    # No serious or critical accessibility violation, wide and at phone width.
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 376
    assert axe_violations(page) == []


def test_the_reference_and_the_missing_game_in_chromium(server: ThreadServer, page: Any) -> None:
    pytest.importorskip("axe_playwright_python", reason="pip install axe-playwright-python")
    page.goto(f"{server.url}/rules/claim")
    page.wait_for_selector("body[data-figures='drawn']")
    page.click("a[href='/rules/claim/reference']")
    page.wait_for_url("**/rules/claim/reference")
    assert "R-CLAIM-" in page.inner_text("main")
    assert axe_violations(page) == []
    response = page.goto(f"{server.url}/rules/nosuchgame")
    assert response is not None and response.status == 404
    assert page.inner_text("main h1") == "No such game"
    assert axe_violations(page) == []
