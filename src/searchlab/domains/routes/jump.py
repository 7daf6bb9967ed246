"""Jump point search (Harabor & Grastien 2011, 2014) on 8-connected grid maps where a
diagonal move may not cut a corner (Moving AI's rule: both cells beside the diagonal
passable), moves costing 1 and √2; compiled by numba (``searchlab.jit``).

A* over the grid expands every cell of an open area, though most of its optimal paths
are the same moves in another order. Jump point search keeps one order only (diagonal
moves first) and jumps: from a node it walks straight or diagonally, touching no heap,
until it meets the goal or a cell with a *forced* neighbour (one the walk could not
reach as cheaply any other way); only those jump points enter the open list. A walk
straight along x stops at a cell with a free cell beside it whose cell behind is a
wall; a diagonal walk stops where either of its two straight walks would stop. A node
reached diagonally goes on in its two straight directions and its diagonal; one
reached straight goes on straight, and toward a forced neighbour straight and
diagonally. The lengths are A*'s (the tests compare them on every query of generated
maps and against the generic engine).

Where each straight walk from each cell stops is computed once per map (four sweeps;
two bytes a cell and direction, side by side), so a straight walk is one lookup and a
diagonal one a lookup or two a step: the straight half of JPS+ (Harabor & Grastien
2014), measured 10-45 % faster on rooms, 20 % slower on mazes one cell wide
(``benchmarks --only jps``). The grid is held padded with a border of walls, so no walk
tests a bound. One search
runs in slices like the kernel's (``kernel.run``): at most ``budget`` expansions, its
state kept in a ``JumpSpace``, so a caller reads the clock between slices.
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError
from searchlab.domains.routes.kernel import EXHAUSTED, FOUND, GROW, RUNNING, _sift_down, _sift_up
from searchlab.jit import inline, njit

Bytes = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]
Floats2 = npt.NDArray[np.float64]
Ints32 = npt.NDArray[np.int32]
Ints64 = npt.NDArray[np.int64]
Ints16 = npt.NDArray[np.int16]

_SQRT2 = math.sqrt(2.0)
_SQRT2M1 = math.sqrt(2.0) - 1.0
START = 8
"""The arrival direction of the start: every one of its 8 moves is tried."""
# regs: heap size, expanded, generated (jump points offered), max frontier, status,
# the query's stamp
_SIZE, _EXPANDED, _GENERATED, _FRONTIER, _STATUS, _STAMP = range(6)
_ENDED = {FOUND: "found", EXHAUSTED: "exhausted"}


@njit("void(uint8[:], int64, int64, int16[:, ::1], int64)")
def _distances(free: Bytes, step: int, side: int, out: Ints16, d: int) -> None:
    """For every cell, where a straight walk by ``step`` stops (``side`` the step
    across it), in ``out[cell, d]``: k > 0, at the jump point k cells on; -r ≤ 0, at the
    wall, r free cells on, with no jump point before it. Swept against the walk, so
    that a cell's next is known first; the border of walls keeps every index inside."""
    cells = free.shape[0]
    first, stop, by = (cells - 1, -1, -1) if step > 0 else (0, cells, 1)
    for n in range(first, stop, by):
        out[n, d] = 0
        if free[n] == 0 or free[n + step] == 0:
            continue
        m = n + step
        if (free[m + side] != 0 and free[n + side] == 0) or (
            free[m - side] != 0 and free[n - side] == 0
        ):
            out[n, d] = 1
        elif out[m, d] > 0:
            out[n, d] = out[m, d] + 1
        else:
            out[n, d] = out[m, d] - 1


@inline
def _walk_straight(
    reach: Ints16,
    d: int,
    node: int,
    x: int,
    y: int,
    dx: int,
    dy: int,
    step: int,
    goal: int,
    gx: int,
    gy: int,
) -> int:
    """The first jump point walking from ``node`` (at ``x``, ``y``) by ``step`` (the
    straight move ``dx``, ``dy``, direction ``d`` of ``reach``), the goal (at ``gx``, ``gy``)
    if the walk passes it, or -1 at a wall."""
    stop = reach[node, d]
    cells = stop if stop > 0 else -stop
    if dx != 0:
        passes = gy == y and 0 < (gx - x) * dx <= cells
    else:
        passes = gx == x and 0 < (gy - y) * dy <= cells
    if passes:
        return goal
    return node + stop * step if stop > 0 else -1


