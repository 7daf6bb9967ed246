"""``searchlab route ...``: the route domain's own commands beside ``solve`` (which
finds a path between two named or numbered nodes or grid cells): ``scen`` runs a
Moving AI scenario file against its optimal lengths, ``landmarks`` builds and saves
ALT's tables, ``generate`` writes test graphs and grid maps."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import click

from searchlab.cli.options import (
    JSON,
    add_max_memory,
    click_option,
    max_memory_option,
    seed_option,
)
from searchlab.cli.output import duration, progress
from searchlab.cli.report import EXIT_NO_SOLUTION, wrap
from searchlab.core.errors import InputError
from searchlab.core.options import Option
from searchlab.domains.routes.caps import (
    BUILD_BYTES,
    MAX_GENERATED,
    MAX_LANDMARKS,
    MAX_SIDE,
    SELECTIONS,
    WRITE_BYTES,
)

LIMIT = Option(
    "limit",
    "int",
    "search only the first N problems of the file",
    low=1,
    high=1_000_000,
    metavar="N",
)
LANDMARK_COUNT = Option(
    "landmarks", "int", "how many landmarks", default=16, low=1, high=MAX_LANDMARKS, metavar="K"
)
SELECTION = Option(
    "selection",
    "choice",
    "farthest (each the node farthest from those chosen) or random",
    default="farthest",
    choices=SELECTIONS,
)
NODES = Option(
    "nodes",
    "int",
    f"nodes of a road graph (some {BUILD_BYTES['road'] + WRITE_BYTES:,} bytes each to build "
    "and write: as many as --max-memory holds)",
    default=10_000,
    low=2,
    high=MAX_GENERATED,
    metavar="N",
)
# A grid's two sides, the same option each.
WIDTH, HEIGHT = (
    Option(
        side,
        "int",
        f"{side} of a grid (cells; a maze's in rooms; as many as --max-memory holds)",
        default=32,
        low=3,
        high=MAX_SIDE // 2 - 1,
        metavar=side[0].upper(),
    )
    for side in ("width", "height")
)
SCENARIOS = Option(
    "scenarios",
    "int",
    "also write FILE.scen with this many random problems and their optimal lengths",
    default=0,
    low=0,
    high=100_000,
    metavar="N",
)


def _emit(payload: dict[str, Any]) -> None:
    from searchlab.cli.main import print_json

    print_json(payload)


@click.command(
    "scen",
    short_help="Run Moving AI .scen files and compare every length with its optimum.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.argument("scen", type=click.Path(path_type=Path))
@click.option(
    "--map",
    "map_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The .map file (default: NAME.map beside NAME.map.scen, or the map it names).",
)
@click.option(
    "--algorithm",
    "-a",
    type=click.Choice(["astar", "jps"]),
    default="astar",
    show_default=True,
    help="astar: A* with the octile estimate; jps: jump point search (compiled).",
)
@click.option(
    "--engine",
    type=click.Choice(["compiled", "generic"]),
    default="compiled",
    show_default=True,
    help="compiled: the kernel's A*; generic: the engine's A*.",
)
@click_option(LIMIT)
@click.option("--quiet", "-q", is_flag=True, help="Print the summary only.")
@max_memory_option()
@JSON
def scen(
    scen: Path,
    map_path: Path | None,
    algorithm: str,
    engine: str,
    limit: int | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Search every problem of the Moving AI scenario file SCEN (version 1: bucket, map,
    width, height, start x y, goal x y, optimal length) by A* with the octile estimate,
    or by jump point search (-a jps), on its 8-connected map (diagonals never cut a
    corner), and compare each length found with the file's to its precision: a length
    written with k decimals agrees within half a unit of the k-th decimal (and a float
    sum's rounding). A scenario for another map, a start or goal on a wall, a malformed
    line: refused, naming the line. A terminal shows progress.

    SCEN may be a directory: every .scen file under it (each with its map beside it, as
    Moving AI's benchmark sets are laid out) is run, and a table per bucket sums them
    up (problems, mean optimal length, mean expansions, time per query, how many agree);
    only the problems that differ are listed. --limit applies to each file.

    Exit status 0 when every length agrees, 1 when one does not. --json: {scen, map,
    algorithm, engine, count, agree, disagree, seconds, setup_seconds, buckets:
    [{bucket, count, mean_optimal, mean_expanded, seconds_per_query, agree}], problems:
    [{line, bucket, start, goal, optimal, length, agrees, expanded, seconds}]}; for a
    directory, files: [{scen, map, count, agree}] in place of map, and problems lists
    those that differ, each with its scen.

    \b
    Examples:
      searchlab route scen arena.map.scen
      searchlab route scen maps/den011d.map.scen --map maps/den011d.map --json
      searchlab route scen room512/ -a jps -q
    """
    from searchlab.domains.routes.scenarios import by_bucket, run_scenarios, scenario_files

    if scen.is_dir() and map_path is not None:
        raise InputError("--map names the map of one .scen file, not of a directory", field="map")
    files = scenario_files(scen) if scen.is_dir() else [scen]
    runs = []
    with progress("searching", None, enabled=not as_json) as bar:
        for number, file in enumerate(files, start=1):

            def tell(done: int, total: int, number: int = number, file: Path = file) -> None:
                what = f"{file.name} ({number}/{len(files)})" if len(files) > 1 else "searching"
                bar.update(description=what, completed=done, total=total)

            try:
                runs.append(
                    (
                        file,
                        *run_scenarios(
                            file,
                            map_path,
                            engine=engine,
                            algorithm=algorithm,
                            limit=limit,
                            progress=tell,
                        ),
                    )
                )
            except InputError as error:
                raise error.about("scen") from None
    outcomes = [outcome for _, _, found, _ in runs for outcome in found]
    wrong = [outcome for outcome in outcomes if not outcome.agrees]
    spent = sum(outcome.seconds for outcome in outcomes)
    setup = sum(loading for _, _, _, loading in runs)
    how = "jps" if algorithm == "jps" else engine
    if as_json:
        payload: dict[str, Any] = {"scen": str(scen)}
        if scen.is_dir():
            payload["files"] = [
                {
                    "scen": str(file),
                    "map": grid.name,
                    "count": len(found),
                    "agree": sum(o.agrees for o in found),
                }
                for file, grid, found, _ in runs
            ]
        else:
            payload["map"] = runs[0][1].name
        payload |= {
            "algorithm": algorithm,
            "engine": engine,
            "count": len(outcomes),
            "agree": len(outcomes) - len(wrong),
            "disagree": len(wrong),
            "seconds": round(spent, 6),
            "setup_seconds": round(setup, 6),
            "buckets": [
                {k: round(v, 9) if isinstance(v, float) else v for k, v in row.items()}
                for row in by_bucket(outcomes)
            ],
        }
        if scen.is_dir():
            payload["problems"] = [
                {"scen": str(file), **outcome.to_dict()}
                for file, _, found, _ in runs
                for outcome in found
                if not outcome.agrees
            ]
        else:
            payload["problems"] = [outcome.to_dict() for outcome in outcomes]
        _emit(payload)
        sys.exit(EXIT_NO_SOLUTION if wrong else 0)
    for file, _, found, _ in runs:
        listed = found if not (quiet or scen.is_dir()) else [o for o in found if not o.agrees]
        for outcome in listed:
            s = outcome.scenario
            length = "none" if outcome.length is None else f"{outcome.length:.{s.decimals}f}"
            mark = "ok" if outcome.agrees else "DIFFERS"
            where = f"{file} " if scen.is_dir() else ""
            click.echo(
                f"{where}line {s.line}: {s.start[0]},{s.start[1]} → {s.goal[0]},{s.goal[1]} "
                f"optimal {s.optimal:.{s.decimals}f} found {length} {mark}"
            )
    if scen.is_dir():
        _bucket_table(by_bucket(outcomes))
        where = f"{len(files):,} scenario file{'s' if len(files) > 1 else ''} under {scen}"
    else:
        grid = runs[0][1]
        where = f"{grid.name} ({grid.width}×{grid.height})"
    click.echo(
        wrap(
            f"{len(outcomes):,} problems on {where}: "
            f"{len(outcomes) - len(wrong):,} agree with the file's optimal lengths, "
            f"{len(wrong):,} differ ({duration(spent)} of search, {how}; "
            f"{duration(setup)} loading)"
        )
    )
    sys.exit(EXIT_NO_SOLUTION if wrong else 0)


