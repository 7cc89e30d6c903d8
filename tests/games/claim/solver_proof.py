"""The solver's proof: plain minimax over the engine, on small endgames from real games.

Shared by ``test_solver.py`` (a few hundred positions in the default suite, thousands in
the slow one) and ``benchmarks/prove_solver.py`` (10,000 and more, with timings).

The reference knows nothing of the solver: it plays every legal card on a copy of the
engine's state (``legal_actions``, ``apply``) to the end of the game and reads
``rewards()``, with no pruning, no table and no merged cards. Seat 0's side maximises
seat 0's reward and the other side minimises it (two players, or two partnerships); at
three players the seat to move at the root maximises its own reward and both others
minimise it (the paranoid question the solver answers there).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import regency
from regency.games.claim import ClaimState
from regency.games.claim.solver import ClaimSolver

DECKS: dict[str, Any] = {
    "claim": "claim",
    "claim2": "claim2",
    "random": "random",
    "knights": ["knights", "goblins", "undead", "dwarves", "doppelgangers", "dragons", "trolls"],
    "gnomes": ["gnomes", "giants", "dragons", "trolls", "seers", "dwarves", "doppelgangers"],
}
"""The decks endgames are dealt from: each box's own (2 players), both pairs with five
singles (3-4 players: every phase-two power), and random legal mixes."""

DECKS_FOR = {2: ("claim", "claim2", "random"), 3: ("knights", "gnomes", "random")}
DECKS_FOR[4] = DECKS_FOR[3]


def minimax(game: ClaimState, me: int) -> float:
    """``me``'s reward under best play by every seat, by brute force over the engine.

    ``me``'s side maximises it, the others minimise it (see the module docstring).
    """
    if game.is_over:
        return game.rewards()[me]
    seat = game.current_player
    assert seat is not None
    mine = seat == me or (game.num_players == 4 and seat % 2 == me % 2)
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(minimax(child, me))
    return max(values) if mine else min(values)


@dataclass(frozen=True)
class Endgame:
    """A position of phase two taken from a game played at random."""

    game: ClaimState
    seed: int
    deck: str

    def __str__(self) -> str:
        return f"{self.game.num_players} players, deck {self.deck}, seed {self.seed}"


def endgame(seed: int, players: int, cards: int, deck: str) -> Endgame:
    """Play game ``seed`` at random until the seat to move holds ``cards`` in phase two.

    Mid-trick positions come too: after the hands reach ``cards`` at a trick's start,
    0 to ``players - 1`` more cards are played at random.
    """
    rng = random.Random(seed)
    game = regency.new_game("claim", players=players, seed=seed, factions=DECKS[deck])
    assert isinstance(game, ClaimState)
    while not (game.phase == 2 and game._hands[game._leader].bit_count() == cards):
        game.apply(rng.choice(game.legal_actions()))
        if game.phase == 2 and not game._plays and game._hands[game._leader].bit_count() < cards:
            raise AssertionError("passed the size")  # never: hands shrink one a trick
    for _ in range(rng.randrange(players)):
        game.apply(rng.choice(game.legal_actions()))
    return Endgame(game, seed, deck)


def endgames(count: int, players: int, most: int, seed: int = 0) -> Iterator[Endgame]:
    """``count`` endgames at ``players`` seats, 1 to ``most`` cards a hand, decks in turn."""
    rng = random.Random(seed * 7919 + players)
    decks = DECKS_FOR[players]
    for i in range(count):
        cards = rng.randint(1, most)
        yield endgame(rng.getrandbits(32), players, cards, decks[i % len(decks)])


def disagreements(position: Endgame) -> list[str]:
    """What the solver says differently from minimax about ``position`` (empty: nothing).

    Compares the position's value and every legal card's value for the seat to move,
    and checks that the solver's values agree with playing its own best cards out: at
    every turn of the line, the seat to move plays a card of best value, and the game
    ends with the reward the solver gave at the start.
    """
    game = position.game
    seat = game.current_player
    assert seat is not None
    me = seat if game.num_players == 3 else 0
    solver = ClaimSolver()
    problems = []
    value = solver.value(game)
    assert value is not None
    expected = minimax(game, me)
    if abs(value[me] - expected) > 1e-9:
        problems.append(f"{position}: value {value[me]} against minimax {expected}")
    moves = solver.move_values(game)
    assert moves is not None
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        reference = minimax(child, seat)
        if abs(moves[action] - reference) > 1e-9:
            problems.append(f"{position}: {action} worth {moves[action]}, minimax {reference}")
    problems += _line_problems(position, solver)
    return problems


def _line_problems(position: Endgame, solver: ClaimSolver) -> list[str]:
    """Play the solver's best cards out (two sides only) and check the end it promised."""
    game = position.game.clone()
    if game.num_players == 3:
        return []
    promised = solver.value(game)
    assert promised is not None
    while not game.is_over:
        moves = solver.move_values(game)
        assert moves is not None
        best = max(moves.values())
        game.apply(next(a for a in game.legal_actions() if moves[a] == best))
    if game.rewards() != promised:
        return [f"{position}: the line of best cards ended {game.rewards()}, not {promised}"]
    return []
