"""The 9×9 solver for files of puzzles: per-digit band bitboards, one compiled call a batch.

The fast solvers (zhouyundong's, JCZSolve, tdoku's band-wise propagation) hold the grid
by digit, not by cell: for each digit and band (three rows of boxes) one 27-bit word
of the cells where the digit may go (``bands``: the layout and the tables). A state is
one row of ``WIDTH`` integers:

- ``[0, 27)``: the words, digit-major (``3 * digit + band``);
- ``[27, 54)``: each word as it was when last propagated (unchanged words are skipped);
- ``[54, 81)``: each word's rows whose place for the digit is not yet found (3 bits);
- ``[81, 84)``: each band's cells not yet solved.

Propagation repeats two steps until nothing changes:

- a changed word goes through the tables: its mini-rows that no placement of the digit
  can use are dropped (locked candidates within the band), columns that a box holds
  alone leave the digit's other two bands, and a row left with one cell is solved
  there (a hidden single), the cell leaving the other eight digits' words;
- a cell left with one digit (a naked single) takes it, read across a band's nine
  words with three running masks (seen once, twice, three times), which also finds the
  cells with no digit left (a dead end) and those with exactly two (bivalue).

Then it guesses: a digit of a bivalue cell when there is one (otherwise of the first
open cell), branching in two: the digit there, or not there. The second branch is
saved on an explicit stack of whole states (no recursion, no allocation in the loop)
with the digit already removed, so when the first fails, propagating the saved state
gains from it. Solutions are counted up to ``limit``; the first is written out.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.sudoku.kernels.bands import BAND, DE_BRUIJN, tables
from searchlab.jit import inline, njit

State = npt.NDArray[np.int64]
Table = npt.NDArray[np.int64]
Grids = npt.NDArray[np.int8]
Counts = npt.NDArray[np.int64]

SEEN = 27
"""Where a state keeps each word as last propagated."""
ROWS = 54
"""Where a state keeps each word's unsolved rows."""
OPEN = 81
"""Where a state keeps each band's unsolved cells."""
WIDTH = 84
"""Integers in a state."""
DEPTH = 82
"""States on the stack: one per guess on the current path, at most one per cell."""


@inline
def _update(
    state: State,
    shrink: Table,
    keep: Table,
    column_free: Table,
    row_mask: Table,
    one: Table,
) -> bool:
    """Propagate every changed word through the band tables until none changes; False
    at a dead end (a digit with no placement left in a band)."""
    changed = True
    while changed:
        changed = False
        for word in range(27):
            cells = state[word]
            if cells == state[SEEN + word]:
                continue
            changed = True
            pattern = (
                shrink[cells & 0x1FF]
                | (shrink[(cells >> 9) & 0x1FF] << 3)
                | (shrink[cells >> 18] << 6)
            )
            cells &= keep[pattern]
            if cells == 0:
                return False
            band = word % 3
            first = word - band
            free = column_free[(cells | (cells >> 9) | (cells >> 18)) & 0x1FF]
            state[first + (band + 1) % 3] &= free
            state[first + (band + 2) % 3] &= free
            left = state[ROWS + word]
            if left:
                found = (
                    left
                    & (
                        one[cells & 0x1FF]
                        | (one[(cells >> 9) & 0x1FF] << 1)
                        | (one[cells >> 18] << 2)
                    )
                )
                if found:
                    state[ROWS + word] = left ^ found
                    solved = cells & row_mask[found]
                    state[OPEN + band] &= ~solved
                    for other in range(band, 27, 3):
                        if other != word:
                            state[other] &= ~solved
            state[word] = cells
            state[SEEN + word] = cells
    return True


