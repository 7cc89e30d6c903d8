"""Search guided by the heuristics: ``top`` (root moves among the heuristic's best) and
``eval=heuristic`` (the heuristic's judgement at a playout cut-off).

Both must stay legal, reproducible and blind to what the seat cannot see.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.agents import make_agent
from regency.agents.base import AgentError
from regency.agents.ismcts import ISMCTSAgent
from regency.agents.rollout import DROP_Z, RolloutAgent

GUIDED = ["claim-kingdoms", "kingdoms"]
SPEC = "ismcts:iters=60,eval=heuristic,top=3"
ROLLOUT = "rollout:iters=3,top=3,depth=3"


def decisions(game: str, seed: int, count: int, players: int = 2) -> list[regency.Game[Any]]:
    """Positions with a real choice along a random game."""
    state = regency.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    out: list[regency.Game[Any]] = []
    while not state.is_over and len(out) < count:
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append(state.clone())
        state.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("game", GUIDED)
def test_options_are_read(game: str) -> None:
    agent = make_agent("ismcts:iters=5,eval=heuristic,top=4", game, 0)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.top, agent.depth) == (4, 0)  # eval alone judges right after the new node
    assert make_agent("ismcts:5,eval=heuristic,depth=3", game, 0).depth == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [("ismcts:eval=oracle", "eval must be heuristic"), ("ismcts:top=0", "at least")],
)
def test_bad_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        make_agent(spec, "kingdoms", 0)


def test_games_without_a_judgement_say_so() -> None:
    with pytest.raises(AgentError, match="no heuristic judgement"):
        make_agent("ismcts:eval=heuristic", "claim", 0)
    with pytest.raises(AgentError, match="no heuristic ranking"):
        make_agent("ismcts:top=3", "claim", 0)


@pytest.mark.parametrize("game", GUIDED)
def test_the_root_keeps_to_the_heuristics_top_moves(game: str) -> None:
    ranking = regency.game_info(game).ranking
    assert ranking is not None
    for state in decisions(game, 1, 4):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        ranked = ranking(view, random.Random(0))
        assert sorted(map(str, ranked)) == sorted(map(str, view.legal_actions))
        root = make_agent("ismcts:iters=80,top=2", game, 0).search(view)  # type: ignore[attr-defined]
        assert set(root.children) <= set(ranked[:2])
        assert 1 <= len(root.children) <= 2


@pytest.mark.parametrize("game", GUIDED)
def test_the_rankings_favourite_is_the_heuristics_move(game: str) -> None:
    ranking = regency.game_info(game).ranking
    assert ranking is not None
    checked = 0
    for state in decisions(game, 2, 16):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        choices = {str(make_agent("heuristic", game, s).choose(view)) for s in range(4)}
        if len(choices) == 1:  # no tie for the heuristic to break at random
            checked += 1
            assert str(ranking(view, random.Random(0))[0]) in choices
    assert checked >= 4


@pytest.mark.parametrize("game", GUIDED)
def test_judgement_gives_each_seat_a_win_chance(game: str) -> None:
    judge = regency.game_info(game).judge
    assert judge is not None
    for players in (2, 3, 4):
        for state in decisions(game, players, 5, players):
            chances = judge(state)
            assert len(chances) == players
            assert all(0.0 <= c <= 1.0 for c in chances)


@pytest.mark.parametrize("game", GUIDED)
def test_a_finished_game_is_judged_by_its_result(game: str) -> None:
    """A rollout that reaches the end knows who won, however narrowly."""
    judge = regency.game_info(game).judge
    assert judge is not None
    for players in (2, 3, 4):
        state = regency.new_game(game, players=players, seed=players)
        rng = random.Random(players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        winners = state.result().winners
        assert judge(state) == [1 / len(winners) if s in winners else 0.0 for s in range(players)]


@pytest.mark.parametrize(
    ("spec", "counts", "seed"),
    [(SPEC, (2, 3), 10), (ROLLOUT, (2, 4), 30)],
    ids=["ismcts", "rollout"],
)
@pytest.mark.parametrize("game", GUIDED)
def test_guided_agents_play_legal_reproducible_moves(
    game: str, spec: str, counts: tuple[int, ...], seed: int
) -> None:
    for players in counts:
        for state in decisions(game, seed + players, 3, players):
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            first = make_agent(spec, game, 7).choose(view)
            assert first in view.legal_actions
            assert make_agent(spec, game, 7).choose(view) == first


@pytest.mark.parametrize("game", GUIDED)
def test_guided_search_never_reads_hidden_cards(game: str) -> None:
    """Re-deal what the seat cannot see: for a fixed seed the move and the tree are the same."""
    rng = random.Random(5)
    changed = 0
    for state in decisions(game, 21, 6):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        agent = make_agent(SPEC, game, 3)
        root = agent.search(view)  # type: ignore[attr-defined]
        move = make_agent(SPEC, game, 3).choose(view)
        other = state.resample_hidden(seat, rng)
        changed += other.state_dict() != state.state_dict()
        other_view = other.view(seat)
        other_root = make_agent(SPEC, game, 3).search(other_view)  # type: ignore[attr-defined]
        assert make_agent(SPEC, game, 3).choose(other_view) == move
        assert {str(k): (c.visits, c.reward) for k, c in root.children.items()} == {
            str(k): (c.visits, c.reward) for k, c in other_root.children.items()
        }
    assert changed, "re-dealing never changed a hidden card: the test has no teeth"


@pytest.mark.parametrize("game", GUIDED)
def test_rollouts_never_read_hidden_cards(game: str) -> None:
    """Re-deal what the seat cannot see: for a fixed seed the same figures and move."""
    rng = random.Random(8)
    changed = 0
    for state in decisions(game, 41, 5):
        seat = state.current_player
        assert seat is not None
        other = state.resample_hidden(seat, rng)
        changed += other.state_dict() != state.state_dict()
        roots = [
            make_agent(ROLLOUT, game, 3).search(s.view(seat))  # type: ignore[attr-defined]
            for s in (state, other)
        ]
        figures = [{str(k): (c.visits, c.reward) for k, c in r.children.items()} for r in roots]
        assert figures[0] == figures[1]
        moves = [make_agent(ROLLOUT, game, 3).choose(s.view(seat)) for s in (state, other)]
        assert moves[0] == moves[1]
    assert changed, "re-dealing never changed a hidden card: the test has no teeth"


@pytest.mark.parametrize("game", GUIDED)
def test_rollouts_give_a_search_root_over_the_heuristics_best(game: str) -> None:
    """Like the tree search's root: a child per candidate, each with visits and reward."""
    state = decisions(game, 5, 2)[1]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    root = make_agent("rollout:iters=4,top=2,depth=2", game, 1).search(view)  # type: ignore[attr-defined]
    ranking = regency.game_info(game).ranking
    assert ranking is not None
    assert len(root.children) == 2 and root.visits == 4
    assert all(c.visits == 4 and 0.0 <= c.reward <= 4.0 for c in root.children.values())
    assert all(key in view.legal_actions for key in root.children)


