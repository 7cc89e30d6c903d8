"""A rule-based Kingdoms player that a casual player finds sensible.

It reads only its seat's view (observation and legal actions), like every agent, and
judges each move by the gold it should bring *relative to the opponents*:

* a castle goes where the row and column parts around it are (or are likely to be)
  rich, counting the Wizard's raise; high ranks wait for strong spots, and in epochs
  1-2 are kept for later unless the spot is good, since unplaced castles are kept;
* a tile goes where it helps the player's castles more than the opponents': resources
  beside its own castles, hazards (and the Dragon) where opponents' castles are, the
  Gold Mine where the player leads a part, Mountains where they cut an opponent off;
* the starting tile is a known tile in reserve: it is placed when it does real harm or
  good, or when the board is nearly full; otherwise the player draws or builds.

Future tiles are estimated from the tiles the seat has not seen, a little pessimistically
(opponents will aim their hazards at its castles).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from regency.core.view import SeatView
from regency.games.kingdoms import rules
from regency.games.kingdoms.actions import CASTLE, DRAW, START, TILE, KingdomsAction
from regency.games.kingdoms.board import (
    CASTLE_BASE,
    EMPTY,
    LINES,
    NEIGHBOURS,
    SQUARES,
    cell_from_token,
)
from regency.games.kingdoms.tiles import (
    DRAGON,
    GOLD_MINE,
    TILE_VALUE,
    WIZARD,
    tile_from_code,
)

__all__ = ["choose", "expected_gold", "judge", "ranked", "win_chances"]

_KEEP = 4.5
"""Gold per rank that a rank 2-4 castle is worth kept for a later epoch (epochs 1-2)."""

_WAIT = 1.5
"""Gold per rank that waiting to see more of the board is worth, on an empty board."""

_PESSIMISM = 0.3
"""Gold knocked off each empty square's expected tile: hazards are aimed at castles."""

_OPEN = 0.3
"""How much a resource on open squares helps whoever builds there next (per square)."""

_RESERVE = 2.0
"""What holding the starting tile back is worth, at least (a known tile in reserve)."""

_RESERVE_PER_SQUARE = 0.1
"""...and more while many squares are empty (more chances to use it well later)."""

_SPECIAL_DRAW = 1.0
"""What drawing a special tile is assumed to be worth (not worked out, for speed)."""


_LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, (_, squares) in enumerate(LINES) if sq in squares) for sq in range(SQUARES)
)
"""Square -> the indices in ``LINES`` of its row and its column."""

_LINES_THROUGH_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({i for n in (sq, *NEIGHBOURS[sq]) for i in _LINES_THROUGH[n]}))
    for sq in range(SQUARES)
)
"""Square -> the lines through it and through the squares sharing a side with it."""


class _Part:
    """One row or column part as the heuristic sees it (known tiles, castles, gaps)."""

    __slots__ = ("dragon", "empties", "hazards", "mine", "ranks", "resources", "stake")

    def __init__(self, players: int) -> None:
        self.resources = 0
        self.hazards = 0
        self.dragon = False
        self.mine = False
        self.empties = 0
        self.ranks = [0] * players
        self.stake = 0.0  # set once the ranks are known (_Position.stake)


