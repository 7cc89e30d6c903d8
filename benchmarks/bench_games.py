"""Random-play speed of every game, through the public API, on one core.

Plays uniformly random games with ``legal_actions()`` and the unchecked ``apply()`` (the
simulation fast path) and prints games/s and decisions/s per game and player count. If
OpenSpiel is installed (``pip install -e '.[bench]'``), it plays OpenSpiel's ``hearts``
the same way (its chance nodes sampled, decisions counted), taking turns with each row
in quarter-second slices, and prints the row's decisions/s as a ratio of hearts' beside
it.

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
from typing import Any, Protocol

import regency
from regency.sim.machine import describe_machine


class RandomPlay:
    """Plays uniformly random games in slices of time, resuming where it stopped.

    Games are whole: a slice ends at the first game end after its time is up, so every
    game counted was played to the end, and a new game starts from the next seed.
    """

    def __init__(self) -> None:
        self.games = self.decisions = 0
        self.seconds = 0.0
        self.rng = random.Random(1)

    def run(self, seconds: float) -> None:
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            self.decisions += self.play_one(self.games)
            self.games += 1
        self.seconds += time.perf_counter() - start

    def play_one(self, seed: int) -> int:
        """Play one game to the end; return its decisions."""
        raise NotImplementedError

    def rates(self) -> dict[str, float]:
        return _rates(self.games, self.decisions, self.seconds)


class RegencyPlay(RandomPlay):
    """Random games through ``legal_actions()`` and the unchecked ``apply()``."""

    def __init__(self, game: str, players: int, options: dict[str, Any]) -> None:
        super().__init__()
        self.game, self.players, self.options = game, players, options

    def play_one(self, seed: int) -> int:
        choice = self.rng.choice
        state = regency.new_game(self.game, players=self.players, seed=seed, **self.options)
        legal_actions = state.legal_actions
        apply = state.apply
        decisions = 0
        while not state.is_over:
            apply(choice(legal_actions()))
            decisions += 1
        return decisions


class HeartsPlay(RandomPlay):
    """OpenSpiel's hearts, its chance nodes sampled, its decisions counted."""

    def __init__(self) -> None:
        super().__init__()
        import pyspiel

        self.game = pyspiel.load_game("hearts")

    def play_one(self, seed: int) -> int:
        del seed
        choice = self.rng.choice
        state = self.game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions


def hearts_player() -> HeartsPlay | None:
    """A hearts player, or ``None`` when OpenSpiel is not installed."""
    try:
        return HeartsPlay()
    except ImportError:
        return None


class Sliced(Protocol):
    """Anything that runs for a slice of time and resumes where it stopped."""

    def run(self, seconds: float) -> None: ...


def interleaved(ours: Sliced, hearts: Sliced | None, seconds: float) -> None:
    """Run ``ours`` and ``hearts`` by turns, in slices of a quarter second each.

    The speed of a shared machine drifts from minute to minute (by a third within the
    hour here); taking turns this often makes both feel the same machine, so their
    ratio holds when their rates do not.
    """
    slices = max(1, round(seconds / 0.25))
    for _ in range(slices):
        ours.run(seconds / slices)
        if hearts is not None:
            hearts.run(seconds / slices)


def bench_regency(
    game: str, players: int, seconds: float, options: dict[str, Any]
) -> dict[str, float]:
    play = RegencyPlay(game, players, options)
    play.run(seconds)
    return play.rates()


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
    hearts = hearts_player()
    if hearts is None:
        return None
    hearts.run(seconds)
    return hearts.rates()


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
            ours, hearts = RegencyPlay(info.name, players, {}), hearts_player()
            interleaved(ours, hearts, args.seconds)
            row = {"game": info.name, "players": players, **ours.rates()}
            if hearts is not None:
                row["hearts_decisions_per_s"] = hearts.rates()["decisions_per_s"]
            rows.append(row)
    hot = {
        info.name: bench_hot_paths(info.name, args.seconds)
        for info in regency.available_games()
        if not args.game or info.name in args.game
    }
    if args.json:
        report = {"machine": describe_machine(), "rows": rows, "hot_paths": hot}
        print(json.dumps(report, indent=2))
        return
    print(f"machine: {describe_machine()}")
    has_hearts = all("hearts_decisions_per_s" in r for r in rows)
    heads = f"{'game':<16}{'players':>8}{'games/s':>12}{'decisions/s':>14}{'dec/game':>10}"
    print(heads + (f"{'hearts dec/s':>14}{'vs hearts':>11}" if has_hearts else ""))
    for r in rows:
        line = (
            f"{r['game']:<16}{r['players']:>8}{r['games_per_s']:>12,.0f}"
            f"{r['decisions_per_s']:>14,.0f}{r['decisions_per_game']:>10.1f}"
        )
        if has_hearts:
            hearts = r["hearts_decisions_per_s"]
            line += f"{hearts:>14,.0f}{r['decisions_per_s'] / hearts:>11.2f}"
        print(line)
    if has_hearts:
        print(
            "hearts: OpenSpiel's hearts (C++, 4 players), played by turns with each row "
            "in quarter-second slices; 'vs hearts' is the row's ratio to it"
        )
    else:
        print("OpenSpiel not installed: no hearts comparison (pip install -e '.[bench]')")
    print()
    heads2 = ("clone µs", "world µs", "play/apply")
    print(f"{'game (2 players)':<16}" + "".join(f"{h:>12}" for h in heads2))
    for name, h in hot.items():
        print(
            f"{name:<16}{h['clone_us']:>12.2f}{h['world_sample_us']:>12.1f}"
            f"{h['play_slowdown']:>12.2f}"
        )


if __name__ == "__main__":
    main()
