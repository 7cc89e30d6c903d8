"""Move analysis: how much win chance each decision of a recorded game gave away.

``regency.analyze(record)`` replays a game record and, for every decision, asks an agent
that judges moves (a :class:`~regency.agents.base.MoveEvaluator`, by default the game's
default computer opponent: ``ismcts`` or ``rollout``) to judge the legal moves *from the
deciding seat's view only*: the agent gets ``game.view(seat)``, the seat's observation
and its legal moves, exactly what the seat had when it decided, and never the real hidden
cards. As Lichess does for chess, each decision gets:

* the estimated win chance for the deciding seat (0 to 1) of every legal move (the tree
  search) or of the moves the agent weighs and the move played (``rollout``: the
  heuristic's best three);
* the move played and the move the searcher prefers (the one it would have played);
* the win chance the move played gave away (``loss``: the preferred move's estimate
  minus the played move's, never below zero), what the decision could change (its
  ``stakes``: the best judged move's estimate minus the worst's), and a label when the
  move gave away enough of both (:mod:`regency.accuracy`, :data:`LABELS`).

A move that was the seat's only choice is marked ``forced`` and not searched. Where the
seat knows where every card is and the game has an exact solver (2-player Claim's phase
two), the decision is judged *exactly*, whatever the agent: every legal move's value
under best play by both seats (1 a win, 0 a loss, 1/2 a shared win), marked ``exact``;
a move that throws a won game away then loses 1, a blunder with certainty. Each seat
gets a summary: decisions judged, the count of each label, the average loss and an
accuracy from 0 to 100: the share of what its decisions put at stake that it kept
(:mod:`regency.accuracy`), so that decisions which could change little count little.

Analysis is deterministic: decision ``n`` is searched with a seed derived from the
analysis seed and ``n`` alone, so the same record, agent spec and seed give the same
figures, whichever seats are analysed. ``Analysis.to_json`` writes the documented JSON
(``docs/analysis.md``); :meth:`Analysis.from_json` reads it back.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from regency.accuracy import LABELS, TOLERANCE, label_for, lost_points, move_accuracy, stakes_of
from regency.accuracy import game_accuracy as _game_accuracy
from regency.agents.base import AgentError, MoveEstimate, MoveEvaluator
from regency.agents.defaults import default_opponent
from regency.agents.pimc import exact_estimates
from regency.agents.registry import AgentSpec, make_agent, parse_spec
from regency.core.errors import CorruptSaveError, RegencyError, quote
from regency.core.game import Game
from regency.core.record import Record, check_document, read_json
from regency.core.rng import derive_seed
from regency.core.start import new_game, replay
from regency.core.view import SeatView

__all__ = [
    "ANALYSIS_FORMAT",
    "ANALYSIS_VERSION",
    "LABELS",
    "TOLERANCE",
    "Analysis",
    "AnalysisError",
    "Decision",
    "MoveEstimate",
    "MoveEvaluator",
    "MoveFigure",
    "SeatSummary",
    "agent_spec",
    "analyze",
    "as_record",
    "assemble",
    "decide",
    "decisions_due",
    "default_agent",
    "evaluator",
    "game_accuracy",
    "hint_agent",
    "judge",
    "judge_view",
    "label_for",
    "lost_points",
    "move_accuracy",
    "preferred",
    "stakes_of",
    "summarize",
]

ANALYSIS_FORMAT = "regency-analysis"
ANALYSIS_VERSION = 1

EXACT_NODES = 200_000
"""The most positions an exact judgement may search (about 1.2 s of a core in pure Python,
0.35 s compiled; most of phase two needs far fewer); past it, the decision is the
agent's to judge (docs/analysis.md)."""

ANALYSIS_SHARE = 0.5
"""The default analysis budget as a share of the game's playing budget (``search_iterations``).

Half: a 2-player game has 50 to 150 decisions, so the playing budget (about a second a
move) would keep a person waiting minutes; see ``docs/analysis.md`` for the timings."""


