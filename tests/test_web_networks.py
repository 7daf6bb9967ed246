"""The network tab's server side (web.networks): AC-3 step by step reaches what the
library's own ``ac3`` leaves and keeps every value of every solution (brute force);
the built-in networks have the solutions known of them; backtracking told is the
library's run; the Python export solves to the same solutions; bad input is a 400
naming its field."""

from __future__ import annotations

import itertools
import json
import operator
import random
import runpy
import warnings
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from hypothesis import given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.algorithms.csp import CSP, Strategy, ac3, solve
from searchlab.core.errors import InputError
from searchlab.domains.cryptarithm.puzzle import cryptarithm_csp, parse_cryptarithm
from searchlab.web import create_app
from searchlab.web.fields import FieldError
from searchlab.web.network_builtins import BUILTINS
from searchlab.web.network_spec import NetworkSpec, python_source, read_network, to_csp
from searchlab.web.networks import Reviser, Teller, answer

BUILT = {key: read_network(make()) for key, (_title, make) in BUILTINS.items()}
QUEENS_JSON = BUILTINS["4-queens"][1]()


def brute_force(spec: NetworkSpec) -> list[dict[str, Any]]:
    """Every solution, by trying every combination of values against each constraint's
    own definition written here (not the library's)."""
    found = []
    for values in itertools.product(*spec.domains):
        given = dict(zip(spec.variables, values, strict=True))
        if all(_holds(c, given) for c in spec.constraints):
            found.append(given)
    return found


def _holds(constraint: Any, given: dict[str, Any]) -> bool:
    values = [given[v] for v in constraint.scope]
    if constraint.kind == "alldiff":
        return len(set(values)) == len(values)
    if constraint.kind == "table":
        return tuple(values) in constraint.pairs
    if constraint.kind == "sum":
        total = sum(c * v for c, v in zip(constraint.coefficients, values, strict=True))
        return bool({"==": total == constraint.total, "<=": total <= constraint.total,
                     ">=": total >= constraint.total}[constraint.relation])  # fmt: skip
    a, b = values
    tests = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
             "<=": operator.le, ">=": operator.ge}  # fmt: skip
    if constraint.relation == "absdiff!=":
        return bool(abs(a - b) != constraint.k)
    return bool(tests[constraint.relation](a, b))


def random_network(rng: random.Random) -> dict[str, Any]:
    """A small network of every kind of constraint, numbers 1..4."""
    names = [f"v{i}" for i in range(rng.randint(2, 4))]
    variables = [{"name": n, "domain": rng.sample(range(1, 5), rng.randint(1, 4))} for n in names]
    constraints: list[dict[str, Any]] = []
    for _ in range(rng.randint(1, 5)):
        x, y = rng.sample(names, 2)
        kind = rng.choice(["relation", "relation", "table", "alldiff", "sum"])
        if kind == "relation":
            relation = rng.choice(["==", "!=", "<", ">", "<=", ">=", "absdiff!="])
            constraints.append({"kind": kind, "scope": [x, y], "relation": relation, "k": 1})
        elif kind == "table":
            pairs = [[a, b] for a in range(1, 5) for b in range(1, 5) if rng.random() < 0.4]
            dx = next(v["domain"] for v in variables if v["name"] == x)
            dy = next(v["domain"] for v in variables if v["name"] == y)
            pairs = [p for p in pairs if p[0] in dx and p[1] in dy]
            constraints.append({"kind": kind, "scope": [x, y], "pairs": pairs})
        elif kind == "alldiff":
            constraints.append(
                {"kind": kind, "scope": rng.sample(names, rng.randint(2, len(names)))}
            )
        else:
            scope = rng.sample(names, rng.randint(2, len(names)))
            coefficients = [rng.choice([-2, -1, 1, 2, 3]) for _ in scope]
            relation = rng.choice(["==", "<=", ">="])
            constraints.append({"kind": "sum", "scope": scope, "coefficients": coefficients,
                                "relation": relation, "total": rng.randint(-3, 8)})  # fmt: skip
    return {"name": "random", "variables": variables, "constraints": constraints}


