"""The one checker of the problem protocol: what a problem must do, said in words.

A problem is ``initial``, ``successors(state)`` yielding ``(move, next_state, cost)``
and ``is_goal(state)`` (``searchlab.core.problem``). Every front end that runs a
problem it did not write checks it here: ``searchlab run`` wraps the user's problem in
``CheckedProblem`` from the start (``searchlab.domains.user``), and the library's
searches, which run a problem as it is for speed, name the same fault with the same
message when a run fails (``searchlab.algorithms.common.checks_problem``). A broken
promise is a ``ProblemError``; an exception raised by the user's own code inside a call
is a ``UserCodeError`` naming the call and the line.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Hashable, Iterator
from numbers import Real
from pathlib import Path
from typing import Any

from searchlab.core.errors import ProblemError, SearchlabError

MAX_SUCCESSORS = 1_000_000
"""How many successors one state may have: a generator that yields forever is stopped
here, with a message, long before it can fill the memory."""

MEMBERS = ("initial", "successors", "is_goal")

_ABSENT = object()


def describe(value: Any) -> str:
    """``repr(value)`` cut to 60 characters, and never an error: a state whose
    ``__repr__`` raises, or an int too long to print, is named by its type."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"<an int of about {int(value.bit_length() * 0.30103):,} digits>"
    try:
        text = repr(value)
    except Exception as error:
        return f"<{type(value).__name__} object: its repr raised {type(error).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def require_members(problem: Any) -> None:
    """A ``ProblemError`` naming the members of the protocol ``problem`` lacks (looked
    up without calling a property: the start may be costly to make)."""
    missing = [
        member for member in MEMBERS if inspect.getattr_static(problem, member, _ABSENT) is _ABSENT
    ]
    if missing:
        aima = all(hasattr(problem, name) for name in ("actions", "result", "goal_test"))
        raise ProblemError(
            f"{type(problem).__name__} has no {', no '.join(missing)}: a problem needs "
            "initial, successors(state) -> (move, next_state, cost) triples, and is_goal(state)"
            + (
                "; an aima-python problem is one as AimaProblem(it) (searchlab.compat.aima)"
                if aima
                else ""
            )
        )


def check_state(state: Any, where: str | Callable[[], str]) -> Hashable:
    """``state``, or a ``ProblemError`` when it cannot be hashed (``where`` says which
    call gave it)."""
    try:
        hash(state)
    except TypeError:
        said = where() if callable(where) else where
        raise ProblemError(
            f"{said} gave the unhashable state {describe(state)}: states must be hashable "
            "and immutable (tuples, frozensets, strings, numbers, frozen dataclasses)"
        ) from None
    return state  # type: ignore[no-any-return]


class UserCodeError(ProblemError):
    """The user's own code raised (or called ``sys.exit``) inside a call of the protocol.
    The CLI prints the one-line message and exits 2, like any other bad input."""


def user_failure(call: str, error: BaseException) -> UserCodeError:
    """``error`` from the user's ``call`` (e.g. ``successors(3)``) on one line, naming
    the place in the user's file it came from."""
    place = _place(error)
    if isinstance(error, SystemExit):
        return UserCodeError(
            f"{call} called sys.exit({error.code!r}){place}: a problem's code must not "
            "exit; the search was abandoned"
        )
    message = str(error)
    message = message.splitlines()[0] if message else ""
    return UserCodeError(
        f"{call} raised {type(error).__name__}" + (f": {message}" if message else "") + place
    )


_LIBRARY = str(Path(__file__).resolve().parents[1])


def _place(error: BaseException) -> str:
    """`` (file.py, line N)``: the innermost frame of the traceback outside
    searchlab and the standard library (the innermost of all if none is)."""
    import sysconfig

    library = (_LIBRARY, sysconfig.get_paths()["stdlib"])
    trace = error.__traceback__
    found = innermost = None
    while trace is not None:
        innermost = trace
        name = str(Path(trace.tb_frame.f_code.co_filename).resolve())
        if not name.startswith(library):
            found = trace
        trace = trace.tb_next
    chosen = found or innermost
    if chosen is None:
        return ""
    return f" ({Path(chosen.tb_frame.f_code.co_filename).name}, line {chosen.tb_lineno})"


Describe = Callable[[], str]
"""A call into the user's code, described when a message needs it: ``successors(3)``."""


class CallWatch:
    """What is done around each call into a problem's code: here, nothing. A front end
    that must stop the user's code at its time limit, and count its calls, passes its
    own (``searchlab.domains.watchdog.Watchdog``, which ``searchlab run`` and the viewer
    arm); the library's searches run a problem without one."""

    expanded = 0  # calls of successors() so far
    generated = 0  # successors they yielded

    def check(self) -> None:
        """Stop here if the time is up (raises)."""

    def enter(self, call: Describe, kind: str) -> Describe | None:
        """The user's ``call`` (of ``kind``: ``successors``, ``is_goal``, a heuristic)
        begins; what it returns (the call it interrupts, if any) goes back to ``leave``."""
        return None

    def leave(self, outer: Describe | None) -> None:
        """The call that ``enter`` returned ``outer`` for has ended."""


