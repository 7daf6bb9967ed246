"""Jump point search beside the compiled A* (issue 30): random queries on generated
grid maps of 512×512 cells and more, the kind Moving AI's benchmark sets hold (rooms
of 8 and 32 cells; mazes of corridors 1, 4 and 8 cells wide), 8-connected without
corner cutting. Both searches answer the very same queries in turn (CPU time of each
query, alternating, so that the shared machine's load falls on both alike), and every
length JPS finds is checked against A*'s.

The peer is searchlab's own compiled A* (numba, the octile estimate, the kernel of
``benchmarks --only routes``), which that workload sets beside networkx and SciPy.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from benchmarks.harness import Section, clock, ratio, seconds, verdict

if TYPE_CHECKING:
    from searchlab.domains.routes.grid import GridMap


def _maps(quick: bool) -> list[tuple[str, str, Callable[[], GridMap]]]:
    """(label, kind, maker) of each map: sizes of 512 cells a side and more (256 when
    quick)."""
    from searchlab.domains.routes.grid import maze, rooms, widened

    side = 256 if quick else 512
    rng = random.Random
    return [
        ("rooms of 8", "rooms", lambda: rooms(side, side, 8, rng(1))),
        ("rooms of 32", "rooms", lambda: rooms(side, side, 32, rng(2))),
        ("maze, corridors 1 wide", "maze", lambda: maze(side // 2 - 1, side // 2 - 1, rng(3))),
        ("maze, corridors 4 wide", "maze", lambda: widened(maze(side // 8, side // 8, rng(4)), 4)),
        ("maze, corridors 8 wide", "maze", lambda: widened(maze(*(side // 16,) * 2, rng(5)), 8)),
        ("rooms of 16, twice the side", "rooms", lambda: rooms(2 * side, 2 * side, 16, rng(6))),
    ]


def jps_section(quick: bool, runs: int) -> Section:
    from searchlab.domains.routes import kernel
    from searchlab.domains.routes.jump import JumpSpace
    from searchlab.domains.routes.problem import build_estimate

    queries = 20 if quick else 100
    table = Section(
        "Routes: jump point search against the compiled A* on grid maps",
        ["map", "cells", "queries", "A* per query", "JPS per query", "JPS vs A*",
         "A* expanded", "JPS expanded", "agree"],
    )  # fmt: skip
    table.notes.append(
        f"{queries} random queries between connected free cells per map (seed 2026), each "
        "answered by the compiled A* (octile estimate) and by jump point search in turn; "
        "CPU time per query, the means. Maps by searchlab.domains.routes.grid (maze: "
        "a depth-first perfect maze, widened for wider corridors; rooms: square rooms with "
        "a door in each wall). 'agree': JPS's lengths equal to A*'s within 1e-9."
    )
    speedups: dict[str, list[float]] = {"rooms": [], "maze": []}
    for label, kind, make in _maps(quick):
        grid = make()
        graph = grid.graph()
        arrays = (graph.indptr, graph.indices, graph.weights)
        space = kernel.Workspace(graph.n)
        jumps = JumpSpace(grid)
        ys, xs = np.nonzero(grid.passable)
        cells = (ys * grid.width + xs).tolist()
        rng = random.Random(2026)
        a_times: list[float] = []
        j_times: list[float] = []
        a_expanded: list[int] = []
        j_expanded: list[int] = []
        agree = 0
        jumps.search(cells[0], cells[0])  # numba's cache loaded before any clock
        kernel.search(arrays, space, cells[0], cells[0])
        while len(a_times) < queries:
            source, target = rng.choice(cells), rng.choice(cells)
            scale = build_estimate("octile", graph, target).scale
            started = clock()
            found = kernel.search(
                arrays, space, source, target, mode="octile", xy=graph.coords, scale=scale
            )
            spent = clock() - started
            if found != "found":
                continue  # rooms' doors may wall a cell in: queries join connected cells
            a_times.append(spent)
            a_expanded.append(space.expanded)
            started = clock()
            jumped = jumps.search(source, target)
            j_times.append(clock() - started)
            j_expanded.append(jumps.expanded)
            agree += jumped == "found" and abs(jumps.length - float(space.dist[target])) <= 1e-9
        assert agree == queries, f"{label}: JPS disagrees with A* on {queries - agree} queries"
        a_mean, j_mean = statistics.mean(a_times), statistics.mean(j_times)
        speedups[kind].append(a_mean / j_mean)
        table.add(
            label,
            f"{grid.width}×{grid.height}",
            queries,
            seconds(a_mean),
            seconds(j_mean),
            ratio(a_mean, j_mean),
            f"{statistics.mean(a_expanded):,.0f}",
            f"{statistics.mean(j_expanded):,.0f}",
            f"{agree}/{queries}",
        )
    for kind, measured in speedups.items():
        verdict(
            f"jump point search at least 10× the compiled A* per query on {kind} maps of "
            "512×512 and more",
            ", ".join(f"{s:.1f}×" for s in measured),
            min(measured) >= 10,
        )
    return table
