"""A contract kit for domains: one call checks every promise a ``Domain`` makes.

A domain (``searchlab.domains.base.Domain``) promises the front ends a great deal: that
a start it writes can be read back, that its JSON is JSON, that a random start can be
solved, that an admissible heuristic never overestimates, that every state can be
drawn, that ``searchlab NAME solve --json`` and the viewer's API answer for it. None of
that is checked by the type system, and a broken promise shows up far away (a viewer
tab that stays blank, a ``random`` line that cannot be pasted back). This module
checks them all on small instances, for a domain of searchlab's own or one written
outside the repository, and says which promise broke in words a newcomer can act on::

    from searchlab.testing import check_domain
    check_domain(MY_DOMAIN).raise_if_broken()

or, in a test file, a class that pytest collects::

    from searchlab.testing import DomainContract

    class TestMyDomain(DomainContract):
        domain = MY_DOMAIN
"""

from __future__ import annotations

import heapq
import json
import os
import random
import shlex
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from searchlab.algorithms.registry import ALGORITHMS
from searchlab.core.errors import InputError
from searchlab.core.limits import Limits
from searchlab.core.options import parse_options
from searchlab.core.result import SearchResult
from searchlab.domains.base import SCHEMA, Domain, RandomSpec, SearchRequest
from searchlab.domains.drawing import Chart, Gantt, Grid, Text, to_svg, to_text

PROMISES: tuple[str, ...] = (
    "declaration",
    "starts",
    "goals",
    "json",
    "random",
    "search",
    "heuristics",
    "drawing",
    "documents",
    "command line",
    "viewer",
)
"""Every promise the kit checks, in the order it checks them (see ``check_domain``)."""

COMPLETE = ("astar", "uniform-cost", "bfs", "csp-backtracking", "dfs", "iterative-deepening")
"""Searches that find a solution whenever one exists (on a finite space): a random
start is called solvable when one of these, offered from it, finds a solution."""

DRAWINGS = (Grid, Chart, Gantt, Text)
LIMITS = Limits(max_expanded=20_000, max_seconds=5.0)
"""Each search the kit runs stops here: the kit checks small instances, not speed."""
STATES_DRAWN = 12
"""States drawn and encoded per solution path: its first ones and its last."""
SAID = 3
"""Broken promises said in full for one promise; the others are counted."""
SIZES_TRIED = 16
"""Random starts are drawn of the two smallest sizes accepted among this many."""
SEARCHED = 4
"""Named starts searched (presets first): the kit checks promises, not speed."""


@dataclass(frozen=True)
class Broken:
    """One broken promise: which domain, which promise (one of ``PROMISES``) and what
    happened, said so that the domain's author knows what to change."""

    domain: str
    promise: str
    detail: str

    def __str__(self) -> str:
        return f"domain {self.domain!r}, promise {self.promise!r}: {self.detail}"


class ContractError(AssertionError):
    """A domain broke one or more of its promises (``broken`` lists them)."""

    def __init__(self, broken: Sequence[Broken]) -> None:
        self.broken = tuple(broken)
        lines = "\n".join(f"- {item}" for item in self.broken)
        super().__init__(f"{len(self.broken)} broken promise(s):\n{lines}")


