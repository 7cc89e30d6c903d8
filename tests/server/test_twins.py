"""Twin tables: nothing a party can ask tells apart two deals it cannot tell apart.

For every game, player count and party (each seat, a spectator holding the table's
spectator token, a stranger holding no token), two tables are set up on one server whose
deals differ only in cards that party cannot see, with the same public facts (the same
``first`` seat, factions and seat names; every seat a person). Claim and Claim Kingdoms
get a stacked ``deck`` and the same deck with two cards swapped; Kingdoms, which has no
``deck`` option, gets two seeds whose deals show the party the same thing. The same moves
are played on both tables, and at every version while the party's observations of the two
deals are equal, everything the party can ask must get byte-identical answers once each
table's id is replaced: the public summary, its view, what its WebSocket pushed, the
refusals it can provoke without changing the game, the pages, the record, replay,
analysis and score sheet routes and the rematch offer (refused while the game runs), and
the history.

The twins are chosen with the engine alone, before the server is asked: of a few
candidate swaps (or seeds), the one whose observations stay equal longest under the
random moves played (each drawn from the moves legal in both deals).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import regency
from tests.server.helpers import auth, create, people, seat_url, view, ws_url

SPECTATOR = "spectator"
STRANGER = "stranger"

Party = int | str
"""A seat, :data:`SPECTATOR` or :data:`STRANGER`."""

Deal = tuple[int, dict[str, Any]]
"""A table's seed and options."""

Answer = tuple[object, ...]
"""What the server answered, with the table's id replaced: comparable between twins."""

PLACEHOLDER = "<table>"

VOLATILE_HEADERS = frozenset({"date"})
"""Headers that may differ between two answers to the same question: the clock's."""

CANDIDATES = {"claim": 40, "claim-kingdoms": 40, "kingdoms": 400}
"""Candidate twins tried per case at most (a game's own twins last longer than a seed's);
the one alike longest is kept."""

MIN_COMPARED = 10
"""Versions every case must compare at least: fewer and the test has no teeth."""

DEFAULT_VERSIONS = 24
"""Versions the default run compares per case."""

SLOW_VERSIONS: int | None = None
"""Versions the slow run compares per case (``None``: every one while the twins are
alike; up to 180, about 40 s a case, for 4-player Claim Kingdoms)."""

CASES = [
    (info.name, n, party)
    for info in regency.available_games()
    for n in info.players
    for party in [*range(n), SPECTATOR, STRANGER]
]
DEFAULT_CASES = [c for c in CASES if c[1] == regency.game_info(c[0]).default_players]
SLOW_CASES = [c for c in CASES if c not in DEFAULT_CASES]


def case_id(case: tuple[str, int, Party]) -> str:
    game, players, party = case
    return f"{game}-{players}p-{party if isinstance(party, str) else f'seat{party}'}"


def seat_of(party: Party) -> int | None:
    """The seat whose observation the party has (``None``: the public one)."""
    return party if isinstance(party, int) else None


# -- choosing the twins, with the engine alone ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Twins:
    """Two deals one party cannot tell apart, and the moves played on both."""

    game: str
    players: int
    party: Party
    deals: tuple[Deal, Deal]
    moves: tuple[str, ...]
    """The moves between the compared versions (one fewer than ``compared``)."""
    compared: int
    """Versions 0 to ``compared - 1`` show the party the same in both deals."""
    probes: tuple[str, ...]
    """Move texts the party tries (and is refused), naming the cards that differ."""


def walk(
    game: str,
    players: int,
    seat: int | None,
    deals: tuple[Deal, Deal],
    rng_seed: str,
    most: int | None,
) -> tuple[int, list[str]]:
    """Play random moves legal in both deals while ``seat`` sees the same in both.

    Returns:
        How many versions (from 0, at most ``most``) showed ``seat`` the same, the game
        not over and the full states different; and the moves between them.
    """
    a, b = (regency.new_game(game, players=players, seed=s, **o) for s, o in deals)
    rng = random.Random(rng_seed)
    moves: list[str] = []
    compared = 0
    while not (a.is_over or b.is_over) and a.observation(seat) == b.observation(seat):
        if a.state_dict() == b.state_dict():
            break  # not twins at all: the same deal
        compared += 1
        if compared == most:
            break
        theirs = {str(m) for m in b.legal_actions()}
        common = [str(m) for m in a.legal_actions() if str(m) in theirs]
        if not common:
            break
        move = rng.choice(common)
        a.play(move)
        b.play(move)
        moves.append(move)
    return compared, moves[: max(compared - 1, 0)]