class AnalysisError(RegencyError, ValueError):
    """An analysis that cannot be made or read: a bad seat, or JSON that is no analysis."""


def default_agent(game: str, players: int = 2, share: float = ANALYSIS_SHARE) -> str:
    """The agent spec ``regency analyze`` uses for ``game`` when none is given.

    The default computer opponent for that game and player count if it can judge moves
    (``ismcts``, ``rollout``), else ``ismcts``; at ``share`` of its playing budget (its
    iterations: a search's ``iters``, ``rollout``'s worlds; about a second a move on this
    project's 2-core machine), counted in iterations rather than seconds so that analysis
    is reproducible, and without progressive widening, which could leave the move played
    unjudged. The move played is always judged (:meth:`MoveEvaluator.evaluate`'s
    ``include``), also by an agent that looks only at the heuristic's best moves.

    Below the whole budget ``rollout``'s ``most`` (more worlds while a better move than
    the heuristic's may be there) is left out: it sharpens a choice, where analysis
    wants every move's figure soon, and it took a 2-player Kingdoms game's analysis from
    28 s to 48 s (docs/measurements.md, "Move analysis"). Hints (the whole budget) keep it.
    """
    opponent = parse_spec(default_opponent(game, players))
    if not isinstance(make_agent(opponent, game, 0), MoveEvaluator):
        opponent = parse_spec("ismcts")
    # Reproducible: iterations, never seconds. Widening grows the root's moves one by one,
    # and could leave the move played without an estimate.
    params = {k: v for k, v in opponent.params.items() if k not in ("time", "widen")}
    playing = getattr(make_agent(AgentSpec(opponent.name, params), game, 0), "iterations", None)
    params["iters"] = str(max(1, round((playing or 1000) * share)))
    if share < 1.0:
        params.pop("most", None)
    return f"{opponent.name}:" + ",".join(f"{key}={value}" for key, value in params.items())


def hint_agent(game: str, players: int = 2) -> str:
    """The agent spec that gives hints in terminal play: the best three moves, judged.

    :func:`default_agent` at the full playing budget: the default computer opponent's
    own judgement where it can judge moves (``rollout``: the heuristic's best three, by
    their rollouts), reproducible.
    """
    return default_agent(game, players, share=1.0)


def evaluator(spec: str | AgentSpec, game: str, seed: int) -> MoveEvaluator:
    """Build the agent ``spec`` names and check that it can judge moves.

    Args:
        spec: The agent spec.
        game: The game's name.
        seed: The agent's seed.

    Raises:
        AgentError: if the spec is bad, or names an agent that only picks moves.
    """
    agent = make_agent(spec, game, seed)
    if not isinstance(agent, MoveEvaluator):
        raise AgentError(
            f"agent {quote(str(spec))} cannot judge moves, only choose them; analysis "
            "needs an agent that judges them, such as ismcts or rollout"
        )
    return agent


