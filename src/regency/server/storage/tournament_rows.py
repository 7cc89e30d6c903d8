"""The tournaments' tables (schema revision ``0008``) and their rows as values.

Three tables beside the game tables, on the same metadata:

* ``tournaments``: one row an event: its set-up, its state (``waiting`` for its start,
  ``playing``, ``finished`` or ``cancelled``), the round made last (an arena's waves),
  and ``version``, moved by every change, which the pages follow;
* ``tournament_entrants``: who entered, by number in the order of entry: an account, a
  guest (the SHA-256 of the token their page keeps, which is also their seat's token at
  each of their tables) or a computer level (its agent spec);
* ``tournament_games``: one row a table of a round (or a bye): the entrants by seat,
  the game table (``tables.id``) and its spectators' token, which the tournament page
  publishes (a tournament's games are public to watch), and once it is over, the
  places and the seats that forfeited.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from regency.server.storage.database import metadata

__all__ = [
    "EntrantRow",
    "GameRow",
    "TournamentRow",
    "entrant_of",
    "entrant_values",
    "entrants_t",
    "game_of",
    "game_values",
    "games_t",
    "tournament_of",
    "tournament_values",
    "tournaments_t",
]

tournaments_t = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("format", sa.String(16), nullable=False),
    sa.Column("rounds", sa.Integer, nullable=True),
    sa.Column("minutes", sa.Float, nullable=True),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("late_join", sa.Boolean, nullable=False),
    sa.Column("max_entrants", sa.Integer, nullable=False),
    sa.Column("created_by", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("starts_at", sa.Float, nullable=False),
    sa.Column("ends_at", sa.Float, nullable=True),
    sa.Column("status", sa.String(12), nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("note", sa.String(300), nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Index("ix_tournaments_status", "status", "starts_at"),
    sa.Index("ix_tournaments_created_by", "created_by", "status"),
)

entrants_t = sa.Table(
    "tournament_entrants",
    metadata,
    sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("agent", sa.String(200), nullable=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("joined_round", sa.Integer, nullable=False),
    sa.Column("withdrawn", sa.Boolean, nullable=False),
    sa.Index("ix_tournament_entrants_account", "tournament_id", "account_id", unique=True),
    sa.Index("ix_tournament_entrants_guest", "tournament_id", "token_hash", unique=True),
)

games_t = sa.Table(
    "tournament_games",
    metadata,
    sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True, index=True),
    sa.Column("spectator", sa.String(64), nullable=True),
    sa.Column("bye", sa.Boolean, nullable=False),
    sa.Column("ranks", sa.Text, nullable=True),
    sa.Column("forfeited", sa.Text, nullable=False),
    sa.Column("started", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
)


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as stored.

    Attributes:
        id: Its public id.
        name: Its name.
        game: The game.
        players: Players at each table.
        format: ``swiss``, ``round_robin`` or ``arena``.
        rounds: A Swiss's rounds (a round robin's are set when it starts).
        minutes: An arena's length.
        settings: The tables' own: ``move_seconds``, ``think_time`` (computer seats),
            ``takeover_agent``, ``options`` (the game's).
        rated: Whether its games are rated.
        password_hash: The Argon2id hash of a club's password (``None``: open to all).
        late_join: Whether people may enter once it has started.
        max_entrants: The most entrants it takes.
        created_by: The account that set it up (its organiser).
        created_at: When.
        starts_at: When it starts (or started).
        ends_at: When an arena stops starting games (set when it starts).
        status: ``waiting``, ``playing``, ``finished`` or ``cancelled``.
        round: The last round made (0 before the start; an arena's waves).
        note: Why it ended as it did, when it says more than "finished".
        version: Moved by every change (the pages follow it).
        finished_at: When it finished.
    """

    id: str
    name: str
    game: str
    players: int
    format: str
    rounds: int | None
    minutes: float | None
    settings: dict[str, Any]
    rated: bool
    password_hash: str | None
    late_join: bool
    max_entrants: int
    created_by: int | None
    created_at: float
    starts_at: float
    ends_at: float | None = None
    status: str = "waiting"
    round: int = 0
    note: str | None = None
    version: int = 0
    finished_at: float | None = None


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """One entrant as stored (see ``tournament_entrants``)."""

    number: int
    name: str
    account_id: int | None
    token_hash: str | None
    agent: str | None
    rating: float
    joined_at: float
    joined_round: int
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class GameRow:
    """One table of a round, or a bye, as stored (see ``tournament_games``)."""

    round: int
    board: int
    seats: tuple[int, ...]
    table_id: str | None
    spectator: str | None
    bye: bool
    ranks: tuple[int, ...] | None
    forfeited: tuple[int, ...]
    started: bool
    created_at: float
    finished_at: float | None = None


