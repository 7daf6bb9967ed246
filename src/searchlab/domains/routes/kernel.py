"""The compiled kernel: Dijkstra, A* and ALT over the array graph (numba, through
``searchlab.jit``; the same code runs as Python without it).

One search runs in slices: ``run`` expands at most ``budget`` nodes and returns, its
whole state (an indexed binary heap with decrease-key, distances, parents) kept in a
``Workspace``, so the caller can read the clock between slices (time limits, Ctrl-C,
progress) at no cost to the inner loop. A workspace is reused across queries: only the
nodes a query touched are reset, so a query on a million-node graph that settles a
thousand nodes costs a thousand nodes, not a million.

The estimate toward the target is one of ``MODES``: zero (Dijkstra), a metric on the
coordinates times ``scale`` (the smallest ratio of an arc's weight to its length, which
makes any metric admissible and consistent on any graph), a table given per node, or
the landmarks' triangle inequality (ALT).
"""

from __future__ import annotations

import math
import time

import numpy as np
import numpy.typing as npt

from searchlab.jit import njit

MODES = {
    "zero": 0,
    "straight-line": 1,
    "great-circle": 2,
    "manhattan": 3,
    "octile": 4,
    "landmarks": 5,
    "table": 6,
}
Floats = npt.NDArray[np.float64]
Floats2 = npt.NDArray[np.float64]  # two-dimensional
Ints64 = npt.NDArray[np.int64]
Ints32 = npt.NDArray[np.int32]
Ints8 = npt.NDArray[np.int8]

RUNNING, FOUND, EXHAUSTED = 0, 1, 2
# regs: heap size, expanded, generated, max frontier, status, touched count
_SIZE, _EXPANDED, _GENERATED, _FRONTIER, _STATUS, _TOUCHED = range(6)
_EARTH = 6_371_000.0
_SQRT2M1 = math.sqrt(2.0) - 1.0


@njit(
    "float64(int64, int64, int64, float64[:, :], float64, float64[:, :], float64[:, :], float64[:])"
)
def estimate(
    mode: int,
    v: int,
    t: int,
    xy: Floats2,
    scale: float,
    lm_from: Floats2,
    lm_to: Floats2,
    table: Floats,
) -> float:
    """The estimate of the cost from ``v`` to ``t``."""
    if mode == 0:
        return 0.0
    if mode == 6:
        return float(table[v])
    if mode == 5:
        best = 0.0
        for k in range(lm_from.shape[0]):
            a = float(lm_from[k, t] - lm_from[k, v])  # d(L,t) - d(L,v) <= d(v,t)
            if a > best and a == a:
                best = a
            b = float(lm_to[k, v] - lm_to[k, t])  # d(v,L) - d(t,L) <= d(v,t)
            if b > best and b == b:
                best = b
        return best
    dx = abs(float(xy[v, 0] - xy[t, 0]))
    dy = abs(float(xy[v, 1] - xy[t, 1]))
    if mode == 1:
        return scale * math.sqrt(dx * dx + dy * dy)
    if mode == 3:
        return scale * (dx + dy)
    if mode == 4:
        return scale * (max(dx, dy) + _SQRT2M1 * min(dx, dy))
    lat1 = math.radians(xy[v, 1])
    lat2 = math.radians(xy[t, 1])
    s = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin(math.radians(xy[t, 0] - xy[v, 0]) / 2) ** 2
    )
    return scale * 2.0 * _EARTH * math.asin(math.sqrt(min(s, 1.0)))


