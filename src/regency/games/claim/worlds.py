"""Claim's hidden cards: re-dealing them consistently with what a seat knows.

Search agents plan in *worlds*: complete games that agree with everything their seat
has seen. What a seat does not know in Claim is where the unseen cards are: in the other
hands, in the unseen part of the other follower decks, and in the draw pile (in order).
What constrains them is public: a player who failed to follow a faction holds none of it
for the rest of that phase (R-CLAIM-5).

Two entry points share one dealer:

* :func:`world_from_observation` rebuilds a game from an observation alone (what agents
  use: it cannot leak what the observation does not show);
* :func:`resample` starts from the true game and re-deals what a seat cannot see (what
  the no-leak tests use: if an observation showed a hidden card, re-dealing it would
  change the observation).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from regency.core.errors import RegencyError
from regency.core.rng import shuffle, shuffled
from regency.games.claim.cards import (
    ALL_CARDS,
    CODE_TO_KIND,
    FACTION_MASK,
    KIND_MASK,
    CardPool,
    Faction,
    add_copies,
    cards_of,
    copies_of,
    ids,
    remove_copy,
)

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = [
    "deal_unknown",
    "dealer",
    "relabel",
    "resample",
    "world_from_observation",
    "world_sampler",
]

S = TypeVar("S", bound="ClaimState")

_ATTEMPTS = 1000


def _allowed(voids: int) -> int:
    """The cards a hand may hold given the factions it is known to lack."""
    allowed = ALL_CARDS
    for faction in Faction:
        if voids >> faction & 1:
            allowed &= ~FACTION_MASK[faction]
    return allowed


def deal_unknown(
    pool: list[int], needs: list[tuple[int, int]], rng: random.Random
) -> list[list[int]]:
    """Deal ``pool`` into slots: slot ``i`` takes ``needs[i][0]`` cards within ``needs[i][1]``.

    The most constrained slots are filled first, each from a fresh random order of what
    is left; with one constrained slot (two players) every consistent deal is equally
    likely. With several, rare dead ends are retried.

    Raises:
        RegencyError: if no deal fits (the constraints contradict each other).
    """
    return dealer(pool, needs)(rng)


def dealer(
    pool: list[int], needs: list[tuple[int, int]]
) -> Callable[[random.Random], list[list[int]]]:
    """Work out once how to deal ``pool`` into ``needs``; each call deals (see ``deal_unknown``).

    A world sampler deals the same pool into the same slots every iteration, so the
    slots' order and which are unconstrained are settled here, not per deal.
    """
    everything = _mask(pool)
    order = sorted(range(len(needs)), key=lambda i: (needs[i][1] & everything).bit_count())
    # (slot, count, allowed), allowed 0 where the slot may take any of the cards.
    steps = [
        (i, needs[i][0], 0 if needs[i][1] & everything == everything else needs[i][1])
        for i in order
    ]
    slots = len(needs)

    def deal(rng: random.Random) -> list[list[int]]:
        for _ in range(_ATTEMPTS):
            remaining = shuffled(pool, rng)
            dealt: list[list[int]] = [[]] * slots  # every slot is assigned below
            for i, count, allowed in steps:
                if not allowed:
                    # No constraint: the next cards of a random order are a random choice.
                    dealt[i] = remaining[:count]
                    remaining = remaining[count:]
                    continue
                chosen: list[int] = []
                rest: list[int] = []
                for card in remaining:
                    if len(chosen) < count and allowed >> card & 1:
                        chosen.append(card)
                    else:
                        rest.append(card)
                if len(chosen) < count:
                    break
                dealt[i] = chosen
                remaining = rest
            else:
                return dealt
        raise RegencyError("no deal of the hidden cards agrees with what has been seen")

    return deal


_BITS = tuple(1 << card for card in range(128))
"""Card id -> its bit, so a list of distinct ids becomes a mask in one C-level ``sum``."""


def _mask(cards: list[int]) -> int:
    """The mask of ``cards`` (distinct ids): summed from a table, not or-ed bit by bit."""
    return sum(map(_BITS.__getitem__, cards))


def resample(state: S, seat: int, rng: random.Random) -> S:
    """Return a copy of ``state`` with everything ``seat`` cannot see re-dealt at random."""
    world = state.clone()
    world._unrecorded = True
    n = world.num_players
    pile = world._pile
    keep_top = _is_peeking(world, seat)
    pool_pile = pile[:-1] if keep_top else pile
    pool = list(pool_pile)
    needs: list[tuple[int, int]] = []
    for other in range(n):
        if other == seat:
            continue
        # Deliberately not views._known_in (what observations use): this is the oracle
        # the no-leak tests check observations against, so it reads the knowledge
        # counts and keeps that many copies of each code where they are held.
        known = add_copies(world._public[other], world._seen[seat * n + other])
        held = world._followers[other] if world._phase == 1 else world._hands[other]
        hidden = ~_copies_held(known, held)
        h = world._hands[other] & hidden
        f = world._followers[other] & hidden
        world._hands[other] ^= h
        world._followers[other] ^= f
        pool += ids(h) + ids(f)
        needs.append((h.bit_count(), _allowed(world._voids[other])))
        needs.append((f.bit_count(), ALL_CARDS))
    needs.append((len(pool_pile), ALL_CARDS))
    dealt = deal_unknown(pool, needs, rng)
    _place(world, seat, dealt, keep_top)
    return world


def relabel(state: S, rng: random.Random) -> S:
    """Return a copy of ``state`` with the ids of each code's copies shuffled among them."""
    perm = list(range(len(KIND_MASK)))
    for kind in {KIND_MASK[c] for c in ids(state._deck)}:
        same = ids(kind)
        shuffled = same.copy()
        shuffle(rng, shuffled)
        for old, new in zip(same, shuffled, strict=True):
            perm[old] = new

    def mask(m: int) -> int:
        return sum(1 << perm[c] for c in ids(m))

    def cards(cs: Any) -> Any:
        return type(cs)(perm[c] if c >= 0 else c for c in cs)

    world = state.clone()
    for field in ("_hands", "_followers", "_scores", "_gnomes", "_public"):
        setattr(world, field, [mask(m) for m in getattr(world, field)])
    world._seen = tuple(mask(m) for m in world._seen)
    world._trolls, world._discards, world._smashed = (
        mask(world._trolls),
        mask(world._discards),
        mask(world._smashed),
    )
    world._pile, world._face_up, world._plays = (
        cards(world._pile),
        cards(world._face_up),
        cards(world._plays),
    )
    world._history = [
        t._replace(
            plays=cards(t.plays),
            revealed=cards(t.revealed),
            takes=tuple((seat, perm[c] if c >= 0 else c) for seat, c in t.takes),
            smashed=cards(t.smashed),
        )
        for t in world._history
    ]
    return world


