"""Classical planning: PDDL domains and problems (STRIPS with types, equality, negative
preconditions and constants) read by the ``pddl`` package, grounded by relaxed
reachability and searched by the engine's algorithms with the planning heuristics."""