def test_rollout_options_are_checked() -> None:
    with pytest.raises(AgentError, match="at least"):
        make_agent("rollout:iters=0", "kingdoms", 0)
    with pytest.raises(AgentError, match="number"):
        make_agent("rollout:depth=x", "kingdoms", 0)
    with pytest.raises(AgentError, match="no heuristic ranking"):
        make_agent("rollout", "claim", 0)


def test_plain_rollout_takes_the_budget_measured_for_its_game() -> None:
    """The spec stays ``rollout``; each game's worlds and look-ahead are its own."""
    for game, budget in (("kingdoms", (32, 40)), ("claim-kingdoms", (24, 16))):
        agent = make_agent("rollout", game, 0)
        assert isinstance(agent, RolloutAgent)
        assert (agent.iterations, agent.depth, agent.most) == (*budget, budget[0])
        assert regency.game_info(game).rollout_budget == budget
    mine = make_agent("rollout:iters=5,depth=2,most=9", "claim-kingdoms", 0)
    assert isinstance(mine, RolloutAgent)
    assert (mine.iterations, mine.depth, mine.most) == (5, 2, 9)


def test_a_confident_rollout_leaves_the_favourite_only_for_a_sure_advantage() -> None:
    """``z``: the paired advantage's mean less z standard errors must stay above zero."""
    agent = make_agent("rollout:iters=4,z=2", "kingdoms", 0)
    assert agent.z == 2.0  # type: ignore[attr-defined]
    # Four worlds. "noisy" is ahead by 0.15 on average, but its advantages swing from
    # -0.2 to +0.5 (standard error 0.2: lower bound 0.15 - 2 x 0.2 < 0); "steady" is
    # ahead by 0.05 in every world (standard error 0: lower bound 0.05).
    noisy = [0.5, -0.2, 0.5, -0.2]
    steady = [0.05] * 4
    agent._paired = {  # type: ignore[attr-defined]
        "noisy": (sum(noisy), sum(a * a for a in noisy)),
        "steady": (sum(steady), sum(a * a for a in steady)),
    }
    assert agent._confident_choice("favourite", 4) == "steady"  # type: ignore[attr-defined]
    del agent._paired["steady"]  # type: ignore[attr-defined]
    assert agent._confident_choice("favourite", 4) == "favourite"  # type: ignore[attr-defined]
    agent.z = 0.4  # type: ignore[attr-defined]  # 0.15 - 0.4 x 0.2 > 0: now sure enough
    assert agent._confident_choice("favourite", 4) == "noisy"  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GUIDED)
