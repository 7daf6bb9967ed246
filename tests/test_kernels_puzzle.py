"""The 15-puzzle kernel against the generic A*, breadth-first distances, and Korf's table."""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import numpy as np
import pytest

from searchlab.algorithms.best_first import astar
from searchlab.core.errors import InputError
from searchlab.domains.puzzle.kernels import (
    KORF_GOAL,
    MOVE_NAMES,
    MOVE_ORDERS,
    STANDARD_GOAL,
    korf100,
    load_korf100,
    pdb_heuristic,
    solve_15,
)
from searchlab.domains.puzzle.kernels.pdb import (
    Pattern,
    build_table,
    forget_loaded,
    load_or_build,
    partition_cells,
    pattern_databases,
)
from searchlab.experiments.executors import SerialExecutor

Board = tuple[int, ...]
P = ParamSpec("P")
T = TypeVar("T")

STEP = {"up": -4, "down": 4, "left": -1, "right": 1}


class Fifteen:
    """The 4×4 puzzle for the generic engine, written here so the test stands alone."""

    def __init__(self, start: Board, goal: Board) -> None:
        self.start, self.goal = start, goal

    @property
    def initial(self) -> Board:
        return self.start

    def successors(self, state: Board) -> Iterator[tuple[str, Board, float]]:
        for name, target in legal(state.index(0)):
            cells = list(state)
            cells[state.index(0)], cells[target] = cells[target], 0
            yield name, tuple(cells), 1

    def is_goal(self, state: Board) -> bool:
        return state == self.goal


def legal(blank: int) -> list[tuple[str, int]]:
    row, col = divmod(blank, 4)
    arcs = []
    if row > 0:
        arcs.append(("up", blank - 4))
    if row < 3:
        arcs.append(("down", blank + 4))
    if col > 0:
        arcs.append(("left", blank - 1))
    if col < 3:
        arcs.append(("right", blank + 1))
    return arcs


def manhattan(goal: Board) -> Callable[[Board], float]:
    """Manhattan distance to ``goal`` on a 4×4 board, written out here."""
    where = {tile: divmod(cell, 4) for cell, tile in enumerate(goal)}

    def h(state: Board) -> float:
        total = 0
        for cell, tile in enumerate(state):
            if tile:
                r, c = divmod(cell, 4)
                gr, gc = where[tile]
                total += abs(r - gr) + abs(c - gc)
        return total

    return h


def replay(board: Board, moves: list[str]) -> Board:
    cells = list(board)
    for move in moves:
        blank = cells.index(0)
        assert move in dict(legal(blank)), f"illegal move {move} from {blank}"
        target = blank + STEP[move]
        cells[blank], cells[target] = cells[target], 0
    return tuple(cells)


def scrambled(goal: Board, steps: int, rng: random.Random) -> Board:
    cells = list(goal)
    for _ in range(steps):
        blank = cells.index(0)
        _, target = rng.choice(legal(blank))
        cells[blank], cells[target] = cells[target], 0
    return tuple(cells)


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    forget_loaded()
    yield tmp_path
    forget_loaded()


GOALS = {
    "standard": STANDARD_GOAL,
    "korf": KORF_GOAL,
    "blank-inside": (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
}


@pytest.mark.parametrize("goal_name", list(GOALS))
def test_lengths_equal_generic_astar_and_moves_replay(goal_name: str, cache: Path) -> None:
    goal = GOALS[goal_name]
    rng = random.Random(f"kernel-{goal_name}")
    for _ in range(3):
        board = scrambled(goal, 40, rng)
        reference = astar(Fifteen(board, goal), manhattan(goal))
        assert reference.solved
        for heuristic in ("manhattan", "linear-conflict", "pdb-33333"):
            for reflect in (False, True):
                for order in MOVE_ORDERS:
                    found = solve_15(
                        board,
                        goal,
                        heuristic=heuristic,
                        cache_dir=cache,
                        reflect=reflect,
                        move_order=order,
                    )
                    assert found.moves is not None
                    assert len(found.moves) == reference.cost, (heuristic, reflect, order)
                    assert replay(board, found.moves) == goal
                    assert found.generated >= found.expanded >= len(found.moves)


def test_pdb_heuristic_drives_the_generic_engine_to_the_same_length(cache: Path) -> None:
    h = pdb_heuristic("pdb-33333", KORF_GOAL, cache_dir=cache)
    assert h(KORF_GOAL) == 0
    rng = random.Random("pdb-generic")
    for _ in range(2):
        board = scrambled(KORF_GOAL, 50, rng)
        reference = astar(Fifteen(board, KORF_GOAL), h)
        moves = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache).moves
        assert moves is not None
        assert reference.cost == len(moves)
        assert h(board) <= len(moves)


