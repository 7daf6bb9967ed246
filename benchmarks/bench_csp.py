"""Constraint satisfaction beside its peers: the generic CSP engine and the compiled
Sudoku solver against python-constraint and OR-Tools CP-SAT, on the same Sudokus and
on N-queens (first solution, and every solution counted).

The peers are benchmark dependencies only (``pip install -e '.[bench]'``); a peer that
is not installed is said so and its column skipped. Every answer of every solver is
checked: Sudoku solutions by an independent validator, N-queens boards by their rows and
diagonals, counts against OEIS A000170.
"""

from __future__ import annotations

import importlib.metadata
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.harness import Section, clock, ratio, seconds, verdict

SET = Path(__file__).with_name("data") / "sudoku_hard.txt"
PC_FIRST = 24
"""python-constraint's first N-queens solution is timed up to this n: its static order
makes the first solution grow exponentially (n = 24 takes seconds; n = 32 did not end
within minutes when tried)."""
A000170 = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680}


def _version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def python_constraint() -> tuple[Any, str] | None:
    """The ``constraint`` module importable here, named by the distribution it comes
    from: python-constraint2 is the project's current release (2.x, compiled), the
    package named python-constraint stopped at 1.4 (pure Python); both install
    ``constraint``, so one environment holds one of them."""
    try:
        import constraint
    except ImportError:
        return None
    version = getattr(constraint, "__version__", None)  # 1.4 has one, 2.x does not
    if version is not None:
        return constraint, f"python-constraint {version}"
    return constraint, f"python-constraint2 {_version('python-constraint2') or ''}".strip()


def cp_sat() -> tuple[Any, str] | None:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    return cp_model, f"OR-Tools CP-SAT {_version('ortools')}"


def puzzles() -> list[Any]:
    from searchlab.domains.sudoku.grid import parse_puzzle

    lines = SET.read_text(encoding="utf-8").splitlines()
    return [parse_puzzle(line) for line in lines if line and not line.startswith("#")]


# -- one solver each, same answer shape: the cells of the first solution -----------------
def kernel_sudoku(puzzle: Any) -> tuple[int, ...] | None:
    from searchlab.domains.sudoku.kernels.solver import solve

    return solve(9, puzzle.cells, 1)[1]


def generic_sudoku(inference: str) -> Callable[[Any], tuple[int, ...] | None]:
    from searchlab.algorithms.csp import Strategy, backtracking
    from searchlab.domains.sudoku.grid import sudoku_csp

    def run(puzzle: Any) -> tuple[int, ...] | None:
        csp = sudoku_csp(puzzle)
        found = next(backtracking(csp, Strategy("mrv", "static", inference)), None)
        if found is None:
            return None
        values = found.final_state.assignment()
        return tuple(values[var] for var in csp.variables)

    return run


def core_sudoku(puzzle: Any) -> tuple[int, ...] | None:
    """The generic engine's compiled core (FC + MRV), the CSP built and compiled first."""
    from searchlab.algorithms.csp import CSPProblem, Strategy
    from searchlab.algorithms.csp.kernel import run_kernel
    from searchlab.domains.sudoku.grid import sudoku_csp

    csp = sudoku_csp(puzzle)
    found = run_kernel(CSPProblem(csp).network, Strategy("mrv", "static", "fc"), at_most=1)
    if found.first is None:
        return None
    return tuple(found.first[var] for var in csp.variables)


def constraint_sudoku(module: Any) -> Callable[[Any], tuple[int, ...] | None]:
    from searchlab.domains.sudoku.grid import units

    def run(puzzle: Any) -> tuple[int, ...] | None:
        problem = module.Problem()  # its default: backtracking with forward checking
        for index, given in enumerate(puzzle.cells):
            problem.addVariable(index, [given] if given else list(range(1, 10)))
        for _, members in units(9):
            problem.addConstraint(module.AllDifferentConstraint(), members)
        solution = problem.getSolution()
        return None if not solution else tuple(solution[i] for i in range(81))

    return run


