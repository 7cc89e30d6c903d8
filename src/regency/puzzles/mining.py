"""Mining puzzles from games: positions where one move clearly keeps the game.

``regency puzzles mine`` plays games (or reads recorded ones) and, at each decision of
the game, judges the legal moves *from the deciding seat's view only* (as analysis does,
:mod:`regency.analysis`): the judge is given ``game.view(seat)`` and deals its own worlds
consistent with it, never the real hidden cards. A decision becomes a puzzle when it
passes four judgements, each on worlds of its own (:class:`Thresholds` holds the figures):

1. **Screen** (cheap, every decision with at least ``min_moves`` legal moves): the
   heuristic's best ``screen_top`` moves, ``screen_worlds`` rollouts each. The best must
   lead the second by ``gap``.
2. **Sweep**: *every* legal move, ``sweep_worlds`` rollouts each, on other worlds; its
   best ``contenders`` moves go on.
3. **Confirm**: the contenders, ``confirm_worlds`` rollouts each, on other worlds again
   (every other move keeps its sweep figure). The answers are the best move and any
   within ``same`` of it (equivalent moves, such as two cards that play alike), at most
   ``max_solutions`` of them and never more than a third of the moves; every other move
   must trail the weakest answer by ``gap``, and the best must keep at least ``min_win``.
4. **Hold**: the contenders once more, on a fourth set of worlds: an answer must again be
   best, ahead of every other move by ``hold``.

A game without a heuristic ranking and judgement (Claim) is judged by :func:`playouts`
instead: every legal move played out to the end by its heuristic (:func:`judge_spec`).

Where the seat knows every card's place and the game has an exact solver (2-player
Claim's phase two), none of that: the solver gives every legal move's value under best
play (:func:`~regency.agents.pimc.exact_estimates`), the answers are the moves that keep
the best value, and the puzzle is ``exact``: proven, not judged. A position the solver
does not finish within :data:`EXACT_NODES` positions makes no puzzle, so every such
puzzle of a set is proven. Its explanation says what the other moves lose
(``Solver.why_others_lose``: "every other card loses the Undead vote").

At most ``per_game`` puzzles are taken from one game (its decisions tried in a seeded
random order), so that a set is not a few games' worth. Everything is seeded from the
mining seed, so the same command mines the same puzzles, whatever the number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from regency.agents.base import MoveEvaluator
from regency.agents.pimc import exact_estimates, solved_world
from regency.agents.registry import make_agent
from regency.core.game import Game
from regency.core.record import Record
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.said import Part
from regency.core.start import new_game, replay
from regency.core.view import SeatView
from regency.puzzles.model import Alternative, Puzzle, PuzzleError, PuzzleSet, puzzle_id
from regency.puzzles.story import english, explain, explain_exact, play_out

__all__ = [
    "EXACT_NODES",
    "GAME_THRESHOLDS",
    "THRESHOLDS",
    "Source",
    "Thresholds",
    "difficulty",
    "explain",
    "explanation_of",
    "judge_moves",
    "mine",
    "mine_game",
    "play_record",
    "playouts",
    "rejudge",
    "solutions_of",
    "thresholds_for",
    "why_of",
]


EXACT_NODES = 3_000_000
"""The most positions the solver may search to prove a puzzle (about 6 s compiled)."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The figures that make a decision a puzzle (the module docstring says how).

    Attributes:
        min_moves: The fewest legal moves a puzzle's position may have.
        screen_top: The heuristic's best moves the screen judges.
        screen_worlds: Rollouts per move in the screen.
        sweep_worlds: Rollouts per move when every legal move is judged.
        contenders: The sweep's best moves that the confirmation and the hold judge.
        confirm_worlds: Rollouts per move in the confirmation and the hold.
        same: How far below the best an equivalent answer may be.
        gap: How far below the weakest answer every other move must be (screen, confirm).
        hold: How far below the best every other move must be when judged again.
        min_win: The least win chance the best move must keep.
        max_solutions: The most answers a puzzle may have.
        per_game: The most puzzles taken from one game.
        depth: The rollouts' look-ahead in moves (``None``: the game's own, as its
            computer player uses).
        start: The share of a game's moves before which no decision is tried (0: from
            the first).
        value: What ends a rollout: ``judge``, the heuristic's judgement, or ``net``, the
            game's learned evaluation (:mod:`~regency.agents.value`).
        exact_nodes: The most positions the game's solver may search to prove a puzzle
            where the seat sees every card (:data:`EXACT_NODES`).
    """

    min_moves: int = 3
    screen_top: int = 6
    screen_worlds: int = 12
    sweep_worlds: int = 8
    contenders: int = 8
    confirm_worlds: int = 32
    same: float = 0.04
    gap: float = 0.25
    hold: float = 0.15
    min_win: float = 0.35
    max_solutions: int = 2
    per_game: int = 3
    depth: int | None = None
    start: float = 0.0
    value: str = "judge"
    exact_nodes: int = EXACT_NODES


THRESHOLDS = Thresholds()
"""The thresholds the shipped sets were mined with, unless :data:`GAME_THRESHOLDS` says."""

GAME_THRESHOLDS = {
    # Claim Kingdoms' judgement moves slowly: 16 moves ahead, the heuristic's win chances
    # of a position's moves are within a few hundredths of each other, so no decision
    # passes the screen. Played out to the end (each rollout then ends in a win or a
    # loss), the moves that decide the game stand out; more worlds pay for the noise.
    # Only the last third or so of a game is tried: earlier moves are alike even then,
    # and a rollout from there costs most of a game.
    "claim-kingdoms": Thresholds(screen_worlds=8, confirm_worlds=40, depth=1000, start=0.65),
    # Kingdoms has few decisions where one move is far ahead of every other: a castle or a
    # tile a square away often does nearly as well, and 40-move rollouts, noisy, pass a
    # dozen decisions a game through the screen that the sweep then finds matched. Its
    # learned evaluation after 4 moves (rollout:value=net) varies far less from world to
    # world and costs a ninth as much: with it a gap of 0.15 is real, and about one
    # decision a game has one.
    "kingdoms": Thresholds(gap=0.15, hold=0.1, depth=4, value="net"),
}
"""Thresholds of their own for the games that need them."""


def thresholds_for(game: str) -> Thresholds:
    """The thresholds ``game``'s puzzles are mined (and judged again) with."""
    return GAME_THRESHOLDS.get(game, THRESHOLDS)


