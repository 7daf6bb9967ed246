"""The compiled part of contraction hierarchies (Geisberger et al., "Contraction
hierarchies: faster and simpler hierarchical routing in road networks", 2008): the
contraction, the upward searches and the unpacking of shortcuts (numba, through
``searchlab.jit``; the same code runs as Python without it).

Contraction takes nodes one by one, the least important first, and removes each from
the graph, adding a shortcut u → w through it wherever u → v → w was the only cheapest
way (a *witness search* from u that avoids v, limited to a few hundred settled nodes,
finds no path as cheap; a limited search may add a shortcut that was not needed, never
miss one). Importance is the edge difference (shortcuts added less arcs removed) plus
the neighbours already contracted and the node's level, recomputed when a neighbour is
contracted and again, lazily, when the node comes up for contraction.

Every arc of the final graph climbs in the order from one end: it is stored with its
lower end, in the *upward* graph when it leaves that end and the *downward* graph when it
enters it, each with the node a shortcut passes through (its *middle*, -1 for an arc of
the graph). A query searches upward from both ends and meets at the top.

The heaps here are indexed (a position per node, decrease-key in place), so that their
room is the node count and nothing needs to grow inside a search.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.jit import inline, njit

Floats = npt.NDArray[np.float64]
Ints64 = npt.NDArray[np.int64]
Ints32 = npt.NDArray[np.int32]

WITNESS_LIMIT = 500
"""Nodes a witness search settles at most when a node is contracted."""
SIMULATION_LIMIT = 60
"""Nodes a witness search settles at most when a contraction is only simulated to price
a node (a lower limit counts a few shortcuts too many: only the order suffers)."""
ED_WEIGHT, GONE_WEIGHT, LEVEL_WEIGHT = 2.0, 1.0, 1.0
"""How a node's priority weighs its edge difference, contracted neighbours and level."""


# -- an indexed binary heap on ``key[node]`` ------------------------------------------
@inline
def _sift_up(heap: Ints32, pos: Ints32, key: Floats, i: int) -> None:
    v = heap[i]
    k = key[v]
    while i > 0:
        parent = (i - 1) >> 1
        u = heap[parent]
        if key[u] <= k:
            break
        heap[i] = u
        pos[u] = i
        i = parent
    heap[i] = v
    pos[v] = i


@inline
def _sift_down(heap: Ints32, pos: Ints32, key: Floats, size: int, i: int) -> None:
    v = heap[i]
    k = key[v]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and key[heap[child + 1]] < key[heap[child]]:
            child += 1
        if key[heap[child]] >= k:
            break
        heap[i] = heap[child]
        pos[heap[i]] = i
        i = child
    heap[i] = v
    pos[v] = i


@inline
def _push(heap: Ints32, pos: Ints32, key: Floats, size: int, v: int) -> int:
    """Insert ``v``, or move it up after its key fell; the new size."""
    if pos[v] < 0:
        heap[size] = v
        pos[v] = size
        _sift_up(heap, pos, key, size)
        return size + 1
    _sift_up(heap, pos, key, pos[v])
    return size


@inline
def _pop(heap: Ints32, pos: Ints32, key: Floats, size: int) -> int:
    """Remove the least (read ``heap[0]`` first); the new size."""
    pos[heap[0]] = -1
    size -= 1
    if size > 0:
        heap[0] = heap[size]
        _sift_down(heap, pos, key, size, 0)
    return size


@inline
def _wider(array: Any, used: int, size: int) -> Any:
    """A copy of ``array`` with room for ``size`` entries, its first ``used`` kept."""
    grown = np.empty(size, dtype=array.dtype)
    grown[:used] = array[:used]
    return grown


# -- the graph being contracted: per node a slice of a pool, grown by moving ----------
@inline
def _add(
    node: Ints32,
    weight: Floats,
    middle: Ints32,
    start: Ints64,
    length: Ints32,
    room: Ints32,
    used: int,
    owner: int,
    other: int,
    cost: float,
    via: int,
) -> tuple[Ints32, Floats, Ints32, int]:
    """Add the arc to ``other`` in ``owner``'s list, or lower its cost; the pool's arrays
    (new ones when it had to grow) and the room used."""
    first = start[owner]
    count = length[owner]
    for i in range(first, first + count):
        if node[i] == other:
            if cost < weight[i]:
                weight[i] = cost
                middle[i] = via
            return node, weight, middle, used
    if count == room[owner]:
        wider = 2 * count + 2
        if used + wider > node.shape[0]:
            size = max(2 * node.shape[0], used + wider)
            node = _wider(node, used, size)
            weight = _wider(weight, used, size)
            middle = _wider(middle, used, size)
        for i in range(count):
            node[used + i] = node[first + i]
            weight[used + i] = weight[first + i]
            middle[used + i] = middle[first + i]
        start[owner] = used
        room[owner] = wider
        first = used
        used += wider
    node[first + count] = other
    weight[first + count] = cost
    middle[first + count] = via
    length[owner] = count + 1
    return node, weight, middle, used