def shares_a_pair(spec: NetworkSpec) -> bool:
    """Whether two constraints tie the same two variables (an all-different ties each
    two of its own): the library revises their conjunction as one relation, the tab
    each arc of the drawing alone, which can leave more values."""
    pairs = [
        frozenset(pair)
        for c in spec.constraints
        if c.kind != "sum"
        for pair in itertools.combinations(c.scope, 2)
    ]
    return len(pairs) != len(set(pairs))


def ac3_to_the_end(spec: NetworkSpec) -> dict[str, Any]:
    return Reviser(spec).ac3(list(spec.domains), spec.arcs(), 10_000)


# -- AC-3 ------------------------------------------------------------------------------
def test_ac3_reaches_the_librarys_domains_and_keeps_every_solutions_values() -> None:
    rng = random.Random(31)
    specs = [read_network(random_network(rng)) for _ in range(60)] + [
        BUILT["australia"],
        BUILT["4-queens"],
        BUILT["crossword"],
    ]
    compared = wiped = 0
    for spec in specs:
        mine = ac3_to_the_end(spec)
        library = ac3(to_csp(spec))
        assert mine["done"]
        wiped += mine["wiped"] is not None
        expected = {str(v): list(d) for v, d in library.domains.items()}
        if not shares_a_pair(spec):
            compared += 1
            assert (mine["wiped"] is None) == library.consistent, spec
            if library.consistent:
                assert mine["domains"] == expected, spec
        elif mine["wiped"] is None and library.consistent:  # the library's may be smaller
            assert all(set(expected[v]) <= set(d) for v, d in mine["domains"].items())
        solutions = brute_force(spec)
        if mine["wiped"] is not None:
            assert solutions == []
        for solution in solutions:  # arc consistency never removes a value of a solution
            for var, value in solution.items():
                assert value in mine["domains"][var]
    assert compared > len(specs) // 3
    assert 0 < wiped < len(specs)  # both outcomes were tried


def test_ac3_on_send_more_money_reaches_the_librarys_domains() -> None:
    spec = BUILT["send-more-money"]
    library = ac3(cryptarithm_csp(parse_cryptarithm("SEND+MORE=MONEY")))
    mine = ac3_to_the_end(spec)
    assert mine["domains"] == {str(v): list(d) for v, d in library.domains.items()}
    assert mine["domains"]["M"] == [1]  # the carry into the fifth column is 1


def test_revising_one_arc_says_which_values_go_and_why() -> None:
    spec = read_network({
        "variables": [{"name": "x", "domain": [1, 2, 3]}, {"name": "y", "domain": [1, 2, 3]}],
        "constraints": [{"kind": "relation", "scope": ["x", "y"], "relation": "<"}],
    })  # fmt: skip
    reviser = Reviser(spec)
    first = reviser.ac3(list(spec.domains), [("x", 0)], 1)
    (step,) = first["steps"]
    assert [item["value"] for item in step["removed"]] == [3]
    assert "no value of y in {1, 2, 3}" in step["removed"][0]["why"]
    assert step["domain"] == [1, 2] and first["queue"] == []  # x has no other constraint
    second = reviser.ac3([(1, 2), (1, 2, 3)], [("y", 0)], 1)
    assert [item["value"] for item in second["steps"][0]["removed"]] == [1]


def test_a_revision_puts_the_arcs_into_its_variable_back_in_the_queue() -> None:
    spec = read_network({
        "variables": [{"name": n, "domain": [1, 2, 3]} for n in "xyz"],
        "constraints": [{"kind": "relation", "scope": ["x", "y"], "relation": "<"},
                        {"kind": "relation", "scope": ["y", "z"], "relation": "<"}],
    })  # fmt: skip
    out = Reviser(spec).ac3(list(spec.domains), [("y", 0)], 1)
    assert out["steps"][0]["added"] == [["z", 1]]  # y lost 1: z's arc is checked again
    assert out["queue"] == [["z", 1]]


def test_an_all_different_removes_a_value_another_variable_is_forced_to() -> None:
    spec = read_network({
        "variables": [{"name": "a", "domain": [1]}, {"name": "b", "domain": [1, 2]}],
        "constraints": [{"kind": "alldiff", "scope": ["a", "b"]}],
    })  # fmt: skip
    step = Reviser(spec).ac3(list(spec.domains), [("b", 0)], 1)["steps"][0]
    assert step["removed"] == [{"value": 1, "why": "a can only be 1"}]


