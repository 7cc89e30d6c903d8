"""The coach of a first game: notes on moves, hints in words that name no move, its topics.

The judging search is the real one (a fifth of the playing budget), so these tests ask
it only a few questions; the topics, which cost nothing, are asked of every legal move of
many positions of every game.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import regency
from regency.core.registry import game_info
from regency.learn import load_course
from regency.learn.coach import CoachError, coach_agent, hint, note, said, words

GAMES = [info.name for info in regency.available_games()]
LABELS = {"forced", "fine", "good", "inaccuracy", "mistake", "blunder"}


def played(name: str, players: int, seed: int, count: int) -> tuple[regency.Game[Any], list[str]]:
    """A game of ``count`` random moves, and those moves."""
    game = regency.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while len(moves) < count and not game.is_over:
        move = str(rng.choice(list(game.legal_actions())))
        moves.append(move)
        game.play(move)
    return game, moves


def codes_in(text: str, legal: list[str]) -> list[str]:
    """The legal moves' notations (those with a digit: a card, a square) found in ``text``."""
    return [m for m in legal if re.search(r"\d", m) and m in text]


@pytest.mark.parametrize("name", GAMES)
def test_every_topic_a_game_names_has_words_in_its_course(name: str) -> None:
    teaching = game_info(name).teaching
    assert teaching is not None and teaching.topics is not None
    table = load_course(name).coach
    info = game_info(name)
    for players in info.players:
        for seed in range(4):
            game = regency.new_game(name, players=players, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                view = game.view(seat)
                legal = list(view.legal_actions)
                for move in rng.sample(legal, min(12, len(legal))):
                    for key, fields in teaching.topics(view, str(move)):
                        assert key in table, (name, key)
                        text = table[key].format(**fields)
                        assert "{" not in text
                        assert not codes_in(text, [str(m) for m in legal])
                game.play(rng.choice(list(game.legal_actions())))


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_in_words_and_names_no_move(name: str) -> None:
    game, moves = played(name, 2, 11, 9)
    seat = game.current_player
    assert seat is not None
    text = hint(name, 2, 11, {}, moves, seat)
    legal = [str(a) for a in game.legal_actions()]
    assert text and text != words()["coach"]["unavailable"]
    assert codes_in(text, legal) == []
    assert text == hint(name, 2, 11, {}, moves, seat)  # the same question, the same answer
    with pytest.raises(CoachError):
        hint(name, 2, 11, {}, moves, 1 - seat)


@pytest.mark.parametrize("name", GAMES)
def test_a_note_says_how_the_computer_judged_the_move(name: str) -> None:
    _, moves = played(name, 2, 3, 10)
    found = note(name, 2, 3, {}, moves, len(moves))
    assert found.label in LABELS
    assert found.number == len(moves) and found.move == moves[-1]
    before = regency.new_game(name, players=2, seed=3)
    for move in moves[:-1]:
        before.play(move)
    assert found.seat == before.current_player
    assert found.move_text == before.describe(moves[-1])
    template = words()["coach"][found.label]
    assert found.text.startswith(template.split("{")[0].rstrip())
    if found.label in ("inaccuracy", "mistake", "blunder", "good"):
        assert found.best_text and found.best_text in found.text
    assert note(name, 2, 3, {}, moves, len(moves)) == found


def test_a_forced_move_is_noted_as_the_only_one() -> None:
    # Claim's first forced card (a hand that can follow with one card only).
    name = "claim"
    game = regency.new_game(name, players=2, seed=1)
    rng = random.Random(1)
    moves: list[str] = []
    while len(game.legal_actions()) > 1:
        move = str(rng.choice(list(game.legal_actions())))
        moves.append(move)
        game.play(move)
    moves.append(str(game.legal_actions()[0]))
    found = note(name, 2, 1, {}, moves, len(moves))
    assert found.label == "forced" and found.text.startswith(words()["coach"]["forced"])


def test_a_note_on_a_move_that_was_not_made_is_refused() -> None:
    _, moves = played("claim", 2, 3, 4)
    with pytest.raises(CoachError, match="no move 9"):
        note("claim", 2, 3, {}, moves, 9)


def test_the_coach_judges_with_a_fifth_of_the_playing_budget() -> None:
    assert coach_agent("claim", 2) == "pimc:iters=1000"  # Claim plays with 5000
    for name in GAMES:
        assert coach_agent(name, 2)


def test_said_gives_the_ideas_behind_a_move_in_words() -> None:
    game, _ = played("claim", 2, 5, 2)
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    assert said(view, str(view.legal_actions[0]))
