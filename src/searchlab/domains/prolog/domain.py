"""The domain of a Prolog file: a user's problem (``searchlab.domains.user``) whose
calls go to SWI-Prolog, with the one option such calls need (``call_seconds``) and a
search that ends at its time limit even when the limit falls inside a call."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from searchlab.algorithms.uninformed import Solutions
from searchlab.core.events import Event, Observer
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic
from searchlab.core.result import SearchResult, Status, no_path
from searchlab.domains.base import SearchRequest
from searchlab.domains.prolog.problem import DEFAULT_CALL_SECONDS, PrologProblem, PrologSearch
from searchlab.domains.prolog.relations import Relations
from searchlab.domains.user import ZERO, CheckedProblem, ProblemDomain, problem_domain

CALL_SECONDS = Option(
    "call_seconds",
    "float",
    "how long one call into the Prolog file (s/3 on one state, goal/1, h/2, …) may take "
    "before it counts as never ending",
    default=DEFAULT_CALL_SECONDS,
    low=0.01,
    high=3600,
    metavar="S",
)


class PrologDomain(ProblemDomain):
    """A Prolog file as a domain: ``problem_domain`` fills in everything from the
    ``PrologProblem`` (its heuristics, notation, drawing, start); this class adds the
    per-search view (what to ask with each successor, how long a call may take)."""

    params = (CALL_SECONDS,)
    the_problem: ClassVar[PrologProblem]
    help = (
        "A Prolog file's own predicates, asked of SWI-Prolog: s/3 gives the successors "
        "in Prolog's order, goal/1 the goal test, h/2 the heuristic h (value/2 the one "
        "hill climbing makes smaller). States are shown as Prolog writes them, or drawn "
        "by the file's draw/2."
    )

    def view(self, request: SearchRequest) -> PrologSearch:
        """The problem as this request searches it. A call may take ``call_seconds``,
        or the search's own ``max_seconds`` when that is shorter: a single call longer
        than the whole search has used up its time."""
        call_seconds = float(request.params.get("call_seconds", DEFAULT_CALL_SECONDS))
        max_seconds = request.limits.max_seconds
        limited = max_seconds is not None and max_seconds <= call_seconds
        want = request.heuristic if request.heuristic in self.the_problem.heuristics else None
        return PrologSearch(
            self.the_problem,
            want,
            float(max_seconds) if limited and max_seconds is not None else call_seconds,
            limited=limited,
        )

    def problem(self, request: SearchRequest) -> CheckedProblem:
        """The request's view, its start refused first when the file's check relation
        says it is not a legal state."""
        self.the_problem.check_start(request.start)
        return CheckedProblem(self.view(request), request.start)

    def heuristic(self, request: SearchRequest, problem: Any) -> Heuristic[Any] | None:
        if request.heuristic is None or request.heuristic == ZERO:
            return super().heuristic(request, problem)
        view: PrologSearch = problem.problem
        return view.heuristic(request.heuristic)

    def search(
        self, request: SearchRequest, observer: Observer | None = None
    ) -> SearchResult[Any, Any]:
        """``Domain.search`` on the request's view; a search in which a call was
        stopped at the time limit ended there, whatever the algorithm made of the
        unanswered call (a truncated expansion could look like an exhausted space)."""
        problem = self.problem(request)
        result: SearchResult[Any, Any] = self.run(request, problem, observer)
        view: PrologSearch = problem.problem
        if not view.overran or result.status is Status.LIMIT_REACHED:
            return result
        if request.info.local:  # a local search keeps its walk, as at any limit
            return dataclasses.replace(
                result, status=Status.LIMIT_REACHED, limit="max_seconds", optimal=False
            )
        return no_path(Status.LIMIT_REACHED, result.stats, "max_seconds")

    def stream(
        self, request: SearchRequest, observer: Observer | None = None
    ) -> Solutions[Any, Any]:
        if not request.info.stream:
            return super().stream(request, observer)  # refuses it, in the house words
        problem = self.problem(request)
        return _Watched(problem.problem, problem, limits=request.limits, observer=observer)

    def close(self) -> None:
        """Stop the file's Prolog process."""
        self.the_problem.close()

    @property
    def relations_used(self) -> str:
        """One line: which predicate plays which part (``relations: s/3, goal/1, …``)."""
        return self.the_problem.relations.describe()

    @property
    def warnings(self) -> tuple[str, ...]:
        """What SWI-Prolog warned about while loading the file (``file:line: …``)."""
        return self.the_problem.warnings


class _Watched(Solutions[Any, Any]):
    """The depth-first stream, ending at the time limit when a call was stopped by it."""

    def __init__(self, view: PrologSearch, problem: Any, **keywords: Any) -> None:
        super().__init__(problem, **keywords)
        self.view = view

    def __next__(self) -> SearchResult[Any, Any]:
        try:
            return super().__next__()
        except StopIteration:
            self._settle()
            raise

    def events(self) -> Iterator[Event]:
        yield from super().events()
        self._settle()

    def _settle(self) -> None:
        if self.view.overran and self.status is Status.EXHAUSTED:
            self.status, self.limit = Status.LIMIT_REACHED, "max_seconds"


def _summary(path: Path) -> str | None:
    """The file's first comment line (``%`` or ``/*``), as its one-line summary."""
    try:
        with path.open(encoding="utf-8", errors="replace") as text:
            for line in text:
                stripped = line.strip()
                if not stripped:
                    continue
                if stripped.startswith("%") or stripped.startswith("/*"):
                    words = stripped.lstrip("%/* ").rstrip("*/ ").strip()
                    if words:
                        return words
                    continue
                return None
    except OSError:
        return None
    return None


def load_prolog(
    path: str | Path,
    *,
    name: str | None = None,
    call_seconds: float = DEFAULT_CALL_SECONDS,
    relations: Relations | None = None,
) -> PrologDomain:
    """The domain of the Prolog file ``path``, named after the file (``water_jugs.pl``:
    ``water-jugs``) unless ``name`` is given; ``relations`` names its predicates (by
    default Bratko's, in English or the Russian edition). Loading starts SWI-Prolog
    (InputError saying what to install when it is missing) and reports a file that
    does not load, or lacks a successor relation or a goal, as a ProblemError with the
    file and the line, and a relation named but not defined as an InputError."""
    problem = PrologProblem(path, call_seconds, relations)
    file = Path(path)
    domain = problem_domain(
        problem,
        name or file.stem.replace("_", "-"),
        title=file.name,
        base=PrologDomain,
    )
    assert isinstance(domain, PrologDomain)
    summary = _summary(file)
    type(domain).summary = summary or f"the Prolog problem {file.name}"
    used = problem.relations
    type(domain).notation = f"a Prolog term, as the file's {used.label('successor')} takes it" + (
        f" (default: the file's {used.label('start')})" if "start" in used.names else ""
    )
    return domain


__all__ = ["CALL_SECONDS", "PrologDomain", "load_prolog"]
