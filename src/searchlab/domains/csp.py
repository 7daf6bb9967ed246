"""What every constraint satisfaction domain shares: its descriptor's defaults.

A CSP domain (Sudoku, map colouring, cryptarithmetic, N-queens as a CSP) says how to
read a start and build its ``CSP`` from it (``build``), how to write and draw a node
(an assignment, with each open variable's current domain), and how to name a solution.
Everything else is here: the solvers offered (``csp-backtracking`` with its options,
``min-conflicts``, and the generic engine's depth-first search on the same CSP), the
problem (``CSPProblem``, built once per start), the words of a result (assignments,
consistency checks, backtracks), the JSON's ``solution``, and the extra commands every
CSP domain has (``propagate``: AC-3 alone; ``count``: every solution, or up to K).
"""

from __future__ import annotations

from typing import Any, ClassVar

from searchlab.algorithms.csp import CSP, CSPProblem, CSPState
from searchlab.algorithms.csp.search import Strategy
from searchlab.core.errors import InputError
from searchlab.core.result import SearchResult, Stats
from searchlab.domains.base import Domain, SearchRequest, plural
from searchlab.domains.drawing import Drawing, Grid, Text, to_text

CSP_ALGORITHMS = ("csp-backtracking", "min-conflicts", "dfs")
DRAWN_CELLS = 1024
"""A solution is drawn in the words of a result up to this many cells (32 × 32)."""


def strategy_of(request: SearchRequest) -> Strategy | None:
    """The backtracking strategy a request names (None for another algorithm)."""
    if request.algorithm != "csp-backtracking":
        return None
    options = request.options
    return Strategy(
        options["variable_order"],
        options["value_order"],
        options["inference"],
        options["backtrack"],
        options["preprocess"],
    )


def how(request: SearchRequest) -> str:
    """The algorithm as people read it: ``csp-backtracking (FC+MRV)``."""
    strategy = strategy_of(request)
    if strategy is not None:
        return f"{request.algorithm} ({strategy.label})"
    if request.algorithm == "dfs":
        return "dfs (the generic engine's backtracking)"
    return request.algorithm


def csp_figures(stats: Stats) -> str:
    """What a CSP search did, in its own words."""
    return (
        f"({plural(stats.assignments, 'assignment')}, {plural(stats.checks, 'consistency check')}"
        f", {plural(stats.backtracks, 'backtrack')}, {stats.seconds:.3f} s)"
    )


