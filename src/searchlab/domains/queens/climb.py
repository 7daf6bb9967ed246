"""Seed 000's hill climbing: a board, a move operator and a heuristic handed to the
engine's generic ``hill_climbing``; and random-start trials for measuring it."""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

from searchlab.algorithms.local import TIE_BREAKS, VARIANTS, TieBreak, Variant, hill_climbing
from searchlab.core.errors import InputError
from searchlab.core.events import Observer
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.options import Option
from searchlab.core.result import SearchResult
from searchlab.domains.queens.board import Board, Queens, random_board
from searchlab.domains.queens.heuristics import (
    HEURISTICS,
    attackers,
    attacking_pairs,
    attacks,
    is_solution,
)
from searchlab.domains.queens.incremental import SCALES, QueensEvaluator
from searchlab.domains.queens.moves import MOVES, Arc, Move, MoveOperator


@dataclass(frozen=True)
class ClimbProblem:
    """The local-search space: states are tuples of (row, col) in list order."""

    n: int
    start: Queens
    operator: MoveOperator
    incremental: bool = True  # offer local search the O(1) move evaluator
    compiled: bool = False  # and with it, steepest steps scanned in machine code

    @property
    def initial(self) -> Queens:
        return self.start

    def successors(self, state: Queens) -> Iterator[Arc]:
        return self.operator.successors(state)

    def is_goal(self, state: Queens) -> bool:
        return is_solution(state)

    def genome(self) -> ColumnGenome | None:
        """Column boards as the textbook's gene strings (one row per column)."""
        return ColumnGenome(self.n) if self.operator.name == "column" else None

    def evaluator(self, h: object) -> QueensEvaluator | None:
        """The incremental evaluator for seed 000's heuristics (None for any other h,
        or when ``incremental`` is off: the engine then scores every board in full)."""
        if not self.incremental or h not in SCALES:
            return None
        return QueensEvaluator(self.operator.name, h, self.compiled)


@dataclass(frozen=True)
class ColumnGenome:
    """A column board as AIMA's 8-queens string: gene c is the row of the queen in
    column c (1..n). With h = attacking pairs the fitness ``ceiling − h`` is the
    textbook's, the pairs not attacking each other (28 for a solution of 8 queens)."""

    n: int

    @property
    def alleles(self) -> tuple[int, ...]:
        return tuple(range(1, self.n + 1))

    def encode(self, state: Queens) -> tuple[int, ...]:
        rows = [0] * self.n
        for row, col in state:
            rows[col - 1] = row
        return tuple(rows)

    def decode(self, genes: tuple[int, ...]) -> Queens:
        return tuple((row, col) for col, row in enumerate(genes, start=1))

    def ceiling(self, h: object) -> float:
        pairs = self.n * (self.n - 1) // 2
        bounds = {attacking_pairs: pairs, attacks: 2 * pairs, attackers: self.n}
        if h not in bounds:
            raise InputError("the genetic algorithm knows the fitness of h1, h2 and pairs only")
        return float(bounds[h])


def _tie_break(name: str) -> TieBreak:
    if name not in TIE_BREAKS:
        raise InputError(f"unknown tie-break {name!r}: choose one of {', '.join(TIE_BREAKS)}")
    return name


def _variant(name: str) -> Variant:
    if name not in VARIANTS:
        raise InputError(f"unknown variant {name!r}: choose one of {', '.join(VARIANTS)}")
    return name


CLIMB_ENGINES = ("auto", "generic", "kernel")
KERNEL_CLIMB_FROM = 100
"""``engine="auto"`` climbs boards larger than this with the compiled scan (when numba is
there, the variant is steepest and the tie-break first or last: the scan's cases)."""


def _engine_option() -> Option:
    column, free = MOVES["column"], MOVES["free"]
    return Option(
        "engine",
        "choice",
        "how a hill climb scores moves: generic (the O(1) incremental evaluator, in "
        f"Python; column boards up to {column.max_n:,}, free up to {free.max_n}), kernel "
        "(steepest steps with tie-break first or last scanned compiled, the same climbs; "
        f"column up to {column.max_kernel_n:,}, free up to {free.max_kernel_n}), auto (the "
        f"kernel past n = {KERNEL_CLIMB_FROM} where it applies)",
        default="auto",
        choices=CLIMB_ENGINES,
    )


