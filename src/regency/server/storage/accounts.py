"""Storage of accounts: their passwords' hashes, sessions, API tokens and failed sign-ins.

Beside :mod:`~regency.server.storage.database` (tables, seats, moves), in the same
database and schema (revision ``0004``), so every server process shares them: a session
made by one process is known to all, a sign-out anywhere ends it everywhere, and failed
sign-ins are counted together. What a name, a password or a session must be is
:mod:`regency.accounts`'s; this module only keeps them. Secrets are stored as SHA-256
(sessions, API tokens) or Argon2id (passwords), never as they are.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from regency.accounts.errors import AccountError
from regency.accounts.names import name_key
from regency.accounts.sessions import (
    IDLE_DAYS,
    MAX_API_TOKENS,
    MAX_SESSIONS,
    SESSION_DAYS,
    TOUCH_EVERY,
    hash_secret,
    new_api_token,
    new_secret,
)
from regency.server.storage.database import Storage, seats_t
from regency.server.storage.people import (
    account_games_t,
    accounts_t,
    api_tokens_t,
    failures_t,
    ratings_t,
    sessions_t,
)
from regency.server.storage.tournament_rows import entrants_t, tournaments_t

__all__ = [
    "DELETED_NAME",
    "Account",
    "AccountStore",
    "ApiToken",
    "Session",
]

DELETED_NAME = "deleted player"
"""How a deleted account's seat is named in the games it leaves behind."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server knows it (never its password's hash).

    Attributes:
        id: Its number.
        name: The user name, as its owner wrote it.
        created_at: When it was made (seconds since the epoch).
        disabled: Whether an operator disabled it (no sign-in, no session, no token).
        puzzles: The puzzle rating per game (``regency.puzzles.Rating.to_dict``).
        learned: The ids of the lessons done, per game (``regency.learn``).
        language: The language its owner chose for the pages (``de``), ``""`` for none.
    """

    id: int
    name: str
    created_at: float
    disabled: bool = False
    puzzles: dict[str, Any] = field(default_factory=dict)
    learned: dict[str, list[str]] = field(default_factory=dict)
    language: str = ""


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser: its account and its CSRF token."""

    account: Account
    csrf: str
    created_at: float
    last_seen: float


@dataclass(frozen=True, slots=True)
class ApiToken:
    """An API token as its owner sees it listed (the token itself is shown only once)."""

    id: int
    label: str
    created_at: float
    last_used: float | None

    def to_json(self) -> dict[str, Any]:
        """As the API lists it."""
        return {
            "id": self.id,
            "label": self.label,
            "created_at": self.created_at,
            "last_used": self.last_used,
        }


def _account(row: Any) -> Account:
    return Account(
        int(row.id),
        row.name,
        float(row.created_at),
        bool(row.disabled),
        json.loads(row.puzzles or "{}"),
        json.loads(row.learned or "{}"),
        getattr(row, "language", "") or "",
    )


