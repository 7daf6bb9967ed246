"""The docstring sections every search shares, written once.

The searches take the same ``problem``, ``limits`` and ``observer`` and answer with the
same result type, so written out by hand their docstrings repeat a dozen lines each.
``search_doc`` writes the Args, Returns and Raises sections from what is particular to
each search (pandas' ``@doc`` decorator does the same for its methods); the API
reference reads the composed text (scripts/griffe_runtime_docstrings.py).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

PLACEHOLDER = "{sections}"
"""The line of a docstring that ``search_doc`` replaces by the sections."""

PROBLEM = "problem: ``initial``, ``successors(state)`` -> ``(move, next, cost)``, ``is_goal``."
CSP_PROBLEM = "problem: a ``CSPProblem`` (variables, domains, constraints, compiled)."
HEURISTIC = "h: the heuristic, ``h(state)`` -> an estimate of the cost still to go."
VALUE = "h: the value to lower, ``h(state)``; 0 at a goal."
SEED = "seed: fixes every random choice."
LIMITS = "limits: stop after so many expansions or seconds (``Limits``); none by default."
OBSERVER = (
    "observer: told every event of the search (``Expand``, ``Generate``...); none by "
    "default, which costs nothing."
)
RESULT = (
    "A ``SearchResult``: ``status`` solved (with ``path``, ``moves``, ``cost``), "
    "exhausted, or limit_reached (no path); ``stats`` counts what the search did."
)
NEGATIVE_COST = "NegativeCostError: a successor's cost is negative."
INTERRUPTED = "SearchInterrupted: Ctrl-C, with the statistics gathered so far."
BEST_FIRST_RAISES = (NEGATIVE_COST, INTERRUPTED)

_WIDTH = 88


def _entry(text: str, indent: str, hanging: str = "    ") -> str:
    """One entry wrapped, its continuation lines indented by ``hanging`` more."""
    return textwrap.fill(text, _WIDTH, initial_indent=indent, subsequent_indent=indent + hanging)


def sections(
    args: Sequence[str],
    returns: str = RESULT,
    raises: Sequence[str] = (INTERRUPTED,),
    problem: str = PROBLEM,
) -> str:
    """The Args (problem, ``args``, limits, observer), Returns and Raises sections."""
    parts = ["Args:", *(_entry(arg, "    ") for arg in (problem, *args, LIMITS, OBSERVER))]
    parts += ["", "Returns:", _entry(returns, "    ", hanging="")]
    if raises:
        parts += ["", "Raises:", *(_entry(error, "    ") for error in raises)]
    return "\n".join(parts)


def search_doc(
    *args: str,
    returns: str = RESULT,
    raises: Sequence[str] = (INTERRUPTED,),
    problem: str = PROBLEM,
) -> Callable[[F], F]:
    """Replace the ``{sections}`` line of the decorated search's docstring by
    ``sections(args, returns, raises, problem)``, indented as that line is."""

    def decorate(search: F) -> F:
        doc = search.__doc__
        if doc is None:  # python -OO strips docstrings
            return search
        lines = doc.split("\n")
        for number, line in enumerate(lines):
            if line.strip() == PLACEHOLDER:
                indent = line[: len(line) - len(line.lstrip())]
                lines[number] = textwrap.indent(sections(args, returns, raises, problem), indent)
                break
        else:
            raise ValueError(f"{search.__qualname__}'s docstring has no {PLACEHOLDER} line")
        search.__doc__ = "\n".join(lines)
        return search

    return decorate
