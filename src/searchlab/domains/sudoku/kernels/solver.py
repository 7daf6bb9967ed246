"""A compiled Sudoku solver: bit-mask candidates, naked and hidden singles, MRV.

Each cell keeps its candidates as a bit mask (bit v-1 for value v; 25 values fit an
int64). Placing a value removes it from the cell's peers (its row, column and box).
Between guesses the solver propagates to a fixpoint: a cell with one candidate takes it
(naked single), a value with one place left in a unit goes there (hidden single), and a
cell with no candidate or a unit missing a value is a dead end. It then guesses on the
open cell with the fewest candidates (MRV), saving the grid on an explicit stack (no
recursion, as numba's cache wants), and counts solutions up to ``limit`` (2 tells a
unique solution from several).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import numpy.typing as npt

from searchlab.domains.sudoku.kernels.stack import fewest_open, pop, push
from searchlab.jit import njit

Cells = npt.NDArray[np.int64]


@njit("int64(int64)")
def _value_of(bit: int) -> int:
    value = 1
    while bit > 1:
        bit >>= 1
        value += 1
    return value


@njit("void(int64[:], int64[:], int64, int64, int64[:, :])")
def _place(grid: Cells, cand: Cells, cell: int, bit: int, peers: Cells) -> None:
    grid[cell] = _value_of(bit)
    cand[cell] = bit
    for k in range(peers.shape[1]):
        cand[peers[cell, k]] &= ~bit


@njit("boolean(int64[:], int64[:], int64, int64[:, :], int64[:, :])")
def _propagate(grid: Cells, cand: Cells, size: int, peers: Cells, units: Cells) -> bool:
    """Naked and hidden singles to a fixpoint; False at a dead end."""
    cells = size * size
    full = (1 << size) - 1
    changed = True
    while changed:
        changed = False
        for i in range(cells):
            if grid[i] == 0:
                mask = cand[i]
                if mask == 0:
                    return False
                if mask & (mask - 1) == 0:
                    _place(grid, cand, i, mask, peers)
                    changed = True
        for u in range(units.shape[0]):
            once = 0
            more = 0
            placed = 0
            for k in range(size):
                c = units[u, k]
                if grid[c] != 0:
                    placed |= cand[c]
                else:
                    mask = cand[c]
                    more |= once & mask
                    once |= mask
            if (once | placed) != full:
                return False  # a value has no place left in this unit
            singles = once & ~more & ~placed
            while singles != 0:
                bit = singles & -singles
                singles ^= bit
                found = -1
                for k in range(size):
                    c = units[u, k]
                    if grid[c] == 0 and cand[c] & bit:
                        found = c
                        break
                if found < 0:
                    return False
                _place(grid, cand, found, bit, peers)
                changed = True
    return True


@njit("int64(int64, int64[:], int64, int64[:], int64[:], int64[:, :], int64[:, :])")
def solve_cells(
    size: int,
    cells: Cells,
    limit: int,
    out: Cells,
    counters: Cells,
    peers: Cells,
    units: Cells,
) -> int:
    """Count the solutions of ``cells`` (0 blank) up to ``limit``; the first is written
    to ``out``; ``counters`` gets [guesses, dead ends]."""
    n = size * size
    full = (1 << size) - 1
    grid = np.zeros(n, dtype=np.int64)
    cand = np.full(n, full, dtype=np.int64)
    for i in range(n):
        if cells[i] != 0:
            bit = np.int64(1) << (cells[i] - 1)
            if grid[i] == 0 and cand[i] & bit == 0:
                return 0  # two givens clash
            _place(grid, cand, i, bit, peers)
    saved_grid = np.zeros((n + 1, n), dtype=np.int64)
    saved_cand = np.zeros((n + 1, n), dtype=np.int64)
    guess_cell = np.zeros(n + 1, dtype=np.int64)
    untried = np.zeros(n + 1, dtype=np.int64)
    level = 0
    count = 0
    while True:
        if _propagate(grid, cand, size, peers, units):
            cell = fewest_open(cand, n)  # after propagation: the open cells
            if cell < 0:
                count += 1
                if count == 1:
                    out[:] = grid
                if count >= limit:
                    return count
            else:
                level = push(
                    saved_grid, saved_cand, grid, cand, guess_cell, untried, level, cell, cand[cell]
                )
        else:
            counters[1] += 1
        level, bit = pop(saved_grid, saved_cand, grid, cand, untried, level)
        if level == 0:
            return count
        counters[0] += 1
        _place(grid, cand, guess_cell[level - 1], bit, peers)


@njit("boolean(int64, int64[:], int64[:, :], int64[:, :])")
def singles_solve(size: int, cells: Cells, peers: Cells, units: Cells) -> bool:
    """Whether naked and hidden singles alone fill ``cells`` (0 blank) without a clash:
    then the puzzle has exactly one solution, found with no guess."""
    n = size * size
    grid = np.zeros(n, dtype=np.int64)
    cand = np.full(n, (1 << size) - 1, dtype=np.int64)
    for i in range(n):
        if cells[i] != 0:
            bit = np.int64(1) << (cells[i] - 1)
            if cand[i] & bit == 0:
                return False
            _place(grid, cand, i, bit, peers)
    if not _propagate(grid, cand, size, peers, units):
        return False
    return bool(np.all(grid != 0))


@cache
def tables(size: int) -> tuple[Cells, Cells]:
    """The peers of every cell and the cells of every unit, for ``size``."""
    box = math.isqrt(size)
    units = []
    for r in range(size):
        units.append([r * size + c for c in range(size)])
    for c in range(size):
        units.append([r * size + c for r in range(size)])
    for b in range(size):
        top, left = box * (b // box), box * (b % box)
        units.append([(top + r) * size + left + c for r in range(box) for c in range(box)])
    peers = []
    for i in range(size * size):
        row, col = divmod(i, size)
        b = (row // box) * box + col // box
        around = set(units[row]) | set(units[size + col]) | set(units[2 * size + b])
        around.discard(i)
        peers.append(sorted(around))
    return np.array(peers, dtype=np.int64), np.array(units, dtype=np.int64)


def solve(
    size: int, cells: tuple[int, ...], limit: int = 2
) -> tuple[int, tuple[int, ...] | None, int]:
    """(solutions up to ``limit``, the first one or None, guesses made)."""
    peers, units = tables(size)
    out = np.zeros(size * size, dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    found = solve_cells(size, np.array(cells, dtype=np.int64), limit, out, counters, peers, units)
    first = tuple(int(value) for value in out) if found else None
    return int(found), first, int(counters[0])


def forced(size: int, cells: tuple[int, ...] | list[int]) -> bool:
    """Whether singles alone solve the puzzle (``singles_solve``)."""
    peers, units = tables(size)
    return bool(singles_solve(size, np.array(cells, dtype=np.int64), peers, units))


def load() -> float:
    """Load the compiled code (numba's cache) and say how long it took."""
    import time

    started = time.perf_counter()
    solve(9, (0,) * 81, 1)
    return time.perf_counter() - started