def test_a_confident_rollout_pairs_every_candidate_with_the_favourite(game: str) -> None:
    state = decisions(game, 5, 2)[1]
    seat = state.current_player
    assert seat is not None
    agent = make_agent("rollout:iters=5,top=3,depth=2,z=1,drop=0", game, 1)
    move = agent.choose(state.view(seat))
    root = agent.search(state.view(seat))  # type: ignore[attr-defined]
    assert set(agent._paired) == set(root.children) - {root.hint}  # type: ignore[attr-defined]
    for action, (total, _) in agent._paired.items():  # type: ignore[attr-defined]
        # The advantages sum to the candidate's total less the favourite's.
        expected = root.children[action].reward - root.children[root.hint].reward
        assert total == pytest.approx(expected)
    assert move in state.legal_actions()


def test_an_open_decision_gets_more_worlds_a_settled_one_stops() -> None:
    """``most``: past ``iters`` worlds, more only while a candidate leads but not surely."""
    agent = make_agent("rollout:iters=4,most=20,z=2", "kingdoms", 0)
    assert (agent.iterations, agent.most) == (4, 20)  # type: ignore[attr-defined]
    settled = agent._settled  # type: ignore[attr-defined]
    behind = [-0.1, 0.0, -0.2, 0.1]  # on average behind the favourite: nothing to find
    noisy = [0.5, -0.2, 0.5, -0.2]  # ahead on average, not surely: look further
    steady = [0.05] * 4  # surely ahead: decided
    paired = {name: (sum(a), sum(x * x for x in a)) for name, a in [("behind", behind)]}
    assert settled(paired, 4)
    paired["noisy"] = (sum(noisy), sum(x * x for x in noisy))
    assert not settled(paired, 4)
    paired["steady"] = (sum(steady), sum(x * x for x in steady))
    assert settled(paired, 4)
    assert make_agent("rollout:iters=9,most=3", "kingdoms", 0).most == 9  # type: ignore[attr-defined]


