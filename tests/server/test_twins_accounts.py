"""Twin tables, signed in: nothing an account can ask tells apart deals it cannot tell apart.

The twins of ``test_twins.py`` (two deals that differ only in cards seat 0 cannot see),
each on a server of its own where the same account, ``Party``, set the table up and sits
at seat 0 (every other seat a person with an invite link). The same moves are played on
both (seat 0's with the account's session cookie and CSRF token, the others' with their
links' tokens), and at every version while seat 0's observations are equal everything
the account can ask must get the same answer once the table's id is replaced and the
clock's fields are left out: its seat's view by cookie, what its socket (opened with the
cookie) was pushed, the table's summary and chat, "My games", its profile and list of
games, the leaderboards, and the refusals it can provoke; and a stranger's view of the
profile and leaderboards too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import regency
from tests.server.conftest import make_client
from tests.server.helpers import auth, seat_url
from tests.server.test_twins import PLACEHOLDER, Twins, choose_twins, describe

ORIGIN = "http://testserver"

VOLATILE = frozenset({"since", "updated_at", "finished_at", "created_at", "at", "now"})
"""Fields that hold the clock's time: they differ between any two servers."""

CASES = [info.name for info in regency.available_games()]


def steady(value: Any) -> Any:
    """A JSON value without the clock's fields."""
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [steady(v) for v in value]
    return value


def normal(status: int, text: str, table: str, csrf: str = "") -> tuple[object, ...]:
    """The answer with the table's id and the session's own CSRF token replaced."""
    text = text.replace(table, PLACEHOLDER)
    if csrf:
        text = text.replace(csrf, "<csrf>")
    try:
        return (status, json.dumps(steady(json.loads(text)), sort_keys=True))
    except ValueError:
        return (status, text)


class Twin:
    """One of the two servers: its client (the account's browser), table and socket."""

    def __init__(self, client: TestClient, game: str, players: int, deal: tuple[int, Any]) -> None:
        self.client = client
        client.headers["Origin"] = ORIGIN
        answer = client.post(
            "/api/account/signup", json={"name": "Party", "password": "twins at the table"}
        )
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]
        seed, options = deal
        seats = [{"me": True}] + [{"name": f"guest {s}"} for s in range(1, players)]
        made = client.post(
            "/api/tables",
            json={"game": game, "players": players, "seats": seats, "options": options,
                  "seed": seed, "think_time": 0},
            headers=self.csrf_header(),
        )  # fmt: skip
        assert made.status_code == 201, made.text
        self.table: dict[str, Any] = made.json()
        self.id: str = self.table["table"]
        self.tokens = {i["seat"]: i["token"] for i in self.table["invites"]}

    def csrf_header(self) -> dict[str, str]:
        return {"X-CSRF-Token": self.csrf}

    def cookie(self) -> str:
        return f"regency_session={self.client.cookies.get('regency_session')}"

    def socket(self, stack: ExitStack) -> WebSocketTestSession:
        return stack.enter_context(
            self.client.websocket_connect(
                f"/api/tables/{self.id}/seats/0/ws",
                headers={"cookie": self.cookie(), "origin": ORIGIN},
            )
        )

    def move(self, seat: int, action: str, version: int) -> None:
        headers = self.csrf_header() if seat == 0 else auth(self.tokens[seat])
        answer = self.client.post(
            seat_url(self.id, seat, "actions"),
            json={"action": action, "version": version},
            headers=headers,
        )
        assert answer.status_code == 200, answer.text


def ask_everything(
    twin: Twin, version: int, socket: WebSocketTestSession, players: int
) -> Iterator[tuple[str, tuple[object, ...]]]:
    """Everything the account (and a stranger) can ask at ``version``, answered."""
    client, tid = twin.client, twin.id

    def get(path: str, **kw: Any) -> tuple[object, ...]:
        answer = client.get(path, **kw)
        return normal(answer.status_code, answer.text, tid, twin.csrf)

    pushed = json.loads(socket.receive_text())
    assert (pushed["type"], pushed["version"]) == ("view", version)
    yield "WS push", normal(200, json.dumps(pushed), tid)
    yield "GET view by cookie", get(seat_url(tid, 0, "view"))
    yield "GET summary", get(f"/api/tables/{tid}")
    yield "GET chat", get(f"/api/tables/{tid}/chat")
    yield "GET account", get("/api/account")
    yield "GET my games", get("/api/account/games")
    yield "GET profile", get("/api/players/Party")
    yield "GET profile games", get("/api/players/Party/games")
    yield "GET leaderboard", get("/api/leaderboard")
    for seat in range(1, players):
        answer = client.get(seat_url(tid, seat, "view"))
        assert answer.status_code == 403
        yield f"GET seat {seat} view by cookie", normal(403, answer.text, tid)
        answer = client.post(
            seat_url(tid, seat, "actions"),
            json={"action": "zzz", "version": version},
            headers=twin.csrf_header(),
        )
        assert answer.status_code >= 400
        yield f"POST seat {seat} move by cookie", normal(answer.status_code, answer.text, tid)
        answer = client.post(seat_url(tid, seat, "join"), headers=twin.csrf_header())
        assert answer.status_code >= 400
        yield f"POST join seat {seat}", normal(answer.status_code, answer.text, tid)
    answer = client.post(
        seat_url(tid, 0, "actions"),
        json={"action": "zzz", "version": version + 1},
        headers=twin.csrf_header(),
    )
    yield "POST own stale move", normal(answer.status_code, answer.text, tid)
    stranger = {"cookie": ""}
    yield "stranger profile", get("/api/players/Party", headers=stranger)
    yield "stranger leaderboard", get("/api/leaderboard", headers=stranger)


@pytest.mark.parametrize("game", CASES)
def test_signed_in_twins_look_the_same(game: str, tmp_path: Path) -> None:
    players = regency.game_info(game).default_players
    twins: Twins = choose_twins(game, players, 0, most=12)
    assert twins.compared >= 10
    games = [
        regency.new_game(game, players=players, seed=seed, **options)
        for seed, options in twins.deals
    ]
    with ExitStack() as stack:
        clients = [
            stack.enter_context(make_client(f"sqlite:///{tmp_path / f'{n}.db'}", test_hashing=True))
            for n in range(2)
        ]
        sides = [Twin(c, game, players, deal) for c, deal in zip(clients, twins.deals, strict=True)]
        sockets = [t.socket(stack) for t in sides]
        differences: dict[str, str] = {}
        for version in range(twins.compared):
            assert games[0].observation(0) == games[1].observation(0)
            answers = [
                list(ask_everything(t, version, s, players))
                for t, s in zip(sides, sockets, strict=True)
            ]
            for (name, a), (_, b) in zip(answers[0], answers[1], strict=True):
                if a != b and name not in differences:
                    differences[name] = f"{name} (first at version {version}): {describe(a, b)}"
            if version < len(twins.moves):
                move = twins.moves[version]
                for twin, dealt in zip(sides, games, strict=True):
                    mover = dealt.current_player
                    assert mover is not None
                    twin.move(mover, move, version)
                    dealt.play(move)
        assert not differences, "\n".join(differences.values())
