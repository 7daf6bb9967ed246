"""A seeded mutation fuzz over every reader and command: from a small corpus of valid
inputs (a .gr and its .co, a .csv and its NAME.coords.csv, a .graphml, a .map and its
.scen, a .npz, a landmarks file of `route landmarks`, a Sudoku bulk file, a
map-colouring adjacency file, a schedule .toml, an experiment's trial file, a user's
problem in Python for `searchlab run` and one in Prolog for `searchlab prolog`, and a
start of every domain), thousands of mutants (bytes flipped, cut short, lines
repeated or dropped, huge numbers, NaN and infinities, a BOM, NULs, long lines, empty
files) go through the readers and through the command, in-process; a sample of them
through the real command as a child process. Every one must end cleanly: a result, or
searchlab's one-line refusal (``InputError``, exit status 2). Any other exception, a
run past the hang limit, or memory past the budget (``RLIMIT_AS`` on the process that
runs them) fails the test, naming the mutant.

Each input kind runs in a child process of its own, under the memory limit; a failure
there names the mutant by its kind and number; ``show("csv", 12)`` (from the tests
folder) writes it to ``fuzz-csv-12`` in the current folder to look at.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import resource
import signal
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import SEARCHLAB_MAIN, Refused
from test_routes_graph import GRAPHML as GRAPHML_TEXT

SEED = 26
MUTANTS = 250
"""Mutants of each kind of file (15 kinds; fewer of a Python or a Prolog problem: see
``Kind.count``), and a third as many of each domain's start
(8 domains): about 4,100 inputs in all."""
CLI_EVERY = 5
"""Every CLI_EVERY-th mutant also goes through the command, in-process."""
SUBPROCESS_SAMPLE = 1
"""Mutants of each kind run as the real command in a child process."""
HANG_SECONDS = 20
"""One input may take this long (generous: the machine may be loaded)."""
MEMORY_BUDGET = 1536 * 1024 * 1024
"""Address space one input may add to the process that reads it."""
DATA = Path(__file__).parent / "data" / "routes"
LIMITS = ["--max-seconds", "2"]
"""Every search a mutant starts is stopped early (well inside HANG_SECONDS)."""

# ---- the corpus ---------------------------------------------------------------------

GR = b"""c a small road graph
p sp 5 7
a 1 2 3
a 2 3 4
a 1 3 9
a 3 4 2
a 4 5 1
a 2 5 12
a 5 1 6
"""
CO = b"""c coordinates
p aux sp co 5
v 1 0 0
v 2 3 0
v 3 6 1
v 4 7 3
v 5 8 5
"""
CSV = b"""source,target,weight
a,b,3
b,c,4
a,c,9
c,d,2.5
d,e,1
"""
GRAPHML = GRAPHML_TEXT.encode()  # the readers' own sample (tests/test_routes_graph.py)
SUDOKU = b"""# three puzzles
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
"""
REGIONS = b"""# Australia
WA: NT SA
NT: SA Q
SA: Q NSW V
Q: NSW
NSW: V
V:
T:
"""
COORDS = b"""node,x,y
a,0,0
b,3,0
c,3,4
d,5,4
e,6,5
"""
PROBLEM = b'''"""From the corpus: a problem of `searchlab run`, its states kept within 0..20."""

class Counter:
    """From 0 to 7 by +1 and *2, never past 20."""
    initial = 0
    unit_costs = True

    def successors(self, state):
        for move, following in (("inc", state + 1), ("double", state * 2)):
            if 0 <= following <= 20:
                yield move, following, 1

    def is_goal(self, state):
        return state == 7

    def h(self, state):
        return abs(7 - state) / 2

    def format_state(self, state):
        return f"<{state}>"


def problem(start=0):
    made = Counter()
    made.initial = start
    return made
'''
PROLOG = Path(__file__).parents[1] / "examples/prolog/water_jugs.pl"
USER_LIMITS = ["--max-seconds", "1", "--max-expanded", "2000"]
"""A user's code is stopped sooner: a mutant may make its space endless."""
SCHEDULE = Path(__file__).parents[1] / "src/searchlab/domains/scheduling/bratko_example.toml"
HILL = ["experiment", "hill-climbing", "--size", "5", "--trials", "3", "--moves", "column"]
HILL += ["--heuristic", "pairs", "--sideways", "0", "--jobs", "1"]
STARTS = {  # a domain's command, and a start it accepts
    "queens": (["queens", "solve"], "8", []),
    "puzzle": (["puzzle", "solve"], "1 2 3/4 5 6/7 _ 8", []),
    "schedule": (["schedule", "solve"], "example", []),
    "queens-csp": (["queens-csp", "solve"], "12", []),
    "sudoku": (["sudoku", "solve"], SUDOKU.splitlines()[1].decode(), []),
    "map-colouring": (["map-colouring", "solve"], "WA: NT SA; NT: SA; SA:", []),
    "cryptarithm": (["cryptarithm", "solve"], "SEND+MORE=MONEY", []),
    "route": (["route", "solve"], "Arad", ["--goal", "Bucharest"]),
}