def tournament_values(row: TournamentRow) -> dict[str, Any]:
    """A tournament's columns, for an insert."""
    return {
        "id": row.id,
        "name": row.name,
        "game": row.game,
        "players": row.players,
        "format": row.format,
        "rounds": row.rounds,
        "minutes": row.minutes,
        "settings": json.dumps(row.settings),
        "rated": row.rated,
        "password_hash": row.password_hash,
        "late_join": row.late_join,
        "max_entrants": row.max_entrants,
        "created_by": row.created_by,
        "created_at": row.created_at,
        "starts_at": row.starts_at,
        "ends_at": row.ends_at,
        "status": row.status,
        "round": row.round,
        "note": row.note,
        "version": row.version,
        "finished_at": row.finished_at,
    }


def tournament_of(r: Any) -> TournamentRow:
    """A ``tournaments`` row as a value."""
    return TournamentRow(
        id=r.id,
        name=r.name,
        game=r.game,
        players=int(r.players),
        format=r.format,
        rounds=None if r.rounds is None else int(r.rounds),
        minutes=None if r.minutes is None else float(r.minutes),
        settings=json.loads(r.settings),
        rated=bool(r.rated),
        password_hash=r.password_hash,
        late_join=bool(r.late_join),
        max_entrants=int(r.max_entrants),
        created_by=r.created_by,
        created_at=float(r.created_at),
        starts_at=float(r.starts_at),
        ends_at=None if r.ends_at is None else float(r.ends_at),
        status=r.status,
        round=int(r.round),
        note=r.note,
        version=int(r.version),
        finished_at=None if r.finished_at is None else float(r.finished_at),
    )


def entrant_values(tournament_id: str, e: EntrantRow) -> dict[str, Any]:
    """An entrant's columns, for an insert."""
    return {
        "tournament_id": tournament_id,
        "number": e.number,
        "name": e.name,
        "account_id": e.account_id,
        "token_hash": e.token_hash,
        "agent": e.agent,
        "rating": e.rating,
        "joined_at": e.joined_at,
        "joined_round": e.joined_round,
        "withdrawn": e.withdrawn,
    }


def entrant_of(r: Any) -> EntrantRow:
    """A ``tournament_entrants`` row as a value."""
    return EntrantRow(
        number=int(r.number),
        name=r.name,
        account_id=r.account_id,
        token_hash=r.token_hash,
        agent=r.agent,
        rating=float(r.rating),
        joined_at=float(r.joined_at),
        joined_round=int(r.joined_round),
        withdrawn=bool(r.withdrawn),
    )


def game_values(tournament_id: str, g: GameRow) -> dict[str, Any]:
    """A game's columns, for an insert."""
    return {
        "tournament_id": tournament_id,
        "round": g.round,
        "board": g.board,
        "seats": json.dumps(list(g.seats)),
        "table_id": g.table_id,
        "spectator": g.spectator,
        "bye": g.bye,
        "ranks": None if g.ranks is None else json.dumps(list(g.ranks)),
        "forfeited": json.dumps(list(g.forfeited)),
        "started": g.started,
        "created_at": g.created_at,
        "finished_at": g.finished_at,
    }


def game_of(r: Any) -> GameRow:
    """A ``tournament_games`` row as a value."""
    return GameRow(
        round=int(r.round),
        board=int(r.board),
        seats=tuple(json.loads(r.seats)),
        table_id=r.table_id,
        spectator=r.spectator,
        bye=bool(r.bye),
        ranks=None if r.ranks is None else tuple(json.loads(r.ranks)),
        forfeited=tuple(json.loads(r.forfeited)),
        started=bool(r.started),
        created_at=float(r.created_at),
        finished_at=None if r.finished_at is None else float(r.finished_at),
    )
