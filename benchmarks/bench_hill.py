"""Hill climbing from random 8-queens starts: the generic engine against plain Python."""

from __future__ import annotations

import random

from benchmarks.harness import Section, interleaved, ratio, seconds
from benchmarks.plain_hill import plain_climb


def hill_section(quick: bool, runs: int) -> Section:
    from searchlab.algorithms.local import hill_climbing
    from searchlab.domains.queens.climb import ClimbProblem
    from searchlab.domains.queens.heuristics import HEURISTICS
    from searchlab.domains.queens.moves import MOVES

    count = 200 if quick else 1000
    rng = random.Random(8)
    starts = [tuple((rng.randint(1, 8), col) for col in range(1, 9)) for _ in range(count)]
    operator = MOVES["column"]
    h = HEURISTICS["attacks"]

    def generic() -> list[tuple[tuple[int, int], ...]]:
        return [
            hill_climbing(ClimbProblem(8, start, operator), h, tie_break="first").final_state
            for start in starts
        ]

    def plain() -> list[tuple[tuple[int, int], ...]]:
        return [plain_climb(start)[0] for start in starts]

    timed = interleaved({"plain": plain, "generic": generic}, runs)
    plain_time, plain_finals = timed["plain"]
    generic_time, generic_finals = timed["generic"]
    assert plain_finals == generic_finals, "the two climbs should end on the same boards"
    solved = sum(1 for board in plain_finals if h(board) == 0)
    section = Section(
        f"Hill climbing, {count} random 8-queens starts",
        ["variant", "time (all starts)", "vs plain"],
        notes=[
            "Steepest descent, seed 000's column move and h2 (attacks), tie-break first, no "
            "sideways moves or restarts. Generic: searchlab.algorithms.local.hill_climbing on "
            "searchlab.domains.queens.climb.ClimbProblem; plain: benchmarks/plain_hill.py. "
            f"Both end on identical boards; {solved} of {count} climbs reach a solution "
            f"({100 * solved / count:.0f} %).",
        ],
    )
    section.add("plain Python", seconds(plain_time), "1.00×")
    section.add("generic engine", seconds(generic_time), ratio(generic_time, plain_time))
    return section
