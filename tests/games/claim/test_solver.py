"""The exact solver of phase two (games/claim/solver), in the rules' words and by proof.

Scenario tests set a position up by hand and say, from the rulebook and RULINGS.md, which
card wins the game and why; the proof compares the solver with plain minimax over the
engine on endgames from games played at random (``solver_proof.py``), and plays the
solver's own best cards out to see the end it promised.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import regency
from regency.core.said import text_of
from regency.games.claim import ClaimState
from regency.games.claim.solver import ClaimSolver
from tests.games.claim.solver_proof import disagreements, endgame, endgames, minimax


def position(**kw: Any) -> ClaimState:
    """A phase-two position (``ClaimState.from_position``)."""
    return ClaimState.from_position(phase=2, **kw)


def values(game: ClaimState) -> dict[str, float]:
    """Each legal card's value for the seat to move, by code; checked against minimax."""
    solved = ClaimSolver().move_values(game)
    assert solved is not None
    out = {str(action): value for action, value in solved.items()}
    seat = game.current_player
    assert seat is not None
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        assert out[str(action)] == minimax(child, seat), action
    return out


# -- the powers of phase two, each in a position worked out by hand ------------------------


def test_leading_the_low_dwarf_loses_the_trick_on_purpose_to_take_both_dwarves() -> None:
    """R-CLAIM-9: in 2 players the loser of a trick takes every Dwarf played in it.

    Goblins and Doppelgangers vote for seat 0, Knights and Undead for seat 1 (seat 1
    holds the highest Undead, so even a tie on the count is its): the Dwarves decide,
    seat 1 holding two of them. Leading DW0, seat 0 loses to DW5 and takes both; then,
    holding no Undead, it must throw DW7 on UN3 and loses again, taking that one too:
    three Dwarves against two. Leading DW7 wins DW5 and gives both away, and DW0 then
    wins against UN3 and goes to seat 1 as well.
    """
    game = position(
        hands=[["DW0", "DW7"], ["DW5", "UN3"]],
        score_piles=[["GB9", "DO9"], ["KN9", "UN9", "UN8", "DW1", "DW2"]],
    )
    assert values(game) == {"DW0": 1.0, "DW7": 0.0}


def test_leading_the_gnome_no_giant_can_smash_keeps_the_gnome_vote() -> None:
    """R-CLAIM-10 and R-CLAIM-11: a Gnome won is laid face up, and a Giant in a trick
    smashes, for the trick's winner, a face-up Gnome of the Giant's value.

    Dragons and Trolls vote for seat 0, Giants and Seers for seat 1; the Gnomes decide.
    Seat 1 holds GI5 and DR2 and no Gnome: it throws DR2 on seat 0's lead, so it leads
    next (R-CLAIM-12), leads GI5 and wins with it against seat 0's last Gnome. Led
    first, GN5 would lie face up and be smashed by GI5, and GN7 would go to seat 1: one
    Gnome against two. Led first, GN7 cannot be smashed, and GN5 goes to seat 1 in the
    trick of GI5 (it is not face up yet): two each, and seat 0 holds the highest.
    """
    game = position(
        factions="claim2",
        hands=[["GN5", "GN7"], ["GI5", "DR2"]],
        gnomes=[["GN3"], ["GN1"]],
        score_piles=[["DR9", "DR8", "TR9"], ["GI9", "GI7", "SE9"]],
    )
    assert values(game) == {"GN5": 0.0, "GN7": 1.0}


def test_leading_the_giant_smashes_the_gnome_before_the_giant_can_be_lost() -> None:
    """R-CLAIM-11: each Giant in a trick smashes, for the trick's winner, one face-up
    Gnome of exactly its value from each opponent.

    Both seats show GN7 and one more Gnome (two each, equal highest: a tie, and no
    vote); Trolls and Dragons vote for seat 0, Giants and Seers for seat 1. Led now, GI7
    wins (seat 1 holds no Giant) and smashes seat 1's GN7. Led later, it would be thrown
    on seat 1's SE1 after seat 1 wins TR2 with TR5, and smash seat 0's own GN7 for seat 1.
    No tie-break can be ruled out here (the highest Gnome is not alone), so this is the
    solver's slower path.
    """
    game = position(
        factions="claim2",
        hands=[["GI7", "TR2"], ["TR5", "SE1"]],
        gnomes=[["GN7", "GN1"], ["GN7", "GN5"]],
        score_piles=[
            ["TR9", "TR8", "TR7", "DR9", "GI1"],
            ["GI9", "GI5", "GI5", "GI3", "SE9", "SE8"],
        ],
    )
    assert values(game) == {"GI7": 1.0, "TR2": 0.0}


