"""Round robins in Berger's order, and an arena's tables."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from regency.tournaments import (
    ARENA,
    ROUND_ROBIN,
    Event,
    NoPairing,
    TournamentError,
    arena_tables,
    last_opponents,
    next_round,
    total_rounds,
)
from regency.tournaments.robin import berger_round
from tests.tournaments.helpers import game, people

# FIDE Handbook C.05 Annex 1, Berger's tables for 5 or 6 players (white first).
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


@pytest.mark.parametrize("round_no", range(1, 6))
def test_berger_table_for_six(round_no: int) -> None:
    assert sorted(berger_round(6, round_no)) == sorted(BERGER_6[round_no - 1])


@pytest.mark.parametrize("count", range(2, 18, 2))
def test_everyone_meets_everyone_once(count: int) -> None:
    seen = [frozenset(p) for r in range(1, count) for p in berger_round(count, r)]
    assert sorted(seen, key=sorted) == sorted(
        (frozenset(p) for p in combinations(range(1, count + 1), 2)), key=sorted
    )
    # First seats are shared out: nobody has more than one more than half.
    firsts = [a for r in range(1, count) for a, _ in berger_round(count, r)]
    assert max(firsts.count(p) for p in range(1, count + 1)) <= count // 2


def test_an_odd_round_robin_gives_each_entrant_one_bye() -> None:
    event = Event(ROUND_ROBIN, 2, None, people(5))
    assert total_rounds(event) == 5
    byes = [b for r in range(1, 6) for b in next_round(event, r).byes]
    assert sorted(byes) == [1, 2, 3, 4, 5]
    with pytest.raises(NoPairing):
        next_round(event, 6)


def test_a_withdrawn_entrants_opponent_has_a_bye() -> None:
    entrants = list(people(4))
    entrants[3] = replace(entrants[3], withdrawn=True)
    paired = next_round(Event(ROUND_ROBIN, 2, None, tuple(entrants)), 1)
    # Round 1 of four: 1-4 and 2-3; 4 has gone.
    assert paired.tables == ((2, 3),)
    assert paired.byes == (1,)


def test_a_round_robin_at_three_or_four_is_refused_with_its_reason() -> None:
    from regency.tournaments.robin import check_round_robin

    with pytest.raises(TournamentError, match="exactly one table"):
        check_round_robin(4)


def test_arena_tables_always_seat_a_person() -> None:
    # 1-3 people, 4-8 computers, all waiting, in standings order 4, 5, 1, 6, 7, 2, 8, 3.
    waiting = [4, 5, 1, 6, 7, 2, 8, 3]
    tables = arena_tables(waiting, 2, {}, people={1, 2, 3})
    assert len(tables) == 3
    assert all(set(t) & {1, 2, 3} for t in tables)
    # The best-placed computers play; the others wait.
    assert {e for t in tables for e in t} == {1, 2, 3, 4, 5, 6}


def test_arena_avoids_the_last_opponent() -> None:
    event = Event(
        ARENA, 2, None, people(4), (game(1, 1, (1, 2), (0, 1)), game(1, 2, (3, 4), (1, 0)))
    )
    last = last_opponents(event)
    assert last == {1: {2}, 2: {1}, 3: {4}, 4: {3}}
    tables = arena_tables([1, 2, 3, 4], 2, last, people={1, 2, 3, 4})
    assert {frozenset(t) for t in tables} == {frozenset({1, 3}), frozenset({2, 4})}
    # Only two free and they just met: they play again rather than wait for ever.
    assert arena_tables([1, 2], 2, last, people={1, 2}) == [(1, 2)]


def test_arena_leaves_the_remainder_waiting() -> None:
    assert arena_tables([1, 2, 3, 4, 5], 4, {}, people={1, 2, 3, 4, 5}) == [(1, 2, 3, 4)]
    assert arena_tables([1, 2, 3], 4, {}, people={1, 2, 3}) == []
    assert arena_tables([7, 8], 2, {}, people=set()) == []