def reflected(board: Board, goal: Board) -> Board:
    """``board`` mirrored about the diagonal through the goal's blank, each tile renamed
    as the tile whose goal square mirrors its own: a board exactly as far from ``goal``."""
    blank = goal.index(0)
    if blank % 5 == 0:  # on the main diagonal: (row, col) -> (col, row)
        mirror = [(c % 4) * 4 + c // 4 for c in range(16)]
    else:  # on the other one: (row, col) -> (3 - col, 3 - row)
        mirror = [(3 - c % 4) * 4 + 3 - c // 4 for c in range(16)]
    renamed = {tile: goal[mirror[goal.index(tile)]] for tile in range(16)}
    cells = [0] * 16
    for cell, tile in enumerate(board):
        cells[mirror[cell]] = renamed[tile]
    return tuple(cells)


REFLECTABLE = {
    **GOALS,
    "blank-top-right": (1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
}


@pytest.mark.parametrize("goal_name", list(REFLECTABLE))
def test_the_reflected_lookup_is_the_regular_one_on_the_reflected_board(
    goal_name: str, cache: Path
) -> None:
    goal = REFLECTABLE[goal_name]
    dbs = pattern_databases("pdb-33333", goal, directory=cache, reflect=True)
    assert dbs.reflected
    rng = random.Random(f"reflect-{goal_name}")
    for _ in range(40):
        board = scrambled(goal, 60, rng)
        assert reflected(reflected(board, goal), goal) == board
        regular, mirrored = dbs.sums(board)
        assert mirrored == dbs.sums(reflected(board, goal))[0]
        assert regular == dbs.sums(reflected(board, goal))[1]
    assert dbs.sums(goal) == (0, 0)


def test_reflection_and_korfs_move_order_cut_the_nodes_not_the_lengths(cache: Path) -> None:
    instances = [load_korf100()[number - 1] for number in (12, 55, 79)]
    generated = {}
    for reflect in (False, True):
        for order in MOVE_ORDERS:
            total = 0
            for board, optimal in instances:
                found = solve_15(
                    board,
                    KORF_GOAL,
                    heuristic="pdb-33333",
                    cache_dir=cache,
                    reflect=reflect,
                    move_order=order,
                )
                assert found.moves is not None and len(found.moves) == optimal
                total += found.generated
            generated[reflect, order] = total
    for order in MOVE_ORDERS:
        assert generated[True, order] < generated[False, order]


def test_an_unknown_move_order_is_refused(cache: Path) -> None:
    with pytest.raises(InputError, match="move order"):
        solve_15(KORF_GOAL, KORF_GOAL, move_order="sideways", cache_dir=cache)


def test_solved_board_needs_no_move(cache: Path) -> None:
    assert solve_15(STANDARD_GOAL, heuristic="pdb-33333", cache_dir=cache).moves == []


def test_korf_table_is_the_published_one() -> None:
    instances = load_korf100()
    assert len(instances) == 100
    assert instances[0] == ((14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3), 57)
    assert instances[99][1] == 54
    # Korf (1985) reports an average optimal length of 53.05 moves
    assert sum(length for _, length in instances) == 5305
    assert all(sorted(board) == list(range(16)) for board, _ in instances)


@pytest.mark.parametrize("number", [12, 55, 79])
def test_easy_korf_instances_reach_their_published_length(number: int, cache: Path) -> None:
    board, optimal = load_korf100()[number - 1]
    moves = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache).moves
    assert moves is not None
    assert len(moves) == optimal
    assert replay(board, moves) == KORF_GOAL


def abstract_distances(goal_cells: tuple[int, ...], blank_goal: int) -> dict[tuple[int, ...], int]:
    """0-1 breadth-first search over (pattern tiles' squares, blank square): a move of a
    pattern tile costs 1, a move of any other tile 0. Minimum over blank squares."""
    start = (*goal_cells, blank_goal)
    best = {start: 0}
    queue: deque[tuple[int, ...]] = deque([start])
    while queue:
        state = queue.popleft()
        d = best[state]
        tiles, blank = state[:-1], state[-1]
        for _, target in legal(blank):
            if target in tiles:
                i = tiles.index(target)
                child = (*tiles[:i], blank, *tiles[i + 1 :], target)
                cost = 1
            else:
                child = (*tiles, target)
                cost = 0
            if child not in best or best[child] > d + cost:
                best[child] = d + cost
                if cost:
                    queue.append(child)
                else:
                    queue.appendleft(child)
    table: dict[tuple[int, ...], int] = {}
    for state, d in best.items():
        key = state[:-1]
        table[key] = min(d, table.get(key, d))
    return table


def lexicographic_rank(cells: tuple[int, ...], n: int) -> int:
    """Where ``cells`` stands among the k-permutations of n cells in lexicographic order
    (itertools' order), written out here."""
    rank = 0
    for i, cell in enumerate(cells):
        smaller_free = cell - sum(1 for c in cells[:i] if c < cell)
        rank += smaller_free * math.perm(n - i - 1, len(cells) - i - 1)
    return rank


def test_the_rank_is_the_lexicographic_order() -> None:
    for n, k in ((16, 3), (25, 2), (9, 4)):
        for expected, cells in enumerate(itertools.permutations(range(n), k)):
            assert lexicographic_rank(cells, n) == expected


@pytest.mark.parametrize(
    ("goal_cells", "blank_goal"), [((0, 5), 15), ((6, 9), 0), ((3, 12), 5), ((0, 1, 4), 15)]
)
def test_pattern_database_equals_breadth_first_distances(
    goal_cells: tuple[int, ...], blank_goal: int
) -> None:
    table = build_table(Pattern(goal_cells, blank_goal))
    expected = abstract_distances(goal_cells, blank_goal)
    assert len(expected) == Pattern(goal_cells, blank_goal).entries == table.shape[0]
    for cells, distance in expected.items():
        assert table[lexicographic_rank(cells, 16)] == distance, cells


def test_a_layer_scanned_in_short_calls_gives_the_same_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each call of the kernel unranks its first placement from scratch and widens the
    next layer's bounds: calls of 8 or 24 ranks fill the table one call a layer does."""
    from searchlab.domains.puzzle.kernels import pdb

    pattern = Pattern((0, 1, 4), 15)
    whole = build_table(pattern)
    for scan in (8, 24):
        monkeypatch.setattr(pdb, "SCAN", scan)
        assert np.array_equal(build_table(pattern), whole)


def test_partitions_cover_every_tile_once() -> None:
    for name in ("pdb-663", "pdb-555", "pdb-33333"):
        for blank in range(16):
            cells = [c for group in partition_cells(name, blank) for c in group]
            assert sorted(cells) == sorted(set(range(16)) - {blank})


def test_damaged_cache_files_are_rebuilt(tmp_path: Path) -> None:
    pattern = Pattern((0, 1, 4), 15)
    table, status = load_or_build(pattern, directory=tmp_path)
    assert status == "built"
    path = tmp_path / pattern.file_name()
    assert load_or_build(pattern, directory=tmp_path)[1] == "loaded"

    data = path.read_bytes()
    path.write_bytes(data[:-100])  # truncated
    again, status = load_or_build(pattern, directory=tmp_path)
    assert status == "rebuilt" and np.array_equal(again, table)
    assert path.read_bytes() == data

    header_end = data.index(b"\n") + 1
    flipped = bytearray(data)
    flipped[header_end + 7] ^= 1  # one entry changed: the checksum no longer matches
    path.write_bytes(bytes(flipped))
    again, status = load_or_build(pattern, directory=tmp_path)
    assert status == "rebuilt" and np.array_equal(again, table)

    path.write_bytes(b"not a database\n" + data[header_end:])
    assert load_or_build(pattern, directory=tmp_path)[1] == "rebuilt"
    path.write_bytes(b"")
    assert load_or_build(pattern, directory=tmp_path)[1] == "rebuilt"
    assert load_or_build(pattern, directory=tmp_path)[1] == "loaded"


def test_progress_is_reported_while_building(tmp_path: Path) -> None:
    heard: list[tuple[int, int]] = []
    load_or_build(
        Pattern((2, 3, 7), 15),
        directory=tmp_path,
        progress=lambda _what, done, total: heard.append((done, total)),
    )
    assert heard and heard[-1] == (3360, 3360)
    assert all(done <= total for done, total in heard)


def test_bad_requests_are_input_errors(cache: Path) -> None:
    from searchlab.domains.puzzle import solvability

    unsolvable = (2, 1, *range(3, 16), 0)
    with pytest.raises(InputError, match="parity") as refused:
        solve_15(unsolvable, heuristic="manhattan")
    # one wording: the domain's, word for word
    reason = solvability.unsolvable_reason(unsolvable, STANDARD_GOAL)
    assert str(refused.value) == f"this board is unsolvable for that goal: {reason}"
    with pytest.raises(InputError, match="4×4 and 5×5 boards only; the board is 3×3"):
        solve_15(tuple(range(9)))
    with pytest.raises(InputError, match="the board: tile 1 appears more than once"):
        solve_15((1, 1, *range(2, 16)))
    with pytest.raises(InputError, match="the goal: the blank"):
        solve_15(STANDARD_GOAL, goal=(0, 0, *range(2, 16)))
    with pytest.raises(InputError, match="heuristic"):
        solve_15(STANDARD_GOAL, heuristic="nope")


def test_move_names_follow_the_blank() -> None:
    assert MOVE_NAMES == ("up", "down", "left", "right")
    board = (*range(1, 12), 0, 13, 14, 15, 12)  # 12 sits below the blank
    assert solve_15(board, heuristic="manhattan").moves == ["down"]


def test_expansion_limit_stops_the_kernel(cache: Path) -> None:
    board = load_korf100()[0][0]  # 57 moves: far beyond 1000 expansions
    found = solve_15(board, KORF_GOAL, heuristic="manhattan", max_expanded=1000)
    assert found.moves is None
    assert 1000 < found.expanded <= 1001


def test_korf100_rows_totals_and_progress() -> None:
    heard: list[tuple[int, int]] = []
    run = korf100(3, heuristic="pdb-663", progress=lambda done, total: heard.append((done, total)))
    assert heard == [(1, 3), (2, 3), (3, 3)]
    assert [row.instance for row in run.rows] == [1, 2, 3]
    assert [row.length for row in run.rows] == [row.optimal for row in run.rows] == [57, 55, 59]
    assert run.generated == sum(row.generated for row in run.rows) > 0
    assert run.seconds == pytest.approx(sum(row.seconds for row in run.rows))


def test_korf100_refuses_a_bad_count_in_its_own_words() -> None:
    for first in (0, 101):
        with pytest.raises(InputError, match="between 1 and 100") as refused:
            korf100(first)
        assert "--" not in str(refused.value)


def test_korf100_checks_every_length_against_the_published_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import searchlab.domains.puzzle.kernels as kernels

    one_move = (1, 0, *range(2, 16))  # a single move from Korf's goal
    monkeypatch.setattr(kernels, "load_korf100", lambda: [(one_move, 1)])
    assert [row.length for row in korf100(heuristic="manhattan").rows] == [1]
    monkeypatch.setattr(kernels, "load_korf100", lambda: [(one_move, 3)])  # a wrong table
    with pytest.raises(AssertionError, match="instance 1: found 1 moves, published 3"):
        korf100(heuristic="manhattan")


def test_loading_the_solver_is_timed_apart_from_the_search() -> None:
    from searchlab.domains.puzzle.kernels import load_solver

    assert load_solver() >= 0
    assert load_solver() < 0.01  # loaded once a process
    found = solve_15((*range(1, 15), 0, 15), heuristic="manhattan")
    assert found.moves == ["right"] and found.seconds < 0.01


@pytest.mark.parametrize("depth", [None, 1, 2, 3, 5])
def test_a_split_search_gives_the_serial_moves_and_node_counts(
    depth: int | None, cache: Path
) -> None:
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    for number in (12, 55, 79):
        board, optimal = load_korf100()[number - 1]
        for heuristic, reflect in (("pdb-33333", True), ("pdb-33333", False), ("manhattan", True)):
            if heuristic == "manhattan" and number != 12:
                continue  # manhattan takes long on the others
            settings = {"heuristic": heuristic, "reflect": reflect, "cache_dir": cache}
            serial = solve_15(board, KORF_GOAL, **settings)  # type: ignore[arg-type]
            split = solve_15_split(board, KORF_GOAL, depth=depth, **settings)  # type: ignore[arg-type]
            assert split.moves is not None and len(split.moves) == optimal
            assert split.moves == serial.moves
            assert (split.generated, split.expanded, split.iterations) == (
                serial.generated,
                serial.expanded,
                serial.iterations,
            )


def test_a_split_search_over_processes_and_threads_is_the_serial_one(cache: Path) -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    board, _ = load_korf100()[54]
    serial = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache)
    for pool in (ThreadPoolExecutor(2), ProcessPoolExecutor(2)):
        with pool:
            split = solve_15_split(
                board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache, executor=pool
            )
        assert split.moves == serial.moves
        assert (split.generated, split.expanded) == (serial.generated, serial.expanded)
        assert split.worker_seconds >= split.wasted_seconds >= 0


def test_korf100_split_over_workers_checks_the_same_lengths(cache: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    serial = korf100(2, heuristic="pdb-33333", cache_dir=cache)
    with ThreadPoolExecutor(2) as pool:
        split = korf100(2, heuristic="pdb-33333", cache_dir=cache, executor=pool)
    assert [row.generated for row in split.rows] == [row.generated for row in serial.rows]
    assert split.worker_seconds > 0 and serial.worker_seconds == 0


class _CountingExecutor(SerialExecutor):
    """Runs each task at once, here, and counts them: which subtrees were searched."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("workers", [1, 3])
def test_a_split_search_stops_handing_out_subtrees_at_the_answer(
    workers: int, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Korf's 12th: its last iteration is cut into 43 tasks and the answer lies in the
    35th; the tasks after it are never handed out, beyond the ``workers - 1`` already
    out, whose nodes are reported as waste and not counted."""
    from searchlab.domains.puzzle.kernels import parallel

    planned: list[int] = []  # tasks each iteration was cut into
    cut = parallel._tasks

    def recorded(*args: Any) -> list[parallel.Task]:
        tasks = cut(*args)
        planned.append(len(tasks))
        return tasks

    monkeypatch.setattr(parallel, "_tasks", recorded)
    board, _ = load_korf100()[11]
    serial = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache)
    executor = _CountingExecutor()
    split = parallel.solve_15_split(
        board,
        KORF_GOAL,
        heuristic="pdb-33333",
        cache_dir=cache,
        executor=executor,
        workers=workers,
        task_nodes=1000,
    )
    assert split.moves == serial.moves
    assert (split.generated, split.expanded) == (serial.generated, serial.expanded)
    assert planned[-1] == 43 and split.wasted_tasks == workers - 1
    searched = split.tasks + split.wasted_tasks
    assert searched < sum(planned)  # the last iteration's later tasks: never searched
    # an iteration of one task runs here; the others went through the executor
    assert executor.submitted == searched - sum(1 for count in planned if count == 1)
    assert (split.wasted_generated > 0) == (split.wasted_seconds > 0) == (workers > 1)


def test_bad_split_settings_are_refused(cache: Path) -> None:
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    for settings, field in (
        ({"task_nodes": 0}, "task_nodes"),
        ({"task_nodes": 10**10}, "task_nodes"),
        ({"workers": 0}, "workers"),
        ({"workers": True}, "workers"),
    ):
        with pytest.raises(InputError) as refused:
            solve_15_split(KORF_GOAL, KORF_GOAL, cache_dir=cache, **settings)
        assert refused.value.field == field


def test_a_bad_split_depth_is_refused(cache: Path) -> None:
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split

    for depth in (0, 13, True):
        with pytest.raises(InputError, match="split depth"):
            solve_15_split(KORF_GOAL, KORF_GOAL, depth=depth, cache_dir=cache)


def test_a_build_that_would_not_fit_is_refused_before_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil
    from collections import namedtuple

    from searchlab.core import allowance

    pattern = Pattern((0, 1, 2), 15)
    allowance.set_max_memory(2**20)
    try:
        with pytest.raises(
            InputError, match=r"building the 3-tile pattern database needs about .*--max-memory"
        ):
            load_or_build(pattern, directory=tmp_path)
    finally:
        allowance.set_max_memory(None)
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda _path: usage(10**6, 10**6 - 100, 100))
    with pytest.raises(InputError, match=r"of disk in .* and 100 bytes is free"):
        load_or_build(pattern, directory=tmp_path / "new" / "folder")
    assert not list(tmp_path.rglob("*.pdb"))  # nothing half-written