def full_deck(game: str, players: int, rng: random.Random) -> list[str]:
    """Every card of a random deck for ``game``, as the ``deck`` option names them."""
    dealt = regency.new_game(game, players=players, seed=rng.randrange(2**32))
    if game == "claim":
        state = dealt.state_dict()
        cards = [c for hand in state["hands"] for c in hand]
        cards += state["face_up"] + state["draw_pile"]
    else:
        cards = [f for f in dealt.options["factions"] for _ in range(7)]
    rng.shuffle(cards)
    return cards


def probes_for(game: str, cards: tuple[str, ...]) -> tuple[str, ...]:
    """Moves the party tries (and is refused), some naming the cards that differ."""
    verbs = {"claim": ["", "take "], "claim-kingdoms": ["take ", "keep ", "copy "]}
    named = [f"{verb}{card}" for card in cards for verb in verbs.get(game, [])]
    extra = ["tile A1", "start A1", "draw", "pass"] if game == "kingdoms" else []
    return ("zzz", *named, *extra)


def seed_twins(
    game: str, players: int, seat: int | None, rng: random.Random
) -> Iterator[tuple[tuple[Deal, Deal], tuple[str, ...]]]:
    """Kingdoms (no ``deck`` option): two seeds whose deals show ``seat`` the same."""
    options = {"first": rng.randrange(players)}
    seed = rng.randrange(2**32)
    shown = regency.new_game(game, players=players, seed=seed, **options).observation(seat)
    other = seed
    while True:
        other += 1
        theirs = regency.new_game(game, players=players, seed=other, **options)
        if theirs.observation(seat) == shown:
            yield ((seed, options), (other, options)), ()


def swap_twins(
    game: str, players: int, seat: int | None, rng: random.Random
) -> Iterator[tuple[tuple[Deal, Deal], tuple[str, ...]]]:
    """A stacked deck and the same deck with two cards swapped; and those two cards.

    The swap may show at version 0 (a card in ``seat``'s hand, or turned up): such
    twins are alike for no version and never chosen.
    """
    first = rng.randrange(players)
    cards = full_deck(game, players, rng)
    while True:
        i, j = rng.sample(range(len(cards)), 2)
        if cards[i] != cards[j]:
            swapped = cards.copy()
            swapped[i], swapped[j] = cards[j], cards[i]
            deals = ((1, {"deck": cards, "first": first}), (1, {"deck": swapped, "first": first}))
            yield deals, (cards[i], cards[j])


def choose_twins(game: str, players: int, party: Party, most: int | None) -> Twins:
    """Of a few candidate twins, the ones alike longest (up to ``most`` versions).

    Each candidate plays its own random moves; the choice is the same on every run.
    """
    name = case_id((game, players, party))
    seat = seat_of(party)
    rng = random.Random(name)
    best: tuple[int, list[str], tuple[Deal, Deal], tuple[str, ...]] | None = None
    candidates = (seed_twins if game == "kingdoms" else swap_twins)(game, players, seat, rng)
    for k in range(CANDIDATES.get(game, 40)):
        deals, differing = next(candidates)
        compared, moves = walk(game, players, seat, deals, f"{name}/{k}", most)
        if best is None or compared > best[0]:
            best = (compared, moves, deals, differing)
        if compared == most:
            break
    assert best is not None
    compared, moves, deals, differing = best
    return Twins(game, players, party, deals, tuple(moves), compared, probes_for(game, differing))


# -- asking the server everything a party can ask -------------------------------------------


def normal(response: httpx.Response, table: str) -> Answer:
    """Status, headers and body, the table's id replaced.

    A compressed answer's length is left out: it changes with the table's random id (the
    same plain text compresses a byte or two shorter or longer), and the body it stands
    for is compared whole, decoded.
    """
    volatile = VOLATILE_HEADERS
    if "content-encoding" in response.headers:
        volatile = volatile | {"content-length"}
    headers = tuple(
        sorted(
            (k, v.replace(table, PLACEHOLDER))
            for k, v in response.headers.items()
            if k not in volatile
        )
    )
    return (response.status_code, headers, response.text.replace(table, PLACEHOLDER))


def refused_socket(client: TestClient, url: str, table: str) -> Answer:
    """A WebSocket the party may not open: how it was closed (or what it was sent)."""
    try:
        with client.websocket_connect(url) as ws:
            return ("accepted", ws.receive_text().replace(table, PLACEHOLDER))
    except WebSocketDisconnect as exc:
        return ("closed", exc.code, exc.reason.replace(table, PLACEHOLDER))


def heard(socket: WebSocketTestSession, table: str) -> Answer:
    """The next message on the party's socket, the table's id replaced."""
    return ("text", socket.receive_text().replace(table, PLACEHOLDER))


def party_socket(
    stack: ExitStack, client: TestClient, table: dict[str, Any], party: Party
) -> WebSocketTestSession | None:
    """The party's own WebSocket, open through the game (a stranger has none)."""
    tid = table["table"]
    if isinstance(party, int):
        url = ws_url(tid, party, table["invites"][party]["token"])
    elif party == SPECTATOR:
        url = f"/api/tables/{tid}/spectate/ws?token={table['spectator']['token']}"
    else:
        return None
    return stack.enter_context(client.websocket_connect(url))


