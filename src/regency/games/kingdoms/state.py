"""Kingdoms (Reiner Knizia) for 2-4 players: the game state.

The game (rules in ``docs/rules/kingdoms.md``): three epochs on a 5x6 board. In turn,
players place a castle, draw and place a tile, or place their secret starting tile
(R-K-3) until the board is full; then every row and column part pays each player its
value times the player's castle ranks there (R-K-4 to R-K-6). Castles are returned or
removed, the tiles reshuffled and the richest player starts the next epoch (R-K-8).
After the third epoch the most gold wins (R-K-9).

Notation (``actions.py``): ``castle 3 C4``, ``draw`` then ``tile C4``, ``start C4``,
``pass``. Squares: rows A-E top to bottom, columns 1-6 left to right.

Representation: the board is a list of 30 small-int cells (``board.py``), castle hands
one flat list of counts, tiles small-int kinds (``tiles.py``). Each epoch the 23 tiles
are shuffled from the seed (``stream(seed, "epoch", k)``, R-ALL-1) into the supply,
top last so drawing is ``pop()``; the starting tiles are dealt from its top. Rule logic
lives in ``rules.py``; this module sequences it.

Beside this module: ``views.py`` (what each seat sees), ``refusals.py`` (why a move is
refused, a move in words), ``worlds.py`` (hidden-tile worlds), ``positions.py``
(positions set up by hand).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast

from regency.core.errors import (
    GameOptionError,
    GameOverError,
    IllegalActionError,
    RegencyError,
    quote,
)
from regency.core.game import (
    Game,
    GameViews,
    GameWorlds,
    Result,
    check_notation,
    normalize_notation,
    win_shares,
)
from regency.core.rng import choice, randbelow, shuffle, stream
from regency.games.kingdoms import refusals, rules, views, worlds
from regency.games.kingdoms.actions import (
    CASTLE,
    CASTLE_VERB,
    DRAW,
    DRAW_VERB,
    PASS,
    PASS_VERB,
    START,
    START_VERB,
    TILE,
    TILE_VERB,
    KingdomsAction,
    action_from_notation,
    action_from_words,
    canonical,
    is_well_formed,
)
from regency.games.kingdoms.board import (
    CASTLE_BASE,
    EMPTY,
    SQUARES,
    square_from_name,
)
from regency.games.kingdoms.tiles import (
    ALL_TILES,
    NO_TILE,
)

if TYPE_CHECKING:
    pass

__all__ = ["EPOCHS", "START_GOLD", "KingdomsState", "Move"]

EPOCHS: Final = rules.EPOCHS
START_GOLD: Final = rules.START_GOLD

Move = tuple[int, int, int, int, int]
"""A finished turn as everyone saw it: ``(epoch, seat, verb, square, detail)``; detail is
the castle's rank, the tile's kind, or 0 for a pass."""


class KingdomsState(Game[KingdomsAction]):
    """A game of Kingdoms for 2-4 players.

    Create it with ``regency.new_game("kingdoms", players=3, seed=42)``; the option
    ``first`` fixes the seat that starts the first epoch (otherwise drawn from the seed,
    R-K-8). For hand-built positions see :meth:`from_position`.
    """

    name = "kingdoms"
    title = "Kingdoms"
    views: ClassVar[GameViews] = views  # observation, state_dict: what each seat sees
    worlds: ClassVar[GameWorlds] = worlds  # sample_world, world_sampler, resample_hidden

    __slots__ = (
        "_cells",
        "_drawn",
        "_epoch",
        "_gold",
        "_hand",
        "_history",
        "_moves",
        "_open",
        "_start",
        "_start_player",
        "_supply",
        "_turn",
    )

    _cells: list[int]
    _open: list[int]
    _gold: list[int]
    _hand: list[int]
    _start: list[int]
    _supply: list[int]
    _drawn: int
    _epoch: int
    _start_player: int
    _turn: int
    _history: list[rules.EpochScore]
    _moves: list[Move]

    # -- setting up ---------------------------------------------------------------------

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Set up a new game (see the class docstring for the option)."""
        first = options.get("first")
        normalized: dict[str, Any] = {}
        if first is not None:
            if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
                raise GameOptionError(
                    f"first must be a seat from 0 to {players - 1}, not {quote(first)}"
                )
            normalized["first"] = first
        else:
            first = randbelow(stream(seed, "first"), players)  # R-K-8: epoch 1's start is drawn
        state = cls.__new__(cls)
        state._empty(players, seed, normalized)
        state._begin_epoch(1, first)
        return state

    def _empty(self, players: int, seed: int, options: dict[str, Any]) -> None:
        """Set every field for a game before its first epoch."""
        self._init_common(players, seed, options)
        self._cells = [EMPTY] * SQUARES
        self._open = list(range(SQUARES))
        self._gold = [START_GOLD] * players
        self._hand = rules.castle_set(players)
        self._start = [NO_TILE] * players
        self._supply = []
        self._drawn = NO_TILE
        self._epoch = 0
        self._start_player = 0
        self._turn = 0
        self._history = []
        self._moves = []

    def _begin_epoch(self, epoch: int, start_player: int) -> None:
        """Clear the board, shuffle the 23 tiles and deal the starting tiles (R-K-3)."""
        n = self.num_players
        self._epoch = epoch
        self._start_player = start_player
        self._cells = [EMPTY] * SQUARES
        self._open = list(range(SQUARES))
        supply = list(ALL_TILES)
        shuffle(stream(self.seed, "epoch", epoch), supply)  # R-ALL-1
        for i in range(n):
            self._start[(start_player + i) % n] = supply.pop()
        self._supply = supply
        self._drawn = NO_TILE
        self._turn = start_player

    @classmethod
    def from_position(cls, **position: Any) -> Self:
        """Set up a position by hand, for teaching, puzzles and rule tests.

        Args:
            **position: The keyword arguments below.

        Keyword Args:
            players: 2 (default), 3 or 4.
            board: 5 rows of 6 tokens each (a list of lists, or strings of
                space-separated tokens): ``.`` empty, a tile code (``+3``, ``MTN``) or
                a castle ``S<seat>R<rank>``.
            epoch: 1 (default), 2 or 3.
            gold: Each seat's gold (default 50 each).
            castles: Each seat's castles in hand, ``[rank1, rank2, rank3, rank4]``
                (default: the full set of R-K-1 less the castles on the board).
            starting_tiles: Each seat's starting tile code, or ``None`` once placed
                (default: none held).
            supply: The supply, top first (default: every tile not named elsewhere,
                in a fixed order).
            drawn: A tile the player to move has drawn and must place.
            start_player: The seat that started this epoch (default 0).
            to_move: The seat to move (default the start player).
            seed: Seeds the later epochs' shuffles (default 0).

        The position has no record. Tiles named nowhere are out of play until the next
        epoch's reshuffle.

        Raises:
            GameOptionError: if a token is unknown, a piece is used too often, or the
                board could never be filled.
        """
        from regency.games.kingdoms.positions import build_position

        return build_position(cls, **position)

    # -- the Game contract ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the game is over."""
        return self._turn if self._turn >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether the third epoch has been scored."""
        return self._turn < 0

    @property
    def epoch(self) -> int:
        """The epoch being played (1-3; 3 once the game is over)."""
        return self._epoch

    @property
    def gold(self) -> tuple[int, ...]:
        """Each seat's gold."""
        return tuple(self._gold)

    @property
    def start_player(self) -> int:
        """The seat that started the current epoch."""
        return self._start_player

    def castles_in_hand(self, seat: int) -> tuple[int, int, int, int]:
        """The castles ``seat`` holds, by rank: ``(rank1, rank2, rank3, rank4)``."""
        h = self._hand
        b = seat * 4
        return (h[b], h[b + 1], h[b + 2], h[b + 3])

    @property
    def scoring(self) -> tuple[rules.EpochScore, ...]:
        """The epochs scored so far."""
        return tuple(self._history)

    def is_placing_drawn_tile(self) -> bool:
        """Whether the current decision is where the tile just drawn goes."""
        return self._drawn != NO_TILE and self._turn >= 0

    def legal_actions(self) -> list[KingdomsAction]:
        """What the current player may do: castles, draw, starting tile, or else pass."""
        seat = self._turn
        if seat < 0:
            return []
        open_ = self._open
        if self._drawn:
            return [TILE[sq] for sq in open_]
        out: list[KingdomsAction] = []
        hand = self._hand
        base = seat * 4
        for rank in range(1, 5):
            if hand[base + rank - 1]:
                table = CASTLE[rank]
                out += [table[sq] for sq in open_]
        if self._supply:
            out.append(DRAW)
        if self._start[seat]:
            out += [START[sq] for sq in open_]
        if not out:
            out.append(PASS)  # R-K-3: pass only when nothing else is possible
        return out

    def _apply(self, action: KingdomsAction) -> None:
        seat = self._turn
        verb = action.verb
        if verb == DRAW_VERB:
            self._drawn = self._supply.pop()
            return  # the same player now places it
        sq = action.square
        if verb == CASTLE_VERB:
            rank = action.rank
            self._cells[sq] = CASTLE_BASE + seat * 4 + rank - 1
            self._hand[seat * 4 + rank - 1] -= 1
            detail = rank
        elif verb == TILE_VERB:
            detail = self._drawn
            self._cells[sq] = detail
            self._drawn = NO_TILE
        elif verb == START_VERB:
            detail = self._start[seat]
            self._cells[sq] = detail
            self._start[seat] = NO_TILE
        else:
            detail = 0
        if sq >= 0:
            self._open.remove(sq)
        if self._records_shared:
            self._own_records()
        self._moves.append((self._epoch, seat, verb, sq, detail))
        if self._open:
            self._turn = (seat + 1) % self.num_players
        else:
            self._end_epoch()

    def playout(self, rng: random.Random, moves: int | None = None) -> None:
        """Random moves to the end, the kind of move first (search rollouts).

        Uniform over ``legal_actions()`` would almost always place a castle (there is an
        action per rank and square, but a single ``draw``), filling rollout boards with
        castles and few tiles. Choosing uniformly among castle, draw and starting tile,
        then the rank and square, keeps rollouts like real games.
        """
        left = -1 if moves is None else moves
        while left and self._turn >= 0:
            left -= 1
            open_ = self._open
            if self._drawn:
                self._apply(TILE[choice(rng, open_)])
                continue
            seat = self._turn
            base = seat * 4
            ranks = [r for r in range(1, 5) if self._hand[base + r - 1]]
            kinds = []
            if ranks:
                kinds.append(CASTLE_VERB)
            if self._supply:
                kinds.append(DRAW_VERB)
            if self._start[seat]:
                kinds.append(START_VERB)
            if not kinds:
                self._apply(PASS)
                continue
            kind = choice(rng, kinds)
            if kind == CASTLE_VERB:
                self._apply(CASTLE[choice(rng, ranks)][choice(rng, open_)])
            elif kind == DRAW_VERB:
                self._apply(DRAW)
            else:
                self._apply(START[choice(rng, open_)])

    def estimate(self) -> list[float]:
        """Each seat's gold if the board were scored as it stands (empty squares count 0)."""
        if self._turn < 0:
            return [float(g) for g in self._gold]
        # Whole numbers all, so adding the board's total at once gives what adding part
        # by part did, to the last bit.
        board = rules.board_gold(self._cells, self.num_players)
        return [float(g) + won for g, won in zip(self._gold, board, strict=True)]

    def chance_key(self, seat: int) -> int:
        """The tile just drawn (everyone sees it), else the seat's own starting tile.

        Search keeps positions apart by these: where a drawn tile goes depends on what it
        is, and a new epoch deals a new starting tile.
        """
        return self._drawn * 64 + self._start[seat] if self._turn >= 0 else 0

    def _end_epoch(self) -> None:
        """Score the full board, then set up the next epoch or end the game (R-K-8)."""
        n = self.num_players
        parts = rules.score_board(self._cells, n)
        gold = self._gold
        for part in parts:
            for seat in range(n):
                gold[seat] += part.gold[seat]  # R-K-7: gold may go below zero
        if self._records_shared:
            self._own_records()
        self._history.append(
            rules.EpochScore(
                self._epoch, self._start_player, tuple(self._cells), parts, tuple(gold)
            )
        )
        if self._epoch == EPOCHS:
            self._turn = -1
            return
        self._hand = rules.return_castles(self._hand, self._cells)
        self._begin_epoch(self._epoch + 1, rules.next_start_player(gold, self._start_player))

    def _new_instance(self) -> Self:
        return cast(Self, KingdomsState())  # see Game._new_instance

    def clone(self) -> Self:
        """Return an independent copy (copies a few small lists of ints)."""
        new = self._copy_common()
        new._cells = self._cells.copy()
        new._open = self._open.copy()
        new._gold = self._gold.copy()
        new._hand = self._hand.copy()
        new._start = self._start.copy()
        new._supply = self._supply.copy()
        new._drawn = self._drawn
        new._epoch = self._epoch
        new._start_player = self._start_player
        new._turn = self._turn
        new._history = self._history  # shared, like the log (Game._own_records)
        new._moves = self._moves
        return new

    def _own_records(self) -> None:
        super()._own_records()
        self._history = self._history.copy()
        self._moves = self._moves.copy()

    # -- the end ---------------------------------------------------------------------------

    def rewards(self) -> list[float]:
        """Each seat's share of the win, without the breakdown (for search)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        return win_shares(rules.winners(self._gold), self.num_players)

    def result(self) -> Result:
        """Gold per seat and the richest seat(s) (R-K-9), with every epoch's scoring."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        gold = list(self._gold)
        return Result(
            scores=gold,
            winners=rules.winners(gold),
            details={
                "gold": gold,
                "start_players": [h.start_player for h in self._history],
                "epochs": [views.epoch_to_dict(h) for h in self._history],
            },
        )

    # -- notation and checks ------------------------------------------------------------

    def _read(self, words: list[str]) -> KingdomsAction | None:
        """Return the action ``words`` (normalised notation) spell, legal or not."""
        if len(words) == 1 and self._drawn:
            sq = square_from_name(words[0])
            if sq is not None:
                return TILE[sq]  # a bare square places the tile just drawn
        return action_from_words(words)

    @classmethod
    def action_from_notation(cls, text: object) -> KingdomsAction:
        """Read a move with no game in progress (see ``actions.action_from_notation``)."""
        return action_from_notation(text)

    def _is_legal(self, action: KingdomsAction) -> bool:
        """Whether ``action`` is legal now (the same answer as ``legal_actions``, faster)."""
        seat = self._turn
        if seat < 0:
            return False
        verb = action.verb
        sq = action.square
        if self._drawn:
            return verb == TILE_VERB and self._cells[sq] == EMPTY
        if verb == CASTLE_VERB:
            return bool(self._hand[seat * 4 + action.rank - 1]) and self._cells[sq] == EMPTY
        if verb == DRAW_VERB:
            return bool(self._supply)
        if verb == START_VERB:
            return bool(self._start[seat]) and self._cells[sq] == EMPTY
        if verb == PASS_VERB:
            return self.legal_actions() == [PASS]
        return False

    def _find_legal(self, action: object) -> KingdomsAction | None:
        """The legal action equal to ``action``: a table look-up, not a list of 100 moves."""
        if type(action) is KingdomsAction:
            try:
                shared = canonical(action) if is_well_formed(action) else None
            except TypeError:  # compiled code reads the fields as ints: a float cannot be
                shared = None  # read at all (the equality below still matches it)
            if shared is not None:
                # Matched by value, never by text: ``KingdomsAction(DRAW_VERB, 5, 5)``
                # writes "draw" but is no action (issue 29). is_well_formed already refuses
                # such stray fields; this equality keeps the look-up honest on its own.
                if shared != action:
                    return None
                return shared if self._is_legal(shared) else None
        return super()._find_legal(action)

    def parse_action(self, text: str, *, list_legal: bool = True) -> KingdomsAction:
        """Read an action in notation; case and spacing are ignored.

        ``castle 3 C4``, ``draw``, ``tile C4``, ``start C4``, ``pass``. After a draw a
        bare square (``C4``) also places the tile.

        Raises:
            IllegalActionError: saying why the text is not a legal action now.
        """
        if self._turn < 0:
            raise GameOverError(f"the game is over; {quote(text)} cannot be played")
        action = self._read(normalize_notation(check_notation(text)).split())
        if action is not None and self._is_legal(action):
            return action
        raise IllegalActionError(self.why_illegal(text))

    def why_illegal(self, action: KingdomsAction | str, *, list_legal: bool = True) -> str:
        """Explain, in a player's terms, why ``action`` cannot be taken now.

        Kingdoms' refusals never list the legal moves and name nothing hidden (the
        castles in hand are public), so ``list_legal`` changes nothing (``refusals.py``).
        """
        del list_legal
        return refusals.reason(self, action)

    def _describe(self, action: KingdomsAction) -> str:
        """The move in words: ``place a rank-3 castle on C4`` (``refusals.py``)."""
        return refusals.describe(self, action)