class _Position:
    """The board read from an observation, with the parts each square lies in."""

    def __init__(self, obs: dict[str, Any], rng: random.Random) -> None:
        n: int = obs["players"]
        # A tiny random preference per square breaks ties between equal squares, so
        # an empty board does not always get its first tile in the same corner.
        self.jitter = [rng.random() * 1e-6 for _ in range(SQUARES)]
        self.players: int = n
        self.seat: int = obs["seat"]
        self.cells = [cell_from_token(t, n) for row in obs["board"] for t in row]
        cells = self.cells
        self.wizard = rules.wizard_square(cells)
        self.raised = set(NEIGHBOURS[self.wizard]) if self.wizard >= 0 else set()
        self.parts: list[_Part] = []
        self.row_part = [-1] * SQUARES
        self.col_part = [-1] * SQUARES
        for line, squares in rules.line_parts(cells):
            index = len(self.parts)
            part = _Part(n)
            self.parts.append(part)
            lookup = self.row_part if line.startswith("row") else self.col_part
            for sq in squares:
                lookup[sq] = index
                cell = cells[sq]
                if cell == EMPTY:
                    part.empties += 1
                elif cell >= CASTLE_BASE:
                    rank = ((cell - CASTLE_BASE) & 3) + 1 + (1 if sq in self.raised else 0)
                    part.ranks[(cell - CASTLE_BASE) >> 2] += rank
                elif cell == DRAGON:
                    part.dragon = True
                elif cell == GOLD_MINE:
                    part.mine = True
                elif TILE_VALUE[cell] > 0:
                    part.resources += TILE_VALUE[cell]
                else:
                    part.hazards += TILE_VALUE[cell]
        for part in self.parts:
            # Worked out once here: tile_gains reads it for every kind of tile.
            part.stake = self.stake(part)
        self.opponents_share = (n - 1) / n
        self.empty = [sq for sq in range(SQUARES) if cells[sq] == EMPTY]
        # What an unseen tile is worth on average, and how many empty squares will
        # get a tile rather than a castle.
        unseen: dict[str, int] = obs["unseen"]
        total = sum(unseen.values())
        kinds = {tile_from_code(code): count for code, count in unseen.items()}
        self.unseen = kinds
        self.unseen_total = total
        res = sum(TILE_VALUE[k] * c for k, c in kinds.items() if TILE_VALUE[k] > 0)
        haz = sum(TILE_VALUE[k] * c for k, c in kinds.items() if TILE_VALUE[k] < 0)
        self.mean_resource = res / total if total else 0.0
        self.mean_hazard = haz / total if total else 0.0
        tiles_left = obs["supply"] + sum(obs["holds_starting_tile"]) + (1 if obs["drawn"] else 0)
        castles_left = sum(sum(c) for c in obs["castles"])
        pieces = tiles_left + castles_left
        self.tile_share = tiles_left / pieces if pieces else 0.0

    def stake(self, part: _Part) -> float:
        """The seat's castle ranks in ``part`` less the opponents' average."""
        mine = part.ranks[self.seat]
        others = sum(part.ranks) - mine
        return mine - others / (self.players - 1)

    def expected(self, part: _Part, skip: int) -> float:
        """What ``part`` is likely to be worth once full, ``skip`` empty squares aside."""
        known = part.hazards + (0 if part.dragon else part.resources)
        per_square = (
            self.tile_share * ((0.0 if part.dragon else self.mean_resource) + self.mean_hazard)
            - _PESSIMISM
        )
        value = known + per_square * max(0, part.empties - skip)
        return value * 2 if part.mine else value

    def parts_of(self, sq: int) -> tuple[_Part, _Part]:
        """The row part and column part through ``sq``."""
        return self.parts[self.row_part[sq]], self.parts[self.col_part[sq]]

    def castle_value(self, sq: int) -> float:
        """Gold per rank a castle on ``sq`` should bring (its two parts' expected worth)."""
        row, col = self.parts_of(sq)
        return self.expected(row, 1) + self.expected(col, 1)

    def relative_score(self, cells: Sequence[int]) -> float:
        """The seat's gold less the opponents' average if the board were scored now."""
        return self.relative(rules.board_gold(cells, self.players))

    def relative(self, totals: Sequence[int]) -> float:
        """The seat's gold in ``totals`` less the opponents' average."""
        mine = totals[self.seat]
        return mine - (sum(totals) - mine) / (self.players - 1)

    def best_square(self, kind: int) -> tuple[float, int]:
        """The best square for a tile of ``kind`` and the relative gold it brings."""
        value = TILE_VALUE[kind]
        if value:
            return max(self.tile_gains(value))
        return max(self.square_gains(kind), default=(-1e9, self.empty[0]))

    def tile_gains(self, value: int) -> list[tuple[float, int]]:
        """The relative gold a resource or hazard of ``value`` brings on each empty square.

        On each of the square's two parts: ``value`` (nothing for a resource beside the
        Dragon, double with the Gold Mine) times the seat's stake there, less, for a
        resource, what the part's other empty squares may give the opponents. Each part's
        two terms are worked out once, not once per square through it (a draw's value
        asks this of every kind of tile still unseen, in every decision of every rollout).
        The square's jitter is added.
        """
        share = self.opponents_share
        terms: list[tuple[float, float | None]] = []
        for part in self.parts:
            worth = 0 if (value > 0 and part.dragon) else value
            if part.mine:
                worth *= 2
            penalty = worth * _OPEN * (part.empties - 1) * share if worth > 0 else None
            terms.append((worth * part.stake, penalty))
        row_part, col_part, jitter = self.row_part, self.col_part, self.jitter
        out = []
        for sq in self.empty:
            gain = 0.0
            for add, penalty in (terms[row_part[sq]], terms[col_part[sq]]):
                gain += add
                if penalty is not None:
                    gain -= penalty
            out.append((gain + jitter[sq], sq))
        return out

    def square_gains(self, kind: int) -> list[tuple[float, int]]:
        """The relative gold a tile of ``kind`` brings on each empty square."""
        value = TILE_VALUE[kind]
        if value:
            return self.tile_gains(value)
        if kind == WIZARD and self.wizard >= 0:  # not in a real game: there is one Wizard
            base = self.relative_score(self.cells)
            out = []
            for sq in self.empty:
                trial = list(self.cells)
                trial[sq] = kind
                out.append((self.relative_score(trial) - base + self.jitter[sq], sq))
            return out
        # A special tile changes the gold of the lines through its square only (and, the
        # Wizard, of the lines through its neighbours, whose castles it raises): those
        # are scored again, not the whole board, the rest of the totals kept. The gold is
        # whole numbers, so the totals are exactly the whole board's.
        n = self.players
        cells = list(self.cells)
        golds = [rules.line_gold(cells, squares, n, self.wizard) for _, squares in LINES]
        totals = [sum(g[s] for g in golds) for s in range(n)]
        base = self.relative(totals)
        out = []
        for sq in self.empty:
            wizard = sq if kind == WIZARD else self.wizard
            changed = _LINES_THROUGH_NEIGHBOURS[sq] if kind == WIZARD else _LINES_THROUGH[sq]
            cells[sq] = kind
            trial = totals.copy()
            for line in changed:
                new = rules.line_gold(cells, LINES[line][1], n, wizard)
                for s in range(n):
                    trial[s] += new[s] - golds[line][s]
            cells[sq] = EMPTY
            out.append((self.relative(trial) - base + self.jitter[sq], sq))
        return out

    def draw_value(self) -> float:
        """The relative gold a random draw should bring, placed at its best square."""
        if not self.unseen_total:
            return 0.0
        total = 0.0
        for kind, count in self.unseen.items():
            worth = self.best_square(kind)[0] if TILE_VALUE[kind] else _SPECIAL_DRAW
            total += count * worth
        return total / self.unseen_total


