"""Plain-Python steepest-descent hill climbing on N-queens, the same climb the generic
engine makes with the column move and the seed's h2 ("attacks"), tie-break first.

Only strictly better successors are candidates; the first of the lowest is taken; the
climb stops when none is better. Successors are generated in the seed's order (new row
outer, queens in list order inner), so both climbs end on the same board.
"""

from __future__ import annotations

from searchlab.domains.queens.board import Queens
from searchlab.domains.queens.heuristics import attacks  # the same h: only the loop differs


def plain_climb(start: Queens) -> tuple[Queens, int]:
    """(final board, moves made)."""
    n = len(start)
    state = start
    value = attacks(state)
    moves = 0
    while value > 0:
        best = None
        best_value = value
        for new_row in range(1, n + 1):
            for index, (row, col) in enumerate(state):
                if row != new_row:
                    child = (*state[:index], (new_row, col), *state[index + 1 :])
                    child_value = attacks(child)
                    if child_value < best_value:
                        best, best_value = child, child_value
        if best is None:
            break
        state, value = best, best_value
        moves += 1
    return state, moves
