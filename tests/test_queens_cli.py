"""``searchlab queens``: every subcommand as a user runs it, through stdin and --json."""

from __future__ import annotations

import json
import re

import pytest
from conftest import Refused, RunCli

from searchlab.domains.queens import attackers

CASE_1 = "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]"
CASE_2 = "[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]"
CASE_4 = "[(1,1),(2,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)]"
CASE_7 = "[(2,2),(3,3),(7,2),(6,3),(3,6),(2,7),(6,6),(7,7)]"
CASE_8 = "[(1,1),(6,2),(8,3),(3,4),(7,5),(4,6),(2,7),(5,8)]"


def test_solve_prints_the_first_solution_as_a_board(run_cli: RunCli) -> None:
    run = run_cli("queens", "solve", "8")
    assert run.code == 0
    assert "Solution 1: [1,5,8,6,3,7,2,4]" in run.stdout
    assert "Q . . . . . . ." in run.stdout
    assert "Solution 2" not in run.stdout


def test_solve_json_limit_and_all(run_cli: RunCli) -> None:
    run = run_cli("queens", "solve", "8", "--limit", "3", "--json")
    payload = json.loads(run.stdout)
    assert payload["n"] == 8 and payload["exhausted"] is False
    assert payload["solutions"] == [
        [1, 5, 8, 6, 3, 7, 2, 4],
        [1, 6, 8, 3, 7, 4, 2, 5],
        [1, 7, 4, 6, 8, 2, 5, 3],
    ]
    assert {"expanded", "generated", "seconds"} <= set(payload["stats"])
    every = json.loads(run_cli("queens", "solve", "6", "--all", "--json").stdout)
    assert every["exhausted"] is True and len(every["solutions"]) == 4


@pytest.mark.parametrize("n", ["2", "3"])
def test_solve_says_plainly_when_no_solution_exists(run_cli: RunCli, n: str) -> None:
    run = run_cli("queens", "solve", n)
    assert run.code == 1  # the house convention: the search ended without a solution
    assert f"Search finished: no solution exists for n = {n}." in run.stdout
    payload = json.loads(run_cli("queens", "solve", n, "--json").stdout)
    assert payload["solutions"] == [] and payload["exhausted"] is True


def test_solve_next_asks_after_each_solution(run_cli: RunCli) -> None:
    run = run_cli("queens", "solve", "4", "--next", input="y\ny\n")
    assert "Solution 1: [2,4,1,3]" in run.stdout and "Solution 2: [3,1,4,2]" in run.stdout
    assert "No more solutions: 2 in all" in run.stdout
    stopped = run_cli("queens", "solve", "8", "--next", input="y\nn\n")
    assert "Solution 2" in stopped.stdout and "Solution 3" not in stopped.stdout


def test_count(run_cli: RunCli) -> None:
    assert json.loads(run_cli("queens", "count", "6", "--json").stdout)["count"] == 4
    run = run_cli("queens", "count", "3")
    assert run.code == 0 and "no solution exists for n = 3" in run.stdout
    assert "n = 1: 1 solution, " in run_cli("queens", "count", "1").stdout


def test_watch_steps_through_stdin_keys(run_cli: RunCli) -> None:
    run = run_cli("queens", "watch", "4", input="\n\n \nq\n")
    assert run.code == 0
    assert "step 1: stable: the empty board" in run.stdout
    assert "step 3: stable: 2 queens safe [1,3]" in run.stdout
    assert "step 4" not in run.stdout and "Stopped." in run.stdout
    jump = run_cli("queens", "watch", "4", input="n\nn\nn\n")
    assert "SOLUTION 1: [2,4,1,3]" in jump.stdout and "SOLUTION 2: [3,1,4,2]" in jump.stdout
    assert "2 solutions in all" in jump.stdout
    none = run_cli("queens", "watch", "3", input="c\n")
    assert "no solution exists for n = 3" in none.stdout
    one = run_cli("queens", "watch", "1", input="n\nn\n")
    assert "SOLUTION 1: [1]" in one.stdout and "1 solution in all for n = 1." in one.stdout


def test_watch_every_attempt_shows_tries_refusals_and_retreats(run_cli: RunCli) -> None:
    run = run_cli("queens", "watch", "4", "--every-attempt", input="n\nq\n")
    # jumping to the first solution draws only it; then step through the rest
    assert "SOLUTION 1" in run.stdout
    steps = run_cli("queens", "watch", "4", "--every-attempt", input="\n" * 40 + "q\n")
    assert "try row 2, column 1" in steps.stdout
    assert "row 2, column 1 is attacked: refused" in steps.stdout
    assert "back: the queen of row" in steps.stdout
    assert "x . . ." in steps.stdout


