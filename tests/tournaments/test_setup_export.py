"""A tournament's set-up and its caps; the results for a notice board."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from regency.tournaments import (
    SWISS,
    Entrant,
    Event,
    EventSpec,
    TournamentError,
    results_csv,
    results_text,
)
from tests.tournaments.helpers import bye, game

NOW = 1_800_000_000.0


def spec(**changes: Any) -> EventSpec:
    body: dict[str, Any] = {
        "name": "Club evening",
        "game": "claim",
        "players": 2,
        "format": "swiss",
        "rounds": 3,
        "minutes": None,
        "starts_at": NOW + 600,
        "now": NOW,
    }
    body.update(changes)
    return EventSpec.create(**body)


def test_a_swiss_set_up() -> None:
    made = spec(name="  Club   evening ")
    assert made.name == "Club evening"
    assert made.max_entrants == 128 and made.late_join


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"rounds": 0}, "1 to 50 rounds, not 0"),
        ({"rounds": 10_000}, "1 to 50 rounds, not 10000"),
        ({"rounds": None}, "1 to 50 rounds, not None"),
        ({"minutes": 30}, "give rounds, not minutes"),
        ({"format": "knockout"}, "format must be one of swiss, round_robin, arena"),
        ({"players": 5}, "2 to 4 players"),
        ({"name": ""}, "1 to 60 printable"),
        ({"name": "x" * 61}, "1 to 60 printable"),
        ({"starts_at": NOW - 3600}, "in the past"),
        ({"starts_at": NOW + 31 * 86400}, "within 30 days"),
        ({"max_entrants": 1}, "takes 2 to 128 entrants"),
        ({"max_entrants": 129}, "takes 2 to 128 entrants"),
        ({"format": "round_robin", "rounds": None, "players": 4}, "exactly one table"),
        ({"format": "round_robin", "rounds": 5}, "follow from its entrants"),
        ({"format": "round_robin", "rounds": None, "late_join": True}, "no late entrants"),
        ({"format": "round_robin", "rounds": None, "max_entrants": 17}, "2 to 16 entrants"),
        ({"format": "arena", "rounds": None, "minutes": 2}, "5 to 720 minutes, not 2"),
        ({"format": "arena", "rounds": None, "minutes": float("inf")}, "5 to 720 minutes"),
        ({"format": "arena", "minutes": 30}, "give minutes, not rounds"),
        ({"players": 4, "max_entrants": 3}, "takes 4 to 128"),
    ],
)
def test_set_ups_refused(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        spec(**changes)


def test_a_round_robin_and_an_arena() -> None:
    assert spec(format="round_robin", rounds=None).max_entrants == 16
    assert not spec(format="round_robin", rounds=None).late_join
    assert spec(format="arena", rounds=None, minutes=60).minutes == 60


def _event() -> Event:
    entrants = (
        Entrant(1, "Ann", 1800),
        Entrant(2, "Bob", 1700),
        Entrant(3, "=cmd()", 1600),
        Entrant(4, "Heuristic", 1500, computer=True, withdrawn=True),
        Entrant(5, "Eve", 1400, joined_round=2),
    )
    games = (
        game(1, 1, (1, 3), (0, 1)),
        game(1, 2, (4, 2), (0, 0)),
        game(2, 1, (2, 1), (1, 0)),
        game(2, 2, (3, 5), None, forfeited=(1,)),
        bye(2, 3, 4),
    )
    # The forfeit: Eve never moved; =cmd() wins it.
    fixed = list(games)
    fixed[3] = game(2, 2, (3, 5), (0, 1), forfeited=(1,))
    return Event(SWISS, 2, 2, entrants, tuple(fixed))


def test_results_as_text() -> None:
    # Points: Ann beat =cmd() and Bob: 2; Heuristic drew Bob, had a bye: 1.5; =cmd()
    # lost, won Eve's forfeit: 1; Bob 0.5; Eve 0. Buchholz: Ann 1 + 0.5; Heuristic 0.5
    # (a bye adds nothing); =cmd() 2 + 0; Bob 1.5 + 2; Eve 1. Sonneborn-Berger: Ann
    # 1 + 0.5; Heuristic half of Bob's 0.5; Bob half of Heuristic's 1.5.
    text = results_text(_event(), "Club evening", "Claim, 2 players, Swiss of 2 rounds; finished")
    assert text == (
        "Club evening\n"
        "Claim, 2 players, Swiss of 2 rounds; finished\n"
        "\n"
        "Pl  Name        Points  Buchholz  Sonneborn-Berger\n"
        "1   Ann              2       1.5               1.5\n"
        "2   Heuristic      1.5       0.5              0.25  (withdrew)\n"
        "3   =cmd()           1         2                 0\n"
        "4   Bob            0.5       3.5              0.75\n"
        "5   Eve              0         1                 0\n"
        "\n"
        "Round 1\n"
        "    1  Ann 1 - 0 =cmd()\n"
        "    2  Heuristic 0.5 - 0.5 Bob\n"
        "\n"
        "Round 2\n"
        "    1  Bob 0 - 1 Ann\n"
        "    2  =cmd() 1 - 0 Eve (forfeit)\n"
        "    3  bye: Heuristic (1)\n"
    )


def test_results_as_csv() -> None:
    rows = list(csv.DictReader(io.StringIO(results_csv(_event()))))
    by_name = {r["name"]: r for r in rows}
    assert by_name["Ann"]["points"] == "2" and by_name["Bob"]["round 2"] == "0"
    assert by_name["Heuristic"]["kind"] == "computer" and by_name["Heuristic"]["round 2"] == "bye 1"
    assert by_name["Heuristic"]["withdrew"] == "yes"
    assert by_name["Eve"]["round 1"] == "-" and by_name["Eve"]["round 2"] == "forfeit 0"
    # A name a spreadsheet would run as a formula is written as text.
    assert "'=cmd()" in by_name
    assert [r["place"] for r in rows] == ["1", "2", "3", "4", "5"]
    assert list(rows[0]) == [
        "place", "name", "kind", "rating", "points", "Buchholz", "Sonneborn-Berger",
        "wins", "games", "withdrew", "round 1", "round 2",
    ]  # fmt: skip