def climb_engine(n: int, moves: str, engine: str, tie_break: str, variant: str) -> str:
    """The engine that climbs a board of n queens (``generic`` or ``kernel``), its size
    checked against that engine's limit."""
    from searchlab.jit import JIT_ENABLED

    if engine not in CLIMB_ENGINES:
        raise InputError(f"unknown engine {engine!r}: choose one of {', '.join(CLIMB_ENGINES)}")
    scanned = variant == "steepest" and tie_break != "random"
    if engine == "auto":
        engine = "kernel" if JIT_ENABLED and scanned and n > KERNEL_CLIMB_FROM else "generic"
    elif engine == "kernel" and not scanned:
        raise InputError(
            "the compiled engine scans steepest hill-climbing steps with tie-break first or "
            f"last; for {variant if variant != 'steepest' else 'tie-break random'} use the "
            "generic engine",
            field="engine",
        )
    MOVES[moves].check_size(n, engine)
    return engine


ENGINE_OPTION = _engine_option()
"""``--engine`` of ``queens climb`` and the local-search experiments."""


class ClimbSettings(TypedDict, total=False):
    """How seed 000's climb is run: the move operator (``column``), the heuristic
    (``attacks``), sideways moves allowed in a row (0), random restarts (0), the
    tie-break (``first``), the variant (``steepest``) and the engine (``generic``: the
    incremental evaluator in Python; ``kernel``: steepest steps scanned compiled;
    ``auto``: the kernel past ``KERNEL_CLIMB_FROM`` queens); the defaults in parentheses."""

    moves: str
    heuristic: str
    sideways: int
    restarts: int
    tie_break: str
    variant: str
    engine: str


def climb(
    board: Board,
    *,
    seed: int | None = None,
    limits: Limits = NO_LIMITS,
    observer: Observer | None = None,
    **settings: Unpack[ClimbSettings],
) -> SearchResult[Queens, Move]:
    """Steepest-descent hill climbing from ``board``.

    Only strictly better successors are candidates (``sideways`` allows that many
    equal moves in a row); ties go to the first or last generated, or a random one.
    With ``tie_break="last"`` the run makes the document's Prolog's choices. A failed
    climb is followed by up to ``restarts`` more from ``random_board``. The column
    operator refuses a board without one queen per column (InputError).
    """
    operator = MOVES[settings.get("moves", "column")]
    h = HEURISTICS[settings.get("heuristic", "attacks")]
    operator.check(board)
    n = board.n
    tie_break = _tie_break(settings.get("tie_break", "first"))
    variant = _variant(settings.get("variant", "steepest"))
    engine = climb_engine(n, operator.name, settings.get("engine", "generic"), tie_break, variant)

    def fresh(rng: random.Random) -> Queens:
        return random_board(n, operator.name, rng).queens

    return hill_climbing(
        ClimbProblem(n, board.queens, operator, compiled=engine == "kernel"),
        h,
        tie_break=tie_break,
        sideways=settings.get("sideways", 0),
        restarts=settings.get("restarts", 0),
        variant=variant,
        random_state=fresh,
        seed=seed,
        limits=limits,
        observer=observer,
    )


def random_climb_start(n: int, moves: str, seed: int | None) -> tuple[Board, int]:
    """The board a random-start climb begins from, and the seed of the climb's own
    choices: both drawn from one generator seeded with ``seed``, so one number repeats
    a whole trial (``climb_trial``, ``queens solve N -a hill-climbing --seed S``)."""
    rng = random.Random(seed)
    board = random_board(n, moves, rng)
    return board, rng.getrandbits(63)


def climb_trial(n: int, *, seed: int, **settings: Unpack[ClimbSettings]) -> dict[str, Any]:
    """One climb from a random start; all its randomness comes from ``seed``, so a
    trial can run in any process. Returns solved, steps, generated, seconds."""
    moves = settings.get("moves", "column")
    climb_engine(
        n,
        moves,
        settings.get("engine", "generic"),
        settings.get("tie_break", "first"),
        settings.get("variant", "steepest"),
    )
    board, climb_seed = random_climb_start(n, moves, seed)
    started = time.perf_counter()
    result = climb(board, seed=climb_seed, **settings)
    return {
        "solved": result.solved,
        "steps": result.stats.iterations,
        "generated": result.stats.generated,
        "seconds": time.perf_counter() - started,
    }


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summarize_trials(trials: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """What a batch of ``climb_trial`` results says. A mean over no trials is None;
    ``seconds`` is the time spent in the trials, summed."""
    done = list(trials)
    solved = [trial for trial in done if trial["solved"]]
    failed = [trial for trial in done if not trial["solved"]]
    return {
        "trials": len(done),
        "solved": len(solved),
        "success_rate": len(solved) / len(done) if done else None,
        "mean_steps_solved": _mean([trial["steps"] for trial in solved]),
        "mean_steps_failed": _mean([trial["steps"] for trial in failed]),
        "mean_generated": _mean([trial["generated"] for trial in done]),
        "seconds": sum(trial["seconds"] for trial in done),
    }
