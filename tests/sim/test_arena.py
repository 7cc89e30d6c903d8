"""Arenas: who plays whom on which deal, head-to-head points and ratings."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from regency.core.errors import RegencyError
from regency.sim.arena import Arena, elo_ratings, head_to_head, schedule
from regency.sim.runner import GameOutcome
from regency.sim.stats import wilson_interval


def test_two_player_pairings_play_every_deal_both_ways() -> None:
    tables = schedule(Arena("claim", 2, ("a", "b", "c"), games=4, seed=1))
    assert len(tables) == 3 * 2 * 2  # pairs x deals x seatings
    by_group: dict[frozenset[int], list[tuple[int, tuple[int, ...]]]] = {}
    for t in tables:
        by_group.setdefault(frozenset(t.seats), []).append((t.deal, t.seats))
    assert set(by_group) == {frozenset({0, 1}), frozenset({0, 2}), frozenset({1, 2})}
    deals = None
    for games in by_group.values():
        per_deal: dict[int, set[tuple[int, ...]]] = {}
        for deal, seats in games:
            per_deal.setdefault(deal, set()).add(seats)
        assert all(len(seatings) == 2 for seatings in per_deal.values())  # mirrored
        assert deals is None or set(per_deal) == deals  # every pairing sees the same deals
        deals = set(per_deal)


def test_four_players_make_two_partnerships_and_three_rotate() -> None:
    four = schedule(Arena("claim", 4, ("a", "b"), games=2))
    assert {t.seats for t in four} == {(0, 1, 0, 1), (1, 0, 1, 0)}
    three = schedule(Arena("claim", 3, ("a", "b", "c"), games=3))
    assert {t.seats for t in three} == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    with pytest.raises(RegencyError, match="at least 3 agents"):
        schedule(Arena("claim", 3, ("a", "b"), games=3))


def outcome(seats: tuple[int, ...], winners: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(0, seats, (0,) * len(seats), winners, {}, 0)


def test_head_to_head_and_ratings_follow_the_results() -> None:
    games = (
        [outcome((0, 1), (0,))] * 9
        + [outcome((0, 1), (1,))]  # A beats B 9-1
        + [outcome((1, 2), (0,))] * 8
        + [outcome((1, 2), (0, 1))] * 2  # B beats C, 2 draws
        + [outcome((0, 2), (0,))] * 10
    )
    h2h = head_to_head(3, games)
    assert h2h[0][1] == (9.0, 10) and h2h[1][0] == (1.0, 10)
    assert h2h[1][2] == (9.0, 10)  # 8 wins and 2 draws
    elo = elo_ratings(h2h)
    assert elo[0] > elo[1] > elo[2]
    assert sum(elo) / 3 == pytest.approx(1500)
    even = elo_ratings(head_to_head(2, [outcome((0, 1), (0,)), outcome((0, 1), (1,))]))
    assert even == pytest.approx([1500, 1500])


def test_partners_count_as_one_contestant() -> None:
    h2h = head_to_head(2, [outcome((0, 1, 0, 1), (0, 2))])
    assert h2h[0][1] == (1.0, 1) and h2h[1][0] == (0.0, 1)


def test_wilson_interval_is_sane() -> None:
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and high - low < 0.2
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_the_arena_command_writes_json_and_csv(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from regency.cli.main import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    out_json, out_csv = tmp_path / "a.json", tmp_path / "a.csv"
    code = main(
        [
            "arena",
            "claim",
            "--agents",
            "ismcts:10,heuristic,random",
            "--games",
            "4",
            "--seed",
            "3",
            "--quiet",
            "--json",
            str(out_json),
            "--csv",
            str(out_csv),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "Elo" in printed and "Head to head" in printed
    data = json.loads(out_json.read_text())
    assert data["games"] == 12
    assert Counter(a["games"] for a in data["agents"]) == Counter({8: 3})
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert [r["label"] for r in rows] == ["ismcts:10", "heuristic", "random"]
