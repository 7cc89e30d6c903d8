"""The pages' routes without a browser: the lobby, assets, rules and the replay API."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import regency
from regency.server.pages.replays import replayed_view
from tests.server.helpers import create, people, play_random

HTML = {"Accept": "text/html,application/xhtml+xml"}


def test_lobby_for_browsers_json_for_programs(sqlite_client: TestClient) -> None:
    page = sqlite_client.get("/", headers=HTML)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<title>regency: play Claim" in page.text and "/static/lobby.js" in page.text
    assert sqlite_client.get("/").json()["server"] == "regency"


def test_assets_ship_in_the_package_and_name_no_remote_host(sqlite_client: TestClient) -> None:
    from regency.server.pages.html import WEB

    shared = sorted(f"shared/{path.name}" for path in (WEB / "shared").glob("*.js"))
    assert "shared/frame.js" in shared, shared
    pages = [
        "lobby.js",
        "table.js",
        "replay.js",
        "puzzles.js",
        "pairing.js",
        "pools.js",
        "opentables.js",
    ]
    for name in ["style.css", "pairing.css", *pages, *shared]:
        answer = sqlite_client.get(f"/static/{name}")
        assert answer.status_code == 200, name
        assert "http://" not in answer.text and "https://" not in answer.text, name
    for info in regency.available_games():
        answer = sqlite_client.get(f"/static/games/{info.name}.js")
        assert answer.status_code == 200 and "export function board" in answer.text
    assert sqlite_client.get("/static/nope.js").status_code == 404


def test_pages_and_scripts_keep_to_the_content_security_policy() -> None:
    # The server's CSP allows only its own scripts and stylesheets: no inline <script>,
    # no style="..." attribute, no handler attributes, no markup built from strings
    # (tests/web/test_security.py checks each page in a browser too).
    from regency.server.pages.html import WEB

    pages, scripts = sorted(WEB.rglob("*.html")), sorted(WEB.rglob("*.js"))
    assert pages and scripts, f"no pages or scripts found under {WEB}"
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\sstyle\s*=", text), path.name
        assert not re.search(r"\son[a-z]+\s*=", text), path.name
        assert not re.search(r"href\s*=\s*[\"']javascript:", text), path.name
        for tag in re.findall(r"<script[^>]*>", text):
            assert 'type="module" src="/static/' in tag, (path.name, tag)
        assert 'href="/docs"' not in text, path.name  # the Swagger UI is off: /openapi.json
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        for bad in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
            'setAttribute("style"',
            "style: `",
            'style: "',
        ]:
            assert bad not in text, (path.name, bad)


def test_table_pages_have_titles_and_refuse_unknown_tables(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2, "AB"))
    page = sqlite_client.get(table["invites"][1]["url"], headers=HTML)
    assert page.status_code == 200 and "<title>Kingdoms: B (seat 1) · regency</title>" in page.text
    watch = sqlite_client.get(table["spectator"]["url"], headers=HTML)
    assert "<title>Kingdoms: watching · regency</title>" in watch.text
    assert sqlite_client.get("/play/nope/0").status_code == 404
    assert sqlite_client.get(f"/play/{table['table']}/7").status_code == 404


def test_rules_pages_for_players_and_the_reference_from_docs_rules(
    sqlite_client: TestClient,
) -> None:
    # The player's page is the package's web/rules/ (tests/web/test_rules.py has more);
    # the reference is docs/rules/, with the rulings' ids.
    page = sqlite_client.get("/rules/claim-kingdoms", headers=HTML)
    assert page.status_code == 200 and "<h1>" in page.text and "<table>" in page.text
    assert "Claim Kingdoms: rules" in page.text
    reference = sqlite_client.get("/rules/claim-kingdoms/reference", headers=HTML)
    assert reference.status_code == 200 and "R-CK-1" in reference.text
    missing = sqlite_client.get("/rules/chess")
    assert missing.status_code == 404 and "chess" in missing.json()["message"]


def test_the_package_carries_every_games_rules_document() -> None:
    # regency/rules links to docs/rules (package data, so a wheel holds copies): the
    # rules pages work from any install, and they are the documents in docs/rules.
    docs = Path(__file__).resolve().parents[2] / "docs" / "rules"
    for info in regency.available_games():
        shipped = Path(regency.__file__).parent / "rules" / f"{info.name}.md"
        assert shipped.read_text(encoding="utf-8") == (docs / f"{info.name}.md").read_text(
            encoding="utf-8"
        )


def test_replay_waits_for_the_end_then_shows_every_step(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2), seed=11)
    tid = table["table"]
    refused = sqlite_client.get(f"/api/tables/{tid}/replay/0")
    assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
    assert sqlite_client.get(f"/replay/{tid}").status_code == 409
    play_random(sqlite_client, table, random.Random(3))
    record = sqlite_client.get(f"/api/tables/{tid}/record").json()
    assert sqlite_client.get(f"/replay/{tid}", headers=HTML).status_code == 200
    steps = len(record["actions"])
    for step in [0, 1, steps // 2, steps]:
        for seat in [None, 0, 1]:
            query = "" if seat is None else f"?seat={seat}"
            view = sqlite_client.get(f"/api/tables/{tid}/replay/{step}{query}").json()
            game = regency.replay(record, stop=step)
            assert view["observation"] == game.observation(seat)
            assert view["step"] == step and view["steps"] == steps and view["legal_moves"] == []
            assert [m["number"] for m in view["recent"]] == list(range(max(1, step - 11), step + 1))
    last = sqlite_client.get(f"/api/tables/{tid}/replay/{steps}").json()
    assert last["finished"] and last["result"]
    # Steps outside the game are refused, saying how long it is (the page learns it).
    past_end = sqlite_client.get(f"/api/tables/{tid}/replay/{steps + 50}")
    assert past_end.status_code == 404 and past_end.json()["error"] == "no_such_step"
    assert past_end.json()["steps"] == steps
    assert sqlite_client.get(f"/api/tables/{tid}/replay/3?seat=2").status_code == 404
    assert sqlite_client.get(f"/api/tables/{tid}/replay/-1").status_code == 422
    assert sqlite_client.get(f"/api/tables/{tid}/replay/1000000000").status_code == 422
    assert sqlite_client.get("/api/tables/nope/replay/0").status_code == 404


@pytest.mark.parametrize("name", ["claim", "claim-kingdoms", "kingdoms"])
def test_replayed_view_hides_what_the_seat_did_not_see(name: str) -> None:
    """A replayed view of a seat is built from its observation and public moves only."""
    game = regency.new_game(name, players=3, seed=5)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    record = game.record().to_dict()
    step = len(record["actions"]) // 2
    view = replayed_view(record, step, 1)
    other = regency.replay(record, stop=step).resample_hidden(1, random.Random(9))
    assert view["observation"] == other.observation(1)
    # The moves as seat 1 saw them: the public form, never another seat's hidden choice.
    shown = json.dumps(view["recent"])
    again = regency.new_game(name, players=3, seed=5)
    for number, text in enumerate(record["actions"][:step], start=1):
        action = again.parse_action(text)
        if number > step - 12:
            assert json.dumps(again.public_action(action, 1)) in shown
        again.play(action)