def test_adaptive_worlds_stay_between_iters_and_most() -> None:
    agent = make_agent("rollout:iters=4,most=20,top=3,depth=2,z=2,drop=0", "kingdoms", 1)
    seen = []
    for state in decisions("kingdoms", 5, 12):
        seat = state.current_player
        assert seat is not None
        agent.choose(state.view(seat))
        worlds = agent.last_iterations  # type: ignore[attr-defined]
        if not agent._paired:  # type: ignore[attr-defined]
            assert worlds == 0  # a single candidate: nothing to compare
            continue
        assert worlds in (4, 12, 20)
        if worlds < 20:
            assert agent._settled(agent._paired, worlds)  # type: ignore[attr-defined]
        seen.append(worlds)
    assert max(seen) > 4, "no decision was left open: the test has no teeth"


@pytest.mark.parametrize("game", GUIDED)
def test_rollout_judges_the_heuristics_best_moves_for_a_hint(game: str) -> None:
    """``evaluate``: the move ``choose`` plays first, then the other candidates by their
    mean; every other legal move after them, unjudged."""
    state = decisions(game, 5, 3)[2]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    spec = "rollout:iters=6,top=3,depth=3,z=0.5,drop=0"
    estimates = make_agent(spec, game, 4).evaluate(view)  # type: ignore[attr-defined]
    assert [e.action for e in estimates[:1]] == [make_agent(spec, game, 4).choose(view)]
    assert sorted(map(str, (e.action for e in estimates))) == sorted(map(str, view.legal_actions))
    judged = [e for e in estimates if e.win is not None]
    assert len(judged) == min(3, len(view.legal_actions)) and all(e.visits == 6 for e in judged)
    assert all(0.0 <= e.win <= 1.0 for e in judged)  # type: ignore[operator]
    rest = [e.win for e in judged[1:]]
    assert rest == sorted(rest, reverse=True)
    assert all(e.win is None and e.visits == 0 for e in estimates[len(judged) :])


@pytest.mark.parametrize("game", GUIDED)
def test_rollout_judges_a_move_it_is_asked_to_without_changing_its_choice(game: str) -> None:
    """``include`` (analysis: the move played) adds a move judged on the same worlds; the
    candidates' figures and the move preferred are those of a search without it (with no
    candidate dropped: see the dropping tests below)."""
    spec = "rollout:iters=6,top=2,depth=3,z=0.5,drop=0"
    for state in decisions(game, 6, 12)[4:]:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        plain = make_agent(spec, game, 4).evaluate(view)  # type: ignore[attr-defined]
        outside = [e.action for e in plain if e.win is None]
        if not outside:
            continue
        asked = make_agent(spec, game, 4).evaluate(view, include=[outside[-1]])  # type: ignore[attr-defined]
        judged = [e for e in asked if e.win is not None]
        assert judged[: len(judged) - 1] == [e for e in plain if e.win is not None]
        assert judged[-1].action == outside[-1] and judged[-1].visits == 6
        assert asked[0].action == make_agent(spec, game, 4).choose(view)
        break
    else:
        pytest.fail("no position with a move outside the candidates")


def test_rollout_refuses_to_judge_an_illegal_move() -> None:
    state = decisions("kingdoms", 6, 2)[1]
    view = state.view(state.current_player or 0)
    with pytest.raises(AgentError, match="not a legal move"):
        make_agent("rollout:iters=2,depth=2", "kingdoms", 0).evaluate(view, include=["nonsense"])  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GUIDED)
def test_rollout_with_top_0_judges_every_legal_move(game: str) -> None:
    state = decisions(game, 7, 3)[2]
    view = state.view(state.current_player or 0)
    estimates = make_agent("rollout:iters=2,top=0,depth=2", game, 1).evaluate(view)  # type: ignore[attr-defined]
    assert {e.action for e in estimates} == set(view.legal_actions)
    assert all(e.win is not None and e.visits == 2 for e in estimates)


