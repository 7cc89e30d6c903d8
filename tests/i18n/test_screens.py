"""The terminal's screens in the pseudo-language: nothing a player reads escapes.

Each game is played out at random under the pseudo-language (every message wrapped in
``[...]`` and accented) and its screens are drawn at 80 columns at many points: the
board for the seat to move, the epoch's scoring between epochs, the summary of many
moves, the labels beside numbered moves, the rules and, at the end, the result for
every seat.

The rule a screen must keep: once every bracketed message is taken out (nesting and
wrapping across lines allowed: a message may hold placeholders that are messages
themselves, and a long one wraps), what is left holds no word. Left may be only what is
the same in every language: numbers, punctuation and drawing characters, the game's
codes (cards ``KN9``, tiles ``MTN``, squares ``A1``, castles ``S1♜3``, face-down
``|dwf|``, markers ``R B Y G``), and the notation a player types (the words of the legal
moves seen in the game, such as ``castle``, ``place``, ``take``), and the games' own
names (``Claim`` alone as the title before the first trick).
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console, RenderableType

import regency
from regency.core import i18n
from regency.core.i18n import using
from regency.render import renderer_for

GAMES = [("claim", 2), ("claim", 4), ("kingdoms", 3), ("claim-kingdoms", 2), ("claim-kingdoms", 4)]

_WORD = re.compile(r"[A-Za-z]{2,}")
_NAMES = {"claim", "kingdoms"}  # the games' names, the same in every language
_CODE = re.compile(r"^(?:[A-Z]{2,3}|[a-z]{3})$")  # KN, MTN, DWF; |dwf| face down


def _text(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None, legacy_windows=False)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def _outside_brackets(text: str) -> str:
    """What a screen shows outside every bracketed message (nesting counted)."""
    depth = 0
    kept = []
    for char in text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(depth - 1, 0)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def _escaped(text: str, notation: set[str]) -> list[str]:
    """The words a screen shows outside the messages: none but codes and notation."""
    return [
        w
        for w in _WORD.findall(_outside_brackets(text))
        if not _CODE.match(w) and w.lower() not in notation | _NAMES
    ]


def _screens(name: str, players: int, seed: int, every: int) -> list[tuple[str, str]]:
    """(what, text) of the screens of a whole random game in the pseudo-language."""
    rng = random.Random(seed)
    game = regency.new_game(name, players=players, seed=seed)
    screen = renderer_for(name)
    shown: list[tuple[str, str]] = []
    with using(i18n.PSEUDO):
        step = 0
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.current_player
            obs = game.observation(seat)
            notations = [str(a) for a in legal]
            if step % every == 0 or len(legal) > 8:
                shown.append(("board", _text(screen.board(obs))))
                interlude = getattr(screen, "interlude", None)
                if interlude is not None and (scoring := interlude(obs)) is not None:
                    shown.append(("interlude", _text(scoring)))
                summary = getattr(screen, "moves", None)
                if summary is not None and (moves := summary(notations, obs)) is not None:
                    shown.append(("moves", _text(moves)))
                for notation in notations:
                    label = screen.action_label(notation, obs)
                    if label:
                        shown.append(("label", label))
            if step == 0:
                shown.append(("rules", _text(screen.rules(obs))))
            game.apply(rng.choice(legal))
            step += 1
        result = game.result().to_dict()
        for viewer in range(players):
            last = game.observation(viewer)
            shown.append(("board", _text(screen.board(last))))
            shown.append(("result", _text(screen.result(result, last))))
    return shown


def _notation_words(name: str, players: int, seed: int) -> set[str]:
    """Every word of every move's notation seen in the game (the same in every language)."""
    rng = random.Random(seed)
    game = regency.new_game(name, players=players, seed=seed)
    words: set[str] = set()
    while not game.is_over:
        legal = game.legal_actions()
        for action in legal:
            words.update(w.lower() for w in _WORD.findall(str(action)))
        game.apply(rng.choice(legal))
    return words


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_screen_of_a_whole_game_is_translated(name: str, players: int) -> None:
    seed = 7
    notation = _notation_words(name, players, seed)
    screens = _screens(name, players, seed, every=4)
    kinds = {kind for kind, _text in screens}
    assert {"board", "rules", "result"} <= kinds
    for kind, text in screens:
        escaped = _escaped(text, notation)
        assert not escaped, (kind, escaped, text)


def test_the_rule_catches_an_english_word() -> None:
    """The check itself: English outside the brackets is caught, notation is not."""
    assert _escaped("[Ŷöû] KN9 place 1,0 |dwf| S1♜3", {"place"}) == []
    assert _escaped("[[Ŝéåţ 1] ŵîñš]; Seat 2 draws", set()) == ["Seat", "draws"]
    assert _escaped("[ĥåñđ\n wrapped] ]", set()) == []


@pytest.mark.parametrize("name", ["claim", "kingdoms", "claim-kingdoms"])
def test_a_play_session_around_the_board_is_translated(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``regency play``'s own lines in the pseudo-language: the introduction, help, a hint,
    refusals (a number off the list, a long entry, a bad move, nothing to take back), the
    rules and the goodbye, at 80 columns; only codes, notation and names stay bare."""
    from tests.cli.helpers import run

    monkeypatch.setenv("COLUMNS", "80")
    entries = "?\nundo\n999\n" + "x" * 300 + "\nnot a move\nhint\nrules\nquit\n"
    argv = ["play", name, "--seed", "3", "--level", "Beginner", "--lang", i18n.PSEUDO]
    code, out, _err = run(argv, entries, capsys, monkeypatch)
    assert code == 0
    notation = _notation_words(name, 2, 3) | {"undo", "rules", "hint", "quit", "seed", "load"}
    notation |= {"regency", "play", "replay", "save", "beginner", "random", "xx", "not", "a"}
    leftover = _escaped(out, notation)
    assert not leftover, (leftover, out)
    assert "[" in out and "Ĥîñţ" not in out  # bracketed, not left untranslated as English
