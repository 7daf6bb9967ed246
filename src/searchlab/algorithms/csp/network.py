"""A CSP compiled for the solvers: values by index, domains as bit masks, and for every
variable its neighbours with the values each of their values rules out.

Variable i's domain is an int whose bit k says whether its k-th value is still
possible. A binary constraint becomes, for each direction x → y, a sequence ``masks``
with ``masks[a]`` the bit mask of y's values that conflict with x's value a, and
``most``, the largest number of values one value rules out (1 for not-equal, 3 for two
queens): a domain holding more values than that always leaves a support, which lets
arc consistency skip the arc without looking at a value. Not-equal constraints on the
same two variables are merged (a Sudoku cell's row and box neighbours), equal domains
share one tuple, and equal relations one object, so that 1,000 queens (half a million
pairs) take a few megabytes. Constraints over more than two variables stay whole
(``Nary``): tested once all their variables have values, used by forward checking when
one is left, and revised by arc consistency (bounds for linear sums).
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from searchlab.algorithms.csp.model import (
    CSP,
    AllDifferent,
    Among,
    Constraint,
    LinearSum,
    NotEqual,
    Predicate,
)
from searchlab.core.result import Stats

EAGER_VALUES = 64
"""Domains up to this size get their masks computed once (small ints); larger ones
compute a mask when asked (1,000 queens would otherwise hold a million long ints)."""
NARY_SUPPORTS = 1_000
"""Forward checking and arc consistency look for supports of an n-ary predicate only
while its variables' current domains hold at most this many combinations (past that
it waits until fewer are left: sound, only weaker); linear sums are narrowed by their
bounds at any size. Measured on SEND+MORE in predicate form (MAC, every solution):
0.31 s with 10^3, 1.2 s with 10^4, 1.7 s with 10^5: past a thousand combinations the
enumeration at every node costs more than the branches it cuts."""
CLOCK_STRIDE = 255
"""The search's clock is read once every 256 calls of an n-ary test: a fast test takes
about a microsecond, a slow one perhaps a hundred, so a time limit is overrun by well
under 0.1 s inside one propagation."""


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _nothing() -> None:
    """No clock to check."""


class OffsetMasks(Sequence[int]):
    """The masks of ``x ≠ y + k`` (k in ``plus``), each computed when asked: for x's
    value v, y's values v − k."""

    def __init__(self, vx: tuple[Any, ...], vy: tuple[Any, ...], plus: tuple[int, ...]) -> None:
        self.vx = vx
        self.plus = plus
        self.size = len(vy)
        self.identity = vy == tuple(range(len(vy)))  # values are their own indices
        self.position = {value: index for index, value in enumerate(vy)}
        self.most = len(plus)

    def __len__(self) -> int:
        return len(self.vx)

    def __getitem__(self, a: int) -> int:  # type: ignore[override]
        value = self.vx[a]
        mask = 0
        if self.identity:
            for k in self.plus:
                b = value - k
                if 0 <= b < self.size:
                    mask |= 1 << b
            return mask
        for k in self.plus:
            try:
                index = self.position.get(value - k) if k else self.position.get(value)
            except TypeError:  # values that do not subtract (colours) only meet k = 0
                index = None
            if index is not None:
                mask |= 1 << index
        return mask


class LazyTable(dict[int, int]):
    """A predicate's masks for x → y, each computed on first use and kept: a dict whose
    missing entry is computed (a hit costs one dict lookup, in C). It stands in for a
    ``Sequence[int]`` of x's values: ``len`` is their number."""

    def __init__(self, test: Any, vx: tuple[Any, ...], vy: tuple[Any, ...], flip: bool) -> None:
        super().__init__()
        self.test, self.vx, self.vy, self.flip = test, vx, vy, flip

    def __len__(self) -> int:
        return len(self.vx)

    def __missing__(self, a: int) -> int:
        mask = _predicate_mask(self.test, self.vx[a], self.vy, self.flip)
        self[a] = mask
        return mask


Sequence.register(LazyTable)


