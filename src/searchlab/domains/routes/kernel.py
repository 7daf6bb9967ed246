"""The compiled kernel: Dijkstra, A* and ALT over the array graph (numba, through
``searchlab.jit``; the same code runs as Python without it).

One search runs in slices: ``run`` expands at most ``budget`` nodes and returns, its
whole state (a binary heap with lazy deletion, distances, parents) kept in a
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

from searchlab.jit import inline, njit

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

RUNNING, FOUND, EXHAUSTED, GROW = 0, 1, 2, 3
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
            # d(L,t) - d(L,v) <= d(v,t) and d(v,L) - d(t,L) <= d(v,t); a landmark that
            # reaches neither node (inf - inf) says nothing
            lt, lv = float(lm_from[k, t]), float(lm_from[k, v])
            if not (lt == np.inf and lv == np.inf) and lt - lv > best:
                best = lt - lv
            tv, tt = float(lm_to[k, v]), float(lm_to[k, t])
            if not (tv == np.inf and tt == np.inf) and tv - tt > best:
                best = tv - tt
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


@inline
def _put(heap_f: Floats2, heap_nodes: Ints32, i: int, key: float, g: float, node: int) -> None:
    """Write the heap's entry ``i``: (f, g) side by side, and its node."""
    heap_f[i, 0] = key
    heap_f[i, 1] = g
    heap_nodes[i] = node


@inline
def _sift_down(
    heap_f: Floats2, heap_nodes: Ints32, size: int, key: float, g: float, node: int
) -> None:
    """Place (key, g, node) from the root down, in a heap of ``size`` entries, ordered by
    f and ties to the larger g."""
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        right = child + 1
        if right < size and (
            heap_f[right, 0] < heap_f[child, 0]
            or (heap_f[right, 0] == heap_f[child, 0] and heap_f[right, 1] > heap_f[child, 1])
        ):
            child = right
        if heap_f[child, 0] > key or (heap_f[child, 0] == key and heap_f[child, 1] <= g):
            break
        _put(heap_f, heap_nodes, i, heap_f[child, 0], heap_f[child, 1], heap_nodes[child])
        i = child
    _put(heap_f, heap_nodes, i, key, g, node)


@inline
def _sift_up(heap_f: Floats2, heap_nodes: Ints32, i: int, key: float, g: float, node: int) -> None:
    """Place (key, g, node) from the free entry ``i`` up, in the same order."""
    while i > 0:
        up = (i - 1) >> 1
        if heap_f[up, 0] < key or (heap_f[up, 0] == key and heap_f[up, 1] >= g):
            break
        _put(heap_f, heap_nodes, i, heap_f[up, 0], heap_f[up, 1], heap_nodes[up])
        i = up
    _put(heap_f, heap_nodes, i, key, g, node)


