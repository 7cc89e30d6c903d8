"""``regency play --save`` and ``--load``: the record kept after every move, and read back."""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regency.cli.args import UsageError
from regency.core.errors import CorruptSaveError
from regency.core.game import Game
from regency.core.start import load_game

__all__ = ["SaveFile", "load_saved"]


@dataclass(slots=True)
class SaveFile:
    """Where ``--save`` keeps the record: checked and written at the start, then each move.

    Attributes:
        path: The file.
    """

    path: Path

    @classmethod
    def open(cls, path: str, force: bool, loaded: str | None, first: str) -> SaveFile:
        """Check the path and write ``first`` (the record so far) to it.

        Raises:
            UsageError: if the file exists (without ``force``, unless it is the file the
                game was loaded from) or cannot be written.
        """
        target = Path(path)
        same = loaded is not None and target.exists() and target.resolve() == Path(loaded).resolve()
        if target.is_dir():
            raise UsageError(f"--save {path}: that is a folder; give a file name")
        if target.exists() and not force and not same:
            raise UsageError(
                f"--save {path}: the file already exists; add --force to overwrite it, "
                "or choose another name"
            )
        save = cls(target)
        try:
            save.write(first)
        except OSError as exc:
            raise UsageError(f"--save {path}: cannot write there ({exc.strerror})") from None
        return save

    def write(self, text: str) -> None:
        """Replace the file's content with ``text`` in one step (never half written)."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(text)
        os.replace(temporary, self.path)


def load_saved(args: argparse.Namespace) -> tuple[Game[Any], list[Any] | None]:
    """The game in ``--load``'s file, and its saved table if it has one."""
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--players", args.players),
            ("--seed", args.seed),
            ("--factions", args.factions),
            ("--option", args.option),
        )
        if value
    ]
    if given:
        raise UsageError(
            f"--load continues the saved game with its own settings: leave out {', '.join(given)}"
        )
    try:
        text = Path(args.load).read_text()
    except OSError as exc:
        raise UsageError(f"--load {args.load}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"--load {args.load}: not a saved game (not text)") from None
    try:
        game = load_game(text)
    except CorruptSaveError as exc:
        raise UsageError(f"--load {args.load}: {exc}") from None
    meta = json.loads(text).get("meta")
    table = meta.get("table") if isinstance(meta, dict) else None
    return game, table if isinstance(table, list) else None
