"""The route family's names and caps, kept apart from the numpy modules so that the
domain's descriptor (read by ``searchlab --help``) imports nothing heavy."""

from __future__ import annotations

MAX_GENERATED = 20_000_000
"""The most nodes a generated road graph may have."""
MAX_SIDE = 8192
"""The widest and tallest grid map read or generated (Moving AI's largest are 8192)."""
MAX_LANDMARKS = 64
"""The most landmarks: 64 tables of n distances each (twice that on a directed graph)."""
SELECTIONS = ("farthest", "random")
BUILD_BYTES = {"road": 650, "maze": 170, "rooms": 580, "grid": 800}
"""Bytes at the peak of building a generated graph and the lists the generic engine
steps on, per node (a grid's: per cell), measured with tracemalloc (road 571, maze 149,
rooms 508, an open grid 735) plus a margin: the viewer refuses a graph past its memory,
and the command line one past --max-memory, before building it."""
BUILD_SECONDS = {"road": 3e-6, "maze": 1e-5, "rooms": 3e-6, "grid": 3e-6}
"""Seconds of building, per node or cell, lists included (measured 2.4, 1.9 to 7.5,
1.6 and 2.4 µs on two busy cores), so that a graph that cannot be built in a run's
seconds is refused up front."""
LANDMARK_SECONDS = 1e-6
"""Seconds of one landmark's table, per node (measured 0.3 to 0.4 µs, compiled)."""
"""How landmarks are chosen."""

HEURISTIC_SUMMARIES = {
    "straight-line": "the straight line to the goal on the coordinates (AIMA's table of "
    "distances to Bucharest on Romania), times the least weight/length ratio of any arc",
    "great-circle": "the great-circle distance in metres on longitude/latitude, times the "
    "least weight/length ratio of any arc",
    "manhattan": "|dx| + |dy| to the goal, times the least weight/length ratio (4-connected grids)",
    "octile": "max(|dx|,|dy|) + (√2−1)·min(|dx|,|dy|): exact on an open 8-connected grid",
    "landmarks": "ALT: the triangle inequality over precomputed distances to and from a "
    "few landmarks",
}


def describe_specs() -> str:
    """How a graph is named, with the caps."""
    return (
        f"romania; road:N[:SEED] (a road-like graph of N ≤ {MAX_GENERATED:,} nodes); "
        f"maze:W:H[:SEED] and rooms:W:H[:SEED] (grids of at most {MAX_SIDE:,} cells a side, "
        "50,000,000 in all); "
        f"each within --max-memory ({min(BUILD_BYTES.values())} to {max(BUILD_BYTES.values())} "
        "bytes a node or cell: a larger one is refused before it is built); "
        "grid:ROWS (a grid inline: rows of . and @ joined by /, at most 512 a side); "
        "or a file: .gr (DIMACS, with its .co), .csv (edge list, with NAME.coords.csv), "
        ".graphml, .npz (searchlab's arrays), .map (Moving AI grid)"
    )


NODE_BYTES = 96
"""Bytes per node of a graph read from a file, at the peak of reading: its offsets, its
coordinates, the counts by tail and the kernel's workspace (with ``ARC_BYTES``: 623
bytes a node measured by tracemalloc on a road graph's .gr and .co, and some 770 MB more
resident than at start solving a million-node one; priced 768)."""
ARC_BYTES = 112
"""Bytes per arc of a graph read from a file, at the peak of reading: the parsed rows,
the tails and heads as whole numbers, the sort, and the arrays kept."""
WRITE_BYTES = 1300
"""Bytes per node at the peak of ``route generate road`` writing DIMACS (the arcs as
Python lists and lines of text), on top of building the graph."""


def graph_bytes(nodes: int, arcs: int) -> int:
    """About the peak memory of reading a graph of ``nodes`` and ``arcs`` from a file."""
    return nodes * NODE_BYTES + arcs * ARC_BYTES


def landmark_bytes(nodes: int, tables: int) -> int:
    """About the peak memory of ``tables`` landmark tables on ``nodes`` nodes: the rows,
    the stacked tables and the rows again while stacking, and the kernel's workspace."""
    return nodes * (3 * 8 * tables + 48)
