"""A server over a temporary games directory, driven through its HTTP API."""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient as BareClient

from cli.serve.app import TableServer, create_app
from cli.serve.guard import ServedNames
from cli.serve.store import GameStore, ServerFiles
from core.ai.agents import AGENTS

KEY = "test-host-key"
HOST = {"x-host-key": KEY}
ORIGIN = "http://testserver"
"""The origin of the server's own pages as Starlette's test client reaches it."""


class TestClient(BareClient):
    """Starlette's test client as the server's own page: every request carries the
    page's ``Origin``, as a browser's POST does (issue 26.5)."""

    __test__ = False

    def __init__(self, app: Any, **kwargs: Any):
        kwargs.setdefault("headers", {"origin": ORIGIN})
        super().__init__(app, **kwargs)


@dataclass
class Link:
    """One seat's link: its API under ``/api/t/{game}/{token}``."""

    client: TestClient
    url: str

    @property
    def api(self) -> str:
        return "/api" + self.url[self.url.index("/t/"):]

    def state(self) -> dict[str, Any]:
        r = self.client.get(f"{self.api}/state")
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def post(self, what: str, body: dict[str, Any] | None = None) -> Any:
        return self.client.post(f"{self.api}/{what}", json=body or {})


def make_server(folder: Path, files: ServerFiles | None = None,
                agent_kinds: Sequence[str] | None = None) -> tuple[Any, TableServer]:
    """A server of the tests' own; its computer kinds are the fast ones unless
    ``agent_kinds`` names others (``tanktable serve`` also offers the presets)."""
    kinds = list(AGENTS) if agent_kinds is None else list(agent_kinds)
    store = GameStore(folder, files, think=0.05, agent_kinds=kinds)
    return create_app(store, host_key=KEY, names=ServedNames.of("127.0.0.1", allow_hosts=["testserver"]))


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", headers=HOST, json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def create_live(base: str, **body: Any) -> dict[str, Any]:
    """A game created through the host's API of a real server at ``base`` (see ``serving``)."""
    import httpx

    r = httpx.post(f"{base}/api/games", headers={"x-host-key": KEY, "origin": base}, json=body,
                   timeout=30)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def wait_for(link: Link, predicate: Any, timeout: float = 20.0) -> dict[str, Any]:
    """Poll a seat's state until ``predicate(state)`` (the computer thinks in a thread)."""
    end = time.monotonic() + timeout
    while True:
        state = link.state()
        if predicate(state):
            return state
        if time.monotonic() > end:
            raise AssertionError(f"timed out; last state: {state['to_move']} {state['thinking']}")
        time.sleep(0.02)


@contextlib.contextmanager
def serving(app: Any, server: Any) -> Iterator[str]:
    """``app`` served for real (uvicorn, in a thread) on a free port of 127.0.0.1: its base
    URL while the block runs; the push streams closed and the server stopped after it."""
    import threading
    import time

    import uvicorn

    from cli.serve.run import listening_socket

    sock = listening_socket("127.0.0.1", 0)  # as `tanktable serve` listens: TCP, no Nagle delay
    uv = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not uv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.close_streams()
        uv.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextlib.contextmanager
def serving_positions(games: Path, positions: Sequence[Path]) -> Iterator[tuple[str, TableServer]]:
    """A real server (:func:`serving`) over the games folder ``games`` that offers
    ``positions`` to start a game from: (its base URL, the server)."""
    app, server = make_server(games, ServerFiles.of([], list(positions)))
    with serving(app, server) as base:
        yield base, server
