"""N-queens: seed 002's backtracking and seed 000's hill climbing on the generic engine,
plus min-conflicts for large n.

Notation: a board is n queens as 1-based (row, column) pairs in list order
(``[(1,1),(4,2),...]``) or one column per row (``[1,5,8,6,3,7,2,4]``).
"""

from searchlab.domains.queens.backtracking import (
    Columns,
    PlacementProblem,
    count_solutions_generic,
    last_queen_safe,
    solutions,
)
from searchlab.domains.queens.board import (
    SEED_CASES,
    Board,
    Queens,
    Square,
    columns_board,
    format_board,
    format_queens,
    parse_board,
    random_board,
)
from searchlab.domains.queens.climb import (
    ClimbProblem,
    climb,
    climb_trial,
    summarize_trials,
    trial_seeds,
)
from searchlab.domains.queens.conflicts import MinConflictsResult, min_conflicts
from searchlab.domains.queens.heuristics import (
    HEURISTICS,
    attackers,
    attacking_pairs,
    attacks,
    is_solution,
    line_counts,
)
from searchlab.domains.queens.moves import MOVES, Move, MoveOperator

__all__ = [
    "HEURISTICS",
    "MOVES",
    "SEED_CASES",
    "Board",
    "ClimbProblem",
    "Columns",
    "MinConflictsResult",
    "Move",
    "MoveOperator",
    "PlacementProblem",
    "Queens",
    "Square",
    "attackers",
    "attacking_pairs",
    "attacks",
    "climb",
    "climb_trial",
    "columns_board",
    "count_solutions_generic",
    "format_board",
    "format_queens",
    "is_solution",
    "last_queen_safe",
    "line_counts",
    "min_conflicts",
    "parse_board",
    "random_board",
    "solutions",
    "summarize_trials",
    "trial_seeds",
]
