"""The reinforcement-learning environments: spaces, masks, no leak, rewards, conformance."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import regency
import regency.envs
from regency.agents.base import AgentError
from regency.envs import claim_kingdoms_v0, claim_v0, encoder_for, kingdoms_v0
from regency.envs.aec import RegencyAECEnv
from regency.envs.encoding import EncodingError
from regency.games.claim_kingdoms.encoder import RADIUS, SQUARES, square_index
from tests.conformance.cases import CASES, IDS, Case

MODULES = {"claim": claim_v0, "claim-kingdoms": claim_kingdoms_v0, "kingdoms": kingdoms_v0}
GAMES = list(MODULES)
COUNTS = [(g, n) for g in GAMES for n in (2, 3, 4)]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "envs.md"


def quiet(fn: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo/Gymnasium checker without its advice about Dict spaces."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fn(*args, **kwargs)


def random_games(case: Case, seeds: Any) -> Any:
    """Yield (game, legal actions) at every decision of random games of ``case``."""
    name, players, options = case
    for seed in seeds:
        game = regency.new_game(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            yield game, legal
            game.apply(rng.choice(legal))


# -- the action tables ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_index_round_trips_through_its_notation(game: str) -> None:
    table = encoder_for(game, 2).actions
    for i, notation in enumerate(table.notations):
        assert table.to_index(notation) == i
        assert table.to_index(f"  {notation.upper()} ") == i
        assert table.to_notation(i) == notation


@pytest.mark.parametrize(
    ("game", "size", "pinned"),
    [
        ("claim", 177, {0: "GB0", 10: "KN2", 87: "SE9", 88: "take GB0", 176: "take deck"}),
        ("kingdoms", 182, {0: "castle 1 A1", 29: "castle 1 E6", 31: "castle 2 A2", 120: "tile A1",
                           150: "start A1", 180: "draw", 181: "pass"}),
        ("claim-kingdoms", 11 * len(SQUARES) + 36,
         {square_index(0, 0): "place 0,0", 0: f"place 0,{RADIUS}",
          len(SQUARES): f"mark 0,{RADIUS}", 3 * len(SQUARES) + 1: f"remove 0,{RADIUS} blue",
          11 * len(SQUARES): "pass", 11 * len(SQUARES) + 35: "keep knights"}),
    ],
)  # fmt: skip
def test_the_mapping_is_the_documented_one(game: str, size: int, pinned: dict[int, str]) -> None:
    table = encoder_for(game, 2).actions
    assert len(table) == size
    assert square_index(0, 0) == 3906 and len(SQUARES) == 7813  # as docs/envs.md says
    for index, notation in pinned.items():
        assert table.to_notation(index) == notation


def test_bad_indices_and_notations_are_refused_with_a_reason() -> None:
    table = encoder_for("claim", 2).actions
    with pytest.raises(EncodingError, match=r"outside 0\.\.176"):
        table.to_notation(177)
    with pytest.raises(EncodingError, match="outside"):
        table.to_notation(-1)
    with pytest.raises(EncodingError, match="'XX9' is not an action"):
        table.to_index("XX9")
    with pytest.raises(EncodingError, match="no observation encoder"):
        encoder_for("chess", 2)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_masks_are_exactly_the_legal_actions_and_indices_play_them(case: Case) -> None:
    name, players, options = case
    env = RegencyAECEnv(name, players=players, **options)
    table = env.encoder.actions
    for seed in range(1 if name == "claim-kingdoms" else 2):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not env.game.is_over:
            game = env.game
            legal = game.legal_actions()
            agent = env.agent_selection
            assert agent == f"player_{game.current_player}"
            mask = env.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            indices = set(np.flatnonzero(mask).tolist())
            assert len(indices) == len(legal)
            for index in indices:  # index -> notation -> the same legal action
                assert game.parse_action(table.to_notation(index)) in legal
            for other in env.possible_agents:
                if other != agent and len(game.actions) % 5 == 0:
                    assert not env.observe(other)["action_mask"].any()
            env.step(rng.choice(sorted(indices)))
        assert all(env.terminations.values())


# -- the observation arrays -------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_arrays_do_not_change_when_what_the_seat_cannot_see_is_redealt(case: Case) -> None:
    name, players, _ = case
    encoder = encoder_for(name, players)
    rng = random.Random(7)
    changed = 0
    for step, (game, _) in enumerate(random_games(case, range(2))):
        if step % 9:
            continue
        for seat in range(players):
            seen = encoder.encode(game.observation(seat))
            other = game.resample_hidden(seat, rng)
            if other.state_dict() != game.state_dict():
                changed += 1
            assert np.array_equal(encoder.encode(other.observation(seat)), seen)
    assert changed, "re-dealing never changed anything: the test has no teeth"


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_arrays_have_the_declared_shape_and_react_to_play(game: str, players: int) -> None:
    encoder = encoder_for(game, players)
    case = (game, players, {})
    arrays = [encoder.encode(g.observation(g.current_player)) for g, _ in random_games(case, [0])]
    assert all(a.shape == (encoder.size,) and a.dtype == np.float32 for a in arrays)
    assert all(np.isfinite(a).all() for a in arrays)
    distinct = {a.tobytes() for a in arrays}
    assert len(distinct) > len(arrays) // 2  # the arrays follow the game


def test_claim_channels_hold_what_the_observation_says() -> None:
    game = regency.new_game("claim", players=2, seed=3)
    rng = random.Random(3)
    for _ in range(7):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    encoder = encoder_for("claim", 2)
    array = encoder.encode(obs)
    from regency.games.claim.encoder import CODES

    hand = encoder.layout["hand"]
    assert sorted(
        CODES[i] for i in range(88) for _ in range(int(array[hand.offset + i]))
    ) == sorted(obs["hand"])
    assert array[encoder.layout["draw_pile"].offset] == obs["draw_pile"]
    assert array[encoder.layout["to_move"].offset] == 1  # place 0: the seat itself
    other = encoder.encode(game.observation(1 - seat))
    assert other[encoder.layout["to_move"].offset + 1] == 1


def test_every_channel_is_documented() -> None:
    text = DOCS.read_text()
    for game in GAMES:
        for channel in encoder_for(game, 2).layout.channels:
            assert re.search(rf"`{channel.name}`", text), f"{game}: {channel.name} undocumented"


def test_claim_kingdoms_cards_stay_within_the_frame_the_docs_prove() -> None:
    # The argument: the k-th card placed after the first is at most k steps from 0,0.
    for game, _ in random_games(("claim-kingdoms", 4, {}), range(3)):
        grid = game.observation(None)["grid"]
        assert max(abs(c["x"]) + abs(c["y"]) for c in grid) <= len(grid) - 1 <= RADIUS


# -- rewards ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_rewards_are_the_win_share_or_the_score_margin(game: str, players: int) -> None:
    for reward in ("win", "score"):
        env = RegencyAECEnv(game, players=players, reward=reward)
        env.reset(seed=11)
        rng = random.Random(11)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, r, terminated, truncated, _ = env.last()
            totals[agent] += r
            if terminated or truncated:
                env.step(None)
                continue
            assert r == 0.0
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        result = env.game.result()
        if reward == "win":
            assert [totals[a] for a in env.possible_agents] == [
                result.reward(s) for s in range(players)
            ]
            assert sum(totals.values()) == pytest.approx(1.0)
        else:
            scores = result.scores
            for s, agent in enumerate(env.possible_agents):
                others = [x for i, x in enumerate(scores) if i != s]
                assert totals[agent] == pytest.approx(scores[s] - sum(others) / len(others))


# -- conformance: PettingZoo and Gymnasium ----------------------------------------------


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_pettingzoo_api_and_seed_tests(game: str, players: int) -> None:
    module = MODULES[game]
    cycles = 20 if game == "claim-kingdoms" else 60
    quiet(api_test, module.env(players=players), num_cycles=cycles)
    quiet(seed_test, lambda: module.env(players=players), num_cycles=cycles)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_long(case: Case) -> None:
    name, players, options = case
    module = MODULES[name]
    quiet(api_test, module.env(players=players, **options), num_cycles=1000)
    quiet(seed_test, lambda: module.env(players=players, **options), num_cycles=500)


@pytest.mark.parametrize("gym_id", list(regency.envs.GYM_IDS))
def test_gymnasium_env_checker(gym_id: str) -> None:
    env = gymnasium.make(gym_id, opponents=["random"])
    quiet(check_env, env.unwrapped)


def play_seat_env(env: Any, seed: int) -> list[Any]:
    """Play an episode with masked random actions from a seeded generator; return the trace."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = [obs["observation"].copy()]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, _ = env.step(action)
        assert not truncated
        trace += [action, obs["observation"].copy(), reward]
    return trace


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_episode(game: str) -> None:
    make = regency.envs.RegencySeatEnv
    first = play_seat_env(make(game, opponents=["heuristic"]), 5)
    again = play_seat_env(make(game, opponents=["heuristic"]), 5)
    other = play_seat_env(make(game, opponents=["heuristic"]), 6)
    assert len(first) == len(again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert len(first) != len(other) or not all(
        np.array_equal(a, b) for a, b in zip(first, other, strict=True)
    )


def test_the_gym_env_plays_the_learner_seat_and_opponents_by_spec() -> None:
    env = gymnasium.make("regency/Claim-v0", players=3, opponents=["heuristic", "random"], seat=1)
    obs, _ = env.reset(seed=3)
    inner = env.unwrapped
    assert inner.game.current_player == 1
    assert np.array_equal(inner.action_masks(), obs["action_mask"].astype(bool))
    done = False
    reward = 0.0
    while not done:
        assert inner.game.current_player == 1
        obs, reward, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert reward == inner.game.result().reward(1)
    assert info["result"]["winners"] == inner.game.result().winners
    assert info["win_share"] == reward


def test_illegal_actions_lose_or_raise() -> None:
    env = regency.envs.RegencySeatEnv("claim")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    strict = regency.envs.RegencySeatEnv("claim", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(regency.IllegalActionError, match="is not legal now"):
        strict.step(illegal)
    raw = claim_v0.raw_env()
    raw.reset(seed=1)
    with pytest.raises(regency.IllegalActionError, match="is not legal now"):
        raw.step(illegal)
    wrapped = claim_v0.env()
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert wrapped.rewards[agent] == -1
    assert all(wrapped.terminations.values())


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: claim_v0.env(players=5), "played by 2-4 players"),
        (lambda: claim_v0.env(factions="nonsense"), "nonsense"),
        (lambda: kingdoms_v0.env(reward="gold"), "reward must be one of win, score"),
        (lambda: kingdoms_v0.env(render_mode="human"), "render_mode"),
        (lambda: claim_kingdoms_v0.env(colour="red"), "has no option 'colour'"),
        (lambda: regency.envs.RegencySeatEnv("claim", players=3, opponents=["a", "b", "c"]),
         "one per other seat"),
        (lambda: regency.envs.RegencySeatEnv("claim", seat=2), "seat must be"),
        (lambda: regency.envs.RegencySeatEnv("claim", illegal="ignore"), "illegal must be"),
    ],
)  # fmt: skip
def test_bad_settings_are_refused_with_a_reason(make: Any, message: str) -> None:
    with pytest.raises(regency.RegencyError, match=message):
        make()


