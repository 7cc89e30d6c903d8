"""Random-play speed of every game, through the public API, on one core.

Plays uniformly random games with ``legal_actions()`` and the unchecked ``apply()`` (the
simulation fast path) and prints games/s and decisions/s per game and player count. If
OpenSpiel is installed (``pip install -e '.[bench]'``), it times OpenSpiel's ``hearts``
the same way (its chance nodes sampled, decisions counted) and prints our decisions/s as
a ratio of it.

It also times, per game at 2 players, the other hot paths: ``clone()`` of positions
met in random games, one world dealt by a seat's ``world_sampler()`` (what search does
every iteration), and the checked ``play()`` against ``apply()`` on the same games.

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


def _positions(game: str, players: int, count: int) -> list[regency.Game[Any]]:
    """Positions met in random games: one from every third of each game."""
    rng = random.Random(2)
    out: list[regency.Game[Any]] = []
    seed = 0
    while len(out) < count:
        state = regency.new_game(game, players=players, seed=seed)
        seed += 1
        marks = {10, 30, 60}
        step = 0
        while not state.is_over:
            if step in marks:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out[:count]


def _per_call_us(call: Any, items: list[Any], seconds: float) -> float:
    """Microseconds per ``call(item)``, cycling through ``items`` for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for item in items:
            call(item)
        calls += len(items)
    return (time.perf_counter() - start) / calls * 1e6


def bench_hot_paths(game: str, seconds: float) -> dict[str, float]:
    """clone, one world sample, and play() against apply(), at 2 players."""
    positions = _positions(game, 2, 60)
    clone_us = _per_call_us(lambda s: s.clone(), positions, seconds)
    samplers = [
        (s.view(seat).world_sampler(), random.Random(i))
        for i, s in enumerate(positions)
        if (seat := s.current_player) is not None
    ]
    sample_us = _per_call_us(lambda pair: pair[0](pair[1]), samplers, seconds)
    rates = {}
    for how in ("apply", "play"):
        rng = random.Random(1)
        decisions = 0
        start = time.perf_counter()
        seed = 0
        while time.perf_counter() - start < seconds:
            state = regency.new_game(game, players=2, seed=seed)
            seed += 1
            move = state.apply if how == "apply" else state.play
            while not state.is_over:
                move(rng.choice(state.legal_actions()))
                decisions += 1
        rates[how] = decisions / (time.perf_counter() - start)
    return {
        "clone_us": clone_us,
        "world_sample_us": sample_us,
        "play_slowdown": rates["apply"] / rates["play"],
    }


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
    hot = {
        info.name: bench_hot_paths(info.name, args.seconds)
        for info in regency.available_games()
        if not args.game or info.name in args.game
    }
    hearts = bench_hearts(args.seconds)
    if args.json:
        report = {
            "machine": describe_machine(),
            "rows": rows,
            "hot_paths": hot,
            "open_spiel_hearts": hearts,
        }
        print(json.dumps(report, indent=2))
        return
    print(f"machine: {describe_machine()}")
    print(f"{'game':<16}{'players':>8}{'games/s':>12}{'decisions/s':>14}{'dec/game':>10}")
    for r in rows:
        print(
            f"{r['game']:<16}{r['players']:>8}{r['games_per_s']:>12,.0f}"
            f"{r['decisions_per_s']:>14,.0f}{r['decisions_per_game']:>10.1f}"
        )
    if hearts is not None:
        print(
            f"{'open_spiel hearts':<16}{4:>8}{hearts['games_per_s']:>12,.0f}"
            f"{hearts['decisions_per_s']:>14,.0f}{hearts['decisions_per_game']:>10.1f}"
        )
    else:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
    print()
    heads = ("vs hearts", "clone µs", "world µs", "play/apply")
    print(f"{'game (2 players)':<16}" + "".join(f"{h:>12}" for h in heads))
    for name, h in hot.items():
        two = next(r for r in rows if r["game"] == name and r["players"] == 2)
        ratio = f"{two['decisions_per_s'] / hearts['decisions_per_s']:.2f}" if hearts else "-"
        print(
            f"{name:<16}{ratio:>12}{h['clone_us']:>12.1f}{h['world_sample_us']:>12.1f}"
            f"{h['play_slowdown']:>12.2f}"
        )


if __name__ == "__main__":
    main()