def test_watch_unknown_key_and_end_of_input(run_cli: RunCli) -> None:
    run = run_cli("queens", "watch", "5", input="z\n")
    assert run.code == 0 and "unknown key 'z'" in run.stdout and "Stopped." in run.stdout


def test_climb_reports_and_json(run_cli: RunCli) -> None:
    run = run_cli("queens", "climb", CASE_1, "--moves", "v2", "--heuristic", "h1")
    assert run.code == 0
    assert "h = 8" in run.stdout and "h = 0, a solution" in run.stdout
    payload = json.loads(
        run_cli(
            "queens", "climb", CASE_1, "--heuristic", "h1", "--tie-break", "last", "--json"
        ).stdout
    )
    assert payload["final"] == [[1, 1], [6, 2], [8, 3], [3, 4], [7, 5], [4, 6], [2, 7], [5, 8]]
    assert payload["h_initial"] == 8 and payload["h_final"] == 0 and payload["solved"] is True
    assert payload["steps"] == 6 and payload["restarts"] == 0
    assert {"initial", "generated", "seconds"} <= set(payload)
    solved = json.loads(run_cli("queens", "climb", CASE_8, "--json").stdout)
    assert solved["steps"] == 0 and solved["solved"] is True


def test_climb_text_reads_in_order_and_numbers_moves_across_restarts(run_cli: RunCli) -> None:
    run = run_cli("queens", "climb", CASE_2, "--restarts", "20", "--seed", "3", "--trace")
    assert run.code == 0
    assert all(len(line) <= 80 for line in run.stdout.splitlines())  # wrapped, never cut
    lines = run.stdout.replace("\n  ", " ").splitlines()  # a wrapped line made whole
    assert lines[1].startswith(f"initial: {CASE_2}  h = 56")
    moves = [line for line in lines if line.startswith("move ")]
    assert [int(line.split(":")[0].split()[1]) for line in moves] == list(range(1, len(moves) + 1))
    restarts = [line for line in lines if line.startswith("restart ")]
    assert restarts  # this seed needs at least one: the final board is from the last start
    last = next(line for line in lines if line.startswith("last climb"))
    assert f"restart {len(restarts)})" in last and restarts[-1].split(" from ")[1] in last
    assert f"{len(moves)} moves over all climbs" in run.stdout
    assert f"{len(restarts)} restart" in run.stdout
    payload = json.loads(
        run_cli("queens", "climb", CASE_2, "--restarts", "20", "--seed", "3", "--json").stdout
    )
    assert payload["path"][0] != payload["run"]["start"]  # the last climb's own start
    assert payload["stats"]["restarts"] == len(restarts)
    assert payload["run"]["seed"] == 3 and payload["run"]["tie_break"] == "first"


def test_climb_trace_prints_every_move(run_cli: RunCli) -> None:
    run = run_cli("queens", "climb", CASE_2, "--trace", "--json")
    payload = json.loads(run.stdout)
    assert len(payload["trace"]) == payload["steps"] == 8
    assert payload["trace"][-1].endswith(f"h = {payload['h_final']}")
    text = run_cli("queens", "climb", CASE_2, "--trace").stdout
    assert text.count("move ") == 8


def test_climb_free_takes_any_board_and_column_refuses(run_cli: RunCli, refused: Refused) -> None:
    assert run_cli("queens", "climb", CASE_7, "--moves", "free").code == 0
    refused(
        "queens",
        "climb",
        CASE_4,
        "--moves",
        "column",
        says="column 1 holds 8 queens and column 2 is empty",
    )


