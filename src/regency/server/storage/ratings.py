"""Storage of what accounts played: ratings per game and pool, and each account's games.

A finished table is *settled* once (:meth:`RatingStore.settle`): every account seated
there gets a row in ``account_games`` (its seat, outcome, and at a rated table its rating
before and after), and at a rated table the ratings move (:mod:`regency.ratings`). Once
means once, with any number of server processes: the transaction first claims the table
(``UPDATE tables SET settled_at = now WHERE id = :t AND settled_at IS NULL``, which of
two processes only one can do; PostgreSQL makes the second wait for the first and then
finds nothing to claim), and the history's primary key (table, account) refuses a second
entry anyway. The ratings rows of the accounts are locked in account order
(``SELECT ... FOR UPDATE``) so two games ending at once for one person queue up instead
of losing an update.

The profile, the leaderboards and "My games" read from here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

import regency
from regency.ratings import (
    PlayerRating,
    is_rated_result,
    level_rating,
    pool_of,
    rank_outcome,
    ranks_of,
    rate_game,
)
from regency.ratings.games import PROVISIONAL_DEVIATION
from regency.server.storage.database import (
    Storage,
    TableRow,
    _table_row,
    moves_t,
    seats_t,
    tables_t,
)
from regency.server.storage.people import account_games_t, accounts_t, ratings_t

__all__ = ["OUTCOMES", "RatingStore", "Settled"]

OUTCOMES = ("won", "lost", "drawn", "aborted")
"""What a finished game was for one of its seats."""


@dataclass(frozen=True, slots=True)
class Settled:
    """What settling a table did.

    Attributes:
        table_id: The table.
        rated: Whether ratings moved.
        changes: Per account id: the rating before and after (rated tables only).
    """

    table_id: str
    rated: bool
    changes: dict[int, tuple[PlayerRating, PlayerRating]]


def _rating(row: Any) -> PlayerRating:
    return PlayerRating(
        float(row.rating), float(row.deviation), float(row.volatility), int(row.games)
    )


class RatingStore:
    """Ratings, histories, profiles and leaderboards in the server's database.

    Args:
        storage: The server's database.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # -- ratings ---------------------------------------------------------------------

    def rating(self, account_id: int, game: str, pool: str) -> PlayerRating:
        """The account's rating in the pool (a newcomer's if it has none yet)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                ratings_t.select().where(
                    ratings_t.c.account_id == account_id,
                    ratings_t.c.game == game,
                    ratings_t.c.pool == pool,
                )
            ).first()
        return PlayerRating() if row is None else _rating(row)

    def ratings(self, account_id: int) -> dict[tuple[str, str], PlayerRating]:
        """Every rating of the account, by game and pool."""
        with self.engine.connect() as conn:
            rows = conn.execute(ratings_t.select().where(ratings_t.c.account_id == account_id))
            return {(r.game, r.pool): _rating(r) for r in rows}

    # -- settling a finished table ---------------------------------------------------

    def unsettled(self) -> list[str]:
        """The finished tables not yet entered in their accounts' histories."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id).where(
                    tables_t.c.finished.is_(True), tables_t.c.settled_at.is_(None)
                )
            ).all()
        return [r.id for r in rows]

    def settle(self, table_id: str, now: float | None = None) -> Settled | None:
        """Enter a finished table in its accounts' histories and ratings, once.

        Returns:
            What was done, or ``None`` if there was nothing to do: the table is not
            finished, or it was settled already (by this process or another).
        """
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            claimed = conn.execute(
                tables_t.update()
                .where(
                    tables_t.c.id == table_id,
                    tables_t.c.finished.is_(True),
                    tables_t.c.settled_at.is_(None),
                )
                .values(settled_at=now)
            )
            if claimed.rowcount != 1:
                return None
            found = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            seats = conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            row = _table_row(found, seats)
            return self._settle(conn, row, now)

    def _settle(self, conn: Connection, row: TableRow, now: float) -> Settled:
        accounts = {s.seat: s.account_id for s in row.seats if s.account_id is not None}
        if not accounts:
            return Settled(row.id, False, {})
        result = row.result or {}
        ranks = ranks_of(result, row.players)
        pool = pool_of(row.players)
        fixed = {
            s.seat: level_rating(row.game, row.players, s.agent)
            for s in row.seats
            if s.agent is not None
        }
        rated = (
            row.rated
            and is_rated_result(row.result)
            and all(s.agent is not None or s.account_id is not None for s in row.seats)
            and all(r is not None for r in fixed.values())
        )
        changes: dict[int, tuple[PlayerRating, PlayerRating]] = {}
        if rated:
            before = self._lock_ratings(conn, sorted(set(accounts.values())), row.game, pool, now)
            sides = regency.new_game(
                row.game, players=row.players, seed=row.seed, **row.options
            ).sides()
            people = {seat: before[account] for seat, account in accounts.items()}
            after = rate_game(
                row.players,
                sides,
                ranks,
                people,
                {seat: r for seat, r in fixed.items() if r is not None},
            )
            for seat, account in accounts.items():
                changes[account] = (people[seat], after[seat])
                conn.execute(
                    ratings_t.update()
                    .where(
                        ratings_t.c.account_id == account,
                        ratings_t.c.game == row.game,
                        ratings_t.c.pool == pool,
                    )
                    .values(
                        rating=after[seat].rating,
                        deviation=after[seat].deviation,
                        volatility=after[seat].volatility,
                        games=after[seat].games,
                        updated_at=now,
                    )
                )
        conn.execute(
            account_games_t.insert(),
            [
                {
                    "account_id": account,
                    "table_id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "pool": pool,
                    "seat": seat,
                    "rated": rated,
                    "outcome": rank_outcome(ranks, seat, not is_rated_result(row.result)),
                    "finished_at": row.updated_at,
                    "rating_before": changes[account][0].rating if rated else None,
                    "rating_after": changes[account][1].rating if rated else None,
                    "deviation_after": changes[account][1].deviation if rated else None,
                }
                for seat, account in accounts.items()
            ],
        )
        return Settled(row.id, rated, changes)

    def _lock_ratings(
        self, conn: Connection, accounts: list[int], game: str, pool: str, now: float
    ) -> dict[int, PlayerRating]:
        """The accounts' ratings in the pool, their rows made if missing and locked."""
        fresh = PlayerRating()
        for account in accounts:
            conn.execute(
                self._insert_ignore()
                .values(
                    account_id=account,
                    game=game,
                    pool=pool,
                    rating=fresh.rating,
                    deviation=fresh.deviation,
                    volatility=fresh.volatility,
                    games=0,
                    updated_at=now,
                )
                .on_conflict_do_nothing()
            )
        query = (
            ratings_t.select()
            .where(
                ratings_t.c.account_id.in_(accounts),
                ratings_t.c.game == game,
                ratings_t.c.pool == pool,
            )
            .order_by(ratings_t.c.account_id)
        )
        if self.storage.is_postgres:
            query = query.with_for_update()
        return {int(r.account_id): _rating(r) for r in conn.execute(query).all()}

    def _insert_ignore(self) -> Any:
        if self.storage.is_postgres:
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(ratings_t)
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(ratings_t)

    # -- what the pages read ---------------------------------------------------------

    def summary(self, account_id: int) -> list[dict[str, Any]]:
        """Games played and won per game and pool (every finished game, rated or not)."""
        query = (
            sa.select(
                account_games_t.c.game,
                account_games_t.c.pool,
                sa.func.count().label("played"),
                sa.func.sum(sa.case((account_games_t.c.outcome == "won", 1), else_=0)).label("won"),
                sa.func.sum(sa.case((account_games_t.c.rated, 1), else_=0)).label("rated"),
            )
            .where(account_games_t.c.account_id == account_id)
            .group_by(account_games_t.c.game, account_games_t.c.pool)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            {
                "game": r.game,
                "pool": r.pool,
                "played": int(r.played),
                "won": int(r.won or 0),
                "rated": int(r.rated or 0),
            }
            for r in rows
        ]

    def history(self, account_id: int, limit: int = 500) -> dict[tuple[str, str], list[Any]]:
        """The rating after each of the latest ``limit`` rated games, per game and pool.

        Oldest first within each: ``[finished_at, rating_after, deviation_after]``.
        """
        query = (
            sa.select(
                account_games_t.c.game,
                account_games_t.c.pool,
                account_games_t.c.finished_at,
                account_games_t.c.rating_after,
                account_games_t.c.deviation_after,
            )
            .where(account_games_t.c.account_id == account_id, account_games_t.c.rated)
            .order_by(account_games_t.c.finished_at.desc())
            .limit(limit)
        )
        out: dict[tuple[str, str], list[Any]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(query).all():
                out.setdefault((r.game, r.pool), []).append(
                    [r.finished_at, round(r.rating_after, 1), round(r.deviation_after, 1)]
                )
        return {key: points[::-1] for key, points in out.items()}

    def games(
        self,
        account_id: int,
        game: str | None,
        outcome: str | None,
        limit: int,
        offset: int,
    ) -> tuple[int, list[TableRow], list[Any]]:
        """The account's finished games, newest first, filtered; and how many there are.

        Returns:
            The count matching the filters, the tables of the page asked for, and their
            ``account_games`` rows (in the same order).
        """
        where = [account_games_t.c.account_id == account_id]
        if game is not None:
            where.append(account_games_t.c.game == game)
        if outcome is not None:
            where.append(account_games_t.c.outcome == outcome)
        with self.engine.connect() as conn:
            count = conn.execute(sa.select(sa.func.count()).where(*where)).scalar()
            entries = conn.execute(
                account_games_t.select()
                .where(*where)
                .order_by(account_games_t.c.finished_at.desc(), account_games_t.c.table_id)
                .limit(limit)
                .offset(offset)
            ).all()
            tables = self._tables(conn, [e.table_id for e in entries])
        return int(count or 0), [tables[e.table_id] for e in entries], list(entries)

    def _tables(self, conn: Connection, ids: list[str]) -> dict[str, TableRow]:
        if not ids:
            return {}
        rows = conn.execute(tables_t.select().where(tables_t.c.id.in_(ids))).all()
        seats = conn.execute(
            seats_t.select().where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
        ).all()
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(s)
        return {r.id: _table_row(r, by_table.get(r.id, [])) for r in rows}

    def open_tables(self, account_id: int, limit: int = 200) -> list[tuple[TableRow, int]]:
        """The unfinished tables the account sits at, with its seat: its turn first."""
        with self.engine.connect() as conn:
            mine = conn.execute(
                sa.select(seats_t.c.table_id, seats_t.c.seat)
                .join(tables_t, tables_t.c.id == seats_t.c.table_id)
                .where(seats_t.c.account_id == account_id, tables_t.c.finished.is_(False))
                .order_by(tables_t.c.updated_at.desc())
                .limit(limit)
            ).all()
            tables = self._tables(conn, [m.table_id for m in mine])
        out = [(tables[m.table_id], int(m.seat)) for m in mine if m.table_id in tables]
        out.sort(key=lambda pair: pair[0].to_move != pair[1])  # stable: newest first after
        return out

    def leaderboard(
        self, game: str, pool: str, since: float, limit: int = 50
    ) -> list[tuple[str, PlayerRating]]:
        """The best non-provisional ratings of the pool with a rated game since ``since``."""
        query = (
            sa.select(accounts_t.c.name, ratings_t)
            .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
            .where(
                ratings_t.c.game == game,
                ratings_t.c.pool == pool,
                ratings_t.c.deviation <= PROVISIONAL_DEVIATION,
                ratings_t.c.updated_at >= since,
                accounts_t.c.disabled.is_(False),
            )
            .order_by(ratings_t.c.rating.desc(), accounts_t.c.name)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [(r.name, _rating(r)) for r in conn.execute(query).all()]

    def records(self, account_id: int, limit: int) -> Iterator[tuple[TableRow, list[str]]]:
        """Each finished game of the account with its moves' notation, newest first."""
        with self.engine.connect() as conn:
            ids = [
                r.table_id
                for r in conn.execute(
                    sa.select(account_games_t.c.table_id)
                    .where(account_games_t.c.account_id == account_id)
                    .order_by(account_games_t.c.finished_at.desc())
                    .limit(limit)
                ).all()
            ]
        for start in range(0, len(ids), 100):
            chunk = ids[start : start + 100]
            with self.engine.connect() as conn:
                tables = self._tables(conn, chunk)
                moves: dict[str, list[str]] = {}
                for m in conn.execute(
                    sa.select(moves_t.c.table_id, moves_t.c.notation)
                    .where(moves_t.c.table_id.in_(chunk))
                    .order_by(moves_t.c.table_id, moves_t.c.number)
                ).all():
                    moves.setdefault(m.table_id, []).append(m.notation)
            for table_id in chunk:
                if table_id in tables:
                    yield tables[table_id], moves.get(table_id, [])
