"""``regency i18n``: keep the message catalogs (docs/i18n.md).

* ``extract``: read every ``_``, ``ngettext`` and ``N_`` call of the package into the
  template ``locale/regency.pot``;
* ``update``: bring each language's ``locale/<lang>/LC_MESSAGES/regency.po`` up to the
  template (new texts appear untranslated, changed ones are marked fuzzy);
* ``compile``: write each ``.po`` as the ``.mo`` that :mod:`regency.core.i18n` reads,
  generate the pseudo-language from the template, and write the pages' catalogs
  ``web/i18n/<lang>.json`` (the messages the scripts use, translated).

The messages come from the Python (``_``, ``ngettext``, ``N_``), from the pages' scripts
(``web/**/*.js``: ``t`` and ``nt``, Babel's ``javascript`` extractor) and from the pages'
HTML (``web/*.html``: :mod:`regency.server.pages.translate`'s rules); a text said on both
sides is one message.

``regency i18n all`` does the three in order. The catalogs live in the package's source
tree (``src/regency/locale``), so these commands are for a clone with an editable
install; the wheel carries the compiled ``.mo`` files.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from rich.console import Console

import regency
from regency.core.i18n import DEFAULT, DOMAIN, LANGUAGES, OFFERED_FILE, PSEUDO, pseudo_text

__all__ = [
    "add_i18n_arguments",
    "compile_catalogs",
    "extract",
    "js_messages",
    "locale_dir",
    "page_catalog",
    "pseudo_text",
    "run_i18n",
    "untranslated",
    "update",
    "write_page_catalogs",
]

KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "said": None,  # regency.core.said: words kept as messages (puzzle explanations)
    "sentence": None,
    "said_n": (1, 2),
}
"""The functions whose first arguments (both texts of ``ngettext``) are messages."""

JS_KEYWORDS = {"t": None, "nt": (1, 2), "tNodes": None, "ntNodes": (1, 2)}
"""The pages' functions whose first arguments are messages (both texts of the ``n`` ones)."""

JS_OPTIONS = {"web/**.js": {"parse_template_string": "true"}}
"""A ``t(...)`` inside a template literal (`` ` ${t("(winner)")}` ``) is a message too."""

_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The catalogs' header date, fixed so that a run that changes no text changes no file."""


def locale_dir() -> Path:
    """The package's ``locale`` folder (in the source tree of an editable install)."""
    return Path(regency.__file__).parent / "locale"


def _messages() -> Iterator[tuple[str | tuple[str, ...], str, int]]:
    from regency.server.pages.translate import extract_html

    package = Path(regency.__file__).parent
    runs: list[tuple[list[tuple[str, Any]], dict[str, Any]]] = [
        ([("**.py", "python")], KEYWORDS),
        ([("web/**.js", "javascript")], JS_KEYWORDS),
        ([("web/*.html", extract_html)], {}),
    ]
    for method_map, keywords in runs:
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(package),
            method_map,
            options_map=JS_OPTIONS,
            keywords=keywords,
            strip_comment_tags=True,
        ):
            yield message, f"src/regency/{filename}", lineno


def js_messages() -> set[str]:
    """The msgids the pages' scripts use (singular of a plural): their catalogs hold these."""
    package = Path(regency.__file__).parent
    found: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(package), [("web/**.js", "javascript")], options_map=JS_OPTIONS, keywords=JS_KEYWORDS
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def extract() -> Catalog:
    """Read the package's messages into the template, write it, and return it."""
    template = Catalog(
        project="regency",
        version=regency.__version__,
        domain=DOMAIN,
        creation_date=_FIXED_DATE,
        revision_date=_FIXED_DATE,
        fuzzy=False,
    )
    for message, filename, lineno in _messages():
        flags = ("python-brace-format",) if "{" in str(message) else ()
        template.add(message, None, [(filename, lineno)], flags=flags)
    path = locale_dir() / f"{DOMAIN}.pot"
    with path.open("wb") as handle:
        write_po(handle, template, width=100, include_lineno=False, sort_output=True)
    return template


