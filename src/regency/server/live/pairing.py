"""Open tables and quick pairing at the server: the requests, the rounds and the sweeps.

The pure part is :mod:`regency.pairing` (the pools, who sits with whom); what waits is in
the database (:mod:`regency.server.storage.pairing`); the lobby's pages hear of every
change (:mod:`regency.server.live.lobby`). :class:`Pairing` ties them to the tables in
play: a queue's round or a full open table becomes a table dealt with the same checks as
one set up from the lobby (:func:`regency.server.live.people.made_table`), stored with its
people claimed in one transaction, and put in play here (:meth:`Hub.adopt`).

Who asks is a :class:`Person`: an account (signed in, or by an API token), or a guest,
known by a token their page keeps (``Authorization: Bearer TOKEN``; the first request
without one is given one). A guest's token is also their seat's token at every table
they are seated at, so the page that waited holds the seat's key already; an account's
seat has none (it is played signed in). Guests may play casual games only.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
import time
from collections import defaultdict
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from regency.agents.ladder import ladder
from regency.core.errors import RegencyError
from regency.core.i18n import _
from regency.core.registry import game_info
from regency.pairing import (
    ComputerLevel,
    Member,
    Pool,
    PoolError,
    Queue,
    find_pool,
    match_queues,
    next_chance,
    reach_after,
)
from regency.pairing import Table as Seating
from regency.ratings import pool_of
from regency.server.errors import ProtocolError
from regency.server.live.lobby import Lobby, entry_json, listing_json
from regency.server.live.people import Sitter, made_table
from regency.server.live.setup import check_agent, check_clock, deal
from regency.server.live.table import hash_token, new_token
from regency.server.protocol import CreateTable, JoinPool, OpenTableRequest, SeatRequest
from regency.server.settings import RateLimit, ServerSettings
from regency.server.storage.accounts import Account
from regency.server.storage.pairing import PairingStore
from regency.server.storage.waiting import Entry, Listing, Made

if TYPE_CHECKING:  # the hub makes no pairing of its own: it is handed to us
    from regency.server.live.hub import Hub

__all__ = ["GUEST_NAME", "MAX_WAITING", "Pairing", "Person"]

log = logging.getLogger("regency.server")

GUEST_NAME = "Guest"
"""The name a guest's seat shows when they give none."""

MAX_WAITING = 5_000
"""People waiting in every queue together; one more is refused (503 ``queue_full``)."""

MAX_LISTED = 1_000
"""Open tables listed at once on the server; one more is refused (503 ``lobby_full``)."""

TOUCH_EVERY = 20.0
"""Seconds between two notes that the places this process's pages follow are still seen."""

SWEEP_EVERY = 5.0
"""Seconds between two sweeps for places and open tables gone stale."""

ROUND_GAP = 0.2
"""Seconds between the start of two rounds at least, when joins bring one forward."""

FORGET_AFTER = 86_400.0
"""Seconds a seated place or an ended open table is kept (for a late page asking)."""

_GUEST_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


@dataclass(frozen=True, slots=True)
class Person:
    """Who asks: an account, or a guest known by the token their page keeps.

    Attributes:
        key: ``a:ID`` for an account, ``g:`` and the SHA-256 of a guest's token.
        name: The name their seats show.
        account: The account (``None``: a guest).
        token: A guest's token (their seat token at the tables they are seated at).
    """

    key: str
    name: str
    account: Account | None = None
    token: str | None = None

    @classmethod
    def of(cls, account: Account | None, token: str | None, name: str) -> Person:
        """The person asking: ``account`` if signed in, else a guest.

        A guest is known by ``token`` (a fresh one if none, or not a guest's) and
        named ``name``.
        """
        if account is not None:
            return cls(f"a:{account.id}", account.name, account)
        if token is None or not _GUEST_TOKEN.fullmatch(token):
            token = new_token()
        clean = " ".join(name.split())
        return cls(f"g:{hash_token(token)}", clean or GUEST_NAME, None, token)

    def owns(self, entry: Entry) -> bool:
        """Whether ``entry`` is this person's."""
        return entry.person == self.key


def _new_id() -> str:
    return secrets.token_urlsafe(9)