class CSPDomain(Domain[CSPState, tuple[Any, Any]]):
    """A family of constraint satisfaction problems (see the module docstring)."""

    algorithms = CSP_ALGORITHMS
    default_algorithm = "csp-backtracking"
    commands: ClassVar[str | None] = "searchlab.cli.csp:csp_commands"
    stream_counters = ("nodes", "values tried")
    decodes = False  # a node holds its whole CSP, which its JSON does not

    def __init__(self) -> None:
        self._built: tuple[Any, Any, CSPProblem] | None = None

    # -- what each CSP domain says --------------------------------------------------------
    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        """The CSP of a parsed start (with the domain's parameters)."""
        raise NotImplementedError

    def solution_json(self, state: CSPState) -> Any:
        """A complete assignment as the domain writes a solution (the JSON's
        ``solution``): a Sudoku grid's line, a map's colours, …"""
        return {str(var): value for var, value in state.assignment().items()}

    # -- shared ---------------------------------------------------------------------------
    def csp_problem(self, start: Any, params: dict[str, Any]) -> CSPProblem:
        """The problem of a start, built once (the front ends ask for it repeatedly)."""
        chosen = tuple(sorted(params.items()))
        built = self._built  # read once: the viewer runs two searches at a time
        if built is None or built[0] != start or built[1] != chosen:
            built = (start, chosen, CSPProblem(self.build(start, params)))
            self._built = built
        return built[2]

    def problem(self, request: SearchRequest) -> CSPProblem:
        return self.csp_problem(request.start, dict(request.params))

    def start_state(self, start: Any) -> Any:
        return self.csp_problem(start, self._defaults()).initial

    def request_start_state(self, request: SearchRequest) -> Any:
        """The initial state of the request's own CSP (its parameters, such as the
        number of colours, set the domains), where ``start_state`` knows only the
        defaults."""
        if self.start_state(request.start) is None:
            return None
        return self.problem(request).initial

    def _defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.params}

    def encode(self, state: Any) -> Any:
        if isinstance(state, CSPState):
            return state.to_json()
        return super().encode(state)

    def encode_move(self, move: Any) -> Any:
        var, value = move
        return [str(var), value]

    def format_move(self, move: Any) -> str:
        var, value = move
        return f"{var}={value}"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        lines = []
        for var in state.csp.variables:
            value = state.value(var)
            if value is not None:
                lines.append(f"{var} = {value}")
            else:
                lines.append(f"{var} ∈ {{{', '.join(map(str, state.domain(var)))}}}")
        return Text("\n".join(lines))

    def check(self, request: SearchRequest) -> None:
        strategy_of(request)  # an impossible combination (MAC with CBJ) is refused here

    # -- words ------------------------------------------------------------------------------
    def describe(self, request: SearchRequest, result: SearchResult[Any, Any]) -> str:
        stats = result.stats
        if result.solved:
            said = f"solved by {how(request)} {csp_figures(stats)}"
            drawing = self.draw(result.final_state)
            small = (
                drawing.rows * drawing.cols <= DRAWN_CELLS
                if isinstance(drawing, Grid)
                else len(to_text(drawing)) <= DRAWN_CELLS * 4
            )
            return f"{said}\n{to_text(drawing)}" if small else said
        if result.limit is not None:
            return (
                f"no solution found: stopped at the {result.limit.replace('_', '-')} limit, "
                f"{how(request)} {csp_figures(stats)}"
            )
        return f"no solution exists: the whole space was searched, {how(request)} " + csp_figures(
            stats
        )

    def describe_stream(self, request: SearchRequest, found: int, stream: Any) -> str:
        figures = csp_figures(stream.stats)
        if stream.exhausted:
            if found == 1:
                return f"No more solutions: this one is the only one, {how(request)}.\n{figures}"
            if found:
                return f"No more solutions: {found:,} in all, {how(request)}.\n{figures}"
            return f"No solution exists: the whole space was searched, {how(request)}.\n{figures}"
        if stream.limit is not None:
            return (
                f"Stopped at the {stream.limit.replace('_', '-')} limit, {how(request)}.\n{figures}"
            )
        return f"{how(request)} {figures}"

    def document(self, request: SearchRequest, result: SearchResult[Any, Any]) -> dict[str, Any]:
        """The one schema, plus ``solution`` (the final assignment as the domain writes
        it, null when none was found) and ``strategy`` (``FC+MRV``…, null for another
        algorithm)."""
        document = super().document(request, result)
        final = result.path[-1] if result.solved else None
        document["solution"] = None if final is None else self.solution_json(final)
        strategy = strategy_of(request)
        document["strategy"] = None if strategy is None else strategy.label
        return document


def refuse_observed_size(n: int, cap: int, what: str) -> None:
    """A watched search (events, drawings) of a very large CSP would draw every node."""
    if n > cap:
        raise InputError(
            f"{what} is too large to watch step by step (at most {cap}): solve it without events",
            field="start",
        )


class UserCSPDomain(CSPDomain):
    """A user's own CSP (``searchlab run file.py`` whose factory returns a ``CSP``): it
    starts from its own root; every CSP solver and the generic dfs run on it."""

    has_default_start = True
    the_csp: ClassVar[CSP | None] = None

    def default_start(self) -> Any:
        return self.name

    def parse(self, text: str) -> Any:
        raise InputError(f"{self.title} starts from its own root: give no start")

    def encode_start(self, start: Any) -> Any:
        return None

    def build(self, start: Any, params: dict[str, Any]) -> CSP:
        assert self.the_csp is not None
        return self.the_csp

    def format(self, state: Any) -> str:
        return " ".join(f"{var}={value}" for var, value in state.assignment().items()) or "—"


def csp_domain(csp: CSP, name: str) -> UserCSPDomain:
    """The domain of a user's CSP, named after its file."""
    kind = type(
        f"UserCSP_{name}",
        (UserCSPDomain,),
        {
            "name": name,
            "title": csp.name or name,
            "summary": f"your CSP: {len(csp)} variables, {len(csp.constraints)} constraints",
            "notation": "no start: the CSP's own root",
            "the_csp": csp,
            "order": 1000,
        },
    )
    domain: UserCSPDomain = kind()
    return domain
