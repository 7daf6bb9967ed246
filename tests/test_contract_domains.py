"""The contract kit (searchlab.testing) over every registered domain, the toy plug-in of
tests/plugins.py, and the domains a user's own problem becomes (examples/, in Python
and in Prolog): each promise a descriptor makes to the front ends holds on small
starts (docs/architecture.md's Hanoi is checked by test_contract_docs.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from plugins import TOY
from prolog_support import JUGS, SCHEDULE, require_swipl

from searchlab.domains.base import Domain
from searchlab.domains.registry import domains, load_errors
from searchlab.domains.user import problem_domain
from searchlab.testing import check_domain

REGISTERED = [domain.name for domain in domains()]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_every_domain_of_searchlab_is_registered_and_loads() -> None:
    assert load_errors() == []
    own = {"queens", "puzzle", "schedule", "sudoku", "map-colouring", "cryptarithm"}
    assert own | {"queens-csp", "route"} <= set(REGISTERED)


@pytest.mark.parametrize("name", REGISTERED)
def test_a_registered_domain_keeps_every_promise(name: str) -> None:
    domain = next(domain for domain in domains() if domain.name == name)
    report = check_domain(domain).raise_if_broken()
    # the kit checked, not skipped, what every registered domain offers
    assert not any(why.startswith(("command line", "viewer")) for why in report.skipped)
    if domain.has_random:
        assert not any(why.startswith("random") for why in report.skipped), report.skipped
    if len(domain.heuristics) and name != "queens-csp":
        assert not any(why.startswith("heuristics") for why in report.skipped), report.skipped


def _toy(folder: Path) -> Domain[Any, Any]:
    (folder / "toy_contract.py").write_text(TOY)
    spec = importlib.util.spec_from_file_location("toy_contract", folder / "toy_contract.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    toy: Domain[Any, Any] = module.TOY
    return toy


def test_the_toy_plugin_keeps_every_promise(tmp_path: Path) -> None:
    report = check_domain(_toy(tmp_path)).raise_if_broken()
    assert "heuristics" in report.checked and not any("heuristics" in w for w in report.skipped)


def _module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"contract_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("example", ["hanoi", "water_jugs", "missionaries", "romania"])
def test_a_users_python_problem_keeps_every_promise(example: str) -> None:
    """The kit on the domain `searchlab run examples/X.py` makes (before the fix, a
    start was written back by format_state, which no parser reads: "A[3 2 1]  B[]")."""
    problem = _module(EXAMPLES / f"{example}.py").problem()
    check_domain(problem_domain(problem, example.replace("_", "-"))).raise_if_broken()


@pytest.mark.parametrize("path", [JUGS, SCHEDULE], ids=lambda path: path.stem)
def test_a_users_prolog_problem_keeps_every_promise(path: Path) -> None:
    require_swipl()
    from searchlab.domains.prolog.domain import load_prolog

    check_domain(load_prolog(path)).raise_if_broken()


def test_queens_random_refuses_a_size_with_no_solution(run_cli: Any) -> None:
    """No board of 2 or 3 queens is a solution: such a random start could never be
    solved, against the promise of `random` (found by the kit)."""
    for n in ("2", "3"):
        refused = run_cli("queens", "random", "--size", n, "--seed", "1")
        assert refused.code == 2
        assert f"no solution exists for n = {n}" in refused.stderr
    assert run_cli("queens", "random", "--size", "4", "--seed", "1").code == 0
