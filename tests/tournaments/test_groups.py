"""Tables of three and four from the standings: leaders together, no rematch while avoidable."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from regency.tournaments import SWISS, Event, Game, next_round
from regency.tournaments.groups import choose_byes, rematches, seat_tables
from tests.tournaments.helpers import bye, game, people, play_round


def test_round_one_seats_the_leaders_together() -> None:
    paired = next_round(Event(SWISS, 4, 3, people(8)), 1)
    assert paired.tables == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert paired.byes == ()


def test_seats_turn_with_the_rounds() -> None:
    games = (game(1, 1, (1, 2, 3), (0, 1, 2)), game(1, 2, (4, 5, 6), (0, 1, 2)))
    paired = next_round(Event(SWISS, 3, 3, people(6), games), 2)
    # Standings 1, 4 (2 points, equal tie-breaks, 1 seeded first), 2, 5, 1, 6. No table
    # of three avoids a rematch (two of any three shared a table), so the fewest: 1 and
    # 4 with the best-placed of the rest, 2; then 5, 3, 6. Round 2 turns each table's
    # seats by one: the second in the standings sits first.
    assert paired.tables == ((4, 2, 1), (3, 6, 5))


def test_round_two_splits_the_first_rounds_tables() -> None:
    games = (game(1, 1, (1, 2, 3), (0, 1, 2)), game(1, 2, (4, 5, 6), (0, 1, 2)))
    paired = next_round(Event(SWISS, 3, 3, people(6), games), 2)
    # Everyone met two of the others: each new table takes one from each old table
    # and... six entrants at two tables of three cannot avoid it: two of three always
    # share an old table. The fewest: one rematch a table.
    met = Event(SWISS, 3, 3, people(6), games).met()
    assert rematches(paired.tables, met) == 2


def test_remainders_sit_out_with_byes_to_different_entrants() -> None:
    event = Event(SWISS, 4, 5, people(9))
    first = next_round(event, 1)
    assert first.byes == (9,)  # the lowest-placed
    rng = random.Random(3)
    byes: list[int] = []
    for r in range(1, 6):
        paired = next_round(event, r)
        byes.extend(paired.byes)
        event = play_round(event, r, rng)
    assert len(byes) == len(set(byes)) == 5


def test_when_rematches_cannot_be_avoided_the_fewest_are_made() -> None:
    # Two groups of four who all met: any table of four from them repeats at least two
    # pairs (two and two), so two tables repeat four.
    met = {e: ({1, 2, 3, 4} if e <= 4 else {5, 6, 7, 8}) - {e} for e in range(1, 9)}
    tables = seat_tables([1, 5, 2, 6, 3, 7, 4, 8], 4, met)
    assert rematches(tables, met) == 4
    assert sorted(e for t in tables for e in t) == list(range(1, 9))


def test_byes_go_to_the_fewest_then_the_lowest() -> None:
    assert choose_byes([1, 2, 3, 4, 5], 2, {}) == [5, 4]
    assert choose_byes([1, 2, 3, 4, 5], 2, {5: 1}) == [4, 3]
    assert choose_byes([1, 2, 3], 1, {1: 1, 2: 1, 3: 1}) == [3]


def test_every_table_needs_one_of_needs() -> None:
    tables = seat_tables([1, 2, 3, 4, 5, 6], 2, {}, needs={5, 6, 1})
    assert all(set(t) & {1, 5, 6} for t in tables)


def _partitions(players: Sequence[int], seats: int) -> list[list[tuple[int, ...]]]:
    if not players:
        return [[]]
    first, rest = players[0], list(players[1:])
    out: list[list[tuple[int, ...]]] = []

    def pick(chosen: list[int], start: int) -> None:
        if len(chosen) == seats - 1:
            left = [p for p in rest if p not in chosen]
            for part in _partitions(left, seats):
                out.append([(first, *chosen), *part])
            return
        for i in range(start, len(rest)):
            pick([*chosen, rest[i]], i + 1)

    pick([], 0)
    return out


def _best_possible(players: Sequence[int], seats: int, met: Mapping[int, Collection[int]]) -> int:
    return min(rematches(p, met) for p in _partitions(players, seats))


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(3, 10),
    seats=st.sampled_from([3, 4]),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 2**32),
)
def test_random_multi_player_swiss_events(count: int, seats: int, rounds: int, seed: int) -> None:
    """Each entrant at one table or a bye; byes to different entrants while there are any
    who have had none; no rematch when a seating without one exists (by brute force)."""
    if count < seats:
        return
    rng = random.Random(seed)
    entrants = list(people(count))
    event = Event(SWISS, seats, rounds, tuple(entrants))
    for r in range(1, rounds + 1):
        if rng.random() < 0.2 and sum(not e.withdrawn for e in entrants) > seats:
            i = rng.randrange(count)
            entrants[i] = replace(entrants[i], withdrawn=True)
            event = Event(SWISS, seats, rounds, tuple(entrants), event.games)
        playing = [e.number for e in entrants if not e.withdrawn]
        before_byes = event.byes()
        met = event.met()
        paired = next_round(event, r)
        seated = [e for t in paired.tables for e in t] + list(paired.byes)
        assert sorted(seated) == sorted(playing)
        assert all(len(t) == seats for t in paired.tables)
        assert len(paired.byes) == len(playing) % seats
        fewest = min(before_byes[e] for e in playing)
        fresh = [e for e in playing if before_byes[e] == fewest]
        if len(fresh) >= len(paired.byes):
            assert all(before_byes[b] == fewest for b in paired.byes)
        sitting = [e for t in paired.tables for e in t]
        if _best_possible(sitting, seats, met) == 0:
            assert rematches(paired.tables, met) == 0
        games: list[Game] = list(event.games)
        for board, t in enumerate(paired.tables, 1):
            order = list(range(seats))
            rng.shuffle(order)
            games.append(game(r, board, t, order))
        for board, b in enumerate(paired.byes, len(paired.tables) + 1):
            games.append(bye(r, board, b))
        event = Event(SWISS, seats, rounds, tuple(entrants), tuple(games))


def test_thirty_two_at_four_seats_five_rounds_without_a_rematch() -> None:
    rng = random.Random(11)
    event = Event(SWISS, 4, 5, people(32))
    for r in range(1, 6):
        event = play_round(event, r, rng)
    assert rematches([g.seats for g in event.games], {}) == 0
    pairs = [frozenset((a, b)) for g in event.games for a in g.seats for b in g.seats if a < b]
    assert len(pairs) == len(set(pairs)) == 5 * 8 * 6
