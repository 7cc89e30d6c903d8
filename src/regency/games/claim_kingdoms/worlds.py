"""Claim Kingdoms' hidden cards: what each seat knows of them, and re-dealing them.

What a seat cannot see is the draw deck's order and the cards in other players' hands
that they drew blind (a card taken from the display is seen by everyone), plus what a
Seer is looking at. The faction count of all of these together is known: every card not
on the grid, in the display or in a known hand.

A seat learns more with a Seer (R-CK-8): the cards it looked at and did not keep went
back into the deck. It keeps that as *deck knowledge*, a list of groups
``(counts, linked)``: the factions in ``counts`` (a tuple of ten counts) are all in the
deck or among the hidden cards of the seats in the bit mask ``linked``. The groups are
kept up to date with what the seat sees:

* a card it sees leave the deck (a refill of the display, its own draw or look) may be
  one of a group's cards, so one of that faction is struck from every group;
* another seat drawing blind (or looking) may take a group card into its hidden hand,
  so that seat is linked to every group;
* a linked seat placing its card shows it: one of that faction is struck and the seat
  unlinked.

Striking is the weakest conclusion that is always true, so the groups never rule out a
deal that could be the real one; they rule out most that could not.

Two entry points share one dealer:

* :func:`world_from_observation` rebuilds a game from an observation alone (what agents
  use: it cannot leak what the observation does not show);
* :func:`resample` starts from the true game and re-deals what a seat cannot see (the
  no-leak tests' oracle: it reads the game's own fields, never the observation code).

Both deal uniformly among the deals that satisfy the seat's groups.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from regency.core.errors import RegencyError
from regency.core.rng import shuffle, shuffled
from regency.games.claim_kingdoms.actions import (
    KEEP_STEP,
    OVER,
    PLACE_STEP,
    POWER_STEP,
    STEP_BY_NAME,
    TAKE_STEP,
    keep_action,
    places,
)
from regency.games.claim_kingdoms.factions import CARDS_PER_FACTION, Faction
from regency.games.claim_kingdoms.grid import square
from regency.games.claim_kingdoms.rules import DOWN, open_squares

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState
    from regency.games.claim_kingdoms.turns import Turn

__all__ = [
    "Group",
    "deal_hidden",
    "from_public",
    "group_from_dict",
    "group_to_dict",
    "link",
    "put_back",
    "resample",
    "revealed",
    "saw_refill",
    "seen_leaving",
    "took_blind",
    "turn_from_dict",
    "world_from_observation",
    "world_sampler",
]

S = TypeVar("S", bound="ClaimKingdomsState")

Group = tuple[tuple[int, ...], int]
"""Deck knowledge: ten faction counts, and the seats (bit mask) that may hold some of them."""

Slot = tuple[int, int, int]
"""A hidden place other than the deck: (owner seat, number of cards, kind)."""

HAND: Final = 0
"""A slot holding a seat's hidden hand card."""

LOOK: Final = 1
"""A slot holding the cards a Seer is looking at."""

_TRIES: Final = 200


# -- keeping deck knowledge -------------------------------------------------------------


def _strike(counts: tuple[int, ...], faction: int) -> tuple[int, ...]:
    if not counts[faction]:
        return counts
    out = list(counts)
    out[faction] -= 1
    return tuple(out)


def seen_leaving(groups: tuple[Group, ...], faction: int) -> tuple[Group, ...]:
    """The groups after the seat saw a card of ``faction`` leave the deck."""
    out = []
    for counts, linked in groups:
        counts = _strike(counts, faction)
        if any(counts):
            out.append((counts, linked))
    return tuple(out)


def link(groups: tuple[Group, ...], seat: int) -> tuple[Group, ...]:
    """The groups after ``seat`` took cards from the deck unseen (a draw or a look)."""
    bit = 1 << seat
    return tuple((counts, linked | bit) for counts, linked in groups)


def revealed(groups: tuple[Group, ...], seat: int, faction: int) -> tuple[Group, ...]:
    """The groups after ``seat`` showed its hidden card, of ``faction`` (by placing it)."""
    bit = 1 << seat
    out = []
    for counts, linked in groups:
        if linked & bit:
            counts = _strike(counts, faction)
            linked ^= bit
        if any(counts):
            out.append((counts, linked))
    return tuple(out)


