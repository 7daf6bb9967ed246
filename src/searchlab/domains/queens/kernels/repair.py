"""Compiled million-queen repair: permutation and swaps (Sosic & Gu), O(1) per step.

The board is a permutation (one queen per row and per column), so only diagonals can
clash. Counters of queens per diagonal make the change in collisions of swapping the
columns of two rows an O(1) computation. A greedy start places each row's queen on a
randomly drawn column that is free on both diagonals when one is found in a few
draws, which leaves only a handful of collisions even for n = 10**6; the repair then
swaps a queen under attack with a random partner whenever that lowers the collisions.
Random numbers come from a 32-bit xorshift written here, so the compiled and the
plain-Python runs draw the same numbers and reach the same board.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit

_MASK32 = 0xFFFFFFFF
_GREEDY_DRAWS = 12  # columns drawn per row while building the start


@njit("int64(int64)")
def _next(x: int) -> int:
    """One xorshift32 step (Marsaglia 2003); the state stays in 1 … 2**32 − 1."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


@njit("int64(int64[:], int64)")
def _remove(counter: npt.NDArray[np.int64], index: int) -> int:
    """Take a queen off a diagonal: the change in collisions (−1 or 0)."""
    c = counter[index]
    counter[index] = c - 1
    return -1 if c >= 2 else 0


@njit("int64(int64[:], int64)")
def _add(counter: npt.NDArray[np.int64], index: int) -> int:
    """Put a queen on a diagonal: the change in collisions (+1 or 0)."""
    c = counter[index]
    counter[index] = c + 1
    return 1 if c >= 1 else 0


@njit("int64(int64, int64[:], int64[:], int64[:], int64, int64)")
def _swap_rows(
    n: int,
    cols: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    down: npt.NDArray[np.int64],
    i: int,
    j: int,
) -> int:
    """Exchange the columns of rows i and j, updating the counters: the change in collisions."""
    ci = cols[i]
    cj = cols[j]
    delta = _remove(up, i + ci) + _remove(down, i - ci + n - 1)
    delta += _remove(up, j + cj) + _remove(down, j - cj + n - 1)
    delta += _add(up, i + cj) + _add(down, i - cj + n - 1)
    delta += _add(up, j + ci) + _add(down, j - ci + n - 1)
    cols[i] = cj
    cols[j] = ci
    return delta


@njit("boolean(int64, int64[:], int64[:], int64[:], int64)")
def _attacked(
    n: int,
    cols: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    down: npt.NDArray[np.int64],
    i: int,
) -> bool:
    c = cols[i]
    return bool(up[i + c] > 1 or down[i - c + n - 1] > 1)


@njit("int64(int64, int64, int64[:], int64[:], int64[:])")
def _greedy_start(
    n: int,
    rng: int,
    cols: npt.NDArray[np.int64],
    up: npt.NDArray[np.int64],
    down: npt.NDArray[np.int64],
) -> int:
    """Fill ``cols`` with a random permutation built row by row, preferring columns free
    on both diagonals; returns the generator's state."""
    for i in range(n):
        cols[i] = i
    up[:] = 0
    down[:] = 0
    for i in range(n):
        remaining = n - i
        pick = i
        for _ in range(_GREEDY_DRAWS):
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


@njit("int64(int64[:])")
def _collisions(counter: npt.NDArray[np.int64]) -> int:
    total = 0
    for k in range(counter.shape[0]):
        if counter[k] > 1:
            total += counter[k] - 1
    return total


@njit("UniTuple(int64, 2)(int64, int64, int64, int64[:])")
def solve(n: int, seed: int, max_steps: int, cols: npt.NDArray[np.int64]) -> tuple[int, int]:
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
    up = np.zeros(2 * n - 1, dtype=np.int64)
    down = np.zeros(2 * n - 1, dtype=np.int64)
    for i in range(n):
        cols[i] = i
    if n < 4:  # 2 and 3 queens have no solution
        return 0, 0
    attacked = np.zeros(n, dtype=np.int64)
    steps = 0
    stall_limit = 4 * n + 100
    while True:
        rng = _greedy_start(n, rng, cols, up, down)
        total = _collisions(up) + _collisions(down)
        size = 0
        for i in range(n):
            if _attacked(n, cols, up, down, i):
                attacked[size] = i
                size += 1
        stall = 0
        while total > 0:
            if steps >= max_steps:
                return 0, steps
            if stall >= stall_limit:
                break  # a local minimum of the swap neighbourhood: start again
            if size == 0:  # rescan (only reached if the list lost track)
                for i in range(n):
                    if _attacked(n, cols, up, down, i):
                        attacked[size] = i
                        size += 1
                if size == 0:
                    break
            rng = _next(rng)
            k = rng % size
            i = attacked[k]
            if not _attacked(n, cols, up, down, i):
                size -= 1
                attacked[k] = attacked[size]
                continue
            rng = _next(rng)
            j = rng % n
            if j == i:
                continue
            steps += 1
            delta = _swap_rows(n, cols, up, down, i, j)
            if delta <= 0:  # sideways swaps too: they walk off plateaus on small boards
                total += delta
                stall = 0 if delta < 0 else stall + 1
                if _attacked(n, cols, up, down, j) and size < n:
                    attacked[size] = j
                    size += 1
            else:
                _swap_rows(n, cols, up, down, i, j)
                stall += 1
        if total == 0:
            return 1, steps
