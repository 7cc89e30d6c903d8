"""Dropping the candidates that fall behind: the same moves for fewer rollouts?

``rollout`` drops a candidate whose mean advantage over the heuristic's favourite falls
below minus one standard error, from its ``drop``-th world on (agents/rollout.py). This
plays the agent with and without dropping (``drop=0``) on the same positions (every
seventh decision with a choice along seeded heuristic games, as ``same_moves.py``) with
the same seeds, so both deal the same worlds, and prints how often the choice is the
same, how often the full budget leaves the heuristic's favourite at all (the decisions
where dropping could change anything), and the rollouts and processor time each
spends. One standard error from the fourth world was chosen among a few settings by
replaying the rollouts recorded on the positions of games dealt from 0; the games here
are dealt from 1000 by default, so the check is on positions the choice never saw::

    .venv/bin/python benchmarks/drop_candidates.py --game claim-kingdoms --players 3
    .venv/bin/python benchmarks/drop_candidates.py --game kingdoms --players 3 \\
        --agent rollout:most=96 --positions 200
"""

from __future__ import annotations

import argparse
import time

from regency.agents import make_agent
from regency.agents.rollout import RolloutAgent
from regency.sim.machine import describe_machine
from same_moves import positions


def with_drop(spec: str, drop: int) -> str:
    """``spec`` with ``drop`` set (``rollout`` -> ``rollout:drop=0``)."""
    return f"{spec},drop={drop}" if ":" in spec else f"{spec}:drop={drop}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="rollout", help="the rollout spec (rollout)")
    parser.add_argument("--positions", type=int, default=200, help="positions (200)")
    parser.add_argument(
        "--seed",
        type=int,
        default=1000,
        help="the first game's deal (1000: other games than those DROP_Z was chosen on)",
    )
    args = parser.parse_args()
    print(f"machine: {describe_machine()}")
    found = positions(args.game, args.players, args.positions, args.seed)
    specs = {"full": with_drop(args.agent, 0), "drop": args.agent}
    chosen: dict[str, list[object]] = {name: [] for name in specs}
    rollouts = dict.fromkeys(specs, 0)
    cpu = dict.fromkeys(specs, 0.0)
    left_favourite = 0
    for index, (state, seat) in enumerate(found):
        view = state.view(seat)
        for name, spec in specs.items():
            agent = make_agent(spec, args.game, index)
            assert isinstance(agent, RolloutAgent), f"{spec} is not a rollout agent"
            start = time.process_time()
            root = agent.search(view)
            move = agent._pick(root)  # what choose() plays; the root also names the favourite
            cpu[name] += time.process_time() - start
            rollouts[name] += agent.last_rollouts
            chosen[name].append(move)
            if name == "full":
                left_favourite += move != root.hint
    same = sum(a == b for a, b in zip(chosen["full"], chosen["drop"], strict=True))
    count = len(found)
    print(
        f"{args.game} {args.players}p {args.agent}: the same move in {same} of {count} "
        f"positions; the full budget left the heuristic's favourite in {left_favourite}; "
        f"rollouts {rollouts['drop']} against {rollouts['full']} "
        f"({rollouts['drop'] / max(1, rollouts['full']):.2f}); processor time a decision "
        f"{cpu['drop'] / count:.3f} s against {cpu['full'] / count:.3f} s "
        f"({cpu['drop'] / max(1e-9, cpu['full']):.2f})"
    )


if __name__ == "__main__":
    main()
