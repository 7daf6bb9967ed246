"""The one vocabulary across domains and commands (the registry redesign): each finding
of the review that asked for it, checked as a user meets it."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from conftest import Refused, RunCli

from searchlab.cli.main import cli
from searchlab.domains.registry import domains

B_START = "2 1 6/4 _ 8/7 5 3"  # reaches Bratko's goal, not the standard one


def leaf_commands() -> list[tuple[str, ...]]:
    """Every command path of `searchlab`, down to the leaves."""
    found: list[tuple[str, ...]] = []
    ctx = click.Context(cli)

    def walk(group: click.Group, prefix: tuple[str, ...]) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                walk(command, (*prefix, name))
            else:
                found.append((*prefix, name))

    walk(cli, ())
    return found


def test_every_leaf_command_teaches_with_an_example(run_cli: RunCli) -> None:
    leaves = leaf_commands()
    assert ("puzzle", "solve") in leaves and ("queens", "solve") in leaves
    assert ("schedule", "solve") in leaves and ("run",) in leaves
    missing = [
        " ".join(path) for path in leaves if "Example" not in run_cli(*path, "--help").stdout
    ]
    assert missing == []


def test_the_readme_example_works_and_the_wrong_goal_is_named_with_the_fix(
    run_cli: RunCli,
) -> None:
    run = run_cli("puzzle", "solve", B_START, "--goal", "bratko", "--show-path")
    assert run.code == 0, run.stderr
    assert "solved in 18 moves" in run.stdout and run.stdout.count("---") == 18
    refused = run_cli("puzzle", "solve", B_START)
    assert refused.code == 2
    assert "unsolvable for the standard goal" in refused.stderr
    assert "(use --goal bratko)" in refused.stderr


def test_one_seed_scheme_climb_random_equals_the_experiment(run_cli: RunCli) -> None:
    climbs = run_cli(
        "queens", "climb", "--random", "60", "--seed", "1", "--tie-break", "random", "--json"
    )
    experiment = run_cli(
        "experiment",
        "hill-climbing",
        "--trials",
        "60",
        "--seed",
        "1",
        "--moves",
        "column",
        "--heuristic",
        "attacks",
        "--sideways",
        "0",
        "--tie-break",
        "random",
        "--jobs",
        "1",
        "--json",
    )
    assert climbs.code == experiment.code == 0, climbs.stderr + experiment.stderr
    row = json.loads(experiment.stdout)["rows"][0]
    summary = json.loads(climbs.stdout)
    assert summary["solved_count"] == row["solved"]
    assert summary["mean_generated"] == row["mean_generated"]
    assert summary["parameters"]["tie_break"] == "random"


def test_the_search_document_is_one_schema_in_every_domain(run_cli: RunCli) -> None:
    runs = {
        "puzzle": run_cli("puzzle", "solve", "c", "--json"),
        "queens": run_cli("queens", "solve", "case2", "--json"),
        "schedule": run_cli("schedule", "solve", "example", "--json"),
        "run": run_cli("run", "examples/romania.py", "--json"),
    }
    for name, run in runs.items():
        assert run.code in (0, 1), (name, run.stderr)
        document = json.loads(run.stdout)
        assert document["schema"] == 1
        for key in ("status", "solved", "optimal", "cost", "length", "moves", "path"):
            assert key in document, (name, key)
        assert isinstance(document["solved"], bool)
        assert set(document["stats"]) >= {"expanded", "generated", "seconds", "setup_seconds"}
        assert {"domain", "start", "algorithm", "heuristic", "seed"} <= set(document["run"])
    climb = json.loads(runs["queens"].stdout)["run"]
    assert {"tie_break", "sideways", "restarts", "moves"} <= set(climb)  # enough to rerun


def test_a_rerun_from_the_document_gives_the_same_result(run_cli: RunCli) -> None:
    first = json.loads(run_cli("queens", "solve", "8", "-a", "hill-climbing", "--json").stdout)
    run = first["run"]
    again = run_cli(
        "queens",
        "solve",
        str(run["start"]),
        "-a",
        run["algorithm"],
        "--heuristic",
        run["heuristic"],
        "--seed",
        str(run["seed"]),
        "--tie-break",
        run["tie_break"],
        "--moves",
        run["moves"],
        "--json",
    )
    assert json.loads(again.stdout)["path"] == first["path"]


def test_a_stopped_or_failed_search_claims_nothing(run_cli: RunCli) -> None:
    stopped = run_cli("puzzle", "solve", "c", "-a", "bfs", "--max-expanded", "10", "--json")
    assert stopped.code == 3
    document = json.loads(stopped.stdout)
    assert document["status"] == "limit_reached" and document["optimal"] is False
    assert document["path"] is None and document["cost"] is None and document["moves"] is None
    none = run_cli("run", "examples/water_jugs.py", "-p", "target=5", "-a", "bfs", "--json")
    assert none.code == 1
    assert json.loads(none.stdout)["path"] is None


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (("puzzle", "solve", "c", "--max-expanded", "5", "-a", "bfs"), 3),
        (("schedule", "solve", "example", "--max-expanded", "1"), 3),
        (("queens", "solve", "8", "-a", "hill-climbing", "--max-expanded", "1"), 3),
        (("queens", "solve", "3"), 1),
        (("run", "examples/water_jugs.py", "-p", "target=5"), 1),
        (("puzzle", "solve", "c"), 0),
    ],
)
def test_one_exit_status_convention(run_cli: RunCli, args: tuple[str, ...], status: int) -> None:
    assert run_cli(*args).code == status


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("queens", "solve", "99999999999999999999999"), "far past any board"),
        (("queens", "min-conflicts", "1000000000000"), "at most 1,000,000,000"),
        (("puzzle", "solve", ",".join(str(t) for t in range(10_000))), "up to 10×10"),
        (("puzzle", "random", "--size", "11"), "--size must be at most 10"),
        (("puzzle", "solve", "c", "--max-expanded", "1e13"), "--max-expanded must be at most"),
        (("queens", "solve", "8", "-a", "hill-climbing", "--sideways", "1001"), "at most 1,000"),
        (("schedule", "solve", "example", "--seed", "-1"), "--seed must be 0 or more"),
    ],
)
def test_every_size_count_and_limit_is_capped(
    refused: Refused, args: tuple[str, ...], fragment: str
) -> None:
    refused(*args, says=fragment)


def test_min_conflicts_answers_two_at_once(run_cli: RunCli) -> None:
    run = run_cli("queens", "min-conflicts", "2", "--json")
    assert run.code == 1 and json.loads(run.stdout)["steps"] == 0


def test_weight_is_refused_wherever_it_does_not_apply(run_cli: RunCli) -> None:
    for domain, start in (("puzzle", "c"), ("schedule", "example")):
        run = run_cli(domain, "solve", start, "--weight", "2")
        assert run.code == 2 and "--weight does not apply to the algorithm astar" in run.stderr
        assert run_cli(domain, "solve", start, "-a", "weighted-astar", "--weight", "2").code == 0


def test_old_spellings_work_for_a_release_and_say_what_to_write(run_cli: RunCli) -> None:
    run = run_cli("puzzle", "random", "-k", "3", "--seed", "1")
    assert run.code == 0 and "-k is deprecated" in run.stderr and "write --size" in run.stderr
    climb = run_cli("queens", "climb", "--random", "3", "--n", "6", "--seed", "1", "--json")
    assert climb.code == 0 and climb.stderr == ""  # never a notice with --json (issue 27)
    assert json.loads(climb.stdout)["parameters"]["size"] == 6
    solve = run_cli("queens", "solve", "6", "--limit", "2", "--json")
    assert solve.code == 0 and solve.stderr == ""
    assert len(json.loads(solve.stdout)["solutions"]) == 2
    legacy = json.loads(run_cli("puzzle", "solve", "c", "--json").stdout)
    assert legacy["guaranteed_shortest"] == legacy["optimal"]  # 0.1's key, still there


def test_every_domain_offers_the_same_options_under_the_same_names(run_cli: RunCli) -> None:
    for domain in domains():
        text = run_cli(domain.name, "solve", "--help").stdout
        for flag in (
            "--algorithm",
            "--seed",
            "--max-expanded",
            "--max-seconds",
            "--json",
            "--show-path",
            "--trace-out",
        ):
            assert flag in text, (domain.name, flag)


def test_tour_fits_80_columns(run_cli: RunCli) -> None:
    run = run_cli("tour")
    assert run.code == 0
    long = [line for line in run.stdout.splitlines() if len(line) > 80]
    assert long == []
    assert "[(1,1),(6,2),(8,3),(3,4),(7,5),(4,6),(2,7),(5,8)]" in run.stdout  # whole


def test_help_starts_without_numpy_or_the_kernels() -> None:
    code = (
        "import sys\nfrom searchlab.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'numba', 'matplotlib', 'starlette', 'rich')]\n"
        "print(heavy, file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stderr.strip() == "[]"


README_COMMANDS = [
    "searchlab queens solve 8",
    "searchlab queens solve case1 -a hill-climbing -H h1 --tie-break last",
    "searchlab queens climb case1 --trace",
    "searchlab queens cases",
    "searchlab puzzle solve c -a best-first -H bratko",
    "searchlab puzzle bratko",
    "searchlab schedule solve example",
    "searchlab sudoku solve hard",
    "searchlab sudoku count several --at-most 2",
    "searchlab map-colouring solve usa",
    "searchlab run examples/romania.py -H straight-line",
    "searchlab algorithms",
]


@pytest.mark.parametrize("command", README_COMMANDS)
def test_the_readme_commands_work_as_printed(run_cli: RunCli, command: str) -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    assert f"`{command}" in readme
    import shlex

    run = run_cli(*shlex.split(command)[1:])
    assert run.code == 0, (command, run.stderr)
    assert run.stderr == "", (command, run.stderr)  # no notice: nothing deprecated in it


def test_no_domain_parameter_shares_a_name_with_an_algorithm_option() -> None:
    """One name, one thing: a request's fields are read by name, so a domain's own
    parameter named like an option of an algorithm it offers would be taken for that
    option (the route domain's landmark ``selection`` once met the genetic algorithm's)."""
    from searchlab.algorithms.registry import ALGORITHMS
    from searchlab.domains.registry import domains

    option_names = {option.name for info in ALGORITHMS.values() for option in info.options}
    for domain in domains():
        clashes = {param.name for param in domain.params} & option_names
        assert not clashes, (domain.name, clashes)