@dataclass(frozen=True, slots=True)
class MoveFigure:
    """One legal move's figures at a decision.

    Attributes:
        move: Its notation.
        win: The deciding seat's estimated win chance after it, 0 to 1 (``None``: the
            search never tried it).
        visits: The searches behind the estimate.
    """

    move: str
    win: float | None
    visits: int

    def to_dict(self) -> dict[str, Any]:
        """The figure as JSON-ready data."""
        return {"move": self.move, "win": self.win, "visits": self.visits}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the game, judged from the deciding seat's view.

    Attributes:
        number: The move's number in the record (1 is the first move).
        seat: The seat that decided.
        played: The move played (notation).
        forced: Whether it was the only legal move (then nothing was searched).
        best: The move the searcher prefers (``None`` when forced).
        win: The seat's estimated win chance with the preferred move (``None`` when forced).
        win_played: Its estimated win chance with the move played (``None`` when forced or
            when the search never tried it).
        loss: ``win - win_played``, never below 0 (``None`` when not judged).
        label: ``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``.
        moves: Every legal move's figures, the preferred first.
        exact: Whether the figures are the moves' exact values under best play (the
            game's solver, where the seat sees every card's place), not estimates.
    """

    number: int
    seat: int
    played: str
    forced: bool
    best: str | None = None
    win: float | None = None
    win_played: float | None = None
    loss: float | None = None
    label: str | None = None
    moves: tuple[MoveFigure, ...] = ()
    exact: bool = False

    @property
    def stakes(self) -> float:
        """What the decision could change: the best judged win chance minus the worst."""
        return stakes_of(m.win for m in self.moves)

    @property
    def accuracy(self) -> float | None:
        """The move's accuracy, 0 to 100: the share of the stakes it kept (``None``: unjudged)."""
        if self.loss is None:
            return None
        return move_accuracy(self.loss, self.stakes)

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        return {
            "number": self.number,
            "seat": self.seat,
            "played": self.played,
            "forced": self.forced,
            "best": self.best,
            "win": self.win,
            "win_played": self.win_played,
            "loss": self.loss,
            "stakes": None if self.forced else self.stakes,
            "label": self.label,
            "moves": [m.to_dict() for m in self.moves],
            "exact": self.exact,
        }


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """How one seat played, over its judged decisions.

    Attributes:
        seat: The seat.
        decisions: Decisions judged (not forced, the move played was tried by the search).
        forced: Decisions that were the seat's only move.
        inaccuracies: Decisions labelled ``inaccuracy``.
        mistakes: Decisions labelled ``mistake``.
        blunders: Decisions labelled ``blunder``.
        average_loss: The mean lost win chance, 0 to 1.
        accuracy: 0 to 100, the share of what the judged decisions put at stake that the
            seat kept (:func:`game_accuracy`).
    """

    seat: int
    decisions: int
    forced: int
    inaccuracies: int
    mistakes: int
    blunders: int
    average_loss: float
    accuracy: float

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "forced": self.forced,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "average_loss": self.average_loss,
            "accuracy": self.accuracy,
        }


def game_accuracy(decisions: Sequence[Decision]) -> float:
    """One seat's accuracy over its judged decisions, 0 to 100 (:mod:`regency.accuracy`).

    The share of what its decisions put at stake that it kept: each judged move's
    accuracy (the share of the decision's stakes it kept) weighted by the stakes, so a
    decision whose moves all keep the same chance counts for nothing, however many such
    decisions there are. Forced and unjudged decisions are skipped.

    Returns:
        The accuracy; 100 with nothing at stake.
    """
    judged = [d for d in decisions if d.loss is not None and d.win is not None]
    return _game_accuracy([(d.loss or 0.0, d.stakes) for d in judged])


def summarize(seat: int, decisions: Iterable[Decision]) -> SeatSummary:
    """The summary of ``seat`` over ``decisions`` (those of other seats are ignored)."""
    mine = sorted((d for d in decisions if d.seat == seat), key=lambda d: d.number)
    judged = [d.loss for d in mine if d.loss is not None]
    labels = [d.label for d in mine]
    return SeatSummary(
        seat=seat,
        decisions=len(judged),
        forced=sum(d.forced for d in mine),
        inaccuracies=labels.count("inaccuracy"),
        mistakes=labels.count("mistake"),
        blunders=labels.count("blunder"),
        average_loss=sum(judged) / len(judged) if judged else 0.0,
        accuracy=game_accuracy(mine),
    )


