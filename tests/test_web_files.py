"""No request reads a file of the machine that serves it: every field of every request
of every domain the server serves (walked from the registries, so a new domain, field
or option is covered by itself) is posted paths to a secret file, existing and then
removed, and the answer is the same refusal either way, says nothing of the file or
its folder, and no file under the test's folder is opened. A graph the server was
started with (``serve --graph``) is searched by its name, and by its name only."""

from __future__ import annotations

import json
import os
import shlex
import sys
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import served

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from searchlab.algorithms.registry import ALGORITHM_OPTIONS, ALGORITHMS
from searchlab.domains.base import Domain
from searchlab.domains.mapcolouring.maps import load_map
from searchlab.domains.routes.library import load_graph
from searchlab.domains.routes.readers import read_csv, write_npz
from searchlab.domains.scheduling.parse import load_instance
from searchlab.domains.user import load_problem
from searchlab.web import create_app
from searchlab.web.sandbox import FileRefused, no_files
from searchlab.web.searches import FIELDS

BASE = "http://127.0.0.1:8000"
ROMANIA = str(Path(__file__).parent.parent / "examples" / "romania.py")
SECRET = "hunter2"
"""In every secret file: no answer may hold it."""
GRAPHML = (
    '<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
    '<graph edgedefault="undirected"><node id="hunter2"/><node id="b"/>'
    '<edge source="hunter2" target="b"/></graph></graphml>'
)
SUFFIXES = (".gr", ".csv", ".map", ".graphml", ".npz", ".toml", ".txt")


def write_secrets(folder: Path) -> list[Path]:
    """A secret file of every kind a reader takes, each one the command line reads."""
    folder.mkdir()
    texts = {
        ".gr": f"c {SECRET}\np sp 3 2\na 1 2 5\na 2 3 5\n",
        ".csv": f"password={SECRET},b,1\nb,c,1\n",
        ".map": "type octile\nheight 2\nwidth 3\nmap\n...\n...\n",
        ".graphml": GRAPHML,
        ".toml": f"processors = 1\n[tasks.{SECRET}]\nduration = 1\nafter = []\n",
        ".txt": f"{SECRET.upper()}: B\n",
    }
    for suffix, text in texts.items():
        (folder / f"secret{suffix}").write_text(text)
    write_npz(read_csv(folder / "secret.csv"), folder / "secret.npz")
    files = [folder / f"secret{suffix}" for suffix in SUFFIXES]
    for file in files[:5]:  # each is a graph the command line searches
        load_graph(str(file))
    assert load_instance(files[5]).tasks and len(load_map(str(files[6])).regions) == 2
    return files


def path_forms(file: Path) -> list[str]:
    """``file`` written every way a path is (the test runs in its folder): absolute,
    bare, ./, ../folder/, and ../../.. up to the root and down again."""
    depth = len(file.parent.parts)
    return [
        str(file),
        file.name,
        f"./{file.name}",
        f"../{file.parent.name}/{file.name}",
        "../" * depth + str(file).lstrip("/"),
    ]


def values(files: list[Path], every: bool) -> list[str]:
    """Paths to the secret files, with and without a ``:1`` node after them: every form
    of every file for the fields that name things, else each file in one form."""
    found = []
    for index, file in enumerate(files):
        forms = path_forms(file)
        chosen = forms if every else [forms[index % len(forms)]]
        for text in chosen:
            found += [text, f"{text}:1"] if every else [text + (":1" if index % 2 else "")]
    return found


def algorithm_with(domain: Domain[Any, Any], option: str) -> str | None:
    """An algorithm of ``domain`` that reads ``option`` (None: none of them does)."""
    for name in domain.algorithms:
        if any(spec.name == option for spec in ALGORITHMS[name].options):
            return name
    return None