def test_a_split_search_on_a_local_dask_cluster_is_the_serial_one(cache: Path) -> None:
    """Dask's futures once never answered a cancel, and the search waited forever."""
    pytest.importorskip("distributed")
    from searchlab.domains.puzzle.kernels.parallel import solve_15_split
    from searchlab.experiments.executors import executor_for

    board, _ = load_korf100()[54]
    serial = solve_15(board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache)
    with executor_for(2, "local") as cluster:
        split = solve_15_split(
            board, KORF_GOAL, heuristic="pdb-33333", cache_dir=cache, executor=cluster
        )
    assert split.moves == serial.moves
    assert (split.generated, split.expanded) == (serial.generated, serial.expanded)


def grid_distances(
    goal_cells: tuple[int, ...], blank_goal: int, width: int
) -> dict[tuple[int, ...], int]:
    """``abstract_distances`` on a board ``width`` wide: 0-1 breadth-first search, a
    pattern tile's move costs 1; the minimum over blank squares."""
    n = width * width

    def around(cell: int) -> list[int]:
        row, col = divmod(cell, width)
        near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        return [r * width + c for r, c in near if 0 <= r < width and 0 <= c < width]

    start = (*goal_cells, blank_goal)
    best = {start: 0}
    queue: deque[tuple[int, ...]] = deque([start])
    while queue:
        state = queue.popleft()
        tiles, blank = state[:-1], state[-1]
        for target in around(blank):
            cost = int(target in tiles)
            moved = tuple(blank if t == target else t for t in tiles)
            child = (*moved, target)
            if best.get(child, n * n) > best[state] + cost:
                best[child] = best[state] + cost
                (queue.append if cost else queue.appendleft)(child)
    table: dict[tuple[int, ...], int] = {}
    for state, d in best.items():
        table[state[:-1]] = min(d, table.get(state[:-1], d))
    return table


