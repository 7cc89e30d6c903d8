"""Agent specs from outside (a server's computer seats): checked in full, and bounded in time.

``check_spec`` builds the agent, so every parameter is checked for its type and range, and
the agent for whether it can play the game and player count, before a seat is made; a
server's caps on ``time``, ``iters`` and ``most`` are held. ``make_agent``'s
``time_limit`` bounds one decision of a searching agent, whatever its budget says.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from types import SimpleNamespace
from typing import Any

import pytest

import regency
from regency.agents import AgentError, AgentSpec, check_spec, make_agent
from regency.agents import base as agents_base
from regency.agents import registry as agents_registry
from regency.agents.defaults import default_opponent
from regency.agents.ismcts import ISMCTSAgent
from regency.agents.rollout import RolloutAgent
from regency.core.view import SeatView

GAMES = [info.name for info in regency.available_games()]
RANKED = [info.name for info in regency.available_games() if info.ranking is not None]
"""The games the ``rollout`` agent (and ``ismcts:top``) can play."""
UNRANKED = [info.name for info in regency.available_games() if info.ranking is None]
CAPS: dict[str, Any] = {"max_seconds": 10, "max_iterations": 100_000}

BAD_ANYWHERE = [
    ("ismcts:iters=-5", "ismcts: iters must be at least 1"),
    ("ismcts:iters=0", "ismcts: iters must be at least 1"),
    ("ismcts:iters=abc", "ismcts: iters must be a whole number"),
    ("ismcts:iters=2.5", "ismcts: iters must be a whole number"),
    ("ismcts:iters=" + "9" * 5000, "ismcts: iters must be a whole number"),
    ("ismcts:time=-1", "ismcts: time must be at least"),
    ("ismcts:time=0", "ismcts: time must be at least"),
    ("ismcts:time=nan", "ismcts: time must be a number"),
    ("ismcts:time=inf", "ismcts: time must be a number"),
    ("ismcts:rollout=x", "ismcts: rollout must be random, heuristic or greedy"),
    ("ismcts:c=-1", "ismcts: c must be at least 0"),
    ("ismcts:c=nan", "ismcts: c must be a number"),
    ("ismcts:reward=gold", "ismcts: reward must be win or score"),
    ("ismcts:prior=oracle", "ismcts: prior must be heuristic"),
    ("ismcts:eval=oracle", "ismcts: eval must be heuristic or net"),
    ("ismcts:depth=-1", "ismcts: depth must be at least 0"),
    ("ismcts:depth=x", "ismcts: depth must be a whole number"),
    ("ismcts:widen=-0.5", "ismcts: widen must be at least 0"),
    ("ismcts:widen=3", "ismcts: widen must be at most 1"),
    ("ismcts:top=0", "ismcts: top must be at least 1"),
    ("ismcts:iters=5,iters=6", "given twice"),
    ("ismcts:nonsense=1", "has no parameter 'nonsense'"),
    ("genius", "unknown agent 'genius'"),
    ("random:3", "key=value"),
    ("policy", "policy: needs path="),
    ("policy:path=", "policy: needs path="),
]
"""Specs refused in every game: (spec, the start of the message's words)."""

BAD_RANKED = [
    ("rollout:iters=0", "rollout: iters must be at least 1"),
    ("rollout:iters=abc", "rollout: iters must be a whole number"),
    ("rollout:z=x", "rollout: z must be a number"),
    ("rollout:z=-1", "rollout: z must be at least 0"),
    ("rollout:most=-1", "rollout: most must be at least 1"),
    ("rollout:most=0", "rollout: most must be at least 1"),
    ("rollout:top=-1", "rollout: top must be at least 0"),
    ("rollout:depth=-2", "rollout: depth must be at least 0"),
    ("rollout:bias=nan", "rollout: bias must be a number"),
    ("rollout:limit=0", "rollout: limit must be at least"),
    ("rollout:limit=nan", "rollout: limit must be a number"),
    ("rollout:value=magic", "rollout: value must be judge or net"),
]
"""Specs refused in the games ``rollout`` can play."""

BAD_UNRANKED = [
    ("rollout", "rollout: {game} has no heuristic ranking and judgement"),
    ("rollout:iters=8", "rollout: {game} has no heuristic ranking and judgement"),
    ("ismcts:top=3", "ismcts: {game} has no heuristic ranking (top)"),
    ("ismcts:eval=heuristic", "ismcts: {game} has no heuristic judgement (eval)"),
]
"""Specs refused in the games without a heuristic ranking (Claim)."""

OVER_CAPS = [
    ("ismcts:time=100000", "ismcts: time must be at most 10 s on this server"),
    ("ismcts:time=10.5", "ismcts: time must be at most 10 s on this server"),
    ("ismcts:iters=1000000000", "ismcts: iters must be at most 100000 on this server"),
    ("ismcts:1000000000", "ismcts: iters must be at most 100000 on this server"),
]
OVER_CAPS_RANKED = [
    ("rollout:iters=100001", "rollout: iters must be at most 100000 on this server"),
    ("rollout:most=1000000", "rollout: most must be at most 100000 on this server"),
    ("rollout:limit=11", "rollout: limit must be at most 10 s on this server"),
]

GOOD_ANYWHERE = [
    "random",
    "heuristic",
    "ismcts",
    "ismcts:iters=500",
    "ismcts:500",
    "ismcts:time=1",
    "ismcts:time=10",
    "ismcts:iters=100000",
    "ismcts:iters=50,c=1.2,rollout=heuristic",
    "ismcts:time=1,widen=0.5,c=0.5",
    "ismcts:reward=score,depth=0,prior=heuristic",
]
GOOD_RANKED = [
    "rollout",
    "rollout:most=96",
    "rollout:iters=24",
    "rollout:iters=4,depth=4,top=0,z=0,bias=0.05",
    "ismcts:iters=80,top=2",
    "ismcts:eval=heuristic",
]


def _refused(spec: str, game: str, players: int = 2, **caps: Any) -> str:
    with pytest.raises(AgentError) as refused:
        check_spec(spec, game, players, **caps)
    message = str(refused.value)
    assert "\n" not in message and message.strip() == message, message
    return message


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [(spec, game, message) for game in GAMES for spec, message in BAD_ANYWHERE]
    + [(spec, game, message) for game in RANKED for spec, message in BAD_RANKED]
    + [
        (spec, game, message.format(game=game))
        for game in UNRANKED
        for spec, message in BAD_UNRANKED
    ],
)
def test_bad_specs_are_refused_in_one_line_in_the_agents_words(
    spec: str, game: str, message: str
) -> None:
    assert message in _refused(spec, game, **CAPS)
    assert message in _refused(spec, game, 3)


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [(spec, game, message) for game in GAMES for spec, message in OVER_CAPS]
    + [(spec, game, message) for game in RANKED for spec, message in OVER_CAPS_RANKED],
)
def test_budgets_above_the_servers_caps_are_refused(spec: str, game: str, message: str) -> None:
    assert _refused(spec, game, **CAPS) == message
    check_spec(spec, game, 2)  # no caps: the agent itself takes it


