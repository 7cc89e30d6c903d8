"""Accounts at the tables: whose seat is whose, and what a rated table needs.

Setting up a table signed in, a person sits at it as their account (:func:`seat_people`:
the first person's seat, unless the request says otherwise with ``me``); that seat has
no token, its account plays it from any device where it is signed in. Every other
person's seat gets an invite link as before; a signed-in person who opens one may take
the seat as their account (:func:`join_seat`). A **rated** table is set up signed in,
with every computer seat a level of the game's ladder (whose rating the game is rated
against, :func:`regency.ratings.level_rating`), and waits until every person's seat is
an account's before any move is made (:meth:`LiveTable.waiting`).
"""

from __future__ import annotations

from dataclasses import replace

from regency.ratings import level_rating, pool_of
from regency.server.errors import ProtocolError
from regency.server.live.table import LiveTable
from regency.server.protocol import CreateTable
from regency.server.storage.accounts import Account
from regency.server.storage.database import SeatRow
from regency.server.storage.ratings import RatingStore
from regency.tables import TableSpec

__all__ = ["join_seat", "seat_people"]


def _own_seat(req: CreateTable, spec: TableSpec, account: Account | None) -> int | None:
    """The seat of the person setting the table up (``None``: they sit nowhere)."""
    said = [i for i, s in enumerate(req.seats or []) if s.me]
    if account is None:
        if said or req.rated:
            raise ProtocolError(
                401, "signed_out", "sign in to sit as your account or to set up a rated table"
            )
        return None
    if len(said) > 1:
        raise ProtocolError(422, "bad_seats", "only one seat can be yours ('me': true)")
    if said:
        if said[0] not in spec.people:
            raise ProtocolError(422, "bad_seats", f"seat {said[0]} is a computer's, not yours")
        return said[0]
    refused = {i for i, s in enumerate(req.seats or []) if s.me is False}
    free = [seat for seat in spec.people if seat not in refused]
    return free[0] if free and len(refused) < len(spec.people) else None


def seat_people(
    req: CreateTable, spec: TableSpec, account: Account | None, ratings: RatingStore
) -> tuple[int | None, dict[int, str]]:
    """Check a new table's people and ratings; the creator's seat and the ratings shown.

    Args:
        req: The request.
        spec: The table it sets up.
        account: The signed-in person setting it up (``None``: nobody signed in).
        ratings: Where the account's rating is read.

    Returns:
        The seat of the person setting it up (``None``: they sit nowhere), and the rating
        shown beside each seat that shows one (their account's; at a rated table, each
        computer level's).

    Raises:
        ProtocolError: 401 ``signed_out`` (a rated table, or ``me``, nobody signed in),
            422 ``bad_seats`` (two seats ``me``, or a computer's), 422 ``unrated_agent``
            (a rated table's computer seat is not a level of the game's ladder), 422
            ``no_people`` (a rated table with no person at it).
    """
    mine = _own_seat(req, spec, account)
    shown: dict[int, str] = {}
    if req.rated:
        if not spec.people:
            raise ProtocolError(422, "no_people", "a rated table needs a person at it")
        for seat, s in enumerate(spec.seats):
            if s.agent is None:
                continue
            level = level_rating(spec.game, spec.players, s.agent)
            if level is None:
                raise ProtocolError(
                    422,
                    "unrated_agent",
                    f"seat {seat}'s computer ({s.agent}) is not a level of the ladder: at a "
                    "rated table each computer plays one of the levels of GET /api/games",
                )
            shown[seat] = str(round(level.rating))
    if mine is not None and account is not None:
        shown[mine] = ratings.rating(account.id, spec.game, pool_of(spec.players)).shown()
    return mine, shown


def join_seat(
    live: LiveTable, seat: int, token: str | None, account: Account, ratings: RatingStore
) -> SeatRow:
    """The seat as ``account`` takes it with its invite link's token (nothing stored yet).

    Raises:
        ProtocolError: 404 (no such seat), 403 (not the seat's token), 409
            ``game_over``, ``not_a_person`` (a computer's seat), ``seat_taken``
            (another account's), ``already_seated`` (the account sits at another seat
            of the table).
    """
    row = live.check_seat(seat)
    if row.account_id == account.id:
        return row  # joined already: nothing changes
    if row.agent is not None:
        raise ProtocolError(409, "not_a_person", f"seat {seat} is the computer's")
    if row.account_id is not None:
        raise ProtocolError(409, "seat_taken", f"seat {seat} is {row.name}'s already")
    live.check_token(seat, token)
    if live.over:
        raise ProtocolError(409, "game_over", "the game is over")
    other = live.seat_of(account.id)
    if other is not None:
        raise ProtocolError(409, "already_seated", f"you sit at seat {other} of this table already")
    shown = ratings.rating(account.id, live.row.game, pool_of(live.row.players)).shown()
    return replace(row, account_id=account.id, name=account.name, rating=shown)
