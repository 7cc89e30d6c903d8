"""Fit Claim's model of play (``games/claim/play_model.json``, read by ``inference.weights``).

Plays ``--games`` games of 2-player Claim between two copies of ``--agent`` (the
default search player by default), records every decision with a choice (the cards the
mover could play, the trick so far, what it was played for) and fits, for each kind of
play (phase one or two, leading or following), a conditional-logit policy over the
features of ``inference.features`` by maximum likelihood (gradient ascent, a little L2).
The last ``--test`` share of the games is held out: the script prints how well the
policy predicts those moves against a uniform guess (mean log-likelihood per move; the
gain is the information a play gives about the hand), and writes the weights with
their recipe to ``--out``: by default the model that ships,
``src/regency/games/claim/play_model.json``. Seeded: the same arguments give the same
games and weights.

    PYTHONPATH=/tmp/compiled .venv/bin/python benchmarks/fit_claim_play.py --games 120

Takes about 6 s a game with the compiled engine (ismcts, both seats).

``--check N`` fits nothing: over N new games it measures what the shipped model buys a
search, at every decision of phase one: the share of a rival's hand (card for card)
that the worlds ISMCTS searches get right, dealt uniformly and dealt by weight
(``ismcts:infer=1000``), and the pool's effective size.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import regency
from regency.agents.inference import WeightedWorlds
from regency.agents.registry import make_agent
from regency.core.rng import derive_seed
from regency.games.claim.cards import codes
from regency.games.claim.heuristic import faction_stakes
from regency.games.claim.inference import FEATURES, MODEL, features, kind_name, want_of
from regency.sim.machine import describe_machine

Row = tuple[tuple[int, bool], np.ndarray, int]


def decisions(agent: str, games: int, seed: int) -> list[list[Row]]:
    """Each game's decisions with a choice: (kind, features of each card, the one played)."""
    out = []
    for g in range(games):
        state = regency.new_game("claim", players=2, seed=derive_seed(seed, "deal", g))
        players = [make_agent(agent, "claim", derive_seed(seed, "seat", g, s)) for s in (0, 1)]
        rows: list[Row] = []
        while not state.is_over:
            seat = state.current_player
            assert seat is not None  # a Claim game in play always has a seat to move
            view = state.view(seat)
            action = players[view.seat].choose(view)
            obs = view.observation
            if len(view.legal_actions) > 1 and obs["decision"] == "play":
                legal = [str(a) for a in view.legal_actions]
                stakes = faction_stakes(obs, view.seat) if obs["phase"] == 2 else {}
                want = want_of(obs["phase"], obs["played"], obs["face_up"], stakes)
                x = np.array(features(legal, obs["played"], want, stakes))
                rows.append(((obs["phase"], not obs["played"]), x, legal.index(str(action))))
            state.apply(action)
        out.append(rows)
        print(f"  game {g + 1}/{games}: {len(rows)} decisions", file=sys.stderr)
    return out


def share_right(true: list[str], sample: Any, other: int, rng: Any, worlds: int = 400) -> float:
    """The share of ``other``'s hand in ``worlds`` dealt worlds that is its true hand."""
    right = held = 0
    for _ in range(worlds):
        left = list(true)
        for card in codes(sample(rng)._hands[other]):
            held += 1
            if card in left:
                left.remove(card)
                right += 1
    return right / held if held else 0.0


def check(agent: str, games: int, seed: int, pool: int = 1000) -> None:
    """Print how much of the rivals' hands weighted worlds get right, against uniform."""
    sums = [0.0, 0.0, 0.0]
    positions = 0
    for g in range(games):
        state: Any = regency.new_game("claim", players=2, seed=derive_seed(seed, "check", g))
        players = [make_agent(agent, "claim", derive_seed(seed, "as", g, s)) for s in (0, 1)]
        while state.observation(0)["phase"] == 1:
            seat = state.current_player
            view = state.view(seat)
            weigh = state.world_weigher(view.observation)
            if weigh is not None and view.observation["decision"] == "play":
                rng = random.Random(derive_seed(seed, "worlds", g, positions))
                sampler = view.world_sampler()
                weighted = WeightedWorlds(sampler, weigh, pool, rng)
                true = codes(state._hands[1 - seat])
                sums[0] += share_right(true, sampler, 1 - seat, rng)
                sums[1] += share_right(true, weighted, 1 - seat, rng)
                sums[2] += weighted.effective
                positions += 1
            state.apply(players[seat].choose(view))
    uniform, weighted_share, effective = (x / positions for x in sums)
    print(
        f"{positions} decisions of phase one in {games} games of {agent}: a rival's hand is "
        f"{uniform:.3f} right in uniform worlds, {weighted_share:.3f} in weighted ones "
        f"(a pool of {pool}, {effective:.0f} effective)"
    )


