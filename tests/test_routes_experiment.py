"""The routes experiment: the same queries by every search, costs checked against
Dijkstra's, and a chart."""

from __future__ import annotations

from pathlib import Path

from searchlab.experiments.executors import WorkerPool
from searchlab.experiments.plotting import write_plot
from searchlab.experiments.registry import get_experiment


def test_every_search_agrees_with_dijkstra_and_alt_expands_least(tmp_path: Path) -> None:
    experiment = get_experiment("routes")
    parameters = experiment.parameters(nodes="300,1200", queries=6, landmarks=8)
    pool = WorkerPool(1)
    try:
        report = experiment.run(parameters, pool=pool)
    finally:
        pool.close()
    rows = {(row["nodes"], row["search"]): row for row in report.rows}
    assert len(rows) == 2 * 5
    for row in report.rows:
        assert row["agree"] == row["queries"] == 6, row
    for n in (300, 1200):
        assert rows[(n, "alt")]["mean_expanded"] < rows[(n, "astar")]["mean_expanded"]
        assert rows[(n, "astar")]["mean_expanded"] < rows[(n, "dijkstra")]["mean_expanded"]
        assert rows[(n, "bidirectional")]["mean_expanded"] < rows[(n, "dijkstra")]["mean_expanded"]
        assert rows[(n, "dijkstra")]["engine"] == "compiled"
        assert rows[(n, "bidirectional")]["engine"] == "generic"
    write_plot(report, tmp_path / "routes.svg", experiment.plot)  # type: ignore[arg-type]
    assert (tmp_path / "routes.svg").read_text().startswith("<?xml")


def test_the_same_seed_draws_the_same_queries() -> None:
    experiment = get_experiment("routes")
    first = experiment.specs(experiment.parameters(nodes="500", queries=3))
    again = experiment.specs(experiment.parameters(nodes="500", queries=3))
    other = experiment.specs(experiment.parameters(nodes="500", queries=3, seed=2))
    assert first == again and first != other
