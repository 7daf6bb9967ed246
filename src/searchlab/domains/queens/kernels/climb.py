"""Compiled scans of seed 000's climb: one steepest step over every move of a board, in
machine code, with the same O(1) deltas as the generic engine (``deltas``, compiled here
from the same source) and the same order and tie-breaks, so that a climb through it
makes exactly the generic engine's moves.

The generic loop (``algorithms.local``) still runs the climb: it asks the evaluator
for one step at a time, so events, statistics, limits, sideways moves and restarts stay
the engine's own; only the O(n²) (column) or O(n³) (free) scan of a step is compiled.
Without numba the same functions run as Python (slow, same answers).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.domains.queens import deltas
from searchlab.jit import inline, njit

_INTS = "int64, int64, int64, int64"

Board = npt.NDArray[np.int64]
"""A board stacked for the kernels (``stack``)."""
Choice = tuple[int, int, int, int, int]
"""What ``scan`` chose: key (−1: none), its delta, 1 if level, improving moves, moves scored."""


def _rebind(function: Callable[..., Any], **names: Any) -> Callable[..., Any]:
    """``function`` with some of its global names bound to compiled functions, so that
    numba compiles calls to them (the source module keeps its plain-Python ones)."""
    scope = {**function.__globals__, **names}
    return types.FunctionType(function.__code__, scope, function.__name__)


_pairs = inline(deltas.pairs_delta)
_flip = inline(deltas._flip)
_other = inline(deltas._other)
_attackers = inline(_rebind(deltas.attackers_delta, _flip=_flip, _other=_other))
_place = inline(deltas.place)


@inline
def _counters(lines: Any) -> tuple[Any, ...]:
    """The eight line counters ``lines`` stacks (rows, columns, both diagonals, and the
    four sums ``deltas`` keeps), in the order ``deltas`` takes them."""
    return (lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], lines[7])


@inline
def _delta(
    kind: int, i: int, r2: int, c2: int, n: int, qr: Any, qc: Any, rc: Any, cc: Any, dc: Any,
    ac: Any, rs: Any, cs: Any, ds: Any, asum: Any,
) -> int:  # fmt: skip
    """The change in the heuristic when queen i moves to (r2, c2): ``kind`` 0 is h1
    (attackers), 1 attacking pairs, 2 h2 (attacks: twice the pairs)."""
    if kind == 0:
        counted: int = _attackers(i, r2, c2, n, qr, qc, rc, cc, dc, ac, rs, cs, ds, asum)
        return counted
    paired: int = _pairs(i, r2, c2, n, qr, qc, rc, cc, dc, ac)
    return kind * paired


QR = 8
QC = 9
"""The rows of a stacked board (``stack``) past the eight counters: the queens' rows
and columns (1-based), queen i at index i."""


def stack(qr: Sequence[int], qc: Sequence[int], lines: Sequence[Sequence[int]]) -> Board:
    """One array for the kernels: the eight line counters (each 2n + 2 long), then the
    queens' rows (``QR``) and columns (``QC``) in the first n places of two more rows."""
    n = len(qr)
    board = np.zeros((QC + 1, 2 * n + 2), dtype=np.int64)
    board[:QR] = lines
    board[QR, :n] = qr
    board[QC, :n] = qc
    return board


@njit(f"int64({_INTS}, int64[:, ::1])")
def move_delta(kind: int, i: int, r2: int, c2: int, board: Board) -> int:
    """``_delta`` on a stacked board."""
    n = (board.shape[1] - 2) // 2
    rc, cc, dc, ac, rs, cs, ds, asum = _counters(board)
    qr, qc = board[QR], board[QC]
    change: int = _delta(kind, i, r2, c2, n, qr, qc, rc, cc, dc, ac, rs, cs, ds, asum)
    return change


@njit(f"void(int64, {_INTS}, int64[:, :])")
def apply_move(
    i: int, r: int, c: int, r2: int, c2: int, lines: npt.NDArray[np.int64]
) -> None:  # fmt: skip
    """Move queen i from (r, c) to (r2, c2) in the line counters."""
    n = (lines.shape[1] - 2) // 2
    rc, cc, dc, ac, rs, cs, ds, asum = _counters(lines)
    _place(i, r, c, -1, n, rc, cc, dc, ac, rs, cs, ds, asum)
    _place(i, r2, c2, 1, n, rc, cc, dc, ac, rs, cs, ds, asum)


@inline
def _choice(best_key: int, best: int, level_key: int, kept: int, scored: int) -> Choice:
    """A scan's answer: the best improving move, else the level one (flagged 1), else
    none (key −1); then the improving moves and the moves scored."""
    if best_key >= 0:
        return best_key, best, 0, kept, scored
    if level_key >= 0:
        return level_key, 0, 1, kept, scored
    return -1, 0, 0, kept, scored


