"""A tournament's results for a club's notice board: plain text, and CSV for a spreadsheet.

The text is the standings (place, name, points, the format's tie-breaks) and every
round's tables with their results; the CSV is the standings, one line an entrant, with
the points of each round (``bye``, ``forfeit`` or ``-`` when they did not play it).
Both read only the :class:`~regency.tournaments.model.Event` and its standings.
"""

from __future__ import annotations

import csv
import io

from regency.tournaments.model import ARENA, Event, Game
from regency.tournaments.standings import TIEBREAKS, Standing, standings

__all__ = ["results_csv", "results_text"]


def _num(value: float) -> str:
    """A score as people write it: ``3``, ``2.5``, ``1.33``."""
    return f"{round(value, 2):g}"


def _place(s: Standing) -> str:
    return f"{s.place}{'=' if s.shared else ''}"


def _game_line(event: Event, game: Game) -> str:
    names = {e.number: e.name for e in event.entrants}
    if game.bye:
        return f"bye: {names[game.seats[0]]} ({_num(game.points(game.seats[0], event.seats))})"
    if game.ranks is None:
        return " - ".join(names[e] for e in game.seats) + " (playing)"

    def who(seat: int) -> str:
        mark = " (forfeit)" if seat in game.forfeited else ""
        return f"{names[game.seats[seat]]}{mark}"

    if event.seats == 2:
        a, b = (game.points(e, 2) for e in game.seats)
        return f"{who(0)} {_num(a)} - {_num(b)} {who(1)}"
    order = sorted(range(len(game.seats)), key=lambda s: game.ranks[s] if game.ranks else 0)
    return ", ".join(f"{who(s)} {_num(game.points(game.seats[s], event.seats))}" for s in order)


def results_text(event: Event, title: str, about: str) -> str:
    """The standings and every round's results as plain text.

    Args:
        event: The event.
        title: Its name (the first line).
        about: One line under it (the game, the format, the clock, whether it is over).
    """
    lines = [title, about, ""]
    ties = TIEBREAKS[event.format]
    table = standings(event)
    width = max([4, *(len(s.entrant.name) for s in table)])
    head = f"{'Pl':<4}{'Name':<{width + 2}}{'Points':>7}" + "".join(
        f"  {t:>{len(t)}}" for t in ties
    )
    lines.append(head)
    for s in table:
        row = f"{_place(s):<4}{s.entrant.name:<{width + 2}}{_num(s.points):>7}"
        row += "".join(f"  {_num(v):>{len(t)}}" for t, v in zip(ties, s.tiebreaks, strict=True))
        lines.append(row + ("  (withdrew)" if s.entrant.withdrawn else ""))
    rounds = sorted({g.round for g in event.games})
    for r in rounds:
        lines.append("")
        lines.append(f"Wave {r}" if event.format == ARENA else f"Round {r}")
        for g in event.round_games(r):
            lines.append(f"  {g.board:>3}  {_game_line(event, g)}")
    return "\n".join(lines) + "\n"


def _safe(text: str) -> str:
    """A cell a spreadsheet shows as text.

    One starting ``=``, ``+``, ``-`` or ``@`` is a formula to a spreadsheet (OWASP's CSV
    injection), so it gets a leading apostrophe.
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _round_cell(event: Event, number: int, round_no: int) -> str:
    for g in event.round_games(round_no):
        if number in g.seats:
            if not g.done:
                return "playing"
            points = _num(g.points(number, event.seats))
            if g.bye:
                return f"bye {points}"
            if g.seat_of(number) in g.forfeited:
                return f"forfeit {points}"
            return points
    return "-"


def results_csv(event: Event) -> str:
    """The standings as CSV: one line an entrant, with each round's points (not an arena's)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    ties = list(TIEBREAKS[event.format])
    rounds = [] if event.format == ARENA else sorted({g.round for g in event.games})
    writer.writerow(
        ["place", "name", "kind", "rating", "points", *ties, "wins", "games", "withdrew"]
        + [f"round {r}" for r in rounds]
    )
    for s in standings(event):
        e = s.entrant
        writer.writerow(
            [
                _place(s),
                _safe(e.name),
                "computer" if e.computer else "person",
                round(e.rating),
                _num(s.points),
                *(_num(v) for v in s.tiebreaks),
                s.wins,
                s.games,
                "yes" if e.withdrawn else "",
            ]
            + [_round_cell(event, e.number, r) for r in rounds]
        )
    return out.getvalue()
