"""A search that survives the night: IDA* split into tasks stops between two of them
(``max_seconds``, Ctrl-C), saves where it stands, and goes on from there in another call
with the same answer and node counts as one uninterrupted search; the split works on
5×5 boards; the saved file is read as hostile input."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import invoke

from searchlab.core.errors import InputError
from searchlab.domains.puzzle.kernels import (
    KORF_GOAL,
    STANDARD_GOAL_24,
    KorfRow,
    korf100,
    load_korf100,
    solve_15,
)
from searchlab.domains.puzzle.kernels import checkpoint as saved
from searchlab.domains.puzzle.kernels.parallel import Partial, SearchState, Totals, solve_15_split
from searchlab.domains.puzzle.kernels.pdb import forget_loaded


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    forget_loaded()
    yield tmp_path
    forget_loaded()


def _scrambled(goal: tuple[int, ...], moves: int, seed: int) -> tuple[int, ...]:
    """A board ``moves`` random moves of the blank from ``goal``."""
    rng = random.Random(seed)
    width = 5 if len(goal) == 25 else 4
    board = list(goal)
    for _ in range(moves):
        blank = board.index(0)
        row, column = divmod(blank, width)
        near = [
            blank + step
            for step, ok in (
                (-width, row > 0),
                (width, row < width - 1),
                (-1, column > 0),
                (1, column < width - 1),
            )
            if ok
        ]
        target = rng.choice(near)
        board[blank], board[target] = board[target], 0
    return tuple(board)


def _resumed_to_the_end(
    board: tuple[int, ...], goal: tuple[int, ...], **settings: object
) -> tuple[list[str] | None, int, int, int, int]:
    """Solve ``board`` in steps of one task each (``max_seconds=0`` stops after every
    task), each step going on from the last one's state: the answer, the counters and
    the number of steps."""
    state: SearchState | None = None
    steps = 0
    while True:
        found = solve_15_split(board, goal, max_seconds=0, resume=state, **settings)  # type: ignore[arg-type]
        steps += 1
        if found.paused is None:
            return found.moves, found.generated, found.expanded, found.iterations, steps
        state = found.paused


def test_a_search_stopped_after_every_task_ends_as_the_uninterrupted_one(cache: Path) -> None:
    board, optimal = load_korf100()[11]
    settings = {"heuristic": "pdb-33333", "cache_dir": cache, "task_nodes": 1000}
    serial = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache)
    moves, generated, expanded, iterations, steps = _resumed_to_the_end(
        board, KORF_GOAL, **settings
    )
    assert moves == serial.moves and moves is not None and len(moves) == optimal
    assert (generated, expanded, iterations) == (
        serial.generated,
        serial.expanded,
        serial.iterations,
    )
    assert steps > 10  # it did stop and go on, many times


def test_the_split_search_works_on_5x5_boards(cache: Path) -> None:
    """It once took 4×4 boards only."""
    for seed in (3, 4):
        board = _scrambled(STANDARD_GOAL_24, 40, seed)
        serial = solve_15(board, heuristic="linear-conflict", cache_dir=cache)
        split = solve_15_split(board, heuristic="linear-conflict", cache_dir=cache, task_nodes=1000)
        assert split.moves == serial.moves and split.moves is not None
        assert (split.generated, split.expanded) == (serial.generated, serial.expanded)
        moves, generated, *_ = _resumed_to_the_end(
            board, STANDARD_GOAL_24, heuristic="linear-conflict", cache_dir=cache, task_nodes=1000
        )
        assert (moves, generated) == (serial.moves, serial.generated)


def test_the_state_is_heard_while_it_runs_and_at_the_stop(cache: Path) -> None:
    board, _ = load_korf100()[11]
    heard: list[SearchState] = []
    found = solve_15_split(
        board,
        KORF_GOAL,
        heuristic="pdb-33333",
        cache_dir=cache,
        task_nodes=1000,
        checkpoint=heard.append,
        checkpoint_every=0,
        max_seconds=3600,
    )
    assert found.moves is not None and found.paused is None
    assert len(heard) > 10  # after every task but the last of each iteration
    counted = [state.totals.generated + state.partial.generated for state in heard]
    assert counted == sorted(counted)  # the nodes so far only grow


def test_a_state_of_another_board_is_refused(cache: Path) -> None:
    board, _ = load_korf100()[11]
    other, _ = load_korf100()[54]
    settings = {"heuristic": "pdb-33333", "cache_dir": cache, "task_nodes": 1000}
    state = None
    for _ in range(30):  # deep enough for a cut of several moves
        found = solve_15_split(board, KORF_GOAL, max_seconds=0, resume=state, **settings)  # type: ignore[arg-type]
        assert found.paused is not None
        state = found.paused
    assert state is not None
    with pytest.raises(InputError, match="does not match"):
        solve_15_split(other, KORF_GOAL, resume=state, **settings)  # type: ignore[arg-type]
    shuffled = dataclasses.replace(state, bounds=tuple(reversed(state.bounds)))
    with pytest.raises(InputError, match="does not match"):
        solve_15_split(board, KORF_GOAL, resume=shuffled, **settings)  # type: ignore[arg-type]


def test_a_set_run_stopped_by_time_goes_on_from_its_file(cache: Path, tmp_path: Path) -> None:
    """korf100's first two instances, stopped at once and resumed from the saved file
    until done: the rows equal an uninterrupted run's."""
    path = tmp_path / "run.json"
    settings = {"heuristic": "pdb-33333", "cache_dir": cache}
    whole = korf100(2, **settings)  # type: ignore[arg-type]

    def save(rows: tuple[KorfRow, ...], search: SearchState | None) -> None:
        saved.write(
            path,
            saved.SetCheckpoint(
                "korf100", (1, 2), "pdb-33333", True, "up-left-right-down", rows, search
            ),
        )

    resume = None
    for _ in range(10_000):
        run = korf100(2, max_seconds=0, checkpoint=save, resume=resume, **settings)  # type: ignore[arg-type]
        if not run.unfinished:
            break
        back = saved.read(path)
        resume = (back.rows, back.search)
    assert not run.unfinished
    assert [(r.instance, r.length, r.generated, r.expanded) for r in run.rows] == [
        (r.instance, r.length, r.generated, r.expanded) for r in whole.rows
    ]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{", "not JSON"),
        ("[]", "must be an object"),
        ('{"format": "other"}', "not a checkpoint of this searchlab"),
        ("BAD_ROWS", '"instance" must be a whole number'),
        ("BAD_BOUNDS", 'an item of "bounds" must be a whole number'),
        ("BAD_SECONDS", '"seconds" must be a number of seconds'),
    ],
)
def test_a_malformed_checkpoint_is_refused_in_one_line(
    tmp_path: Path, text: str, said: str
) -> None:
    good = {
        "format": saved.FORMAT,
        "version": saved.VERSION,
        "set_name": "korf24",
        "instances": [1],
        "heuristic": "pdb-6666",
        "reflect": True,
        "move_order": "up-left-right-down",
        "rows": [],
        "search": None,
    }
    if text == "BAD_ROWS":
        text = json.dumps({**good, "rows": [{"instance": "one"}]})
    elif text == "BAD_BOUNDS":
        partial = dataclasses.asdict(Partial())
        totals = dataclasses.asdict(Totals())
        search = {"threshold": 5, "cut": 2, "bounds": [0, -1], "partial": partial}
        text = json.dumps(
            {**good, "search": {**search, "sizes": [], "totals": totals, "seconds": 1}}
        )
    elif text == "BAD_SECONDS":
        row = {"instance": 1, "length": 5, "optimal": 5, "generated": 1, "expanded": 1}
        text = json.dumps({**good, "rows": [{**row, "seconds": "NaN"}]})
    path = tmp_path / "c.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=said) as refused:
        saved.read(path)
    assert refused.value.field == "resume" and "\n" not in str(refused.value)
    assert saved.read(_written(tmp_path, good)).set_name == "korf24"


