"""The contract every registered game must keep, at every player count.

Nothing here knows a particular game: it only uses the public API, so a new game is
held to the same standard the moment it registers.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import regency
from regency import GameOverError, IllegalActionError, RegencyError
from tests.conformance.cases import CASES, IDS, MAX_MOVES, Case, digest, new, play_to_end

SEEDS = (0, 1, 2)
GARBAGE = ["", "   ", "zz", "KN99", "take", "take take", "1", "-1", "\x00", "♠A", "A1 B2 C3 D4"]


def checkpoints(case: Case, seed: int, count: int = 6) -> Iterator[regency.Game[Any]]:
    """Yield a game at about ``count`` points spread over one random playthrough."""
    length = len(play_to_end(new(case, seed), random.Random(seed)).actions)
    marks = {round(i * length / count) for i in range(count)}
    game = new(case, seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_over:
        if step in marks:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def test_registry_lists_the_game(case: Case) -> None:
    name, players, _ = case
    info = regency.game_info(name)
    assert name in regency.available_games()
    assert players in info.players
    json.dumps(info.describe())


@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_with_a_result(case: Case, seed: int) -> None:
    game = new(case, seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None and 0 <= seat < game.num_players
        assert game.legal_actions(), "a seat to move must have a legal action"
        game.apply(rng.choice(game.legal_actions()))
        assert len(game.actions) < MAX_MOVES
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    result = game.result()
    assert len(result.scores) == game.num_players
    assert result.winners and set(result.winners) <= set(range(game.num_players))
    assert sum(result.reward(s) for s in range(game.num_players)) == pytest.approx(1.0)
    json.dumps(result.to_dict())


def test_result_before_the_end_is_refused(case: Case) -> None:
    with pytest.raises(RegencyError):
        new(case, 0).result()


def test_moves_after_the_end_are_refused(case: Case) -> None:
    game = play_to_end(new(case, 0), random.Random(0))
    before = game.to_json()
    with pytest.raises(GameOverError):
        game.play("anything")
    last = game.actions[-1]
    with pytest.raises(GameOverError):
        game.play(last)
    assert game.to_json() == before


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_are_unique_and_each_is_accepted(case: Case, seed: int) -> None:
    for game in checkpoints(case, seed):
        legal = list(game.legal_actions())
        notations = [str(a) for a in legal]
        assert len(set(notations)) == len(notations), notations
        assert len(set(legal)) == len(legal)
        for action in legal:
            trial = game.clone()
            assert trial.play(action) == action
            trial = game.clone()
            assert trial.play(str(action)) == action


@pytest.mark.parametrize("seed", SEEDS)
def test_refused_actions_leave_the_game_untouched(case: Case, seed: int) -> None:
    seen: dict[str, Any] = {}
    for game in checkpoints(case, seed, count=10):
        for action in game.legal_actions():
            seen.setdefault(str(action), action)
    for game in checkpoints(case, seed, count=10):
        if game.is_over:
            continue
        before = game.to_json()
        legal = {str(a) for a in game.legal_actions()}
        strangers = [a for n, a in seen.items() if n not in legal]
        for bad in [*strangers, *GARBAGE]:
            if isinstance(bad, str) and bad.strip().upper() in {n.upper() for n in legal}:
                continue
            with pytest.raises(IllegalActionError) as info:
                game.play(bad)
            assert str(info.value), "a refusal must say why"
            assert game.to_json() == before


@pytest.mark.parametrize("seed", SEEDS)
def test_clones_are_independent(case: Case, seed: int) -> None:
    for game in checkpoints(case, seed):
        before, moves = game.state_dict(), game.actions
        copy = game.clone()
        assert copy.state_dict() == before and copy.actions == moves
        play_to_end(copy, random.Random(seed + 1))
        assert game.state_dict() == before and game.actions == moves
        rollout = game.clone()
        rollout.playout(random.Random(seed + 2))  # search's fast path, unlogged
        assert game.state_dict() == before and game.actions == moves
        if not game.is_over:
            copy = game.clone()
            game_copy_state = copy.state_dict()
            game2 = game.clone()
            game2.apply(game2.legal_actions()[0])
            assert copy.state_dict() == game_copy_state and copy.actions == moves
            # Clones share their records until one writes: a game moving on leaves its
            # clone's records, and the clone's own clone's, as they were.
            source = game.clone()
            child = source.clone()
            grandchild = child.clone()
            play_to_end(source, random.Random(seed + 3))
            for kept in (child, grandchild):
                assert kept.state_dict() == game_copy_state and kept.actions == moves
            play_to_end(child, random.Random(seed + 4))
            assert grandchild.state_dict() == game_copy_state and grandchild.actions == moves


@pytest.mark.parametrize("seed", SEEDS)
def test_json_saves_round_trip_and_play_on_identically(case: Case, seed: int) -> None:
    for game in checkpoints(case, seed):
        text = game.to_json()
        loaded = regency.load_game(text)
        assert loaded.to_json() == text
        assert loaded.current_player == game.current_player
        a = play_to_end(game.clone(), random.Random(7))
        b = play_to_end(loaded, random.Random(7))
        assert a.state_dict() == b.state_dict()
        assert a.result() == b.result()


@pytest.mark.parametrize("seed", SEEDS)
def test_records_replay_the_game(case: Case, seed: int) -> None:
    for game in checkpoints(case, seed):
        record = game.record()
        assert regency.replay(record).state_dict() == game.state_dict()
        assert regency.replay(record.to_json()).state_dict() == game.state_dict()
        again = regency.Record.from_json(record.to_json())
        assert again == record


def test_same_seed_same_game_and_different_seeds_differ(case: Case) -> None:
    first = play_to_end(new(case, 11), random.Random(3))
    second = play_to_end(new(case, 11), random.Random(3))
    assert first.state_dict() == second.state_dict()
    openings = {json.dumps(new(case, seed).state_dict(), sort_keys=True) for seed in range(6)}
    assert len(openings) > 1, "the seed must drive the deal"


def test_same_seed_same_game_in_another_process(case: Case) -> None:
    code = (
        "import hashlib, random, regency, sys\n"
        "from tests.conformance.cases import digest\n"
        f"print(digest({case!r}, 5))\n"
    )
    env_out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": "", "PYTHONPATH": "."},
    )
    assert env_out.stdout.strip() == digest(case, 5)


@pytest.mark.parametrize("seed", SEEDS)
def test_notation_round_trips(case: Case, seed: int) -> None:
    for game in checkpoints(case, seed, count=12):
        for action in game.legal_actions():
            assert game.parse_action(str(action)) == action
            assert game.parse_action(str(action).lower()) == action
            assert game.parse_action(f"  {action}  ") == action


@pytest.mark.parametrize("seed", SEEDS)
def test_the_stateless_codec_reads_every_legal_move_back(case: Case, seed: int) -> None:
    """``action_from_notation`` (issue 31) needs no game: reached through the registry, it
    reads each legal move's notation (in any case and spacing) back into that very move,
    and ``action_to_notation`` writes it as ``str`` does."""
    codec = regency.game_info(case[0]).game_class
    for game in checkpoints(case, seed, count=12):
        for action in game.legal_actions():
            text = str(action)
            assert codec.action_from_notation(text) == action
            assert codec.action_from_notation(f"  {text.lower()}  ") == action
            assert codec.action_to_notation(action) == text


NOT_MOVES = ["", "   ", "nonsense", "castle 9 Z9", "take", "x" * 300, "\uff2b\uff2e\uff19"]
"""Text no game reads as a move (the last is KN9 in full-width letters: not ASCII)."""


@pytest.mark.parametrize("text", NOT_MOVES)
def test_the_stateless_codec_refuses_text_that_is_no_move(case: Case, text: str) -> None:
    codec = regency.game_info(case[0]).game_class
    with pytest.raises(regency.NotationError):
        codec.action_from_notation(text)
    with pytest.raises(regency.NotationError):
        codec.action_from_notation(5)


@pytest.mark.parametrize("seed", SEEDS)
def test_moves_in_words_say_only_what_the_mover_knows(case: Case, seed: int) -> None:
    """``describe`` (issue 30): the same for an action and its notation, and unchanged
    when what the mover cannot see is re-dealt (so a hint or a refusal leaks nothing)."""
    rng = random.Random(seed)
    for game in checkpoints(case, seed, count=8):
        seat = game.current_player
        if seat is None:
            assert game.describe("anything") == "anything"
            continue
        words = [game.describe(a) for a in game.legal_actions()]
        assert all(isinstance(w, str) and w.strip() for w in words)
        assert words == [game.describe(str(a)) for a in game.legal_actions()]
        for _ in range(2):
            other = game.resample_hidden(seat, rng)
            assert [other.describe(str(a)) for a in game.legal_actions()] == words


@pytest.mark.parametrize("seed", SEEDS)
def test_observations_are_json_and_hidden_cards_do_not_leak(case: Case, seed: int) -> None:
    changed = 0
    rng = random.Random(seed)
    for game in checkpoints(case, seed, count=8):
        spectator = game.observation(None)
        assert json.loads(json.dumps(spectator)) == spectator
        for seat in range(game.num_players):
            seen = game.observation(seat)
            assert json.loads(json.dumps(seen)) == seen
            legal = [str(a) for a in game.view(seat).legal_actions]
            for _ in range(3):
                other = game.resample_hidden(seat, rng)
                if other.state_dict() != game.state_dict():
                    changed += 1
                assert other.observation(seat) == seen
                assert other.observation(None) == spectator
                assert [str(a) for a in other.view(seat).legal_actions] == legal
    assert changed, "re-dealing hidden cards never changed anything: the test has no teeth"


@pytest.mark.parametrize("seed", SEEDS)
def test_sampled_worlds_agree_with_the_seat(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    for game in checkpoints(case, seed, count=8):
        for seat in range(game.num_players):
            view = game.view(seat)
            world = view.sample_world(rng)
            assert world.observation(seat) == view.observation
            assert [str(a) for a in world.view(seat).legal_actions] == [
                str(a) for a in view.legal_actions
            ]
            play_to_end(world, rng)  # a sampled world is a playable game


def test_views_hold_no_game(case: Case) -> None:
    game = new(case, 0)
    view = game.view(game.current_player or 0)
    for value in (view.game, view.seat, view.players, view.observation, view.legal_actions):
        assert not isinstance(value, regency.Game)
    assert not hasattr(view, "__dict__")


def test_bad_seats_are_refused(case: Case) -> None:
    game = new(case, 0)
    for wrong_type in ("0", True, 1.0):
        with pytest.raises(TypeError):
            game.observation(wrong_type)  # type: ignore[arg-type]
    for outside in (-1, game.num_players):
        with pytest.raises(ValueError):
            game.observation(outside)


@given(seed=st.integers(0, 2**63 - 1), choices=st.randoms(use_true_random=False))
def test_any_seed_plays_to_a_replayable_end(seed: int, choices: random.Random) -> None:
    for case in CASES:
        game = play_to_end(new(case, seed), choices)
        assert regency.replay(game.record()).result() == game.result()


@pytest.mark.parametrize("seed", SEEDS)
def test_search_hooks_agree_with_the_game(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    for game in checkpoints(case, seed, count=4):
        if game.is_over:
            continue
        still = game.clone()
        still.playout(rng, 0)
        assert still.state_dict() == game.state_dict()
        world = game.clone()
        world.playout(rng)
        assert world.is_over
        result = world.result()
        assert world.rewards() == [result.reward(s) for s in range(game.num_players)]
        estimate = game.estimate()
        assert estimate is None or len(estimate) == game.num_players
        for seat in range(game.num_players):
            hash(game.chance_key(seat))
            view = game.view(seat)
            sampler = view.world_sampler()
            assert sampler(rng).observation(seat) == view.observation
            # Samplers read the observation once and hand out copies: playing one world
            # out leaves the next untouched, and each equals the one sample_world deals.
            sampler(random.Random(seed)).playout(rng)
            again = sampler(random.Random(seed)).state_dict()
            dealt = type(game).sample_world(view.observation, random.Random(seed))
            assert again == dealt.state_dict()


@pytest.mark.parametrize("seed", SEEDS[:1])
def test_which_copy_is_which_never_shows(case: Case, seed: int) -> None:
    # Identical components (two GB0 cards) swapped among their ids: the same game for
    # every rule and every person, now and after any number of further moves. The
    # resampling test above cannot see this: it keeps the ids it does not re-deal.
    rng = random.Random(seed)
    original = new(case, seed)
    for _ in range(rng.randrange(30)):
        original.apply(rng.choice(original.legal_actions()))
    twin = original.relabelled(rng)
    seats = [None, *range(original.num_players)]
    while True:
        for seat in seats:
            assert twin.observation(seat) == original.observation(seat), seat
        legal = [str(a) for a in original.legal_actions()]
        assert [str(a) for a in twin.legal_actions()] == legal
        if original.is_over:
            break
        move = rng.choice(legal)
        original.play(move)
        twin.play(move)
    assert twin.state_dict() == original.state_dict()
