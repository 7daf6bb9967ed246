"""The 9×9 solver for files of puzzles: per-digit band bitboards, one compiled call a batch.

The fast solvers (zhouyundong's, JCZSolve, tdoku's band-wise propagation) hold the grid
by digit, not by cell: for each digit and band (three rows of boxes) one 27-bit word
of the cells where the digit may go (``bands``: the layout and the tables). A state is
``WIDTH`` integers of one flat stack:

- ``[0, 27)``: the words, digit-major (``3 * digit + band``);
- ``[27, 54)``: each word as it was when last propagated (unchanged digits are skipped);
- ``[54, 81)``: each word's rows whose place for the digit is not yet found (3 bits);
- ``[81, 84)``: each band's cells not yet solved.

Propagation repeats two steps until nothing changes:

- a digit whose words changed goes through the tables: in each band, the mini-rows no
  placement can use are dropped; down each stack of boxes, the columns no placement
  can use (locked candidates, pointing and claiming, along bands and stacks); a row
  left with one cell is solved there (a hidden single; a box's or a column's shows up
  as a row's), the cell leaving the other eight digits' words;
- a cell left with one digit (a naked single) takes it, read across a band's nine
  words with running masks (seen once, twice, three times, more), which also finds
  the cells with no digit left (a dead end) and those with two or three.

Then it guesses on a bivalue cell (``_guess`` says which), branching in two: the digit
there, or not there. The second branch is saved on an explicit stack of whole states
with the digit already removed, so when the first fails, propagating the saved state
gains from it. Solutions are counted up to ``limit``; the first is written out.

What makes it fast in numba, measured: no recursion and no allocation (the stack and
the work space come from the caller), no reference counting (``njit(counted=False)``),
contiguous array types in the signatures and unsigned indices (``_at``); each of the
last three took a fifth to a third off the time on top95.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.domains.sudoku.kernels.bands import (
    BAND,
    BIT_INDEX,
    DE_BRUIJN,
    KEEP,
    MATCHED,
    ONE,
    PEERS_KEPT,
    ROW_MASK,
    SHRINK,
    SPREAD,
    TABLES,
)
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

_at = np.uint64
"""Every array index of the kernel goes through this: numba adds a negative-index
wraparound (three instructions and a dependency) to each access with a signed index and
none with an unsigned one, and no index here is ever negative (a third of the time)."""


@inline
def _columns(cells: int) -> int:
    """The columns of a band word that hold a cell."""
    return (cells | (cells >> 9) | (cells >> 18)) & 0x1FF


@inline
def _in_band(cells: int, tables: Table) -> int:
    """A band word's cells that some placement of its digit in the band can use."""
    pattern = (
        tables[_at(SHRINK + (cells & 0x1FF))]
        | (tables[_at(SHRINK + ((cells >> 9) & 0x1FF))] << 3)
        | (tables[_at(SHRINK + (cells >> 18))] << 6)
    )
    return int(cells & tables[_at(KEEP + pattern)])


@inline
def _in_stack(first: int, second: int, third: int, shift: int, tables: Table) -> int:
    """The columns (9 bits, three a band) of one stack of boxes that some placement of
    the digit down the stack can use, from each band's columns."""
    pattern = (
        ((first >> shift) & 7) | (((second >> shift) & 7) << 3) | (((third >> shift) & 7) << 6)
    )
    return int(tables[_at(MATCHED + pattern)])


@inline
def _solve_rows(stack: State, at: int, word: int, cells: int, tables: Table) -> None:
    """Rows of a word left with one cell: the digit is placed there, the cell leaves
    the other eight digits' words and the band's open cells."""
    left = stack[_at(at + ROWS + word)]
    if left == 0:
        return
    found = left & (
        tables[_at(ONE + (cells & 0x1FF))]
        | (tables[_at(ONE + ((cells >> 9) & 0x1FF))] << 1)
        | (tables[_at(ONE + (cells >> 18))] << 2)
    )
    if found == 0:
        return
    stack[_at(at + ROWS + word)] = left ^ found
    solved = cells & tables[_at(ROW_MASK + found)]
    band = word % 3
    stack[_at(at + OPEN + band)] &= ~solved
    for other in range(at + band, at + 27, 3):
        stack[_at(other)] &= ~solved
    stack[_at(at + word)] = cells


