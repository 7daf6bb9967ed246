"""N-queens as a constraint satisfaction problem, as the textbook writes it: a variable
Qc per column c (1…n) whose value is the row of its queen, and three all-different
constraints: on the rows, on the rows plus the column (one diagonal direction) and on
the rows minus the column (the other). Read as pairs, queens in columns i < j satisfy
Qi ≠ Qj + k for k in (0, j − i, i − j)."""

from __future__ import annotations

from searchlab.algorithms.csp import CSP, AllDifferent


def column(c: int) -> str:
    return f"Q{c}"


def queens_csp(n: int) -> CSP:
    names = tuple(column(c) for c in range(1, n + 1))
    rows = range(1, n + 1)
    return CSP(
        {name: rows for name in names},
        [
            AllDifferent(names, label="one queen a row"),
            AllDifferent(
                names, tuple(range(1, n + 1)), label="one queen a diagonal (row + column)"
            ),
            AllDifferent(
                names,
                tuple(-c for c in range(1, n + 1)),
                label="one queen a diagonal (row − column)",
            ),
        ],
        name=f"{n}-queens",
    )
