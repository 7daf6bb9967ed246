"""``searchlab serve``: the web viewer on a local port."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser

import click

from searchlab.cli.main import print_json
from searchlab.cli.options import param_option
from searchlab.core.errors import InputError


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


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Only this machine can connect unless you change it.",
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
@click.option(
    "--graph",
    "graphs",
    multiple=True,
    metavar="[NAME=]FILE",
    help="A graph file the route tab may search (.gr, .csv, .graphml, .npz, .map), named "
    "in the page by its file name (ny.gr:1) or by NAME; repeatable. The page opens no "
    "other file of this machine.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in your web browser.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print {"url", "host", "port"} as one JSON line once listening.',
)
def serve(
    host: str,
    port: int,
    allow_hosts: tuple[str, ...],
    problems: tuple[str, ...],
    params: tuple[str, ...],
    graphs: tuple[str, ...],
    open_browser: bool,
    as_json: bool,
) -> None:
    """Watch the searches step by step in your browser.

    Starts a local web server with a tab for every domain: N-queens backtracking
    (step, play, next solution) and hill climbing (the document's eight cases, h over
    the steps), the sliding puzzle by best-first search and A* (expansions, then the
    solution played back), and every other domain, a plug-in's or your own problem
    (--problem, in Python or in Prolog), in a generic view that draws its states.
    Every search runs in the server with the command line's checks, and limits on
    events and seconds. The server answers only its own pages: requests from other
    web sites, or under a host name it was not given, are refused. Stop it with Ctrl-C.

    \b
    Examples:
      searchlab serve --open
      searchlab serve --port 0 --json      # any free port; prints the address
      searchlab serve --problem examples/romania.py -p start=Sibiu
      searchlab serve --problem examples/prolog/water_jugs.pl
      searchlab serve --graph ny.gr --graph city=roads.csv
    """
    import uvicorn

    from searchlab.domains.routes.library import served_graphs
    from searchlab.domains.user import load_problem, parse_params
    from searchlab.web import create_app
    from searchlab.web.pool import SWITCH_SECONDS

    if params and not problems:
        raise InputError("--param is for the factories of --problem: give a --problem")
    keywords = parse_params(params)
    own = [  # a Prolog file has no factory: -p is for the Python ones beside it
        load_problem(target, {} if target.lower().endswith(".pl") else keywords)
        for target in problems
    ]
    files = served_graphs(graphs)  # each read now: a bad one is refused before binding
    app = create_app(hosts=(host, *allow_hosts), domains=own, graphs=files)
    sock = _bind(host, port)
    bound_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound_port}/"
    if as_json:
        print_json({"url": url, "host": host, "port": bound_port})
    else:
        click.echo(f"searchlab viewer at {url}  (Ctrl-C to stop)")
    if not _is_loopback(host):  # on stderr, so --json output stays one JSON line
        click.echo(f"warning: listening on {host}: other machines can reach this viewer", err=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    sys.setswitchinterval(SWITCH_SECONDS)  # the page stays quick while searches compute
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
