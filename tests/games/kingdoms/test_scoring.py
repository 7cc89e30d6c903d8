"""Scoring on hand-built boards (R-K-4 to R-K-7), each outcome worked out by hand.

Seats in the published example: yellow = 0, red = 1, blue = 2. The rulebook's "Row 1"
is our row A, "Row 4" row D; columns keep their numbers.
"""

from __future__ import annotations

import pytest

from regency.games.kingdoms import rules
from regency.games.kingdoms.board import square_from_name
from tests.games.kingdoms.helpers import FULL_BOARD, board, column_board, parts_of

YELLOW, RED, BLUE = 0, 1, 2


def squares(*names: str) -> tuple[int, ...]:
    out = []
    for name in names:
        sq = square_from_name(name)
        assert sq is not None
        out.append(sq)
    return tuple(out)


# -- the published example (seed rulebook, "Example of scoring") -------------------------


def test_example_row_1_town_troll_and_a_wizard_raised_castle() -> None:
    # Town +3, Troll -6: base value -3. Red and blue each have a rank-1 castle: pay 3.
    # Yellow has rank 4 and a rank 1 next to the Wizard (below it, in row B): 4 + 2 = 6
    # ranks, pays 18.
    cells = board("+3 -6 S1R1 S2R1 S0R4 S0R1", ". . . . . WIZ")
    (part,) = parts_of(cells, "row A")
    assert part.value == -3
    assert part.ranks == (6, 1, 1)
    assert part.gold == (-18, -3, -3)


def test_example_row_4_dragon_left_of_a_mountain() -> None:
    # Left of the Mountain the Dragon makes the Village (+1) worth 0: yellow's rank-2
    # castle scores nothing. Right of it the Knight (+5) pays blue's rank-1 castle 5.
    cells = board(". . . . . .", ". . . . . .", ". . . . . .", "DRG +1 S0R2 MTN +5 S2R1")
    left, right = parts_of(cells, "row D")
    assert left.squares == squares("D1", "D2", "D3")
    assert (left.value, left.dragon, left.ranks, left.gold) == (0, True, (2, 0, 0), (0, 0, 0))
    assert right.squares == squares("D5", "D6")
    assert (right.value, right.dragon, right.ranks, right.gold) == (5, False, (0, 0, 1), (0, 0, 5))


def test_example_column_2_dragon_and_gold_mine_double_the_dire_wolves() -> None:
    # Windmill +4 cancelled by the Dragon; Dire Wolves -3 doubled by the Gold Mine: -6.
    # Red's rank-1 castle pays 6.
    cells = column_board(2, ["+4", "DRG", "-3", "GLD", "S1R1"])
    (part,) = parts_of(cells, "column 2")
    assert (part.value, part.dragon, part.gold_mine) == (-6, True, True)
    assert part.gold == (0, -6, 0)


def test_example_column_4_castle_cut_off_by_a_mountain() -> None:
    # Yellow's castle is alone above the Mountain: no tile, no gold. Below it the Village
    # +1 and the Raider -5 make -4; blue's rank-1 castle pays 4.
    cells = column_board(4, ["S0R2", "MTN", "+1", "-5", "S2R1"])
    top, bottom = parts_of(cells, "column 4")
    assert top.squares == squares("A4")
    assert (top.value, top.ranks, top.gold) == (0, (2, 0, 0), (0, 0, 0))
    assert bottom.squares == squares("C4", "D4", "E4")
    assert (bottom.value, bottom.gold) == (-4, (0, 0, -4))


def test_example_column_6_wizard_raises_both_castles_to_rank_2() -> None:
    # Knight +5 and Farm +2: 7. The Wizard between yellow's and blue's rank-1 castles
    # raises both to rank 2: 14 gold each.
    cells = column_board(6, ["+5", "S0R1", "WIZ", "S2R1", "+2"])
    (part,) = parts_of(cells, "column 6")
    assert part.value == 7
    assert part.ranks == (2, 0, 2)
    assert part.gold == (14, 0, 14)