def saw_refill(known: list[tuple[Group, ...]], card: int) -> None:
    """Everyone saw ``card`` leave the deck (a refill): update each seat's ``known``."""
    for seat, groups in enumerate(known):
        if groups:
            known[seat] = seen_leaving(groups, card)


def took_blind(known: list[tuple[Group, ...]], taker: int, cards: Sequence[int]) -> None:
    """``taker`` took ``cards`` from the deck, seen by nobody else: update ``known``."""
    for seat, groups in enumerate(known):
        if groups:
            if seat == taker:
                for card in cards:
                    groups = seen_leaving(groups, card)
                known[seat] = groups
            else:
                known[seat] = link(groups, taker)


def put_back(groups: tuple[Group, ...], looked: Sequence[int]) -> tuple[Group, ...]:
    """A Seer put ``looked`` back into the deck: the Seer knows the deck holds them."""
    counts = [0] * len(Faction)
    for f in looked:
        counts[f] += 1
    return (*groups, (tuple(counts), 0))


def group_to_dict(group: Group) -> dict[str, Any]:
    """A group as JSON: the cards (faction names) and the seats that may hold some."""
    counts, linked = group
    return {
        "cards": [Faction(f).option_name for f, c in enumerate(counts) for _ in range(c)],
        "or_held_by": [s for s in range(4) if linked >> s & 1],
    }


def group_from_dict(entry: dict[str, Any]) -> Group:
    """The inverse of :func:`group_to_dict`."""
    counts = [0] * len(Faction)
    for name in entry["cards"]:
        counts[Faction[name.upper()]] += 1
    return tuple(counts), sum(1 << s for s in entry["or_held_by"])


# -- dealing ------------------------------------------------------------------------------


def _satisfied(
    groups: Sequence[Group], owners: Sequence[int], dealt: Sequence[list[int]], deck: list[int]
) -> bool:
    for counts, linked in groups:
        for faction, need in enumerate(counts):
            if need:
                have = deck.count(faction) + sum(
                    cards.count(faction)
                    for owner, cards in zip(owners, dealt, strict=True)
                    if linked >> owner & 1
                )
                if have < need:
                    return False
    return True


