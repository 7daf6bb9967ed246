"""The 15-puzzle: Korf's 100 instances by the IDA* kernel with pattern databases."""

from __future__ import annotations

import statistics
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.harness import Section, clock, median_time, seconds, verdict


def puzzle_sections(quick: bool, runs: int) -> list[Section]:
    from searchlab.domains.puzzle.kernels import KORF_GOAL, KorfRow, korf100, load_solver
    from searchlab.domains.puzzle.kernels.pdb import forget_loaded, pattern_databases

    load_solver()  # load the compiled code before timing
    sections: list[Section] = []
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch)
        builds = []
        for run in range(runs):
            forget_loaded()
            directory = cache / f"build-{run}"
            started = clock()
            pattern_databases("pdb-663", KORF_GOAL, directory=directory)
            builds.append(clock() - started)
        build_time = statistics.median(builds)
        directory = cache / "build-0"

        def load() -> None:
            forget_loaded()
            pattern_databases("pdb-663", KORF_GOAL, directory=directory)

        load_time, _ = median_time(load, runs)
        database = Section(
            "15-puzzle: the 6-6-3 pattern databases",
            ["step", "time (median)"],
            notes=[
                "Three additive databases (6, 6 and 3 tiles, only pattern-tile moves counted), "
                "built by breadth-first search in the kernel (flood fill for the blank's free "
                "moves), stored ranked (the tiles' cells as a k-permutation: 2 × 5.8 MB + "
                "3.4 kB, against 2 × 16.8 MB + 4 kB sparse) with a SHA-256 in the header; "
                "loading re-checks the checksum.",
            ],
        )
        database.add("build all three (cold, empty cache)", seconds(build_time))
        database.add("load from the cache and verify", seconds(load_time))
        sections.append(database)

        solving = Section(
            "15-puzzle: Korf's 100 instances (Korf 1985), IDA* + 6-6-3 databases",
            [
                "instances",
                "heuristic",
                "all optimal",
                "nodes generated",
                "search time (median)",
                "nodes / s",
                "incl. database build",
            ],
            notes=[
                "One core, databases already in memory for the search-time column; the last "
                "column adds the median cold build. Lengths are compared with the published "
                "optimal ones (sum 5305, mean 53.05). Plain: the databases read on the board "
                "alone, moves tried up, down, left, right; reflected: also read on the board "
                "reflected about its diagonal (Felner, Korf & Hanan 2004: the larger sum), and "
                "moves tried in Korf's order (up, left, right, down), the default. Felner, "
                "Korf and Hanan report 617,555 nodes per instance for 6-6-3 with reflection.",
            ],
        )
        variants: dict[str, dict[str, Any]] = {
            "pdb-663 plain": {"reflect": False, "move_order": "up-down-left-right"},
            "pdb-663 plain, Korf's order": {"reflect": False},
            "pdb-663 reflected, Korf's order": {},
        }
        per_instance: dict[str, tuple[KorfRow, ...]] = {}
        for first in (10,) if quick else (10, 100):
            for label, settings in variants.items():
                pattern_databases(
                    "pdb-663", KORF_GOAL, directory=directory, reflect=settings.get("reflect", True)
                )
                took, korf = median_time(
                    partial(korf100, first, cache_dir=directory, **settings), runs
                )
                per_instance[label] = korf.rows
                optimal = all(row.length == row.optimal for row in korf.rows)  # checked too
                generated = korf.generated
                solving.add(
                    first,
                    label,
                    "yes" if optimal else "NO",
                    f"{generated:,} ({generated // first:,} per instance)",
                    seconds(took),
                    f"{generated / max(took, 1e-9) / 1e6:.1f} M",
                    seconds(took + build_time),
                )
                if first == 100 and label == "pdb-663 plain":
                    verdict(
                        "Korf's 100 optimally in about a minute including the database build",
                        f"{seconds(took + build_time)} ({seconds(build_time)} build + "
                        f"{seconds(took)} search), all optimal: {'yes' if optimal else 'NO'}",
                        optimal and took + build_time <= 90,
                    )
                if first == 100 and label == "pdb-663 reflected, Korf's order":
                    verdict(
                        "Korf's 100 in at most 1.2 s of search with 6-6-3 plus reflection",
                        f"{seconds(took)} search, all optimal: {'yes' if optimal else 'NO'}",
                        optimal and took <= 1.2,
                    )
        if not quick:  # a weaker database for comparison: 5-5-5, built and solved once
            forget_loaded()
            started = clock()
            pattern_databases("pdb-555", KORF_GOAL, directory=directory)
            build_555 = clock() - started
            took, other = median_time(
                partial(korf100, 10, heuristic="pdb-555", cache_dir=directory), 1
            )
            generated = other.generated
            solving.add(
                10,
                "pdb-555 (1 run)",
                "yes" if all(r.length == r.optimal for r in other.rows) else "NO",
                f"{generated:,}",
                seconds(took),
                f"{generated / max(took, 1e-9) / 1e6:.1f} M",
                seconds(took + build_555),
            )
            forget_loaded()
        sections.append(solving)

        plain = per_instance["pdb-663 plain"]
        reflected = per_instance["pdb-663 reflected, Korf's order"]
        detail = Section(
            f"15-puzzle: per instance (pdb-663, last run of the first {len(plain)})",
            [
                "instance",
                "length",
                "published",
                "generated (plain)",
                "generated (reflected, Korf's order)",
                "seconds (plain)",
                "seconds (reflected)",
            ],
        )
        print(f"  ({len(plain)} per-instance rows written to the file)")
        detail.rows = [
            [
                str(p.instance),
                str(p.length),
                str(p.optimal),
                f"{p.generated:,}",
                f"{r.generated:,}",
                f"{p.seconds:.3f}",
                f"{r.seconds:.3f}",
            ]
            for p, r in zip(plain, reflected, strict=True)
        ]
        sections.append(detail)
    forget_loaded()
    return sections