@njit(
    "void(int64[:], int32[:], float64[:], int64, int64, int64, float64[:, :], float64, "
    "float64[:, :], float64[:, :], float64[:], int64, float64[:, ::1], int32[:], "
    "float64[:, ::1], int32[:], int32[:], int64[:])"
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
    node_f: Floats2,
    parent: Ints32,
    heap_f: Floats2,
    heap_nodes: Ints32,
    touched: Ints32,
    regs: Ints64,
) -> None:
    """Expand at most ``budget`` nodes of the search from ``source`` to ``target`` (-1:
    no target, every reachable node settled), going on from the state in ``regs`` and
    the arrays; ``regs[_STATUS]`` tells whether it found the target, ran out, needs a
    larger heap (``GROW``: nothing is lost, it goes on once given one) or is still
    running.

    The heap is the generic engine's: a cheaper path to a node pushes a new entry and
    the old one is skipped when it surfaces (lazy deletion), so no heap position is
    kept per node and a sift touches the heap's arrays alone, not one node's entry per
    level: on a graph of a million nodes that halves the cache misses. Entries are
    ordered by f, ties to the larger g (the engine's lower h first), (f, g) side by side
    in ``heap_f``; per node, ``node_f`` holds (g, h). The heap operations are inlined
    into this loop when compiled (``jit.inline``), not called: the loop is the whole
    cost of a query."""
    size = regs[_SIZE]
    expanded = regs[_EXPANDED]
    generated = regs[_GENERATED]
    frontier = regs[_FRONTIER]
    count = regs[_TOUCHED]
    capacity = heap_nodes.shape[0]
    if count == 0:  # a fresh query
        h0 = (
            estimate(mode, source, target, xy, scale, lm_from, lm_to, table) if target >= 0 else 0.0
        )
        node_f[source, 0] = 0.0
        node_f[source, 1] = h0
        parent[source] = -1
        touched[0] = source
        count = 1
        heap_nodes[0] = source
        heap_f[0, 0] = h0
        heap_f[0, 1] = 0.0
        size = 1
        frontier = 1
    done = 0
    status = RUNNING
    while True:
        if size == 0:
            status = EXHAUSTED
            break
        u = heap_nodes[0]
        stale = heap_f[0, 1] > node_f[u, 0]
        if not stale:
            if u == target:
                status = FOUND
                break
            if done >= budget:
                break
            if size + (indptr[u + 1] - indptr[u]) > capacity:
                status = GROW
                break
        gu = heap_f[0, 1]
        # pop the root: the last entry moves there and sifts down
        size -= 1
        if size > 0:
            _sift_down(heap_f, heap_nodes, size, heap_f[size, 0], heap_f[size, 1], heap_nodes[size])
        if stale:
            continue
        done += 1
        expanded += 1
        start, end = indptr[u], indptr[u + 1]
        generated += end - start
        for e in range(start, end):
            v = indices[e]
            g = gu + weights[e]
            dv = node_f[v, 0]
            if g >= dv:
                continue
            if dv == np.inf:
                touched[count] = v
                count += 1
                node_f[v, 1] = (
                    estimate(mode, v, target, xy, scale, lm_from, lm_to, table)
                    if target >= 0
                    else 0.0
                )
            node_f[v, 0] = g
            parent[v] = u
            _sift_up(heap_f, heap_nodes, size, g + node_f[v, 1], g, v)  # push (f, g, v)
            size += 1
        if size > frontier:
            frontier = size
    regs[_SIZE] = size
    regs[_EXPANDED] = expanded
    regs[_GENERATED] = generated
    regs[_FRONTIER] = frontier
    regs[_TOUCHED] = count
    regs[_STATUS] = status


@njit("void(int32[:], int64, float64[:, ::1], int32[:])")
def _reset(touched: Ints32, count: int, node_f: Floats2, parent: Ints32) -> None:
    for i in range(count):
        v = touched[i]
        node_f[v, 0] = np.inf
        parent[v] = -1


class _Register:
    """A count the kernel keeps in a workspace's ``regs``, read as an attribute."""

    def __init__(self, index: int) -> None:
        self.index = index

    def __get__(self, workspace: Workspace, owner: type[Workspace]) -> int:
        return int(workspace.regs[self.index])


class Workspace:
    """The arrays of one search over a graph of ``n`` nodes, reused query after query
    (the heap grows when a search needs more room, and keeps it)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.node_f = np.zeros((n, 2))
        self.node_f[:, 0] = np.inf
        self.parent = np.full(n, -1, dtype=np.int32)
        room = max(1024, n + 1)
        self.heap_f = np.zeros((room, 2))
        self.heap_nodes = np.zeros(room, dtype=np.int32)
        self.touched = np.zeros(n, dtype=np.int32)
        self.regs = np.zeros(6, dtype=np.int64)

    @property
    def dist(self) -> Floats:
        """The cost of the cheapest path found to each node (inf: not reached)."""
        return self.node_f[:, 0]

    def grow(self) -> None:
        """Twice the heap's room, its entries kept."""
        size = int(self.regs[_SIZE])
        heap_f = np.zeros((2 * len(self.heap_nodes), 2))
        heap_nodes = np.zeros(2 * len(self.heap_nodes), dtype=np.int32)
        heap_f[:size] = self.heap_f[:size]
        heap_nodes[:size] = self.heap_nodes[:size]
        self.heap_f, self.heap_nodes = heap_f, heap_nodes
        self.regs[_STATUS] = RUNNING

    def reset(self) -> None:
        _reset(self.touched, int(self.regs[_TOUCHED]), self.node_f, self.parent)
        self.regs[:] = 0

    expanded = _Register(_EXPANDED)
    generated = _Register(_GENERATED)
    max_frontier = _Register(_FRONTIER)
    status = _Register(_STATUS)

    def path_to(self, target: int) -> list[int]:
        parent = self.parent
        path = [target]
        while parent[path[-1]] >= 0:
            path.append(int(parent[path[-1]]))
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
            workspace.node_f, workspace.parent, workspace.heap_f, workspace.heap_nodes,
            workspace.touched, workspace.regs,
        )  # fmt: skip
        if workspace.status == GROW:
            workspace.grow()
            continue
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
