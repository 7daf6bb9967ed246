"""The CSP engine's compiled core: backtracking on binary CSPs, counting or finding the
first solution, with the same choices, the same tree and the same statistics as
``CSPSolutions``.

It runs a ``Network`` whose constraints are all binary and whose domains hold at most
62 values (each domain and each mask an int64): Sudoku up to 25×25, maps, N-queens up to
n = 62. Variable ordering static or MRV (ties to the first in the CSP's order), values
in the domain's order, inference none or forward checking, chronological backtracking:
the choices of the default and of the textbook's plain backtracking. The walk keeps one
frame per level in arrays (no recursion, as numba's cache wants) and undoes forward
checking with a trail. It counts expansions, values tried, assignments, consistency
checks and backtracks exactly as the Python engine does (a test compares them on many
CSPs), but reports no events and honours only a node limit: the Python engine serves
everything else (events, MAC, LCV, MRV + degree, backjumping, time limits, n-ary
constraints, every solution one at a time).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.algorithms.csp.network import Network, OffsetMasks, Union
from searchlab.algorithms.csp.search import Strategy
from searchlab.core.result import Stats
from searchlab.jit import njit

Ints = npt.NDArray[np.int64]

MAX_VALUES = 62
"""The largest domain the kernel takes (its masks are int64)."""

EXPANDED, GENERATED, ASSIGNMENTS, CHECKS, BACKTRACKS, DEPTH, STOPPED = range(7)


@njit("int64(int64)")
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit("int64(int64)")
def _lowest(x: int) -> int:
    index = 0
    while not x & 1:
        x >>= 1
        index += 1
    return index


@njit("boolean(int64, int64, int64[:], int64[:], int64[:], int64[:, :], int64[:])")
def _consistent(
    v: int, a: int, start: Ints, neighbour: Ints, assigned: Ints, masks: Ints, counters: Ints
) -> bool:
    """Whether value ``a`` of ``v`` agrees with every assigned neighbour (each test a
    consistency check, counted), as the Python engine tests it with no inference."""
    for k in range(start[v], start[v + 1]):
        b = assigned[neighbour[k]]
        if b >= 0:
            counters[CHECKS] += 1
            if masks[k, a] >> b & 1:
                return False
    return True


@njit(
    "int64(int64[:], int64[:], int64[:], int64[:, :], boolean, boolean, int64, int64, "
    "int64[:], int64[:])"
)
def search(
    root: Ints,
    start: Ints,
    neighbour: Ints,
    masks: Ints,
    mrv: bool,
    forward: bool,
    at_most: int,
    max_expanded: int,
    first: Ints,
    counters: Ints,
) -> int:
    """Count solutions up to ``at_most`` (0: all), stopping before the expansion past
    ``max_expanded`` (-1: no limit; ``counters[STOPPED]`` is then 1). Variable v's arcs
    are ``start[v]`` to ``start[v + 1]``: arc k leads to ``neighbour[k]`` and
    ``masks[k, a]`` is the values it rules out when v takes a. The first solution's
    value indices go to ``first``."""
    n = root.shape[0]
    dom = root.copy()
    assigned = np.full(n, -1, dtype=np.int64)
    trail_var = np.zeros(n * n + n + 1, dtype=np.int64)
    trail_old = np.zeros(n * n + n + 1, dtype=np.int64)
    top = 0
    frame_var = np.zeros(n + 1, dtype=np.int64)
    frame_untried = np.zeros(n + 1, dtype=np.int64)
    frame_mark = np.zeros(n + 1, dtype=np.int64)
    frame_value = np.full(n + 1, -1, dtype=np.int64)
    depth = 0
    found = 0
    descend = True
    while True:
        if descend:
            descend = False
            if depth == n:
                found += 1
                if found == 1:
                    first[:] = assigned
                if at_most > 0 and found >= at_most:
                    return found
                counters[BACKTRACKS] += 1
                if depth == 0:
                    return found
            else:
                if max_expanded >= 0 and counters[EXPANDED] >= max_expanded:
                    counters[STOPPED] = 1
                    return found
                x = -1
                if not mrv:
                    x = depth  # the static order: the CSP's own
                else:
                    best = 1 << 62
                    for v in range(n):
                        if assigned[v] < 0:
                            if forward:
                                size = _popcount(dom[v])
                            else:  # the legal values, each tested against the given ones
                                size = 0
                                d = dom[v]
                                while d:
                                    low = d & -d
                                    d ^= low
                                    a = _lowest(low)
                                    if _consistent(
                                        v, a, start, neighbour, assigned, masks, counters
                                    ):
                                        size += 1
                            if size < best:
                                best = size
                                x = v
                counters[EXPANDED] += 1
                if depth + 1 > counters[DEPTH]:
                    counters[DEPTH] = depth + 1
                frame_var[depth] = x
                frame_untried[depth] = dom[x]
                frame_mark[depth] = top
                frame_value[depth] = -1
                depth += 1
        level = depth - 1
        x = frame_var[level]
        if frame_value[level] >= 0:  # undo the value tried last
            mark = frame_mark[level]
            while top > mark:
                top -= 1
                dom[trail_var[top]] = trail_old[top]
            assigned[x] = -1
            frame_value[level] = -1
        if frame_untried[level] == 0:  # x's values are used up: go back
            counters[BACKTRACKS] += 1
            depth -= 1
            if depth == 0:
                return found
            continue
        low = frame_untried[level] & -frame_untried[level]
        frame_untried[level] ^= low
        a = _lowest(low)
        counters[GENERATED] += 1
        if not forward and not _consistent(x, a, start, neighbour, assigned, masks, counters):
            continue
        trail_var[top] = x
        trail_old[top] = dom[x]
        top += 1
        dom[x] = low
        assigned[x] = a
        frame_value[level] = a
        counters[ASSIGNMENTS] += 1
        if forward:
            wiped = False
            for k in range(start[x], start[x + 1]):
                y = neighbour[k]
                if assigned[y] >= 0:
                    continue
                d = dom[y]
                counters[CHECKS] += _popcount(d)
                m = masks[k, a]
                if d & m:
                    trail_var[top] = y
                    trail_old[top] = d
                    top += 1
                    dom[y] = d & ~m
                    if dom[y] == 0:
                        wiped = True
                        break
            if wiped:
                continue
        descend = True


@dataclass(frozen=True)
class Compiled:
    """A network in the kernel's arrays."""

    root: Ints
    start: Ints
    neighbour: Ints
    masks: Ints