@njit("boolean(int64, int64, int64, int64, boolean)")
def _better(change: int, key: int, best: int, best_key: int, last: bool) -> bool:
    """Whether a move (its delta and key) beats the one kept so far under the
    tie-break: keys grow in the operator's order, so the first met is the least key."""
    if best_key < 0 or change < best:
        return True
    return change == best and (key > best_key if last else key < best_key)


@njit("UniTuple(int64, 5)(boolean, int64, boolean, boolean, int64[:, ::1])")
def scan(free: bool, kind: int, last: bool, sideways: bool, board: Board) -> Choice:
    """One steepest step's choice over every move of the column operator (or, with
    ``free``, the free one) on a stacked board: the best strictly improving move (ties
    to the first in the operator's order or, with ``last``, the last), else with
    ``sideways`` a level move (same tie-break). Returns the key (−1: none), its delta,
    1 if level, the improving moves and the moves scored.

    Column moves go queen by queen (the tie-break compares keys, so the order of the
    scan is free): for the pair heuristics a queen's move to row r2 changes h by
    rc[r2] + dc[r2 − c] + ac[r2 + c] less what leaving its square saves, a sum over
    contiguous counters; a queen attacking no other has no improving move and is skipped
    unless sideways moves are wanted (the moves are still counted, as the generic engine
    counts them). Free moves go as their keys do: target squares row by row, then the
    queens that may go there in list order (every queen to an empty column, only its
    queen within a column of one)."""
    n = (board.shape[1] - 2) // 2
    rc, cc, dc, ac, rs, cs, ds, asum = _counters(board)
    qr, qc = board[QR], board[QC]
    best_key = -1
    best = 0
    level_key = -1
    kept = 0
    if free:
        scored = 0
        for new_row in range(1, n + 1):
            for new_col in range(1, n + 1):
                in_column = cc[new_col]
                if in_column > 1:
                    continue
                base = ((new_row - 1) * n + new_col - 1) * n
                first = 0
                stop = n
                if in_column == 1:
                    first = cs[new_col]
                    stop = first + 1
                    if qr[first] == new_row:
                        continue
                for i in range(first, stop):
                    scored += 1
                    change = _delta(
                        kind, i, new_row, new_col, n, qr, qc, rc, cc, dc, ac, rs, cs, ds, asum
                    )
                    if change < 0:
                        kept += 1
                        if best_key < 0 or change < best or (last and change == best):
                            best_key = base + i
                            best = change
                    elif change == 0 and sideways and (level_key < 0 or last):
                        level_key = base + i
        return _choice(best_key, best, level_key, kept, scored)
    for i in range(n):
        r = qr[i]
        c = qc[i]
        if kind != 0:
            # h after the move is h − kind·(saved − joined(r2)); r2 = r gives saved + 3
            saved = rc[r] + dc[r - c + n] + ac[r + c] - 3
            if saved == 0 and not sideways:
                continue
            least = saved + 3
            better = 0
            for r2 in range(1, n + 1):  # a branch-free pass numba vectorizes
                joined = rc[r2] + dc[r2 - c + n] + ac[r2 + c]
                least = min(least, joined)
                better += joined < saved
            kept += better
            if least > saved or (least == saved and (not sideways or best_key >= 0)):
                continue
            change = kind * (least - saved)
            if best_key >= 0 and change > best:
                continue
            step = -1 if last else 1
            r2 = n if last else 1
            while rc[r2] + dc[r2 - c + n] + ac[r2 + c] != least:
                r2 += step
            key = (r2 - 1) * n + i
            if change < 0:
                if _better(change, key, best, best_key, last):
                    best_key = key
                    best = change
            elif _better(0, key, 0, level_key, last):
                level_key = key
        else:
            if not sideways and rc[r] < 2 and dc[r - c + n] < 2 and ac[r + c] < 2:
                continue  # a queen attacking none cannot lower the number attacked
            for r2 in range(1, n + 1):
                if r2 == r:
                    continue
                change = _delta(kind, i, r2, c, n, qr, qc, rc, cc, dc, ac, rs, cs, ds, asum)
                if change > 0:
                    continue
                key = (r2 - 1) * n + i
                if change < 0:
                    kept += 1
                    if _better(change, key, best, best_key, last):
                        best_key = key
                        best = change
                elif sideways and _better(0, key, 0, level_key, last):
                    level_key = key
    return _choice(best_key, best, level_key, kept, n * (n - 1))
