"""Every notebook of notebooks/ is stored without outputs and runs clean from top to
bottom (its own asserts hold the facts it shows: Bratko's 4, 5 and 18 moves, the 92
solutions of 8-queens, the document's h1 = 8 and h2 = 22...). New notebooks are picked
up from the folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from prolog_support import require_swipl

nbformat = pytest.importorskip("nbformat", reason="the notebooks need the notebook extra")
nbclient = pytest.importorskip("nbclient", reason="the notebooks need the notebook extra")

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_is_a_notebook_per_seed_and_per_family() -> None:
    names = " ".join(path.stem for path in NOTEBOOKS)
    for topic in ("hill_climbing", "backtracking", "bratko", "your_own_problem",
                  "comparing_algorithms", "constraint_satisfaction", "prolog"):
        assert topic in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_is_stored_without_outputs_and_runs_clean(path: Path) -> None:
    if "prolog" in path.stem:
        require_swipl()  # a Prolog problem runs in SWI-Prolog (skipped without it, not in CI)
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "stored with outputs"
    where = {"metadata": {"path": str(path.parent)}}
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources=where)
    client.execute()  # a cell that raises fails the test with its traceback
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    shown = [output for cell in code for output in cell.outputs]
    assert not [output for output in shown if output.get("output_type") == "error"]
    assert any("text/html" in output.get("data", {}) for output in shown)  # drawn, not printed