@inline
def _update(stack: State, at: int, tables: Table) -> bool:
    """Propagate every digit whose words changed through the tables until none changes;
    False at a dead end (a digit with no placement left in a band or a stack)."""
    changed = True
    while changed:
        changed = False
        for word in range(at, at + 27, 3):
            a = stack[_at(word)]
            b = stack[_at(word + 1)]
            c = stack[_at(word + 2)]
            was_a = stack[_at(word + SEEN)]
            was_b = stack[_at(word + SEEN + 1)]
            was_c = stack[_at(word + SEEN + 2)]
            if a == was_a and b == was_b and c == was_c:
                continue
            changed = True
            if a != was_a:
                a = _in_band(a, tables)
                if a == 0:
                    return False
                stack[_at(word + SEEN)] = a
            if b != was_b:
                b = _in_band(b, tables)
                if b == 0:
                    return False
                stack[_at(word + SEEN + 1)] = b
            if c != was_c:
                c = _in_band(c, tables)
                if c == 0:
                    return False
                stack[_at(word + SEEN + 2)] = c
            first = _columns(a)
            second = _columns(b)
            third = _columns(c)
            left = _in_stack(first, second, third, 0, tables)
            middle = _in_stack(first, second, third, 3, tables)
            right = _in_stack(first, second, third, 6, tables)
            if left == 0 or middle == 0 or right == 0:
                return False
            a &= tables[_at(SPREAD + ((left & 7) | ((middle & 7) << 3) | ((right & 7) << 6)))]
            b &= tables[
                _at(
                    SPREAD
                    + (((left >> 3) & 7) | (((middle >> 3) & 7) << 3) | (((right >> 3) & 7) << 6))
                )
            ]
            c &= tables[_at(SPREAD + ((left >> 6) | ((middle >> 6) << 3) | ((right >> 6) << 6)))]
            stack[_at(word)] = a
            stack[_at(word + 1)] = b
            stack[_at(word + 2)] = c
            digit = word - at
            if a != was_a:
                _solve_rows(stack, at, digit, a, tables)
            if b != was_b:
                _solve_rows(stack, at, digit + 1, b, tables)
            if c != was_c:
                _solve_rows(stack, at, digit + 2, c, tables)
    return True


