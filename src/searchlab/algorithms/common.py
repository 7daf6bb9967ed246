"""Small pieces every algorithm shares: cost checks, interrupts, paths."""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from searchlab.core.errors import NegativeCostError, SearchInterrupted
from searchlab.core.limits import Budget
from searchlab.core.problem import M, S

T = TypeVar("T")


def check_cost(cost: float, state: Any, move: Any) -> None:
    """Refuse a negative arc (or a NaN): every algorithm here assumes costs of 0 or more."""
    if cost != cost:
        raise NegativeCostError(
            f"the problem produced the cost NaN for move {move!r} from state {state!r}: "
            "a cost must be a number 0 or more"
        )
    if not cost >= 0:
        raise NegativeCostError(
            f"the problem produced a negative cost {cost} for move {move!r} from state {state!r}"
        )


@contextmanager
def interruptible(budget: Budget) -> Iterator[None]:
    """Stop the clock on the way out, and turn Ctrl-C into ``SearchInterrupted``
    carrying the statistics so far."""
    try:
        yield
    except KeyboardInterrupt as interrupt:
        budget.stop_clock()
        if isinstance(interrupt, SearchInterrupted):
            raise
        raise SearchInterrupted(budget.stats) from None
    finally:
        budget.stop_clock()


def walk_back(parents: dict[S, tuple[S, M] | None], last: S) -> tuple[tuple[S, ...], tuple[M, ...]]:
    """Rebuild the path to ``last`` from a dict of parent links (None at the root)."""
    states: list[S] = [last]
    moves: list[M] = []
    link = parents[last]
    while link is not None:
        parent, move = link
        states.append(parent)
        moves.append(move)
        link = parents[parent]
    states.reverse()
    moves.reverse()
    return tuple(states), tuple(moves)


def heap_head(heap: list[T], count: int) -> list[T]:
    """The ``count`` least items of a binary heap in order, the heap left as it is: a
    second small heap walks down from the root, so it takes O(count log count) however
    large the heap (items must be comparable without ties reaching uncomparable parts)."""
    if not heap or count <= 0:
        return []
    head: list[T] = []
    walk: list[tuple[T, int]] = [(heap[0], 0)]
    while walk and len(head) < count:
        item, index = heapq.heappop(walk)
        head.append(item)
        for child in (2 * index + 1, 2 * index + 2):
            if child < len(heap):
                heapq.heappush(walk, (heap[child], child))
    return head
