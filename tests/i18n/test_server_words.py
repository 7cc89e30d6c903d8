"""The server's words for people come out in the reader's language (issue 49).

Under the pseudo-language every text made for a reader is bracketed; the API's codes
(a level's ``name``, a refusal's ``error``) stay as they are in every language.
"""

from __future__ import annotations

import pytest

from regency.agents.ladder import COMPUTER, computer_name, ladder, ladders_json
from regency.core.errors import RegencyError
from regency.core.i18n import using
from regency.core.start import new_game
from regency.puzzles.model import Puzzle


def _bracketed(text: str) -> bool:
    return text.startswith("[") and text.endswith("]")


def test_level_names_and_words_are_translated_but_codes_are_not() -> None:
    english = ladder("claim", 2)
    with using("pseudo"):
        levels = ladder("claim", 2)
        top = levels[-1]
        assert top.name == english[-1].name == "Strongest"  # the API's code
        assert _bracketed(top.title)
        assert _bracketed(top.computer)
        assert _bracketed(computer_name("claim", 2, top.agent))
        assert _bracketed(computer_name("claim", 2, "heuristic:nonsense=1"))
        for level in levels:
            assert _bracketed(level.about), level.about
            assert _bracketed(level.figures), level.figures
        assert all(
            lv["name"] in {"Beginner", "Casual", "Strong", "Expert", "Strongest"}
            for lv in ladders_json("claim")["4"]
        )
    # the cache of names is shared by readers: English again afterwards
    assert computer_name("claim", 2, english[-1].agent) == "Strongest computer"
    assert computer_name("claim", 2, "heuristic:nonsense=1") == COMPUTER


def test_an_error_is_translated() -> None:
    with pytest.raises(RegencyError) as english:
        new_game("claim", players=99)
    assert str(english.value) == "Claim is played by 2-4 players, not 99"
    with using("pseudo"), pytest.raises(RegencyError) as pseudo:
        new_game("claim", players=99)
    assert _bracketed(str(pseudo.value))
    assert "Claim" in str(pseudo.value) and "99" in str(pseudo.value)


def test_a_table_notice_is_made_in_each_readers_language() -> None:
    from regency.server.live.table import _notice_words

    notice = {
        "version": 3,
        "seat": 1,
        "text": "Time ran out: the computer played for {name}.",
        "names": {"name": "Bob", "seat": 1},
    }
    assert _notice_words(notice) == {
        "version": 3,
        "seat": 1,
        "text": "Time ran out: the computer played for Bob.",
    }
    with using("pseudo"):
        text = _notice_words(notice)["text"]
    assert _bracketed(text) and "Bob" in text


def test_a_puzzle_task_is_translated() -> None:
    puzzle = Puzzle.__new__(Puzzle)
    for exact in (True, False):
        object.__setattr__(puzzle, "exact", exact)
        english = puzzle.task
        assert english.startswith("Find the move")
        with using("pseudo"):
            assert _bracketed(puzzle.task)