class Union(Sequence[int]):
    """Several relations between the same two variables: a value conflicts if it does
    in any of them."""

    def __init__(self, parts: list[Sequence[int]]) -> None:
        self.parts = parts

    def __len__(self) -> int:
        return len(self.parts[0])

    def __getitem__(self, a: int) -> int:  # type: ignore[override]
        mask = 0
        for part in self.parts:
            mask |= part[a]
        return mask


def _predicate_mask(test: Any, a: Any, vy: tuple[Any, ...], flip: bool) -> int:
    mask = 0
    for b, value in enumerate(vy):
        ok = test(value, a) if flip else test(a, value)
        if not ok:
            mask |= 1 << b
    return mask


def _mask_of(values: tuple[Any, ...], allowed: frozenset[Any]) -> int:
    """The bits of ``values`` that are in ``allowed``."""
    mask = 0
    for k, value in enumerate(values):
        if value in allowed:
            mask |= 1 << k
    return mask


def _most(masks: Sequence[int]) -> int:
    if isinstance(masks, OffsetMasks):
        return masks.most
    if isinstance(masks, list):
        return max((mask.bit_count() for mask in masks), default=0)
    if isinstance(masks, Union):
        return sum(_most(part) for part in masks.parts)
    return math.inf  # type: ignore[return-value]  # unknown: never skip a revision


