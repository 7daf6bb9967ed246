"""A plain, hand-written A* for the 8-puzzle with Manhattan distance: the cost of the
generic engine's generality is measured against this. It is what one would write for
this puzzle alone: a distance table, Manhattan updated by the one tile that moves,
tuples for states, a dict of best costs and heapq with lazy deletion.

It does the engine's work, node for node: the same order of successors (the blank
moves up, down, left, right), a goal recognised when it is taken from the heap, a
cheaper path re-opening a state, and ties in f broken as the engine breaks them, lower
h first, then the entry pushed first. The benchmark checks that both expand the same
number of nodes on every board before it times them."""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable

from searchlab.core.problem import Problem, step_of

Board = tuple[int, ...]


def plain_astar(start: Board, goal: Board) -> tuple[int, int]:
    """(cost of a shortest solution, nodes expanded); k×k boards, 0 is the blank."""
    k = int(len(start) ** 0.5)
    cells = range(k * k)
    home = {tile: cell for cell, tile in enumerate(goal)}
    dist = [
        [abs(c // k - home[t] // k) + abs(c % k - home[t] % k) if t else 0 for c in cells]
        for t in range(k * k)
    ]
    neighbours = [
        [c - k] * (c >= k)
        + [c + k] * (c < k * k - k)
        + [c - 1] * (c % k > 0)
        + [c + 1] * (c % k < k - 1)
        for c in cells
    ]
    order = itertools.count()
    h0 = sum(dist[tile][cell] for cell, tile in enumerate(start))
    best = {start: 0}
    # (f, h, push order, g, board): f first, then the lower h, then first pushed.
    heap = [(h0, h0, next(order), 0, start)]
    expanded = 0
    while heap:
        _, h, _, g, board = heapq.heappop(heap)
        if g > best[board]:
            continue
        if h == 0:
            return g, expanded
        expanded += 1
        blank = board.index(0)
        for target in neighbours[blank]:
            tile = board[target]
            child_list = list(board)
            child_list[blank], child_list[target] = tile, 0
            child = tuple(child_list)
            if g + 1 < best.get(child, 1 << 30):
                best[child] = g + 1
                child_h = h - dist[tile][target] + dist[tile][blank]
                heapq.heappush(heap, (g + 1 + child_h, child_h, next(order), g + 1, child))
    raise ValueError("no solution")


def protocol_astar(problem: Problem[Board, str], h: Callable[[Board], float]) -> tuple[float, int]:
    """(cost, nodes expanded) by the loop above written over the problem's own
    ``successors``, ``is_goal`` and ``h`` (or ``h.step``, a successor's value from its
    parent's, where the heuristic offers one, as the engine does) instead of the tables:
    no statistics, limits or observer. What any A* that takes a problem pays; the engine
    is measured against it to tell its own overhead from that of the interface."""
    start = problem.initial
    successors, is_goal, numbered = problem.successors, problem.is_goal, itertools.count().__next__
    step = step_of(h)
    best: dict[Board, float] = {start: 0.0}
    parents: dict[Board, tuple[Board, str] | None] = {start: None}  # the way back
    h_start = h(start)
    heap = [(h_start, h_start, numbered(), 0.0, start)]
    expanded = 0
    while heap:
        entry = heapq.heappop(heap)
        h_board, g, board = entry[1], entry[3], entry[4]
        if g <= best[board]:  # not stale
            if is_goal(board):
                return g, expanded
            expanded += 1
            for move, child, cost in successors(board):
                child_g = g + cost
                if child_g < best.get(child, math.inf):
                    best[child] = child_g
                    parents[child] = (board, move)
                    child_h = h(child) if step is None else step(board, h_board, child)
                    heapq.heappush(heap, (child_g + child_h, child_h, numbered(), child_g, child))
    raise ValueError("no solution")