@inline
def _remove(
    node: Ints32,
    weight: Floats,
    middle: Ints32,
    start: Ints64,
    length: Ints32,
    owner: int,
    other: int,
) -> None:
    """Drop the arc to ``other`` from ``owner``'s list (the last takes its place)."""
    first = start[owner]
    last = first + length[owner] - 1
    for i in range(first, last + 1):
        if node[i] == other:
            node[i] = node[last]
            weight[i] = weight[last]
            middle[i] = middle[last]
            length[owner] -= 1
            return


@inline
def _witness(
    node: Ints32,
    weight: Floats,
    start: Ints64,
    length: Ints32,
    source: int,
    avoid: int,
    most: float,
    limit: int,
    dist: Floats,
    touched: Ints32,
    heap: Ints32,
    pos: Ints32,
    mark: Ints32,
    targets: int,
) -> int:
    """Dijkstra from ``source`` in the remaining graph without ``avoid``, up to cost
    ``most``, ``limit`` settled nodes, or the ``targets`` nodes marked with ``avoid``
    in ``mark`` all settled; ``dist`` holds what it found for the ``touched`` nodes
    (their count returned, for the caller to reset)."""
    dist[source] = 0.0
    touched[0] = source
    count = 1
    heap[0] = source
    pos[source] = 0
    size = 1
    settled = 0
    while size > 0:
        u = heap[0]
        if dist[u] > most or settled >= limit:
            break
        size = _pop(heap, pos, dist, size)
        settled += 1
        if mark[u] == avoid:
            targets -= 1
            if targets == 0:
                break
        du = dist[u]
        for i in range(start[u], start[u] + length[u]):
            x = node[i]
            if x == avoid:
                continue
            d = du + weight[i]
            if d < dist[x]:
                if dist[x] == np.inf:
                    touched[count] = x
                    count += 1
                dist[x] = d
                size = _push(heap, pos, dist, size, x)
    for i in range(size):
        pos[heap[i]] = -1
    return count


@inline
def _shortcuts(
    v: int,
    limit: int,
    o_node: Ints32,
    o_weight: Floats,
    o_start: Ints64,
    o_length: Ints32,
    i_node: Ints32,
    i_weight: Floats,
    i_start: Ints64,
    i_length: Ints32,
    dist: Floats,
    touched: Ints32,
    heap: Ints32,
    pos: Ints32,
    mark: Ints32,
    found: Floats,
) -> int:
    """The shortcuts contracting ``v`` needs: their count, and when ``found`` has room
    for them, each as (u, w, cost) rows in it."""
    most_out = 0.0
    for j in range(o_start[v], o_start[v] + o_length[v]):
        mark[o_node[j]] = v
        if o_weight[j] > most_out:
            most_out = o_weight[j]
    added = 0
    keep = found.shape[0] > 0
    for i in range(i_start[v], i_start[v] + i_length[v]):
        u = i_node[i]
        to_v = i_weight[i]
        count = _witness(
            o_node, o_weight, o_start, o_length, u, v, to_v + most_out, limit,
            dist, touched, heap, pos, mark, o_length[v],
        )  # fmt: skip
        for j in range(o_start[v], o_start[v] + o_length[v]):
            w = o_node[j]
            if w == u:
                continue
            cost = to_v + o_weight[j]
            if dist[w] > cost:
                if keep:
                    found[added, 0] = u
                    found[added, 1] = w
                    found[added, 2] = cost
                added += 1
        for k in range(count):
            dist[touched[k]] = np.inf
    for j in range(o_start[v], o_start[v] + o_length[v]):
        mark[o_node[j]] = -1
    return added