@njit(
    "void(int64[:], int32[:], float64[:], int64, int64, int64, float64[:, :], float64, "
    "float64[:, :], float64[:, :], float64[:], int64, float64[:], int32[:], int8[:], "
    "float64[:], int32[:], int32[:], float64[:], float64[:], int32[:], int64[:])"
)
def run(
    indptr: Ints64,
    indices: Ints32,
    weights: Floats,
    source: int,
    target: int,
    mode: int,
    xy: Floats2,
    scale: float,
    lm_from: Floats2,
    lm_to: Floats2,
    table: Floats,
    budget: int,
    dist: Floats,
    parent: Ints32,
    closed: Ints8,
    hval: Floats,
    pos: Ints32,
    heap_nodes: Ints32,
    heap_keys: Floats,
    heap_g: Floats,
    touched: Ints32,
    regs: Ints64,
) -> None:
    """Expand at most ``budget`` nodes of the search from ``source`` to ``target`` (-1:
    no target, every reachable node settled), going on from the state in ``regs`` and
    the arrays; ``regs[_STATUS]`` tells whether it found the target, ran out, or is
    still running. A node is closed when expanded; a cheaper path to a closed node
    re-opens it (only an inconsistent table can cause one).

    The heap orders entries by f, ties to the larger g (the generic engine's lower h
    first); it keeps each entry's g beside its key so that comparing two entries reads
    no other array. The heap operations are written out here, not called: the loop is
    the whole cost of a query."""
    size = regs[_SIZE]
    expanded = regs[_EXPANDED]
    generated = regs[_GENERATED]
    frontier = regs[_FRONTIER]
    count = regs[_TOUCHED]
    if count == 0:  # a fresh query
        dist[source] = 0.0
        parent[source] = -1
        h0 = (
            estimate(mode, source, target, xy, scale, lm_from, lm_to, table) if target >= 0 else 0.0
        )
        hval[source] = h0
        touched[0] = source
        count = 1
        heap_nodes[0] = source
        heap_keys[0] = h0
        heap_g[0] = 0.0
        pos[source] = 0
        size = 1
        frontier = 1
    done = 0
    status = RUNNING
    while True:
        if size == 0:
            status = EXHAUSTED
            break
        u = heap_nodes[0]
        if u == target:
            status = FOUND
            break
        if done >= budget:
            break
        # pop u: the last entry moves to the root and sifts down
        pos[u] = -1
        size -= 1
        if size > 0:
            node = heap_nodes[size]
            key = heap_keys[size]
            g = heap_g[size]
            i = 0
            while True:
                child = 2 * i + 1
                if child >= size:
                    break
                right = child + 1
                if right < size and (
                    heap_keys[right] < heap_keys[child]
                    or (heap_keys[right] == heap_keys[child] and heap_g[right] > heap_g[child])
                ):
                    child = right
                if heap_keys[child] > key or (heap_keys[child] == key and heap_g[child] <= g):
                    break
                heap_keys[i] = heap_keys[child]
                heap_g[i] = heap_g[child]
                heap_nodes[i] = heap_nodes[child]
                pos[heap_nodes[i]] = i
                i = child
            heap_keys[i] = key
            heap_g[i] = g
            heap_nodes[i] = node
            pos[node] = i
        closed[u] = 1
        done += 1
        expanded += 1
        gu = dist[u]
        start, end = indptr[u], indptr[u + 1]
        generated += end - start
        for e in range(start, end):
            v = indices[e]
            g = gu + weights[e]
            dv = dist[v]
            if g >= dv:
                continue
            if dv == np.inf:
                touched[count] = v
                count += 1
                hval[v] = (
                    estimate(mode, v, target, xy, scale, lm_from, lm_to, table)
                    if target >= 0
                    else 0.0
                )
            dist[v] = g
            parent[v] = u
            key = g + hval[v]
            closed[v] = 0
            i = pos[v]
            if i < 0:
                i = size
                size += 1
                if size > frontier:
                    frontier = size
            # sift up from i
            while i > 0:
                up = (i - 1) >> 1
                if heap_keys[up] < key or (heap_keys[up] == key and heap_g[up] >= g):
                    break
                heap_keys[i] = heap_keys[up]
                heap_g[i] = heap_g[up]
                heap_nodes[i] = heap_nodes[up]
                pos[heap_nodes[i]] = i
                i = up
            heap_keys[i] = key
            heap_g[i] = g
            heap_nodes[i] = v
            pos[v] = i
    regs[_SIZE] = size
    regs[_EXPANDED] = expanded
    regs[_GENERATED] = generated
    regs[_FRONTIER] = frontier
    regs[_TOUCHED] = count
    regs[_STATUS] = status


