"""The pools' list: each a real game, player count and one of the server's move clocks."""

from __future__ import annotations

import doctest

import pytest

import regency
from regency.core.i18n import using
from regency.pairing import POOLS, PoolError, find_pool, pools
from regency.server.live.clocks import MOVE_LIMITS


def test_the_docstrings_examples_hold() -> None:
    assert doctest.testmod(pools).failed == 0


def test_every_pool_is_a_game_at_a_player_count_it_is_played_by_with_a_server_clock() -> None:
    games = {info.name: info for info in regency.available_games()}
    for pool in POOLS:
        assert pool.players in games[pool.game].players, pool
        assert pool.move_seconds in MOVE_LIMITS, pool
    assert len({p.id for p in POOLS}) == len(POOLS)
    # Every game is offered at every player count it is played by.
    for name, info in games.items():
        assert {p.players for p in POOLS if p.game == name} == set(info.players)


def test_a_pool_by_its_id() -> None:
    assert find_pool("claim-2-120").title == "Claim, 2 players, 2 min a move"
    assert find_pool("claim-2-30").to_json() == {
        "id": "claim-2-30",
        "game": "claim",
        "players": 2,
        "move_seconds": 30,
        "title": "Claim, 2 players, 30 s a move",
        "game_title": "Claim",
        "players_words": "2 players",
        "clock_words": "30 s a move",
    }
    with using("pseudo"):  # words for the reader; the id, game and numbers stay
        pool = find_pool("claim-2-30").to_json()
    assert pool["players_words"] == "[2 þļåýéŕš]" and pool["game"] == "claim"
    assert pool["title"].startswith("[Claim, [2 þļåýéŕš], ")
    with pytest.raises(PoolError, match="no pool 'chess-2-120'; the pools: claim-2-30, "):
        find_pool("chess-2-120")