@dataclass
class Report:
    """What ``check_domain`` found: the promises checked, the broken ones, and what
    it could not check and why (a space too large to enumerate, a domain no entry
    point registers, …)."""

    domain: str
    checked: list[str] = field(default_factory=list)
    broken: list[Broken] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether no promise was broken."""
        return not self.broken

    def raise_if_broken(self) -> Report:
        """This report, or a ``ContractError`` listing every broken promise."""
        if self.broken:
            raise ContractError(self.broken)
        return self


@dataclass(frozen=True)
class Sample:
    """A start the kit tries: how a person would name it, its text, the parsed start,
    its default goal (None for a domain without goals), and for a random start the
    size and seed it was drawn with."""

    label: str
    text: str | None
    start: Any
    goal: Any
    size: int | None = None
    seed: int | None = None


@dataclass(frozen=True)
class Space:
    """Every state reachable from a problem's start, its arcs, and the cheapest cost
    from each state to a goal (absent: no goal can be reached from it)."""

    arcs: Mapping[Any, tuple[tuple[Any, float], ...]]
    goals: frozenset[Any]
    to_goal: Mapping[Any, float]


class _Checker:
    """The checks of one domain; ``fail`` and ``skip`` write into the report."""

    def __init__(
        self,
        domain: Domain[Any, Any],
        starts: Sequence[str],
        seeds: int,
        max_states: int,
        env: Mapping[str, str] | None,
    ) -> None:
        self.domain = domain
        self.extra = tuple(starts)
        self.seeds = seeds
        self.max_states = max_states
        self.env = env
        self.report = Report(domain.name or type(domain).__name__)
        self.promise = ""
        self.unsaid = 0

    # -- reporting -----------------------------------------------------------------
    def fail(self, detail: str) -> None:
        """One broken promise; past ``SAID`` for one promise, only counted (one fault
        usually breaks it on every sample)."""
        said = sum(1 for item in self.report.broken if item.promise == self.promise)
        if said < SAID:
            self.report.broken.append(Broken(self.report.domain, self.promise, detail))
        else:
            self.unsaid += 1

    def skip(self, why: str) -> None:
        self.report.skipped.append(f"{self.promise}: {why}")

    def run(self, promise: str) -> None:
        self.promise = promise
        self.report.checked.append(promise)
        check: Callable[[], None] = getattr(self, "check_" + promise.replace(" ", "_"))
        self.unsaid = 0
        try:
            check()
        except Exception as error:  # someone else's code: said, not raised
            self.fail(f"the check stopped on an error the domain raised: {_said(error)}")
        if self.unsaid:
            more = Broken(self.report.domain, promise, f"… and {self.unsaid} more like these")
            self.report.broken.append(more)

    # -- the samples ------------------------------------------------------------------
    @cached_property
    def params(self) -> dict[str, Any]:
        return parse_options(self.domain.params, {}, where=self.domain.name)

    @cached_property
    def sizes(self) -> tuple[int, ...]:
        """The two smallest sizes the domain draws random starts of (a size inside the
        cap may still be refused: Sudoku's 10, a queens board with no solution)."""
        option = self.domain.size
        if option is None:
            return ()
        low = int(option.low if option.low is not None else option.default)
        high = int(option.high if option.high is not None else low + SIZES_TRIED)
        taken: list[int] = []
        for size in range(low, min(low + SIZES_TRIED, high) + 1):
            try:
                self.domain.random_start(random.Random(0), RandomSpec(size, None, self.params))
            except InputError:
                continue
            taken.append(size)
            if len(taken) == 2:
                break
        return tuple(taken)

    def default_goal(self, start: Any) -> Any:
        return self.domain.parse_goal(None, start) if self.domain.takes_goal else None

    @cached_property
    def texts(self) -> list[tuple[str, str | None]]:
        """The starts named by the domain: its presets, the start of each example
        (``examples``), the default start, and the ones the caller added."""
        domain = self.domain
        named: list[tuple[str, str | None]] = [
            (f"the preset {name!r}", name) for name in domain.presets
        ]
        for example in domain.examples:
            words = shlex.split(example)
            if words and not words[0].startswith("-"):
                named.append((f"the start of the example {example!r}", words[0]))
        if domain.has_default_start:
            named.append(("the default start", None))
        named += [(f"the start {text!r}", text) for text in self.extra]
        unique: dict[str | None, str] = {}
        for label, text in named:
            unique.setdefault(text, label)
        return [(label, text) for text, label in unique.items()]

    @cached_property
    def named(self) -> list[Sample]:
        samples: list[Sample] = []
        for label, text in self.texts:
            try:
                start = (
                    self.domain.default_start() if text is None else self.domain.parse_start(text)
                )
                goal = self.default_goal(start)
            except InputError:
                continue  # an example's start may need its own --goal: not a sample
            samples.append(Sample(label, text, start, goal))
        return samples

    @cached_property
    def randoms(self) -> list[Sample]:
        """Random starts of the smallest sizes, each seed drawn once."""
        if not (self.domain.has_random and self.domain.size is not None):
            return []
        samples = []
        for size in self.sizes:
            for seed in range(self.seeds):
                spec = RandomSpec(size, None, self.params)
                start = self.domain.random_start(random.Random(seed), spec)
                goal = self.default_goal(start)
                written = self.domain.describe_random(start, goal)
                text = written[0][1] if written else None
                label = f"the random start of size {size} drawn with seed {seed}"
                samples.append(Sample(label, text, start, goal, size, seed))
        return samples

    @cached_property
    def small(self) -> list[Sample]:
        """The samples searched: the first presets, the default start, the caller's, the
        random ones; the first example's start only when there are none of these (an
        example may show a large instance: 1,000 queens)."""
        chosen = [sample for sample in self.named if "example" not in sample.label]
        chosen = [*chosen[:SEARCHED], *self.randoms]
        examples = [sample for sample in self.named if "example" in sample.label]
        return chosen or examples[:1]

    @cached_property
    def runs(self) -> list[tuple[Sample, SearchRequest, SearchResult[Any, Any]]]:
        """The domain's default search on each small sample, within ``LIMITS``."""
        done = []
        for sample in self.small:
            try:
                request = self.domain.request(
                    sample.start, goal=sample.goal, seed=0, limits=LIMITS, parsed=True
                )
            except InputError:
                continue  # refused before any search: a start its default cannot take
            self.domain.prepare(request)
            done.append((sample, request, self.domain.search(request)))
        return done

    def states(self) -> Iterator[tuple[str, Any, Any]]:
        """(where, state, problem) for each sample's start and the states on its path."""
        for sample in [*self.named, *self.randoms]:
            state = self.domain.start_state(sample.start)
            if state is not None:
                yield f"the state of {sample.label}", state, None
        for sample, request, result in self.runs:
            path = list(result.path)
            chosen = path if len(path) <= STATES_DRAWN else path[:6] + path[-6:]
            problem = self.domain.problem(request)
            for state in chosen:
                yield f"a state on the path from {sample.label}", state, problem

    def same_start(self, first: Any, second: Any) -> bool:
        domain = self.domain
        return bool(_plain(domain.encode_start(first)) == _plain(domain.encode_start(second)))

    # -- the promises -------------------------------------------------------------------
    def check_declaration(self) -> None:
        domain = self.domain
        if not domain.name or domain.name != domain.name.strip().lower() or " " in domain.name:
            self.fail(f"its name {domain.name!r} must be one lower-case word (it is a command)")
        if not domain.summary:
            self.fail("it has no summary: give its class a docstring (its first line is shown)")
        for fault in domain.declaration_faults():
            self.fail(fault)
        for name in domain.algorithms:
            if name not in ALGORITHMS:
                self.fail(f"it offers the algorithm {name!r}, which no one registered")
        if domain.default_algorithm not in domain.algorithms and domain.algorithms:
            self.fail(
                f"its default algorithm {domain.default_algorithm!r} is not among the ones "
                f"it offers ({', '.join(domain.algorithms)})"
            )
        default = domain.default_heuristic
        if default is not None and default not in domain.heuristics:
            self.fail(f"its default heuristic {default!r} is not in its heuristics registry")

    def check_starts(self) -> None:
        domain = self.domain
        for label, text in self.texts:
            if text is None:
                continue
            try:
                domain.parse_start(text)
            except InputError as error:
                if label.startswith("the preset"):
                    self.fail(f"{label} does not parse: {error}")
        for nonsense in ("", "@@ not a start @@"):
            try:
                domain.parse_start(nonsense)
            except InputError:
                pass
            except Exception as error:
                self.fail(
                    f"parse_start({nonsense!r}) raised {_said(error)}: a start that cannot "
                    "be read must raise searchlab.core.errors.InputError saying why"
                )
        for sample in [*self.named, *self.randoms]:
            for how, text, _goal in domain.describe_random(sample.start, sample.goal):
                self.check_written(sample, how, text)

    def check_goals(self) -> None:
        domain = self.domain
        if not domain.takes_goal:
            for sample in self.named[:1]:
                try:
                    domain.parse_goal("somewhere", sample.start)
                except InputError as error:
                    if error.field != "goal":
                        self.fail("a goal it does not take is refused, but not as field 'goal'")
                else:
                    self.fail("it takes no goal (takes_goal is False) yet accepted one")
            if domain.goals:
                self.fail(f"it names goals {domain.goals} but takes_goal is False")
            return
        for sample in self.small:
            for name in (None, *domain.goals):
                try:
                    goal = domain.parse_goal(name, sample.start)
                except InputError:
                    continue  # a named goal need not suit every start (another size)
                if goal is None:
                    continue
                text = domain.format(goal)
                try:
                    again = domain.parse_goal(text, sample.start)
                except InputError as error:
                    self.fail(
                        f"the goal {name or '(default)'} of {sample.label} is written "
                        f"{text!r}, which parse_goal refuses ({error})"
                    )
                    continue
                if _plain(domain.encode(again)) != _plain(domain.encode(goal)):
                    self.fail(
                        f"the goal {name or '(default)'} of {sample.label} is written "
                        f"{text!r}, which parse_goal reads as another goal"
                    )

    def check_json(self) -> None:
        domain = self.domain
        for sample in [*self.named, *self.randoms]:
            encoded = domain.encode_start(sample.start)
            if _plain(encoded) != encoded:
                self.fail(f"encode_start of {sample.label} is not plain JSON: {encoded!r}")
        for where, state, _problem in self.states():
            encoded = domain.encode(state)
            plain = _plain(encoded)
            if plain != encoded:
                self.fail(f"encode of {where} is not plain JSON (lists, dicts, …): {encoded!r}")
                continue
            if domain.decodes and domain.decode(plain) != state:
                self.fail(
                    f"decode does not give back {where} from its JSON {plain!r} (got "
                    f"{domain.decode(plain)!r}): override decode, or set decodes = False "
                    "if a state holds more than its JSON"
                )
        for sample, _request, result in self.runs:
            for move in result.moves[:STATES_DRAWN]:
                encoded = domain.encode_move(move)
                if _plain(encoded) != encoded:
                    self.fail(f"encode_move of a move from {sample.label} is not plain JSON")

    def check_random(self) -> None:
        domain = self.domain
        if not domain.has_random:
            self.skip("the domain has no random starts")
            return
        assert domain.size is not None  # declaration_faults says so otherwise
        for too_big in _outside(domain.size.low, domain.size.high):
            try:
                domain.random_start(random.Random(0), RandomSpec(too_big, None, self.params))
            except InputError:
                continue
            self.fail(f"random_start accepted the size {too_big}, outside its cap")
        for sample in self.randoms:
            again = domain.random_start(
                random.Random(sample.seed), RandomSpec(sample.size, None, self.params)
            )
            if not self.same_start(again, sample.start):
                self.fail(f"{sample.label} differs when drawn again with the same seed")
            self.check_solvable(sample)

    def check_written(self, sample: Sample, how: str, text: str) -> None:
        """A start as ``describe_random`` writes it (``random`` prints it so; by default
        ``format`` of its state) must read back as the same start."""
        try:
            parsed = self.domain.parse_start(text)
        except InputError as error:
            self.fail(
                f"{sample.label} is written ({how}) as {text!r}, which parse refuses "
                f"({error}): describe_random (by default format) must write a start as "
                "parse reads it"
            )
            return
        if not self.same_start(parsed, sample.start):
            self.fail(
                f"{sample.label} is written ({how}) as {text!r}, which parse reads as "
                "another start: format (or describe_random) and parse must be inverses"
            )

    def check_solvable(self, sample: Sample) -> None:
        """A random start can reach its goal: by the kit's own walk through its whole
        space when small, else by a complete search the domain offers."""
        domain = self.domain
        offered = domain.offered(sample.start)
        complete = next((name for name in COMPLETE if name in offered), None)
        algorithm = complete or domain.default_algorithm_for(sample.start)
        try:
            request = domain.request(
                sample.start,
                goal=sample.goal,
                algorithm=algorithm,
                seed=0,
                limits=LIMITS,
                parsed=True,
            )
        except InputError as error:
            self.fail(f"{sample.label} is refused by solve: {error}")
            return
        space = _space(domain.problem(request), self.max_states)
        if space is not None:
            if not space.goals:
                self.fail(
                    f"{sample.label} cannot reach any goal (all {len(space.arcs):,} states "
                    "reachable from it were tried): random must draw solvable starts only"
                )
            return
        if complete is None:
            self.skip(f"{sample.label}: too large to walk, and no complete search offered")
            return
        domain.prepare(request)
        result = domain.search(request)
        if result.status == "exhausted":
            self.fail(f"{sample.label} has no solution: {complete} searched its whole space")
        elif not result.solved:
            self.skip(f"{sample.label}: {complete} stopped at a limit before a solution")

    def check_search(self) -> None:
        for sample, request, result in self.runs:
            if result.solved and not self.domain.problem(request).is_goal(result.final_state):
                self.fail(f"the search from {sample.label} ended on a state that is no goal")
            if result.solved and result.optimal and not self.domain.promises_optimum(request):
                self.fail(f"the search from {sample.label} says optimal without the promise")
        if self.small and not self.runs:
            self.fail("the default search refused every sample start: check offered/request")

    def check_heuristics(self) -> None:
        domain = self.domain
        if not list(domain.heuristics):
            self.skip("the domain has no heuristics")
            return
        walked = 0
        for sample in self.small:
            offered = domain.offered(sample.start)
            informed = [name for name in offered if ALGORITHMS[name].informed]
            if not informed:
                continue
            algorithm = "astar" if "astar" in informed else informed[0]
            space: Space | None = None
            for name in list(domain.heuristics):
                try:
                    request = domain.request(
                        sample.start,
                        goal=sample.goal,
                        algorithm=algorithm,
                        heuristic=name,
                        seed=0,
                        parsed=True,
                    )
                except InputError:
                    continue  # a heuristic may suit only some starts (bratko: his goal)
                from searchlab.core import access

                with access.serving(access.Served()):  # tables kept in memory, not saved
                    domain.prepare(request)
                    problem = domain.problem(request)
                    h = domain.heuristic(request, problem)
                if h is None:
                    continue
                if space is None:
                    space = _space(problem, self.max_states)
                    if space is None:
                        break
                    walked += 1
                self.check_estimates(sample, name, h, space)
        if not walked:
            self.skip("no sample start has a space small enough to know every true cost")

    def check_estimates(
        self, sample: Sample, name: str, h: Callable[[Any], float], space: Space
    ) -> None:
        spec = self.domain.heuristics[name]
        for goal in space.goals:
            if h(goal) != 0:
                self.fail(
                    f"the heuristic {name!r} gives {h(goal)!r} at a goal state "
                    f"({self.domain.format(goal)}) reached from {sample.label}: it must be 0"
                )
                return
        if not spec.admissible:
            return
        for state, cost in space.to_goal.items():
            if h(state) > cost + 1e-9:
                self.fail(
                    f"the heuristic {name!r} is declared admissible but gives {h(state):g} "
                    f"at {self.domain.format(state)} (from {sample.label}), whose cheapest "
                    f"way to a goal costs {cost:g}: set admissible=False or fix it"
                )
                return

    def check_drawing(self) -> None:
        domain = self.domain
        for where, state, problem in self.states():
            drawing = domain.draw(state, problem)
            if not isinstance(drawing, DRAWINGS):
                self.fail(f"draw of {where} returned {type(drawing).__name__}, not a Drawing")
                continue
            if not isinstance(to_text(drawing), str) or not to_svg(drawing).startswith("<svg"):
                self.fail(f"the drawing of {where} cannot be written as text and SVG")
        if domain.draws_moves:
            for sample, request, result in self.runs:
                problem = domain.problem(request)
                drawing = domain.draw_after(result.moves, result.final_state, problem)
                if result.path and not isinstance(drawing, DRAWINGS):
                    self.fail(f"draw_after of the path from {sample.label} is not a Drawing")

    def check_documents(self) -> None:
        domain = self.domain
        for sample, request, result in self.runs:
            document = domain.document(request, result)
            if _plain(document) != document:
                self.fail(f"the JSON document of the search from {sample.label} is not JSON")
                continue
            wrong = {
                key: document.get(key)
                for key, want in (
                    ("schema", SCHEMA),
                    ("domain", domain.name),
                    ("solved", result.solved),
                )
                if document.get(key) != want
            }
            if wrong:
                self.fail(f"the document of the search from {sample.label} has {wrong}")
            said = domain.describe(request, result)
            if not isinstance(said, str) or not said.strip():
                self.fail(f"describe says nothing about the search from {sample.label}")
        for sample in self.randoms:
            for line in domain.describe_random(sample.start, sample.goal):
                if len(line) != 3 or not all(isinstance(part, str) for part in line[:2]):
                    self.fail(f"describe_random of {sample.label} is not (label, text, goal)")

    def check_command_line(self) -> None:
        from searchlab.domains.registry import find_domain

        domain = self.domain
        if type(find_domain(domain.name)) is not type(domain):
            self.skip(
                "no entry point registers this domain here: install its package (pip "
                "install -e .) to check `searchlab NAME solve --json`"
            )
            return
        if not self.runs:
            self.skip("no sample start to solve")
            return
        sample, request, result = self.runs[0]
        words = [] if sample.text is None else [sample.text]
        if request.goal is not None and domain.takes_goal:
            words += ["--goal", domain.format(request.goal)]
        command = [sys.executable, "-m", "searchlab", domain.name, "solve", *words, "--json"]
        env = dict(self.env if self.env is not None else os.environ)
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
        shown = " ".join(shlex.quote(word) for word in command[3:])
        if done.returncode not in (0, 1, 3):
            self.fail(f"`searchlab {shown}` failed (exit {done.returncode}): {done.stderr[-300:]}")
            return
        try:
            document = json.loads(done.stdout)
        except ValueError:
            self.fail(f"`searchlab {shown}` did not print one JSON document")
            return
        if document.get("domain") != domain.name or "run" not in document:
            self.fail(f"`searchlab {shown}` printed no document of the one schema")
        elif result.solved and result.optimal and document.get("cost") != result.cost:
            self.fail(
                f"`searchlab {shown}` found cost {document.get('cost')}, the library {result.cost}"
            )

    def check_viewer(self) -> None:
        try:
            from starlette.testclient import TestClient
        except ImportError:  # httpx, which the test client needs, is not installed
            self.skip("starlette's TestClient needs httpx: pip install httpx")
            return
        from searchlab.domains.registry import find_domain
        from searchlab.web.app import create_app

        domain = self.domain
        registered = type(find_domain(domain.name)) is type(domain)
        app = create_app(domains=() if registered else (domain,))
        with TestClient(app, base_url="http://127.0.0.1:8000") as client:
            listed = [item["name"] for item in client.get("/api/options").json()["domains"]]
            if domain.name not in listed:
                self.fail("the viewer's /api/options does not list it")
                return
            answered = 0
            tried = sorted(self.runs, key=lambda run: not run[0].label.startswith("the random"))
            for sample, request, _result in tried[:2]:
                body: dict[str, Any] = {} if sample.text is None else {"start": sample.text}
                if request.goal is not None and domain.takes_goal:
                    body["goal"] = domain.format(request.goal)
                answer = client.post(f"/api/domains/{domain.name}/search", json=body)
                if answer.status_code == 400 and answer.json().get("field"):
                    self.skip(f"{sample.label}: the viewer refused it: {answer.json()['error']}")
                    continue
                if answer.status_code != 200:
                    self.fail(
                        f"the viewer refused a search from {sample.label}: "
                        f"{answer.status_code} {answer.text[:300]}"
                    )
                    continue
                session = answer.json()["session"]
                page = client.get(f"/api/sessions/{session}/events", params={"max": 50})
                if page.status_code != 200:
                    self.fail(f"the viewer's events of {sample.label} failed: {page.text[:300]}")
                answered += 1
            if tried and not answered:
                self.fail("the viewer refused every sample start the library searched")
            if domain.has_random and domain.size is not None:
                body = {"size": self.sizes[0], "seed": 0}
                answer = client.post(f"/api/domains/{domain.name}/random", json=body)
                if answer.status_code != 200:
                    self.fail(f"the viewer's Random failed: {answer.status_code} {answer.text}")


def check_domain(
    domain: Domain[Any, Any],
    *,
    promises: Sequence[str] = PROMISES,
    starts: Sequence[str] = (),
    seeds: int = 2,
    max_states: int = 5_000,
    env: Mapping[str, str] | None = None,
) -> Report:
    """Check every promise ``domain`` makes to searchlab's front ends, on small starts.

    The starts tried are the domain's presets, the start of each of its ``examples``,
    its default start, ``starts``, and random starts of its smallest sizes. The
    promises (``PROMISES``), each checked on those starts:

    - ``declaration``: the class says what it needs (``takes_goal`` with a
      ``parse_goal``, ``random_start`` with a ``size``, defaults among its choices);
    - ``starts``: every preset parses, and ``parse(format(state))`` is the same start;
      text that is no start is refused with ``InputError``, not another exception;
    - ``goals``: each named goal is written by ``format`` as ``parse_goal`` reads it;
    - ``json``: ``encode`` and ``encode_start`` give plain JSON, and ``decode`` gives
      the state back (unless the domain sets ``decodes = False``);
    - ``random``: the same seed draws the same start, sizes past the cap are refused,
      the start as ``random`` prints it reads back, and it can reach its goal;
    - ``search``: the default search runs and ends on a goal state when it solves;
    - ``heuristics``: each heuristic is 0 at every goal state, and an admissible one
      never above the true cost to a goal (from a uniform-cost search over the whole
      space, on starts whose space has at most ``max_states`` states);
    - ``drawing``: ``draw`` returns a ``Drawing`` that renders as text and SVG;
    - ``documents``: ``document`` is the one JSON schema, ``describe`` says something;
    - ``command line``: ``searchlab NAME solve START --json`` prints the document
      (only when an entry point registers the domain in this environment);
    - ``viewer``: the viewer's API lists the domain, searches and draws random starts.

    Parameters
    ----------
    domain : Domain
        The descriptor to check (an instance, as the entry point names it).
    promises : sequence of str, optional
        The promises to check (default: all of ``PROMISES``).
    starts : sequence of str, optional
        More starts to try, written as ``solve`` takes them.
    seeds : int, optional
        Random starts drawn for each small size.
    max_states : int, optional
        The largest space walked whole (for true costs and solvability).
    env : mapping, optional
        The environment of the ``searchlab`` command run (default: this one's).

    Returns
    -------
    Report
        The promises checked, the broken ones (``Report.broken``) and what was not
        checked and why (``Report.skipped``); ``report.raise_if_broken()`` raises.

    Raises
    ------
    TypeError
        If ``domain`` is not a ``Domain`` instance (the class itself, say).
    ValueError
        If ``promises`` names a promise the kit does not know.

    Examples
    --------
    >>> from searchlab.domains.registry import get_domain
    >>> from searchlab.testing import check_domain
    >>> report = check_domain(get_domain("puzzle"), promises=("starts", "json", "goals"))
    >>> report.ok, report.checked
    (True, ['starts', 'json', 'goals'])
    """
    if not isinstance(domain, Domain):
        given = domain.__name__ if isinstance(domain, type) else type(domain).__name__
        raise TypeError(
            f"check_domain takes a Domain instance, the one your entry point names "
            f"(e.g. HANOI = HanoiDomain()), not {given}"
        )
    unknown = [promise for promise in promises if promise not in PROMISES]
    if unknown:
        raise ValueError(f"unknown promise(s) {unknown}: choose among {', '.join(PROMISES)}")
    checker = _Checker(domain, starts, seeds, max_states, env)
    for promise in promises:
        checker.run(promise)
    return checker.report


class DomainContract:
    """The contract as a pytest class: subclass it in a test file, set ``domain``, and
    pytest runs one test per promise of ``PROMISES``, each named after it
    (``test_declaration``, …, ``test_command_line``, ``test_viewer``).

    Attributes
    ----------
    domain : Domain
        The descriptor under test.
    starts : tuple of str
        More starts to try (see ``check_domain``).

    Examples
    --------
    >>> from searchlab.domains.registry import get_domain
    >>> from searchlab.testing import DomainContract
    >>> class TestPuzzle(DomainContract):
    ...     domain = get_domain("puzzle")
    >>> TestPuzzle().check("json")  # what test_json runs; a broken promise raises ContractError
    """

    domain: ClassVar[Domain[Any, Any]]
    starts: ClassVar[tuple[str, ...]] = ()

    def check(self, promise: str) -> None:
        """Check one promise; a ``ContractError`` says what broke."""
        if not isinstance(getattr(self, "domain", None), Domain):
            raise TypeError(
                f"{type(self).__name__} has no domain to check: set `domain = YOUR_DOMAIN` "
                "(the instance your entry point names) in the class"
            )
        check_domain(self.domain, promises=(promise,), starts=self.starts).raise_if_broken()


def _test_of(promise: str) -> Callable[[DomainContract], None]:
    """``DomainContract``'s test of one promise, named after it (``test_command_line``)."""

    def test(self: DomainContract) -> None:
        self.check(promise)

    test.__name__ = test.__qualname__ = "test_" + promise.replace(" ", "_")
    test.__doc__ = f"The domain keeps its {promise!r} promise (see ``check_domain``)."
    return test


for _promise in PROMISES:
    setattr(DomainContract, "test_" + _promise.replace(" ", "_"), _test_of(_promise))


# -- helpers -----------------------------------------------------------------------------
def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _plain(data: Any) -> Any:
    """``data`` as it comes back from JSON text (tuples become lists, and so on); a
    value JSON cannot write comes back as a description, unequal to ``data``."""
    try:
        return json.loads(json.dumps(data, allow_nan=False))
    except (TypeError, ValueError) as error:
        return f"<not JSON: {error}>"


def _outside(low: Any, high: Any) -> list[int]:
    """A size just below the cap's floor and one just above its ceiling."""
    sizes = []
    if isinstance(low, int) and low > 0:
        sizes.append(low - 1)
    if isinstance(high, int):
        sizes.append(high + 1)
    return sizes


def _space(problem: Any, cap: int) -> Space | None:
    """Every state reachable from ``problem.initial`` (None past ``cap`` states, or when
    states cannot be told apart), and from each the cheapest cost to a goal (Dijkstra
    run backwards from every goal)."""
    try:
        arcs: dict[Any, tuple[tuple[Any, float], ...]] = {}
        frontier = deque([problem.initial])
        arcs[problem.initial] = ()
        order = []
        while frontier:
            state = frontier.popleft()
            order.append(state)
            nexts = tuple((after, float(cost)) for _move, after, cost in problem.successors(state))
            arcs[state] = nexts
            for after, _cost in nexts:
                if after not in arcs:
                    if len(arcs) >= cap:
                        return None
                    arcs[after] = ()
                    frontier.append(after)
    except TypeError:  # unhashable states: the kit cannot walk them
        return None
    goals = frozenset(state for state in order if problem.is_goal(state))
    back: dict[Any, list[tuple[Any, float]]] = {}
    for state, nexts in arcs.items():
        for after, cost in nexts:
            back.setdefault(after, []).append((state, cost))
    to_goal: dict[Any, float] = {}
    queue: list[tuple[float, int, Any]] = [(0.0, index, goal) for index, goal in enumerate(goals)]
    heapq.heapify(queue)
    counter = len(queue)
    while queue:
        cost, _tie, state = heapq.heappop(queue)
        if state in to_goal:
            continue
        to_goal[state] = cost
        for before, step in back.get(state, ()):
            if before not in to_goal:
                counter += 1
                heapq.heappush(queue, (cost + step, counter, before))
    return Space(arcs, goals, to_goal)
