"""A puzzle's explanation says why, in the game's words; near-identical moves are grouped.

The puzzles here are shipped ones, each chosen because its answer is decided by one
thing a player can name: a trick, a faction's vote or control, a row's gold. The
figures come from the set; what the moves *do* is worked out afresh by playing them out
in worlds dealt from the seat's view (``regency.puzzles.story``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.core.explain import often
from regency.core.said import Part, text_of
from regency.puzzles import load_puzzles, story
from regency.puzzles.story import consequences, group_moves


def explain(*args: Any, **kwargs: Any) -> str:
    """The explanation in English, as the set's file keeps it."""
    words: list[Part] = story.explain(*args, **kwargs)
    return story.english(words)


def test_a_claim_answer_is_said_as_the_trick_it_wins_and_the_card_it_takes() -> None:
    """Knight 6 against Knight 3, for the Undead 9 face up: the trick, the card, the vote."""
    puzzle = load_puzzles("claim").get("cab56c515ee")
    position = puzzle.position()
    text = explain(position, puzzle.solutions, puzzle.alternatives)
    assert text.startswith("Knight 6 is the only move that keeps an 84% chance to win: it ")
    assert "wins this trick, and Undead 9 with it" in text
    assert "the Undead's vote" in text
    rival = text.split("The next best, ")[1]
    assert rival.startswith("Undead 4, wins 62%: it ")


def test_a_claim_answer_that_ducks_the_trick_says_what_it_wins_instead() -> None:
    """Troll 6 loses the trick that Seer 6 would win, and keeps the Goblins (3 players)."""
    puzzle = load_puzzles("claim").get("c9aed1d0e1a")
    text = explain(puzzle.position(), puzzle.solutions, puzzle.alternatives)
    answer, rival = text.split(" The next best, ")
    assert "wins you the Goblins' vote" in answer and "loses this trick" in answer
    assert "leaves the Goblins' vote to another player" in rival
    assert "wins this trick" in rival
    assert text.endswith(" 3 of the other 4 moves win less than 20%.")


def test_a_claim_kingdoms_answer_names_the_faction_it_decides() -> None:
    puzzle = load_puzzles("claim-kingdoms").get("c03e6c33d87")
    text = explain(puzzle.position(), puzzle.solutions, puzzle.alternatives)
    answer, rival = text.split(" The next best, ")
    assert "gives you control of the Knights (9 points)" in answer
    assert "leaves you without the Knights" in rival


def test_a_claim_kingdoms_placement_says_which_power_it_sets_up() -> None:
    """Dwarves at 4,3 score 7 with their power next; at -1,2 only 2."""
    puzzle = load_puzzles("claim-kingdoms").get("c84cb01c871")
    text = explain(puzzle.position(), puzzle.solutions, puzzle.alternatives)
    assert ": either one lets you score 7 points with the Dwarves next." in text
    assert "wins 0%: it lets you score 2 points with the Dwarves next." in text
    assert text.endswith(" The 34 other squares for the Dwarves all win less than 20%.")


def test_a_kingdoms_answer_names_the_row_it_decides() -> None:
    """The +6 on E2 makes row E pay about twice what it pays with the +6 on C6."""
    puzzle = load_puzzles("kingdoms").get("k3465b930c6")
    text = explain(puzzle.position(), puzzle.solutions, puzzle.alternatives)
    answer, rival = text.split(" The next best, ")
    assert "brings you about 60 gold from row E" in answer
    assert "brings you about 30 gold from row E" in rival


def test_near_identical_moves_are_listed_once_with_their_count() -> None:
    """14 swaps with the blue marker: the answer, the next best, the tried move, the rest."""
    puzzle = load_puzzles("claim-kingdoms").get("c03e6c33d87")
    position = puzzle.position()
    lowest = puzzle.alternatives[-2].move  # a swap that wins nothing, tried
    groups = group_moves(position, puzzle.alternatives, puzzle.solutions, (lowest,))
    assert [len(g.moves) for g in groups] == [1, 1, 1, 10, 1, 1]
    assert groups[0].moves == puzzle.solutions
    assert groups[0].text == position.describe(puzzle.solutions[0])
    swaps = groups[3]
    assert swaps.text == "10 other swaps with the blue marker"
    assert swaps.high < 0.2 and swaps.low == 0.0
    assert lowest not in swaps.moves and (lowest,) in [g.moves for g in groups]
    assert groups[-1].text == "pass: do not use the Undead power"
    # Every move is listed once, best first.
    listed = [m for g in groups for m in g.moves]
    assert sorted(listed) == sorted(a.move for a in puzzle.alternatives)
    assert [g.high for g in groups] == sorted((g.high for g in groups), reverse=True)


def test_moves_of_one_kind_far_apart_in_win_chance_are_not_grouped() -> None:
    """Squares for the Dragons at 44%, 38% and 13% are three groups, not one."""
    puzzle = load_puzzles("claim-kingdoms").get("cef979ff2ae")
    groups = group_moves(puzzle.position(), puzzle.alternatives, puzzle.solutions)
    for group in groups:
        assert group.high - group.low <= 0.04 or group.high < 0.2
    assert sum(len(g.moves) > 1 for g in groups) >= 3


@pytest.mark.parametrize("game", [info.name for info in regency.available_games()])
def test_the_words_depend_only_on_what_the_seat_could_see(game: str) -> None:
    """Re-dealing the cards the seat cannot see changes nothing in the explanation."""
    puzzles = load_puzzles(game).puzzles
    rng = random.Random(44)
    for puzzle in rng.sample(puzzles, 2):
        position = puzzle.position()
        other = position.resample_hidden(puzzle.seat, rng)
        moves = [puzzle.solutions[0], puzzle.alternatives[-1].move]
        assert consequences(position, moves, worlds=6) == consequences(other, moves, worlds=6)


@pytest.mark.parametrize(
    ("share", "words"),
    [
        (1.0, "wins it"),
        (0.9, "wins it"),
        (0.7, "usually wins it"),
        (0.5, "often wins it"),
        (0.2, "sometimes wins it"),
        (0.1, "loses it"),
        (0.0, "loses it"),
    ],
)
def test_how_often_a_fact_held_is_said_in_words(share: float, words: str) -> None:
    assert text_of(often(share, "wins it", "loses it")) == words


@pytest.mark.parametrize("game", [info.name for info in regency.available_games()])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_says_what_its_moves_do_at_every_player_count(game: str, players: int) -> None:
    """Midway through a random game: facts for two moves, each said in words or not at all."""
    info = regency.game_info(game)
    assert info.explainer is not None
    position = regency.new_game(game, players=players, seed=players)
    rng = random.Random(players)
    while len(position.actions) < 30 or len(position.legal_actions()) < 2:
        position.apply(rng.choice(position.legal_actions()))
    moves = [str(a) for a in position.legal_actions()[:2]]
    done = consequences(position, moves, worlds=3)
    assert set(done) == set(moves) and any(done[m] for m in moves)
    for topics in done.values():
        for topic, mean in topics.items():
            words = info.explainer.say(topic, mean)
            said = None if words is None else text_of(words)
            assert said is None or (said and said == said.strip() and said[0].islower()), said
    for move in position.legal_actions():
        kind = info.explainer.group(position, move)
        assert kind is None or (kind and kind[0].isalnum())
