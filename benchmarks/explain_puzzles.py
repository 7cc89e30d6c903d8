"""Write the shipped puzzles' explanations again, as the mining writes them now.

Each explanation is kept twice: as messages (``why``, read in any language) and as
their English (``explanation``). Only the words change: every puzzle keeps its position,
answers, judged moves, rating and source, and the set its order and ``mined`` block
(checked before writing). The explanation is a function of the position and the judged
moves alone
(``regency.puzzles.mining.explanation_of``: its worlds are seeded from the seat's view;
a proven puzzle's words are the solver's), so a
set mined again by its own command would get the same words. Prints how many changed
and the processor time per puzzle::

    PYTHONPATH=/tmp/compiled .venv/bin/python benchmarks/explain_puzzles.py [--game claim]

It rewrites the sets of this source tree (``src/regency/puzzles/data``), whichever
build of the engine runs it (the compiled one chooses the same moves, faster).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

import regency
from regency.puzzles.mining import why_of
from regency.puzzles.model import PuzzleSet
from regency.puzzles.story import english
from regency.sim.machine import describe_machine

DATA = Path(__file__).resolve().parents[1] / "src" / "regency" / "puzzles" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--check", action="store_true", help="only say what would change")
    args = parser.parse_args()
    print(describe_machine())
    for game in args.game or [info.name for info in regency.available_games()]:
        path = DATA / f"{game}.json"
        text = path.read_text(encoding="utf-8")
        old = PuzzleSet.from_json(text)
        started = time.process_time()
        made = [why_of(p) for p in old.puzzles]
        puzzles = tuple(
            replace(p, explanation=english(why), why=why)
            for p, why in zip(old.puzzles, made, strict=True)
        )
        seconds = (time.process_time() - started) / max(1, len(puzzles))
        new = PuzzleSet(old.game, puzzles, old.mined)
        for a, b in zip(old.puzzles, new.puzzles, strict=True):
            assert replace(a, explanation="", why=None) == replace(b, explanation="", why=None), (
                a.id
            )
        changed = sum(
            a.explanation != b.explanation for a, b in zip(old.puzzles, puzzles, strict=True)
        )
        print(f"{game}: {changed} of {len(puzzles)} explanations new, {seconds:.2f} s a puzzle")
        if not args.check:
            path.write_text(new.to_json(), encoding="utf-8")


if __name__ == "__main__":
    main()
