"""Fast optimal 15- and 24-puzzle solving: IDA* in a compiled kernel with pattern databases.

Entry points (the compiled code loads on first call, so importing this is cheap):

- ``solve_15(board, goal=None, heuristic=None, progress=None)``: the shortest
  solution of a 4×4 or 5×5 board as moves of the blank ("up", "down", "left",
  "right"), nodes generated and search seconds. Any goal works; databases are built
  per goal (blank in a corner: the standard partitions turned to fit; elsewhere:
  adapted) and cached on disk.
- ``small``: the same IDA* in plain Python, which ``solve_15`` tries first on a board
  while the compiled one is not loaded (a small board needs no numba), and
  ``layout``: the constants both share, numba-free.
- ``load_solver()``: load the compiled IDA* now and say how long that took, so that
  set-up is reported apart from the search.
- ``load_korf100()`` and ``korf100(first, progress=)``: Korf's (1985) 100 standard
  instances with their known optimal lengths, and the one run over them (rows and
  totals, every length checked against the published one) that ``searchlab puzzle
  korf100`` and the benchmark share; ``korf24`` the same over Korf and Taylor's ten
  24-puzzles (``korf_taylor``).

Heuristics: ``manhattan``, ``linear-conflict`` (Manhattan plus linear conflicts) and
the additive pattern databases ``pdb-663`` (the default on 4×4), ``pdb-78``,
``pdb-555`` and ``pdb-33333`` (tiny, for tests); on 5×5 ``pdb-6666`` (Korf and
Felner's) and ``pdb-444444`` (built in seconds). All admissible, so every answer is
optimal.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import numpy as np
import numpy.typing as npt

from searchlab.core.errors import InputError
from searchlab.domains.puzzle.board import board_size, validate_tiles
from searchlab.domains.puzzle.kernels import small
from searchlab.domains.puzzle.kernels.korf_taylor import KORF_GOAL_24, Instance, korf_taylor
from searchlab.domains.puzzle.kernels.layout import (
    LIMIT_REACHED,
    LINEAR_CONFLICT,
    MANHATTAN,
    MAX_DEPTH,
    NOT_FOUND,
    PATTERN_DB,
    REFLECTED_DB,
)
from searchlab.domains.puzzle.kernels.pdb import (
    PARTITIONS,
    Progress,
    best_present,
    pattern_databases,
)
from searchlab.domains.puzzle.problem import DEFAULT_MOVE_ORDER, MOVE_ORDERS, MOVES
from searchlab.domains.puzzle.solvability import check_solvable

if TYPE_CHECKING:
    from searchlab.domains.puzzle.kernels.parallel import SearchState, SplitSolution

MOVE_NAMES: tuple[str, ...] = ("up", "down", "left", "right")
"""Kernel move codes 0–3, named by the direction the blank moves."""


HEURISTICS: tuple[str, ...] = ("manhattan", "linear-conflict", *PARTITIONS)
"""Heuristic names ``solve_15`` accepts (every one admissible)."""

DEFAULT_HEURISTIC = "pdb-663"

STANDARD_GOAL: tuple[int, ...] = (*range(1, 16), 0)
STANDARD_GOAL_24: tuple[int, ...] = (*range(1, 25), 0)
KORF_GOAL: tuple[int, ...] = tuple(range(16))
"""The goal of Korf's instances: blank top-left, then 1 … 15."""

Board = tuple[int, ...]


@dataclass(frozen=True)
class FastSolution:
    """What the compiled IDA* found: the moves of the blank (None when ``max_expanded``
    stopped it first) and its counters."""

    moves: list[str] | None
    generated: int
    expanded: int
    iterations: int
    seconds: float  # the search alone, without loading or building databases
    compiled: bool = True  # False: the plain-Python IDA* (``small``) served a small board


KERNEL_SIZES = (4, 5)
"""The board sides the compiled IDA* is built for."""


