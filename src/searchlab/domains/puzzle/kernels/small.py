"""IDA* in plain Python for small 15- and 24-puzzle boards: the compiled kernel's search
(``ida.py``) node for node, without numba.

Loading numba and the kernel's cached machine code costs about a second of CPU, far
more than a board a few dozen moves from its goal needs. ``solve_15`` therefore tries
this first, up to ``SMALL_BUDGET`` expansions, while the kernel is not yet loaded in
the process; past the budget it runs the kernel from the start. Both make the same
moves in the same order, prune by the same values (a reflected database sum is read
only when the regular one does not prune, as in the kernel) and count nodes alike, so
the answer, its path and its counters are the kernel's own whichever ran.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from searchlab.domains.puzzle.kernels import layout
from searchlab.domains.puzzle.kernels.layout import Heuristic

SMALL_BUDGET = 20_000
"""Nodes the plain-Python IDA* may expand (over all its iterations) before ``solve_15``
hands the board to the compiled kernel: about a tenth of a second here, a board some 40
moves from its goal under pdb-663."""

Outcome = tuple[int, list[int], tuple[int, int, int]]
"""What ``ida_star`` returns: the length (or NOT_FOUND, LIMIT_REACHED), the moves (kernel
codes: 0 up, 1 down, 2 left, 3 right) and the counters (generated, expanded, iterations)."""


def _steps(width: int) -> list[list[int]]:
    """For each square of the blank, the square it moves to up, down, left and right
    (-1: off the board)."""
    n = width * width
    return [
        [
            cell - width if cell >= width else -1,
            cell + width if cell < n - width else -1,
            cell - 1 if cell % width else -1,
            cell + 1 if cell % width != width - 1 else -1,
        ]
        for cell in range(n)
    ]


def line_conflict(board: Sequence[int], goal_cell: Sequence[int], line: int, is_row: bool) -> int:
    """Twice the fewest tiles to take out of a row (or column) so that the tiles left
    that belong there stand in goal order (``ida.line_conflict``)."""
    width = math.isqrt(len(board))
    targets = []
    for j in range(width):
        tile = board[line * width + j if is_row else j * width + line]
        if tile:
            g = goal_cell[tile]
            if is_row and g // width == line:
                targets.append(g % width)
            elif not is_row and g % width == line:
                targets.append(g // width)
    longest = [1] * len(targets)  # longest increasing run ending at each
    for j in range(len(targets)):
        for i in range(j):
            if targets[i] < targets[j] and longest[i] + 1 > longest[j]:
                longest[j] = longest[i] + 1
    return 2 * (len(targets) - max(longest, default=0))


class _Search:
    """One board's IDA*: the board, its heuristic kept up to date move by move, and the
    counters, as the kernel keeps them."""

    def __init__(self, board: Sequence[int], heuristic: Heuristic, order: Sequence[int]):
        goal_cells, mode, tables, slots, offset = heuristic
        self.cells = [int(tile) for tile in board]
        self.width = math.isqrt(len(self.cells))
        self.goal_cell: list[int] = goal_cells.tolist()
        self.mode = int(mode)
        self.databases = self.mode >= layout.PATTERN_DB
        self.reflected = self.mode == layout.REFLECTED_DB
        self.tables = tables.data  # a memoryview: an int per byte read, no numpy scalar
        self.views: list[list[list[int]]] = slots.tolist()
        self.offset: list[int] = offset.tolist()
        self.order = [int(direction) for direction in order]
        self.steps = _steps(self.width)
        self.generated = self.expanded = 0

    # -- the heuristic from scratch ---------------------------------------------------
    def _ranks(self, view: list[list[int]], index: list[int]) -> None:
        """``ida._ranks``: the ranks of the tables ``view`` reads, into ``index``."""
        group, weight, cell_map = view
        cells = self.cells
        for tile in cells:
            if tile:
                index[group[tile]] = 0
        for cell, tile in enumerate(cells):
            if not tile:
                continue
            digit = cell_map[cell]
            for other_cell, other in enumerate(cells):
                if (
                    other
                    and group[other] == group[tile]
                    and weight[other] > weight[tile]
                    and cell_map[other_cell] < cell_map[cell]
                ):
                    digit -= 1
            index[group[tile]] += digit * weight[tile]

    def evaluate(self, index: list[int], mirrored: int) -> int:
        """``ida.evaluate``: the heuristic of the board as it stands."""
        if self.databases:
            self._ranks(self.views[mirrored], index)
            half = len(self.offset) // 2
            first = half if mirrored else 0
            count = half if self.reflected else len(self.offset)
            return sum(self.tables[self.offset[g] + index[g]] for g in range(first, first + count))
        width, cells = self.width, self.cells
        h = 0
        for cell, tile in enumerate(cells):
            if tile:
                goal = self.goal_cell[tile]
                h += abs(cell // width - goal // width) + abs(cell % width - goal % width)
        if self.mode == layout.LINEAR_CONFLICT:
            for line in range(width):
                h += line_conflict(cells, self.goal_cell, line, True)
                h += line_conflict(cells, self.goal_cell, line, False)
        return h

    # -- one iteration ----------------------------------------------------------------
    def iterate(self, threshold: int, max_expanded: int, moves: list[int]) -> tuple[int, int]:
        """One iteration below ``threshold`` (``ida._compiled``'s kernel at the root):
        the length found (its moves into ``moves``), NOT_FOUND or LIMIT_REACHED, and the
        next threshold (1 << 30 if none)."""
        cells, goal_cell, width, steps = self.cells, self.goal_cell, self.width, self.steps
        order, databases, reflected = self.order, self.databases, self.reflected
        tables, offset = self.tables, self.offset
        linear = self.mode == layout.LINEAR_CONFLICT
        index = [0] * max(len(offset), 1)
        h0 = self.evaluate(index, 0)
        h0_mirror = self.evaluate(index, 1) if reflected else 0
        group, weight, _ = self.views[0]
        mirror_group, mirror_weight, mirror = self.views[1]
        same = [0] * max(len(offset), 1)  # each table's tiles' cells, in its frame
        if databases:
            for cell, tile in enumerate(cells):
                if tile:
                    same[group[tile]] |= 1 << cell
                    if reflected:
                        same[mirror_group[tile]] |= 1 << mirror[cell]
        rows = [line_conflict(cells, goal_cell, line, True) for line in range(width * linear)]
        columns = [line_conflict(cells, goal_cell, line, False) for line in range(width * linear)]
        taken = [0] * layout.MAX_DEPTH
        next_threshold = 1 << 30
        self.expanded += 1

        def rank_step(
            view_weight: list[int],
            cell_map: list[int],
            mask: int,
            tile: int,
            source: int,
            target: int,
        ) -> int:
            """``pdb_build.rank_step`` on the board as it stands."""
            p, q = cell_map[source], cell_map[target]
            own = view_weight[tile]
            change = own * (q - p)
            if q > p:
                passed, step = mask & ((1 << q) - (1 << (p + 1))), 1
            else:
                passed, step = mask & ((1 << p) - (1 << (q + 1))), -1
            while passed:
                low = passed & -passed
                passed ^= low
                other = view_weight[cells[cell_map[low.bit_length() - 1]]]
                change += -step * own if other > own else step * other
            return change

        def down(depth: int, blank: int, last: int, h: int, h_mirror: int) -> int:
            nonlocal next_threshold
            for direction in order:
                if last >= 0 and last ^ 1 == direction:
                    continue
                target = steps[blank][direction]
                if target < 0:
                    continue
                self.generated += 1
                tile = cells[target]
                child_mirror = mirror_step = step = 0
                if databases:
                    g = group[tile]
                    step = rank_step(weight, range_cells, same[g], tile, target, blank)
                    base = offset[g] + index[g]
                    child = h + tables[base + step] - tables[base]
                    if reflected and depth + 1 + child <= threshold:
                        m = mirror_group[tile]
                        mirror_step = rank_step(mirror_weight, mirror, same[m], tile, target, blank)
                        base = offset[m] + index[m]
                        child_mirror = h_mirror + tables[base + mirror_step] - tables[base]
                else:
                    goal = goal_cell[tile]
                    child = (
                        h
                        + abs(blank // width - goal // width)
                        + abs(blank % width - goal % width)
                        - abs(target // width - goal // width)
                        - abs(target % width - goal % width)
                    )
                    if linear:
                        cells[blank], cells[target] = tile, 0
                        lines, a, b = (
                            (rows, blank // width, target // width)
                            if direction < 2
                            else (columns, blank % width, target % width)
                        )
                        new_a = line_conflict(cells, goal_cell, a, direction < 2)
                        new_b = line_conflict(cells, goal_cell, b, direction < 2)
                        child += new_a + new_b - lines[a] - lines[b]
                        cells[target], cells[blank] = tile, 0
                f = depth + 1 + max(child, child_mirror)
                if f > threshold:
                    next_threshold = min(next_threshold, f)
                    continue
                cells[blank], cells[target] = tile, 0  # make the move
                if databases:
                    g = group[tile]
                    index[g] += step
                    same[g] ^= (1 << blank) | (1 << target)
                    if reflected:
                        m = mirror_group[tile]
                        index[m] += mirror_step
                        same[m] ^= (1 << mirror[blank]) | (1 << mirror[target])
                elif linear:
                    saved = lines[a], lines[b]
                    lines[a], lines[b] = new_a, new_b
                taken[depth] = direction
                if child == 0:
                    moves[:] = taken[: depth + 1]
                    return depth + 1
                self.expanded += 1
                if 0 < max_expanded < self.expanded:
                    return layout.LIMIT_REACHED
                if depth + 1 < layout.MAX_DEPTH - 1:
                    found = down(depth + 1, target, direction, child, child_mirror)
                    if found != layout.NOT_FOUND:
                        return found
                cells[target], cells[blank] = tile, 0  # undo it
                if databases:
                    index[g] -= step
                    same[g] ^= (1 << blank) | (1 << target)
                    if reflected:
                        index[m] -= mirror_step
                        same[m] ^= (1 << mirror[blank]) | (1 << mirror[target])
                elif linear:
                    lines[a], lines[b] = saved
            return layout.NOT_FOUND

        range_cells = list(range(len(cells)))
        found = down(0, cells.index(0), -1, h0, h0_mirror)
        return found, next_threshold


def ida_star(
    board: Sequence[int],
    heuristic: Heuristic,
    order: Sequence[int],
    *,
    max_expanded: int,
    iteration: Callable[[int, int], None] | None = None,
) -> Outcome:
    """Solve ``board`` as ``ida.ida_star`` does (the same arguments: ``heuristic`` is
    ``ida.HEURISTIC``'s tuple, ``order`` the move codes in the order tried), in plain
    Python: its length (NOT_FOUND, or LIMIT_REACHED past ``max_expanded`` expansions,
    0 for no limit), moves and (generated, expanded, iterations), node for node the
    kernel's. ``iteration(threshold, generated)`` hears after each iteration.

    Examples:
        >>> import numpy as np
        >>> from searchlab.domains.puzzle.kernels.layout import MANHATTAN
        >>> goal_cells = np.array([15, *range(15)])
        >>> tables = np.zeros(1, np.uint8)
        >>> slots, offset = np.zeros((2, 3, 16), np.int64), np.zeros(0, np.int64)
        >>> heuristic = (goal_cells, MANHATTAN, tables, slots, offset)
        >>> one_move = [*range(1, 15), 0, 15]
        >>> ida_star(one_move, heuristic, [0, 2, 3, 1], max_expanded=0)
        (1, [3], (3, 1, 1))
    """
    search = _Search(board, heuristic, order)
    index = [0] * max(len(search.offset), 1)
    threshold = search.evaluate(index, 0)
    if threshold == 0:
        return 0, [], (0, 0, 0)
    if search.reflected:
        threshold = max(threshold, search.evaluate(index, 1))
    iterations = 0
    moves: list[int] = []
    while True:
        iterations += 1
        found, following = search.iterate(threshold, max_expanded, moves)
        if iteration is not None:
            iteration(threshold, search.generated)
        if found != layout.NOT_FOUND or following >= 1 << 30:
            return found, moves, (search.generated, search.expanded, iterations)
        threshold = following
