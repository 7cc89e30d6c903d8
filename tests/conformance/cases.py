"""The games, player counts and options every conformance test runs over.

Every registered game at every player count it supports, with its default options,
plus the option sets listed here to widen the sample (other decks, variants). A new
game is covered the moment it registers; list it below only to add option sets.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import regency

Case = tuple[str, int, dict[str, Any]]

MAX_MOVES = 5000

EXTRA_OPTIONS: dict[str, dict[int, list[dict[str, Any]]]] = {
    "claim": {
        2: [{"factions": "claim2"}, {"factions": "random"}],
        3: [{"factions": "random"}],
        4: [{"factions": "random"}],
    },
    # Every hidden-information power in play (Seers' looks, Doppelgangers copying them)
    # and a fixed start player, which must survive records, saves and replays.
    "claim-kingdoms": {
        2: [{"factions": "seers,doppelgangers,undead,giants,knights,gnomes,trolls", "first": 1}],
        3: [{"factions": "seers,doppelgangers,undead,giants,knights,gnomes,dragons,goblins"}],
    },
    # A fixed first start player must survive records, saves and replays.
    "kingdoms": {
        2: [{"first": 1}],
        4: [{"first": 3}],
    },
}


def cases() -> list[Case]:
    """(game, players, options) for every registered game and player count."""
    out: list[Case] = []
    for info in regency.available_games():
        for players in info.players:
            out.append((info.name, players, {}))
            out.extend(
                (info.name, players, o) for o in EXTRA_OPTIONS.get(info, {}).get(players, [])
            )
    return out


def case_id(case: Case) -> str:
    game, players, options = case
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players}p" + (f"-{extra}" if extra else "")


CASES = cases()
IDS = [case_id(c) for c in CASES]


def new(case: Case, seed: int) -> regency.Game[Any]:
    """A new game of ``case`` dealt from ``seed``."""
    game, players, options = case
    return regency.new_game(game, players=players, seed=seed, **options)


def play_to_end(game: regency.Game[Any], rng: random.Random) -> regency.Game[Any]:
    """Play ``game`` out with uniformly random moves drawn from ``rng``."""
    moves = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        moves += 1
        assert moves < MAX_MOVES, "game did not end"
    return game


def digest(case: Case, seed: int) -> str:
    """A hash of the record of a random game of ``case`` played from ``seed``."""
    game = play_to_end(new(case, seed), random.Random(seed))
    return hashlib.sha256(game.to_json().encode()).hexdigest()
