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
from searchlab.algorithms import registry
from searchlab.core.docstrings import LIMITS, PLACEHOLDER, PROBLEM, search_doc

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


def test_the_sections_replace_the_placeholder_at_its_indentation() -> None:
    @search_doc("h: the heuristic.", raises=())
    def search() -> None:
        """Search.

        {sections}

        Examples:
            >>> 1
            1
        """

    doc = inspect.getdoc(search)
    assert doc is not None
    lines = doc.splitlines()
    assert lines[2:6] == ["Args:", "    " + PROBLEM, "    h: the heuristic.", "    " + LIMITS]
    assert "Raises:" not in lines  # none asked for
    assert lines[-3:] == ["Examples:", "    >>> 1", "    1"]


def test_a_docstring_without_the_placeholder_is_refused() -> None:
    def search() -> None:
        """Search, documented by hand."""

    with pytest.raises(ValueError, match=r"no \{sections\} line"):
        search_doc()(search)


def test_every_registered_search_documents_its_parameters() -> None:
    """Each parameter of a registered search function (one taking a problem: not a
    wrapper around a domain's own loop) is named in its Args section."""
    for name, algorithm in registry.ALGORITHMS.items():
        function = inspect.unwrap(algorithm.function)
        doc = inspect.getdoc(function) or ""
        assert PLACEHOLDER not in doc, name
        parameters = inspect.signature(function).parameters
        if "problem" not in parameters:
            continue
        for parameter in parameters:
            assert f"{parameter}:" in doc, (name, parameter)