def test_a_bad_opponent_spec_is_refused() -> None:
    with pytest.raises(AgentError, match="unknown agent"):
        regency.envs.RegencySeatEnv("claim", opponents=["genius"])


@pytest.mark.parametrize("game", GAMES)
def test_ansi_render_draws_the_terminal_screen(game: str) -> None:
    env = MODULES[game].env(render_mode="ansi")
    env.reset(seed=2)
    screen = env.render()
    assert isinstance(screen, str) and len(screen.splitlines()) > 3
    # The screen the terminal draws for the seat to move, and no other seat's.
    state = env.unwrapped.game
    seat = state.current_player
    assert _terminal_text(game, state.observation(seat)) == _plain(screen)
    others = [s for s in range(state.num_players) if s != seat]
    assert all(_terminal_text(game, state.observation(s)) != _plain(screen) for s in others)
    assert MODULES[game].raw_env().render() is None


def _terminal_text(game: str, observation: dict[str, Any]) -> str:
    import io

    from rich.console import Console

    from regency.render import renderer_for

    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(renderer_for(game).board(observation))
    return buffer.getvalue()


def _plain(screen: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", screen)


def test_the_longest_line_of_cards_fits_the_claim_kingdoms_frame() -> None:
    # All 63 cards of a 4-player game in one line: the farthest any card can get.
    from regency.games.claim_kingdoms.factions import Faction
    from regency.games.claim_kingdoms.state import ClaimKingdomsState

    names = [f.option_name for f in Faction if f.option_name != "seers"]
    cards = [name for name in names for _ in range(7)]
    last = cards.pop()  # goblins ... knights; the last knight stays in hand
    game = ClaimKingdomsState.from_position(
        players=4, grid=[(x, 0, c) for x, c in enumerate(cards)], hands=[last, None, None, None]
    )
    env = RegencyAECEnv("claim-kingdoms", players=4)
    encoder, table = env.encoder, env.encoder.actions
    legal = {table.to_index(str(a)) for a in game.legal_actions()}
    assert table.to_index(f"place {RADIUS},0") in legal
    game.play(f"place {RADIUS},0")  # the 63rd card, 62 steps out
    beyond = [xy for xy in game.observation(0)["open_squares"] if abs(xy[0]) > RADIUS]
    assert beyond == [[RADIUS + 1, 0]]
    for seat in range(4):  # open squares 63 steps out are left out, not an error
        array = encoder.encode(game.observation(seat))
        assert array[encoder.layout["grid_faction"].offset :].sum() > 0