def _kernel_board(cells: Sequence[int], what: str, size: int | None = None) -> Board:
    """``cells`` as a board, refused in the domain's words (``validate_tiles``) when it
    is not one, when it is not a 4×4 or 5×5 board this solver is built for, and (with
    ``size``) when its side is not ``size``."""
    try:
        board = validate_tiles([int(v) for v in cells])
    except InputError as error:
        raise InputError(f"the {what}: {error}") from None
    k = board_size(board)
    if k not in KERNEL_SIZES:
        raise InputError(
            f"the compiled solver takes 4×4 and 5×5 boards only; the {what} is {k}×{k}"
        )
    if size is not None and k != size:
        raise InputError(f"the {what} is {k}×{k} but the board is {size}×{size}")
    return board


def standard_goal_for(board: Board) -> Board:
    """The standard goal (1 … n-1, blank last) of ``board``'s size."""
    return STANDARD_GOAL if len(board) == 16 else STANDARD_GOAL_24


def default_heuristic_for(goal: Board) -> str:
    """The heuristic ``solve_15`` takes when none is named: pdb-663 on 4×4; on 5×5 the
    strongest databases cached (``pdb.best_present``: pdb-6666 once built, else
    pdb-444444, which builds in seconds)."""
    return DEFAULT_HEURISTIC if len(goal) == 16 else best_present(goal)


def solve_15(
    board: Sequence[int],
    goal: Sequence[int] | None = None,
    *,
    heuristic: str | None = None,
    progress: Progress | None = None,
    max_expanded: int | None = None,
    cache_dir: Path | None = None,
    reflect: bool = True,
    move_order: str = DEFAULT_MOVE_ORDER,
    iteration: Callable[[int, int], None] | None = None,
    small_budget: int = small.SMALL_BUDGET,
) -> FastSolution:
    """A shortest solution of a 4×4 or 5×5 board by IDA*.

    While the compiled kernel is not loaded in the process, the board is first searched
    by the same IDA* in plain Python (``small``) up to ``small_budget`` expansions (0:
    straight to the kernel): a small board is solved without loading numba (about a
    second of CPU), a larger one is then solved by the kernel from the start. Either
    gives the same moves and counters; past the budget its time counts as set-up.

    ``heuristic`` None: ``default_heuristic_for`` the goal. ``iteration(threshold,
    generated)`` hears after each iteration (a 24-puzzle's take minutes).
    With ``reflect`` a pattern database is also read on the board reflected about the
    diagonal through the blank's goal, and the larger sum taken (when the goal has such
    a diagonal; the mirrored patterns' tables are built too). ``move_order`` names the
    order the blank's moves are tried in (``MOVE_ORDERS``).
    Loading or building the databases is not timed (``progress`` hears about a build).
    Raises InputError for a malformed, unsolvable or unknown-heuristic request (boards
    are checked by the domain's ``validate_tiles`` and ``check_solvable``); past
    ``max_expanded`` expansions the search stops with ``moves`` None.
    """
    start = _kernel_board(board, "board")
    target = (
        _kernel_board(goal, "goal", board_size(start))
        if goal is not None
        else standard_goal_for(start)
    )
    arguments = kernel_arguments(
        target,
        heuristic if heuristic is not None else default_heuristic_for(target),
        reflect=reflect,
        move_order=move_order,
        cache_dir=cache_dir,
        progress=progress,
        check=lambda: check_solvable(start, target),
    )
    if small_budget > 0 and not kernel_loaded():
        began = time.perf_counter()
        heard: list[tuple[int, int]] = []
        limit = small_budget if not max_expanded else min(small_budget, max_expanded)
        length, codes, counters = small.ida_star(
            start, *arguments, max_expanded=limit, iteration=lambda *report: heard.append(report)
        )
        if length != LIMIT_REACHED or limit == max_expanded:
            if iteration is not None:  # told once the answer stands, not before a fallback
                for threshold, generated in heard:
                    iteration(threshold, generated)
            return _solution(length, codes, counters, time.perf_counter() - began, compiled=False)
    ida = _ida()
    moves = np.zeros(MAX_DEPTH, dtype=np.int64)
    counters_array = np.zeros(4, dtype=np.int64)
    began = time.perf_counter()
    length = ida.ida_star(
        np.asarray(start, dtype=np.int64),
        *arguments,
        max_expanded=max_expanded or 0,
        moves=moves,
        counters=counters_array,
        iteration=iteration,
    )
    seconds = time.perf_counter() - began
    generated, expanded, iterations = (int(c) for c in counters_array[:3])
    codes = moves[: max(length, 0)].tolist()
    return _solution(length, codes, (generated, expanded, iterations), seconds)


