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

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "SAVE_FORMAT", "Record", "read_json"]

RECORD_FORMAT = "regency-record"
RECORD_VERSION = 1
SAVE_FORMAT = "regency-save"
"""A saved game (``Game.to_json``): a record plus the full state. It reads as a record."""


_DIGEST = re.compile(r"[0-9a-f]{32}")


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise CorruptSaveError(message)


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


@dataclass(frozen=True, slots=True)
class Record:
    """An immutable game record.

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
        game = data.get("game")
        _require(isinstance(game, str) and bool(game), "record has no game name")
        _require(len(game) <= 100, f"record's game {quote(game)} is no game name")
        players = data.get("players")
        _require(
            isinstance(players, int) and not isinstance(players, bool),
            "record's 'players' must be an integer",
        )
        seed = data.get("seed")
        _require(
            isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0,
            "record's 'seed' must be a non-negative integer",
        )
        options = data.get("options", {})
        _require(isinstance(options, dict), "record's 'options' must be an object")
        actions = data.get("actions", [])
        _require(
            isinstance(actions, list) and all(isinstance(a, str) for a in actions),
            "record's 'actions' must be a list of strings",
        )
        meta = data.get("meta", {})
        _require(isinstance(meta, dict), "record's 'meta' must be an object")
        digest = data.get("digest")
        _require(
            digest is None or (isinstance(digest, str) and bool(_DIGEST.fullmatch(digest))),
            "record's 'digest' must be 32 lowercase hex digits",
        )
        return cls(game, players, seed, dict(options), tuple(actions), dict(meta), digest)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse a record from JSON text.

        Raises:
            CorruptSaveError: if the text is not JSON or not a record.
        """
        return cls.from_dict(read_json(text, "record"))
