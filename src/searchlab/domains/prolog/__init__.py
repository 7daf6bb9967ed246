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

States cross the boundary as the text Prolog writes for them with ``quoted(true)``,
which reads back as the same term: equal texts are exactly ``==`` terms, so a Python
``str`` hashes and compares states as Prolog compares them, and prints them as
Prolog writes them (``problem.py``).

**Why a ``swipl`` subprocess, not a binding.** Measured on the 2-vCPU machine of
BENCHMARKS.md (SWI-Prolog 9.0.4; ``benchmarks/bench_prolog.py``): pyswip 0.3.3 in
the same process answers a trivial query in about 8 µs but converts answers slowly:
``s/3`` on a water-jugs state as a query returning dicts costs about 90 µs, the
successors as canonical text about 160 µs, and 31 µs only when the whole expansion is
batched into one atom. The subprocess driver (``driver.pl``, one line a request on a
pipe) answers the same batched expansion in about 28 µs round trip (a goal test in
13 µs). Speed is therefore a draw at best for the binding, and the subprocess wins
everything else: a call that never ends is stopped by a signal with nothing spent on
calls that do end (``call_with_time_limit`` around every call, needed in process,
cost 22 µs of the 28); ``halt``, a stack overflow or a crash in the file cannot take
Python down; what the file prints goes to stderr, never into ``--json``; the
viewer's searches on several threads and the experiments' forked workers each talk
to a process of their own or take turns, where an embedded Prolog must be attached
to every thread; and nothing has to be built against a particular SWI-Prolog (the
other binding, ``janus-swi``, does not build against 9.0.4). So SWI-Prolog is the
one requirement: the ``searchlab[prolog]`` extra installs nothing more.
"""

from __future__ import annotations

from searchlab.domains.prolog.bridge import INSTALL, find_swipl
from searchlab.domains.prolog.domain import CALL_SECONDS, PrologDomain, load_prolog
from searchlab.domains.prolog.problem import PrologProblem, PrologSearch

__all__ = [
    "CALL_SECONDS",
    "INSTALL",
    "PrologDomain",
    "PrologProblem",
    "PrologSearch",
    "find_swipl",
    "load_prolog",
]
