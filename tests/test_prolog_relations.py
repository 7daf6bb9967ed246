"""A Prolog file's relations under any names: one option each (``--successor NAME/3``,
``--goal NAME/1``, ``--heuristic NAME/2``, ``--start NAME/1``, ``--value NAME/2``,
``--check NAME/1``, ``--third``), Unicode names and names Prolog must quote, Bratko's
English and Russian names found without options, the one line saying which were used,
and a one-line refusal (exit 2) for a name the file lacks or a wrong arity."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Refused, RunCli
from prolog_support import require_swipl, write_pl

from searchlab.domains.prolog import load_prolog
from searchlab.domains.prolog.relations import Relations

require_swipl()

WALK = (
    "'Шаг'(N, M, 1) :- N < 3, M is N + 1.\n"
    "конец(3).\n"
    "оценка(N, H) :- H is 3 - N.\n"
    "начало(0).\n"
    "step(N, M) :- M is N + 1.\n"
)
"""Walk from 0 to 3, every relation under a name of its own ('Шаг' needs quotes)."""

NAMED = ("--successor", "'Шаг'/3", "--goal", "конец/1", "--start", "начало/1")


def relations_line(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "relations:" in line]


def test_every_relation_under_a_name_of_its_own(tmp_path: Path, run_cli: RunCli) -> None:
    path = write_pl(tmp_path, WALK)
    run = run_cli("prolog", path, *NAMED, "--heuristic", "оценка/2", "-a", "astar", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)  # the line is on stderr, never in the JSON
    assert document["path"] == ["0", "1", "2", "3"]
    assert document["run"]["heuristic"] == "h"
    assert relations_line(run.stderr) == [
        "searchlab: note: relations: 'Шаг'/3, конец/1, оценка/2 as h, начало/1 as start"
    ]


def test_a_value_relation_drives_hill_climbing_and_gives_the_goal(
    tmp_path: Path, run_cli: RunCli
) -> None:
    """Without a goal relation, a state is a goal when its value is 0."""
    path = write_pl(tmp_path, WALK)
    run = run_cli(
        "prolog", path, "0", "--successor", "'Шаг'/3", "--value", "оценка/2",
        "-a", "hill-climbing", "--json",
    )  # fmt: skip
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["path"][-1] == "3"
    assert "goal: оценка/2 gives 0" in relations_line(run.stderr)[0]


@pytest.mark.parametrize(
    ("program", "used", "reached"),
    [
        (
            "s(a, b, 1).\ngoal(b).\nпосле(a, c, 1).\nцель(c).\nh(_, 0).\n",
            "relations: s/3, goal/1, h/2 (Bratko's names)",
            "b",
        ),
        (
            "после(a, c, 1).\nцель(c).\n",
            "relations: после/3, цель/1 (the Russian edition's names)",
            "c",
        ),
    ],
    ids=["both: English first", "Russian"],
)
def test_bratkos_names_are_found_and_english_comes_first(
    tmp_path: Path, program: str, used: str, reached: str
) -> None:
    domain = load_prolog(write_pl(tmp_path, program))
    try:
        assert domain.relations_used == used
        assert domain.search(domain.request("a", algorithm="bfs")).path[-1] == reached
    finally:
        domain.close()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (
            ("--successor", "'Шаг'/2"),
            "--successor 'Шаг'/2: the successor relation takes 3 arguments (write NAME/3)",
        ),
        (("--goal", "конец/2"), "--goal конец/2: the goal relation takes 1 argument"),
        (("--heuristic", "оценка/3"), "--heuristic оценка/3: the heuristic relation takes 2"),
        (("--successor", "ход/3"), "--successor ход/3: mine.pl defines no ход/3"),
        (
            ("--successor", "step/3"),
            "--successor step/3: mine.pl defines no step/3 (it defines step/2)",
        ),
        (("--check", "/1"), "--check '/1' is not a predicate's name (write NAME/1)"),
        (("--start", "nope/1"), "start relation nope/1: mine.pl defines no nope/1"),
        (("--goal", "f(3)"), "--goal f(3) is a term, not a predicate's name (write NAME/1)"),
        (
            ("--third", "value"),
            "--value NAME/2 is needed: a successor relation that gives the next state's",
        ),
    ],
)
def test_a_bad_name_or_arity_is_one_line_and_exit_2(
    tmp_path: Path, refused: Refused, options: tuple[str, ...], says: str
) -> None:
    path = write_pl(tmp_path, WALK)
    named = dict(zip(NAMED[::2], NAMED[1::2], strict=True))
    for option, _ in zip(options[::2], options[1::2], strict=True):
        named.pop(option, None)
    given = [item for pair in named.items() for item in pair]
    refused("prolog", path, *given, *options, says=says.replace("mine.pl", path))


def test_a_third_argument_that_is_no_value_is_named(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(tmp_path, "mover(a, b, high).\nvalue(_, 1).\n")
    refused(
        "prolog", path, "a", "--successor", "mover/3", "--third", "value",
        "-a", "hill-climbing",
        says="mover/3 gave the value high for a successor of a: a value must be a number",
    )  # fmt: skip


def test_a_start_the_check_refuses_is_not_searched(tmp_path: Path, refused: Refused) -> None:
    path = write_pl(
        tmp_path, "s(N, M, 1) :- M is N + 1.\ngoal(3).\nvalid(N) :- integer(N), N >= 0.\n"
    )
    refused("prolog", path, "f(1)", says="the start f(1) is not a legal state: valid/1 fails on it")
    domain = load_prolog(path)
    try:  # and a legal start is searched, the check asked of every successor
        assert domain.search(domain.request("0", algorithm="bfs")).solved
    finally:
        domain.close()


def test_the_relations_survive_a_restart_of_the_process(tmp_path: Path) -> None:
    """A file that halts is started again, its relations bound again."""
    path = write_pl(tmp_path, "ход(a, b, 1) :- halt.\nход(c, d, 1).\nконец(d).\n")
    domain = load_prolog(path, relations=Relations(successor="ход", goal="конец"))
    try:
        with pytest.raises(Exception, match="does the file call halt"):
            domain.search(domain.request("a", algorithm="bfs"))
        assert domain.search(domain.request("c", algorithm="bfs")).path[-1] == "d"
    finally:
        domain.close()