def cp_sat_sudoku(cp_model: Any) -> Callable[[Any], tuple[int, ...] | None]:
    from searchlab.domains.sudoku.grid import units

    def run(puzzle: Any) -> tuple[int, ...] | None:
        model = cp_model.CpModel()
        cells = [
            model.NewIntVar(given or 1, given or 9, f"c{i}") for i, given in enumerate(puzzle.cells)
        ]
        for _, members in units(9):
            model.AddAllDifferent([cells[i] for i in members])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1  # one core, as every other column
        if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return tuple(int(solver.Value(cell)) for cell in cells)

    return run


def per_puzzle(function: Callable[[Any], Any], chosen: list[Any], runs: int) -> float:
    """The median over ``runs`` passes of the mean CPU time per puzzle, every answer
    checked by the independent validator."""
    from searchlab.domains.sudoku.grid import valid_solution

    times = []
    for _ in range(runs):
        started = clock()
        answers = [function(puzzle) for puzzle in chosen]
        times.append((clock() - started) / len(chosen))
        for puzzle, answer in zip(chosen, answers, strict=True):
            assert answer is not None and valid_solution(puzzle, answer)
    return statistics.median(times)


def sudoku(quick: bool, runs: int) -> Section:
    from searchlab.domains.sudoku.kernels.solver import load, solve

    load()
    every = puzzles()
    hardest = sorted(every, key=lambda p: -solve(9, p.cells, 1)[2])
    few = hardest[: 5 if quick else 30]  # the peers' share: the hardest of the set
    pc, sat = python_constraint(), cp_sat()
    section = Section(
        "Sudoku: the same hard 9×9 puzzles, every solver",
        ["solver", "puzzles", "per puzzle (median)", "puzzles / s", "vs the compiled solver"],
        notes=[
            f"The set: benchmarks/data/sudoku_hard.txt, {len(every):,} minimal puzzles with one "
            "solution that singles alone do not solve (made by benchmarks/make_sudoku_set.py; "
            "Arto Inkala's first). The compiled solver runs all of them; the others run the "
            f"{len(few)} hardest (most guesses for the compiled solver), and so does the "
            "compiled solver in its second row. First solution only; CP-SAT on one worker, "
            "model built per puzzle (counted). Every answer checked by an independent "
            "validator. CPU time of this process, medians of the passes.",
        ],
    )
    everything = per_puzzle(kernel_sudoku, every, runs)
    section.add(
        "compiled (bit masks, singles, MRV)",
        len(every),
        seconds(everything),
        f"{1 / everything:,.0f}",
        "1.00×",
    )
    kernel_few = per_puzzle(kernel_sudoku, few, runs)
    section.add(
        "compiled, the hardest", len(few), seconds(kernel_few), f"{1 / kernel_few:,.0f}", "1.00×"
    )
    verdict(
        "compiled Sudoku solver: at least 1,000 hard puzzles per second on one core",
        f"{1 / everything:,.0f} puzzles/s on the set, {1 / kernel_few:,.0f}/s on its hardest "
        f"{len(few)}",
        1 / kernel_few >= 1000,
    )
    generic: dict[str, float] = {}
    for inference in ("fc", "mac"):
        generic[inference] = per_puzzle(generic_sudoku(inference), few, 1 if quick else runs)
        section.add(
            f"generic engine, {inference.upper()}+MRV",
            len(few),
            seconds(generic[inference]),
            f"{1 / generic[inference]:,.1f}",
            ratio(generic[inference], kernel_few),
        )
    from searchlab.algorithms.csp.kernel import load as load_core

    load_core()
    core = per_puzzle(core_sudoku, few, runs)
    section.add(
        "generic engine's compiled core, FC+MRV",
        len(few),
        seconds(core),
        f"{1 / core:,.1f}",
        ratio(core, kernel_few),
    )
    best_generic = min(*generic.values(), core)
    if pc is None:
        section.notes.append(
            "- python-constraint is not installed (pip install -e '.[bench]'): its row is skipped."
        )
    else:
        module, label = pc
        peer = per_puzzle(constraint_sudoku(module), few, 1)
        section.add(label, len(few), seconds(peer), f"{1 / peer:,.1f}", ratio(peer, kernel_few))
        verdict(
            f"generic engine at least 10× {label} (Sudoku)",
            f"{peer / best_generic:.1f}× faster (best generic variant)",
            peer / best_generic >= 10,
        )
    if sat is None:
        section.notes.append(
            "- OR-Tools is not installed (pip install -e '.[bench]'): the CP-SAT row is skipped."
        )
    else:
        cp_model, label = sat
        peer = per_puzzle(cp_sat_sudoku(cp_model), few, runs)
        section.add(label, len(few), seconds(peer), f"{1 / peer:,.1f}", ratio(peer, kernel_few))
        verdict(
            "compiled Sudoku solver faster per puzzle than CP-SAT on hard 9×9 puzzles",
            f"{peer / kernel_few:,.0f}× faster",
            kernel_few < peer,
        )
    return section