def test_climb_random_trials(run_cli: RunCli) -> None:
    args = ("queens", "climb", "--random", "30", "--size", "6", "--seed", "9", "--json")
    first = json.loads(run_cli(*args).stdout)
    second = json.loads(run_cli(*args).stdout)
    keys = ("trials", "solved", "success_rate", "mean_steps_solved", "mean_steps_failed")
    assert {k: first[k] for k in keys} == {k: second[k] for k in keys}
    assert first["trials"] == 30 and 0 <= first["solved"] <= 30
    assert {"mean_generated", "seconds"} <= set(first)
    restarting = json.loads(
        run_cli(
            "queens", "climb", "--random", "5", "--restarts", "100", "--seed", "1", "--json"
        ).stdout
    )
    assert restarting["success_rate"] == 1.0
    text = run_cli("queens", "climb", "--random", "10", "--moves", "free", "--seed", "2")
    assert text.code == 0 and "solved:" in text.stdout and "of 10" in text.stdout
    # without --seed the run still says which seed repeats it
    unseeded = json.loads(run_cli("queens", "climb", "--random", "4", "--json").stdout)
    seed = str(unseeded["seed"])
    again = json.loads(run_cli("queens", "climb", "--random", "4", "--seed", seed, "--json").stdout)
    assert {k: again[k] for k in keys} == {k: unseeded[k] for k in keys}


def test_cases_table_and_json(run_cli: RunCli) -> None:
    payload = json.loads(run_cli("queens", "cases", "--json").stdout)
    rows = payload["cases"]
    assert len(rows) == 32
    refused = sorted((row["case"], row["variant"]) for row in rows if row["refused"])
    assert refused == [(c, v) for c in (4, 6, 7) for v in ("v2h1", "v2h2")]
    case1 = next(row for row in rows if row["case"] == 1 and row["variant"] == "v1h2")
    # the document: [(1,1),(4,2),(6,3),(3,4),(7,5),(2,6),(8,7),(5,8)], not a solution
    assert case1["final"][2] == [6, 3] and case1["h_final"] == 2 and case1["solved"] is False
    table = run_cli("queens", "cases")
    assert table.code == 0 and "refused: column 1 holds 8 queens" in table.stdout
    assert "final h" in table.stdout


def test_repl_through_stdin(run_cli: RunCli) -> None:
    session = f"{CASE_7}.\n[(1,1),(1,1)]\nnonsense\n\n[1,5,8,6,3,7,2,4]\n{CASE_4}\nstop\n"
    run = run_cli("queens", "repl", "--moves", "v1", "--heuristic", "h1", input=session)
    assert run.code == 0
    lines = run.stdout.splitlines()
    assert sum(1 for line in lines if "->" in line) == 8  # the test cases first
    assert "Final state: [(3,2),(1,3),(7,1),(8,5),(5,6),(2,7),(6,4),(4,8)]" in run.stdout
    assert "error: entry 2 (1,1): two queens on one square" in run.stdout
    assert "error: not a list of queens: 'nonsense'" in run.stdout
    assert run.stdout.count("Initial state (or stop): ") == 7
    assert run.stdout.rstrip().endswith("Bye.")
    column = run_cli("queens", "repl", input=f"{CASE_4}\n")  # end of input also ends it
    assert column.code == 0
    assert "error: the column operator needs one queen per column" in column.stdout
    assert "4 [(1,1),(2,1)" in column.stdout and "refused" in column.stdout


def _drawn_queens(stdout: str) -> tuple[tuple[int, int], ...]:
    """The queens of the board drawn under the first line, as (row, col) pairs."""
    return tuple(
        (row, col)
        for row, line in enumerate(stdout.splitlines()[1:], start=1)
        for col, mark in enumerate(line.split(), start=1)
        if mark == "Q"
    )