def _npz() -> bytes:
    from searchlab.domains.routes.readers import read_dimacs, write_npz

    with _scratch() as folder:
        (folder / "g.gr").write_bytes(GR)
        (folder / "g.co").write_bytes(CO)
        write_npz(read_dimacs(folder / "g.gr"), folder / "g.npz")
        return (folder / "g.npz").read_bytes()


def _landmarks() -> bytes:
    from searchlab.domains.routes import landmarks
    from searchlab.domains.routes.readers import read_dimacs

    with _scratch() as folder:
        (folder / "g.gr").write_bytes(GR)
        (folder / "g.co").write_bytes(CO)
        landmarks.save(landmarks.build(read_dimacs(folder / "g.gr"), 2), folder / "l.npz")
        return (folder / "l.npz").read_bytes()


def _trials() -> bytes:
    from conftest import invoke

    with _scratch() as folder:
        out = folder / "t.jsonl"
        done = invoke(*HILL, "--out", str(out))
        assert done.code == 0, done.stderr
        return out.read_bytes()


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    import tempfile

    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@dataclass(frozen=True)
class Kind:
    """One kind of input: the file fuzzed (with the valid files beside it), how the
    library reads it, and the command that reads it (argv, the file's path put in)."""

    name: str
    file: str
    valid: Callable[[], bytes]
    beside: dict[str, bytes]
    read: Callable[[Path], Any]
    command: Callable[[Path], list[str]]
    count: int = MUTANTS  # fewer where each costs a process (Prolog) or a search


def _read_dimacs(path: Path) -> Any:
    from searchlab.domains.routes.readers import read_dimacs

    return read_dimacs(path.with_name("g.gr"))


def _read_csv(path: Path) -> Any:
    from searchlab.domains.routes.readers import read_csv

    return read_csv(path)


def _read_graphml(path: Path) -> Any:
    from searchlab.domains.routes.readers import read_graphml

    return read_graphml(path)


def _read_npz(path: Path) -> Any:
    from searchlab.domains.routes.readers import read_npz

    return read_npz(path)


def _read_map(path: Path) -> Any:
    from searchlab.domains.routes.grid import read_map

    return read_map(path).graph()


def _read_scen(path: Path) -> Any:
    from searchlab.domains.routes.grid import parse_scen, read_map

    grid = read_map(path.with_name("tiny.map"))
    return parse_scen(path.read_text(encoding="utf-8", errors="replace"), grid)


def _read_sudoku(path: Path) -> Any:
    from searchlab.cli.sudoku import read_puzzles

    return read_puzzles(path)


def _read_regions(path: Path) -> Any:
    from searchlab.domains.mapcolouring.maps import load_map

    return load_map(str(path))


