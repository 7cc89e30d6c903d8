"""The games in five languages: move words and refusals translated, names as the
glossary has them (docs/i18n.md), nothing escaping translation, and the notation, the
record and the API's codes the same in every language."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import random
from typing import Any

import pytest

import regency
from regency.cli.args import UsageError
from regency.cli.main import main
from regency.core import i18n
from regency.core.i18n import _, ngettext, using
from tests.cli.helpers import run

GAMES = [("claim", 2), ("claim", 4), ("kingdoms", 3), ("claim-kingdoms", 2), ("claim-kingdoms", 4)]


def _play_out(name: str, players: int, seed: int, code: str) -> list[tuple[Any, ...]]:
    """A whole random game in language ``code``: per decision, what is said and shown."""
    rng = random.Random(seed)
    game = regency.new_game(name, players=players, seed=seed)
    seen: list[tuple[Any, ...]] = []
    with using(code):
        while not game.is_over:
            legal = game.legal_actions()
            words = [game.describe(a) for a in legal]
            seat = game.current_player
            seen.append((seat, [str(a) for a in legal], words, game.observation(seat)))
            game.apply(rng.choice(legal))
        seen.append(
            ("end", game.to_json(), json.dumps(dataclasses.asdict(game.result()), default=str))
        )
        seen.append(("refused", game.why_illegal("nonsense")))
    return seen


def _wrapped(text: str) -> bool:
    """A pseudo-language text: every piece in brackets, the notation quoted inside them
    or in a bracketed message's placeholder (the documented exception: notation and
    names are never translated, only the words around them)."""
    return text.startswith("[") and text.endswith("]")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_move_word_of_a_whole_game_is_translated(name: str, players: int) -> None:
    """The pseudo-language over every decision of a whole game: any move described
    without the brackets is a text that escaped translation."""
    seen = _play_out(name, players, 3, i18n.PSEUDO)
    for _seat, _notation, words, _obs in seen[:-2]:
        escaped = [w for w in words if not _wrapped(w)]
        assert not escaped, escaped
    assert seen[-1][1] == "[ţĥé ĝåɱé îš öṽéŕ]"  # a refusal after the end


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_codes_notation_observations_and_record_are_language_free(name: str, players: int) -> None:
    english = _play_out(name, players, 5, "en")
    for code in ("de", i18n.PSEUDO):
        other = _play_out(name, players, 5, code)
        assert len(other) == len(english)
        for ours, theirs in zip(english[:-2], other[:-2], strict=True):
            assert ours[0] == theirs[0] and ours[1] == theirs[1]  # seat, notation
            assert ours[3] == theirs[3]  # the observation the API sends
        # the words do change ("Goblin 0" is the same in German, so not at every move)
        assert any(o[2] != t[2] for o, t in zip(english[:-2], other[:-2], strict=True))
        assert english[-2] == other[-2]  # the record (to_json) and the result


def _refusals(name: str, players: int, seed: int, moves: list[str], tries: list[str]) -> dict:
    said = {}
    for code in i18n.LANGUAGES:
        game = regency.new_game(name, players=players, seed=seed)
        for move in moves:
            game.apply(move)
        with using(code):
            said[code] = [game.why_illegal(t, list_legal=False) for t in tries]
            said[code] += [game.describe(a) for a in game.legal_actions()[:2]]
    return said


def test_claim_in_each_language() -> None:
    game = regency.new_game("claim", players=2, seed=1)
    hand = game.observation(0)["hand"]
    absent = next(f"{c}" for c in ("DR9", "KN9", "GB9", "TR9", "SE9") if c not in hand)
    said = {}
    for code in i18n.LANGUAGES:
        with using(code):
            said[code] = game.why_illegal(absent, list_legal=False)
    card = regency.games.claim.cards.card_name(absent).split()[0]
    assert said["en"] == f"you have no {card} {absent[2:]} in your hand"
    singular = {"Dragon": "Draak", "Knight": "Ridder", "Goblin": "Goblin", "Troll": "Trol"}
    assert said["nl"].startswith("je hebt geen ") and said["nl"].endswith(" in je hand")
    if card in singular:
        assert singular[card] in said["nl"]
    assert said["de"].startswith("du hast keine ") and "auf der Hand" in said["de"]
    assert said["fr"].startswith("vous n'avez pas de ") and said["fr"].endswith(" en main")
    assert said["es"].startswith("no tienes ") and said["es"].endswith(" en la mano")
    with using("de"):
        assert game.why_illegal("XX9", list_legal=False) == (
            "'XX9' ist keine Karte: schreibe ein Fraktionskürzel und einen Wert, etwa KN9"
        )
        first = game.legal_actions()[0]
        assert str(first) == first.__str__()  # notation untouched
    with using("es"):
        assert "Doppelgänger" in _("you must follow {faction} or play a Doppelganger", faction="x")


def test_kingdoms_in_each_language() -> None:
    game = regency.new_game("kingdoms", players=2, seed=2, first=0)
    expected = {
        "en": "place a rank-1 castle on A1",
        "nl": "zet een kasteel van rang 1 op A1",
        "de": "setze eine Burg der Stufe 1 auf A1",
        "fr": "placer un château de rang 1 en A1",
        "es": "colocar un castillo de rango 1 en A1",
    }
    refusal = {
        "en": "the supply is empty",
        "nl": "de voorraad is leeg",
        "de": "der Vorrat ist leer",
        "fr": "la réserve est vide",
        "es": "la reserva está vacía",
    }
    for code in i18n.LANGUAGES:
        with using(code):
            assert game.describe("castle 1 A1") == expected[code]
            assert game.why_illegal("tile A1", list_legal=False) != ""
            # the plural of castles held: "3 of rank 1" by each language's rule
            held = ngettext("{count} of rank {rank}", "{count} of rank {rank}", 3, rank=1)
            assert "3" in held and "1" in held
    with using("de"):
        said = game.why_illegal("tile A1", list_legal=False)
        assert said.startswith("du hast kein Plättchen gezogen"), said
        assert "'draw'" in said  # the notation word stays as it is typed
    assert refusal  # (the supply is only empty at an epoch's end; worded in the catalog)
    for code, text in refusal.items():
        with using(code):
            assert _("the supply is empty: there is no tile left to draw").startswith(text)


def test_claim_kingdoms_in_each_language() -> None:
    game = regency.new_game("claim-kingdoms", players=2, seed=5)
    place = game.legal_actions()[0]
    for code, verb in {"en": "place ", "nl": "leg ", "de": "lege ", "fr": "placer "}.items():
        with using(code):
            assert game.describe(place).startswith(verb), game.describe(place)
    with using("es"):
        assert game.describe(place).startswith("colocar ")
        said = game.why_illegal("take trolls", list_legal=False)
        assert "no es posible ahora" in said and "'take trolls'" in said, said
    with using("fr"):
        said = game.why_illegal("place 9,9", list_legal=False)
        assert "ne touche aucune carte" in said or "porte déjà" in said, said


def test_plural_counts_follow_each_language() -> None:
    single, many = "score the row: {count} point", "score the row: {count} points"
    with using("fr"):
        assert ngettext(single, many, 0) == "marquer la rangée : 0 point"  # French 0: one
        assert ngettext(single, many, 2) == "marquer la rangée : 2 points"
    with using("nl"):
        assert ngettext(single, many, 0) == "scoor de rij: 0 punten"
        assert ngettext(single, many, 1) == "scoor de rij: 1 punt"
    with using("de"):
        assert i18n.number(1234.5) == "1.234,5"
    with using("en"):
        assert i18n.number(1234.5) == "1,234.5"


def test_concurrent_tables_never_mix_languages() -> None:
    """Each task (a socket message, a request) speaks its own language."""

    async def speak(code: str) -> list[str]:
        said = []
        with using(code):
            for _round in range(20):
                said.append(_("the game is over"))
                await asyncio.sleep(0)
        return said

    async def both() -> list[list[str]]:
        return list(await asyncio.gather(*(speak(c) for c in i18n.LANGUAGES)))

    # A fresh thread has no event loop, even when a browser test in this worker
    # left Playwright's loop running in the main thread.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        results = pool.submit(asyncio.run, both()).result()
    assert [set(r) for r in results] == [
        {"the game is over"},
        {"het spel is afgelopen"},
        {"das Spiel ist vorbei"},
        {"la partie est terminée"},
        {"la partida ha terminado"},
    ]
    assert i18n.language() == "en"  # nothing leaked into the caller


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LANGUAGE": "pt_BR:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_the_terminal_follows_the_environment(
    environ: dict[str, str], expected: str, monkeypatch: Any
) -> None:
    monkeypatch.setattr(i18n, "offered", lambda: i18n.LANGUAGES)  # as if all translated
    assert i18n.from_environment(environ) == expected


def test_a_language_not_translated_whole_is_not_offered(monkeypatch: Any) -> None:
    """Half a page in German and half in English is worse than English: until a catalog
    is complete, neither the environment nor a browser gets it (``--lang`` still does)."""
    monkeypatch.setattr(i18n, "offered", lambda: ("en", "fr"))
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.from_environment({"LANGUAGE": "de:fr"}) == "fr"
    assert i18n.best_match("de-CH,de;q=0.9,fr;q=0.5") == "fr"
    assert i18n.best_match("de", among=("en", "de")) == "de"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-CH,de;q=0.9,en;q=0.8", "de"),
        ("ja,fr;q=0.5,es;q=0.7", "es"),
        ("*", "en"),
        (None, "en"),
        ("nl;q=0,en", "en"),
        ("pseudo", "en"),  # the test language is never negotiated
        ("fr-CA", "fr"),
    ],
)
def test_accept_language_picks_a_shipped_language(
    header: str | None, expected: str, monkeypatch: Any
) -> None:
    monkeypatch.setattr(i18n, "offered", lambda: i18n.LANGUAGES)
    assert i18n.best_match(header) == expected


def test_play_speaks_the_language_asked_for(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setenv("LANG", "C.UTF-8")
    argv = ["play", "kingdoms", "--seed", "2", "-o", "first=0", "--lang", "de"]
    code, out, _err = run(argv, "tile A1\nquit\n", capsys, monkeypatch)
    assert code == 0
    assert "Du hast kein Plättchen gezogen" in out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setattr(i18n, "offered", lambda: i18n.LANGUAGES)
    code, out, _err = run(argv[:-2], "tile A1\nquit\n", capsys, monkeypatch)
    assert "No has robado loseta" in out
    assert i18n.language() == "en"  # the command's language ends with it


def test_an_unknown_language_is_a_clear_error(capsys: Any) -> None:
    assert main(["games", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "no catalog for the language 'xx'" in err and "en, nl, de, fr, es" in err


# Bad entries a player types at each game: each refusal must come back in the reader's
# language (bracketed in the pseudo-language), the notation quoted inside it.
BAD = {
    "claim": ["XX9", "KN1", "GB9 GB8", "take", "castle 3 C4", "zz"],
    "kingdoms": ["castle 9 A1", "castle 3", "tile A1", "draw x", "pass", "start", "foo"],
    "claim-kingdoms": ["place 9,9", "mark 0,0", "score row", "copy elves", "swap 1", "zz"],
}


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_refusal_along_a_whole_game_is_translated(name: str, players: int) -> None:
    rng = random.Random(11)
    game = regency.new_game(name, players=players, seed=11)
    with using(i18n.PSEUDO):
        while not game.is_over:
            legal = game.legal_actions()
            shown = {str(a) for a in legal}
            for entry in BAD[name]:
                if entry in shown:
                    continue
                for list_legal in (False, True):
                    said = game.why_illegal(entry, list_legal=list_legal)
                    assert said.startswith("[") and said.endswith("]"), (entry, said)
            game.apply(rng.choice(legal))


def test_the_server_keeps_english_whatever_the_hosts_language(monkeypatch: Any) -> None:
    """`regency serve` under a German LANG: its players' language is theirs, per request
    (docs/i18n.md), never the host's; the command takes no --lang."""
    from regency.cli import main as main_module

    heard = []

    def fake_serve(_args: Any, _console: Any) -> int:
        heard.append(i18n.language())
        return 0

    serve = main_module.COMMAND_BY_NAME["serve"]
    monkeypatch.setitem(
        main_module.COMMAND_BY_NAME, "serve", dataclasses.replace(serve, run=fake_serve)
    )
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["serve"]) == 0
    assert heard == ["en"]
    with pytest.raises(UsageError, match="unrecognized arguments: --lang de"):
        main_module.build_parser().parse_args(["serve", "--lang", "de"])
