"""``python -m benchmarks [--quick] [--only NAME …] [--runs N] [--output FILE]``: the
report (BENCHMARKS.md) and the run's record beside it (BENCHMARKS.json)."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.claims import RECORD_SUFFIX
from benchmarks.harness import VERDICTS, Section, machine

ROOT = Path(__file__).resolve().parent.parent


def _alone(section: Callable[[bool, int], Section]) -> Callable[[bool, int], list[Section]]:
    """A workload of one section, in the shape of those that give several."""
    return lambda quick, runs: [section(quick, runs)]


def _workloads() -> dict[str, Callable[[bool, int], list[Section]]]:
    from benchmarks.bench_astar import astar_section
    from benchmarks.bench_constraint_examples import constraint_examples
    from benchmarks.bench_csp import queens as csp_queens
    from benchmarks.bench_csp import sudoku
    from benchmarks.bench_hill import hill_section
    from benchmarks.bench_jit import jit_section
    from benchmarks.bench_jps import jps_section
    from benchmarks.bench_local import local_sections
    from benchmarks.bench_parallel import parallel_section
    from benchmarks.bench_planning import planning_full_sections, planning_sections
    from benchmarks.bench_prolog import prolog_sections
    from benchmarks.bench_puzzle import pdb78_build_sections, pdb78_sections, puzzle_sections
    from benchmarks.bench_puzzle24 import puzzle24_sections
    from benchmarks.bench_queens import counting, repair
    from benchmarks.bench_routes import routes_sections
    from benchmarks.bench_routes_ch import ch_sections
    from benchmarks.bench_startup import kernel_startup_section, startup_section
    from benchmarks.bench_sudoku_limit import sudoku_limit_section
    from benchmarks.classroom_load import classroom_section
    from benchmarks.web_load import web_load_section

    return {
        "queens-count": _alone(counting),
        "astar": _alone(astar_section),
        "hill": _alone(hill_section),
        "min-conflicts": _alone(repair),
        "puzzle15": puzzle_sections,
        "puzzle15-78": pdb78_sections,
        "puzzle15-78-build": pdb78_build_sections,
        "puzzle24": puzzle24_sections,
        "parallel-ida": _alone(parallel_section),
        "jit": _alone(jit_section),
        "startup": lambda quick, runs: [
            startup_section(quick, runs),
            kernel_startup_section(quick, runs),
        ],
        "web-load": web_load_section,
        "classroom": classroom_section,
        "prolog": prolog_sections,
        "csp-sudoku": _alone(sudoku),
        "sudoku-limit": _alone(sudoku_limit_section),
        "csp-queens": _alone(csp_queens),
        "constraint-examples": _alone(constraint_examples),
        "routes": routes_sections,
        "jps": _alone(jps_section),
        "routes-ch": ch_sections,
        "local": local_sections,
        "planning": planning_sections,
        "planning-full": planning_full_sections,
    }


OPT_IN = ("puzzle15-78-build", "planning-full")
"""Workloads a full run leaves out (minutes each): run them with ``--only``."""


def targets() -> str:
    """The issues' targets with what this run measured."""
    lines = ["## Targets (from the issues)", "", "| target | measured | met |", "|---|---|---|"]
    lines += [
        f"| {target} | {measured} | {'yes' if met else 'NO'} |"
        for target, measured, met in VERDICTS
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Time searchlab's kernels and generic engine against their references "
        "and write the figures to BENCHMARKS.md.",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="smaller workloads (about a minute): a smoke test, not figures",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median; ≥ 3)")
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="run only these workloads: "
        + ", ".join(_workloads())
        + f" (a full run leaves out {', '.join(OPT_IN)})",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="where to write the report, and beside it the run's record (the same name "
        "ending .json: every table and target, what tests/test_benchmark_claims.py holds "
        "the report and the docs to); default: BENCHMARKS.md in the source tree for a "
        "full run, nothing for --quick or --only",
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object with every table on stdout (progress goes to stderr)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    if args.output is not None and args.output.suffix == RECORD_SUFFIX:
        parser.error(
            f"--output names the markdown report; its record takes the {RECORD_SUFFIX} name"
        )
    workloads = _workloads()
    chosen = args.only or [name for name in workloads if name not in OPT_IN]
    unknown = [name for name in chosen if name not in workloads]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}: choose from {', '.join(workloads)}")
    started = time.perf_counter()
    sections: list[Section] = []
    with contextlib.redirect_stdout(sys.stderr if args.json else sys.stdout):
        header = machine()
        print("\n".join(header), flush=True)
        for name in chosen:
            print(f"\n== {name}", flush=True)
            sections += workloads[name](args.quick, args.runs)
        total = time.perf_counter() - started
        print(f"\nsuite finished in {total:.0f} s", flush=True)
    payload = {
        "machine": [line.removeprefix("- ") for line in header],
        "quick": args.quick,
        "runs": args.runs,
        "sections": [dataclasses.asdict(section) for section in sections],
        "targets": [
            {"target": target, "measured": measured, "met": met}
            for target, measured, met in VERDICTS
        ],
        "seconds": round(total, 3),
    }
    if args.json:
        print(json.dumps(payload, ensure_ascii=False))
    output = args.output
    if output is None and not args.quick and args.only is None:
        output = ROOT / "BENCHMARKS.md"
    if output is not None and not args.no_write:
        mode = "quick" if args.quick else "full"
        text = [
            "# searchlab benchmarks",
            "",
            "Written by `python -m benchmarks` (also `searchlab bench`); rerun it to refresh. "
            f"This is a {mode} run, {args.runs} runs per figure (medians), suite time "
            f"{total:.0f} s (wall). Times are CPU seconds of the measuring process (the "
            "C counter: its own CPU clock), because the machine is shared and wall time "
            "would include other jobs' load; ratios are single-core. Expect ±10 % noise.",
            "",
            *header,
            "",
            targets(),
            *[section.markdown() for section in sections],
        ]
        output.write_text("\n".join(text), encoding="utf-8")
        # The run's record beside its report: what benchmarks/claims.py checks texts by.
        record = output.with_suffix(RECORD_SUFFIX)
        record.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(f"written to {output} and {record}", file=sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