def test_min_conflicts(run_cli: RunCli) -> None:
    payload = json.loads(run_cli("queens", "min-conflicts", "50", "--seed", "1", "--json").stdout)
    assert payload["solved"] is True and len(payload["rows"]) == 50
    big = json.loads(run_cli("queens", "min-conflicts", "5000", "--seed", "1", "--json").stdout)
    assert big["solved"] is True and "rows" not in big
    text = run_cli("queens", "min-conflicts", "30", "--max-steps", "5", "--seed", "1")
    assert "queens attacked) after 5 moves;" in text.stdout
    # the number of attacked queens printed is true of the board printed under it
    queens = _drawn_queens(text.stdout)
    assert f"not solved ({attackers(queens)} queens attacked)" in text.stdout
    # (a seed: an unseeded start is now and then solved before its first swap)
    kernel = run_cli(
        "queens", "min-conflicts", "30", "--engine", "kernel", "--max-steps", "3", "--seed", "1"
    )
    queens = _drawn_queens(kernel.stdout)
    assert f"not solved ({attackers(queens)} queens attacked) after 3 candidate swaps" in (
        kernel.stdout
    )
    spread = json.loads(
        run_cli(
            "queens", "min-conflicts", "3000", "--init", "random", "--seed", "4", "--json"
        ).stdout
    )
    assert spread["solved"] is True and spread["initial_conflicted"] > 1000


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("solve", "0"), "n must be from 1 to 1,000, not 0"),
        (("solve", "99999999999999999999999"), "far past any board"),
        (("solve", "65"), "too large for dfs"),
        (("solve", "x"), "not a list of queens: 'x'"),
        (("solve", "8", "--all", "--solutions", "2"), "--all and --solutions"),
        (("count", "0"), "n must be at least 1"),
        (("watch", "40"), "at most 32"),
        (("climb",), "give a STATE to climb from, or --random T"),
        (("climb", CASE_1, "--random", "3"), "give a STATE or --random T, not both"),
        (("climb", CASE_4), "column 1 holds 8 queens"),
        (("climb", "--random", "3", "--trace"), "--trace follows one climb"),
        (("min-conflicts", "30000", "--init", "random"), "--init chooses the generic"),
        (("min-conflicts", "30", "--engine", "kernel", "--init", "greedy"), "add --engine generic"),
        (("climb", "[(1,1),(9,9)]"), "entry 2 (9,9) is off the 2×2 board"),
        (("climb", CASE_1, "--size", "9"), "8 queens given for n = 9"),
        (("climb", CASE_1, "--heuristic", "h3"), "h3"),
        (("climb", CASE_1, "--moves", "diagonal"), "diagonal"),
        (("climb", "--random", "0"), "0"),
        (("min-conflicts", "0"), "n must be at least 1"),
        (("climb", "--random", "2", "--size", "1000", "--moves", "free"), "too large for hill"),
        (("climb", "--random", "2", "--size", "2000", "--engine", "generic"), "too large for hill"),
        (
            ("climb", "--random", "2", "--size", "151", "--moves", "free", "--engine", "generic"),
            "at most 150",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(
    refused: Refused, args: tuple[str, ...], fragment: str
) -> None:
    refused("queens", *args, says=fragment)


def test_tour_queens(capsys: pytest.CaptureFixture[str]) -> None:
    from searchlab.cli.queens import tour_queens

    tour_queens(all_variants=False)
    out = capsys.readouterr().out
    assert "[1,5,8,6,3,7,2,4]" in out
    assert "n = 3: 0  — no solution exists for n = 3" in out
    assert "n = 8: 92" in out
    assert "v1h2" in out and "v2h1" not in out


def test_count_reports_counting_apart_from_loading(run_cli: RunCli) -> None:
    payload = json.loads(run_cli("queens", "count", "8", "--json").stdout)
    assert payload["count"] == 92
    assert payload["seconds"] >= 0 and payload["setup_seconds"] >= 0
    generic = json.loads(run_cli("queens", "count", "6", "--engine", "generic", "--json").stdout)
    assert generic["setup_seconds"] == 0


def test_count_matches_published_values_up_to_twelve(run_cli: RunCli) -> None:
    published = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]  # OEIS A000170
    for n, expected in enumerate(published, start=1):
        run = run_cli("queens", "count", str(n), "--json")
        assert json.loads(run.stdout)["count"] == expected, n


def test_count_engines_agree_with_published_counts(run_cli: RunCli) -> None:
    published = {4: (2, 1), 6: (4, 1), 8: (92, 12), 9: (352, 46)}  # A000170, A002562
    for n, (expected, unique) in published.items():
        for extra in ([], ["--engine", "generic"], ["--jobs", "2"]):
            run = run_cli("queens", "count", str(n), "--json", *extra)
            assert run.code == 0, run.stderr
            payload = json.loads(run.stdout)
            assert (payload["count"], payload["unique"]) == (expected, unique), (n, extra)
    assert payload["classes"] == {"8": 42, "4": 4, "2": 0, "1": 0}


def test_count_says_how_many_are_essentially_different(run_cli: RunCli) -> None:
    out = run_cli("queens", "count", "8").stdout
    assert "92 solutions, 12 essentially different: 11 classes of 8, 1 class of 4" in out


