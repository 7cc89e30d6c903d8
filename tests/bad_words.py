"""The forms no screen or page may show (issue 44, "Grammar and sense").

One rule for counts and for "You" (``regency/core/words.py``, ``web/shared/words.js``):
these patterns find what breaks it in any text a person reads, the terminal's screens
(tests/core/test_words.py) and the pages (tests/web/test_words.py) alike.
"""

from __future__ import annotations

import re

__all__ = ["BAD_FORMS", "bad_forms"]

# Nouns the program counts; "1 wins" after "Seat" is a seat that wins, not a count.
_NOUNS = (
    "cards|tiles|games|wins|moves|points|markers|factions|players|messages|seconds|"
    "minutes|tricks|castles|votes|decisions|analyses|tries|inaccuracies|mistakes|blunders"
)
# Verbs in the third person singular that the program writes after a seat's name.
_THIRD = (
    "leads|wins|takes|draws|has|is|was|plays|places|keeps|passes|looks|chooses|offers|"
    "declines|accepts|scores|gets|holds|controls|moves|needs|goes|does|shares|resigns|leaves"
)
_PLAIN = "lead|win|take|draw|have|are|were|play|place|keep|look|choose|offer|decline|accept"

BAD_FORMS: dict[str, re.Pattern[str]] = {
    # "1 cards", "Supply: 1 tiles face down" (but "Seat 1 wins", "move 1 moves" are fine)
    "a plural after 1": re.compile(
        rf"(?<![Ss]eat )(?<!move )(?<!epoch )(?<!trick )(?<![\d.,+\u2212-])\b1 (?:{_NOUNS})\b"
    ),
    # "You leads", "You has"
    "You with a verb for another": re.compile(rf"\bYou (?:{_THIRD})\b"),
    # "Seat 0 win" (one seat, not "Ann and Seat 0 win")
    "one seat with the verb for You": re.compile(
        rf"(?<!and )(?<!& )(?<!, )\bSeat \d+ (?:{_PLAIN})\b(?! \d)"
    ),
    # "Starting tile: Dragon (Dragon)"
    "a name said twice": re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) \(\1\)"),
    "You's": re.compile(r"\b[Yy]ou's\b"),
    # an agent spec where a level's name belongs: "computer (rollout:value=net,most=96)"
    "an agent spec for a name": re.compile(
        r"\bcomputer \((?:random|heuristic|ismcts|rollout|policy)\b", re.IGNORECASE
    ),
}
"""What each bad form is, and the pattern that finds it."""


def bad_forms(text: str) -> list[str]:
    """Each bad form in ``text``, as ``"what: the words around it"`` (none: ``[]``)."""
    found = []
    for what, pattern in BAD_FORMS.items():
        for match in pattern.finditer(text):
            around = text[max(0, match.start() - 30) : match.end() + 30].replace("\n", " | ")
            found.append(f"{what}: …{around}…")
    return sorted(set(found))
