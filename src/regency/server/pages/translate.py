"""The pages' static HTML in the reader's language: translated by the shell as it serves.

The rules (docs/i18n.md), the same for :func:`translate_html` (the shell) and
:func:`extract_html` (``regency i18n extract``'s Babel extractor for ``web/*.html``):

* every text node with a letter in it is a message, its whitespace normalised (runs of
  spaces and line breaks are one space, none at the ends); the spaces around it stay;
* the attributes a person reads are messages too: ``aria-label``, ``title``,
  ``placeholder``, ``alt``;
* an element marked ``data-i18n`` is one message: its whole inner HTML (whitespace
  normalised), so a translator can reorder a sentence around its inline ``<code>``,
  ``<a>`` or ``<b>`` (and must keep their tags and attributes);
* an element marked ``data-i18n-skip`` is never translated, nor anything in it
  (notation, names, the brand "regency");
* ``<script>`` and ``<style>`` are not text; a shell's mark (``__TITLE__``) is not either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape
from html.parser import HTMLParser
from typing import IO, Any

__all__ = ["ATTRIBUTES", "extract_html", "messages", "translate_html"]

ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
"""The attributes whose values a person reads (or hears)."""

_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
_RAW = frozenset({"script", "style"})
_LETTER = re.compile(r"[^\W\d_]")
_MARK = re.compile(r"^__[A-Z]+__$")


def _wanted(text: str) -> bool:
    return bool(_LETTER.search(text)) and not _MARK.match(text)


def _normal(text: str) -> str:
    return " ".join(text.split())


class _Walker(HTMLParser):
    """Re-writes a page, each message passed through ``translate(message, line)``."""

    def __init__(self, translate: Callable[[str, int], str]) -> None:
        super().__init__(convert_charrefs=True)
        self.translate = translate
        self.out: list[str] = []
        self.stack: list[tuple[str, bool, bool, int]] = []  # tag, skip, whole, out index
        self.raw = 0

    @property
    def skipping(self) -> bool:
        return any(skip or whole for _tag, skip, whole, _at in self.stack)

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: str) -> str:
        parts = [f"<{tag}"]
        for name, value in attrs:
            if value is None:
                parts.append(f" {name}")
                continue
            if name in ATTRIBUTES and not self.skipping and _wanted(value):
                value = self.translate(_normal(value), self.getpos()[0])
            parts.append(f' {name}="{escape(value)}"')
        return "".join(parts) + close

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        self.out.append(self._tag(tag, attrs, ">"))
        if tag in _RAW:
            self.raw += 1
        if tag not in _VOID:
            whole = "data-i18n" in names and not self.skipping
            self.stack.append((tag, "data-i18n-skip" in names, whole, len(self.out)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out.append(self._tag(tag, attrs, "/>"))

    def handle_endtag(self, tag: str) -> None:
        if tag in _RAW:
            self.raw = max(0, self.raw - 1)
        while self.stack:
            open_tag, _skip, whole, at = self.stack.pop()
            if whole:
                inner = "".join(self.out[at:])
                if _wanted(re.sub(r"<[^>]*>", "", inner)):
                    del self.out[at:]
                    self.out.append(self.translate(_normal(inner), self.getpos()[0]))
            if open_tag == tag:
                break
        if tag not in _VOID:
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.raw:
            self.out.append(data)
            return
        text = _normal(data)
        if self.skipping or not _wanted(text):
            self.out.append(escape(data, quote=False))
            return
        head = data[: len(data) - len(data.lstrip())]
        tail = data[len(data.rstrip()) :]
        line = self.getpos()[0] + data[: len(head)].count("\n")
        said = self.translate(text, line)
        self.out.append(head + escape(said, quote=False) + tail)

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        self.out.append(f"<![{data}]>")


def translate_html(text: str, gettext: Callable[[str], str]) -> str:
    """``text`` (a page's HTML) with every message (module doc) passed through ``gettext``.

    A ``data-i18n`` element's translation is inner HTML, written as the translator wrote
    it (the catalogs are ours, not the reader's); every other translation is escaped.
    """
    walker = _Walker(lambda message, _line: gettext(message))
    walker.feed(text)
    walker.close()
    return "".join(walker.out)


def messages(text: str) -> list[tuple[int, str]]:
    """Every message of a page's HTML with its line, in order (duplicates kept)."""
    found: list[tuple[int, str]] = []

    def record(message: str, line: int) -> str:
        found.append((line, message))
        return message

    walker = _Walker(record)
    walker.feed(text)
    walker.close()
    return found


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface for the pages' HTML (``regency i18n extract``)."""
    del keywords, comment_tags
    encoding = (options or {}).get("encoding", "utf-8")
    for line, message in messages(fileobj.read().decode(encoding)):
        yield line, None, message, []
