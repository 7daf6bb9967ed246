"""The effective branching factor b* (AIMA 3.6.1): the branching factor a uniform tree
of depth d would need to hold N + 1 nodes, N + 1 = 1 + b* + b*² + … + b*^d.

It turns a count of generated nodes into a number that stays roughly constant across
depths for a given heuristic, so heuristics compare at a glance.
"""

from __future__ import annotations

import math

from searchlab.core.errors import InputError


def tree_size(b: float, depth: int) -> float:
    """1 + b + … + b^depth."""
    if b == 1.0:
        return float(depth + 1)
    return (b ** (depth + 1) - 1.0) / (b - 1.0)


def effective_branching_factor(generated: float, depth: int, *, tolerance: float = 1e-9) -> float:
    """b* for ``generated`` nodes at solution depth ``depth`` (NaN when depth is 0: any b fits).

    Solved by bisection on [0, max(1, (N + 1)^(1/d))]: the tree size grows strictly with
    b > 0, and at b = (N + 1)^(1/d) its last term alone is N + 1.
    """
    if depth < 0:
        raise InputError(f"depth must be 0 or more, not {depth}")
    if not (generated >= 0 and math.isfinite(generated)):
        raise InputError(f"the number of nodes must be 0 or more, not {generated}")
    if depth == 0:
        return math.nan
    target = generated + 1.0
    low, high = 0.0, max(1.0, math.pow(target, 1.0 / depth))
    while high - low > tolerance * max(1.0, high):
        middle = (low + high) / 2.0
        if tree_size(middle, depth) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0
