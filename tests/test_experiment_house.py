"""What every experiment shares instead of writing it again: its summary and help read
from its module's docstring, and its chart finished and titled the house way."""

from __future__ import annotations

import sys
import types

import pytest

from searchlab.core.declared import docstring_texts
from searchlab.experiments.base import Experiment
from searchlab.experiments.plotting import figure, finish, titled
from searchlab.experiments.registry import experiments
from searchlab.experiments.report import Report, filled


def test_a_docstring_gives_the_summary_and_the_help_one_paragraph_a_line() -> None:
    doc = """first line, the summary

    The help's first paragraph,
    wrapped in the source.

    Its second.
    """
    assert docstring_texts(doc) == {
        "summary": "first line, the summary",
        "help": "The help's first paragraph, wrapped in the source.\n\nIts second.",
    }
    assert docstring_texts("only a summary\n") == {"summary": "only a summary"}
    assert docstring_texts(None) == {}


def test_a_module_without_a_docstring_must_say_its_texts() -> None:
    module = types.ModuleType("no_docstring_experiment")
    for name in ("check", "specs", "trial", "summarize"):
        setattr(module, name, lambda *_: None)
    module.NAME = "bare"  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    try:
        with pytest.raises(TypeError, match="summary"):
            Experiment.of_module(module.__name__, title="t", examples=(), domain=None, options=())
        given = Experiment.of_module(
            module.__name__,
            title="t",
            summary="said here",
            help="and here",
            examples=(),
            domain=None,
            options=(),
        )
        assert (given.summary, given.help) == ("said here", "and here")
    finally:
        del sys.modules[module.__name__]


@pytest.mark.parametrize("experiment", experiments(), ids=lambda e: e.name)
def test_every_experiment_has_a_summary_and_a_help_of_its_own(experiment: Experiment) -> None:
    assert experiment.summary and "\n" not in experiment.summary
    assert experiment.help and experiment.help != experiment.summary


def test_a_chart_of_one_axes_is_titled_over_it_and_of_several_above_them() -> None:
    report = Report("x", {"trials": 20})
    one, axes = figure(4.0, 3.0)
    assert titled(one, "{trials} starts", report) is one
    assert axes.get_title() == "20 starts" and one.get_suptitle() == ""
    two, (left, right) = figure(6.0, 3.0, 2)
    titled(two, "{trials} starts, {missing}", report)
    assert two.get_suptitle() == "{trials} starts, {missing}"  # as it is: it cannot be filled
    assert left.get_title() == right.get_title() == ""
    assert filled("{trials} starts", report.parameters) == "20 starts"


def test_finish_sets_the_properties_grid_and_legend() -> None:
    _chart, axes = figure(4.0, 3.0)
    axes.plot([1, 10, 100], [1, 2, 3], label="a line")
    finish(axes, xscale="log", xlabel="n", ylim=(0, None), grid="y", legend={"fontsize": 7})
    assert (axes.get_xscale(), axes.get_xlabel(), axes.get_ylim()[0]) == ("log", "n", 0)
    assert all(line.get_visible() for line in axes.yaxis.get_gridlines())
    assert not any(line.get_visible() for line in axes.xaxis.get_gridlines())
    legend = axes.get_legend()
    assert legend is not None and legend.get_texts()[0].get_fontsize() == 7
    _chart, bare = figure(4.0, 3.0)
    finish(bare, title="no grid, no legend")
    assert bare.get_legend() is None and bare.get_title() == "no grid, no legend"
