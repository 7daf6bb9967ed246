"""One request builder (``Domain.request_from``): the command line's ``solve``, the
viewer's search and ``experiment compare`` build the same request from the same fields,
and refuse the same bad field under the same name, each in its own way (a one-line
message and exit 2, HTTP 400 ``{"error", "field"}``, the experiment's refusal)."""

from __future__ import annotations

import dataclasses
import doctest
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import assert_refused, invoke

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import searchlab.core.fields
import searchlab.domains.request_fields
from searchlab.cli import domains as cli_domains
from searchlab.cli.main import phrase as cli_phrase
from searchlab.core.errors import InputError
from searchlab.core.options import MAX_SEED
from searchlab.core.seeds import trial_seed
from searchlab.domains.base import Domain, SearchRequest
from searchlab.domains.registry import get_domain
from searchlab.experiments import compare
from searchlab.experiments.base import NO_HEURISTIC
from searchlab.web import create_app, searches
from searchlab.web.errors import phrase as web_phrase

BASE = "http://127.0.0.1:8000"
REQUEST = ("start", "goal", "algorithm", "heuristic", "seed", "engine")


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=BASE) as test_client:
        yield test_client


def _argv(name: str, fields: dict[str, Any]) -> list[str]:
    """``searchlab NAME solve START --field value ...`` for ``fields``."""
    argv = [name, "solve", fields["start"]]
    for key, value in fields.items():
        if key != "start":
            argv += [f"--{key.replace('_', '-')}", str(value)]
    return argv


def _cli_request(monkeypatch: pytest.MonkeyPatch, name: str, fields: dict[str, Any]) -> Any:
    """The request the command line builds for ``fields`` (its search is not run)."""
    built: list[SearchRequest] = []
    real = cli_domains.solve_request

    def recording(*args: Any, **kwargs: Any) -> SearchRequest:
        built.append(real(*args, **kwargs))
        raise SystemExit(0)  # built: the search is not run

    monkeypatch.setattr(cli_domains, "solve_request", recording)
    done = invoke(*_argv(name, fields))
    assert built, done.stderr
    return built[0]


def _api_request(
    monkeypatch: pytest.MonkeyPatch, client: TestClient, name: str, fields: dict[str, Any]
) -> Any:
    """The request the viewer builds for ``fields`` (its search runs, under the caps)."""
    built: list[SearchRequest] = []
    real = searches.build_request

    def recording(*args: Any, **kwargs: Any) -> tuple[SearchRequest, str | None]:
        answer = real(*args, **kwargs)
        built.append(answer[0])
        return answer

    monkeypatch.setattr(searches, "build_request", recording)
    reply = client.post(f"/api/domains/{name}/search", json=fields)
    assert reply.status_code == 200, reply.text
    return built[0]


