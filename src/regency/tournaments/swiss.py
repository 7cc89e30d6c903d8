"""Swiss rounds of two-player games: FIDE's Dutch system, through py4swiss.

py4swiss (a maintained implementation of the FIDE Dutch system, C.04.3, checked
against bbpPairings, the engine Lichess's Swiss uses) pairs a round from a tournament
report (TRF). :func:`dutch_round` writes the event as one, in memory: each entrant a
player line with their starting number (the initial order: rating when entered, then
the order of entry; late entrants after), points and every round's result, and reads
the pairing back.

What the Dutch system promises, and we rely on (its absolute criteria): no two entrants
play each other twice, nobody gets a second pairing-allocated bye (or a bye after a
forfeit win), and the bye, when the number is odd, goes to the lowest-placed entrant who
may have it. When no pairing meets them (a small club has played everyone), py4swiss
refuses, and so do we (:class:`~regency.tournaments.model.NoPairing`): the event ends
early, as Lichess's Swiss does, rather than pair a rematch.

Results go in as the TRF's codes: ``1``/``0``/``=`` for a game, ``+``/``-`` for a
forfeit (the absentee's ``-``: a game not played, after which the two may meet again), ``U`` for the
pairing-allocated bye and ``Z`` for a round an entrant was not in (before joining, or
after withdrawing). Seat 0 is "white", so seats alternate as the Dutch system's colours
do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError
from py4swiss.trf import ParsedTrf
from py4swiss.trf.codes import PlayerCode
from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
from py4swiss.trf.sections import PlayerSection, XSection

from regency.tournaments.model import Entrant, Event, Game, NoPairing

__all__ = ["dutch_round", "report_lines"]

_ABSENT: Final = RoundResult(
    id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.ZERO_POINT_BYE
)
_BYE: Final = RoundResult(
    id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.PAIRING_ALLOCATED_BYE
)


def _result(game: Game, entrant: int, numbers: dict[int, int]) -> RoundResult:
    """One round's result of ``entrant`` in the report."""
    if game.bye:
        return _BYE
    seat = game.seat_of(entrant)
    other = game.seats[1 - seat]
    colour = ColorToken.WHITE if seat == 0 else ColorToken.BLACK
    ranks = game.ranks or (0, 0)
    if game.forfeited:
        token = ResultToken.FORFEIT_LOSS if seat in game.forfeited else ResultToken.FORFEIT_WIN
    elif ranks[seat] < ranks[1 - seat]:
        token = ResultToken.WIN
    elif ranks[seat] > ranks[1 - seat]:
        token = ResultToken.LOSS
    else:
        token = ResultToken.DRAW
    return RoundResult(id=numbers[other], color=colour, result=token)


def _report(event: Event, round_no: int) -> tuple[ParsedTrf, list[Entrant]]:
    """The event before ``round_no`` as a tournament report; the entrants by starting number."""
    seeded = sorted(event.entrants, key=Entrant.seed_key)
    numbers = {e.number: i + 1 for i, e in enumerate(seeded)}
    by_round: dict[tuple[int, int], Game] = {}
    for g in event.games:
        if g.round < round_no:
            for number in g.seats:
                by_round[g.round, number] = g
    sections = []
    for e in seeded:
        results = []
        points = 0.0
        for r in range(1, round_no):
            game = by_round.get((r, e.number))
            if game is None or not game.done:
                results.append(_ABSENT)
                continue
            results.append(_result(game, e.number, numbers))
            points += game.points(e.number, 2)
        sections.append(
            PlayerSection(
                code=PlayerCode.PLAYER,
                starting_number=numbers[e.number],
                name=e.name[:33],
                fide_rating=max(0, min(9999, round(e.rating))),
                points_times_ten=round(points * 10),
                rank=numbers[e.number],
                results=results,
            )
        )
    away = {numbers[e.number] for e in seeded if e.withdrawn or e.joined_round > round_no}
    rounds = max(event.rounds or 0, round_no)
    report = ParsedTrf(
        player_sections=sections, x_section=XSection(number_of_rounds=rounds, zeroed_ids=away)
    )
    return report, seeded


def dutch_round(event: Event, round_no: int) -> list[tuple[int, ...]]:
    """The tables of round ``round_no``: ``(white, black)`` pairs and ``(entrant,)`` byes.

    Best boards first. Entrants withdrawn, or entered for a later round, are left out.

    Raises:
        NoPairing: fewer than two entrants to pair, or the Dutch system's absolute
            criteria cannot all be met (every pairing left is a rematch, or a second bye).
    """
    playing = [e for e in event.entrants if not e.withdrawn and e.joined_round <= round_no]
    if len(playing) < 2:
        raise NoPairing(f"round {round_no} has {len(playing)} entrant to pair; two are needed")
    report, seeded = _report(event, round_no)
    try:
        pairs = DutchEngine.generate_pairings(report)
    except PairingError as exc:
        raise NoPairing(
            f"round {round_no} cannot be paired without a rematch or a second bye ({exc})"
        ) from None
    tables: list[tuple[int, ...]] = []
    for p in pairs:
        white = seeded[p.white - 1].number
        tables.append((white,) if p.black == 0 else (white, seeded[p.black - 1].number))
    return tables


def report_lines(event: Event, round_no: int) -> Sequence[str]:
    """The report the pairing of ``round_no`` reads, as TRF lines (to check it by hand)."""
    report, _ = _report(event, round_no)
    lines: list[str] = [s.to_string() for s in report.player_sections]
    return lines + list(report.x_section.to_strings())