def _solution(
    length: int,
    codes: list[int],
    counters: tuple[int, int, int],
    seconds: float,
    *,
    compiled: bool = True,
) -> FastSolution:
    """What either IDA* returned, as ``solve_15`` answers."""
    if length == NOT_FOUND:  # pragma: no cover - the parity test rules it out
        raise AssertionError("IDA* exhausted a solvable puzzle")
    found = None if length == LIMIT_REACHED else [MOVE_NAMES[m] for m in codes[:length]]
    return FastSolution(found, *counters, seconds, compiled)


def kernel_loaded() -> bool:
    """Whether the compiled IDA* is loaded in this process (``load_solver``): from then
    on ``solve_15`` runs it directly, the plain-Python one having nothing to save."""
    return _ida.cache_info().currsize > 0


def kernel_arguments(
    goal: Board,
    heuristic: str,
    *,
    reflect: bool = True,
    move_order: str = DEFAULT_MOVE_ORDER,
    cache_dir: Path | None = None,
    progress: Progress | None = None,
    check: Callable[[], None] | None = None,
) -> tuple[Any, ...]:
    """What the kernel's ``ida_star`` and ``search`` take after the board: the heuristic
    (the goal's squares, the mode and the tables: ``ida.HEURISTIC``) and the move order.
    Names are checked (then ``check()``, e.g. solvability) before any database is loaded
    or built."""
    if heuristic not in HEURISTICS:
        raise InputError(f"unknown heuristic {heuristic!r}: choose one of {', '.join(HEURISTICS)}")
    if move_order not in MOVE_ORDERS:
        raise InputError(
            f"unknown move order {move_order!r}: choose one of {', '.join(MOVE_ORDERS)}"
        )
    if check is not None:
        check()
    if heuristic in PARTITIONS:
        dbs = pattern_databases(
            heuristic, goal, directory=cache_dir, progress=progress, reflect=reflect
        )
        mode = REFLECTED_DB if dbs.reflected else PATTERN_DB
        tables, slots, offset = dbs.tables, dbs.slots, dbs.offset
    else:
        mode = LINEAR_CONFLICT if heuristic == "linear-conflict" else MANHATTAN
        tables, slots, offset = _NO_TABLES
    order = np.asarray([MOVES.index(move) for move in MOVE_ORDERS[move_order]], dtype=np.int64)
    return (_goal_cells(goal), mode, tables, slots, offset), order


_NO_TABLES = (
    np.zeros(1, dtype=np.uint8),
    np.zeros((2, 3, 16), dtype=np.int64),
    np.zeros(0, dtype=np.int64),
)
"""What the kernel takes in place of pattern databases under manhattan or linear-conflict."""


def _goal_cells(goal: Board) -> npt.NDArray[np.int64]:
    """The square each tile belongs on, the kernel's way of reading a goal."""
    cells = np.zeros(len(goal), dtype=np.int64)
    for cell, tile in enumerate(goal):
        cells[tile] = cell
    return cells


