"""Take-backs: a person takes back their last move, and every move made since.

In a game against the computer alone (no other person seated, or every other one left)
a take-back is immediate, as ``undo`` is in ``regency play``: the person's last move and
the computer's replies since are taken back, and it is their turn again. At a table with
other people it is an offer, as Lichess asks for a takeback: every other person seated
accepts it (then it is taken back) or one declines it; the one who offered may withdraw
it by declining. Any move cancels an offer (it was about the position it was made in).

The take-back is stored as a row of ``moves`` (:func:`~regency.server.storage.changes.
take_back`): the game goes back to its first ``to`` moves, and the table's version still
grows by one, so a move, a computer's answer or an acceptance decided before it can
never land after it, in any server process; a restarted server replays it like a move.

The offer lives in the table's ``settings`` as ``takebacks`` (with how many take-backs
the table has had), so every server process shows it and answers to it; every view
carries it as ``takeback`` (:func:`public_takeback`).

Limits: at most :data:`MAX_TAKEBACKS` take-backs per table, and one offer per person per
position (declined or withdrawn, they may ask again after the next move).
"""

from __future__ import annotations

import functools
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.storage.changes import Undo, take_back
from regency.server.storage.database import TableRow

if TYPE_CHECKING:
    from regency.server.live.hub import Hub
    from regency.server.live.table import LiveTable

__all__ = [
    "MAX_TAKEBACKS",
    "answer_takeback",
    "public_takeback",
    "takeback_refusal",
    "takeback_step",
    "takeback_target",
]

MAX_TAKEBACKS = 100
"""The most take-backs one table may have (``409 cannot_take_back`` after that): each
keeps the moves it took back as rows, so a table's rows stay bounded."""


def takeback_target(live: LiveTable, seat: int) -> int | None:
    """How many moves the game keeps if ``seat`` takes back its last move (``None``: none)."""
    for index in range(len(live.played) - 1, -1, -1):
        if live.played[index][0] == seat:
            return index
    return None


def _state(row: TableRow) -> dict[str, Any]:
    """The table's take-back state: ``{"count", "undone", "offer"}``."""
    stored = row.settings.get("takebacks")
    stored = stored if isinstance(stored, dict) else {}
    offer = stored.get("offer")
    return {
        "count": int(stored.get("count", 0)),
        "undone": int(stored.get("undone", 0)),
        "offer": dict(offer) if isinstance(offer, dict) else None,
    }


def _offer(row: TableRow, version: int) -> dict[str, Any] | None:
    """The offer about the position at ``version`` (an older one was cancelled by a move)."""
    offer = _state(row)["offer"]
    return offer if offer is not None and offer.get("version") == version else None


def moves_made(row: TableRow) -> int:
    """How many moves a stored table's game holds: its version less the take-backs."""
    state = _state(row)
    return max(0, row.version - int(state["count"]) - int(state["undone"]))


def takeback_refusal(live: LiveTable, seat: int) -> str | None:
    """Why the person in ``seat`` may not ask to take back a move now (``None``: they may)."""
    if live.over:
        return _("the game is over")
    row = live.row.seats[seat]
    if row.agent is not None:
        return _("seat {seat} is a computer's", seat=seat)
    if row.left_at is not None:
        return _("you left this game")
    if live.row.rated:
        return _("a rated game takes no moves back")
    if takeback_target(live, seat) is None:
        return _("you have no move to take back")
    if _state(live.row)["count"] >= MAX_TAKEBACKS:
        return _(
            "this table has had {most} take-backs, the most it may",
            most=MAX_TAKEBACKS,
        )
    return _declined(_offer(live.row, live.version), seat)


def _declined(offer: dict[str, Any] | None, seat: int) -> str | None:
    """The refusal of a second request by ``seat`` about one position (``None``: allowed)."""
    if offer is not None and offer["status"] == "declined" and seat in offer["asked"]:
        return _("your take-back was declined: ask again after the next move")
    return None


def _others(row: TableRow, seat: int) -> list[int]:
    """The people who must agree to ``seat``'s take-back: every other person still seated."""
    return [s.seat for s in row.seats if s.agent is None and s.left_at is None and s.seat != seat]


def public_takeback(row: TableRow, version: int) -> dict[str, Any] | None:
    """The take-back offer about the current position, as every seat and spectator sees it.

    ``{"status": "offered" | "declined" | "done", "by", "to", "accepted", "waiting",
    "declined_by"}`` (``to``: the moves the game keeps); ``"done"`` right after a
    take-back landed, until the next move. ``None``: no offer.
    """
    offer = _offer(row, version)
    if offer is None:
        return None
    accepted = sorted(int(s) for s in offer.get("accepted", []))
    waiting = [s for s in _others(row, offer["by"]) if s not in accepted]
    return {
        "status": offer["status"],
        "by": offer["by"],
        "to": offer["to"],
        "accepted": accepted,
        "waiting": waiting if offer["status"] == "offered" else [],
        "declined_by": offer.get("declined_by"),
    }


