"""Puzzle explanations in every language (issue 49): kept as messages, said in the reader's.

The shipped sets keep each explanation as the messages it is made of (``why``) beside
their English; the page and the terminal say it in the reader's language. In the
pseudo-language nothing of it escapes translation; in each language the moves are named
as that language's table names them.
"""

from __future__ import annotations

import random

import pytest

import regency
from regency.core import i18n
from regency.core.i18n import using
from regency.puzzles.model import load_puzzles
from regency.puzzles.story import english
from tests.i18n.test_screens import _escaped

GAMES = [info.name for info in regency.available_games()]
CODES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_puzzle_keeps_its_words_as_messages(game: str) -> None:
    for puzzle in load_puzzles(game).puzzles:
        assert puzzle.why is not None, puzzle.id
        assert english(puzzle.why) == puzzle.explanation


@pytest.mark.parametrize("game", GAMES)
def test_an_explanation_reads_in_each_language_with_the_moves_named_there(game: str) -> None:
    for puzzle in random.Random(49).sample(load_puzzles(game).puzzles, 6):
        position = puzzle.position()
        for code in CODES:
            with using(code):
                text = puzzle.explained()
                answer = position.describe(puzzle.solutions[0])
            assert text != puzzle.explanation, (code, text)
            assert "{" not in text and text.endswith("."), (code, text)
            assert answer[:1].upper() + answer[1:] in text or answer in text, (code, text)


@pytest.mark.parametrize("game", GAMES)
def test_nothing_of_an_explanation_escapes_the_pseudo_language(game: str) -> None:
    puzzles = load_puzzles(game).puzzles
    notation = {w.lower() for p in puzzles for a in p.alternatives for w in a.move.split()}
    for puzzle in puzzles:
        with using(i18n.PSEUDO):
            text = puzzle.explained()
        assert not _escaped(text, notation), (puzzle.id, text)