def log_likelihood(rows: list[Row], w: np.ndarray) -> float:
    """Mean log-probability of the moves played under weights ``w``."""
    total = 0.0
    for _, x, a in rows:
        z = x @ w
        z -= z.max()
        total += z[a] - math.log(np.exp(z).sum())
    return total / len(rows)


def fit(rows: list[Row], l2: float, steps: int, rate: float) -> np.ndarray:
    """Weights maximising the mean log-likelihood less ``l2`` times their squared norm."""
    w = np.zeros(len(FEATURES))
    for _ in range(steps):
        grad = -2 * l2 * w
        for _, x, a in rows:
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            grad += (x[a] - p @ x) / len(rows)
        w += rate * grad
    return w


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="ismcts", help="whose moves to fit (both seats)")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--test", type=float, default=0.25, help="share of games held out")
    parser.add_argument("--seed", type=int, default=5101)
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--out", type=Path, default=Path("src/regency/games/claim/play_model.json"))
    parser.add_argument("--check", type=int, metavar="N", help="measure the shipped model instead")
    args = parser.parse_args(argv)
    print(f"machine: {describe_machine()}")
    if args.check:
        check(args.agent, args.check, args.seed)
        return
    started = time.perf_counter()
    games = decisions(args.agent, args.games, args.seed)
    cut = len(games) - max(1, round(len(games) * args.test))
    train = [r for g in games[:cut] for r in g]
    test = [r for g in games[cut:] for r in g]
    weights: dict[str, list[float]] = {}
    held_out: dict[str, dict[str, float]] = {}
    print(f"{args.agent}, {args.games} games ({len(train)} decisions fitted, {len(test)} held out)")
    print("kind            decisions  uniform  fitted (held out, mean log-likelihood a move)")
    for phase, leading in ((1, True), (1, False), (2, True), (2, False)):
        name = kind_name(phase, leading)
        fit_on = [r for r in train if r[0] == (phase, leading)]
        held = [r for r in test if r[0] == (phase, leading)]
        if not fit_on or not held:
            print(f"{name:15} {len(fit_on):9}  (too few decisions)")
            continue
        w = fit(fit_on, args.l2, args.steps, rate=0.3)
        uniform = log_likelihood(held, np.zeros(len(FEATURES)))
        fitted = log_likelihood(held, w)
        print(f"{name:15} {len(fit_on):9}  {uniform:7.3f}  {fitted:7.3f}")
        held_out[name] = {
            "decisions": len(held),
            "uniform": round(uniform, 4),
            "fitted": round(fitted, 4),
        }
        if fitted > uniform:  # a kind no feature predicts stays uniform
            final = fit(fit_on + held, args.l2, args.steps, rate=0.3)
            weights[name] = [round(float(v), 4) for v in final]
    model: dict[str, Any] = {
        "command": "benchmarks/fit_claim_play.py "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "agent": args.agent,
        "games": args.games,
        "seed": args.seed,
        "held_out_games": len(games) - cut,
        "l2": args.l2,
        "steps": args.steps,
        "seconds": round(time.perf_counter() - started),
        "machine": describe_machine(),
        "held_out": held_out,
        "features": list(FEATURES),
        "weights": weights,
    }
    args.out.write_text(json.dumps(model, indent=2) + "\n")
    print(f"wrote {args.out} (the model that ships is {MODEL})")


if __name__ == "__main__":
    main()