@pytest.mark.parametrize(
    ("goal_cells", "blank_goal"), [((0, 6), 24), ((12, 7, 18), 0), ((7,), 12)]
)
def test_a_ranked_table_for_the_24_puzzle_equals_breadth_first_distances(
    goal_cells: tuple[int, ...], blank_goal: int
) -> None:
    table = build_table(Pattern(goal_cells, blank_goal, width=5))
    expected = grid_distances(goal_cells, blank_goal, 5)
    assert len(expected) == math.perm(25, len(goal_cells)) == table.shape[0]
    for cells, distance in expected.items():
        assert table[lexicographic_rank(cells, 25)] == distance, cells


def test_the_kernels_ranks_follow_the_board_move_by_move(cache: Path) -> None:
    """The sums the kernel keeps up to date (by rank_step) equal ranks from scratch."""
    from searchlab.domains.puzzle.kernels import _ida, kernel_arguments

    ida = _ida()
    heuristic, _ = kernel_arguments(KORF_GOAL, "pdb-33333")
    dbs = pattern_databases("pdb-33333", KORF_GOAL, directory=cache, reflect=True)
    rng = random.Random("ranks")
    board = list(KORF_GOAL)
    index = np.zeros(heuristic[4].shape[0], dtype=np.int64)
    for _ in range(300):
        blank = board.index(0)
        _, target = rng.choice(legal(blank))
        board[blank], board[target] = board[target], 0
        cells = np.asarray(board, dtype=np.int64)
        regular = ida.evaluate(cells, heuristic, index, 0)
        mirrored = ida.evaluate(cells, heuristic, index, 1)
        assert (regular, mirrored) == dbs.sums(board)
        moves = solve_15(tuple(board), KORF_GOAL, heuristic="pdb-33333", cache_dir=cache).moves
        assert moves is not None and max(regular, mirrored) <= len(moves)