@inline
def _price(
    added: int, v: int, o_length: Ints32, i_length: Ints32, gone: Ints32, level: Ints32
) -> float:
    """How late ``v`` should be contracted, given the shortcuts it would add: edge
    difference, contracted neighbours, level."""
    removed = o_length[v] + i_length[v]
    return float(ED_WEIGHT * (added - removed) + GONE_WEIGHT * gone[v] + LEVEL_WEIGHT * level[v])


@inline
def _grow_out(
    tails: Ints32, heads: Ints32, costs: Floats, middles: Ints32, used: int, need: int
) -> tuple[Ints32, Ints32, Floats, Ints32]:
    """The output arrays with room for ``need`` more arcs."""
    if used + need <= tails.shape[0]:
        return tails, heads, costs, middles
    size = max(2 * tails.shape[0], used + need)
    return (
        _wider(tails, used, size),
        _wider(heads, used, size),
        _wider(costs, used, size),
        _wider(middles, used, size),
    )


@njit(
    "Tuple((int32[:], int32[:], int32[:], float64[:], int32[:], int32[:], int32[:], "
    "float64[:], int32[:], int64))(int64[:], int32[:], float64[:], int64, int64, boolean)"
)
def contract(
    indptr: Ints64,
    indices: Ints32,
    weights: Floats,
    limit: int,
    simulation: int,
    neighbours: bool,
) -> tuple[Ints32, Ints32, Ints32, Floats, Ints32, Ints32, Ints32, Floats, Ints32, int]:
    """Contract every node of the graph: the rank of each node (its place in the order),
    then the upward arcs (tail, head, cost, middle) and the downward arcs (the lower end
    first, then the higher one it comes from, cost, middle), and the shortcuts added."""
    n = indptr.shape[0] - 1
    arcs = indices.shape[0]
    # the remaining graph: out-lists and in-lists, parallel arcs merged, loops dropped
    o_start = np.zeros(n, dtype=np.int64)
    o_length = np.zeros(n, dtype=np.int32)
    o_room = np.zeros(n, dtype=np.int32)
    i_start = np.zeros(n, dtype=np.int64)
    i_length = np.zeros(n, dtype=np.int32)
    i_room = np.zeros(n, dtype=np.int32)
    indegree = np.zeros(n, dtype=np.int64)
    for e in range(arcs):
        indegree[indices[e]] += 1
    o_used = 0
    i_used = 0
    for v in range(n):
        o_start[v] = o_used
        o_room[v] = 2 * (indptr[v + 1] - indptr[v]) + 2
        o_used += o_room[v]
        i_start[v] = i_used
        i_room[v] = 2 * indegree[v] + 2
        i_used += i_room[v]
    o_node = np.empty(o_used + arcs, dtype=np.int32)
    o_weight = np.empty(o_used + arcs, dtype=np.float64)
    o_middle = np.empty(o_used + arcs, dtype=np.int32)
    i_node = np.empty(i_used + arcs, dtype=np.int32)
    i_weight = np.empty(i_used + arcs, dtype=np.float64)
    i_middle = np.empty(i_used + arcs, dtype=np.int32)
    for u in range(n):
        for e in range(indptr[u], indptr[u + 1]):
            w = indices[e]
            if w == u:
                continue
            o_node, o_weight, o_middle, o_used = _add(
                o_node, o_weight, o_middle, o_start, o_length, o_room, o_used, u, w,
                weights[e], -1,
            )  # fmt: skip
            i_node, i_weight, i_middle, i_used = _add(
                i_node, i_weight, i_middle, i_start, i_length, i_room, i_used, w, u,
                weights[e], -1,
            )  # fmt: skip
    dist = np.full(n, np.inf)
    touched = np.zeros(n, dtype=np.int32)
    heap = np.zeros(n, dtype=np.int32)
    pos = np.full(n, -1, dtype=np.int32)
    mark = np.full(n, -1, dtype=np.int32)
    nothing = np.empty((0, 3))  # no room: a simulation only counts the shortcuts
    gone = np.zeros(n, dtype=np.int32)
    level = np.zeros(n, dtype=np.int32)
    done = np.zeros(n, dtype=np.bool_)
    rank = np.full(n, -1, dtype=np.int32)
    # the order's heap, on priorities
    priority = np.zeros(n)
    order = np.zeros(n, dtype=np.int32)
    order_pos = np.full(n, -1, dtype=np.int32)
    for v in range(n):
        priority[v] = _price(
            _shortcuts(
                v, simulation, o_node, o_weight, o_start, o_length, i_node, i_weight,
                i_start, i_length, dist, touched, heap, pos, mark, nothing,
            ),
            v, o_length, i_length, gone, level,
        )  # fmt: skip
    queued = 0
    for v in range(n):
        queued = _push(order, order_pos, priority, queued, v)
    none = np.empty(0, dtype=np.int32)
    up_t, up_h, up_c, up_m = _grow_out(none, none, np.empty(0), none, 0, arcs)
    down_t, down_h, down_c, down_m = _grow_out(none, none, np.empty(0), none, 0, arcs)
    ups = 0
    downs = 0
    added = 0
    found = np.empty((16, 3))
    next_rank = 0
    while queued > 0:
        v = order[0]
        # lazy update: priced again; put back if another is now cheaper
        fresh = _price(
            _shortcuts(
                v, simulation, o_node, o_weight, o_start, o_length, i_node, i_weight,
                i_start, i_length, dist, touched, heap, pos, mark, nothing,
            ),
            v, o_length, i_length, gone, level,
        )  # fmt: skip
        if fresh > priority[v]:
            priority[v] = fresh
            _sift_down(order, order_pos, priority, queued, 0)
            if order[0] != v:
                continue
        queued = _pop(order, order_pos, priority, queued)
        # its arcs to the nodes left are its arcs up and down
        up_t, up_h, up_c, up_m = _grow_out(up_t, up_h, up_c, up_m, ups, o_length[v])
        for j in range(o_start[v], o_start[v] + o_length[v]):
            up_t[ups] = v
            up_h[ups] = o_node[j]
            up_c[ups] = o_weight[j]
            up_m[ups] = o_middle[j]
            ups += 1
        down_t, down_h, down_c, down_m = _grow_out(
            down_t, down_h, down_c, down_m, downs, i_length[v]
        )
        for j in range(i_start[v], i_start[v] + i_length[v]):
            down_t[downs] = v
            down_h[downs] = i_node[j]
            down_c[downs] = i_weight[j]
            down_m[downs] = i_middle[j]
            downs += 1
        most = i_length[v] * o_length[v]
        if most > found.shape[0]:
            found = np.empty((max(most, 2 * found.shape[0]), 3))
        count = _shortcuts(
            v, limit, o_node, o_weight, o_start, o_length, i_node, i_weight, i_start,
            i_length, dist, touched, heap, pos, mark, found,
        )  # fmt: skip
        for j in range(o_start[v], o_start[v] + o_length[v]):
            _remove(i_node, i_weight, i_middle, i_start, i_length, o_node[j], v)
        for j in range(i_start[v], i_start[v] + i_length[v]):
            _remove(o_node, o_weight, o_middle, o_start, o_length, i_node[j], v)
        for k in range(count):
            u = int(found[k, 0])
            w = int(found[k, 1])
            o_node, o_weight, o_middle, o_used = _add(
                o_node, o_weight, o_middle, o_start, o_length, o_room, o_used, u, w,
                found[k, 2], v,
            )  # fmt: skip
            i_node, i_weight, i_middle, i_used = _add(
                i_node, i_weight, i_middle, i_start, i_length, i_room, i_used, w, u,
                found[k, 2], v,
            )  # fmt: skip
        added += count
        done[v] = True
        rank[v] = next_rank
        next_rank += 1
        # the neighbours: one more contracted neighbour, a level above, priced again
        for side in range(2):
            first = o_start[v] if side == 0 else i_start[v]
            last = first + (o_length[v] if side == 0 else i_length[v])
            for j in range(first, last):
                x = o_node[j] if side == 0 else i_node[j]
                if done[x]:
                    continue
                gone[x] += 1
                if level[x] < level[v] + 1:
                    level[x] = level[v] + 1
                if not neighbours:
                    continue
                before = priority[x]
                priority[x] = _price(
                    _shortcuts(
                        x, simulation, o_node, o_weight, o_start, o_length, i_node, i_weight,
                        i_start, i_length, dist, touched, heap, pos, mark, nothing,
                    ),
                    x, o_length, i_length, gone, level,
                )  # fmt: skip
                if priority[x] < before:
                    _sift_up(order, order_pos, priority, order_pos[x])
                elif priority[x] > before:
                    _sift_down(order, order_pos, priority, queued, order_pos[x])
        o_length[v] = 0
        i_length[v] = 0
    return (
        rank,
        up_t[:ups], up_h[:ups], up_c[:ups], up_m[:ups],
        down_t[:downs], down_h[:downs], down_c[:downs], down_m[:downs],
        added,
    )  # fmt: skip


