"""Sudoku 9×9, 16×16 and 25×25 as a constraint satisfaction problem (``grid``: reading,
checking and the CSP; ``kernels``: the compiled solver for files of puzzles)."""

from searchlab.domains.sudoku.grid import (
    Puzzle,
    parse_puzzle,
    random_puzzle,
    sudoku_csp,
    valid_solution,
)

__all__ = ["Puzzle", "parse_puzzle", "random_puzzle", "sudoku_csp", "valid_solution"]
