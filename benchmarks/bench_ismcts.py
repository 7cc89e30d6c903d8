"""ISMCTS speed: search iterations per second from the opening position, on one core.

For each game at 2 players (or ``--game``), the ISMCTS agent searches the first
decision of a few seeded deals for ``--seconds`` each and the iterations per second are
averaged. If OpenSpiel is installed, its Python ISMCTS bot is timed the same way on
``hearts`` (random rollouts) for comparison.

Run: ``.venv/bin/python benchmarks/bench_ismcts.py``.
"""

from __future__ import annotations

import argparse
import random
import time

import regency
from regency.agents.ismcts import ISMCTSAgent
from regency.sim.machine import describe_machine


def bench(game: str, seconds: float, deals: int) -> float:
    rates = []
    for seed in range(deals):
        state = regency.new_game(game, players=2, seed=seed)
        while len(state.legal_actions()) == 1:  # start at a real decision
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        assert seat is not None
        agent = ISMCTSAgent(game, random.Random(seed), seconds=seconds)
        start = time.perf_counter()
        agent.search(state.view(seat))
        rates.append(agent.last_iterations / (time.perf_counter() - start))
    return sum(rates) / len(rates)


def bench_open_spiel_hearts(seconds: float) -> float | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(state.legal_actions()[0])
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    simulations = 200
    while True:
        bot = ismcts.ISMCTSBot(game, evaluator, 0.7, simulations, random_state=rng)
        start = time.perf_counter()
        bot.run_search(state)
        elapsed = time.perf_counter() - start
        if elapsed > seconds or simulations > 10**6:
            return simulations / elapsed
        simulations *= 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="search time per deal")
    parser.add_argument("--deals", type=int, default=3, help="deals averaged per game")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    print(f"{'game':<16}{'iterations/s':>14}")
    for info in regency.available_games():
        if args.game and info.name not in args.game:
            continue
        rate = bench(info.name, args.seconds, args.deals)
        print(f"{info.name:<16}{rate:>14,.0f}")
    hearts = bench_open_spiel_hearts(args.seconds)
    if hearts is None:
        print("OpenSpiel not installed: no comparison (pip install -e '.[bench]')")
    else:
        print(f"{'OpenSpiel hearts':<16}{hearts:>14,.0f}  (OpenSpiel's Python ISMCTS bot)")


if __name__ == "__main__":
    main()
