"""The tournaments' director: starting events, reading results, pairing rounds by itself.

Every ``tournament_tick`` seconds (:meth:`Director.run`) the director takes a turn over
every event not over, from what is stored alone, so a restarted server (or another
process) carries on where the last left off:

1. **Start** an event whose time has come: with too few entrants to fill one table it is
   cancelled; otherwise a Swiss or a round robin pairs its first round, and an arena
   starts its clock.
2. **Read** the tables of games not over: a finished table's places
   (:func:`outcome_ranks`: the result's places, forfeits last), and the first moves that
   never came (:func:`absent_seats`). A forfeit of a two-player game decides it at once;
   at a bigger table the others play on and the absentee is placed last. Whoever
   forfeits is withdrawn (as Lichess's tournaments pause a player who does not move):
   entering again puts them back.
3. **Pair** the next round when every game of the last is over (an event that cannot
   be paired any more ends early, saying why), or finish the event after its last; in
   an arena, seat the entrants who are free, until its time is up.

A round is stored whole or not at all, and only once
(:meth:`~regency.server.storage.tournaments.TournamentStore.make_round`); with
PostgreSQL one process directs at a time (an advisory lock), the others skip their turn.
The round's tables are then put in play in this process (:meth:`Hub.adopt`); after a
crash, a restarted server's :meth:`Hub.resume` loads them like any table.

**The first-move rule.** A person forfeits a game whose first move of theirs does not
come within the table's move clock from the start of their first turn: when the clock
runs out the table's computer takes their seat (docs/server.md, "Setting up a table"),
and a first move the computer made, or none at all some seconds past the clock
(:data:`GRACE`), is a forfeit. A table aborted because a first move never came
(``{"aborted": true, "waited_for": SEAT}``, or ``"by": SEAT`` for a person who aborted)
counts as that seat's forfeit too.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from regency.core.errors import RegencyError
from regency.ratings import pool_of, ranks_of
from regency.server.errors import ProtocolError
from regency.server.live.people import Sitter, made_table
from regency.server.live.tournaments import event_of, rounds_of
from regency.server.protocol import CreateTable, SeatRequest
from regency.server.settings import ServerSettings
from regency.server.storage.database import TableRow
from regency.server.storage.tournament_rows import EntrantRow, GameRow
from regency.server.storage.tournaments import Loaded, Outcome, TableState, TournamentStore
from regency.tournaments import (
    ARENA,
    NoPairing,
    arena_tables,
    last_opponents,
    next_round,
    standings,
    table_ranks,
)

if TYPE_CHECKING:  # the hub makes no director of its own: the app hands it over
    from regency.server.live.hub import Hub

__all__ = ["GRACE", "Director", "absent_seats", "outcome_ranks"]

log = logging.getLogger("regency.server")

GRACE: Final = 10.0
"""Seconds past a first turn's clock before a seat still with no move forfeits, when no
computer has taken it over yet (it normally does within a second)."""


def outcome_ranks(
    result: Mapping[str, Any] | None, players: int, forfeited: set[int]
) -> tuple[tuple[int, ...], set[int]]:
    """A finished table's places, and every seat that forfeited.

    An aborted table's ``waited_for`` (whose first move never came) and ``by`` (who
    aborted) forfeit; the others share the place above them. Otherwise the result's
    places (:func:`regency.ratings.ranks_of`: the winners, then by score, those who left
    after the others), with the seats in ``forfeited`` last.
    """
    found = dict(result or {})
    forfeits = set(forfeited)
    if found.get("aborted"):
        for key in ("waited_for", "by"):
            seat = found.get(key)
            if isinstance(seat, int) and 0 <= seat < players:
                forfeits.add(seat)
        return table_ranks(None, forfeits, players), forfeits
    return table_ranks(ranks_of(found, players), forfeits, players), forfeits


def absent_seats(
    state: TableState, moves: Sequence[tuple[int, float]], now: float
) -> tuple[set[int], bool]:
    """The person seats whose first move never came in time, and whether all have moved.

    Args:
        state: The table.
        moves: Its moves from the first, ``(seat, when)``, as far as they go.
        now: The time.
    """
    limit = state.move_seconds
    if limit is None:
        return set(), True
    turn_start = state.created_at
    seen: set[int] = set()
    absent: set[int] = set()
    for seat, at in moves:
        if seat in state.people and seat not in seen:
            seen.add(seat)
            if at > turn_start + limit and state.people[seat] is not None:
                absent.add(seat)  # the computer made the first move: the clock ran out
        turn_start = at
        if len(seen) == len(state.people):
            break
    waiting = [s for s in state.people if s not in seen]
    to_move = state.to_move
    if not state.finished and to_move is not None and to_move in waiting:
        deadline = turn_start + limit
        taken = state.people[to_move] is not None
        if now > deadline and (taken or now > deadline + GRACE):
            absent.add(to_move)
    return absent, state.finished or not waiting


class Director:
    """Runs the tournaments of this server (one process at a time on PostgreSQL).

    Args:
        hub: The tables in play (the rounds' tables are put in play there).
        store: Where events are kept.
        settings: The server's settings: the tick, the caps on tables.
    """

    def __init__(self, hub: Hub, store: TournamentStore, settings: ServerSettings) -> None:
        self.hub = hub
        self.store = store
        self.settings = settings
        self.closed = False

    async def run(self) -> None:
        """Forever: a turn every ``tournament_tick`` seconds."""
        while not self.closed:
            await asyncio.sleep(self.settings.tournament_tick)
            try:
                await self.turn()
            except asyncio.CancelledError:
                raise
            except Exception:  # a failed turn is tried again at the next tick
                log.exception("the tournaments' turn failed")

    async def turn(self, now: float | None = None) -> int:
        """One turn over every event not over; the tables it put in play.

        The director also keeps every table of its events' games in play in this
        process (loaded, so their computer seats and clocks are driven here): a process
        that takes over from one that died carries on its tables at once.
        """
        made, playing = await asyncio.to_thread(self._turn, time.time() if now is None else now)
        for row in made:
            if not self.closed:
                self.hub.adopt(row)
        for table_id in playing:
            if self.closed:
                break
            if table_id not in self.hub.tables:
                try:
                    await self.hub.get(table_id)
                except (ProtocolError, RegencyError) as exc:  # expired, or cannot replay
                    log.error("cannot load tournament table %s: %s", table_id, exc)
        return len(made)

    def _turn(self, now: float) -> tuple[list[TableRow], list[str]]:
        made: list[TableRow] = []
        playing: list[str] = []
        with self.store.directing() as mine:
            if not mine:
                return made, playing  # another process directs now
            for tournament_id in self.store.open_ids():
                if self.closed:
                    break
                try:
                    made.extend(self._direct(tournament_id, now))
                except Exception:
                    log.exception("could not direct tournament %s", tournament_id)
            playing = self.store.playing_tables()
        return made, playing

    def _direct(self, tournament_id: str, now: float) -> list[TableRow]:
        loaded = self.store.load(tournament_id)
        if loaded is None:
            return []
        if loaded.row.status == "waiting":
            return self._start(loaded, now) if loaded.row.starts_at <= now else []
        if self._read(loaded, now):
            loaded = self.store.load(tournament_id)
            if loaded is None:
                return []
        if loaded.row.format == ARENA:
            return self._arena(loaded, now)
        return self._next(loaded, now)

    # -- starting and ending ---------------------------------------------------------

    def _start(self, loaded: Loaded, now: float) -> list[TableRow]:
        row = loaded.row
        here = [e for e in loaded.entrants if not e.withdrawn]
        if len(here) < row.players:
            note = f"cancelled at its start: {len(here)} entered, and a table seats {row.players}"
            self.store.finish(row.id, "cancelled", note, now)
            return []
        if row.format == ARENA:
            minutes = row.minutes or 0.0

            def begin(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
                if found.row.status != "waiting":
                    return None, []
                return {"status": "playing", "ends_at": now + minutes * 60}, []

            self.store.change(row.id, begin)
            started = self.store.load(row.id)
            return [] if started is None else self._arena(started, now)
        values = {"status": "playing", "rounds": rounds_of(loaded)}
        return self._pair(loaded, 1, now, values)

    def _next(self, loaded: Loaded, now: float) -> list[TableRow]:
        row = loaded.row
        if any(not g.bye and g.ranks is None for g in loaded.games if g.round == row.round):
            return []  # the round is being played
        total = rounds_of(loaded) or 0
        if row.round >= total:
            self.store.finish(row.id, "finished", None, now)
            return []
        return self._pair(loaded, row.round + 1, now, None)

    def _pair(
        self, loaded: Loaded, round_no: int, now: float, values: dict[str, Any] | None
    ) -> list[TableRow]:
        try:
            paired = next_round(event_of(loaded), round_no)
        except NoPairing as exc:
            played = round_no - 1
            note = f"ended after round {played}: {exc}" if played else f"did not start: {exc}"
            self.store.finish(loaded.row.id, "finished" if played else "cancelled", note, now)
            return []
        return self._deal(loaded, round_no, paired.tables, paired.byes, now, values)

    def _arena(self, loaded: Loaded, now: float) -> list[TableRow]:
        row = loaded.row
        playing = any(not g.bye and g.ranks is None for g in loaded.games)
        if row.ends_at is not None and now >= row.ends_at:
            if not playing:
                self.store.finish(row.id, "finished", None, now)
            return []
        event = event_of(loaded)
        busy = {e for g in loaded.games if not g.bye and g.ranks is None for e in g.seats}
        free = [
            s.entrant.number
            for s in standings(event)
            if not s.entrant.withdrawn and s.entrant.number not in busy
        ]
        people = {e.number for e in loaded.entrants if e.agent is None}
        tables = arena_tables(free, row.players, last_opponents(event), people)
        if not tables:
            return []
        return self._deal(loaded, row.round + 1, tables, (), now, None)

    # -- dealing a round's tables ----------------------------------------------------

    def _deal(
        self,
        loaded: Loaded,
        round_no: int,
        tables: Sequence[tuple[int, ...]],
        byes: Sequence[int],
        now: float,
        values: dict[str, Any] | None,
    ) -> list[TableRow]:
        row = loaded.row
        room = self.settings.max_open_tables - self.hub.storage.count_unfinished()
        if len(tables) > room:
            log.warning("tournament %s waits for %d free tables", row.id, len(tables))
            return []
        by_number = {e.number: e for e in loaded.entrants}
        games: list[GameRow] = []
        made: list[TableRow] = []
        for board, seats in enumerate(tables, 1):
            try:
                table, spectator = self._table(loaded, [by_number[n] for n in seats])
            except (ProtocolError, RegencyError) as exc:  # a level the server no longer allows
                log.error("cannot deal tournament %s's round %d: %s", row.id, round_no, exc)
                return []
            people = any(by_number[n].agent is None for n in seats)
            games.append(
                GameRow(
                    round_no, board, seats, table.id, spectator, False, None, (), not people, now
                )
            )
            made.append(table)
        for board, entrant in enumerate(byes, len(tables) + 1):
            games.append(
                GameRow(round_no, board, (entrant,), None, None, True, None, (), True, now)
            )
        if not self.store.make_round(row.id, row.round, games, made, values):
            return []  # made already, by this process before a crash or by another
        return made

    def _table(self, loaded: Loaded, entrants: Sequence[EntrantRow]) -> tuple[TableRow, str]:
        row = loaded.row
        settings = row.settings
        req = CreateTable(
            game=row.game,
            players=row.players,
            options=dict(settings.get("options", {})),
            seats=[
                SeatRequest(agent=e.agent) if e.agent is not None else SeatRequest(name=e.name[:40])
                for e in entrants
            ],
            think_time=float(settings.get("think_time", 0.5)),
            move_seconds=settings.get("move_seconds"),
            takeover_agent=str(settings.get("takeover_agent", "heuristic")),
            rated=row.rated,
        )
        sitters = {}
        for seat, e in enumerate(entrants):
            if e.agent is not None:
                continue
            shown = None
            if e.account_id is not None:
                shown = self.hub.ratings.rating(
                    e.account_id, row.game, pool_of(row.players)
                ).shown()
            sitters[seat] = Sitter(e.name[:40], e.account_id, e.token_hash, shown)
        return made_table(req, sitters, self.settings)

    # -- reading results -------------------------------------------------------------

    def _read(self, loaded: Loaded, now: float) -> bool:
        """Record what the tables of games not over say; whether anything changed."""
        pending = [g for g in loaded.games if not g.bye and g.ranks is None and g.table_id]
        if not pending:
            return False
        states = self.store.tables([g.table_id for g in pending if g.table_id])
        players = loaded.row.players
        outcomes: list[Outcome] = []
        gone: set[int] = set()
        for g in pending:
            state = states.get(g.table_id or "")
            if state is None:  # the table expired (docs/server.md): nobody won
                outcomes.append(Outcome(g.round, g.board, (0,) * players, g.forfeited, True))
                continue
            forfeited = set(g.forfeited)
            started = g.started
            if not started:
                moves = self.store.first_moves(state.table_id, 400)
                absent, started = absent_seats(state, moves, now)
                forfeited |= absent
            ranks = None
            if state.finished:
                ranks, forfeited = outcome_ranks(state.result, players, forfeited)
            elif forfeited and players == 2:
                ranks = table_ranks(None, forfeited, players)  # decided: the game is moot
            fresh = tuple(sorted(forfeited))
            if ranks is not None or fresh != g.forfeited or started != g.started:
                outcomes.append(Outcome(g.round, g.board, ranks, fresh, started))
                gone |= {g.seats[s] for s in forfeited - set(g.forfeited)}
        self.store.record(loaded.row.id, outcomes, now)
        if gone:
            self._withdraw(loaded.row.id, gone)
        return bool(outcomes)

    def _withdraw(self, tournament_id: str, numbers: set[int]) -> None:
        """Withdraw entrants who forfeited (people only: a computer never does)."""

        def step(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
            return None, [
                replace(e, withdrawn=True)
                for e in found.entrants
                if e.number in numbers and e.agent is None and not e.withdrawn
            ]

        self.store.change(tournament_id, step)

    async def close(self) -> None:
        """Stop taking turns."""
        self.closed = True
