"""Does the analysis tell players apart? Mean accuracy of random, heuristic and default play.

For each game and player count (or ``--game``, ``--players``), each agent of ``--agents``
(default: ``random``, ``heuristic`` and the game's default computer opponent) plays
``--games`` games in one seat (seat ``i % players`` in game ``i``, so every seat in
turn), the game's default opponent playing every other seat (``--opponent heuristic``:
the heuristic, a run a fifth as long; in 4-player Claim, a partnership game, the agent's
partner too). The agents meet the same deals (game ``i``
of a setting has the same seed whichever agent plays it). Each game is analysed as
``regency analyze RECORD --seat SEAT`` does (the default judge, seed 0), and the table
gives the agent's mean accuracy (± its standard error), its inaccuracies, mistakes and
blunders per game and its share of the wins; a last column says how far random falls
below the default opponent.

Each analysed game is written as one JSON line to ``--save`` (a run given the file of an
earlier one goes on where it stopped); ``--load FILE`` reads such
lines back instead of playing and judging again, and recomputes the summaries with the
analysis code of today (the accuracy formula and labels read only a decision's stored
figures): the before/after table of a change to the formula, from one set of judgements.

Run it with the compiled engine (docs/speed.md), it takes hours at 50 games::

    REGENCY_COMPILE=1 .venv/bin/pip install --no-deps --target /tmp/compiled .
    PYTHONPATH=/tmp/compiled nice -n 10 .venv/bin/python benchmarks/accuracy.py \\
        --games 50 --save /tmp/accuracy.jsonl
    .venv/bin/python benchmarks/accuracy.py --load /tmp/accuracy.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import regency
from regency.agents import make_agent
from regency.agents.defaults import default_opponent
from regency.analysis import Analysis, analyze, decide, summarize
from regency.core.rng import derive_seed
from regency.sim.machine import describe_machine

AGENTS = ("random", "heuristic", "default")
"""The agents compared; ``default`` is the game's default computer opponent."""


def spec_of(agent: str, game: str, players: int) -> str:
    """The agent's spec (``default``: the game's default opponent at that count)."""
    return default_opponent(game, players) if agent == "default" else agent


def play(game: str, players: int, seed: int, seat: int, spec: str, opponent: str) -> regency.Record:
    """One game: ``spec`` in ``seat``, ``opponent`` (``default``: the default) elsewhere."""
    other = spec_of(opponent, game, players)
    agents = [
        make_agent(spec if s == seat else other, game, derive_seed(seed, "seat", s))
        for s in range(players)
    ]
    g = regency.new_game(game, players=players, seed=seed)
    while not g.is_over:
        turn = g.current_player
        assert turn is not None
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else agents[turn].choose(g.view(turn)))
    return g.record()


def run(args: argparse.Namespace, done: set[tuple[Any, ...]]) -> Iterator[dict[str, Any]]:
    """Play and analyse every game asked for (but those ``done``), yielding one line each.

    Game by game number, every setting in turn: a run stopped half-way has a few games
    of every setting rather than all of one.
    """
    games = args.game or [info.name for info in regency.available_games()]
    for index in range(args.start, args.start + args.games):
        for game in games:
            for players in args.players:
                seed = derive_seed(args.seed, game, players, index)
                seat = index % players
                for agent in args.agents:
                    if (game, players, agent, index) in done:
                        continue
                    spec = spec_of(agent, game, players)
                    started = time.process_time()
                    record = play(game, players, seed, seat, spec, args.opponent)
                    analysis = analyze(record, seats=[seat], seed=0)
                    result = regency.replay(record).result()
                    yield {
                        "game": game,
                        "players": players,
                        "agent": agent,
                        "spec": spec,
                        "opponent": spec_of(args.opponent, game, players),
                        "index": index,
                        "seat": seat,
                        "reward": result.reward(seat),
                        "cpu": round(time.process_time() - started, 2),
                        "analysis": analysis.to_dict(),
                    }