# -- the built-ins ---------------------------------------------------------------------
def test_the_built_in_networks_have_the_solutions_known_of_them() -> None:
    counts = {
        key: len(brute_force(spec)) for key, spec in BUILT.items() if key != "send-more-money"
    }
    assert counts["australia"] == 18  # 3 · 2 · 1 for WA, NT, SA, then Q, NSW, V forced, T free
    assert counts["4-queens"] == 2
    assert counts["crossword"] >= 1
    csp = to_csp(BUILT["send-more-money"])
    found = solve(csp)
    assert found is not None
    digits = {k: v for k, v in found.items() if not str(k).startswith("c")}
    assert "".join(str(digits[c]) for c in "SEND") == "9567"  # 9567 + 1085 = 10652
    assert "".join(str(digits[c]) for c in "MONEY") == "10652"


# -- backtracking told -----------------------------------------------------------------
@pytest.mark.parametrize("inference", ["none", "fc", "mac"])
def test_backtracking_told_ends_at_the_librarys_first_solution(inference: str) -> None:
    spec = BUILT["4-queens"]
    strategy = Strategy(variable_order="mrv", value_order="lcv", inference=inference)
    told = Teller(spec, list(spec.domains), strategy).tell(3_000)
    assert told["solution"] == solve(to_csp(spec), strategy)
    assert told["steps"][-1]["kind"] == "solution"
    failed = {"none": "conflict", "fc": "wipeout", "mac": "wipeout"}[inference]
    assert any(step["kind"] == failed for step in told["steps"])  # Q1 = 1 fails in each
    first = told["steps"][0]
    assert first["kind"] == "assign" and "MRV chose" in first["why"] and "LCV tries" in first["why"]
    if inference != "none":  # MRV's counts are the domains' sizes at the choice
        assert first["counts"] == {f"Q{i}": 4 for i in range(1, 5)}
        assert any(step["kind"] == "wipeout" for step in told["steps"])


def test_a_wipeout_names_the_variable_and_the_constraint_that_emptied_it() -> None:
    triangle = read_network({
        "variables": [{"name": n, "domain": ["r", "g"]} for n in "ABC"],
        "constraints": [{"kind": "relation", "scope": list(p), "relation": "!="}
                        for p in ("AB", "BC", "AC")],
    })  # fmt: skip
    told = Teller(triangle, list(triangle.domains), Strategy("static", "static", "fc")).tell(3_000)
    assert told["solution"] is None and not told["cut"]
    wipeout = next(step for step in told["steps"] if step["kind"] == "wipeout")
    assert wipeout["variable"] == "C" and wipeout["by"] == "B" and "B ≠ C" in wipeout["text"]
    domains: dict[str, Any] = {}  # as the page makes each step's domains whole
    for step in told["steps"][: told["steps"].index(wipeout) + 1]:
        domains |= step["domains"]
    assert domains["C"] == []
    prune = next(step for step in told["steps"] if step["kind"] == "prune")
    assert prune["variable"] in "BC" and prune["by"] == "A"


# -- Python ----------------------------------------------------------------------------
def test_the_python_export_solves_to_the_same_solutions(tmp_path: Path) -> None:
    rng = random.Random(7)
    specs = [*BUILT.values(), *(read_network(random_network(rng)) for _ in range(12))]
    for number, spec in enumerate(specs):
        path = tmp_path / f"net{number}.py"
        path.write_text(python_source(spec))
        made = runpy.run_path(str(path))["problem"]()
        assert isinstance(made, CSP)
        if spec.name == "SEND+MORE=MONEY":
            assert solve(made) == solve(to_csp(spec))
            continue
        expected = brute_force(spec)
        got = [r.final_state.assignment() for r in _every(made)]
        key = lambda s: json.dumps(s, sort_keys=True)  # noqa: E731
        assert sorted(map(key, got)) == sorted(map(key, expected)), spec


def _every(csp: CSP) -> list[Any]:
    from searchlab.algorithms.csp import backtracking

    return list(backtracking(csp))


