"""What the kernels and the code around them share without compiling anything: the
modes of the IDA*'s heuristic, its return codes, and the rows of a pattern-database
view with the weights of a rank. Loading cached databases (``pdb``) and the plain-Python
IDA* for small boards (``small``) read these, so neither imports numba."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

MANHATTAN = 0
LINEAR_CONFLICT = 1
PATTERN_DB = 2
REFLECTED_DB = 3
"""The heuristic's modes (``ida.HEURISTIC``'s second field)."""

MAX_DEPTH = 256  # no 15-puzzle needs more than 80 moves, no 24-puzzle more than 205
NOT_FOUND = -1
LIMIT_REACHED = -2

Heuristic = tuple[
    npt.NDArray[np.int64], int, npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64]
]
"""The IDA*'s heuristic, one argument (``ida.HEURISTIC``): the goal square of each tile,
the mode, and for databases the tables end to end, the slots and the tables' offsets."""

GROUP = 0
WEIGHT = 1
CELL = 2
"""The rows of a view (``pdb_build.rank_step``): per tile its pattern and weight, per
cell its cell in the table's frame."""


def weights_for(k: int, cells: int) -> npt.NDArray[np.int64]:
    """Each tile's weight in the rank: the product of the radices (cells, cells - 1,
    …) of the tiles after it."""
    weights = np.ones(k, dtype=np.int64)
    for i in range(k - 2, -1, -1):
        weights[i] = weights[i + 1] * (cells - i - 1)
    return weights
