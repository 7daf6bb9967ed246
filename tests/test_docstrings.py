"""Every public function (what ``searchlab`` and ``searchlab.notebook`` export) says its
parameters, what it returns, what it raises, and shows an example; the examples run
here as doctests, so the documentation cannot drift from the code."""

from __future__ import annotations

import doctest
import inspect
from collections.abc import Callable
from typing import Any

import pytest

import searchlab
import searchlab.notebook

PUBLIC: list[tuple[str, Callable[..., Any]]] = [
    (f"{module.__name__}.{name}", getattr(module, name))
    for module in (searchlab, searchlab.notebook)
    for name in module.__all__
    if inspect.isfunction(getattr(module, name))
]


def test_the_public_functions_are_found() -> None:
    names = {name.rsplit(".", 1)[1] for name, _ in PUBLIC}
    assert {"astar", "depth_first", "hill_climbing", "show", "search", "experiment"} <= names


@pytest.mark.parametrize(("name", "function"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_a_public_function_documents_itself_and_its_example_runs(
    name: str, function: Callable[..., Any]
) -> None:
    doc = inspect.getdoc(function) or ""
    parameters = [p for p in inspect.signature(function).parameters if p not in ("self",)]
    if parameters:
        assert "Args:" in doc, f"{name} does not say its parameters"
        for parameter in parameters:
            assert parameter in doc.split("Returns:")[0], f"{name} does not say {parameter}"
    assert "Returns:" in doc, f"{name} does not say what it returns"
    assert "Examples:" in doc and ">>>" in doc, f"{name} has no example"
    globs = {name.rsplit(".", 1)[1]: function}
    tests = doctest.DocTestFinder(recurse=False).find(function, name, globs=globs)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    outcome = runner.summarize(verbose=False)
    assert outcome.attempted > 0 and outcome.failed == 0, f"{name}'s example fails"