def _read_schedule(path: Path) -> Any:
    from searchlab.domains.scheduling.parse import load_instance

    return load_instance(path)


def _read_landmarks(path: Path) -> Any:
    from searchlab.domains.routes import landmarks
    from searchlab.domains.routes.readers import read_dimacs

    return landmarks.load(path, read_dimacs(path.with_name("g.gr")))


def _read_coords(path: Path) -> Any:
    from searchlab.domains.routes.readers import read_csv

    return read_csv(path.with_name("g.csv"))


def _read_problem(path: Path) -> Any:
    """Load the user's file (its module runs) and ask the problem what every front end
    asks first: its start, and the successors and goal test there."""
    from searchlab.domains.user import load_problem

    domain = load_problem(str(path))
    problem = domain.problem(domain.request(None))
    return list(problem.successors(problem.initial)), problem.is_goal(problem.initial)


def _read_prolog(path: Path) -> Any:
    from searchlab.domains.prolog import load_prolog

    domain = load_prolog(path, call_seconds=2)
    try:
        problem = domain.problem(domain.request(None))
        return list(problem.successors(problem.initial))
    finally:
        domain.close()


def _read_trials(path: Path) -> Any:
    from searchlab.experiments.executors import WorkerPool
    from searchlab.experiments.registry import get_experiment

    hill = get_experiment("hill-climbing")
    parameters = hill.parameters(size=5, trials=3, moves="column", heuristic="pairs", sideways="0")
    pool = WorkerPool(1)
    try:
        return hill.run(parameters, pool=pool, out=path, resume=True, notify=lambda _: None)
    finally:
        pool.close()


def _route(goal: str) -> Callable[[Path], list[str]]:
    return lambda path: ["route", "solve", f"{path}:{'1' if goal == '5' else 'a'}", "--goal",
                         goal, *LIMITS]  # fmt: skip


KINDS = [
    Kind("gr", "g.gr", lambda: GR, {"g.co": CO}, _read_dimacs, _route("5")),
    Kind("co", "g.co", lambda: CO, {"g.gr": GR}, _read_dimacs,
         lambda path: ["route", "solve", f"{path.with_name('g.gr')}:1", "--goal", "5",
                       "--heuristic", "straight-line", *LIMITS]),
    Kind("csv", "g.csv", lambda: CSV, {}, _read_csv, _route("e")),
    Kind("graphml", "g.graphml", lambda: GRAPHML, {}, _read_graphml, _route("c")),
    Kind("npz", "g.npz", _npz, {}, _read_npz,
         lambda path: ["route", "solve", f"{path}:1", "--goal", "5", *LIMITS]),
    Kind("map", "tiny.map", lambda: (DATA / "tiny.map").read_bytes(), {}, _read_map,
         lambda path: ["route", "solve", f"{path}:0,0", "--goal", "11,7", *LIMITS]),
    Kind("scen", "tiny.map.scen", lambda: (DATA / "tiny.map.scen").read_bytes(),
         {"tiny.map": (DATA / "tiny.map").read_bytes()}, _read_scen,
         lambda path: ["route", "scen", str(path), "--json"]),
    Kind("sudoku", "bulk.txt", lambda: SUDOKU, {}, _read_sudoku,
         lambda path: ["sudoku", "bulk", str(path), "--json"]),
    Kind("regions", "australia.txt", lambda: REGIONS, {}, _read_regions,
         lambda path: ["map-colouring", "solve", str(path), *LIMITS]),
    Kind("schedule", "bratko.toml", SCHEDULE.read_bytes, {}, _read_schedule,
         lambda path: ["schedule", "solve", str(path), *LIMITS]),
    Kind("trials", "t.jsonl", _trials, {}, _read_trials,
         lambda path: [*HILL, "--out", str(path), "--resume", "--json"]),
    Kind("landmarks", "l.npz", _landmarks, {"g.gr": GR, "g.co": CO}, _read_landmarks,
         lambda path: ["route", "solve", f"{path.with_name('g.gr')}:1", "--goal", "5",
                       "--heuristic", "landmarks", "--landmarks-file", str(path), *LIMITS]),
    Kind("coords", "g.coords.csv", lambda: COORDS, {"g.csv": CSV}, _read_coords,
         lambda path: ["route", "solve", f"{path.with_name('g.csv')}:a", "--goal", "e",
                       "--heuristic", "straight-line", *LIMITS]),
    Kind("problem", "mine.py", lambda: PROBLEM, {}, _read_problem,
         lambda path: ["run", str(path), "-a", "astar", "--show-path", *USER_LIMITS],
         count=150),
    Kind("prolog", "jugs.pl", PROLOG.read_bytes, {}, _read_prolog,
         lambda path: ["prolog", str(path), "-a", "bfs", "--call-seconds", "2",
                       *USER_LIMITS], count=40),
]  # fmt: skip