def _po_path(code: str) -> Path:
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read_template() -> Catalog:
    with (locale_dir() / f"{DOMAIN}.pot").open("rb") as handle:
        return read_po(handle)


def update() -> list[str]:
    """Bring every language's ``.po`` up to the template; return the languages written."""
    template = _read_template()
    written = []
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        path = _po_path(code)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, domain=DOMAIN, project="regency", fuzzy=False)
        catalog.creation_date = catalog.revision_date = _FIXED_DATE
        catalog.update(template, update_header_comment=False)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, include_lineno=False, sort_output=True)
        written.append(code)
    return written


def _pseudo_catalog(template: Catalog) -> Catalog:
    """The pseudo-language: every message of the template wrapped and accented."""
    pseudo = Catalog(locale="en", domain=DOMAIN, project="regency", fuzzy=False)
    pseudo.creation_date = pseudo.revision_date = _FIXED_DATE
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            string: str | tuple[str, ...] = pseudo_text(message.id)
        else:
            string = tuple(pseudo_text(form) for form in message.id)
        pseudo.add(message.id, string, flags=message.flags)
    return pseudo


def compile_catalogs() -> list[str]:
    """Write every language's ``.mo`` and the pseudo-language's; return what was written.

    Fuzzy translations are left out (gettext then shows the English), as msgfmt does.
    """
    written = []
    complete = []
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        with _po_path(code).open("rb") as handle:
            catalog = read_po(handle, locale=code)
        with _po_path(code).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(code)
        if not untranslated(catalog):
            complete.append(code)
    # Only a language translated whole is offered to readers (core.i18n.offered).
    (locale_dir() / OFFERED_FILE).write_text(json.dumps(complete) + "\n", encoding="utf-8")
    pseudo = _pseudo_catalog(_read_template())
    path = _po_path(PSEUDO).with_suffix(".mo")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_mo(handle, pseudo)
    written.append(PSEUDO)
    write_page_catalogs(pseudo)
    return written


def untranslated(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` with no translation yet (or only a fuzzy one)."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(forms):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def web_i18n_dir() -> Path:
    """The folder of the pages' catalogs (``web/i18n``)."""
    return Path(regency.__file__).parent / "web" / "i18n"


def page_catalog(catalog: Catalog, wanted: set[str]) -> dict[str, str | list[str]]:
    """A language's messages the pages use: ``{msgid: text}``, a plural's ``[forms]``.

    Untranslated and fuzzy messages are left out (the page shows the English).
    """
    out: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key not in wanted:
            continue
        if isinstance(message.string, str):
            if message.string:
                out[key] = message.string
        else:
            forms = list(message.string or ())
            if forms and all(forms):
                out[key] = forms
    return dict(sorted(out.items()))


def write_page_catalogs(pseudo: Catalog | None = None) -> list[str]:
    """Write ``web/i18n/<lang>.json`` for every language but English; return them."""
    wanted = js_messages()
    folder = web_i18n_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code in [*LANGUAGES, PSEUDO]:
        if code == DEFAULT:
            continue
        if code == PSEUDO:
            catalog = pseudo if pseudo is not None else _pseudo_catalog(_read_template())
        else:
            with _po_path(code).open("rb") as handle:
                catalog = read_po(handle, locale=code)
        data = page_catalog(catalog, wanted)
        text = json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True)
        (folder / f"{code}.json").write_text(text + "\n", encoding="utf-8")
        written.append(code)
    return written


def add_i18n_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency i18n``'s arguments to its parser."""
    parser.add_argument(
        "step",
        choices=["extract", "update", "compile", "all"],
        help="extract the texts, update the languages' .po files, compile the .mo files, "
        "or all three",
    )


def run_i18n(args: argparse.Namespace, console: Console) -> int:
    """Run one step (or all) of keeping the catalogs; return the exit status."""
    if args.step in ("extract", "all"):
        template = extract()
        console.print(f"extracted {len(template)} messages into {locale_dir() / 'regency.pot'}")
    if args.step in ("update", "all"):
        console.print(f"updated: {', '.join(update())}")
    if args.step in ("compile", "all"):
        console.print(f"compiled: {', '.join(compile_catalogs())}")
    return 0
