"""The tour's stop for seeds 000 and 002."""

from __future__ import annotations

from searchlab.cli.output import console
from searchlab.cli.queens.climbing import print_cases_table
from searchlab.domains.queens import (
    cases_rows,
    columns_board,
    count_solutions_generic,
    format_board,
    solutions,
)
from searchlab.domains.queens.domain import no_solution_line


def tour_queens(all_variants: bool = True) -> None:
    """The tour's stop for seeds 000 and 002: backtracking, counts, the cases table."""
    out = console()
    out.print("[bold]Seed 002[/] — backtracking, rows filled from the first, columns 1..n:")
    first = next(iter(solutions(8)))
    columns = first.final_state
    out.print(f"The first 8-queens solution is [{','.join(map(str, columns))}]:")
    out.print(format_board(8, columns_board(columns).queens), markup=False)
    out.print("Counting every solution, n = 1..8 (the document says n <= 3 is unsolvable;")
    out.print("n = 1 has one):")
    for size in range(1, 9):
        total = count_solutions_generic(size)
        note = f"  — {no_solution_line(size)}" if total == 0 else ""
        out.print(f"  n = {size}: {total}{note}")
    out.print(
        "\n[bold]Seed 000[/] — hill climbing on the document's eight cases. With tie-break "
        "'last' every run makes the Prolog's choices; the column operator refuses boards "
        "without one queen per column (the document printed impossible states for them)."
    )
    rows = cases_rows("last")
    if not all_variants:
        rows = [row for row in rows if row["variant"] == "v1h2"]
    print_cases_table(rows, "Seed 000's test cases")
    out.print(
        "More: `searchlab queens watch 5`, `searchlab queens climb --random 1000 --n 8`, "
        "`searchlab queens repl`."
    )
