"""A Prolog query on a course's file (``searchlab prolog FILE --query GOAL``): its answers
lazily in Prolog's order, and its ports through the box model, checked against
SWI-Prolog's own tracer and against seed 002's walk-through of its N-queens program."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from conftest import Refused, RunCli
from prolog_support import EXAMPLES, require_swipl, write_pl

from searchlab.domains.drawing import Grid
from searchlab.domains.prolog.bridge import Timeout
from searchlab.domains.prolog.query import Port, Query, queens_board, queens_of
from searchlab.domains.queens import solutions

require_swipl()

SEED_002 = Path(__file__).resolve().parent / "data" / "prolog" / "seed002_nqueens.pl"
NQUEENS = EXAMPLES / "nqueens.pl"

SMALL = """\
app([], L, L).
app([H|T], L, [H|R]) :-
    app(T, L, R).
p(X) :- q(X), r(X).
q(1).
q(2).
q(3).
r(2).
r(3).
"""


def every_port(query: Query, page: int = 7) -> list[Port]:
    """Every port of the query to its end, asked ``page`` ports at a time."""
    ports: list[Port] = []
    while True:
        got = query.pull(page, traced=True)
        ports += got.ports
        if got.done:
            return ports


_VARIABLE = re.compile(r"\b_\w*|\b[A-Z]\w*")


def plain(goal: str) -> str:
    """A goal as text with every variable written _ and no spaces (how the two tracers
    name variables and space arguments differs, not what they show)."""
    return _VARIABLE.sub("_", goal.replace(" ", ""))


def swi_trace(file: str, goal: str, own: set[str]) -> list[tuple[str, int, str]]:
    """SWI-Prolog's own tracer on ``goal`` to its last answer, every port visible:
    (port, depth from 1, goal) for the predicates named in ``own``."""
    run = subprocess.run(
        [
            "swipl", "-q", "-f", "none", "-g",
            f"visible(+all), leash(-all), trace, ({goal}, fail ; true), notrace, nodebug",
            "-t", "halt", file,
        ],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    seen = []
    base = None
    for line in run.stderr.splitlines():
        found = re.match(r"\s*(\w+): \((\d+)\) (\w+)(.*)$", line)
        if found is None or found[3] not in own:
            continue
        port, level, name, rest = found.groups()
        base = int(level) - 1 if base is None else base
        seen.append((port.lower(), int(level) - base, plain(name + rest)))
    return seen


@pytest.mark.parametrize("goal", ["p(X)", "app(A, B, [1,2])", "app([1], [2], C)"])
def test_the_ports_are_swi_prologs_own_tracers(tmp_path: Path, goal: str) -> None:
    file = write_pl(tmp_path, SMALL)
    query = Query(file, goal)
    try:
        ours = [(port.port, port.depth, plain(port.goal)) for port in every_port(query)]
    finally:
        query.close()
    assert ours == swi_trace(file, goal, {"app", "p", "q", "r"})
    assert len(ours) > 5


def test_seed_002s_ports_are_swi_prologs_own_tracers() -> None:
    """The seed's program for n = 4 to its last answer: member/2 (a library's) and the
    arithmetic run unseen in both, every port of the seed's own predicates in order."""
    goal = "construct_solution(4, P), find_solution(P, [1,2,3,4])"
    query = Query(SEED_002, goal)
    try:
        ours = [(port.port, port.depth, plain(port.goal)) for port in every_port(query, 500)]
    finally:
        query.close()
    own = {"construct_solution", "find_solution", "noattack"}
    assert ours == swi_trace(str(SEED_002), goal, own)
    assert len(ours) > 300


