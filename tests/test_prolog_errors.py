"""Bad Prolog input: each mistake ends in one line on stderr and exit status 2 (or the
limit's status 3), never a hang, a traceback or a dead interpreter: a file that does not
load (file, line and message), a missing s/3 or goal/1, a start that does not read, s/3
that raises or gives a cost that is not a number, a predicate that never ends, a stack
overflow, a file that halts."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import Refused, RunCli
from prolog_support import require_swipl, write_pl

from searchlab.core.errors import ProblemError
from searchlab.core.limits import Limits
from searchlab.domains.prolog import load_prolog

require_swipl()

LINE = "s(N, M, 1) :- M is N + 1.\ngoal(3).\n"
"""A problem that works: walk from 0 up to 3."""


def test_a_syntax_error_names_the_file_the_line_and_the_message(
    tmp_path: Path, refused: Refused
) -> None:
    path = write_pl(tmp_path, "% fine so far\ns(a, b, 1).\ns(b, c 1).\ngoal(c).\n", "broken.pl")
    run = refused("prolog", path, "a", says=f"{path}:3: Syntax error: Operator expected")
    assert "Traceback" not in run.stderr


def test_an_error_while_loading_names_its_line(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, LINE + ":- atom_length(X, X).\n")
    refused("prolog", path, "0", says=f"{path}:3: ")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("goal(3).\n", "defines no s/3: a problem needs s(State, Next, Cost)"),
        ("s(N, M, 1) :- M is N + 1.\n", "defines no goal/1: a problem needs goal(State)"),
    ],
)
def test_a_missing_s_3_or_goal_1_is_named(
    tmp_path: Path, refused: Refused, body: str, says: str
) -> None:
    refused("prolog", write_pl(tmp_path, body), "0", says=says)


def test_a_start_that_does_not_read_is_refused(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, LINE)
    refused(
        "prolog",
        path,
        "f(1,",
        says="cannot read 'f(1,' as a Prolog term: Syntax error: Unexpected end of clause",
    )
    refused("prolog", path, "f(X, 1)", says="has unbound variables: write a ground term")
    refused("prolog", path, says="has no start/1: give the start as a Prolog term")


def test_a_missing_file_or_one_that_is_not_prolog(tmp_path: Path, refused: Refused) -> None:
    refused("prolog", str(tmp_path / "nowhere.pl"), says="no such file:")
    (tmp_path / "notes.txt").write_text("s(a, b, 1).\n")
    refused("prolog", str(tmp_path / "notes.txt"), says="is not a Prolog file (.pl)")


@pytest.mark.parametrize(
    ("program", "arguments", "says"),
    [
        pytest.param(
            "s(N, M, 1) :- M is N + foo.\ngoal(3).\n",
            ("0",),
            "s/3 raised an error on 0: is/2: Arithmetic: `foo/0' is not a function",
            id="s/3 raises",
        ),
        pytest.param(
            "s(N, M, 1) :- step(N, M).\ngoal(3).\n",
            ("0",),
            "Unknown procedure: step/2",
            id="s/3 calls what is not defined",
        ),
        pytest.param(
            "s(a, b, cheap).\ngoal(b).\n",
            ("a",),
            "s/3 gave the cost cheap for a successor of a: a cost must be a number",
            id="a cost that is not a number",
        ),
        pytest.param(
            "s(a, b, -1).\ngoal(b).\n",
            ("a", "-a", "uniform-cost"),
            "negative cost",
            id="a negative cost",
        ),
        pytest.param(
            "s(a, f(_), 1).\ngoal(b).\n",
            ("a",),
            "which has unbound variables: a state must be a ground term",
            id="a successor with unbound variables",
        ),
        pytest.param(
            LINE + "h(N, 1) :- N < 2.\n",
            ("0", "-a", "astar"),
            "h/2 has no answer on 2: h(State, H) must",
            id="h/2 with no answer",
        ),
        pytest.param(
            LINE + "h(_, far).\n",
            ("0", "-a", "greedy"),
            "h/2 gave far on 0: it must give a number",
            id="h/2 that gives no number",
        ),
        pytest.param(
            LINE + "draw(_, picture).\n",
            ("0", "--show-path"),
            "draw/2 gave picture on 0: it must give a list of rows",
            id="draw/2 that gives no rows",
        ),
    ],
)
def test_a_broken_promise_of_a_predicate_is_told_with_its_state(
    tmp_path: Path, refused: Refused, program: str, arguments: tuple[str, ...], says: str
) -> None:
    refused("prolog", write_pl(tmp_path, program), *arguments, says=says)


def test_a_predicate_that_never_ends_is_stopped(tmp_path: Path, refused: Refused) -> None:
    """By --call-seconds (exit 2, naming the predicate and the state), or by the search's
    own --max-seconds when that is shorter (the limit's status 3, as at any limit)."""
    path = write_pl(tmp_path, "s(X, Y, 1) :- s(X, Y, 1).\ngoal(done).\n")
    started = time.monotonic()
    refused(
        "prolog",
        path,
        "a",
        "--call-seconds",
        "0.3",
        says="s/3 ran for 0.3 s on a without finishing: does it end on every state?",
    )
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("algorithm", ["astar", "dfs", "ida", "hill-climbing"])
def test_the_time_limit_stops_a_predicate_that_never_ends(
    tmp_path: Path, run_cli: RunCli, algorithm: str
) -> None:
    path = write_pl(
        tmp_path,
        "s(a, b, 1).\ns(b, c, 1) :- repeat, fail.\ngoal(z).\nh(_, 0).\n"
        "value(a, 2).\nvalue(b, 1).\nvalue(c, 0).\n",
    )
    heuristic = ["-H", "value"] if algorithm == "hill-climbing" else []
    started = time.monotonic()
    run = run_cli(
        "prolog", path, "a", "-a", algorithm, *heuristic, "--max-seconds", "0.3", "--json"
    )
    assert time.monotonic() - started < 10
    assert run.code == 3, (run.stdout, run.stderr)
    document = json.loads(run.stdout)
    assert document["status"] == "limit_reached" and document["limit"] == "max_seconds"
    assert document["stats"]["expanded"] >= 1


def test_a_search_stopped_inside_a_call_keeps_its_counts(tmp_path: Path) -> None:
    """The limit falls inside goal/1 on the second state (asked with the first one's
    expansion): the search ends there, with what it counted, and the same file
    answers the next search at once."""
    path = write_pl(tmp_path, "s(a, b, 1).\ngoal(b) :- repeat, fail.\n")
    domain = load_prolog(path)
    try:
        request = domain.request("a", algorithm="bfs", limits=Limits(max_seconds=0.3))
        result = domain.search(request)
        assert result.status == "limit_reached" and result.limit == "max_seconds"
        assert result.path == () and result.cost is None
        assert (result.stats.expanded, result.stats.generated) == (1, 0)
        again = domain.search(domain.request("a", algorithm="bfs", limits=Limits(max_expanded=0)))
        assert again.status == "limit_reached" and again.limit == "max_expanded"
    finally:
        domain.close()


def test_a_runaway_recursion_ends_in_a_stack_error(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, "s(X, Y, 1) :- s(f(X), Y, 1).\ngoal(done).\n")
    refused("prolog", path, "a", says="s/3 raised an error on a: Stack limit")


def test_a_file_that_halts_is_told_and_the_next_call_starts_it_again(
    tmp_path: Path, refused: Refused
) -> None:
    path = write_pl(tmp_path, "s(a, b, 1) :- halt.\ns(c, d, 1).\ngoal(d).\n")
    refused("prolog", path, "a", says="ended (exit status 0) in the middle of a call")
    domain = load_prolog(path)
    try:
        with pytest.raises(ProblemError, match="does the file call halt"):
            domain.search(domain.request("a", algorithm="bfs"))
        assert domain.search(domain.request("c", algorithm="bfs")).solved
    finally:
        domain.close()
    loading = write_pl(tmp_path, LINE + ":- halt.\n", "halts.pl")
    refused("prolog", loading, "0", says="swipl ended while loading")


def test_a_directive_that_never_ends_stops_the_load(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, LINE + ":- repeat, fail.\n")
    refused(
        "prolog",
        path,
        "0",
        "--call-seconds",
        "0.5",
        says="did not finish loading within 0.5 s: does a directive in it never end?",
    )


def test_what_the_file_prints_stays_off_the_json(tmp_path: Path, run_cli: RunCli) -> None:
    """The file's own output goes to stderr (its warnings as notes), so --json stays one
    JSON object on stdout; and a file reading its input gets an end of file, not ours."""
    path = write_pl(
        tmp_path,
        "s(N, M, 1) :- format('expanding ~w~n', [N]), read(_), M is N + 1.\n"
        "goal(3).\nunused(X) :- true.\n",
    )
    run = run_cli("prolog", path, "0", "-a", "bfs", "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["length"] == 3
    assert f"searchlab: note: {path}:3: warning: Singleton variables: [X]" in run.stderr