def load(paths: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The lines of earlier runs."""
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    yield json.loads(line)


def summary_of(line: dict[str, Any]) -> Any:
    """The seat's summary, recomputed from the stored figures by today's code.

    The preferred move, the loss and the label of each judged decision follow from its
    moves' figures (:func:`regency.analysis.decide`); forced decisions stay as stored.
    """
    analysis = Analysis.from_dict(line["analysis"])
    decisions = [
        d if d.forced else decide(d.number, d.seat, d.played, d.moves, exact=d.exact)
        for d in analysis.decisions
    ]
    return summarize(line["seat"], decisions)


def _mean(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    spread = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(spread / len(values))


def table(lines: Iterable[dict[str, Any]]) -> str:
    """The markdown table: one row per game and player count."""
    cells: dict[tuple[str, int], dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
    unique = {(x["game"], x["players"], x["agent"], x["index"]): x for x in lines}
    for line in unique.values():
        cells[line["game"], line["players"]][line["agent"]].append((line, summary_of(line)))
    agents = [a for a in AGENTS if any(a in c for c in cells.values())]
    head = "| game | players | games |"
    head += "".join(f" {a}: accuracy | labels | wins |" for a in agents)
    head += " default - random |"
    rows = [head, "| --- | ---: | ---: |" + " ---: | ---: | ---: |" * len(agents) + " ---: |"]
    for (game, players), by_agent in sorted(cells.items()):
        counts = {len(v) for v in by_agent.values()}
        row = f"| {game} | {players} | {'/'.join(str(c) for c in sorted(counts))} |"
        means: dict[str, float] = {}
        for agent in agents:
            games = by_agent.get(agent, [])
            if not games:
                row += " | | |"
                continue
            mean, error = _mean([s.accuracy for _, s in games])
            means[agent] = mean
            inaccuracies = sum(s.inaccuracies for _, s in games) / len(games)
            mistakes = sum(s.mistakes for _, s in games) / len(games)
            blunders = sum(s.blunders for _, s in games) / len(games)
            labels = f"{inaccuracies:.1f} / {mistakes:.1f} / {blunders:.1f}"
            wins = sum(line["reward"] for line, _ in games) / len(games)
            row += f" {mean:.1f} ± {error:.1f} | {labels} | {wins:.0%} |"
        gap = means.get("default", math.nan) - means.get("random", math.nan)
        rows.append(row + (f" {gap:.1f} |" if not math.isnan(gap) else " |"))
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument(
        "--players",
        type=lambda text: [int(p) for p in text.split(",")],
        default=[2, 3, 4],
        help="player counts, e.g. 2,3 (default 2,3,4)",
    )
    parser.add_argument(
        "--agents",
        type=lambda text: text.split(","),
        default=list(AGENTS),
        help="agents compared (default random,heuristic,default)",
    )
    parser.add_argument(
        "--opponent",
        default="default",
        help="who plays the other seats (default: the game's default opponent)",
    )
    parser.add_argument("--games", type=int, default=50, help="games per setting (default 50)")
    parser.add_argument(
        "--start", type=int, default=0, help="the first game's number (default 0): runs in parts"
    )
    parser.add_argument("--seed", type=int, default=44, help="the deals' seed (default 44)")
    parser.add_argument("--save", help="append each analysed game to this file (JSON lines)")
    parser.add_argument("--load", nargs="+", help="read analysed games instead of playing")
    args = parser.parse_args()
    if args.load:
        print(table(load(args.load)))
        return
    print(describe_machine(), flush=True)
    done: list[dict[str, Any]] = []
    if args.save and Path(args.save).exists():  # go on where an earlier run stopped
        done = list(load([args.save]))
    keys = {(x["game"], x["players"], x["agent"], x["index"]) for x in done}
    out = open(args.save, "a", encoding="utf-8") if args.save else None  # noqa: SIM115
    try:
        for line in run(args, keys):
            done.append(line)
            if out is not None:
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
                out.flush()
            s = summary_of(line)
            print(
                f"  {line['game']} {line['players']}p #{line['index']} {line['agent']}: "
                f"accuracy {s.accuracy:.1f}, reward {line['reward']:.2f}, {line['cpu']} s",
                file=sys.stderr,
                flush=True,
            )
    finally:
        if out is not None:
            out.close()
    print(table(done))


if __name__ == "__main__":
    main()