def test_the_best_databases_present_are_chosen(tmp_path: Path) -> None:
    from searchlab.domains.puzzle.kernels.pdb import best_present, build_estimate

    assert best_present(KORF_GOAL, tmp_path) == "pdb-663"
    estimate = build_estimate("pdb-78", KORF_GOAL, tmp_path)
    assert estimate is not None
    # a byte per abstract state: 16!/9! + 16!/8! = 576,576,000 bytes, 550 binary megabytes
    # (--max-memory's units)
    tables = math.perm(16, 7) + math.perm(16, 8)
    assert f"(7 and 8 tiles): {tables / 2**20:,.0f} MB of disk" in estimate
    assert "of memory" in estimate
    from searchlab.domains.puzzle.kernels.pdb import partition_patterns

    patterns = partition_patterns("pdb-78", KORF_GOAL)
    assert [tiles for _, tiles in patterns] == [tuple(range(1, 8)), tuple(range(8, 16))]
    for pattern, _ in patterns:
        (tmp_path / pattern.file_name()).touch()
    assert best_present(KORF_GOAL, tmp_path) == "pdb-78"
    assert build_estimate("pdb-78", KORF_GOAL, tmp_path) is None


def test_the_8_tile_build_is_refused_without_the_memory_and_ctrl_c_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from searchlab.core import allowance
    from searchlab.domains.puzzle.kernels import pdb

    eight = Pattern(tuple(range(8)), 15)
    assert eight.entries == 518_918_400
    # 4 bytes a placement and 300 MB for the process: 2,375,673,600 bytes
    try:
        allowance.set_max_memory(2 * 2**30)
        with pytest.raises(
            InputError, match=r"8-tile pattern database needs about 2\.2 GB; --max-memory is 2\.0"
        ):
            load_or_build(eight, directory=tmp_path)
        allowance.set_max_memory(2**30)  # room for 7 tiles
        with pytest.raises(InputError, match=r"building the 8-tile pattern database needs about"):
            pattern_databases("pdb-78", KORF_GOAL, directory=tmp_path)
    finally:
        allowance.set_max_memory(None)
    assert not list(tmp_path.iterdir())  # the 7-tile table was not built first

    def interrupted(*_arguments: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        pdb.load_or_build(Pattern((0, 1), 15), directory=tmp_path)
    assert not list(tmp_path.iterdir())  # neither the file nor its temporary
