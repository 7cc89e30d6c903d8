"""The ISMCTS agent: legal, reproducible, quick when forced, and it finds winning moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.agents import make_agent
from regency.agents.base import AgentError
from regency.agents.ismcts import ISMCTSAgent, Node, decided
from regency.core.view import SeatView
from regency.games.claim import ClaimState


def test_spec_parameters_are_read_and_checked() -> None:
    agent = make_agent("ismcts:iters=50,c=1.2,rollout=heuristic", "claim", 0)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.exploration, agent.rollout) == (50, 1.2, "heuristic")
    assert make_agent("ismcts:75", "claim", 0).iterations == 75  # type: ignore[attr-defined]
    default = make_agent("ismcts", "claim", 0)
    assert default.iterations == regency.game_info("claim").search_iterations  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iters=0", "at least"),
        ("ismcts:c=x", "number"),
        ("ismcts:rollout=magic", "random, heuristic or greedy"),
        ("ismcts:reward=gold", "win or score"),
        ("ismcts:prior=oracle", "heuristic"),
        ("ismcts:depth=-1", "at least"),
    ],
)
def test_bad_search_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        make_agent(spec, "claim", 0)


def test_same_seed_same_moves() -> None:
    def moves(seed: int) -> list[str]:
        game = regency.new_game("claim", seed=4)
        agent = make_agent("ismcts:60", "claim", seed)
        out = []
        for _ in range(10):
            seat = game.current_player
            assert seat is not None
            action = agent.choose(game.view(seat))
            out.append(str(action))
            game.play(action)
        return out

    assert moves(1) == moves(1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_only_plays_legal_moves(players: int) -> None:
    game = regency.new_game("claim", players=players, seed=players, factions="random")
    agents = [make_agent("ismcts:20", "claim", s) for s in range(players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        action = agents[seat].choose(view)
        assert action in view.legal_actions
        game.play(action)


def test_a_forced_move_is_answered_without_searching() -> None:
    game = ClaimState.from_position(hands=[["GB9"], ["KN2"]], phase=2)
    agent = make_agent("ismcts:100000", "claim", 0)
    assert str(agent.choose(game.view(0))) == "GB9"
    assert agent.last_iterations == 0  # type: ignore[attr-defined]


def test_it_never_reads_the_real_game() -> None:
    """The agent gets a view; sabotage the view's world sampler's source and it still plays."""
    game = regency.new_game("claim", seed=9)
    view = game.view(game.current_player or 0)
    assert set(SeatView.__slots__) == {"game", "seat", "players", "observation", "legal_actions"}
    action = make_agent("ismcts:30", "claim", 0).choose(view)
    assert action in view.legal_actions


def claim_winning_move() -> tuple[regency.Game[Any], str]:
    # Phase two, two tricks left. Seat 1 led UN5; seat 0 holds UN7 and UN2, seat 1 DW3.
    # Playing UN7 wins Undead (2 against 1) and with Goblins and Knights three factions.
    # Playing UN2 hands seat 1 the Undead, and seat 1 already has Dwarves and
    # Doppelgangers: three factions for seat 1.
    game = ClaimState.from_position(
        phase=2,
        leader=1,
        played=["UN5"],
        hands=[["UN7", "UN2"], ["DW3"]],
        score_piles=[["GB1", "GB2", "KN2", "KN3"], ["DO1", "DO2", "UN0", "DW1", "DW2"]],
    )
    return game, "UN7"


@pytest.mark.parametrize("make", [claim_winning_move])
def test_it_finds_the_winning_move(make: Any) -> None:
    game, winning = make()
    seat = game.current_player
    for seed in range(3):
        agent = make_agent("ismcts:300", game.name, seed)
        assert str(agent.choose(game.view(seat))) == winning


@pytest.mark.slow
def test_it_beats_random_and_the_heuristic_at_a_small_budget() -> None:
    from regency.sim import summarize
    from regency.sim.arena import Arena, schedule
    from regency.sim.runner import run_tables

    arena = Arena("claim", 2, ("ismcts:300", "heuristic", "random"), 40, seed=5)
    outcomes = run_tables("claim", 2, {}, arena.agents, schedule(arena), workers=2)
    ismcts = summarize(arena.agents, outcomes)[0]
    assert ismcts.win_rate > 0.75, ismcts


def test_random_worlds_do_not_depend_on_the_agents_rng() -> None:
    # Two agents with different seeds still agree that the game's observation is theirs.
    game = regency.new_game("claim", seed=2)
    view = game.view(game.current_player or 0)
    sample = view.world_sampler()
    a, b = sample(random.Random(1)), sample(random.Random(2))
    assert a.observation(view.seat) == b.observation(view.seat) == view.observation


def test_search_options_are_read() -> None:
    agent = make_agent(
        "ismcts:iters=5,depth=3,reward=score,prior=heuristic,widen=0.5", "kingdoms", 0
    )
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.depth, agent.reward, agent.prior, agent.widen) == (3, "score", "heuristic", 0.5)


@pytest.mark.parametrize("game", ["claim", "claim-kingdoms", "kingdoms"])
def test_a_prior_tries_the_heuristics_move_first(game: str) -> None:
    state = regency.new_game(game, seed=3)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    # Heuristics may break ties at random: any of their choices will do.
    choices = {make_agent("heuristic", game, s).choose(view) for s in range(20)}
    agent = make_agent("ismcts:iters=1,prior=heuristic", game, 0)
    root = agent.search(view)  # type: ignore[attr-defined]
    assert len(root.children) == 1 and next(iter(root.children)) in choices


def test_drawn_tiles_split_the_tree_in_kingdoms() -> None:
    """After ``draw`` the searching seat sees which tile came: the tree branches on it."""
    state = regency.new_game("kingdoms", seed=1)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    draw = view.find("draw")
    root = make_agent("ismcts:400", "kingdoms", 0).search(view)  # type: ignore[attr-defined]
    below = root.children[draw].children
    assert len(below) > 1 and all(key[0] == "chance" for key in below)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_choosing_stops_once_the_move_is_decided_and_plays_the_same_move(players: int) -> None:
    """``choose`` stops an iteration budget when no later iteration could change the most
    visited move: the move is the whole budget's (same seed), and some decisions end
    early."""
    spec, game = "ismcts:iters=400", "claim"
    state = regency.new_game(game, players=players, seed=3)
    rng = random.Random(3)
    early = 0
    decisions = 0
    while not state.is_over and decisions < 12:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if len(view.legal_actions) > 1:
            decisions += 1
            chooser = make_agent(spec, game, decisions)
            assert isinstance(chooser, ISMCTSAgent)
            move = chooser.choose(view)
            whole = make_agent(spec, game, decisions)
            assert isinstance(whole, ISMCTSAgent)
            root = whole.search(view)
            assert whole.last_iterations == 400
            full = max(  # as choose picks: in the order of the legal moves
                (a for a in view.legal_actions if a in root.children),
                key=lambda a: (root.children[a].visits, root.children[a].reward),
            )
            assert move == full
            assert chooser.last_iterations % 50 == 0 and chooser.last_iterations <= 400
            early += chooser.last_iterations < 400
        state.apply(rng.choice(state.legal_actions()))
    assert early, "no decision ended early: the test has no teeth"


def test_a_move_is_decided_when_no_rival_can_catch_it() -> None:
    root = Node(None, 0)
    for key, visits in (("a", 60), ("b", 25), ("c", 10)):
        child = Node(root, 0)
        child.visits = visits
        root.children[key] = child
    assert decided(root, 34)  # b can reach 59 at most
    assert not decided(root, 35)  # b could tie at 60
    lone = Node(None, 0)
    lone.children["a"] = Node(lone, 0)
    lone.children["a"].visits = 5
    assert decided(lone, 4) and not decided(lone, 5)  # an untried move could reach 5
