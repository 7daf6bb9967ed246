"""The sliding puzzle as a registered domain (seed 003): what every front end offers.

Starts in three notations (Bratko's X/Y squares, a grid, a flat list), Bratko's
positions (a), (b), (c) by name, three named goals or any board, every systematic
algorithm and the local ones, the heuristics, and the compiled IDA* for 4×4 and 5×5
boards (``engine="auto"`` takes it whenever it gives the same shortest length).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult, Stats, Status, no_path
from searchlab.domains.base import (
    Domain,
    HeuristicSpec,
    Progress,
    RandomSpec,
    SearchRequest,
    plural,
)
from searchlab.domains.drawing import Drawing, Grid
from searchlab.domains.puzzle.board import (
    BRATKO_GOAL,
    GOAL_NAMES,
    MAX_SIDE,
    Board,
    ParsedBoard,
    blank_first_goal,
    board_size,
    format_flat,
    parse_board,
    resolve_goal,
    standard_goal,
    to_bratko,
)
from searchlab.domains.puzzle.heuristics import HEURISTICS, PATTERN_DATABASES, default_heuristic
from searchlab.domains.puzzle.problem import Move, SlidingPuzzle, apply_move
from searchlab.domains.puzzle.solvability import random_board, unsolvable_reason

if TYPE_CHECKING:
    from searchlab.domains.puzzle.kernels.parallel import SplitSolution

KERNEL_ALGORITHMS = frozenset({"astar", "ida"})
"""Optimal algorithms the compiled IDA* may stand in for: it returns a shortest path too."""
KERNEL_HEURISTICS = frozenset({"manhattan", "linear-conflict", *PATTERN_DATABASES})

POSITIONS: dict[str, str] = {
    "a": "[2/2,1/3,3/2,2/3,3/3,3/1,2/1,1/1,1/2]",
    "b": "[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]",
    "c": "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]",
}
"""Bratko's fig. 12.7: (a) 4 moves, (b) ``start2`` 5 moves, (c) ``start3`` 18 moves."""


def goal_name(goal: Board) -> str:
    """How to write ``goal`` as a goal option: its name if it has one, else flat."""
    k = board_size(goal)
    names = {standard_goal(k): "standard", blank_first_goal(k): "blank-first"}
    names[BRATKO_GOAL] = "bratko"
    return names.get(goal, format_flat(goal))


@dataclass
class KernelStats(Stats):
    """The compiled solver's counters, and whether it ran (``compiled``) or a small
    board was solved by the same IDA* in plain Python (``kernels.small``)."""

    compiled: bool = True


def kernel_refusal(request: SearchRequest, observed: bool) -> str | None:
    """Why the compiled 15-puzzle solver cannot serve this request (None if it can)."""
    start: ParsedBoard = request.start
    if start.size not in (4, 5):
        return "the compiled solver takes 4×4 and 5×5 boards only"
    if request.algorithm not in KERNEL_ALGORITHMS:
        return (
            "the compiled solver runs IDA*, which stands in for astar or ida, "
            f"not {request.algorithm}"
        )
    if request.heuristic not in KERNEL_HEURISTICS:
        return f"the compiled solver's heuristics are {', '.join(sorted(KERNEL_HEURISTICS))}"
    if request.limits.max_seconds is not None and request.limits.max_expanded is not None:
        return "the compiled solver honours an expansion limit or a time limit, not both"
    if observed:
        return "the compiled solver reports no events"
    return None