def test_a_candidate_is_dropped_once_likely_behind_the_favourite() -> None:
    """``drop``: one standard error (DROP_Z) below an even score, not the choice's two."""
    assert DROP_Z == 1.0
    behind = RolloutAgent._behind
    # Four worlds each. "lost" trails by 0.1 in every world (standard error 0); "likely"
    # by 0.1 on average with a standard error of 0.058 (-0.1 + 0.058 < 0); "unsure" by
    # 0.05 with a standard error of 0.087 (-0.05 + 0.087 > 0); "ahead" leads.
    runs = {
        "lost": [-0.1] * 4,
        "likely": [0.0, -0.2, 0.0, -0.2],
        "unsure": [0.1, -0.2, 0.1, -0.2],
        "ahead": [0.1, 0.0, 0.1, 0.0],
    }
    paired = {name: (sum(a), sum(x * x for x in a)) for name, a in runs.items()}
    assert behind(paired, 4) == {"lost", "likely"}


@pytest.mark.parametrize("game", GUIDED)
def test_dropping_stops_rolling_out_the_candidates_behind(game: str) -> None:
    """A dropped candidate gets no more worlds and is never chosen; with every rival of
    the favourite dropped the decision ends early, and without dropping (``drop=0``)
    every candidate gets every world."""
    spec = "rollout:iters=12,top=3,depth=2,drop=3"
    ended_early = 0
    for number, state in enumerate(decisions(game, 8, 10)):
        view = state.view(state.current_player or 0)
        agent = make_agent(spec, game, number)
        assert isinstance(agent, RolloutAgent)
        root = agent.search(view)
        move = agent._pick(root)
        assert move == make_agent(spec, game, number).choose(view)
        worlds = agent.last_iterations
        favourite = root.children[root.hint]
        assert favourite.visits == worlds <= 12
        assert agent.last_rollouts == sum(child.visits for child in root.children.values())
        kept = set(agent._paired)
        for action, child in root.children.items():
            if action == root.hint:
                continue
            if action in kept:
                assert child.visits == worlds
            else:  # dropped, after at least 3 worlds
                assert 3 <= child.visits <= worlds
        assert move == root.hint or move in kept
        if worlds < 12:
            assert not kept, "it stopped early with a rival of the favourite left"
            ended_early += 1
        full = make_agent(spec.replace("drop=3", "drop=0"), game, number)
        assert isinstance(full, RolloutAgent)
        whole = full.search(view)
        assert full.last_iterations == 12
        assert all(child.visits == 12 for child in whole.children.values())
        assert full.last_rollouts >= agent.last_rollouts
    assert ended_early, "no decision ended early: the test has no teeth"


@pytest.mark.parametrize("game", GUIDED)
def test_a_move_to_judge_keeps_the_favourite_rolling_out_beside_it(game: str) -> None:
    """Analysis: the move played (``include``) and the favourite get every world, so the
    two are compared on the same ones, whatever was dropped; the choice is unchanged."""
    spec = "rollout:iters=10,top=2,depth=2,drop=2"
    for number, state in enumerate(decisions(game, 9, 12)[3:]):
        view = state.view(state.current_player or 0)
        plain = make_agent(spec, game, number)
        assert isinstance(plain, RolloutAgent)
        choice = plain.choose(view)
        candidates = plain._candidates
        outside = [a for a in view.legal_actions if a not in candidates]
        if plain.last_iterations == 10 or not outside:
            continue  # looking for a decision that dropping ended early
        asked = make_agent(spec, game, number)
        estimates = asked.evaluate(view, include=[outside[0]])  # type: ignore[attr-defined]
        judged = {e.action: e for e in estimates if e.win is not None}
        assert judged[outside[0]].visits == judged[estimates[0].action].visits == 10
        assert estimates[0].action == choice
        break
    else:
        pytest.fail("no decision that dropping ended early, with a move outside the candidates")


def test_drop_is_checked() -> None:
    assert make_agent("rollout", "kingdoms", 0).drop == 4  # type: ignore[attr-defined]
    assert make_agent("rollout:drop=0", "kingdoms", 0).drop == 0  # type: ignore[attr-defined]
    with pytest.raises(AgentError, match="drop must be at least 0"):
        make_agent("rollout:drop=-1", "kingdoms", 0)
    with pytest.raises(AgentError, match="drop must be a whole number"):
        make_agent("rollout:drop=1.5", "kingdoms", 0)
