"""The catalogs: complete in every language offered, the same placeholders as the English,
plural forms present, compiled from their sources, shipped in the package (docs/i18n.md).

A language is offered to readers only once it is translated whole (``locale/offered.json``,
:func:`regency.core.i18n.offered`); until then what is translated is checked as strictly.

Everything is read from the compiled ``.mo`` files that :mod:`regency.core.i18n` loads,
against the template extracted from the code as it is now.
"""

from __future__ import annotations

import gettext
import re
import string
from importlib import resources

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import regency
from regency.cli.i18n import locale_dir, pseudo_text
from regency.core import i18n

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]


def _code_messages() -> set[str | tuple[str, ...]]:
    """Every message id in the code as it is now (what ``regency i18n extract`` reads:
    the Python, the pages' scripts and the pages' HTML)."""
    from regency.cli.i18n import _messages

    return {message for message, _file, _line in _messages()}


def _template() -> Catalog:
    with (locale_dir() / "regency.pot").open("rb") as handle:
        return read_po(handle)


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _mo(code: str) -> gettext.GNUTranslations:
    path = resources.files("regency").joinpath("locale", code, "LC_MESSAGES", "regency.mo")
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_the_template_holds_every_message_of_the_code() -> None:
    template = {m.id for m in _template() if m.id}
    assert _code_messages() == template, "run `regency i18n all` after changing a text"


def _source(code: str) -> Catalog:
    with (locale_dir() / code / "LC_MESSAGES" / "regency.po").open("rb") as handle:
        return read_po(handle, locale=code)


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_language_is_offered_once_every_message_is_translated(code: str) -> None:
    from regency.cli.i18n import untranslated

    missing = untranslated(_source(code))
    assert (code in i18n.offered()) == (not missing), (code, len(missing), missing[:5])


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    catalog = _mo(code)
    whole = code in i18n.offered()
    for message in _template():
        if not message.id:
            continue
        if isinstance(message.id, str):
            translated = catalog.gettext(message.id)
            if translated == message.id and not whole:
                continue  # not translated yet: the language is not offered
            assert translated != message.id or _kept(code, message.id), (code, message.id)
            assert _fields(translated) == _fields(message.id), (code, message.id, translated)
            continue
        single, many = message.id
        # a count in each plural category of the language (one, other; French and
        # Spanish: many, for millions)
        if not whole and catalog.ngettext(single, many, 2) in (single, many):
            continue
        every = _fields(single) | _fields(many)
        for n in (0, 1, 2, 5, 1_000_000):
            form = catalog.ngettext(single, many, n)
            assert form not in (single, many) or _kept(code, single), (code, message.id)
            if n > 1:
                assert _fields(form) == every, (code, message.id, form)
            else:  # the singular may say "the move" where the plural says "{count} moves"
                assert every - {"count"} <= _fields(form) <= every, (code, message.id, form)


# Messages whose translation is rightly the English text: a word the language shares
# (German "Name", French "Total", Dutch "start"), a name the edition keeps (Goblins),
# units and the brand; everything else left in English is a message nobody translated.
# A message of placeholders and punctuation alone ("{seat}: {move}") may stay as it is.
_SAME = {
    "nl": {
        "(team {team})", "Arena", "Beginner", "Chat", "Claim 2", "Computer",
        "Computer: {level}", "Expert", "Goblin", "Goblins", "Offline - {title}", "Rating",
        "Ratings", "arena", "blunder", "blunders", "club", "hand", "live", "offline",
        "rating {change}", "ratings {low}-{high}", "round robin", "start",
        "{heading} · regency", "{minutes} min", "{name} · regency", "{seconds} s",
        "{spec}, seed {seed}", "→ {seat} won",
    },
    "de": {
        "Arena", "Chat", "Claim 2", "Computer", "Computer: {level}", "Format", "Goblin",
        "Goblins", "Gold", "Name", "Offline - {title}", "Troll", "live", "offline", "orange",
        "{heading} · regency", "{hours} h", "{minutes} min", "{name} · regency",
        "{seconds} s",
    },
    "fr": {
        "+{count} point", "{count} point", "2 minutes", "Claim 2", "Dragon", "Dragons",
        "Expert", "Faction", "Factions", "Format", "Gnome", "Gnomes", "Mine", "Minutes",
        "Points", "Total", "Troll", "Trolls",
        "club", "faction", "orange", "points", "pts", "table {table}", "total",
        "{heading} · regency", "{hours} h", "{minutes} min", "{name} · regency",
        "{seconds} s",
    },
    "es": {
        "Arena", "Chat", "Claim 2", "Goblin", "Goblins", "Total", "arena", "club",
        "col {column}", "total", "{heading} · regency", "{hours} h", "{minutes} min",
        "{name} · regency", "{seconds} s",
    },
}  # fmt: skip