# ---- mutations ----------------------------------------------------------------------

HUGE = [b"1" + b"0" * 400, b"1e309", b"-1e308", b"9" * 30, b"18446744073709551616",
        b"-0", b"1e-320", b"4294967296", b"2147483648", b"1_0", b"0x10", b"1" * 5000,
        b"50000000", b"20000000", b"8192"]  # fmt: skip
ODD = [b"nan", b"NaN", b"inf", b"-inf", b"Infinity", b"-", b"", b"\x00", b"\xef\xbb\xbf",
       b"\xff\xfe", b"\r", b"\t", b'"', b"<", b"&amp;", b"\xc3\x28", b"\xe2\x80\xae"]  # fmt: skip


def _numbers(data: bytes) -> list[tuple[int, int]]:
    import re

    return [match.span() for match in re.finditer(rb"-?\d+(\.\d+)?", data)]


def mutate(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One mutant of ``data``: what was done to it, and its bytes."""
    lines = data.splitlines(keepends=True) or [b""]
    choice = rng.randrange(16)
    position = rng.randrange(len(data) + 1)
    if choice == 0 and data:
        index = rng.randrange(len(data))
        flipped = data[index] ^ (1 << rng.randrange(8))
        return f"flip byte {index}", data[:index] + bytes([flipped]) + data[index + 1 :]
    if choice == 1:
        return f"cut at {position}", data[:position]
    if choice == 2:
        line = rng.randrange(len(lines))
        copies = rng.choice([1, 2, 1000])
        doubled = lines[: line + 1] + [lines[line]] * copies + lines[line + 1 :]
        return f"line {line + 1} repeated {copies} times", b"".join(doubled)
    if choice == 3:
        line = rng.randrange(len(lines))
        return f"line {line + 1} dropped", b"".join(lines[:line] + lines[line + 1 :])
    if choice in (4, 5) and _numbers(data):
        start, end = rng.choice(_numbers(data))
        value = rng.choice(HUGE if choice == 4 else ODD)
        return f"number at {start} -> {value[:20]!r}", data[:start] + value + data[end:]
    if choice == 6:
        return "BOM", b"\xef\xbb\xbf" + data
    if choice == 7:
        return f"NUL at {position}", data[:position] + b"\x00" + data[position:]
    if choice == 8:
        size = rng.choice([5000, 140_000, 3_000_000])
        filler = rng.choice([b"x", b"1", b" ", b"a,"])
        long = data[:position] + filler * size + data[position:]
        return f"{size} x {filler!r} at {position}", long
    if choice == 9:
        return "empty", b""
    if choice == 10:
        return "whole file twice", data + data
    if choice == 11:
        value = rng.choice(ODD)
        return f"{value!r} at {position}", data[:position] + value + data[position:]
    if choice == 12:
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        return f"{len(noise)} random bytes at {position}", data[:position] + noise + data[position:]
    if choice == 13:
        return "CRLF", data.replace(b"\n", b"\r\n")
    if choice == 14 and len(lines) > 1:
        a, b = rng.sample(range(len(lines)), 2)
        lines[a], lines[b] = lines[b], lines[a]
        return f"lines {a + 1} and {b + 1} swapped", b"".join(lines)
    # Several at once.
    label, once = mutate(data, rng)
    again, twice = mutate(once, rng)
    return f"{label}, then {again}", twice


ARRAY_VALUES: list[Any] = [float("nan"), float("inf"), -1, 2**40, 1e308, -1e308, 0]


def mutate_arrays(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """A mutant of a .npz made array by array: a valid zip of arrays that lie (wrong
    shapes, types and values, arrays missing or empty); else one made byte by byte."""
    import numpy as np

    if rng.random() < 0.4:
        return mutate(data, rng)
    with np.load(io.BytesIO(data), allow_pickle=False) as loaded:
        arrays = {name: loaded[name] for name in loaded.files}
    name = rng.choice(sorted(arrays))
    array = arrays[name]
    choice = rng.randrange(7)
    if choice == 0:
        del arrays[name]
        label = f"{name} missing"
    elif choice == 1:
        arrays[name] = array.reshape(-1)[: rng.randrange(array.size + 1)]
        label = f"{name} cut to {arrays[name].size} values"
    elif choice == 2:
        arrays[name] = array.reshape(-1) if array.ndim > 1 else np.stack([array, array])
        label = f"{name} of shape {arrays[name].shape}"
    elif choice == 3 and array.size and array.dtype.kind in "fiu":
        value = rng.choice(ARRAY_VALUES)
        changed = array.astype(np.float64).reshape(-1)
        changed[rng.randrange(changed.size)] = value
        arrays[name] = changed.reshape(array.shape)
        label = f"a value of {name} -> {value}"
    elif choice == 4:
        arrays[name] = np.array(["x", "1"] * max(1, array.size // 2))
        label = f"{name} as text"
    elif choice == 5:
        arrays[name] = np.zeros((0, *array.shape[1:]), dtype=array.dtype)
        label = f"{name} empty"
    else:
        arrays[name] = np.concatenate([array.reshape(-1)] * 3) if array.ndim else array
        label = f"{name} tripled"
    out = io.BytesIO()
    np.savez(out, **arrays)
    return label, out.getvalue()


def mutants(kind: str, data: bytes, count: int) -> list[tuple[str, bytes]]:
    rng = random.Random(f"{SEED}:{kind}")
    how = mutate_arrays if kind in ("npz", "landmarks") else mutate
    return [how(data, rng) for _ in range(count)]


# ---- running them (in a child process per kind) -------------------------------------


class Hang(BaseException):
    """An input ran past HANG_SECONDS."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


def _virtual_memory() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    last = frames[-1] if frames else None
    place = f" at {Path(last.filename).name}:{last.lineno}" if last else ""
    return f"{type(error).__name__}: {str(error)[:160]}{place}"


def _once(call: Callable[[], Any]) -> str | None:
    """What went wrong (None: a result or searchlab's refusal)."""
    from searchlab.core.errors import InputError

    signal.alarm(HANG_SECONDS)
    try:
        call()
    except Hang:
        return f"ran past {HANG_SECONDS} s"
    except MemoryError as error:
        return f"memory past the budget ({_where(error)})"
    except InputError:
        return None
    except BaseException as error:
        return _where(error)
    finally:
        signal.alarm(0)
    return None


def _command(argv: list[str]) -> None:
    """``searchlab ARGV`` in this process: a traceback, exit 130, or a refusal that is
    not one line, is raised as an AssertionError."""
    from searchlab.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code: Any = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exit_:
            code = exit_.code
    check_exit(code, err.getvalue())


def check_exit(code: Any, stderr: str) -> None:
    """A clean end: 0, 1 (no solution), 3 (a limit stopped the search: a mutated
    problem's space may be endless) or 2 with one line ``searchlab: error: ...``."""
    if "Traceback" in stderr or code not in (0, 1, 2, 3):
        raise AssertionError(f"exit {code}: {stderr.strip()[-300:]}")
    if code == 2 and not (stderr.startswith("searchlab: error: ") and stderr.count("\n") == 1):
        raise AssertionError(f"exit 2 but not one line: {stderr[:300]!r}")


def child(name: str) -> None:
    """Run every mutant of the kind ``name``; print the failures as JSON."""
    kind = next(kind for kind in KINDS if kind.name == name)
    folder = Path.cwd()
    for file, content in kind.beside.items():
        (folder / file).write_bytes(content)
    valid = kind.valid()
    path = folder / kind.file
    budget = _virtual_memory() + MEMORY_BUDGET
    resource.setrlimit(resource.RLIMIT_AS, (budget, budget))
    signal.signal(signal.SIGALRM, _alarm)
    failures: list[dict[str, Any]] = []
    for number, (label, data) in enumerate(mutants(name, valid, kind.count)):
        path.write_bytes(data)
        problem = _once(lambda: kind.read(path))
        if problem is None and number % CLI_EVERY == 0:
            path.write_bytes(data)  # a resumed trial file was appended to
            problem = _once(lambda: _command(kind.command(path)))
        if problem is not None:
            failures.append({"mutant": number, "label": label, "problem": problem})
    print(json.dumps(failures))


def show(name: str, number: int) -> None:
    """Write the mutant ``number`` of the kind ``name`` to fuzz-NAME-NUMBER, to look at."""
    kind = next(kind for kind in KINDS if kind.name == name)
    label, data = mutants(name, kind.valid(), kind.count)[number]
    Path(f"fuzz-{name}-{number}").write_bytes(data)
    print(label)


def _limit_memory() -> None:
    budget = _virtual_memory() + 2 * MEMORY_BUDGET  # a child's whole interpreter
    resource.setrlimit(resource.RLIMIT_AS, (budget, budget))


def _run_child(code: str, folder: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ---- the tests ----------------------------------------------------------------------

KNOWN: dict[str, str] = {}
"""Kinds whose faults are listed in issue 26 and fixed on another branch, with the
reason: xfail (not strict) until that branch is merged."""


def _params() -> list[Any]:
    return [
        pytest.param(kind.name, marks=pytest.mark.xfail(strict=False, reason=KNOWN[kind.name]))
        if kind.name in KNOWN
        else kind.name
        for kind in KINDS
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS, /proc")
@pytest.mark.parametrize("name", _params())
def test_every_mutant_ends_cleanly(name: str, tmp_path: Path) -> None:
    code = f"import test_fuzz_inputs as fuzz; fuzz.child({name!r})"
    done = _run_child(code, tmp_path, timeout=HANG_SECONDS * 8)
    assert done.returncode == 0, done.stderr[-2000:]
    failures = json.loads(done.stdout.strip().splitlines()[-1])
    shown = "\n".join(
        f"  {name} mutant {f['mutant']} ({f['label']}): {f['problem']}" for f in failures[:15]
    )
    count = next(kind.count for kind in KINDS if kind.name == name)
    assert failures == [], f"{len(failures)} of {count} mutants did not end cleanly:\n{shown}"


def _start_mutants() -> list[tuple[str, list[str]]]:
    cases = []
    for domain, (command, start, more) in STARTS.items():
        for label, data in mutants(f"start:{domain}", start.encode(), MUTANTS // 3):
            text = data.replace(b"\x00", b"").decode("utf-8", errors="replace")
            cases.append((f"{domain} start ({label})", [*command, text, *more, *LIMITS]))
    return cases


def start_child() -> None:
    """Every mutated start of every domain through the command; failures as JSON."""
    budget = _virtual_memory() + MEMORY_BUDGET
    resource.setrlimit(resource.RLIMIT_AS, (budget, budget))
    signal.signal(signal.SIGALRM, _alarm)
    failures = []
    for number, (label, argv) in enumerate(_start_mutants()):
        problem = _once(functools.partial(_command, argv))
        if problem is not None:
            failures.append({"mutant": number, "label": label, "problem": problem})
    print(json.dumps(failures))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS, /proc")
def test_every_mutated_start_ends_cleanly(tmp_path: Path) -> None:
    done = _run_child("import test_fuzz_inputs as f; f.start_child()", tmp_path, HANG_SECONDS * 8)
    assert done.returncode == 0, done.stderr[-2000:]
    failures = json.loads(done.stdout.strip().splitlines()[-1])
    shown = "\n".join(f"  {f['label']}: {f['problem']}" for f in failures[:15])
    assert failures == [], f"{len(failures)} mutated starts did not end cleanly:\n{shown}"


def _sample() -> list[Any]:
    cases = []
    for kind in KINDS:
        rng = random.Random(f"{SEED}:sample:{kind.name}")
        for number in sorted(rng.sample(range(kind.count), SUBPROCESS_SAMPLE)):
            case = pytest.param(kind.name, number, id=f"{kind.name}-{number}")
            if kind.name in KNOWN:
                case = pytest.param(
                    kind.name,
                    number,
                    id=f"{kind.name}-{number}",
                    marks=pytest.mark.xfail(strict=False, reason=KNOWN[kind.name]),
                )
            cases.append(case)
    return cases


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS, /proc")
@pytest.mark.parametrize(("name", "number"), _sample())
def test_the_real_command_ends_cleanly(name: str, number: int, tmp_path: Path) -> None:
    kind = next(kind for kind in KINDS if kind.name == name)
    for file, content in kind.beside.items():
        (tmp_path / file).write_bytes(content)
    label, data = mutants(name, kind.valid(), kind.count)[number]
    path = tmp_path / kind.file
    path.write_bytes(data)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", SEARCHLAB_MAIN, *kind.command(path)],
            capture_output=True,
            text=True,
            timeout=HANG_SECONDS * 3,
            preexec_fn=_limit_memory,
            env=env,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name} mutant {number} ({label}) ran past {HANG_SECONDS * 3} s")
    try:
        check_exit(done.returncode, done.stderr)
    except AssertionError as error:
        pytest.fail(f"{name} mutant {number} ({label}): {error}")


# ---- faults the fuzz found, each pinned down ----------------------------------------


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("long.toml", "processors = 2\n[tasks.a]\nduration = 1" + "0" * 5000 + "\n"),
        ("long.json", '{"processors": 2, "tasks": {"a": {"duration": 1' + "0" * 5000 + "}}}"),
    ],
)
def test_a_schedule_number_past_pythons_digit_limit_is_refused(
    refused: Refused, tmp_path: Path, name: str, content: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    refused("schedule", "solve", str(path), says="a number has more than 4,300 digits")


def test_a_landmarks_file_whose_seed_is_not_a_whole_number(
    refused: Refused, tmp_path: Path
) -> None:
    """Found by the fuzz: an infinite seed was an OverflowError traceback."""
    import numpy as np

    (tmp_path / "g.gr").write_bytes(GR)
    (tmp_path / "g.co").write_bytes(CO)
    tables = tmp_path / "l.npz"
    tables.write_bytes(_landmarks())
    with np.load(tables) as loaded:
        arrays = {name: loaded[name] for name in loaded.files}
    arrays["seed"] = np.array(float("inf"))
    np.savez(tables, **arrays)
    graph = f"{tmp_path / 'g.gr'}:1"
    asked = ["--heuristic", "landmarks", "--landmarks-file", str(tables)]
    refused("route", "solve", graph, "--goal", "5", *asked, says="is not a landmarks file")