def compile_network(network: Network) -> Compiled | None:
    """The kernel's arrays, or None when the network has a constraint over more than
    two variables or a domain of more than ``MAX_VALUES`` values."""
    if network.nary or any(len(values) > MAX_VALUES for values in network.values):
        return None
    widest = max((len(values) for values in network.values), default=1)
    start = [0]
    neighbour: list[int] = []
    rows: list[list[int]] = []
    for v in range(network.n):
        size = len(network.values[v])
        for y, relation in zip(network.neighbours[v], network.masks[v], strict=True):
            if not isinstance(relation, list | OffsetMasks | Union) and len(relation) > size:
                return None
            neighbour.append(y)
            rows.append([relation[a] for a in range(size)] + [0] * (widest - size))
        start.append(len(neighbour))
    masks = np.array(rows, dtype=np.int64).reshape(len(rows), widest)
    return Compiled(
        np.array(network.root, dtype=np.int64),
        np.array(start, dtype=np.int64),
        np.array(neighbour, dtype=np.int64),
        masks,
    )


def supports(strategy: Strategy) -> bool:
    """Whether the kernel walks ``strategy``'s tree."""
    return (
        strategy.variable_order in ("static", "mrv")
        and strategy.value_order == "static"
        and strategy.inference in ("none", "fc")
        and strategy.backtrack == "chronological"
        and strategy.preprocess == "none"
    )


@dataclass(frozen=True)
class KernelCount:
    """What the kernel found: solutions (up to ``at_most``), the first one's values by
    variable (None if there is none), whether it stopped at the node limit, and the
    statistics the Python engine would report."""

    count: int
    first: dict[Any, Any] | None
    stopped: bool
    stats: Stats
    at_most: int | None = None

    @property
    def complete(self) -> bool:
        """Whether ``count`` is every solution (not stopped by ``at_most`` or the limit)."""
        return not self.stopped and (self.at_most is None or self.count < self.at_most)


def run_kernel(
    network: Network,
    strategy: Strategy,
    *,
    at_most: int | None = None,
    max_expanded: int | None = None,
    compiled: Compiled | None = None,
) -> KernelCount:
    """Count (or find the first, ``at_most=1``) solutions with the compiled core; a
    ValueError if the network or the strategy is not one it takes (see the module
    docstring)."""
    if not supports(strategy):
        raise ValueError(f"the compiled core does not walk {strategy.label}")
    started = time.perf_counter()
    arrays = compiled or compile_network(network)
    if arrays is None:
        raise ValueError("the compiled core takes binary constraints and small domains only")
    setup = time.perf_counter() - started
    if not all(network.root):  # a domain empty from the start: nothing to search
        return KernelCount(0, None, False, Stats(setup_seconds=setup))
    counters = np.zeros(7, dtype=np.int64)
    first = np.full(network.n, -1, dtype=np.int64)
    started = time.perf_counter()
    found = search(
        arrays.root,
        arrays.start,
        arrays.neighbour,
        arrays.masks,
        strategy.variable_order == "mrv",
        strategy.inference == "fc",
        at_most or 0,
        -1 if max_expanded is None else max_expanded,
        first,
        counters,
    )
    seconds = time.perf_counter() - started
    stopped = bool(counters[STOPPED])
    stats = Stats(
        expanded=int(counters[EXPANDED]),
        generated=int(counters[GENERATED]),
        max_frontier=int(counters[DEPTH]),
        assignments=int(counters[ASSIGNMENTS]),
        checks=int(counters[CHECKS]),
        backtracks=int(counters[BACKTRACKS]),
        seconds=seconds,
        setup_seconds=setup,
    )
    values = None
    if found:
        csp = network.csp
        values = {var: network.values[i][int(first[i])] for i, var in enumerate(csp.variables)}
    return KernelCount(int(found), values, stopped, stats, at_most)


def load() -> float:
    """Load the compiled code (numba's cache) and say how long it took."""
    started = time.perf_counter()
    one = np.zeros(1, dtype=np.int64)
    search(
        one + 1,
        np.zeros(2, dtype=np.int64),
        one[:0],
        np.zeros((0, 1), dtype=np.int64),
        True,
        True,
        1,
        -1,
        one.copy(),
        np.zeros(7, dtype=np.int64),
    )
    return time.perf_counter() - started
