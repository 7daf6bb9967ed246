"""The tour's stop for the scheduling domain (Bratko §12.3): ``searchlab schedule solve``
itself is the domain's generic command."""

from __future__ import annotations

from searchlab.cli.output import console
from searchlab.cli.report import figures
from searchlab.domains.scheduling.domain import SCHEDULE


def tour_schedule() -> None:
    """Bratko's example solved by A*, drawn, and what it shows."""
    out = console()
    out.print(
        "Seven tasks on three processors; t4 and t5 (20 units each) wait for the short "
        "tasks t1-t3. A* searches Bratko's space: the processor that frees first starts "
        "a ready task or waits; h = (waiting work + committed time) / m - finish.\n",
        markup=False,
    )
    request = SCHEDULE.request("example")
    result = SCHEDULE.search(request)
    out.print(SCHEDULE.describe(request, result), markup=False, highlight=False)
    out.print(figures(result.stats), markup=False, highlight=False)
    out.print(
        "\nThe book's optimum is 24. P3 stays idle from 2 to 4 although t7 is ready, "
        "keeping itself for t5: a schedule that never waits while a task is ready "
        "cannot finish before 33, so the idle move of Bratko's space is essential.",
        markup=False,
    )