@inline
def _singles(stack: State, at: int, pairs: State, tables: Table) -> int:
    """Place every naked single (the other cells of its row and box in its band lose
    the digit; the tables do the rest); 1 if any was placed, 0 if none, -1 at a dead
    end (a cell with no digit). ``pairs`` gets each band's bivalue cells, then its
    trivalue ones."""
    placed = 0
    for band in range(3):
        once = stack[_at(at + band)]
        twice = 0
        thrice = 0
        more = 0
        for word in range(at + band + 3, at + 27, 3):
            cells = stack[_at(word)]
            more |= thrice & cells
            thrice |= twice & cells
            twice |= once & cells
            once |= cells
        if once != BAND:
            return -1
        pairs[_at(band)] = twice & ~thrice
        pairs[_at(3 + band)] = thrice & ~more
        lone = once & ~twice & stack[_at(at + OPEN + band)]
        while lone:
            bit = lone & -lone
            lone ^= bit
            cell = tables[_at(BIT_INDEX + (((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27))]
            word = at + band
            while word < at + 27 and stack[_at(word)] & bit == 0:
                word += 3
            if word == at + 27:
                return -1  # a single placed before took this cell's last digit
            stack[_at(word)] &= tables[_at(PEERS_KEPT + cell)]
            placed = 1
    return placed


@inline
def _propagate(stack: State, at: int, pairs: State, tables: Table) -> int:
    """Both steps to a fixpoint: 1 solved, 0 open (``pairs`` holds the bivalue cells),
    -1 dead end."""
    while True:
        if not _update(stack, at, tables):
            return -1
        if stack[_at(at + OPEN)] | stack[_at(at + OPEN + 1)] | stack[_at(at + OPEN + 2)] == 0:
            return 1
        placed = _singles(stack, at, pairs, tables)
        if placed <= 0:
            return placed


@inline
def _start(givens: Grids, stack: State, tables: Table) -> bool:
    """The state of ``givens`` (81 values, 0 blank) at the foot of ``stack``; False when
    two givens clash."""
    for word in range(27):
        stack[_at(word)] = BAND
        stack[_at(SEEN + word)] = 0
        stack[_at(ROWS + word)] = 0b111
    for band in range(3):
        stack[_at(OPEN + band)] = BAND
    for index in range(81):
        value = givens[index]
        if value == 0:
            continue
        band = index // 27
        cell = index % 27
        bit = np.int64(1) << cell
        given = 3 * (int(value) - 1) + band
        if stack[_at(given)] & bit == 0:
            return False  # an earlier given of this digit sees this cell
        for other in range(band, 27, 3):
            stack[_at(other)] &= ~bit
        stack[_at(given)] |= bit
        stack[_at(given)] &= tables[_at(PEERS_KEPT + cell)]
        column = ~tables[_at(SPREAD + (1 << (cell % 9)))]
        first = given - band
        stack[_at(first + (band + 1) % 3)] &= column
        stack[_at(first + (band + 2) % 3)] &= column
    return True


@inline
def _write(stack: State, at: int, out: Grids) -> None:
    """The grid of the solved state at ``at`` into ``out``."""
    for index in range(81):
        bit = np.int64(1) << (index % 27)
        word = at + index // 27
        value = 1
        while stack[_at(word)] & bit == 0:
            word += 3
            value += 1
        out[index] = value


@inline
def _popcount(cells: int) -> int:
    """The cells of a word (SWAR: pairs, nibbles, then bytes summed by one multiply)."""
    cells = cells - ((cells >> 1) & 0x55555555)
    cells = (cells & 0x33333333) + ((cells >> 2) & 0x33333333)
    return (((cells + (cells >> 4)) & 0x0F0F0F0F) * 0x01010101 & 0xFFFFFFFF) >> 24


@inline
def _guess(stack: State, at: int, pairs: State) -> tuple[int, int]:
    """The word and the cell (a lone bit) of the guess: a bivalue cell, of the digit
    with the most cells left in its band among those in one (on top95 this makes 15
    guesses a puzzle where the first bivalue cell makes 20); without one, a trivalue
    cell, or the first open cell."""
    best_word = -1
    best_cell = 0
    most = -1
    for word in range(27):
        cells = stack[_at(at + word)]
        spots = cells & pairs[_at(word % 3)]
        if spots:
            size = _popcount(cells)
            if size > most:
                most = size
                best_word = word
                best_cell = spots & -spots
    if best_word >= 0:
        return best_word, best_cell
    band = 0
    while band < 2 and pairs[_at(3 + band)] == 0:
        band += 1
    spot = pairs[_at(3 + band)]
    if spot == 0:
        band = 0
        while stack[_at(at + OPEN + band)] == 0:
            band += 1
        spot = stack[_at(at + OPEN + band)]
    bit = spot & -spot
    word = band
    while stack[_at(at + word)] & bit == 0:
        word += 3
    return word, bit


@njit(
    "int64(int8[::1], int64, int8[::1], int64[::1], int64[::1], int64[::1], int64[::1])",
    counted=False,
)
def solve_one(
    givens: Grids,
    limit: int,
    out: Grids,
    stack: State,
    pairs: State,
    guesses: Counts,
    tables: Table,
) -> int:
    """Count the solutions of ``givens`` up to ``limit``: the first written to ``out``,
    the guesses made added to ``guesses[0]``. ``stack`` (``DEPTH * WIDTH``: state
    ``k`` at ``k * WIDTH``) and ``pairs`` (6) are work space."""
    if not _start(givens, stack, tables):
        return 0
    at = 0
    count = 0
    while True:
        status = _propagate(stack, at, pairs, tables)
        if status == 0:
            word, bit = _guess(stack, at, pairs)
            for k in range(WIDTH):
                stack[_at(at + WIDTH + k)] = stack[_at(at + k)]
            stack[_at(at + word)] &= ~bit  # the branch kept for later: not this digit here
            at += WIDTH
            cell = tables[BIT_INDEX + (((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27)]
            stack[_at(at + word)] &= tables[PEERS_KEPT + cell]
            guesses[0] += 1
            continue
        if status == 1:
            count += 1
            if count == 1:
                _write(stack, at, out)
            if count >= limit:
                return count
        if at == 0:
            return count
        at -= WIDTH


@njit(
    "void(int8[:, ::1], int64, int8[:, ::1], int64[::1], int64[::1], int64[::1], int64[::1], "
    "int64[::1])",
    counted=False,
)
def solve_batch(
    puzzles: Grids,
    limit: int,
    solutions: Grids,
    counts: Counts,
    guesses: Counts,
    stack: State,
    pairs: State,
    tables: Table,
) -> None:
    """Solve every row of ``puzzles`` (n × 81, 0 blank): its count up to ``limit`` into
    ``counts``, its first solution into ``solutions`` (left as it was when none), its
    guesses into ``guesses``. ``stack`` (``DEPTH * WIDTH``) and ``pairs`` (7) are work
    space, the last of ``pairs`` counting one puzzle's guesses."""
    for p in range(puzzles.shape[0]):
        pairs[6] = 0
        counts[p] = solve_one(puzzles[p], limit, solutions[p], stack, pairs, pairs[6:], tables)
        guesses[p] = pairs[6]


def solve_many(puzzles: npt.ArrayLike, limit: int = 2) -> tuple[Counts, Grids, Counts]:
    """Solve every row of ``puzzles`` (an n × 81 ``int8`` array, 0 blank) in one call.

    Args:
        puzzles: one 9×9 puzzle a row, row by row, 0 for a blank (an array or lists).
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
    values = np.asarray(puzzles)
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if values.size and (values.min() < 0 or values.max() > 9):
        raise ValueError("a 9×9 puzzle's values are 0 (blank) to 9")
    grid = np.ascontiguousarray(values, dtype=np.int8).reshape(-1, 81)
    counts = np.zeros(grid.shape[0], dtype=np.int64)
    guesses = np.zeros(grid.shape[0], dtype=np.int64)
    solutions = np.zeros_like(grid)
    stack = np.zeros(DEPTH * WIDTH, dtype=np.int64)
    solve_batch(grid, limit, solutions, counts, guesses, stack, np.zeros(7, np.int64), TABLES)
    return counts, solutions, guesses


def load() -> float:
    """Load the compiled code (numba's cache) and say how long it took."""
    import time

    started = time.perf_counter()
    solve_many(np.zeros((1, 81), dtype=np.int8), 1)
    return time.perf_counter() - started