# -- N-queens -------------------------------------------------------------------------------
def _queens_ok(rows: list[int]) -> bool:
    n = len(rows)
    return (
        len(set(rows)) == n
        and len({r + c for c, r in enumerate(rows)}) == n
        and len({r - c for c, r in enumerate(rows)}) == n
    )


def generic_queens_first(n: int) -> list[int]:
    from searchlab.algorithms.csp import Strategy, backtracking
    from searchlab.domains.queens_csp.model import queens_csp

    found = next(backtracking(queens_csp(n), Strategy("mrv", "static", "fc")))
    return [found.final_state.value(f"Q{c}") for c in range(1, n + 1)]


def core_queens_first(n: int) -> list[int]:
    from searchlab.algorithms.csp import CSPProblem, Strategy
    from searchlab.algorithms.csp.kernel import run_kernel
    from searchlab.domains.queens_csp.model import queens_csp

    found = run_kernel(
        CSPProblem(queens_csp(n)).network, Strategy("mrv", "static", "fc"), at_most=1
    )
    assert found.first is not None
    return [found.first[f"Q{c}"] for c in range(1, n + 1)]


def core_queens_count(n: int) -> int:
    from searchlab.algorithms.csp import CSPProblem, Strategy
    from searchlab.algorithms.csp.kernel import run_kernel
    from searchlab.domains.queens_csp.model import queens_csp

    return run_kernel(CSPProblem(queens_csp(n)).network, Strategy("mrv", "static", "fc")).count


def generic_queens_count(n: int) -> int:
    from searchlab.algorithms.csp import Strategy, count_solutions
    from searchlab.domains.queens_csp.model import queens_csp

    return count_solutions(queens_csp(n), Strategy("mrv", "static", "fc"))[0]


def _constraint_queens(module: Any, n: int) -> Any:
    problem = module.Problem()
    problem.addVariables(range(n), range(n))
    for i in range(n):
        for j in range(i + 1, n):
            problem.addConstraint(lambda a, b, d=j - i: a != b and abs(a - b) != d, (i, j))
    return problem


def constraint_queens_first(module: Any) -> Callable[[int], list[int]]:
    def run(n: int) -> list[int]:
        solution = _constraint_queens(module, n).getSolution()
        return [solution[c] for c in range(n)]

    return run


def constraint_queens_count(module: Any) -> Callable[[int], int]:
    return lambda n: sum(1 for _ in _constraint_queens(module, n).getSolutionIter())


def _cp_queens(cp_model: Any, n: int) -> tuple[Any, list[Any]]:
    model = cp_model.CpModel()
    rows = [model.NewIntVar(0, n - 1, f"q{c}") for c in range(n)]
    model.AddAllDifferent(rows)
    model.AddAllDifferent([rows[c] + c for c in range(n)])
    model.AddAllDifferent([rows[c] - c for c in range(n)])
    return model, rows


def cp_queens_first(cp_model: Any) -> Callable[[int], list[int]]:
    def run(n: int) -> list[int]:
        model, rows = _cp_queens(cp_model, n)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.Solve(model)
        return [int(solver.Value(row)) for row in rows]

    return run


