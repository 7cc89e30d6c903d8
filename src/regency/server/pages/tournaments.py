"""What the tournament pages show: an event as JSON, the list of events, the results.

:func:`tournament_json` is the one description of an event the page draws (and the API
answers): its set-up and state, the standings (:func:`regency.tournaments.standings`),
every round's tables with a link to each (to watch it while it is played, its replay
once over) and, for whoever asks, their own entry and their table. The live page
follows an event's ``version`` (:class:`Versions`: read from the database at most once
a second per event and process, so any number of pages cost one query).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from regency.core.i18n import N_, _, ngettext
from regency.core.registry import game_info
from regency.server.live.tournaments import Who, event_of, rounds_of
from regency.server.storage.tournament_rows import EntrantRow, GameRow, TournamentRow
from regency.server.storage.tournaments import Loaded, TournamentStore
from regency.tournaments import TIEBREAKS, results_csv, results_text, standings

__all__ = ["Versions", "about", "listing_json", "results", "tournament_json"]

FORMAT_NAMES = {"swiss": N_("Swiss"), "round_robin": N_("round robin"), "arena": N_("arena")}
"""How each format is written in a sentence (translated at use)."""

_STATES = {
    "waiting": N_("starts soon"),
    "playing": N_("under way"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}
"""How each state is written at the end of :func:`about` (translated at use)."""


def _clock(seconds: float | None) -> str:
    # The numbers keep the ``g`` format they always had (``1.5``, ``30``).
    if seconds is None:
        return _("no clock")
    if seconds >= 3600:
        return _("{hours} h a move", hours=format(seconds / 3600, "g"))
    if seconds >= 60:
        return _("{minutes} min a move", minutes=format(seconds / 60, "g"))
    return _("{seconds} s a move", seconds=format(seconds, "g"))


def _shape(row: TournamentRow, rounds: int | None) -> str:
    if row.format == "arena":
        return _("arena of {minutes} minutes", minutes=format(row.minutes, "g"))
    if rounds is None:
        return _(FORMAT_NAMES[row.format])
    if row.format == "swiss":
        return ngettext("Swiss of {count} round", "Swiss of {count} rounds", rounds)
    return ngettext("round robin of {count} round", "round robin of {count} rounds", rounds)


def about(row: TournamentRow, rounds: int | None) -> str:
    """One line on an event: game, players, format, clock, rated; and its state.

    In the current language: the page shows it, and the results' text starts with it.
    """
    state = _STATES.get(row.status)
    return ngettext(
        "{game}, {count} player, {shape}, {clock}, {mode}; {state}",
        "{game}, {count} players, {shape}, {clock}, {mode}; {state}",
        row.players,
        game=game_info(row.game).title,
        shape=_shape(row, rounds),
        clock=_clock(row.settings.get("move_seconds")),
        mode=_("rated") if row.rated else _("casual"),
        state=row.status if state is None else _(state),
    )


def _kind(e: EntrantRow) -> str:
    if e.agent is not None:
        return "computer"
    return "person" if e.account_id is not None else "guest"


def _game_json(g: GameRow, names: dict[int, str], players: int) -> dict[str, Any]:
    seats = []
    for seat, number in enumerate(g.seats):
        entry: dict[str, Any] = {"number": number, "name": names.get(number, "?")}
        if g.ranks is not None:
            mine = g.ranks[seat]
            entry["points"] = sum(
                1.0 if r > mine else 0.5 if r == mine else 0.0
                for other, r in enumerate(g.ranks)
                if other != seat
            )
            entry["place"] = mine
        entry["forfeited"] = seat in g.forfeited
        seats.append(entry)
    out: dict[str, Any] = {"board": g.board, "bye": g.bye, "seats": seats}
    if g.bye:
        out["status"] = "bye"
        return out
    out["status"] = "playing" if g.ranks is None else "over"
    if g.table_id is not None:
        out["table"] = g.table_id
        out["replay"] = f"/replay/{g.table_id}"
        if g.spectator is not None:
            out["watch"] = f"/watch/{g.table_id}#token={g.spectator}"
    return out


def tournament_json(loaded: Loaded, who: Who, organiser: str | None) -> dict[str, Any]:
    """An event as its page draws it.

    Args:
        loaded: The event.
        who: Whoever asks (their entry and their table, if they have one).
        organiser: The organiser's name (``None``: their account is gone).
    """
    row = loaded.row
    event = event_of(loaded)
    rounds = rounds_of(loaded)
    names = {e.number: e.name for e in loaded.entrants}
    by_number = {e.number: e for e in loaded.entrants}
    lines = []
    for s in standings(event):
        e = by_number[s.entrant.number]
        lines.append(
            {
                "place": s.place,
                "shared": s.shared,
                "number": e.number,
                "name": e.name,
                "kind": _kind(e),
                "rating": round(e.rating),
                "points": s.points,
                "tiebreaks": [round(t, 2) for t in s.tiebreaks],
                "wins": s.wins,
                "games": s.games,
                "withdrawn": e.withdrawn,
                "fire": s.fire,
            }
        )
    by_round: dict[int, list[dict[str, Any]]] = {}
    for g in loaded.games:
        by_round.setdefault(g.round, []).append(_game_json(g, names, row.players))
    mine = who.entrant(loaded.entrants)
    you: dict[str, Any] | None = None
    if mine is not None:
        you = {"number": mine.number, "name": mine.name, "withdrawn": mine.withdrawn}
        playing = [
            g
            for g in loaded.games
            if mine.number in g.seats and not g.bye and g.ranks is None and g.table_id
        ]
        if playing:
            g = playing[-1]
            you["table"] = {"table": g.table_id, "seat": g.seats.index(mine.number)}
            you["guest"] = mine.account_id is None
    return {
        "id": row.id,
        "name": row.name,
        "about": about(row, rounds),
        "game": row.game,
        "game_title": game_info(row.game).title,
        "players": row.players,
        "format": row.format,
        "rounds": rounds,
        "minutes": row.minutes,
        "move_seconds": row.settings.get("move_seconds"),
        "rated": row.rated,
        "password": row.password_hash is not None,
        "late_join": row.late_join,
        "max_entrants": row.max_entrants,
        "organiser": organiser,
        "status": row.status,
        "round": row.round,
        "starts_at": row.starts_at,
        "ends_at": row.ends_at,
        "finished_at": row.finished_at,
        "note": row.note,
        "version": row.version,
        "now": time.time(),
        "entrants": len(loaded.entrants),
        "tiebreaks": list(TIEBREAKS[row.format]),
        "standings": lines,
        "rounds_played": [{"round": r, "games": games} for r, games in sorted(by_round.items())],
        "you": you,
        "exports": {
            "text": f"/api/tournaments/{row.id}/results.txt",
            "csv": f"/api/tournaments/{row.id}/results.csv",
        },
    }


def listing_json(rows: list[tuple[TournamentRow, int]]) -> list[dict[str, Any]]:
    """The list of events: each one's name, line, state and entrants."""
    return [
        {
            "id": row.id,
            "name": row.name,
            "about": about(row, row.rounds),
            "game": row.game,
            "players": row.players,
            "format": row.format,
            "status": row.status,
            "rated": row.rated,
            "password": row.password_hash is not None,
            "starts_at": row.starts_at,
            "entrants": entered,
            "max_entrants": row.max_entrants,
            "url": f"/tournaments/{row.id}",
        }
        for row, entered in rows
    ]


