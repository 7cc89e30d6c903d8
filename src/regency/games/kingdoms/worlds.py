"""Kingdoms' hidden tiles: re-dealing them consistently with what a seat knows.

What a seat does not know is which tile each other player holds as a starting tile
and in what order the supply lies; it knows the multiset they form together (every
tile not on the board, not being placed, and not its own starting tile). Every order of
that multiset is equally likely, so a world is one shuffle of it. The later epochs'
shuffles are unknown too: a world gets a fresh seed.

Two entry points:

* :func:`world_from_observation` rebuilds a game from an observation alone (what agents
  use: it cannot leak what the observation does not show);
* :func:`resample` starts from the true game and re-deals what a seat cannot see (what
  the no-leak tests use: if an observation showed a hidden tile, re-dealing it would
  change the observation).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from regency.core.errors import RegencyError
from regency.core.rng import shuffle, shuffled
from regency.games.kingdoms.board import EMPTY, SQUARES
from regency.games.kingdoms.positions import parse_board
from regency.games.kingdoms.rules import EpochScore
from regency.games.kingdoms.tiles import NO_TILE, tile_from_code

if TYPE_CHECKING:
    from regency.games.kingdoms.state import KingdomsState

__all__ = ["resample", "world_from_observation", "world_sampler"]

S = TypeVar("S", bound="KingdomsState")


def resample(state: S, seat: int, rng: random.Random) -> S:
    """Return a copy of ``state`` with everything ``seat`` cannot see re-dealt at random.

    Deliberately not built on the observation code: this is the oracle the no-leak tests
    check observations against, so it reads the true supply and starting tiles.
    """
    world = state.clone()
    world._unrecorded = True
    world.seed = rng.getrandbits(63)  # later epochs' shuffles are unknown to the seat
    holders = [s for s in range(world.num_players) if s != seat and world._start[s]]
    pool = world._supply + [world._start[s] for s in holders]
    shuffle(rng, pool)
    for other in holders:
        world._start[other] = pool.pop()
    world._supply = pool
    return world


def world_from_observation(cls: type[S], obs: dict[str, Any], rng: random.Random) -> S:
    """Build a complete game consistent with the observation ``obs``.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    return world_sampler(cls, obs)(rng)


def world_sampler(cls: type[S], obs: dict[str, Any]) -> Callable[[random.Random], S]:
    """Read ``obs`` once; each call of the result deals one consistent world.

    Search deals a world per iteration from one observation: parsing the board and the
    moves every time cost ten times the deal itself, so the public part is built once
    and each world is a clone of it with the unseen tiles shuffled in. A world from
    ``world_sampler(cls, obs)(rng)`` is the one ``world_from_observation`` deals.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    template, pool, holders = _read_public(cls, obs)

    def deal(rng: random.Random) -> S:
        world = template.clone()
        world.seed = rng.getrandbits(63)  # later epochs' shuffles are unknown to the seat
        tiles = shuffled(pool, rng)
        for other in holders:
            world._start[other] = tiles.pop()
        world._supply = tiles
        return world

    return deal


def _read_public(cls: type[S], obs: dict[str, Any]) -> tuple[S, list[int], list[int]]:
    """The game as ``obs`` shows it (no unseen tile dealt), the unseen tiles, their holders."""
    from regency.games.kingdoms.views import move_from_dict

    seat = obs["seat"]
    n = obs["players"]
    world = cls.__new__(cls)
    world._empty(n, 0, {})
    world._unrecorded = True
    world._epoch = obs["epoch"]
    world._start_player = obs["start_player"]
    world._turn = obs["to_move"] if obs["to_move"] is not None else -1
    try:
        cells = parse_board(obs["board"], n)
        drawn = tile_from_code(obs["drawn"]) if obs["drawn"] else NO_TILE
        own = tile_from_code(obs["starting_tile"]) if obs["starting_tile"] else NO_TILE
        pool = [tile_from_code(code) for code, count in obs["unseen"].items() for _ in range(count)]
        history = [EpochScore.from_dict(h, n) for h in obs["scoring"]]
        moves = [move_from_dict(m) for m in obs["moves"]]
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise RegencyError(f"not a Kingdoms observation: {exc}") from None
    world._cells = cells
    world._open = [sq for sq in range(SQUARES) if cells[sq] == EMPTY]
    world._gold = list(obs["gold"])
    world._hand = [c for seat_castles in obs["castles"] for c in seat_castles]
    world._drawn = drawn
    world._history = history
    world._moves = moves
    holders = [s for s in range(n) if s != seat and obs["holds_starting_tile"][s]]
    if len(pool) != obs["supply"] + len(holders):
        raise RegencyError("the observation's unseen tiles do not match the supply and hands")
    world._start = [NO_TILE] * n
    if seat is not None:
        world._start[seat] = own
    world._supply = []
    return world, pool, holders