def takeback_step(
    row: TableRow, *, seat: int, accept: bool, version: int, target: int | None
) -> tuple[dict[str, Any] | None, Undo | None]:
    """Apply one answer to the table ``row``, as read under its lock.

    Args:
        row: The table, read in the transaction.
        seat: Who answers (their token was checked).
        accept: ``True``: ask for a take-back, or accept the one asked; ``False``: decline
            it (withdraw it, for the one who asked).
        version: The version the live table was at when the answer was checked.
        target: The moves the game keeps if ``seat`` takes back its last move.

    Returns:
        The new settings (``None``: unchanged) and the take-back to land, if everyone
        it needs has agreed.

    Raises:
        ProtocolError: 409 ``stale_version`` (the table moved on: decide again),
            ``no_offer`` (declining with nothing asked).
    """
    if row.version != version:
        raise ProtocolError(409, "stale_version", _("the table moved on"), version=row.version)
    state = _state(row)
    offer = _offer(row, version)
    if not accept:
        if offer is None or offer["status"] != "offered":
            raise ProtocolError(409, "no_offer", _("no take-back is asked for to decline"))
        offer.update(status="declined", declined_by=seat)
        return {**row.settings, "takebacks": {**state, "offer": offer}}, None
    if offer is not None and offer["status"] == "offered":
        if seat in offer["accepted"]:
            return None, None  # the same answer again: nothing changes
        offer["accepted"] = sorted({*offer["accepted"], seat})
    else:
        reason = _declined(offer, seat)
        if target is None:
            reason = _("you have no move to take back")
        elif state["count"] >= MAX_TAKEBACKS:
            reason = _("this table has had {most} take-backs, the most it may", most=MAX_TAKEBACKS)
        if reason is not None:
            raise ProtocolError(409, "cannot_take_back", reason, version=version)
        declined = offer is not None and offer["status"] == "declined"
        asked = list(offer["asked"]) if declined and offer is not None else []
        offer = {
            "status": "offered",
            "by": seat,
            "version": version,
            "to": target,
            "accepted": [seat],
            "asked": sorted({*asked, seat}),
            "declined_by": None,
        }
    if any(s not in offer["accepted"] for s in _others(row, offer["by"])):
        return {**row.settings, "takebacks": {**state, "offer": offer}}, None
    undone = (version - state["count"] - state["undone"]) - offer["to"]
    done = {**offer, "status": "done", "version": version + 1}
    after = {"count": state["count"] + 1, "undone": state["undone"] + undone, "offer": done}
    settings = {**row.settings, "takebacks": after}
    return settings, Undo(offer["by"], offer["to"], offer["by"])


async def answer_takeback(
    hub: Hub,
    table_id: str,
    seat: int,
    token: str | None,
    accept: bool,
    version: int | None = None,
    account: int | None = None,
) -> dict[str, Any]:
    """A person asks to take back their last move, accepts such a request or declines it.

    ``version``, if given, is the version the person decided on: an answer to an offer a
    move has cancelled since is refused rather than read as a new request.

    Returns:
        ``{"type": "takeback", "table", "version", "takeback"}``: the table's version and
        the offer after the answer (``status`` ``"done"`` once it is taken back).

    Raises:
        ProtocolError: 404 (table, seat), 403 (token), 409 ``cannot_take_back``
            (:func:`takeback_refusal`'s reason), ``no_offer``, ``stale_version`` (the
            table kept changing under the request).
    """
    live = await hub.get(table_id)
    live.check_token(seat, token, account)
    async with live.lock:
        if version is not None and version != live.version:
            await hub.refresh(live)
        if version is not None and version != live.version:
            raise ProtocolError(
                409,
                "stale_version",
                _(
                    "the table is at version {version}, not {sent}",
                    version=live.version,
                    sent=version,
                ),
                version=live.version,
            )
        for _attempt in range(3):  # another process's move meanwhile: decide again on the new one
            offer = _offer(live.row, live.version)
            asking = accept and (offer is None or offer["status"] != "offered")
            reason = takeback_refusal(live, seat) if asking else None
            if not asking and live.over:
                reason = _("the game is over")
            elif not asking and live.row.seats[seat].left_at is not None:
                reason = _("you left this game")
            if reason is not None:
                raise ProtocolError(409, "cannot_take_back", reason, version=live.version)
            step = functools.partial(
                takeback_step,
                seat=seat,
                accept=accept,
                version=live.version,
                target=takeback_target(live, seat),
            )
            now = time.time()
            try:
                row, landed = await hub.write(take_back, hub.storage, live.id, step, now)
            except ProtocolError as exc:
                if exc.code != "stale_version":
                    raise
                await hub.refresh(live, seats=True)
                if version is not None:  # decided on a position that is gone
                    raise ProtocolError(
                        409,
                        "stale_version",
                        _("the table moved on to version {version}", version=live.version),
                        version=live.version,
                    ) from None
                continue
            if row is None:
                raise ProtocolError(
                    404,
                    "no_such_table",
                    _("no table has the id {table_id}", table_id=repr(table_id)),
                )
            live.row = replace(live.row, settings=row.settings)
            if landed:
                done = _state(row)["offer"] or {}
                live.undo(int(done["to"]), now)
                if live.task is not None:
                    live.task.cancel()  # thinking about a position that is gone
            break
        else:
            raise ProtocolError(
                409, "stale_version", _("the table kept changing: try again"), version=live.version
            )
    hub._changed(live)
    return {
        "type": "takeback",
        "table": table_id,
        "version": live.version,
        "takeback": public_takeback(live.row, live.version),
    }
