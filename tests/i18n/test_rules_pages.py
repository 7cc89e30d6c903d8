"""The rules for players in every shipped language (issue 49): ``web/rules/<code>/<game>.md``.

A translation is the English document with only its words changed: the same sections,
tables and figures, each figure's position and moves as the English draws them and only
its caption translated, every link going where the English one goes. The page in that
language is built from it (figures drawn) and reads differently from the English.
"""

from __future__ import annotations

import json
import re

import pytest

import regency
from regency.core import i18n
from regency.server.pages.rulebook import _player_rules_html, player_document

GAMES = [info.name for info in regency.available_games()]
CODES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]

_FIGURE = re.compile(r"```figure\n(.*?)```", re.S)
_LINK = re.compile(r"\]\(([^)]*)\)")


def _shape(text: str) -> dict[str, object]:
    """What a translation must keep of a document: everything but its words."""
    lines = text.splitlines()
    figures = []
    for block in _FIGURE.findall(text):
        figure = json.loads(block)
        figure.pop("caption", None)
        figures.append(figure)
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines if line.startswith("#")],
        "table rows": sum(line.startswith("|") for line in lines),
        "figures": figures,
        "links": sorted(_LINK.findall(text)),
    }


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("game", GAMES)
def test_each_language_has_the_rules_with_the_english_shape(game: str, code: str) -> None:
    english = player_document(game).read_text(encoding="utf-8")
    document = player_document(game, code)
    assert document.name == f"{game}.md" and document.parent.name == code  # type: ignore[attr-defined]
    translated = document.read_text(encoding="utf-8")
    assert _shape(translated) == _shape(english)
    captions = [json.loads(b).get("caption") for b in _FIGURE.findall(translated)]
    english_captions = [json.loads(b).get("caption") for b in _FIGURE.findall(english)]
    assert all(c != e for c, e in zip(captions, english_captions, strict=True) if e)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("game", GAMES)
def test_the_page_in_each_language_is_built_with_its_figures(game: str, code: str) -> None:
    english = _player_rules_html(game, i18n.DEFAULT)
    html = _player_rules_html(game, code)
    assert english is not None and html is not None
    assert html != english
    assert html.count("<figure") == english.count("<figure") > 0
    assert html.count("<h2") == english.count("<h2")
    # The first heading is the language's own, not the English one.
    first = re.search(r"<h1[^>]*>(.*?)</h1>", html)
    first_english = re.search(r"<h1[^>]*>(.*?)</h1>", english)
    assert first and first_english and first.group(1) != first_english.group(1)


def test_english_is_the_fallback_for_a_language_without_a_translation() -> None:
    assert player_document("claim", "xx").name == "claim.md"
    assert player_document("claim", "xx").parent.name == "rules"  # type: ignore[attr-defined]
