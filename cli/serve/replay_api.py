"""The routes of the browser's replay and of the game-over banner's rematch.

Pages (all ``static/replay.html``; the page reads its address):

* ``/replay/{game}/{token}``: a game as one seat's link may see it;
* ``/replay/{game}``: a finished game of the directory, for the host (the
  start page's "replay" link; the API asks for the host key);
* ``/replay``: the host uploads a record from disk.

API (every answer JSON, every refusal a 4xx with a message; the guard of
:mod:`cli.serve.guard` stands before all of them as before every route):

* ``GET  /api/t/{game}/{token}/replay`` and ``.../replay/board/{n}``;
* ``GET  /api/replay/{game}`` and ``.../board/{n}`` (host key);
* ``POST /api/replay`` (host key): ``{"name", "text", "side"}``, at most
  :data:`~cli.serve.replay.MAX_UPLOAD` bytes; boards at ``/api/upload/{id}/board/{n}``;
* ``POST /api/t/{game}/{token}/rematch``: the link of the asking seat in the
  game's rematch (see :mod:`cli.serve.rematch`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pydantic import Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from cli.serve.app import Body, EmptyBody, HttpError, _static_text, guarded, read_body
from cli.serve.rematch import Rematches
from cli.serve.replay import (
    EVERYTHING,
    MAX_UPLOAD,
    Replay,
    Replays,
    build,
    read_upload,
    shown_name,
)
from cli.serve.tables import HOTSEAT, Forbidden, Seat, Table
from core.errors import TanktableError
from core.references import offered_only

if TYPE_CHECKING:
    from cli.serve.app import TableServer

log = logging.getLogger("tanktable.serve")

UPLOAD_FILES = ("an uploaded record names shipped data, or a scenario file the server was started "
                "with (--scenario); a scenario of your own travels inside the record, as "
                "tanktable play --record saves it")
"""Why an uploaded record naming a file of the server's disk is refused: no request names a file."""


class UploadBody(Body):
    name: str = Field(default="upload.yaml", max_length=300)
    text: str = Field(min_length=1, max_length=MAX_UPLOAD)
    side: str | None = Field(default=None, max_length=50)


def seat_viewer(table: Table, seat: Seat) -> int | None:
    """Whose eyes a seat's replay sees with: everything once the game is over,
    else the seat's own (a spectator's: what is public)."""
    if table.game.outcome() is not None:
        return EVERYTHING
    if seat.role == HOTSEAT:
        raise Forbidden("the hot-seat link is shared by every player: it replays the game "
                        "once the game is over")
    return table.viewer(seat)