def _copies_held(copies: int, held: int) -> int:
    """The cards of ``held`` that stand for the multiset ``copies``: that many per code."""
    mask = 0
    for card in ids(copies):
        candidates = held & KIND_MASK[card] & ~mask
        mask |= candidates & -candidates
    return mask


def _is_peeking(state: ClaimState, seat: int) -> bool:
    """Whether ``seat`` is a Seer choosing now, and so knows the top card of the pile."""
    return (
        state.is_choosing_take()
        and state._seer
        and state._turn == seat
        and len(state._picking) == state.num_players
    )


def _place(world: ClaimState, seat: int, dealt: list[list[int]], keep_top: bool) -> None:
    """Put dealt cards in place: per other seat a hand and a follower share, then the pile."""
    i = 0
    for other in range(world.num_players):
        if other == seat:
            continue
        world._hands[other] |= _mask(dealt[i])
        world._followers[other] |= _mask(dealt[i + 1])
        i += 2
    top = world._pile[-1:] if keep_top else []
    world._pile = dealt[i] + top


def world_from_observation(cls: type[S], obs: dict[str, Any], rng: random.Random) -> S:
    """Build a complete game consistent with the observation ``obs``.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    return world_sampler(cls, obs)(rng)


def world_sampler(cls: type[S], obs: dict[str, Any]) -> Callable[[random.Random], S]:
    """Read ``obs`` once; return a function dealing a fresh consistent world per call.

    Search deals a world per iteration; reading the observation (codes to card ids,
    the known cards placed) is done here once, so each world costs a clone and a deal.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    template, unknown, needs, keep_top = _known_part(cls, obs)
    seat = obs["seat"]
    deal = dealer(unknown, needs)

    def sample(rng: random.Random) -> S:
        world = template.clone()
        _place(world, seat, deal(rng), keep_top)
        world.seed = rng.getrandbits(63)
        return world

    return sample


