"""Why a puzzle's answer is the answer, in the game's words, and its moves grouped.

:func:`explain` writes a puzzle's explanation. The figures (every move's win chance) say
*that* the answer is best; the words say *why*: worlds are dealt from the deciding
seat's view (never the real hidden cards), the answer and the next best move are each
played in every world and the game is played out to its end by the game's heuristic,
as the puzzles' judge plays its worlds out, and the game's explainer
(:mod:`regency.core.explain`, ``GameInfo.explainer``) reads each world: which trick the
move won, which faction's vote or control it decided, what a row paid. The one or two
facts on which the two moves differ most are said for both::

    Knight 6 is the only move that keeps a 100% chance to win: it wins this trick, and
    Dwarf 9 with it. The next best, Knight 2, wins 0%: it loses this trick, and Dwarf 9
    with it. The other move wins less than 20%.

The worlds' seed comes from the seat's observation, so the same position seen by the
same seat gives the same words, whatever lies face down.

:func:`group_moves` lists a puzzle's moves best first with near-identical ones together
("12 other swaps with the blue marker, 0-15%"): same kind of move by the game's
``Explainer.group`` and about the same win chance.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regency.core.game import Game
from regency.core.i18n import DEFAULT, using
from regency.core.registry import GameInfo, game_info
from regency.core.rng import derive_seed
from regency.core.said import Part, Texts, said, said_n, sentence, text_of
from regency.puzzles.model import Alternative

__all__ = [
    "LOW",
    "SAME",
    "WORLDS",
    "MoveGroup",
    "consequences",
    "english",
    "explain",
    "explain_exact",
    "group_moves",
    "play_out",
]

WORLDS = 24
"""Worlds each compared move is played out in to find what it does."""

LOW = 0.2
"""A move below this win chance is a losing move: such moves are said, and grouped, together."""

SAME = 0.04
"""Moves of one kind whose win chances are this close are grouped (the puzzles' ``same``)."""

DIFFERENT = 0.25
"""The least difference between two moves' mean facts worth a sentence (in the facts' units)."""

CONTEXT = 0.5
"""The least difference against the answer worth saying beside its one reason."""


def play_out(game: Game[Any], info: GameInfo, rng: random.Random) -> None:
    """Play ``game`` to its end by the game's heuristic (a random move without one)."""
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        if len(legal) == 1 or info.heuristic is None:
            game.apply(rng.choice(legal))
        else:
            game.apply(info.heuristic(game.view(seat), rng))


def _seed(game: Game[Any], seat: int) -> int:
    """A seed from what the seat sees, and nothing else."""
    seen = json.dumps(game.observation(seat), sort_keys=True, separators=(",", ":"))
    return derive_seed(0, "explain", seen)


def consequences(
    game: Game[Any], moves: Sequence[str], worlds: int = WORLDS, seed: int | None = None
) -> dict[str, dict[str, float]]:
    """What each of ``moves`` does, by the game's explainer: move -> topic -> mean value.

    Each world is dealt from the view of the seat to move; every move meets the same
    worlds and the same random tie-breaks. Empty for a game without an explainer.
    """
    info = game_info(game.name)
    seat = game.current_player
    if info.explainer is None or seat is None:
        return {}
    view = game.view(seat)
    rng = random.Random(_seed(game, seat) if seed is None else seed)
    sampler = view.world_sampler()
    actions = {str(a): a for a in view.legal_actions}
    totals: dict[str, dict[str, float]] = {move: defaultdict(float) for move in moves}
    for _ in range(worlds):
        world = sampler(rng)
        ties = rng.getrandbits(64)
        for move in moves:
            trial = world.clone()
            trial.apply(actions[move])
            play_out(trial, info, random.Random(ties))
            for topic, value in info.explainer.facts(world, trial, seat).items():
                totals[move][topic] += value
    return {move: {t: v / worlds for t, v in topics.items()} for move, topics in totals.items()}


def _differences(
    answer: dict[str, float], rival: dict[str, float], info: GameInfo
) -> tuple[list[Part], list[Part]]:
    """What the answer and the rival do differently: up to two phrases for each.

    Facts are oriented (more is better for the mover), so the topics said are those
    where the answer does best against the rival: the reasons, at most two. With one
    reason, the topic where the two moves differ most the other way is said too when
    the difference is large (how it comes about: a trick given away to win a vote).
    """
    assert info.explainer is not None
    say = info.explainer.say
    topics = list(dict.fromkeys([*answer, *rival]))

    def gain(topic: str) -> float:
        return answer.get(topic, 0.0) - rival.get(topic, 0.0)

    reasons = sorted((t for t in topics if gain(t) >= DIFFERENT), key=lambda t: -gain(t))
    chosen = reasons[:2]
    if len(chosen) == 1:
        apart = sorted((t for t in topics if t not in chosen), key=lambda t: -abs(gain(t)))
        chosen += [t for t in apart[:1] if abs(gain(t)) >= CONTEXT]
    mine: list[Part] = []
    theirs: list[Part] = []
    for topic in chosen:
        said_a, said_r = say(topic, answer.get(topic, 0.0)), say(topic, rival.get(topic, 0.0))
        if said_a == said_r:
            continue
        if said_a:
            mine.append(said_a)
        if said_r:
            theirs.append(said_r)
    return mine, theirs


def _phrases(phrases: list[Part]) -> Part:
    """Phrases that follow "it", the second after "; it also"."""
    joined = phrases[-1]
    for phrase in reversed(phrases[:-1]):
        joined = said("{first}; it also {second}", first=phrase, second=joined)
    return joined


def _either(moves: list[Part]) -> Part:
    """Moves named one after the other: "Knight 6 or Knight 7"."""
    joined = moves[-1]
    for move in reversed(moves[:-1]):
        joined = said("{first} or {second}", first=move, second=joined)
    return joined


def _move(game: Game[Any], move: str) -> Texts:
    """A move as the table names it, in every language (``Game.describe``)."""
    return Texts.of(lambda: game.describe(move))


def english(part: Part) -> str:
    """Words in English: a puzzle's ``explanation`` as its file keeps it."""
    with using(DEFAULT):
        return text_of(part)


def explain(
    game: Game[Any],
    solutions: Sequence[str],
    figures: Sequence[Alternative],
    *,
    worlds: int = WORLDS,
) -> list[Part]:
    """Why the answer is the answer: its win chance and the next best's, and what each does.

    ``game`` is the position (its :meth:`~regency.core.game.Game.describe` names the
    moves as the table does). What the moves do comes from worlds dealt from the seat's
    view (:func:`consequences`), so the words tell the solver nothing the seat could not
    see; a game without an explainer gets the figures alone. The sentences are kept as
    messages (:mod:`regency.core.said`): :func:`english` reads them as the file keeps
    them, ``text_of`` in the reader's language.
    """
    answers = [f for f in figures if f.move in solutions]
    rest = [f for f in figures if f.move not in solutions]
    names = _either([_move(game, f.move) for f in answers])
    one = len(answers) == 1
    best = round(100 * answers[0].win)
    an = str(best).startswith("8") or best in (11, 18)  # English: "an 80%", "an 11%"
    info = game_info(game.name)
    mine: list[Part] = []
    theirs: list[Part] = []
    if rest and info.explainer is not None:
        done = consequences(game, [answers[0].move, rest[0].move], worlds)
        mine, theirs = _differences(done[answers[0].move], done[rest[0].move], info)
    if one and an:
        claim = said(
            "{moves} is the only move that keeps an {chance}% chance to win",
            moves=names,
            chance=best,
        )
    elif one:
        claim = said(
            "{moves} is the only move that keeps a {chance}% chance to win",
            moves=names,
            chance=best,
        )
    elif an:
        claim = said(
            "{moves} are the only moves that keep an {chance}% chance to win",
            moves=names,
            chance=best,
        )
    else:
        claim = said(
            "{moves} are the only moves that keep a {chance}% chance to win",
            moves=names,
            chance=best,
        )
    if mine and one:
        sentences: list[Part] = [sentence("{claim}: it {what}.", claim=claim, what=_phrases(mine))]
    elif mine:
        sentences = [sentence("{claim}: either one {what}.", claim=claim, what=_phrases(mine))]
    else:
        sentences = [sentence("{claim}.", claim=claim)]
    if rest:
        rival = _move(game, rest[0].move)
        chance = round(100 * rest[0].win)
        if theirs:
            sentences.append(
                sentence(
                    "The next best, {move}, wins {chance}%: it {what}.",
                    move=rival,
                    chance=chance,
                    what=_phrases(theirs),
                )
            )
        else:
            sentences.append(
                sentence("The next best, {move}, wins {chance}%.", move=rival, chance=chance)
            )
        tail = _tail(game, answers, rest, info)
        if tail is not None:
            sentences.append(tail)
    return sentences


def explain_exact(
    game: Game[Any],
    solutions: Sequence[str],
    figures: Sequence[Alternative],
    reason: Part | None = None,
) -> list[Part]:
    """Why a proven answer is the answer: it wins against best play, and what the rest lose.

    For a position the game's solver answers exactly (the figures are each move's reward
    under best play by every seat, so 1 is a win). ``reason`` is the solver's words for
    what every other move gives up (``Solver.why_others_lose``: "every other card loses
    the Undead's vote"), said after the answer when there are any::

        Knight 6 is the only move that wins against best play: every other card loses
        the Undead's vote.
    """
    answers = [f for f in figures if f.move in solutions]
    names = _either([_move(game, f.move) for f in answers])
    one = len(answers) == 1
    won = answers[0].win >= 1.0
    if one and won:
        claim = said("{moves} is the only move that wins against best play", moves=names)
    elif one:
        claim = said(
            "{moves} is the only move that keeps a shared win against best play", moves=names
        )
    elif won:
        claim = said("{moves} are the only moves that win against best play", moves=names)
    else:
        claim = said(
            "{moves} are the only moves that keep a shared win against best play", moves=names
        )
    if reason is not None:
        return [sentence("{claim}: {reason}.", claim=claim, reason=reason)]
    return [sentence("{claim}.", claim=claim)]


def _tail(
    game: Game[Any], answers: list[Alternative], rest: list[Alternative], info: GameInfo
) -> Part | None:
    """The sentence on the moves behind the next best: how many win less than 20%."""
    others = rest[1:]
    low = sum(f.win < LOW for f in others)
    if not low:
        return None
    kinds = {_kind(game, f.move, info) for f in others}
    kind = kinds.pop() if len(kinds) == 1 else None
    if kind is not None and len(others) > 1 and info.explainer is not None:
        near = {_kind(game, f.move, info) for f in [*answers, rest[0]]}
        noun = info.explainer.name(kind, len(others), kind in near)
        if low == len(others):
            return sentence("The {moves} all win less than 20%.", moves=noun)
        return said_n(
            "{count} of the {moves} wins less than 20%.",
            "{count} of the {moves} win less than 20%.",
            low,
            moves=noun,
        )
    if low == len(others) == 1:
        return sentence("The other move wins less than 20%.")
    if low == len(others):
        return sentence("The other {number} moves all win less than 20%.", number=low)
    return said_n(
        "{count} of the other {number} moves wins less than 20%.",
        "{count} of the other {number} moves win less than 20%.",
        low,
        number=len(others),
    )


def _kind(game: Game[Any], move: str, info: GameInfo) -> str | None:
    if info.explainer is None:
        return None
    return info.explainer.group(game, game.parse_action(move, list_legal=False))


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """A move, or moves that play alike, as a puzzle's move list shows them.

    Attributes:
        moves: The moves' notations, best first.
        text: The words: the move itself for one move, else the kind and the count
            (``12 other swaps with the blue marker``).
        high: The best win chance in the group.
        low: The worst.
    """

    moves: tuple[str, ...]
    text: str
    high: float
    low: float

    def to_dict(self) -> dict[str, Any]:
        """The group as JSON-ready data (wins to four places)."""
        return {
            "moves": list(self.moves),
            "text": self.text,
            "win": round(self.high, 4),
            "low": round(self.low, 4),
        }


def group_moves(
    game: Game[Any],
    figures: Sequence[Alternative],
    solutions: Sequence[str],
    keep: Sequence[str] = (),
) -> list[MoveGroup]:
    """A puzzle's moves best first, near-identical ones said once with their count.

    The answers, the next best move and the moves in ``keep`` (the move tried) stand
    alone. Every other move joins the moves of its kind (``Explainer.group``) that win
    less than 20% when it does too, else those within 0.04 of the kind's best there.
    """
    info = game_info(game.name)
    alone = {*solutions, *keep}
    rivals = [f for f in figures if f.move not in solutions]
    if rivals:
        alone.add(rivals[0].move)
    kinds = {f.move: _kind(game, f.move, info) for f in figures}
    buckets: list[list[Alternative]] = []
    open_bucket: dict[tuple[str, bool], list[Alternative]] = {}
    for figure in figures:
        kind = kinds[figure.move]
        if figure.move in alone or kind is None:
            buckets.append([figure])
            continue
        key = (kind, figure.win < LOW)
        bucket = open_bucket.get(key)
        if bucket is None or (not key[1] and bucket[0].win - figure.win > SAME):
            bucket = open_bucket[key] = []
            buckets.append(bucket)
        bucket.append(figure)
    groups = []
    for bucket in buckets:
        first = bucket[0]
        text = game.describe(first.move)
        if len(bucket) > 1 and info.explainer is not None:
            kind = kinds[first.move]
            assert kind is not None
            mine = {f.move for f in bucket}
            other = any(kinds[m] == kind for m in kinds if m not in mine)
            text = text_of(info.explainer.name(kind, len(bucket), other))
        groups.append(
            MoveGroup(tuple(f.move for f in bucket), text, first.win, min(f.win for f in bucket))
        )
    return groups
