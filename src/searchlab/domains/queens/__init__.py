"""N-queens: seed 002's backtracking and seed 000's hill climbing on the generic engine,
plus ``repair`` (min-conflicts, or the compiled swap repair) for large n.

Notation: a board is n queens as 1-based (row, column) pairs in list order
(``[(1,1),(4,2),...]``) or one column per row (``[1,5,8,6,3,7,2,4]``).
"""

import importlib
from typing import TYPE_CHECKING, Any

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
from searchlab.domains.queens.cases import VARIANTS, cases_rows, run_case, variant_name
from searchlab.domains.queens.climb import (
    ClimbProblem,
    climb,
    climb_trial,
    random_climb_start,
    summarize_trials,
)
from searchlab.domains.queens.engines import KERNEL_FROM_N, MAX_REPAIR_N, choose_engine
from searchlab.domains.queens.heuristics import (
    HEURISTICS,
    attackers,
    attacking_pairs,
    attacks,
    is_solution,
    line_counts,
)
from searchlab.domains.queens.moves import MOVES, Move, MoveOperator

if TYPE_CHECKING:
    from searchlab.domains.queens.repair import MinConflictsResult

_REPAIR = ("MinConflictsResult",)


def __getattr__(name: str) -> Any:
    """The repair's result type, imported on first use: the repair needs numpy, which
    the commands that only list or describe the domain (``--help``) should not load."""
    if name in _REPAIR:
        module = importlib.import_module("searchlab.domains.queens.repair")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HEURISTICS",
    "KERNEL_FROM_N",
    "MAX_REPAIR_N",
    "MOVES",
    "SEED_CASES",
    "VARIANTS",
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
    "cases_rows",
    "choose_engine",
    "climb",
    "climb_trial",
    "columns_board",
    "count_solutions_generic",
    "format_board",
    "format_queens",
    "is_solution",
    "last_queen_safe",
    "line_counts",
    "parse_board",
    "random_board",
    "random_climb_start",
    "run_case",
    "solutions",
    "summarize_trials",
    "variant_name",
]
