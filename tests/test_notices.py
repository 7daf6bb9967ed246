"""Deprecation notices: once a release to each user, never with --json (issue 27).
Each test starts as a user told nothing yet (conftest's ``unseen_notices``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import RunCli

import searchlab
from searchlab.cli import notices

OLD_SPELLING = ("puzzle", "random", "-k", "3", "--seed", "1")
SAID = "searchlab: note: -k is deprecated and will be removed: write --size"


def test_a_notice_is_said_once(run_cli: RunCli) -> None:
    """Before: on every call."""
    first, second = run_cli(*OLD_SPELLING), run_cli(*OLD_SPELLING)
    assert first.code == second.code == 0
    assert first.stderr.strip() == SAID
    assert second.stderr == "" and second.stdout == first.stdout
    other = run_cli("queens", "climb", "--random", "3", "--n", "6", "--seed", "1")
    assert "--n is deprecated and will be removed: write --size" in other.stderr  # its own


@pytest.mark.parametrize(
    "args",
    [
        ("puzzle", "solve", "c", "--json"),  # 0.1's keys, still written
        ("puzzle", "random", "--seed", "1", "--json"),
        ("schedule", "solve", "example", "--json"),
        ("queens", "climb", "--random", "3", "--n", "6", "--seed", "1", "--json"),
        ("queens", "solve", "6", "--limit", "2", "--json"),
        ("schedule", "example", "--json"),  # 0.1's `searchlab schedule FILE`
    ],
)
def test_never_a_notice_with_json(run_cli: RunCli, args: tuple[str, ...]) -> None:
    """Before: a note on stderr at every call of the first five."""
    run = run_cli(*args)
    assert run.code == 0, run.stderr
    assert run.stderr == ""
    json.loads(run.stdout)


def test_the_old_json_keys_are_still_written(run_cli: RunCli) -> None:
    document = json.loads(run_cli("puzzle", "solve", "c", "--json").stdout)
    assert document["guaranteed_shortest"] == document["optimal"]
    assert document["start"] == document["run"]["start"]


def test_a_new_release_says_it_again(run_cli: RunCli) -> None:
    path = notices.seen_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    message = SAID.removeprefix("searchlab: note: ")
    path.write_text(json.dumps({"release": "0.0.1", "said": [message]}), encoding="utf-8")
    assert run_cli(*OLD_SPELLING).stderr.strip() == SAID
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == {"release": searchlab.__version__, "said": [message]}
    assert run_cli(*OLD_SPELLING).stderr == ""


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"release": 3, "said": 4}'])
def test_a_damaged_file_means_the_notice_is_said(run_cli: RunCli, damage: str) -> None:
    path = notices.seen_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damage, encoding="utf-8")
    assert run_cli(*OLD_SPELLING).stderr.strip() == SAID


def test_an_unwritable_cache_is_no_error(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setattr(notices, "seen_file", lambda: blocker / "notices.json")
    for _ in range(2):  # said each time, as nothing can be kept
        run = run_cli(*OLD_SPELLING)
        assert run.code == 0 and run.stderr.strip() == SAID


def test_the_file_is_in_searchlabs_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.undo()  # the real seen_file, not conftest's stand-in
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    assert notices.seen_file() == tmp_path / "notices.json"