class ReplayRoutes:
    """The handlers, over the server's store and a cache of replays."""

    def __init__(self, server: TableServer):
        self.server = server
        self.replays = Replays()
        self.rematches = Rematches(server.store)

    # ------------------------------------------------------------ pages
    async def page(self, request: Request) -> Response:
        if "token" in request.path_params:
            self.server.seat(request)
        return HTMLResponse(_static_text("replay.html"))

    # ---------------------------------------------------------- replays
    def _of_table(self, table: Table, viewer: int | None, boards: str) -> Replay:
        with table.lock:
            key = (table.id, table.version, viewer)
            record = table.record()
        found = self.replays.get(key)
        if found is None:
            found = build(record, table.ruleset, table.id, viewer)
            found.summary["boards"] = boards
            self.replays.put(key, found)
        return found

    def _host_table(self, request: Request) -> Table:
        self.server.require_host(request)
        table = self.server.store.get(request.path_params["game"])
        if table is None:
            raise HttpError(404, "no such game")
        if table.game.outcome() is None:
            raise HttpError(403, "this game is still running: its replay opens here when it is "
                                 "over (a seat's link replays it as that seat sees it)")
        return table

    async def seat_summary(self, request: Request) -> Response:
        table, seat = self.server.seat(request)
        boards = f"/api/t/{table.id}/{request.path_params['token']}/replay/board"
        replay = await run_in_threadpool(lambda: self._of_table(table, seat_viewer(table, seat), boards))
        return JSONResponse(replay.summary)

    async def seat_board(self, request: Request) -> Response:
        table, seat = self.server.seat(request)
        boards = f"/api/t/{table.id}/{request.path_params['token']}/replay/board"
        n = request.path_params["n"]
        return JSONResponse(await run_in_threadpool(
            lambda: self._of_table(table, seat_viewer(table, seat), boards).board(n)))

    async def host_summary(self, request: Request) -> Response:
        table = self._host_table(request)
        boards = f"/api/replay/{table.id}/board"
        replay = await run_in_threadpool(self._of_table, table, EVERYTHING, boards)
        return JSONResponse(replay.summary)

    async def host_board(self, request: Request) -> Response:
        table = self._host_table(request)
        boards = f"/api/replay/{table.id}/board"
        n = request.path_params["n"]
        return JSONResponse(await run_in_threadpool(
            lambda: self._of_table(table, EVERYTHING, boards).board(n)))

    async def upload(self, request: Request) -> Response:
        self.server.require_host(request)
        body = await read_body(request, UploadBody, limit=MAX_UPLOAD)
        name = shown_name(body.name)

        def work() -> dict[str, Any]:
            try:
                files = self.server.store.files
                offered = [*files.scenarios.values(), *files.armies.values(), *files.cards]
                with offered_only(offered, UPLOAD_FILES):
                    record, ruleset, doc, viewer = read_upload(body.text, name, body.side)
                    replay = build(record, ruleset, name, viewer, doc, verify=True, at_foot=body.side or None)
            except TanktableError as exc:
                raise HttpError(400, str(exc)) from None
            except Exception:  # noqa: BLE001 - a record no check foresaw: refused, logged
                log.exception("uploaded record %s", name)
                raise HttpError(400, f"{name}: this record cannot be replayed (the server's log "
                                     "has the details)") from None
            upload = self.replays.add_upload(replay)
            replay.summary["boards"] = f"/api/upload/{upload}/board"
            return replay.summary

        return JSONResponse(await run_in_threadpool(work))

    async def upload_board(self, request: Request) -> Response:
        self.server.require_host(request)
        replay = self.replays.get(("upload", request.path_params["upload"]))
        if replay is None:
            raise HttpError(404, "this upload is no longer kept: open the record again")
        return JSONResponse(await run_in_threadpool(replay.board, request.path_params["n"]))

    # ---------------------------------------------------------- rematch
    async def rematch(self, request: Request) -> Response:
        table, seat = self.server.seat(request)
        await read_body(request, EmptyBody)

        def work() -> dict[str, Any]:
            rematch, wanted = self.rematches.seat_for(table, seat)
            token = rematch.token_for(wanted)
            if token is None:
                raise TanktableError("the rematch has no link for this seat")
            return {"id": rematch.id, "link": f"{self.server.base_url}/t/{rematch.id}/{token}",
                    "seats": rematch.seats_by_name()}

        return JSONResponse(await run_in_threadpool(work), status_code=201)


def replay_routes(server: TableServer) -> list[Route]:
    """The replay's and the rematch's routes, each behind :func:`~cli.serve.app.guarded`."""
    r = ReplayRoutes(server)
    t = "/api/t/{game}/{token}"

    def get(path: str, handler: Callable[[Request], Awaitable[Response]]) -> Route:
        return Route(path, guarded(handler), methods=["GET"])

    return [
        get("/replay", r.page),
        get("/replay/{game}", r.page),
        get("/replay/{game}/{token}", r.page),
        get(f"{t}/replay", r.seat_summary),
        get(t + "/replay/board/{n:int}", r.seat_board),
        get("/api/replay/{game}", r.host_summary),
        get("/api/replay/{game}/board/{n:int}", r.host_board),
        get("/api/upload/{upload}/board/{n:int}", r.upload_board),
        Route("/api/replay", guarded(r.upload), methods=["POST"]),
        Route(f"{t}/rematch", guarded(r.rematch), methods=["POST"]),
    ]