def judge_spec(
    game: str, worlds: int, top: int = 0, depth: int | None = None, value: str = "judge"
) -> str:
    """How a decision's moves in ``game`` are judged with a budget of ``worlds``.

    A game with a heuristic ranking and judgement (Kingdoms, Claim Kingdoms) is judged by
    its rollout agent (this is its spec): every legal move (``top=0``) or the heuristic's
    best ``top``, each played out on the same ``worlds`` dealt worlds to the look-ahead.
    A game without them (Claim) is judged by :func:`playouts` (``playouts:iters=N``):
    every legal move played out to the end by the game's heuristic on the same worlds.
    Not a tree search: it spends its visits on the move it likes and leaves the others
    a few, so two cards that play alike come out one far above the other.
    """
    info = game_info(game)
    if info.ranking is not None and info.judge is not None:
        ahead = "" if depth is None else f",depth={depth}"
        ending = "" if value == "judge" else f",value={value}"
        # drop=0: every move judged on every world, never dropped for falling behind
        return f"rollout:top={top},iters={worlds}{ahead}{ending},drop=0"
    return f"playouts:iters={worlds}"


def playouts(
    view: SeatView[Any], worlds: int, seed: int, only: Sequence[str] = ()
) -> list[Alternative]:
    """Flat Monte Carlo: each legal move (or each of ``only``) played out to the end.

    ``worlds`` worlds are dealt from the seat's view (``SeatView.world_sampler``: never
    the real hidden cards); in each, every move is played and then the game's heuristic
    (a random legal move for a game without one) plays every seat to the end, with the
    same random tie-breaks for every move. A move's figure is the seat's mean reward.

    Returns:
        The moves judged, the highest win chance first (ties in the view's order).
    """
    info = game_info(view.game)
    rng = random.Random(seed)
    wanted = set(only)
    moves = [a for a in view.legal_actions if not wanted or str(a) in wanted]
    totals = [0.0] * len(moves)
    sampler = view.world_sampler()
    for _ in range(worlds):
        world = sampler(rng)
        ties = rng.getrandbits(64)
        for i, action in enumerate(moves):
            trial = world.clone()
            trial.apply(action)
            play_out(trial, info, random.Random(ties))
            totals[i] += trial.result().reward(view.seat)
    order = sorted(range(len(moves)), key=lambda i: -totals[i])
    return [Alternative(str(moves[i]), totals[i] / worlds) for i in order]