class Nary:
    """A constraint kept whole: its variables (indices, distinct), how to read its
    values from theirs, and the propagation forward checking and arc consistency use
    (``supports``)."""

    def __init__(self, constraint: Constraint, network: Network) -> None:
        self.constraint = constraint
        self.scope = tuple(network.csp.index[var] for var in constraint.scope)
        self.variables = tuple(dict.fromkeys(self.scope))
        self.values = network.values
        self.linear = isinstance(constraint, LinearSum)
        self.coefficients = constraint.coefficients if isinstance(constraint, LinearSum) else ()
        self.whole = self.linear and all(
            isinstance(x, int)
            for x in (
                *self.coefficients,
                *(value for v in self.variables for value in self.values[v]),
            )
        )
        # Among: each variable's values in the set, as a mask over its domain
        self.inside: tuple[int, ...] | None = None
        self.outside: tuple[int, ...] = ()
        self.bounds = (0, 0)
        if isinstance(constraint, Among):
            self.inside = tuple(_mask_of(self.values[v], constraint.values) for v in self.variables)
            self.outside = tuple(~mask for mask in self.inside)
            self.bounds = (constraint.low, constraint.high)
        # its variables' domains in one call (a tuple even for one variable)
        self.read: Callable[[Sequence[int]], tuple[int, ...]] = (
            operator.itemgetter(*self.variables)
            if len(self.variables) > 1
            else lambda domains: (domains[self.variables[0]],)
        )
        # where each scope position reads its value among the distinct variables
        self.where = tuple(self.variables.index(v) for v in self.scope)
        self.at = tuple(
            tuple(p for p, w in enumerate(self.where) if w == i) for i in range(len(self.variables))
        )
        self.direct = self.scope == self.variables
        self.test: Callable[..., Any] = (
            constraint.test
            if isinstance(constraint, Predicate)
            else lambda *values: constraint.holds(values)
        )

    def holds(self, assigned: Sequence[int]) -> bool:
        """Whether it holds for the value indices ``assigned`` (its variables all set)."""
        values = self.values
        return self.constraint.holds([values[v][assigned[v]] for v in self.scope])

    def supports(
        self, domains: Sequence[int], stats: Stats, check: Callable[[], None] = _nothing
    ) -> list[int] | None:
        """Each of its variables' values that some combination of the others' current
        values satisfies (generalised arc consistency), as masks in ``variables``'
        order (all empty when no combination does); None when nothing is pruned, as
        when the domains hold more than ``NARY_SUPPORTS`` combinations (sound, only
        weaker). A linear
        sum of whole numbers is narrowed by its bounds instead, at any size, and an
        ``Among`` by counting. Every call of the test counts one check in ``stats``;
        ``check`` (the search's clock, which may raise) is called every
        ``CLOCK_STRIDE`` calls. The enumeration stops as soon as every value has its
        support."""
        if self.inside is not None:
            return self._count(domains, stats)
        variables = self.variables
        combinations, opened = 1, []
        for i, v in enumerate(variables):  # counted before any list is built
            size = domains[v].bit_count()
            if size != 1:
                combinations *= size
                opened.append(i)
        if not combinations:
            return [0] * len(variables)
        if self.linear and (self.whole or len(opened) > 1):
            return self._bounds(domains, stats)
        if combinations > NARY_SUPPORTS and len(opened) > 1:
            return None  # (one variable left open: its values are all tested)
        values, test, at = self.values, self.test, self.at
        args = [values[v][domains[v].bit_length() - 1] for v in self.scope]
        if not opened:
            stats.checks += 1
            return [domains[v] for v in variables] if test(*args) else [0] * len(variables)
        if len(opened) == 1:  # the common case: one variable left, each value tested
            i = opened[0]
            v, places = variables[i], at[i]
            choices, keep, calls = values[v], 0, 0
            for k in bits(domains[v]):
                value = choices[k]
                for p in places:
                    args[p] = value
                calls += 1
                if not calls & CLOCK_STRIDE:
                    stats.checks += calls
                    calls = 0
                    check()
                if test(*args):
                    keep |= 1 << k
            stats.checks += calls
            if not keep:
                return [0] * len(variables)
            kept = [domains[u] for u in variables]
            kept[i] = keep
            return kept
        return self._enumerate(domains, stats, check, opened)

    def _enumerate(
        self, domains: Sequence[int], stats: Stats, check: Callable[[], None], opened: list[int]
    ) -> list[int]:
        """GAC by trying the combinations of the variables' values (the open ones vary)."""
        variables, values, test = self.variables, self.values, self.test
        choices = [[values[v][k] for k in bits(domains[v])] for v in variables]
        bit_of = [{values[variables[i]][k]: 1 << k for k in bits(domains[variables[i]])}
                  for i in opened]  # fmt: skip
        found = [0] * len(opened)
        missing = sum(len(bit) for bit in bit_of)
        if not self.direct:
            where, inner = self.where, test
            test = lambda *values: inner(*[values[w] for w in where])  # noqa: E731
        # the test called by starmap over one stream of combinations, read from a twin
        calls = 0
        tried = zip(
            itertools.starmap(test, itertools.product(*choices)),
            itertools.product(*choices),
            strict=True,
        )
        for calls, (ok, combination) in enumerate(tried, 1):
            if not calls & CLOCK_STRIDE:
                stats.checks += CLOCK_STRIDE + 1
                check()
            if ok:
                for j, i in enumerate(opened):
                    bit = bit_of[j][combination[i]]
                    if not found[j] & bit:
                        found[j] |= bit
                        missing -= 1
                if not missing:
                    break
        stats.checks += calls & CLOCK_STRIDE
        if not found[0]:
            return [0] * len(variables)
        kept = [domains[u] for u in variables]
        for i, mask in zip(opened, found, strict=True):
            kept[i] = mask
        return kept

    def _count(self, domains: Sequence[int], stats: Stats) -> list[int] | None:
        """An ``Among``: the variables whose values are all in the set (must) and those
        with one in it (may) bound the count; at a bound, the undecided variables all
        go the same way (generalised arc consistency for this constraint). None when
        nothing is narrowed. Counted with map, in C: it runs at every assignment."""
        low, high = self.bounds
        size = len(self.variables)
        current, inside = self.read(domains), self.inside or ()
        may = size - operator.countOf(map(operator.and_, current, inside), 0)
        must = operator.countOf(map(operator.and_, current, self.outside), 0)
        stats.checks += size  # (a domain here is never empty: no wipeout is counted in)
        if must > high or may < low or low > high:
            return [0] * size
        out = must == high  # the set is full: the others stay out of it
        if must == may or not (out or may == low):
            return None
        kept = list(current)
        hits = map(operator.and_, current, inside)
        for j, (d, hit) in enumerate(zip(current, hits, strict=False)):
            if hit and hit != d:  # undecided: every one that may must go in, or none
                kept[j] = d & ~hit if out else hit
        return kept

    def _bounds(self, domains: Sequence[int], stats: Stats) -> list[int]:
        """Each variable's values that the others' bounds leave room for."""
        constraint = self.constraint
        assert isinstance(constraint, LinearSum)
        values = self.values
        # fractions: bounds with a margin for rounding (exact once one variable is open)
        margin = 0.0 if self.whole else 1e-6
        lows, highs = [], []
        for v, c in zip(self.scope, self.coefficients, strict=True):
            products = [c * values[v][k] for k in bits(domains[v])]
            lows.append(min(products))
            highs.append(max(products))
        low, high = sum(lows), sum(highs)
        total, relation = constraint.total, constraint.relation
        kept = []
        for position, (v, c) in enumerate(zip(self.scope, self.coefficients, strict=True)):
            rest_low, rest_high = low - lows[position], high - highs[position]
            mask = 0
            stats.checks += domains[v].bit_count()
            for b in bits(domains[v]):
                s = c * values[v][b]
                if relation == "==":
                    ok = rest_low + s <= total + margin and total <= rest_high + s + margin
                elif relation == "<=":
                    ok = rest_low + s <= total + margin
                else:
                    ok = rest_high + s + margin >= total
                if ok:
                    mask |= 1 << b
            kept.append(mask)
        return kept


