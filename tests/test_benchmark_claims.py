"""BENCHMARKS.md and the docs claim only figures that the last run of
``python -m benchmarks`` measured: the run writes its record (BENCHMARKS.json) beside its
report, and every ratio or rate in the report, or in a docs section that points to the
report, its command or its file, must be in that record. A figure is a ratio or a rate
(benchmarks/claims.py); found anywhere in the record it passes, so a coincidence can let
a stale figure through, but a figure that no table, note or target of the run holds
cannot stay."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import benchmarks.__main__ as suite
from benchmarks.claims import RECORD_SUFFIX, figures, unbacked
from benchmarks.harness import VERDICTS, Section, verdict

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "BENCHMARKS.md"
CITES_THE_BENCHMARKS = re.compile(r"BENCHMARKS\.md|python -m benchmarks|searchlab bench\b")


def last_run() -> dict[str, Any]:
    record = REPORT.with_suffix(RECORD_SUFFIX)
    if not record.exists():
        pytest.fail(
            f"{record.name} is missing: no stored run backs BENCHMARKS.md; "
            "run `python -m benchmarks` (it writes both)"
        )
    loaded: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
    return loaded


def sections_citing_the_report() -> list[tuple[str, str]]:
    """(file, section) for every section of README.md and docs/, heading to heading,
    that names BENCHMARKS.md, ``python -m benchmarks`` or ``searchlab bench``: it
    presents its figures (if it gives any) as the benchmarks'."""
    cited: list[tuple[str, str]] = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for section in re.split(r"(?m)^(?=#{1,6} )", page.read_text(encoding="utf-8")):
            if CITES_THE_BENCHMARKS.search(section) and figures(section):
                cited.append((page.name, section))
    return cited


def test_figures_are_ratios_and_rates_and_not_board_sizes() -> None:
    text = (
        "On 3×3 and 16×16 boards (2 × pairs) the engine is 1.06× the plain one, 87.9× "
        "faster than python-constraint; 20,129 puzzles/s, 8,682/s on the hardest, "
        "and 6.2k/s in-process."
    )
    assert figures(text) == ["1.06×", "87.9×", "20,129/s", "8,682/s", "6.2k/s"]


def test_a_figure_the_run_did_not_measure_is_refused() -> None:
    record = {
        "sections": [{"title": "A*", "rows": [["generic engine", "2.13×"]], "notes": []}],
        "targets": [{"target": "Sudoku", "measured": "20,129 puzzles/s on the set"}],
    }
    claims = "The engine is 2.13× a plain A*; 20,129/s on the set, 39,411/s (54×) too."
    assert unbacked(claims, record) == ["39,411/s", "54×"]
    assert unbacked("The engine is 2.13× a plain A*.", record) == []
    assert unbacked("The engine is 2.1× a plain A*.", record) == ["2.1×"]  # no rounding


def test_the_run_writes_its_record_beside_its_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def tiny(_quick: bool, _runs: int) -> list[Section]:
        section = Section("tiny", ["variant", "rate", "vs peer"])
        section.add("ours", "12,345/s", "3.21×")
        section.notes.append("- the peer 3,846/s")
        verdict("ours at least 3× the peer", "3.21×", True)
        return [section]

    monkeypatch.setattr(suite, "_workloads", lambda: {"tiny": tiny})
    report = tmp_path / "REPORT.md"
    earlier = VERDICTS[:]  # the suite's targets so far, kept out of this report
    VERDICTS.clear()
    try:
        assert suite.main(["--only", "tiny", "--output", str(report)]) == 0
    finally:
        VERDICTS[:] = earlier
    record = json.loads(report.with_suffix(".json").read_text(encoding="utf-8"))
    written = report.read_text(encoding="utf-8")
    assert figures(written) == ["3×", "3.21×", "3,846/s", "12,345/s", "3.21×"]
    assert unbacked(written, record) == []


def test_a_report_named_like_its_record_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        suite.main(["--only", "astar", "--output", str(tmp_path / "report.json")])
    assert stopped.value.code == 2
    assert "--output names the markdown report" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_record_is_of_the_run_that_wrote_the_report() -> None:
    record = last_run()
    run_lines = REPORT.read_text(encoding="utf-8").splitlines()
    stamp = next(line for line in record["machine"] if line.startswith("run: "))
    assert f"- {stamp}" in run_lines, "BENCHMARKS.md and BENCHMARKS.json come from different runs"


def test_benchmarks_md_claims_only_what_the_last_run_measured() -> None:
    assert unbacked(REPORT.read_text(encoding="utf-8"), last_run()) == []


@pytest.mark.parametrize(
    ("page", "section"),
    sections_citing_the_report(),
    ids=[f"{page}: {section.splitlines()[0]}" for page, section in sections_citing_the_report()],
)
def test_docs_citing_the_benchmarks_claim_only_what_the_last_run_measured(
    page: str, section: str
) -> None:
    assert unbacked(section, last_run()) == [], f"{page}: figures no stored run contains"


def test_a_row_must_fill_its_table() -> None:
    """A row wider or narrower than the headers would shift the report's columns (the
    N-queens solvers' table once had 9 cells under 7 headers)."""
    section = Section("t", ["a", "b"])
    section.add(1, 2)
    with pytest.raises(ValueError, match="3 cells under 2 headers"):
        section.add(1, 2, 3)


def test_every_stored_table_is_rectangular() -> None:
    """The last run's record: each row as wide as its headers."""
    for section in last_run()["sections"]:
        widths = {len(row) for row in section["rows"]}
        assert widths <= {len(section["headers"])}, section["title"]