def judge_moves(
    view: SeatView[Any],
    *,
    worlds: int,
    seed: int,
    top: int = 0,
    depth: int | None = None,
    only: Sequence[str] = (),
    value: str = "judge",
) -> list[Alternative]:
    """Judge a decision's moves from the seat's view alone (:func:`judge_spec`).

    Args:
        view: The deciding seat's view: all the judge is given.
        worlds: Rollouts per move.
        seed: The judge's seed.
        top: Judge the heuristic's best ``top`` moves (0: every legal move; a game
            judged by playouts judges every move).
        depth: The rollouts' look-ahead (``None``: the game's own).
        only: Judge these moves (notation) and the heuristic's favourite instead.
        value: What ends a rollout (``judge`` or ``net``).

    Returns:
        The judged moves, the highest win chance first (ties in the agent's order).
    """
    spec = judge_spec(view.game, worlds, 1 if only else top, depth, value)
    if spec.startswith("playouts:"):
        return playouts(view, worlds, seed, only)
    agent = make_agent(spec, view.game, seed)
    assert isinstance(agent, MoveEvaluator)
    wanted = set(only)
    include = [a for a in view.legal_actions if str(a) in wanted]
    estimates = [e for e in agent.evaluate(view, include=include) if e.win is not None]
    order = {e.notation: i for i, e in enumerate(estimates)}
    ranked = sorted(estimates, key=lambda e: (-(e.win or 0.0), order[e.notation]))
    return [Alternative(e.notation, float(e.win or 0.0)) for e in ranked]


def _combined(close: Sequence[Alternative], sweep: Sequence[Alternative]) -> list[Alternative]:
    """The contenders' close judgement, every other move's from the sweep, best first."""
    judged = {f.move for f in close}
    return sorted([*close, *(f for f in sweep if f.move not in judged)], key=lambda f: -f.win)


def solutions_of(figures: Sequence[Alternative], th: Thresholds = THRESHOLDS) -> tuple[str, ...]:
    """The answers a judgement gives, or ``()`` when it makes no puzzle.

    The best move and those within ``th.same`` of it, if there are few enough of them and
    every other move trails the weakest of them by ``th.gap``, the best keeping
    ``th.min_win``.
    """
    if len(figures) < 2 or figures[0].win < th.min_win:
        return ()
    best = figures[0].win
    answers = [f for f in figures if f.win >= best - th.same]
    if len(answers) > th.max_solutions or 3 * len(answers) > len(figures):
        return ()
    rest = figures[len(answers) :]
    if rest and answers[-1].win - rest[0].win < th.gap:
        return ()
    return tuple(f.move for f in answers)


def holds(
    figures: Sequence[Alternative], solutions: Sequence[str], th: Thresholds = THRESHOLDS
) -> bool:
    """Whether a judgement on new worlds keeps the answer: an answer best, by ``th.hold``."""
    if not figures or figures[0].move not in solutions:
        return False
    others = [f.win for f in figures if f.move not in solutions]
    return not others or figures[0].win - max(others) >= th.hold