@functools.cache
def _ida() -> ModuleType:
    """The compiled IDA*, loaded (numba's cache, or a compile) and run once on a board
    one move from the goal: its first call still links code (some 10 ms), which is
    set-up, not search."""
    from searchlab.domains.puzzle.kernels import ida

    one_move = np.array([*range(1, 15), 0, 15], dtype=np.int64)
    ida.ida_star(
        one_move,
        (_goal_cells(STANDARD_GOAL), MANHATTAN, *_NO_TABLES),
        np.arange(4, dtype=np.int64),
        max_expanded=0,
        moves=np.zeros(MAX_DEPTH, dtype=np.int64),
        counters=np.zeros(4, dtype=np.int64),
    )
    return ida


def load_solver() -> float:
    """Load the compiled IDA* into this process now; the seconds it took (about 0 once
    loaded). ``solve_15`` does it before its clock starts, so its ``seconds`` are the
    search alone; a caller that reports set-up calls this first and times it."""
    started = time.perf_counter()
    _ida()
    return time.perf_counter() - started


def pdb_heuristic(
    name: str = DEFAULT_HEURISTIC,
    goal: Sequence[int] | None = None,
    *,
    progress: Progress | None = None,
    cache_dir: Path | None = None,
    reflect: bool = False,
) -> Callable[[Sequence[int]], float]:
    """A pattern-database heuristic as a plain function of a 16- or 25-cell board, for the
    generic engine (e.g. to register ``pdb-663`` in the domain's heuristic registry).
    Admissible and consistent (with ``reflect``: the larger of the regular and the
    reflected sum); the databases load (or build) now, not per call."""
    if name not in PARTITIONS:
        raise InputError(
            f"unknown pattern database {name!r}: choose one of {', '.join(PARTITIONS)}"
        )
    target = _kernel_board(goal, "goal") if goal is not None else STANDARD_GOAL
    dbs = pattern_databases(
        name, target, directory=cache_dir, progress=progress, reflect=reflect
    )

    def h(board: Sequence[int]) -> float:
        return float(max(dbs.sums(board)))

    return h


def load_korf100() -> list[tuple[Board, int]]:
    """Korf's 100 instances as (board, optimal length); their goal is ``KORF_GOAL``."""
    text = resources.files(__package__).joinpath("korf100.txt").read_text(encoding="utf-8")
    instances: list[tuple[Board, int]] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [int(v) for v in line.split()]
        instances.append((tuple(fields[3:]), fields[1]))
    return instances


KORF_INSTANCES = 100
"""How many instances Korf's (1985) set holds."""


@dataclass(frozen=True)
class KorfRow:
    """One instance of a published set, solved: its number (1-based), the length found
    (the published optimum: ``solve_set`` checks; None when ``max_expanded`` stopped
    the search first), nodes and search seconds."""

    instance: int
    length: int | None
    optimal: int
    generated: int
    expanded: int
    seconds: float


@dataclass(frozen=True)
class KorfRun:
    """A set's instances solved by one heuristic: a row each, and the totals."""

    heuristic: str
    rows: tuple[KorfRow, ...]
    worker_seconds: float = 0.0  # split over workers: the CPU seconds of every subtree
    wasted_seconds: float = 0.0  # ... of which in subtrees the serial search never enters
    unfinished: bool = False  # max_seconds stopped it before the last instance's answer

    @property
    def generated(self) -> int:
        return sum(row.generated for row in self.rows)

    @property
    def seconds(self) -> float:
        """The searches' seconds summed (loading the databases not included)."""
        return sum(row.seconds for row in self.rows)


Iteration = Callable[[int, int, int], None]
"""Called after each iteration of IDA*: (instance number, threshold, nodes generated)."""

Checkpoint = Callable[[tuple[KorfRow, ...], "SearchState | None"], None]
"""Hears a set's run between two tasks: the instances finished, and where the next one's
search stands (None: not started). ``checkpoint.write`` saves it to a file."""


