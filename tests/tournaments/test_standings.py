"""What a game is worth and the standings, against results worked out by hand."""

from __future__ import annotations

import pytest

from regency.tournaments import (
    ARENA,
    SWISS,
    Entrant,
    Event,
    bye_points,
    place_points,
    standings,
    table_ranks,
)
from regency.tournaments.standings import arena_points
from tests.tournaments.helpers import bye, game, people


@pytest.mark.parametrize(
    ("ranks", "points"),
    [
        ((0, 1), (1.0, 0.0)),
        ((1, 0), (0.0, 1.0)),
        ((0, 0), (0.5, 0.5)),
        ((0, 1, 2), (2.0, 1.0, 0.0)),
        ((0, 1, 2, 3), (3.0, 2.0, 1.0, 0.0)),
        ((0, 0, 1, 2), (2.5, 2.5, 1.0, 0.0)),  # two first: 1 each beaten below, a half
        ((1, 0, 1, 1), (1.0, 3.0, 1.0, 1.0)),  # three second: all tied, none beaten
        ((0, 0, 0, 0), (1.5, 1.5, 1.5, 1.5)),
    ],
)
def test_place_points(ranks: tuple[int, ...], points: tuple[float, ...]) -> None:
    assert tuple(place_points(ranks, s) for s in range(len(ranks))) == points
    # Every table hands out the same total: a point per pair of players.
    n = len(ranks)
    assert sum(points) == n * (n - 1) / 2


def test_a_bye_is_a_win_at_two_and_a_tables_average_at_more() -> None:
    assert bye_points(2) == 1.0
    assert bye_points(3) == (0 + 1 + 2) / 3
    assert bye_points(4) == (0 + 1 + 2 + 3) / 4


@pytest.mark.parametrize(
    ("game_ranks", "forfeited", "seats", "expected"),
    [
        ((0, 1), {0}, 2, (1, 0)),  # the winner never moved: the other wins
        (None, {1}, 2, (0, 1)),  # aborted: the absentee loses
        (None, {0, 1}, 2, (0, 0)),  # both absent: a double forfeit, nobody ahead
        ((0, 1, 2, 3), {0}, 4, (3, 0, 1, 2)),  # the others keep their order
        ((0, 1, 1, 2), {3, 1}, 4, (0, 2, 1, 2)),
        (None, {2}, 4, (0, 0, 1, 0)),  # aborted: the present share the place above
        ((2, 1, 0), set(), 3, (2, 1, 0)),
    ],
)
def test_forfeits_finish_last(
    game_ranks: tuple[int, ...] | None,
    forfeited: set[int],
    seats: int,
    expected: tuple[int, ...],
) -> None:
    assert table_ranks(game_ranks, forfeited, seats) == expected


def test_two_player_swiss_standings_worked_by_hand() -> None:
    # Ann 1800, Bob 1700, Cy 1600, Di 1500 (seeded in that order).
    entrants = tuple(
        Entrant(n, name, r)
        for n, name, r in [(1, "Ann", 1800), (2, "Bob", 1700), (3, "Cy", 1600), (4, "Di", 1500)]
    )
    games = (
        game(1, 1, (1, 3), (0, 1)),  # Ann beats Cy
        game(1, 2, (4, 2), (0, 0)),  # Di draws Bob
        game(2, 1, (2, 1), (1, 0)),  # Ann beats Bob
        game(2, 2, (3, 4), (0, 1)),  # Cy beats Di
        game(3, 1, (1, 4), (0, 0)),  # Ann draws Di
        game(3, 2, (2, 3), (0, 1)),  # Bob beats Cy
    )
    table = standings(Event(SWISS, 2, 3, entrants, games))
    # Points: Ann 1+1+.5, Bob .5+0+1, Cy 0+1+0, Di .5+0+.5.
    # Buchholz (opponents' points): Ann 1+1.5+1, Bob 1+2.5+1, Cy 2.5+1+1.5, Di 1.5+1+2.5.
    # Sonneborn-Berger (beaten's points, half the drawn's): Ann 1+1.5+.5, Bob .5+1,
    # Cy 1, Di .75+1.25. Cy and Di share points and Buchholz; Di's SB is higher.
    assert [(s.place, s.entrant.name, s.points, s.tiebreaks, s.wins) for s in table] == [
        (1, "Ann", 2.5, (3.5, 3.0), 2),
        (2, "Bob", 1.5, (4.5, 1.5), 1),
        (3, "Di", 1.0, (5.0, 2.0), 0),
        (4, "Cy", 1.0, (5.0, 1.0), 1),
    ]
    assert not any(s.shared for s in table)