UNWATCHED = CallWatch()
"""The watch of a call made with none: it keeps nothing (only ``CheckedProblem``'s own
watch counts)."""


def _watched(watch: CallWatch, call: Describe, kind: str, work: Callable[[], Any]) -> Any:
    """``work()``, a call into the user's code described by ``call``, with its
    exceptions (and ``sys.exit``) made a ``UserCodeError`` and ``watch`` told."""
    outer = watch.enter(call, kind)
    try:
        return work()
    except SearchlabError:
        raise
    except (Exception, SystemExit) as error:
        raise user_failure(call(), error) from None
    finally:
        watch.leave(outer)


class CheckedProblem:
    """A problem behind checks of the protocol, started at ``start``.

    Every call into the problem's code is guarded: its exceptions (and ``sys.exit``)
    become a ``UserCodeError`` naming the call and the line; ``watch`` (a
    ``CallWatch``) is checked on each call and on each successor yielded, and told when
    each call begins and ends; one state may yield at most ``MAX_SUCCESSORS``. States
    are described (``repr``) only when a message needs them. A cost is checked to be a
    number here; that it is 0 or more (and not NaN), by the searches themselves
    (``check_cost``).
    """

    def __init__(self, problem: Any, start: Hashable, watch: CallWatch | None = None) -> None:
        self.problem = problem
        self.start = start
        self.watch = watch or CallWatch()  # its own: the counts are this problem's

    @property
    def initial(self) -> Hashable:
        return self.start

    def successors(self, state: Hashable) -> Iterator[tuple[Any, Hashable, float]]:
        watch = self.watch
        watch.check()
        watch.expanded += 1

        def call() -> str:
            return f"successors({describe(state)})"

        arcs = _watched(watch, call, "successors", lambda: self.problem.successors(state))
        try:
            iterator = iter(arcs)
        except TypeError:
            raise ProblemError(
                f"{call()} returned {describe(arcs)}: it must return "
                "or yield (move, next_state, cost) triples"
            ) from None
        except (Exception, SystemExit) as error:  # an iterable whose __iter__ fails
            raise user_failure(call(), error) from None
        count = 0
        end = object()
        while True:
            arc = _watched(watch, call, "successors", lambda: next(iterator, end))
            if arc is end:
                return
            watch.check()
            watch.generated += 1
            count += 1
            if count > MAX_SUCCESSORS:
                raise ProblemError(
                    f"{call()} yielded more than {MAX_SUCCESSORS:,} successors: one state "
                    "may have at most that many (does its generator ever end?)"
                )
            if not isinstance(arc, tuple) or len(arc) != 3:
                raise ProblemError(
                    f"{call()} yielded {describe(arc)}: each successor "
                    "must be a (move, next_state, cost) triple"
                )
            move, child, cost = arc
            check_state(child, call)
            if isinstance(cost, bool) or not isinstance(cost, Real):
                raise ProblemError(
                    f"{call()} gave the cost {describe(cost)} for move "
                    f"{describe(move)}: a cost must be a number"
                )
            yield move, child, float(cost)

    def is_goal(self, state: Hashable) -> bool:
        watch = self.watch
        watch.check()

        def call() -> str:
            return f"is_goal({describe(state)})"

        answer = _watched(watch, call, "is_goal", lambda: self.problem.is_goal(state))
        if not isinstance(answer, bool | int):
            raise ProblemError(
                f"is_goal({describe(state)}) returned {describe(answer)}: it must return "
                "True or False"
            )
        return bool(answer)


def checked_heuristic(
    name: str,
    function: Callable[[Any], Any],
    watch_of: Callable[[], CallWatch | None] = lambda: None,
) -> Callable[[Any], float]:
    """``function`` as a heuristic called ``name`` whose every answer is checked to be a
    number, not NaN (any real: numpy's too), and whose exceptions name the call;
    ``watch_of`` gives the ``CallWatch`` of the thread calling it, if any."""
    kind = f"the heuristic {name!r}"

    def h(state: Any) -> float:
        def call() -> str:
            return f"{kind} on {describe(state)}"

        value = _watched(watch_of() or UNWATCHED, call, kind, lambda: function(state))
        if isinstance(value, bool) or not isinstance(value, Real) or math.isnan(value):
            raise ProblemError(
                f"the heuristic {name!r} returned {describe(value)} for state "
                f"{describe(state)}: a heuristic must return a number (0 at a goal)"
            )
        return float(value)

    return h
