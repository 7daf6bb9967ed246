"""The graph editor's small requests (``web.graphs``): what the editor offers, the
heuristic's check, and the graph as a file. Each is bounded by the graph's caps and
answers at once; a search on the graph is ``app.graph_search`` (it runs on a worker).

    GET  /api/graphs                     the examples, the formats, the search form's domain
    POST /api/graphs/check {graph}       exact costs to the goal and the heuristic's warnings
    POST /api/graphs/export {graph, format}   {filename, text}: json, dimacs, csv, python
"""

from __future__ import annotations

import json
import re

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from searchlab.web import graph_files, graphs
from searchlab.web.catalog import domain_json
from searchlab.web.fields import FieldError, parse_object, refuse_unknown, shown


async def _body(request: Request, fields: tuple[str, ...]) -> dict[str, object]:
    body = parse_object(await request.body())
    refuse_unknown(body, fields, "a graph request")
    return body


async def graph_options(_request: Request) -> Response:
    """The editor's examples and export formats, and the form of a search on a graph
    (the algorithms and heuristics every drawn graph offers)."""
    examples = graph_files.examples()
    domain = graphs.graph_domain(graphs.read_graph(examples["greedy"]))
    return JSONResponse({
        "examples": examples,
        "formats": list(graph_files.FORMATS),
        "domain": domain_json(domain),
        "caps": {"nodes": graphs.MAX_NODES, "arcs": graphs.MAX_ARCS, "value": graphs.MAX_VALUE},
    })  # fmt: skip


async def graph_check(request: Request) -> Response:
    """Each node's exact cost to the goal, and where the drawn h is not admissible or
    not consistent."""
    body = await _body(request, ("graph",))
    return JSONResponse(graphs.check_json(graphs.read_graph(body.get("graph"))))


def _file_stem(title: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower()
    return stem[:40] or "graph"


async def graph_export(request: Request) -> Response:
    """The graph as a file: its name and text (the page saves it)."""
    body = await _body(request, ("graph", "format"))
    graph = graphs.read_graph(body.get("graph"))
    kind = body.get("format")
    stem = _file_stem(graph.title)
    if kind == "json":
        name, text = f"{stem}.json", json.dumps(graph.to_json(), indent=1) + "\n"
    elif kind == "dimacs":
        name, text = f"{stem}.gr", graph_files.to_dimacs(graph)
    elif kind == "csv":
        name, text = f"{stem}.csv", graph_files.to_csv(graph)
    elif kind == "python":
        admissible = not any(w["kind"] == "admissible" for w in graphs.heuristic_warnings(graph))
        name = f"{stem.replace('-', '_')}.py"
        text = graph_files.to_python(graph, admissible, name)
    else:
        known = ", ".join(graph_files.FORMATS)
        raise FieldError("format", f"format must be one of {known}, not {shown(kind)}")
    return JSONResponse({"filename": name, "text": text})