@pytest.mark.parametrize("game", GAMES)
def test_the_defaults_and_common_specs_pass(game: str) -> None:
    info = regency.game_info(game)
    specs = GOOD_ANYWHERE + (GOOD_RANKED if game in RANKED else [])
    for players in info.players:
        default = default_opponent(game, players)
        check_spec(default, game, players, max_seconds=0.5, max_iterations=100)
        for spec in [default, *specs]:
            parsed = check_spec(spec, game, players, **CAPS)
            assert isinstance(parsed, AgentSpec) and str(parsed) == spec


def test_the_game_and_player_count_are_checked() -> None:
    assert _refused("random", "chess") == "random: there is no game 'chess'"
    assert _refused("heuristic", "claim", 7) == "heuristic: claim is played by 2-4 players, not 7"
    assert _refused("ismcts", "kingdoms", 1).startswith("ismcts: kingdoms is played by")


class _TwoSeatsOnly:
    name = "duo"

    def choose(self, view: SeatView[Any]) -> Hashable:
        only: Hashable = view.legal_actions[0]
        return only

    def check_players(self, players: int) -> None:
        if players != 2:
            raise AgentError(f"duo: plays 2 players only, not {players}")


def test_an_agent_that_cannot_play_a_player_count_refuses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agents_registry._load_builtin()
    factory = (lambda game, rng, params: _TwoSeatsOnly(), ())
    monkeypatch.setitem(agents_registry._FACTORIES, "duo", factory)
    assert check_spec("duo", "claim", 2).name == "duo"
    assert _refused("duo", "claim", 3) == "duo: plays 2 players only, not 3"


