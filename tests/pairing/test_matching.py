"""Quick pairing's rounds: table-driven cases worked out by hand, and properties over random
queues (nobody seated twice, every table the right size, the reach rule kept, and the
plan the best of every possible plan for a queue no longer than the window)."""

from __future__ import annotations

import doctest
import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regency.pairing import matching
from regency.pairing.matching import (
    MAX_REACH,
    START_REACH,
    WAIT_CAP,
    WAIT_WORTH,
    ComputerLevel,
    Member,
    Queue,
    Table,
    fits,
    match,
    match_queues,
    nearest_level,
    next_chance,
    reach_after,
    window,
)

LEVELS = (
    ComputerLevel("random", 1220, "Beginner"),
    ComputerLevel("heuristic", 1500, "Casual"),
    ComputerLevel("ismcts:1000", 1915, "Strong"),
    ComputerLevel("ismcts", 2029, "Strongest"),
)


def m(name: str, rating: float, joined: float = 0.0, fill: float | None = None) -> Member:
    return Member(name, name, rating, joined, fill)


def ids(tables: Sequence[Table]) -> list[list[str]]:
    return [[p.id for p in t.people] for t in tables]


def test_the_docstrings_examples_hold() -> None:
    assert doctest.testmod(matching).failed == 0


@pytest.mark.parametrize(
    ("waited", "reach"),
    [(0, START_REACH), (1, 110), (10, 200), (39.9, 499), (40, MAX_REACH), (1e6, MAX_REACH)],
)
def test_reach_widens_with_waiting_up_to_the_widest(waited: float, reach: float) -> None:
    assert reach_after(waited) == pytest.approx(reach)


CASES: list[tuple[str, list[Member], int, float, list[list[str]]]] = [
    # Seating the closest pair first (b, c: 50 apart) would leave a and d 250 apart, out of
    # reach: the round looks at the whole queue and seats all four.
    (
        "whole queue, not the closest pair first",
        [m("a", 1500), m("b", 1600), m("c", 1650), m("d", 1750)],
        2,
        0.0,
        [["a", "b"], ["c", "d"]],
    ),
    # First come, first served would seat a with b (they came first); by rating a sits
    # with c and b with d.
    (
        "nearest rating, not arrival",
        [m("a", 1500, 0), m("b", 1800, 1), m("c", 1520, 2), m("d", 1790, 3)],
        2,
        5.0,
        [["a", "c"], ["d", "b"]],
    ),
    ("200 apart: out of reach at first", [m("a", 1500), m("b", 1700)], 2, 0.0, []),
    ("200 apart: in reach after 10 s", [m("a", 1500), m("b", 1700)], 2, 10.0, [["a", "b"]]),
    ("600 apart: never", [m("a", 1000), m("b", 1600)], 2, 3600.0, []),
    # a has waited long (reach 500) but b has just come (reach 100): b does not accept a.
    ("both reaches count", [m("a", 1500, 0), m("b", 1650, 100)], 2, 100.0, []),
    # b sits between a and c, each 120 from b but 240 apart: b's reach (100 + 10 * 15 =
    # 250) takes both, theirs too: a table of three.
    ("three within reach", [m("a", 1380), m("b", 1500), m("c", 1620)], 3, 15.0, [["a", "b", "c"]]),
    ("three, one too far", [m("a", 1380), m("b", 1500), m("c", 1720)], 3, 5.0, []),
    # Four at 1500 make one table of four; the fifth (the newest) waits.
    (
        "the newest waits",
        [m("a", 1500, 0), m("b", 1500, 1), m("c", 1500, 2), m("d", 1500, 3), m("e", 1500, 4)],
        4,
        10.0,
        [["a", "b", "c", "d"]],
    ),
    # a has waited 100 s: seated with the nearer of b and c (c), and b waits.
    (
        "who has waited is seated first",
        [m("a", 1500, 0), m("b", 1560, 100), m("c", 1545, 100)],
        2,
        100.0,
        [["a", "c"]],
    ),
    # b and d have just come (reach 100), a and c have waited (reach 500): b is 110 from
    # a, so the only plan seating all four crosses over: a with c, b with d. A round that
    # groups neighbours in rating order would seat two.
    (
        "a plan no greedy finds",
        [m("a", 1000, 0), m("b", 1110, 100), m("c", 1120, 0), m("d", 1130, 100)],
        2,
        100.0,
        [["a", "c"], ["b", "d"]],
    ),
]


