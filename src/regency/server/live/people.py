"""Accounts at the tables: whose seat is whose, and what a rated table needs.

Setting up a table signed in, a person sits at it as their account (:func:`seat_people`:
the first person's seat, unless the request says otherwise with ``me``); that seat has
no token, its account plays it from any device where it is signed in. Every other
person's seat gets an invite link as before; a signed-in person who opens one may take
the seat as their account (:func:`join_seat`). A **rated** table is set up signed in,
with every computer seat a level of the game's ladder (whose rating the game is rated
against, :func:`regency.ratings.level_rating`), and waits until every person's seat is
an account's before any move is made (:meth:`LiveTable.waiting`).

Tables that nobody sets up by hand (quick pairing's, an open table's once full; a
tournament's) seat several people at once, accounts and guests: :func:`made_table` deals
such a table with :mod:`~regency.server.live.setup`'s checks and puts each
:class:`Sitter` in their seat, as :meth:`Hub.create` seats the person setting a table up
(:func:`seat_sitters`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace

from regency.core.i18n import _
from regency.ratings import level_rating, pool_of
from regency.server.errors import ProtocolError
from regency.server.live.setup import agents_to_check, check_agent, check_clock, deal, table_row
from regency.server.live.table import LiveTable, hash_token, new_token
from regency.server.protocol import CreateTable
from regency.server.settings import ServerSettings
from regency.server.storage.accounts import Account
from regency.server.storage.database import SeatRow, TableRow
from regency.server.storage.ratings import RatingStore
from regency.tables import TableSpec

__all__ = ["Sitter", "join_seat", "level_ratings", "made_table", "seat_people", "seat_sitters"]


@dataclass(frozen=True, slots=True)
class Sitter:
    """A person to seat at a new table: an account, or a guest who holds the seat's token.

    Attributes:
        name: The name the seat shows (an account's own name).
        account_id: The account that sits there (``None``: a guest).
        token_hash: The SHA-256 of the guest's seat token (``None``: played signed in).
        rating: The rating shown beside the seat (an account's, in the table's pool).
    """

    name: str
    account_id: int | None = None
    token_hash: str | None = None
    rating: str | None = None


def level_ratings(spec: TableSpec) -> dict[int, str]:
    """The rating shown beside each computer seat of a rated table: its ladder level's.

    Raises:
        ProtocolError: 422 ``unrated_agent`` for a computer seat that is not a level.
    """
    shown = {}
    for seat, s in enumerate(spec.seats):
        if s.agent is None:
            continue
        level = level_rating(spec.game, spec.players, s.agent)
        if level is None:
            raise ProtocolError(
                422,
                "unrated_agent",
                _(
                    "seat {seat}'s computer ({agent}) is not a level of the ladder: at a rated "
                    "table each computer plays one of the levels of GET /api/games",
                    seat=seat,
                    agent=s.agent,
                ),
            )
        shown[seat] = str(round(level.rating))
    return shown


def seat_sitters(
    row: TableRow, sitters: Mapping[int, Sitter], shown: Mapping[int, str], rated: bool
) -> TableRow:
    """A new table's row with each sitter in their seat and the ratings ``shown`` beside seats.

    A sitter's own ``rating`` (when given) wins over ``shown``'s; a sitter with no token
    hash keeps the seat's (none, for an account's seat played signed in).
    """
    seats = list(row.seats)
    for seat, text in shown.items():
        seats[seat] = replace(seats[seat], rating=text)
    for seat, who in sitters.items():
        seats[seat] = replace(
            seats[seat],
            name=who.name,
            account_id=who.account_id,
            token_hash=who.token_hash if who.token_hash is not None else seats[seat].token_hash,
            rating=who.rating if who.rating is not None else seats[seat].rating,
        )
    return replace(row, seats=tuple(seats), rated=rated)


# A computer level's spec is checked once per game, player count and caps: a round of
# quick pairing makes hundreds of tables with the same few levels, and building an agent
# to check it costs a millisecond or more.
_checked_agent = functools.lru_cache(maxsize=512)(check_agent)


def made_table(
    req: CreateTable, sitters: Mapping[int, Sitter], settings: ServerSettings
) -> tuple[TableRow, str]:
    """A new table of ``req``'s game, clock and rating mode, ``sitters`` in its people's seats.

    For tables nobody sets up by hand (quick pairing, a full open table, a tournament's
    round): ``req.seats`` names a person (``{"name"}``) or a computer level (``{"agent"}``)
    per seat, and ``sitters`` who sits in each person's seat. The same checks as a table
    set up from the lobby: the game and options dealt by the engine, the clock, every
    agent held to the server's caps, and at a rated table every computer a ladder level.
    Blocking (the deal, and a first check of an agent spec): call it from a thread, or
    inside a store's transaction. Nothing is stored.

    Returns:
        The table's row (version 0) and its spectators' token (the row keeps its hash).

    Raises:
        ProtocolError: as :meth:`Hub.create`'s checks, and 422 ``bad_seats`` when the
            sitters are not exactly the people's seats.
    """
    spec, game = deal(req)
    check_clock(req, settings)
    for agent in agents_to_check(req, spec):
        _checked_agent(agent, spec.game, spec.players, settings)
    if set(sitters) != set(spec.people):
        raise ProtocolError(422, "bad_seats", _("every person's seat needs someone to sit there"))
    shown = level_ratings(spec) if req.rated else {}
    spectator = new_token()
    hashes = {seat: who.token_hash for seat, who in sitters.items() if who.token_hash is not None}
    row = table_row(req, spec, game, hashes, hash_token(spectator), settings.open_wait)
    return seat_sitters(row, sitters, shown, req.rated), spectator


def _own_seat(req: CreateTable, spec: TableSpec, account: Account | None) -> int | None:
    """The seat of the person setting the table up (``None``: they sit nowhere)."""
    said = [i for i, s in enumerate(req.seats or []) if s.me]
    if account is None:
        if said or req.rated:
            raise ProtocolError(
                401, "signed_out", _("sign in to sit as your account or to set up a rated table")
            )
        return None
    if len(said) > 1:
        raise ProtocolError(422, "bad_seats", _("only one seat can be yours ('me': true)"))
    if said:
        if said[0] not in spec.people:
            raise ProtocolError(
                422, "bad_seats", _("seat {said} is a computer's, not yours", said=said[0])
            )
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
            raise ProtocolError(422, "no_people", _("a rated table needs a person at it"))
        shown = level_ratings(spec)
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
        raise ProtocolError(409, "not_a_person", _("seat {seat} is the computer's", seat=seat))
    if row.account_id is not None:
        raise ProtocolError(
            409, "seat_taken", _("seat {seat} is {name}'s already", seat=seat, name=row.name)
        )
    live.check_token(seat, token)
    if live.over:
        raise ProtocolError(409, "game_over", _("the game is over"))
    other = live.seat_of(account.id)
    if other is not None:
        raise ProtocolError(
            409, "already_seated", _("you sit at seat {other} of this table already", other=other)
        )
    shown = ratings.rating(account.id, live.row.game, pool_of(live.row.players)).shown()
    return replace(row, account_id=account.id, name=account.name, rating=shown)