def difficulty(
    view: SeatView[Any], solutions: Sequence[str], figures: Sequence[Alternative]
) -> int:
    """A puzzle's starting rating, from what makes the answer hard to see.

    1000, plus 180 for each place the first answer stands below the top of the game's
    heuristic ranking, up to five (a move the rule-based player would not make is a hard
    find; a game without a ranking counts 0 places when its heuristic plays an answer and
    3 when it does not), plus 120 per doubling of the moves per answer (a blind guess is
    less likely right), plus up to 150 for a narrow margin between the weakest answer and
    the next move (below 0.5), or less for a wide one; held to 600-2500, to the ten.
    """
    info = game_info(view.game)
    rng = random.Random(0)
    if info.ranking is not None:
        ranked = [str(a) for a in info.ranking(view, rng)]
        places = [ranked.index(s) for s in solutions if s in ranked]
        place = min(places) if places else 5
    elif info.heuristic is not None:
        place = 0 if str(info.heuristic(view, rng)) in solutions else 3
    else:
        place = 2
    legal = len(view.legal_actions)
    margin = figures[len(solutions) - 1].win - figures[len(solutions)].win
    rating = (
        1000
        + 180 * min(place, 5)
        + 120 * math.log2(legal / len(solutions))
        + max(-150.0, min(150.0, 300.0 * (0.5 - margin)))
    )
    return int(round(max(600, min(2500, rating)) / 10) * 10)


@dataclass(frozen=True, slots=True)
class Source:
    """A game to mine: a record to read, or one to play first.

    Attributes:
        index: Its place among the mined games (seeds the judgements).
        game: The game's name.
        players: Seats.
        record: The game's record (``None``: play it with ``agents`` from ``seed``).
        seed: The game's seed when it is to be played.
        agents: One agent spec per seat when it is to be played.
        label: Where it came from, kept with its puzzles.
    """

    index: int
    game: str
    players: int
    record: Record | None = None
    seed: int = 0
    agents: tuple[str, ...] = ()
    label: str = ""


def play_record(game: str, players: int, seed: int, agents: Sequence[str]) -> Record:
    """Play a whole game between ``agents`` (one spec per seat, seeded) and return its record."""
    played = new_game(game, players=players, seed=seed)
    seats = [make_agent(spec, game, derive_seed(seed, "seat", i)) for i, spec in enumerate(agents)]
    while not played.is_over:
        seat = played.current_player
        assert seat is not None
        legal = played.legal_actions()
        if len(legal) == 1:
            played.apply(legal[0])
        else:
            played.apply(seats[seat].choose(played.view(seat)))
    return played.record()


def mine_game(source: Source, seed: int, th: Thresholds | None = None) -> list[Puzzle]:
    """The puzzles of one game: its decisions tried in a seeded order, ``th.per_game`` at most."""
    th = th or thresholds_for(source.game)
    record = source.record or play_record(source.game, source.players, source.seed, source.agents)
    game = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    points: list[tuple[int, Record, int]] = []  # (move number, record up to it, seat)
    for number, notation in enumerate(record.actions, start=1):
        seat = game.current_player
        assert seat is not None
        late = number > th.start * len(record.actions)
        if late and len(game.legal_actions()) >= th.min_moves:
            head = Record(
                record.game,
                record.players,
                record.seed,
                dict(record.options),
                tuple(record.actions[: number - 1]),
            )
            points.append((number, head, seat))
        game.apply(game.parse_action(notation))
    random.Random(derive_seed(seed, "order", source.index)).shuffle(points)
    found: list[Puzzle] = []
    for number, head, seat in points:
        if len(found) >= th.per_game:
            break
        puzzle = _try_position(
            head, seat, derive_seed(seed, "judge", source.index, number), source.label, th
        )
        if puzzle is not None:
            found.append(puzzle)
    return found


