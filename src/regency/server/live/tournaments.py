"""Tournaments at the server: setting one up, entering, withdrawing, the organiser's say.

The pure part is :mod:`regency.tournaments` (pairings, standings, caps); what is stored is
:mod:`regency.server.storage.tournaments`'; running the events (starting them, reading
results, pairing rounds and arena games, forfeits) is the director's
(:mod:`regency.server.live.directing`). This module answers people's requests.

Who asks is a :class:`Who`: an account (signed in, or by an API token), or a guest,
known by a token their page keeps (``Authorization: Bearer TOKEN``; entering without one
is given one). A guest's token is also their seat's token at each of their tables, so
the tournament page links them to their seat; an account's seat has none (it is played
signed in). Guests enter casual events only.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from regency.agents.ladder import find_level
from regency.core.errors import RegencyError
from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.setup import check_agent, check_clock, deal
from regency.server.live.table import hash_token, new_token
from regency.server.protocol import CreateTable, CreateTournament
from regency.server.settings import ServerSettings
from regency.server.storage.accounts import Account
from regency.server.storage.tournament_rows import EntrantRow, TournamentRow
from regency.server.storage.tournaments import Loaded, TournamentStore
from regency.tournaments import (
    ARENA,
    Entrant,
    Event,
    EventSpec,
    Game,
    Limits,
    TournamentError,
    total_rounds,
)

__all__ = [
    "GUEST_NAME",
    "START_DELAY",
    "Tournaments",
    "Who",
    "event_of",
    "limits_of",
    "rounds_of",
]

GUEST_NAME = "Guest"
"""The name a guest plays under when they give none."""

START_DELAY = 300.0
"""Seconds from set-up to the start when none is given."""

_GUEST_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


@dataclass(frozen=True, slots=True)
class Who:
    """Who asks: an account, or a guest known by the token their page keeps.

    Attributes:
        account: The account (``None``: a guest, or nobody).
        token: A guest's token (``None``: an account, or nobody).
    """

    account: Account | None = None
    token: str | None = None

    @classmethod
    def of(cls, account: Account | None, token: str | None) -> Who:
        """The account if there is one, else a guest by ``token`` (if it is one)."""
        if account is not None:
            return cls(account)
        if token is not None and _GUEST_TOKEN.fullmatch(token):
            return cls(None, token)
        return cls()

    @property
    def token_hash(self) -> str | None:
        """The SHA-256 of a guest's token."""
        return None if self.token is None else hash_token(self.token)

    def entrant(self, entrants: Sequence[EntrantRow]) -> EntrantRow | None:
        """Their entry among ``entrants``, if they entered."""
        for e in entrants:
            if self.account is not None and e.account_id == self.account.id:
                return e
            if self.token is not None and e.token_hash == self.token_hash:
                return e
        return None


def limits_of(settings: ServerSettings) -> Limits:
    """The caps on a tournament's set-up on this server (a test server's shorter arena)."""
    if settings.test_arena_minutes > 0:
        return Limits(min_minutes=settings.test_arena_minutes)
    return Limits()


def event_of(loaded: Loaded) -> Event:
    """A stored event as :mod:`regency.tournaments` sees it."""
    row = loaded.row
    return Event(
        row.format,
        row.players,
        row.rounds,
        tuple(
            Entrant(
                e.number,
                e.name,
                e.rating,
                computer=e.agent is not None,
                joined_round=e.joined_round,
                withdrawn=e.withdrawn,
            )
            for e in loaded.entrants
        ),
        tuple(
            Game(g.round, g.board, g.seats, g.ranks, bye=g.bye, forfeited=g.forfeited)
            for g in loaded.games
        ),
    )


def rounds_of(loaded: Loaded) -> int | None:
    """The rounds the event is played over: a Swiss's, a round robin's from its entrants.

    ``None`` for an arena.
    """
    if loaded.row.format == ARENA:
        return None
    if loaded.row.rounds is not None:
        return loaded.row.rounds
    return total_rounds(event_of(loaded))


def _refuse(exc: TournamentError) -> ProtocolError:
    return ProtocolError(422, "bad_tournament", " ".join(str(exc).split()))