def _known_part(
    cls: type[S], obs: dict[str, Any]
) -> tuple[S, list[int], list[tuple[int, int]], bool]:
    """A world holding only what ``obs`` shows, with the unknown cards and where they go."""
    from regency.games.claim.tricks import Trick

    seat = obs["seat"]
    n = obs["players"]
    factions = tuple(sorted(Faction[name.upper()] for name in obs["factions"]))
    deck = cards_of(factions)
    pool = CardPool(deck)

    world = cls.__new__(cls)
    world._init_common(n, 0, {"factions": list(obs["factions"])})
    world._unrecorded = True
    world.factions = factions
    world._deck = deck
    world._phase = obs["phase"] or 0
    world._trick = (obs["trick"] - 1) if obs["phase"] else 0
    world._leader = obs["leader"]
    world._turn = obs["to_move"] if obs["to_move"] is not None else -1
    world._decision = world.TAKE_DECISION if obs["decision"] == "take" else world.PLAY_DECISION
    world._lead = Faction[obs["lead_faction"].upper()] if obs["lead_faction"] else 0
    world._plays = pool.cards(obs["played"])
    world._face_up = pool.cards(obs["face_up"])
    world._scores = [pool.mask(p) for p in obs["score_piles"]]
    world._gnomes = [pool.mask(g) for g in obs["gnomes"]]
    world._trolls = pool.mask(obs["trolls_waiting"])
    world._discards = pool.mask(obs["discards"])
    world._smashed = pool.mask(obs["smashed"])
    world._voids = [sum(1 << Faction[name.upper()] for name in v) for v in obs["voids"]]
    world._picking = list(obs["picking"])
    world._seer = bool(obs["seer_pick"])
    world._history = [_trick_from_dict(Trick, t) for t in obs["tricks"]]
    # Known cards in hands and follower decks. The public ones are shared knowledge;
    # the rest of what the seat knows elsewhere it saw with a Seer.
    world._hands = [0] * n
    world._followers = [0] * n
    world._public = [copies_of(p) for p in obs["public"]]
    seen = [0] * (n * n)
    world._peek_by = -1
    for other in range(n):
        hand = obs["hands"][other]
        fol = obs["followers"][other]
        if other == seat:
            world._hands[other] = pool.mask(obs["hand"])
            world._followers[other] = pool.mask(fol["known"])
        else:
            world._hands[other] = pool.mask(hand["known"])
            world._followers[other] = pool.mask(fol["known"])
        if seat is not None and other != seat:
            # What the seat knows beyond the public copies it saw with a Seer.
            known = copies_of(hand["known"] + fol["known"])
            for card in ids(world._public[other]):
                known = remove_copy(known, card)
            seen[seat * n + other] = known
    world._seen = tuple(seen)
    peek = obs.get("peek")
    top = [pool.take(peek)] if peek else []
    unknown = pool.rest()
    needs: list[tuple[int, int]] = []
    for other in range(n):
        if other == seat:
            continue
        hand = obs["hands"][other]
        fol = obs["followers"][other]
        needs.append((hand["count"] - len(hand["known"]), _allowed(world._voids[other])))
        needs.append((fol["count"] - len(fol["known"]), ALL_CARDS))
    needs.append((obs["draw_pile"] - len(top), ALL_CARDS))
    if sum(count for count, _ in needs) != len(unknown):
        raise RegencyError("observation does not account for every card of the deck")
    world._pile = top
    return world, unknown, needs, bool(top)


def _trick_from_dict(trick_cls: Any, entry: dict[str, Any]) -> Any:
    def card(code: str | None) -> int:
        return CODE_TO_KIND[code] if code is not None else -1

    return trick_cls(
        entry["phase"],
        entry["leader"],
        tuple(card(c) for c in entry["plays"]),
        entry["winner"],
        entry["next_leader"],
        tuple(card(c) for c in entry.get("revealed", [])),
        tuple((seat, card(c)) for seat, c in entry.get("takes", [])),
        tuple(card(c) for c in entry.get("smashed", [])),
    )