def _check_first(first: int | None, count: int, what: str) -> None:
    """An InputError unless ``first`` (how many of a set's ``count`` instances to
    solve, None for all) is a whole number from 1 to ``count``."""
    if first is not None and (not isinstance(first, int) or not 1 <= first <= count):
        raise InputError(
            f"{what} has {count} instances: the number to solve must be between 1 and "
            f"{count}, not {first!r}"
        )


class SetOptions(TypedDict, total=False):
    """How ``solve_set`` (and so ``korf100`` and ``korf24``) solves a published set:
    ``progress(done, total)`` hears after each instance, ``iteration`` after each
    iteration of IDA* (not with ``executor``), ``database_progress`` about a database
    build, which happens before the first instance's clock starts; ``cache_dir`` holds
    the databases; ``reflect`` (True) and ``move_order`` are ``solve_15``'s; with
    ``executor`` each iteration is split into subtrees searched over it
    (``parallel.solve_15_split``: the same answers and node counts) and the run says
    what the split cost; with ``max_expanded`` an instance stopped by it is left
    unsolved (its row's length None).

    With ``max_seconds`` the run stops between two tasks of a search once that many
    seconds have passed (the run is then ``unfinished``); ``checkpoint`` hears where it
    stands every ``checkpoint_every`` seconds, after each instance, and at the stop (or
    Ctrl-C); ``resume`` (the rows finished and a search's state, as heard) goes on from
    there with the same answers and node counts. These run every search through
    ``parallel.solve_15_split`` (here if no ``executor``), and exclude ``max_expanded``."""

    progress: Callable[[int, int], None] | None
    iteration: Iteration | None
    database_progress: Progress | None
    cache_dir: Path | None
    reflect: bool
    move_order: str
    executor: Executor | None
    max_expanded: int | None
    max_seconds: float | None
    checkpoint: Checkpoint | None
    checkpoint_every: float
    resume: tuple[tuple[KorfRow, ...], SearchState | None] | None


def korf100(
    first: int | None = None,
    *,
    heuristic: str = DEFAULT_HEURISTIC,
    **options: Unpack[SetOptions],
) -> KorfRun:
    """Solve the first ``first`` (default all 100) of Korf's instances optimally, every
    length checked against the published optimum (a mismatch would be a bug in the
    kernel or the databases, and raises AssertionError)."""
    instances = load_korf100()
    _check_first(first, len(instances), "Korf's set")
    instances = instances[:first]
    numbered = [(number, board, optimal) for number, (board, optimal) in enumerate(instances, 1)]
    return solve_set(numbered, KORF_GOAL, heuristic=heuristic, **options)


def korf24(
    names: Sequence[str] | None = None,
    first: int | None = None,
    *,
    heuristic: str = "pdb-6666",
    **options: Unpack[SetOptions],
) -> KorfRun:
    """Solve Korf and Taylor's 24-puzzles (``korf_taylor``): those ``names``d, or the
    first ``first``, or all ten, each length checked against the published one as in
    ``korf100`` (an instance takes minutes: ``iteration`` is worth hearing)."""
    known = [instance.name for instance in korf_taylor()]
    unknown = [name for name in names or () if name not in known]
    if unknown:
        raise InputError(
            f"Korf and Taylor's set has no instance {unknown[0]!r}: its names are "
            f"{', '.join(known)}"
        )
    _check_first(first, len(known), "Korf and Taylor's set")
    chosen: list[Instance] = korf_taylor(list(names or ()), first)
    numbered = [(int(item.name), item.board, item.optimal) for item in chosen]
    return solve_set(numbered, KORF_GOAL_24, heuristic=heuristic, **options)