def token_of(table: dict[str, Any], party: Party) -> str | None:
    if isinstance(party, int):
        token: str = table["invites"][party]["token"]
        return token
    if party == SPECTATOR:
        spectator: str = table["spectator"]["token"]
        return spectator
    return None


def ask_everything(
    client: TestClient,
    table: dict[str, Any],
    twins: Twins,
    version: int,
    probes: list[str],
    socket: WebSocketTestSession | None,
    observed: dict[str, Any],
) -> Iterator[tuple[str, Answer]]:
    """Everything the party can ask at ``version`` without changing the game, answered.

    Args:
        client: The server.
        table: The table (as created).
        twins: The case.
        version: The table's version.
        probes: The moves the party's seat sends at ``version``, all refused.
        socket: The party's WebSocket, its view for ``version`` not yet read.
        observed: The party's observation in the engine's copy of this table's game.
    """
    tid = table["table"]
    party, players = twins.party, twins.players
    token = token_of(table, party)
    headers = auth(token) if token else {}
    query = f"?token={token}" if token else ""
    html = {"Accept": "text/html", **headers}

    def get(path: str, **kw: Any) -> Answer:
        return normal(client.get(path, **kw), tid)

    def refused_move(seat: int, action: str, at: int) -> Answer:
        response = client.post(
            seat_url(tid, seat, "actions"), json={"action": action, "version": at}, headers=headers
        )
        assert response.status_code >= 400, f"a probe changed the game: {response.text}"
        return normal(response, tid)

    if socket is not None:
        pushed = socket.receive_text()
        shown = json.loads(pushed)
        assert (shown["type"], shown["version"]) == ("view", version)
        assert shown["observation"] == observed, "the table is not the engine's copy"
        yield "WS push", ("text", pushed.replace(tid, PLACEHOLDER))
    yield "GET summary", get(f"/api/tables/{tid}")
    yield "GET spectate", get(f"/api/tables/{tid}/spectate", headers=headers)
    yield "GET chat", get(f"/api/tables/{tid}/chat", headers=headers)
    stale = [version + 1, *([version - 1] if version else [])]
    for seat in range(players + 1):  # and a seat the table does not have
        yield f"GET seat {seat} view", get(seat_url(tid, seat, "view"), headers=headers)
        yield f"GET page play {seat}", get(f"/play/{tid}/{seat}{query}", headers=html)
        if seat == party:
            continue  # the seat's own refusals come last
        yield f"POST seat {seat} move", refused_move(seat, "zzz", version)
        chat = client.post(seat_url(tid, seat, "chat"), json={"text": "hi"}, headers=headers)
        assert chat.status_code >= 400, f"a party wrote in another seat's name: {chat.text}"
        yield f"POST seat {seat} chat", normal(chat, tid)
        yield (
            f"POST seat {seat} return",
            normal(client.post(seat_url(tid, seat, "return"), headers=headers), tid),
        )
        yield (
            f"POST seat {seat} rematch",
            normal(client.post(seat_url(tid, seat, "rematch"), headers=headers), tid),
        )
        url = f"{seat_url(tid, seat, 'ws')}{query}"
        yield f"WS seat {seat}", refused_socket(client, url, tid)
    yield "GET page watch", get(f"/watch/{tid}{query}", headers=html)
    if party != SPECTATOR:
        yield "WS spectate", refused_socket(client, f"/api/tables/{tid}/spectate/ws{query}", tid)
    yield "GET record", get(f"/api/tables/{tid}/record")
    yield "GET replay step", get(f"/api/tables/{tid}/replay/0")
    if isinstance(party, int):
        yield "GET replay step as seat", get(f"/api/tables/{tid}/replay/0?seat={party}")
    yield "GET page replay", get(f"/replay/{tid}", headers=html)
    yield "GET scoresheet", get(f"/api/tables/{tid}/scoresheet")
    yield "GET analysis", get(f"/api/tables/{tid}/analysis")
    yield "POST analysis", normal(client.post(f"/api/tables/{tid}/analysis"), tid)
    history = client.get("/api/history?limit=200")
    assert tid not in history.text, "a running table is listed in the history"
    yield "GET history", normal(history, tid)
    # What only the party's own seat or socket gets.
    if isinstance(party, int):
        assert socket is not None
        refusals = [("zzz", at) for at in stale] + [(p, version) for p in probes]
        for action, at in refusals:
            yield f"POST own move {action!r} at {at - version:+d}", refused_move(party, action, at)
            socket.send_json({"type": "action", "action": action, "version": at})
            yield f"WS own move {action!r} at {at - version:+d}", heard(socket, tid)
        for accept in (True, False):  # refused while the game runs: not_finished
            response = client.post(
                seat_url(tid, party, "rematch"), json={"accept": accept}, headers=headers
            )
            assert response.status_code == 409, response.text
            yield f"POST own rematch {accept}", normal(response, tid)
        response = client.post(seat_url(tid, party, "return"), headers=headers)
        yield "POST own return", normal(response, tid)
        yield "WS push after return", heard(socket, tid)
    elif socket is not None:
        socket.send_json({"type": "action", "action": "zzz", "version": version})
        yield "WS spectator move", heard(socket, tid)


