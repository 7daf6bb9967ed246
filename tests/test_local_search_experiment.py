"""The local-search experiment: rows per method and size, limits said, the textbook's
8-queens figures beside ours, and trials repeatable from the seed."""

from __future__ import annotations

from searchlab.experiments.local_search import EXPERIMENT, METHODS, specs, summarize, trial


def test_rows_per_method_and_size_with_limits_and_the_textbook() -> None:
    parameters = EXPERIMENT.parameters(
        {"sizes": "8,2000", "trials": "3", "methods": "steepest,genetic,min-conflicts"}
    )
    listed = specs(parameters)
    assert {(spec["method"], spec["n"]) for spec in listed} == {
        ("steepest", 8),
        ("genetic", 8),
        ("min-conflicts", 8),
        ("min-conflicts", 2000),
    }
    results = [trial(spec) for spec in listed]
    assert [trial(spec)["solved"] for spec in listed] == [r["solved"] for r in results]
    report = summarize(parameters, listed, results)
    rows = {(row["method"], row["n"]): row for row in report.rows}
    assert (
        rows["steepest", 2000]["note"] == "past its limit" and rows["steepest", 2000]["trials"] == 0
    )
    assert rows["steepest", 8]["note"].startswith("AIMA: 14 %")
    assert rows["min-conflicts", 2000]["success_rate"] == 1.0
    assert all(0 <= rows[key]["success_rate"] <= 1 for key in rows if rows[key]["trials"])
    assert set(METHODS) >= {"steepest", "sideways", "annealing", "tabu", "beam", "genetic"}
