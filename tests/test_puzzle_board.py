"""Notations, goals and printing of sliding-tile boards."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.core.errors import InputError
from searchlab.domains.puzzle import (
    BRATKO_GOAL,
    BRATKO_POSITIONS,
    ParsedBoard,
    format_board,
    format_flat,
    format_path,
    parse_board,
    resolve_goal,
    to_bratko,
)
from searchlab.domains.puzzle.board import Notation

# The document's start3, written by hand in the three notations.
START3 = (2, 1, 6, 4, 0, 8, 7, 5, 3)


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]", "bratko"),
        ("[2/2, 2/3, 1/3, 3/1, 1/2, 2/1, 3/3, 1/1, 3/2]", "bratko"),
        ("2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2", "bratko"),
        ("2 1 6/4 _ 8/7 5 3", "grid"),
        ("2,1,6/4,0,8/7,5,3", "grid"),
        ("2 1 6\n4 0 8\n7 5 3\n", "grid"),
        ("2,1,6,4,0,8,7,5,3", "flat"),
        ("[2, 1, 6, 4, 0, 8, 7, 5, 3]", "flat"),
        ("2 1 6 4 _ 8 7 5 3", "flat"),
    ],
)
def test_three_notations_read_the_same_board(text: str, notation: Notation) -> None:
    parsed = parse_board(text)
    assert parsed == ParsedBoard(START3, 3, notation)


def test_bratko_goal_is_the_documents() -> None:
    # 1 2 3 / 8 _ 4 / 7 6 5, from the document's figure.
    assert BRATKO_GOAL == (1, 2, 3, 8, 0, 4, 7, 6, 5)
    assert BRATKO_POSITIONS["a"] == (1, 3, 4, 8, 0, 2, 7, 6, 5)
    assert BRATKO_POSITIONS["b"] == (2, 8, 3, 1, 6, 4, 7, 0, 5)
    assert BRATKO_POSITIONS["c"] == START3


def test_fifteen_puzzle_grid() -> None:
    parsed = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 _")
    assert parsed.size == 4
    assert parsed.tiles == (*range(1, 16), 0)


# Boards that do not read, each with the fault its refusal names; test_puzzle_cli sends
# them through `puzzle solve`, which must refuse them in the same words.
BAD_STARTS: list[tuple[str, str]] = [
    ("1,2,3,4,5", "5 cells were given: that is not a square"),
    ("1,2,3,4,5,6,7", "7 cells were given: that is not a square"),
    ("1,2,3,4,5,6,7,8", "the blank (0 or _) is missing"),
    ("1,2,3,4,5,6,7,0", "tile 8 is missing"),
    ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0", "tile 15 is missing"),
    ("1,2,3,3,4,5,6,0", "not a square"),
    ("1,2,3,4,5,6,7,8,8", "tile 8 appears more than once"),
    ("1,2,3,4,5,6,7,7,0", "tile 7 appears more than once"),
    ("1,2,3,4,5,6,7,8,9", "tile 9 is out of range"),
    ("1,2,3,4,5,6,7,9,0", "tile 9 is out of range"),
    ("1,2,3,0,5,6,7,8,0", "the blank (0) appears more than once"),
    ("1 2 3/4 5/6 7 8 0", "must be square"),
    ("1 2 3/4 5 6/7 8", "must be square"),
    ("0", "k ≥ 2"),
    ("a,b,c,d", "cannot read 'a'"),
    ("x y z", "cannot read 'x'"),
    ("", "empty"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,4/2]", "square 4/2 of tile 8 is off the 3×3 board"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/4]", "square 1/4 of tile 8 is off the 3×3 board"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/3]", "square 1/3 is given twice"),
    ("[2/2,1/3,2/3,3/3,3/2]", "but 5 squares were given"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1]", "the square of tile 8 is missing"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/x]", "Bratko's notation"),
]
# Goals that do not fit a start that reads.
BAD_GOALS = [
    ("1,2,3,4,5,6,7,8,0", "1,2,3,0", "the start is 3×3 but the goal is 2×2"),
    ("1,2,3,4,5,6,7,8,0", "sideways", "unknown goal 'sideways'"),
    ("1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,7,0", "tile 7 appears more than once"),
    ("1,2,3,0", "bratko", "bratko goal is a 3×3 board"),
]


@pytest.mark.parametrize(
    ("start", "goal", "fault"), [*((start, None, fault) for start, fault in BAD_STARTS), *BAD_GOALS]
)
def test_refusals_name_the_fault(start: str, goal: str | None, fault: str) -> None:
    with pytest.raises(InputError, match=re.escape(fault)):
        resolve_goal(goal, parse_board(start))


def test_missing_tile_is_named_as_repeat_or_range() -> None:
    # With the right count, a missing tile shows up as a repeat or an out-of-range one
    # (one short of a square count, it is named: see test_refusals_name_the_fault).
    with pytest.raises(InputError, match="tile 1 appears more than once"):
        parse_board("1,1,2,3,4,5,6,7,0")


def test_goals_by_name_and_default() -> None:
    bratko_start = parse_board("[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]")
    grid_start = parse_board("2 1 6/4 _ 8/7 5 3")
    assert resolve_goal(None, bratko_start) == BRATKO_GOAL
    assert resolve_goal(None, grid_start) == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert resolve_goal("blank-first", grid_start) == (0, 1, 2, 3, 4, 5, 6, 7, 8)
    assert resolve_goal("standard", bratko_start) == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert resolve_goal("1 2 3/8 0 4/7 6 5", grid_start) == BRATKO_GOAL
    four = parse_board("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
    assert resolve_goal(None, four) == (*range(1, 16), 0)
    # Bratko's goal is 3×3 only: other sizes in his notation default to standard.
    two = parse_board("[1/1,2/2,1/2,2/1]")
    assert two.notation == "bratko"
    assert resolve_goal(None, two) == (1, 2, 3, 0)


def test_format_board_as_the_document_draws_it() -> None:
    assert format_board(START3) == "2 1 6\n4 _ 8\n7 5 3"
    assert format_board((*range(1, 16), 0)).splitlines()[3] == "13 14 15  _"
    assert format_path([START3, BRATKO_GOAL]) == "2 1 6\n4 _ 8\n7 5 3\n---\n1 2 3\n8 _ 4\n7 6 5"


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.randoms(use_true_random=False))
def test_every_written_form_reads_back(size: int, rng: random.Random) -> None:
    cells = list(range(size * size))
    rng.shuffle(cells)
    board = tuple(cells)
    assert parse_board(to_bratko(board)).tiles == board
    assert parse_board(to_bratko(board)).notation == "bratko"
    assert parse_board(format_board(board)).tiles == board
    assert parse_board(format_flat(board)).tiles == board


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.text(alphabet="0123456789_/, []\n²٣-", max_size=60),
        st.lists(st.integers(-3, 20), max_size=20).map(lambda xs: ",".join(map(str, xs))),
    )
)
def test_any_text_gives_a_board_or_an_input_error(text: str) -> None:
    try:
        parsed = parse_board(text)
    except InputError:
        return
    assert sorted(parsed.tiles) == list(range(parsed.size**2))


def test_huge_numbers_are_out_of_range() -> None:
    with pytest.raises(InputError, match="out of range"):
        parse_board("1,2,3," + "9" * 5000)
