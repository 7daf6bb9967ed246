"""The document's experiment (Bratko, ch. 12, fig. 12.7): three start positions solved
with Bratko's heuristic under his best-first search, and with manhattan under A*.

For each run it records the length found, the shortest length (A* with manhattan,
which is admissible), and how many expanded states lie off the path returned
(``off_path_run``, which ``searchlab experiment bratko`` uses too): the document
claims none for (a) and (b) and "almost none" for (c). ``judge`` sets each claim
beside its run; ``experiment_table`` and ``verdict_lines`` give both as plain text.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from searchlab.core.events import Event, Expand
from searchlab.core.limits import NO_LIMITS, Limits
from searchlab.core.result import SearchResult
from searchlab.domains.puzzle.board import BRATKO_GOAL, Board, parse_board
from searchlab.domains.puzzle.heuristics import make_heuristic, seq_score, totdist
from searchlab.domains.puzzle.problem import Move
from searchlab.domains.puzzle.solve import solve

BRATKO_POSITIONS: dict[str, Board] = {
    # (a) is start1 of the book; the text gives only totdist = 4 and seq = 6 for it.
    "a": parse_board("[2/2,1/3,3/2,2/3,3/3,3/1,2/1,1/1,1/2]").tiles,
    "b": parse_board("[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]").tiles,
    "c": parse_board("[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]").tiles,
}
"""Fig. 12.7: (a) 4 moves, (b) ``start2`` 5 moves, (c) ``start3`` 18 moves."""

RUNS: tuple[tuple[str, str], ...] = (("bratko", "best-first"), ("manhattan", "astar"))
"""(heuristic, algorithm) pairs the experiment compares."""


@dataclass(frozen=True)
class BratkoRow:
    """One run of the experiment."""

    position: str
    start: Board
    heuristic: str
    algorithm: str
    status: str
    length: int
    shortest: int
    is_shortest: bool
    expanded: int
    generated: int
    off_path: int  # expanded states not on the path returned
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["start"] = list(self.start)
        data["seconds"] = round(self.seconds, 6)
        return data


class _ExpandedStates:
    """Observer keeping the set of states expanded."""

    def __init__(self) -> None:
        self.states: set[Board] = set()

    def __call__(self, event: Event) -> None:
        if isinstance(event, Expand):
            self.states.add(event.state)  # type: ignore[arg-type]


def off_path_run(
    start: Board,
    algorithm: str,
    heuristic: str,
    *,
    goal: Board = BRATKO_GOAL,
    weight: float | None = None,
    limits: Limits = NO_LIMITS,
) -> tuple[SearchResult[Board, Move], int | None]:
    """One search, and how many of the states it expanded are off the path it returned
    (None when it returned no path): the document's measure of a heuristic's aim.

    The search runs twice, both times the same (every algorithm here is deterministic):
    once bare, whose result and seconds are returned, since an observer slows a search
    down; once watched, to collect the states expanded.
    """
    timed = solve(
        start, goal, algorithm=algorithm, heuristic=heuristic, weight=weight, limits=limits
    )
    expanded = _ExpandedStates()
    watched = solve(
        start,
        goal,
        algorithm=algorithm,
        heuristic=heuristic,
        weight=weight,
        limits=limits,
        observer=expanded,
    )
    if not watched.solved:
        return timed, None
    return timed, len(expanded.states - set(watched.path))


def run_experiment() -> list[BratkoRow]:
    """Run every position with every (heuristic, algorithm) pair of ``RUNS``."""
    rows: list[BratkoRow] = []
    for name, start in BRATKO_POSITIONS.items():
        shortest = len(solve(start, BRATKO_GOAL, algorithm="astar", heuristic="manhattan").moves)
        for heuristic, algorithm in RUNS:
            timed, off_path = off_path_run(start, algorithm, heuristic)
            assert off_path is not None  # solvable positions, searched without limits
            rows.append(
                BratkoRow(
                    position=name,
                    start=start,
                    heuristic=heuristic,
                    algorithm=algorithm,
                    status=str(timed.status),
                    length=len(timed.moves),
                    shortest=shortest,
                    is_shortest=len(timed.moves) == shortest,
                    expanded=timed.stats.expanded,
                    generated=timed.stats.generated,
                    off_path=off_path,
                    seconds=timed.stats.seconds,
                )
            )
    return rows


CLAIMS = {
    "a": "without a single step off the shortest path",
    "b": "without a single step off the shortest path",
    "c": "almost without backtracking",
}
"""What the document says Bratko's best-first with his heuristic does on each position."""