def test_searchlab_run_reads_the_python_export(tmp_path: Path, run_cli: RunCli) -> None:
    path = tmp_path / "queens.py"
    path.write_text(python_source(BUILT["4-queens"]))
    done = run_cli("run", str(path), "--json")
    assert done.code == 0, done.stderr
    solution = json.loads(done.stdout)["solution"]
    assert solution in [{"Q1": 2, "Q2": 4, "Q3": 1, "Q4": 3}, {"Q1": 3, "Q2": 1, "Q3": 4, "Q4": 2}]


# -- the API ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def test_the_api_answers_each_action(client: Any) -> None:
    builtins = client.post("/api/network/builtins", json={}).json()["builtins"]
    assert [b["key"] for b in builtins] == list(BUILTINS)
    network = builtins[0]["network"]
    checked = client.post("/api/network/check", json={"network": network}).json()
    assert len(checked["arcs"]) == 2 * len(network["constraints"])
    stepped = client.post("/api/network/ac3", json={"network": network, "steps": 1}).json()
    assert len(stepped["steps"]) == 1 and len(stepped["queue"]) == len(checked["arcs"]) - 1
    solved = client.post("/api/network/solve", json={"network": network}).json()
    assert solved["solution"] is not None and solved["strategy"] == "FC+MRV"
    assert (
        "def problem()"
        in client.post("/api/network/python", json={"network": network}).json()["python"]
    )


def net(*domains: Any, constraint: Any = None) -> dict[str, Any]:
    """A request body: variables x, y, … with these domains, and one constraint."""
    variables = [{"name": "xyzw"[i], "domain": d} for i, d in enumerate(domains)]
    return {"network": {"variables": variables, "constraints": [constraint] if constraint else []}}


FIRST = "network.variables[0].domain"
CONSTRAINT = "network.constraints[0]"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"network": []}, "network"),
        (net(), "network.variables"),
        (net([]), FIRST),
        (net([True]), FIRST),
        (net([1.5]), FIRST),
        (net(list(range(41))), FIRST),
        (net([1], constraint={"kind": "relation", "scope": ["x", "z"], "relation": "<"}),
         f"{CONSTRAINT}.scope"),
        (net([1], [2], constraint={"kind": "relation", "scope": ["x", "x"], "relation": "<"}),
         f"{CONSTRAINT}.scope"),
        (net(["a"], [1], constraint={"kind": "relation", "scope": ["x", "y"], "relation": "<"}),
         f"{CONSTRAINT}.relation"),
        (net([1], [1], constraint={"kind": "relation", "scope": ["x", "y"], "relation": "~"}),
         f"{CONSTRAINT}.relation"),
        (net([1], [1], constraint={"kind": "table", "scope": ["x", "y"], "pairs": [[1, 2]]}),
         f"{CONSTRAINT}.pairs"),
        (net([1], [1], constraint={"kind": "sum", "scope": ["x", "y"], "coefficients": [1]}),
         f"{CONSTRAINT}.coefficients"),
        (net([1], [1], constraint={"kind": "magic", "scope": ["x", "y"]}), f"{CONSTRAINT}.kind"),
    ],
)  # fmt: skip
def test_a_bad_network_is_a_400_naming_its_field(client: Any, body: Any, field: str) -> None:
    reply = client.post("/api/network/check", json=body)
    assert reply.status_code == 400
    assert reply.json()["field"] == field and reply.json()["error"]


def test_bad_steps_domains_and_actions_are_400s(client: Any) -> None:
    network = answer("builtins", {})["builtins"][0]["network"]
    cases = [
        ("ac3", {"network": network, "domains": {"WA": ["pink"]}}, "domains"),
        ("ac3", {"network": network, "domains": {"XX": []}}, "domains"),
        ("ac3", {"network": network, "queue": [["WA", 99]]}, "queue"),
        ("ac3", {"network": network, "steps": 0}, "steps"),
        ("solve", {"network": network, "domains": {"WA": []}}, "domains"),
        ("solve", {"network": network, "inference": "magic"}, "inference"),
        ("nothing", {}, "action"),
    ]
    for action, body, field in cases:
        reply = client.post(f"/api/network/{action}", json=body)
        assert reply.status_code == 400, (action, body)
        assert reply.json()["field"] == field, reply.json()


