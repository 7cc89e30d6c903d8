"""Agents: specs, legality, determinism and strength, over every registered game."""

from __future__ import annotations

import pytest

import regency
from regency.agents import make_agent, parse_spec
from regency.agents.base import AgentError
from regency.sim import Matchup, run_games, summarize
from tests.conformance.cases import CASES, IDS, Case


def test_specs_parse_names_and_parameters() -> None:
    assert parse_spec("random").name == "random"
    assert parse_spec(" Heuristic ").name == "heuristic"
    assert str(parse_spec("heuristic")) == "heuristic"
    for bad, message in [
        ("genius", "unknown agent"),
        ("random:depth=3", "no parameter 'depth'"),
        ("random:3", "key=value"),
    ]:
        with pytest.raises(AgentError, match=message):
            parse_spec(bad)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_agents_play_only_legal_moves_and_are_reproducible(case: Case, spec: str) -> None:
    name, players, options = case

    def play(seed: int) -> list[str]:
        game = regency.new_game(name, players=players, seed=seed, **options)
        agents = [make_agent(spec, name, 100 + s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            action = agents[seat].choose(view)
            assert action in view.legal_actions
            game.apply(action)
        return [str(a) for a in game.actions]

    assert play(1) == play(1)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.name for g in regency.available_games()])
def test_the_heuristic_beats_random_clearly(game: str) -> None:
    matchup = Matchup(game, 2, ("heuristic", "random"), {}, seed=2026)
    stats = summarize(matchup.agents, run_games(matchup, 400, workers=2))
    heuristic, _ = stats
    assert heuristic.ci_low > 0.55, heuristic


def test_every_game_and_count_has_a_default_opponent_that_builds() -> None:
    from regency.agents.defaults import STRONGEST, default_opponent

    for info in regency.available_games():
        for players in info.players:
            spec = default_opponent(info.name, players)
            assert spec == STRONGEST[info.name][players]
            agent = make_agent(spec, info.name, 0)
            game = regency.new_game(info.name, players=players, seed=1)
            view = game.view(game.current_player or 0)
            if len(view.legal_actions) > 1 and hasattr(agent, "iterations"):
                agent.iterations = 5  # just prove it plays
            assert agent.choose(view) in view.legal_actions
