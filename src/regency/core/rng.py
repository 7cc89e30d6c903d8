"""Seeds and random streams (R-ALL-1).

Every random event of a game comes from its seed, so a seed and the list of decisions
reproduce a game exactly, in every process. Games never touch the module-level
``random`` functions: they own a :class:`random.Random` made here.

Python's ``random.Random(int)`` is deterministic across processes and platforms, and
``derive_seed`` uses SHA-256 rather than ``hash()`` (which is salted per process).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import TypeVar

__all__ = [
    "MAX_SEED",
    "choice",
    "derive_seed",
    "new_seed",
    "randbelow",
    "shuffle",
    "shuffled",
    "stream",
]

T = TypeVar("T")

# randbelow, choice and shuffle below draw exactly what random.Random's own methods draw
# (the same calls to getrandbits, in the same order), so a game dealt with them is the
# game rng.shuffle would deal: saved games replay their seeds through them. They exist
# for speed: random.py's methods are Python, a loop of calls per card, and compiled
# (REGENCY_COMPILE=1) these run in C around getrandbits, the one C method they need.
# tests/core/test_rng.py pins them to random.Random's results.

MAX_SEED = 2**63 - 1
"""Seeds are non-negative integers up to this bound (they fit a signed 64-bit field)."""


def new_seed() -> int:
    """Return a fresh seed for a game started without one (kept small enough to type)."""
    return secrets.randbelow(2**31)


def derive_seed(seed: int, *keys: object) -> int:
    """Return a seed derived from ``seed`` and ``keys``, stable across processes.

    Used for independent streams: the n-th game of a simulation, an agent's own
    randomness, a mid-game reshuffle.

    Example:
        >>> derive_seed(42, "game", 7) == derive_seed(42, "game", 7)
        True
    """
    text = repr((seed, *keys)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") & MAX_SEED


def stream(seed: int, *keys: object) -> random.Random:
    """Return a ``random.Random`` seeded from ``seed`` and ``keys``."""
    return random.Random(derive_seed(seed, *keys) if keys else seed)


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """Return ``items`` in a random order, about three times faster than ``rng.shuffle``.

    For search only, where a world is dealt every iteration and ``rng.shuffle``'s
    per-item ``_randbelow`` was the largest cost of a deal: this sorts by one
    ``rng.random()`` float per item, all in C. Every order is equally likely up to
    ties among the floats (chance about n**2 / 2**53). Its stream of draws differs from
    ``rng.shuffle``'s, so a game's own deal must keep ``rng.shuffle``: saved games
    replay their seed through it.
    """
    rand = rng.random
    return sorted(items, key=lambda _: rand())


def randbelow(rng: random.Random, n: int) -> int:
    """Return ``rng.randrange(n)`` for ``n`` > 0: the same draw, made with ``getrandbits``.

    This is ``random.Random._randbelow``: ``k = n.bit_length()`` bits at a time until a
    value below ``n`` comes up.
    """
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """Return ``rng.choice(items)`` for a non-empty sequence: the same item, drawn alike."""
    return items[randbelow(rng, len(items))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would (same order)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
