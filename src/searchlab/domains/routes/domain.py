"""Route finding as a registered domain: a start is ``GRAPH:NODE`` (a town of Romania
alone means Romania), the goal a node of the same graph; every best-first algorithm of
the engine runs on it, with the two bidirectional searches and the compiled kernel
(Dijkstra, A*, ALT) for large graphs."""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from searchlab.algorithms.bidirectional import GRAPH_SEARCHES
from searchlab.core.errors import InputError, SearchInterrupted
from searchlab.core.events import Observer
from searchlab.core.options import Option
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult, Stats, Status, no_path
from searchlab.domains.base import Domain, HeuristicSpec, Progress, SearchRequest, plural
from searchlab.domains.drawing import Drawing, Grid, Text
from searchlab.domains.routes.caps import (
    HEURISTIC_SUMMARIES,
    MAX_LANDMARKS,
    SELECTIONS,
    describe_specs,
)

if TYPE_CHECKING:
    from searchlab.core.access import Served
    from searchlab.domains.routes.graph import Graph
    from searchlab.domains.routes.landmarks import Landmarks
    from searchlab.domains.routes.problem import NamedRoute

AUTO_COMPILED = 20_000
"""From this many nodes, "auto" runs A* and Dijkstra on the compiled kernel."""
COMPILED = ("astar", "uniform-cost")
JUMP = "jps"
"""Jump point search: grid maps only, its own loop compiled whatever the engine."""
WEB_HIERARCHY = 20_000
"""The most nodes a web request builds a contraction hierarchy for (a few seconds)."""
DRAWN_CELLS = 64 * 64
"""A grid map of at most this many cells is drawn cell by cell (--show-path)."""


@dataclass(frozen=True)
class RouteStart:
    """A start as written: the graph's name and the node's, resolved by ``check``."""

    graph: str
    node: str

    def __str__(self) -> str:
        return f"{self.graph}:{self.node}"


NEIGHBOURS = Option(
    "neighbours",
    "choice",
    "moves on a grid map: 8 (octile, no corner cutting) or 4",
    default="8",
    choices=("8", "4"),
)
LANDMARKS = Option(
    "landmarks",
    "int",
    "landmarks of the landmarks estimate (ALT)",
    default=8,
    low=1,
    high=MAX_LANDMARKS,
    metavar="K",
)
SELECTION = Option(
    "selection",
    "choice",
    "how landmarks are chosen: farthest (each the farthest from those chosen) or random",
    default="farthest",
    choices=SELECTIONS,
)
LANDMARKS_FILE = Option(
    "landmarks_file",
    "text",
    "landmarks saved by `route landmarks` (default: built once and kept in the cache)",
    metavar="FILE",
    local=True,
)


def _spec(name: str) -> HeuristicSpec:
    return HeuristicSpec(
        name,
        HEURISTIC_SUMMARIES[name],
        True,
        lambda problem: _estimate(name, problem),
    )


def _estimate(name: str, problem: Any) -> Any:
    from searchlab.domains.routes.problem import build_estimate

    return build_estimate(name, problem.graph, problem.target, problem.landmarks)


_HEURISTICS: Registry[HeuristicSpec] = Registry("heuristic")
for _name in HEURISTIC_SUMMARIES:
    _HEURISTICS.add(_name, _spec(_name), *(("alt",) if _name == "landmarks" else ()))


