"""The language a player reads: gettext catalogs, chosen per request or per call.

Every text a player reads is written in English in the code, wrapped in :func:`_` (or
:func:`ngettext` when it counts something), with its variable parts as named
placeholders so that a translator can put them where their language wants them::

    _("you have no {card} in your hand", card=name)
    ngettext("{count} castle of rank {rank}", "{count} castles of rank {rank}", n, rank=r)

The language is a :class:`contextvars.ContextVar`, not a process-wide setting: the
server's tables run concurrently in one event loop, each request or socket message sets
its own with :func:`using`, and no table ever reads another's language. The terminal
sets it once from ``--lang`` or the environment (:func:`from_environment`).

The catalogs are the ``regency`` domain's compiled ``.mo`` files in
``regency/locale/<language>/LC_MESSAGES/`` (shipped in the wheel); their sources, the
``.po`` files beside them, are kept with ``regency i18n`` (docs/i18n.md). Plural forms
come from each catalog's header, which Babel writes from CLDR's rules at compile time;
numbers are written by Babel's rules for the language (:func:`number`).

``pseudo`` is a made-up language generated from the English template: each text is
wrapped and accented (``[Ŷöû ĥåṽé ñö …]``), so a text shown without the brackets is one
that escaped translation (the tests look for them).

The API's codes, the notation and the record format never pass through here: they
stay the same in every language.
"""

from __future__ import annotations

import gettext as _gettext
import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "OFFERED_FILE",
    "PSEUDO",
    "UnknownLanguageError",
    "_",
    "best_match",
    "catalog",
    "choices",
    "from_environment",
    "language",
    "ngettext",
    "number",
    "offered",
    "pseudo_text",
    "set_language",
    "using",
]

DOMAIN = "regency"
"""The gettext domain: the catalogs' file name (``regency.mo``)."""

DEFAULT = "en"
"""The language the code's texts are written in."""

LANGUAGES: tuple[str, ...] = ("en", "nl", "de", "fr", "es")
"""The languages shipped, by their ISO 639-1 codes, English first."""

PSEUDO = "pseudo"
"""The made-up language of the tests: every text wrapped and accented."""

_current: ContextVar[str] = ContextVar("regency_language", default=DEFAULT)
_choices: ContextVar[tuple[str, ...] | None] = ContextVar("regency_choices", default=None)


class UnknownLanguageError(ValueError):
    """A language regency has no catalog for."""


def _check(code: str) -> str:
    """``code`` normalised to a shipped language (``de_DE`` -> ``de``), or an error."""
    short = code.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    if code.strip() == PSEUDO:
        return PSEUDO
    if short in LANGUAGES:
        return short
    known = ", ".join((*LANGUAGES, PSEUDO))
    raise UnknownLanguageError(f"no catalog for the language {code!r}: use one of {known}")


