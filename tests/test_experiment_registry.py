"""The experiments as a registry: descriptors found through entry points (a third-party
one too, a broken one reported), commands built from their Option specs in the one
vocabulary, the old spellings kept with a notice, list options, and the layers."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Refused, RunCli, assert_refused, run_searchlab, untimed_rows
from plugins import install

import searchlab.experiments
from searchlab.cli.options import flag
from searchlab.core.errors import InputError
from searchlab.core.options import MAX_VALUES, Option
from searchlab.core.seeds import trial_seed
from searchlab.domains.registry import domains
from searchlab.experiments.base import percent
from searchlab.experiments.executors import WorkerPool
from searchlab.experiments.registry import experiments, get_experiment, load_errors
from searchlab.experiments.runner import run_trials

BUILT_IN = [
    "hill-climbing",
    "local-search",
    "astar-depth",
    "bratko",
    "min-conflicts",
    "csp",
    "routes",
    "planning",
    "compare",
]


# ---- the registry ------------------------------------------------------------------------


def test_the_built_in_experiments_register_through_entry_points() -> None:
    assert [experiment.name for experiment in experiments()] == BUILT_IN
    assert load_errors() == []
    registered = {domain.name for domain in domains()}
    for experiment in experiments():
        assert experiment.domain is None or experiment.domain in registered
    assert get_experiment("compare").domain is None
    with pytest.raises(InputError, match="unknown experiment 'nosuch'"):
        get_experiment("nosuch")


def test_a_third_party_experiment_gets_a_command_and_a_broken_one_is_reported(
    tmp_path: Path,
) -> None:
    env = install(
        tmp_path,
        {
            "searchlab.domains": {"toy": "toy:TOY"},
            "searchlab.experiments": {
                "toy-walk": "toy:WALK",
                "stray": "toy:STRAY",
                "broken": "toy_missing:NOTHING",
            },
        },
    )
    listed = run_searchlab("experiment", "--help", env=env)
    assert listed.returncode == 0, listed.stderr
    assert "toy-walk" in listed.stdout and "A* down the toy line" in listed.stdout
    assert "hill-climbing" in listed.stdout  # the others are still there
    assert "'broken' (toy_missing:NOTHING) failed to load" in listed.stderr
    assert "'stray' measures the domain 'nowhere', which is not registered" in listed.stderr
    done = run_searchlab(
        "experiment", "toy-walk", "--size", "5,40", "--jobs", "2", "--json", env=env
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["parameters"] == {"size": [5, 40], "seed": 1}
    assert [(row["n"], row["cost"]) for row in report["rows"]] == [(5, 3.0), (40, 20.0)]
    # Its list option takes ranges like searchlab's own, and refuses past its cap.
    bad = run_searchlab("experiment", "toy-walk", "--size", "0..3", env=env)
    assert_refused(bad, says="--size")
    assert bad.stderr.strip() == "searchlab: error: --size must be 1 or more, not 0"


# ---- the command line --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            ["min-conflicts", "--n", "50,80", "--trials", "2"],
            ["min-conflicts", "--size", "50,80", "--trials", "2"],
        ),
        (
            ["hill-climbing", "--n", "6", "--heuristics", "pairs", "--trials", "20"],
            ["hill-climbing", "--size", "6", "--heuristic", "pairs", "--trials", "20"],
        ),
        (
            ["astar-depth", "--algorithms", "astar", "--heuristics", "manhattan", "--depths", "4"],
            ["astar-depth", "--algorithm", "astar", "--heuristic", "manhattan", "--depths", "4"],
        ),
        (
            ["bratko", "--algorithms", "astar", "--positions", "a"],
            ["bratko", "--algorithm", "astar", "--positions", "a"],
        ),
    ],
)
def test_old_spellings_still_work(
    run_cli: RunCli, old: list[str], new: list[str]
) -> None:
    before = run_cli("experiment", *old, "--jobs", "1", "--json")
    after = run_cli("experiment", *new, "--jobs", "1", "--json")
    assert before.code == after.code == 0, before.stderr + after.stderr
    assert untimed_rows(before.stdout) == untimed_rows(after.stdout)
    assert json.loads(before.stdout)["parameters"] == json.loads(after.stdout)["parameters"]
    assert before.stderr == after.stderr == ""  # never a notice with --json (issue 27)


def test_old_spellings_are_hidden(run_cli: RunCli) -> None:
    shown = run_cli("experiment", "min-conflicts", "--help").stdout
    assert "--size" in shown and "--n " not in shown
    shown = run_cli("experiment", "astar-depth", "--help").stdout
    assert "--heuristic " in shown and "--heuristics" not in shown and "--algorithms" not in shown


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_command_teaches_with_an_example_and_states_every_cap(
    run_cli: RunCli, name: str
) -> None:
    done = run_cli("experiment", name, "--help")
    assert done.code == 0
    assert "Examples:" in done.stdout and f"searchlab experiment {name} " in done.stdout
    experiment = get_experiment(name)
    flat = " ".join(done.stdout.split())
    for option in experiment.every_option[len(experiment.arguments) :]:
        assert flag(option) in flat
        if option.kind in ("int", "float"):
            # A cap in the spec, or (the depths, whose bound is the puzzle's) in its words;
            # and the help says it.
            assert option.high is not None or "at most" in option.summary, option.name
            bounds = [part for part in option.describe().split("; ") if " to " in part]
            assert all(bound.rstrip(".") in flat for bound in bounds), option.name
    assert "from 1 to 1,024" in flat  # --jobs
    assert "from 0 to 9,007,199,254,740,991" in flat  # --seed


def test_max_expanded_is_capped_as_everywhere(refused: Refused) -> None:
    done = refused(
        "experiment", "bratko", "--max-expanded", "10000000000000", says="--max-expanded"
    )
    assert done.stderr.strip() == (
        "searchlab: error: --max-expanded must be at most 1,000,000,000,000, not 1e+13"
    )


# ---- the library -------------------------------------------------------------------------


def test_parameters_from_the_library_use_the_same_rules() -> None:
    hill = get_experiment("hill-climbing")
    parameters = hill.parameters(size="10", heuristic="h1,pairs", sideways="0,5..6")
    assert parameters == {
        "size": 10,
        "trials": 1000,
        "moves": ["column", "free"],
        "heuristic": ["attackers", "pairs"],
        "sideways": [0, 5, 6],
        "restarts": 0,
        "tie_break": "random",
        "seed": 1,
    }
    with pytest.raises(InputError, match="n does not apply to the experiment hill-climbing"):
        hill.parameters(n=8)
    assert hill.title_for(parameters) == (
        "Hill climbing on 10-queens (1000 random starts per row, seed 1)"
    )


def test_a_report_is_made_by_the_descriptor_alone() -> None:
    mc = get_experiment("min-conflicts")
    pool = WorkerPool(1)
    seen: list[tuple[int, int]] = []
    try:
        report = mc.run(
            mc.parameters(size=[40, 60], trials=2),
            pool=pool,
            progress=lambda done, total: seen.append((done, total)),
        )
    finally:
        pool.close()
    assert [(row["n"], row["trials"], row["solved"]) for row in report.rows] == [
        (40, 2, 2),
        (60, 2, 2),
    ]
    assert seen[0] == (0, 4) and seen[-1] == (4, 4)


def test_a_module_declares_its_experiment_by_its_steps_names() -> None:
    from searchlab.experiments import compare, hill_climbing, local_search

    hill = hill_climbing.EXPERIMENT
    assert hill.name == hill_climbing.NAME == "hill-climbing"
    steps = (hill.check, hill.specs, hill.trial, hill.summarize, hill.plot)
    module = hill_climbing
    assert steps == (module.check, module.specs, module.trial, module.summarize, module.draw)
    assert local_search.EXPERIMENT.notes is local_search.notes
    assert compare.EXPERIMENT.notes is compare.notes
    assert hill.notes(hill.parameters()) == []  # no notes: the default, none told


def test_columns_are_headed_and_formatted_alike_in_every_experiment() -> None:
    hill, compare = get_experiment("hill-climbing"), get_experiment("compare")
    for experiment in (hill, compare):
        assert experiment.header("heuristic") == "h"
        assert experiment.header("mean_generated") == "generated"  # a mean, by what it averages
        assert experiment.header("off_path") == "off path"
    assert hill.header("success_rate") == "solved %"
    assert hill.format_of("success_rate") is percent
    assert hill.header("mean_steps_solved") == "moves if solved"  # its own header comes first
    assert compare.header("mean_seconds") == "ms / search"
    assert get_experiment("local-search").header("mean_seconds") == "seconds"
    assert compare.format_of("length") is None  # written by its type


def test_list_options_read_lists_ranges_and_progressions() -> None:
    depths = Option("depths", "int", "depths", default="2,4,...,8", low=0, high=31, many=True)
    assert depths.parse(None) == [2, 4, 6, 8]
    assert depths.parse("3, 1..3, 7") == [3, 1, 2, 7]  # duplicates dropped, order kept
    assert depths.parse("1,4,…,10") == [1, 4, 7, 10]
    assert depths.parse([5, "6..7"]) == [5, 6, 7]  # JSON or typed lists too
    assert depths.parse(("2", "9")) == [2, 9]
    for text, words in [
        ("2,4,...,25", "25 is not on the progression"),
        ("4,2,...,0", "a progression must increase"),
        ("...,4", "write a progression as 2,4,...,24"),
        ("5..2", "the range 5..2 is empty"),
        ("2,40", "depths must be at most 31, not 40"),
        (",", "depths needs at least one value"),
        ("x", "depths must be a whole number, not 'x'"),
    ]:
        with pytest.raises(InputError, match=words) as caught:
            depths.parse(text)
        assert caught.value.field == "depths"
    wide = Option("n", "int", "sizes", low=1, many=True)
    with pytest.raises(InputError, match=f"more than {MAX_VALUES:,} values"):
        wide.parse("1..1000000000")  # refused, not built
    names = Option("h", "choice", "names", choices=("a", "b"), aliases={"x": "a"}, many=True)
    assert names.parse("x,b,a") == ["a", "b"]
    starts = Option("start", "text", "starts", many=True, separator=None)
    assert starts.parse(["1,2,3", "4,5"]) == ["1,2,3", "4,5"]  # commas kept: one value a text
    assert "several as a,b (at most 1,000 values)" in names.describe()


def test_trial_seed_moved_without_changing_its_numbers() -> None:
    assert trial_seed(1, 0) == 2680533057292970991
    assert trial_seed(7, 12, 4) == 5859250942214712137
    assert trial_seed(3, "search", 2) == 5610997892862407136


def test_runner_and_experiments_speak_no_command_line() -> None:
    """No import of searchlab.cli below it, and no refusal that names a flag: the CLI
    phrases each error's field as its flag."""
    package = Path(searchlab.experiments.__file__).parent
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("searchlab.cli"), path.name
            if isinstance(node, ast.Import):
                assert all(not alias.name.startswith("searchlab.cli") for alias in node.names)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "InputError":
                for part in ast.walk(node.args[0]) if node.args else ():
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        assert "--" not in part.value, f"{path.name}: {part.value!r}"


def test_progress_callback_hears_every_chunk() -> None:
    seen: list[tuple[int, int]] = []
    pool = WorkerPool(1)
    try:
        run_trials(
            _double,
            [{"index": i} for i in range(7)],
            pool=pool,
            largest_chunk=2,
            progress=lambda done, total: seen.append((done, total)),
        )
    finally:
        pool.close()
    assert seen[0] == (0, 7) and seen[-1] == (7, 7)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def _double(spec: dict[str, Any]) -> dict[str, Any]:
    return {"double": 2 * spec["index"]}
