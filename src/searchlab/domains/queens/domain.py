"""N-queens as a registered domain: seed 002's backtracking and seed 000's hill climbing
behind one descriptor.

A start is either ``n`` (the empty n×n board: queens are placed row by row, by
depth-first backtracking as the seed does, or by breadth-first or iterative deepening,
or a hill climb from a random board drawn with the seed) or a board of n queens (a
hill climb or annealing from it, with seed 000's two move operators). The document's
eight cases are named starts (``case1`` … ``case8``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.options import Option
from searchlab.core.problem import Heuristic
from searchlab.core.registry import Registry
from searchlab.core.result import SearchResult
from searchlab.domains.base import Domain, HeuristicSpec, RandomSpec, SearchRequest, plural
from searchlab.domains.drawing import Drawing, Grid
from searchlab.domains.queens.backtracking import PlacementProblem, last_queen_safe
from searchlab.domains.queens.board import (
    SEED_CASES,
    Board,
    Queens,
    format_queens,
    parse_board,
    random_board,
)
from searchlab.domains.queens.climb import (
    ClimbProblem,
    climb_engine,
    random_climb_start,
)
from searchlab.domains.queens.heuristics import HEURISTIC_SUMMARIES, HEURISTICS
from searchlab.domains.queens.moves import MOVES

MAX_PLACEMENT_N = 64
"""The largest n placed by backtracking (or breadth-first, iterative deepening): past
about n = 30 plain backtracking may take hours before its first solution."""

MAX_N = 1000
"""The largest n written as a start (hill climbing's own caps are lower: see MOVES)."""


def _heuristics() -> Registry[HeuristicSpec]:
    """Seed 000's heuristics (and the textbook's) as the domain's registry, aliases kept.

    They are objectives for local search, not estimates of a path's cost, so none is
    called admissible."""
    registry: Registry[HeuristicSpec] = Registry("heuristic")
    for name, function in HEURISTICS.items():
        spec = HeuristicSpec(name, HEURISTIC_SUMMARIES[name], False, _constant(function))
        registry.add(name, spec, *HEURISTICS.aliases_of(name))
    return registry


def _constant(function: Callable[[Queens], int]) -> Callable[[Any], Heuristic[Queens]]:
    """A builder that needs nothing from the problem: the heuristic is ``function``."""
    return lambda _problem: function


MOVES_OPTION = Option(
    "moves",
    "choice",
    "column (the seed's v2): a queen moves within its column; free (v1): to any empty "
    "square of a column holding no other queen",
    default="column",
    choices=tuple(MOVES),
    aliases={"v2": "column", "v1": "free"},
)

LOCAL = (
    "hill-climbing",
    "simulated-annealing",
    "local-beam",
    "genetic",
    "tabu",
    "late-acceptance",
)
PLACING = ("dfs", "bfs", "iterative-deepening")


def no_solution_line(n: int) -> str:
    return f"no solution exists for n = {n}"


class QueensDomain(Domain[Any, Any]):
    """N-queens: every solution by backtracking (seed 002), hill climbing (seed 000), min-conflicts.

    Backtracking places queens row by row from the top, each in the first column no placed
    queen attacks, going back a row when none is safe. Hill climbing moves to the best
    successor strictly better than the current board, and stops at a solution (h = 0) or a
    local minimum.
    """

    name = "queens"
    title = "N-queens"
    order = 10
    notation = (
        f"n, for an empty n×n board (n up to {MAX_PLACEMENT_N} for backtracking); or a board "
        "of n queens as 1-based (row, column) pairs in list order, "
        '"[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]", or one column per row, '
        '"[1,5,8,6,3,7,2,4]". From n the default is backtracking (dfs), from a board '
        "hill climbing."
    )
    examples = (
        "8",
        "6 --all",
        "case1 --algorithm hill-climbing --tie-break last",
        '"[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]" --moves free --heuristic h1',
        "8 --algorithm hill-climbing --sideways 100 --seed 7",
    )
    presets: ClassVar[Mapping[str, str]] = {
        f"case{number}": str(board) for number, board in enumerate(SEED_CASES, start=1)
    }
    algorithms = (*PLACING, *LOCAL)
    default_algorithm = "dfs"
    heuristics: ClassVar[Registry[HeuristicSpec]] = _heuristics()
    default_heuristic = "attacks"
    params = (MOVES_OPTION,)
    engines = ("generic", "kernel")
    size = Option("size", "int", "the board size n", default=8, low=1, high=MAX_N)
    views = ("backtrack", "climb")
    sources = (
        "searchlab.domains.queens.backtracking.PlacementProblem",
        "searchlab.domains.queens.backtracking.last_queen_safe",
        "searchlab.domains.queens.moves.column_successors",
        "searchlab.domains.queens.moves.free_successors",
        "searchlab.domains.queens.heuristics.attackers",
        "searchlab.domains.queens.heuristics.attacks",
    )
    commands = "searchlab.cli.queens:queens_commands"
    tour = "searchlab.cli.queens:tour_queens"
    tour_title = "Seeds 000 and 002: N-queens by backtracking and hill climbing"

    # -- states -----------------------------------------------------------------------
    def parse(self, text: str) -> int | Board:
        body = text.strip()
        if body.lstrip("+-").isdigit():
            if len(body) > 7:
                raise InputError(f"n = {body[:12]}… is far past any board searched here")
            n = int(body)
            if not 1 <= n <= MAX_N:
                raise InputError(f"n must be from 1 to {MAX_N:,}, not {n:,}")
            return n
        return parse_board(text)

    def encode(self, state: Any) -> Any:
        if state and isinstance(state[0], tuple):
            return [[row, col] for row, col in state]
        return list(state)

    def encode_start(self, start: Any) -> Any:
        return start if isinstance(start, int) else start.to_json()

    def encode_move(self, move: Any) -> Any:
        if isinstance(move, tuple):
            return [list(square) for square in move]
        return move

    def format_move(self, move: Any) -> str:
        if isinstance(move, tuple):
            (r0, c0), (r1, c1) = move
            return f"({r0},{c0})->({r1},{c1})"
        return str(move)

    def start_state(self, start: Any) -> Any:
        return None if isinstance(start, int) else start.queens

    def format(self, state: Any) -> str:
        if state and isinstance(state[0], tuple):
            return format_queens(state)
        return "[" + ",".join(map(str, state)) + "]"

    def draw(self, state: Any, problem: Any = None) -> Drawing:
        if state and isinstance(state[0], tuple):
            n = len(state)
            squares = {(row - 1) * n + col - 1 for row, col in state}
        else:
            n = getattr(problem, "n", None) or len(state)
            squares = {row * n + col - 1 for row, col in enumerate(state)}
        cells = tuple("Q" if cell in squares else "" for cell in range(n * n))
        return Grid(n, n, cells, "chess")

    def random_start(self, rng: random.Random, spec: RandomSpec) -> Board:
        n = self.size.parse(spec.size) if self.size is not None else 8
        return random_board(n, spec.params.get("moves") or MOVES_OPTION.default, rng)

    # -- algorithms -------------------------------------------------------------------
    def offered(self, start: Any) -> tuple[str, ...]:
        return self.algorithms if isinstance(start, int) else LOCAL

    def default_algorithm_for(self, start: Any) -> str:
        return "dfs" if isinstance(start, int) else "hill-climbing"

    def check(self, request: SearchRequest) -> None:
        start, moves = request.start, MOVES[request.params["moves"]]
        n = start if isinstance(start, int) else start.n
        if request.algorithm in PLACING:
            if n > MAX_PLACEMENT_N:
                raise InputError(
                    f"n = {n} is too large for {request.algorithm} (at most "
                    f"{MAX_PLACEMENT_N}): placing queens row by row takes hours long before",
                    field="start",
                )
            return
        if not isinstance(start, int):
            moves.check(start)
        if request.algorithm == "genetic" and moves.name != "column":
            raise InputError(
                "the genetic algorithm writes a board as one row per column: it needs column "
                "moves",
                field="algorithm",
                hint=("moves", "column"),
            )
        try:
            self._engine(request, n)
        except InputError as error:
            raise error.about("start") from None

    def _engine(self, request: SearchRequest, n: int) -> str:
        """The engine of a local search (checking n against its limit): the algorithms
        other than steepest hill climbing score move by move, in the generic engine."""
        options = request.options
        return climb_engine(
            n,
            request.params["moves"],
            request.engine,
            options.get("tie_break", "first"),
            options.get("variant", "steepest")
            if request.algorithm == "hill-climbing"
            else request.algorithm,
        )

    def _climb_start(self, request: SearchRequest) -> tuple[Queens, int | None]:
        """The board a local search starts from, and the seed of its own choices: from
        n, a random board drawn with the request's seed, then the climb's seed from the
        same generator (as every random-start trial draws them, so a run repeats one)."""
        start = request.start
        if not isinstance(start, int):
            return start.queens, request.seed
        board, climb_seed = random_climb_start(start, request.params["moves"], request.seed)
        return board.queens, climb_seed

    def problem(self, request: SearchRequest) -> Any:
        start = request.start
        if request.algorithm == "dfs":
            return PlacementProblem(start)
        if request.algorithm in PLACING:
            return PlacementProblem(start, safe_only=True)
        queens, _ = self._climb_start(request)
        return self._climb_problem(request, queens)

    def resolve_engine(self, request: SearchRequest, observed: bool) -> str:
        """For local search: the compiled scan (``kernel``) past ``KERNEL_CLIMB_FROM``
        queens for steepest climbs with tie-break first or last, unless chosen; the
        generic engine for everything else."""
        if request.algorithm not in LOCAL:
            return "generic" if request.engine == "auto" else request.engine
        start = request.start
        return self._engine(request, start if isinstance(start, int) else start.n)

    def _climb_problem(self, request: SearchRequest, queens: Queens) -> ClimbProblem:
        compiled = self._engine(request, len(queens)) == "kernel"
        return ClimbProblem(len(queens), queens, MOVES[request.params["moves"]], True, compiled)

    def constraint(self, request: SearchRequest) -> Callable[[Any], bool] | None:
        return last_queen_safe if request.algorithm == "dfs" else None

    def random_state(self, request: SearchRequest) -> Callable[[random.Random], Any] | None:
        start, moves = request.start, request.params["moves"]
        n = start if isinstance(start, int) else start.n
        return lambda rng: random_board(n, moves, rng).queens

    def search(self, request: SearchRequest, observer: Observer | None = None) -> Any:
        if request.algorithm in LOCAL:
            from searchlab.algorithms.registry import run_algorithm

            queens, seed = self._climb_start(request)
            problem = self._climb_problem(request, queens)
            return run_algorithm(
                request.algorithm,
                problem,
                self.heuristic(request, problem),
                options=request.options,
                seed=seed,
                random_state=self.random_state(request),
                limits=request.limits,
                observer=observer,
            )
        return super().search(request, observer)

    # -- writing ----------------------------------------------------------------------
    def document(self, request: SearchRequest, result: SearchResult[Any, Any]) -> dict[str, Any]:
        """The one schema, plus for local search ``h_start`` and ``h_final``: the
        heuristic of the board the (last) climb started from and of where it ended."""
        document = super().document(request, result)
        start = request.start
        document["n"] = start if isinstance(start, int) else start.n
        if request.algorithm in LOCAL and result.path:
            h = HEURISTICS[request.heuristic or "attacks"]
            document["h_start"] = h(result.path[0])
            document["h_final"] = h(result.path[-1])
        return document

    def describe(self, request: SearchRequest, result: SearchResult[Any, Any]) -> str:
        if request.algorithm not in LOCAL or not result.path:
            if result.status == "exhausted" and isinstance(request.start, int):
                return f"Search finished: {no_solution_line(request.start)}."
            return super().describe(request, result)
        h = HEURISTICS[request.heuristic or "attacks"]
        final = result.path[-1]
        if result.solved:
            verdict = "a solution"
        elif result.limit is not None:
            verdict = f"not a solution (stopped at the {result.limit.replace('_', '-')} limit)"
        else:
            verdict = "not a solution (local minimum)"
        unit = "generation" if request.algorithm == "genetic" else "move"
        moves = plural(result.stats.iterations, unit)
        return f"final: {format_queens(final)}  h = {h(final):g}, {verdict}; {moves}"

    stream_counters = ("stable placements expanded", "squares tried")

    def stream_scope(self, request: SearchRequest) -> str:
        return f" for n = {request.start}"

    def no_solution(self, request: SearchRequest) -> str:
        return no_solution_line(request.start)

    def describe_random(self, start: Any, goal: Any) -> list[tuple[str, str, str | None]]:
        return [("start", str(start), None)]

    def heuristic(self, request: SearchRequest, problem: Any) -> Heuristic[Any] | None:
        if request.heuristic is None or request.algorithm not in LOCAL:
            return None
        return HEURISTICS[request.heuristic]

    def admissible(self, request: SearchRequest) -> bool:
        return request.algorithm not in LOCAL


QUEENS = QueensDomain()
"""The registered instance (``pyproject.toml``'s ``searchlab.domains`` entry point)."""