def cp_queens_count(cp_model: Any) -> Callable[[int], int]:
    class Counter(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1

    def run(n: int) -> int:
        model, _ = _cp_queens(cp_model, n)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        counter = Counter()
        solver.Solve(model, counter)
        return counter.count

    return run


def _timed(function: Callable[[int], Any], n: int, runs: int) -> tuple[float, Any]:
    times, answer = [], None
    for _ in range(runs):
        started = clock()
        answer = function(n)
        times.append(clock() - started)
    return statistics.median(times), answer


def queens(quick: bool, runs: int) -> Section:
    pc, sat = python_constraint(), cp_sat()
    pc_label = pc[1] if pc else "python-constraint (not installed)"
    sat_label = sat[1] if sat else "CP-SAT (not installed)"
    section = Section(
        "N-queens: first solution and every solution, every solver",
        [
            "task",
            "n",
            "generic engine (FC+MRV)",
            "its compiled core",
            pc_label,
            "its / generic",
            "its / compiled core",
            sat_label,
            "its / generic",
        ],
        notes=[
            "The generic engine: searchlab.algorithms.csp with the three all-different "
            "model (queens-csp), forward checking and MRV, CSP building included; its "
            "compiled core (searchlab.algorithms.csp.kernel, n ≤ 62) walks the same tree. "
            "python-constraint: its own N-queens example (a function constraint per pair "
            "of columns), default solver (backtracking with forward checking). CP-SAT: "
            f"three AddAllDifferent on rows, rows + c, rows - c, one worker; counting "
            "enumerates every solution. Every board checked by rows and diagonals, every "
            "count against OEIS A000170. CPU time, medians. python-constraint's first "
            f"solution is timed up to n = {PC_FIRST} only (see PC_FIRST).",
        ],
    )
    firsts = (8, 16, 24) if quick else (8, 16, 24, 32, 64, 100)
    speedups: dict[str, list[float]] = {"first solution": [], "count": []}
    for n in firsts:
        mine, rows = _timed(generic_queens_first, n, runs)
        assert _queens_ok([r - 1 for r in rows])
        core = None
        if n <= 62:
            core, rows = _timed(core_queens_first, n, runs)
            assert _queens_ok([r - 1 for r in rows])
        cells = ["first solution", str(n), seconds(mine), seconds(core) if core else "–"]
        for peer, make in ((pc, constraint_queens_first), (sat, cp_queens_first)):
            wide = peer is pc
            if peer is None or (wide and n > PC_FIRST):
                cells += ["(not run)" if peer else "–", "–", "–"] if wide else ["–", "–"]
                continue
            theirs, answer = _timed(make(peer[0]), n, 1 if wide else runs)
            assert _queens_ok(list(answer))
            cells += [seconds(theirs), ratio(theirs, mine)]
            if wide:
                cells.append(ratio(theirs, core) if core else "–")
                speedups["first solution"].append(theirs / min(mine, core or mine))
        section.add(*cells)
    for n in (8, 9) if quick else (8, 9, 10, 11):
        mine, count = _timed(generic_queens_count, n, runs)
        assert count == A000170[n]
        core, count = _timed(core_queens_count, n, runs)
        assert count == A000170[n]
        cells = [f"count ({A000170[n]:,})", str(n), seconds(mine), seconds(core)]
        for peer, counter in ((pc, constraint_queens_count), (sat, cp_queens_count)):
            wide = peer is pc
            if peer is None:
                cells += ["–", "–", "–"] if wide else ["–", "–"]
                continue
            theirs, answer = _timed(counter(peer[0]), n, 1 if wide else runs)
            assert answer == A000170[n], (peer[1], n, answer)
            cells += [seconds(theirs), ratio(theirs, mine)]
            if wide:
                cells.append(ratio(theirs, core))
                speedups["count"].append(theirs / min(mine, core))
        section.add(*cells)
    for task, found in speedups.items():
        if pc is not None and found:
            verdict(
                f"generic engine at least 10× {pc[1]} (N-queens, {task})",
                f"{min(found):.1f}× to {max(found):.1f}× faster (the faster of the Python "
                "engine and its compiled core)",
                min(found) >= 10,
            )
    return section