def solve_set(
    instances: Sequence[tuple[int, Board, int]],
    goal: Board,
    *,
    heuristic: str,
    **options: Unpack[SetOptions],
) -> KorfRun:
    """Solve each (number, board, published length) of a set for ``goal``, checking
    every length found against the published one (AssertionError if they differ)."""
    cache_dir, reflect = options.get("cache_dir"), options.get("reflect", True)
    executor, max_expanded = options.get("executor"), options.get("max_expanded")
    iteration, progress = options.get("iteration"), options.get("progress")
    if heuristic in PARTITIONS:  # build or load once, before the clock of instance 1
        pattern_databases(
            heuristic,
            goal,
            directory=cache_dir,
            progress=options.get("database_progress"),
            reflect=reflect,
        )
    load_solver()  # a published set is the kernel's work: no plain-Python try first
    save, resumed = options.get("checkpoint"), options.get("resume")
    max_seconds = options.get("max_seconds")
    stoppable = max_seconds is not None or save is not None or resumed is not None
    if stoppable and max_expanded:
        raise InputError(
            "a run stopped by time (or saved to go on) cannot also stop at a node count: "
            "drop max_expanded",
            field="max_expanded",
        )
    deadline = time.perf_counter() + max_seconds if max_seconds is not None else math.inf
    rows, search = (list(resumed[0]), resumed[1]) if resumed is not None else ([], None)
    worker = wasted = 0.0
    searched = False  # whether this call has searched yet
    settings: dict[str, Any] = {
        "heuristic": heuristic,
        "cache_dir": cache_dir,
        "reflect": reflect,
        "move_order": options.get("move_order", DEFAULT_MOVE_ORDER),
    }
    for done, (number, board, optimal) in enumerate(instances, start=1):
        if done <= len(rows):
            continue  # finished before the resume
        heard = None if iteration is None else functools.partial(iteration, number)
        if not stoppable and executor is None:
            found: FastSolution | SplitSolution = solve_15(
                board, goal, max_expanded=max_expanded, iteration=heard, **settings
            )
        else:
            from searchlab.domains.puzzle.kernels.parallel import solve_15_split

            if searched and time.perf_counter() >= deadline:  # each call moves on a task
                return _stopped(heuristic, rows, search, save, worker, wasted)
            searched = True
            found = solve_15_split(
                board,
                goal,
                executor=executor,
                max_seconds=None if deadline == math.inf else deadline - time.perf_counter(),
                checkpoint=None if save is None else functools.partial(save, tuple(rows)),
                checkpoint_every=options.get("checkpoint_every", 60.0),
                resume=search,
                iteration=heard,
                **settings,
            )
            search = None
            worker += found.worker_seconds
            wasted += found.wasted_seconds
            if found.paused is not None:
                return _stopped(heuristic, rows, found.paused, None, worker, wasted)
        length = None if found.moves is None else len(found.moves)
        if length != optimal and not (length is None and max_expanded):
            raise AssertionError(f"instance {number}: found {length} moves, published {optimal}")
        rows.append(
            KorfRow(number, length, optimal, found.generated, found.expanded, found.seconds)
        )
        if save is not None:
            save(tuple(rows), None)
        if progress is not None:
            progress(done, len(instances))
    return KorfRun(heuristic, tuple(rows), worker, wasted)


def _stopped(
    heuristic: str,
    rows: list[KorfRow],
    search: SearchState | None,
    save: Checkpoint | None,
    worker: float,
    wasted: float,
) -> KorfRun:
    """The run stopped by its time before an instance's answer (``save`` hears it, if
    the search did not already say where it stands)."""
    if save is not None:
        save(tuple(rows), search)
    return KorfRun(heuristic, tuple(rows), worker, wasted, unfinished=True)


__all__ = [
    "DEFAULT_HEURISTIC",
    "HEURISTICS",
    "KORF_GOAL",
    "KORF_GOAL_24",
    "KORF_INSTANCES",
    "MOVE_NAMES",
    "MOVE_ORDERS",
    "STANDARD_GOAL",
    "STANDARD_GOAL_24",
    "FastSolution",
    "KorfRow",
    "KorfRun",
    "SetOptions",
    "korf24",
    "korf100",
    "load_korf100",
    "load_solver",
    "pdb_heuristic",
    "solve_15",
]