def _written(tmp_path: Path, document: dict[str, object]) -> Path:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_korf24_stops_at_max_seconds_saves_and_resumes(tmp_path: Path) -> None:
    """The command line: a run stopped by --max-seconds exits 3 and says how to go on;
    --resume goes on from the file (more nodes than before) with its settings; a bad
    file is one line and exit 2."""
    path = tmp_path / "night.json"
    first = invoke(
        "puzzle", "korf24", "--only", "1", "-H", "linear-conflict", "--max-seconds", "0.5",
        "--checkpoint", str(path),
    )  # fmt: skip
    assert first.code == 3, first.stderr
    assert f"--resume {path}" in first.stdout and path.exists()
    before = saved.read(path)
    assert before.search is not None and before.heuristic == "linear-conflict"
    again = invoke("puzzle", "korf24", "--resume", str(path), "--max-seconds", "0.5", "--json")
    assert again.code == 3, again.stderr
    document = json.loads(again.stdout)
    assert document["unfinished"] is True and document["heuristic"] == "linear-conflict"
    assert document["checkpoint"] == str(path)
    after = saved.read(path)
    assert after.search is not None
    nodes = [s.totals.generated + s.partial.generated for s in (before.search, after.search)]
    assert nodes[1] > nodes[0]
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    for args, says in (
        (("--resume", str(tmp_path / "bad.json")), "not JSON"),
        (("--resume", str(path), "-H", "manhattan"), "drop --heuristic"),
        (("--resume", str(tmp_path / "none.json")), "cannot read the checkpoint"),
    ):
        refused = invoke("puzzle", "korf24", *args)
        assert refused.code == 2 and says in refused.stderr, refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1


def test_the_compiled_solver_honours_a_time_limit() -> None:
    """``puzzle solve --engine kernel --max-seconds`` was refused ("honours an expansion
    limit but not a time limit"); it now stops between two tasks of the search."""
    board, _ = load_korf100()[87]  # minutes under manhattan
    korf = " ".join(str(tile) for tile in KORF_GOAL)
    done = invoke(
        "puzzle", "solve", " ".join(map(str, board)), "--goal", korf, "--engine", "kernel",
        "-H", "manhattan", "--max-seconds", "0.2", "--json",
    )  # fmt: skip
    assert done.code == 3, done.stderr
    document = json.loads(done.stdout)
    assert document["status"] == "limit_reached" and document["limit"] == "max_seconds"
    assert document["stats"]["expanded"] > 0
    both = invoke(
        "puzzle", "solve", " ".join(map(str, board)), "--goal", korf, "--engine", "kernel",
        "--max-seconds", "1", "--max-expanded", "10",
    )  # fmt: skip
    assert both.code == 2 and "not both" in both.stderr
