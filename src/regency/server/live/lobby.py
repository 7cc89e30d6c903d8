"""The lobby, live: the open tables listed, the queues' counts, and the pages listening.

Every server process keeps the list of open tables and the counts of each queue in
memory, and a set of :class:`Stream` s, one per lobby page listening (server-sent
events, ``GET /api/lobby/events``). A change is announced by the store that made it
(:mod:`regency.server.storage.pairing`: ``open:ID``, ``gone:ID:WHY``,
``seated:TABLE:ENTRY=SEAT,...``, ``left:ENTRY,...:WHY``, ``pools``): with PostgreSQL
by ``NOTIFY`` to every process, with SQLite (one process) straight to this one. The
lobby reads what changed (one open table, the counts) and pushes one small event to
every page, encoded once; a page that follows its own places in the queues hears when
they are seated, and where.

Events (``event: NAME`` then ``data: JSON``):

* ``lobby``: the whole list and the counts, first on every stream;
* ``table``: an open table listed or changed (someone sat down or left);
* ``gone``: an open table no longer listed (``why``: started, closed, stale);
* ``pools``: every queue's count;
* ``entry``: one of the places the stream follows: waiting, seated (``table``,
  ``seat``, ``url``) or gone (``why``);
* ``restart``: the server is restarting (the page's EventSource reconnects, to another
  process behind the proxy).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import Any

from regency.core.i18n import _
from regency.core.registry import game_info
from regency.pairing import POOLS
from regency.server.errors import ProtocolError
from regency.server.protocol import encode
from regency.server.storage.pairing import PairingStore
from regency.server.storage.waiting import Entry, Listing

__all__ = [
    "MAX_FOLLOWED",
    "MAX_STREAMS",
    "Lobby",
    "Stream",
    "entry_json",
    "listing_json",
    "sse",
]

log = logging.getLogger("regency.server")

MAX_STREAMS = 10_000
"""Lobby pages one server process serves at once (503 ``lobby_busy`` past it)."""

MAX_FOLLOWED = 100
"""Places in queues (entries) one stream may follow."""

STREAM_BACKLOG = 256
"""Events a stream may fall behind by before it is closed (its page reconnects afresh)."""

RECOUNT_EVERY = 0.25
"""Seconds between two counts of the queues at most (joins in a burst are counted once)."""


def sse(name: str, data: Any) -> str:
    """One server-sent event: its name and its JSON (one line: JSON text has no newline)."""
    return f"event: {name}\ndata: {encode(data)}\n\n"


def entry_json(entry: Entry, reach: float | None = None) -> dict[str, Any]:
    """A place in a queue or at an open table, as its own person sees it.

    It holds no token: a guest's page adds its own to ``url`` (``#token=...``).
    """
    return {
        "id": entry.id,
        "status": "waiting" if entry.waiting else "seated",
        "pool": entry.pool,
        "open": entry.open_id,
        "rated": entry.rated,
        "name": entry.name,
        "rating": entry.shown,
        "joined_at": entry.joined_at,
        "fill_after": entry.fill_after,
        "reach": None if reach is None else round(reach),
        "table": entry.table_id,
        "seat": entry.seat,
        "url": None if entry.waiting else f"/play/{entry.table_id}/{entry.seat}",
    }


def listing_json(listing: Listing, stale_after: float) -> dict[str, Any]:
    """An open table as the lobby lists it: public facts only.

    Names and ratings; no id of anyone's place, no option that fixes hidden cards.
    """
    info = game_info(listing.game)
    low, high = listing.rating_min, listing.rating_max
    return {
        "id": listing.id,
        "game": listing.game,
        "title": info.title,
        "players": listing.players,
        "options": info.public_options(listing.options),
        "move_seconds": listing.move_seconds,
        "rated": listing.rated,
        "range": None if low is None and high is None else {"min": low, "max": high},
        "seats": [
            {"name": e.name, "rating": e.shown, "account": e.account_id is not None}
            for e in listing.entries
        ],
        "empty": max(0, listing.players - len(listing.entries)),
        "by": listing.entries[0].name if listing.entries else "",
        "created_at": listing.created_at,
        "closes_at": listing.updated_at + stale_after,
    }


class Stream:
    """One lobby page listening: the events waiting to be sent, and the places it follows."""

    __slots__ = ("closed", "entries", "queue")

    def __init__(self, entries: Iterable[str]) -> None:
        self.entries = frozenset(entries)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=STREAM_BACKLOG + 1)
        self.closed = False

    def push(self, text: str | None) -> None:
        """Queue an event (``None``: end the stream); a stream too far behind is ended."""
        if self.closed:
            return
        if text is None or self.queue.qsize() >= STREAM_BACKLOG:
            self.closed = True
            text = None
        self.queue.put_nowait(text)


class Lobby:
    """The lobby's live state in this server process.

    Args:
        store: The queues and open tables in the database.
        stale_after: Seconds an open table stays listed without anyone sitting down.
    """

    def __init__(self, store: PairingStore, stale_after: float) -> None:
        self.store = store
        self.stale_after = stale_after
        self.listed: dict[str, dict[str, Any]] = {}
        """The open tables listed, by id, as :func:`listing_json` shows them."""
        self.counts: dict[str, dict[str, int]] = {}
        """Every pool's queues: ``{"claim-2-120": {"casual": 3, "rated": 1}}``."""
        self.streams: set[Stream] = set()
        self.following: dict[str, set[Stream]] = {}
        self._recount: asyncio.Task[None] | None = None
        self._counted_at = 0.0

    async def load(self) -> None:
        """Read the list and the counts (at start, and after missing announcements)."""
        listings = await asyncio.to_thread(self.store.listings)
        self.listed = {listing.id: listing_json(listing, self.stale_after) for listing in listings}
        await self.count()

    def pools_json(self) -> list[dict[str, Any]]:
        """Every pool with its queues' counts, in the list's order."""
        return [
            {**pool.to_json(), **self.counts.get(pool.id, {"casual": 0, "rated": 0})}
            for pool in POOLS
        ]

    def snapshot(self) -> str:
        """The ``lobby`` event: every open table listed and every pool's counts."""
        return sse("lobby", {"open": list(self.listed.values()), "pools": self.pools_json()})

    # -- streams ---------------------------------------------------------------------

    def subscribe(self, entries: Sequence[str]) -> Stream:
        """A new stream, following ``entries`` (its first event is the snapshot).

        Raises:
            ProtocolError: 503 ``lobby_busy`` past :data:`MAX_STREAMS`, 422
                ``bad_request`` past :data:`MAX_FOLLOWED` entries.
        """
        if len(self.streams) >= MAX_STREAMS:
            raise ProtocolError(
                503, "lobby_busy", _("this server has as many lobby pages open as it serves")
            )
        if len(entries) > MAX_FOLLOWED:
            raise ProtocolError(
                422,
                "bad_request",
                _("a stream follows at most {MAX_FOLLOWED} places", MAX_FOLLOWED=MAX_FOLLOWED),
            )
        stream = Stream(entries)
        stream.push(self.snapshot())
        self.streams.add(stream)
        for entry in stream.entries:
            self.following.setdefault(entry, set()).add(stream)
        return stream

    def unsubscribe(self, stream: Stream) -> None:
        """A page went away."""
        self.streams.discard(stream)
        for entry in stream.entries:
            followers = self.following.get(entry)
            if followers is not None:
                followers.discard(stream)
                if not followers:
                    del self.following[entry]

    def followed(self) -> list[str]:
        """The entries some stream here follows (their pages are open)."""
        return list(self.following)

    def publish(self, text: str) -> None:
        """Push one event to every stream."""
        for stream in list(self.streams):
            stream.push(text)

    def tell(self, entry_id: str, data: dict[str, Any]) -> None:
        """Push an ``entry`` event to the streams following ``entry_id``."""
        followers = self.following.get(entry_id)
        if followers:
            text = sse("entry", data)
            for stream in list(followers):
                stream.push(text)

    def restart(self) -> int:
        """Tell every stream the server restarts, and end it; how many there were."""
        text = sse("restart", {"message": "this server is restarting: reconnect"})
        streams = list(self.streams)
        for stream in streams:
            stream.push(text)
            stream.push(None)
        return len(streams)

    # -- announcements ---------------------------------------------------------------

    async def announced(self, events: Iterable[str]) -> None:
        """Apply the store's events here and push them to the streams."""
        for event in events:
            try:
                await self._apply(event)
            except Exception:  # one bad event must not stop the others
                log.exception("could not follow the lobby's event %s", event)

    async def _apply(self, event: str) -> None:
        kind, _sep, rest = event.partition(":")
        if kind == "open":
            listing = await asyncio.to_thread(self.store.listing, rest)
            if listing is None or listing.ended is not None:
                why = "gone" if listing is None else str(listing.ended)
                self._gone(rest, why, None if listing is None else listing.table_id)
            else:
                shown = listing_json(listing, self.stale_after)
                self.listed[listing.id] = shown
                self.publish(sse("table", shown))
        elif kind == "gone":
            open_id, _sep, why = rest.partition(":")
            self._gone(open_id, why, None)
        elif kind == "seated":
            table, _sep, seats = rest.partition(":")
            for pair in seats.split(","):
                entry, _sep, seat = pair.partition("=")
                self.tell(
                    entry,
                    {
                        "id": entry,
                        "status": "seated",
                        "table": table,
                        "seat": int(seat),
                        "url": f"/play/{table}/{seat}",
                    },
                )
        elif kind == "left":
            ids, _sep, why = rest.rpartition(":")
            for entry in ids.split(","):
                self.tell(entry, {"id": entry, "status": "gone", "why": why})
        elif kind == "pools":
            self._count_soon()

    def _gone(self, open_id: str, why: str, table: str | None) -> None:
        if self.listed.pop(open_id, None) is not None:
            self.publish(sse("gone", {"id": open_id, "why": why}))

    def _count_soon(self) -> None:
        """Count the queues again soon: once for a burst of joins, not once each."""
        if self._recount is not None and not self._recount.done():
            return
        self._recount = asyncio.get_running_loop().create_task(self._count_later())

    async def _count_later(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self._counted_at + RECOUNT_EVERY - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            await self.count()
        except Exception:
            log.exception("could not count the queues")

    async def count(self) -> None:
        """Count the queues now (the streams hear of a change)."""
        self._counted_at = asyncio.get_running_loop().time()
        found = await asyncio.to_thread(self.store.counts)
        counts: dict[str, dict[str, int]] = {}
        for (pool, rated), n in found.items():
            counts.setdefault(pool, {"casual": 0, "rated": 0})["rated" if rated else "casual"] = n
        if counts != self.counts:
            self.counts = counts
            self.publish(sse("pools", {"pools": self.pools_json()}))

    async def close(self) -> None:
        """Stop counting; end every stream."""
        if self._recount is not None:
            self._recount.cancel()
        for stream in list(self.streams):
            stream.push(None)
