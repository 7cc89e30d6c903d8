"""The games' fast path to the RL arrays equals the encoder of ``observation(seat)``.

``Game.array_writer`` writes a seat's array and the mover's mask straight from the state
(``regency.games.<game>.tensor``). The encoder applied to ``observation(seat)`` is the
reference: these tests compare the two at every step of random games, for every game,
player count and option set of the conformance cases, for every seat, for one game at a
time and for batches; and they re-deal what a seat cannot see (``resample_hidden``) and
swap interchangeable copies (``relabelled``) to show the fast path leaks nothing the
observation hides.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import regency
from regency.core.arrays import SparseArrayWriter
from regency.core.game import Game
from regency.envs import encoder_for
from regency.envs.arrays import writer_for
from regency.envs.encoding import Encoder
from tests.conformance.cases import CASES, IDS, Case

FAST = [(c, i) for c, i in zip(CASES, IDS, strict=True) if writer_for(
    c[0], encoder_for(c[0], c[1])) is not None]  # fmt: skip
FAST_CASES = [c for c, _ in FAST]
FAST_IDS = [i for _, i in FAST]


def test_every_game_has_a_fast_path() -> None:
    assert {c[0] for c in FAST_CASES} == {info.name for info in regency.available_games()}


def reference_mask(encoder: Encoder, game: Game[Any]) -> np.ndarray:
    mask = np.zeros(encoder.num_actions, dtype=np.int8)
    for action in game.legal_actions():
        mask[encoder.action_index(str(action))] = 1
    return mask


def check_game(case: Case, seed: int, redeal_every: int) -> int:
    """Compare at every step of one random game; return how often a re-deal changed the state."""
    name, players, options = case
    encoder = encoder_for(name, players)
    writer = writer_for(name, encoder)
    assert writer is not None
    sparse = isinstance(writer, SparseArrayWriter)
    game = regency.new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    mask = np.empty((1, encoder.num_actions), dtype=np.int8)
    states: list[Game[Any]] = []
    changed = 0
    step = 0
    while True:
        states.append(game.clone())
        for seat in range(players):
            # A sparse writer needs zeros; any other must write every entry (the vector
            # environment rewrites its rows in place): NaN shows an entry left unwritten.
            one = np.zeros((1, encoder.size), dtype=np.float32)
            if not sparse:
                one.fill(np.nan)
            writer.write([game], [seat], one)
            expected = encoder.encode(game.observation(seat))
            if not np.array_equal(one[0], expected):
                wrong = np.flatnonzero(one[0] != expected)
                channels = encoder.layout.channels
                names = sorted({c.name for i in wrong for c in channels if c.offset <= i < c.end})
                pytest.fail(f"seed {seed}, move {step}, seat {seat}: channels {names} differ")
            if redeal_every and step % redeal_every == 0:
                other = game.resample_hidden(seat, rng)
                changed += other.state_dict() != game.state_dict()
                one = np.zeros((1, encoder.size), dtype=np.float32)
                writer.write([other], [seat], one)
                assert np.array_equal(one[0], expected), f"a re-deal shows (move {step})"
                one = np.zeros((1, encoder.size), dtype=np.float32)
                writer.write([game.relabelled(rng)], [seat], one)
                assert np.array_equal(one[0], expected), f"relabelling shows (move {step})"
        mask.fill(7)  # write_masks writes every entry of its rows
        writer.write_masks([game], mask)
        assert np.array_equal(mask[0], reference_mask(encoder, game)), f"mask, move {step}"
        if sparse:  # its list of legal actions is the mask's
            assert sorted(writer.gather_masks([game])) == np.flatnonzero(mask[0]).tolist()
        if game.is_over:
            break
        legal = game.legal_actions()
        indices = np.flatnonzero(mask[0]).tolist()
        for index in indices:  # the writer's action at each legal index is that action
            action = writer.action(game, index)
            assert action in legal
            assert encoder.action_index(str(action)) == index
        game.apply(writer.action(game, rng.choice(indices)))
        step += 1
    # A batch of every position of the game, for shifting seats, equals row by row.
    seats = [i % players for i in range(len(states))]
    batch = np.zeros((len(states), encoder.size), dtype=np.float32)
    writer.write(states, seats, batch)
    masks = np.empty((len(states), encoder.num_actions), dtype=np.int8)
    writer.write_masks(states, masks)
    for i, (state, seat) in enumerate(zip(states, seats, strict=True)):
        assert np.array_equal(batch[i], encoder.encode(state.observation(seat)))
        assert np.array_equal(masks[i], reference_mask(encoder, state))
    return changed


@pytest.mark.parametrize("case", FAST_CASES, ids=FAST_IDS)
def test_the_fast_path_writes_the_encoders_arrays_and_masks(case: Case) -> None:
    changed = sum(check_game(case, seed, redeal_every=7) for seed in range(2))
    assert changed, "re-dealing never changed anything: the no-leak check has no teeth"


@pytest.mark.slow
@pytest.mark.parametrize("case", FAST_CASES, ids=FAST_IDS)
def test_the_fast_path_writes_the_encoders_arrays_and_masks_long(case: Case) -> None:
    seeds = range(10, 18 if case[0] == "claim-kingdoms" else 30)
    changed = sum(check_game(case, seed, redeal_every=3) for seed in seeds)
    assert changed


@pytest.mark.parametrize("game", sorted({c[0] for c in FAST_CASES}))
def test_an_environment_gives_the_same_episode_with_or_without_the_fast_path(game: str) -> None:
    from regency.envs.aec import RegencyAECEnv

    fast = RegencyAECEnv(game, players=3 if game != "claim-kingdoms" else 2)
    slow = RegencyAECEnv(game, players=3 if game != "claim-kingdoms" else 2, fast=False)
    assert fast.arrays.writer is not None and slow.arrays.writer is None
    for env in (fast, slow):
        env.reset(seed=5)
    rng = random.Random(5)
    while not fast.game.is_over:
        agent = fast.agent_selection
        assert agent == slow.agent_selection
        a, b = fast.observe(agent), slow.observe(agent)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        action = rng.choice(np.flatnonzero(a["action_mask"]).tolist())
        fast.step(action)
        slow.step(action)
    assert fast.rewards == slow.rewards
    assert fast.game.record().to_dict() == slow.game.record().to_dict()


def test_claims_remembered_rows_are_right_when_the_memory_is_emptied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from regency.games.claim import tensor

    monkeypatch.setattr(tensor, "_CACHE_LIMIT", 5)  # emptied at nearly every call
    encoder = encoder_for("claim", 3)
    writer = writer_for("claim", encoder)
    assert writer is not None
    games = [regency.new_game("claim", players=3, seed=s) for s in range(12)]
    rng = random.Random(4)
    for _ in range(30):
        seats = [g.current_player or 0 for g in games]
        for batch in (games, games[:1], games[:3]):  # many new masks, and few
            out = np.zeros((len(batch), encoder.size), dtype=np.float32)
            writer.write(batch, seats[: len(batch)], out)
            for row, game, seat in zip(out, batch, seats, strict=False):
                assert np.array_equal(row, encoder.encode(game.observation(seat)))
        for g in games:
            if not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
