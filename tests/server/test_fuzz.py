"""No request, however malformed, gets a 500: random bodies, paths and socket messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server.conftest import make_client
from tests.server.helpers import auth, create, people, seat_url

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.sampled_from(
    [
        "game",
        "players",
        "options",
        "seats",
        "seed",
        "think_time",
        "move_seconds",
        "takeover_minutes",
        "takeover_agent",
        "action",
        "version",
        "name",
        "agent",
        "type",
        "x",
    ]
)
BODIES = st.one_of(
    JSON,
    st.dictionaries(FIELDS, JSON, max_size=6),
    st.fixed_dictionaries(
        {"game": st.sampled_from(["claim", "kingdoms", "claim-kingdoms", "x"])},
        optional={"players": JSON, "options": JSON, "seats": JSON, "seed": JSON},
    ),
)


def test_no_request_gets_a_500(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        table = create(client, game="claim", players=2, seats=people(2))
        tid = table["table"]
        token = table["invites"][0]["token"]
        paths = [
            "/api/tables",
            seat_url(tid, 0, "actions"),
            seat_url(tid, 1, "actions"),
            seat_url(tid, 0, "return"),
            f"/api/tables/{tid}",
        ]

        @settings(max_examples=60, deadline=None)
        @given(
            body=BODIES,
            path=st.sampled_from(paths),
            raw=st.binary(max_size=64),
            use_raw=st.booleans(),
            segment=st.text(max_size=12),
        )
        def check(body: Any, path: str, raw: bytes, use_raw: bool, segment: str) -> None:
            content = raw if use_raw else json.dumps(body).encode()
            answer = client.post(
                path, content=content, headers={"content-type": "application/json", **auth(token)}
            )
            assert answer.status_code < 500, (path, content, answer.text)
            assert "error" in answer.json() or answer.status_code in (200, 201)
            quoted = quote(segment, safe="")
            for url in (f"/api/tables/{quoted}", seat_url(quoted, 0, "view")):
                got = client.get(url, headers=auth(token))
                assert got.status_code < 500

        check()


def test_no_socket_message_breaks_the_socket(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        table = create(client, game="claim", players=2, seats=people(2))
        tid, token = table["table"], table["invites"][0]["token"]
        with client.websocket_connect(f"{seat_url(tid, 0, 'ws')}?token={token}") as ws:
            assert ws.receive_json()["type"] == "view"

            @settings(max_examples=60, deadline=None)
            @given(body=BODIES)
            def check(body: Any) -> None:
                ws.send_text(json.dumps(body))
                while True:
                    reply = ws.receive_json()
                    if reply["type"] != "view":
                        break
                assert reply["type"] in ("ack", "error")

            check()