def test_the_box_model_of_a_small_query_port_by_port(tmp_path: Path) -> None:
    """p(X) :- q(X), r(X) with q(1..3), r(2..3), by the box model: p is called and its
    clause entered, q gives 1, r(1) fails, so q is redone (its clause 2) and gives 2,
    r(2) holds: the first answer X = 2. Asked for more, q is redone at clause 3, r(3)
    holds (r's clause 2): X = 3; q has no clause left and the query has no more."""
    file = write_pl(tmp_path, SMALL)
    query = Query(file, "p(X)")
    try:
        first = query.pull(100, traced=True)
        second = query.pull(100, traced=True)
        last = query.pull(100, traced=True)
    finally:
        query.close()
    shown = [(p.port, p.depth, p.goal, p.clause, p.line) for p in first.ports]
    assert shown == [
        ("call", 1, "p(X)", None, None),
        ("unify", 1, "p(X)", 1, 4),
        ("call", 2, "q(X)", None, None),
        ("unify", 2, "q(1)", 1, 5),
        ("exit", 2, "q(1)", 1, 5),
        ("call", 2, "r(1)", None, None),
        ("fail", 2, "r(1)", None, None),
        ("redo", 2, "q(X)", 2, 6),
        ("unify", 2, "q(2)", 2, 6),
        ("exit", 2, "q(2)", 2, 6),
        ("call", 2, "r(2)", None, None),
        ("unify", 2, "r(2)", 1, 8),
        ("exit", 2, "r(2)", 1, 8),
        ("exit", 1, "p(2)", 1, 4),
    ]
    assert first.ports[4].bindings == (("X", "1"),)  # the bindings as they stand
    assert first.ports[7].bindings == (("X", "X"),)  # undone by the backtracking
    assert first.answer is not None and first.answer.bindings == (("X", "2"),)
    redo = second.ports[0]
    assert (redo.port, redo.goal, redo.clause) == ("redo", "q(X)", 3)
    assert second.answer is not None and second.answer.bindings == (("X", "3"),)
    assert last.done and last.answer is None and last.ports == ()


def test_a_page_stops_after_the_ports_asked_for(tmp_path: Path) -> None:
    query = Query(write_pl(tmp_path, SMALL), "p(X)")
    try:
        page = query.pull(3, traced=True)
        assert len(page.ports) == 3 and page.answer is None and not page.done
        rest = query.pull(100, traced=True)
        assert rest.ports[0].port == "unify" and rest.ports[0].goal == "q(1)"  # where it stopped
        assert query.ports == 14
    finally:
        query.close()


def test_answers_come_lazily_in_prologs_order(tmp_path: Path) -> None:
    file = write_pl(tmp_path, "nat(0).\nnat(N) :- nat(M), N is M + 1.\n")
    query = Query(file, "nat(N)")  # infinitely many: only what is asked is computed
    try:
        answers = query.answers()
        assert [next(answers).bindings for _ in range(4)] == [(("N", str(k)),) for k in range(4)]
    finally:
        query.close()


# -- seed 002 --------------------------------------------------------------------------


def test_seed_002_answers_for_8_come_in_queens_solves_order_reversed() -> None:
    """The seed's list is filled from its last element (the first queen placed): read
    backwards, its answers are the solutions `queens solve 8 --all` gives, in order."""
    query = Query(SEED_002, "construct_solution(8, P), find_solution(P, [1,2,3,4,5,6,7,8])")
    try:
        answers = [json.loads(dict(answer.bindings)["P"]) for answer in query.answers()]
    finally:
        query.close()
    ours = [tuple(reversed(columns)) for columns in answers]
    theirs = [result.final_state for result in solutions(8)]
    assert len(ours) == 92
    assert ours == [tuple(state) for state in theirs]


def test_seed_002_as_printed_has_its_instance_for_5() -> None:
    query = Query(SEED_002, "nqueens(5, P)")
    try:
        first = next(query.answers())
    finally:
        query.close()
    assert first.bindings == (("P", "[4,2,5,3,1]"),)