def deal_hidden(
    pool: list[int],
    slots: Sequence[Slot],
    groups: Sequence[Group],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Deal the hidden cards ``pool`` into ``slots`` and the deck, respecting ``groups``.

    Args:
        pool: The hidden cards (factions), in any order.
        slots: ``(owner seat, size, kind)`` for each hidden place other than the deck
            (:data:`HAND` or :data:`LOOK`, the cards a Seer is looking at); the deck
            takes the rest.
        groups: The observing seat's deck knowledge.
        rng: The source of the deal.

    Returns:
        The cards of each slot, and the deck (top card last).

    Raises:
        RegencyError: if no deal satisfies the groups (the knowledge contradicts itself).
    """
    owners = [slot[0] for slot in slots]
    sizes = [slot[1] for slot in slots]
    for _ in range(_TRIES if groups else 1):
        cards = shuffled(pool, rng)
        dealt, start = [], 0
        for size in sizes:
            dealt.append(cards[start : start + size])
            start += size
        deck = cards[start:]
        if not groups or _satisfied(groups, owners, dealt, deck):
            return dealt, deck
    return _search(pool, owners, sizes, groups, rng)


def _search(
    pool: list[int],
    owners: list[int],
    sizes: list[int],
    groups: Sequence[Group],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """A deal satisfying ``groups`` found by backtracking (when random deals keep failing).

    A group only limits how many of its factions may lie *outside* its region (the deck
    and the linked seats' slots): at most the pool's count less the group's.
    """
    available = Counter(pool)
    caps = [[available[f] - counts[f] for f in range(len(counts))] for counts, _ in groups]
    outside = [[0] * len(Faction) for _ in groups]
    positions = [i for i, size in enumerate(sizes) for _ in range(size)]
    chosen: list[int] = []

    def extend() -> bool:
        if len(chosen) == len(positions):
            return True
        owner = owners[positions[len(chosen)]]
        candidates = [f for f, c in available.items() for _ in range(c)]
        shuffle(rng, candidates)
        tried = set()
        for faction in candidates:
            if faction in tried:
                continue
            tried.add(faction)
            blocking = [g for g, (_, linked) in enumerate(groups) if not linked >> owner & 1]
            if any(outside[g][faction] >= caps[g][faction] for g in blocking):
                continue
            for g in blocking:
                outside[g][faction] += 1
            available[faction] -= 1
            chosen.append(faction)
            if extend():
                return True
            chosen.pop()
            available[faction] += 1
            for g in blocking:
                outside[g][faction] -= 1
        return False

    if any(cap < 0 for row in caps for cap in row) or not extend():
        raise RegencyError("no deal of the hidden cards agrees with what this seat knows")
    dealt, start = [], 0
    for size in sizes:
        dealt.append(chosen[start : start + size])
        start += size
    deck = [f for f, c in available.items() for _ in range(c)]
    shuffle(rng, deck)
    return dealt, deck


# -- the two entry points -------------------------------------------------------------------


def resample(state: S, seat: int, rng: random.Random) -> S:
    """Return a copy of ``state`` with everything ``seat`` cannot see re-dealt at random.

    Deliberately independent of the observation code: it reads which hands are public
    and who is looking from the game's own fields, so if ``observation`` showed something
    hidden, re-dealing it would change the observation and the no-leak test would fail.
    """
    world = state.clone()
    world._unrecorded = True
    pool = list(world._deck)
    slots: list[Slot] = []
    for other in range(world.num_players):
        if other == seat:
            continue
        if world._hands[other] >= 0 and not world._public_hands >> other & 1:
            pool.append(world._hands[other])
            slots.append((other, 1, HAND))
        if world._looking and world._turn == other:
            pool.extend(world._looking)
            slots.append((other, len(world._looking), LOOK))
    dealt, deck = deal_hidden(pool, slots, world._known[seat], rng)
    _place(world, slots, dealt, deck)
    _forget_others(world, seat)
    refresh_options(world)
    return world


def _forget_others(world: ClaimKingdomsState, seat: int) -> None:
    """Drop what seats other than ``seat`` privately remember (after a re-deal)."""
    for other in range(world.num_players):
        if other != seat:
            world._known[other] = ()
    world._turns = [
        t if t.seat == seat or (t.got < 0 and not t.looked) else t._replace(got=-1, looked=())
        for t in world._turns
    ]


def refresh_options(world: ClaimKingdomsState) -> None:
    """Work out the options of the decision in progress (after a re-deal)."""
    step = world._step
    if step == PLACE_STEP:
        world._options = world._place_options()
    elif step == POWER_STEP:
        world._options = world._power_options()
    elif step == TAKE_STEP:
        world._options = world._take_options()
    elif step == KEEP_STEP:
        world._options = tuple(keep_action(f) for f in sorted(set(world._looking)))
    else:
        world._options = ()


def _place(
    world: ClaimKingdomsState,
    slots: Sequence[Slot],
    dealt: Sequence[list[int]],
    deck: list[int],
) -> None:
    """Put dealt cards in place: each slot is a hidden hand or what a Seer looks at."""
    for (owner, _, kind), cards in zip(slots, dealt, strict=True):
        if kind == LOOK:
            world._looking = tuple(cards)
        else:
            world._hands[owner] = cards[0]
    world._deck = deck


def world_from_observation(cls: type[S], obs: dict[str, Any], rng: random.Random) -> S:
    """Build a complete game consistent with the observation ``obs``.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    return world_sampler(cls, obs)(rng)


def world_sampler(cls: type[S], obs: dict[str, Any]) -> Callable[[random.Random], S]:
    """Read ``obs`` once; each call of the result deals one consistent world.

    Search deals a world per iteration from one observation. Reading the grid and the
    history back cost far more than the deal, so the public part, the hidden cards and
    the places they go are worked out once; each world is a clone of the public part
    with a fresh deal placed in it. ``world_sampler(cls, obs)(rng)`` is the world
    ``world_from_observation`` deals.

    Raises:
        RegencyError: if the observation is not one this game produced.
    """
    template = from_public(cls, obs, 0)
    seat = obs["seat"]
    seen: Counter[int] = Counter({int(f): CARDS_PER_FACTION for f in template.factions})
    seen.subtract(card % DOWN for card in template._cards.values())
    seen.subtract(template._display)
    slots: list[Slot] = []
    for other, entry in enumerate(obs["hands"]):
        if entry["card"] is not None:
            seen[Faction[entry["card"].upper()]] -= 1
        elif entry["count"]:
            slots.append((other, 1, HAND))
    looking = obs["looking"]
    if looking is not None:
        if looking["cards"] is not None:
            seen.subtract(template._looking)
        else:
            slots.append((looking["seat"], looking["count"], LOOK))
    pool = sorted(f for f, c in seen.items() for _ in range(c))
    if any(c < 0 for c in seen.values()) or len(pool) != sum(s[1] for s in slots) + obs["deck"]:
        raise RegencyError("observation does not account for every card of the game")
    groups = template._known[seat] if seat is not None else ()

    def deal(rng: random.Random) -> S:
        world = template.clone()
        world.seed = rng.getrandbits(63)
        dealt, deck = deal_hidden(pool, slots, groups, rng)
        _place(world, slots, dealt, deck)
        refresh_options(world)
        return world

    return deal


# -- reading an observation back ----------------------------------------------------------


def from_public(cls: type[S], obs: dict[str, Any], seed: int) -> S:
    """A game holding everything ``obs`` shows, its hidden cards not dealt yet.

    Hidden hands, a hidden look and the deck are left for the caller to deal.

    Raises:
        RegencyError: if the observation is malformed.
    """
    try:
        return _read_public(cls, obs, seed)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RegencyError(f"not a Claim Kingdoms observation: {exc!r}") from None


def _read_public(cls: type[S], obs: dict[str, Any], seed: int) -> S:
    seat = obs["seat"]
    n = obs["players"]
    factions = tuple(sorted(Faction[name.upper()] for name in obs["factions"]))
    world = cls.__new__(cls)
    world._blank(n, seed, {"factions": [f.option_name for f in factions]}, factions, obs["first"])
    world._unrecorded = True
    for entry in obs["grid"]:
        sq = square(entry["x"], entry["y"])
        world._cards[sq] = Faction[entry["faction"].upper()] + (0 if entry["face_up"] else DOWN)
        if entry["markers"]:
            world._marks[sq] = sum(1 << s for s in entry["markers"])
    world._frontier = places(open_squares(world._cards))
    world._display = tuple(Faction[name.upper()] for name in obs["display"])
    world._supply = list(obs["supplies"])
    world._points = list(obs["power_points"])
    for other, entry in enumerate(obs["hands"]):
        if entry["card"] is not None:
            world._hands[other] = Faction[entry["card"].upper()]
        if entry["public"]:
            world._public_hands |= 1 << other
    looking = obs["looking"]
    if looking is not None and looking["cards"] is not None:
        world._looking = tuple(Faction[name.upper()] for name in looking["cards"])
    if seat is not None:
        world._known[seat] = tuple(group_from_dict(g) for g in obs["deck_knowledge"])
    for entry in obs["history"]:
        world._turns.append(turn_from_dict(entry))
    world._looks = sum(1 for t in world._turns if t.take == "look") - (looking is not None)
    to_move = obs["to_move"]
    world._turn = to_move if to_move is not None else -1
    world._step = STEP_BY_NAME[obs["decision"]] if obs["decision"] else OVER
    if obs["placed"] is not None:
        world._at = square(*obs["placed"])
    if world._step == POWER_STEP:
        world._power = Faction[obs["power"].upper()]
    world._copied = bool(obs["copied"])
    world._removed = int(obs["removed"])
    world._seer = bool(obs["can_look"])
    world._end = obs["end"] or ""
    world._ended_by = obs["ended_by"] if obs["ended_by"] is not None else -1
    return world


def turn_from_dict(entry: dict[str, Any]) -> Turn:
    """A turn as an observation shows it, back into a :class:`~.state.Turn`.

    What the observing seat did not see (another player's draw) stays unknown.
    """
    from regency.games.claim_kingdoms.turns import Turn

    if entry["skipped"]:
        return Turn(entry["seat"], -1)
    return Turn(
        entry["seat"],
        Faction[entry["card"].upper()],
        square(*entry["at"]),
        tuple(entry["power"]),
        entry["points"],
        entry["take"],
        Faction[entry["got"].upper()] if entry["got"] else -1,
        tuple(Faction[name.upper()] for name in entry["looked"] or ()),
        tuple(Faction[name.upper()] for name in entry["refill"]),
    )
