"""Claim's RL arrays straight from the state: the fast path of ``regency.envs`` (numpy).

The game's ``GameInfo.array_writer`` returns a :class:`ClaimArrayWriter`; the environments use it
instead of encoding ``observation(seat)``, and ``tests/envs/test_fast_path.py`` checks at
every step of many games that both give the same arrays (``docs/envs.md``, "The fast
path"). It reads only what ``observation(seat)`` reads, in the same way; this module
restates those rules for arrays and must change with them.

How: every group of cards the array counts by code (the hand, each place's score pile,
known cards...) is a 104-bit mask in the state, and its 88 counts are a remembered row
of float32 bytes (``_Rows``). A row of the array is written straight into the output's
bytes: its 26 card channels (only those whose mask changed, when the caller keeps its
arrays from step to step, as the vector environment does) and one run of the 91
numbers after them.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import filterfalse, pairwise
from struct import pack
from typing import Any

import numpy as np
import numpy.typing as npt

from regency.core.arrays import ArraySpec
from regency.games.claim import rules
from regency.games.claim.actions import PLAY, TAKE, TAKE_DECK, ClaimAction
from regency.games.claim.cards import CARD_CODE, KIND, Faction, add_copies
from regency.games.claim.deck import HAND_SIZE
from regency.games.claim.state import ClaimState

__all__ = ["ClaimArrayWriter"]

_KINDS = sorted(set(KIND))
"""The first card id of each of the 88 codes, in code order (the arrays' order)."""
_CODES = len(_KINDS)
_CODE_OF_BIT = {1 << c: _KINDS.index(KIND[c]) for c in range(len(KIND))}
"""A card's bit -> the index of its code."""
_CACHE_LIMIT = 50_000
_PLACES = 4  # seat-relative channels are laid out for 4 places
_FACTIONS = len(Faction)
_PLAY = ClaimState.PLAY_DECISION
_TAKE = ClaimState.TAKE_DECISION

# The card channels, in the order of the masks each game contributes, and the number of
# places (seat-relative blocks) each has.
_CARD_CHANNELS = (
    ("hand", 1),
    ("face_up", 1),
    ("played", _PLACES),
    ("hand_known", _PLACES),
    ("followers_known", _PLACES),
    ("score_pile", _PLACES),
    ("gnomes", _PLACES),
    ("trolls_waiting", 1),
    ("discards", 1),
    ("smashed", 1),
    ("peek", 1),
)
_SLOTS = sum(k for _, k in _CARD_CHANNELS)


def _chunks() -> list[tuple[int, int, int, int]]:
    """Split the ids into runs of about 13 that hold whole codes: (shift, bits, codes).

    Returns ``(first id, width, first code, last code + 1)`` per run.
    """
    starts = sorted({next(k for k in _KINDS if k >= t) for t in range(0, 104, 13)})
    bounds = [*starts, 104]
    out = []
    for lo, hi in pairwise(bounds):
        codes = [i for i, k in enumerate(_KINDS) if lo <= k < hi]
        out.append((lo, hi - lo, codes[0], codes[-1] + 1))
    return out


_CHUNKS = _chunks()
_F32 = 4  # bytes per float32
_FEW = 8
"""Up to this many new masks are joined from pieces in Python; more are counted in numpy."""
_BYTES = 14  # a mask's 104 bits and a zero byte: bit 104 is always 0, used as padding
_ZERO = 104
_COPIES = [KIND.count(k) for k in _KINDS]
_FIRST = np.array(_KINDS, dtype=np.intp)
"""Code -> the id of its first copy (a code's copies have consecutive ids)."""
_SECOND = np.array([k + 1 if c > 1 else _ZERO for k, c in zip(_KINDS, _COPIES, strict=True)])
"""Code -> the id of its second copy, or the always-zero bit."""
_MANY = np.array([i for i, c in enumerate(_COPIES) if c > 2], dtype=np.intp)
"""The codes with more than two copies (five of them)."""
_MORE = max(_COPIES) - 2
_REST = np.array(
    [_KINDS[i] + j if j < _COPIES[i] else _ZERO for i in _MANY for j in range(2, 2 + _MORE)]
)
"""Their third and later copies, ``_MORE`` ids per code, padded with the zero bit."""


class _Rows:
    """A mask's cards per code, as 88 packed float32s (bytes), remembered by mask.

    The masks an environment meets repeat (a score pile or the discards stay the same
    for a whole trick, a single played card is one of 104), so each row is built once
    and then copied into place as bytes: a game's 26 card channels are one
    ``bytes.join`` of rows looked up in a dict. A few new masks are each cut into eight
    runs of about 13 ids that hold whole codes, and their rows joined from the runs'
    pieces, each remembered too (at most 8,192 per run, so they are soon all known);
    many new masks (a batch of games) are counted at once with numpy. The dict of rows
    is emptied when it grows past ``_CACHE_LIMIT`` rows (at most some 20 MB).
    """

    def __init__(self) -> None:
        self._zero = bytes(_CODES * _F32)
        self._rows: dict[int, bytes] = {0: self._zero}
        self._runs: list[tuple[int, int, int, int, dict[int, bytes]]] = [
            (lo, (1 << width) - 1, first, end, {}) for lo, width, first, end in _CHUNKS
        ]

    def many(self, masks: list[int]) -> list[bytes]:
        """The rows of ``masks``, in order."""
        rows = self._rows
        found = list(map(rows.get, masks))
        if None in found:
            if len(rows) > _CACHE_LIMIT:  # start afresh: the rows found go too
                rows.clear()
                rows[0] = self._zero
                new = list(set(masks) - {0})
            else:
                new = list(filterfalse(rows.__contains__, set(masks)))
            if len(new) > _FEW:
                self._build(new)
            else:
                for m in new:
                    rows[m] = self._row(m)
            found = list(map(rows.__getitem__, masks))
        return found  # type: ignore[return-value]  # no None left

    def _build(self, masks: list[int]) -> None:
        """Count many new masks at once: one unpacking of their bits, three gathers."""
        k = len(masks)
        raw = np.frombuffer(b"".join([m.to_bytes(_BYTES, "little") for m in masks]), np.uint8)
        bits = np.unpackbits(raw.reshape(k, _BYTES), axis=1, bitorder="little")
        counts = bits[:, _FIRST] + bits[:, _SECOND]
        counts[:, _MANY] += bits[:, _REST].reshape(k, -1, _MORE).sum(axis=2, dtype=np.uint8)
        data = counts.astype(np.float32).tobytes()
        width = len(self._zero)
        rows = self._rows
        for i, m in enumerate(masks):
            rows[m] = data[i * width : (i + 1) * width]

    def _row(self, mask: int) -> bytes:
        pieces = []
        for lo, bits, first, end, known in self._runs:
            part = mask >> lo & bits
            piece = known.get(part)
            if piece is None:
                piece = known[part] = self._piece(part << lo, first, end)
            pieces.append(piece)
        return b"".join(pieces)

    def _piece(self, mask: int, first: int, end: int) -> bytes:
        counts = [0] * (end - first)
        while mask:
            low = mask & -mask
            counts[_CODE_OF_BIT[low] - first] += 1
            mask ^= low
        return array("f", counts).tobytes()


_COUNTS = _Rows()
_PATCH = 4
"""A card channel whose mask changed by up to this many cards is patched count by count."""
_ROW = _CODES * _F32  # bytes per card channel


def _columns(spec: ArraySpec, channel: str, places: int) -> npt.NDArray[np.intp]:
    base = spec.offset(channel)
    return np.arange(base, base + places * _CODES, dtype=np.intp)


_FACTION_ROWS = [
    array("f", [float(bits >> f & 1) for f in range(_FACTIONS)]).tobytes()
    for bits in range(1 << _FACTIONS)
]
"""A set of factions (bits) -> its 10 one-hot floats, as bytes."""
_TAIL = (
    "hand_count",
    "followers_count",
    "to_move",
    "leader",
    "picking",
    "players",
    "phase",
    "decision",
    "trick",
    "tricks_per_phase",
    "draw_pile",
    "seer_pick",
)
"""The channels after the faction channels: written as one run of floats per game."""


class ClaimArrayWriter:
    """Writes Claim's arrays and masks (the layout of ``regency.games.claim.encoder``).

    A row is written into the output's bytes: the card channels as remembered rows (see
    ``_Rows``), then the faction channels as remembered 10-float runs and the last few
    dozen numbers in one ``struct.pack``, as one run (see :meth:`rewrite`).

    Args:
        spec: The layout to write (the Claim encoder for the same player count).

    Raises:
        ValueError: if the layout's channels are not in the order this writer packs.
    """

    def __init__(self, spec: ArraySpec) -> None:
        n = self.players = spec.players
        self.size = spec.size
        self.num_actions = spec.num_actions
        off = spec.offset
        cols = np.concatenate([_columns(spec, name, k) for name, k in _CARD_CHANNELS])
        self._cards = start = int(cols[0])
        if not np.array_equal(cols, np.arange(start, start + len(cols))):
            raise ValueError("Claim's card channels must be one run of columns, in order")
        self._voids = off("voids")
        tail = self._tail_at = off(_TAIL[0])
        # The numbers after the card channels are one run, written as one: the voids
        # (a 10-faction row per place), the deck's factions, the lead, the tail.
        runs = {
            start + len(cols),
            off("voids"),
            off("deck_factions") - _PLACES * _FACTIONS,
            off("lead_faction") - (_PLACES + 1) * _FACTIONS,
            tail - (_PLACES + 2) * _FACTIONS,
        }
        if len(runs) != 1:
            raise ValueError("Claim's channels after the cards must be voids, deck, lead, tail")
        self._no_voids = [_FACTION_ROWS[0]] * (_PLACES - n)
        at = {name: off(name) - tail for name in _TAIL}
        if min(at.values()) < 0 or self.size - tail > 64:
            raise ValueError("Claim's last channels must come last, in one short run")
        self._tail_format = f"<{self.size - tail}f"
        self._counts = at["hand_count"]
        self._fcounts = at["followers_count"]
        self._to_move = at["to_move"]
        self._leader = at["leader"]
        self._picking = at["picking"]
        self._phase = at["phase"]
        self._decision = at["decision"]
        self._trick = at["trick"]
        self._pile = at["draw_pile"]
        self._seer = at["seer_pick"]
        self._hand_size = HAND_SIZE[n]
        self._deck_rows: dict[tuple[Faction, ...], bytes] = {}
        template = [0.0] * (self.size - tail)
        template[at["players"] + n - 2] = 1.0
        template[at["tricks_per_phase"]] = self._hand_size
        self._template = template
        # Seat v's places: _order[v][p] is the seat at place p; _rel[v][s] its place.
        self._order = [[(v + p) % n for p in range(n)] for v in range(n)]
        self._rel = [[(s - v) % n for s in range(n)] for v in range(n)]
        self._pad = [0] * (_PLACES - n)
        # The masks' columns: the play of each code, the take of each code, take deck.
        codes = [CARD_CODE[k] for k in _KINDS]
        play_cols = [spec.action_index(c) for c in codes]
        take_cols = [spec.action_index(f"take {c}") for c in codes]
        self._deck_col = spec.action_index("take deck")
        self._play_at = play_cols[0]
        self._take_at = take_cols[0]
        for cols_ in (play_cols, take_cols):
            if cols_ != list(range(cols_[0], cols_[0] + _CODES)):
                raise ValueError("Claim's plays and takes must be runs of 88 actions, by code")
        table: list[ClaimAction | None] = [None] * spec.num_actions
        for j, kind in enumerate(_KINDS):
            table[play_cols[j]] = PLAY[kind]
            table[take_cols[j]] = TAKE[kind]
        table[self._deck_col] = TAKE_DECK
        self._actions = table

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write each game's array for its seat (see ``ArrayWriter.write``)."""
        self.rewrite(games, seats, out, [None] * len(games))

    def rewrite(
        self, games: Sequence[Any], seats: Sequence[int], out: Any, memo: list[Any]
    ) -> None:
        """Write each game's array for its seat, skipping what ``out`` already holds.

        ``memo[i]`` is what the previous call with this ``memo`` wrote into row ``i`` of
        this ``out`` (``None``: nothing known, the row is written whole); it is updated
        (``IncrementalArrayWriter.rewrite``). Each row is two runs written straight
        into ``out``'s bytes: the 26 card channels (their masks gathered for the whole
        batch, then looked up at once) and the 91 numbers after them. Of the card
        channels only those whose mask changed since the memo are copied in: about 6
        of 26 a step in 2-player self-play, and each copy is 352 bytes, so skipping the
        others saves most of the memory traffic of a step (a batch of 64 rows is 609
        KB, more than the core's cache).
        """
        size = self.size
        rows = len(games)
        view = memoryview(out).cast("B")  # out is C-contiguous: its bytes, written in place
        every: list[int] = []
        n = self.players
        for r, (g, v) in enumerate(zip(games, seats, strict=True)):
            state: ClaimState = g
            picking = state._decision == _TAKE and state._turn >= 0
            seer_pick = picking and state._seer and len(state._picking) == n
            self._gather_cards(state, v, seer_pick, every)
            byte = (r * size + self._voids) * _F32
            end = self._end(state, v, picking, seer_pick)
            view[byte : byte + len(end)] = end
        # Which card channels to copy: (byte offset, mask), and whole rows apart.
        where: list[int] = []
        changed: list[int] = []
        whole: list[int] = []
        counts = view.cast("f")
        for r in range(rows):
            masks = every[r * _SLOTS : (r + 1) * _SLOTS]
            known = memo[r]
            if known is None:
                whole.append(r)
            else:
                self._patch(masks, known, r * size + self._cards, counts, where, changed)
            memo[r] = masks
        # The rows of the changed masks in one look-up (a C loop over a dict).
        for byte, found in zip(where, _COUNTS.many(changed), strict=True):
            view[byte : byte + _ROW] = found
        block = _SLOTS * _ROW
        for r in whole:  # one join per row: far cheaper than 26 copies
            byte = (r * size + self._cards) * _F32
            view[byte : byte + block] = b"".join(_COUNTS.many(memo[r]))

    def _patch(
        self,
        masks: list[int],
        known: list[int],
        at: int,
        counts: Any,
        where: list[int],
        changed: list[int],
    ) -> None:
        """Bring the card channels of the row whose first is at float ``at`` to ``masks``.

        The row holds ``known``. A channel whose mask lost or gained a few cards (a card
        played, a trick taken) has those codes' counts stepped in place in ``counts``
        (the output's floats): most new masks are new to ``_COUNTS`` too (a hand after
        each play), and building their rows costs far more. Other changed channels are
        listed in ``where`` (byte offsets) and ``changed`` (masks), to be copied whole.
        """
        code_of = _CODE_OF_BIT
        for j in range(_SLOTS):
            m = masks[j]
            old = known[j]
            if m == old:
                continue
            diff = m ^ old
            if diff.bit_count() > _PATCH:
                where.append((at + j * _CODES) * _F32)
                changed.append(m)
                continue
            base = at + j * _CODES
            while diff:
                low = diff & -diff
                counts[base + code_of[low]] += 1.0 if m & low else -1.0
                diff ^= low

    def _gather_cards(self, state: ClaimState, v: int, seer_pick: bool, every: list[int]) -> None:
        """Append the masks of ``state``'s card channels, as seat ``v`` sees them, to ``every``.

        One mask per card channel slot, in the layout's order; ``write`` turns them into
        rows of floats for the whole batch at once.
        """
        n = self.players
        order = self._order[v]
        rel = self._rel[v]
        pad = self._pad
        hands = state._hands
        followers = state._followers
        plays = state._plays
        leader = state._leader
        played = [0] * _PLACES
        for i, c in enumerate(plays):
            played[rel[(leader + i) % n]] = 1 << c
        # What v knows of each other seat's followers (the observation's _known_in):
        # in the follower deck in phase one, in the hand afterwards.
        public = state._public
        seen = state._seen
        known = [0] * _PLACES
        for p in range(1, n):
            s = order[p]
            k = public[s]
            extra = seen[v * n + s]
            known[p] = add_copies(k, extra) if extra else k
        empty = [0] * _PLACES
        if state._phase == 1:
            hand_known, followers_known = empty, known
        else:
            hand_known, followers_known = known, empty
        hand_known[0] = hands[v]
        followers_known[0] = followers[v]
        face_up = 0
        for c in state._face_up:
            face_up |= 1 << c
        scores = state._scores
        gnomes = state._gnomes
        every += (hands[v], face_up, *played, *hand_known, *followers_known)
        every += [scores[s] for s in order]
        every += pad
        every += [gnomes[s] for s in order]
        every += pad
        every += (
            state._trolls,
            state._discards,
            state._smashed,
            1 << state._pile[-1] if seer_pick and v == state._turn else 0,
        )

    def _end(self, state: ClaimState, v: int, picking: bool, seer_pick: bool) -> bytes:
        """The 91 numbers after the card channels, as seat ``v`` sees them, as bytes.

        The voids, the factions in the deck and the lead faction are remembered 10-float
        runs (``_FACTION_ROWS``); the last channels are packed in one ``struct.pack``.
        """
        order = self._order[v]
        voids = state._voids
        pieces = [_FACTION_ROWS[voids[order[p]]] for p in range(self.players)]
        pieces += self._no_voids
        factions = state.factions
        row = self._deck_rows.get(factions)
        if row is None:
            row = self._deck_rows[factions] = _FACTION_ROWS[sum(1 << f for f in factions)]
        pieces.append(row)
        pieces.append(_FACTION_ROWS[1 << state._lead if state._plays else 0])
        pieces.append(pack(self._tail_format, *self._tail(state, v, picking, seer_pick)))
        return b"".join(pieces)

    def _tail(self, state: ClaimState, v: int, picking: bool, seer_pick: bool) -> list[float]:
        """The last channels, as seat ``v`` sees them: ``write`` packs them in one call."""
        order = self._order[v]
        rel = self._rel[v]
        hands = state._hands
        followers = state._followers
        counts = self._counts
        fcounts = self._fcounts
        tail = self._template.copy()
        for p in range(self.players):
            s = order[p]
            tail[counts + p] = hands[s].bit_count()
            tail[fcounts + p] = followers[s].bit_count()
        turn = state._turn
        if turn >= 0:
            tail[self._to_move + rel[turn]] = 1.0
            tail[self._decision + picking] = 1.0
        tail[self._leader + rel[state._leader]] = 1.0
        if picking:
            for t, s in enumerate(state._picking, start=1):
                tail[self._picking + rel[s]] = t
        phase = state._phase
        if phase:
            tail[self._phase + phase - 1] = 1.0
            tail[self._trick] = min(state._trick + 1, self._hand_size)
        if seer_pick:
            tail[self._seer] = 1.0
        tail[self._pile] = len(state._pile)
        return tail

    def write_masks(self, games: Sequence[Any], out: Any) -> None:
        """Write each game's legal actions (see ``ArrayWriter.write_masks``)."""
        n = self.players
        width = self.num_actions
        buf = bytearray(len(games) * width)
        code_of = _CODE_OF_BIT
        for r, g in enumerate(games):
            state: ClaimState = g
            turn = state._turn
            at = r * width
            if turn < 0:
                continue
            if state._decision == _PLAY:
                hand = state._hands[turn]
                mask = rules.follow_mask(hand, state._lead) if state._plays else hand
                at += self._play_at
            else:
                mask = 0
                for c in state._face_up:
                    mask |= 1 << c
                if state._seer and len(state._picking) == n:
                    buf[at + self._deck_col] = 1  # R-CLAIM-14: the Seer's own peeked card
                at += self._take_at
            # A handful of cards: set their codes one by one (copies set the same byte).
            while mask:
                low = mask & -mask
                buf[at + code_of[low]] = 1
                mask ^= low
        out[...] = np.frombuffer(buf, dtype=np.int8).reshape(len(games), width)

    def action(self, game: Any, index: int) -> ClaimAction:
        """The action at ``index`` (see ``ArrayWriter.action``)."""
        del game
        action = self._actions[index]
        if action is None:
            raise IndexError(f"action index {index} is not in Claim's action table")
        return action