class Pairing:
    """Quick pairing and open tables in this server process.

    Args:
        hub: The tables in play (new tables are stored through its database and adopted).
        settings: The server's settings: its caps, the round's tick.
    """

    def __init__(self, hub: Hub, settings: ServerSettings) -> None:
        self.hub = hub
        self.settings = settings
        self.store = PairingStore(hub.storage)
        self.lobby = Lobby(self.store, settings.open_table_minutes * 60)
        self.bursts = RateLimit(settings.pairing_per_minute)
        """Pairing requests per client address (429 ``pairing_too_fast``)."""
        self.closed = False
        self._wake = asyncio.Event()
        """Set when a table may have become possible: the next round comes sooner."""
        self._next_chance: float | None = None
        """When, as the last round left the queues, two people come within reach (or one
        takes computers): the round after it comes then, not at the next tick."""
        self._up_since = time.time()
        self._pool_levels: dict[str, tuple[ComputerLevel, ...]] = {}

    async def start(self) -> None:
        """Read the list of open tables and the queues' counts."""
        await self.lobby.load()

    async def _changed(self, events: list[str]) -> None:
        """Tell this process's lobby of ``events`` (with PostgreSQL ``NOTIFY`` does it)."""
        if events and not self.hub.storage.is_postgres:
            await self.lobby.announced(events)

    def check_burst(self, client: str) -> None:
        """Count one request of ``client``; 429 ``pairing_too_fast`` past the limit."""
        wait = self.bursts.allow(client)
        if wait:
            seconds = max(1, round(wait))
            raise ProtocolError(
                429,
                "pairing_too_fast",
                _(
                    "one client may make {pairing_per_minute} pairing requests a minute; try again "
                    "in {seconds} s",
                    pairing_per_minute=self.settings.pairing_per_minute,
                    seconds=seconds,
                ),
                retry_after=seconds,
            )

    async def _rating(self, person: Person, game: str, players: int) -> tuple[float, str | None]:
        """The rating matched on and shown: an account's in the pool; a guest's 1500."""
        if person.account is None:
            return 1500.0, None
        found = await asyncio.to_thread(
            self.hub.ratings.rating, person.account.id, game, pool_of(players)
        )
        return found.rating, found.shown()

    def _entry(
        self, person: Person, rated: bool, rating: tuple[float, str | None], **where: Any
    ) -> Entry:
        now = time.time()
        return Entry(
            id=_new_id(),
            person=person.key,
            name=person.name,
            rated=rated,
            rating=rating[0],
            shown=rating[1],
            joined_at=now,
            seen_at=now,
            account_id=None if person.account is None else person.account.id,
            token_hash=None if person.token is None else hash_token(person.token),
            **where,
        )

    def _answer(self, person: Person, entry: Entry, **more: Any) -> dict[str, Any]:
        reach = reach_after(time.time() - entry.joined_at) if entry.pool else None
        return {"entry": entry_json(entry, reach), "token": person.token, **more}

    # -- quick pairing ---------------------------------------------------------------

    async def join_pool(self, person: Person, pool_id: str, req: JoinPool) -> dict[str, Any]:
        """Put ``person`` in the queue of ``pool_id`` (rated or casual).

        Raises:
            ProtocolError: 404 ``no_such_pool``, 401 ``signed_out`` (rated, as a guest),
                409 ``already_waiting``, 429 ``too_many_entries``, 503 ``queue_full``.
        """
        try:
            pool = find_pool(pool_id)
        except PoolError as exc:
            raise ProtocolError(404, "no_such_pool", str(exc)) from None
        if req.rated and person.account is None:
            raise ProtocolError(401, "signed_out", _("sign in to play rated games"))
        waiting = sum(n for c in self.lobby.counts.values() for n in c.values())
        if waiting >= MAX_WAITING:
            raise ProtocolError(503, "queue_full", _("the queues are full; try again soon"))
        rating = await self._rating(person, pool.game, pool.players)
        entry = self._entry(person, req.rated, rating, pool=pool.id, fill_after=req.fill_after)
        events, waiting = await self.hub.write(
            self.store.join, entry, self.settings.waiting_per_person
        )
        await self._changed(events)
        if waiting >= pool.players or req.fill_after == 0:
            self._wake.set()  # a table may be possible now: a round soon, not at the tick
        return self._answer(person, entry, pool=pool.to_json())

    async def entry(self, entry_id: str) -> dict[str, Any]:
        """A place in a queue or at an open table, by its id (noted as seen while it waits).

        Raises:
            ProtocolError: 404 ``no_such_entry``.
        """
        found = await asyncio.to_thread(self.store.entry, entry_id[:32])
        if found is None:
            raise ProtocolError(
                404, "no_such_entry", _("no place waits with that id (left, given up or never)")
            )
        if found.waiting:
            await self.hub.write(self.store.touch, [found.id], time.time())
        reach = reach_after(time.time() - found.joined_at) if found.pool else None
        return {"entry": entry_json(found, reach)}

    async def leave(self, entry_id: str, person: Person) -> dict[str, Any]:
        """Give up a place (an open table's opener closes it by leaving).

        Raises:
            ProtocolError: 404 ``no_such_entry``, 403 ``forbidden``, 409 ``already_seated``.
        """
        entry, events = await self.hub.write(self.store.leave, entry_id[:32], person.key)
        if entry is None:
            raise ProtocolError(404, "no_such_entry", _("no place waits with that id"))
        await self._changed(events)
        return {"left": entry.id}

    # -- open tables -----------------------------------------------------------------

    async def open_table(self, person: Person, req: OpenTableRequest) -> dict[str, Any]:
        """List a new open table, its opener in the first seat.

        Raises:
            ProtocolError: 400 ``bad_table`` (the engine refused the game or options),
                422 ``bad_clock``, ``secret_option``, ``bad_range``, 401 ``signed_out``
                (rated, as a guest), 429 ``too_many_open_tables`` or
                ``too_many_entries``, 503 ``lobby_full``.
        """
        check = CreateTable(
            game=req.game,
            players=req.players,
            options=req.options,
            move_seconds=req.move_seconds,
            rated=req.rated,
        )
        spec, _unused = await asyncio.to_thread(deal, check)
        check_clock(check, self.settings)
        secret = set(req.options) - set(game_info(spec.game).public_options(req.options))
        if secret:
            raise ProtocolError(
                422,
                "secret_option",
                _(
                    "a table open to anyone cannot fix hidden cards ({options})",
                    options=", ".join(sorted(secret)),
                ),
            )
        if req.rated and person.account is None:
            raise ProtocolError(401, "signed_out", _("sign in to open a rated table"))
        low, high = req.rating_min, req.rating_max
        if low is not None and high is not None and low > high:
            raise ProtocolError(
                422,
                "bad_range",
                _("the lowest rating ({low}) is above the highest ({high})", low=low, high=high),
            )
        if len(self.lobby.listed) >= MAX_LISTED:
            raise ProtocolError(503, "lobby_full", _("the lobby lists as many tables as it can"))
        rating = await self._rating(person, spec.game, spec.players)
        now = time.time()
        listing = Listing(
            id=_new_id(),
            game=spec.game,
            players=spec.players,
            options=dict(req.options),
            move_seconds=req.move_seconds,
            rated=req.rated,
            rating_min=low,
            rating_max=high,
            creator=person.key,
            created_at=now,
            updated_at=now,
        )
        entry = self._entry(person, req.rated, rating, open_id=listing.id)
        events = await self.hub.write(
            self.store.open,
            listing,
            entry,
            self.settings.waiting_per_person,
            self.settings.open_tables_per_person,
        )
        await self._changed(events)
        shown = listing_json(replace(listing, entries=(entry,)), self.lobby.stale_after)
        return self._answer(person, entry, open=shown)

    async def sit(self, open_id: str, person: Person) -> dict[str, Any]:
        """Sit ``person`` down at an open table; the table starts when it is full.

        Raises:
            ProtocolError: 404 ``no_such_open_table``, 409 ``open_table_ended``,
                ``already_seated_here``, ``table_full``, 401 ``signed_out`` (a rated
                table, as a guest), 403 ``out_of_range`` or ``rating_unknown``, 429
                ``too_many_entries``.
        """
        found = await asyncio.to_thread(self.store.listing, open_id[:32])
        if found is None:
            raise ProtocolError(404, "no_such_open_table", _("no open table has that id"))
        rating = await self._rating(person, found.game, found.players)

        def check(listing: Listing) -> None:
            if listing.rated and person.account is None:
                raise ProtocolError(401, "signed_out", _("sign in to sit at a rated table"))
            low, high = listing.rating_min, listing.rating_max
            if low is None and high is None:
                return
            if person.account is None:
                raise ProtocolError(
                    403,
                    "rating_unknown",
                    _("this table asks for a rating range: sign in, so your rating is known"),
                )
            if (low is not None and rating[0] < low) or (high is not None and rating[0] > high):
                bounds = f"{'any' if low is None else low} to {'any' if high is None else high}"
                raise ProtocolError(
                    403,
                    "out_of_range",
                    _(
                        "your rating ({rating}) is outside this table's range ({bounds})",
                        rating=round(rating[0]),
                        bounds=bounds,
                    ),
                )

        entry = self._entry(person, found.rated, rating, open_id=found.id)
        listing, events = await self.hub.write(
            self.store.sit, found.id, entry, self.settings.waiting_per_person, check
        )
        await self._changed(events)
        if listing.full:
            await self.start_table(listing.id)
            seated = await asyncio.to_thread(self.store.entry, entry.id)
            entry = entry if seated is None else seated
        return self._answer(person, entry)

    async def close_table(self, open_id: str, person: Person) -> dict[str, Any]:
        """Close an open table its opener listed (everyone sitting there leaves).

        Raises:
            ProtocolError: 404 ``no_such_open_table``, 403 ``forbidden``, 409
                ``open_table_ended``.
        """
        events = await self.hub.write(self.store.close, open_id[:32], person.key)
        await self._changed(events)
        return {"closed": open_id}

    async def start_table(self, open_id: str) -> bool:
        """Deal a full open table and put it in play here; whether one was dealt."""
        if await asyncio.to_thread(self.hub.storage.count_unfinished) >= (
            self.settings.max_open_tables
        ):
            log.warning("open table %s is full but the server is full: it waits", open_id)
            return False
        try:
            made, events = await self.hub.write(self.store.start, open_id, self._build_open)
        except (ProtocolError, RegencyError) as exc:  # a table we cannot deal: closed
            log.error("cannot deal open table %s: %s", open_id, exc)
            return False
        if made is not None:
            self.hub.adopt(made.row)
        await self._changed(events)
        return made is not None

    def _build_open(self, listing: Listing) -> Made:
        """The table of a full open table: its people in the order they sat down."""
        req = CreateTable(
            game=listing.game,
            players=listing.players,
            options=listing.options,
            seats=[SeatRequest(name=e.name) for e in listing.entries],
            move_seconds=listing.move_seconds,
            rated=listing.rated,
        )
        sitters = {
            seat: Sitter(e.name, e.account_id, e.token_hash, e.shown)
            for seat, e in enumerate(listing.entries)
        }
        row, _unused = made_table(req, sitters, self.settings)
        return Made(row, {e.id: seat for seat, e in enumerate(listing.entries)})

    # -- rounds ----------------------------------------------------------------------

    async def round(self) -> int:
        """One round of quick pairing over every queue; the tables made (here)."""
        started = time.perf_counter()
        if self.hub.storage.is_postgres:
            made, events = await asyncio.to_thread(self._round_locked)
        else:  # one process: plan in a thread, store on the one writer's thread
            planned = await asyncio.to_thread(self._plan)
            made, events = await self.hub.write(self.store.seat, planned) if planned else ([], [])
        for m in made:
            self.hub.adopt(m.row)
        await self._changed(events)
        if made:
            log.info(
                "quick pairing: %d tables for %d people in %.3f s",
                len(made),
                sum(len(m.seats) for m in made),
                time.perf_counter() - started,
            )
        return len(made)

    def _round_locked(self) -> tuple[list[Made], list[str]]:
        with self.store.round_lock() as mine:
            if not mine:
                return [], []  # another process is matching: our people are in its queue
            planned = self._plan()
            return self.store.seat(planned) if planned else ([], [])

    def _plan(self) -> list[Made]:
        """Read the queues, match them, and make each table (not stored yet)."""
        entries = self.store.waiting()
        self._next_chance = None
        if not entries:
            return []
        room = self.settings.max_open_tables - self.hub.storage.count_unfinished()
        now = time.time()
        by_queue: dict[tuple[str, bool], list[Entry]] = defaultdict(list)
        for e in entries:
            if e.pool is not None:
                by_queue[e.pool, e.rated].append(e)
        queues = []
        for (pool_id, rated), waiting in by_queue.items():
            try:
                pool = find_pool(pool_id)
            except PoolError:
                continue  # a pool this release no longer offers: its people wait in vain
            members = tuple(
                Member(e.id, e.person, e.rating, e.joined_at, e.fill_after) for e in waiting
            )
            key = f"{pool.id}:{int(rated)}"
            queues.append(Queue(key, members, pool.players, self._levels(pool)))
        by_id = {e.id: e for e in entries}
        made: list[Made] = []
        matched = match_queues(queues, now)
        seated = {p.person for tables in matched.values() for t in tables for p in t.people}
        chances = [
            next_chance([m for m in q.members if m.person not in seated], now) for q in queues
        ]
        self._next_chance = min((c for c in chances if c is not None), default=None)
        for key, tables in matched.items():
            pool_id, _sep, mode = key.rpartition(":")
            pool = find_pool(pool_id)
            for table in tables:
                if len(made) >= room:
                    log.warning("the server is full: quick pairing waits for tables to end")
                    return made
                try:
                    made.append(self._build_pool_table(pool, mode == "1", table, by_id))
                except (ProtocolError, RegencyError) as exc:
                    log.error("cannot deal a table of pool %s: %s", pool_id, exc)
        return made

    def _build_pool_table(
        self, pool: Pool, rated: bool, table: Seating, entries: dict[str, Entry]
    ) -> Made:
        """A table a round made: its people and computer levels in seats drawn at random."""
        people = [entries[m.id] for m in table.people]
        slots: list[Entry | ComputerLevel] = [*people, *table.computers]
        random.SystemRandom().shuffle(slots)
        req = CreateTable(
            game=pool.game,
            players=pool.players,
            seats=[
                SeatRequest(agent=s.agent)
                if isinstance(s, ComputerLevel)
                else SeatRequest(name=s.name)
                for s in slots
            ],
            move_seconds=pool.move_seconds,
            rated=rated,
        )
        sitters = {
            seat: Sitter(s.name, s.account_id, s.token_hash, s.shown)
            for seat, s in enumerate(slots)
            if isinstance(s, Entry)
        }
        row, _unused = made_table(req, sitters, self.settings)
        return Made(row, {s.id: seat for seat, s in enumerate(slots) if isinstance(s, Entry)})

    def _levels(self, pool: Pool) -> tuple[ComputerLevel, ...]:
        """The ladder's levels that may fill a seat in ``pool`` (those the server's caps allow).

        Worked out once per pool: building an agent to check its spec takes a while.
        """
        known = self._pool_levels.get(pool.id)
        if known is not None:
            return known
        levels = []
        for level in ladder(pool.game, pool.players):
            if level.strength is None:
                continue
            try:
                check_agent(level.agent, pool.game, pool.players, self.settings)
            except ProtocolError:
                continue
            levels.append(ComputerLevel(level.agent, float(level.strength.rating), level.name))
        self._pool_levels[pool.id] = tuple(levels)
        return self._pool_levels[pool.id]

    # -- the loop --------------------------------------------------------------------

    async def run(self) -> None:
        """Forever: a round every ``pairing_tick``; now and then the sweeps.

        A round comes sooner when a table may have become possible: a join gives its queue
        a table's worth of people (or its person takes computers at once), or the moment
        comes when two people waiting come within reach or one takes computers
        (:func:`~regency.pairing.matching.next_chance`). It starts :data:`ROUND_GAP`
        after the last one at the earliest (or twice as long as the last round took, if
        longer), so joins that come together are matched together and a queue of
        thousands cannot keep the server matching all the time.
        """
        loop = asyncio.get_running_loop()
        touched = swept = last = loop.time()
        took = 0.0
        touch_every = min(TOUCH_EVERY, self.settings.entry_stale / 3)
        tick = self.settings.pairing_tick
        while not self.closed:
            wait = tick
            if self._next_chance is not None:
                wait = min(tick, max(0.0, self._next_chance - time.time()))
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            gap = last + min(max(ROUND_GAP, 2 * took), tick) - loop.time()
            if gap > 0:
                await asyncio.sleep(gap)
            self._wake.clear()
            last = loop.time()
            try:
                await self.round()
                took = loop.time() - last
                if loop.time() - touched >= touch_every:
                    touched = loop.time()
                    await self.hub.write(self.store.touch, self.lobby.followed(), time.time())
                if loop.time() - swept >= min(SWEEP_EVERY, 5 * self.settings.pairing_tick):
                    swept = loop.time()
                    await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # a failed round is tried again at the next tick
                log.exception("quick pairing's round failed")

    async def sweep(self, now: float | None = None) -> list[str]:
        """Give up stale places, close idle open tables, deal full ones; the events.

        A place is stale when no page has followed it for ``entry_stale`` seconds; so
        that a restart does not give up every place, none is stale before this process
        has been up that long (the pages reconnect meanwhile).
        """
        now = time.time() if now is None else now
        up = now - self._up_since >= self.settings.entry_stale
        stale_before = now - self.settings.entry_stale if up else 0.0
        events = await self.hub.write(
            self.store.sweep,
            stale_before,
            now - self.settings.open_table_minutes * 60,
            now - FORGET_AFTER,
        )
        await self._changed(events)
        for open_id, shown in list(self.lobby.listed.items()):
            if shown["empty"] == 0:  # sat down in full before a crash, not yet dealt
                await self.start_table(open_id)
        return events

    async def close(self) -> None:
        """Stop the rounds; end the lobby's streams."""
        self.closed = True
        await self.lobby.close()
