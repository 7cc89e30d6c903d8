"""A translated line whose placeholders keep their Rich style.

A screen's line is ONE message with named placeholders (docs/i18n.md), so a translator
puts the words where their language wants them; some placeholders are styled pieces (a
card in its faction's colour, a seat in bold). :func:`fill` takes the translated
template, ``_("Last trick: {plays} - {winner}")`` (no names given, so ``_`` leaves the
fields alone), splits it on its ``{name}`` fields and appends each field's piece::

    fill(_("You drew {tile}: place it"), tile=tile_text(t))

A piece is a :class:`rich.text.Text` (kept with its style) or anything else (written as
``str``). A field with no piece is an error, as ``str.format`` would raise.
"""

from __future__ import annotations

import re

from rich.style import StyleType
from rich.text import Text

__all__ = ["fill"]

_FIELD = re.compile(r"\{(\w+)\}")


def fill(template: str, /, style: StyleType = "", **pieces: object) -> Text:
    """``template`` (already translated) as one :class:`Text`, each field its piece."""
    text = Text(style=style)
    for index, part in enumerate(_FIELD.split(template)):
        if index % 2 == 0:
            if part:
                text.append(part)
            continue
        piece = pieces[part]
        if isinstance(piece, Text):
            text.append_text(piece)
        else:
            text.append(str(piece))
    return text