@dataclass(frozen=True, slots=True)
class Analysis:
    """A game's analysis: every decision judged, and a summary per seat.

    Attributes:
        record: The game's record.
        agent: The agent spec that judged the moves.
        seed: The analysis seed (each decision's search is seeded from it and the move's
            number).
        seats: The seats whose decisions were analysed.
        decisions: The decisions of those seats, in the order played.
        summaries: One summary per analysed seat, in seat order.
    """

    record: Record
    agent: str
    seed: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...] = field(default=())

    def decision(self, number: int) -> Decision | None:
        """The decision that made move ``number`` (1-based), if it was analysed."""
        for decision in self.decisions:
            if decision.number == number:
                return decision
        return None

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready data (the format ``docs/analysis.md`` documents)."""
        return {
            "format": ANALYSIS_FORMAT,
            "version": ANALYSIS_VERSION,
            "record": self.record.to_dict(),
            "agent": self.agent,
            "seed": self.seed,
            "seats": list(self.seats),
            "thresholds": {label: alone for label, alone, _, _ in LABELS},
            "shares": {label: [least, part] for label, _, least, part in LABELS},
            "decisions": [d.to_dict() for d in self.decisions],
            "summaries": [s.to_dict() for s in self.summaries],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The analysis as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """Read an analysis from its JSON-ready data, checking its shape.

        Raises:
            AnalysisError: if the data is not an analysis this version reads.
        """
        try:
            return _from_dict(data)
        except (KeyError, TypeError, ValueError, CorruptSaveError) as exc:
            if isinstance(exc, AnalysisError):
                raise
            raise AnalysisError(f"not a regency analysis: {exc}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Analysis:
        """Read an analysis from JSON text.

        Raises:
            AnalysisError: if the text is not an analysis this version reads.
        """
        try:
            data = read_json(text, "analysis")
        except CorruptSaveError as exc:
            raise AnalysisError(str(exc)) from None
        return cls.from_dict(data)


def _from_dict(data: Any) -> Analysis:
    data = check_document(data, ANALYSIS_FORMAT, ANALYSIS_VERSION, "analysis", AnalysisError)

    def number(value: Any) -> float | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{quote(value)} is not a number")
        return float(value)

    def integer(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{quote(value)} is not a whole number")
        return value

    def flag(value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{quote(value)} is not true or false")
        return value

    def text(value: Any, optional: bool = False) -> Any:
        if (value is None and optional) or isinstance(value, str):
            return value
        raise ValueError(f"{quote(value)} is not text")

    decisions = tuple(
        Decision(
            number=integer(d["number"]),
            seat=integer(d["seat"]),
            played=text(d["played"]),
            forced=flag(d["forced"]),
            best=text(d["best"], optional=True),
            win=number(d["win"]),
            win_played=number(d["win_played"]),
            loss=number(d["loss"]),
            label=text(d["label"], optional=True),
            moves=tuple(
                MoveFigure(text(m["move"]), number(m["win"]), integer(m["visits"]))
                for m in d["moves"]
            ),
            exact=flag(d.get("exact", False)),
        )
        for d in data["decisions"]
    )
    seats = tuple(integer(s) for s in data["seats"])
    return Analysis(
        record=Record.from_dict(data["record"]),
        agent=text(data["agent"]),
        seed=integer(data["seed"]),
        seats=seats,
        decisions=decisions,
        summaries=tuple(
            SeatSummary(
                seat=integer(s["seat"]),
                decisions=integer(s["decisions"]),
                forced=integer(s["forced"]),
                inaccuracies=integer(s["inaccuracies"]),
                mistakes=integer(s["mistakes"]),
                blunders=integer(s["blunders"]),
                average_loss=float(number(s["average_loss"]) or 0.0),
                accuracy=float(number(s["accuracy"]) or 0.0),
            )
            for s in data["summaries"]
        ),
    )


def judge(
    game: Game[Any],
    played: str,
    *,
    agent: str | AgentSpec | None = None,
    seed: int = 0,
    number: int | None = None,
) -> Decision:
    """Judge the decision now due in ``game``, the move ``played`` being what was played.

    Only ``game.view(seat)`` reaches the agent (see :func:`judge_view`).

    Args:
        game: The game just before the decision (not over).
        played: The move played, in notation (it must be legal now).
        agent: The judging agent's spec (default: :func:`default_agent`).
        seed: The analysis seed.
        number: The move's number in the game (default: the moves made so far, plus one);
            with ``seed`` it fixes the search's seed.

    Raises:
        AgentError: if the agent cannot judge moves.
        AnalysisError: if the game is over.
        IllegalActionError: if ``played`` is not legal now.
    """
    seat = game.current_player
    if seat is None:
        raise AnalysisError("the game is over: there is no decision to judge")
    notation = str(game.parse_action(played, list_legal=False))
    number = len(game.actions) + 1 if number is None else number
    spec = str(agent) if agent is not None else default_agent(game.name, game.num_players)
    return judge_view(game.view(seat), notation, number, spec, seed)


def judge_view(view: SeatView[Any], played: str, number: int, agent: str, seed: int) -> Decision:
    """Judge one decision from the deciding seat's view alone: all the agent is given.

    Where the seat sees every card's place and the game has an exact solver, the solver
    judges instead, exactly (:func:`~regency.agents.pimc.exact_estimates`, within
    :data:`EXACT_NODES` positions); the decision is then ``exact``.

    Args:
        view: The deciding seat's view (its observation and legal moves).
        played: The notation of the move played (one of the view's legal moves).
        number: The move's number in the game; with ``seed`` it fixes the search's seed.
        agent: The judging agent's spec.
        seed: The analysis seed.
    """
    if len(view.legal_actions) == 1:
        return Decision(number, view.seat, played, forced=True)
    exact = exact_estimates(view, EXACT_NODES)
    if exact is not None:
        return _decision(number, view.seat, played, exact)
    judging = evaluator(agent, view.game, derive_seed(seed, "analysis", number))
    move = [a for a in view.legal_actions if str(a) == played]
    return _decision(number, view.seat, played, judging.evaluate(view, include=move))


def _decision(number: int, seat: int, played: str, estimates: Sequence[MoveEstimate]) -> Decision:
    figures = tuple(MoveFigure(e.notation, e.win, e.visits) for e in estimates)
    return decide(number, seat, played, figures, exact=all(e.exact for e in estimates))


def preferred(figures: Sequence[MoveFigure]) -> MoveFigure:
    """The move a decision is measured against: the best judged among the most searched.

    The highest win chance of the moves with the most visits, so that the figure a
    reader sees highest is the one every move is charged against (issue 44). Moves
    searched less are left out: a move a search tried a few times can look better by
    chance. For ``ismcts`` that is its most visited move; for ``pimc`` and the exact
    solver, whose moves share every world, the best; for ``rollout``, the best of the
    candidates kept to the end, which is not always the one it plays: it keeps the
    heuristic's favourite unless a rival is *surely* better, and measuring against that
    pick spared the heuristic's moves every charge while charging a stronger player's
    departures from it whenever they came out lower on the judge's worlds (Kingdoms'
    heuristic scored as high as the default; docs/analysis.md, "Tells players apart").
    The first figure wins a tie, and the first figure is returned when none is judged.
    """
    judged = [f for f in figures if f.win is not None]
    if not judged:
        return figures[0]
    most = max(f.visits for f in judged)
    return max((f for f in judged if f.visits == most), key=lambda f: f.win or 0.0)


def decide(
    number: int, seat: int, played: str, figures: Sequence[MoveFigure], exact: bool = False
) -> Decision:
    """A decision from its moves' figures: the preferred move first, the loss against it.

    Also how stored figures are scored again (``benchmarks/accuracy.py --load``): the
    judgement is in the figures, the rest follows from them.
    """
    best = preferred(figures)
    figures = (best, *(f for f in figures if f is not best))
    mine = next((f for f in figures if f.move == played), None)
    win_played = mine.win if mine is not None else None
    loss = None
    if best.win is not None and win_played is not None:
        loss = max(0.0, best.win - win_played)
    stakes = stakes_of(f.win for f in figures)
    return Decision(
        number=number,
        seat=seat,
        played=played,
        forced=False,
        best=best.move,
        win=best.win,
        win_played=win_played,
        loss=loss,
        label=label_for(loss, stakes),
        moves=figures,
        exact=exact,
    )


def analyze(
    record: Record | dict[str, Any] | str | bytes,
    *,
    agent: str | AgentSpec | None = None,
    seats: Iterable[int] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge every decision of a recorded game from the deciding seat's view.

    Args:
        record: The game's record (a :class:`~regency.core.record.Record`, its dict, or
            JSON text: a record or a saved game).
        agent: The judging agent's spec, a :class:`MoveEvaluator` (default:
            :func:`default_agent` for the game).
        seats: Analyse only these seats' decisions (default: every seat).
        seed: The analysis seed.
        workers: Processes to search in (the figures do not depend on it).
        progress: Called as ``progress(done, total)`` after each decision searched (forced
            moves are not searched and not counted).

    Raises:
        CorruptSaveError: if the record is not a record of a legal game.
        AgentError: if the agent spec is bad or names an agent that cannot judge moves.
        AnalysisError: if a seat is not a seat of the game, or ``workers`` is below 1.
    """
    record = as_record(record)
    spec = agent_spec(record, agent)
    chosen = _seats(seats, record.players)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise AnalysisError(f"workers must be a whole number from 1, not {quote(workers)}")
    due = decisions_due(record, chosen)
    total = sum(len(view.legal_actions) > 1 for view, _, _ in due)
    done = 0

    def judged(decision: Decision) -> Decision:
        nonlocal done
        if not decision.forced:
            done += 1
            if progress is not None:
                progress(done, total)
        return decision

    if workers == 1 or total < 2:
        decisions = [judged(judge_view(view, played, n, spec, seed)) for view, played, n in due]
    else:
        # spawn: the caller may run threads (a progress bar), which fork would copy half-way.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [
                pool.submit(judge_view, view, played, n, spec, seed) for view, played, n in due
            ]
            for future in as_completed(futures):
                judged(future.result())
            decisions = [future.result() for future in futures]
    return assemble(record, spec, seed, chosen, decisions)


