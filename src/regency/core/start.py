"""Starting a game by name: a new one, one replayed from its record, or a saved one.

These are the public entry points built on the registry (:mod:`regency.core.registry`)
and the game contract (:mod:`regency.core.game`); ``regency.new_game``,
``regency.replay`` and ``regency.load_game`` are these functions.
"""

from __future__ import annotations

from typing import Any

from regency.core.errors import (
    CorruptSaveError,
    GameOptionError,
    IllegalActionError,
    quote,
)
from regency.core.game import SAVE_FORMAT, SAVE_VERSION, Game, check_saved_state, state_digest
from regency.core.i18n import _
from regency.core.record import RECORD_FORMAT, RECORD_VERSION, Record, read_json
from regency.core.registry import game_info
from regency.core.rng import MAX_SEED, new_seed
from regency.core.words import span

__all__ = ["load_game", "new_game", "replay"]


def new_game(
    name: str, /, players: int | None = None, seed: int | None = None, **options: Any
) -> Game[Any]:
    """Start a game.

    Args:
        name: A registered game (see :func:`available_games`).
        players: Number of seats; the game's default when omitted.
        seed: Fixes every random event (R-ALL-1); a fresh one is drawn when omitted,
            and recorded so the game can still be replayed.
        **options: The game's own options (see ``GameInfo.options``).

    Raises:
        UnknownGameError: if no game has that name.
        GameOptionError: if an option is unknown or its value is refused.
    """
    info = game_info(name)
    if players is None:
        players = info.default_players
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
        raise GameOptionError(
            _(
                "{game} is played by {players} players, not {number}",
                game=info.title,
                players=span(info.players),
                number=quote(players),
            )
        )
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GameOptionError(
            _(
                "seed must be an integer from 0 to {largest}, not {seed}",
                largest=MAX_SEED,
                seed=quote(seed),
            )
        )
    known = {o.name for o in info.options}
    unknown = sorted(set(options) - known)
    if unknown:
        accepted = ", ".join(["players", "seed", *sorted(known)])
        raise GameOptionError(
            _(
                "{game} has no option {unknown}; options: {accepted}",
                game=info.title,
                unknown=", ".join(map(quote, unknown)),
                accepted=accepted,
            )
        )
    return info.game_class.create(players, seed, options)


def replay(record: Record | dict[str, Any] | str | bytes, *, stop: int | None = None) -> Game[Any]:
    """Rebuild a game from its record.

    Every record is checked the same way, whatever form it comes in: a :class:`Record`
    object is checked field by field as if it had been read from a file. When the record
    carries a digest and all its moves are replayed, the final position must match it.

    Args:
        record: A :class:`Record`, its dict, or its JSON text (``str`` or ``bytes``).
        stop: Replay only the first ``stop`` decisions (``None``: all of them).

    Raises:
        CorruptSaveError: if the record is malformed, a decision in it is illegal, or the
            game it replays is not the one its digest describes.
        GameOptionError: if ``stop`` is not ``None`` or a whole number from 0.
    """
    if stop is not None and (isinstance(stop, bool) or not isinstance(stop, int) or stop < 0):
        raise GameOptionError(f"stop must be None or a number of moves from 0, not {quote(stop)}")
    if isinstance(record, (str, bytes, bytearray)):
        record = Record.from_json(record)
    elif isinstance(record, Record):
        # A Record built in code is checked like one read from a file: its fields are
        # whatever the caller put there (``Record(meta=[])`` is refused, naming ``meta``).
        record.check()
    else:
        record = Record.from_dict(record)
    try:
        game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    except GameOptionError as exc:
        raise CorruptSaveError(f"the record's game cannot be set up: {exc}") from None
    moves = record.actions[:stop]
    for number, notation in enumerate(moves, start=1):
        try:
            game.play(notation)
        except IllegalActionError as exc:
            raise CorruptSaveError(
                f"move {number} ({quote(notation)}) is not legal: {exc}"
            ) from None
    complete = len(moves) == len(record.actions)
    if complete and record.digest is not None and state_digest(game.state_dict()) != record.digest:
        raise CorruptSaveError(
            "the replayed game does not match the record's digest: its seed, options "
            "or moves were changed (or it was written by another version of its rules)"
        )
    return game


def load_game(text: str | bytes) -> Game[Any]:
    """Load a game saved with ``Game.to_json`` (a plain record is accepted too).

    The moves are replayed and the result compared with the saved state, so a damaged
    or edited file is refused with a message instead of being loaded wrong. A save of
    an earlier version (1) is replayed from its moves alone: its state was written with
    fields that have since changed.

    Raises:
        CorruptSaveError: if the text is not a save, or does not describe a legal game.
    """
    data = read_json(text, "save")
    if not isinstance(data, dict):
        raise CorruptSaveError("a save must be a JSON object")
    kind = data.get("format")
    if kind == RECORD_FORMAT:
        return replay(data)
    if kind != SAVE_FORMAT:
        raise CorruptSaveError(f"not a regency save (format is {quote(kind)})")
    version = data.get("version")
    if version not in (1, SAVE_VERSION) or isinstance(version, bool):
        raise CorruptSaveError(
            f"save version {quote(version)} is not supported "
            f"(this regency reads 1 and {SAVE_VERSION})"
        )
    if "state" not in data:
        raise CorruptSaveError("the save has no 'state'")
    record_part = {k: v for k, v in data.items() if k != "state"}
    record_part["format"] = RECORD_FORMAT
    record_part["version"] = RECORD_VERSION
    game = replay(record_part)
    if version == SAVE_VERSION:
        check_saved_state(game.state_dict(), data["state"])
    return game