@njit(
    "int64(int64[:], int32[:], float64[:], int64[:], int32[:], float64[:], int64, "
    "float64[:], int64[:], int32[:], int32[:], int32[:])"
)
def upward(
    ptr: Ints64,
    head: Ints32,
    cost: Floats,
    other_ptr: Ints64,
    other_head: Ints32,
    other_cost: Floats,
    source: int,
    dist: Floats,
    parent: Ints64,
    heap: Ints32,
    pos: Ints32,
    touched: Ints32,
) -> int:
    """Dijkstra from ``source`` over the arcs that climb (``ptr``, ``head``, ``cost``),
    every node it reaches settled, with stall-on-demand: a node that a node above it
    (an arc of ``other_*``, which come down into it) reaches more cheaply is not
    expanded, since no cheapest path climbs through it. ``dist`` and ``parent`` (the
    arc each node was reached by) are set for the ``touched`` nodes, whose count is
    returned; the caller resets them (``reset``)."""
    dist[source] = 0.0
    parent[source] = -1
    touched[0] = source
    count = 1
    heap[0] = source
    pos[source] = 0
    size = 1
    while size > 0:
        u = heap[0]
        size = _pop(heap, pos, dist, size)
        du = dist[u]
        stalled = False
        for e in range(other_ptr[u], other_ptr[u + 1]):
            if dist[other_head[e]] + other_cost[e] < du:
                stalled = True
                break
        if stalled:
            continue
        for e in range(ptr[u], ptr[u + 1]):
            x = head[e]
            d = du + cost[e]
            if d < dist[x]:
                if dist[x] == np.inf:
                    touched[count] = x
                    count += 1
                dist[x] = d
                parent[x] = e
                size = _push(heap, pos, dist, size, x)
    return count


