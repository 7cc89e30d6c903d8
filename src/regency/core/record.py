"""Game records: what was played, in a form that replays it.

A record names the game, its options and seed, and lists every decision in the game's
notation, like a PGN without the commentary. Replaying it (``regency.replay``) rebuilds
the game exactly (R-ALL-1). Records are JSON::

    {"format": "regency-record", "version": 1, "game": "claim",
     "players": 2, "seed": 42, "options": {}, "actions": ["KN9", "GB3", ...],
     "meta": {"seats": ["you", "heuristic"]}}

``meta`` is free-form (who sat where, the result for a reader's convenience); nothing in
it affects the replay. ``digest`` (optional) fingerprints the final position: written by
``Game.record()`` and checked by ``regency.replay``, it catches a record whose seed,
options or moves were changed into those of another legal game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from regency.core.errors import CorruptSaveError, quote

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SAVE_FORMAT",
    "Record",
    "check_document",
    "read_json",
]

RECORD_FORMAT = "regency-record"
RECORD_VERSION = 1
SAVE_FORMAT = "regency-save"
"""A saved game (``Game.to_json``): a record plus the full state. It reads as a record."""


_DIGEST = re.compile(r"[0-9a-f]{32}")


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise CorruptSaveError(message)


def _shown(value: object) -> str:
    """A refused value for a message: short, with its type (``[] (a list)``)."""
    if value is None:
        return "None"
    kind = type(value).__name__
    return f"{quote(value)} ({'an' if kind[:1] in 'aeiouAEIOU' else 'a'} {kind})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # True is not 1 seat


def read_json(text: object, what: str) -> Any:
    """Parse JSON text or bytes, turning every way it can fail into :class:`CorruptSaveError`.

    Besides malformed JSON that covers text that is not UTF-8, nesting deep enough to
    exhaust Python's stack, and integers too long to convert.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise CorruptSaveError(f"a {what} must be JSON text, not {quote(text)}")
    try:
        return json.loads(text)
    except RecursionError:
        raise CorruptSaveError(f"{what} is nested too deeply to be a {what}") from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, too-long ints
        raise CorruptSaveError(f"{what} is not valid JSON: {quote(str(exc), 120)}") from None


def check_document(
    data: Any, form: str, version: int, what: str, error: type[Exception]
) -> dict[str, Any]:
    """Check that JSON data is a ``form`` document of ``version`` (an analysis, a puzzle set).

    Args:
        data: The parsed JSON.
        form: Its ``format`` (``"regency-analysis"``).
        version: The one ``version`` this regency reads.
        what: What it is called in a message (``"analysis"``).
        error: The error to raise.

    Raises:
        error: naming what is wrong: not an object of that format, or another version.
    """
    if not isinstance(data, dict) or data.get("format") != form:
        raise error(f"not a regency {what} (its format is not {form})")
    if data.get("version") != version:
        raise error(
            f"{what} version {quote(data.get('version'))} is not supported "
            f"(this regency reads {version})"
        )
    return data


@dataclass(frozen=True, slots=True)
class Record:
    """An immutable game record.

    Building one does not check its fields (the pure-Python and compiled builds must
    answer bad input alike, see ``build_support/compile.py``); :meth:`check` does, and
    both :meth:`from_dict` and ``regency.replay`` call it.

    Attributes:
        game: The registered game name (``"claim"``).
        players: Number of seats.
        seed: The game's seed; with the options it fixes every random event.
        options: The game's other options, as ``new_game`` keyword arguments.
        actions: Every decision, in order, in the game's notation.
        meta: Free-form information that does not affect the replay.
        digest: The fingerprint of the final position (``None``: not checked).
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)
    digest: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the record as a JSON-ready dict."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
            "meta": dict(self.meta),
        }
        if self.digest is not None:
            data["digest"] = self.digest
        return data

    def to_json(self, indent: int | None = None) -> str:
        """Return the record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Build a record from a dict, checking its shape (a saved game's dict reads too).

        Raises:
            CorruptSaveError: if a field is missing or has the wrong type.
        """
        _require(isinstance(data, dict), "a record must be a JSON object")
        _require(
            data.get("format", RECORD_FORMAT) in (RECORD_FORMAT, SAVE_FORMAT),
            f"not a regency record (format is {quote(data.get('format'))})",
        )
        # A save's version numbers the save format (``load_game`` checks it); its record
        # part is read the same way whatever that number is.
        version = RECORD_VERSION if data.get("format") == SAVE_FORMAT else data.get("version", 1)
        _require(
            version == RECORD_VERSION,
            f"record version {quote(version)} is not supported "
            f"(this regency reads {RECORD_VERSION})",
        )
        record = cls(
            game=data.get("game"),
            players=data.get("players"),
            seed=data.get("seed"),
            options=data.get("options", {}),
            actions=data.get("actions", []),
            meta=data.get("meta", {}),
            digest=data.get("digest"),
        )
        record.check()
        # Copies: the record must not share the caller's (mutable) containers.
        return cls(
            record.game,
            record.players,
            record.seed,
            dict(record.options),
            tuple(record.actions),
            dict(record.meta),
            record.digest,
        )

    def check(self) -> None:
        """Refuse a record whose fields have the wrong types (or impossible values).

        A record read from a file is checked by :meth:`from_dict`; one built in code is
        checked by ``regency.replay`` before it is replayed, so a record's fields are
        checked in one place whatever form it came in. ``actions`` may be a list or a
        tuple of strings.

        Raises:
            CorruptSaveError: naming the first field that is wrong and what it holds.
        """
        game = self.game
        _require(
            isinstance(game, str) and bool(game),
            f"record's 'game' must be a game name (a non-empty string), not {_shown(game)}",
        )
        _require(len(game) <= 100, f"record's 'game' {quote(game)} is no game name")
        _require(
            _is_int(self.players),
            f"record's 'players' must be an integer, not {_shown(self.players)}",
        )
        _require(
            _is_int(self.seed) and self.seed >= 0,
            f"record's 'seed' must be a non-negative integer, not {_shown(self.seed)}",
        )
        options: object = self.options  # typed ``object``: a caller may have put anything
        if not isinstance(options, dict):
            raise CorruptSaveError(
                f"record's 'options' must be an object (a dict), not {_shown(options)}"
            )
        for name in options:
            _require(
                isinstance(name, str),
                f"record's 'options' must be named by strings, not {_shown(name)}",
            )
        actions: object = self.actions
        if not isinstance(actions, (list, tuple)):
            raise CorruptSaveError(
                f"record's 'actions' must be a list of strings, not {_shown(actions)}"
            )
        for number, action in enumerate(actions, start=1):
            _require(
                isinstance(action, str),
                f"record's 'actions' must be a list of strings; action {number} is "
                f"{_shown(action)}",
            )
        meta: object = self.meta
        _require(
            isinstance(meta, dict),
            f"record's 'meta' must be an object (a dict), not {_shown(meta)}",
        )
        digest = self.digest
        _require(
            digest is None or (isinstance(digest, str) and bool(_DIGEST.fullmatch(digest))),
            f"record's 'digest' must be 32 lowercase hex digits, not {_shown(digest)}",
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse a record from JSON text.

        Raises:
            CorruptSaveError: if the text is not JSON or not a record.
        """
        return cls.from_dict(read_json(text, "record"))
