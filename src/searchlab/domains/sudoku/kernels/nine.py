"""The 9×9 solver for files of puzzles: one compiled call solves a whole batch.

What makes the fast solvers fast (t-dillon's tdoku write-up, JCZSolve, fsss2) and is
kept here, in the subset of Python that numba compiles:

- candidates as 9-bit masks in an ``int32`` per cell; a cell left with one candidate is
  queued and placed once (its bit removed from its 20 peers), so propagation touches
  only what changed instead of rescanning the grid;
- hidden singles and the unit check (every value still has a place) over the 27 units
  in one pass of three masks each (seen once, seen more than once);
- locked candidates (pointing and claiming, box-line reduction) on the 54 box-line
  triads, each ORed once (tdoku's band-wise view), run when singles are exhausted and
  followed by singles again after any elimination: on top95 they cut the guesses from
  115 to 40 a puzzle (tdoku's stronger triad propagation makes 11);
- the guess on a bivalue cell when there is one (the fewest candidates otherwise), on an
  explicit stack of saved 81-cell masks (a trail of whole states: 324 bytes a level),
  iterative, counting solutions up to ``limit``.

``solve_batch`` takes every puzzle of a file as one ``int8`` array (0 blank), so the
per-puzzle Python work of a call disappears. The general solver (``solver.py``) still
serves 16×16 and 25×25.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from searchlab.domains.sudoku.kernels.stack import fewest_open, pop, push
from searchlab.jit import inline, njit

Masks = npt.NDArray[np.int32]
Table = npt.NDArray[np.int32]
Grids = npt.NDArray[np.int8]
Counts = npt.NDArray[np.int64]

FULL = 0x1FF
"""All nine candidates."""


@inline
def _remove(cand: Masks, queue: Masks, queued: int, cell: int, bits: int) -> int:
    """Take ``bits`` off ``cell``'s candidates, queueing it if one is left: the queue's
    new length, or -1 when none is left (a dead end)."""
    mask = cand[cell] & ~bits
    if mask == 0:
        return -1
    cand[cell] = mask
    if mask & (mask - 1) == 0:
        queue[queued] = cell
        queued += 1
    return queued


@inline
def _propagate(
    cand: Masks,
    placed: Masks,
    queue: Masks,
    queued: int,
    peers: Table,
    units: Table,
    segments: Table,
    triads: Masks,
) -> bool:
    """Naked singles (from the queue), hidden singles and locked candidates to a
    fixpoint; False at a dead end. ``placed[c]`` is 1 once cell c's value is final."""
    while True:
        while queued > 0:
            queued -= 1
            cell = queue[queued]
            if placed[cell]:
                continue
            bit = cand[cell]
            placed[cell] = 1
            for k in range(20):
                peer = peers[cell, k]
                mask = cand[peer]
                if mask & bit:
                    mask ^= bit
                    cand[peer] = mask
                    if mask & (mask - 1) == 0:  # one candidate left, or none
                        if mask == 0:
                            return False
                        queue[queued] = peer
                        queued += 1
        for u in range(27):
            once = 0
            more = 0
            for k in range(9):
                mask = cand[units[u, k]]
                more |= once & mask
                once |= mask
            if once != FULL:
                return False  # a value has no place left in this unit
            lone = once & ~more
            if lone:
                for k in range(9):
                    cell = units[u, k]
                    mask = cand[cell]
                    hit = mask & lone
                    if hit and mask & (mask - 1):
                        if hit & (hit - 1):
                            return False  # two values can only go in this one cell
                        cand[cell] = hit
                        queue[queued] = cell
                        queued += 1
        if queued > 0:
            continue
        # locked candidates: a value of a box confined to one line (or of a line to one
        # box) leaves the rest of that line (or box). The three cells where a box meets a
        # line (a triad) are ORed once each, rows' then columns', and every test reads
        # only triads, as tdoku's band-wise propagation does.
        for t in range(27):
            row, k = divmod(t, 3)
            first = row * 9 + 3 * k
            triads[t] = cand[first] | cand[first + 1] | cand[first + 2]
            col = row  # the column's triad: rows 3k..3k+2 of column ``col``
            triads[27 + t] = cand[27 * k + col] | cand[27 * k + 9 + col] | cand[27 * k + 18 + col]
        changed = False
        for t in range(54):
            base = 27 * (t // 27)
            line, k = divmod(t % 27, 3)
            spot = line % 3
            at = base + 3 * line
            inside = triads[at + k]
            line_rest = triads[at + (k + 1) % 3] | triads[at + (k + 2) % 3]
            top = line - spot
            box_rest = (
                triads[base + 3 * (top + (spot + 1) % 3) + k]
                | triads[base + 3 * (top + (spot + 2) % 3) + k]
            )
            if base == 0:
                s = (3 * (line // 3) + k) * 6 + spot
            else:
                s = (3 * k + line // 3) * 6 + 3 + spot
            for side in range(2):
                # side 0: only here in the box, so off the line; side 1: the converse
                only = inside & ~box_rest if side == 0 else inside & ~line_rest
                rest = line_rest if side == 0 else box_rest
                if only & rest == 0:
                    continue
                changed = True
                for j in range(3 + 6 * side, 9 + 6 * side):
                    cell = segments[s, j]
                    if cand[cell] & only:
                        queued = _remove(cand, queue, queued, cell, only)
                        if queued < 0:
                            return False
        if not changed:
            return True


@njit(
    "int64(int8[:], int64, int8[:], int32[:], int32[:], int32[:], int32[:, :], int32[:, :], "
    "int32[:, :], int32[:, :], int32[:, :], int32[:], int32[:])"
)
def solve_one(
    givens: Grids,
    limit: int,
    out: Grids,
    cand: Masks,
    placed: Masks,
    queue: Masks,
    peers: Table,
    units: Table,
    segments: Table,
    saved: Table,
    saved_placed: Table,
    guesses: Masks,
    triads: Masks,
) -> int:
    """Count the solutions of ``givens`` (81 values, 0 blank) up to ``limit``; the first
    is written to ``out``, the guesses made added to ``guesses[0]``. The other arrays
    are work space (81 cells; ``saved`` and ``saved_placed`` 82 rows)."""
    queued = 0
    for i in range(81):
        placed[i] = 0
        value = givens[i]
        if value:
            cand[i] = 1 << (np.int32(value) - 1)
            queue[queued] = i
            queued += 1
        else:
            cand[i] = FULL
    level = 0
    count = 0
    cell_of = np.zeros(82, dtype=np.int32)
    untried = np.zeros(82, dtype=np.int32)
    while True:
        if _propagate(cand, placed, queue, queued, peers, units, segments, triads):
            best = fewest_open(cand, 81)
            if best < 0:
                count += 1
                if count == 1:
                    for i in range(81):
                        mask = cand[i]
                        value = 1
                        while mask > 1:
                            mask >>= 1
                            value += 1
                        out[i] = value
                if count >= limit:
                    return count
            else:
                level = push(
                    saved, saved_placed, cand, placed, cell_of, untried, level, best, cand[best]
                )
        level, bit = pop(saved, saved_placed, cand, placed, untried, level)
        if level == 0:
            return count
        guesses[0] += 1
        cand[cell_of[level - 1]] = bit
        queue[0] = cell_of[level - 1]
        queued = 1


@njit(
    "void(int8[:, :], int64, int8[:, :], int64[:], int64[:], int32[:, :], int32[:, :], int32[:, :])"
)
def solve_batch(
    puzzles: Grids,
    limit: int,
    solutions: Grids,
    counts: Counts,
    guesses: Counts,
    peers: Table,
    units: Table,
    segments: Table,
) -> None:
    """Solve every row of ``puzzles`` (n × 81, 0 blank): its count up to ``limit`` into
    ``counts``, its first solution into ``solutions`` (zeros when none), its guesses
    into ``guesses``."""
    cand = np.zeros(81, dtype=np.int32)
    placed = np.zeros(81, dtype=np.int32)
    queue = np.zeros(81, dtype=np.int32)
    saved = np.zeros((82, 81), dtype=np.int32)
    saved_placed = np.zeros((82, 81), dtype=np.int32)
    made = np.zeros(1, dtype=np.int32)
    triads = np.zeros(54, dtype=np.int32)
    for p in range(puzzles.shape[0]):
        made[0] = 0
        counts[p] = solve_one(
            puzzles[p],
            limit,
            solutions[p],
            cand,
            placed,
            queue,
            peers,
            units,
            segments,
            saved,
            saved_placed,
            made,
            triads,
        )
        guesses[p] = made[0]


@cache
def tables() -> tuple[Table, Table, Table]:
    """The 20 peers of every cell, the 9 cells of every unit (rows, columns, boxes), and
    the 54 box-line segments: 3 cells, the line's other 6, the box's other 6."""
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [
        [(3 * (b // 3) + r) * 9 + 3 * (b % 3) + c for r in range(3) for c in range(3)]
        for b in range(9)
    ]
    peers = []
    for i in range(81):
        row, col = divmod(i, 9)
        around = set(units[row]) | set(units[9 + col]) | set(units[18 + 3 * (row // 3) + col // 3])
        around.discard(i)
        peers.append(sorted(around))
    segments = []
    for box in range(9):
        box_cells = set(units[18 + box])
        for line in [units[3 * (box // 3) + k] for k in range(3)] + [
            units[9 + 3 * (box % 3) + k] for k in range(3)
        ]:
            inside = sorted(box_cells & set(line))
            segments.append(inside + sorted(set(line) - box_cells) + sorted(box_cells - set(line)))
    return (
        np.array(peers, dtype=np.int32),
        np.array(units, dtype=np.int32),
        np.array(segments, dtype=np.int32),
    )


def solve_many(puzzles: Grids, limit: int = 2) -> tuple[Counts, Grids, Counts]:
    """Solve every row of ``puzzles`` (an n × 81 ``int8`` array, 0 blank) in one call.

    Args:
        puzzles: one 9×9 puzzle a row, row by row, 0 for a blank.
        limit: stop counting a puzzle's solutions here (2 tells unique from several).

    Returns:
        (solutions counted up to ``limit``, the first solution of each (zeros when it has
        none), guesses made), one entry a puzzle.

    Examples:
        >>> import numpy as np
        >>> row = [int(ch) for ch in "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
        ...        ".6....28....419..5....8..79".replace(".", "0")]
        >>> counts, solutions, _ = solve_many(np.array([row], dtype=np.int8))
        >>> int(counts[0]), "".join(map(str, solutions[0][:9]))
        (1, '534678912')
    """
    grid = np.ascontiguousarray(puzzles, dtype=np.int8).reshape(-1, 81)
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
