"""Compiled million-queen repair: permutation and swaps (Sosic & Gu), O(1) per step.

The board is a permutation (one queen per row and per column), so only diagonals can
clash. Counters of queens per diagonal make the change in collisions of swapping the
columns of two rows an O(1) computation. A greedy start places each row's queen on a
randomly drawn column that is free on both diagonals (drawing until one is found, but
for the last rows), which leaves a few dozen collisions whatever n; the repair then
swaps a queen under attack with a random partner whenever that lowers the collisions.
Random numbers come from a 32-bit xorshift written here, so the compiled and the
plain-Python runs draw the same numbers and reach the same board.

The arrays are compact, since at n = 10**7 and beyond the repair is bound by memory
traffic, not arithmetic: columns as int32, the diagonal counters as uint8 (a swap that
would push one past ``COUNTER_CAP`` is refused, and a start that did is drawn again;
neither happens on boards from the greedy start, whose diagonals hold a few queens at
most), and the list of attacked queens bounded (``ATTACKED_CAP``: past it the list is
rebuilt by a scan when it runs dry). ``BYTES_PER_QUEEN`` states what a board takes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.queens.engines import BYTES_PER_QUEEN  # noqa: F401 (stated here)
from searchlab.jit import njit

_MASK32 = 0xFFFFFFFF
_GREEDY_DRAWS = 4096  # at most this many columns drawn per row while building the start
_RANDOM_TAIL = 64  # the last rows of the start take a random column (Sosic & Gu's c)
COUNTER_CAP = 250
"""The most queens a diagonal counter (uint8) is allowed to reach."""
REFUSED = 1 << 40
"""What ``_swap_rows`` answers for a swap it refused."""
ATTACKED_CAP = 1 << 20
"""The longest list of attacked queens kept (int32 each)."""

Columns = npt.NDArray[np.int32]
"""The board: the column of each row's queen."""
Diagonals = npt.NDArray[np.uint8]
"""The queens on each diagonal, 2 × (2n − 1): row 0 by row + column (↗), row 1 by
row − column + n − 1 (↘)."""


