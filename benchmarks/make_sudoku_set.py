"""Write benchmarks/data/sudoku_hard.txt: 1,000 hard 9×9 puzzles, made reproducibly.

Each puzzle starts from a random complete grid (searchlab.domains.sudoku.grid.solved_grid)
and loses givens, in random order, as long as the solution stays unique (checked by the
compiled solver), which leaves a minimal puzzle (no given can go). A puzzle is kept
when singles alone do not solve it (the solver has to guess) and it takes at least
``GUESSES`` guesses; Arto Inkala's puzzle comes first. Run: python -m benchmarks.make_sudoku_set
"""

from __future__ import annotations

import random
from pathlib import Path

from searchlab.domains.sudoku.grid import Puzzle, solved_grid
from searchlab.domains.sudoku.kernels.solver import solve

OUT = Path(__file__).with_name("data") / "sudoku_hard.txt"
COUNT = 1000
GUESSES = 8
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def minimal(rng: random.Random) -> list[int]:
    cells = solved_grid(9, rng)
    for index in rng.sample(range(81), 81):
        kept = cells[index]
        cells[index] = 0
        if solve(9, tuple(cells), 2)[0] != 1:
            cells[index] = kept
    return cells


def main() -> None:
    rng = random.Random(2026)
    lines = [INKALA]
    tried = 0
    while len(lines) < COUNT:
        tried += 1
        cells = minimal(rng)
        if solve(9, tuple(cells), 2)[2] >= GUESSES:
            lines.append(Puzzle(9, tuple(cells)).line())
    header = (
        f"# {COUNT} hard 9×9 Sudokus (minimal, unique, >= {GUESSES} guesses for the compiled "
        f"solver; {tried} minimal puzzles drawn, seed 2026): benchmarks/make_sudoku_set.py\n"
    )
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {COUNT} puzzles from {tried} minimal ones")


if __name__ == "__main__":
    main()