@inline
def _singles(state: State, pairs: State, peers_kept: Table, bit_index: Table) -> int:
    """Place every naked single (the other cells of its row and box in its band lose
    the digit; the band tables do the rest); 1 if any was placed, 0 if none, -1 at a
    dead end (a cell with no digit). ``pairs`` gets each band's bivalue cells."""
    placed = 0
    for band in range(3):
        once = state[band]
        twice = 0
        thrice = 0
        for digit in range(1, 9):
            cells = state[3 * digit + band]
            thrice |= twice & cells
            twice |= once & cells
            once |= cells
        if once != BAND:
            return -1
        pairs[band] = twice & ~thrice
        lone = once & ~twice & state[OPEN + band]
        while lone:
            bit = lone & -lone
            lone ^= bit
            cell = bit_index[((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27]
            word = band
            while word < 27 and state[word] & bit == 0:
                word += 3
            if word == 27:
                return -1  # a single placed before took this cell's last digit
            state[word] &= peers_kept[cell]
            placed = 1
    return placed


@inline
def _propagate(
    state: State,
    pairs: State,
    shrink: Table,
    keep: Table,
    column_free: Table,
    row_mask: Table,
    one: Table,
    peers_kept: Table,
    bit_index: Table,
) -> int:
    """Both steps to a fixpoint: 1 solved, 0 open (``pairs`` holds the bivalue cells),
    -1 dead end."""
    while True:
        if not _update(state, shrink, keep, column_free, row_mask, one):
            return -1
        if state[OPEN] | state[OPEN + 1] | state[OPEN + 2] == 0:
            return 1
        placed = _singles(state, pairs, peers_kept, bit_index)
        if placed <= 0:
            return placed


@inline
def _start(
    givens: Grids,
    state: State,
    column_free: Table,
    peers_kept: Table,
) -> bool:
    """The state of ``givens`` (81 values, 0 blank); False when two givens clash."""
    for word in range(27):
        state[word] = BAND
        state[SEEN + word] = 0
        state[ROWS + word] = 0b111
    for band in range(3):
        state[OPEN + band] = BAND
    for index in range(81):
        value = givens[index]
        if value == 0:
            continue
        band = index // 27
        cell = index % 27
        bit = np.int64(1) << cell
        word = 3 * (np.int64(value) - 1) + band
        if state[word] & bit == 0:
            return False  # an earlier given of this digit sees this cell
        for other in range(band, 27, 3):
            state[other] &= ~bit
        state[word] |= bit
        state[word] &= peers_kept[cell]
        column = column_free[1 << (cell % 9)]
        first = word - band
        state[first + (band + 1) % 3] &= column
        state[first + (band + 2) % 3] &= column
    return True


@inline
def _write(state: State, out: Grids) -> None:
    """A solved state's grid into ``out``."""
    for index in range(81):
        bit = np.int64(1) << (index % 27)
        word = index // 27
        value = 1
        while state[word] & bit == 0:
            word += 3
            value += 1
        out[index] = value


@njit(
    "int64(int8[:], int64, int8[:], int64[:, :], int64[:], int64[:], int64[:], int64[:], "
    "int64[:], int64[:], int64[:], int64[:], int64[:])"
)
def solve_one(
    givens: Grids,
    limit: int,
    out: Grids,
    stack: State,
    pairs: State,
    guesses: Counts,
    shrink: Table,
    keep: Table,
    column_free: Table,
    row_mask: Table,
    one: Table,
    peers_kept: Table,
    bit_index: Table,
) -> int:
    """Count the solutions of ``givens`` up to ``limit``: the first written to ``out``,
    the guesses made added to ``guesses[0]``. ``stack`` (``DEPTH`` × ``WIDTH``) and
    ``pairs`` (3) are work space."""
    if not _start(givens, stack[0], column_free, peers_kept):
        return 0
    top = 0
    count = 0
    while True:
        state = stack[top]
        status = _propagate(
            state, pairs, shrink, keep, column_free, row_mask, one, peers_kept, bit_index
        )
        if status == 0:
            band = 0
            while band < 2 and pairs[band] == 0:
                band += 1
            spot = pairs[band]
            if spot == 0:  # no bivalue cell: the first open one
                band = 0
                while state[OPEN + band] == 0:
                    band += 1
                spot = state[OPEN + band]
            bit = spot & -spot
            word = band
            while state[word] & bit == 0:
                word += 3
            stack[top + 1, :] = state
            state[word] &= ~bit  # the branch kept for later: not this digit here
            top += 1
            stack[top, word] &= peers_kept[bit_index[((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27]]
            guesses[0] += 1
            continue
        if status == 1:
            count += 1
            if count == 1:
                _write(state, out)
            if count >= limit:
                return count
        if top == 0:
            return count
        top -= 1


@njit(
    "void(int8[:, :], int64, int8[:, :], int64[:], int64[:], int64[:], int64[:], int64[:], "
    "int64[:], int64[:], int64[:], int64[:])"
)
def solve_batch(
    puzzles: Grids,
    limit: int,
    solutions: Grids,
    counts: Counts,
    guesses: Counts,
    shrink: Table,
    keep: Table,
    column_free: Table,
    row_mask: Table,
    one: Table,
    peers_kept: Table,
    bit_index: Table,
) -> None:
    """Solve every row of ``puzzles`` (n × 81, 0 blank): its count up to ``limit`` into
    ``counts``, its first solution into ``solutions`` (left as it was when none), its
    guesses into ``guesses``."""
    stack = np.zeros((DEPTH, WIDTH), dtype=np.int64)
    pairs = np.zeros(3, dtype=np.int64)
    made = np.zeros(1, dtype=np.int64)
    for p in range(puzzles.shape[0]):
        made[0] = 0
        counts[p] = solve_one(
            puzzles[p],
            limit,
            solutions[p],
            stack,
            pairs,
            made,
            shrink,
            keep,
            column_free,
            row_mask,
            one,
            peers_kept,
            bit_index,
        )
        guesses[p] = made[0]


def solve_many(puzzles: Grids, limit: int = 2) -> tuple[Counts, Grids, Counts]:
    """Solve every row of ``puzzles`` (an n × 81 ``int8`` array, 0 blank) in one call.

    Args:
        puzzles: one 9×9 puzzle a row, row by row, 0 for a blank.
        limit: stop counting a puzzle's solutions here (2 tells unique from several).

    Returns:
        (solutions counted up to ``limit``, the first solution of each (zeros when it has
        none), guesses made), one entry a puzzle.

    Raises:
        ValueError: when ``limit`` is below 1 or a value is outside 0…9.

    Examples:
        >>> import numpy as np
        >>> row = [int(ch) for ch in "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
        ...        ".6....28....419..5....8..79".replace(".", "0")]
        >>> counts, solutions, _ = solve_many(np.array([row], dtype=np.int8))
        >>> int(counts[0]), "".join(map(str, solutions[0][:9]))
        (1, '534678912')
    """
    grid = np.ascontiguousarray(puzzles, dtype=np.int8).reshape(-1, 81)
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if grid.size and (grid.min() < 0 or grid.max() > 9):
        raise ValueError("a 9×9 puzzle's values are 0 (blank) to 9")
    counts = np.zeros(grid.shape[0], dtype=np.int64)
    guesses = np.zeros(grid.shape[0], dtype=np.int64)
    solutions = np.zeros_like(grid)
    solve_batch(grid, limit, solutions, counts, guesses, *tables())
    return counts, solutions, guesses


def load() -> float:
    """Load the compiled code (numba's cache) and say how long it took."""
    import time

    started = time.perf_counter()
    solve_many(np.zeros((1, 81), dtype=np.int8), 1)
    return time.perf_counter() - started