@njit("int64(int64)")
def _next(x: int) -> int:
    """One xorshift32 step (Marsaglia 2003); the state stays in 1 … 2**32 − 1."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


@njit("int64(uint8[:], int64)")
def _remove(counter: npt.NDArray[np.uint8], index: int) -> int:
    """Take a queen off a diagonal: the change in collisions (−1 or 0)."""
    c = counter[index]
    counter[index] = c - 1
    return -1 if c >= 2 else 0


@njit("int64(uint8[:], int64)")
def _add(counter: npt.NDArray[np.uint8], index: int) -> int:
    """Put a queen on a diagonal: the change in collisions (+1 or 0)."""
    c = counter[index]
    counter[index] = c + 1
    return 1 if c >= 1 else 0


@njit("int64(int32[:], uint8[:, ::1], int64, int64)")
def _swap_rows(cols: Columns, diagonals: Diagonals, i: int, j: int) -> int:
    """Exchange the columns of rows i and j, updating the counters: the change in
    collisions; REFUSED (nothing changed) if a counter it raises is at the cap."""
    n = cols.shape[0]
    up, down = diagonals[0], diagonals[1]
    ci = cols[i]
    cj = cols[j]
    if (
        up[i + cj] >= COUNTER_CAP
        or down[i - cj + n - 1] >= COUNTER_CAP
        or up[j + ci] >= COUNTER_CAP
        or down[j - ci + n - 1] >= COUNTER_CAP
    ):
        return REFUSED
    delta = _remove(up, i + ci) + _remove(down, i - ci + n - 1)
    delta += _remove(up, j + cj) + _remove(down, j - cj + n - 1)
    delta += _add(up, i + cj) + _add(down, i - cj + n - 1)
    delta += _add(up, j + ci) + _add(down, j - ci + n - 1)
    cols[i] = cj
    cols[j] = ci
    return delta


@njit("boolean(int32[:], uint8[:, ::1], int64)")
def _attacked(cols: Columns, diagonals: Diagonals, i: int) -> bool:
    c = cols[i]
    return bool(diagonals[0, i + c] > 1 or diagonals[1, i - c + cols.shape[0] - 1] > 1)


@njit("int64(int64, int32[:], uint8[:, ::1])")
def _greedy_start(rng: int, cols: Columns, diagonals: Diagonals) -> int:
    """Fill ``cols`` with a random permutation built row by row, each row but the last
    few taking a column free on both diagonals when one is drawn (Sosic & Gu: the
    collisions left are about the tail's length, so the repair that follows is short);
    returns the generator's state."""
    n = cols.shape[0]
    up, down = diagonals[0], diagonals[1]
    for i in range(n):
        cols[i] = i
    diagonals[:] = 0
    tail = min(_RANDOM_TAIL, n // 8)
    for i in range(n):
        remaining = n - i
        pick = i
        for _ in range(_GREEDY_DRAWS if remaining > tail else 1):
            rng = _next(rng)
            pick = i + rng % remaining
            c = cols[pick]
            if up[i + c] == 0 and down[i - c + n - 1] == 0:
                break
        c = cols[pick]
        cols[pick] = cols[i]
        cols[i] = c
        up[i + c] += 1
        down[i - c + n - 1] += 1
    return rng


@njit("int64(uint8[:, ::1])")
def _collisions(diagonals: Diagonals) -> int:
    """The attacking pairs along diagonals: a diagonal of k queens holds k − 1."""
    total = 0
    for counter in diagonals:
        for k in range(counter.shape[0]):
            if counter[k] > 1:
                total += int(counter[k]) - 1
    return total


@njit("int64(uint8[:, ::1])")
def _fullest(diagonals: Diagonals) -> int:
    """The most queens on one diagonal."""
    return int(diagonals.max())


@njit("int64(int32[:], uint8[:, ::1], int32[:])")
def _scan_attacked(cols: Columns, diagonals: Diagonals, attacked: npt.NDArray[np.int32]) -> int:
    """List the attacked queens' rows (as many as ``attacked`` holds); how many listed."""
    size = 0
    for i in range(cols.shape[0]):
        if size == attacked.shape[0]:
            break
        if _attacked(cols, diagonals, i):
            attacked[size] = i
            size += 1
    return size


@njit("UniTuple(int64, 2)(int64, int64, int64, int32[:])")
def solve(n: int, seed: int, max_steps: int, cols: Columns) -> tuple[int, int]:
    """Fill ``cols`` (length n) with a solution: returns (1 if solved else 0, steps), a
    step being one candidate swap examined (``max_steps`` caps them)."""
    if n == 1:
        cols[0] = 0
        return 1, 0
    rng = (seed ^ 0x9E3779B9) & 0xFFFFFFFF  # no overflow: same numbers compiled or not
    if rng == 0:
        rng = 1
    for _ in range(8):
        rng = _next(rng)
    diagonals = np.zeros((2, 2 * n - 1), dtype=np.uint8)
    for i in range(n):
        cols[i] = i
    if n < 4:  # 2 and 3 queens have no solution
        return 0, 0
    attacked = np.zeros(min(n, ATTACKED_CAP), dtype=np.int32)
    capacity = attacked.shape[0]
    steps = 0
    stall_limit = 4 * n + 100
    while True:
        rng = _greedy_start(rng, cols, diagonals)
        if _fullest(diagonals) >= COUNTER_CAP:
            continue  # never seen: a start that crowds a diagonal is drawn again
        total = _collisions(diagonals)
        size = _scan_attacked(cols, diagonals, attacked)
        stall = 0
        while total > 0:
            if steps >= max_steps:
                return 0, steps
            if stall >= stall_limit:
                break  # a local minimum of the swap neighbourhood: start again
            if size == 0:  # the list ran dry (or overflowed before): scan again
                size = _scan_attacked(cols, diagonals, attacked)
                if size == 0:
                    break
            rng = _next(rng)
            k = rng % size
            i = attacked[k]
            if not _attacked(cols, diagonals, i):
                size -= 1
                attacked[k] = attacked[size]
                continue
            rng = _next(rng)
            j = rng % n
            if j == i:
                continue
            steps += 1
            delta = _swap_rows(cols, diagonals, i, j)
            if delta == REFUSED:
                stall += 1
            elif delta <= 0:  # sideways swaps too: they walk off plateaus on small boards
                total += delta
                stall = 0 if delta < 0 else stall + 1
                if _attacked(cols, diagonals, j) and size < capacity:
                    attacked[size] = j
                    size += 1
            else:
                _swap_rows(cols, diagonals, i, j)
                stall += 1
        if total == 0:
            return 1, steps