def _castle_moves(pos: _Position, obs: dict[str, Any]) -> list[tuple[float, KingdomsAction]]:
    """Each castle move with its score: gold expected less the value of holding back."""
    held = obs["castles"][pos.seat]
    waiting = _WAIT * len(pos.empty) / SQUARES
    out = []
    values = {sq: pos.castle_value(sq) for sq in pos.empty}
    for rank in range(1, 5):
        if not held[rank - 1]:
            continue
        keep = _KEEP if rank > 1 and obs["epoch"] < rules.EPOCHS else 0.0
        for sq, value in values.items():
            raise_ = 1 if sq in pos.raised else 0
            score = (rank + raise_) * value - rank * (keep + waiting)
            out.append((score, CASTLE[rank][sq]))
    return out


def choose(view: SeatView[Any], rng: random.Random) -> Hashable:
    """Pick an action for the seat in ``view``; ``rng`` only breaks ties."""
    legal: tuple[Hashable, ...] = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    obs = view.observation
    # The options are the game's own action objects (made once at import), so choosing
    # one names no move in words; rollouts make thousands of these decisions a second.
    pos = _Position(obs, rng)
    if obs["decision"] == "place":
        _, sq = pos.best_square(tile_from_code(obs["drawn"]))
        return TILE[sq]
    options: list[tuple[float, KingdomsAction]] = _castle_moves(pos, obs)
    if DRAW in legal:
        options.append((pos.draw_value(), DRAW))
    start = obs["starting_tile"]
    if start is not None:
        gain, sq = pos.best_square(tile_from_code(start))
        # A known tile in reserve: worth holding until it does real good, or until
        # the board is nearly full and it would otherwise go unused.
        late = len(pos.empty) <= pos.players + 1
        reserve = 0.0 if late else _RESERVE + _RESERVE_PER_SQUARE * len(pos.empty)
        options.append((gain - reserve, START[sq]))
    noise = {n: rng.random() * 1e-3 for _, n in options}
    return max(options, key=lambda o: o[0] + noise[o[1]])[1]


def ranked(view: SeatView[Any], rng: random.Random) -> list[Hashable]:
    """Every legal action, the heuristic's favourite first (for search to focus on).

    The same judgement as :func:`choose`; ``rng`` only breaks ties.
    """
    legal: tuple[Hashable, ...] = view.legal_actions
    if len(legal) == 1:
        return [legal[0]]
    obs = view.observation
    pos = _Position(obs, rng)
    options: list[tuple[float, KingdomsAction]]
    if obs["decision"] == "place":
        gains = pos.square_gains(tile_from_code(obs["drawn"]))
        options = [(gain, TILE[sq]) for gain, sq in gains]
    else:
        options = _castle_moves(pos, obs)
        if DRAW in legal:
            options.append((pos.draw_value(), DRAW))
        start = obs["starting_tile"]
        if start is not None:
            late = len(pos.empty) <= pos.players + 1
            reserve = 0.0 if late else _RESERVE + _RESERVE_PER_SQUARE * len(pos.empty)
            for gain, sq in pos.square_gains(tile_from_code(start)):
                options.append((gain - reserve, START[sq]))
    noise = {n: rng.random() * 1e-3 for _, n in options}  # ties, as in choose
    options.sort(key=lambda o: -(o[0] + noise[o[1]]))
    allowed = set(legal)
    out: list[Hashable] = [action for _, action in options if action in allowed]
    listed = set(out)
    out += [a for a in legal if a not in listed]
    return out


