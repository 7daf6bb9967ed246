"""The seeds' own Prolog, as written, through ``searchlab prolog``: seed 000's eight
queens (``mover/3``, whose third argument is the next board's value, and its
``hill/2``) and seed 003's 8-puzzle under the Russian edition's names (``после/3``,
``цель/1``, ``h/2``). The programs are transcribed in tests/data/prolog/ from
/work/shared/seeds, each change marked in a comment.

The oracle for seed 000 is the seed's own ``hill/2``, run by SWI-Prolog on the
document's four programs (rainhasv1h1 … rainhasv2h2: version 1 or 2's mover/3, with
heuristic 1 or 2 in both mover/3 and hill/2); searchlab runs the two printed files
unchanged."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import RunCli
from prolog_support import PUZZLE, require_swipl

from searchlab.core.errors import ProblemError
from searchlab.domains.prolog import PrologDomain, load_prolog
from searchlab.domains.prolog.relations import Relations

require_swipl()

DATA = Path(__file__).resolve().parent / "data" / "prolog"
COMMON = DATA / "rainhas_comum.pl"
VERSIONS = {1: DATA / "rainhas_v1.pl", 2: DATA / "rainhas_v2.pl"}
PRINTED = {1: 2, 2: 1}
"""The heuristic each version's mover/3 calls as the document prints it."""

CASES = [  # the document's eight test cases, in its order
    "[(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]",
    "[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]",
    "[(1,1),(1,2),(1,3),(1,4),(1,5),(1,6),(1,7),(1,8)]",
    "[(1,1),(2,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)]",
    "[(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(2,7),(1,8)]",
    "[(5,1),(4,2),(3,3),(2,4),(6,4),(5,5),(4,6),(7,3)]",
    "[(2,2),(3,3),(7,2),(6,3),(3,6),(2,7),(6,6),(7,7)]",
    "[(1,1),(6,2),(8,3),(3,4),(7,5),(4,6),(2,7),(5,8)]",
]


def documents_program(folder: Path, version: int, heuristic: int) -> Path:
    """rainhasv{version}h{heuristic}: the printed files with heuristica_{heuristic}
    written where mover/3 and hill/2 call a heuristic (the one thing the document's
    four programs change), in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = f"heuristica_{heuristic}"
    common = COMMON.read_text(encoding="utf-8").replace("heuristica_1(I, H1)", f"{wanted}(I, H1)")
    (folder / COMMON.name).write_text(common, encoding="utf-8")
    printed = VERSIONS[version].read_text(encoding="utf-8")
    mover = printed.replace(f"heuristica_{PRINTED[version]}(Est1, H)", f"{wanted}(Est1, H)")
    path = folder / VERSIONS[version].name
    path.write_text(mover, encoding="utf-8")
    return path


def hill_ends(program: Path) -> list[str]:
    """Where the seed's own hill/2 ends on each case, as SWI-Prolog writes the board."""
    swipl = shutil.which("swipl")
    assert swipl is not None
    goal = f"forall(member(I, [{','.join(CASES)}]), (once(hill(I, F)), writeq(F), nl))"
    run = subprocess.run(
        [swipl, "-q", "-g", goal, "-t", "halt", str(program)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return run.stdout.split()


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], list[str]]:
    """hill/2's last board for every version, heuristic and case."""
    folder = tmp_path_factory.mktemp("rainhas")
    return {
        (version, heuristic): hill_ends(
            documents_program(folder / f"v{version}h{heuristic}", version, heuristic)
        )
        for version in (1, 2)
        for heuristic in (1, 2)
    }


def climber(version: int, heuristic: int, check: str | None = None) -> PrologDomain:
    """The printed file, unchanged: mover/3's third argument is the value when it calls
    the heuristic asked for, and is ignored (the value asked of heuristica_N/2) when not."""
    third = "value" if PRINTED[version] == heuristic else "ignore"
    relations = Relations(
        successor="mover", value=f"heuristica_{heuristic}", third=third, check=check
    )
    return load_prolog(VERSIONS[version], relations=relations)


def climbs(domain: PrologDomain) -> Iterator[tuple[str, str]]:
    """Each case's start and the board searchlab's climb ends on."""
    for case in CASES:
        request = domain.request(
            case, algorithm="hill-climbing", heuristic="value", options={"tie_break": "last"}
        )
        result = domain.search(request)
        yield case, result.path[-1] if result.path else case


@pytest.mark.parametrize("heuristic", [1, 2])
@pytest.mark.parametrize("version", [1, 2])
def test_the_32_climbs_end_where_the_seeds_hill_2_ends(
    oracle: dict[tuple[int, int], list[str]], version: int, heuristic: int
) -> None:
    domain = climber(version, heuristic)
    try:
        ended = [board for _, board in climbs(domain)]
    finally:
        domain.close()
    assert ended == oracle[version, heuristic]