@inline
def _walk_diagonal(
    free: Bytes,
    reach: Ints16,
    along: int,
    across: int,
    node: int,
    x: int,
    y: int,
    dx: int,
    dy: int,
    width: int,
    goal: int,
    gx: int,
    gy: int,
) -> int:
    """The first jump point walking from ``node`` (at ``x``, ``y``) by the diagonal move
    ``dx``, ``dy`` (``along`` and ``across``: its two straight parts' directions in
    ``reach``), or -1 where a corner or a wall stops it."""
    n = node
    sx, sy = dx, dy * width
    while True:
        if free[n + sx] == 0 or free[n + sy] == 0 or free[n + sx + sy] == 0:
            return -1
        n += sx + sy
        x += dx
        y += dy
        if n == goal:
            return n
        if (
            _walk_straight(reach, along, n, x, y, dx, 0, sx, goal, gx, gy) >= 0
            or _walk_straight(reach, across, n, x, y, 0, dy, sy, goal, gx, gy) >= 0
        ):
            return n


@inline
def _octile(a: int, b: int, width: int) -> float:
    """The octile distance between padded cells ``a`` and ``b``: exact between the ends
    of a jump, and the estimate (consistent) toward the goal."""
    dx = abs(a % width - b % width)
    dy = abs(a // width - b // width)
    return max(dx, dy) + _SQRT2M1 * min(dx, dy)


@inline
def _direction(step: int, width: int) -> int:
    """The index in ``run``'s steps of a move by ``step`` on a grid ``width`` wide."""
    if step == 1:
        return 0
    if step == -1:
        return 1
    if step == width:
        return 2
    if step == -width:
        return 3
    if step == width + 1:
        return 4
    if step == width - 1:
        return 5
    if step == 1 - width:
        return 6
    return 7


@njit(
    "void(uint8[:], int16[:, ::1], int64, int64, int64, int64, float64[:], int32[:], int32[:], "
    "float64[:, ::1], int32[:], int32[:], int64[:])"
)
def run(
    free: Bytes,
    reach: npt.NDArray[np.int16],
    width: int,
    source: int,
    goal: int,
    budget: int,
    g: Floats,
    parent: Ints32,
    stamp: Ints32,
    heap_f: Floats2,
    heap_entries: Ints32,
    trace: Ints32,
    regs: Ints64,
) -> None:
    """Expand at most ``budget`` jump points of the search from ``source`` to ``goal``
    (padded cells of a grid ``width`` wide), going on from the state in ``regs``; a
    node's ``g`` and ``parent`` hold for this query only where ``stamp`` is the query's
    mark. The heap is the kernel's (f, ties to the larger g, lazy deletion); an entry is
    ``node * 16 + direction``: the move it arrived by (0-7, ``START``), which says where
    it goes on. The nodes expanded are written to ``trace`` in turn while it has room
    (the events of the generic engine's run)."""
    size = regs[_SIZE]  # the counters stay in regs; the heap's size is kept here
    mark = regs[_STAMP]
    capacity = heap_entries.shape[0]
    if regs[_EXPANDED] == 0 and size == 0 and regs[_STATUS] == RUNNING:  # a fresh query
        stamp[source] = mark
        g[source] = 0.0
        parent[source] = -1
        heap_f[0, 0] = _octile(source, goal, width)
        heap_f[0, 1] = 0.0
        heap_entries[0] = source * 16 + START
        size = 1
        regs[_FRONTIER] = 1
    steps = np.empty(8, dtype=np.int64)  # E, W, S, N, SE, SW, NE, NW
    steps[0], steps[1], steps[2], steps[3] = 1, -1, width, -width
    steps[4], steps[5], steps[6], steps[7] = width + 1, width - 1, 1 - width, -width - 1
    chosen = np.empty(8, dtype=np.int64)
    gy, gx = divmod(goal, width)
    done = 0
    status = EXHAUSTED  # unless the goal, the budget or the heap's room stops it first
    while size > 0:
        u = heap_entries[0] >> 4
        came = heap_entries[0] & 15
        gu = heap_f[0, 1]
        stale = gu > g[u]
        if not stale:
            if u == goal:
                status = FOUND
                break
            if done >= budget:
                status = RUNNING
                break
            if size + 8 > capacity:
                status = GROW
                break
        size -= 1
        if size > 0:
            _sift_down(
                heap_f, heap_entries, size, heap_f[size, 0], heap_f[size, 1], heap_entries[size]
            )
        if stale:
            continue
        if regs[_EXPANDED] < trace.shape[0]:
            trace[regs[_EXPANDED]] = u
        done += 1
        regs[_EXPANDED] += 1
        uy, ux = divmod(u, width)
        count = 0  # the directions to go on in
        if came == START:
            for d in range(8):
                chosen[d] = d
            count = 8
        elif came >= 4:  # diagonal: its two straight parts, and itself
            chosen[0] = 0 if came == 4 or came == 6 else 1
            chosen[1] = 2 if came == 4 or came == 5 else 3
            chosen[2] = came
            count = 3
        else:  # straight: on, and toward each forced neighbour straight and diagonally
            step = steps[came]
            side = width if came < 2 else 1
            chosen[0] = came
            count = 1
            for across in (side, -side):
                if free[u + across] != 0 and free[u - step + across] == 0:
                    chosen[count] = _direction(across, width)
                    chosen[count + 1] = _direction(step + across, width)
                    count += 2
        for k in range(count):
            d = chosen[k]
            dx = 1 if d == 0 or d == 4 or d == 6 else (-1 if d == 1 or d == 5 or d == 7 else 0)
            dy = 1 if d == 2 or d == 4 or d == 5 else (-1 if d == 3 or d == 6 or d == 7 else 0)
            if d < 4:
                v = _walk_straight(reach, d, u, ux, uy, dx, dy, steps[d], goal, gx, gy)
            else:
                along = 0 if dx == 1 else 1
                across = 2 if dy == 1 else 3
                v = _walk_diagonal(
                    free, reach, along, across, u, ux, uy, dx, dy, width, goal, gx, gy
                )
            if v < 0:
                continue
            regs[_GENERATED] += 1
            gv = gu + _octile(u, v, width)
            if stamp[v] == mark and gv >= g[v]:
                continue
            stamp[v] = mark
            g[v] = gv
            parent[v] = u
            _sift_up(heap_f, heap_entries, size, gv + _octile(v, goal, width), gv, v * 16 + d)
            size += 1
        regs[_FRONTIER] = max(regs[_FRONTIER], size)
    regs[_SIZE] = size
    regs[_STATUS] = status


@njit("void(int32[:])")
def _clear(stamp: Ints32) -> None:
    stamp[:] = 0


class JumpSpace:
    """A grid map padded with walls and the arrays of one search over it, reused query
    after query (a query's nodes are told apart by its stamp: nothing is reset between
    two; the heap grows when a search needs more room, and keeps it)."""

    def __init__(self, grid: Any) -> None:
        self.check(grid)
        passable = grid.passable
        self.height, self.width = int(passable.shape[0]), int(passable.shape[1])
        self.padded = self.width + 2
        free = np.zeros((self.height + 2, self.padded), dtype=np.uint8)
        free[1:-1, 1:-1] = passable
        self.free = free.ravel()
        cells = len(self.free)
        # where a straight walk E, W, S, N from each cell stops: walks cost a lookup
        self.reach = np.zeros((cells, 4), dtype=np.int16)  # a cell's four side by side
        for d, (step, side) in enumerate(
            ((1, self.padded), (-1, self.padded), (self.padded, 1), (-self.padded, 1))
        ):
            _distances(self.free, step, side, self.reach, d)
        self.g = np.full(cells, np.inf)
        self.parent = np.full(cells, -1, dtype=np.int32)
        self.stamp = np.zeros(cells, dtype=np.int32)
        room = 1024
        self.heap_f = np.zeros((room, 2))
        self.heap_entries = np.zeros(room, dtype=np.int32)
        self.regs = np.zeros(6, dtype=np.int64)

    @staticmethod
    def check(grid: Any) -> None:
        """Refuse a grid of 4 moves: the walks here take diagonals."""
        if getattr(grid, "neighbours", 8) != 8:
            raise InputError(
                "jump point search runs on 8-connected grids: use --neighbours 8",
                field="algorithm",
            )

    def inside(self, node: int) -> int:
        """The padded cell of the map's node ``node`` (y·W + x)."""
        y, x = divmod(node, self.width)
        return (y + 1) * self.padded + x + 1

    def outside(self, cell: int) -> int:
        """The map's node of padded cell ``cell``."""
        y, x = divmod(cell, self.padded)
        return (y - 1) * self.width + x - 1

    @property
    def expanded(self) -> int:
        return int(self.regs[_EXPANDED])

    @property
    def generated(self) -> int:
        return int(self.regs[_GENERATED])

    @property
    def max_frontier(self) -> int:
        return int(self.regs[_FRONTIER])

    def _grow(self) -> None:
        """Twice the heap's room, its entries kept (``run`` stopped to ask, losing none)."""
        self.heap_f = np.concatenate([self.heap_f, np.zeros_like(self.heap_f)])
        self.heap_entries = np.concatenate([self.heap_entries, np.zeros_like(self.heap_entries)])
        self.regs[_STATUS] = RUNNING

    def search(
        self,
        source: int,
        target: int,
        *,
        max_expanded: int | None = None,
        deadline: float | None = None,
        trace: bool = False,
    ) -> str:
        """One query between the map's nodes ``source`` and ``target``: "found",
        "exhausted", or the limit that stopped it ("max_expanded", "max_seconds"). The
        length and the jump points stay here until the next query; with ``trace``, the
        jump points expanded too (``expanded_nodes``)."""
        from searchlab.domains.routes.kernel import SLICE

        mark = int(self.regs[_STAMP]) + 1
        if mark >= 2**31 - 1:
            _clear(self.stamp)
            mark = 1
        self.regs[:] = 0
        self.regs[_STAMP] = mark
        self.source, self.target = self.inside(source), self.inside(target)
        self.trace = np.zeros(len(self.free) if trace else 0, dtype=np.int32)
        while True:
            budget = SLICE
            if max_expanded is not None:
                budget = min(budget, max_expanded - self.expanded)
            run(
                self.free, self.reach, self.padded, self.source, self.target, budget, self.g,
                self.parent, self.stamp, self.heap_f, self.heap_entries, self.trace, self.regs,
            )  # fmt: skip
            status = int(self.regs[_STATUS])
            if status in _ENDED:
                return _ENDED[status]
            if status == GROW:
                self._grow()
            elif max_expanded is not None and self.expanded >= max_expanded:
                return "max_expanded"
            elif deadline is not None and time.perf_counter() >= deadline:
                return "max_seconds"

    def expanded_nodes(self) -> list[tuple[int, float, int]]:
        """The map's nodes the last query expanded, in turn, each with its g and its
        depth in jump points from the start (``trace``)."""
        cells = self.trace[: min(self.expanded, len(self.trace))].tolist()
        depth: dict[int, int] = {}
        out = []
        for cell in cells:
            up = int(self.parent[cell])
            depth[cell] = depth.get(up, -1) + 1 if cell != self.source else 0
            out.append((self.outside(cell), float(self.g[cell]), depth[cell]))
        return out

    @property
    def length(self) -> float:
        """The length of the path the last query found."""
        return float(self.g[self.target])

    def jump_points(self) -> list[int]:
        """The map's nodes the path found turns or stops at, from the start."""
        points = [int(self.target)]
        while self.parent[points[-1]] >= 0 and points[-1] != self.source:
            points.append(int(self.parent[points[-1]]))
        points.reverse()
        return [self.outside(cell) for cell in points]

    def path(self) -> list[int]:
        """Every cell of the path found, from the start (the jump points joined by
        their straight and diagonal runs)."""
        points = self.jump_points()
        cells = [points[0]]
        for a, b in itertools.pairwise(points):
            ay, ax = divmod(a, self.width)
            by, bx = divmod(b, self.width)
            sx, sy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
            for k in range(1, max(abs(bx - ax), abs(by - ay)) + 1):
                cells.append((ay + k * sy) * self.width + ax + k * sx)
        return cells


_SPACES: dict[int, tuple[Any, JumpSpace]] = {}


def space_for(grid: Any) -> JumpSpace:
    """The search arrays of ``grid`` (a ``GridMap``), kept for the next query on it."""
    held = _SPACES.get(id(grid))
    if held is None or held[0] is not grid:
        _SPACES.clear()
        held = (grid, JumpSpace(grid))
        _SPACES[id(grid)] = held
    return held[1]


def grid_of(graph: Any) -> Any:
    """The grid map of a graph, or an InputError saying jump point search needs one."""
    grid = getattr(graph, "grid", None)
    if grid is None:
        raise InputError(
            "jump point search runs on grid maps (a .map file, maze:W:H, rooms:W:H, "
            f"grid:ROWS): {graph.title or 'this graph'} is not one",
            field="algorithm",
        )
    return grid
