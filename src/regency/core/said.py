"""Words kept language-free and read in any language: a message and its named parts.

A puzzle's explanation is written once, when the puzzle is mined, and read in the
reader's language (issue 49). So it is kept as the messages it is made of, not as
English text: a :class:`Said` is one message of the catalogs (``"The next best, {move},
wins {chance}%."``) with its parts, each itself words (another :class:`Said`), a
:class:`Texts` (words only the game could say at mining time, such as a move in a world
dealt then, kept in every shipped language), a number or a bare string (notation,
nothing to translate)::

    sentence = said("The next best, {move}, wins {chance}%.", move=Texts.of(...), chance=40)
    sentence.text()  # in the current language (regency.core.i18n.using)

Build them with :func:`said`, :func:`sentence` (words that begin a sentence) and
:func:`said_n` (plural by a count): the extractor reads them as it reads ``_`` and
``ngettext`` (``regency.cli.i18n.KEYWORDS``), so their
messages land in the catalogs. :func:`part_to_json` / :func:`part_from_json`
round-trip them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from regency.core import i18n
from regency.core.errors import CorruptSaveError
from regency.core.i18n import _, ngettext

__all__ = [
    "Part",
    "Said",
    "Texts",
    "part_from_json",
    "part_to_json",
    "said",
    "said_n",
    "sentence",
    "text_of",
]

Part = Union["Said", "Texts", str, int, list["Part"]]
"""What a message's placeholder holds: words, words in every language, notation, a
number, or sentences (a list, said one after the other with a space between)."""


@dataclass(frozen=True, slots=True)
class Said:
    """One message and its named parts, said in the current language by :meth:`text`.

    Attributes:
        message: The message (English, as the catalogs' msgid).
        parts: Each placeholder's part.
        plural: The plural message, for a message chosen by ``count``.
        count: The count choosing between ``message`` and ``plural`` (``{count}``).
        capital: Whether the words begin a sentence: their first letter is then a
            capital, whatever the part that comes first (``Place the Giants ...``).
    """

    message: str
    parts: Mapping[str, Part] = field(default_factory=dict)
    plural: str | None = None
    count: int = 0
    capital: bool = False

    def text(self) -> str:
        """The words in the current language, every part said too."""
        names = {name: text_of(part) for name, part in self.parts.items()}
        if self.plural is not None:
            words = ngettext(self.message, self.plural, self.count, **names)
        else:
            words = _(self.message, **names)
        return words[:1].upper() + words[1:] if self.capital else words


@dataclass(frozen=True, slots=True)
class Texts:
    """Words only the game could say when they were made, kept in every shipped language.

    Attributes:
        by_language: The words per language code (English always among them).
    """

    by_language: Mapping[str, str]

    @classmethod
    def of(cls, make: Callable[[], str]) -> Texts:
        """``make()`` called in every shipped language and the pseudo-language."""
        codes = (*i18n.LANGUAGES, i18n.PSEUDO)
        made = {}
        for code in codes:
            with i18n.using(code):
                made[code] = make()
        return cls(made)

    def text(self) -> str:
        """The words in the current language, else in English."""
        return self.by_language.get(i18n.language()) or self.by_language[i18n.DEFAULT]


def said(message: str, /, **parts: Part) -> Said:
    """``message`` with its parts (a message the extractor finds, as with ``_``)."""
    return Said(message, parts)


def sentence(message: str, /, **parts: Part) -> Said:
    """:func:`said` for words that begin a sentence: their first letter a capital."""
    return Said(message, parts, capital=True)


def said_n(single: str, many: str, count: int, /, **parts: Part) -> Said:
    """``single`` or ``many`` by ``count`` (filled as ``{count}``), as with ``ngettext``."""
    return Said(single, parts, many, count)


def text_of(part: Part) -> str:
    """A part in the current language: sentences joined by a space, numbers written out."""
    if isinstance(part, Said | Texts):
        return part.text()
    if isinstance(part, list):
        return " ".join(text_of(p) for p in part)
    if isinstance(part, bool):  # never a part; kept out of the number branch below
        raise TypeError("a part is words, a number or notation, not a truth value")
    if isinstance(part, int):
        return i18n.number(part)
    return part


def part_to_json(part: Part) -> Any:
    """A part as JSON-ready data.

    ``{"said": ..., "parts": ...}`` (with ``plural`` and ``count`` for a plural),
    ``{"texts": ...}``, a list, a number or a string.
    """
    if isinstance(part, Said):
        data: dict[str, Any] = {"said": part.message}
        if part.plural is not None:
            data["plural"] = part.plural
            data["count"] = part.count
        if part.capital:
            data["capital"] = True
        if part.parts:
            data["parts"] = {name: part_to_json(p) for name, p in part.parts.items()}
        return data
    if isinstance(part, Texts):
        return {"texts": dict(part.by_language)}
    if isinstance(part, list):
        return [part_to_json(p) for p in part]
    return part


def part_from_json(data: Any) -> Part:
    """The part :func:`part_to_json` wrote.

    Raises:
        CorruptSaveError: if ``data`` is not such a part (the message says where).
    """
    if isinstance(data, str) or (isinstance(data, int) and not isinstance(data, bool)):
        return data
    if isinstance(data, list):
        return [part_from_json(p) for p in data]
    if isinstance(data, dict) and isinstance(data.get("said"), str):
        parts = data.get("parts", {})
        plural = data.get("plural")
        count = data.get("count", 0)
        capital = data.get("capital", False)
        if (
            not isinstance(parts, dict)
            or not (plural is None or isinstance(plural, str))
            or not isinstance(count, int)
            or not isinstance(capital, bool)
        ):
            raise CorruptSaveError(f"words {data['said']!r}: bad parts, plural, count or capital")
        found = {str(k): part_from_json(v) for k, v in parts.items()}
        return Said(data["said"], found, plural, count, capital)
    if isinstance(data, dict) and isinstance(data.get("texts"), dict):
        texts = data["texts"]
        if i18n.DEFAULT not in texts or not all(isinstance(v, str) for v in texts.values()):
            raise CorruptSaveError("words in several languages need English, as text")
        return Texts({str(k): v for k, v in texts.items()})
    raise CorruptSaveError(f"not words: {str(data)[:80]!r}")