def requests(domain: Domain[Any, Any], value: Any, files: list[Path] | None) -> Iterator[Any]:
    """(path, body, field) for every field of every request ``domain`` answers, with
    ``value`` in it (or, when ``files`` are given, each path to them)."""
    params = [option.name for option in domain.params]
    base = f"/api/domains/{domain.name}"
    fields: list[tuple[str, str, dict[str, Any]]] = []
    for field in (*sorted(FIELDS), *params):
        fields.append(("search", field, {}))
    for option in sorted(ALGORITHM_OPTIONS):
        chosen = algorithm_with(domain, option)
        fields.append(("search", option, {"algorithm": chosen} if chosen else {}))
    if domain.has_random and domain.size is not None:
        for field in ("size", "seed", "goal", *params):
            fields.append(("random", field, {}))
    if hasattr(domain, "map_json"):
        for field in ("start", "goal", "heuristic", *params):
            fields.append(("map", field, {}))
    # a domain with no default start is given one (a named one, or its first example),
    # so that the field is read
    named = {}
    if not domain.has_default_start:
        named["start"] = next(iter(domain.presets), None) or shlex.split(domain.examples[0])[0]
    for kind, field, extra in fields:
        if kind == "search" and field != "start":
            extra = {**named, **extra}
        naming = field in ("start", "goal", *params)
        texts = [value] if files is None else values(files, every=naming)
        for text in texts:
            yield f"{base}/{kind}", {**extra, field: text}, field


class Opens:
    """Records, while on, every file opened under a folder (an audit hook)."""

    def __init__(self) -> None:
        self.on = False
        self.under = ""
        self.seen: list[str] = []
        sys.addaudithook(self.hook)

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if self.on and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.realpath(os.fsdecode(args[0]))
            if path.startswith(self.under):
                self.seen.append(path)


@pytest.fixture(scope="module")
def opens() -> Opens:
    return Opens()  # audit hooks stay for the process: one for the module


def answers(
    client: TestClient, domains: list[Domain[Any, Any]], files: list[Path]
) -> dict[tuple[str, str], Any]:
    """Every request's status, and its whole answer unless it is a 200 (a refusal
    names its field)."""
    found: dict[tuple[str, str], Any] = {}
    for domain in domains:
        for path, body, _ in requests(domain, None, files):
            reply = client.post(path, json=body)
            assert reply.status_code != 500, (path, body, reply.text)
            text = reply.text
            assert SECRET not in text.lower() and SECRET.upper() not in text, (path, body, text)
            assert str(files[0].parent) not in text, (path, body, text)
            if reply.status_code == 200:
                found[path, json.dumps(body)] = 200
            else:
                found[path, json.dumps(body)] = (reply.status_code, reply.json())
                assert reply.status_code != 400 or reply.json()["field"], (body, text)
    return found


def test_no_field_of_any_domain_opens_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opens: Opens
) -> None:
    files = write_secrets(tmp_path / "secret")
    monkeypatch.chdir(files[0].parent)
    with TestClient(create_app(domains=[load_problem(ROMANIA)]), base_url=BASE) as client:
        domains = list(client.app.state.catalog)  # type: ignore[attr-defined]
        assert {"route", "schedule", "map-colouring", "romania"} <= {d.name for d in domains}
        opens.under, opens.seen, opens.on = str(tmp_path.resolve()), [], True
        try:
            present = answers(client, domains, files)
            for file in files:
                file.unlink()
            absent = answers(client, domains, files)
        finally:
            opens.on = False
    assert opens.seen == []
    assert present.keys() == absent.keys() and len(present) > 2000
    differ = [key for key in present if present[key] != absent[key]]
    assert differ == [], (differ[:3], [present[key] for key in differ[:3]])
    refused = [answer for answer in present.values() if answer != 200]
    assert any("reads no files on the server" in answer[1]["error"] for answer in refused)


def test_a_nul_in_any_field_is_a_400_naming_it(client: TestClient) -> None:
    domains = [*client.app.state.catalog]  # type: ignore[attr-defined]
    for domain in domains:
        for path, body, field in requests(domain, "exa\x00mple", None):
            reply = client.post(path, json=body)
            assert reply.status_code == 400, (path, body, reply.text)
            answer = reply.json()
            assert answer["field"] == field and "\n" not in answer["error"], (path, body, answer)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(domains=[load_problem(ROMANIA)]), base_url=BASE) as test_client:
        yield test_client


def test_a_schedule_start_with_a_nul_names_the_field(client: TestClient) -> None:
    """It was a 422 with Python's words ("embedded null byte")."""
    reply = client.post("/api/domains/schedule/search", json={"start": "tasks\x00.toml"})
    assert reply.status_code == 400
    assert reply.json() == {"error": "start holds a NUL character: remove it", "field": "start"}


