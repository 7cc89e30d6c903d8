"""What a seat knows of another's cards is a count of copies per code (issue 10).

Two copies of a code are interchangeable. A seat that took one face up (everyone saw)
and drew another blind (nobody saw) must not show others which one it played: after it
plays one, others know of one copy fewer, whichever card id the engine moved.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import regency
from regency.games.claim.state import ClaimState

FOLLOWERS = [
    ["GB0", "GB1", "GB2", "KN2", "KN3", "KN4", "UN0", "UN1", "DW0", "DW1", "DO1", "DO2"],
    ["GB3", "GB4", "GB5", "KN6", "KN7", "KN8", "UN4", "UN5", "DW2", "DW3", "DO3", "DO4"],
]


def _last_trick_for_a_goblin(relabel_seed: int | None) -> ClaimState:
    """Phase one's last trick (2 players, R-CLAIM-7): GB0 face up; seat 0 has a hidden GB0.

    Seat 0 leads KN9 and wins over KN5, so it takes the face-up GB0 (everyone sees)
    while seat 1 draws the UN3 (only seat 1 sees). In phase two seat 0 leads.
    """
    game = ClaimState.from_position(
        hands=[["KN9"], ["KN5"]],
        face_up=["GB0"],
        pile=["UN3"],
        leader=0,
        followers=FOLLOWERS,
    )
    if relabel_seed is not None:
        game = game.relabelled(random.Random(relabel_seed))
    game.play("KN9")
    game.play("KN5")
    return game


@pytest.mark.parametrize("relabel_seed", [None, *range(6)])
def test_a_goblin_taken_face_up_and_played_is_no_longer_known(relabel_seed: int | None) -> None:
    game = _last_trick_for_a_goblin(relabel_seed)
    assert game.phase == 2 and game.current_player == 0
    for viewer in (1, None):
        seen = game.observation(viewer)
        assert seen["hands"][0] == {"count": 13, "known": ["GB0"]}
        assert seen["public"][0] == ["GB0"]
    for viewer in (0, None):
        assert game.observation(viewer)["hands"][1]["known"] == []  # seat 1 drew blind
    game.play("GB0")  # seat 0 still holds a GB0: the hidden one, or the public one
    for viewer in (1, None):
        seen = game.observation(viewer)
        assert seen["hands"][0] == {"count": 12, "known": []}
        assert seen["public"][0] == []
    assert Counter(game.observation(0)["hand"])["GB0"] == 1


def test_the_issue_repro_every_id_order_shows_the_same() -> None:
    g = regency.new_game("claim", players=3, seed=7003)
    s0 = g.state_dict()
    order = [c for h in s0["hands"] for c in h] + s0["face_up"] + s0["draw_pile"]
    h = regency.new_game("claim", players=3, seed=7003, deck=order, first=s0["leader"])
    rng = random.Random(7003)
    for _ in range(67):
        a = str(rng.choice(g.legal_actions()))
        g.play(a)
        h.play(a)
    assert g.state_dict() == h.state_dict()
    assert g.observation(1)["hands"][0]["known"] == h.observation(1)["hands"][0]["known"]
    for seat in (None, 0, 1, 2):
        assert g.observation(seat) == h.observation(seat)


def _twin_by_codes(game: regency.Game[Any]) -> regency.Game[Any]:
    """The same deal through ``deck=``: the same cards by code, ids in code order."""
    s0 = game.state_dict()
    order = [c for h in s0["hands"] for c in h] + s0["face_up"] + s0["draw_pile"]
    return regency.new_game(
        "claim", players=game.num_players, seed=game.seed, deck=order, first=s0["leader"]
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_games_dealt_in_other_id_orders_show_everyone_the_same(players: int, seed: int) -> None:
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    twin = _twin_by_codes(game)
    rng = random.Random(seed)
    seats = [None, *range(players)]
    while not game.is_over:
        for seat in seats:
            assert game.observation(seat) == twin.observation(seat), (seat, len(game.actions))
        move = str(rng.choice(game.legal_actions()))
        game.play(move)
        twin.play(move)
    assert game.state_dict() == twin.state_dict()


def _takes_and_plays(obs: dict[str, Any]) -> tuple[list[Counter[str]], list[Counter[str]]]:
    """Per seat, from the public history: codes taken face up, codes played in phase 2."""
    n = obs["players"]
    taken: list[Counter[str]] = [Counter() for _ in range(n)]
    played: list[Counter[str]] = [Counter() for _ in range(n)]
    for trick in obs["tricks"]:
        if trick["phase"] == 1:
            for seat, code in trick["takes"]:
                if code is not None:
                    taken[seat][code] += 1
        else:
            for i, code in enumerate(trick["plays"]):
                played[(trick["leader"] + i) % n][code] += 1
    if obs["phase"] == 2:
        for i, code in enumerate(obs["played"]):
            played[(obs["leader"] + i) % n][code] += 1
    return taken, played


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(10))
def test_known_copies_never_exceed_those_taken_face_up_less_those_played(
    players: int, seed: int
) -> None:
    # Worked out from what the observer saw alone: a seat holds at least
    # (copies taken face up) - (copies played since) of a code, and nothing more is
    # public. A Seer's private looks add to that, so those games check the spectator.
    game = regency.new_game("claim", players=players, seed=seed, factions="random")
    rng = random.Random(seed)
    viewers: list[int | None] = [None]
    if "seers" not in game.observation(None)["factions"]:
        viewers += list(range(players))
    while True:
        for viewer in viewers:
            obs = game.observation(viewer)
            taken, played = _takes_and_plays(obs)
            for seat in range(players):
                if seat == viewer:
                    continue
                known = Counter(obs["hands"][seat]["known"] + obs["followers"][seat]["known"])
                for code, count in known.items():
                    assert count <= max(0, taken[seat][code] - played[seat][code])
                    assert count == taken[seat][code] - played[seat][code]
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