# -- Mountains (R-K-5) ----------------------------------------------------------------


def test_two_mountains_make_three_parts_scored_alone() -> None:
    # C1 | C3 C4 | C6: the +6 pays nobody (no castle); +2 pays seat 0's rank 1;
    # seat 1's rank-3 castle is alone with nothing.
    cells = board(". . . . . .", ". . . . . .", "+6 MTN +2 S0R1 MTN S1R3")
    parts = parts_of(cells, "row C", players=2)
    assert [p.squares for p in parts] == [squares("C1"), squares("C3", "C4"), squares("C6")]
    assert [p.value for p in parts] == [6, 2, 0]
    assert [p.gold for p in parts] == [(0, 0), (2, 0), (0, 0)]


def test_mountains_side_by_side_and_at_the_end_leave_no_empty_part() -> None:
    cells = board("S0R2 +4 MTN MTN -3 S1R1", "MTN +1 S0R1 +2 S1R1 MTN")
    row_a = parts_of(cells, "row A", players=2)
    assert [p.squares for p in row_a] == [squares("A1", "A2"), squares("A5", "A6")]
    assert [p.gold for p in row_a] == [(8, 0), (0, -3)]
    (row_b,) = parts_of(cells, "row B", players=2)
    assert row_b.squares == squares("B2", "B3", "B4", "B5")
    assert row_b.gold == (3, 3)


def test_a_line_with_no_mountain_is_one_part() -> None:
    cells = board("+1 +2 +3 S0R1 S1R2 -4")
    (part,) = parts_of(cells, "row A", players=2)
    assert part.squares == tuple(range(6))
    assert part.gold == (2, 4)


# -- Dragon, Gold Mine, Wizard -----------------------------------------------------------


def test_a_line_of_only_special_tiles_is_worth_nothing() -> None:
    # Dragon, Gold Mine and Wizard have no value; the Wizard still raises B's castles
    # (A4: 2 -> 3, A6: 3 -> 4) but 0 times anything is 0.
    cells = board("DRG S0R1 GLD S1R2 WIZ S0R3")
    (part,) = parts_of(cells, "row A", players=2)
    assert (part.value, part.dragon, part.gold_mine) == (0, True, True)
    assert part.ranks == (1 + 4, 3)
    assert part.gold == (0, 0)


def test_an_empty_part_and_a_part_without_castles_pay_nobody() -> None:
    cells = board("S0R4 S1R1 MTN +6 +5 +4")
    castles_only, tiles_only = parts_of(cells, "row A", players=2)
    assert (castles_only.value, castles_only.ranks, castles_only.gold) == (0, (4, 1), (0, 0))
    assert (tiles_only.value, tiles_only.ranks, tiles_only.gold) == (15, (0, 0), (0, 0))


def test_gold_mine_doubles_resources_and_hazards_of_its_part_only() -> None:
    # A1-A4: (+3 - 1) * 2 = 4 for seat 0's rank 1. Past the Mountain: +5 undoubled.
    cells = board("+3 -1 GLD S0R1 MTN +5")
    left, right = parts_of(cells, "row A", players=2)
    assert (left.value, left.gold_mine, left.gold) == (4, True, (4, 0))
    assert (right.value, right.gold_mine) == (5, False)


def test_dragon_leaves_hazards_counting() -> None:
    cells = board("+6 -2 DRG S0R2 +5 -1")
    (part,) = parts_of(cells, "row A", players=2)
    assert part.value == -3
    assert part.gold == (-6, 0)


def test_wizard_raise_has_no_cap_and_needs_a_shared_side() -> None:
    # A2 (rank 4) shares a side with the Wizard on A3: rank 5. B4 is only diagonal.
    cells = board("+2 S0R4 WIZ . . .", ". . . S1R1 . .")
    (row_a,) = parts_of(cells, "row A", players=2)
    assert row_a.ranks == (5, 0)
    assert row_a.gold == (10, 0)
    assert rules.effective_rank(cells, square_from_name("B4") or 0, rules.wizard_square(cells)) == 1


