"""The count by full symmetry in plain Python, for boards too small to be worth the kernel.

Loading the compiled counter (importing numba, reading its cache) costs a process about
a second of CPU; this counts 12-queens in a twentieth of that. It is Takaken's method,
the same as ``kernels/symmetry.py`` (see there for the corner and edge pieces) with the
same rotation test (``rotation_test.py``, uncompiled), written as his recursive original
and importing neither numpy nor numba, so that ``searchlab queens count 8`` starts about
as fast as ``searchlab --version``.
``tests/test_queens_small_count.py`` checks it against the kernel and OEIS.
"""

from __future__ import annotations

from searchlab.domains.queens.rotation_test import check_rotations
from searchlab.domains.queens.symmetry import ClassCount

SMALL_COUNT_MAX_N = 13
"""The largest board ``searchlab queens count`` counts here rather than with the kernel:
Q(12) takes about 0.05 s of CPU in Python, Q(13) 0.3 s, Q(14) 1.6 s, against about 0.9 s
to load the kernel."""


def count_classes_small(n: int) -> ClassCount:
    """Every solution of n-queens by class, on an eighth of the tree, in plain Python.

    Parameters
    ----------
    n : int
        The size of the board, 0 or more (meant for n ≤ ``SMALL_COUNT_MAX_N``; larger
        boards work, slowly).

    Returns
    -------
    ClassCount
        The classes of 8, 4 and 2 solutions (and the one solution of n ≤ 1).

    Examples
    --------
    >>> counted = count_classes_small(8)
    >>> counted.total, counted.unique, counted.classes_of[4]
    (92, 12, 1)
    """
    if n < 4:  # no room for the corner and edge pieces
        return ClassCount(n, {8: 0, 4: 0, 2: 0, 1: 1 if n <= 1 else 0})
    last = n - 1
    top = 1 << last
    full = (1 << n) - 1
    board = [0] * n  # each row's queen as a bit
    counts = {8: 0, 4: 0, 2: 0}
    bound1 = bound2 = 0
    side = last_mask = top | 1
    end = top >> 1

    def corner(y: int, left: int, down: int, right: int) -> None:
        """A corner piece (queen of row 0 in column 0): each solution counts 8."""
        free = full & ~(left | down | right)
        if y == last:
            if free:
                counts[8] += 1
            return
        if y < bound1:
            free &= ~2  # column 1 stays empty above row bound1
        while free:
            bit = free & -free
            free ^= bit
            corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1)

    def edge(y: int, left: int, down: int, right: int) -> None:
        """An edge piece: solutions whose side queens keep away from the corners,
        each compared with its rotations (``rotation_test.py``)."""
        free = full & ~(left | down | right)
        if y == last:
            if free and not free & last_mask:
                board[y] = free
                size = check_rotations(board, last, bound1, bound2, top, end)
                if size:
                    counts[size] += 1
            return
        if y < bound1:
            free &= ~side
        elif y == bound2:
            taken = down & side
            if not taken:
                return
            if taken != side:
                free &= side
        while free:
            bit = free & -free
            free ^= bit
            board[y] = bit
            edge(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1)

    board[0] = 1
    for bound1 in range(2, last):
        bit = 1 << bound1
        board[1] = bit
        corner(2, (2 | bit) << 1, 1 | bit, bit >> 1)
    bound1, bound2 = 1, n - 2
    while bound1 < bound2:
        bit = 1 << bound1
        board[0] = bit
        edge(1, bit << 1, bit, bit >> 1)
        last_mask |= last_mask >> 1 | last_mask << 1
        end >>= 1
        bound1 += 1
        bound2 -= 1
    return ClassCount(n, {**counts, 1: 0})