def _bucket_table(rows: list[dict[str, Any]]) -> None:
    """The per-bucket table of a directory run, in plain columns."""
    header = ("bucket", "count", "mean optimal", "mean expanded", "per query", "agree")
    lines = [
        (
            str(row["bucket"]),
            f"{row['count']:,}",
            f"{row['mean_optimal']:.2f}",
            f"{row['mean_expanded']:,.1f}",
            duration(row["seconds_per_query"]),
            f"{row['agree']:,}/{row['count']:,}",
        )
        for row in rows
    ]
    widths = [max(len(cells[i]) for cells in (header, *lines)) for i in range(len(header))]
    for cells in (header, *lines):
        click.echo("  ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True)))


@click.command(
    "landmarks",
    short_help="Choose landmarks for ALT and save their distance tables.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.argument("graph")
@click_option(LANDMARK_COUNT, fill=True)
@click_option(SELECTION, fill=True)
@seed_option()
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the tables to FILE.npz (default: the cache, where solve finds them).",
)
@max_memory_option()
@JSON
def landmarks(
    graph: str, landmarks: int, selection: str, seed: int | None, out: Path | None, as_json: bool
) -> None:
    """Choose landmarks on GRAPH (romania, road:N[:SEED], a .gr, .csv, .graphml, .npz
    or .map file) and compute the cost from each to every node and back, for the
    landmarks estimate (ALT) of `route solve --heuristic landmarks`. Saved to the cache
    (reused by solve with the same --landmarks, --selection and --seed) or to --out
    (given to solve as --landmarks-file). A terminal shows progress.

    --json: {graph, nodes, landmarks: [names], selection, seed, file, seconds}.

    \b
    Examples:
      searchlab route landmarks road:1000000:1 --landmarks 16
      searchlab route landmarks USA-road-d.NY.gr --out ny-landmarks.npz
    """
    from searchlab.domains.routes import landmarks as lm
    from searchlab.domains.routes.library import load_graph

    try:
        loaded, _ = load_graph(graph)
    except InputError as error:
        raise error.about("graph") from None
    seed = seed or 0
    started = time.perf_counter()
    with progress("landmarks", None, enabled=not as_json) as bar:

        def tell(what: str, done: int, total: int) -> None:
            bar.update(description=f"building {what}", completed=done, total=total)

        try:
            built = lm.build(loaded, landmarks, selection, seed, tell)
        except InputError as error:
            raise error.about("landmarks") from None
    path = out or lm.cache_path(loaded, landmarks, selection, seed)
    try:
        lm.save(built, path)
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}", field="out") from None
    spent = time.perf_counter() - started
    names = [loaded.name(int(node)) for node in built.nodes]
    if as_json:
        _emit(
            {
                "graph": graph,
                "nodes": loaded.n,
                "landmarks": names,
                "selection": selection,
                "seed": seed,
                "file": str(path),
                "seconds": round(spent, 6),
            }
        )
        return
    shown = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
    click.echo(wrap(f"{len(names)} landmarks ({selection}, seed {seed}) on {graph}: {shown}"))
    click.echo(wrap(f"saved to {path} ({duration(spent)})"))


