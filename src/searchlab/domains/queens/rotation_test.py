"""Takaken's test of a solution against its rotations, on bit rows.

A side piece of the count by symmetry (``kernels/symmetry.py``) finds each solution
whose first row's queen is nearest a corner; it counts the solution only if no rotation
of it is a smaller board, read row by row as numbers, and then by how many members its
class has. The test compares a row with the rotated board's same row without building
the rotation, and most solutions are settled on their first rows.

Written in the subset of Python numba compiles and imported by neither numpy nor numba:
``kernels/rotations.py`` compiles it for the kernel, ``small_count.py`` calls it as it is.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Board = MutableSequence[int] | npt.NDArray[np.int64]


def check_rotations(
    board: Board, last: int, bound1: int, bound2: int, top: int, end: int
) -> int:
    """How many members the class of the solution ``board`` (one bit per row) has if
    ``board`` is its canonical member, else 0: compared with its rotations by a quarter
    turn, a half turn and three quarters, row by row as numbers."""
    if board[bound2] == 1:  # a quarter turn may leave it unchanged
        pattern = 2
        own = 1
        while own <= last:
            bit = 1
            you = last
            while board[you] != pattern and board[own] >= bit:
                bit <<= 1
                you -= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            pattern <<= 1
        if own > last:
            return 2
    if board[last] == end:  # a half turn may leave it unchanged
        you = last - 1
        own = 1
        while own <= last:
            bit = 1
            pattern = top
            while pattern != board[you] and board[own] >= bit:
                bit <<= 1
                pattern >>= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            you -= 1
        if own > last:
            return 4
    if board[bound1] == top:  # three quarter turns may give a smaller board
        pattern = top >> 1
        own = 1
        while own <= last:
            bit = 1
            you = 0
            while board[you] != pattern and board[own] >= bit:
                bit <<= 1
                you += 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            pattern >>= 1
    return 8
