"""A population method's generations for the viewer: each one's best, median and worst
fitness and its best individual, so the hill-climbing tab can chart a genetic run and
step through it generation by generation (the recorded events of a genetic run are
only its end).

The algorithm fills the log's ``generations`` (``population.generations_of``: the
``history`` of ``genetic_algorithm``) and sends one expansion a generation, whose state
is that generation's best; every other event passes through to the recorder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from searchlab.algorithms.population import Generation
from searchlab.core.encoding import number
from searchlab.core.events import Event, Expand, Observer
from searchlab.web.eventlog import dumps


class PopulationLog:
    """An observer in front of ``recorder`` keeping the generations of a population
    method; the best individuals are kept while their JSON fits in ``max_bytes`` (past
    that, none are sent: the fitness alone is)."""

    def __init__(self, recorder: Observer, encode: Callable[[Any], Any], max_bytes: int) -> None:
        self.recorder = recorder
        self.encode = encode
        self.max_bytes = max_bytes
        self.generations: list[Generation] = []
        self.individuals: list[Any] | None = []
        self.h: list[float] = []  # the heuristic of each generation's best
        self._bytes = 0

    @property
    def detail(self) -> int:
        """The recorder's wish for detail (``events.detail_of``), passed on."""
        wanted = getattr(self.recorder, "detail", 0)
        return wanted if isinstance(wanted, int) else 0

    def __call__(self, event: Event) -> None:
        # an expansion that follows a generation's fitness is that generation's best
        if isinstance(event, Expand) and len(self.h) < len(self.generations):
            self.h.append(event.h)
            self._keep(event.state)
        self.recorder(event)

    def _keep(self, state: Any) -> None:
        kept = self.individuals
        if kept is not None:
            encoded = self.encode(state)
            self._bytes += len(dumps(encoded))
            if self._bytes > self.max_bytes:
                self.individuals = None
            else:
                kept.append(encoded)

    def summary(self) -> dict[str, Any] | None:
        """``info["population"]``: ``best``, ``median`` and ``worst`` fitness per
        generation (the first is the initial population), ``h``, the heuristic of each
        generation's best, and ``individuals``, the best of each (null when they would
        be too large to send); None for a run that had no generations."""
        if not self.generations:
            return None
        best, median, worst = zip(*self.generations, strict=True)
        individuals = self.individuals
        if individuals is not None and len(individuals) != len(self.generations):
            individuals = None
        return {
            "best": [number(value) for value in best],
            "median": [number(value) for value in median],
            "worst": [number(value) for value in worst],
            "h": [number(value) for value in self.h],
            "individuals": individuals,
        }