@njit("void(int32[:], int64, float64[:], int64[:])")
def reset(touched: Ints32, count: int, dist: Floats, parent: Ints64) -> None:
    for i in range(count):
        dist[touched[i]] = np.inf
        parent[touched[i]] = -1


@njit("Tuple((float64, int64))(int32[:], int64, float64[:], float64[:])")
def meet(touched: Ints32, count: int, mine: Floats, theirs: Floats) -> tuple[float, int]:
    """The cheapest node both searches reached, and its cost (inf, -1: none)."""
    best = np.inf
    where = -1
    for i in range(count):
        v = touched[i]
        d = mine[v] + theirs[v]
        if d < best:
            best = d
            where = v
    return best, where


@inline
def _find(ptr: Ints64, head: Ints32, node: int, other: int) -> int:
    for e in range(ptr[node], ptr[node + 1]):
        if head[e] == other:
            return e
    return -1


@inline
def _tail(ptr: Ints64, arc: int) -> int:
    """The node whose slice of ``ptr`` holds ``arc`` (binary search)."""
    low = 0
    high = ptr.shape[0] - 2
    while low < high:
        mid = (low + high + 1) >> 1
        if ptr[mid] <= arc:
            low = mid
        else:
            high = mid - 1
    return low


@njit(
    "int32[:](int64[:], int32[:], int32[:], int64[:], int32[:], int32[:], int64[:], "
    "int64[:], int64, int64, int64)"
)
def unpack(
    up_ptr: Ints64,
    up_head: Ints32,
    up_middle: Ints32,
    down_ptr: Ints64,
    down_head: Ints32,
    down_middle: Ints32,
    parent_up: Ints64,
    parent_down: Ints64,
    source: int,
    target: int,
    top: int,
) -> Ints32:
    """The path of the graph from ``source`` to ``target`` through ``top``: the climbs
    of both searches read back from their parents, each shortcut replaced by its two
    halves until only arcs of the graph remain (an explicit stack: no recursion)."""
    # the arcs climbed, as (from, to, middle), source to top then top to target
    climbed = np.empty((16, 3), dtype=np.int64)
    count = 0
    v = top
    while v != source:
        e = parent_up[v]
        if count == climbed.shape[0]:
            wider = np.empty((2 * count, 3), dtype=np.int64)
            wider[:count] = climbed[:count]
            climbed = wider
        u = _tail(up_ptr, e)
        climbed[count, 0] = u
        climbed[count, 1] = v
        climbed[count, 2] = up_middle[e]
        count += 1
        v = u
    climbed[:count] = climbed[:count][::-1].copy()
    v = top
    while v != target:
        e = parent_down[v]
        if count == climbed.shape[0]:
            wider = np.empty((2 * count, 3), dtype=np.int64)
            wider[:count] = climbed[:count]
            climbed = wider
        w = _tail(down_ptr, e)  # the lower end, where the arc v → w is kept
        climbed[count, 0] = v
        climbed[count, 1] = w
        climbed[count, 2] = down_middle[e]
        count += 1
        v = w
    path = np.empty(16, dtype=np.int32)
    path[0] = source
    length = 1
    stack = np.empty((16, 3), dtype=np.int64)
    for k in range(count):
        stack[0, 0] = climbed[k, 0]
        stack[0, 1] = climbed[k, 1]
        stack[0, 2] = climbed[k, 2]
        depth = 1
        while depth > 0:
            depth -= 1
            a = stack[depth, 0]
            b = stack[depth, 1]
            m = stack[depth, 2]
            if m < 0:
                if length == path.shape[0]:
                    longer = np.empty(2 * length, dtype=np.int32)
                    longer[:length] = path[:length]
                    path = longer
                path[length] = b
                length += 1
                continue
            if depth + 2 > stack.shape[0]:
                deeper = np.empty((2 * stack.shape[0], 3), dtype=np.int64)
                deeper[:depth] = stack[:depth]
                stack = deeper
            # a → m is kept with m among the arcs coming down into it, m → b going up
            first = _find(down_ptr, down_head, m, a)
            second = _find(up_ptr, up_head, m, b)
            # pushed second half first: the first half comes out first
            stack[depth, 0] = m
            stack[depth, 1] = b
            stack[depth, 2] = up_middle[second]
            stack[depth + 1, 0] = a
            stack[depth + 1, 1] = m
            stack[depth + 1, 2] = down_middle[first]
            depth += 2
    return path[:length]