@click.command(
    "generate",
    short_help="Write a road-like graph, a maze or a map of rooms.",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.argument("kind", type=click.Choice(["road", "maze", "rooms"]))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click_option(NODES, fill=True)
@click_option(WIDTH, fill=True)
@click_option(HEIGHT, fill=True)
@click_option(SCENARIOS, fill=True)
@seed_option()
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite files that exist (OUT, and the .co or .scen beside it).",
)
@max_memory_option()
@JSON
def generate(
    kind: str,
    out: Path,
    nodes: int,
    width: int,
    height: int,
    scenarios: int,
    seed: int | None,
    force: bool,
    as_json: bool,
) -> None:
    """Write a test graph to OUT. road: a road-like planar graph of --nodes nodes (jittered
    lattice, triangulated, weights at least the straight line), written as DIMACS
    (OUT.gr and OUT.co) or searchlab's arrays (OUT.npz). maze (--width × --height rooms)
    and rooms (--width × --height cells): Moving AI .map files, with --scenarios N also
    OUT.scen holding N random problems and their optimal lengths. The same --seed
    writes the same file.

    A file that exists (OUT, or the OUT.co or OUT.scen written beside it) is not
    overwritten without --force; each file is written whole or not at all (to a
    temporary file, renamed when complete). A size whose memory is past --max-memory is
    refused before the work, with the figure.

    --json: {kind, files, nodes, edges, seed, seconds}.

    \b
    Examples:
      searchlab route generate road road.gr --nodes 1000000 --seed 1
      searchlab route generate maze maze.map --width 40 --height 30 --scenarios 100
    """
    from searchlab.core import allowance
    from searchlab.core.outfile import atomic, refuse_existing
    from searchlab.domains.routes.generate import road_graph
    from searchlab.domains.routes.grid import maze, rooms
    from searchlab.domains.routes.readers import write_dimacs, write_npz

    seed = seed or 0
    started = time.perf_counter()
    files: list[Path] = []
    if kind == "road" and out.suffix not in (".gr", ".npz"):
        raise InputError("a road graph is written to FILE.gr or FILE.npz", field="out")
    if kind != "road" and out.suffix != ".map":
        raise InputError(f"a {kind} is written to FILE.map", field="out")
    if not force:
        refuse_existing(_outputs(kind, out, scenarios))
    cells = (
        nodes
        if kind == "road"
        else ((2 * width + 1) * (2 * height + 1) if kind == "maze" else width * height)
    )
    # building (the generic engine's lists included) and writing: DIMACS's lines, or a
    # map's text (a byte a cell, and its rows)
    price = BUILD_BYTES[kind] + (WRITE_BYTES if kind == "road" else 16)
    spec = f"road:{nodes}" if kind == "road" else f"{kind}:{width}:{height}"
    allowance.afford(
        spec,
        cells * price,
        "nodes" if kind == "road" else "width",
        f"at most {allowance.max_memory() // price:,} {'nodes' if kind == 'road' else 'cells'} fit",
    )
    if kind != "road":
        from searchlab.domains.routes.grid import check_cells

        check_cells(cells, spec)
    try:
        if kind == "road":
            graph = road_graph(nodes, seed)
            if out.suffix == ".npz":
                write_npz(graph, out)
                files = [out]
            else:
                files = write_dimacs(graph, out)
        else:
            rng = random.Random(seed)
            grid = maze(width, height, rng) if kind == "maze" else rooms(width, height, 8, rng)
            grid.name = out.name
            graph = grid.graph()
            text = _scenarios(grid, graph, scenarios, rng) if scenarios else None
            with atomic(out) as part:
                part.write_text(grid.text(), encoding="utf-8")
            files = [out]
            if text is not None:
                scen = out.with_name(out.name + ".scen")
                with atomic(scen) as part:
                    part.write_text(text, encoding="utf-8")
                files.append(scen)
    except OSError as error:
        raise InputError(f"cannot write {out}: {error.strerror}", field="out") from None
    spent = time.perf_counter() - started
    if as_json:
        _emit(
            {
                "kind": kind,
                "files": [str(f) for f in files],
                "nodes": graph.n,
                "edges": graph.edges,
                "seed": seed,
                "seconds": round(spent, 6),
            }
        )
        return
    click.echo(
        wrap(
            f"{kind}: {graph.n:,} nodes, {graph.edges:,} edges (seed {seed}) written to "
            f"{', '.join(str(f) for f in files)} ({duration(spent)})"
        )
    )