def test_seed_002_steps_through_the_stable_placements_of_its_walk_through() -> None:
    """Seed 002's walk-through for n = 4: the first two queens placed are [3,1] (its
    figure 1); the third cannot be placed, so the second moves to [4,1] (figure 2). The
    stable placements (find_solution/2's exits: every queen placed is safe), derived
    by hand from the program, run on to the first solution [3,1,4,2]."""
    query = Query(SEED_002, "construct_solution(4, P), find_solution(P, [1,2,3,4])")
    try:
        page = query.pull(10_000, traced=True)
    finally:
        query.close()
    stable = [
        dict(port.bindings)["P"]
        for port in page.ports
        if port.port == "exit" and port.predicate == "find_solution/2"
    ]
    blank = re.compile(r"_\d+")
    assert [blank.sub("_", text) for text in stable] == [
        "[_,_,_,_]",
        "[_,_,_,1]",
        "[_,_,3,1]",
        "[_,_,4,1]",
        "[_,2,4,1]",
        "[_,_,_,2]",
        "[_,_,4,2]",
        "[_,1,4,2]",
        "[3,1,4,2]",
    ]
    assert page.answer is not None and page.answer.bindings == (("P", "[3,1,4,2]"),)
    board = page.ports[-1].drawing
    assert isinstance(board, Grid) and board.cells.count("Q") == 4 and not board.marks


def test_a_queens_list_is_drawn_as_a_board_the_attacked_queens_marked() -> None:
    assert queens_of("[_1,_2,1,1]") == [None, None, 1, 1]
    assert queens_of("[_1|_2]") is None and queens_of("[a,b]") is None
    assert queens_of("[0,1]") is None and queens_of("[]") is None
    board = queens_board([None, 3, 1])  # row 2 column 3, row 3 column 1: safe
    assert board.cells == ("", "", "", "", "", "Q", "Q", "", "") and board.marks == {}
    clash = queens_board([None, 2, 1])  # neighbours on a diagonal
    assert clash.marks == {4: "attacked", 6: "attacked"}


def test_a_files_draw_2_draws_the_bindings(tmp_path: Path) -> None:
    file = write_pl(
        tmp_path,
        "pick(X) :- member(X, [ab, cd]).\ndraw(X, [Row]) :- atom(X), atom_chars(X, Row).\n",
    )
    query = Query(file, "pick(X)")
    try:
        page = query.pull(100, traced=True)
    finally:
        query.close()
    assert page.ports[0].drawing is None  # X unbound: draw/2 does not draw it
    assert page.ports[-1].drawing == Grid(1, 2, ("a", "b"))
    assert page.answer is not None and page.answer.drawing == Grid(1, 2, ("a", "b"))


# -- errors and limits -----------------------------------------------------------------


def test_a_query_that_never_answers_stops_at_its_time(tmp_path: Path) -> None:
    query = Query(write_pl(tmp_path, "loop :- loop.\n"), "loop", call_seconds=0.5)
    try:
        with pytest.raises(Timeout):
            query.pull(1, traced=False)
        assert query.pull(1, traced=False).done  # the query is over
    finally:
        query.close()


# -- the command -----------------------------------------------------------------------


def test_the_command_gives_the_first_answers(run_cli: RunCli) -> None:
    run = run_cli("prolog", str(NQUEENS), "--query", "nqueens(8, P)", "--solutions", "2")
    assert run.code == 0, run.stderr
    assert "Solution 1: P = [4,2,7,3,6,8,5,1]" in run.stdout
    assert "Solution 2: P = [5,2,4,7,3,8,6,1]" in run.stdout
    assert "Solution 3" not in run.stdout
    assert ". . . Q . . . ." in run.stdout  # the first answer's board, row 1


