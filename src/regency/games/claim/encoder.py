"""Claim's observation array and action table (``docs/envs.md``, section Claim).

Cards are counted by *code*: Claim's 104 cards have 88 codes (``GB0`` .. ``SE9``, in
faction order and by value), and cards sharing a code are interchangeable under every
rule, so a group of cards is a vector of 88 counts. Seats are relative to the observing
seat: place 0 is the seat itself, place 1 the next in turn order, and so on.

Actions (177): ``0 .. 87`` play the card of that code, ``88 .. 175`` take the face-up
card of that code (``take UN3``), ``176`` is ``take deck``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regency.core.encoding import ActionTable, Encoder, relative_seats
from regency.games.claim.cards import CARD_CODE, KIND, Faction

__all__ = ["CODES", "ENCODER", "ClaimEncoder"]

CODES: tuple[str, ...] = tuple(CARD_CODE[k] for k in sorted(set(KIND)))
"""The 88 card codes in index order: faction by faction (Goblins first), then by value."""

_CODE = {code: i for i, code in enumerate(CODES)}
_FACTIONS = tuple(f.option_name for f in Faction)
_FACTION = {name: i for i, name in enumerate(_FACTIONS)}
_K = len(CODES)


class ClaimEncoder(Encoder):
    """Claim (2-4 players, any deck): card-count channels, then the rest; 177 actions."""

    game = "claim"
    actions = ActionTable([*CODES, *(f"take {c}" for c in CODES), "take deck"])

    def __init__(self, players: int) -> None:
        super().__init__(players)
        add = self.layout.add
        k, s, f = _K, self.MAX_SEATS, len(_FACTIONS)
        self._hand = add("hand", k, "cards of each code in the seat's hand")
        self._face_up = add("face_up", k, "the face-up card(s) this trick is played for")
        self._played = add(
            "played", s * k, "the card each place has played to the trick in progress"
        )
        self._known = add(
            "hand_known", s * k, "cards each place is known to hold in hand (own: the hand)"
        )
        self._followers = add(
            "followers_known", s * k, "cards each place is known to hold in its follower deck"
        )
        self._scores = add("score_pile", s * k, "each place's score pile")
        self._gnomes = add("gnomes", s * k, "each place's face-up Gnomes (phase two)")
        self._trolls = add("trolls_waiting", k, "Trolls waiting for the next trick's winner")
        self._discards = add("discards", k, "the discards (face up, public)")
        self._smashed = add("smashed", k, "Gnomes smashed by Giants")
        self._peek = add("peek", k, "the draw pile's top card, seen with a Seer (else 0)")
        self._voids = add("voids", s * f, "1 where a place has shown it holds no card of a faction")
        self._deck = add("deck_factions", f, "1 for each faction in the deck")
        self._lead = add("lead_faction", f, "the faction led to the trick in progress")
        self._counts = add("hand_count", s, "cards in each place's hand")
        self._fcounts = add("followers_count", s, "cards in each place's follower deck")
        self._to_move = add("to_move", s, "1 at the place that decides now")
        self._leader = add("leader", s, "1 at the place that led (or leads) the trick")
        self._picking = add(
            "picking", s, "phase one, taking: each place's turn to take (1 first; 0 none)"
        )
        self._players = add("players", 3, "one-hot: 2, 3 or 4 players")
        self._phase = add("phase", 2, "one-hot: phase one, phase two (0s once over)")
        self._decision = add("decision", 2, "one-hot: play a card, take a card")
        self._trick = add("trick", 1, "the trick's number in its phase (1 first)")
        self._tricks = add("tricks_per_phase", 1, "tricks in each phase (13, 12 or 9)")
        self._pile = add("draw_pile", 1, "cards left in the draw pile")
        self._seer = add("seer_pick", 1, "1 while a Seer's winner chooses what to take")

    def entries(self, observation: dict[str, Any]) -> tuple[list[int], Iterable[tuple[int, float]]]:
        """Return the counts and values of the array (see :meth:`Encoder.entries`)."""
        o = observation
        n = o["players"]
        rel = relative_seats(o["seat"], n)
        code = _CODE
        index: list[int] = []
        append = index.append
        base = self._hand
        index.extend(base + code[c] for c in o["hand"])
        base = self._face_up
        index.extend(base + code[c] for c in o["face_up"])
        leader = o["leader"]
        for i, c in enumerate(o["played"]):
            append(self._played + rel[(leader + i) % n] * _K + code[c])
        for s in range(n):
            r = rel[s] * _K
            base = self._known + r
            index.extend(base + code[c] for c in o["hands"][s]["known"])
            base = self._followers + r
            index.extend(base + code[c] for c in o["followers"][s]["known"])
            base = self._scores + r
            index.extend(base + code[c] for c in o["score_piles"][s])
            base = self._gnomes + r
            index.extend(base + code[c] for c in o["gnomes"][s])
            base = self._voids + rel[s] * len(_FACTIONS)
            index.extend(base + _FACTION[name] for name in o["voids"][s])
        base = self._trolls
        index.extend(base + code[c] for c in o["trolls_waiting"])
        base = self._discards
        index.extend(base + code[c] for c in o["discards"])
        base = self._smashed
        index.extend(base + code[c] for c in o["smashed"])
        if o["peek"] is not None:
            append(self._peek + code[o["peek"]])
        base = self._deck
        index.extend(base + _FACTION[name] for name in o["factions"])
        if o["lead_faction"] is not None:
            append(self._lead + _FACTION[o["lead_faction"]])
        if o["to_move"] is not None:
            append(self._to_move + rel[o["to_move"]])
        append(self._leader + rel[leader])
        append(self._players + n - 2)
        if o["phase"] is not None:
            append(self._phase + o["phase"] - 1)
        if o["decision"] is not None:
            append(self._decision + (o["decision"] == "take"))
        if o["seer_pick"]:
            append(self._seer)
        values: list[tuple[int, float]] = [
            (self._trick, o["trick"] or 0),
            (self._tricks, o["tricks_per_phase"]),
            (self._pile, o["draw_pile"]),
        ]
        for s in range(n):
            values.append((self._counts + rel[s], o["hands"][s]["count"]))
            values.append((self._fcounts + rel[s], o["followers"][s]["count"]))
        for turn, s in enumerate(o["picking"], start=1):
            values.append((self._picking + rel[s], turn))
        return index, values


ENCODER = ClaimEncoder
