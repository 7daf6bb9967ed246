"""Bratko's state space for scheduling (Prolog Programming for AI, §12.3).

A state is ``waiting * active * finish``: the tasks not yet started, what each
processor is doing (a task, or idle, and the time it frees), and the current
finishing time, the latest time any processor frees. From a state, the processor
that frees first either

- starts a waiting task whose predecessors have all finished by the time it frees
  (none still waiting, none still running past that time), or
- stays idle until the next later time another processor frees.

A step costs the increase of the finishing time, so a path from the start (every
processor idle at 0) to a goal (no waiting task) costs exactly the goal's finishing
time: the end of the last task. Idle markers never raise it, since they only wait
until a time some processor already frees.

Nothing optimal is lost. Take any schedule and shift every task as early as
precedences and its processor allow; each then starts at 0 or at the end of another
task, and no finishing time grows. Replaying that schedule in order of start times,
the first-free processor always either starts the next task exactly when it frees or
is idle up to a time no later than that task's start (the end of the task it waits
for is still among the running ones), so the replay is a path of this space.
``tests/test_schedule.py`` checks the optimum against an exhaustive enumeration.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from searchlab.domains.scheduling.model import Instance, Number

IDLE = ""
"""The name an idle processor carries in ``State.active`` (task names are never empty)."""


class State(NamedTuple):
    """One node of the space: canonical (sorted) and hashable.

    ``waiting``: names of the tasks not yet started, in the instance's order.
    ``active``: one ``(frees_at, task)`` pair per processor, sorted, so processors
    (which are identical) are not told apart; ``task`` is ``IDLE`` for an idle one.
    ``finish``: the current finishing time, the largest ``frees_at``.
    """

    waiting: tuple[str, ...]
    active: tuple[tuple[Number, str], ...]
    finish: Number


@dataclass(frozen=True)
class Move:
    """The first-free processor starts ``task`` at ``start`` until ``end``, or stays
    idle (``task`` is None) from ``start`` until ``end``."""

    task: str | None
    start: Number
    end: Number

    def __str__(self) -> str:
        what = "idle" if self.task is None else self.task
        return f"{what} {self.start}-{self.end}"

    def to_dict(self) -> dict[str, object]:
        return {"task": self.task, "start": self.start, "end": self.end}


def _forget_finished(active: list[tuple[Number, str]]) -> tuple[tuple[Number, str], ...]:
    """Sorted, with the names dropped from processors that free first: no later
    state's first-free time is earlier, so those tasks can never again be running
    past it, and states differing only in such names are the same state."""
    active.sort()
    now = active[0][0]
    return tuple((frees_at, IDLE if frees_at == now else name) for frees_at, name in active)


class SchedulingProblem:
    """The search problem for one instance, with Bratko's heuristic as :meth:`h`."""

    def __init__(self, instance: Instance) -> None:
        self.instance = instance
        # n tasks never occupy more than n processors, and processors are identical, so
        # an optimal schedule on m > n processors leaves m − n idle throughout: search
        # with min(m, n). (A state per processor would make m = 10⁶ hang for nothing.)
        self.processors = min(instance.processors, len(instance.tasks))
        self._duration = instance.durations
        self._after = instance.predecessors

    @property
    def initial(self) -> State:
        names = tuple(task.name for task in self.instance.tasks)
        return State(names, ((0, IDLE),) * self.processors, 0)

    def is_goal(self, state: State) -> bool:
        return not state.waiting

    def _ready(self, task: str, state: State, now: Number) -> bool:
        """Every predecessor has started and none runs past ``now``."""
        running_late = {name for frees_at, name in state.active if frees_at > now}
        return all(
            pred not in state.waiting and pred not in running_late for pred in self._after[task]
        )

    def successors(self, state: State) -> Iterator[tuple[Move, State, float]]:
        (now, _), *others = state.active
        for task in state.waiting:
            if not self._ready(task, state, now):
                continue
            end = now + self._duration[task]
            waiting = tuple(name for name in state.waiting if name != task)
            active = _forget_finished([*others, (end, task)])
            finish = max(state.finish, end)
            yield Move(task, now, end), State(waiting, active, finish), finish - state.finish
        later = [frees_at for frees_at, _ in others if frees_at > now]
        if later:
            until = min(later)
            active = _forget_finished([*others, (until, IDLE)])
            yield Move(None, now, until), State(state.waiting, active, state.finish), 0

    def h(self, state: State) -> float:
        """Bratko's estimate: max(0, (waiting work + Σ frees_at) / m − finish).

        Admissible: every waiting task must still run, whole, on some processor after
        the time that processor frees (no path puts work before it). So if the
        schedule ends at T, each processor p is busy or idle up to T from its
        ``frees_at`` F_p on, and m·T ≥ Σ F_p + Σ waiting durations; the remaining
        cost T − finish is therefore at least this value (and at least 0). Here m is
        the number of processors searched, min(processors, tasks), which has the same
        optimum (see ``__init__``).
        """
        work = sum(self._duration[name] for name in state.waiting)
        busy = sum(frees_at for frees_at, _ in state.active)
        return max(0.0, (work + busy) / self.processors - state.finish)