# -- comparing --------------------------------------------------------------------------------


def json_differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON values differ (paths like ``options.deck``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for key in [*a, *(k for k in b if k not in a)]:
            where = f"{path}.{key}" if path else str(key)
            out += (
                json_differences(a.get(key), b.get(key), where)
                if key in a and key in b
                else [where]
            )
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in json_differences(x, y, f"{path}[{i}]")
        ]
    return [] if a == b else [path or "(the whole value)"]


def describe(a: Answer, b: Answer) -> str:
    """What differs between two answers, briefly."""
    if len(a) != len(b) or a[:-1] != b[:-1]:
        return f"{a[:-1]!r} != {b[:-1]!r}"
    try:
        paths = json_differences(json.loads(str(a[-1])), json.loads(str(b[-1])))
    except ValueError:
        return "the text differs"
    return "fields " + ", ".join(paths[:6])


def refuses(game: regency.Game[Any], text: str) -> bool:
    """Whether the engine refuses the move ``text`` (the game is left as it was)."""
    try:
        game.clone().play(text)
    except regency.IllegalActionError:
        return True
    return False


def check_twins(client: TestClient, twins: Twins) -> None:
    game_name, players, party = twins.game, twins.players, twins.party
    seat = seat_of(party)
    assert twins.compared >= MIN_COMPARED, (
        f"the twins stay alike for only {twins.compared} versions: no teeth"
    )
    tables = [
        create(
            client,
            game=game_name,
            players=players,
            seats=people(players),
            options=options,
            seed=seed,
        )
        for seed, options in twins.deals
    ]
    games = [
        regency.new_game(game_name, players=players, seed=seed, **options)
        for seed, options in twins.deals
    ]
    # The server dealt what the engine dealt (asked as the tables' creator).
    for table, game in zip(tables, games, strict=True):
        for invite in table["invites"]:
            shown = view(client, table["table"], invite["seat"], invite["token"])
            assert shown["observation"] == game.observation(invite["seat"])
    differences: dict[str, str] = {}
    with ExitStack() as stack:
        sockets = [party_socket(stack, client, table, party) for table in tables]
        for version in range(twins.compared):
            assert games[0].observation(seat) == games[1].observation(seat)
            assert games[0].state_dict() != games[1].state_dict()
            if seat is not None and games[0].current_player == seat:
                probes = [p for p in twins.probes if all(refuses(g, p) for g in games)]
            else:  # refused before the engine sees the move, whatever it is
                probes = ["zzz"]
            answers = [
                list(ask_everything(client, table, twins, version, probes, socket, observed))
                for table, socket, observed in zip(
                    tables, sockets, [g.observation(seat) for g in games], strict=True
                )
            ]
            assert [n for n, _ in answers[0]] == [n for n, _ in answers[1]]
            for (name, a), (_, b) in zip(answers[0], answers[1], strict=True):
                if a != b and name not in differences:
                    differences[name] = f"{name} (first at version {version}): {describe(a, b)}"
            if version < len(twins.moves):
                move = twins.moves[version]
                for table, game in zip(tables, games, strict=True):
                    mover = game.current_player
                    assert mover is not None
                    response = client.post(
                        seat_url(table["table"], mover, "actions"),
                        json={"action": move, "version": version},
                        headers=auth(table["invites"][mover]["token"]),
                    )
                    assert response.status_code == 200, response.text
                    game.play(move)
    assert not differences, (
        f"{case_id((game_name, players, party))}: twins this party cannot tell apart "
        f"get different answers over {twins.compared} versions:\n" + "\n".join(differences.values())
    )


@pytest.mark.parametrize("case", DEFAULT_CASES, ids=[case_id(c) for c in DEFAULT_CASES])
def test_twins_look_the_same(case: tuple[str, int, Party], sqlite_client: TestClient) -> None:
    check_twins(sqlite_client, choose_twins(*case, most=DEFAULT_VERSIONS))


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW_CASES, ids=[case_id(c) for c in SLOW_CASES])
def test_twins_look_the_same_every_count(
    case: tuple[str, int, Party], sqlite_client: TestClient
) -> None:
    check_twins(sqlite_client, choose_twins(*case, most=SLOW_VERSIONS))
