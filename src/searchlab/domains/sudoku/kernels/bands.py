"""The lookup tables of the band solver (``bitboard``), derived here rather than typed in.

The solver keeps, for each digit and each band (three rows of boxes), the 27 cells of
the band where the digit may still go, as one 27-bit word: bit ``9 * r + c`` for row
``r`` of the band (0-2) and column ``c`` (0-8). Read a row of that word in three-cell
pieces (mini-rows, where a row meets a box) and the band's whole pattern for a digit
shrinks to 9 bits, ``3 * r + k`` for row ``r`` and box ``k``. Everything the solver
learns about one digit in one band is then a table lookup (zhouyundong's idea, as in
JCZSolve, and the "band" view of tdoku's write-up):

- ``SHRINK``: the three mini-row bits of one 9-cell row;
- ``KEEP``: the cells of the mini-rows that some placement of the digit can still use
  (each row of the band takes it once, in three different boxes: a perfect matching of
  rows to boxes), 0 when none can. It is locked candidates within a band, pointing and
  claiming both, in one lookup;
- ``COLUMN_FREE``: given the band's columns that still hold the digit, the cells the
  other two bands must give up: a box whose digit sits in one column keeps that column
  for itself;
- ``ROW_MASK``: the cells of a set of rows; ``ONE``: whether a 9-bit row holds exactly
  one cell (the digit's place in that row is found: a hidden single);
- ``PEERS_KEPT``: for each cell of a band, the band's cells that stay candidates for its
  digit once it is placed there (the cell itself and the cells outside its row and box);
- ``BIT_INDEX``: a de Bruijn table naming the position of a lone bit with one multiply.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
import numpy.typing as npt

Table = npt.NDArray[np.int64]

BAND = (1 << 27) - 1
"""All 27 cells of a band."""
DE_BRUIJN = 0x077CB531
"""A de Bruijn sequence for 32 bits: ``(bit * DE_BRUIJN) >> 27`` differs for every bit."""


def _row_cells(rows: int) -> int:
    return sum(0x1FF << (9 * r) for r in range(3) if rows >> r & 1)


def _mini_rows(row: int) -> int:
    return sum(1 << k for k in range(3) if row >> (3 * k) & 0b111)


def _kept_by_matchings(pattern: int) -> int:
    kept = 0
    for boxes in permutations(range(3)):
        if all(pattern >> (3 * r + boxes[r]) & 1 for r in range(3)):
            kept |= sum(0b111 << (9 * r + 3 * boxes[r]) for r in range(3))
    return kept


def _column_free(columns: int) -> int:
    mask = BAND
    for k in range(3):
        group = columns >> (3 * k) & 0b111
        if group and group & (group - 1) == 0:  # one column of this box holds the digit
            column = 3 * k + group.bit_length() - 1
            mask &= ~((1 << column) | (1 << (column + 9)) | (1 << (column + 18)))
    return mask


def _peers_kept(cell: int) -> int:
    row, column = divmod(cell, 9)
    box = 0b111 << (3 * (column // 3))
    taken = (0x1FF << (9 * row)) | box | (box << 9) | (box << 18)
    return (BAND & ~taken) | (1 << cell)


def _bit_index() -> list[int]:
    table = [0] * 32
    for position in range(32):
        table[((DE_BRUIJN << position) & 0xFFFFFFFF) >> 27] = position
    return table


def _array(values: list[int]) -> Table:
    return np.array(values, dtype=np.int64)


SHRINK: Table = _array([_mini_rows(row) for row in range(512)])
KEEP: Table = _array([_kept_by_matchings(pattern) for pattern in range(512)])
COLUMN_FREE: Table = _array([_column_free(columns) for columns in range(512)])
ROW_MASK: Table = _array([_row_cells(rows) for rows in range(8)])
ONE: Table = _array([int(row != 0 and row & (row - 1) == 0) for row in range(512)])
PEERS_KEPT: Table = _array([_peers_kept(cell) for cell in range(27)])
BIT_INDEX: Table = _array(_bit_index())


def tables() -> tuple[Table, Table, Table, Table, Table, Table, Table]:
    """The seven tables, in the order ``bitboard.solve_batch`` takes them."""
    return SHRINK, KEEP, COLUMN_FREE, ROW_MASK, ONE, PEERS_KEPT, BIT_INDEX