def two_on_a_square(board: str) -> bool:
    squares = board.strip("[]").split("),(")
    return len(set(squares)) < len(squares)


def test_the_oracle_holds_seed_000s_impossible_boards(
    oracle: dict[tuple[int, int], list[str]],
) -> None:
    """As the document prints: v2h2 ends cases 4, 6 and 7 with two queens on one square
    (and no other climb does), which searchlab, trusting the goal, calls solved."""
    impossible = {
        (version, heuristic, number)
        for (version, heuristic), boards in oracle.items()
        for number, board in enumerate(boards, 1)
        if two_on_a_square(board)
    }
    assert impossible == {(2, 2, 4), (2, 2, 6), (2, 2, 7)}
    domain = climber(2, 2)
    try:
        request = domain.request(
            CASES[3], algorithm="hill-climbing", heuristic="value", options={"tie_break": "last"}
        )
        assert domain.search(request).solved
    finally:
        domain.close()


def has_a_shared_column(board: str) -> bool:
    columns = [square.split(",")[1] for square in board.strip("[]()").split("),(")]
    return len(set(columns)) < len(columns)


@pytest.mark.parametrize("heuristic", [1, 2])
def test_a_check_of_legal_boards_names_the_impossible_one(
    oracle: dict[tuple[int, int], list[str]], heuristic: int
) -> None:
    """With valid/1 (eight queens on eight squares: tests/data/prolog/rainhas_valida.pl,
    which loads the printed version 2), version 2's mover/3 is caught the first time it
    puts a queen on another's square: on every case with two queens in a column (4, 6,
    7), whatever the heuristic. Every other climb ends as before."""
    relations = Relations(
        successor="mover",
        value=f"heuristica_{heuristic}",
        third="value" if heuristic == PRINTED[2] else "ignore",
    )
    domain = load_prolog(DATA / "rainhas_valida.pl", relations=relations)
    try:
        assert domain.the_problem.relations.names["check"] == "valid"
        for number, case in enumerate(CASES, 1):
            request = domain.request(
                case, algorithm="hill-climbing", heuristic="value", options={"tie_break": "last"}
            )
            if has_a_shared_column(case):
                with pytest.raises(ProblemError, match="mover/3 gave an impossible state"):
                    domain.search(request)
            else:
                result = domain.search(request)
                ended = result.path[-1] if result.path else case
                assert ended == oracle[2, heuristic][number - 1]
    finally:
        domain.close()


def test_the_cli_names_the_impossible_board(run_cli: RunCli) -> None:
    """The bug as a student meets it: solved without --check, named with it (exit 2)."""
    common = [
        CASES[3],
        "--successor",
        "mover/3",
        "--third",
        "ignore",
        "--value",
        "heuristica_2/2",
        "-a",
        "hill-climbing",
        "--tie-break",
        "last",
    ]
    trusted = run_cli("prolog", str(VERSIONS[2]), *common, "--json")
    assert trusted.code == 0, trusted.stderr
    document = json.loads(trusted.stdout)
    assert document["status"] == "solved"
    assert two_on_a_square(document["path"][-1])
    checked = run_cli("prolog", str(DATA / "rainhas_valida.pl"), *common)
    assert checked.code == 2, checked.stderr
    errors = [line for line in checked.stderr.splitlines() if "error" in line]
    assert errors == [
        "searchlab: error: mover/3 gave an impossible state: valid/1 fails on "
        "[(1,1),(1,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)], a successor of "
        "[(1,1),(2,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)]"
    ]


# -- seed 003: Bratko's relations under the Russian edition's names --------------------

RUSSIAN = DATA / "vosem.pl"


@pytest.mark.parametrize(("start", "moves"), [("старт1", 4), ("старт2", 5), ("старт3", 18)])
def test_the_russian_editions_relations_give_bratkos_4_5_and_18_moves(
    run_cli: RunCli, start: str, moves: int
) -> None:
    """No bridging clauses and no options but the start: после/3, цель/1 and h/2 are
    found, said in one line, and best-first walks the English file's very path."""
    run = run_cli("prolog", str(RUSSIAN), "--start", f"{start}/1", "-a", "best-first", "--json")
    assert run.code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["length"] == moves
    notes = [line for line in run.stderr.splitlines() if "relations" in line]
    assert notes == [
        f"searchlab: note: relations: после/3, цель/1, h/2, {start}/1 as start "
        "(the Russian edition's names)"
    ]
    english = load_prolog(PUZZLE)
    try:
        position = document["path"][0]
        result = english.search(english.request(position, algorithm="best-first"))
        assert list(result.path) == document["path"]
    finally:
        english.close()
