"""Leavers: a computer player takes over a seat idle past the table's limit (after its
person's first move: before it, the table is aborted, test_first_moves.py); its person can
take it back."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.server.conftest import make_client
from tests.server.helpers import auth, create, people, play_random, seat_url, view, wait_until


def test_an_idle_seat_is_taken_over_and_taken_back(database: str) -> None:
    with make_client(database, takeover_tick=0.05) as client:
        table = create(
            client,
            game="claim",
            players=2,
            seats=people(2),
            seed=2,
            takeover_minutes=0.01,  # 0.6 s
            takeover_agent="random",
        )
        tid = table["table"]
        tokens = [i["token"] for i in table["invites"]]
        # Both make their first move (a trick: one card each).
        first = play_random(client, table, random.Random(2), moves=2)
        idle = first["to_move"]
        other = 1 - idle
        # Then both wait: the computer takes over whoever is to move, and keeps
        # playing that seat's turns.
        taken = wait_until(
            client,
            lambda: (
                (v := view(client, tid, other, tokens[other]))["seats"][idle]["replaced_by"]
                == "random"
                and v
            ),
        )
        assert taken["seats"][idle]["kind"] == "person"
        moved = wait_until(
            client,
            lambda: (v := view(client, tid, other, tokens[other]))["version"] > 2 and v,
        )
        assert moved["recent"][2]["seat"] == idle
        # Someone else's token cannot take the seat back; its own can.
        refused = client.post(seat_url(tid, idle, "return"), headers=auth(tokens[other]))
        assert refused.status_code == 403
        back = client.post(seat_url(tid, idle, "return"), headers=auth(tokens[idle]))
        assert back.status_code == 200 and back.json()["replaced_by"] is None
        state = view(client, tid, idle, tokens[idle])
        assert state["seats"][idle]["replaced_by"] is None


def test_without_the_option_nobody_is_replaced(tmp_path: Any) -> None:
    with make_client(f"sqlite:///{tmp_path / 'db.sqlite'}", takeover_tick=0.05) as client:
        table = create(client, game="claim", players=2, seats=people(2))
        tid, token = table["table"], table["invites"][0]["token"]
        time.sleep(0.5)
        state = view(client, tid, 0, token)
        assert state["version"] == 0
        assert all(s["replaced_by"] is None for s in state["seats"])


def test_a_person_who_moves_takes_the_seat_back(tmp_path: Any) -> None:
    with make_client(f"sqlite:///{tmp_path / 'db.sqlite'}", takeover_tick=0.05) as client:
        table = create(
            client,
            game="kingdoms",
            players=2,
            seats=[{"name": "a"}, {"agent": "random"}],
            takeover_minutes=0.01,
            think_time=1.0,
        )
        tid, token = table["table"], table["invites"][0]["token"]
        # Her first move (before it, a clock running out would abort the table).
        mine = wait_until(client, lambda: (v := view(client, tid, 0, token))["legal_moves"] and v)
        answer = client.post(
            seat_url(tid, 0, "actions"),
            json={"action": mine["legal_moves"][0], "version": mine["version"]},
            headers=auth(token),
        )
        assert answer.status_code == 200, answer.text
        state = wait_until(
            client,
            lambda: (v := view(client, tid, 0, token))["seats"][0]["replaced_by"] and v,
        )
        # The person moves on their turn: the move lands and the seat is theirs again.
        while True:
            state = view(client, tid, 0, token)
            if state["to_move"] != 0:
                continue
            answer = client.post(
                seat_url(tid, 0, "actions"),
                json={"action": state["legal_moves"][0], "version": state["version"]},
                headers=auth(token),
            )
            if answer.status_code == 200:
                break
            assert answer.json()["error"] in ("stale_version", "not_your_turn")
        assert view(client, tid, 0, token)["seats"][0]["replaced_by"] is None
