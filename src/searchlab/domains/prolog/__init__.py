"""Bring your own Prolog: a course's ``s/3``, ``goal/1`` and ``h/2`` as a searchlab
problem, searched by every algorithm and drawn in the viewer.

A Prolog file is loaded by SWI-Prolog and becomes a domain (``load_prolog``) through
the same path as a user's Python problem (``searchlab.domains.user``), so every
front end takes it with no code of its own: ``searchlab prolog FILE`` (and
``searchlab run FILE.pl``), ``searchlab serve --problem FILE.pl``, ``searchlab
experiment compare --problem FILE.pl``. What the adapter does with each predicate:

- ``s(State, Next, Cost)`` (required): the successors of State, every answer in
  Prolog's order; Cost must be a number and Next a ground term;
- ``goal(State)`` (required): the goal test;
- ``h(State, H)``: the heuristic ``h``; ``value(State, V)``: the heuristic ``value``,
  for local search (hill climbing, annealing) to make smaller; ``admissible(h)``
  says h never overestimates (A* then promises the cheapest path);
- ``start(State)``: the start when none is given;
- ``move(State, Next, Name)``: how the move from State to Next is shown (else as
  Next itself); ``draw(State, Rows)``: a grid of characters (else the term as Prolog
  writes it); ``unit_costs``: every step costs the same (breadth-first then
  promises the cheapest path).

The predicates may have other names (``relations.py``): Bratko's Russian edition's
``после/3`` and ``цель/1`` are found as the English ``s/3`` and ``goal/1`` are, and
``load_prolog(..., relations=Relations(...))`` names any of them, says what a
successor relation's third argument is (a cost, or the next state's value as in
seed 000's ``mover/3``) and which relation (``valid/1`` by default) tells the legal
states, so a move that makes an impossible one is named as such.

States cross the boundary as the text Prolog writes for them with ``quoted(true)``,
which reads back as the same term: equal texts are exactly ``==`` terms, so a Python
``str`` hashes and compares states as Prolog compares them, and prints them as
Prolog writes them (``problem.py``).

**Why a ``swipl`` subprocess, not a binding.** Measured (``benchmarks/bench_prolog.py``,
BENCHMARKS.md: SWI-Prolog 9.0.4 on the 2-vCPU machine; one 8-puzzle expansion with the
goal test and Bratko's h of each successor): pyswip 0.3.3 in this process costs 59 µs
an expansion asked as one query with its answers joined into one atom, 76 µs once each
query runs under ``call_with_time_limit/2`` (which an in-process adapter needs to stop
a predicate that never ends), and 493 µs asked naturally (answers converted to Python
dicts); this subprocess (``driver.pl``, a request a line on a pipe) costs 59 µs, its
bare round trip 14 µs (pyswip's 6 µs). So the binding is no faster where it counts,
and the subprocess wins the rest: a call that never ends is stopped by a signal sent
only when its time is up; ``halt``, a stack overflow or a crash in the file cannot take
Python (or the viewer's server) down; what the file prints goes to stderr, never into
``--json``; the viewer's searches on several threads take turns on one process and a
forked experiment worker starts its own, where an embedded Prolog must be attached to
every thread; and nothing is built against a particular SWI-Prolog (``janus-swi`` does
not build against 9.0.4). So SWI-Prolog is the one requirement: the
``searchlab[prolog]`` extra installs nothing more.
"""

from __future__ import annotations

from searchlab.domains.prolog.bridge import INSTALL, find_swipl
from searchlab.domains.prolog.domain import CALL_SECONDS, PrologDomain, load_prolog
from searchlab.domains.prolog.problem import PrologProblem, PrologSearch
from searchlab.domains.prolog.relations import Relations

__all__ = [
    "CALL_SECONDS",
    "INSTALL",
    "PrologDomain",
    "PrologProblem",
    "PrologSearch",
    "Relations",
    "find_swipl",
    "load_prolog",
]
