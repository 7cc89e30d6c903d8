"""Two-player Swiss rounds: the Dutch system through py4swiss, checked by hand and at random."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regency.tournaments import SWISS, Entrant, Event, Game, NoPairing, next_round
from regency.tournaments.swiss import report_lines
from tests.tournaments.helpers import bye, game, people


def test_round_one_pairs_the_top_half_with_the_bottom_half() -> None:
    # FIDE's Dutch system: S1 = 1-3 against S2 = 4-6, the top seed white, colours
    # alternating down the boards.
    paired = next_round(Event(SWISS, 2, 5, people(6)), 1)
    assert paired.tables == ((1, 4), (5, 2), (3, 6))
    assert paired.byes == ()


def test_an_odd_number_gives_the_lowest_a_bye() -> None:
    paired = next_round(Event(SWISS, 2, 5, people(7)), 1)
    assert paired.tables == ((1, 4), (5, 2), (3, 6))
    assert paired.byes == (7,)


def test_the_initial_order_is_by_rating_then_entry() -> None:
    entrants = (
        Entrant(1, "low", 1200),
        Entrant(2, "high", 2200),
        Entrant(3, "mid", 1700),
        Entrant(4, "mid2", 1700),
    )
    # Seeds: 2 (2200), 3 and 4 (1700, entered in that order), 1.
    paired = next_round(Event(SWISS, 2, 3, entrants), 1)
    assert paired.tables == ((2, 4), (1, 3))


def test_round_two_pairs_winners_with_winners_and_never_a_rematch() -> None:
    games = (
        game(1, 1, (1, 3), (0, 1)),  # 1 wins
        game(1, 2, (4, 2), (1, 0)),  # 2 wins
    )
    paired = next_round(Event(SWISS, 2, 3, people(4), games), 2)
    assert {frozenset(t) for t in paired.tables} == {frozenset({1, 2}), frozenset({3, 4})}


def test_the_report_py4swiss_reads_holds_each_round() -> None:
    games = (game(1, 1, (1, 3), (0, 1)), game(1, 2, (2, 4), (0, 0)), bye(1, 3, 5))
    lines = report_lines(Event(SWISS, 2, 3, people(5), games), 2)
    # Player 1 (starting number 1): 1 point, white against 3, won.
    assert lines[0].startswith("001    1")
    assert lines[0].rstrip().endswith("1.0    1     3 w 1")
    assert lines[4].rstrip().endswith("0000 - U")
    assert "XXR 3" in lines


def test_withdrawn_and_late_entrants_are_not_paired_before_their_round() -> None:
    entrants = list(people(6))
    entrants[0] = replace(entrants[0], withdrawn=True)
    entrants[5] = replace(entrants[5], joined_round=2)
    paired = next_round(Event(SWISS, 2, 3, tuple(entrants)), 1)
    seated = {e for t in paired.tables for e in t} | set(paired.byes)
    assert seated == {2, 3, 4, 5}


def test_when_only_rematches_are_left_it_refuses() -> None:
    # Three entrants, three rounds: everyone has met and had a bye.
    games = (
        game(1, 1, (1, 2), (0, 1)),
        bye(1, 2, 3),
        game(2, 1, (3, 1), (0, 1)),
        bye(2, 2, 2),
        game(3, 1, (2, 3), (0, 1)),
        bye(3, 2, 1),
    )
    with pytest.raises(NoPairing, match="without a rematch"):
        next_round(Event(SWISS, 2, 4, people(3), games), 4)


def _pairable_even(players: Sequence[int], played: set[frozenset[int]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, o)) not in played and _pairable_even([*rest[:i], *rest[i + 1 :]], played)
        for i, o in enumerate(rest)
    )


def _exists_pairing(players: Sequence[int], played: set[frozenset[int]], no_bye: set[int]) -> bool:
    """Brute force: a pairing of ``players`` with no rematch, the bye (if odd) to one allowed."""
    if len(players) % 2 == 0:
        return _pairable_even(players, played)
    return any(
        p not in no_bye and _pairable_even([q for q in players if q != p], played) for p in players
    )


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 11),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 2**32),
)
def test_random_swiss_events(count: int, rounds: int, seed: int) -> None:
    """Every round: each entrant once, no rematch of a game played, no second bye.

    When the Dutch system refuses a round, a brute-force search agrees that no pairing
    without a rematch (or a second bye) exists: no rematch is made that could be avoided.
    """
    rng = random.Random(seed)
    entrants = list(people(count))
    games: list[Game] = []
    for r in range(1, rounds + 1):
        if rng.random() < 0.15:  # someone withdraws, or enters late
            i = rng.randrange(count)
            entrants[i] = (
                replace(entrants[i], withdrawn=True)
                if rng.random() < 0.5
                else replace(entrants[i], joined_round=max(entrants[i].joined_round, r))
            )
        event = Event(SWISS, 2, rounds, tuple(entrants), tuple(games))
        playing = [e.number for e in entrants if not e.withdrawn and e.joined_round <= r]
        played = {frozenset(g.seats) for g in games if not g.bye and not g.forfeited}
        had_bye = {g.seats[0] for g in games if g.bye} | {
            g.seats[1 - g.forfeited[0]] for g in games if len(g.forfeited) == 1
        }
        try:
            paired = next_round(event, r)
        except NoPairing:
            assert len(playing) < 2 or not _exists_pairing(playing, played, had_bye)
            return
        seated = [e for t in paired.tables for e in t] + list(paired.byes)
        assert sorted(seated) == sorted(playing)
        assert all(frozenset(t) not in played for t in paired.tables)
        assert len(paired.byes) == len(playing) % 2
        assert not set(paired.byes) & had_bye
        for board, table in enumerate(paired.tables, 1):
            roll = rng.random()
            if roll < 0.05:
                games.append(game(r, board, table, None, forfeited=(rng.randrange(2),)))
                games[-1] = replace(
                    games[-1], ranks=(1, 0) if games[-1].forfeited == (0,) else (0, 1)
                )
            else:
                games.append(game(r, board, table, rng.choice([(0, 1), (1, 0), (0, 0)])))
        for board, e in enumerate(paired.byes, len(paired.tables) + 1):
            games.append(bye(r, board, e))


def test_a_sixty_four_player_swiss_of_seven_rounds_has_no_rematch() -> None:
    rng = random.Random(7)
    event = Event(SWISS, 2, 7, people(64))
    games: list[Game] = []
    for r in range(1, 8):
        paired = next_round(event, r)
        for board, table in enumerate(paired.tables, 1):
            games.append(game(r, board, table, rng.choice([(0, 1), (1, 0), (0, 0)])))
        event = Event(SWISS, 2, 7, event.entrants, tuple(games))
    pairs = [frozenset(g.seats) for g in games]
    assert len(pairs) == len(set(pairs)) == 7 * 32