QUEUE_BUILDER = "573 s CPU, 2.5 GB peak"
"""The 8-tile build by the queue builder (before the layer scan), measured once apart
at 22:49 UTC: the reference the builder's figures are read against."""
LAYER_SCAN = "318 s CPU, 2.1 GB peak, equal to the cached table"
"""The 8-tile build by the layer scan, ``--only puzzle15-78-build`` at 00:46 UTC (7 tiles:
25.2 s): what a run that only estimates it quotes."""


def pdb78_build_section(quick: bool, eight: bool) -> tuple[Section, bool]:
    """The 7-8 databases' build: the 7-tile table built and timed (its peak memory from
    tracemalloc, which numpy reports to), the 8-tile one too when ``eight`` (minutes),
    else estimated from the 7-tile rate. Returns the section and whether the tables are
    cached."""
    import tracemalloc

    import numpy as np

    from searchlab.core.resources import size_text
    from searchlab.domains.puzzle.kernels import KORF_GOAL, load_solver
    from searchlab.domains.puzzle.kernels.pdb import (
        BUILD_MICROSECONDS,
        build_memory,
        build_seconds,
        build_table,
        cache_dir,
        partition_patterns,
        present,
        read_table,
    )

    load_solver()
    built = present("pdb-78", KORF_GOAL)
    build = Section(
        "15-puzzle: the 7-8 pattern databases (ranked)",
        ["table", "entries", "disk", "build memory (estimate)", "peak", "build time", "cached"],
        notes=[
            "Korf & Felner's partition: on Korf's goal (blank top left) tiles 1-7 and 8-15. "
            "Ranked tables (the tiles' cells as a k-permutation of the 16 cells: 16!/9! and "
            "16!/8! bytes), built by the kernel's breadth-first search over (placement, blank "
            "region), each layer a scan of the table in rank order: four bytes a placement "
            "(the table, the regions seen, this layer's and the next's). "
            + (
                "Both tables built here (`--only puzzle15-78-build`). "
                if eight and not quick
                else "The 8-tile build is estimated from this run's 7-tile rate, grown as "
                "BUILD_MICROSECONDS grew from 7 to 8 tiles (measured apart; "
                "`--only puzzle15-78-build` builds it here, in minutes). "
            )
            + f"The queue builder before it: {QUEUE_BUILDER} for the 8-tile table, 37.8 s "
            "for the 7-tile one (the full run of 23:18 UTC). 'cached': whether a table built "
            "here equals the one in the cache (built by whichever builder was current). 'peak': "
            "numpy's allocations during the build (tracemalloc).",
        ],
    )
    rate = 0.0  # seconds a placement, measured on the smaller table
    total = 0.0
    measured = 0
    for pattern, tiles in partition_patterns("pdb-78", KORF_GOAL):
        k = len(tiles)
        peak = "-"
        same = "-"
        if k <= (6 if quick else 8 if eight else 7):
            tracemalloc.start()
            started = clock()
            table = build_table(pattern)
            took = clock() - started
            peak = size_text(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
            cached = read_table(cache_dir() / pattern.file_name(), pattern) if built else None
            if cached is not None:  # a table built by the builder when it was cached
                same = "equal" if np.array_equal(cached, table) else "DIFFERENT"
            del table, cached
            rate = took / pattern.entries
            total += took
            measured += 1
            when = seconds(took)
        else:  # the rate per placement grows from 7 to 8 tiles as BUILD_MICROSECONDS does
            growth = build_seconds(pattern) / pattern.entries / (BUILD_MICROSECONDS[7] * 1e-6)
            estimate = pattern.entries * rate * growth if rate else build_seconds(pattern)
            total += estimate
            when = f"{'cached' if built else 'not built'}: about {seconds(estimate)} estimated"
        build.add(
            f"tiles {tiles[0]}-{tiles[-1]} ({k})",
            f"{pattern.entries:,}",
            size_text(pattern.entries),
            size_text(build_memory(pattern)),
            peak,
            when,
            same,
        )
    verdict(
        "the 7-8 build under a minute on one core",
        f"{'' if measured == 2 else 'about '}{seconds(total)}: 7-tile table {build.rows[0][5]}; "
        f"8-tile {build.rows[1][5]} (the queue builder: {QUEUE_BUILDER}"
        + ("" if measured == 2 else f"; the layer scan measured apart: {LAYER_SCAN}")
        + ")",
        measured == 2 and total < 60,
    )
    return build, built


def pdb78_build_sections(quick: bool, runs: int) -> list[Section]:
    """Both 7-8 tables built and timed (opt-in: minutes, not a minute)."""
    return [pdb78_build_section(quick, eight=True)[0]]


def pdb78_sections(quick: bool, runs: int) -> list[Section]:
    """The 7-8 databases: the build measured where it fits this run (the 7-tile table,
    once; the 8-tile one is estimated), and Korf's 100 with 7-8 against 6-6-3, with and
    without reflection, when the 7-8 tables are cached."""
    from searchlab.domains.puzzle.kernels import KORF_GOAL, korf100
    from searchlab.domains.puzzle.kernels.pdb import cache_dir, forget_loaded, pattern_databases

    build, built = pdb78_build_section(quick, eight=False)
    sections = [build]
    if not built:
        verdict("Korf's 100 in at most 0.3 s of search with 7-8 plus reflection", "not run: "
                "the 8-tile table is not built", False)
        return sections
    solving = Section(
        "15-puzzle: Korf's 100, 7-8 against 6-6-3 databases (Korf's move order)",
        ["databases", "reflection", "nodes generated", "per instance", "search time"],
        notes=[f"Tables from {cache_dir()}, loaded before the clock starts."],
    )
    first = 10 if quick else 100
    for name in ("pdb-78", "pdb-663"):
        for reflect in (False, True):
            forget_loaded()
            pattern_databases(name, KORF_GOAL, reflect=reflect)
            took, run = median_time(partial(korf100, first, heuristic=name, reflect=reflect), runs)
            solving.add(
                name,
                "yes" if reflect else "no",
                f"{run.generated:,}",
                f"{run.generated // first:,}",
                seconds(took),
            )
            if name == "pdb-78" and reflect and first == 100:
                verdict(
                    "Korf's 100 in at most 0.3 s of search with 7-8 plus reflection",
                    seconds(took),
                    took <= 0.3,
                )
    forget_loaded()
    return [*sections, solving]