@cache
def catalog(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of a language (English is the texts as written)."""
    code = _check(code)
    if code == DEFAULT:
        return _gettext.NullTranslations()
    path = resources.files("regency").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    with path.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def language() -> str:
    """The language of the current request or call."""
    return _current.get()


def set_language(code: str) -> str:
    """Make ``code`` the language of this context (the terminal's whole run); return it."""
    code = _check(code)
    catalog(code)  # fail now on a missing catalog, not at the first text
    _current.set(code)
    return code


@contextmanager
def using(code: str, choices: tuple[str, ...] | None = None) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block only (one request, one message).

    ``choices``: the languages the reader may switch to there (:func:`choices`; a server
    sets them per request).
    """
    code = _check(code)
    catalog(code)
    token = _current.set(code)
    offer = _choices.set(choices) if choices is not None else None
    try:
        yield code
    finally:
        if offer is not None:
            _choices.reset(offer)
        _current.reset(token)


def choices() -> tuple[str, ...]:
    """The languages the current reader may switch to.

    :func:`offered`, unless a :func:`using` block says otherwise (a test server offers
    every shipped one).
    """
    found = _choices.get()
    return offered() if found is None else found


def _(message: str, /, **names: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled by name."""
    text = catalog(_current.get()).gettext(message)
    return text.format(**names) if names else text


def ngettext(single: str, many: str, n: int, /, **names: object) -> str:
    """The form of ``single``/``many`` for the count ``n`` by the language's plural rule.

    ``{count}`` is filled with ``n`` written as the language writes numbers, besides the
    other ``names``.
    """
    text = catalog(_current.get()).ngettext(single, many, n)
    return text.format(count=number(n), **names)


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogs without translating it (names in tables)."""
    return message


def number(value: float) -> str:
    """``value`` as the current language writes numbers: ``1,234.5``, German ``1.234,5``."""
    from babel.numbers import format_decimal

    code = _current.get()
    return format_decimal(value, locale=DEFAULT if code == PSEUDO else code)


OFFERED_FILE = "offered.json"
"""Beside the catalogs: the languages whose catalogs are complete (``regency i18n compile``)."""


@cache
def offered() -> tuple[str, ...]:
    """The languages readers are offered: English and each language translated whole.

    A language with messages still untranslated is shipped (``--lang`` and the tests
    reach it) but not offered: a browser asking for it, the environment and the pages'
    switcher get English rather than a page half in one language, half in another.
    ``regency i18n compile`` writes the list (``locale/offered.json``).
    """
    path = resources.files("regency").joinpath("locale", OFFERED_FILE)
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        found = []
    return tuple(code for code in LANGUAGES if code == DEFAULT or code in found)


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it, else English.

    ``LANGUAGE`` (a colon-separated list of preferences), then ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``; ``C`` and ``POSIX`` mean English; the first language
    :func:`offered` wins (``--lang`` reaches any shipped one).
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        for wanted in value.split(":"):
            if not wanted or wanted in ("C", "POSIX") or wanted.startswith("C."):
                continue
            try:
                found = _check(wanted)
            except UnknownLanguageError:
                continue
            if found in offered():
                return found
        if value and variable != "LANGUAGE":
            break  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
    return DEFAULT


def best_match(accept_language: str | None, among: tuple[str, ...] | None = None) -> str:
    """The offered language a browser's ``Accept-Language`` header prefers, else English.

    ``among``: the languages to choose from (default :func:`offered`).

    ``"de-CH,de;q=0.9,en;q=0.8"`` gives ``de``; weights are honoured, ``*`` and languages
    without a catalog are passed over.
    """
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag and tag != "*" and weight > 0:
            choices.append((-weight, index, tag))
    for _weight, _index, tag in sorted(choices):
        try:
            found = _check(tag)
        except UnknownLanguageError:
            continue
        if found != PSEUDO and found in (offered() if among is None else among):
            return found
    return DEFAULT


_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)

_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&#?\w+;|\[/?[a-z][a-z ]*\])")
"""Kept as they are in the pseudo-language: placeholders, markup, entities and the
terminal's Rich tags (``[bold]``, ``[/dim]``), which Rich must still read as tags."""


def pseudo_text(message: str) -> str:
    """``message`` in the pseudo-language: wrapped and accented, placeholders kept.

    ``"you have no {card} in your hand"`` -> ``"[ýöû ĥåṽé ñö {card} îñ ýöûŕ ĥåñđ]"``.
    Markup (a page's ``data-i18n`` message: ``<a href="/">``), entities (``&amp;``) and
    Rich tags (``[bold]``) are left as they are too. The catalogs' pseudo-language is made
    with it, and so are the documents' (the rules pages, the lessons), which are files,
    not messages.
    """
    out: list[str] = []
    for piece in _KEEP.split(message):
        out.append(piece if _KEEP.fullmatch(piece) else piece.translate(_ACCENTED))
    return f"[{''.join(out)}]"