# -- serve --graph -------------------------------------------------------------------------


def post(url: str, body: dict[str, Any]) -> tuple[int, Any]:
    data = json.dumps(body).encode()
    outgoing = urllib.request.Request(
        url, data=data, headers={"content-type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(outgoing, timeout=60) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


def test_a_graph_the_server_was_started_with_is_searched_by_its_name(tmp_path: Path) -> None:
    graph = tmp_path / "roads.gr"
    graph.write_text("p sp 4 4\na 1 2 5\na 2 4 5\na 1 3 1\na 3 4 20\n")
    with served("--graph", str(graph), "--graph", f"loop={graph}") as address:
        url = address["url"]
        with urllib.request.urlopen(url + "api/options", timeout=60) as reply:
            options = json.load(reply)
        assert options["files"] == {"graph": ["roads.gr", "loop"]}
        route = next(entry for entry in options["domains"] if entry["name"] == "route")
        assert route["presets"]["roads.gr"] == "roads.gr:1" and route["presets"]["loop"] == "loop:1"
        for start in ("roads.gr:1", "loop:1"):
            status, answer = post(url + "api/domains/route/search", {"start": start, "goal": "4"})
            assert status == 200, answer
            assert answer["result"]["cost"] == 10 and answer["result"]["status"] == "solved"
        status, drawn = post(url + "api/domains/route/map", {"start": "loop:1", "goal": "4"})
        assert status == 200 and drawn["nodes"] == 4 and drawn["edges_count"] == 4
        for start in (f"{graph}:1", "../roads.gr:1", "other.gr:1"):  # by its name only
            status, answer = post(url + "api/domains/route/search", {"start": start, "goal": "4"})
            assert status == 400 and "reads no files on the server" in answer["error"], answer


def test_serve_refuses_a_graph_it_cannot_serve(run_cli: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.gr"
    broken.write_text("p sp 2 1\na 1 9 1\n")
    for args, says in (
        (["--graph", str(tmp_path / "missing.gr")], "no such file"),
        (["--graph", str(broken)], "line 2"),
        (["--graph", f"romania={broken}"], "cannot serve a graph named 'romania'"),
    ):
        run = run_cli("serve", "--port", "0", *args)
        assert run.code == 2 and says in run.stderr, run


# -- the second net ------------------------------------------------------------------------

READER = '''
class Reader:
    """Reads its start from a file: a reader that forgot to ask core.access."""

    initial = "x"

    def is_goal(self, state):
        return state == "x"

    def successors(self, state):
        return iter(())

    def parse_state(self, text):
        with open(text.strip(), encoding="utf-8") as file:
            return file.read().strip()


def problem():
    return Reader()
'''


def test_a_reader_that_forgot_the_policy_is_stopped_by_the_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = write_secrets(tmp_path / "secret")
    (tmp_path / "reader.py").write_text(READER)
    monkeypatch.chdir(files[0].parent)
    reader = load_problem(str(tmp_path / "reader.py"))
    with TestClient(create_app(domains=[reader]), base_url=BASE) as client:
        said = [
            client.post("/api/domains/reader/search", json={"start": name}).json()
            for name in ("secret.txt", "missing.txt")
        ]
    assert (
        said[0]
        == said[1]
        == {
            "error": "the viewer reads no files on the server: write the start itself in the "
            "field (or choose a named one)",
            "field": "start",
        }
    )


def test_the_sandbox_lets_a_request_read_the_cache_and_its_files_and_write_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "table.bin").write_bytes(b"kept")
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(cache))
    graph = tmp_path / "g.gr"
    graph.write_text("p sp 2 1\na 1 2 1\n")
    with no_files([graph]):
        assert (cache / "table.bin").read_bytes() == b"kept"
        assert graph.read_text().startswith("p sp")
        for forbidden in (
            lambda: (cache / "new.bin").write_bytes(b"written"),
            lambda: graph.write_text("changed"),
            lambda: (tmp_path / "other.txt").read_text(),
        ):
            with pytest.raises(FileRefused):
                forbidden()
    assert not (cache / "new.bin").exists() and graph.read_text().startswith("p sp")
