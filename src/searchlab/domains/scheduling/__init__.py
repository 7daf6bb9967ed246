"""Task scheduling on identical processors (Bratko §12.3): the model and its parsing,
Bratko's state space and heuristic, solving, and a text Gantt chart."""

from searchlab.domains.scheduling.gantt import gantt
from searchlab.domains.scheduling.model import Instance, Task, find_cycle, make_instance
from searchlab.domains.scheduling.parse import (
    example_instance,
    instance_from_data,
    load_instance,
    parse_instance,
)
from searchlab.domains.scheduling.problem import Move, SchedulingProblem, State
from searchlab.domains.scheduling.solve import (
    COST_OPTIMAL,
    Schedule,
    Slot,
    Solved,
    schedule_from_moves,
    solve,
)

__all__ = [
    "COST_OPTIMAL",
    "Instance",
    "Move",
    "Schedule",
    "SchedulingProblem",
    "Slot",
    "Solved",
    "State",
    "Task",
    "example_instance",
    "find_cycle",
    "gantt",
    "instance_from_data",
    "load_instance",
    "make_instance",
    "parse_instance",
    "schedule_from_moves",
    "solve",
]
