"""Every solution of a CSP as a plain dict, with nothing else kept: the loop behind
``searchlab.compat.constraint``'s ``getSolutionIter`` (python-constraint answers dicts,
and its users count millions of them).

The same backtracking as ``search.CSPSolutions`` with forward checking or MAC (the same
variable and value order, the same propagation, so the same solutions in the same
order), without what a ``SearchResult`` stream keeps for each solution: no path of
states, no statistics snapshot, no clock. Two shortcuts, both exact because inference
has already removed every value that conflicts with the values given:

- the last variable to choose needs no assignment: each value left in its domain is a
  solution (forward checking tested it against every constraint that ties it, n-ary
  ones too: a constraint with one variable left open is tested value by value);
- a variable that no constraint ties to another (its unary constraints are folded
  into its domain) is not searched: its values are combined with each solution of the
  others, in the CSP's order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from searchlab.algorithms.csp.network import bits
from searchlab.algorithms.csp.problem import CSPProblem
from searchlab.algorithms.csp.search import Strategy, _Engine
from searchlab.core.result import Stats


def lean(strategy: Strategy) -> bool:
    """Whether ``assignments`` can run ``strategy`` (inference, chronological)."""
    return strategy.inference != "none" and strategy.backtrack == "chronological"


def assignments(problem: CSPProblem, strategy: Strategy) -> Iterator[dict[Any, Any]]:
    """Each solution of ``problem`` in turn, as ``{variable: value}`` in the CSP's
    order of variables, computed when asked for.

    Args:
        problem: the compiled CSP.
        strategy: how to order and infer; its inference must be ``fc`` or ``mac`` and
            its backtracking chronological (``lean`` says so).

    Returns:
        A generator of dicts, one per solution.

    Raises:
        ValueError: ``strategy`` has no inference or backjumps.

    Examples:
        >>> from searchlab.algorithms.csp import CSP, NotEqual
        >>> csp = CSP({"a": [1, 2], "b": [1, 2], "c": [7, 8]}, [NotEqual("a", "b")])
        >>> list(assignments(CSPProblem(csp), Strategy()))  # doctest: +NORMALIZE_WHITESPACE
        [{'a': 1, 'b': 2, 'c': 7}, {'a': 1, 'b': 2, 'c': 8},
         {'a': 2, 'b': 1, 'c': 7}, {'a': 2, 'b': 1, 'c': 8}]
    """
    if not lean(strategy):
        raise ValueError("assignments needs inference fc or mac and chronological backtracking")
    return _search(problem, strategy)


def _search(problem: CSPProblem, strategy: Strategy) -> Iterator[dict[Any, Any]]:
    net = problem.network
    engine = _Engine(net, strategy, Stats(), False)
    dom, values = engine.dom, net.values
    names = problem.csp.variables
    if not all(dom):
        return
    tied = [v for v in range(net.n) if net.neighbours[v] or net.constraints_of[v]]
    mac = strategy.inference == "mac"
    if (mac or strategy.preprocess == "ac3") and engine.arc_consistency(tied) >= 0:
        return
    free = [v for v in range(net.n) if not (net.neighbours[v] or net.constraints_of[v])]
    free_names = [names[v] for v in free]
    free_choices: list[Sequence[Any]] = [
        values[v] if dom[v] == net.root[v] == (1 << len(values[v])) - 1 else
        [values[v][k] for k in bits(dom[v])]
        for v in free
    ]  # fmt: skip
    partial: dict[Any, Any] = dict.fromkeys(names)
    # the choice points: the variable, its values in the order to try, the trail mark
    stack: list[tuple[int, list[int], int]] = []
    positions: list[int] = []  # the next value to try at each choice point
    last = len(tied) - 1
    select, order, assign, unassign = engine.select, engine.order, engine.assign, engine.unassign
    infer = engine.arc_consistency if mac else None
    forward = engine.forward_check
    while True:
        depth = len(stack)
        if depth >= last:  # the last variable: every value left is a solution
            if depth == last:
                x = select(depth, tied)
                name, choices = names[x], values[x]
                for a in bits(dom[x]):
                    partial[name] = choices[a]
                    if free:
                        yield from _with_free(partial, free_names, free_choices)
                    else:
                        yield partial.copy()
            else:  # no variable to search (none, or none tied)
                yield from _with_free(partial, free_names, free_choices)
        else:
            x = select(depth, tied)
            stack.append((x, order(x), len(engine.trail)))
            positions.append(0)
        # the next value of the deepest choice point, going back while none is left
        while stack:
            x, tried, mark = stack[-1]
            unassign(x, mark)
            k = positions[-1]
            if k == len(tried):
                stack.pop()
                positions.pop()
                continue
            positions[-1] = k + 1
            a = tried[k]
            level = len(stack) - 1
            assign(x, a, level)
            wiped = infer([x]) if infer is not None else forward(x, a, level)
            if wiped < 0:
                partial[names[x]] = values[x][a]
                break
        else:
            return


def _with_free(
    partial: dict[Any, Any], names: list[Any], choices: list[Sequence[Any]]
) -> Iterator[dict[Any, Any]]:
    """``partial`` with each combination of the untied variables' values (built in C:
    a problem of untied variables only is nothing else)."""
    combinations = itertools.product(*choices)
    if len(names) == len(partial):  # every variable untied: in the CSP's order
        yield from map(dict, map(zip, itertools.repeat(names), combinations))
        return
    for combination in combinations:
        solution = partial.copy()
        solution.update(zip(names, combination, strict=True))
        yield solution
