"""A scheduling instance: tasks with durations and precedences on m identical processors.

Built only through :func:`make_instance`, which refuses every fault a user can make
(a cycle, an unknown predecessor, a duration that is not positive, no processors), so
the search never meets an instance it cannot finish.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from searchlab.core.errors import InputError

Number = int | float


@dataclass(frozen=True)
class Task:
    """One task: its name, how long it runs, and the tasks that must finish first."""

    name: str
    duration: Number
    after: tuple[str, ...]


@dataclass(frozen=True)
class Instance:
    """Tasks (in the order given) and the number of identical processors."""

    processors: int
    tasks: tuple[Task, ...]

    def task(self, name: str) -> Task:
        for task in self.tasks:
            if task.name == name:
                return task
        raise KeyError(name)

    @property
    def durations(self) -> dict[str, Number]:
        return {task.name: task.duration for task in self.tasks}

    @property
    def predecessors(self) -> dict[str, tuple[str, ...]]:
        return {task.name: task.after for task in self.tasks}

    def to_dict(self) -> dict[str, object]:
        """The file format: ``{"processors": m, "tasks": {name: {"duration", "after"}}}``."""
        return {
            "processors": self.processors,
            "tasks": {
                task.name: {"duration": task.duration, "after": list(task.after)}
                for task in self.tasks
            },
        }


def _check_duration(name: str, duration: object) -> Number:
    if isinstance(duration, bool) or not isinstance(duration, int | float):
        raise InputError(f"task {name!r}: the duration must be a number, not {duration!r}")
    if not math.isfinite(duration) or duration <= 0:
        raise InputError(f"task {name!r}: the duration must be positive, not {duration!r}")
    return duration


MAX_TASKS = 10_000
"""The most tasks an instance may have (a few dozen already take long to schedule)."""
MAX_PROCESSORS = 10**9
"""The most processors: the search uses min(processors, tasks), so this bounds nothing
costly; it keeps the numbers readable."""


def _check_processors(processors: object) -> int:
    if isinstance(processors, bool) or not isinstance(processors, int):
        raise InputError(f"the number of processors must be a whole number, not {processors!r}")
    if processors < 1:
        raise InputError(f"the number of processors must be 1 or more, not {processors}")
    if processors > MAX_PROCESSORS:
        raise InputError(
            f"the number of processors must be at most {MAX_PROCESSORS:,}, not {processors:,}"
        )
    return processors


def find_cycle(predecessors: Mapping[str, Iterable[str]]) -> list[str] | None:
    """A precedence cycle as a list of names (first repeated at the end), or None.

    Follows the arcs from predecessor to successor, so ``["t1", "t3", "t1"]`` reads
    "t1 before t3 before t1". Depth-first with three colours; iterative, so a long
    chain of tasks cannot overflow the stack.
    """
    successors: dict[str, list[str]] = {name: [] for name in predecessors}
    for name, before in predecessors.items():
        for pred in before:
            successors.setdefault(pred, []).append(name)
    colour: dict[str, int] = {}  # absent: unseen, 1: on the current path, 2: done
    for root in successors:
        if root in colour:
            continue
        path: list[str] = [root]
        stack = [iter(successors[root])]
        colour[root] = 1
        while stack:
            child = next(stack[-1], None)
            if child is None:
                colour[path.pop()] = 2
                stack.pop()
            elif colour.get(child) == 1:
                return [*path[path.index(child) :], child]
            elif child not in colour:
                colour[child] = 1
                path.append(child)
                stack.append(iter(successors[child]))
    return None


def make_instance(
    processors: object, tasks: Mapping[str, tuple[object, Iterable[str]]]
) -> Instance:
    """A checked instance from ``{name: (duration, predecessor names)}``."""
    m = _check_processors(processors)
    if not tasks:
        raise InputError("there are no tasks to schedule")
    if len(tasks) > MAX_TASKS:
        raise InputError(f"at most {MAX_TASKS:,} tasks can be scheduled, not {len(tasks):,}")
    checked: list[Task] = []
    for name, (duration, after) in tasks.items():
        if not isinstance(name, str) or not name:
            raise InputError(f"a task name must be a non-empty string, not {name!r}")
        value = _check_duration(name, duration)
        before: list[str] = []
        for pred in after:
            if not isinstance(pred, str):
                raise InputError(f"task {name!r}: 'after' must list task names, not {pred!r}")
            if pred not in tasks:
                raise InputError(f"task {name!r} comes after {pred!r}, which is not a task")
            if pred not in before:
                before.append(pred)
        checked.append(Task(name, value, tuple(before)))
    cycle = find_cycle({task.name: task.after for task in checked})
    if cycle is not None:
        raise InputError("the precedences form a cycle: " + " -> ".join(cycle))
    return Instance(m, tuple(checked))
