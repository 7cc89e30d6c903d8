"""Random-play speed of every game, through the public API, on one core.

Plays uniformly random games with ``legal_actions()`` and the unchecked ``apply()`` (the
simulation fast path) and prints games/s and decisions/s per game and player count. If
OpenSpiel is installed (``pip install -e '.[bench]'``), it times OpenSpiel's ``hearts``
the same way (its chance nodes sampled, decisions counted) and prints our decisions/s as
a ratio of it.

Run: ``.venv/bin/python benchmarks/bench_games.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import regency
from regency.sim.machine import describe_machine


def bench_regency(
    game: str, players: int, seconds: float, options: dict[str, Any]
) -> dict[str, float]:
    rng = random.Random(1)
    choice = rng.choice
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = regency.new_game(game, players=players, seed=games, **options)
        legal_actions = state.legal_actions
        apply = state.apply
        while not state.is_over:
            apply(choice(legal_actions()))
            decisions += 1
        games += 1
    return _rates(games, decisions, time.perf_counter() - start)


def _rates(games: int, decisions: int, elapsed: float) -> dict[str, float]:
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
    }


def bench_hearts(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    return _rates(games, decisions, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for info in regency.available_games():
        if args.game and info.name not in args.game:
            continue
        for players in info.players:
            figures = bench_regency(info.name, players, args.seconds, {})
            rows.append({"game": info.name, "players": players, **figures})
    hearts = bench_hearts(args.seconds)
    if args.json:
        print(
            json.dumps(
                {"machine": describe_machine(), "rows": rows, "open_spiel_hearts": hearts}, indent=2
            )
        )
        return
    print(f"machine: {describe_machine()}")
    print(f"{'game':<16}{'players':>8}{'games/s':>12}{'decisions/s':>14}{'dec/game':>10}")
    for r in rows:
        print(
            f"{r['game']:<16}{r['players']:>8}{r['games_per_s']:>12,.0f}"
            f"{r['decisions_per_s']:>14,.0f}{r['decisions_per_game']:>10.1f}"
        )
    if hearts is None:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
        return
    print(
        f"{'open_spiel hearts':<16}{4:>8}{hearts['games_per_s']:>12,.0f}"
        f"{hearts['decisions_per_s']:>14,.0f}{hearts['decisions_per_game']:>10.1f}"
    )
    claim = next((r for r in rows if r["game"] == "claim" and r["players"] == 2), None)
    if claim:
        ratio = claim["decisions_per_s"] / hearts["decisions_per_s"]
        print(f"Claim (2 players) decisions/s as a ratio of OpenSpiel hearts: {ratio:.2f}")


if __name__ == "__main__":
    main()
