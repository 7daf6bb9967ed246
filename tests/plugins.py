"""A third-party package written to a folder as pip would leave it (a module and its
``.dist-info`` with ``entry_points.txt``), so that ``importlib.metadata`` finds its entry
points once the folder is on PYTHONPATH: searchlab's registries see it as any other.

The one toy package every plug-in test installs (the command line, the experiments, the
viewer): a domain, ``toy:TOY``, two experiments, ``toy:WALK`` and ``toy:STRAY``, and
three algorithms: ``toy:DEPTH_LIMITED``, ``toy:TAKEN`` (which takes the name ``astar``)
and ``toy:CLASHING`` (whose option ``weight`` is not weighted A*'s)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

TOY = '''
"""A toy domain and a toy experiment, registered from outside searchlab.

The domain: walk down a number line to 0 by steps of 1 or 2 (cost 1 each) or 3
(cost 2). From 5 the cheapest walk costs 3; from 40 it costs 20 (twenty steps of 2),
while the fewest steps (thirteen of 3 and one of 1) cost 27. A state is drawn as the
line from 0 to the start, with an "o" where the walker stands.
"""

import dataclasses
import random
from typing import Any

import searchlab
from searchlab.algorithms.declaration import Algorithm
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.core.registry import Registry
from searchlab.domains.base import Domain, HeuristicSpec
from searchlab.domains.drawing import Drawing, Grid
from searchlab.experiments.base import Experiment
from searchlab.experiments.report import Report


class Line:
    def __init__(self, start: int) -> None:
        self.initial = start

    def successors(self, state: int):
        for step, cost in ((1, 1.0), (2, 1.0), (3, 2.0)):
            if state - step >= 0:
                yield f"-{step}", state - step, cost

    def is_goal(self, state: int) -> bool:
        return state == 0


HEURISTICS: Registry[HeuristicSpec] = Registry("heuristic")
HEURISTICS.add("half", HeuristicSpec("half", "n/2: admissible", True, lambda p: lambda s: s / 2))
HEURISTICS.add("double", HeuristicSpec("double", "2n: too high", False, lambda p: lambda s: 2 * s))


class ToyDomain(Domain[int, str]):
    name = "toy"
    title = "Toy line"
    summary = "walk down a number line"
    notation = "a whole number, e.g. 5"
    examples = ("5", "40 --algorithm bfs --json")
    presets = {"short": "5", "long": "40"}
    algorithms = ("astar", "greedy", "bfs", "uniform-cost")
    heuristics = HEURISTICS
    default_heuristic = "half"
    unit_costs = False
    size = Option("size", "int", "the highest start drawn", default=20, low=0, high=1000)

    def parse(self, text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise InputError(f"not a whole number: {text!r}") from None

    def problem(self, request: Any) -> Line:
        return Line(request.start)

    def random_start(self, rng: random.Random, spec: Any) -> int:
        return rng.randint(0, self.size.parse(spec.size))

    def draw(self, state: int, problem: Any = None) -> Drawing:
        cells = 1 + max(state, problem.initial if problem is not None else 0)
        return Grid(1, cells, tuple("o" if cell == state else "" for cell in range(cells)))


TOY = ToyDomain()

LENGTHS = Option(
    "size", "int", "lengths of the line", default="5,10", low=1, high=1000, many=True
)


def check(parameters):
    return {"size": parameters["size"], "seed": parameters["seed"]}


def specs(parameters):
    return [{"experiment": "toy-walk", "n": n} for n in parameters["size"]]


def trial(spec):
    from searchlab.domains.registry import get_domain

    toy = get_domain("toy")
    result = toy.search(toy.request(str(spec["n"]), algorithm="astar"))
    return {"cost": result.cost, "expanded": result.stats.expanded}


def summarize(parameters, trial_specs, results):
    rows = [{"n": spec["n"], **result} for spec, result in zip(trial_specs, results)]
    return Report("toy-walk", parameters, rows)


WALK = Experiment(
    name="toy-walk",
    title="A* down the toy line (seed {seed})",
    summary="A* down the toy line, by length",
    help="The cheapest walk down the toy line, for each length.",
    examples=("--size 3,4",),
    domain="toy",
    options=(LENGTHS,),
    check=check,
    specs=specs,
    trial=trial,
    summarize=summarize,
    unit="walks",
)

STRAY = Experiment(
    name="stray",
    title="",
    summary="measures a domain no one registered",
    help="",
    examples=(),
    domain="nowhere",
    options=(),
    check=check,
    specs=specs,
    trial=trial,
    summarize=summarize,
)


def depth_limited(problem, *, depth_limit: int = 20, limits=searchlab.Limits(), observer=None):
    """Depth-first search no deeper than ``depth_limit`` moves: its first solution."""
    return searchlab.depth_first(
        problem, depth_bound=depth_limit, limits=limits, observer=observer
    )


DEPTH_LIMITED = Algorithm(
    depth_limited,
    "depth-limited",
    "Depth-limited search",
    "depth-first search down to a depth limit",
    "tree",
    "path",
    "none",
    options=(Option("depth_limit", "int", "the most moves on a path", low=0, high=1000),),
    aliases=("dls",),
)

TAKEN = dataclasses.replace(DEPTH_LIMITED, name="astar", aliases=())


def heavy(problem, *, weight: int = 3, limits=searchlab.Limits(), observer=None):
    """Depth-first search with a weight of another kind (unused)."""
    return searchlab.depth_first(problem, limits=limits, observer=observer)


CLASHING = Algorithm(
    heavy, "heavy", "Heavy", "a weight of another kind", "tree", "path", "none",
    options=(Option("weight", "int", "how heavy", low=0, high=9),),
    order=0,  # listed before searchlab's own, it would take weighted A*'s place
)
'''


def install(folder: Path, entry_points: dict[str, dict[str, str]]) -> dict[str, str]:
    """Write the ``toy`` package into ``folder`` with ``entry_points`` (group -> name ->
    target); the environment to run searchlab with it installed."""
    return install_package(folder, "toy", {"toy.py": TOY}, entry_points)


def install_package(
    folder: Path, name: str, files: Mapping[str, str], entry_points: dict[str, dict[str, str]]
) -> dict[str, str]:
    """Write a package called ``name`` into ``folder``: its ``files`` (path -> text) and
    a ``.dist-info`` holding ``entry_points``, as ``pip install`` leaves them; the
    environment to run searchlab with it installed (``PYTHONPATH`` names ``folder``)."""
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    info = folder / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    lines: list[str] = []
    for group, points in entry_points.items():
        lines.append(f"[{group}]")
        lines += [f"{point} = {target}" for point, target in points.items()]
        lines.append("")
    (info / "entry_points.txt").write_text("\n".join(lines))
    path = os.pathsep.join(part for part in (str(folder), os.environ.get("PYTHONPATH")) if part)
    return {**os.environ, "PYTHONPATH": path}
