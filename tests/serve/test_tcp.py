"""``tanktable serve`` answers without Nagle's delay (issue 61.6).

A listening socket opened without naming TCP (``socket.socket()``, protocol 0)
is one asyncio does not recognise as TCP, so the connections it accepts keep
Nagle's algorithm: the body of an answer, written after its headers, waits for
the page's delayed ACK (~40 ms on Linux). These tests run the real ``serve``
(uvicorn in a thread) and read the option off the server's own end of a
connection, found among this process's open files.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the server's sockets from /proc/self/fd")


@contextlib.contextmanager
def running_serve(games: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    """``cli.serve.run.serve`` itself, in a thread (uvicorn leaves the signals alone
    there): the address it listens on while the block runs."""
    import uvicorn

    from cli.serve.run import serve

    servers: list[Any] = []
    real_run = uvicorn.Server.run

    def run(self: Any, sockets: list[socket.socket] | None = None) -> None:
        servers.append((self, sockets))
        real_run(self, sockets=sockets)

    monkeypatch.setattr(uvicorn.Server, "run", run)
    thread = threading.Thread(target=serve, args=("127.0.0.1", 0, games, [], [], 1.0),
                              kwargs={"workers": 0}, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not (servers and servers[0][0].started):
        assert time.monotonic() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    uv, sockets = servers[0]
    try:
        yield sockets[0].getsockname()[:2]
    finally:
        uv.handle_exit(0, None)
        thread.join(timeout=10)


def server_end(server: tuple[str, int], client: socket.socket) -> socket.socket:
    """The server's end of ``client``'s connection: a duplicate of its descriptor."""
    peer = client.getsockname()[:2]
    for name in os.listdir("/proc/self/fd"):
        try:
            sock = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue
        try:
            if sock.getsockname()[:2] == server and sock.getpeername()[:2] == peer:
                return sock
        except OSError:
            pass
        sock.close()
    raise AssertionError(f"no server socket for the connection from {peer}")


def get(client: socket.socket) -> bytes:
    """One keep-alive GET of a static file: its whole answer."""
    client.sendall(b"GET /static/table.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data:
        data += client.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += client.recv(65536)
    return head


def test_issue_61_6_serve_sets_tcp_nodelay_on_every_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection the server accepts has TCP_NODELAY on its side, so an answer
    goes out as soon as it is written."""
    with running_serve(tmp_path, monkeypatch) as server:
        for _ in range(2):  # each accepted connection, not only the first
            with socket.create_connection(server, timeout=10) as client:
                assert get(client).startswith(b"HTTP/1.1 200")
                with server_end(server, client) as mine:
                    assert mine.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


def test_issue_61_6_small_answers_come_back_without_the_delayed_ack_stall(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small request and its answer on one keep-alive connection take far less
    than the ~40 ms a delayed ACK holds an answer back under Nagle's algorithm (the
    median of 20, so that a busy moment of the machine does not count)."""
    with running_serve(tmp_path, monkeypatch) as server, \
            socket.create_connection(server, timeout=10) as client:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        times = []
        for _ in range(20):
            start = time.perf_counter()
            get(client)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        assert times[len(times) // 2] < 25, f"round trips in ms: {[round(t, 1) for t in times]}"
