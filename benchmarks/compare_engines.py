"""Compare the engine speed of two source trees, measured alternately under the same load.

On a shared machine one run of ``bench_games.py`` says little about a change: the load
moves between runs. This runs the same measurements (random games at every player
count, ``clone()``, one world sample, ``play()`` against ``apply()``, and OpenSpiel's
hearts when installed) for a baseline tree and the current one, one after the other,
for several rounds, and prints the medians side by side with the speed-up.

Run, with a checkout of the baseline (``git worktree add --detach ../base REV``)::

    .venv/bin/python benchmarks/compare_engines.py ../base/src --rounds 3

``--current`` names the other tree: a compiled install (``REGENCY_COMPILE=1 pip install
--target DIR .``) is measured by passing its folder, as either tree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from regency.sim.machine import describe_machine

_HERE = Path(__file__).resolve().parent
_GAMES = ("claim", "claim-kingdoms", "kingdoms")

_MEASURE = """
import json, sys
sys.path.insert(0, {bench!r})
import bench_games
seconds = {seconds!r}
out = {{}}
for game in {games!r}:
    for players in (2, 3, 4):
        rates = bench_games.bench_regency(game, players, seconds, {{}})
        out[f"{{game}} {{players}}p"] = rates["decisions_per_s"]
    out[game] = bench_games.bench_hot_paths(game, seconds)
hearts = bench_games.bench_hearts(seconds)
out["hearts"] = hearts["decisions_per_s"] if hearts else None
import regency
out["compiled"] = getattr(regency, "COMPILED", False)
print(json.dumps(out))
"""


def measure(src: Path, seconds: float) -> dict[str, Any]:
    """One round of every measurement with ``src`` first on the import path."""
    code = _MEASURE.format(bench=str(_HERE), seconds=seconds, games=_GAMES)
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"measuring {src} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path, help="the baseline tree's src/ folder")
    parser.add_argument("--current", type=Path, default=_HERE.parent / "src")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    rounds: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    for _ in range(args.rounds):
        rounds["baseline"].append(measure(args.baseline, args.seconds))
        rounds["current"].append(measure(args.current, args.seconds))

    def median(which: str, key: str, field: str | None = None) -> float:
        values = [r[key] if field is None else r[key][field] for r in rounds[which]]
        return float(statistics.median(values))

    print(describe_machine(engine=False), f"median of {args.rounds} alternating rounds")
    for which in ("baseline", "current"):
        engine = "compiled" if rounds[which][0]["compiled"] else "pure-Python"
        print(f"{which}: {engine} engine")
    has_hearts = rounds["baseline"][0]["hearts"] is not None
    print(f"{'decisions/s':18} {'baseline':>10} {'current':>10} {'speed-up':>9}", end="")
    print(f" {'vs hearts':>10}" if has_hearts else "")
    for game in _GAMES:
        for players in (2, 3, 4):
            key = f"{game} {players}p"
            before, after = median("baseline", key), median("current", key)
            line = f"{key:18} {before:10,.0f} {after:10,.0f} {after / before:9.2f}"
            if has_hearts:
                line += f" {after / median('current', 'hearts'):10.2f}"
            print(line)
    print(f"\n{'2 players':16} {'measure':16} {'baseline':>9} {'current':>9} {'better by':>9}")
    for game in _GAMES:
        for field in ("clone_us", "world_sample_us", "play_slowdown"):
            before, after = median("baseline", game, field), median("current", game, field)
            print(f"{game:16} {field:16} {before:9.2f} {after:9.2f} {before / after:9.2f}")


if __name__ == "__main__":
    main()