class AccountStore:
    """Accounts, sessions, API tokens and failed sign-ins in the server's database.

    Args:
        storage: The server's database (its engine and transactions are shared).
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # -- accounts --------------------------------------------------------------------

    def create(self, name: str, password_hash: str, now: float | None = None) -> Account:
        """Make an account (the name already checked).

        Raises:
            AccountError: ``name_taken`` if the name (in any case) is someone's.
        """
        now = time.time() if now is None else now
        try:
            with self.engine.begin() as conn:
                found = conn.execute(
                    accounts_t.insert()
                    .values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        created_at=now,
                        disabled=False,
                        puzzles="{}",
                        learned="{}",
                    )
                    .returning(accounts_t.c.id)
                ).scalar_one()
        except IntegrityError:
            raise AccountError("name_taken", f"the name {name!r} is taken") from None
        return Account(int(found), name, now)

    def by_name(self, name: str) -> tuple[Account, str] | None:
        """The account called ``name`` (in any case) and its password's hash, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                accounts_t.select().where(accounts_t.c.name_key == name_key(name))
            ).first()
        return None if row is None else (_account(row), row.password_hash)

    def by_id(self, account_id: int) -> Account | None:
        """The account numbered ``account_id``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(accounts_t.select().where(accounts_t.c.id == account_id)).first()
        return None if row is None else _account(row)

    def password_hash(self, account_id: int) -> str | None:
        """The stored hash of the account's password."""
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(accounts_t.c.password_hash).where(accounts_t.c.id == account_id)
            ).scalar()
        return None if found is None else str(found)

    def all(self, limit: int = 1000, offset: int = 0) -> list[Account]:
        """Accounts in the order they were made."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                accounts_t.select().order_by(accounts_t.c.id).limit(limit).offset(offset)
            ).all()
        return [_account(r) for r in rows]

    def set_password(self, account_id: int, password_hash: str, keep: str | None = None) -> None:
        """Store a new password's hash and end every session but ``keep`` (a session id)."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update()
                .where(accounts_t.c.id == account_id)
                .values(password_hash=password_hash)
            )
            self._end_sessions(conn, account_id, keep)

    def set_disabled(self, account_id: int, disabled: bool) -> None:
        """Disable an account (every session ends) or enable it again."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update().where(accounts_t.c.id == account_id).values(disabled=disabled)
            )
            if disabled:
                self._end_sessions(conn, account_id, None)

    def set_puzzles(self, account_id: int, puzzles: dict[str, Any]) -> None:
        """Store the account's puzzle ratings, per game."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update()
                .where(accounts_t.c.id == account_id)
                .values(puzzles=json.dumps(puzzles))
            )

    def set_learned(self, account_id: int, learned: dict[str, list[str]]) -> None:
        """Store the lessons the account has done, per game."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update()
                .where(accounts_t.c.id == account_id)
                .values(learned=json.dumps(learned))
            )

    def set_language(self, account_id: int, language: str) -> None:
        """Store the language the account reads the pages in (``""``: none chosen)."""
        with self.engine.begin() as conn:
            conn.execute(
                accounts_t.update().where(accounts_t.c.id == account_id).values(language=language)
            )

    def delete(self, account_id: int) -> list[str]:
        """Delete an account and everything of it; return the tables it sat at.

        Its seats stay in the games they are part of, named :data:`DELETED_NAME` and
        belonging to nobody, and so do its tournament entries (withdrawn) and the events
        it organised; its sessions, API tokens, ratings and history go. Other server
        processes hear that those tables' seats changed.
        """
        with self.engine.begin() as conn:
            tables = [
                r.table_id
                for r in conn.execute(
                    sa.select(seats_t.c.table_id).where(seats_t.c.account_id == account_id)
                ).all()
            ]
            conn.execute(
                seats_t.update()
                .where(seats_t.c.account_id == account_id)
                .values(account_id=None, name=DELETED_NAME, rating=None)
            )
            conn.execute(
                entrants_t.update()
                .where(entrants_t.c.account_id == account_id)
                .values(account_id=None, name=DELETED_NAME, withdrawn=True)
            )
            conn.execute(
                tournaments_t.update()
                .where(tournaments_t.c.created_by == account_id)
                .values(created_by=None)
            )
            for table in (sessions_t, api_tokens_t, ratings_t, account_games_t):
                conn.execute(table.delete().where(table.c.account_id == account_id))
            conn.execute(accounts_t.delete().where(accounts_t.c.id == account_id))
            for table_id in tables:
                self.storage._announce(conn, f"{table_id}:seats")
        return tables

    # -- sessions --------------------------------------------------------------------

    def new_session(self, account_id: int, now: float | None = None) -> tuple[str, str]:
        """Start a session; return its id (for the cookie) and its CSRF token.

        An account holds at most :data:`~regency.accounts.sessions.MAX_SESSIONS`: the
        oldest beyond that end.
        """
        now = time.time() if now is None else now
        session, csrf = new_secret(), new_secret()
        with self.engine.begin() as conn:
            conn.execute(
                sessions_t.insert().values(
                    id_hash=hash_secret(session),
                    account_id=account_id,
                    csrf=csrf,
                    created_at=now,
                    last_seen=now,
                )
            )
            old = conn.execute(
                sa.select(sessions_t.c.id_hash)
                .where(sessions_t.c.account_id == account_id)
                .order_by(sessions_t.c.created_at.desc())
                .offset(MAX_SESSIONS)
            ).all()
            if old:
                conn.execute(
                    sessions_t.delete().where(sessions_t.c.id_hash.in_([r.id_hash for r in old]))
                )
        return session, csrf

    def session(self, session_id: str, now: float | None = None) -> Session | None:
        """The live session with that id, or ``None`` (unknown, expired, idle, disabled).

        Its last use is written when it is older than
        :data:`~regency.accounts.sessions.TOUCH_EVERY`.
        """
        if not session_id or len(session_id) > 100:
            return None
        now = time.time() if now is None else now
        key = hash_secret(session_id)
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(
                    accounts_t,
                    sessions_t.c.csrf,
                    sessions_t.c.created_at.label("session_created"),
                    sessions_t.c.last_seen,
                )
                .join(accounts_t, accounts_t.c.id == sessions_t.c.account_id)
                .where(sessions_t.c.id_hash == key)
            ).first()
        if row is None:
            return None
        created, seen = float(row.session_created), float(row.last_seen)
        if row.disabled or now - created > SESSION_DAYS * 86400 or now - seen > IDLE_DAYS * 86400:
            self.end_session(session_id)
            return None
        if now - seen > TOUCH_EVERY:
            with self.engine.begin() as conn:
                conn.execute(
                    sessions_t.update().where(sessions_t.c.id_hash == key).values(last_seen=now)
                )
            seen = now
        return Session(_account(row), row.csrf, created, seen)

    def end_session(self, session_id: str) -> None:
        """End one session (signing out on one device)."""
        with self.engine.begin() as conn:
            conn.execute(sessions_t.delete().where(sessions_t.c.id_hash == hash_secret(session_id)))

    def end_sessions(self, account_id: int, keep: str | None = None) -> None:
        """End every session of the account but ``keep`` (signing out everywhere)."""
        with self.engine.begin() as conn:
            self._end_sessions(conn, account_id, keep)

    def _end_sessions(self, conn: sa.Connection, account_id: int, keep: str | None) -> None:
        query = sessions_t.delete().where(sessions_t.c.account_id == account_id)
        if keep is not None:
            query = query.where(sessions_t.c.id_hash != hash_secret(keep))
        conn.execute(query)

    def session_count(self, account_id: int) -> int:
        """How many sessions the account holds."""
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(sa.func.count()).where(sessions_t.c.account_id == account_id)
            ).scalar()
        return int(found or 0)

    # -- API tokens ------------------------------------------------------------------

    def make_token(self, account_id: int, label: str, now: float | None = None) -> tuple[int, str]:
        """Make an API token for the account; return its id and the token (shown once).

        Raises:
            AccountError: ``too_many_tokens`` past
                :data:`~regency.accounts.sessions.MAX_API_TOKENS`.
        """
        now = time.time() if now is None else now
        token = new_api_token()
        with self.engine.begin() as conn:
            held = conn.execute(
                sa.select(sa.func.count()).where(api_tokens_t.c.account_id == account_id)
            ).scalar()
            if int(held or 0) >= MAX_API_TOKENS:
                raise AccountError(
                    "too_many_tokens",
                    f"an account holds at most {MAX_API_TOKENS} API tokens: revoke one first",
                )
            found = conn.execute(
                api_tokens_t.insert()
                .values(
                    account_id=account_id,
                    token_hash=hash_secret(token),
                    label=label,
                    created_at=now,
                    last_used=None,
                )
                .returning(api_tokens_t.c.id)
            ).scalar_one()
        return int(found), token

    def tokens(self, account_id: int) -> list[ApiToken]:
        """The account's API tokens, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                api_tokens_t.select()
                .where(api_tokens_t.c.account_id == account_id)
                .order_by(api_tokens_t.c.id)
            ).all()
        return [ApiToken(int(r.id), r.label, float(r.created_at), r.last_used) for r in rows]

    def revoke(self, account_id: int, token_id: int) -> bool:
        """Revoke one of the account's API tokens; whether there was one with that id."""
        with self.engine.begin() as conn:
            done = conn.execute(
                api_tokens_t.delete().where(
                    api_tokens_t.c.id == token_id, api_tokens_t.c.account_id == account_id
                )
            )
        return done.rowcount == 1

    def by_api_token(self, token: str, now: float | None = None) -> Account | None:
        """The (enabled) account an API token acts for, or ``None``."""
        now = time.time() if now is None else now
        key = hash_secret(token)
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(accounts_t, api_tokens_t.c.last_used)
                .join(api_tokens_t, api_tokens_t.c.account_id == accounts_t.c.id)
                .where(api_tokens_t.c.token_hash == key)
            ).first()
        if row is None or row.disabled:
            return None
        if row.last_used is None or now - float(row.last_used) > TOUCH_EVERY:
            with self.engine.begin() as conn:
                conn.execute(
                    api_tokens_t.update()
                    .where(api_tokens_t.c.token_hash == key)
                    .values(last_used=now)
                )
        return _account(row)

    # -- failed sign-ins -------------------------------------------------------------

    def failures(self, keys: Sequence[str], since: float) -> dict[str, list[float]]:
        """When each key's failed sign-ins since ``since`` happened (keys as stored)."""
        out: dict[str, list[float]] = {k: [] for k in keys}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(failures_t.c.key, failures_t.c.at).where(
                    failures_t.c.key.in_(list(keys)), failures_t.c.at > since
                )
            ).all()
        for r in rows:
            out[r.key].append(float(r.at))
        return out

    def fail(self, keys: Iterable[str], now: float, forget_before: float) -> None:
        """Count a failed sign-in for each key; forget failures older than ``forget_before``."""
        with self.engine.begin() as conn:
            conn.execute(failures_t.insert(), [{"key": k, "at": now} for k in keys])
            conn.execute(failures_t.delete().where(failures_t.c.at < forget_before))

    def forgive(self, key: str) -> None:
        """Forget a key's failed sign-ins (a name signed in with the right password)."""
        with self.engine.begin() as conn:
            conn.execute(failures_t.delete().where(failures_t.c.key == key))

    # -- seats -----------------------------------------------------------------------

    def sit(self, table_id: str, seat: int, account: Account, rating: str | None) -> None:
        """Seat an account at a person's seat (joining by its invite link)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(account_id=account.id, name=account.name, rating=rating)
            )
            self.storage._announce(conn, f"{table_id}:seats")