@pytest.mark.parametrize(
    ("queue", "players", "now", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_rounds_worked_out_by_hand(
    queue: list[Member], players: int, now: float, expected: list[list[str]]
) -> None:
    assert ids(match(queue, players, now)) == expected


def test_computers_fill_the_seats_only_after_the_chosen_wait() -> None:
    alone = [m("a", 1880, 0, fill=30)]
    assert match(alone, 2, 29.0, LEVELS) == []
    (table,) = match(alone, 2, 30.0, LEVELS)
    assert ids([table]) == [["a"]]
    assert [c.name for c in table.computers] == ["Strong"]  # 1915 is nearest 1880
    # Without levels (a server that offers none) nobody is filled.
    assert match(alone, 2, 30.0) == []
    # Someone who never asked for computers is never filled.
    assert match([m("b", 1500, 0)], 2, 1e6, LEVELS) == []


def test_people_come_before_computers() -> None:
    # Three who asked for computers and are near each other: one table of three people,
    # no computer seat, in a 3-player pool.
    queue = [m("a", 1500, 0, 0), m("b", 1510, 0, 0), m("c", 1520, 0, 0)]
    (table,) = match(queue, 3, 10.0, LEVELS)
    assert ids([table]) == [["a", "b", "c"]] and table.computers == ()
    # Four seats, two people who asked and one who did not: the two sit with two
    # computers at the level nearest their mean; the third waits for people.
    queue = [m("a", 1480, 0, 0), m("b", 1530, 0, 0), m("c", 1500, 0)]
    (table,) = match(queue, 4, 10.0, LEVELS)
    assert ids([table]) == [["a", "b"]]
    assert [c.agent for c in table.computers] == ["heuristic", "heuristic"]


def test_filling_seats_everyone_who_asked() -> None:
    # A newcomer out of everyone's reach still plays, at once, if they asked to at 0 s.
    queue = [m("a", 1500, 0), m("b", 1510, 0), m("far", 2300, 0, 0)]
    tables = match(queue, 2, 1.0, LEVELS)
    assert ids(tables) == [["a", "b"], ["far"]]
    assert [c.name for c in tables[1].computers] == ["Strongest"]


def test_a_person_in_a_queue_twice_is_seated_once() -> None:
    queue = [Member("e1", "ann", 1500, 0), Member("e2", "ann", 1500, 1), m("bob", 1500)]
    (table,) = match(queue, 2, 0.0)
    assert sorted(p.person for p in table.people) == ["ann", "bob"]
    assert "e1" in ids([table])[0]  # the earlier entry


def test_a_person_in_two_queues_is_seated_in_one() -> None:
    ann = Member("a1", "ann", 1500, 0)
    ann_again = Member("a2", "ann", 1500, 0)
    one = Queue("one", (ann, m("bob", 1500, 5)), 2)
    two = Queue("two", (ann_again, m("cy", 1500, 1)), 2)
    made = match_queues([one, two], 10.0)
    # Both queues' first person (ann) came at 0: the tie goes by key, "one" first, and ann
    # sits there; in "two" cy is left alone.
    seated = [p.person for tables in made.values() for t in tables for p in t.people]
    assert sorted(seated).count("ann") == 1
    assert list(made) == ["one"] and ids(made["one"]) == [["a1", "bob"]]


@pytest.mark.parametrize(
    ("queue", "now", "expected"),
    [
        ([], 0.0, None),
        ([m("a", 1500)], 0.0, None),
        ([m("a", 1500), m("b", 1550)], 0.0, None),  # within reach already: nothing to wait for
        ([m("a", 1500, 0), m("b", 1700, 4)], 5.0, 14.0),  # 200 apart: b's reach at 14 s
        ([m("a", 1000), m("b", 1600)], 0.0, None),  # beyond the widest reach
        ([m("a", 1500, 0, fill=30)], 10.0, 30.0),  # taking computers after 30 s
        ([m("a", 1500, 0, fill=30), m("b", 1800, 0)], 10.0, 20.0),  # the sooner of the two
    ],
)
def test_the_next_chance_for_a_round(
    queue: list[Member], now: float, expected: float | None
) -> None:
    assert next_chance(queue, now) == expected
    if expected is not None:  # at that moment a round seats someone it could not before
        assert not match(queue, 2, now, LEVELS) and match(queue, 2, expected, LEVELS)


def test_nearest_level() -> None:
    assert nearest_level(LEVELS, 1700).name == "Casual"  # 200 below Casual, 215 above Strong
    assert nearest_level(LEVELS, 1360).name == "Beginner"  # a tie: the lower level
    with pytest.raises(ValueError, match="no computer levels"):
        nearest_level((), 1500)


def test_a_table_seats_two_at_least() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        match([m("a", 1500)], 1, 0.0)


# -- properties ------------------------------------------------------------------------

NOW = 60.0


@st.composite
def queues(draw: st.DrawFn, most: int = 12) -> tuple[list[Member], int]:
    players = draw(st.integers(2, 4))
    size = draw(st.integers(0, most))
    people = [f"p{i}" for i in range(max(1, size - 1))]  # a person may come twice
    members = []
    for i in range(size):
        members.append(
            Member(
                f"e{i}",
                draw(st.sampled_from(people)),
                float(draw(st.integers(120, 180)) * 10),
                float(draw(st.integers(0, 60))),
                draw(st.sampled_from([None, None, 0.0, 20.0, 50.0])),
            )
        )
    return members, players


def check_table_rules(tables: list[Table], players: int, queue: list[Member]) -> None:
    seated = [p.person for t in tables for p in t.people]
    assert len(seated) == len(set(seated)), "a person seated twice"
    entries = {e.id for e in queue}
    for t in tables:
        assert {p.id for p in t.people} <= entries
        assert len(t.people) + len(t.computers) == players, "a table of the wrong size"
        assert t.people, "a table of computers alone"
        assert fits(t.people, NOW), "someone out of another's reach"
        if t.computers:
            assert all(p.takes_computers(NOW) for p in t.people), "computers nobody asked for"
            mean = sum(p.rating for p in t.people) / len(t.people)
            assert set(t.computers) == {nearest_level(LEVELS, mean)}


@given(queues(most=40))
def test_every_round_keeps_the_rules(drawn: tuple[list[Member], int]) -> None:
    queue, players = drawn
    check_table_rules(match(queue, players, NOW, LEVELS), players, queue)
    check_table_rules(match(queue, players, NOW), players, queue)


def worth(tables: list[Table], players: int) -> tuple[int, int, int]:
    """A plan's worth, as the module's rules rank plans (cost in tenths per table)."""
    cost = 0
    for t in tables:
        bonus = sum(WAIT_WORTH * min(WAIT_CAP, p.waited(NOW)) for p in t.people)
        cost += round((t.spread - bonus) * 10)
    seated = sum(len(t.people) for t in tables)
    return seated, -sum(len(t.computers) for t in tables), -cost


def every_plan(people: list[Member], players: int) -> list[list[Table]]:
    """Every plan that keeps the rules, found by trying every grouping."""
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    plans = [plan for plan in every_plan(rest, players)]  # the first person waits
    for count in range(1, players + 1):
        for others in itertools.combinations(range(len(rest)), count - 1):
            group = (first, *(rest[i] for i in others))
            if not fits(group, NOW):
                continue
            computers: tuple[ComputerLevel, ...] = ()
            if count < players:
                if not all(p.takes_computers(NOW) for p in group):
                    continue
                mean = sum(p.rating for p in group) / count
                computers = (nearest_level(LEVELS, mean),) * (players - count)
            left = [p for i, p in enumerate(rest) if i not in others]
            for plan in every_plan(left, players):
                plans.append([Table(tuple(group), computers), *plan])
    return plans


@given(queues(most=window(1)))
def test_a_short_queue_gets_the_best_plan_there_is(drawn: tuple[list[Member], int]) -> None:
    queue, players = drawn
    earliest: dict[str, Member] = {}
    for e in sorted(queue, key=lambda e: (e.joined_at, e.id)):
        earliest.setdefault(e.person, e)
    best = max(worth(plan, players) for plan in every_plan(list(earliest.values()), players))
    assert worth(match(queue, players, NOW, LEVELS), players) == best


@given(st.lists(queues(most=10), min_size=1, max_size=4))
def test_nobody_is_seated_in_two_queues(drawn: list[tuple[list[Member], int]]) -> None:
    qs = [Queue(f"q{i}", tuple(q), players, LEVELS) for i, (q, players) in enumerate(drawn)]
    made = match_queues(qs, NOW)
    seated = [p.person for tables in made.values() for t in tables for p in t.people]
    assert len(seated) == len(set(seated))
    for q in qs:
        check_table_rules(made.get(q.key, []), q.players, list(q.members))
