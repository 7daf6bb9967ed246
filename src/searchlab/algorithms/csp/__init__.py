"""Constraint satisfaction: a CSP model and the textbook's solvers over any CSP.

- ``model``: ``CSP`` (variables, finite domains, constraints, the neighbour index) and
  the constraints: any ``Predicate``, and the built-ins ``NotEqual``, ``AllDifferent``,
  ``LinearSum``;
- ``problem``: ``CSPState`` (a node of the search: values given, current domains) and
  ``CSPProblem`` (a CSP as a search problem, for the generic engine and the viewer);
- ``search``: backtracking (variable and value ordering, forward checking, MAC,
  conflict-directed backjumping) as a lazy stream of every solution;
- ``consistency``: AC-3 alone, as a preprocessor;
- ``local``: min-conflicts.

The solvers are registered with every other algorithm (``algorithms.registry``:
``csp-backtracking``, ``min-conflicts``), so a domain offers them by name.
"""

from searchlab.algorithms.csp.consistency import Propagation, ac3
from searchlab.algorithms.csp.local import min_conflicts
from searchlab.algorithms.csp.model import (
    CSP,
    AllDifferent,
    Constraint,
    LinearSum,
    NotEqual,
    Predicate,
)
from searchlab.algorithms.csp.problem import CSPProblem, CSPState
from searchlab.algorithms.csp.search import (
    CSPSolutions,
    Strategy,
    backtracking,
    count,
    count_solutions,
    solve,
)

__all__ = [
    "CSP",
    "AllDifferent",
    "CSPProblem",
    "CSPSolutions",
    "CSPState",
    "Constraint",
    "LinearSum",
    "NotEqual",
    "Predicate",
    "Propagation",
    "Strategy",
    "ac3",
    "backtracking",
    "count",
    "count_solutions",
    "min_conflicts",
    "solve",
]