def _try_position(head: Record, seat: int, seed: int, label: str, th: Thresholds) -> Puzzle | None:
    position = replay(head)
    view = position.view(seat)
    if solved_world(view) is not None:
        return _proven(head, seat, label, th, position, view)
    screen = judge_moves(
        view,
        worlds=th.screen_worlds,
        top=th.screen_top,
        seed=derive_seed(seed, 1),
        depth=th.depth,
        value=th.value,
    )
    if not solutions_of(screen, th):
        return None
    sweep = judge_moves(
        view, worlds=th.sweep_worlds, seed=derive_seed(seed, 2), depth=th.depth, value=th.value
    )
    contenders = [f.move for f in sweep[: th.contenders]]

    def close(stage: int) -> list[Alternative]:
        judged = judge_moves(
            view,
            worlds=th.confirm_worlds,
            seed=derive_seed(seed, stage),
            depth=th.depth,
            value=th.value,
            only=contenders,
        )
        return _combined(judged, sweep)

    figures = close(3)
    solutions = solutions_of(figures, th)
    if not solutions:
        return None
    again = close(4)
    if not holds(again, solutions, th):
        return None
    # The figures shown are the mean of the two close judgements (twice the worlds) for
    # the contenders and the sweep's for the rest, to four places, as the set is written.
    second = {f.move: f.win for f in again}
    merged = sorted(
        (Alternative(f.move, round((f.win + second[f.move]) / 2, 4)) for f in figures),
        key=lambda f: (f.move not in solutions, -f.win),
    )
    return Puzzle(
        id=puzzle_id(head, seat),
        record=head,
        seat=seat,
        solutions=tuple(f.move for f in merged if f.move in solutions),
        alternatives=tuple(merged),
        **_explained(explain(position, solutions, merged)),
        rating=difficulty(view, solutions, merged),
        source=label,
    )


def _proven(
    head: Record,
    seat: int,
    label: str,
    th: Thresholds,
    position: Game[Any],
    view: SeatView[Any],
) -> Puzzle | None:
    """The puzzle of a position the game's solver answers for exactly, if it makes one.

    The answers are the moves of best value under best play, when they are few enough
    and every other move is worse by the gap (:func:`solutions_of`); a position the
    solver does not finish within ``th.exact_nodes`` positions makes none.
    """
    exact = exact_estimates(view, th.exact_nodes)
    if exact is None:
        return None
    figures = [Alternative(e.notation, float(e.win or 0.0)) for e in exact]
    solutions = solutions_of(figures, th)
    if not solutions:
        return None
    ordered = sorted(figures, key=lambda f: (f.move not in solutions, -f.win))
    return Puzzle(
        id=puzzle_id(head, seat),
        record=head,
        seat=seat,
        solutions=tuple(f.move for f in ordered if f.move in solutions),
        alternatives=tuple(ordered),
        **_explained(explain_exact(position, solutions, ordered, _lost(view, solutions))),
        rating=difficulty(view, solutions, ordered),
        source=label,
        exact=True,
    )


def _lost(view: SeatView[Any], solutions: Sequence[str]) -> Part | None:
    """The solver's words for what every move but ``solutions`` gives up, if it can say."""
    found = solved_world(view)
    if found is None:
        return None
    solver, world = found
    return solver.why_others_lose(world, [a for a in view.legal_actions if str(a) in solutions])


def explanation_of(puzzle: Puzzle) -> str:
    """The explanation the mining writes now for ``puzzle``, in English (its file's words)."""
    return english(why_of(puzzle))


def why_of(puzzle: Puzzle) -> list[Part]:
    """The explanation the mining writes now for ``puzzle``'s position and judged moves.

    A proven puzzle's (:func:`~regency.puzzles.story.explain_exact`, with the solver's
    words for what the other moves lose), else the estimated one's
    (:func:`~regency.puzzles.story.explain`), as messages (:mod:`regency.core.said`).
    """
    position = puzzle.position()
    if puzzle.exact:
        reason = _lost(puzzle.view(), puzzle.solutions)
        return explain_exact(position, puzzle.solutions, puzzle.alternatives, reason)
    return explain(position, puzzle.solutions, puzzle.alternatives)


def _explained(why: list[Part]) -> dict[str, Any]:
    """A puzzle's explanation fields: the messages, and their English as the file keeps it."""
    return {"explanation": english(why), "why": why}


def rejudge(puzzle: Puzzle, seed: int, th: Thresholds | None = None) -> list[Alternative]:
    """Judge a puzzle again on new worlds, as its confirmation judged it.

    The answers and the moves closest behind them (the puzzle's best ``th.contenders``
    alternatives) are judged with ``th.confirm_worlds`` from the seat's view, seeded by
    ``seed``; the puzzle keeps its answer when one of its answers comes out first.

    Returns:
        Those moves judged, the best first.
    """
    th = th or thresholds_for(puzzle.game)
    if puzzle.exact:  # proven: the solver again, which needs no new worlds
        exact = exact_estimates(puzzle.view(), 0)
        if exact is None:
            raise PuzzleError(f"puzzle {puzzle.id} is marked exact but the solver does not apply")
        return [Alternative(e.notation, float(e.win or 0.0)) for e in exact]
    contenders = [a.move for a in puzzle.alternatives[: th.contenders]]
    judged = judge_moves(
        puzzle.view(),
        worlds=th.confirm_worlds,
        seed=seed,
        depth=th.depth,
        value=th.value,
        only=contenders,
    )
    return [f for f in judged if f.move in contenders]