_JUDGE_SCALE = 12.0
"""Gold of lead that makes a win about 73% likely (the logistic's scale) in :func:`judge`."""


def judge(state: Any) -> list[float]:
    """Each seat's chance to win, judged from the position as the heuristic sees it.

    For search (ISMCTS ``eval=heuristic``): gold so far, plus what each row and column
    part should be worth once full (known tiles, and the average of the tiles still to
    come for its empty squares) times the seat's castle ranks there, plus the castles
    still in hand (worth the average open square this epoch, or kept for later). The
    seats' expected gold becomes a win chance through a logistic on the lead over the
    best rival. A finished game is judged by its result (each seat's share of the win),
    so that a rollout that reaches the end knows a win by one gold is a win. Reads the
    whole state: search calls it only on dealt worlds.
    """
    if state._turn < 0:
        finished: list[float] = state.rewards()
        return finished
    supply: list[int] = state._supply
    mean = sum(TILE_VALUE[t] for t in supply) / len(supply) if supply else 0.0
    return _win_chances(expected_gold(state, mean), _JUDGE_SCALE)


def win_chances(expected: list[float]) -> list[float]:
    """The judge's win chances from each seat's expected gold (:func:`expected_gold`)."""
    return _win_chances(expected, _JUDGE_SCALE)


def expected_gold(state: Any, mean: float) -> list[float]:
    """Each seat's expected gold at the game's end, as :func:`judge` reckons it.

    Args:
        state: A game not over.
        mean: The value expected of each tile still to come. The judge, which reads a
            dealt world, takes the mean of the supply; a seat that does not know the
            supply (``features.py``) takes the mean of the tiles it has not seen.
    """
    n: int = state.num_players
    cells: list[int] = state._cells  # a dealt world's fields, read for speed
    gold = [float(g) for g in state._gold]
    if state._turn >= 0:
        supply: list[int] = state._supply
        tiles_left = len(supply) + sum(1 for t in state._start if t) + (1 if state._drawn else 0)
        hand: list[int] = state._hand
        castles_left = sum(hand)
        pieces = tiles_left + castles_left
        share = tiles_left / pieces if pieces else 0.0
        wizard = rules.wizard_square(cells)
        raised = set(NEIGHBOURS[wizard]) if wizard >= 0 else set()
        open_values = [0.0] * SQUARES
        for _, squares in rules.line_parts(cells):
            resources = hazards = 0
            dragon = mine = False
            empties = 0
            ranks = [0] * n
            for sq in squares:
                cell = cells[sq]
                if cell == EMPTY:
                    empties += 1
                elif cell >= CASTLE_BASE:
                    rank = ((cell - CASTLE_BASE) & 3) + 1 + (1 if sq in raised else 0)
                    ranks[(cell - CASTLE_BASE) >> 2] += rank
                elif cell == DRAGON:
                    dragon = True
                elif cell == GOLD_MINE:
                    mine = True
                elif TILE_VALUE[cell] > 0:
                    resources += TILE_VALUE[cell]
                else:
                    hazards += TILE_VALUE[cell]
            value = hazards + (0 if dragon else resources) + share * mean * empties
            if mine:
                value *= 2
            for seat in range(n):
                gold[seat] += ranks[seat] * value
            for sq in squares:
                if cells[sq] == EMPTY:
                    open_values[sq] += value
        empty = [open_values[sq] for sq in range(SQUARES) if cells[sq] == EMPTY]
        now = max(0.0, sum(empty) / len(empty)) if empty else 0.0
        later = _KEEP if state._epoch < rules.EPOCHS else 0.0
        for seat in range(n):
            for rank in range(1, 5):
                held = hand[seat * 4 + rank - 1]
                if held:
                    keep = later if rank > 1 else 0.0
                    gold[seat] += held * rank * max(now * min(1.0, len(empty) / pieces), keep)
    return gold


def _win_chances(expected: list[float], scale: float) -> list[float]:
    """A logistic of each seat's expected lead over its best rival."""
    out = []
    for seat, mine in enumerate(expected):
        rival = max(e for s, e in enumerate(expected) if s != seat)
        out.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (rival - mine) / scale)))))
    return out