def _kept(code: str, message: str) -> bool:
    """Whether ``message`` may rightly read the same in ``code``."""
    return message in _SAME[code] or not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", message))


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_follow_cldr(code: str) -> None:
    """The .mo's plural rule is Babel's (CLDR's) for the language, and every plural
    message has a non-empty text for each of its forms."""
    from babel.messages.plurals import get_plural

    catalog = _mo(code)
    rule = get_plural(code)
    assert catalog.info()["plural-forms"] == rule.plural_forms
    with (locale_dir() / code / "LC_MESSAGES" / "regency.po").open("rb") as handle:
        source = read_po(handle, locale=code)
    plurals = [m for m in source if m.id and not isinstance(m.id, str) and not m.fuzzy]
    assert plurals, "the catalogs have plural messages to check"
    for message in plurals:
        assert len(message.string) == rule.num_plurals, message.id
        # every form, or none yet (a language not offered)
        assert all(message.string) or not any(message.string), message.id
    # the rule picks the forms as CLDR says: French 0 is singular, Dutch 0 plural
    expected = {"nl": (1, 0, 1), "de": (1, 0, 1), "fr": (0, 0, 2), "es": (2, 0, 2)}[code]
    assert tuple(catalog.plural(n) for n in (0, 1, 2)) == expected  # type: ignore[attr-defined]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_its_source_compiled(code: str) -> None:
    """A .po edited without `regency i18n compile` fails here, not in front of a player."""
    with (locale_dir() / code / "LC_MESSAGES" / "regency.po").open("rb") as handle:
        source = read_po(handle, locale=code)
    compiled = _mo(code)
    for message in source:
        if not message.id or message.fuzzy or not message.string or not any(message.string):
            continue
        if isinstance(message.id, str):
            assert compiled.gettext(message.id) == message.string, message.id
        else:
            assert compiled.ngettext(*message.id, 1) == message.string[0], message.id
            assert compiled.ngettext(*message.id, 5) == message.string[-1], message.id
        assert not message.fuzzy


def test_the_pseudo_language_wraps_every_message_and_keeps_placeholders() -> None:
    pseudo = _mo(i18n.PSEUDO)
    for message in _template():
        if not message.id:
            continue
        forms = [message.id] if isinstance(message.id, str) else list(message.id)
        for n, form in enumerate(forms, start=1):
            shown = pseudo.gettext(form) if len(forms) == 1 else pseudo.ngettext(*forms, n)
            assert shown == pseudo_text(form)
            assert shown.startswith("[") and shown.endswith("]")
            assert _fields(shown) == _fields(form)
    assert pseudo_text("you have no {card}") == "[ýöû ĥåṽé ñö {card}]"


def test_the_wheel_carries_the_compiled_catalogs() -> None:
    """pyproject's package-data names the .mo files (a wheel's contents: docs/i18n.md)."""
    import tomllib
    from pathlib import Path

    root = Path(regency.__file__).parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data["package-data"]["regency"]
    assert "locale/*/LC_MESSAGES/*.mo" in patterns
    for code in (*TRANSLATED, i18n.PSEUDO):
        assert (locale_dir() / code / "LC_MESSAGES" / "regency.mo").is_file()


def test_babel_is_a_dependency_with_a_lower_bound() -> None:
    import tomllib
    from pathlib import Path

    root = Path(regency.__file__).parents[2]
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(re.fullmatch(r"babel>=\d+(\.\d+)*", dep) for dep in deps), deps
