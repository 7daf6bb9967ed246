"""The planning heuristics on a ground task, each built once per task (its tables)
and called with a state (an ``int`` bitset): goal count, h_max, h_add, h_FF (its
relaxed plan also gives the helpful actions, greedy search's preferred operators),
landmark count and LM-cut.

Every relaxed heuristic ignores deletes and negative preconditions. h_max and LM-cut
never overestimate (unit costs); the others may.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from searchlab.domains.planning.grounding import GroundTask, facts_of

INFINITY = float("inf")


class Relaxed:
    """The delete relaxation's tables: for each fact the operators it is a
    precondition of; an operator without preconditions gets the fact ``TRUE`` (one
    more fact, always held), so that every operator is reached through a fact."""

    def __init__(self, task: GroundTask) -> None:
        self.task = task
        n = len(task.facts)
        self.true = n  # the always-true fact
        self.goal_fact = n + 1  # reached by the goal operator (LM-cut)
        self.facts = n + 2
        self.pre = [op.pre or (self.true,) for op in task.operators]
        self.add = [op.add for op in task.operators]
        self.cost = [op.cost for op in task.operators]
        self.pre_of: list[list[int]] = [[] for _ in range(self.facts)]
        for number, pre in enumerate(self.pre):
            for fact in pre:
                self.pre_of[fact].append(number)
        self.counts = [len(pre) for pre in self.pre]
        self.goal = task.goal

    def explore(self, state: int, additive: bool) -> tuple[list[float], list[int]]:
        """Each fact's cost (h_add's sums, or h_max's maxima) and its best supporter
        (the operator reaching it cheapest; -1 for a fact of the state)."""
        cost = [INFINITY] * self.facts
        supporter = [-1] * self.facts
        waiting = self.counts[:]
        value = [0.0] * len(self.pre)
        heap = [(0.0, fact) for fact in facts_of(state)]
        heap.append((0.0, self.true))
        for _, fact in heap:
            cost[fact] = 0.0
        goals = set(self.goal)
        pre_of, add, op_cost = self.pre_of, self.add, self.cost
        pop, push = heapq.heappop, heapq.heappush
        while heap and goals:
            reached, fact = pop(heap)
            if reached > cost[fact]:
                continue
            goals.discard(fact)
            for number in pre_of[fact]:
                if additive:
                    value[number] += reached
                elif reached > value[number]:
                    value[number] = reached
                waiting[number] -= 1
                if waiting[number] == 0:
                    after = value[number] + op_cost[number]
                    for effect in add[number]:
                        if after < cost[effect]:
                            cost[effect] = after
                            supporter[effect] = number
                            push(heap, (after, effect))
        return cost, supporter


def goal_count(task: GroundTask) -> Callable[[int], float]:
    """How many goal facts the state lacks (0 exactly at a goal)."""
    mask, neg = task.goal_mask, task.goal_neg_mask

    def h(state: int) -> float:
        return float((mask & ~state).bit_count() + (neg & state).bit_count())

    return h


def h_max(task: GroundTask) -> Callable[[int], float]:
    """The costliest goal fact in the delete relaxation (admissible)."""
    relaxed = Relaxed(task)
    goal = task.goal

    def h(state: int) -> float:
        cost, _ = relaxed.explore(state, False)
        return max((cost[f] for f in goal), default=0.0)

    return h


def h_add(task: GroundTask) -> Callable[[int], float]:
    """The sum of the goal facts' h_add costs (not admissible; informative)."""
    relaxed = Relaxed(task)
    goal = task.goal

    def h(state: int) -> float:
        cost, _ = relaxed.explore(state, True)
        return sum(cost[f] for f in goal)

    return h


class RelaxedPlan:
    """h_FF: the cost of a relaxed plan read back from h_add's best supporters; the
    plan's operators applicable in the state are its helpful actions."""

    def __init__(self, task: GroundTask) -> None:
        self.relaxed = Relaxed(task)
        self.task = task
        self.last: tuple[int, frozenset[int]] | None = None

    def plan(self, state: int) -> tuple[float, frozenset[int]]:
        """The relaxed plan's cost and operators (INFINITY, empty: no relaxed plan)."""
        relaxed = self.relaxed
        cost, supporter = relaxed.explore(state, True)
        if any(cost[f] == INFINITY for f in relaxed.goal):
            return INFINITY, frozenset()
        chosen: set[int] = set()
        todo = [f for f in relaxed.goal if supporter[f] >= 0]
        seen = set(todo)
        while todo:
            number = supporter[todo.pop()]
            if number in chosen:
                continue
            chosen.add(number)
            for fact in relaxed.pre[number]:
                if supporter[fact] >= 0 and fact not in seen:
                    seen.add(fact)
                    todo.append(fact)
        return sum(relaxed.cost[n] for n in chosen), frozenset(chosen)

    def __call__(self, state: int) -> float:
        value, chosen = self.plan(state)
        self.last = (state, chosen)
        return value

    def helpful(self, state: int) -> frozenset[int]:
        """The relaxed plan's operators whose preconditions ``state`` holds."""
        if self.last is None or self.last[0] != state:
            self(state)
        assert self.last is not None
        ops = self.task.operators
        return frozenset(n for n in self.last[1] if state & ops[n].pre_mask == ops[n].pre_mask)