@njit(
    "float64[:, :](int64[:], int32[:], float64[:], int64[:], int32[:], float64[:], int64[:], "
    "int64[:])"
)
def table(
    up_ptr: Ints64,
    up_head: Ints32,
    up_cost: Floats,
    down_ptr: Ints64,
    down_head: Ints32,
    down_cost: Floats,
    sources: Ints64,
    targets: Ints64,
) -> Floats:
    """The cost from each source to each target: one search down-arcs-upward from each
    target leaves (target, cost) in a bucket at every node it reaches; one upward search
    from each source reads the buckets of the nodes it reaches."""
    n = up_ptr.shape[0] - 1
    dist = np.full(n, np.inf)
    parent = np.full(n, -1, dtype=np.int64)
    heap = np.zeros(n, dtype=np.int32)
    pos = np.full(n, -1, dtype=np.int32)
    touched = np.zeros(n, dtype=np.int32)
    at = np.empty(1024, dtype=np.int32)
    which = np.empty(1024, dtype=np.int32)
    cost = np.empty(1024, dtype=np.float64)
    used = 0
    for j in range(targets.shape[0]):
        count = upward(
            down_ptr, down_head, down_cost, up_ptr, up_head, up_cost, targets[j],
            dist, parent, heap, pos, touched,
        )  # fmt: skip
        if used + count > at.shape[0]:
            size = max(2 * at.shape[0], used + count)
            at = _wider(at, used, size)
            which = _wider(which, used, size)
            cost = _wider(cost, used, size)
        for i in range(count):
            v = touched[i]
            at[used] = v
            which[used] = j
            cost[used] = dist[v]
            used += 1
        reset(touched, count, dist, parent)
    order = np.argsort(at[:used], kind="mergesort")
    bucket = np.zeros(n + 1, dtype=np.int64)
    for i in range(used):
        bucket[at[i] + 1] += 1
    for v in range(n):
        bucket[v + 1] += bucket[v]
    out = np.full((sources.shape[0], targets.shape[0]), np.inf)
    for i in range(sources.shape[0]):
        count = upward(
            up_ptr, up_head, up_cost, down_ptr, down_head, down_cost, sources[i],
            dist, parent, heap, pos, touched,
        )  # fmt: skip
        for k in range(count):
            v = touched[k]
            dv = dist[v]
            for b in range(bucket[v], bucket[v + 1]):
                e = order[b]
                d = dv + cost[e]
                if d < out[i, which[e]]:
                    out[i, which[e]] = d
        reset(touched, count, dist, parent)
    return out
