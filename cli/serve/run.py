"""Start the server: check the command line, open the games directory, run uvicorn."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import typer

from cli.serve.command import is_local


def serve(host: str, port: int, games_dir: Path, scenarios: list[Path], positions: list[Path],
          think: float, public_url: str | None = None, allow_hosts: list[str] | None = None,
          new_key: bool = False, armies: list[Path] | None = None,
          cards: list[Path] | None = None, workers: int | None = None) -> int:
    import uvicorn

    from cli.serve.app import create_app
    from cli.serve.armies import check_server_files
    from cli.serve.guard import BadServedName, ServedNames
    from cli.serve.hostkey import host_key
    from cli.serve.pool import default_workers
    from cli.serve.store import GameStore, ServerFiles
    from core.ai.agents import agent_kinds
    from core.errors import UsageError
    from core.registry import available_rulesets

    if not 0 <= port <= 65535:
        raise UsageError(f"--port {port}: use 0-65535")
    if think <= 0:
        raise UsageError("--think must be more than 0 seconds")
    try:
        names = ServedNames.of(host, public_url, allow_hosts or [])
    except BadServedName as exc:
        raise UsageError(str(exc)) from None
    files = ServerFiles.of(scenarios, positions, armies or [], cards or [])
    check_server_files(files, available_rulesets())
    kept = host_key(games_dir, new=new_key)
    store = GameStore(games_dir, files, think=think, agent_kinds=agent_kinds())
    sock = listening_socket(host, port)
    real_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    base = names.public_origin or f"http://{shown}:{real_port}"
    app, server = create_app(store, host_key=kept.key, base_url=base, names=names,
                             workers=default_workers() if workers is None else workers)
    if not is_local(host):
        typer.echo(f"warning: listening on {host}: anyone who can reach this address can open the "
                   "start page with its key and any seat with its link; plain HTTP is not "
                   "encrypted (to open a table to friends, see docs/security.md)", err=True)
    if base.startswith("http://") and public_url and not is_local(names_host(base)):
        typer.echo(f"warning: --public-url {public_url} is plain HTTP: links and moves cross the "
                   "network unencrypted (put a TLS reverse proxy in front, see docs/security.md)",
                   err=True)
    typer.echo(f"tanktable serve: games in {games_dir}")
    typer.echo(f"open {base}/?key={server.host_key}")
    if kept.tightened:
        typer.echo(f"warning: {kept.path} could be read by other users; it is private (0600) again. "
                   "If someone may have read it, start with --new-key", err=True)
    typer.echo("(the key lets the holder create games and see every seat's link; it is kept in "
               f"{kept.path} and stays the same at the next start: --new-key makes a new one; Ctrl-C stops)")
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            server.close_streams()  # open push streams would hold the shutdown up
            super().handle_exit(sig, frame)

    Server(config).run(sockets=[sock])
    return 0


def names_host(url: str) -> str:
    """The host of an ``http://host:port`` address."""
    from urllib.parse import urlsplit

    return urlsplit(url).hostname or ""


def listening_socket(host: str, port: int) -> socket.socket:
    """The listening socket, bound before uvicorn starts so that the printed
    address is the real one (also with ``--port 0``).

    It is opened as TCP by name (``IPPROTO_TCP``), with ``TCP_NODELAY``: asyncio
    turns Nagle's algorithm off only on the connections of a socket it knows to
    be TCP, and a socket opened with protocol 0 is not one. Under Nagle an
    answer's body, written after its headers, waits for the page's delayed ACK,
    some 40 ms on Linux, on almost every request (issue 61.6). Linux hands the
    option on to every accepted connection, and asyncio sets it again on each.
    """
    from core.errors import UsageError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock
