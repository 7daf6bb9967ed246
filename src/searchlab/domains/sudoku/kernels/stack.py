"""The explicit guess stack of the general Sudoku solver (``solver``): each level keeps
the values of its guessed cell still to try as a bit mask (``untried``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.jit import inline


@inline
def deepest_open(untried: npt.NDArray[np.int64] | npt.NDArray[np.int32], level: int) -> int:
    """The number of levels left once the exhausted ones on top are dropped (0: the
    search is over)."""
    while level > 0 and untried[level - 1] == 0:
        level -= 1
    return level


@inline
def next_value(untried: npt.NDArray[np.int64] | npt.NDArray[np.int32], top: int) -> int:
    """The lowest value still to try at level ``top``, as a bit, taken off its mask."""
    bit = untried[top] & -untried[top]
    untried[top] ^= bit
    return int(bit)


@inline
def push(
    saved: Any, saved_more: Any, state: Any, more: Any, cell_of: Any, untried: Any,
    level: int, cell: int, values: int,
) -> int:  # fmt: skip
    """Save the two arrays of a search state at ``level`` with the cell about to be
    guessed and its values to try; the new number of levels."""
    saved[level, :] = state
    saved_more[level, :] = more
    cell_of[level] = cell
    untried[level] = values
    return level + 1


@inline
def pop(
    saved: Any, saved_more: Any, state: Any, more: Any, untried: Any, level: int
) -> tuple[int, int]:
    """Back to the deepest level with a value left to try: its two arrays restored, that
    value taken (as a bit); (levels left, the bit), or (0, 0) when the search is over."""
    level = deepest_open(untried, level)
    if level == 0:
        return 0, 0
    bit = next_value(untried, level - 1)
    state[:] = saved[level - 1]
    more[:] = saved_more[level - 1]
    return level, bit


@inline
def fewest_open(cand: Any, cells: int) -> int:
    """The cell to guess: among those with two candidates or more (after propagation,
    exactly the open ones), the first with the fewest, stopping at a bivalue one; -1
    when none is open."""
    best = -1
    fewest = 1 << 30
    for i in range(cells):
        mask = cand[i]
        if mask & (mask - 1):
            count = 0
            while mask:
                mask &= mask - 1
                count += 1
            if count < fewest:
                fewest = count
                best = i
                if count == 2:
                    break
    return best