def test_wizard_in_the_column_raises_the_castle_in_its_row_too() -> None:
    # The Wizard on B1 is below A1's castle: the castle counts rank 2 in row A as well.
    cells = board("S0R1 +3 . . . .", "WIZ . . . . .")
    (row_a,) = parts_of(cells, "row A", players=2)
    assert row_a.ranks == (2, 0)
    assert row_a.gold == (6, 0)


# -- a whole board ---------------------------------------------------------------------


def test_a_full_board_scores_rows_then_columns() -> None:
    # Worked out by hand. The Wizard (B6) raises A6 (seat 0, 1 -> 2), C6 (seat 1,
    # 1 -> 2) and B5 (seat 1, 3 -> 4).
    #   row A: 3-6+5 = 2; seat 0 ranks 4+2 -> 12, seat 1 rank 1 -> 2
    #   row B: B1-B2 = 2, seat 1 rank 2 -> 4;  B4-B6 = 4, seat 1 rank 4 -> 16
    #   row C: Dragon: -1; seat 0 ranks 3 -> -3, seat 1 rank 2 -> -2
    #   row D: Gold Mine: (1-3+6)*2 = 8; seat 0 rank 3 -> 24, seat 1 rank 2 -> 16
    #   row E: 2+3-2 = 3; seat 0 rank 1 -> 3, seat 1 ranks 5 -> 15
    #   col 1: 3-1+1 = 3; seat 0 -> 3, seat 1 rank 2 -> 6
    #   col 2: Gold Mine: (2+2)*2 = 8; seat 0 ranks 6 -> 48
    #   col 3: A3 = -6, no castle;  C3-E3 = 6, seat 1 ranks 3 -> 18
    #   col 4: 4-3+3 = 4; seat 0 -> 4, seat 1 -> 4
    #   col 5: Dragon: -2; seat 1 rank 4 -> -8
    #   col 6: nothing but castles and the Wizard: 0
    parts = rules.score_board(board(*FULL_BOARD), 2)
    assert [p.line for p in parts] == [
        "row A", "row B", "row B", "row C", "row D", "row E",
        "column 1", "column 2", "column 3", "column 3", "column 4", "column 5", "column 6",
    ]  # fmt: skip
    assert [p.value for p in parts] == [2, 2, 4, -1, 8, 3, 3, 8, -6, 6, 4, -2, 0]
    assert [p.gold for p in parts] == [
        (12, 2), (0, 4), (0, 16), (-3, -2), (24, 16), (3, 15),
        (3, 6), (48, 0), (0, 0), (0, 18), (4, 4), (0, -8), (0, 0),
    ]  # fmt: skip
    epoch = rules.EpochScore(1, 0, tuple(board(*FULL_BOARD)), parts, (141, 121))
    assert epoch.rows == (36, 51)
    assert epoch.columns == (55, 20)
    assert epoch.gold == (91, 71)
    again = rules.EpochScore.from_dict(epoch.to_dict(), 2)
    assert again == epoch


@pytest.mark.parametrize(
    ("gold", "previous", "expected"),
    [
        ([80, 60, 70], 0, 0),  # the richest starts
        ([60, 80, 80], 0, 1),  # tie: from seat 0 the order is 0, 1, 2
        ([60, 80, 80], 2, 2),  # tie: from seat 2 the order is 2, 0, 1
        ([80, 60, 80], 1, 2),  # tie: from seat 1 the order is 1, 2, 0
        ([-5, -5, -9, -5], 2, 3),  # negative gold ties the same way: 2, 3, 0, 1
        ([70, 70], 1, 1),
    ],
)
def test_next_start_player_is_the_richest_ties_in_turn_order(
    gold: list[int], previous: int, expected: int
) -> None:
    assert rules.next_start_player(gold, previous) == expected  # R-K-8


def test_winners_share_a_tie() -> None:
    assert rules.winners([90, 120, 120]) == [1, 2]  # R-K-9
    assert rules.winners([-3, -7]) == [0]