def test_any_other_error_from_building_an_agent_becomes_an_agent_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(game: str, rng: random.Random, params: dict[str, str]) -> Any:
        raise KeyError("something\ndeep")

    agents_registry._load_builtin()
    monkeypatch.setitem(agents_registry._FACTORIES, "broken", (broken, ("x",)))
    assert _refused("broken:x=1", "claim").startswith("broken: cannot play claim:")


class _FakePolicy:
    """Stands in for a saved MaskablePPO policy: only its spaces are read when built."""

    def __init__(self, game: str) -> None:
        from regency.envs.encoding import encoder_for

        encoder = encoder_for(game, 2)
        self.observation_space = {"observation": SimpleNamespace(shape=(encoder.size,))}
        self.action_space = SimpleNamespace(n=encoder.num_actions)


def test_a_policy_is_checked_against_the_game_and_its_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    policy = pytest.importorskip("regency.envs.policy")
    monkeypatch.setitem(policy._LOADED, "claim.zip", _FakePolicy("claim"))
    for players in (2, 3, 4):
        check_spec("policy:path=claim.zip", "claim", players)
        check_spec("policy:path=claim.zip,sample=1", "claim", players)
    assert _refused("policy:path=claim.zip", "kingdoms") == (
        "policy: the saved policy was not trained on 2-player kingdoms"
    )
    assert _refused("policy:path=claim.zip,sample=maybe", "claim") == (
        "policy: sample must be 0 or 1, not 'maybe'"
    )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda rng: ISMCTSAgent("kingdoms", rng, iterations=0),
            "ismcts: iters must be at least 1",
        ),
        (lambda rng: ISMCTSAgent("kingdoms", rng, seconds=-1.0), "ismcts: time must be at least"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, exploration=-1), "ismcts: c must be at least 0"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, depth=-1), "ismcts: depth must be at least 0"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, widen=-1.0), "ismcts: widen must be at least 0"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, widen=2.0), "ismcts: widen must be at most 1"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, top=0), "ismcts: top must be at least 1"),
        (lambda rng: ISMCTSAgent("kingdoms", rng, time_limit=0.0), "ismcts: time_limit must be"),
        (
            lambda rng: RolloutAgent("kingdoms", rng, iterations=0),
            "rollout: iters must be at least",
        ),
        (lambda rng: RolloutAgent("kingdoms", rng, top=-1), "rollout: top must be at least 0"),
        (lambda rng: RolloutAgent("kingdoms", rng, depth=-1), "rollout: depth must be at least 0"),
        (lambda rng: RolloutAgent("kingdoms", rng, z=float("nan")), "rollout: z must be a number"),
        (lambda rng: RolloutAgent("kingdoms", rng, most=0), "rollout: most must be at least 1"),
    ],
)
def test_the_constructors_check_their_settings_too(build: Any, message: str) -> None:
    with pytest.raises(AgentError, match=f"^{message}"):
        build(random.Random(0))


@pytest.mark.parametrize("limit", [0.0, -1.0, float("nan"), float("inf")])
def test_a_time_limit_must_be_a_positive_number_of_seconds(limit: float) -> None:
    with pytest.raises(AgentError, match="time_limit must be a positive number"):
        make_agent("ismcts", "claim", 0, time_limit=limit)


