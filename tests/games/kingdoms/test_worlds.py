"""Hidden information: what each seat sees, and worlds re-dealt from what it does not."""

from __future__ import annotations

import random
from collections import Counter

import regency
from regency.games.kingdoms import KingdomsState
from tests.games.kingdoms.helpers import ALL_CODES, tiles_everywhere


def midgame(players: int = 3, seed: int = 5, moves: int = 25) -> KingdomsState:
    game = regency.new_game("kingdoms", players=players, seed=seed)
    assert isinstance(game, KingdomsState)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_seat_sees_its_own_starting_tile_and_not_the_others() -> None:
    game = regency.new_game("kingdoms", players=3, seed=2)
    state = game.state_dict()
    for seat in range(3):
        obs = game.observation(seat)
        assert obs["starting_tile"] == state["starting_tiles"][seat]
        assert obs["holds_starting_tile"] == [True, True, True]
        assert "supply" in obs and obs["supply"] == 20
        # Unseen: the supply and the two other starting tiles, by kind, not by holder.
        unseen = Counter(ALL_CODES)
        unseen[obs["starting_tile"]] -= 1
        assert Counter(obs["unseen"]) == +unseen
    spectator = game.observation(None)
    assert spectator["starting_tile"] is None
    assert Counter(spectator["unseen"]) == ALL_CODES


def test_sampled_worlds_keep_what_the_seat_knows_and_shuffle_the_rest() -> None:
    game = midgame()
    seat = 1
    obs = game.observation(seat)
    truth = game.state_dict()
    rng = random.Random(0)
    others_tiles: set[tuple[str | None, ...]] = set()
    for _ in range(30):
        world = KingdomsState.sample_world(obs, rng)
        state = world.state_dict()
        assert world.observation(seat) == obs
        assert state["board"] == truth["board"]
        assert state["starting_tiles"][seat] == truth["starting_tiles"][seat]
        assert tiles_everywhere(state) == ALL_CODES
        others_tiles.add(tuple(state["starting_tiles"]))
    assert len(others_tiles) > 1, "the other starting tiles must be re-dealt"


def test_resampling_redeals_only_the_hidden_tiles() -> None:
    game = midgame(players=4, seed=9, moves=12)
    truth = game.state_dict()
    rng = random.Random(1)
    world = game.resample_hidden(2, rng)
    state = world.state_dict()
    assert state["starting_tiles"][2] == truth["starting_tiles"][2]
    assert state["board"] == truth["board"]
    assert tiles_everywhere(state) == tiles_everywhere(truth)
    assert world.observation(2) == game.observation(2)


def test_a_world_cannot_be_recorded_but_can_be_played_to_the_end() -> None:
    game = midgame()
    world = game.view(game.current_player or 0).sample_world(random.Random(3))
    rng = random.Random(4)
    while not world.is_over:
        world.apply(rng.choice(world.legal_actions()))
    assert len(world.result().details["epochs"]) == 3
    try:
        world.record()
    except regency.RegencyError as exc:
        assert "no record" in str(exc)
    else:
        raise AssertionError("a sampled world has no record")


def test_the_drawn_tile_is_public_while_it_is_placed() -> None:
    game = regency.new_game("kingdoms", players=2, seed=4, first=1)
    game.play("draw")
    drawn = game.state_dict()["drawn"]
    assert game.observation(0)["drawn"] == drawn == game.observation(None)["drawn"]
    world = KingdomsState.sample_world(game.observation(0), random.Random(0))
    assert world.state_dict()["drawn"] == drawn
