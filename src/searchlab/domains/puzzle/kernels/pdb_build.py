"""Compiled breadth-first search that fills one additive pattern database.

A pattern is k tiles; an abstract state is where those k tiles stand plus where the
blank stands, and only moves of pattern tiles count (moves of the other tiles are
free), so the tables of disjoint patterns can be added and stay admissible (Korf &
Felner 2002). The blank's free moves are handled by flood fill: a state is entered
with the whole region of cells the blank can reach without moving a pattern tile, as
a 16-bit mask, so the search is a plain layered BFS. The stored value for a placement
of the tiles is the depth at which any blank region first reached it (the minimum
over blank positions).

Indices are sparse: tile i of the pattern at cell p adds ``p << 4*i``, so a table has
16**k bytes (16.7 MB for six tiles) and the IDA* kernel updates an index by one add.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit

UNSEEN = 255


@njit("int64(int64, int64)")
def flood(start: int, free: int) -> int:
    """The cells reachable from the cells in ``start`` through ``free`` cells (bit masks)."""
    region = start
    while True:
        grown = region | (
            (
                ((region << 1) & 0xEEEE)
                | ((region >> 1) & 0x7777)
                | ((region << 4) & 0xFFFF)
                | (region >> 4)
            )
            & free
        )
        if grown == region:
            return region
        region = grown


@njit("int64(int64, int64[:], int64, uint8[:], uint16[:], uint16[:])")
def seed_goal(
    k: int,
    goal_cells: npt.NDArray[np.int64],
    blank_cell: int,
    dist: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint16],
    frontier: npt.NDArray[np.uint16],
) -> int:
    """Enter the goal placement (depth 0) into the tables; returns its index."""
    index = 0
    occupied = 0
    for i in range(k):
        index += goal_cells[i] << (4 * i)
        occupied |= 1 << goal_cells[i]
    region = flood(1 << blank_cell, 0xFFFF & ~occupied)
    dist[index] = 0
    seen[index] = region
    frontier[index] = region
    return index


@njit("int64(int64, int64, uint8[:], uint16[:], uint16[:], uint16[:])")
def expand_layer(
    k: int,
    depth: int,
    dist: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint16],
    frontier: npt.NDArray[np.uint16],
    following: npt.NDArray[np.uint16],
) -> int:
    """Expand every (placement, blank region) reached at ``depth``; mark the next layer in
    ``following``. Returns how many placements got their first value (depth + 1)."""
    filled = 0
    cells = np.zeros(k, dtype=np.int64)
    size = frontier.shape[0]
    for index in range(size):
        blank_region = np.int64(frontier[index])
        if blank_region == 0:
            continue
        occupied = 0
        for i in range(k):
            cells[i] = (index >> (4 * i)) & 15
            occupied |= 1 << cells[i]
        for i in range(k):
            p = cells[i]
            row = p >> 2
            col = p & 3
            for direction in range(4):
                if direction == 0:
                    if row == 0:
                        continue
                    q = p - 4
                elif direction == 1:
                    if row == 3:
                        continue
                    q = p + 4
                elif direction == 2:
                    if col == 0:
                        continue
                    q = p - 1
                else:
                    if col == 3:
                        continue
                    q = p + 1
                if not (blank_region >> q) & 1:
                    continue  # the blank cannot get to q: tile i cannot move there
                child = index + ((q - p) << (4 * i))
                if (np.int64(seen[child]) >> p) & 1:
                    continue
                child_occupied = (occupied & ~(1 << p)) | (1 << q)
                region = flood(1 << p, 0xFFFF & ~child_occupied)
                seen[child] = np.uint16(np.int64(seen[child]) | region)
                following[child] = np.uint16(np.int64(following[child]) | region)
                if dist[child] == UNSEEN:
                    dist[child] = depth + 1
                    filled += 1
    return filled