def _open_view(game: str, players: int = 2) -> SeatView[Any]:
    state = regency.new_game(game, players=players, seed=3)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert len(view.legal_actions) > 1
    return view


@pytest.mark.parametrize(
    ("spec", "budget"),
    [
        ("ismcts:iters=100000000", 100_000_000),
        ("ismcts:iters=100000000,rollout=heuristic", 100_000_000),
        ("ismcts:time=100000", 1_000_000_000),
        ("rollout:iters=100000", 100_000),
        ("rollout:iters=100000,most=1000000", 100_000),
    ],
)
def test_a_time_limit_stops_a_huge_search_with_a_legal_move(spec: str, budget: int) -> None:
    view = _open_view("kingdoms")
    agent = make_agent(spec, "kingdoms", 1, time_limit=0.3)
    assert agent.choose(view) in view.legal_actions
    assert 1 <= agent.last_iterations < budget  # type: ignore[attr-defined]
    estimates = agent.evaluate(view)  # type: ignore[attr-defined]
    assert 1 <= agent.last_iterations < budget  # type: ignore[attr-defined]
    assert {e.action for e in estimates} == set(view.legal_actions)
    assert estimates[0].win is not None


def test_rollouts_cut_short_keep_every_candidate_on_the_same_worlds() -> None:
    view = _open_view("kingdoms", 3)
    # drop=0: no candidate dropped for falling behind, so only the limit cuts worlds
    agent = make_agent("rollout:iters=100000,depth=40,drop=0", "kingdoms", 2, time_limit=0.5)
    estimates = agent.evaluate(view)  # type: ignore[attr-defined]
    worlds = agent.last_iterations  # type: ignore[attr-defined]
    assert 1 <= worlds < 100_000
    assert [e.visits for e in estimates if e.win is not None] == [worlds] * 3


def test_a_time_limit_cuts_even_the_first_world_but_keeps_the_favourite() -> None:
    """Every legal move a candidate, played to the end: the first world alone is long."""
    view = _open_view("kingdoms")
    agent = make_agent("rollout:iters=100,top=0,depth=1000", "kingdoms", 1, time_limit=0.01)
    assert agent.choose(view) in view.legal_actions
    assert agent.last_iterations == 1  # type: ignore[attr-defined]
    estimates = agent.evaluate(view)  # type: ignore[attr-defined]
    judged = [e for e in estimates if e.win is not None]
    assert 1 <= len(judged) < len(view.legal_actions)
    assert estimates[0] == judged[0]  # the move it would play is judged, and first


@pytest.mark.parametrize(
    "spec", ["ismcts:iters=40", "ismcts:iters=30,widen=0.5", "rollout:iters=3,depth=4"]
)
def test_a_time_limit_not_reached_changes_nothing(spec: str) -> None:
    view = _open_view("kingdoms")

    def decide(**limit: Any) -> tuple[str, list[tuple[str, float | None, int]]]:
        agent = make_agent(spec, "kingdoms", 7, **limit)
        move = str(agent.choose(view))
        estimates = agent.evaluate(view)  # type: ignore[attr-defined]
        return move, [(e.notation, e.win, e.visits) for e in estimates]

    assert decide() == decide(time_limit=600.0) == decide()


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_fast_agents_take_a_time_limit_and_ignore_it(spec: str) -> None:
    view = _open_view("claim")
    agent = make_agent(spec, "claim", 1, time_limit=0.001)
    assert not hasattr(agent, "time_limit")
    assert agent.choose(view) in view.legal_actions


def test_the_time_limit_is_set_on_searching_agents() -> None:
    agent = make_agent("ismcts:iters=5", "claim", 1, time_limit=2.5)
    assert isinstance(agent, agents_base.TimeLimited) and agent.time_limit == 2.5
    assert make_agent("ismcts:iters=5", "claim", 1).time_limit is None  # type: ignore[attr-defined]
