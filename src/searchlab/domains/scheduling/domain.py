"""Task scheduling (Bratko §12.3) as a registered domain: a start is an instance (a
JSON or TOML file, its text, or ``example``: Bratko's seven tasks on three processors);
every move costs the time it adds to the finishing time, so the cheapest path is the
shortest schedule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from searchlab.algorithms.registry import ALGORITHMS, SEARCHES
from searchlab.core import access
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult
from searchlab.domains.base import Domain, HeuristicSpec, SearchRequest, plural
from searchlab.domains.drawing import Bar, Drawing, Gantt, Text, number
from searchlab.domains.scheduling.gantt import gantt
from searchlab.domains.scheduling.model import Instance
from searchlab.domains.scheduling.parse import example_instance, load_instance, parse_instance
from searchlab.domains.scheduling.problem import IDLE, Move, SchedulingProblem, State
from searchlab.domains.scheduling.solve import Schedule, schedule_from_moves

EXAMPLE_TITLE = "Bratko's example (§12.3): 7 tasks on 3 processors"

_HEURISTICS: Registry[HeuristicSpec] = Registry("heuristic")
_HEURISTICS.add(
    "bratko",
    HeuristicSpec(
        "bratko",
        "max(0, (waiting work + time each processor frees) / processors − finish): "
        "Bratko's estimate, admissible",
        True,
        lambda problem: problem.h,
    ),
)


def describe_instance(instance: Instance) -> str:
    tasks, m = len(instance.tasks), instance.processors
    return f"{plural(tasks, 'task')} on {plural(m, 'processor')}"


def schedule_of(request: SearchRequest, result: SearchResult[Any, Any]) -> Schedule | None:
    """The schedule a solved search describes (None when none was found)."""
    if not result.solved:
        return None
    instance: Instance = request.start
    used = min(instance.processors, len(instance.tasks))
    return schedule_from_moves(used, result.moves, instance.processors - used)


class ScheduleDomain(Domain[State, Move]):
    """Task scheduling on identical processors (Bratko §12.3): the shortest schedule.

    The processor that frees first either starts a ready task or waits for the next one to
    free; a move costs the time it adds to the finishing time, so A* with Bratko's
    admissible estimate finds the shortest schedule.
    """

    name = "schedule"
    title = "Task scheduling"
    order = 30
    notation = (
        "a JSON or TOML file (- for standard input), its text, or example (Bratko's "
        'seven tasks on three processors). JSON: {"processors": 3, "tasks": {"t1": '
        '{"duration": 4, "after": []}, "t4": {"duration": 20, "after": ["t1"]}}}; '
        '"after" lists the tasks that must finish before this one starts'
    )
    examples = ("example", "tasks.toml --json", "tasks.json --algorithm greedy")
    presets: ClassVar[Mapping[str, str]] = {"example": "example"}
    algorithms = tuple(name for name in SEARCHES if not ALGORITHMS[name].local and name != "dfs")
    default_algorithm = "astar"
    heuristics: ClassVar[Registry[HeuristicSpec]] = _HEURISTICS
    default_heuristic = "bratko"
    unit_costs = False
    sources = (
        "searchlab.domains.scheduling.problem.SchedulingProblem",
        "searchlab.domains.scheduling.solve.schedule_from_moves",
    )
    legacy_keys: ClassVar[Mapping[str, str]] = {
        "finishing_time": "schedule.finishing_time",
        "processors": "schedule.processors",
        "idle_processors": "schedule.idle_processors",
        "algorithm": "run.algorithm",
        "instance": "run.start",
    }
    tour = "searchlab.cli.schedule:tour_schedule"
    tour_title = "Seed 003 (Bratko §12.3): scheduling tasks on processors"
    cli_fallback = "solve"
    cli_fallback_rewrites: ClassVar[Mapping[str, str]] = {"--example": "example"}

    def parse(self, text: str) -> Instance:
        body = text.strip()
        if body == "example":
            return example_instance()
        if body.startswith("{") or "\n" in body or "=" in body:
            return parse_instance(text)
        return load_instance(access.named_file(body, "schedule", "start"))

    def encode(self, state: Any) -> Any:
        return {
            "waiting": list(state.waiting),
            "active": [[frees_at, task or None] for frees_at, task in state.active],
            "finish": state.finish,
        }

    def encode_start(self, start: Any) -> Any:
        return start.to_dict()

    def encode_move(self, move: Any) -> Any:
        return move.to_dict()

    def start_state(self, start: Any) -> None:
        return None

    def format(self, state: Any) -> str:
        running = ", ".join(
            f"{task or 'idle'} until {number(frees_at)}" for frees_at, task in state.active
        )
        waiting = " ".join(state.waiting) or "none"
        return f"waiting: {waiting}; running: {running}; finish {number(state.finish)}"

    def format_move(self, move: Any) -> str:
        span = f"{number(move.start)}–{number(move.end)}"
        if move.task is None:
            return f"the first free processor waits, {span}"
        return f"{move.task} on the first free processor, {span}"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """The processors' rows with what each is running (its bar ends when the
        processor frees); without the moves that led here, earlier tasks are not known."""
        if not isinstance(problem, SchedulingProblem):
            return Text(self._listed(state))
        bars = []
        for row, (frees_at, task) in enumerate(state.active):
            if task != IDLE:
                start = frees_at - problem.instance.durations[task]
                bars.append(Bar(row, start, frees_at, task))
        rows = tuple(f"P{index}" for index in range(1, len(state.active) + 1))
        caption = f"finishing time so far {number(state.finish)}; the tasks running"
        return Gantt(rows, tuple(bars), state.finish, tuple(state.waiting), caption)

    draws_moves = True

    def draw_after(self, moves: Sequence[Any], state: Any, problem: Any = None) -> Drawing:
        """The schedule so far as a Gantt chart: each move replayed on the processor that
        frees first (as ``schedule_from_moves`` does), idle waits shown as gaps."""
        if not isinstance(problem, SchedulingProblem):
            return self.draw(state, problem)
        count = problem.processors
        frees_at: list[Any] = [0] * count
        bars = []
        for move in moves:
            first = min(range(count), key=lambda p: (frees_at[p], p))
            bars.append(Bar(first, move.start, move.end, move.task or "", move.task is None))
            frees_at[first] = move.end
        rows = tuple(f"P{index}" for index in range(1, count + 1))
        placed = sum(1 for move in moves if move.task is not None)
        caption = (
            f"{plural(placed, 'task')} placed, finishing time so far {number(state.finish)}"
        )
        return Gantt(rows, tuple(bars), state.finish, tuple(state.waiting), caption)

    @staticmethod
    def _listed(state: Any) -> str:
        lines = [f"waiting: {' '.join(state.waiting) or '(none)'}"]
        for index, (frees_at, task) in enumerate(state.active, start=1):
            doing = "idle" if task == IDLE else task
            lines.append(f"P{index}: {doing} until {number(frees_at)}")
        lines.append(f"finishing time so far: {number(state.finish)}")
        return "\n".join(lines)

    def problem(self, request: SearchRequest) -> SchedulingProblem:
        return SchedulingProblem(request.start)

    def document(self, request: SearchRequest, result: SearchResult[Any, Any]) -> dict[str, Any]:
        """The one schema, plus ``schedule``: the finishing time and each processor's
        tasks (null when no schedule was found)."""
        document = super().document(request, result)
        schedule = schedule_of(request, result)
        document["schedule"] = None if schedule is None else schedule.to_dict()
        return document

    def describe(self, request: SearchRequest, result: SearchResult[Any, Any]) -> str:
        instance: Instance = request.start
        title = EXAMPLE_TITLE if instance == example_instance() else describe_instance(instance)
        schedule = schedule_of(request, result)
        if schedule is None:
            return f"{title}\n{super().describe(request, result)}"
        lines = [title, "", gantt(schedule), ""]
        for index, row in enumerate(schedule.processors, start=1):
            placed = ", ".join(f"{s.task} {s.start:g}-{s.end:g}" for s in row) or "(idle)"
            lines.append(f"P{index}: {placed}")
        if schedule.idle:
            used = len(schedule.processors)
            more = f"P{used + 1}" if schedule.idle == 1 else f"P{used + 1}-P{used + schedule.idle}"
            lines.append(f"{more}: (idle: more processors than tasks)")
        claim = (
            "optimal"
            if result.optimal
            else "not guaranteed optimal with this algorithm; astar finds the optimum"
        )
        lines += ["", f"finishing time {schedule.finishing_time:g} ({claim}), {request.algorithm}"]
        return "\n".join(lines)


SCHEDULE = ScheduleDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