def _outputs(kind: str, out: Path, scenarios: int) -> list[Path]:
    """Every file ``generate`` writes: OUT, and the .co or .scen beside it."""
    if kind == "road":
        return [out, out.with_suffix(".co")] if out.suffix == ".gr" else [out]
    return [out, out.with_name(out.name + ".scen")] if scenarios else [out]


def _scenarios(grid: Any, graph: Any, count: int, rng: random.Random) -> str:
    """Random problems between connected free cells, with optimal lengths by Dijkstra."""
    import numpy as np

    from searchlab.domains.routes import kernel

    ys, xs = np.nonzero(grid.passable)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    arrays = (graph.indptr, graph.indices, graph.weights)
    space = kernel.Workspace(graph.n)
    lines = ["version 1"]
    while len(lines) <= count:
        sx, sy = rng.choice(cells)
        gx, gy = rng.choice(cells)
        if kernel.search(arrays, space, grid.index(sx, sy), grid.index(gx, gy)) != "found":
            continue
        length = float(space.dist[grid.index(gx, gy)])
        lines.append(
            f"{int(length) // 4}\t{grid.name}\t{grid.width}\t{grid.height}\t"
            f"{sx}\t{sy}\t{gx}\t{gy}\t{length:.8f}"
        )
    return "\n".join(lines) + "\n"


def route_commands(group: click.Group, domain: Any) -> None:
    """The route domain's commands beside ``solve``."""
    group.add_command(scen)
    group.add_command(landmarks)
    group.add_command(generate)
    add_max_memory(group.commands.get("solve"))  # graphs, maps and landmarks are priced
