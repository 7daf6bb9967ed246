"""aima-python's problems and CSPs, searched by searchlab without a line changed.

aima-python (the code of Russell and Norvig's *Artificial Intelligence: A Modern
Approach*) writes a problem as ``initial``, ``actions(state)``, ``result(state,
action)``, ``goal_test(state)``, ``path_cost(c, state1, action, state2)`` (the cost so
far plus the step's) and, for the informed searches, ``h(node)``, which reads
``node.state``. ``AimaProblem`` turns that into searchlab's protocol: a successor is
``(action, result, path_cost(0, …))`` and ``h`` is given a node holding the state.

An aima CSP is ``variables``, ``domains`` (a dict, or aima's ``UniversalDict``: one
domain for every variable), ``neighbors`` and one function ``constraints(A, a, B, b)``
that says whether A = a and B = b agree. ``aima_csp`` lists one constraint per pair of
neighbours, holding when the function agrees in every direction the neighbours name
(as aima's own ``goal_test`` asks), and returns a ``CSPProblem`` every searchlab CSP
solver takes. aima's bookkeeping (``nconflicts``, ``curr_domains``, ``nassigns``) is
not used, so the object is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from searchlab.algorithms.csp.model import CSP, Constraint, Predicate
from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.core.checked import describe
from searchlab.core.errors import ProblemError

PROBLEM_MEMBERS = ("initial", "actions", "result", "goal_test")
CSP_MEMBERS = ("variables", "domains", "neighbors", "constraints")


class Node:
    """What aima's ``h(node)`` reads: the ``state`` (at the root of a path of its own:
    no parent, no action, cost and depth 0, as aima's ``Node(state)``)."""

    __slots__ = ("action", "depth", "parent", "path_cost", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.parent: Node | None = None
        self.action: Any = None
        self.path_cost = 0
        self.depth = 0

    def __repr__(self) -> str:
        return f"<Node {self.state}>"


def _missing(thing: Any, members: tuple[str, ...]) -> list[str]:
    return [member for member in members if not hasattr(thing, member)]


class AimaProblem:
    """An aima ``Problem`` as a searchlab problem (see the module docstring).

    Args:
        problem: the aima problem, used as it is.

    Raises:
        ProblemError: it lacks ``initial``, ``actions``, ``result`` or ``goal_test``.

    Examples:
        A problem written in aima's style: walk from 0 to 3, one step at a time.

        >>> class Walk:
        ...     initial, goal = 0, 3
        ...     def actions(self, state): return ["+1", "-1"]
        ...     def result(self, state, action): return state + int(action)
        ...     def goal_test(self, state): return state == self.goal
        ...     def path_cost(self, c, state1, action, state2): return c + 1
        ...     def h(self, node): return abs(self.goal - node.state)
        >>> from searchlab import astar
        >>> walk = AimaProblem(Walk())
        >>> found = astar(walk, walk.h)
        >>> found.moves, found.cost
        (('+1', '+1', '+1'), 3.0)
    """

    def __init__(self, problem: Any) -> None:
        missing = _missing(problem, PROBLEM_MEMBERS)
        if missing:
            raise ProblemError(
                f"{type(problem).__name__} has no {', no '.join(missing)}: an aima problem "
                "needs initial, actions(state), result(state, action) and goal_test(state)"
            )
        self.problem = problem
        self.unit_costs = not hasattr(problem, "path_cost")
        if callable(getattr(problem, "h", None)):
            self.heuristics = {"h": self.h}

    @property
    def initial(self) -> Hashable:
        initial: Hashable = self.problem.initial
        return initial

    def successors(self, state: Hashable) -> Iterator[tuple[Any, Hashable, float]]:
        """``(action, result(state, action), path_cost(0, state, action, result))`` for
        each action aima lists, in its order."""
        problem = self.problem
        path_cost: Callable[..., float] | None = getattr(problem, "path_cost", None)
        actions = problem.actions(state)
        try:
            actions = iter(actions)
        except TypeError:
            raise ProblemError(
                f"actions({describe(state)}) returned {describe(actions)}: it must return "
                "the actions possible there (a list, or yield them)"
            ) from None
        for action in actions:
            child = problem.result(state, action)
            cost = 1 if path_cost is None else path_cost(0, state, action, child)
            yield action, child, cost

    def is_goal(self, state: Hashable) -> bool:
        return bool(self.problem.goal_test(state))

    def h(self, state: Hashable) -> float:
        """aima's ``h``, given a node holding ``state``."""
        value: float = self.problem.h(Node(state))
        return value

    def __repr__(self) -> str:
        return f"<aima problem {type(self.problem).__name__} from {self.initial!r}>"


def aima_csp(csp: Any, *, name: str = "") -> CSPProblem:
    """An aima ``CSP`` as a searchlab ``CSPProblem`` (see the module docstring).

    Args:
        csp: the aima CSP (``variables``, ``domains``, ``neighbors``, ``constraints``).
        name: what messages and drawings call it (default: its class name).

    Returns:
        A ``CSPProblem``: give it to ``solve``, ``count``, ``backtracking``, ``ac3``,
        ``min_conflicts``, or a search such as ``depth_first``.

    Raises:
        ProblemError: a member is missing, or a neighbour is not a variable.
        InputError: a variable's domain is empty.

    Examples:
        aima's map of Australia in three colours (its ``MapColoringCSP`` builds the
        same object), then every colouring counted:

        >>> class AustraliaCSP:
        ...     variables = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
        ...     domains = {var: ["R", "G", "B"] for var in variables}
        ...     neighbors = {"WA": ["NT", "SA"], "NT": ["WA", "SA", "Q"],
        ...                  "SA": ["WA", "NT", "Q", "NSW", "V"], "Q": ["NT", "SA", "NSW"],
        ...                  "NSW": ["Q", "SA", "V"], "V": ["SA", "NSW"], "T": []}
        ...     @staticmethod
        ...     def constraints(A, a, B, b): return a != b
        >>> from searchlab.algorithms.csp import count, solve
        >>> australia = aima_csp(AustraliaCSP())
        >>> solve(australia)
        {'WA': 'R', 'NT': 'G', 'SA': 'B', 'Q': 'R', 'NSW': 'G', 'V': 'R', 'T': 'R'}
        >>> count(australia)
        18
    """
    missing = _missing(csp, CSP_MEMBERS)
    if missing:
        raise ProblemError(
            f"{type(csp).__name__} has no {', no '.join(missing)}: an aima CSP needs "
            "variables, domains, neighbors and constraints(A, a, B, b)"
        )
    check: Callable[[Any, Any, Any, Any], Any] = csp.constraints
    if not callable(check):
        raise ProblemError("an aima CSP's constraints must be a function f(A, a, B, b)")
    variables = list(csp.variables)
    known = set(variables)
    directions: dict[tuple[Any, Any], list[bool]] = {}  # pair -> [A→B named, B→A named]
    for var in variables:
        for other in csp.neighbors[var]:
            if other == var:
                continue  # aima's NQueensCSP lists every variable, itself included
            if other not in known:
                raise ProblemError(f"the neighbour {other!r} of {var!r} is not a variable")
            if (other, var) in directions:
                directions[other, var][1] = True
            else:
                directions.setdefault((var, other), [False, False])[0] = True
    constraints: list[Constraint] = [
        Predicate((a_var, b_var), _agree(check, a_var, b_var, *named), "aima constraint")
        for (a_var, b_var), named in directions.items()
    ]
    domains = {var: list(csp.domains[var]) for var in variables}
    return CSPProblem(CSP(domains, constraints, name=name or type(csp).__name__))


def _agree(
    check: Callable[[Any, Any, Any, Any], Any], a_var: Any, b_var: Any, forward: bool, back: bool
) -> Callable[[Any, Any], bool]:
    """The test of one pair: ``check`` in each direction the neighbours name."""

    def holds(a: Any, b: Any) -> bool:
        return bool(
            (not forward or check(a_var, a, b_var, b)) and (not back or check(b_var, b, a_var, a))
        )

    return holds


def adapt(thing: Any) -> AimaProblem | CSPProblem:
    """An aima CSP as a ``CSPProblem``, any other aima problem as an ``AimaProblem``
    (an aima CSP is also a problem: its CSP members decide).

    Examples:
        >>> class Walk:
        ...     initial = 0
        ...     def actions(self, state): return [1]
        ...     def result(self, state, action): return state + action
        ...     def goal_test(self, state): return state == 2
        >>> adapt(Walk())
        <aima problem Walk from 0>
    """
    if not _missing(thing, CSP_MEMBERS):
        return aima_csp(thing)
    return AimaProblem(thing)
