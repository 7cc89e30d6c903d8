"""The seeded random helpers draw exactly what random.Random draws (R-ALL-1).

Games deal with ``regency.core.rng.shuffle`` and search plays out with its ``choice``;
saved games replay their seeds through them, so they must give ``random.Random``'s own
results draw for draw, on every seed and length (and they leave the generator in the
same state, so every later draw agrees too).
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from regency.core.rng import choice, randbelow, shuffle

seeds = st.integers(0, 2**64)


@given(seeds, st.lists(st.integers(), max_size=120))
def test_shuffle_is_random_shuffle(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine = items.copy()
    shuffle(ours, mine)
    expected = items.copy()
    theirs.shuffle(expected)
    assert mine == expected
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.integers(1, 2**70), min_size=1, max_size=30))
def test_randbelow_is_randrange(seed: int, bounds: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for n in bounds] == [theirs.randrange(n) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.lists(st.integers(), min_size=1, max_size=40), max_size=30))
def test_choice_is_random_choice(seed: int, sequences: list[list[int]]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [choice(ours, s) for s in sequences] == [theirs.choice(s) for s in sequences]
    assert ours.getstate() == theirs.getstate()


def test_a_deal_of_every_deck_size_matches() -> None:
    for seed in range(200):
        for size in (1, 2, 23, 52, 63, 104):
            deck = list(range(size))
            expected = deck.copy()
            random.Random(seed).shuffle(expected)
            shuffle(random.Random(seed), deck)
            assert deck == expected