def test_leading_the_low_troll_loses_the_trick_so_the_last_one_takes_the_rest() -> None:
    """R-CLAIM-13: a trick's winner takes one Troll, the highest of those played and
    waiting; the rest wait, and the last trick's winner takes them all.

    TR8 waits; the Trolls decide (Gnomes and Dragons vote for seat 0, Giants and Seers
    for seat 1). Leading TR2, seat 0 loses to TR6 and seat 1 takes TR8; TR2 and TR6 wait,
    and seat 0's SE9 wins the last trick and both: two Trolls to one. Leading SE9 first
    takes TR8, but then TR2 loses the last trick to TR6, which takes both: one to two.
    """
    game = position(
        factions="claim2",
        hands=[["TR2", "SE9"], ["TR6", "SE5"]],
        trolls_waiting=["TR8"],
        gnomes=[["GN9"], []],
        score_piles=[["DR9"], ["GI9", "SE8", "SE7", "SE6"]],
    )
    assert values(game) == {"TR2": 1.0, "SE9": 0.0}


def test_throwing_a_dragon_takes_the_next_lead_and_with_it_the_last_trick() -> None:
    """R-CLAIM-12: the player of the last Dragon in a trick leads the next one, whoever won.

    Seat 1 has led SE5 and holds TR9; seat 0 holds no Seer. Throwing DR1, seat 0 loses
    the trick but leads next: GN3, which seat 1 cannot follow, wins the last trick, and
    GN3 and TR9 with it, so seat 0 has the Gnomes and the Trolls (each was one all, the
    highest Gnomes alike) and the Giants: three votes. Throwing GN3 gives it to seat 1,
    which then leads TR9 and wins DR1 too.
    """
    game = position(
        factions="claim2",
        leader=1,
        played=["SE5"],
        hands=[["DR1", "GN3"], ["TR9"]],
        gnomes=[["GN1"], ["GN1"]],
        score_piles=[["TR1", "GI9"], ["TR2", "DR9"]],
    )
    assert values(game) == {"DR1": 1.0, "GN3": 0.0}


def test_factions_cards_and_values_all_level_is_a_win_shared_in_halves() -> None:
    """R-CLAIM-15 and R-CLAIM-16: a faction nobody holds votes for nobody; with the other
    factions two all, most cards in the factions won decides, then their total value,
    then the win is shared.

    No Knight is in play. The last trick gives UN0 and UN1 to seat 1 (UN1 beats UN0).
    Seat 0 then has Goblins (GB9, GB1, GB0) and Doppelgangers (one each, DO3 the highest),
    seat 1 Dwarves (DW9, DW3) and Undead (UN0, UN1): four cards each, worth 13 each.
    """
    game = position(
        hands=[["UN0"], ["UN1"]],
        score_piles=[["GB9", "GB1", "GB0", "DO3"], ["DW9", "DW3", "DO2"]],
    )
    assert ClaimSolver().value(game) == [0.5, 0.5]
    assert values(game) == {"UN0": 0.5}


# -- what it answers, and what not ---------------------------------------------------------


def test_phase_one_is_refused_with_the_reason() -> None:
    game = regency.new_game("claim", players=2, seed=1)
    solver = ClaimSolver()
    assert not solver.applies(game)
    with pytest.raises(ValueError, match="phase two"):
        solver.move_values(game)


def test_it_is_the_game_s_solver_and_sees_all_only_in_two_player_phase_two() -> None:
    info = regency.available_games()[[g.name for g in regency.available_games()].index("claim")]
    assert info.solver is not None
    two = endgame(11, 2, 6, "claim").game
    three = endgame(11, 3, 4, "knights").game
    solver = info.solver()
    assert solver.applies(two) and solver.sees_all(two)
    assert solver.applies(three) and not solver.sees_all(three)