class PuzzleDomain(Domain[Board, Move]):
    """Sliding-tile puzzles (8-puzzle, 15-puzzle, any k×k): best-first search, A*, IDA*.

    A start may be typed in Bratko's notation, as rows or as a flat list (0 is the blank).
    Bratko's heuristic (totdist + 3·seq) is not admissible, so only an admissible one with
    A*, IDA* or RBFS guarantees a shortest path. pdb-663 and pdb-555 are pattern databases
    for 4×4 boards, pdb-6666 and pdb-444444 for 5×5, built on first use, then kept (pdb-6666
    takes minutes: it is used by default once built).
    """

    name = "puzzle"
    title = "Sliding puzzle"
    order = 20
    notation = (
        "Bratko's X/Y squares, blank first: [2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]; "
        'a grid, rows by / or new lines: "2 1 6/4 _ 8/7 5 3" (blank: 0 or _); '
        "or a flat row-major list: 2,1,6,4,0,8,7,5,3. Moves are named by the direction "
        "the blank moves (up, down, left, right)."
    )
    examples = (
        '"2 1 6/4 _ 8/7 5 3" --goal bratko --show-path',
        "c --algorithm best-first --heuristic bratko",
        '"1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15" --json',
    )
    presets: ClassVar[Mapping[str, str]] = POSITIONS
    goals = GOAL_NAMES
    takes_goal = True
    algorithms = (
        "astar",
        "best-first",
        "greedy",
        "weighted-astar",
        "ida",
        "rbfs",
        "bfs",
        "uniform-cost",
        "iterative-deepening",
        "hill-climbing",
        "simulated-annealing",
    )
    default_algorithm = "astar"
    heuristics: ClassVar[Registry[HeuristicSpec]] = HEURISTICS
    default_heuristic_note = (
        "pdb-663 on 4×4 boards, pdb-6666 on 5×5 once built (else pdb-444444), manhattan otherwise"
    )
    engines = ("kernel", "generic")
    size = Option("size", "int", "board side (3: the 8-puzzle)", default=3, low=2, high=MAX_SIDE)
    views = ("puzzle",)
    sources = (
        "searchlab.domains.puzzle.problem.SlidingPuzzle",
        "searchlab.domains.puzzle.domain.PuzzleDomain.search",
    )
    commands = "searchlab.cli.puzzle:puzzle_commands"
    tour = "searchlab.cli.puzzle:tour_puzzle"
    tour_title = "Seed 003: Bratko's best-first search on the 8-puzzle"
    legacy_keys: ClassVar[Mapping[str, str]] = {
        "start": "run.start",
        "goal": "run.goal",
        "algorithm": "run.algorithm",
        "heuristic": "run.heuristic",
        "weight": "run.weight",
        "engine": "run.engine",
        "guaranteed_shortest": "optimal",
    }
    legacy_random_keys: ClassVar[Mapping[str, str]] = {"board": "start"}

    # -- states -----------------------------------------------------------------------
    def parse(self, text: str) -> ParsedBoard:
        return parse_board(text)

    def parse_goal(self, text: str | None, start: Any) -> Board:
        try:
            return resolve_goal(text.strip() if text and text.strip() else None, start)
        except InputError as error:
            raise error.about("goal") from None

    def encode(self, state: Any) -> Any:
        return list(state)

    def encode_start(self, start: Any) -> Any:
        return list(start.tiles)

    def start_state(self, start: Any) -> Board:
        return tuple(start.tiles)

    def format(self, state: Any) -> str:
        return format_flat(state)

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        k = board_size(state)
        return Grid(k, k, tuple(str(tile) if tile else "" for tile in state), "tiles")

    def random_start(self, rng: random.Random, spec: RandomSpec) -> ParsedBoard:
        side = self.size.parse(spec.size) if self.size is not None else 3
        standard = ParsedBoard(standard_goal(side), side, "flat")
        target = self.parse_goal(spec.goal or "standard", standard)
        return ParsedBoard(random_board(side, rng, target), side, "flat")

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        """The board as a flat list and (3×3) in Bratko's notation, each with the goal
        to name when a search from it would otherwise take another (a flat start
        defaults to the standard goal, Bratko's notation to Bratko's)."""
        board: Board = start.tiles
        name = goal_name(goal)
        lines = [("flat", format_flat(board), None if goal == standard_goal(start.size) else name)]
        if start.size == 3:
            lines.append(("bratko", to_bratko(board), None if goal == BRATKO_GOAL else name))
        return lines

    # -- algorithms -------------------------------------------------------------------
    def default_heuristic_for(self, start: Any, goal: Any) -> str:
        """Pattern databases on 4×4 and 5×5 boards, manhattan otherwise."""
        return default_heuristic(goal)

    def problem(self, request: SearchRequest) -> SlidingPuzzle:
        return SlidingPuzzle(request.start.tiles, request.goal)

    def heuristic(self, request: SearchRequest, problem: Any) -> Heuristic[Board] | None:
        if request.heuristic is None:
            return None
        return self.heuristics[request.heuristic].build(request.goal)

    def random_state(self, request: SearchRequest) -> Any:
        size, goal = request.start.size, request.goal
        return lambda rng: random_board(size, rng, goal)

    def prepare(self, request: SearchRequest, progress: Progress | None = None) -> None:
        """Build or load the pattern databases now (seconds on first use, then cached)."""
        if request.heuristic in PATTERN_DATABASES and request.start.size in (4, 5):
            from searchlab.domains.puzzle.kernels.pdb import pattern_databases

            # reflected, as the heuristic and the kernel read them: one load, not two
            pattern_databases(request.heuristic, request.goal, progress=progress, reflect=True)

    def check(self, request: SearchRequest) -> None:
        """Refuse an unreachable goal (naming the goal used, and a named goal the start
        does reach) and a heuristic the goal does not support, before any search."""
        start: ParsedBoard = request.start
        reason = unsolvable_reason(start.tiles, request.goal)
        if reason is not None:
            reachable = [
                name
                for name in self.goals
                if name != goal_name(request.goal) and _reaches(start, name)
            ]
            hint = ("goal", reachable[0]) if reachable else None
            raise InputError(
                f"this board is unsolvable for the {goal_name(request.goal)} goal: {reason}",
                field="start",
                hint=hint,
            )
        if request.heuristic is not None:
            try:
                self.heuristics[request.heuristic].build(request.goal)  # e.g. bratko: his goal
            except InputError as error:
                raise error.about("heuristic") from None

    def resolve_engine(self, request: SearchRequest, observed: bool) -> str:
        """The compiled IDA* for "auto" whenever it can serve the request (it gives the
        same shortest length), else the generic engine; "kernel" insists on it."""
        refusal = kernel_refusal(request, observed)
        if request.engine == "kernel" and refusal is not None:
            raise InputError(refusal, field="engine", hint=("engine", "generic"))
        if request.engine == "auto":
            return "kernel" if refusal is None else "generic"
        return request.engine

    def search(self, request: SearchRequest, observer: Observer | None = None) -> Any:
        """Run on the engine the request chose; set-up (databases) timed apart."""
        if request.engine == "kernel":
            if observer is not None:
                raise InputError("the compiled solver reports no events", field="engine")
            return self._solve_compiled(request)
        setup = 0.0
        if request.heuristic in PATTERN_DATABASES:
            started = time.perf_counter()
            self.heuristic(request, None)  # load (or build) the databases: set-up time
            setup = time.perf_counter() - started
        result: SearchResult[Board, Move] = super().search(request, observer)
        result.stats.setup_seconds = setup
        return result

    def _solve_compiled(self, request: SearchRequest) -> SearchResult[Board, Move]:
        from searchlab.domains.puzzle.kernels import FastSolution, solve_15

        start: Board = request.start.tiles
        began = time.perf_counter()
        found: FastSolution | SplitSolution
        if request.limits.max_seconds is not None:  # stopped between tasks of a split search
            from searchlab.domains.puzzle.kernels.parallel import solve_15_split

            found = solve_15_split(
                start,
                request.goal,
                heuristic=request.heuristic,
                max_seconds=request.limits.max_seconds,
            )
        else:
            found = solve_15(
                start,
                request.goal,
                heuristic=request.heuristic,
                max_expanded=request.limits.max_expanded,
            )
        total = time.perf_counter() - began
        stats = KernelStats(
            expanded=found.expanded,
            generated=found.generated,
            iterations=found.iterations,
            seconds=found.seconds,
            setup_seconds=max(0.0, total - found.seconds),
            compiled=not isinstance(found, FastSolution) or found.compiled,
        )
        if found.moves is None:
            limit = "max_seconds" if request.limits.max_seconds is not None else "max_expanded"
            return no_path(Status.LIMIT_REACHED, stats, limit)
        path = [start]
        for move in found.moves:
            path.append(apply_move(path[-1], move))
        stats.max_frontier = len(path)  # IDA* holds the current path only
        cost = float(len(found.moves))
        return SearchResult(Status.SOLVED, tuple(path), tuple(found.moves), cost, stats, None, True)

    def describe(self, request: SearchRequest, result: SearchResult[Any, Any]) -> str:
        line = super().describe(request, result)
        if request.engine == "kernel":  # say what ran: IDA*, whatever was asked for
            asked = request.algorithm + (f" with {request.heuristic}" if request.heuristic else "")
            ran = f"the compiled IDA* with {request.heuristic}"
            if isinstance(result.stats, KernelStats) and not result.stats.compiled:
                ran = (
                    f"IDA* with {request.heuristic} in plain Python (a small board: the "
                    "compiled solver's search, node for node, without loading it)"
                )
            if request.algorithm != "ida":
                ran += f", standing in for {request.algorithm} (the same shortest length)"
            line = line.removesuffix(asked) + ran
        if request.heuristic == "pdb-444444" and not _full_databases(request.goal):
            line += "; the 6-6-6-6 databases (pdb-6666) are not built, 4-tile ones stood in"
        if result.solved and not result.moves:
            line = line.replace(plural(0, "move"), "0 moves: the start is the goal")
        return line


def _full_databases(goal: Board) -> bool:
    """Whether the 24-puzzle's 6-6-6-6 tables for ``goal`` are cached."""
    from searchlab.domains.puzzle.kernels.pdb import present

    return present("pdb-6666", goal)


def _reaches(start: ParsedBoard, goal: str) -> bool:
    try:
        target = resolve_goal(goal, start)
    except InputError:
        return False
    return unsolvable_reason(start.tiles, target) is None


PUZZLE = PuzzleDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
