"""How strong the ISMCTS agent is: head-to-head arenas against other agents.

For each game at 2 players (or ``--game``), the searching agent (``--agent``, default
``ismcts``: the game's default budget, about a second a move) meets each opponent in
``--against`` over the given number of games, on the same deals both ways round. Prints
each pairing's score with a 95% confidence interval (Wilson) and writes the arena reports
as JSON.

It takes hours at the default budget (each game thinks about a second a move); it is a
measurement, not a test. Examples::

    .venv/bin/python benchmarks/strength.py --workers 2
    .venv/bin/python benchmarks/strength.py --game kingdoms --agent ismcts:300 \\
        --against random=200

With ``--players 3`` or ``4`` the searching agent takes one seat (every seat in turn, the
same deals) against the opponent in all the others, and its share of the wins is printed
with its fair share (1/players); in 4-player Claim, a partnership game, it plays both
seats of one partnership against two opponents (``--team``, the default there).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import regency
from regency.core.rng import derive_seed
from regency.sim.arena import Arena, head_to_head, schedule
from regency.sim.machine import describe_machine
from regency.sim.runner import GameOutcome, Table, run_tables
from regency.sim.stats import wilson_interval


def duel(
    game: str, agent: str, opponent: str, games: int, workers: int, seed: int, skip: int = 0
) -> dict[str, Any]:
    arena = Arena(game, 2, (agent, opponent), games, seed=seed)
    start = time.perf_counter()
    outcomes = _run(game, 2, (agent, opponent), schedule(arena)[skip:], workers)
    elapsed = time.perf_counter() - start
    points, played = head_to_head(2, outcomes)[0][1]
    low, high = wilson_interval(points, played)
    moves = sum(o.moves for o in outcomes)
    return {
        "game": game,
        "agent": agent,
        "against": opponent,
        "games": played,
        "points": points,
        "rate": points / played,
        "ci_low": low,
        "ci_high": high,
        "minutes": round(elapsed / 60, 1),
        "moves": moves,
    }


def _run(
    game: str, players: int, agents: tuple[str, str], tables: list[Table], workers: int
) -> list[GameOutcome]:
    """Play the tables a few at a time, printing the agent's running score to stderr.

    Long runs can then be watched, and stopped with a figure in hand.
    """
    outcomes: list[GameOutcome] = []
    chunk = 10 * workers
    for first in range(0, len(tables), chunk):
        outcomes += run_tables(
            game, players, {}, agents, tables[first : first + chunk], workers=workers
        )
        points = sum(_agent_share(o) for o in outcomes)
        print(f"  {len(outcomes)} games: {points / len(outcomes):.1%}", file=sys.stderr, flush=True)
    return outcomes


def _agent_share(outcome: GameOutcome) -> float:
    """Contestant 0's share of the win: its winning seats over all winning seats.

    A partnership that wins has both seats among the winners (a share of 1), a tie
    between partnerships gives half.
    """
    mine = [s for s in outcome.winners if outcome.seats[s] == 0]
    return len(mine) / len(outcome.winners) if outcome.winners else 0.0


def table_share(
    game: str,
    agent: str,
    opponent: str,
    players: int,
    games: int,
    workers: int,
    seed: int,
    team: bool,
    skip: int = 0,
) -> dict[str, Any]:
    """The agent's share of the wins at ``players`` seats, the opponent everywhere else.

    Each deal is played once per seat the agent can take (every seat, or with ``team``
    each partnership: seats 0 and 2, then 1 and 3), so seat luck cancels out.
    """
    rotations = 2 if team else players
    deals = math.ceil(games / rotations)
    tables: list[Table] = []
    for deal in range(deals):
        for rotation in range(rotations):
            mine = {rotation, rotation + 2} if team else {rotation}
            index = len(tables)
            tables.append(
                Table(
                    index=index,
                    deal=derive_seed(seed, "deal", deal),
                    seats=tuple(0 if s in mine else 1 for s in range(players)),
                    agent_seeds=tuple(derive_seed(seed, "agent", index, s) for s in range(players)),
                )
            )
    start = time.perf_counter()
    outcomes = _run(game, players, (agent, opponent), tables[skip:], workers)
    elapsed = time.perf_counter() - start
    points = sum(_agent_share(o) for o in outcomes)
    played = len(outcomes)
    low, high = wilson_interval(points, played)
    return {
        "game": game,
        "players": players,
        "team": team,
        "agent": agent,
        "against": opponent,
        "games": played,
        "points": points,
        "rate": points / played,
        "fair": 0.5 if team else 1 / players,
        "ci_low": low,
        "ci_high": high,
        "minutes": round(elapsed / 60, 1),
        "moves": sum(o.moves for o in outcomes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="ismcts", help="the searching agent's spec")
    parser.add_argument(
        "--against",
        default="heuristic=200,random=200",
        help="opponent=games, comma-separated (semicolon-separated if a spec has commas)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, default=2, help="seats per game (2, 3 or 4)")
    parser.add_argument(
        "--team",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="at 4 players, play one partnership (default: in Claim only)",
    )
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        help="leave out the first N games of the schedule (to finish a stopped run: the "
        "same seed gives the same games, each with its own deal and agent seeds)",
    )
    parser.add_argument("--out", default="benchmarks/results", help="folder for JSON reports")
    args = parser.parse_args()
    # "spec=games" pairs, split at the last "=" (a spec has its own); separated by ";" when
    # a spec has commas ("rollout:iters=8,depth=4=100;heuristic=100"), else by ",".
    pairs = args.against.split(";") if ";" in args.against else args.against.split(",")
    opponents = [part.rpartition("=")[::2] for part in pairs]
    print(f"machine: {describe_machine()}", flush=True)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    for info in regency.available_games():
        if args.game and info.name not in args.game:
            continue
        for opponent, games in opponents:
            if args.players == 2:
                row = duel(
                    info.name, args.agent, opponent, int(games), args.workers, args.seed, args.skip
                )
                label = info.name
            else:
                team = args.team if args.team is not None else info.name == "claim"
                team = team and args.players == 4
                row = table_share(
                    info.name,
                    args.agent,
                    opponent,
                    args.players,
                    int(games),
                    args.workers,
                    args.seed,
                    team,
                    args.skip,
                )
                label = f"{info.name}/{args.players}{'team' if team else 'p'}"
            print(
                f"{label:<15} {row['agent']} vs {opponent:<10} {row['rate']:6.1%} "
                f"of {row['games']} games (95% CI {row['ci_low']:.1%}-{row['ci_high']:.1%}), "
                f"{row['minutes']} min, {row['moves']} moves",
                flush=True,
            )
            name = f"strength-{info.name}-{args.players}p-{args.agent}-vs-{opponent}.json"
            name = name.replace(":", "_")
            (Path(args.out) / name).write_text(json.dumps(row, indent=2) + "\n")


if __name__ == "__main__":
    main()
