"""The learned evaluation (regency.agents.value) and the agents that use it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import regency
from regency.agents import AgentError, make_agent
from regency.agents import value as value_module
from regency.agents.value import ValueNet, feature_writer, learned_value, recipe, weights_path
from regency.core.registry import game_info

GAMES = ("claim", "claim-kingdoms", "kingdoms")
SETTINGS = [(g, n) for g in GAMES for n in (2, 3, 4)]


def _positions(game: str, players: int, seed: int, count: int) -> list[regency.Game]:
    """``count`` positions of random-but-heuristic-ish play, each a separate game."""
    out = []
    for k in range(count):
        g = regency.new_game(game, players=players, seed=seed + k)
        rng = random.Random(seed + k)
        for _ in range(rng.randrange(1, 60)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over:
            out.append(g)
    return out


def test_a_network_round_trips_through_its_file(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    layers = [
        (rng.normal(size=(5, 4)).astype(np.float32), rng.normal(size=4).astype(np.float32)),
        (rng.normal(size=(4, 1)).astype(np.float32), rng.normal(size=1).astype(np.float32)),
    ]
    net = ValueNet(layers)
    x = rng.normal(size=(3, 5)).astype(np.float32)
    # By hand: ReLU hidden layer, logistic output.
    hidden = np.maximum(x @ layers[0][0] + layers[0][1], 0)
    expected = 1 / (1 + np.exp(-(hidden @ layers[1][0] + layers[1][1])[:, 0]))
    assert np.allclose(net(x), expected, atol=1e-6)
    path = tmp_path / "net.npz"
    net.save(path)
    again = ValueNet.load(path)
    assert np.allclose(again(x), expected, atol=2e-2)  # stored as float16


def test_a_network_that_does_not_chain_is_refused() -> None:
    w = np.zeros((5, 4), np.float32)
    with pytest.raises(AgentError, match="does not fit"):
        ValueNet([(w, np.zeros(4, np.float32)), (np.zeros((3, 1), np.float32), np.zeros(1))])
    with pytest.raises(AgentError, match="2 outputs"):
        ValueNet([(np.zeros((5, 2), np.float32), np.zeros(2, np.float32))])


def test_a_corrupt_weights_file_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "broken.npz"
    path.write_bytes(b"not a numpy file")
    with pytest.raises(AgentError, match=r"broken\.npz"):
        ValueNet.load(path)


@pytest.mark.parametrize(("game", "players"), SETTINGS)
def test_weights_ship_for_every_game_and_player_count(game: str, players: int) -> None:
    made = recipe(game, players)
    assert made is not None and made["game"] == game and made["players"] == players
    assert made["command"].startswith(f"regency train {game}")
    # It learnt something: on held-out games it beats always answering the mean.
    assert made["fit"]["valid_loss"] < made["fit"]["baseline_loss"]
    learned = learned_value(game, players)
    positions = _positions(game, players, 7, 6)
    for g in positions:
        values = learned.values([g], g.current_player)
        assert values.shape == (1,) and 0.0 < float(values[0]) < 1.0
        shares = learned.judge(g)
        assert len(shares) == players and abs(sum(shares) - 1.0) < 1e-5


def test_all_weights_together_stay_small() -> None:
    total = sum(weights_path(g, n).stat().st_size for g, n in SETTINGS)
    assert total < 3_000_000, f"{total:,} bytes of weights"


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_judged_by_its_result(game: str) -> None:
    g = regency.new_game(game, players=3, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    result = g.result()
    assert learned_value(game, 3).judge(g) == [result.reward(s) for s in range(3)]


@pytest.mark.parametrize(("game", "players"), SETTINGS)
def test_the_features_show_a_seat_nothing_it_cannot_see(game: str, players: int) -> None:
    """Re-dealing what a seat cannot see (its rivals' hands, the deck) changes nothing."""
    writer = feature_writer(game, players)
    for g in _positions(game, players, 100, 8):
        for seat in range(players):
            mine = np.zeros((1, writer.size), np.float32)
            writer.write([g], [seat], mine)
            for k in range(3):
                other = g.resample_hidden(seat, random.Random(k))
                theirs = np.zeros((1, writer.size), np.float32)
                writer.write([other], [seat], theirs)
                assert np.array_equal(mine, theirs), (game, players, seat)


def test_claim_kingdoms_features_count_control_by_hand() -> None:
    """A stacked deal: after a first placement, the seat's markers and control show."""
    g = regency.new_game("claim-kingdoms", players=2, seed=3)
    writer = feature_writer("claim-kingdoms", 2)
    seat = g.current_player
    g.apply(g.legal_actions()[0])  # place the card in hand: one marker on it
    faction = next(f for sq, f in g._cards.items() if g._marks.get(sq))
    row = writer.row(g, seat)  # type: ignore[attr-defined]
    place_faction = 10 * 7 + (faction * 2 + 0) * 4  # faction block, the seat's own place
    assert row[place_faction] == pytest.approx(1 / 4)  # one marker
    assert row[place_faction + 1] == 1.0 and row[place_faction + 2] == 1.0  # controls alone


def test_missing_weights_say_how_to_make_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(value_module, "WEIGHTS", tmp_path)
    monkeypatch.setattr(value_module, "_LOADED", {})
    with pytest.raises(AgentError, match="regency train kingdoms --players 3"):
        learned_value("kingdoms", 3)


@pytest.mark.parametrize(
    ("spec", "game"),
    [
        *(("ismcts:eval=net,iters=30,depth=3", game) for game in GAMES),
        # rollout improves a heuristic's ranking: Claim has none to improve
        *(("rollout:value=net,iters=4,depth=2", game) for game in GAMES[1:]),
    ],
)
def test_searches_with_the_network_play_legal_moves_reproducibly(spec: str, game: str) -> None:
    for players in (2, 3):
        g = regency.new_game(game, players=players, seed=11)
        rng = random.Random(2)
        while not g.is_over and len(g.legal_actions()) < 2:
            g.apply(rng.choice(g.legal_actions()))
        seat = g.current_player
        first = make_agent(spec, game, 4).choose(g.view(seat))
        again = make_agent(spec, game, 4).choose(g.view(seat))
        assert first in g.legal_actions() and first == again


def test_a_bad_value_setting_is_refused() -> None:
    with pytest.raises(AgentError, match="value must be judge or net"):
        make_agent("rollout:value=magic", "kingdoms", 1)
    with pytest.raises(AgentError, match="eval must be heuristic or net"):
        make_agent("ismcts:eval=magic", "kingdoms", 1)


def test_the_network_judges_better_than_a_coin() -> None:
    """On fresh heuristic games, the net's Brier score beats the fair share's."""
    policy = game_info("kingdoms").heuristic
    assert policy is not None
    learned = learned_value("kingdoms", 2)
    errors, fair = [], []
    for seed in range(12):
        g = regency.new_game("kingdoms", players=2, seed=9000 + seed)
        rng = random.Random(seed)
        marks = []
        while not g.is_over:
            if len(g.legal_actions()) > 1 and rng.random() < 0.3:
                marks.append((g.clone(), g.current_player))
            legal = g.legal_actions()
            g.apply(legal[0] if len(legal) == 1 else policy(g.view(g.current_player), rng))
        result = g.result()
        for state, seat in marks[len(marks) // 2 :]:  # the second half: judgeable
            truth = result.reward(seat)
            errors.append((float(learned.values([state], seat)[0]) - truth) ** 2)
            fair.append((0.5 - truth) ** 2)
    assert np.mean(errors) < np.mean(fair) - 0.03


def test_a_rollout_time_limit_stops_the_worlds_early() -> None:
    g = regency.new_game("kingdoms", players=2, seed=4)
    agent = make_agent("rollout:value=net,iters=100000,depth=2,limit=0.2", "kingdoms", 1)
    assert agent.time_limit == 0.2  # type: ignore[attr-defined]
    assert agent.choose(g.view(g.current_player)) in g.legal_actions()
    assert 1 <= agent.last_iterations < 100000  # type: ignore[attr-defined]
