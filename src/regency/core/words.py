"""Words people read: one rule for counts and for "You" across the program.

The terminal's screens (:mod:`regency.render`), ``regency play`` and ``regency connect``,
the games' own sentences and the server's texts say a count and a seat's verb through
these functions; the pages have the same rule in ``web/shared/words.js`` (the same
names, the same forms). tests/test_words.py scans the screens and tests/web the pages
for the forms they rule out ("1 cards", "You leads", "Seat 0 win").

* a count: ``count(1, "card")`` is ``"1 card"``, ``count(3, "card")`` ``"3 cards"``;
  a noun with an irregular plural names it (``count(2, "Dwarf", "Dwarves")``);
* a seat that acts: the reader's own seat is ``"You"`` and takes the plain verb
  (``"You lead"``), another seat the third person (``"Seat 1 leads"``), and several
  seats the plain verb (``"Ann and Bob win"``);
* whose: ``possessive("You")`` is ``"your"``, ``possessive("Ann")`` ``"Ann's"``.

Example:
    >>> says("You", "lead"), says("Seat 1", "lead"), says(["Ann", "Bob"], "win")
    ('You lead', 'Seat 1 leads', 'Ann and Bob win')
    >>> count(1, "tile"), count(0, "tile"), span([2, 3, 4])
    ('1 tile', '0 tiles', '2-4')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from regency.core.i18n import _

__all__ = [
    "YOU",
    "and_list",
    "count",
    "plural",
    "possessive",
    "says",
    "singular_verb",
    "span",
    "verb_for",
]

YOU = "You"
"""What the reader's own seat is called."""

_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes"}


def plural(number: int, noun: str, many: str | None = None) -> str:
    """``noun`` as it goes with ``number``: singular for exactly one, else the plural.

    ``many`` is the plural when it is not ``noun`` + "s" (``"Dwarves"``).
    """
    if number == 1:
        return noun
    return many if many is not None else f"{noun}s"


def count(number: int, noun: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"0 cards"``: a number and its noun agreeing."""
    return f"{number} {plural(number, noun, many)}"


def singular_verb(verb: str) -> str:
    """The verb for one other person: ``lead`` -> ``leads``, ``have`` -> ``has``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return f"{verb}es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def and_list(names: Sequence[str]) -> str:
    """``"Ann"``, ``"Ann and Bob"``, ``"Ann, Bob and Cy"``."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def says(subject: str | Sequence[str], verb: str) -> str:
    """The subject (one name, or several) and ``verb`` (its plain form) agreeing.

    ``"You lead"``, ``"Seat 1 leads"``, ``"Ann and Bob win"``, ``"You are"``.
    """
    names = [subject] if isinstance(subject, str) else list(subject)
    one_other = len(names) == 1 and names[0] != YOU
    if verb == "be":
        form = "is" if one_other else "are"
    else:
        form = singular_verb(verb) if one_other else verb
    return f"{and_list(names)} {form}"


def span(numbers: Iterable[int]) -> str:
    """Which numbers, as people say them: ``"2-4"``, ``"2 or 3"``, ``"2, 4 or 6"``, ``"3"``.

    A run of three or more is written from its first to its last (how a game box says
    who plays it: "Claim is played by 2-4 players").
    """
    items = sorted(set(numbers))
    if len(items) >= 3 and items == list(range(items[0], items[-1] + 1)):
        return f"{items[0]}-{items[-1]}"
    words = [str(n) for n in items]
    if len(words) <= 1:
        return "".join(words)
    # The one word of the list ("or") is the reader's language's.
    return _("{numbers} or {last}", numbers=", ".join(words[:-1]), last=words[-1])


def possessive(name: str, capital: bool = False) -> str:
    """Whose: ``"your"`` (``"Your"`` with ``capital``) for You, ``"Ann's"``, ``"Giles'"``."""
    if name == YOU:
        return "Your" if capital else "your"
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def verb_for(subject: str | Sequence[str], verb: str) -> str:
    """Just the verb of :func:`says` (for a subject written apart): ``leads`` after ``Seat 1``."""
    return says(subject, verb).rsplit(" ", 1)[1]
