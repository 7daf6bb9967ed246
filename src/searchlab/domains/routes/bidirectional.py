"""Bidirectional Dijkstra and bidirectional A* over the array graph.

Two searches, forward from the start over the arcs and backward from the goal over the
arcs turned round, each taking next the node of least key; every arc that reaches a
node the other side has labelled offers a path, the cheapest so far ``mu``. The rule
that stops them (Goldberg & Harrelson 2005; Pohl 1971): stop when the two least keys
add up to ``mu`` or more. Stopping when the two searches first meet, the rule that
seems natural, may return a path slightly longer than the cheapest: the tests compare
against Dijkstra on thousands of random graphs to catch that.

Bidirectional A* runs the same rule on reduced costs (Ikeda et al. 1994): with a
consistent estimate h_t toward the goal and h_s from the start, the forward search
uses p(v) = (h_t(v) − h_s(v)) / 2 and the backward one −p, which keeps every reduced
cost ≥ 0; the least keys d_f + p and d_b − p then stop the search by the same rule.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable

from searchlab.algorithms.common import interruptible
from searchlab.core.events import Expand, Generate, Observer, Solution
from searchlab.core.limits import NO_LIMITS, Budget, Limits
from searchlab.core.result import SearchResult, Stats, Status, no_path
from searchlab.domains.routes.problem import Lists, RouteProblem, lists

FORWARD, BACKWARD = "forward", "backward"


def _zero(_v: int) -> float:
    return 0.0


def bidirectional(
    problem: RouteProblem,
    toward_goal: Callable[[int], float] | None = None,
    from_start: Callable[[int], float] | None = None,
    *,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
) -> SearchResult[int, str]:
    """The cheapest path of ``problem`` by bidirectional Dijkstra, or bidirectional A*
    with the estimates ``toward_goal`` (d(v, goal)) and ``from_start`` (d(start, v)); one
    missing counts as 0. Each expansion's event says its side (forward, backward):
    the map view draws both frontiers from them."""
    graph = problem.graph
    s, t = problem.source, problem.target
    stats = Stats()
    budget = Budget(limits, stats)
    if s == t:
        budget.stop_clock()
        return SearchResult(Status.SOLVED, (s,), (), 0.0, stats)
    h_t = toward_goal or _zero
    h_s = from_start or _zero
    informed = toward_goal is not None or from_start is not None

    def potential(v: int) -> float:
        return (h_t(v) - h_s(v)) / 2 if informed else 0.0

    arcs: dict[str, Lists] = {FORWARD: problem.arrays, BACKWARD: lists(graph.reverse())}
    dist: dict[str, dict[int, float]] = {FORWARD: {s: 0.0}, BACKWARD: {t: 0.0}}
    parent: dict[str, dict[int, int]] = {FORWARD: {}, BACKWARD: {}}
    depth: dict[str, dict[int, int]] = {FORWARD: {s: 0}, BACKWARD: {t: 0}}
    sign = {FORWARD: 1.0, BACKWARD: -1.0}
    # (key, g, node): an entry whose g is above the node's best is stale
    heaps: dict[str, list[tuple[float, float, int]]] = {
        FORWARD: [(potential(s), 0.0, s)],
        BACKWARD: [(-potential(t), 0.0, t)],
    }
    mu = math.inf
    meet = -1
    stats.max_frontier = 2

    def top(side: str) -> float:
        heap, known = heaps[side], dist[side]
        while heap:
            key, g, v = heap[0]
            if g <= known[v]:
                return key
            heapq.heappop(heap)  # stale: a cheaper path to v was found since
        return math.inf

    with interruptible(budget):
        while True:
            top_f, top_b = top(FORWARD), top(BACKWARD)
            if top_f + top_b >= mu or math.isinf(min(top_f, top_b)):
                break
            limit = budget.exceeded()
            if limit is not None:
                budget.stop_clock()
                return no_path(Status.LIMIT_REACHED, stats, limit)
            side = FORWARD if top_f <= top_b else BACKWARD
            other = BACKWARD if side == FORWARD else FORWARD
            key, g_u, u = heapq.heappop(heaps[side])
            stats.expanded += 1
            if observer is not None:
                h = sign[side] * potential(u)
                frontier = len(heaps[FORWARD]) + len(heaps[BACKWARD])
                observer(Expand(problem.state_of(u), g_u, h, key, depth[side][u], frontier, side))
            a = arcs[side]
            mine, theirs = dist[side], dist[other]
            for e in range(a.indptr[u], a.indptr[u + 1]):
                v = a.indices[e]
                g = g_u + a.weights[e]
                stats.generated += 1
                if observer is not None:
                    move = problem.move_name(u, v) if side == FORWARD else problem.move_name(v, u)
                    observer(
                        Generate(
                            problem.state_of(u),
                            move,
                            problem.state_of(v),
                            g,
                            sign[side] * potential(v),
                        )
                    )
                if g < mine.get(v, math.inf):
                    mine[v] = g
                    parent[side][v] = u
                    depth[side][v] = depth[side][u] + 1
                    heapq.heappush(heaps[side], (g + sign[side] * potential(v), g, v))
                    through = theirs.get(v)
                    if through is not None and g + through < mu:
                        mu, meet = g + through, v
            size = len(heaps[FORWARD]) + len(heaps[BACKWARD])
            stats.max_frontier = max(stats.max_frontier, size)
    budget.stop_clock()
    if meet < 0:
        return no_path(Status.EXHAUSTED, stats)
    path = [meet]
    while path[-1] != s:
        path.append(parent[FORWARD][path[-1]])
    path.reverse()
    while path[-1] != t:
        path.append(parent[BACKWARD][path[-1]])
    moves = tuple(problem.move_name(a_, b_) for a_, b_ in itertools.pairwise(path))
    if observer is not None:
        observer(Solution(tuple(problem.state_of(v) for v in path), mu, 1))
    return SearchResult(Status.SOLVED, tuple(path), moves, mu, stats)
