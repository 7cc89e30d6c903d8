"""Move analysis: judged from the deciding seat's view only, labelled, reproducible, saved."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import regency
from regency import analysis as analysis_module
from regency.agents import make_agent
from regency.agents.base import AgentError, MoveEvaluator
from regency.agents.defaults import default_opponent
from regency.agents.ismcts import ISMCTSAgent
from regency.analysis import (
    LABELS,
    Analysis,
    AnalysisError,
    Decision,
    MoveFigure,
    analyze,
    decide,
    default_agent,
    game_accuracy,
    hint_agent,
    judge,
    label_for,
    lost_points,
    preferred,
    summarize,
)
from regency.core.errors import CorruptSaveError
from regency.games.claim import ClaimState
from regency.games.kingdoms import KingdomsState

GAMES = [g.name for g in regency.available_games()]
SPEC = "ismcts:30"


def played_record(game: str, players: int = 2, seed: int = 1, moves: int | None = None) -> Any:
    """A record of random play (the first ``moves`` decisions only, if given)."""
    g = regency.new_game(game, players=players, seed=seed)
    agents = [make_agent("random", game, seed * 10 + s) for s in range(players)]
    while not g.is_over and (moves is None or len(g.actions) < moves):
        seat = g.current_player
        assert seat is not None
        g.play(agents[seat].choose(g.view(seat)))
    return g.record({"seats": [f"p{s}" for s in range(players)]})


def decisions_to_probe(record: Any, count: int) -> list[int]:
    """Indexes (moves made before) of up to ``count`` unforced decisions, spread out."""
    g = regency.new_game(record.game, players=record.players, seed=record.seed, **record.options)
    found = []
    for index, notation in enumerate(record.actions):
        if len(g.legal_actions()) > 1:
            found.append(index)
        g.play(notation)
    step = max(1, len(found) // count)
    return found[::step][:count]


# -- the move evaluator ----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_search_judges_every_legal_move_and_prefers_what_it_would_play(game: str) -> None:
    record = played_record(game, moves=6)
    g = regency.replay(record)
    view = g.view(g.current_player or 0)
    agent = make_agent(SPEC, game, 3)
    assert isinstance(agent, MoveEvaluator)
    estimates = agent.evaluate(view)
    assert sorted(e.notation for e in estimates) == sorted(str(a) for a in view.legal_actions)
    assert {e.action for e in estimates} == set(view.legal_actions)
    assert all(e.win is None or 0.0 <= e.win <= 1.0 for e in estimates)
    assert sum(e.visits for e in estimates) == 30
    visits = [e.visits for e in estimates]
    assert visits == sorted(visits, reverse=True)
    assert estimates[0].action == make_agent(SPEC, game, 3).choose(view)


@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_an_agent_that_only_chooses_is_refused(spec: str) -> None:
    with pytest.raises(AgentError, match="cannot judge moves"):
        analyze(played_record("claim", moves=4), agent=spec)


def test_a_bad_spec_or_seat_is_refused_before_any_search() -> None:
    record = played_record("claim", moves=4)
    with pytest.raises(AgentError, match="unknown agent"):
        analyze(record, agent="stockfish")
    with pytest.raises(AgentError, match="iters"):
        analyze(record, agent="ismcts:iters=0")
    with pytest.raises(AnalysisError, match="seat 2"):
        analyze(record, seats=[2])
    with pytest.raises(CorruptSaveError):
        analyze('{"format": "regency-record", "game": "claim", "players": 2}')


# -- what the seat could not see ---------------------------------------------------------


ROLLOUT = "rollout:iters=4,depth=4"


@pytest.mark.parametrize(
    ("game", "players", "spec"),
    [(g, 2, SPEC) for g in GAMES]
    + [("claim", 4, SPEC), ("claim-kingdoms", 3, ROLLOUT), ("kingdoms", 2, ROLLOUT)],
)
def test_the_figures_never_depend_on_what_the_deciding_seat_could_not_see(
    game: str, players: int, spec: str
) -> None:
    """Re-deal what the deciding seat could not see: every figure stays the same."""
    record = played_record(game, players=players, seed=4)
    changed = moved = 0
    for index in decisions_to_probe(record, 3):
        real = regency.replay(record, stop=index)
        seat = real.current_player
        assert seat is not None
        played = record.actions[index]
        figures = judge(real, played, agent=spec, seed=7, number=index + 1)
        assert figures.moves and figures.seat == seat
        for k in range(3):
            other = real.resample_hidden(seat, random.Random(k))
            changed += other.state_dict() != real.state_dict()
            assert judge(other, played, agent=spec, seed=7, number=index + 1) == figures
        # The figures are a search's, not constants: another seed moves them (where
        # something is left to chance or hidden, and the search has moves to weigh).
        moved += judge(real, played, agent=spec, seed=8, number=index + 1) != figures
    assert changed > 0  # the re-deals did hide something different
    assert moved > 0


def test_the_seats_chosen_do_not_change_a_decisions_figures() -> None:
    record = played_record("claim-kingdoms", moves=5)
    both = analyze(record, agent=SPEC, seed=2)
    only = analyze(record, agent=SPEC, seed=2, seats=[1])
    assert only.seats == (1,)
    assert only.decisions == tuple(d for d in both.decisions if d.seat == 1)
    assert [s.seat for s in only.summaries] == [1]


# -- a position whose answer is known --------------------------------------------------


def claim_two_tricks_left() -> Any:
    """Phase two, two tricks left; seat 1 led UN5, seat 0 holds UN7 and UN2, seat 1 DW3.

    UN7 wins the trick and the Undead (2 against 1): with Goblins and Knights that is
    three factions for seat 0. UN2 gives seat 1 the Undead, and seat 1 already has the
    Dwarves and Doppelgangers: three factions for seat 1. Every other card is known
    (discarded), so the outcome of each move is certain from seat 0's view too.
    """
    return ClaimState.from_position(
        phase=2,
        leader=1,
        played=["UN5"],
        hands=[["UN7", "UN2"], ["DW3"]],
        score_piles=[["GB1", "GB2", "KN2", "KN3"], ["DO1", "DO2", "UN0", "DW1", "DW2"]],
    )


def finish(game: Any, move: str) -> list[int]:
    game = game.clone()
    game.play(move)
    while not game.is_over:
        game.play(game.legal_actions()[0])  # the rest is forced: one card each
    return list(game.result().winners)


def test_the_position_is_what_the_test_says() -> None:
    game = claim_two_tricks_left()
    assert finish(game, "UN7") == [0]
    assert finish(game, "UN2") == [1]


@pytest.mark.parametrize("seed", range(3))
def test_a_move_that_loses_for_sure_is_a_blunder_and_the_winning_move_is_preferred(
    seed: int,
) -> None:
    game = claim_two_tricks_left()
    bad = judge(game, "UN2", agent="ismcts:200", seed=seed)
    assert (bad.best, bad.played, bad.label) == ("UN7", "UN2", "blunder")
    assert bad.win == 1.0 and bad.win_played == 0.0 and bad.loss == 1.0
    good = judge(game, "UN7", agent="ismcts:200", seed=seed)
    assert (good.best, good.label, good.loss) == ("UN7", None, 0.0)


def test_two_player_phase_two_is_judged_exactly_whatever_the_agent() -> None:
    """Every card's place is known there: the solver's values, marked exact."""
    game = claim_two_tricks_left()
    for spec in ("ismcts:1", "ismcts:500"):
        bad = judge(game, "UN2", agent=spec)
        assert bad.exact and (bad.label, bad.loss) == ("blunder", 1.0)
        assert [(m.move, m.win, m.visits) for m in bad.moves] == [("UN7", 1.0, 1), ("UN2", 0.0, 1)]


def test_a_two_player_claim_game_is_judged_exactly_in_phase_two_only() -> None:
    record = played_record("claim", seed=4)
    analysis = analyze(record, agent="ismcts:20", seed=1)
    game = regency.new_game("claim", players=2, seed=record.seed)
    phase, hand = {}, {}
    for number, notation in enumerate(record.actions, start=1):
        phase[number] = game.phase
        mover = game.current_player
        hand[number] = len(game.view(mover).observation["hand"]) if mover is not None else 0
        game.play(notation)
    judged = [d for d in analysis.decisions if not d.forced]
    # Phase two is judged exactly once the hands are small enough to solve within
    # EXACT_NODES (always from the third trick on; the first two may be too big).
    assert {d.exact for d in judged if phase[d.number] == 2 and hand[d.number] <= 11} == {True}
    assert any(d.exact for d in judged if phase[d.number] == 2 and hand[d.number] == 13)
    assert {d.exact for d in judged if phase[d.number] == 1} == {False}
    for d in judged:
        if d.exact:  # a value under best play: a win, a loss, or a shared win
            assert {m.win for m in d.moves} <= {0.0, 0.5, 1.0}
    assert Analysis.from_json(analysis.to_json()) == analysis


def kingdoms_last_castle(gold: tuple[int, int] = (50, 50)) -> Any:
    """The third epoch's last three squares; seat 0 holds one rank-1 castle, seat 1 two
    rank-2 castles, and no tiles are left, so seat 1 fills the other two squares.

    A5 (row A: +22) ends 71-22 and C5 (row C: +6) 55-54, both wins for seat 0; B5 (row B:
    -18) ends 31-102, a loss. Nothing is hidden and nothing is left to chance.
    """
    return KingdomsState.from_position(
        board=[
            "+6 +6 +5 +5 . S1R1",
            "-6 -5 -4 -3 . S1R1",
            "+1 +1 +2 +2 . MTN",
            "+3 +3 +4 +4 -1 -2",
            "MTN DRG GLD WIZ S1R1 S1R1",
        ],
        castles=[[1, 0, 0, 0], [0, 2, 0, 0]],
        supply=[],
        epoch=3,
        gold=list(gold),
    )


def test_the_kingdoms_position_is_what_the_test_says() -> None:
    game = kingdoms_last_castle()
    for move, gold, winners in [
        ("castle 1 A5", (71, 22), [0]),
        ("castle 1 B5", (31, 102), [1]),
        ("castle 1 C5", (55, 54), [0]),
    ]:
        played = game.clone()
        played.play(move)
        while not played.is_over:
            played.play(played.legal_actions()[0])
        assert (played.gold, list(played.result().winners)) == (gold, winners)


@pytest.mark.parametrize("spec", ["rollout:iters=4,top=1", "rollout:iters=4"])
def test_rollouts_label_a_losing_castle_a_blunder_and_a_narrow_win_no_loss(spec: str) -> None:
    """With ``top=1`` the heuristic's favourite (A5) is the only candidate and the
    blunder is judged only because it was played."""
    game = kingdoms_last_castle()
    bad = judge(game, "castle 1 B5", agent=spec, seed=3)
    assert (bad.best, bad.played, bad.label) == ("castle 1 A5", "castle 1 B5", "blunder")
    assert bad.win == 1.0 and bad.win_played == 0.0 and bad.loss == 1.0
    # A win by one gold is a win: the rollouts that reach the end judge by the result.
    narrow = judge(game, "castle 1 C5", agent=spec, seed=3)
    assert (narrow.best, narrow.win_played, narrow.loss, narrow.label) == (
        "castle 1 A5",
        1.0,
        0.0,
        None,
    )


def test_a_forced_move_is_marked_and_not_searched() -> None:
    game = ClaimState.from_position(hands=[["GB9"], ["KN2"]], phase=2)
    decision = judge(game, "GB9", agent="ismcts:100000")
    assert decision == Decision(1, 0, "GB9", forced=True)


# -- labels and summaries --------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "label"),
    [
        (None, None),
        (0.0, None),
        (0.0999, None),
        (0.10, "inaccuracy"),
        (0.1999, "inaccuracy"),
        (0.20, "mistake"),
        (0.2999, "mistake"),
        (0.30, "blunder"),
        (1.0, "blunder"),
    ],
)
def test_labels_follow_the_documented_thresholds(loss: float | None, label: str | None) -> None:
    """By the loss alone (tests/core/test_accuracy.py: by a share of the stakes too)."""
    assert label_for(loss) == label
    assert {name: alone for name, alone, _, _ in LABELS} == {
        "inaccuracy": 0.10,
        "mistake": 0.20,
        "blunder": 0.30,
    }


@given(st.floats(0, 1))
def test_a_shown_loss_reaches_a_threshold_exactly_when_the_label_is_given(loss: float) -> None:
    """One comparison, on the unrounded loss (issue 30): 0.0996 shows 9.9 and no label."""
    shown = lost_points(loss)
    reached = [name for name, alone, _, _ in LABELS if shown >= round(100 * alone, 1)]
    assert label_for(loss) == (reached[0] if reached else None)


@pytest.mark.parametrize(
    ("loss", "shown", "label"),
    [
        (0.0996, 9.9, None),
        (0.1, 10.0, "inaccuracy"),
        (0.6 - 0.5, 10.0, "inaccuracy"),  # 0.09999999999999998: float noise, not a smaller loss
        (0.19999, 19.9, "inaccuracy"),
        (0.2, 20.0, "mistake"),
        (0.57, 57.0, "blunder"),
        (0.0, 0.0, None),
    ],
)
def test_lost_points_are_cut_to_one_decimal(loss: float, shown: float, label: str | None) -> None:
    assert lost_points(loss) == shown
    assert label_for(loss) == label


def decision(number: int, win: float, played: float, seat: int = 0) -> Decision:
    loss = max(0.0, win - played)
    moves = (MoveFigure("y", win, 10), MoveFigure("x", played, 10))
    return Decision(number, seat, "x", False, "y", win, played, loss, label_for(loss), moves)


def test_a_game_thrown_away_early_is_not_called_accurate() -> None:
    """The issue 30 case: lost early, then nothing left to lose (every move 0%).

    Ten moves that gave away 8 points each while the game was open (each the worse of
    two moves 8 points apart), then forty with no win chance left, which put nothing at
    stake: every point at stake was lost, accuracy 0. A plain mean of move accuracies
    would say 80.
    """
    chances = [0.8 - 0.08 * k for k in range(11)]  # 80% down to 0%
    early = [decision(k + 1, chances[k], chances[k + 1]) for k in range(10)]
    late = [decision(k + 11, 0.0, 0.0) for k in range(40)]
    moves = early + late
    plain = sum(d.accuracy or 0.0 for d in moves) / len(moves)
    assert plain == pytest.approx(80.0)
    assert game_accuracy(moves) == pytest.approx(0.0)
    assert summarize(0, moves).accuracy == game_accuracy(moves)


def test_moves_are_charged_against_the_best_of_the_most_searched() -> None:
    """Issue 44: the reference is the highest win among the moves judged on every world.

    As ``rollout`` reports a decision: its pick first (the heuristic's favourite, kept
    because no rival was *surely* better), a rival that came out higher on the same 16
    worlds, a candidate dropped after 4 worlds that looks best by chance, the move
    played. The rival is preferred; the dropped candidate is not; the pick, had it been
    played, would lose the 10 points it is below the rival.
    """
    figures = (
        MoveFigure("pick", 0.60, 16),
        MoveFigure("rival", 0.70, 16),
        MoveFigure("dropped", 0.95, 4),
        MoveFigure("played", 0.55, 16),
        MoveFigure("unjudged", None, 0),
    )
    d = decide(7, 1, "played", figures)
    assert preferred(figures).move == "rival"
    assert (d.best, d.win, d.win_played) == ("rival", 0.70, 0.55)
    assert d.loss == pytest.approx(0.15)
    assert [f.move for f in d.moves] == ["rival", "pick", "dropped", "played", "unjudged"]
    assert decide(7, 1, "pick", figures).loss == pytest.approx(0.10)
    assert decide(7, 1, "rival", figures).loss == 0.0
    assert decide(7, 1, "dropped", figures).loss == 0.0  # below zero: never charged
    # A tie keeps the first; nothing judged keeps the first too.
    assert preferred((MoveFigure("a", 0.5, 8), MoveFigure("b", 0.5, 8))).move == "a"
    assert preferred((MoveFigure("a", None, 0), MoveFigure("b", None, 0))).move == "a"


@settings(max_examples=60)
@given(
    st.lists(
        st.tuples(st.one_of(st.none(), st.floats(0, 1)), st.integers(1, 32)),
        min_size=2,
        max_size=8,
    ),
    st.data(),
)
def test_no_move_judged_on_every_world_loses_against_the_preferred_one(
    raw: list[tuple[float | None, int]], data: st.DataObject
) -> None:
    """The preferred move is a most-searched move no other most-searched move beats."""
    figures = tuple(
        MoveFigure(f"m{k}", win, visits if win is not None else 0)
        for k, (win, visits) in enumerate(raw)
    )
    played = data.draw(st.sampled_from([f.move for f in figures]))
    d = decide(1, 0, played, figures)
    judged = [f for f in figures if f.win is not None]
    if not judged:
        assert d.loss is None
        return
    most = max(f.visits for f in judged)
    assert d.moves[0].visits == most and d.win == max(f.win for f in judged if f.visits == most)
    for f in judged:
        if f.visits == most:
            assert d.win is not None and f.win is not None and f.win <= d.win
    assert sorted(d.moves, key=lambda f: f.move) == sorted(figures, key=lambda f: f.move)


def test_the_rollout_judge_prefers_its_best_candidate_not_its_pick() -> None:
    """A real ``rollout`` judgement of Kingdoms: the preferred move is the best figure of
    the candidates judged on every world, whichever the rollout agent itself would play."""
    record = played_record("kingdoms", moves=12)
    analysis = analyze(record, agent="rollout:iters=8", seats=[0], seed=3)
    judged = [d for d in analysis.decisions if not d.forced and d.win is not None]
    assert judged
    for d in judged:
        full = [f for f in d.moves if f.win is not None and f.visits == d.moves[0].visits]
        assert d.win == max(f.win for f in full if f.win is not None)
        assert all(f.visits <= d.moves[0].visits for f in d.moves)


def test_summaries_take_the_decisions_in_the_order_played() -> None:
    moves = [decision(1, 0.5, 0.2), decision(2, 0.2, 0.2), decision(3, 0.2, 0.1)]
    assert summarize(0, reversed(moves)).accuracy == game_accuracy(moves)
    other = decision(4, 0.9, 0.0, seat=1)
    assert summarize(0, [*moves, other]).accuracy == game_accuracy(moves)


def test_summaries_count_what_the_decisions_say() -> None:
    analysis = analyze(played_record("claim", moves=16), agent="ismcts:30", seed=1)
    for summary in analysis.summaries:
        mine = [d for d in analysis.decisions if d.seat == summary.seat]
        judged = [d.loss for d in mine if d.loss is not None]
        assert summary.decisions == len(judged)
        assert summary.forced == sum(d.forced for d in mine)
        assert summary.blunders == sum(d.label == "blunder" for d in mine)
        assert summary.mistakes == sum(d.label == "mistake" for d in mine)
        assert summary.inaccuracies == sum(d.label == "inaccuracy" for d in mine)
        assert summary.average_loss == pytest.approx(sum(judged) / len(judged))
    assert [d.number for d in analysis.decisions] == list(range(1, 17))
    assert all(
        d.played == n for d, n in zip(analysis.decisions, analysis.record.actions, strict=True)
    )


def test_progress_counts_the_searched_decisions() -> None:
    record = played_record("claim", seed=3)
    calls: list[tuple[int, int]] = []
    analysis = analyze(record, agent="ismcts:5", seats=[0], progress=lambda *a: calls.append(a))
    searched = sum(not d.forced for d in analysis.decisions)
    assert searched < len(analysis.decisions)  # Claim's last tricks force some moves
    assert calls == [(n, searched) for n in range(1, searched + 1)]


def test_the_default_agent_is_the_default_opponent_at_half_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for info in regency.available_games():
        for players in info.players:
            opponent = make_agent(default_opponent(info.name, players), info.name, 0)
            judging = make_agent(default_agent(info.name, players), info.name, 0)
            assert isinstance(judging, MoveEvaluator)
            if isinstance(opponent, MoveEvaluator):  # the opponent itself, at half its budget
                assert type(judging) is type(opponent)
                assert judging.iterations == round(opponent.iterations / 2)  # type: ignore[attr-defined]
            else:
                assert isinstance(judging, ISMCTSAgent)
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: "ismcts:3000,c=0.5")
    assert default_agent("claim", 3) == "ismcts:iters=1500,c=0.5"
    guided = "ismcts:time=1,widen=0.5,c=0.5"
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: guided)
    assert default_agent("kingdoms", 2) == "ismcts:c=0.5,iters=1000"
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: "random")
    assert default_agent("claim", 4) == "ismcts:iters=2500"
    # rollout judges the heuristic's best moves and the move played, on half its worlds.
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: "rollout:top=4")
    assert default_agent("kingdoms", 2) == "rollout:top=4,iters=16"
    assert default_agent("claim-kingdoms", 2) == "rollout:top=4,iters=12"
    assert hint_agent("kingdoms", 2) == "rollout:top=4,iters=32"  # the full playing budget
    # more worlds for open decisions (``most``): left out of analysis, kept by hints.
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: "rollout:most=96")
    assert default_agent("kingdoms", 3) == "rollout:iters=16"
    assert hint_agent("kingdoms", 3) == "rollout:most=96,iters=32"
    assert default_agent("kingdoms", 3, share=0.99) == "rollout:iters=32"
    monkeypatch.setattr(analysis_module, "default_opponent", lambda g, p: "heuristic")
    assert hint_agent("kingdoms", 2) == "ismcts:iters=2000"


def test_an_agent_that_weighs_a_few_moves_still_judges_the_move_played() -> None:
    """rollout and ``ismcts:top=k`` look at the heuristic's best moves only; analysis
    passes them the move played, so every unforced decision is judged."""
    record = played_record("kingdoms", moves=14)
    for spec in ("rollout:iters=3,depth=3,top=1", "ismcts:iters=40,top=1"):
        analysis = analyze(record, agent=spec, seed=1)
        unforced = [d for d in analysis.decisions if not d.forced]
        assert len(unforced) >= 8
        for d in unforced:
            assert d.win_played is not None and d.loss is not None, (spec, d)
            assert d.moves[0].move == d.best
            judged = [m.move for m in d.moves if m.win is not None]
            assert d.played in judged and len(judged) <= 2
        # Random play leaves the heuristic's favourite often: those are judged too.
        assert any(d.played != d.best for d in unforced)


# -- reproducible, and saved -----------------------------------------------------------


def test_the_same_seed_gives_the_same_analysis_in_one_process_or_two() -> None:
    record = played_record("claim", moves=6)
    one = analyze(record, agent="ismcts:30", seed=5)
    assert analyze(record, agent="ismcts:30", seed=5) == one
    assert analyze(record, agent="ismcts:30", seed=5, workers=2) == one
    assert analyze(record, agent="ismcts:30", seed=6) != one


def test_the_json_round_trips_and_is_documented() -> None:
    analysis = analyze(played_record("claim", moves=10), agent="ismcts:30", seed=3)
    text = analysis.to_json(indent=1)
    assert Analysis.from_json(text) == analysis
    data = json.loads(text)
    assert (data["format"], data["version"]) == ("regency-analysis", 1)
    documented = open_docs()
    for key in [*data, *data["decisions"][0], *data["decisions"][0]["moves"][0]]:
        assert f"`{key}`" in documented, key
    for key in data["summaries"][0]:
        assert f"`{key}`" in documented, key
    assert regency.replay(data["record"]).actions == regency.replay(analysis.record).actions


def open_docs() -> str:
    from pathlib import Path

    return (Path(__file__).parents[2] / "docs" / "analysis.md").read_text()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="regency-record"), "not a regency analysis"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.pop("decisions"), "not a regency analysis"),
        (lambda d: d["decisions"][0].update(win="lots"), "not a number"),
        (lambda d: d["decisions"][0].update(number=True), "whole number"),
        (lambda d: d["decisions"][0].update(forced="no"), "true or false"),
        (lambda d: d["record"].update(seed=-1), "seed"),
        (lambda d: d["summaries"].append(7), "not a regency analysis"),
    ],
)
def test_a_damaged_analysis_is_refused_with_a_reason(change: Any, message: str) -> None:
    analysis = analyze(played_record("claim", moves=4), agent="ismcts:10")
    data = analysis.to_dict()
    change(data)
    with pytest.raises(AnalysisError, match=message):
        Analysis.from_dict(data)
    with pytest.raises(AnalysisError, match="not valid JSON"):
        Analysis.from_json("{")