def results(loaded: Loaded, kind: str) -> str:
    """The results as plain text (``txt``) or CSV (``csv``)."""
    event = event_of(loaded)
    if kind == "csv":
        return results_csv(event)
    return results_text(event, loaded.row.name, about(loaded.row, rounds_of(loaded)))


class Versions:
    """Each followed event's version, read at most once a second per event in this process.

    Args:
        store: Where events are kept.
    """

    def __init__(self, store: TournamentStore) -> None:
        self.store = store
        self._seen: dict[str, tuple[float, int | None]] = {}
        self._reading: dict[str, asyncio.Lock] = {}

    async def version(self, tournament_id: str) -> int | None:
        """The event's version (``None``: gone), at most a second old."""
        now = time.monotonic()
        seen = self._seen.get(tournament_id)
        if seen is not None and now - seen[0] < 1.0:
            return seen[1]
        lock = self._reading.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            seen = self._seen.get(tournament_id)
            if seen is not None and time.monotonic() - seen[0] < 1.0:
                return seen[1]
            found = await asyncio.to_thread(self.store.version, tournament_id)
            self._seen[tournament_id] = (time.monotonic(), found)
            if len(self._seen) > 10_000:  # forget the oldest: a bounded memory
                oldest = min(self._seen, key=lambda k: self._seen[k][0])
                self._seen.pop(oldest, None)
                self._reading.pop(oldest, None)
            return found
