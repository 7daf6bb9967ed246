"""A ground planning task as the engine's problem: a state is an ``int`` bitset of
facts, a move an operator's name ``(action arg …)``, every move costs 1."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from searchlab.domains.planning import heuristics
from searchlab.domains.planning.grounding import GroundTask, facts_of, ground
from searchlab.domains.planning.lifted import read_task

HEURISTICS: dict[str, tuple[str, bool, Callable[[GroundTask], Callable[[int], float]]]] = {
    "goal-count": ("how many goal facts the state lacks", False, heuristics.goal_count),
    "hmax": ("h_max: the costliest goal fact, deletes ignored", True, heuristics.h_max),
    "hadd": ("h_add: the goal facts' relaxed costs summed", False, heuristics.h_add),
    "ff": ("h_FF: the length of a relaxed plan (helpful actions too)", False, heuristics.h_ff),
    "landmarks": ("landmark count: fact landmarks the state lacks", False, heuristics.landmarks),
    "lmcut": ("LM-cut: landmark cuts of the justification graph", True, heuristics.lm_cut),
}
"""name -> (summary, admissible, build(task) -> h)."""
ALIASES = {"hmax": ("h-max",), "hadd": ("h-add",), "ff": ("hff", "h-ff"), "lmcut": ("lm-cut",),
           "goal-count": ("goalcount",), "landmarks": ("lm", "landmark")}  # fmt: skip
"""Other spellings (the registry reads ``_`` as ``-``: h_max is h-max)."""


@dataclass
class PlanningProblem:
    """The engine's problem for a ground task; ``helpful`` (set by the domain when h is
    h_FF) gives the preferred operators of a state."""

    task: GroundTask
    helpful: Callable[[int], frozenset[str]] | None = None

    @property
    def initial(self) -> int:
        return self.task.initial

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        ops = self.task.operators
        for number in self.task.applicable(state):
            op = ops[number]
            yield op.name, (state & ~op.del_mask) | op.add_mask, op.cost

    def is_goal(self, state: int) -> bool:
        return self.task.is_goal(state)

    def true_facts(self, state: int) -> list[str]:
        """The facts ``state`` holds, as PDDL writes them."""
        return [self.task.fact_name(f) for f in facts_of(state)]


@lru_cache(maxsize=8)
def _grounded(domain: Path, problem: Path, stamps: tuple[float, float]) -> GroundTask:
    return ground(read_task(domain, problem))


def load_task(domain: Path, problem: Path) -> GroundTask:
    """The ground task of two files (kept while the files are unchanged).

    Examples:
        >>> from searchlab.domains.planning.examples import example_paths
        >>> task = load_task(*example_paths("blocks"))
        >>> task.is_goal(task.initial), len(task.goal)
        (False, 3)
    """
    stamps = (domain.stat().st_mtime, problem.stat().st_mtime) if problem.is_file() else (0, 0)
    if not domain.is_file():
        stamps = (0, 0)
    return _grounded(domain.resolve(), problem.resolve(), stamps)
