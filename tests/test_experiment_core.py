"""The experiments' machinery: b*, per-trial seeds, the depth sampler, the trial runner
(resume, torn lines, dead workers) and the executors."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.core.errors import InputError
from searchlab.core.seeds import trial_seed
from searchlab.experiments import sampler
from searchlab.experiments.ebf import effective_branching_factor
from searchlab.experiments.executors import WorkerPool, executor_for
from searchlab.experiments.runner import _uninterrupted, run_trials

# ---- effective branching factor -------------------------------------------------------


@pytest.mark.parametrize(
    ("generated", "depth", "expected"),
    [
        (6, 2, 2.0),  # 1 + 2 + 4 = 7
        (14, 3, 2.0),  # 1 + 2 + 4 + 8 = 15
        (12, 2, 3.0),  # 1 + 3 + 9 = 13
        (7, 1, 7.0),  # depth 1: b* is N itself
        (5, 5, 1.0),  # a bare path: 6 nodes in a chain
    ],
)
def test_ebf_exact_values(generated: int, depth: int, expected: float) -> None:
    assert effective_branching_factor(generated, depth) == pytest.approx(expected, abs=1e-6)


def test_ebf_textbook_example() -> None:
    # AIMA 3.6.1: "if A* finds a solution at depth 5 using 52 nodes, b* is 1.92".
    assert effective_branching_factor(52, 5) == pytest.approx(1.92, abs=0.005)


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=0.2, max_value=6.0), st.integers(min_value=1, max_value=25))
def test_ebf_inverts_the_tree_size(b: float, depth: int) -> None:
    nodes = sum(b**i for i in range(depth + 1)) - 1  # N = b + ... + b^d
    assert effective_branching_factor(nodes, depth) == pytest.approx(b, rel=1e-6)


def test_ebf_depth_zero_and_bad_input() -> None:
    assert math.isnan(effective_branching_factor(10, 0))
    with pytest.raises(InputError):
        effective_branching_factor(10, -1)
    with pytest.raises(InputError):
        effective_branching_factor(-1, 3)


# ---- seeds -------------------------------------------------------------------------------


def test_trial_seeds_do_not_depend_on_hash_randomisation() -> None:
    code = (
        "from searchlab.core.seeds import trial_seed;print(trial_seed(7, 3), trial_seed(7, 12, 4))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert outputs.pop().split() == [str(trial_seed(7, 3)), str(trial_seed(7, 12, 4))]


def test_trial_seeds_differ_by_index_and_seed() -> None:
    seeds = {trial_seed(seed, index) for seed in range(5) for index in range(200)}
    assert len(seeds) == 1000


# ---- depth sampler -----------------------------------------------------------------------

# Number of 8-puzzle positions at each distance from the goal 1..8 + blank (OEIS A089473).
PUBLISHED_LAYERS = [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512,
                    4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560,
                    6274, 3910, 760, 221, 2]  # fmt: skip


def test_layers_match_the_published_distance_distribution() -> None:
    assert [len(layer) for layer in sampler.layers()] == PUBLISHED_LAYERS
    assert sampler.max_depth() == 31


def _bfs_distance(start: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """Distance by a breadth-first search of our own, from the board (not the goal)."""
    seen = {start}
    frontier: deque[tuple[tuple[int, ...], int]] = deque([(start, 0)])
    while frontier:
        board, distance = frontier.popleft()
        if board == goal:
            return distance
        blank = board.index(0)
        row, col = divmod(blank, 3)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < 3 and 0 <= c < 3:
                cells = list(board)
                cells[blank], cells[3 * r + c] = cells[3 * r + c], 0
                nxt = tuple(cells)
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append((nxt, distance + 1))
    raise AssertionError("goal unreachable")


@pytest.mark.parametrize("depth", [0, 1, 3, 5, 8])
def test_sampled_boards_lie_exactly_at_their_depth(depth: int) -> None:
    for index in range(4):
        board = sampler.sample(depth, trial_seed(9, depth, index))
        assert _bfs_distance(board, sampler.STANDARD_GOAL) == depth


def test_sampler_draws_the_whole_layer_evenly() -> None:
    counts = Counter(sampler.sample(3, seed) for seed in range(800))
    assert len(counts) == 8  # every one of the 8 boards at depth 3
    assert all(60 <= count <= 140 for count in counts.values())  # ~100 each


@pytest.mark.parametrize("depth", [-1, 32])
def test_sampler_refuses_depths_out_of_range(depth: int) -> None:
    with pytest.raises(InputError, match="out of range"):
        sampler.sample(depth, 1)


# ---- runner ------------------------------------------------------------------------------

CALLS: list[int] = []


def square(spec: dict[str, Any]) -> dict[str, Any]:
    CALLS.append(spec["index"])
    return {"square": spec["index"] ** 2}


def die_once(spec: dict[str, Any]) -> dict[str, Any]:
    """Kills its worker process the first time trial 5 runs (a marker file remembers)."""
    marker = Path(spec["marker"])
    if spec["index"] == 5 and not marker.exists():
        marker.write_text("died")
        os._exit(1)
    return {"square": spec["index"] ** 2}


def _specs(count: int, **extra: Any) -> list[dict[str, Any]]:
    return [{"experiment": "test", "index": i, **extra} for i in range(count)]


def test_resume_skips_finished_trials_and_cuts_a_torn_line(tmp_path: Path) -> None:
    out = tmp_path / "trials.jsonl"
    lines = [
        json.dumps({"trial": spec, "result": {"square": spec["index"] ** 2}}) for spec in _specs(4)
    ]
    out.write_text("\n".join(lines) + "\n" + '{"trial": {"experiment": "te')
    messages: list[str] = []
    CALLS.clear()
    pool = WorkerPool(1)
    try:
        results = run_trials(
            square, _specs(10), pool=pool, out=out, resume=True, notify=messages.append
        )
    finally:
        pool.close()
    assert [r["square"] for r in results] == [i * i for i in range(10)]
    assert list(range(4, 10)) == CALLS  # the four in the file were not run again
    assert any("torn" in message for message in messages)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["trial"]["index"] for r in records) == list(range(10))


def test_a_used_out_file_needs_resume(tmp_path: Path) -> None:
    out = tmp_path / "trials.jsonl"
    out.write_text(json.dumps({"trial": {"index": 0}, "result": {}}) + "\n")
    pool = WorkerPool(1)
    try:
        with pytest.raises(InputError, match="resume") as caught:
            run_trials(square, _specs(2), pool=pool, out=out)
    finally:
        pool.close()
    # The library speaks no command line: the field is named, the CLI phrases it.
    assert caught.value.field == "out" and "--" not in str(caught.value)


def test_a_dead_worker_is_reported_and_its_trials_rerun(tmp_path: Path) -> None:
    messages: list[str] = []
    specs = _specs(12, marker=str(tmp_path / "died"))
    pool = WorkerPool(2)
    try:
        results = run_trials(die_once, specs, pool=pool, largest_chunk=2, notify=messages.append)
    finally:
        pool.close()
    assert (tmp_path / "died").exists()  # a worker really died
    assert [r["square"] for r in results] == [i * i for i in range(12)]
    assert any("worker process died" in message for message in messages)


# ---- executors ---------------------------------------------------------------------------


def test_executor_for_local_processes() -> None:
    with executor_for(2, None) as executor:
        assert list(executor.map(abs, [-3, 4, -5])) == [3, 4, 5]


@pytest.mark.parametrize("bad", ["nowhere", "tcp://host:port", "://:1"])
def test_bad_cluster_addresses_are_refused(bad: str) -> None:
    with pytest.raises(InputError, match=r"^cluster ") as caught, executor_for(2, bad):
        pass
    assert caught.value.field == "cluster"


def test_bad_jobs_refused() -> None:
    with (
        pytest.raises(InputError, match=r"^jobs must be 1 or more") as caught,
        executor_for(0, None),
    ):
        pass
    assert caught.value.field == "jobs"


def test_chart_lines_follow_x_and_leave_out_rows_without_data() -> None:
    from searchlab.experiments.plotting import figure, hatch, lines

    _chart, axes = figure(4.0, 3.0)
    rows: list[dict[str, Any]] = [
        {"n": 4, "y": 2.0, "search": "a"},
        {"n": 1, "y": 1.0, "search": "a"},
        {"n": 2, "y": None, "search": "a"},
        {"n": 3, "y": 5.0, "search": "b"},
    ]
    lines(axes, rows, "n", "y", lambda row: row["search"])
    drawn = {
        line.get_label(): (list(line.get_xdata()), list(line.get_ydata()))
        for line in axes.get_lines()
    }
    assert drawn == {"a": ([1, 4], [1.0, 2.0]), "b": ([3], [5.0])}
    bars = axes.bar([0, 1], [1, 2])
    hatch(bars, [False, True])
    assert [bar.get_hatch() for bar in bars] == [None, "///"]


def test_a_ctrl_c_while_trials_are_recorded_waits_for_the_record_to_end() -> None:
    """The signal may reach any thread (the pool's own threads were made before the
    record began): the KeyboardInterrupt still comes after the block, not inside it."""
    go = threading.Event()

    def press_ctrl_c() -> None:
        go.wait(5)
        os.kill(os.getpid(), signal.SIGINT)

    presser = threading.Thread(target=press_ctrl_c)
    presser.start()
    recorded: list[int] = []
    with pytest.raises(KeyboardInterrupt), _uninterrupted():
        go.set()
        presser.join()
        for index in range(10_000):  # bytecodes where a handler could run
            recorded.append(index)
    assert len(recorded) == 10_000
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
