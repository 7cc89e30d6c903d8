"""User names: what a name may be, and the key two names that look alike share.

A user name is 2 to 20 characters of ASCII letters, digits, ``_`` and ``-``, starting
with a letter and ending with a letter or a digit (as Lichess's). Nothing else: no space,
no markup (``<``, ``&``, quotes), no control character, no letter from another script
that looks like a Latin one (a Cyrillic A in Ann), so a name reads the same everywhere
it is shown and cannot pretend to be another. Names that differ only by case are
the same name (:func:`name_key`): ``Ann`` signs up, ``ann`` signs in.

Example:
    >>> check_name(" Ann_2 ")
    'Ann_2'
    >>> name_key("Ann_2")
    'ann_2'
"""

from __future__ import annotations

import re

from regency.accounts.errors import AccountError

__all__ = ["MAX_NAME", "MIN_NAME", "RESERVED", "check_name", "name_key"]

MIN_NAME = 2
"""The shortest user name."""

MAX_NAME = 20
"""The longest user name."""

_NAME = re.compile(r"[A-Za-z](?:[A-Za-z0-9_-]*[A-Za-z0-9])?")

RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "anonymous",
        "computer",
        "deleted",
        "deleted-player",
        "guest",
        "moderator",
        "nobody",
        "operator",
        "regency",
        "root",
        "system",
        "you",
    }
)
"""Names nobody may take (compared by :func:`name_key`): they would read as the site's own
words ("deleted player", "computer", "You")."""


def name_key(name: str) -> str:
    """The key a name is stored and looked up by: its lower case."""
    return name.lower()


def check_name(text: str) -> str:
    """The user name ``text`` names (surrounding spaces removed), checked.

    Raises:
        AccountError: ``bad_name``, saying what is wrong with it.
    """
    if not isinstance(text, str):
        raise AccountError("bad_name", "a user name is text")
    name = text.strip()
    if any(not ch.isprintable() for ch in name):
        raise AccountError("bad_name", "a user name may not hold control characters")
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise AccountError(
            "bad_name",
            f"a user name has {MIN_NAME} to {MAX_NAME} characters, not {len(name)}",
        )
    if not _NAME.fullmatch(name):
        raise AccountError(
            "bad_name",
            "a user name uses only the letters a-z and A-Z, digits, '_' and '-', starts "
            "with a letter and ends with a letter or a digit",
        )
    if name_key(name) in RESERVED:
        raise AccountError("bad_name", f"the name {name!r} is reserved: choose another")
    return name
