"""``searchlab serve``: the web viewer on a local port."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser
from typing import TYPE_CHECKING, Any

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import apply, note, param_option
from searchlab.cli.prolog_relations import serve_relation_options, take_served_relations
from searchlab.core.errors import InputError, ProblemError

if TYPE_CHECKING:
    import uvicorn

    from searchlab.web.classroom import Classroom


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket, bound before the server starts so the address printed
    (port 0: a free one) is the one in use."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise InputError(f"cannot use host {host!r}: {error.strerror}") from None
    except UnicodeError:
        raise InputError(f"cannot use host {host!r}: not a valid host name") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.listen(128)
    return sock


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    """Whether ``host`` means every address of the machine (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network: the one a packet to a private address
    would leave from (connecting a UDP socket sends nothing); None without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    parsed = ipaddress.ip_address(address)
    return None if parsed.is_loopback or parsed.is_unspecified else address


def classroom_names(host: str) -> list[str]:
    """The names a room reaches the server by: for a wildcard host, the machine's LAN
    address, then its host name (and name.local, as mDNS has it); else ``host``."""
    if not _is_wildcard(host):
        return [host]
    names = []
    address = lan_address()
    if address is not None:
        names.append(address)
    machine = socket.gethostname().strip().lower()
    if machine and machine != "localhost":
        names += [machine] if machine.endswith(".local") else [machine, f"{machine}.local"]
    return names or ["127.0.0.1"]


def _show_qr(link: str) -> None:
    """``link`` as a QR code on the terminal, for the students' phones and laptops."""
    try:
        import segno
    except ImportError:  # a declared dependency, but the link alone still works
        click.echo("(install segno to see the join link as a QR code)")
        return
    segno.make(link, error="m").terminal(out=sys.stdout, compact=True)


def _lecturing_server(config: uvicorn.Config, lecture: Classroom) -> uvicorn.Server:
    """A uvicorn server that, told to stop, first ends the students' pending polls on
    the teacher (which would otherwise hold the shutdown until they time out)."""
    import uvicorn

    class Lecturing(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            lecture.close()
            super().handle_exit(sig, frame)

    return Lecturing(config)


@click.command()
@click.option(
    "--host",
    default=None,
    help="Address to listen on. Default 127.0.0.1: only this machine can connect; with "
    "--classroom 0.0.0.0: every network of this machine.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Another host name the page may be opened by (repeatable), e.g. this machine's "
    "name on the network with --host 0.0.0.0. Loopback names and --host always work.",
)
@click.option(
    "--problem",
    "problems",
    multiple=True,
    metavar="TARGET",
    help="Your own problem, as `searchlab run` takes it (file.py[:factory] or "
    "module:factory), or a Prolog file (file.pl, as `searchlab prolog` takes it), shown "
    "in a tab of its own; repeatable.",
)
@param_option("the factory of every --problem")
@apply(serve_relation_options())
@click.option(
    "--graph",
    "graphs",
    multiple=True,
    metavar="[NAME=]FILE",
    help="A graph file the route tab may search (.gr, .csv, .graphml, .npz, .map), named "
    "in the page by its file name (ny.gr:1) or by NAME; repeatable. The page opens no "
    "other file of this machine.",
)
@click.option(
    "--classroom",
    is_flag=True,
    help="A lecture: listen on the network, print a join link for the students (and "
    "its QR code) and a teacher's link; every request without one is refused, each "
    "student gets a fair share of the server, and the teacher's page can lead theirs "
    "(Follow me).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in your web browser.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print {"url", "host", "port"} as one JSON line once listening (with '
    '--classroom also "join", "teacher" and "hosts").',
)
def serve(
    host: str | None,
    port: int,
    allow_hosts: tuple[str, ...],
    problems: tuple[str, ...],
    params: tuple[str, ...],
    graphs: tuple[str, ...],
    classroom: bool,
    open_browser: bool,
    as_json: bool,
    **relation_names: Any,
) -> None:
    """Watch the searches step by step in your browser.

    Starts a local web server with a tab for every domain: N-queens backtracking
    (step, play, next solution) and hill climbing (the document's eight cases, h over
    the steps), the sliding puzzle by best-first search and A* (expansions, then the
    solution played back), and every other domain, a plug-in's or your own problem
    (--problem, in Python or in Prolog), in a generic view that draws its states.
    A Prolog file's relations are named as `searchlab prolog` names them (--successor
    NAME/3, --goal NAME/1, --heuristic NAME/2, --value, --start, --check, --third),
    for every Prolog --problem.
    Every search runs in the server with the command line's checks, and limits on
    events and seconds. The server answers only its own pages: requests from other
    web sites, or under a host name it was not given, are refused. Stop it with Ctrl-C.

    \b
    Examples:
      searchlab serve --open
      searchlab serve --port 0 --json      # any free port; prints the address
      searchlab serve --problem examples/romania.py -p start=Sibiu
      searchlab serve --problem examples/prolog/water_jugs.pl
      searchlab serve --problem tests/data/prolog/rainhas_v2.pl --successor mover/3 \\
          --third value --value heuristica_1/2
      searchlab serve --graph ny.gr --graph city=roads.csv
      searchlab serve --classroom          # a lecture: students join by link or QR code
    """
    import uvicorn

    from searchlab.domains.prolog import load_prolog
    from searchlab.domains.routes.library import served_graphs
    from searchlab.domains.user import load_problem, parse_params
    from searchlab.web import DEFAULT_LIMITS, create_app
    from searchlab.web.pool import SWITCH_SECONDS
    from searchlab.web.prolog_queries import query_only

    if params and not problems:
        raise InputError("--param is for the factories of --problem: give a --problem")
    keywords = parse_params(params)
    relations, named = take_served_relations(relation_names)
    prolog_files = [target for target in problems if target.lower().endswith(".pl")]
    if named is not None and not prolog_files:
        raise InputError(
            f"--{named} names a relation of a Prolog file: give a --problem FILE.pl",
            field=named,
        )
    own = [  # a Prolog file has no factory: -p is for the Python ones beside it
        load_problem(target, keywords) for target in problems if not target.lower().endswith(".pl")
    ]
    programs = []  # Prolog files with no search: queried only (web/prolog_queries.py)
    for target in prolog_files:
        try:
            own.append(load_prolog(target, relations=relations))
        except ProblemError as problem:
            programs.append(query_only(target, problem))
            note(f"{target} is served for queries only: {problem}")
    files = served_graphs(graphs)  # each read now: a bad one is refused before binding
    if host is None:
        host = "0.0.0.0" if classroom else "127.0.0.1"
    lecture = None
    names = [host]
    extra: dict[str, Any] = {}
    if classroom:
        from searchlab.web.classroom import Classroom, room_limits

        lecture = Classroom()
        names = classroom_names(host)
        extra["limits"] = room_limits(DEFAULT_LIMITS)
    app = create_app(  # refusals before binding
        hosts=(host, *names, *allow_hosts),
        domains=own,
        graphs=files,
        classroom=lecture,
        programs=programs,
        **extra,
    )
    sock = _bind(host, port)
    bound_port = sock.getsockname()[1]
    shown = f"[{names[0]}]" if ":" in names[0] else names[0]
    url = f"http://{shown}:{bound_port}/"
    links = {} if lecture is None else lecture.links(url)
    if as_json:
        more = {"classroom": True, **links, "hosts": names} if links else {}
        print_json({"url": url, "host": host, "port": bound_port, **more})
    elif links:
        click.echo(f"searchlab classroom at {url}  (Ctrl-C to stop)")
        click.echo(f"listening on {host}; answering as {', '.join(names)} and loopback")
        click.echo(f"students, open: {links['join']}")
        _show_qr(links["join"])
        click.echo(f"teacher (keep it to yourself: it can lead the class): {links['teacher']}")
    else:
        click.echo(f"searchlab viewer at {url}  (Ctrl-C to stop)")
    if not _is_loopback(host):  # on stderr, so --json output stays one JSON line
        click.echo(f"warning: listening on {host}: other machines can reach this viewer", err=True)
    if open_browser:  # in a classroom, this machine's browser is the teacher's
        opened = links.get("teacher", url)
        threading.Timer(0.5, webbrowser.open, args=(opened,)).start()
    sys.setswitchinterval(SWITCH_SECONDS)  # the page stays quick while searches compute
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config) if lecture is None else _lecturing_server(config, lecture)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
