"""The numbers of a balance report agree with the simulation's own tables."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from regency.sim import Matchup, run_games, summarize
from regency.sim.balance import Figure, balance_figures, held_factions
from regency.sim.runner import GameOutcome
from regency.sim.stats import seat_stats, summarize_insights


def _figures(matchup: Matchup, games: int) -> tuple[list[GameOutcome], dict[str, Figure]]:
    outcomes = run_games(matchup, games, details=True)
    figures = balance_figures(matchup.players, matchup.agents, outcomes, "score")
    return outcomes, {f.key: f for f in figures}


def _common_checks(matchup: Matchup, outcomes: list[GameOutcome], figs: dict[str, Figure]) -> None:
    seats = figs["win_rate_by_seat"].records()
    for row, expected in zip(seats, seat_stats(matchup.players, outcomes), strict=True):
        assert row["won"] == expected["won"] and row["win_rate"] == expected["win_rate"]
        assert (row["ci_low"], row["ci_high"]) == (expected["ci_low"], expected["ci_high"])
        assert row["games"] == len(outcomes)
    stats = summarize(matchup.agents, outcomes)
    agents = figs["win_rate_by_agent"].records()
    assert [(r["agent"], r["wins"], r["win_rate"]) for r in agents] == [
        (s.label, s.wins, s.win_rate) for s in stats
    ]
    scores = figs["score_distribution"].records()
    for s in stats:  # each contestant's distribution: one entry per game, same mean
        mine = [r for r in scores if r["contestant"] == s.label]
        assert sum(r["games"] for r in mine) == s.games
        mean = sum(r["score"] * r["games"] for r in mine) / s.games
        assert mean == pytest.approx(s.mean_score)
    length = figs["game_length"].records()
    assert sum(r["games"] for r in length) == len(outcomes)
    assert sum(r["decisions"] * r["games"] for r in length) == sum(o.moves for o in outcomes)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_claim_figures_match_the_tables_and_insights(players: int) -> None:
    agents = ("heuristic", "random") if players != 3 else ("heuristic", "random", "random")
    matchup = Matchup("claim", players, agents, {"factions": "random"}, seed=players)
    outcomes, figs = _figures(matchup, 9)
    _common_checks(matchup, outcomes, figs)
    insights = summarize_insights(outcomes)
    for row in figs["faction_decided_the_game"].records():
        fact = insights[f"{row['faction']} decided the game"]
        assert row["in_play"] == fact["games"]
        assert row["rate"] == pytest.approx(fact["mean"])
    held = figs["win_rate_by_faction_held"].records()
    assert {r["faction"] for r in held} <= {
        r["faction"] for r in figs["faction_decided_the_game"].records()
    }
    assert "points_by_power" not in figs and "gold_by_epoch" not in figs


def test_claim_kingdoms_points_add_up_to_the_scores() -> None:
    matchup = Matchup("claim-kingdoms", 3, ("random", "random", "random"), {}, seed=4)
    outcomes, figs = _figures(matchup, 6)
    _common_checks(matchup, outcomes, figs)
    for row in figs["points_by_power"].records():
        scores = [o.scores[row["seat"]] for o in outcomes]
        assert row["total_points"] == pytest.approx(statistics.fmean(scores))
        assert row["power_points"] + row["faction_points"] == pytest.approx(row["total_points"])
    assert "win_rate_by_faction_held" in figs and "faction_decided_the_game" not in figs


def test_kingdoms_gold_after_the_last_epoch_is_the_score() -> None:
    matchup = Matchup("kingdoms", 2, ("heuristic", "random"), {}, seed=6)
    outcomes, figs = _figures(matchup, 6)
    _common_checks(matchup, outcomes, figs)
    gold = figs["gold_by_epoch"].records()
    assert {r["epoch"] for r in gold} == {1, 2, 3}
    for seat in range(2):
        last = next(r for r in gold if r["epoch"] == 3 and r["seat"] == seat)
        assert last["mean_gold"] == pytest.approx(
            statistics.fmean(o.scores[seat] for o in outcomes)
        )
        assert last["ci_low"] <= last["mean_gold"] <= last["ci_high"]
    assert "win_rate_by_faction_held" not in figs


def test_self_play_shows_scores_by_seat_and_no_contestant_plot() -> None:
    matchup = Matchup("claim", 2, ("heuristic",), {}, seed=2)
    outcomes, figs = _figures(matchup, 6)
    assert "win_rate_by_agent" not in figs
    rows = figs["score_distribution"].records()
    assert {r["seat"] for r in rows} == {"seat 0", "seat 1"}
    for seat in range(2):
        mine = [r for r in rows if r["seat"] == f"seat {seat}"]
        assert sorted(r["score"] for r in mine for _ in range(r["games"])) == sorted(
            o.scores[seat] for o in outcomes
        )


def _outcome(winners: tuple[int, ...], details: dict[str, Any]) -> GameOutcome:
    return GameOutcome(0, (0, 1), (0, 0), winners, {}, 10, details=details)


def test_holding_a_faction_is_counted_per_holder_seat() -> None:
    vote = lambda name, seats: {"faction": name, "seats": seats}  # noqa: E731
    outcomes = [
        _outcome((0,), {"votes": [vote("knights", [0]), vote("goblins", [1])]}),
        _outcome((1,), {"votes": [vote("knights", [0]), vote("goblins", [])]}),  # tied vote
        _outcome((1,), {"votes": [vote("knights", [1]), vote("goblins", [1])]}),
    ]
    figs = {f.key: f for f in balance_figures(2, ("a", "b"), outcomes)}
    held = {r["faction"]: r for r in figs["win_rate_by_faction_held"].records()}
    assert (held["knights"]["held"], held["knights"]["holder_won"]) == (3, 2)
    assert (held["goblins"]["held"], held["goblins"]["holder_won"]) == (2, 1)
    assert held_factions({"factions": [{"faction": "gnomes", "controllers": [0, 2]}]}) == {
        "gnomes": [0, 2]
    }
    assert held_factions({"gold": [1, 2]}) is None