def test_past_its_budget_it_answers_none_and_its_table_stays_right() -> None:
    game = endgame(5, 2, 9, "claim").game
    solver = ClaimSolver()
    assert solver.move_values(game, limit=10) is None
    assert solver.nodes == 11
    assert solver.move_values(game) == ClaimSolver().move_values(game)


def test_the_table_carries_from_one_decision_to_the_next() -> None:
    """A later position of the same game is solved from the table: fewer positions."""
    game = endgame(3, 2, 9, "claim").game
    solver = ClaimSolver()
    first = solver.value(game)
    assert first is not None
    rng = random.Random(0)
    while not game.is_over:
        fresh = ClaimSolver()
        expected = fresh.value(game) if game.current_player is not None else None
        got = solver.value(game)
        assert got == expected
        assert solver.nodes <= fresh.nodes
        game.apply(rng.choice(game.legal_actions()))


def test_copies_of_a_code_get_one_value_and_every_legal_card_gets_one() -> None:
    for found in endgames(40, 2, 6, seed=3):
        game = found.game
        solved = ClaimSolver().move_values(game)
        assert solved is not None
        assert sorted(map(str, solved)) == sorted(map(str, game.legal_actions()))


# -- the proof: plain minimax over the engine -----------------------------------------------


@pytest.mark.parametrize(("players", "count", "most"), [(2, 150, 4), (3, 60, 3), (4, 40, 3)])
def test_it_agrees_with_minimax_on_endgames_from_random_games(
    players: int, count: int, most: int
) -> None:
    problems = [p for found in endgames(count, players, most) for p in disagreements(found)]
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize(("players", "most"), [(2, 5), (3, 3), (4, 3)])
def test_it_agrees_with_minimax_on_thousands_of_endgames(players: int, most: int) -> None:
    """The slow proof: ``REGENCY_SOLVER_PROOF`` endgames a player count (default 1,000).

    ``benchmarks/prove_solver.py`` runs 10,000 and more, timed (docs/measurements.md).
    """
    count = int(os.environ.get("REGENCY_SOLVER_PROOF", "1000"))
    problems = [p for found in endgames(count, players, most, seed=1) for p in disagreements(found)]
    assert problems == []


# -- what the other cards lose, for proven puzzles' explanations ---------------------------


def test_the_other_card_loses_the_dwarves_vote_in_the_low_dwarf_position() -> None:
    """The position of the low Dwarf (R-CLAIM-9): DW7 gives the Dwarves' vote away."""
    game = position(
        hands=[["DW0", "DW7"], ["DW5", "UN3"]],
        score_piles=[["GB9", "DO9"], ["KN9", "UN9", "UN8", "DW1", "DW2"]],
    )
    solver = ClaimSolver()
    reason = solver.why_others_lose(game, ["DW0"])
    assert reason is not None and text_of(reason) == "the other card loses the Dwarves' vote"
    # Named as the answer, the losing card keeps nothing the other card gives up.
    assert solver.why_others_lose(game, ["DW7"]) is None


def test_the_other_card_loses_the_gnomes_vote_when_its_gnome_is_smashed() -> None:
    """The position of the Gnome no Giant can smash (R-CLAIM-10, R-CLAIM-11)."""
    game = position(
        factions="claim2",
        hands=[["GN5", "GN7"], ["GI5", "DR2"]],
        gnomes=[["GN3"], ["GN1"]],
        score_piles=[["DR9", "DR8", "TR9"], ["GI9", "GI7", "SE9"]],
    )
    reason = ClaimSolver().why_others_lose(game, ["GN7"])
    assert reason is not None and text_of(reason) == "the other card loses the Gnomes' vote"


def test_what_the_other_cards_lose_is_asked_of_phase_two_only() -> None:
    game = regency.new_game("claim", players=2, seed=1)
    with pytest.raises(ValueError, match="phase two"):
        ClaimSolver().why_others_lose(game, [])