def test_a_name_cannot_break_out_of_the_python_export(tmp_path: Path) -> None:
    """A network imported from someone else: its name lands in the exported file's
    docstring, its variables and values in code; none of them can run code."""
    hostile = '"""; import os; x = """'
    spec = read_network(
        {
            "name": hostile + "\\",
            "variables": [{"name": "a'b\"", "domain": ["'); print('x", 1]}],
        }
    )
    path = tmp_path / "hostile.py"
    path.write_text(python_source(spec))
    made = runpy.run_path(str(path))["problem"]()
    assert made.variables == ("a'b\"",) and made.domains == (("'); print('x", 1),)
    assert "import os" not in runpy.run_path(str(path))  # nothing ran but the file itself
    with pytest.raises(FieldError, match="control character"):
        read_network({"name": "two\nlines", "variables": [{"name": "x", "domain": [1]}]})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
FIELDS = ["network", "domains", "queue", "steps", "events", "inference", "variable_order", "python"]


@settings(max_examples=60, deadline=None)
@given(
    action=st.sampled_from(["check", "ac3", "solve", "python", "import", "other"]),
    body=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4),
    keep=st.booleans(),
)
def test_no_body_makes_a_network_action_fail(action: str, body: Any, keep: bool) -> None:
    """Anything at all, or the 4-queens network with other fields at random: an answer
    or a refusal naming its field, never another exception."""
    if keep:
        body["network"] = QUEENS_JSON
    try:
        answer(action, body)
    except FieldError as refused:
        assert str(refused) and refused.field
    except InputError as refused:  # a Strategy's own refusal names its field too
        assert str(refused) and refused.field in FIELDS


def test_mrv_ties_are_explained_by_order_or_by_degree() -> None:
    """Australia's regions all start with three colours: MRV alone takes the first
    (WA); with the degree heuristic, SA, which borders five regions."""
    spec = BUILT["australia"]
    first = Teller(spec, list(spec.domains), Strategy("mrv", "static", "fc")).tell(2)
    assert first["steps"][0]["variable"] == "WA"
    assert "tie: the first in the network's order" in first["steps"][0]["why"]
    degree = Teller(spec, list(spec.domains), Strategy("mrv-degree", "static", "fc")).tell(2)
    assert degree["steps"][0]["variable"] == "SA"
    assert "SA 5" in degree["steps"][0]["why"] and "T 0" in degree["steps"][0]["why"]


def test_each_step_of_a_run_sends_only_the_domains_that_changed() -> None:
    spec = BUILT["4-queens"]
    told = Teller(spec, list(spec.domains), Strategy("static", "static", "fc")).tell(3_000)
    first, second = told["steps"][:2]
    assert first["domains"]["Q1"] == [1] and len(first["domains"]) == 4  # Q1 = 1: all sent
    assert second["kind"] == "prune" and set(second["domains"]) == {second["variable"]}


def test_an_exported_python_file_is_read_back_without_running_it() -> None:
    rng = random.Random(11)
    specs = [*BUILT.values(), *(read_network(random_network(rng)) for _ in range(12))]
    for spec in specs:
        back = answer("import", {"python": python_source(spec)})["network"]
        again = read_network(back)
        assert again.variables == spec.variables and again.domains == spec.domains
        assert [c.to_json() for c in again.constraints] == [
            {k: v for k, v in c.to_json().items() if k not in ("x", "y")} for c in spec.constraints
        ]  # the same constraints, labels included; only the drawing's places are lost


@pytest.mark.parametrize(
    "source",
    [
        "import os\nos.system('echo hi')",
        "def problem():\n    domains = {'x': [1]}\n    constraints = [print('x')]\n"
        "    return CSP(domains, constraints)",
        "def problem():\n    domains = {'x': __import__('os').getcwd()}\n    constraints = []\n"
        "    return CSP(domains, constraints)",
        "def problem():\n    domains = {'x': 5}\n"
        "    constraints = [NotEqual('x', 'x', plus='ab')]\n    return CSP(domains, constraints)",
        "def problem(:",
        "",
    ],
)
def test_a_python_file_the_tab_did_not_write_is_refused(source: str) -> None:
    with pytest.raises(FieldError) as refused:
        answer("import", {"python": source})
    assert refused.value.field is not None and refused.value.field.startswith("python")
