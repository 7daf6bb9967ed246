"""Solvability: the parity test against breadth-first search over whole state spaces,
and random boards drawn uniformly among the solvable ones."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_puzzle_helpers import bfs_distances, cached_distances, random_walk

from searchlab.core.errors import InputError
from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    Board,
    blank_first_goal,
    check_solvable,
    is_solvable,
    random_board,
    standard_goal,
)


@pytest.fixture(scope="module")
def reachable_3x3() -> dict[Board, frozenset[Board]]:
    """Every board that reaches each of two 3×3 goals, by breadth-first search."""
    return {goal: frozenset(cached_distances(goal)) for goal in (standard_goal(3), BRATKO_GOAL)}


def test_full_3x3_space_is_half_of_all_boards(reachable_3x3: dict[Board, frozenset[Board]]) -> None:
    # 9!/2 = 181,440: the published size of the 8-puzzle's state space.
    assert all(len(boards) == 181_440 for boards in reachable_3x3.values())


@pytest.mark.parametrize(
    "goal", [standard_goal(2), blank_first_goal(2), (2, 0, 1, 3), (3, 1, 0, 2)]
)
def test_2x2_exhaustively(goal: Board) -> None:
    reachable = set(bfs_distances(goal))
    assert len(reachable) == 12
    for cells in itertools.permutations(range(4)):
        assert is_solvable(cells, goal) == (cells in reachable), cells


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(9)), st.sampled_from(["standard", "bratko"]))
def test_3x3_accepted_exactly_when_bfs_reaches_the_goal(
    reachable_3x3: dict[Board, frozenset[Board]], cells: list[int], which: str
) -> None:
    goal = standard_goal(3) if which == "standard" else BRATKO_GOAL
    board = tuple(cells)
    assert is_solvable(board, goal) == (board in reachable_3x3[goal])


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 6), st.randoms(use_true_random=False))
def test_larger_boards_walks_solvable_one_swap_not(size: int, rng: random.Random) -> None:
    # Every board reached by moves is solvable; swapping two tiles makes it unsolvable.
    goal = standard_goal(size)
    board = random_walk(goal, rng.randrange(0, 60), rng)
    assert is_solvable(board, goal)
    tiles = [index for index, tile in enumerate(board) if tile != 0]
    i, j = rng.sample(tiles, 2)
    cells = list(board)
    cells[i], cells[j] = cells[j], cells[i]
    assert not is_solvable(tuple(cells), goal)


def test_refusal_says_why() -> None:
    with pytest.raises(InputError, match=r"unsolvable.*1 inversion.*odd"):
        check_solvable((1, 2, 3, 4, 5, 6, 8, 7, 0), standard_goal(3))
    with pytest.raises(InputError, match=r"unsolvable.*blank is 0 rows.*4×4"):
        check_solvable((*range(1, 14), 15, 14, 0), standard_goal(4))
    check_solvable(standard_goal(4), standard_goal(4))


def test_random_board_is_uniform_on_2x2() -> None:
    # 12 solvable boards; 12,000 draws: each should appear about 1,000 times.
    rng = random.Random(12)
    counts = Counter(random_board(2, rng) for _ in range(12_000))
    assert set(counts) == set(bfs_distances(standard_goal(2)))
    assert all(850 < count < 1150 for count in counts.values()), counts


def test_random_board_respects_goal(reachable_3x3: dict[Board, frozenset[Board]]) -> None:
    rng = random.Random(5)
    boards = [random_board(3, rng, BRATKO_GOAL) for _ in range(200)]
    assert all(board in reachable_3x3[BRATKO_GOAL] for board in boards)
    assert len(set(boards)) > 190
    with pytest.raises(InputError):
        random_board(1, rng)


@pytest.mark.parametrize("size", [3, 4])
def test_random_board_spreads_blank_and_tiles_evenly(size: int) -> None:
    # Among the solvable boards, for each square exactly 1/k² of them have the blank
    # there, and likewise tile 1 (half the arrangements of the rest are solvable, for
    # every square). 8,000 draws: each square should get about 8,000/k².
    rng = random.Random(size)
    draws = [random_board(size, rng) for _ in range(8_000)]
    expected = 8_000 / size**2
    for tile in (0, 1):
        counts = Counter(board.index(tile) for board in draws)
        assert len(counts) == size**2
        assert all(abs(count - expected) < 0.2 * expected for count in counts.values()), counts
