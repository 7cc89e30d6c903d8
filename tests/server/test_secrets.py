"""Secrets stay secret: stacked deals until the end, tokens out of logs, URLs and Referers.

Issue 29's findings: the public summary showed a stacked ``deck`` (every hidden card);
``--log-level info`` wrote every ``?token=``; answers carried no security headers.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import regency
from regency.cli.connect import parse_invite
from regency.server.operations.security import content_security_policy, redact, request_token
from regency.server.pages.html import assets
from tests.server.helpers import auth, create, people, play_random, seat_url, view
from tests.server.processes import Server


def stacked_claim_deck(seed: int) -> list[str]:
    """A full Claim deck for 2 players, in a random order, as the ``deck`` option reads."""
    state = regency.new_game("claim", players=2, seed=seed).state_dict()
    cards = [c for hand in state["hands"] for c in hand] + state["face_up"] + state["draw_pile"]
    random.Random(seed).shuffle(cards)
    return list(cards)


def test_a_stacked_deal_stays_private_until_the_game_ends(sqlite_client: TestClient) -> None:
    deck = stacked_claim_deck(4)
    table = create(sqlite_client, game="claim", players=2, seats=people(2), options={"deck": deck})
    tid = table["table"]
    summary = sqlite_client.get(f"/api/tables/{tid}").json()
    assert "deck" not in summary["options"]
    assert all(card not in str(summary) for card in deck[20:])  # the draw pile
    # Nor in any seat's view, nor the spectator's (they show only what the seat sees).
    for invite in table["invites"]:
        assert "deck" not in str(view(sqlite_client, tid, invite["seat"], invite["token"]))
    assert sqlite_client.get(f"/api/tables/{tid}/record").status_code == 409
    # The end: the record publishes the deal, and the summary its options.
    play_random(sqlite_client, table, random.Random(4))
    record = sqlite_client.get(f"/api/tables/{tid}/record").json()
    assert record["options"]["deck"] == deck
    assert sqlite_client.get(f"/api/tables/{tid}").json()["options"]["deck"] == deck


def test_the_games_list_marks_the_options_that_fix_hidden_cards(
    sqlite_client: TestClient,
) -> None:
    games = {g["name"]: g for g in sqlite_client.get("/api/games").json()}
    secret = {(name, o["name"]) for name, g in games.items() for o in g["options"] if o["secret"]}
    assert secret == {("claim", "deck"), ("claim-kingdoms", "deck")}


def test_every_answer_carries_the_security_headers(sqlite_client: TestClient) -> None:
    policy = content_security_policy(assets().csp_hash)
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2))
    tid = table["table"]
    html = {"Accept": "text/html"}
    for path, headers in [
        ("/", html),
        ("/", {}),
        ("/api/games", {}),
        (f"/play/{tid}/0", html),
        (f"/watch/{tid}", html),
        ("/rules/kingdoms", html),
        ("/static/style.css", {}),
        ("/api/tables/nosuchtable", {}),  # a refusal too
        (seat_url(tid, 0, "view"), {}),  # 403
    ]:
        answer = sqlite_client.get(path, headers=headers)
        assert answer.headers["content-security-policy"] == policy, path
        assert answer.headers["x-content-type-options"] == "nosniff", path
        assert answer.headers["x-frame-options"] == "DENY", path
        assert answer.headers["referrer-policy"] == "no-referrer", path
    # Only the server's own scripts, and the pages' import map by its hash: never
    # 'unsafe-inline'.
    assert f"script-src 'self' {assets().csp_hash};" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    # The interactive API pages (scripts from another site) are off; the description stays.
    assert sqlite_client.get("/docs").status_code == 404
    assert sqlite_client.get("/openapi.json").status_code == 200


def test_invite_links_carry_the_token_after_the_hash(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    for invite in table["invites"]:
        assert "?" not in invite["url"]
        assert invite["url"].endswith(f"/{invite['seat']}#token={invite['token']}")
        # regency connect reads both forms.
        parsed = parse_invite(invite["url"])
        assert (parsed.seat, parsed.token) == (invite["seat"], invite["token"])
        old = parse_invite(invite["url"].replace("#token=", "?token="))
        assert old.token == invite["token"]
    assert table["spectator"]["url"].endswith(f"#token={table['spectator']['token']}")


def test_a_token_travels_in_a_header_a_subprotocol_or_an_old_query(
    sqlite_client: TestClient,
) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    tid, token = table["table"], table["invites"][0]["token"]
    url = seat_url(tid, 0, "view")
    assert sqlite_client.get(url, headers=auth(token)).status_code == 200
    assert sqlite_client.get(f"{url}?token={token}").status_code == 200  # old links
    assert sqlite_client.get(url).status_code == 403
    # A browser's socket: the token rides in the subprotocol list, and the server
    # answers with the subprotocol "regency".
    with sqlite_client.websocket_connect(
        f"/api/tables/{tid}/seats/0/ws", subprotocols=["regency", f"regency.token.{token}"]
    ) as ws:
        assert ws.accepted_subprotocol == "regency"
        assert ws.receive_json()["seat"] == 0


def test_request_token_prefers_the_header_and_ignores_giant_tokens() -> None:
    headers = httpx.Headers({"authorization": "Bearer aaa", "sec-websocket-protocol": "x"})
    assert request_token(headers, {"token": "bbb"}) == "aaa"
    protocol = httpx.Headers({"sec-websocket-protocol": "regency, regency.token.ccc"})
    assert request_token(protocol, {}) == "ccc"
    assert request_token(httpx.Headers({}), {"token": "d" * 500}) is None


def test_redact_blanks_every_token_form() -> None:
    line = (
        '127.0.0.1:5 - "GET /play/T/0?token=SECRET1&x=1 HTTP/1.1" 200 '
        "Bearer SECRET2 regency.token.SECRET3 /watch/T#token=SECRET4"
    )
    cleaned = redact(line)
    assert not any(f"SECRET{i}" in cleaned for i in range(1, 5)), cleaned
    assert "&x=1" in cleaned


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_no_log_line_shows_a_token_at_any_level(sqlite_db: str, tmp_path: Path, fmt: str) -> None:
    extra = ("--log-level", "debug", "--log-format", fmt)
    with Server(sqlite_db, tmp_path, extra=extra) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            body: dict[str, Any] = {
                "game": "claim",
                "players": 2,
                "seats": people(2),
                "think_time": 0,
            }
            table = http.post("/api/tables", json=body).json()
            tid = table["table"]
            tokens = [i["token"] for i in table["invites"]] + [table["spectator"]["token"]]
            http.get(f"/api/tables/{tid}/seats/0/view?token={tokens[0]}")
            http.get(f"/api/tables/{tid}/seats/1/view", headers=auth(tokens[1]))
            http.get(f"/play/{tid}/0?token={tokens[0]}", headers={"Accept": "text/html"})
            http.get(f"/api/tables/{tid}/spectate?token={tokens[2]}")
            http.get(f"/api/tables/{tid}/seats/1/view?token={tokens[0]}")  # refused
            http.post(  # a refused move, with the token in a header
                f"/api/tables/{tid}/seats/0/actions",
                json={"action": "nonsense", "version": 0},
                headers=auth(tokens[0]),
            )
        logs = server.output()
    assert f"/api/tables/{tid}/seats/0/view" in logs, "the access log was not written"
    for token in tokens:
        assert token not in logs
    # After the banner (three lines of text, or one JSON event), every line is one event,
    # in the format asked for; nothing else, not even after the Ctrl-C that stops it.
    lines = logs.splitlines()[3 if fmt == "text" else 0 :]
    assert lines
    if fmt == "text":
        odd = [x for x in lines if not re.match(r"\d{4}-\d\d-\d\dT[\d:.]+Z [A-Z]+ [\w.]+: ", x)]
        assert not odd, odd
    else:  # one JSON object per line, naming the table it is about
        entries = [json.loads(line) for line in lines]
        assert {"time", "level", "logger", "message"} <= set(entries[0])
        about = [e for e in entries if f"/api/tables/{tid}/seats/0/view" in e["message"]]
        assert about and all(e["table"] == tid for e in about)
        assert any("[redacted]" in e["message"] for e in about)