def test_count_on_a_local_dask_cluster_equals_the_serial_count(run_cli: RunCli) -> None:
    run = run_cli("queens", "count", "10", "--cluster", "local", "--jobs", "2", "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["count"] == 724


def test_count_refuses_jobs_with_the_generic_engine(refused: Refused) -> None:
    refused("queens", "count", "8", "--engine", "generic", "--jobs", "2", says="--jobs")


def test_min_conflicts_answers_two_and_three_at_once(run_cli: RunCli) -> None:
    for n in ("2", "3"):
        text = run_cli("queens", "min-conflicts", n, "--seed", "1")
        assert text.code == 1  # the house convention: no solution
        assert f"not solved: no solution exists for n = {n}, so no search ran" in text.stdout
        payload = json.loads(run_cli("queens", "min-conflicts", n, "--json").stdout)
        assert payload["solved"] is False and payload["steps"] == 0
        assert payload["status"] == "exhausted"
        assert payload["reason"] == f"no solution exists for n = {n}"


def test_min_conflicts_refuses_a_board_too_large_and_says_so_in_help(
    run_cli: RunCli, refused: Refused
) -> None:
    from searchlab.domains.queens import MAX_REPAIR_N

    run = refused("queens", "min-conflicts", "1000000000000", says="too large to repair")
    assert f"{MAX_REPAIR_N:,}" in run.stderr
    help_text = run_cli("queens", "min-conflicts", "--help").stdout
    assert f"at most {MAX_REPAIR_N:,}" in " ".join(help_text.split())


def test_min_conflicts_times_the_search_apart_from_loading(run_cli: RunCli) -> None:
    payload = json.loads(
        run_cli("queens", "min-conflicts", "100", "--engine", "kernel", "--json").stdout
    )
    assert payload["seconds"] >= 0 and payload["setup_seconds"] >= 0


def test_min_conflicts_kernel_board_is_a_solution(run_cli: RunCli) -> None:
    run = run_cli("queens", "min-conflicts", "200", "--engine", "kernel", "--seed", "5", "--json")
    assert run.code == 0, run.stderr
    payload = json.loads(run.stdout)
    assert payload["engine"] == "kernel" and payload["solved"]
    rows = payload["rows"]  # the row of the queen in each column, 1-based
    assert sorted(rows) == list(range(1, 201))
    assert len({r - c for c, r in enumerate(rows)}) == 200
    assert len({r + c for c, r in enumerate(rows)}) == 200


def test_min_conflicts_stopped_by_its_step_limit_exits_3(run_cli: RunCli) -> None:
    # the house convention: a limit that stops a search first exits 3 (it exited 0)
    run = run_cli(
        "queens",
        "min-conflicts",
        "60",
        "--engine",
        "generic",
        "--init",
        "random",
        "--max-steps",
        "1",
        "--seed",
        "1",
        "--json",
    )
    assert run.code == 3
    payload = json.loads(run.stdout)
    assert payload["status"] == "limit_reached" and payload["limit"] == "max_steps"


def test_a_count_nobody_can_wait_for_is_refused_with_its_estimate(refused: Refused) -> None:
    """Before: `queens count 30` was accepted ("N is at most 30") and ran for centuries."""
    run = refused("queens", "count", "30", says="add --yes to start it anyway")
    assert re.search(r"counting n = 30 would take about [\d,]+ years here", run.stderr)
    refused("queens", "count", "18", says="would take about")
    refused("queens", "count", "13", "--engine", "generic", says="add --yes")
    refused("queens", "count", "31", "--yes", says="counting is limited to n ≤ 30")


def test_yes_counts_past_the_wait(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab.cli.queens import backtracking

    monkeypatch.setattr(backtracking, "WAIT_N", {"kernel": 7, "generic": 7})
    assert run_cli("queens", "count", "8").code == 2
    run = run_cli("queens", "count", "8", "--yes")
    assert run.code == 0 and run.stdout.startswith("n = 8: 92 solutions")  # A000170(8)
    assert "searchlab: note: counting n = 8: about " in run.stderr
    quiet = run_cli("queens", "count", "8", "--yes", "--json")
    assert quiet.stderr == "" and json.loads(quiet.stdout)["count"] == 92


def test_the_count_help_says_where_it_asks(run_cli: RunCli) -> None:
    text = " ".join(run_cli("queens", "count", "--help").stdout.split())
    assert "past N = 17 (12 with --engine generic)" in text and "--yes" in text


def test_the_estimates_words() -> None:
    from searchlab.cli.queens.backtracking import readable, solutions_expected

    assert [readable(s) for s in (1, 59, 90, 3600, 86400 * 3, 365.25 * 86400 * 2e6)] == [
        "about 1 second",
        "about 59 seconds",
        "about 2 minutes",
        "about 1 hour",
        "about 3 days",
        "about 2,000,000 years",
    ]
    assert solutions_expected(17) == 95_815_104  # OEIS A000170
    assert solutions_expected(28) > 10 * solutions_expected(27)
