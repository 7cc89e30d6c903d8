"""Properties of every random game: the board fills three times, pieces are conserved."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import regency
from regency.games.kingdoms import KingdomsState, heuristic, rules
from regency.games.kingdoms.board import LINES
from regency.games.kingdoms.rules import CASTLES
from regency.games.kingdoms.tiles import DRAGON, GOLD_MINE, MOUNTAIN, WIZARD
from tests.games.kingdoms.helpers import ALL_CODES, tiles_everywhere

TILE_KINDS = {"dragon": DRAGON, "gold mine": GOLD_MINE, "wizard": WIZARD, "mountain": MOUNTAIN}

games = st.tuples(
    st.integers(0, 2**63 - 1),  # seed
    st.sampled_from([2, 3, 4]),
    st.randoms(use_true_random=False),
)


def castles_on_board(state: dict[str, Any], players: int) -> list[list[int]]:
    counts = [[0] * 4 for _ in range(players)]
    for row in state["board"]:
        for token in row:
            if token and token.startswith("S"):
                counts[int(token[1])][int(token[3]) - 1] += 1
    return counts


@given(games)
def test_every_random_game_fills_the_board_three_times_and_ends(
    args: tuple[int, int, random.Random],
) -> None:
    seed, players, rng = args
    game = regency.new_game("kingdoms", players=players, seed=seed)
    assert isinstance(game, KingdomsState)
    full = CASTLES[players]
    removed = [[0] * 4 for _ in range(players)]  # ranks 2-4 placed in earlier epochs
    epoch = 1
    placements = 0
    while not game.is_over:
        state = game.state_dict()
        # Every tile is somewhere: board, supply, a starting tile or the drawn tile.
        assert tiles_everywhere(state) == ALL_CODES
        # Every castle is in hand, on the board, or (ranks 2-4) out of the game.
        on_board = castles_on_board(state, players)
        for seat in range(players):
            for r in range(4):
                total = state["castles"][seat][r] + on_board[seat][r] + removed[seat][r]
                assert total == full[r], (seat, r + 1)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        if str(action) not in ("draw", "pass"):
            placements += 1
        if game.is_over or game.epoch != epoch:
            # The epoch ended because the board was full: exactly 30 placements.
            assert placements == 30
            assert 0 not in game.scoring[-1].board
            removed = _removed_after(game, players)
            placements = 0
            epoch = game.epoch
    assert [e.epoch for e in game.scoring] == [1, 2, 3]
    assert list(game.legal_actions()) == []
    result = game.result()
    assert result.scores == list(game.scoring[-1].gold_after)
    assert regency.replay(game.record()).state_dict() == game.state_dict()


def _removed_after(game: KingdomsState, players: int) -> list[list[int]]:
    """Castles of rank 2-4 placed in the epochs scored so far (they left the game)."""
    removed = [[0] * 4 for _ in range(players)]
    for epoch in game.scoring:
        for cell in epoch.board:
            if cell >= 32 and (cell - 32) & 3:
                removed[(cell - 32) >> 2][(cell - 32) & 3] += 1
    return removed


@given(games)
def test_gold_changes_only_by_the_scoring_shown(args: tuple[int, int, random.Random]) -> None:
    seed, players, rng = args
    game = regency.new_game("kingdoms", players=players, seed=seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    gold = [50] * players
    for epoch in game.result().details["epochs"]:
        won = Counter[int]()
        for part in epoch["parts"]:
            assert part["gold"] == [part["value"] * r for r in part["ranks"]]
            for seat, g in enumerate(part["gold"]):
                won[seat] += g
        gold = [g + won[s] for s, g in enumerate(gold)]
        assert gold == epoch["gold_after"]
    assert gold == game.result().scores


@given(games)
def test_scoring_by_lines_adds_up_to_scoring_by_parts(
    args: tuple[int, int, random.Random],
) -> None:
    """``board_gold`` and ``line_gold`` (search's shortcuts) give what ``score_board``
    gives, on every board a random game passes through, half-full ones included."""
    seed, players, rng = args
    game = regency.new_game("kingdoms", players=players, seed=seed)
    assert isinstance(game, KingdomsState)
    while not game.is_over:
        cells = game._cells
        parts = rules.score_board(cells, players)
        by_parts = [sum(p.gold[s] for p in parts) for s in range(players)]
        assert rules.board_gold(cells, players) == by_parts
        wizard = rules.wizard_square(cells)
        for line, squares in LINES:
            expected = [sum(p.gold[s] for p in parts if p.line == line) for s in range(players)]
            assert rules.line_gold(cells, squares, players, wizard) == expected
        assert game.estimate() == [g + b for g, b in zip(game._gold, by_parts, strict=True)]
        game.apply(rng.choice(game.legal_actions()))


def _position_after_random_moves(
    args: tuple[int, int, random.Random], least: int
) -> heuristic._Position | None:
    """The heuristic's reading of a game after ``least`` to 59 random moves (``None`` if
    the game ended first)."""
    seed, players, rng = args
    game = regency.new_game("kingdoms", players=players, seed=seed)
    for _ in range(rng.randrange(least, 60)):
        if game.is_over:
            return None
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    if seat is None:
        return None
    return heuristic._Position(game.view(seat).observation, random.Random(0))


@given(games, st.sampled_from(["dragon", "gold mine", "wizard", "mountain"]))
def test_the_heuristics_gain_for_a_special_tile_is_the_whole_boards_rescoring(
    args: tuple[int, int, random.Random], name: str
) -> None:
    """The heuristic scores again only the lines a special tile changes; what it finds
    must be exactly the difference the whole board's scoring makes on every square."""
    kind = TILE_KINDS[name]
    position = _position_after_random_moves(args, least=1)
    if position is None:
        return
    base = position.relative_score(position.cells)
    whole = []
    for sq in position.empty:
        trial = list(position.cells)
        trial[sq] = kind
        whole.append((position.relative_score(trial) - base + position.jitter[sq], sq))
    assert position.square_gains(kind) == whole


@given(games, st.sampled_from([-6, -3, -1, 1, 2, 4, 6]))
def test_the_heuristics_gain_for_a_resource_or_hazard_is_worked_out_square_by_square(
    args: tuple[int, int, random.Random], value: int
) -> None:
    """``tile_gains`` works each part's terms out once; square by square, the rule gives
    the same figures: the value (nothing for a resource beside the Dragon, double with the
    Gold Mine) times the stake, less a resource's gift to the opponents' open squares."""
    position = _position_after_random_moves(args, least=0)
    if position is None:
        return
    players, seat = position.players, position.seat
    share = (players - 1) / players
    expected = []
    for sq in position.empty:
        gain = 0.0
        for part in position.parts_of(sq):
            worth = 0 if (value > 0 and part.dragon) else value
            worth *= 2 if part.mine else 1
            mine = part.ranks[seat]
            gain += worth * (mine - (sum(part.ranks) - mine) / (players - 1))
            if worth > 0:
                gain -= worth * heuristic._OPEN * (part.empties - 1) * share
        expected.append((gain + position.jitter[sq], sq))
    assert position.tile_gains(value) == expected