@njit("void(int32[:], int64, float64[:], int32[:], int8[:], int32[:])")
def _reset(
    touched: Ints32, count: int, dist: Floats, parent: Ints32, closed: Ints8, pos: Ints32
) -> None:
    for i in range(count):
        v = touched[i]
        dist[v] = np.inf
        parent[v] = -1
        closed[v] = 0
        pos[v] = -1


class Workspace:
    """The arrays of one search over a graph of ``n`` nodes, reused query after query."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.dist = np.full(n, np.inf)
        self.parent = np.full(n, -1, dtype=np.int32)
        self.closed = np.zeros(n, dtype=np.int8)
        self.hval = np.zeros(n)
        self.pos = np.full(n, -1, dtype=np.int32)
        self.heap_nodes = np.zeros(n, dtype=np.int32)
        self.heap_keys = np.zeros(n)
        self.heap_g = np.zeros(n)
        self.touched = np.zeros(n, dtype=np.int32)
        self.regs = np.zeros(6, dtype=np.int64)

    def reset(self) -> None:
        _reset(
            self.touched, int(self.regs[_TOUCHED]), self.dist, self.parent, self.closed, self.pos
        )
        self.regs[:] = 0

    @property
    def expanded(self) -> int:
        return int(self.regs[_EXPANDED])

    @property
    def generated(self) -> int:
        return int(self.regs[_GENERATED])

    @property
    def max_frontier(self) -> int:
        return int(self.regs[_FRONTIER])

    @property
    def status(self) -> int:
        return int(self.regs[_STATUS])

    def path_to(self, target: int) -> list[int]:
        path = [target]
        while self.parent[path[-1]] >= 0:
            path.append(int(self.parent[path[-1]]))
        path.reverse()
        return path


EMPTY_2D = np.zeros((0, 0))
EMPTY_XY = np.zeros((1, 2))
EMPTY_1D = np.zeros(0)

SLICE = 1 << 16
"""Expansions between two readings of the clock."""


def search(
    graph_arrays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.float64]],
    workspace: Workspace,
    source: int,
    target: int,
    *,
    mode: str = "zero",
    xy: npt.NDArray[np.float64] | None = None,
    scale: float = 1.0,
    lm_from: npt.NDArray[np.float64] | None = None,
    lm_to: npt.NDArray[np.float64] | None = None,
    table: npt.NDArray[np.float64] | None = None,
    max_expanded: int | None = None,
    deadline: float | None = None,
) -> str:
    """Run one query on ``workspace`` (reset first): "found", "exhausted", or the limit
    that stopped it ("max_expanded", "max_seconds"). The distances, parents and counts
    stay in the workspace until its next reset."""
    indptr, indices, weights = graph_arrays
    workspace.reset()
    xy_ = EMPTY_XY if xy is None else xy
    frm = EMPTY_2D if lm_from is None else lm_from
    to = EMPTY_2D if lm_to is None else lm_to
    tab = EMPTY_1D if table is None else table
    code = MODES[mode]
    while True:
        budget = SLICE
        if max_expanded is not None:
            budget = min(budget, max_expanded - workspace.expanded)
        run(
            indptr, indices, weights, source, target, code, xy_, scale, frm, to, tab, budget,
            workspace.dist, workspace.parent, workspace.closed, workspace.hval, workspace.pos,
            workspace.heap_nodes, workspace.heap_keys, workspace.heap_g, workspace.touched,
            workspace.regs,
        )  # fmt: skip
        if workspace.status == FOUND:
            return "found"
        if workspace.status == EXHAUSTED:
            return "exhausted"
        if max_expanded is not None and workspace.expanded >= max_expanded:
            return "max_expanded"
        if deadline is not None and time.perf_counter() >= deadline:
            return "max_seconds"


def distances_from(
    graph_arrays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.float64]],
    source: int,
    workspace: Workspace | None = None,
) -> npt.NDArray[np.float64]:
    """The cost of the cheapest path from ``source`` to every node (inf: unreachable)."""
    space = workspace or Workspace(len(graph_arrays[0]) - 1)
    search(graph_arrays, space, source, -1)
    result = space.dist.copy()
    space.reset()
    return result