class Network:
    """The compiled CSP (see the module docstring)."""

    def __init__(self, csp: CSP) -> None:
        self.csp = csp
        n = len(csp)
        self.n = n
        shared: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self.values: list[tuple[Any, ...]] = [shared.setdefault(d, d) for d in csp.domains]
        self.root: list[int] = [(1 << len(values)) - 1 for values in self.values]
        offsets: dict[int, tuple[int, ...]] = {}  # i * n + j -> the k of x_i ≠ x_j + k
        tables: dict[int, list[Sequence[int]]] = {}
        self.nary: list[Nary] = []
        for constraint in csp.constraints:
            self._add(constraint, offsets, tables)
        self.neighbours: list[list[int]] = [[] for _ in range(n)]
        self.masks: list[list[Sequence[int]]] = [[] for _ in range(n)]
        self.most: list[list[float]] = [[] for _ in range(n)]
        relations: dict[tuple[int, int, tuple[int, ...]], tuple[Sequence[int], float]] = {}
        values = self.values
        for pair, plus in offsets.items():
            i, j = divmod(pair, n)
            key = (id(values[i]), id(values[j]), plus)
            found = relations.get(key)
            if found is None:
                found = self._offsets(values[i], values[j], plus, relations)
                relations[key] = found
            masks, most = found
            extra = tables.pop(pair, None)
            if extra:
                masks = _merge([masks, *extra])
                most = _most(masks)
            self._link(i, j, masks, most)
        for pair, tabulated in tables.items():
            i, j = divmod(pair, n)
            masks = tabulated[0] if len(tabulated) == 1 else _merge(tabulated)
            self._link(i, j, masks, _most(masks))
        self.constraints_of: list[list[int]] = [[] for _ in range(n)]
        for index, nary in enumerate(self.nary):
            for v in nary.variables:
                self.constraints_of[v].append(index)
        self._back: list[list[int]] | None = None
        self._position: list[dict[int, int]] | None = None

    def _add(
        self,
        constraint: Constraint,
        offsets: dict[int, tuple[int, ...]],
        tables: dict[int, list[Sequence[int]]],
    ) -> None:
        index, n = self.csp.index, self.n
        if isinstance(constraint, AllDifferent):
            self._all_different(constraint, offsets)
            return
        if isinstance(constraint, Among) and self._among_unary(constraint):
            return
        distinct = list(dict.fromkeys(constraint.scope))
        if len(distinct) == 1:  # a unary constraint: keep only the values it allows
            i = index[distinct[0]]
            keep = 0
            for k in bits(self.root[i]):
                if constraint.holds([self.values[i][k]] * len(constraint.scope)):
                    keep |= 1 << k
            self.root[i] = keep
            return
        if isinstance(constraint, NotEqual):
            i, j = index[constraint.x], index[constraint.y]
            offsets[i * n + j] = offsets.get(i * n + j, ()) + constraint.plus
            offsets[j * n + i] = offsets.get(j * n + i, ()) + tuple(-k for k in constraint.plus)
            return
        if len(constraint.scope) == 2 and not isinstance(constraint, LinearSum):
            i, j = index[constraint.scope[0]], index[constraint.scope[1]]
            test = _binary_test(constraint)
            vi, vj = self.values[i], self.values[j]
            for x, vx, y, vy, flip in ((i, vi, j, vj, False), (j, vj, i, vi, True)):
                table = cast(Sequence[int], LazyTable(test, vx, vy, flip))
                tables.setdefault(x * n + y, []).append(table)
            return
        self.nary.append(Nary(constraint, self))

    def _among_unary(self, constraint: Among) -> bool:
        """An ``Among`` that needs no search (always true, or every variable in the set,
        or every one out of it) folded into the domains; whether it was."""
        size = len(constraint.scope)
        if constraint.low <= 0 and constraint.high >= size:
            return True
        if (constraint.low != size and constraint.high != 0) or constraint.low > constraint.high:
            return False
        for var in constraint.scope:
            i = self.csp.index[var]
            inside = _mask_of(self.values[i], constraint.values)
            self.root[i] &= inside if constraint.low == size else ~inside
        return True

    def _link(self, i: int, j: int, masks: Sequence[int], most: float) -> None:
        self.neighbours[i].append(j)
        self.masks[i].append(masks)
        self.most[i].append(most)

    @staticmethod
    def _offsets(
        vx: tuple[Any, ...],
        vy: tuple[Any, ...],
        plus: tuple[int, ...],
        known: dict[tuple[int, int, tuple[int, ...]], tuple[Sequence[int], float]],
    ) -> tuple[Sequence[int], float]:
        """The masks of x ≠ y + k (k in ``plus``): one object for every equal relation."""
        key = (id(vx), id(vy), tuple(sorted(set(plus))))
        found = known.get(key)
        if found is None:
            lazy = OffsetMasks(vx, vy, key[2])
            if len(vx) <= EAGER_VALUES:
                eager = [lazy[a] for a in range(len(lazy))]
                found = (eager, _most(eager))
            else:
                found = (lazy, float(lazy.most))
            known[key] = found
        return found

    def _all_different(self, constraint: AllDifferent, offsets: dict[int, tuple[int, ...]]) -> None:
        """Every pair of its variables, x_p + o_p ≠ x_q + o_q, i.e. x_p ≠ x_q + (o_q − o_p)
        (the loop ``AllDifferent.pairs`` spells out, without building the pairs)."""
        n = self.n
        variables = [self.csp.index[var] for var in constraint.scope]
        shifts = constraint.offsets or (0,) * len(variables)
        get = offsets.get
        for p, i in enumerate(variables):
            oi = shifts[p]
            row = i * n
            for q in range(p + 1, len(variables)):
                j = variables[q]
                k = shifts[q] - oi
                offsets[row + j] = (*get(row + j, ()), k)
                offsets[j * n + i] = (*get(j * n + i, ()), -k)

    # -- indexes built only for the solvers that need them --------------------------
    def back(self, check: Callable[[], None] = _nothing) -> list[list[int]]:
        """``back[i][k]``: where i stands among the neighbours of its k-th neighbour
        (arc consistency revises the arcs into a variable whose domain shrank).
        ``check`` is called after each row: a search's clock, which may raise (a
        million entries for 1,000 queens take a good part of a second)."""
        if self._back is None:
            position = self.position(check)
            rows = []
            for i in range(self.n):
                rows.append([position[j][i] for j in self.neighbours[i]])
                check()
            self._back = rows
        return self._back

    def position(self, check: Callable[[], None] = _nothing) -> list[dict[int, int]]:
        """``position[i][j]``: where j stands among the neighbours of i (``check``
        as in ``back``)."""
        if self._position is None:
            rows = []
            for i in range(self.n):
                rows.append({j: k for k, j in enumerate(self.neighbours[i])})
                check()
            self._position = rows
        return self._position


def _binary_test(constraint: Constraint) -> Any:
    if isinstance(constraint, Predicate):
        return constraint.test  # called as it is: a wrapper would double each call
    return lambda a, b: constraint.holds((a, b))


def _merge(found: list[Sequence[int]]) -> Sequence[int]:
    if all(isinstance(masks, list) for masks in found):
        size = len(found[0])
        return [_or(masks[a] for masks in found) for a in range(size)]
    return Union(found)


def _or(masks: Iterator[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