def as_record(record: Record | dict[str, Any] | str | bytes) -> Record:
    """The record, read and replayed to check every move and the digest.

    Raises:
        CorruptSaveError: if it is not a record of a legal game.
    """
    if isinstance(record, (str, bytes, bytearray)):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        record = Record.from_dict(record)
    replay(record)
    return record


def agent_spec(record: Record, agent: str | AgentSpec | None) -> str:
    """The judging agent's spec for ``record``'s game, checked (default: :func:`default_agent`).

    Raises:
        AgentError: if the spec is bad or names an agent that cannot judge moves.
    """
    spec = str(agent) if agent is not None else default_agent(record.game, record.players)
    spec = str(parse_spec(spec))
    evaluator(spec, record.game, 0)
    return spec


def decisions_due(
    record: Record, seats: Iterable[int] | None = None
) -> list[tuple[SeatView[Any], str, int]]:
    """Each decision of ``seats`` (default: all) as its seat saw it: (view, move played, number).

    The view is all that is kept of the game at that point, so whatever judges these
    decisions, here or in another process, cannot reach what the seat could not see.
    """
    chosen = _seats(seats, record.players)
    due: list[tuple[SeatView[Any], str, int]] = []
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    for number, notation in enumerate(record.actions, start=1):
        seat = game.current_player
        assert seat is not None
        action = game.parse_action(notation)
        if seat in chosen:
            due.append((game.view(seat), str(action), number))
        game.apply(action)
    return due


def assemble(
    record: Record, agent: str, seed: int, seats: Iterable[int], decisions: Iterable[Decision]
) -> Analysis:
    """The analysis of ``record`` from its judged ``decisions``, with the seats' summaries."""
    chosen = sorted(set(seats))
    ordered = sorted(decisions, key=lambda d: d.number)
    return Analysis(
        record=record,
        agent=agent,
        seed=seed,
        seats=tuple(chosen),
        decisions=tuple(ordered),
        summaries=tuple(summarize(seat, ordered) for seat in chosen),
    )


def _seats(seats: Iterable[int] | None, players: int) -> set[int]:
    if seats is None:
        return set(range(players))
    chosen = set()
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise AnalysisError(
                f"seat {quote(seat)} is not a seat of this game (seats are 0 to {players - 1})"
            )
        chosen.add(seat)
    return chosen