def test_the_command_all_as_json(run_cli: RunCli) -> None:
    run = run_cli("prolog", str(NQUEENS), "--query", "nqueens(6, P)", "--all", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["count"] == 4 and document["exhausted"] is True
    assert document["variables"] == ["P"] and document["status"] == "solved"
    reversed_answers = [tuple(reversed(json.loads(s["P"]))) for s in document["solutions"]]
    assert reversed_answers == [tuple(result.final_state) for result in solutions(6)]


def test_the_command_asks_after_each_answer_with_next(run_cli: RunCli) -> None:
    run = run_cli("prolog", str(NQUEENS), "--query", "nqueens(4, P)", "--next", input="y\nn\n")
    assert run.code == 0, run.stderr
    assert run.stdout.count("Look for another solution?") == 2
    assert "Solution 2: P = [2,4,1,3]" in run.stdout
    assert "No more solutions" not in run.stdout


def test_the_command_without_an_answer(run_cli: RunCli) -> None:
    run = run_cli("prolog", str(NQUEENS), "--query", "nqueens(3, P)", "--all")
    assert (run.code, run.stdout) == (1, "false.\n")
    every = run_cli("prolog", str(NQUEENS), "--query", "nqueens(1, P)", "--all")
    assert every.stdout.endswith("No more solutions: 1 in all.\n")


def test_the_command_stops_at_max_seconds(tmp_path: Path, run_cli: RunCli) -> None:
    file = write_pl(tmp_path, "loop :- loop.\n")
    run = run_cli("prolog", file, "--query", "loop", "--max-seconds", "0.3")
    assert run.code == 3 and "max-seconds" in run.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--query", "nqueens(8, P"), "the query 'nqueens(8, P': Syntax error"),
        (("--query", "nqueen(8, P)"), "the query calls nqueen/2, which is not defined"),
        (("--query", "nqueens(8, P), (foo ; true)"), "foo/0, which is not defined"),
        (("--query", "X is 1/0"), "raised an error"),
        (("--query", "3"), "3 is not a goal"),
        (("--query", " "), "the query is empty"),
        (("--query", "true", "-a", "astar"), "--algorithm is an option of a search"),
        (("--query", "true", "--all", "--solutions", "2"), "--all and --solutions exclude"),
        (("--query", "true", "--next", "--json"), "--next asks after each solution"),
        (("--query", "true", "p(1)"), "give a --query or a start, not both"),
    ],
)
def test_the_command_refuses_a_bad_query(
    refused: Refused, args: tuple[str, ...], says: str
) -> None:
    refused("prolog", str(NQUEENS), *args, says=says)


def test_a_query_past_its_call_seconds_is_an_error(tmp_path: Path, refused: Refused) -> None:
    file = write_pl(tmp_path, "loop :- loop.\n")
    refused("prolog", file, "--query", "loop", "--call-seconds", "0.3", says="--call-seconds")


def test_a_file_that_halts_in_the_query_says_so(tmp_path: Path, refused: Refused) -> None:
    file = write_pl(tmp_path, "stop :- halt.\n")
    refused("prolog", file, "--query", "stop", says="does the file call halt?")


def test_the_modules_examples_run() -> None:
    import doctest

    from searchlab.domains.prolog import query as module

    outcome = doctest.testmod(module)
    assert outcome.attempted >= 3 and outcome.failed == 0


def test_a_ports_long_bindings_are_cut_an_answers_are_whole(tmp_path: Path) -> None:
    query = Query(write_pl(tmp_path, "long(L) :- numlist(1, 2000, L).\n"), "long(L)")
    try:
        page = query.pull(10, traced=True)
    finally:
        query.close()
    exit_port = page.ports[-1]
    assert exit_port.port == "exit" and len(exit_port.goal) == 1000
    assert exit_port.goal.endswith("…") and len(dict(exit_port.bindings)["L"]) == 1000
    assert page.answer is not None
    assert json.loads(dict(page.answer.bindings)["L"]) == list(range(1, 2001))
    assert page.answer.drawing is None  # 2,000 columns: no board drawn


def test_a_query_is_read_as_written_across_lines(tmp_path: Path) -> None:
    """Before, the query's runs of spaces were squeezed, inside quotes too."""
    file = write_pl(tmp_path, "name('a  b').\n")
    query = Query(file, "name(X),\n\tX == 'a  b'")
    try:
        assert [answer.bindings for answer in query.answers()] == [(("X", "'a  b'"),)]
    finally:
        query.close()
