"""`searchlab serve`: its help, its refusals, and a real start on a free port."""

from __future__ import annotations

import http.client
import json
import select
import socket
import tempfile
import urllib.request
from typing import Any

from conftest import RunCli, served
from helpers import rss_mb


def test_serve_help_teaches(run_cli: RunCli) -> None:
    result = run_cli("serve", "--help")
    assert result.code == 0
    for words in ("--host", "--port", "--open", "127.0.0.1", "searchlab serve --open"):
        assert words in result.stdout


def test_a_port_out_of_range_is_refused(run_cli: RunCli) -> None:
    result = run_cli("serve", "--port", "70000")
    assert result.code == 2
    assert "--port" in result.stderr and "Traceback" not in result.stderr


def test_a_port_in_use_is_refused_in_one_line(run_cli: RunCli) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.code == 2
    assert result.stderr.startswith(f"searchlab: error: cannot listen on 127.0.0.1:{port}")


def test_an_unknown_host_is_refused(run_cli: RunCli) -> None:
    result = run_cli("serve", "--host", "no such host..invalid")
    assert result.code == 2
    assert "cannot use host" in result.stderr


def test_serve_prints_its_address_and_answers_there() -> None:
    with served() as address:
        assert address["host"] == "127.0.0.1" and address["port"] > 0
        with urllib.request.urlopen(address["url"] + "api/options", timeout=10) as reply:
            options = json.load(reply)
        names = [domain["name"] for domain in options["domains"]]
        assert names[:3] == ["queens", "puzzle", "schedule"]


def test_a_public_host_warns_on_stderr_even_with_json() -> None:
    with tempfile.TemporaryFile() as stderr:
        with served("--host", "0.0.0.0", stderr=stderr) as address:
            assert address["host"] == "0.0.0.0"  # stdout stayed one JSON line
            # it answers under the loopback names, not under names it was not given
            local = f"http://127.0.0.1:{address['port']}/api/options"
            with urllib.request.urlopen(local, timeout=10) as reply:
                assert reply.status == 200
        stderr.seek(0)
        lines = stderr.read().decode().splitlines()
    assert lines == ["warning: listening on 0.0.0.0: other machines can reach this viewer"]


def test_a_loopback_host_says_nothing_on_stderr() -> None:
    with tempfile.TemporaryFile() as stderr:
        with served(stderr=stderr):
            pass
        stderr.seek(0)
        assert stderr.read() == b""


def ask(port: int, host: str, path: str = "/api/options") -> tuple[int, dict[str, Any]]:
    """GET with the Host header given (as a DNS-rebinding page would send its own)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host})
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def test_the_server_answers_only_to_its_own_host_names() -> None:
    with served("--allow-host", "viewer.test") as address:
        port = address["port"]
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"viewer.test:{port}"):
            assert ask(port, host)[0] == 200, host
        status, body = ask(port, f"attacker.example:{port}")
        assert status == 400 and "answers only as" in body["error"]


def raw_request(port: int, head: str) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(head.encode())
    return connection


def test_a_declared_huge_body_is_refused_before_it_is_sent() -> None:
    with served() as address:
        port = address["port"]
        connection = raw_request(
            port,
            f"POST /api/domains/queens/search HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n",
        )
        with connection:  # no byte of the body sent: the answer comes, and the hang-up
            answer = b"".join(iter(lambda: connection.recv(65536), b"")).decode()
        assert answer.startswith("HTTP/1.1 413"), answer
        assert "too large" in answer and "connection: close" in answer.lower()


def test_a_streamed_huge_body_costs_the_server_no_memory() -> None:
    """100 MB offered in chunks without a length: the server stops reading at the cap,
    answers 413 and hangs up, so its memory does not grow with what was offered."""
    offered = 100 * 2**20
    chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"  # 64 kB chunks
    with served() as address:
        port, pid = address["port"], address["pid"]
        before = rss_mb(pid)
        connection = raw_request(
            port,
            f"POST /api/domains/queens/search HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        )
        sent, answer = 0, b""
        with connection:
            connection.setblocking(False)
            while sent < offered and not answer:
                readable, writable, _ = select.select([connection], [connection], [], 10)
                try:
                    if readable:
                        answer = connection.recv(65536)
                        break
                    if writable:
                        sent += connection.send(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    break  # hung up on us: the answer may be lost with the connection
        after = rss_mb(pid)
    assert sent < offered / 4, f"the server read {sent} bytes"
    assert not answer or answer.startswith(b"HTTP/1.1 413"), answer
    assert after - before < 10, (before, after)