class RouteDomain(Domain[int, str]):
    """Routes on maps: Romania, road graphs (DIMACS, CSV, GraphML), Moving AI grids.

    A* on AIMA's map of Romania, then on graphs of millions of edges: each state is a node,
    each move an arc, its cost the arc's weight. Bidirectional search runs from both ends;
    ALT bounds the cost to go by landmarks and the triangle inequality.
    """

    name = "route"
    title = "Route finding"
    order = 50
    notation = (
        "GRAPH:NODE, the graph being " + describe_specs() + "; a node is a name (Romania's "
        "towns, a CSV's or GraphML's ids), a number (DIMACS counts from 1, others from 0) "
        "or a grid cell x,y (column, row from the top left). A town alone is in Romania"
    )
    examples = (
        "Arad --goal Bucharest",
        "Arad --goal Bucharest --algorithm uniform-cost",
        "Arad --goal Bucharest --algorithm bidirectional --json",
        "road:100000:7:0 --goal 99999 --heuristic landmarks",
        "maze:20:20:1:1,1 --goal 39,39 --show-path",
        "arena.map:1,3 --goal 40,20 --neighbours 4",
    )
    presets: ClassVar[Mapping[str, str]] = {"romania": "romania:Arad"}
    takes_goal = True
    has_default_start = True
    algorithms = (
        "astar",
        "uniform-cost",
        "greedy",
        "weighted-astar",
        "bfs",
        *GRAPH_SEARCHES,
        JUMP,
        "ch",
        # the generic engine's other searches, as `searchlab run` offers them on a graph
        # (the compiled kernel stays with astar and uniform-cost)
        "best-first",
        "ida",
        "rbfs",
        "iterative-deepening",
        "dfs",
    )
    default_algorithm = "astar"
    heuristics: ClassVar[Registry[HeuristicSpec]] = _HEURISTICS
    default_heuristic_note = (
        "octile or manhattan on a grid, great-circle on longitude and latitude, "
        "straight-line on a plane, landmarks without coordinates"
    )
    params = (NEIGHBOURS, LANDMARKS, SELECTION, LANDMARKS_FILE)
    param_heuristics: ClassVar[Mapping[str, tuple[str, ...]]] = {
        name: ("landmarks",) for name in ("landmarks", "selection", "landmarks_file")
    }
    unit_costs = False
    engines = ("generic", "compiled")
    decodes = False  # a node is written by its name: only its graph reads it back
    views = ("map", "generic")
    sources = (
        "searchlab.domains.routes.bidirectional.bidirectional",
        "searchlab.domains.routes.kernel.run",
        "searchlab.domains.routes.landmarks.build",
    )
    commands = "searchlab.cli.route:route_commands"

    # -- starts and goals -----------------------------------------------------------
    def parse(self, text: str) -> RouteStart:
        body = text.strip()
        if not body:
            raise InputError("give a start: GRAPH:NODE, or a town of Romania")
        if ":" not in body:
            return RouteStart("romania", body)
        graph, _, node = body.rpartition(":")
        if not node.strip():
            raise InputError(f"no node after the graph {graph!r}: write GRAPH:NODE")
        return RouteStart(graph.strip(), node.strip())

    def default_start(self) -> RouteStart:
        return RouteStart("romania", "Arad")

    def parse_goal(self, text: str | None, start: Any) -> Any:
        if text is None or not text.strip():
            if start.graph == "romania":
                return "Bucharest"
            raise InputError("give a goal: a node of the same graph", field="goal")
        return text.strip()

    def graph_of(self, request: SearchRequest) -> tuple[Graph, float]:
        from searchlab.domains.routes.library import load_graph

        try:
            return load_graph(request.start.graph, int(request.params.get("neighbours") or 8))
        except InputError as error:
            raise error.about("start") from None

    def ends(self, request: SearchRequest) -> tuple[Graph, int, int]:
        graph, _ = self.graph_of(request)
        ends = []
        for field, text in (("start", request.start.node), ("goal", request.goal)):
            try:
                ends.append(graph.node(text))
            except InputError as error:
                raise InputError(f"the {field}: {error}", field=field) from None
        return graph, ends[0], ends[1]

    def encode_start(self, start: Any) -> Any:
        return str(start)

    def encode(self, state: Any) -> Any:
        return str(state)

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        return [("start", str(start), None if goal is None else str(goal))]

    def start_state(self, start: Any) -> None:
        return None

    def format(self, state: Any) -> str:
        return str(state)

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        """A small grid map with the walls, the goal (G) and where the search is (●);
        any other graph as the node's name."""
        problem = problem if problem is not None else getattr(state, "route", None)
        grid = getattr(getattr(problem, "graph", None), "grid", None)
        if grid is None or grid.width * grid.height > DRAWN_CELLS:
            return Text(f"at {state}")
        if isinstance(state, int):
            at = int(state)
        else:  # a goal as written: a cell "x,y"
            try:
                at = problem.graph.node(str(state))
            except InputError:
                return Text(f"at {state}")
        cells = ["█" if not free else "" for free in grid.passable.ravel().tolist()]
        cells[problem.target] = "G"
        cells[at] = "●"
        return Grid(grid.height, grid.width, tuple(cells), marks={at: "from"})

    def default_heuristic_for(self, start: Any, goal: Any) -> str | None:
        from searchlab.domains.routes.library import load_graph
        from searchlab.domains.routes.problem import default_heuristic

        if not isinstance(start, RouteStart):
            return "straight-line"
        try:
            graph, _ = load_graph(start.graph, 8)
        except InputError as error:
            raise error.about("start") from None
        return default_heuristic(graph)

    # -- checking and preparing -----------------------------------------------------
    def check(self, request: SearchRequest) -> None:
        from searchlab.domains.routes.problem import build_estimate

        graph, _, target = self.ends(request)
        if request.algorithm == JUMP:
            from searchlab.domains.routes.jump import JumpSpace, grid_of

            JumpSpace.check(grid_of(graph))
        if request.heuristic is not None and request.heuristic != "landmarks":
            build_estimate(request.heuristic, graph, target)
        if request.params.get("landmarks_file") and request.heuristic == "landmarks":
            self._landmarks(request, graph)

    def _landmarks(
        self, request: SearchRequest, graph: Graph, progress: Progress | None = None
    ) -> Landmarks:
        from searchlab.core import access
        from searchlab.domains.routes import landmarks as lm

        params = request.params
        file = params.get("landmarks_file")
        if file:
            return lm.load(access.named_file(file, "landmarks", "landmarks_file"), graph)
        seed = request.seed or 0
        if not access.may_write_cache():  # a web request: in memory, within its allowance
            return lm.in_memory(graph, params["landmarks"], params["selection"], seed, progress)
        return lm.cached(graph, params["landmarks"], params["selection"], seed, progress)

    def _hierarchy(self, graph: Graph) -> Any:
        """The graph's contraction hierarchy: from the cache (built there the first
        time), or in a web request built in memory for a graph of at most
        ``WEB_HIERARCHY`` nodes."""
        from searchlab.core import access
        from searchlab.domains.routes import ch

        if access.may_write_cache():
            return ch.cached(graph)
        if graph.n > WEB_HIERARCHY:
            raise InputError(
                f"a contraction hierarchy is built here for at most {WEB_HIERARCHY:,} nodes",
                field="algorithm",
            )
        return ch.build(graph)

    def prepare(self, request: SearchRequest, progress: Progress | None = None) -> None:
        graph, _ = self.graph_of(request)
        if request.algorithm == "ch":
            self._hierarchy(graph)
        if request.heuristic == "landmarks":
            self._landmarks(request, graph, progress)

    def resolve_engine(self, request: SearchRequest, observed: bool) -> str:
        """The compiled kernel for "auto" on a large graph when it can serve the request
        (A* or uniform-cost, no events asked for); "compiled" insists on it."""
        refusal = None
        if request.algorithm not in (*COMPILED, JUMP):
            refusal = f"the compiled kernel runs {' and '.join(COMPILED)} only"
        elif observed:
            refusal = "the compiled kernel reports no events"
        if request.engine == "compiled" and refusal is not None:
            raise InputError(refusal, field="engine", hint=("engine", "generic"))
        if request.engine == "auto":
            graph, _ = self.graph_of(request)
            return "compiled" if refusal is None and graph.n >= AUTO_COMPILED else "generic"
        return request.engine

    # -- searching ------------------------------------------------------------------
    def problem(self, request: SearchRequest) -> NamedRoute:
        from searchlab.domains.routes.problem import NamedRoute

        graph, source, target = self.ends(request)
        problem = NamedRoute(graph, source, target)
        if request.algorithm == "ch":
            problem.hierarchy = self._hierarchy(graph)
        if request.heuristic == "landmarks":
            problem.landmarks = self._landmarks(request, graph)
        return problem

    def search(self, request: SearchRequest, observer: Observer | None = None) -> Any:
        """Run on the engine the request chose; loading the graph and the landmarks is
        set-up time, apart from the search's."""
        from searchlab.core import allowance
        from searchlab.domains.routes.problem import Node

        began = time.perf_counter()
        graph, loaded = self.graph_of(request)
        problem = self.problem(request)
        heuristic = self.heuristic(request, problem)
        setup = loaded + time.perf_counter() - began
        # in a web request, set-up counts against the run's seconds
        seconds = allowance.search_seconds(request.limits.max_seconds)
        if seconds != request.limits.max_seconds:
            limits = dataclasses.replace(request.limits, max_seconds=seconds)
            request = dataclasses.replace(request, limits=limits)
        if request.engine == "compiled":
            if observer is not None:
                raise InputError("the compiled kernel reports no events", field="engine")
            result = self._compiled(request, problem)
        else:
            from searchlab.algorithms.registry import run_algorithm

            result = run_algorithm(
                request.algorithm,
                problem,
                heuristic,
                options=request.options,
                seed=request.seed,
                admissible=True,
                unit_costs=False,
                limits=request.limits,
                observer=observer,
            )
        result.stats.setup_seconds += setup
        named = tuple(
            state if isinstance(state, Node) else Node(state, graph.name(state))
            for state in result.path
        )
        for state in named:
            state.route = problem  # what draw() needs to draw the state on its map
        return dataclasses.replace(result, path=named) if named else result

    def _compiled(self, request: SearchRequest, problem: NamedRoute) -> SearchResult[Any, Any]:
        from searchlab.domains.routes import kernel
        from searchlab.domains.routes.problem import Node

        if request.algorithm == JUMP:
            from searchlab.algorithms.registry import run_algorithm

            return run_algorithm(JUMP, problem, limits=request.limits, admissible=True)
        graph = problem.graph
        began = time.perf_counter()
        arguments = kernel_arguments(request.heuristic, problem)
        space = workspace(graph)
        setup = time.perf_counter() - began
        limits = request.limits
        started = time.perf_counter()
        deadline = None if limits.max_seconds is None else started + limits.max_seconds

        def figures() -> Stats:
            return Stats(
                expanded=space.expanded,
                generated=space.generated,
                max_frontier=space.max_frontier,
                seconds=time.perf_counter() - started,
                setup_seconds=setup,
            )

        try:
            outcome = kernel.search(
                (graph.indptr, graph.indices, graph.weights),
                space,
                problem.source,
                problem.target,
                max_expanded=limits.max_expanded,
                deadline=deadline,
                **arguments,
            )
        except KeyboardInterrupt:  # Ctrl-C between two slices: the figures so far
            raise SearchInterrupted(figures()) from None
        stats = figures()
        if outcome == "exhausted":
            return no_path(Status.EXHAUSTED, stats)
        if outcome != "found":
            return no_path(Status.LIMIT_REACHED, stats, outcome)
        path = space.path_to(problem.target)
        states = tuple(Node(v, graph.name(v)) for v in path)
        moves = tuple(problem.move_name(a, b) for a, b in itertools.pairwise(path))
        cost = float(space.dist[problem.target])
        return SearchResult(Status.SOLVED, states, moves, cost, stats, None, True)

    def served_presets(self, served: Served) -> dict[str, str]:
        """A named start for each graph the server was started with (``serve --graph``):
        the graph at its first node."""
        from searchlab.core import access
        from searchlab.domains.routes.library import first_node, load_graph

        presets = {}
        with access.serving(served):
            for name in served.names("graph"):
                graph, _ = load_graph(name)
                presets[name] = f"{name}:{first_node(graph)}"
        return presets

    # -- the viewer's map ---------------------------------------------------------------
    def map_json(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The map the viewer draws for a start (and goal, heuristic and parameters) as
        the search form has them: the graph or grid, the two ends, the landmarks."""
        from searchlab.domains.routes.drawmap import map_json

        start = self.parse_start(str(body.get("start") or "romania:Arad"))
        goal_text = body.get("goal")
        params = {option.name: body.get(option.name) for option in self.params}
        heuristic = body.get("heuristic") or None
        graph, _ = load_graph_for(start, params)
        goal: int | None = None
        if goal_text or start.graph == "romania":
            request = self.request(
                start, parsed=True, goal=goal_text or None, heuristic=heuristic, params=params
            )
            graph, source, goal = self.ends(request)
            marks: list[int] = []
            if request.heuristic == "landmarks":
                marks = [int(v) for v in self._landmarks(request, graph).nodes]
            return map_json(graph, source, goal, marks)
        try:
            source = graph.node(start.node)
        except InputError as error:
            raise InputError(f"the start: {error}", field="start") from None
        return map_json(graph, source, None)

    # -- writing --------------------------------------------------------------------
    def document(self, request: SearchRequest, result: SearchResult[Any, Any]) -> dict[str, Any]:
        """The one schema, plus ``graph``: its title, nodes, edges, whether directed."""
        document = super().document(request, result)
        graph, _ = self.graph_of(request)
        document["graph"] = {
            "title": graph.title,
            "nodes": graph.n,
            "edges": graph.edges,
            "directed": graph.directed,
        }
        return document

    def describe(self, request: SearchRequest, result: SearchResult[Any, Any]) -> str:
        graph, _ = self.graph_of(request)
        where = (
            f"{request.start.node} → {request.goal} on {graph.title or request.start.graph} "
            f"({plural(graph.n, 'node')}, {plural(graph.edges, 'edge')})"
        )
        line = super().describe(request, result)
        if result.status is Status.EXHAUSTED:
            line = f"no solution: no path from {request.start.node} to {request.goal}"
        if request.engine == "compiled":
            line += " (compiled kernel)"
        return f"{where}\n{line}"


def load_graph_for(start: RouteStart, params: Mapping[str, Any]) -> tuple[Graph, float]:
    """The graph of a start, with the grid moves the parameters ask for."""
    from searchlab.domains.routes.library import load_graph

    neighbours = NEIGHBOURS.parse(params.get("neighbours"))
    try:
        return load_graph(start.graph, int(neighbours))
    except InputError as error:
        raise error.about("start") from None


_SPACES: dict[int, tuple[Graph, Any]] = {}


def workspace(graph: Graph) -> Any:
    """The kernel's arrays for ``graph``, kept for the next query on it."""
    from searchlab.domains.routes import kernel

    held = _SPACES.get(id(graph))
    if held is None or held[0] is not graph:
        _SPACES.clear()
        held = (graph, kernel.Workspace(graph.n))
        _SPACES[id(graph)] = held
    return held[1]


def kernel_arguments(heuristic: str | None, problem: NamedRoute) -> dict[str, Any]:
    """How the kernel computes the estimate of ``heuristic`` (None: Dijkstra)."""
    import numpy as np

    from searchlab.domains.routes.problem import build_estimate

    if heuristic is None:
        return {"mode": "zero"}
    estimate = build_estimate(heuristic, problem.graph, problem.target, problem.landmarks)
    if estimate.kind == "landmarks":
        assert estimate.landmarks is not None
        return {
            "mode": "landmarks",
            "lm_from": estimate.landmarks.from_,
            "lm_to": estimate.landmarks.to,
        }
    if estimate.kind == "table":
        assert estimate.table is not None
        table = np.zeros(problem.graph.n)
        for node, value in estimate.table.items():
            table[node] = value
        return {"mode": "table", "table": table}
    return {"mode": estimate.kind, "xy": problem.graph.coords, "scale": estimate.scale}


ROUTE = RouteDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