def _experiment_fields(domain: Domain[Any, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` as ``experiment compare`` takes them: one start, one algorithm and
    heuristic, the domain's params as ``--param KEY=VALUE``."""
    params = {option.name for option in domain.params}
    given: dict[str, Any] = {"domain": domain.name, "param": []}
    for key, value in fields.items():
        if key == "engine":
            continue  # the experiment runs on the generic engine
        if key in params:
            given["param"].append(f"{key}={value}")
        else:
            given[key] = [value] if key in ("start", "algorithm", "heuristic") else value
    return given


def _experiment_request(
    name: str, fields: dict[str, Any], pair: tuple[str, str | None]
) -> tuple[SearchRequest, int]:
    """The request ``experiment compare`` runs for ``fields`` with the (algorithm,
    heuristic) ``pair`` (the experiment compares every pair the fields leave open), and
    the seed it was given."""
    domain = get_domain(name)
    parameters = compare.EXPERIMENT.parameters(_experiment_fields(domain, fields))
    algorithm, heuristic = pair
    (spec,) = [
        spec
        for spec in compare.specs(parameters)
        if (spec["algorithm"], spec["heuristic"]) == (algorithm, heuristic or NO_HEURISTIC)
    ]
    found, request = compare.trial_request(spec)
    assert found is domain
    return request, parameters["seed"]


def _generic(name: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The viewer and the experiments search on the generic engine, which reports
    every event: the command line is asked for it too where it has a choice."""
    if len(get_domain(name).engines) > 1:
        return {**fields, "engine": "generic"}
    return fields


SAME = [
    ("queens", {"start": "8"}),
    ("queens", {"start": "case1", "algorithm": "hill-climbing", "heuristic": "h2", "seed": 3}),
    ("queens", {"start": "case4", "algorithm": "simulated-annealing", "moves": "free", "seed": 5}),
    ("puzzle", {"start": "c"}),
    ("puzzle", {"start": "c", "goal": "bratko", "algorithm": "ida", "heuristic": "linear"}),
    ("puzzle", {"start": "1,2,3,4,5,6,7,0,8", "algorithm": "greedy", "heuristic": "manhattan"}),
    ("route", {"start": "Arad", "goal": "Bucharest"}),
    ("route", {"start": "romania:Arad", "goal": "Craiova", "algorithm": "bidirectional"}),
    ("route", {"start": "Arad", "goal": "Bucharest", "heuristic": "landmarks", "landmarks": 3}),
    ("sudoku", {"start": "easy"}),
    ("sudoku", {"start": "easy", "algorithm": "dfs"}),
]
"""Fields every front end takes: no algorithm options, which the experiment has not."""


@pytest.mark.parametrize(
    ("name", "fields"), SAME, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SAME)]
)
def test_the_three_front_ends_build_the_same_request(
    monkeypatch: pytest.MonkeyPatch, client: TestClient, name: str, fields: dict[str, Any]
) -> None:
    fields = _generic(name, fields)
    library = get_domain(name).request_from(fields)
    cli = _cli_request(monkeypatch, name, fields)
    api = _api_request(
        monkeypatch, client, name, {k: v for k, v in fields.items() if k != "engine"}
    )
    experiment, seed = _experiment_request(name, fields, (library.algorithm, library.heuristic))
    # each front end has its own limits (none, the server's caps, --max-expanded) ...
    assert cli.limits.max_expanded is None and api.limits.max_expanded is not None
    assert experiment.limits.max_expanded == compare.LIMIT.default
    # ... and an experiment draws each trial's seed from its own
    assert experiment.seed == trial_seed(seed, "search", 0) & MAX_SEED
    unlimited = dataclasses.replace(library, limits=cli.limits)
    assert cli == unlimited
    assert api == dataclasses.replace(library, limits=api.limits)
    assert experiment == dataclasses.replace(
        library, limits=experiment.limits, seed=experiment.seed
    )
    # the defaults are filled in, by canonical names
    assert library.algorithm in get_domain(name).algorithms
    assert library.heuristic is None or library.heuristic in get_domain(name).heuristics


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("puzzle", {"start": "c", "algorithm": "weighted-astar", "weight": 3}),
        ("queens", {"start": "case1", "algorithm": "hill-climbing", "sideways": 2, "seed": 1}),
        ("sudoku", {"start": "hard", "inference": "forward-checking"}),
        (
            "route",
            {"start": "Arad", "goal": "Bucharest", "algorithm": "weighted-astar", "weight": 1.5},
        ),
    ],
)
def test_the_command_line_and_the_viewer_read_algorithm_options_alike(
    monkeypatch: pytest.MonkeyPatch, client: TestClient, name: str, fields: dict[str, Any]
) -> None:
    library = get_domain(name).request_from(fields)
    assert library.options  # an option was read, not left to its default
    cli = _cli_request(monkeypatch, name, fields)
    api = _api_request(
        monkeypatch, client, name, {k: v for k, v in fields.items() if k != "engine"}
    )
    assert cli == dataclasses.replace(library, limits=cli.limits)
    assert api == dataclasses.replace(library, limits=api.limits)


# (domain, fields, the field named, what the message says). An experiment names a
# domain's param as its own --param option.
BAD = [
    ("queens", {"start": "zz"}, "start", "zz"),
    ("sudoku", {"start": "1234"}, "start", ""),
    ("puzzle", {"start": "c", "goal": "sideways"}, "goal", "unknown goal"),
    ("route", {"start": "Arad", "goal": "Atlantis"}, "goal", "Atlantis"),
    ("puzzle", {"start": "c", "algorithm": "quantum"}, "algorithm", "unknown algorithm 'quantum'"),
    ("puzzle", {"start": "c", "algorithm": "dfs"}, "algorithm", "does not offer the algorithm dfs"),
    ("puzzle", {"start": "c", "heuristic": "psychic"}, "heuristic", "unknown heuristic"),
    ("puzzle", {"start": "c", "algorithm": "bfs", "heuristic": "psychic"}, "heuristic", "psychic"),
    (
        "queens",
        {"start": "case1", "algorithm": "hill-climbing", "heuristic": "h9"},
        "heuristic",
        "",
    ),
    ("puzzle", {"start": "c", "heuristic": "pdb-663"}, "heuristic", "4×4 boards only"),
    ("puzzle", {"start": "c", "seed": -1}, "seed", "seed must be 0 or more"),
    ("puzzle", {"start": "c", "algorithm": "weighted-astar", "weight": 0}, "weight", "1 or more"),
    ("puzzle", {"start": "c", "weight": 2}, "weight", "does not apply to the algorithm astar"),
    ("queens", {"start": "case1", "moves": "teleport"}, "moves", "unknown moves 'teleport'"),
    ("route", {"start": "Arad", "goal": "Bucharest", "engine": "warp"}, "engine", "unknown engine"),
]
NOT_IN_EXPERIMENTS = {"weight", "engine"}
"""Fields ``experiment compare`` does not take (it runs each algorithm with its default
options, on the generic engine)."""


@pytest.mark.parametrize(
    ("name", "fields", "field", "words"), BAD, ids=[f"{f}-{n}" for n, _, f, _ in BAD]
)
def test_a_bad_field_is_named_alike_by_every_front_end(
    client: TestClient, name: str, fields: dict[str, Any], field: str, words: str
) -> None:
    domain = get_domain(name)
    with pytest.raises(InputError) as caught:
        domain.request_from(fields)
    error = caught.value
    assert error.field == field and words in str(error)

    cli = invoke(*_argv(name, fields))
    assert_refused(cli, cli_phrase(error))

    api = {k: v for k, v in fields.items() if k != "engine"} if field != "engine" else fields
    reply = client.post(f"/api/domains/{name}/search", json=api)
    if field == "engine":  # the viewer takes no engine: it always runs the generic one
        assert reply.status_code == 400 and reply.json() == {
            "error": "a route search has no field 'engine'",
            "field": None,
        }
    else:
        assert reply.status_code == 400
        assert reply.json() == {"error": web_phrase(error), "field": field}

    if field in NOT_IN_EXPERIMENTS:
        return
    given = _experiment_fields(domain, fields)
    with pytest.raises(InputError) as refused_by:
        compare.EXPERIMENT.parameters(given)
    refusal = refused_by.value
    if field in {option.name for option in domain.params}:
        assert refusal.field == "param" and str(refusal) == f"param {field}: {error}"
    else:
        assert refusal.field == field and str(refusal) == str(error)
    argv = ["experiment", "compare", name]
    for key, value in given.items():
        values = value if isinstance(value, list) else [value]
        argv += (
            [arg for item in values for arg in (f"--{key}", str(item))] if key != "domain" else []
        )
    assert_refused(invoke(*argv), cli_phrase(refusal))


def test_every_refusal_of_the_builder_names_its_field() -> None:
    """Each of the builder's own refusals names a field of the request, so that every
    front end can place it (the domains' checks of the whole may name another)."""
    puzzle = get_domain("puzzle")
    for fields in (
        {"start": 4},
        {"start": "c", "goal": 7},
        {"start": "c", "algorithm": ["astar"]},
        {"start": "c", "heuristic": 3},
        {"start": "c", "engine": 1},
        {"start": "c", "seed": "x"},
        {"start": "c", "seed": MAX_SEED + 1},
        {"start": "c", "algorithm": "weighted-astar", "weight": "heavy"},
    ):
        with pytest.raises(InputError) as caught:
            puzzle.request_from(fields)
        assert caught.value.field in (*REQUEST, "weight"), fields


def test_the_map_reads_its_fields_with_the_builder(client: TestClient) -> None:
    """The route's map (drawn from the search form's fields) refuses a bad one by name,
    where a heuristic that was no text failed inside the domain's code (HTTP 422)."""
    body = {"start": "Arad", "goal": "Bucharest", "heuristic": 3}
    reply = client.post("/api/domains/route/map", json=body)
    assert reply.status_code == 400
    assert reply.json() == {"error": "heuristic must be text, not 3", "field": "heuristic"}


def test_a_field_nobody_asked_for_is_refused() -> None:
    with pytest.raises(InputError, match="a puzzle search has no field 'colour'"):
        get_domain("puzzle").request_from({"start": "c", "colour": "red"})


def test_an_absent_field_is_the_default_and_a_blank_start_is_read_as_typed() -> None:
    puzzle = get_domain("puzzle")
    blank = puzzle.request_from({"start": "c", "goal": " ", "algorithm": "", "heuristic": None})
    assert blank == puzzle.request_from({"start": "c"})
    assert (blank.algorithm, blank.heuristic) == ("astar", "manhattan")
    with pytest.raises(InputError, match="the board is empty") as caught:
        puzzle.request_from({"start": " "})
    assert caught.value.field == "start"
    with pytest.raises(InputError, match=r"type a start, or choose a named one \(a, b, c\)"):
        puzzle.request_from({})
    assert get_domain("route").request_from({}).start == get_domain("route").default_start()


def test_the_keyword_spelling_is_the_same_builder() -> None:
    """``Domain.request`` (the library's keywords, starts parsed or not) builds what
    ``request_from`` builds from the same fields."""
    puzzle = get_domain("puzzle")
    fields = {"start": "c", "goal": "bratko", "algorithm": "weighted-astar", "weight": 3}
    built = puzzle.request_from(fields)
    assert (
        puzzle.request("c", goal="bratko", algorithm="weighted-astar", options={"weight": 3})
        == built
    )
    parsed = puzzle.parse_start("c")
    assert (
        puzzle.request(parsed, goal=built.goal, algorithm="weighted-astar", options={"weight": 3})
        == built
    )


@pytest.mark.parametrize(
    "module", [searchlab.core.fields, searchlab.domains.request_fields, Domain.request_from]
)
def test_the_builders_examples_run(module: Any) -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(module, getattr(module, "__name__", "request_from"))
    for test in tests:
        runner.run(test)
    outcome = runner.summarize(verbose=False)
    assert outcome.attempted > 0 and outcome.failed == 0