def test_four_player_tables_standings_worked_by_hand() -> None:
    entrants = people(5)
    games = (
        game(1, 1, (1, 2, 3, 4), (0, 1, 2, 3)),  # 3, 2, 1, 0
        bye(1, 2, 5),  # 1.5
        game(2, 1, (5, 4, 1, 2), (0, 0, 1, 2)),  # 5 and 4 tie first: 2.5 each; 1: 1; 2: 0
        bye(2, 2, 3),
    )
    table = standings(Event(SWISS, 4, 2, entrants, games))
    # Points: P1 3+1=4, P5 1.5+2.5=4, P4 0+2.5, P3 1+1.5, P2 2+0.
    # Buchholz (every opponent at a table): P1 (2+2.5+2.5)+(4+2.5+2)=15.5; P5 2.5+4+2=8.5;
    # P4 (4+2+2.5)+(4+4+2)=18.5; P3 4+2+2.5=8.5; P2 (4+2.5+2.5)+(4+2.5+4)=19.5.
    # Sonneborn-Berger: P1 (2+2.5+2.5)+2=9; P5 half of P4's 2.5, all of P1 and P2: 7.25;
    # P4 half of P5's 4, all of P1 and P2: 8; P3 beat P4: 2.5; P2 beat P3 and P4: 5.
    assert [(s.place, s.entrant.number, s.points, s.tiebreaks) for s in table] == [
        (1, 1, 4.0, (15.5, 9.0)),
        (2, 5, 4.0, (8.5, 7.25)),
        (3, 4, 2.5, (18.5, 8.0)),
        (4, 3, 2.5, (8.5, 2.5)),
        (5, 2, 2.0, (19.5, 5.0)),
    ]


def test_equal_on_every_tie_break_share_a_place() -> None:
    entrants = people(4)
    games = (game(1, 1, (1, 2), (0, 0)), game(1, 2, (3, 4), (0, 0)))
    table = standings(Event(SWISS, 2, 1, entrants, games))
    assert [(s.place, s.shared) for s in table] == [(1, True)] * 4
    # and the initial order keeps the lines in order
    assert [s.entrant.number for s in table] == [1, 2, 3, 4]


def test_arena_streaks_double_after_two_wins_in_a_row() -> None:
    # P1's games: win, win, win (on fire: 4), draw (on fire: 2, the streak ends), win, loss.
    opponents = [2, 3, 4, 2, 3, 4]
    results = [(0, 1), (0, 1), (0, 1), (0, 0), (0, 1), (1, 0)]
    games = [
        game(i + 1, 1, (1, o), r) for i, (o, r) in enumerate(zip(opponents, results, strict=True))
    ]
    points, fire = arena_points(games, 1, 2)
    assert points == 2 + 2 + 4 + 2 + 2 + 0
    assert not fire
    points, fire = arena_points(games[:3], 1, 2)
    assert (points, fire) == (8.0, True)
    # A shared first place is not a win: it does not light the fire.
    shared = [game(i + 1, 1, (1, 2, 3), (0, 0, 1)) for i in range(3)]
    assert arena_points(shared, 1, 3) == (3 * 2 * 1.5, False)


def test_arena_standings_by_points_then_performance() -> None:
    entrants = people(3)
    games = (
        game(1, 1, (1, 2), (0, 1)),  # P1 2
        game(2, 1, (1, 3), (1, 0)),  # P3 2
        game(3, 1, (2, 3), (0, 1)),  # P2 2
        game(4, 1, (3, 2), (0, 1)),  # P3 4, in 3 games; P2 2 in 3 games; P1 2 in 2
    )
    table = standings(Event(ARENA, 2, None, entrants, games))
    assert [(s.entrant.number, s.points, s.games) for s in table] == [
        (3, 4.0, 3),
        (1, 2.0, 2),
        (2, 2.0, 3),
    ]
    assert table[1].tiebreaks == (1.0,) and table[2].tiebreaks == (2 / 3,)
