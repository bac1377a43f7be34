"""bench/web.py reads the push stream as the page does (issue 61.6).

A club night at a slow pace (``--club 200 --pace 20``) leaves streams idle past
the server's ping interval; the bench took each ``event: ping`` for a state and
failed on every table. Here the server pings every 50 ms and the bench's reader
must hand on states only.
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.web import listen, states_of
from tests.serve.helpers import create_live, make_server, serving


def test_issue_61_6_the_bench_skips_the_servers_pings() -> None:
    """Pings and comments between two states: only the states come out, whole."""
    lines = ['data: {"version": 1}', "", "event: ping", 'data: {"every": 15.0}', "",
             ": a comment", 'data: {"version": 2,', 'data: "x": 3}', ""]
    assert [state for _at, state in states_of(lines)] == [{"version": 1}, {"version": 2, "x": 3}]


def test_issue_61_6_the_bench_listens_through_idle_pings(tmp_path: Path) -> None:
    """Against a real server pinging every 50 ms: the bench's listener passes on the
    table's state and nothing else while the table is idle."""
    app, server = make_server(tmp_path)
    server.ping_seconds = 0.05
    with serving(app, server) as base:
        game = create_live(base, ruleset="tank-chess", seats={"white": "human", "black": "human"})
        link = game["links"]["white"]
        got: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        threading.Thread(target=listen, args=(httpx.Client(base_url=base), f"/api{link[link.index('/t/'):]}/stream", got),
                         daemon=True).start()
        first = got.get(timeout=10)[1]
        time.sleep(0.4)  # several pings
        assert "version" in first and got.empty()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the sockets from /proc/self/fd")
def test_issue_61_6_the_bench_connects_without_nagle(tmp_path: Path) -> None:
    """The bench's clients (httpx's) send with TCP_NODELAY, as a browser does, so
    that its figures are the server's: their end of the connection, found among
    this process's open files, says so."""
    app, server = make_server(tmp_path)
    with serving(app, server) as base:
        client = httpx.Client(base_url=base)
        assert client.get("/static/table.css").status_code == 200
        address = ("127.0.0.1", int(base.rsplit(":", 1)[1]))
        ends = []
        for name in os.listdir("/proc/self/fd"):
            try:
                sock = socket.socket(fileno=os.dup(int(name)))
            except OSError:
                continue
            with sock, contextlib.suppress(OSError):
                if sock.getpeername()[:2] == address:
                    ends.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        client.close()
        assert ends and all(ends), ends