def h_ff(task: GroundTask) -> RelaxedPlan:
    """h_FF (not admissible), with its helpful actions."""
    return RelaxedPlan(task)


def landmarks(task: GroundTask) -> Callable[[int], float]:
    """Landmark count: the fact landmarks (found as pyperplan finds them: a fact
    without which the relaxed goal cannot be reached from the initial state), each
    costed by a uniform partition of its achievers' costs, summed over the landmarks
    and goals the state lacks. Not admissible here: a state forgets which landmarks
    its path already reached, so one reached and given up counts again."""
    relaxed = Relaxed(task)
    facts = len(task.facts)
    ops = task.operators
    achievers: list[list[int]] = [[] for _ in range(facts)]
    for number, op in enumerate(ops):
        for fact in op.add:
            achievers[fact].append(number)
    found = set(task.goal)
    for fact in range(facts):
        if task.initial >> fact & 1 or fact in found:
            continue
        if not _reaches_goal(relaxed, task.initial, set(achievers[fact])):
            found.add(fact)
    marks = sorted(found)
    achieved = [0] * len(ops)
    for fact in marks:
        for number in achievers[fact]:
            achieved[number] += 1
    weight = {
        fact: min((ops[n].cost / achieved[n] for n in achievers[fact]), default=0.0)
        for fact in marks
    }
    mask = sum(1 << f for f in marks)
    is_goal = task.is_goal

    def h(state: int) -> float:
        if is_goal(state):  # a landmark reached and given up is no longer needed there
            return 0.0
        return sum(weight[f] for f in facts_of(mask & ~state))

    return h


def _reaches_goal(relaxed: Relaxed, state: int, banned: set[int]) -> bool:
    reached = set(facts_of(state))
    reached.add(relaxed.true)
    waiting = relaxed.counts[:]
    todo = list(reached)
    while todo:
        fact = todo.pop()
        for number in relaxed.pre_of[fact]:
            waiting[number] -= 1
            if waiting[number] == 0 and number not in banned:
                for effect in relaxed.add[number]:
                    if effect not in reached:
                        reached.add(effect)
                        todo.append(effect)
    return all(f in reached for f in relaxed.goal)


def lm_cut(task: GroundTask) -> Callable[[int], float]:
    """LM-cut (admissible): h_max's justification graph is cut between the state and
    the goal again and again; each cut is a disjunctive action landmark, its cheapest
    operator's cost is added to h and taken off every operator of the cut."""
    relaxed = Relaxed(task)
    goal_op = len(relaxed.pre)
    pre = [*relaxed.pre, tuple(relaxed.goal) or (relaxed.true,)]
    add = [*relaxed.add, (relaxed.goal_fact,)]
    pre_of = [list(ops) for ops in relaxed.pre_of]
    for fact in pre[goal_op]:
        pre_of[fact].append(goal_op)
    counts = [len(p) for p in pre]
    achievers: list[list[int]] = [[] for _ in range(relaxed.facts)]
    for number, effects in enumerate(add):
        for fact in effects:
            achievers[fact].append(number)
    base_cost = [*relaxed.cost, 0.0]
    goal_fact, true = relaxed.goal_fact, relaxed.true
    pop, push = heapq.heappop, heapq.heappush

    n_facts = relaxed.facts

    def h(state: int) -> float:
        cost_of = base_cost[:]
        start = [*facts_of(state), true]
        total = 0.0
        while True:
            # h_max with the current costs; each operator's supporter: its costliest
            # precondition (popped last), and each fact's list of operators it supports
            hmax = [INFINITY] * n_facts
            waiting = counts[:]
            supported: list[list[int]] = [[] for _ in range(n_facts)]
            supporter = [-1] * len(pre)
            heap = [(0.0, f) for f in start]
            for f in start:
                hmax[f] = 0.0
            while heap:
                reached, fact = pop(heap)
                if reached > hmax[fact]:
                    continue
                for number in pre_of[fact]:
                    waiting[number] -= 1
                    if waiting[number] == 0:
                        supporter[number] = fact
                        supported[fact].append(number)
                        after = reached + cost_of[number]
                        for effect in add[number]:
                            if after < hmax[effect]:
                                hmax[effect] = after
                                push(heap, (after, effect))
            if hmax[goal_fact] == INFINITY:
                return INFINITY
            if hmax[goal_fact] == 0.0:
                return total
            # the goal zone: facts reaching the goal through zero-cost operators
            zone = [False] * n_facts
            zone[goal_fact] = True
            todo = [goal_fact]
            while todo:
                fact = todo.pop()
                for number in achievers[fact]:
                    if cost_of[number] == 0.0:
                        s = supporter[number]
                        if s >= 0 and not zone[s]:
                            zone[s] = True
                            todo.append(s)
            # forward from the state, never entering the zone: the cut's operators
            seen = [False] * n_facts
            for f in start:
                seen[f] = True
            todo = list(start)
            cut = []
            while todo:
                for number in supported[todo.pop()]:
                    effects = add[number]
                    for effect in effects:
                        if zone[effect]:
                            cut.append(number)
                            break
                    else:
                        for effect in effects:
                            if not seen[effect]:
                                seen[effect] = True
                                todo.append(effect)
            least = min(cost_of[n] for n in cut)
            total += least
            for number in cut:
                cost_of[number] -= least

    return h