def _mine_one(args: tuple[Source, int, Thresholds]) -> tuple[int, list[Puzzle]]:
    source, seed, th = args
    return source.index, mine_game(source, seed, th)


def mine(
    game: str,
    sources: Iterable[Source],
    *,
    seed: int = 0,
    workers: int = 1,
    thresholds: Thresholds | None = None,
    limit: int | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    command: str = "",
) -> PuzzleSet:
    """Mine ``sources`` (games of ``game``) for puzzles.

    Args:
        game: The game's name.
        sources: The games to mine.
        seed: The mining seed.
        workers: Processes to judge in (the puzzles do not depend on it).
        thresholds: What makes a puzzle (default: :func:`thresholds_for` the game).
        limit: Stop once this many puzzles are found (the games are then taken in order,
            so the set does not depend on the workers either).
        progress: Called as ``progress(games done, games, puzzles found)``.
        command: The command that mined the set, kept in it.

    Returns:
        The set, easiest first.
    """
    th = thresholds or thresholds_for(game)
    todo = list(sources)
    found: dict[int, list[Puzzle]] = {}
    count = 0

    def done(index: int, puzzles: list[Puzzle]) -> None:
        nonlocal count
        found[index] = puzzles
        count += len(puzzles)
        if progress is not None:
            progress(len(found), len(todo), count)

    def enough() -> bool:
        if limit is None:
            return False
        taken = 0
        for source in todo:  # the games in order, up to the first not yet mined
            if source.index not in found:
                return False
            taken += len(found[source.index])
            if taken >= limit:
                return True
        return True

    jobs = [(source, seed, th) for source in todo]
    if workers <= 1:
        for job in jobs:
            done(*_mine_one(job))
            if enough():
                break
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            for index, of_game in pool.map(_mine_one, jobs):
                done(index, of_game)
                if enough():
                    pool.shutdown(wait=False, cancel_futures=True)
                    break
    puzzles: list[Puzzle] = []
    for source in todo:
        if source.index in found:
            puzzles.extend(found[source.index])
    if limit is not None:
        puzzles = puzzles[:limit]
    unique = {p.id: p for p in puzzles}
    ordered = sorted(unique.values(), key=lambda p: (p.rating, p.id))
    mined = {
        "command": command,
        "seed": seed,
        "thresholds": asdict(th),
        "screen": judge_spec(game, th.screen_worlds, th.screen_top, th.depth, th.value),
        "judge": judge_spec(game, th.confirm_worlds, 0, th.depth, th.value),
        "games": len(found),
    }
    return PuzzleSet(game, tuple(ordered), mined)


def self_play_sources(
    game: str, players: Sequence[int], games: int, seed: int, agents: Sequence[str] = ("heuristic",)
) -> list[Source]:
    """``games`` games to play, the player counts in turn, the seats' agents from ``agents``."""
    out = []
    for index in range(games):
        count = players[index % len(players)]
        specs = tuple(agents[(index + s) % len(agents)] for s in range(count))
        out.append(
            Source(
                index,
                game,
                count,
                seed=derive_seed(seed, "game", index),
                agents=specs,
                label=f"{' v '.join(specs)}, {count} players, game {index + 1}",
            )
        )
    return out


def record_sources(game: str, records: Iterable[Record], start: int = 0) -> list[Source]:
    """Recorded games to mine (saved games, finished server games' records)."""
    out = []
    for index, record in enumerate(records, start=start):
        if record.game != game:
            continue
        out.append(
            Source(index, game, record.players, record=record, label=f"recorded game {index + 1}")
        )
    return out