@dataclass(frozen=True)
class Judgement:
    """The document's claim for one position set beside the run of Bratko's own search
    (``run``) and, when there is one, A* with manhattan on the same position."""

    position: str
    claim: str
    run: BratkoRow
    verdict: str  # "holds", "does not hold", "holds (…)", "holds only loosely (…)"
    holds: bool
    reference: BratkoRow | None

    def line(self) -> str:
        """The judgement as one sentence."""
        row = self.run
        found = (
            f"a shortest solution ({row.length} moves)"
            if row.is_shortest
            else f"{row.length} moves, {row.length - row.shortest} more than the fewest"
        )
        other = self.reference
        compare = (
            ""
            if other is None
            else f"; A* with manhattan expanded {other.off_path} of {other.expanded} off its path"
        )
        return (
            f'({self.position}) the document: "{self.claim}". Found {found}, '
            f"expanding {row.off_path} of {row.expanded} states off the path: {self.verdict}"
            f"{compare}."
        )


def judge(rows: list[BratkoRow]) -> list[Judgement]:
    """Judge the document's claim for every position run with Bratko's heuristic.

    For (a) and (b) the claim is exact: a shortest path and no state expanded off it.
    For (c), "almost without backtracking" holds when the states expanded off the path
    are no more than those on it, and holds only loosely otherwise.
    """
    reference = {row.position: row for row in rows if row.heuristic == "manhattan"}
    judgements = []
    for row in rows:
        if row.heuristic != "bratko":
            continue
        on_path = row.expanded - row.off_path
        if row.is_shortest and row.off_path == 0:
            verdict, holds = "holds", True
        elif row.position != "c":  # the claim for (a) and (b) is exact
            verdict, holds = "does not hold", False
        elif row.off_path <= on_path:
            verdict, holds = "holds (fewer detours than steps of the path)", True
        else:
            verdict, holds = "holds only loosely (more detours than steps of the path)", True
        judgements.append(
            Judgement(
                row.position,
                CLAIMS[row.position],
                row,
                verdict,
                holds,
                reference.get(row.position),
            )
        )
    return judgements


def admissibility_line(rows: list[BratkoRow]) -> str:
    """Position (a) shows Bratko's h is not admissible: h exceeds the true distance."""
    a = BRATKO_POSITIONS["a"]
    return (
        f"(a) totdist = {totdist(a, BRATKO_GOAL)}, seq = {seq_score(a)}, "
        f"h = {make_heuristic('bratko', BRATKO_GOAL)(a):g} but h* = "
        f"{next(r.shortest for r in rows if r.position == 'a')}: h is not admissible."
    )


def verdict_lines(rows: list[BratkoRow]) -> list[str]:
    """One line per position judged, then the admissibility example: plain text."""
    return [judgement.line() for judgement in judge(rows)] + [admissibility_line(rows)]


def experiment_table(rows: list[BratkoRow]) -> str:
    """The experiment as a plain-text table that fits 80 columns."""
    headers: tuple[str, ...] = ("pos", "heuristic", "search", "moves", "fewest", "expanded")
    headers += ("generated", "off path", "ms")
    cells = [
        (
            row.position,
            row.heuristic,
            row.algorithm,
            str(row.length),
            f"{row.shortest} {'yes' if row.is_shortest else 'NO'}",
            f"{row.expanded:,}",
            f"{row.generated:,}",
            f"{row.off_path:,}",
            f"{row.seconds * 1000:.2f}",
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [headers, *cells]) for i in range(len(headers))]

    def line(values: tuple[str, ...]) -> str:
        return "  ".join(
            value.ljust(width) if i < 3 else value.rjust(width)
            for i, (value, width) in enumerate(zip(values, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(values) for values in cells)])
