"""The tables in play: one authoritative game per table, and who is listening to it.

One table, its tokens and the views it sends are :mod:`regency.server.live.table`'s;
setting a table up is :mod:`~regency.server.live.setup`'s, committing moves in groups
:mod:`~regency.server.live.commits`'s, and a computer seat's thinking
:mod:`~regency.server.live.computer`'s.

The :class:`Hub` runs the tables: it checks a move (seat, token, version, turn, then the
engine), commits it through :class:`~regency.server.storage.database.Storage` (the move and the
version in one guarded transaction) and only then acknowledges it and pushes the new view
to every listener. It also drives computer seats, idle-seat take-overs, and, with
PostgreSQL, the moves other server processes announce.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import regency
from regency.core.errors import IllegalActionError, RegencyError
from regency.core.i18n import N_, _
from regency.server.errors import ProtocolError
from regency.server.live.chat import chat_message, check_rate, clean_chat
from regency.server.live.clocks import move_limit
from regency.server.live.commits import GroupCommit
from regency.server.live.computer import ComputerPool, Thought, fallback_move, move_seed, think_in
from regency.server.live.endings import abort_unstarted
from regency.server.live.history import history_entry
from regency.server.live.people import Sitter, join_seat, seat_people, seat_sitters
from regency.server.live.refusals import refuse_move, refuse_waiting
from regency.server.live.setup import (
    agents_to_check,
    check_agent,
    check_clock,
    check_coach,
    deal,
    server_full,
    table_row,
)
from regency.server.live.table import CHAT_HISTORY, LiveTable, hash_token, new_token
from regency.server.protocol import CreateTable, encode
from regency.server.settings import MIN_DECISION, ServerSettings
from regency.server.storage.accounts import Account, AccountStore
from regency.server.storage.changes import open_seat
from regency.server.storage.database import MoveCommit, Storage, TableRow
from regency.server.storage.ratings import RatingStore

__all__ = ["FORGET_AFTER", "Hub"]

log = logging.getLogger("regency.server")

T = TypeVar("T")

FORGET_AFTER = 60.0
"""Seconds a finished table stays in memory after its last listener leaves."""


class Hub:
    """Runs every table this server process serves.

    Args:
        storage: The database.
        pool: Where computer seats think.
        settings: The server's settings: the caps on agents and tables, the ticks.
    """

    def __init__(self, storage: Storage, pool: ComputerPool, settings: ServerSettings) -> None:
        self.storage = storage
        self.pool = pool
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.takeover_tick = settings.takeover_tick
        self._tasks: set[asyncio.Task[None]] = set()
        self._commits = GroupCommit(storage, self.spawn)
        self._expired: frozenset[str] = frozenset()
        """The tables the last sweep removed (a load under way then must not keep one)."""
        self.accounts = AccountStore(storage)
        """Accounts, sessions and API tokens."""
        self.ratings = RatingStore(storage)
        """Ratings and the accounts' histories, where a finished table is settled."""
        self.closed = False

    async def write(self, job: Callable[..., T], *args: Any) -> T:
        """Run a database write: here with SQLite (one writer), in a thread with PostgreSQL."""
        if self.storage.inline_writes:
            return job(*args)
        return await asyncio.get_running_loop().run_in_executor(None, functools.partial(job, *args))

    # -- loading ---------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        """The live table; 404 if there is none with that id."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if len(table_id) > 32:
            raise ProtocolError(404, "no_such_table", _("no table has that id"))
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                live = await self.load(table_id)
                if table_id in self._expired:  # removed while it was being read
                    raise ProtocolError(
                        404,
                        "no_such_table",
                        _("no table has the id {table_id}", table_id=repr(table_id)),
                    )
                self.tables[table_id] = live
        self._loading.pop(table_id, None)
        self.schedule(live)
        return live

    async def load(self, table_id: str) -> LiveTable:
        """Read a table from the database (404 if there is none), not yet kept in memory."""
        live = await asyncio.to_thread(self._read, table_id)
        if live is None:
            raise ProtocolError(
                404, "no_such_table", _("no table has the id {table_id}", table_id=repr(table_id))
            )
        return live

    def _read(self, table_id: str) -> LiveTable | None:
        """Read a table and replay its moves (in a thread: the event loop stays free)."""
        row = self.storage.load_table(table_id)
        if row is None:
            return None
        live = LiveTable(row)
        for m in self.storage.moves(table_id):
            live.apply_stored(m.seat, m.notation, m.at, m.undo_to)
        live.chat.extend(self.storage.chat(table_id, CHAT_HISTORY))
        return live

    async def refresh(self, live: LiveTable, seats: bool = False) -> bool:
        """Catch up with moves other processes stored, and push them to the listeners.

        Call with the table's lock held. Returns whether anything changed.
        """
        changed = False
        moves = await asyncio.to_thread(self.storage.moves, live.id, live.version)
        # A seat taken over, back, opened or left, a rematch or take-back offered or
        # answered, the table ended early; or a take-back landed (its offer is settled).
        if seats or any(m.undo_to is not None for m in moves):
            row = await asyncio.to_thread(self.storage.load_table, live.id)
            if row is not None:
                live.row = replace(
                    live.row,
                    seats=row.seats,
                    settings=row.settings,
                    finished=row.finished,
                    ending=row.ending,
                    result=row.result,
                    updated_at=row.updated_at,
                )
                changed = True
        for m in moves:
            live.apply_stored(m.seat, m.notation, m.at, m.undo_to)
            live.broadcast()  # the listeners here see every version, one by one
            changed = True
        if changed and live.over:
            # If the process that ended it did not (a last move, a resignation, a
            # leaver's game played out): settling twice does nothing.
            self.spawn(self.settle(live.id))
        if seats and not moves:
            live.broadcast()
        if changed:
            self.schedule(live)
        return changed

    async def resume(self) -> int:
        """Load the unfinished tables that need driving; return how many.

        Those are the tables where a computer is to move (its own seat or an idle
        person's, taken over) and those with a move clock, so that computer seats carry
        on after a restart and a clock that ran out while the server was down is
        honoured at once (its deadline is stored: :meth:`LiveTable.deadline`). Every
        other table waits in the database until someone asks for it, so a server with
        thousands of open tables answers at once. Run in the background: requests are
        served while it works.
        """
        await self.settle_all()  # games that ended just before a crash
        rows = await asyncio.to_thread(self.storage.open_tables)
        due = [
            r.id
            for r in rows
            if r.to_move is None or r.computer_to_move or move_limit(r.settings) is not None
        ]
        for table_id in due:
            if self.closed:
                break
            try:
                await self.get(table_id)
            except (ProtocolError, RegencyError) as exc:  # a table we cannot replay
                log.error("cannot resume table %s: %s", table_id, exc)
        if due:
            log.info("resumed %d of %d unfinished tables", len(due), len(rows))
        return len(due)

    async def expire(self) -> list[str]:
        """Remove the unfinished tables idle past ``expire_days``; return their ids."""
        days = self.settings.expire_days
        if days <= 0:
            return []
        ids = await self.write(self.storage.expire, time.time() - days * 86400)
        self._expired = frozenset(ids)
        for table_id in ids:
            live = self.tables.pop(table_id, None)
            if live is not None:
                if live.task is not None:
                    live.task.cancel()
                for listener in list(live.listeners):
                    listener.push(None)
        if ids:
            log.info("removed %d tables left unfinished for %g days", len(ids), days)
        return ids

    async def watch_expiry(self) -> None:
        """Forever: every ``expire_tick`` seconds, sweep expired tables, settle finished ones.

        Settling catches up with the finished tables a failure left unsettled. The first
        sweep is the server start's own (:meth:`expire`, awaited).
        """
        while not self.closed:
            await asyncio.sleep(self.settings.expire_tick)
            try:
                await self.expire()
                await self.settle_all()
            except Exception as exc:  # a failed sweep is tried again next time
                log.error("could not remove expired tables: %s", exc)

    # -- creating --------------------------------------------------------------------

    async def create(
        self, req: CreateTable, account: Account | None = None
    ) -> tuple[LiveTable, dict[int, str], str]:
        """Set up a table; return it, each person's seat token and the spectator token.

        The checks are :mod:`regency.server.live.setup`'s and
        :mod:`regency.server.live.people`'s (a signed-in person's own seat, a rated
        table's rules), all made before anything is stored. The seat of ``account``, the
        person setting it up, has no token: it is played by the account, signed in.

        Raises:
            ProtocolError: 400 ``bad_table`` (the engine refused the game or its
                options), 422 ``bad_clock`` (a move clock not on offer) or ``bad_agent``
                (a computer seat's or the take-over's agent spec cannot play here, or
                asks for more than the server's caps), 503 ``server_full`` (the cap on
                open tables is reached); a rated table's refusals
                (:func:`~regency.server.live.people.seat_people`).
        """
        spec, game = deal(req)
        check_clock(req, self.settings)
        check_coach(req, spec)
        for agent in agents_to_check(req, spec):
            await asyncio.to_thread(check_agent, agent, spec.game, spec.players, self.settings)
        mine, ratings = await asyncio.to_thread(seat_people, req, spec, account, self.ratings)
        if await asyncio.to_thread(self.storage.count_unfinished) >= self.settings.max_open_tables:
            raise server_full(self.settings)
        tokens = {seat: new_token() for seat in spec.people if seat != mine}
        spectator = new_token()
        hashes = {seat: hash_token(token) for seat, token in tokens.items()}
        row = table_row(req, spec, game, hashes, hash_token(spectator), self.settings.open_wait)
        sitters = {}
        if mine is not None and account is not None:
            sitters[mine] = Sitter(account.name, account.id)
        row = seat_sitters(row, sitters, ratings, req.rated)
        await self.write(self.storage.create_table, row)
        return self.adopt(row), tokens, spectator

    def adopt(self, row: TableRow) -> LiveTable:
        """Put a table just stored (no moves yet) in play here, and drive it."""
        live = LiveTable(row)
        self.tables[row.id] = live
        self.schedule(live)
        return live

    # -- moving ----------------------------------------------------------------------

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        version: int,
        text: str,
        account: int | None = None,
    ) -> dict[str, Any]:
        """A person's move: checked, committed, then acknowledged and pushed.

        The person is the seat's token's holder, or the account seated there.

        Raises:
            ProtocolError: 404 (table, seat), 403 (token), 409 (stale version, not the
                seat's turn, game over, a rated table still waiting for its people) or
                422 (the engine refused the move).
        """
        live = await self.get(table_id)
        live.check_token(seat, token, account)
        async with live.lock:
            refuse_waiting(live)
            if version != live.version:
                await self.refresh(live)
            refuse_move(live, seat, version)
            game = live.game.clone()
            try:
                action = game.play(text)
            except IllegalActionError as exc:
                raise ProtocolError(
                    422,
                    "illegal_action",
                    str(exc),
                    version=live.version,
                    legal_moves=[str(a) for a in live.game.legal_actions()],
                ) from None
            if live.row.seats[seat].replaced_by is not None:
                await self._set_replaced(live, seat, None)
            live.active[seat] = time.time()
            await self._commit(live, game, seat, action)
        self._changed(live)
        return {"type": "ack", "table": table_id, "version": live.version, "action": str(action)}

    async def _commit(
        self, live: LiveTable, game: regency.Game[Any], seat: int, action: Any
    ) -> None:
        result = None
        if game.is_over:  # the engine's result, and who left (the computer finished for them)
            left = live.left()
            result = {**game.result().to_dict(), **({"left": left} if left else {})}
        move = MoveCommit(live.id, live.version, seat, str(action), result, game.current_player)
        if not await self._commits.land(move):
            await self.refresh(live)
            raise ProtocolError(
                409,
                "stale_version",
                _(
                    "another move landed first; the table is at version {version}",
                    version=live.version,
                ),
                version=live.version,
            ) from None
        live.apply(game, seat, action, time.time())

    def _changed(self, live: LiveTable) -> None:
        live.broadcast()
        self.schedule(live)
        if live.over:
            asyncio.get_running_loop().call_later(FORGET_AFTER, self._forget, live.id)
            self.spawn(self.settle(live.id))

    async def settle(self, table_id: str) -> None:
        """Enter a finished table in its accounts' histories and ratings (once, anywhere).

        Every process that sees the game end may call it; the database lets one of them
        do it (:meth:`~regency.server.storage.ratings.RatingStore.settle`). One that
        fails (the database away) is done by the next sweep (:meth:`settle_all`).
        """
        try:
            await self.write(self.ratings.settle, table_id)
        except Exception as exc:
            log.error("could not settle the ratings of table %s: %s", table_id, exc)

    async def settle_all(self) -> int:
        """Settle every finished table not settled yet (after a crash); return how many."""
        ids = await asyncio.to_thread(self.ratings.unsettled)
        for table_id in ids:
            await self.settle(table_id)
        return len(ids)

    async def seats_changed(self, table_ids: list[str]) -> None:
        """Re-read the seats of these tables (an account left them) and push the change."""
        for table_id in table_ids:
            live = self.tables.get(table_id)
            if live is not None:
                async with live.lock:
                    await self.refresh(live, seats=True)

    async def join(
        self, table_id: str, seat: int, token: str | None, account: Account
    ) -> dict[str, Any]:
        """A signed-in person takes the seat their invite link is for, as their account.

        See :func:`~regency.server.live.people.join_seat` for the checks.
        """
        live = await self.get(table_id)
        async with live.lock:
            row = await asyncio.to_thread(join_seat, live, seat, token, account, self.ratings)
            await self.write(self.accounts.sit, live.id, seat, account, row.rating)
            seats = list(live.row.seats)
            seats[seat] = row
            live.row = replace(live.row, seats=tuple(seats))
        self._changed(live)
        return {"type": "seat", "table": table_id, "seat": seat, "account": account.name}

    def _forget(self, table_id: str) -> None:
        """Drop a finished table from memory once nobody listens (it reloads if asked)."""
        live = self.tables.get(table_id)
        if live is None or not live.over:
            return
        if live.listeners:
            asyncio.get_running_loop().call_later(FORGET_AFTER, self._forget, table_id)
        else:
            del self.tables[table_id]

    async def take_back(
        self, table_id: str, seat: int, token: str | None, account: int | None = None
    ) -> dict[str, Any]:
        """A person takes their seat back from the computer that took it over."""
        live = await self.get(table_id)
        live.check_token(seat, token, account)
        async with live.lock:
            if live.row.seats[seat].left_at is not None:
                raise ProtocolError(
                    409,
                    "left_table",
                    _("you left this game: the computer plays your seat to the end"),
                )
            if live.row.seats[seat].replaced_by is not None:
                # A fresh limit for the move under way, if it is this seat's (its clock
                # ran out: without one the computer would take the seat again at once).
                # Only on a real return: asking while seated must not stop the clock.
                live.active[seat] = time.time()
                await self._set_replaced(live, seat, None)
        self._changed(live)
        return {"type": "seat", "table": table_id, "seat": seat, "replaced_by": None}

    async def opened(self, live: LiveTable, seat: int) -> None:
        """The person in ``seat`` opened the table: their view read, their socket connected.

        Their move clock may run from now (:mod:`~regency.server.live.clocks`). Stored
        once, the first time; at a table with a clock every seat and spectator is sent
        the new view (the clock that now runs, the seat that is ``opened``); elsewhere
        the next view shows it.
        """
        if live.over or live.row.seats[seat].opened_at is not None:
            return
        clock = move_limit(live.row.settings) is not None
        at = await self.write(open_seat, self.storage, live.id, seat, time.time(), clock)
        if at is None or live.row.seats[seat].opened_at is not None:
            return
        seats = list(live.row.seats)
        seats[seat] = replace(seats[seat], opened_at=at)
        live.row = replace(live.row, seats=tuple(seats))
        if clock:
            live.broadcast()

    async def _set_replaced(self, live: LiveTable, seat: int, agent: str | None) -> None:
        await self.write(self.storage.set_replaced, live.id, seat, agent)
        seats = list(live.row.seats)
        seats[seat] = replace(seats[seat], replaced_by=agent)
        live.row = replace(live.row, seats=tuple(seats))

    # -- computer seats --------------------------------------------------------------

    def schedule(self, live: LiveTable) -> None:
        """Start the computer's move if a computer is to move and none is thinking.

        Not at a rated table still waiting for its people to join.
        """
        if self.closed or live.over or live.waiting():
            return
        seat = live.game.current_player
        assert seat is not None
        spec = live.computer_for(seat)
        if spec is None:
            return
        if live.task is not None and not live.task.done() and live.task_version == live.version:
            return
        live.task_version = live.version
        live.task = asyncio.get_running_loop().create_task(
            self._computer_move(live, seat, live.version, spec)
        )

    async def _computer_move(self, live: LiveTable, seat: int, version: int, spec: str) -> None:
        # A computer's turn may be several decisions (Claim Kingdoms: the card, its power,
        # the card taken; Kingdoms: draw, then the tile's square). The table's pace
        # (``think_time``) holds back only the first, so people see who moves; the rest
        # follow as soon as they are thought (the second is thought while the first waits
        # out the pace), and all of them share one time budget (``max_answer``), so a
        # person's wait is about one pace and one budget at most.
        loop = asyncio.get_running_loop()
        started = loop.time()
        continuing = bool(live.recent) and live.recent[-1].seat == seat
        if not continuing:
            live.answer_since = started
        think_time = float(live.row.settings.get("think_time", 0.0))
        seed = move_seed(live.row.seed, seat, version)
        view = live.game.view(seat)
        ahead, live.ahead = live.ahead, None
        if ahead is not None and ahead[0] != version:
            ahead[1].cancel()  # thought for a position the table has left
            ahead = None
        next_one: asyncio.Task[Thought] | None = None
        try:
            if ahead is not None and ahead[0] == version:
                thought = await ahead[1]
            else:
                limit = self._decision_limit(live, started)
                thought = await self._think(spec, think_time, live.row.game, seed, view, limit)
            wait = 0.0 if continuing else think_time - (loop.time() - started)
            if wait > 0:
                next_one = self._think_ahead(live, seat, version, spec, thought.notation)
                await asyncio.sleep(wait)
            async with live.lock:
                if live.version != version or live.computer_for(seat) is None:
                    return  # a person took the seat back and moved, or another process did
                game = live.game.clone()
                try:
                    action = game.play(thought.notation)
                except IllegalActionError as exc:  # an agent's answer the engine refuses
                    thought = Thought(
                        await asyncio.to_thread(fallback_move, live.row.game, seed, view),
                        f"{spec}: {exc}",
                    )
                    game = live.game.clone()
                    action = game.play(thought.notation)
                if thought.failure is not None:
                    self._notice(live, seat, thought.failure)
                try:
                    await self._commit(live, game, seat, action)
                except ProtocolError:
                    return  # another server process made this move first
                if next_one is not None:
                    live.ahead = (live.version, next_one)  # the next decision's answer
                    next_one = None
            self._changed(live)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # nothing a computer seat does may take the server down
            if not self.closed:
                log.error("computer seat %s at table %s could not move: %s", seat, live.id, exc)
        finally:
            if next_one is not None:  # thought ahead for a move that was not made
                next_one.cancel()

    def _decision_limit(self, live: LiveTable, now: float) -> float:
        """Seconds a decision may search: what is left of its turn's budget, or the least."""
        left = live.answer_since + self.settings.max_answer - now
        return min(self.settings.max_think, max(MIN_DECISION, left))

    def _think_ahead(
        self, live: LiveTable, seat: int, version: int, spec: str, notation: str
    ) -> asyncio.Task[Thought] | None:
        """Start thinking the turn's next decision, if ``seat`` makes it (``notation`` played).

        It is what the seat will see once its move is made (the same view, the same seed
        as when it is asked for then), so the answer is the same, only sooner.
        """
        game = live.game.clone()
        try:
            game.play(notation)
        except IllegalActionError:
            return None
        if game.is_over or game.current_player != seat:
            return None
        seed = move_seed(live.row.seed, seat, version + 1)
        limit = self._decision_limit(live, asyncio.get_running_loop().time())
        think_time = float(live.row.settings.get("think_time", 0.0))
        return asyncio.get_running_loop().create_task(
            self._think(spec, think_time, live.row.game, seed, game.view(seat), limit)
        )

    async def _think(
        self, spec: str, think_time: float, game: str, seed: int, view: Any, limit: float
    ) -> Thought:
        """The computer's move, from a worker (:func:`~regency.server.live.computer.think_in`).

        Its search stops after ``limit`` seconds. The fallback's if the spec no longer
        parses (stored before specs were checked) or the worker itself died.
        """
        return await think_in(self.pool, spec, think_time, game, seed, view, limit)

    def _notice(self, live: LiveTable, seat: int, failure: str) -> None:
        """Tell the table's people (and the log, in one line) that a computer seat failed."""
        log.warning("computer seat %s at table %s failed (%s)", seat, live.id, failure)
        live.notice(
            {
                "version": live.version + 1,
                "seat": seat,
                "text": N_(
                    "The computer in seat {seat} could not choose a move ({failure}); "
                    "the heuristic's move was played for it."
                ),
                "names": {"seat": seat, "failure": failure},
            }
        )

    # -- idle seats ------------------------------------------------------------------

    async def watch_idle(self) -> None:
        """Forever: every ``takeover_tick``, hand the seats whose clock ran out to a computer.

        The deadline comes from stored times (:meth:`LiveTable.deadline`), so a clock
        that ran out while the server was down is honoured at the first tick after the
        table is loaded (:meth:`resume` loads every table with a clock).
        """
        while not self.closed:
            await asyncio.sleep(self.takeover_tick)
            await self.check_clocks()

    async def check_clocks(self, now: float | None = None) -> int:
        """Hand every seat whose move clock ran out to a computer; return how many.

        A person whose first move has not come in time is not handed over: their table
        is aborted (:func:`~regency.server.live.endings.abort_unstarted`).
        """
        now = time.time() if now is None else now
        handed = 0
        for live in list(self.tables.values()):
            due = live.abort_at()
            if due is not None:
                if now >= due and await abort_unstarted(self, live, now):
                    handed += 1
                continue
            deadline = live.deadline()
            if deadline is None or now < deadline:
                continue
            async with live.lock:
                seat = live.game.current_player
                if seat is None or live.computer_for(seat) is not None:
                    continue
                deadline = live.deadline()  # a move may have landed while we waited
                if deadline is None or now < deadline or live.abort_at() is not None:
                    continue
                agent = str(live.row.settings.get("takeover_agent", "heuristic"))
                await self._set_replaced(live, seat, agent)
                name = live.row.seats[seat].name
                live.notice(
                    {
                        "version": live.version + 1,
                        "seat": seat,
                        "text": N_("Time ran out: the computer played for {name}.")
                        if name
                        else N_("Time ran out: the computer played for seat {seat}."),
                        "names": {"name": name, "seat": seat},
                    }
                )
            handed += 1
            self._changed(live)
        return handed

    # -- other processes -------------------------------------------------------------

    async def announced(self, payload: str) -> None:
        """Another process announced a change: a move, the seats, or a chat message.

        The payload is ``id:version:seat:at:notation`` for a move (``id:version`` from
        releases before the move was carried in it), ``id:seats`` or ``id:chat``.
        """
        table_id, _sep, what = payload.partition(":")
        live = self.tables.get(table_id)
        if live is None:
            return
        if what == "chat":
            await self._refresh_chat(live)
            return
        version_text, _sep, move = what.partition(":")
        version = int(version_text) if version_text.isdigit() else None
        # Every move this process commits is announced back to it too: one it already
        # holds needs no lock and no read (that read was a query per move).
        if version is not None and version <= live.version:
            return
        async with live.lock:
            if version is not None and version <= live.version:
                return  # it was this process's own move, applied while we waited
            if version == live.version + 1 and move:
                # The very next move, carried in the announcement: applied without
                # reading the moves back (a query in a thread per move, most of the
                # cost of following another process).
                seat, at, notation = _announced_move(move)
                live.apply_stored(seat, notation, at)
                live.broadcast()
                self.schedule(live)
                if live.over:
                    self.spawn(self.settle(live.id))  # if the process that ended it did not
                return
            await self.refresh(live, seats=what == "seats")

    # -- chat ------------------------------------------------------------------------

    async def chat(
        self, table_id: str, seat: int, token: str | None, text: str, account: int | None = None
    ) -> dict[str, Any]:
        """A seat's chat message: checked, stored, then pushed to the whole table.

        The message is attributed to ``seat`` (whose token it must carry, or whose
        account must send it) and its stored name, whatever it says. See
        :mod:`regency.server.live.chat` for the caps.

        Returns:
            The ``chat`` message pushed (the one new message in ``messages``).

        Raises:
            ProtocolError: 404 (table, seat), 403 (token), 422 (empty, too long) or 429
                (too many messages too fast).
        """
        live = await self.get(table_id)
        live.check_token(seat, token, account)
        cleaned = clean_chat(text)
        now = time.time()
        check_rate(
            live.chat_sent, seat, now, self.settings.chat_messages, self.settings.chat_seconds
        )
        # The moves made before it (the version, unless moves were taken back): the
        # replay shows it from that move on.
        made = len(live.played)
        row = await self.write(self.storage.add_chat, live.id, seat, cleaned, made, now)
        message = chat_message(live.id, [row], live.row.seats)
        if all(r.id != row.id for r in live.chat):  # else announced by the database first
            live.chat.append(row)
            live.push_all(encode(message))
        return message

    async def _refresh_chat(self, live: LiveTable) -> None:
        """Push the chat messages other processes stored that this one has not pushed."""
        rows = await asyncio.to_thread(self.storage.chat, live.id, CHAT_HISTORY)
        # Ids are handed out as messages are written, and two processes' messages may
        # commit in the other order: compare with the ids this process holds, not the
        # newest one.
        known = {r.id for r in live.chat}
        fresh = [r for r in rows if r.id not in known]
        if not fresh:
            return
        ordered = sorted([*live.chat, *fresh], key=lambda r: r.id)
        live.chat.clear()
        live.chat.extend(ordered)  # the deque keeps the latest CHAT_HISTORY
        live.push_all(encode(chat_message(live.id, fresh, live.row.seats)))

    # -- history ---------------------------------------------------------------------

    async def history(self, limit: int, offset: int) -> list[dict[str, Any]]:
        """Finished games, the most recent first (each as :func:`history_entry` gives it)."""
        rows = await asyncio.to_thread(self.storage.finished, limit, offset)
        return [history_entry(r) for r in rows]

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record of a finished game (409 while it is being played)."""
        live = self.tables.get(table_id)
        if live is None or not live.over:
            live = await self.load(table_id) if live is None else live
        if not live.over:
            raise ProtocolError(
                409,
                "not_finished",
                _("the record is published when the game ends (it holds the deal's seed)"),
            )
        return live.record()

    def spawn(self, coro: Any) -> None:
        """Run a background task owned by the hub."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop background work."""
        self.closed = True
        tasks = [t for t in self._tasks] + [
            live.task for live in self.tables.values() if live.task is not None
        ]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._commits.close()  # a commit under way finishes; none starts


def _announced_move(move: str) -> tuple[int, float, str]:
    """``seat:at:notation`` of a move's announcement (the notation may hold ``:``)."""
    seat, at, notation = move.split(":", 2)
    return int(seat), float(at), notation
