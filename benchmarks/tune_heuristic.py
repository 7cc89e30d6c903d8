"""Random search over a heuristic's constants, each variant against the default heuristic.

A variant is the heuristic module's own source with some module-level constants set to
new values (``_KEEP = 4.5`` becomes ``_KEEP = 3.1``), run as a fresh module in pure Python;
it plays mirrored deals against the installed heuristic (each deal once from each seat),
two players. Each trial draws every named constant at random around its default (a factor
of ``e**±spread``) and prints its score, the share of the wins (a draw counts half). A
variant that scores above 0.5 by more than the noise (half a width of the printed
interval) is worth a longer run.

Run: ``.venv/bin/python benchmarks/tune_heuristic.py --game kingdoms --trials 30 --games 300``.
The constants tried are listed per game in ``NAMES`` (Kingdoms' ``_KEEP``, ``_WAIT``, ...);
``--names`` picks others.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import math
import random
import re
import time
import types
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import regency
from regency.core.registry import game_info
from regency.sim.machine import describe_machine
from regency.sim.stats import wilson_interval

MODULES = {
    "kingdoms": "regency.games.kingdoms.heuristic",
    "claim-kingdoms": "regency.games.claim_kingdoms.heuristic",
}
NAMES = {
    "kingdoms": (
        "_KEEP",
        "_WAIT",
        "_PESSIMISM",
        "_OPEN",
        "_RESERVE",
        "_RESERVE_PER_SQUARE",
        "_SPECIAL_DRAW",
    ),
    "claim-kingdoms": ("_SEER_LOOK",),
}
"""The constants each game's trials vary unless ``--names`` says others."""

Policy = Callable[[Any, random.Random], Any]


def source_of(module_name: str) -> str:
    """The module's Python source (next to its compiled extension, if it is compiled)."""
    module = importlib.import_module(module_name)
    assert module.__file__ is not None
    path = Path(module.__file__)
    return path.with_name(path.name.split(".")[0] + ".py").read_text()


def defaults(source: str, names: list[str]) -> dict[str, float]:
    """Each named constant's value in the source."""
    out = {}
    for name in names:
        found = re.search(rf"^{name}(?:: Final)? = ([0-9.eE+-]+)$", source, flags=re.M)
        if found is None:
            raise SystemExit(f"no numeric module constant {name} in the heuristic")
        out[name] = float(found.group(1))
    return out


@functools.cache
def variant(module_name: str, constants: tuple[tuple[str, float], ...]) -> Policy:
    """The heuristic's ``choose`` with ``constants`` set, run from source as a new module.

    Cached: a worker plays many games of one trial, and compiling the source costs more
    than a game's first moves.
    """
    source = source_of(module_name)
    for name, value in constants:
        source = re.sub(rf"^{name}(?:: Final)? = .*$", f"{name} = {value!r}", source, flags=re.M)
    module = types.ModuleType(module_name + "_variant")
    exec(compile(source, f"<{module_name} variant>", "exec"), module.__dict__)
    choose: Policy = module.choose
    return choose


def play(job: tuple[str, dict[str, float], int, int]) -> float:
    """One game, the variant in seat ``seat`` and the default heuristic in the other."""
    game, constants, seed, seat = job
    module_name = MODULES[game]
    mine = variant(module_name, tuple(sorted(constants.items())))
    theirs = game_info(game).heuristic
    assert theirs is not None
    state = regency.new_game(game, players=2, seed=seed)
    rng = random.Random(seed * 2 + seat)
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        view = state.view(mover)
        legal = view.legal_actions
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        state.apply((mine if mover == seat else theirs)(view, rng))
    return state.result().reward(seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kingdoms", choices=sorted(MODULES))
    parser.add_argument("--names", nargs="+", help="constants to vary (default: NAMES)")
    parser.add_argument("--trials", type=int, default=30)
    parser.add_argument("--games", type=int, default=300, help="games per trial (even)")
    parser.add_argument("--spread", type=float, default=1.2, help="log-scale range of a draw")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", action="store_true", help="first, the defaults themselves")
    args = parser.parse_args()
    source = source_of(MODULES[args.game])
    base = defaults(source, args.names or list(NAMES[args.game]))
    rng = random.Random(args.seed)
    deals = range(100_000, 100_000 + args.games // 2)
    print(f"machine: {describe_machine(engine=True)}")
    print(f"defaults: {base}")
    results: list[tuple[float, dict[str, float]]] = []
    with Pool(args.workers) as pool:
        for trial in range(args.trials + (1 if args.baseline else 0)):
            if args.baseline and trial == 0:
                constants = dict(base)
            else:
                constants = {
                    name: round(value * math.exp(rng.uniform(-args.spread, args.spread)), 3)
                    for name, value in base.items()
                }
            started = time.perf_counter()
            jobs = [(args.game, constants, deal, seat) for deal in deals for seat in (0, 1)]
            rewards = pool.map(play, jobs, chunksize=8)
            score = sum(rewards) / len(rewards)
            low, high = wilson_interval(sum(rewards), len(rewards))
            seconds = time.perf_counter() - started
            print(f"{score:.3f} ({low:.3f}-{high:.3f}) {constants} ({seconds:.0f} s)", flush=True)
            results.append((score, constants))
    results.sort(key=lambda pair: -pair[0])
    print("best:", results[:3])


if __name__ == "__main__":
    main()
