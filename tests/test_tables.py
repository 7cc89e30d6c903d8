"""Setting up a table: seat lists, checks, and the game and agents a table makes."""

from __future__ import annotations

import pytest

from regency import GameOptionError, UnknownGameError
from regency.tables import SeatSpec, TableError, TableSpec, parse_seats


def test_seat_list_with_people_and_agent_parameters() -> None:
    seats = parse_seats("human, ismcts:iters=50,rollout=heuristic ,random", 3)
    assert seats == (
        SeatSpec(),
        SeatSpec(agent="ismcts:iters=50,rollout=heuristic"),
        SeatSpec(agent="random"),
    )
    assert [s.is_person for s in seats] == [True, False, False]


def test_one_entry_fills_every_seat() -> None:
    assert parse_seats("heuristic", 4) == (SeatSpec(agent="heuristic"),) * 4


@pytest.mark.parametrize("text", ["human,random", "human,random,random,random", ",,"])
def test_wrong_number_of_seats_is_refused(text: str) -> None:
    with pytest.raises(TableError, match="3 seats need 3 entries"):
        parse_seats(text, 3)


def test_table_makes_the_game_and_the_computer_players() -> None:
    spec = TableSpec.create(
        "claim", 3, parse_seats("random,human,heuristic", 3), {"factions": "random"}, seed=5
    )
    game = spec.new_game()
    assert (game.name, game.num_players, game.seed) == ("claim", 3, 5)
    agents = spec.agents(game.seed)
    assert sorted(agents) == [0, 2]
    assert agents[0].name == "random" and agents[2].name == "heuristic"
    assert spec.people == [1]
    assert spec.seat_labels() == ["Seat 0 (random)", "Seat 1", "Seat 2 (heuristic)"]


def test_default_table_is_one_person_against_the_strongest_agent() -> None:
    from regency.agents import parse_spec
    from regency.agents.defaults import STRONGEST

    for game, players in (("kingdoms", 3), ("claim-kingdoms", 3)):
        spec = TableSpec.create(game, players=players)
        assert spec.people == [0]
        assert [s.agent for s in spec.seats] == [None] + [STRONGEST[game][players]] * 2
    # The measured strongest at 3 players (docs/measurements.md): rollouts of the heuristic.
    assert {parse_spec(STRONGEST[g][3]).name for g in ("kingdoms", "claim-kingdoms")} == {"rollout"}


def test_engine_refusals_come_through_with_its_message() -> None:
    with pytest.raises(UnknownGameError):
        TableSpec.create("chess")
    with pytest.raises(GameOptionError, match="2-4 players"):
        TableSpec.create("claim", players=5)
    with pytest.raises(GameOptionError, match="no option 'speed'"):
        TableSpec.create("claim", options={"speed": 3})


def test_bad_seats_are_refused_with_the_seat_named() -> None:
    with pytest.raises(TableError, match="seat 1: unknown agent 'genius'"):
        TableSpec.create("claim", 2, [SeatSpec(), SeatSpec(agent="genius")])
    with pytest.raises(TableError, match="2 seats need 2 entries"):
        TableSpec.create("claim", 2, [SeatSpec()])
    with pytest.raises(TableError, match="seat 0: a name must be printable"):
        TableSpec.create("claim", 2, [SeatSpec(name="x" * 41), SeatSpec(agent="random")])