def _unique(name: str, taken: Sequence[EntrantRow]) -> str:
    """``name``, or ``name 2``, ``name 3``... if another entrant goes by it."""
    names = {e.name.casefold() for e in taken}
    if name.casefold() not in names:
        return name
    n = 2
    while f"{name} {n}".casefold() in names:
        n += 1
    return f"{name} {n}"


class Tournaments:
    """Tournaments' requests in this server process.

    Args:
        store: Where events are kept.
        ratings: Reads an account's rating (``RatingStore.rating``).
        settings: The server's settings: its caps, its clocks, its agents' limits.
    """

    def __init__(self, store: TournamentStore, ratings: Any, settings: ServerSettings) -> None:
        self.store = store
        self.ratings = ratings
        self.settings = settings
        self.limits = limits_of(settings)

    async def load(self, tournament_id: str) -> Loaded:
        """The event, its entrants and games (404 ``no_such_tournament``)."""
        found = await asyncio.to_thread(self.store.load, tournament_id[:16])
        if found is None:
            raise ProtocolError(404, "no_such_tournament", _("no tournament has that id"))
        return found

    def _computer(
        self,
        game: str,
        players: int,
        level_name: str,
        taken: Sequence[EntrantRow],
        number: int,
        joined_round: int,
    ) -> EntrantRow:
        """A computer level's entry.

        Raises:
            ProtocolError: 422 ``bad_level`` (no such level), ``bad_agent`` (the
                server's caps do not let it play).
        """
        try:
            level = find_level(game, players, level_name)
        except RegencyError as exc:
            raise ProtocolError(422, "bad_level", " ".join(str(exc).split())) from None
        check_agent(level.agent, game, players, self.settings)
        rating = float(level.strength.rating) if level.strength is not None else 1500.0
        return EntrantRow(
            number=number,
            name=_unique(f"{level.name} (computer)", taken),
            account_id=None,
            token_hash=None,
            agent=level.agent,
            rating=rating,
            joined_at=time.time(),
            joined_round=joined_round,
        )

    def _rating(self, account: Account, game: str, players: int) -> float:
        from regency.ratings import pool_of

        return float(self.ratings.rating(account.id, game, pool_of(players)).rating)

    # -- setting up ------------------------------------------------------------------

    async def create(
        self, account: Account, req: CreateTournament, password_hash: str | None
    ) -> TournamentRow:
        """Set up an event; its organiser is ``account``.

        Raises:
            ProtocolError: 400 ``bad_table`` (the engine refused the game, its player
                count or options), 422 ``bad_tournament`` (outside the caps, in words),
                ``bad_clock``, ``bad_agent``, ``bad_level``, 429 ``too_many_tournaments``,
                503 ``tournaments_full``.
        """
        now = time.time()
        check = CreateTable(
            game=req.game,
            players=req.players,
            options=req.options,
            move_seconds=req.move_seconds,
            takeover_agent=req.takeover_agent,
            rated=req.rated,
        )
        spec_table, _unused = await asyncio.to_thread(deal, check)
        check_clock(check, self.settings)
        await asyncio.to_thread(
            check_agent, req.takeover_agent, spec_table.game, spec_table.players, self.settings
        )
        try:
            spec = EventSpec.create(
                name=req.name,
                game=spec_table.game,
                players=spec_table.players,
                format=req.format,
                rounds=req.rounds,
                minutes=req.minutes,
                starts_at=now + START_DELAY if req.starts_at is None else req.starts_at,
                now=now,
                max_entrants=req.max_entrants,
                late_join=req.late_join,
                limits=self.limits,
            )
        except TournamentError as exc:
            raise _refuse(exc) from None
        entrants: list[EntrantRow] = []
        if req.play:
            rating = await asyncio.to_thread(self._rating, account, spec.game, spec.players)
            entrants.append(EntrantRow(1, account.name, account.id, None, None, rating, now, 1))
        for name in req.computers:
            entrants.append(
                await asyncio.to_thread(
                    self._computer, spec.game, spec.players, name, entrants, len(entrants) + 1, 1
                )
            )
        if len(entrants) > spec.max_entrants:
            raise ProtocolError(
                422,
                "bad_tournament",
                _(
                    "{entrants} entrants, and it takes {max_entrants}",
                    entrants=len(entrants),
                    max_entrants=spec.max_entrants,
                ),
            )
        row = TournamentRow(
            id=secrets.token_urlsafe(9),
            name=spec.name,
            game=spec.game,
            players=spec.players,
            format=spec.format,
            rounds=spec.rounds,
            minutes=spec.minutes,
            settings={
                "move_seconds": req.move_seconds,
                "think_time": req.think_time,
                "takeover_agent": req.takeover_agent,
                "options": dict(req.options),
            },
            rated=req.rated,
            password_hash=password_hash,
            late_join=spec.late_join,
            max_entrants=spec.max_entrants,
            created_by=account.id,
            created_at=now,
            starts_at=spec.starts_at,
        )
        caps = _caps(self.settings.tournaments_per_person, self.settings.max_tournaments)
        await asyncio.to_thread(self.store.create, row, entrants, caps)
        return row

    # -- entering and leaving --------------------------------------------------------

    async def enter(self, tournament_id: str, who: Who, name: str) -> tuple[EntrantRow, str | None]:
        """Enter ``who`` (again, if they withdrew); their entry and a guest's token.

        The password, if the event has one, is the route's to check first.

        Raises:
            ProtocolError: 404 ``no_such_tournament``, 401 ``signed_out`` (a rated
                event, as a guest), 409 ``already_entered``, ``tournament_over``,
                ``already_started`` (it takes no late entrants), ``tournament_full``.
        """
        loaded = await self.load(tournament_id)
        if who.account is None and who.token is None:
            who = Who(None, new_token())
        rating = 1500.0
        if who.account is not None:
            rating = await asyncio.to_thread(
                self._rating, who.account, loaded.row.game, loaded.row.players
            )
        now = time.time()
        made: list[EntrantRow] = []

        def step(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
            row = found.row
            if row.status not in ("waiting", "playing"):
                raise ProtocolError(409, "tournament_over", _("this tournament is over"))
            if row.rated and who.account is None:
                raise ProtocolError(401, "signed_out", _("sign in to enter a rated tournament"))
            late = row.status == "playing"
            if late and not row.late_join:
                raise ProtocolError(
                    409,
                    "already_started",
                    _("this tournament has started and takes no late entrants"),
                )
            if late and row.format == ARENA and row.ends_at is not None and now >= row.ends_at:
                raise ProtocolError(409, "tournament_over", _("this arena's time is up"))
            mine = who.entrant(found.entrants)
            joined = row.round + 1 if late and row.format != ARENA else 1
            if mine is not None:
                if not mine.withdrawn:
                    raise ProtocolError(
                        409,
                        "already_entered",
                        _("you are entered already, as {name}", name=mine.name),
                    )
                back = replace(mine, withdrawn=False, joined_round=max(mine.joined_round, joined))
                made.append(back)
                return None, [back]
            if len(found.entrants) >= row.max_entrants:
                raise ProtocolError(
                    409,
                    "tournament_full",
                    _(
                        "this tournament takes {max_entrants} entrants",
                        max_entrants=row.max_entrants,
                    ),
                )
            shown = (
                who.account.name
                if who.account is not None
                else _unique(" ".join(name.split()) or GUEST_NAME, found.entrants)
            )
            entry = EntrantRow(
                number=max((e.number for e in found.entrants), default=0) + 1,
                name=shown,
                account_id=None if who.account is None else who.account.id,
                token_hash=who.token_hash,
                agent=None,
                rating=rating,
                joined_at=now,
                joined_round=joined,
            )
            made.append(entry)
            return None, [entry]

        await asyncio.to_thread(self.store.change, loaded.row.id, step)
        return made[0], who.token

    async def withdraw(self, tournament_id: str, who: Who) -> EntrantRow:
        """``who`` leaves the event: never paired again; their games so far count.

        A game they are playing goes on (it counts as any other).

        Raises:
            ProtocolError: 404 ``no_such_tournament``, ``not_entered``, 409
                ``tournament_over``.
        """
        loaded = await self.load(tournament_id)
        made: list[EntrantRow] = []

        def step(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
            if found.row.status not in ("waiting", "playing"):
                raise ProtocolError(409, "tournament_over", _("this tournament is over"))
            mine = who.entrant(found.entrants)
            if mine is None:
                raise ProtocolError(404, "not_entered", _("you are not entered in this tournament"))
            if mine.withdrawn:
                made.append(mine)
                return None, []
            gone = replace(mine, withdrawn=True)
            made.append(gone)
            return None, [gone]

        await asyncio.to_thread(self.store.change, loaded.row.id, step)
        return made[0]

    # -- the organiser ---------------------------------------------------------------

    def _organiser(self, found: Loaded, account: Account) -> None:
        if found.row.created_by != account.id:
            raise ProtocolError(
                403, "not_organiser", _("only the tournament's organiser may do this")
            )

    async def add_computer(self, tournament_id: str, account: Account, level: str) -> EntrantRow:
        """The organiser enters a computer level (before the start, or late if allowed).

        Raises:
            ProtocolError: 404, 403 ``not_organiser``, 422 ``bad_level``, 409
                ``tournament_over``, ``already_started``, ``tournament_full``.
        """
        loaded = await self.load(tournament_id)
        self._organiser(loaded, account)
        made: list[EntrantRow] = []

        def step(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
            row = found.row
            if row.status not in ("waiting", "playing"):
                raise ProtocolError(409, "tournament_over", _("this tournament is over"))
            if row.status == "playing" and not row.late_join:
                raise ProtocolError(
                    409,
                    "already_started",
                    _("this tournament has started and takes no late entrants"),
                )
            if len(found.entrants) >= row.max_entrants:
                raise ProtocolError(
                    409,
                    "tournament_full",
                    _(
                        "this tournament takes {max_entrants} entrants",
                        max_entrants=row.max_entrants,
                    ),
                )
            joined = row.round + 1 if row.status == "playing" and row.format != ARENA else 1
            number = max((e.number for e in found.entrants), default=0) + 1
            entry = self._computer(row.game, row.players, level, found.entrants, number, joined)
            made.append(entry)
            return None, [entry]

        await asyncio.to_thread(self.store.change, loaded.row.id, step)
        return made[0]

    async def start_now(self, tournament_id: str, account: Account) -> None:
        """The organiser starts a waiting event now (the director starts it at its next turn).

        Raises:
            ProtocolError: 404, 403 ``not_organiser``, 409 ``already_started``.
        """
        loaded = await self.load(tournament_id)
        self._organiser(loaded, account)

        def step(found: Loaded) -> tuple[dict[str, Any] | None, list[EntrantRow]]:
            if found.row.status != "waiting":
                raise ProtocolError(409, "already_started", _("this tournament has started"))
            return {"starts_at": time.time()}, []

        await asyncio.to_thread(self.store.change, loaded.row.id, step)

    async def cancel(self, tournament_id: str, account: Account) -> None:
        """The organiser cancels an event that has not started.

        Raises:
            ProtocolError: 404, 403 ``not_organiser``, 409 ``already_started``.
        """
        loaded = await self.load(tournament_id)
        self._organiser(loaded, account)
        if loaded.row.status != "waiting":
            raise ProtocolError(
                409,
                "already_started",
                _("a tournament under way plays on: only one waiting to start can be cancelled"),
            )
        done = await asyncio.to_thread(
            self.store.finish, loaded.row.id, "cancelled", "cancelled by its organiser", time.time()
        )
        if not done:
            raise ProtocolError(409, "already_started", _("this tournament has started or ended"))


def _caps(per_person: int, most: int) -> Callable[[int, int], None]:
    """The check the store runs, inside its transaction, on a new event's counts.

    Raises (the check):
        ProtocolError: 429 ``too_many_tournaments`` (``per_person`` not over already),
            503 ``tournaments_full`` (``most`` on the server).
    """

    def caps(mine: int, everywhere: int) -> None:
        if mine >= per_person:
            raise ProtocolError(
                429,
                "too_many_tournaments",
                _(
                    "you have {mine} tournaments not over, and one person may have "
                    "{per_person}; cancel one, or wait for one to end",
                    mine=mine,
                    per_person=per_person,
                ),
            )
        if everywhere >= most:
            raise ProtocolError(
                503, "tournaments_full", _("this server runs as many tournaments as it can")
            )

    return caps
