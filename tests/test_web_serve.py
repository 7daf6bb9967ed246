"""`searchlab serve`: its help, its refusals, and a real start on a free port."""

from __future__ import annotations

import json
import socket
import urllib.request

from conftest import RunCli, served


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
        assert set(options) >= {"backtrack", "climb", "puzzle"}
