"""The lookup tables of the band solver (``bitboard``), derived here rather than typed in.

The solver keeps, for each digit and each band (three rows of boxes), the 27 cells of
the band where the digit may still go, as one 27-bit word: bit ``9 * r + c`` for row
``r`` of the band (0-2) and column ``c`` (0-8). Read a row of that word in three-cell
pieces (mini-rows, where a row meets a box) and the band's whole pattern for a digit
shrinks to 9 bits, ``3 * r + k`` for row ``r`` and box ``k``; read the digit's three
words down one stack of boxes and it shrinks the same way, ``3 * band + j`` for the
band and the stack's column ``j``. Either way the digit must take a perfect matching
of that 3×3 pattern (once in each row, in three different boxes; once in each column
of the stack, in three different bands), and everything the solver learns about one
digit is a table lookup (zhouyundong's idea, as in JCZSolve, and the band view of
tdoku's write-up). The tables are laid end to end in one array (``TABLES``), each at
its offset:

- ``SHRINK``: the three mini-row bits of one 9-cell row (or column bits of a stack);
- ``MATCHED``: the entries of a 3×3 pattern that some perfect matching uses, 0 when no
  matching exists (locked candidates, pointing and claiming both, in one lookup);
- ``KEEP``: the same as cells of a band word (the mini-rows kept);
- ``SPREAD``: a set of columns as the cells of a band word (all three rows);
- ``ONE``: 1 when a 9-bit row holds exactly one cell (the digit's place in that row is
  found: a hidden single);
- ``ROW_MASK``: the cells of a set of rows (3 bits) of a band;
- ``PEERS_KEPT``: for each cell of a band, the band's cells that stay candidates for its
  digit once it is placed there (the cell itself and the cells outside its row and box);
- ``BIT_INDEX``: a de Bruijn table naming the position of a lone bit with one multiply
  (``(bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27``).
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
import numpy.typing as npt

BAND = (1 << 27) - 1
"""All 27 cells of a band."""
DE_BRUIJN = 0x077CB531
"""A de Bruijn sequence for 32 bits: the top five bits of ``bit * DE_BRUIJN`` differ for
every single bit."""

SHRINK = 0
MATCHED = 512
KEEP = 1024
SPREAD = 1536
ONE = 2048
ROW_MASK = 2560
PEERS_KEPT = 2568
BIT_INDEX = 2595
SIZE = 2627
"""Offsets of the tables in ``TABLES``, and its length."""


def _mini_rows(row: int) -> int:
    return sum(1 << k for k in range(3) if row >> (3 * k) & 0b111)


def _matched(pattern: int) -> int:
    kept = 0
    for boxes in permutations(range(3)):
        if all(pattern >> (3 * r + boxes[r]) & 1 for r in range(3)):
            kept |= sum(1 << (3 * r + boxes[r]) for r in range(3))
    return kept


def _cells(pattern: int) -> int:
    """A 3×3 pattern of mini-rows as the cells of a band word."""
    return sum(0b111 << (9 * (bit // 3) + 3 * (bit % 3)) for bit in range(9) if pattern >> bit & 1)


def _spread(columns: int) -> int:
    return columns | (columns << 9) | (columns << 18)


def _row_mask(rows: int) -> int:
    return sum(0x1FF << (9 * r) for r in range(3) if rows >> r & 1)


def _peers_kept(cell: int) -> int:
    row, column = divmod(cell, 9)
    box = 0b111 << (3 * (column // 3))
    taken = (0x1FF << (9 * row)) | _spread(box)
    return (BAND & ~taken) | (1 << cell)


def _bit_index() -> list[int]:
    table = [0] * 32
    for position in range(32):
        table[((DE_BRUIJN << position) & 0xFFFFFFFF) >> 27] = position
    return table


def build() -> npt.NDArray[np.int64]:
    """Every table, at its offset, in one array."""
    tables = (
        [_mini_rows(row) for row in range(512)]
        + [_matched(pattern) for pattern in range(512)]
        + [_cells(_matched(pattern)) for pattern in range(512)]
        + [_spread(columns) for columns in range(512)]
        + [int(row != 0 and row & (row - 1) == 0) for row in range(512)]
        + [_row_mask(rows) for rows in range(8)]
        + [_peers_kept(cell) for cell in range(27)]
        + _bit_index()
    )
    assert len(tables) == SIZE
    return np.array(tables, dtype=np.int64)


TABLES = build()
"""The tables ``bitboard`` reads, built once at import (a few milliseconds)."""
