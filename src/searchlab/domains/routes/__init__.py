"""Route finding: weighted graphs stored as arrays (AIMA's Romania, DIMACS, CSV,
GraphML, generated road-like graphs), Moving AI grid maps, and the searches over them
(Dijkstra, A*, bidirectional, ALT, a compiled kernel)."""
