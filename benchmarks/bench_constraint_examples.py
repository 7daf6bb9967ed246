"""python-constraint's own examples, each written once and run by both libraries:
searchlab (``searchlab.compat.constraint.Problem``, its default strategy) and
python-constraint2 (its default solver), side by side in this process.

Each example below is python-constraint's program from its ``examples/`` folder,
re-typed as a function of the library module ``lib`` (``constraint`` or
``searchlab.compat.constraint``): the same variables, domains and constraints, in the
same formulation (predicates stay predicates). Timed: the first solution
(``getSolution``) and every solution (``getSolutions``, counted), CPU time, medians;
the two libraries' solution sets are compared, so every row is also a check. The
crosswords example needs a word list the project does not ship, and is left out.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from benchmarks.harness import Section, interleaved, ratio, seconds, verdict


def abc(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariables("abc", range(1, 10))
    return problem


def coins(lib: ModuleType) -> Any:
    problem = lib.Problem()
    total = 5.00
    names = ("0.01", "0.05", "0.10", "0.50", "1.00")
    worth = [float(name) for name in names]
    for name, value in zip(names, worth, strict=True):
        problem.addVariable(name, range(int(total / value)))
    problem.addConstraint(lib.ExactSumConstraint(total, worth), names)
    problem.addConstraint(lib.ExactSumConstraint(100))
    return problem


def einstein(lib: ModuleType) -> Any:
    problem = lib.Problem()
    kinds = {
        "color": ["red", "white", "green", "yellow", "blue"],
        "nationality": ["brit", "swede", "dane", "norwegian", "german"],
        "drink": ["tea", "coffee", "milk", "beer", "water"],
        "smoke": ["pallmall", "dunhill", "blends", "bluemaster", "prince"],
        "pet": ["dogs", "birds", "cats", "horses", "fish"],
    }
    for i in range(1, 6):
        for kind, values in kinds.items():
            problem.addVariable(f"{kind}{i}", values)
    for kind in kinds:
        problem.addConstraint(lib.AllDifferentConstraint(), [f"{kind}{i}" for i in range(1, 6)])

    def implies(a: str, b: str) -> Callable[[str, str], bool]:
        return lambda x, y: x != a or y == b

    def beside(a: str, b: str) -> Callable[..., bool]:
        return lambda x, *around: x != a or b in around

    for i in range(1, 6):
        for (first, a), (second, b) in (
            (("nationality", "brit"), ("color", "red")),
            (("nationality", "swede"), ("pet", "dogs")),
            (("nationality", "dane"), ("drink", "tea")),
            (("color", "green"), ("drink", "coffee")),
            (("smoke", "pallmall"), ("pet", "birds")),
            (("color", "yellow"), ("smoke", "dunhill")),
            (("smoke", "bluemaster"), ("drink", "beer")),
            (("nationality", "german"), ("smoke", "prince")),
        ):
            problem.addConstraint(implies(a, b), (f"{first}{i}", f"{second}{i}"))
        if i < 5:
            problem.addConstraint(implies("green", "white"), (f"color{i}", f"color{i + 1}"))
        else:
            problem.addConstraint(lambda color: color != "green", (f"color{i}",))
        if i == 3:
            problem.addConstraint(lambda drink: drink == "milk", (f"drink{i}",))
        if i == 1:
            problem.addConstraint(lambda n: n == "norwegian", (f"nationality{i}",))
        sides = [j for j in (i - 1, i + 1) if 1 <= j <= 5]
        for (first, a), (second, b) in (
            (("smoke", "blends"), ("pet", "cats")),
            (("pet", "horses"), ("smoke", "dunhill")),
            (("nationality", "norwegian"), ("color", "blue")),
            (("smoke", "blends"), ("drink", "water")),
        ):
            scope = (f"{first}{i}", *(f"{second}{j}" for j in sides))
            problem.addConstraint(beside(a, b), scope)
    return problem


def _columns(lib: ModuleType, test: Callable[[int, int, int, int], bool]) -> Any:
    """A board of 8 columns, each a row number, ``test`` between every two columns."""
    problem = lib.Problem()
    size = 8
    problem.addVariables(range(size), range(size))
    for c1 in range(size):
        for c2 in range(c1 + 1, size):
            problem.addConstraint(lambda r1, r2, c1=c1, c2=c2: test(r1, r2, c1, c2), (c1, c2))
    return problem


def queens(lib: ModuleType) -> Any:
    return _columns(lib, lambda r1, r2, c1, c2: abs(r1 - r2) != abs(c1 - c2) and r1 != r2)


def rooks(lib: ModuleType) -> Any:
    return _columns(lib, lambda r1, r2, c1, c2: r1 != r2)


DESKS = [
    [0, 1, 0, 0, 0, 0],
    [0, 2, 3, 4, 5, 6],
    [0, 7, 8, 9, 10, 0],
    [0, 11, 12, 13, 14, 0],
    [15, 16, 17, 18, 19, 0],
    [0, 0, 0, 0, 20, 0],
]


def studentdesks(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariables(range(1, 21), ["A", "B", "C", "D", "E"])
    for group in "ABCDE":
        problem.addConstraint(lib.SomeInSetConstraint([group], 4, True))
    for row in range(len(DESKS) - 1):
        for col in range(len(DESKS[row]) - 1):
            square = [
                DESKS[row][col],
                DESKS[row][col + 1],
                DESKS[row + 1][col],
                DESKS[row + 1][col + 1],
            ]
            problem.addConstraint(lib.AllDifferentConstraint(), [d for d in square if d])
    return problem


GIVEN = [
    [0, 9, 0, 7, 0, 0, 8, 6, 0],
    [0, 3, 1, 0, 0, 5, 0, 2, 0],
    [8, 0, 6, 0, 0, 0, 0, 0, 0],
    [0, 0, 7, 0, 5, 0, 0, 0, 6],
    [0, 0, 0, 3, 0, 7, 0, 0, 0],
    [5, 0, 0, 0, 1, 0, 7, 0, 0],
    [0, 0, 0, 0, 0, 0, 1, 0, 9],
    [0, 2, 0, 6, 0, 0, 0, 5, 0],
    [0, 5, 4, 0, 0, 8, 0, 7, 0],
]


def sudoku(lib: ModuleType) -> Any:
    problem = lib.Problem()
    for i in range(1, 10):
        problem.addVariables(range(i * 10 + 1, i * 10 + 10), range(1, 10))
    for i in range(1, 10):
        problem.addConstraint(lib.AllDifferentConstraint(), range(i * 10 + 1, i * 10 + 10))
        problem.addConstraint(lib.AllDifferentConstraint(), range(10 + i, 100 + i, 10))
    for top in (1, 4, 7):
        for left in (1, 4, 7):
            box = [(top + r) * 10 + left + c for r in range(3) for c in range(3)]
            problem.addConstraint(lib.AllDifferentConstraint(), box)
    for i in range(1, 10):
        for j in range(1, 10):
            if GIVEN[i - 1][j - 1]:
                problem.addConstraint(
                    lambda var, val=GIVEN[i - 1][j - 1]: var == val, (i * 10 + j,)
                )
    return problem


def send_more_money(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariables("sendmory", range(10))
    problem.addConstraint(lambda d, e, y: (d + e) % 10 == y, "dey")
    problem.addConstraint(
        lambda n, d, r, e, y: (n * 10 + d + r * 10 + e) % 100 == e * 10 + y, "ndrey"
    )
    problem.addConstraint(
        lambda e, n, d, o, r, y: (
            (e * 100 + n * 10 + d + o * 100 + r * 10 + e) % 1000 == n * 100 + e * 10 + y
        ),
        "endory",
    )
    problem.addConstraint(
        lambda s, e, n, d, m, o, r, y: (
            1000 * s + 100 * e + 10 * n + d + 1000 * m + 100 * o + 10 * r + e
            == 10000 * m + 1000 * o + 100 * n + 10 * e + y
        ),
        "sendmory",
    )
    problem.addConstraint(lib.NotInSetConstraint([0]), "sm")
    problem.addConstraint(lib.AllDifferentConstraint())
    return problem


def _letters(lib: ModuleType, letters: str, tests: list[tuple[Any, str]]) -> Any:
    """A word sum: one digit per letter, its column tests in order, then all different."""
    problem = lib.Problem()
    problem.addVariables(letters, range(10))
    for test, scope in tests:
        problem.addConstraint(test, scope)
    problem.addConstraint(lib.AllDifferentConstraint())
    return problem


def seis_seis_doze(lib: ModuleType) -> Any:
    return _letters(lib, "seidoz", [
        (lambda s, e: (2 * s) % 10 == e, "se"),
        (lambda i, s, z, e: (20 * i + 2 * s) % 100 == z * 10 + e, "isze"),
        (lambda s, e, i, d, o, z: 2 * (s * 1000 + e * 100 + i * 10 + s)
         == d * 1000 + o * 100 + z * 10 + e, "seidoz"),
        (lambda s: s != 0, "s"),
        (lambda d: d != 0, "d"),
    ])  # fmt: skip


def two_two_four(lib: ModuleType) -> Any:
    return _letters(lib, "twofur", [
        (lambda o, r: (2 * o) % 10 == r, "or"),
        (lambda w, o, u, r: (20 * w + 2 * o) % 100 == u * 10 + r, "wour"),
        (lambda t, w, o, f, u, r: 2 * (t * 100 + w * 10 + o)
         == f * 1000 + o * 100 + u * 10 + r, "twofur"),
        (lib.NotInSetConstraint([0]), "ft"),
    ])  # fmt: skip


def xsum(lib: ModuleType) -> Any:
    problem = lib.Problem()
    problem.addVariables("abcdxefgh", range(1, 10))
    problem.addConstraint(lambda a, b, c, d, x: a < b < c < d and a + b + c + d + x == 27, "abcdx")
    problem.addConstraint(lambda e, f, g, h, x: e < f < g < h and e + f + g + h + x == 27, "efghx")
    problem.addConstraint(lib.AllDifferentConstraint())
    return problem


EXAMPLES: dict[str, Callable[[ModuleType], Any]] = {
    "abc": abc,
    "coins": coins,
    "einstein": einstein,
    "queens (8)": queens,
    "rooks (8)": rooks,
    "studentdesks": studentdesks,
    "sudoku": sudoku,
    "wordmath: SEND+MORE": send_more_money,
    "wordmath: SEIS+SEIS": seis_seis_doze,
    "wordmath: TWO+TWO": two_two_four,
    "xsum": xsum,
}


COUNT_CAP = 20_000
"""The full count stops here (studentdesks has millions of solutions, rooks 40,320):
such a row times the first ``COUNT_CAP`` solutions, and says so."""


def canonical(solutions: list[dict[Any, Any]]) -> set[tuple[tuple[str, str], ...]]:
    """A solution set comparable across libraries (variables and values as text)."""
    return {tuple(sorted((repr(k), repr(v)) for k, v in s.items())) for s in solutions}


def first(build: Callable[[ModuleType], Any], lib: ModuleType) -> Callable[[], Any]:
    return lambda: build(lib).getSolution()


def every(build: Callable[[ModuleType], Any], lib: ModuleType) -> Callable[[], Any]:
    return lambda: list(itertools.islice(build(lib).getSolutionIter(), COUNT_CAP))


def constraint_examples(quick: bool, runs: int) -> Section:
    import searchlab.compat.constraint as ours
    from benchmarks.bench_csp import python_constraint

    peer = python_constraint()
    label = peer[1] if peer else "python-constraint (not installed)"
    section = Section(
        "python-constraint's examples: searchlab's compat Problem against python-constraint",
        [
            "example",
            "solutions",
            "first: searchlab",
            f"first: {label}",
            "its / ours",
            "all: searchlab",
            f"all: {label}",
            "its / ours",
        ],
        notes=[
            "Each of python-constraint's examples (its examples/ folder; crosswords left "
            "out: it needs a word list) written once and run by both: "
            "searchlab.compat.constraint.Problem with its default strategy, and "
            "python-constraint's Problem with its default solver. first: getSolution; "
            f"all: every solution (the first {COUNT_CAP:,} where there are more, marked "
            "≥), model building included. The two solution sets are compared on every "
            "row. CPU time of this process, medians, interleaved. A ratio above 1× "
            "means searchlab is faster.",
        ],
    )
    slower: list[str] = []
    for name, build in EXAMPLES.items():
        jobs: dict[str, Callable[[], Any]] = {
            "ours first": first(build, ours),
            "ours all": every(build, ours),
        }
        if peer:
            jobs["its first"] = first(build, peer[0])
            jobs["its all"] = every(build, peer[0])
        timed = interleaved(jobs, 1 if quick else runs)
        mine = timed["ours all"][1]
        capped = len(mine) >= COUNT_CAP
        cells: list[object] = [name, f"{'≥ ' if capped else ''}{len(mine):,}"]
        if peer:
            theirs = timed["its all"][1]
            if not capped:
                assert canonical(mine) == canonical(theirs), f"{name}: the solution sets differ"
            else:
                assert len(theirs) == len(mine), f"{name}: the counts differ"
            found = timed["ours first"][1]
            assert found is not None and build(ours).csp().is_solution(found), name
            for kind in ("first", "all"):
                a, b = timed[f"ours {kind}"][0], timed[f"its {kind}"][0]
                cells += [seconds(a), seconds(b), ratio(b, a)]
                if a > b:
                    slower.append(f"{name} ({kind})")
        else:
            cells += [
                seconds(timed["ours first"][0]),
                "–",
                "–",
                seconds(timed["ours all"][0]),
                "–",
                "–",
            ]
        section.add(*cells)
    if peer:
        verdict(
            "every python-constraint example at least as fast as python-constraint2, to the "
            "first solution and to a full count, default strategy",
            "slower on: " + ", ".join(slower) if slower else "faster on every row",
            not slower,
        )
    return section
