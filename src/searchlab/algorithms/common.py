"""Small pieces every algorithm shares: the problem's checks, interrupts, paths."""

from __future__ import annotations

import functools
import heapq
import inspect
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from searchlab.core.checked import (
    CheckedProblem,
    UserCodeError,
    check_state,
    checked_heuristic,
    require_members,
)
from searchlab.core.errors import NegativeCostError, ProblemError, SearchInterrupted, SearchlabError
from searchlab.core.limits import Budget
from searchlab.core.problem import M, S

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


def check_cost(cost: float, state: Any, move: Any) -> None:
    """Refuse a negative arc (or a NaN): every algorithm here assumes costs of 0 or more.
    The cost is written as the problem gave it (-1 and -1.0 alike as -1), so that a
    search run by the library and by ``searchlab run`` says the same."""
    if cost != cost:
        raise NegativeCostError(
            f"the problem produced the cost NaN for move {move!r} from state {state!r}: "
            "a cost must be a number 0 or more"
        )
    if not cost >= 0:
        whole = isinstance(cost, float) and cost.is_integer()
        written = str(int(cost)) if whole else str(cost)
        raise NegativeCostError(
            f"the problem produced a negative cost {written} for move {move!r} from state {state!r}"
        )


def checks_problem(search: F) -> F:
    """A public search that refuses a malformed problem in the words ``searchlab run``
    uses (``searchlab.core.checked``), at almost no cost to a well-formed one.

    Before the search starts, a problem without ``initial``, ``successors`` or
    ``is_goal`` is refused, and so is a heuristic whose value at the start is not a
    number (a None would otherwise only tie in greedy's queue, or lift IDA*'s bound).
    Then the search runs on the problem as it is; if it fails with an exception that
    is not searchlab's own (a successor of the wrong shape, an unhashable state, a cost
    that is not a number: Python's ``TypeError`` or ``ValueError`` deep in the search),
    the same search is run again behind the checker, which names the fault as a
    ``ProblemError``. An exception the problem's own code raised is re-raised as it
    was, with its traceback.
    """
    parameters = list(inspect.signature(search).parameters)
    h_at = parameters.index("h") if "h" in parameters else None

    @functools.wraps(search)
    def checked_search(problem: Any, *args: Any, **kwargs: Any) -> Any:
        require_members(problem)
        if h_at is not None:
            h = args[h_at - 1] if len(args) >= h_at else kwargs.get("h")
            if callable(h):
                _check_heuristic_at_start(problem, h)
        try:
            result = search(problem, *args, **kwargs)
        except SearchlabError:
            raise
        except Exception:
            fault = _diagnose(search, problem, args, kwargs)
            if fault is None:
                raise
            raise fault from None
        if callable(getattr(result, "_advance", None)):  # a lazy stream: checked as walked
            _guard_stream(result, search, problem, args, kwargs)
        return result

    return cast(F, checked_search)


def _guard_stream(
    stream: Any,
    search: Callable[..., Any],
    problem: Any,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> None:
    """Make a ``Solutions`` stream name a malformed problem when a step fails: the
    checker walks a fresh stream as far as this one had come (its solutions so far, and
    the step that failed)."""
    advance = stream._advance

    def checked_advance() -> Any:
        try:
            return advance()
        except SearchlabError:
            raise
        except Exception:
            fault = _diagnose(search, problem, args, kwargs, solutions=stream.found + 1)
            if fault is None:
                raise
            raise fault from None

    setattr(stream, "_advance", checked_advance)  # noqa: B010 - the one step it takes


def _check_heuristic_at_start(problem: Any, h: Callable[[Any], Any]) -> None:
    """A ``ProblemError`` when ``h`` of the start is not a number; the problem's own
    exceptions (from ``initial`` or ``h``) are left for the search to raise."""
    try:
        start = problem.initial
        checked_heuristic(getattr(h, "__name__", "h"), h)(start)
    except UserCodeError:
        return
    except ProblemError:
        raise
    except Exception:
        return


def _diagnose(
    search: Callable[..., Any],
    problem: Any,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    solutions: int = 1,
) -> ProblemError | None:
    """The fault the checker finds running ``search`` again on ``problem`` (its
    heuristic checked too, its observer left out; a stream walked for up to
    ``solutions`` solutions), or None if it finds none."""
    try:
        start = check_state(problem.initial, "the problem's initial")
        call = inspect.signature(search).bind(problem, *args, **kwargs)
    except ProblemError as fault:
        return fault
    except Exception:
        return None
    call.arguments["problem"] = CheckedProblem(problem, start)
    h = call.arguments.get("h")
    if callable(h):
        call.arguments["h"] = checked_heuristic(getattr(h, "__name__", "h"), h)
    if "observer" in call.arguments:
        call.arguments["observer"] = None
    try:
        result = search(*call.args, **call.kwargs)
        if callable(getattr(result, "_advance", None)):
            for _ in itertools.islice(result, solutions):
                pass
    except UserCodeError:
        return None  # the problem's own code raised: that exception says it best
    except ProblemError as fault:
        return fault
    except Exception:
        return None
    return None


@contextmanager
def interruptible(budget: Budget) -> Iterator[None]:
    """Stop the clock on the way out, and turn Ctrl-C into ``SearchInterrupted``
    carrying the statistics so far."""
    try:
        yield
    except KeyboardInterrupt as interrupt:
        budget.stop_clock()
        if isinstance(interrupt, SearchInterrupted):
            raise
        raise SearchInterrupted(budget.stats) from None
    finally:
        budget.stop_clock()


def walk_back(parents: dict[S, tuple[S, M] | None], last: S) -> tuple[tuple[S, ...], tuple[M, ...]]:
    """Rebuild the path to ``last`` from a dict of parent links (None at the root)."""
    states: list[S] = [last]
    moves: list[M] = []
    link = parents[last]
    while link is not None:
        parent, move = link
        states.append(parent)
        moves.append(move)
        link = parents[parent]
    states.reverse()
    moves.reverse()
    return tuple(states), tuple(moves)


def heap_head(heap: list[T], count: int) -> list[T]:
    """The ``count`` least items of a binary heap in order, the heap left as it is: a
    second small heap walks down from the root, so it takes O(count log count) however
    large the heap (items must be comparable without ties reaching uncomparable parts)."""
    if not heap or count <= 0:
        return []
    head: list[T] = []
    walk: list[tuple[T, int]] = [(heap[0], 0)]
    while walk and len(head) < count:
        item, index = heapq.heappop(walk)
        head.append(item)
        for child in (2 * index + 1, 2 * index + 2):
            if child < len(heap):
                heapq.heappush(walk, (heap[child], child))
    return head
