"""searchlab's benchmark suite: each workload timed side by side with its reference.

Run from the source tree with ``python -m benchmarks`` (or ``searchlab bench``, which
runs that); ``--quick`` for a short pass. Results go to BENCHMARKS.md. The suite is not
part of the installed package: it needs the source tree (the C reference lives here).
"""
