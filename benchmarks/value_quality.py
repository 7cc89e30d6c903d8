"""How well the learned evaluation foretells a game, beside the heuristic's judgement.

Plays ``--games`` games of heuristic self-play per game and player count (seeds far from
the training runs'), keeps about one position in four, and when each game ends scores
three forecasts of each kept position's seat's share of the win by their Brier score
(the mean squared error; lower is better): the fair share (1/players), the heuristic's
judgement (``GameInfo.judge``, which reads the dealt position) and the learned
evaluation (``regency.agents.value``, from the seat's view only). Also by thirds of the
game, since a forecast near the end is easy. Prints a Markdown table.

Run: ``.venv/bin/python benchmarks/value_quality.py --games 200``.
"""

from __future__ import annotations

import argparse
import random

import regency
from regency.agents.value import learned_value
from regency.core.registry import game_info
from regency.sim.machine import describe_machine


def forecasts(game: str, players: int, games: int, seed: int) -> dict[str, list[list[float]]]:
    """Squared errors per forecast ("fair", "judge", "net"), per third of the game."""
    info = game_info(game)
    policy, judge = info.heuristic, info.judge
    assert policy is not None and judge is not None
    net = learned_value(game, players)
    out: dict[str, list[list[float]]] = {k: [[], [], []] for k in ("fair", "judge", "net")}
    for k in range(games):
        g = regency.new_game(game, players=players, seed=seed + k)
        rng = random.Random(seed + k)
        kept = []
        while not g.is_over:
            legal = g.legal_actions()
            seat = g.current_player
            assert seat is not None
            if len(legal) > 1 and rng.random() < 0.25:
                kept.append((judge(g)[seat], float(net.values([g], seat)[0]), seat))
            g.apply(legal[0] if len(legal) == 1 else policy(g.view(seat), rng))
        result = g.result()
        for i, (j, v, seat) in enumerate(kept):
            third = min(2, 3 * i // max(1, len(kept)))
            truth = result.reward(seat)
            out["fair"][third].append((1 / players - truth) ** 2)
            out["judge"][third].append((j - truth) ** 2)
            out["net"][third].append((v - truth) ** 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    parser.add_argument("--seed", type=int, default=7_000_000)
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    print(
        "| game | players | positions | fair share | heuristic judge | learned | "
        "learned by thirds (early / middle / late) | judge by thirds |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for game in args.game or ["claim", "claim-kingdoms", "kingdoms"]:
        for players in args.players or [2, 3, 4]:
            errors = forecasts(game, players, args.games, args.seed)

            def mean(rows: list[float]) -> float:
                return sum(rows) / max(1, len(rows))

            whole = {k: mean([e for third in v for e in third]) for k, v in errors.items()}
            count = sum(len(t) for t in errors["net"])
            thirds = {k: " / ".join(f"{mean(t):.3f}" for t in v) for k, v in errors.items()}
            print(
                f"| {game} | {players} | {count} | {whole['fair']:.3f} | {whole['judge']:.3f} "
                f"| **{whole['net']:.3f}** | {thirds['net']} | {thirds['judge']} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
