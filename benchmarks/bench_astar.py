"""A* with Manhattan distance on random 8-puzzles: the generic engine against a plain
hand-written A* that expands the same nodes (checked board by board before timing),
with and without an observer, and with the observer hooks cut out."""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
from typing import Any

from benchmarks.harness import Section, interleaved, ratio, seconds, verdict
from benchmarks.plain_astar import plain_astar, protocol_astar


def hookless_graph_search() -> Any:
    """The engine's own ``_graph_search`` with every ``if observer is not None`` block
    removed and every ``if observer is None`` block put in its test's place (done on its
    source at run time): what the search costs with no hooks at all, so the price of a
    detached observer can be measured."""
    from searchlab.algorithms import best_first

    tree = ast.parse(textwrap.dedent(inspect.getsource(best_first._graph_search)))

    class StripHooks(ast.NodeTransformer):
        def visit_If(self, node: ast.If) -> Any:
            self.generic_visit(node)
            test = node.test
            if not (
                isinstance(test, ast.Compare)
                and isinstance(test.left, ast.Name)
                and test.left.id == "observer"
            ):
                return node
            if isinstance(test.ops[0], ast.IsNot):
                return node.orelse or None
            if isinstance(test.ops[0], ast.Is):  # ``observer is None``: always so here
                return node.body
            return node

    stripped = ast.fix_missing_locations(StripHooks().visit(tree))
    for node in ast.walk(stripped):  # an emptied block needs a body
        for name in ("body", "orelse"):
            block = getattr(node, name, None)
            if isinstance(block, list) and name == "body" and not block:
                block.append(ast.Pass())
    namespace = dict(vars(best_first))
    exec(compile(stripped, "<hookless _graph_search>", "exec"), namespace)
    return namespace["_graph_search"]


def astar_section(quick: bool, runs: int) -> Section:
    from searchlab.algorithms.best_first import _g_plus_h, astar
    from searchlab.core.limits import NO_LIMITS
    from searchlab.domains.puzzle.board import standard_goal
    from searchlab.domains.puzzle.heuristics import make_heuristic
    from searchlab.domains.puzzle.problem import SlidingPuzzle
    from searchlab.domains.puzzle.solvability import random_board

    goal = standard_goal(3)
    rng = random.Random(2024)
    boards = [random_board(3, rng, goal) for _ in range(5 if quick else 20)]
    h = make_heuristic("manhattan", goal)
    hookless = hookless_graph_search()
    events = [0]

    # The same work first: a ratio of times means nothing if the searches differ.
    engine_nodes = [astar(SlidingPuzzle(b, goal), h).stats.expanded for b in boards]
    plain_nodes = [plain_astar(b, goal)[1] for b in boards]
    protocol_nodes = [protocol_astar(SlidingPuzzle(b, goal), h)[1] for b in boards]
    print("  expanded per board (engine / plain / plain over the interface):", flush=True)
    for index, nodes in enumerate(zip(engine_nodes, plain_nodes, protocol_nodes, strict=True)):
        print(f"    board {index + 1:2}: {nodes[0]:6,} {nodes[1]:6,} {nodes[2]:6,}", flush=True)
    assert engine_nodes == plain_nodes == protocol_nodes, "the searches expand different nodes"

    def counting_observer(_event: object) -> None:
        events[0] += 1

    def generic(observer: Any = None) -> list[float | None]:
        return [astar(SlidingPuzzle(b, goal), h, observer=observer).cost for b in boards]

    def stripped() -> list[float | None]:
        return [
            hookless(
                SlidingPuzzle(b, goal),
                h,
                _g_plus_h,
                reopen=True,
                limits=NO_LIMITS,
                observer=None,
            ).cost
            for b in boards
        ]

    def plain() -> list[float]:
        return [float(plain_astar(b, goal)[0]) for b in boards]

    def protocol() -> list[float]:
        return [protocol_astar(SlidingPuzzle(b, goal), h)[0] for b in boards]

    rounds = max(runs, 15)  # a pass takes half a second: enough rounds to quiet the noise
    timed = interleaved(
        {
            "plain": plain,
            "protocol": protocol,
            "generic": generic,
            "hookless": stripped,
            "observed": lambda: generic(counting_observer),
        },
        rounds,
    )
    plain_time, plain_costs = timed["plain"]
    protocol_time, protocol_costs = timed["protocol"]
    generic_time, generic_costs = timed["generic"]
    hookless_time, hookless_costs = timed["hookless"]
    observed_time, observed_costs = timed["observed"]
    assert plain_costs == protocol_costs == generic_costs == hookless_costs == observed_costs
    split = (
        f"engine / plain {generic_time / plain_time:.2f}×, of which the interface "
        f"(plain over the interface / plain) {protocol_time / plain_time:.2f}× and the "
        f"engine's own work (engine / plain over the interface) "
        f"{generic_time / protocol_time:.2f}×"
    )
    print(f"  {split}", flush=True)
    section = Section(
        f"A* with Manhattan distance, {len(boards)} random 8-puzzles",
        ["variant", "time (all boards)", "vs plain A*"],
        notes=[
            f"Boards drawn with searchlab.domains.puzzle.solvability.random_board (seed 2024), "
            f"standard goal; mean optimal length {sum(plain_costs) / len(plain_costs):.1f}. "
            "Plain: benchmarks/plain_astar.py (tuples, a dict, heapq and Manhattan updated "
            "by the tile that moves), breaking ties as the engine does (f, then lower h, then "
            "first pushed). Plain over the interface: the same loop calling the problem's "
            "successors and is_goal and the heuristic (its step, a successor's value from its "
            "parent's, where it offers one, as the engine does), as any A* taking a problem must. "
            "Hookless: the engine's own search with every observer check cut out of its "
            "source, so 'detached observer' = generic / hookless. Observer: a function that "
            f"counts events ({events[0] // rounds:,} per pass). The five variants run in "
            f"turn, {rounds} rounds, CPU medians. All return the same optimal costs.",
            f"- nodes expanded, checked equal on every board before timing: "
            f"{sum(engine_nodes):,} in all ({', '.join(f'{n:,}' for n in engine_nodes)})",
            f"- {split}",
            f"- observer detached costs {100 * (generic_time / hookless_time - 1):+.1f} % "
            f"(target < 5 %); attached (counting) costs "
            f"{100 * (observed_time / generic_time - 1):+.1f} %",
        ],
    )
    verdict(
        "generic A* within 1.5× of a plain A* expanding the same nodes",
        f"{generic_time / plain_time:.2f}× ({sum(engine_nodes):,} nodes each; "
        f"the interface alone {protocol_time / plain_time:.2f}×)",
        generic_time <= 1.5 * plain_time,
    )
    verdict(
        "a detached observer costs under 5 %",
        f"{100 * (generic_time / hookless_time - 1):+.1f} %",
        generic_time <= 1.05 * hookless_time,
    )
    section.add("plain hand-written A*", seconds(plain_time), "1.00×")
    section.add(
        "plain A* over the problem's interface",
        seconds(protocol_time),
        ratio(protocol_time, plain_time),
    )
    section.add(
        "generic engine, hooks removed", seconds(hookless_time), ratio(hookless_time, plain_time)
    )
    section.add(
        "generic engine, no observer", seconds(generic_time), ratio(generic_time, plain_time)
    )
    section.add(
        "generic engine, counting observer",
        seconds(observed_time),
        ratio(observed_time, plain_time),
    )
    return section
