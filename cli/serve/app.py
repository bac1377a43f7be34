"""The HTTP side of ``tanktable serve``: routes, request checking, the push stream.

Two kinds of address:

* the start page and its API (``/``, ``/api/games``, ``/api/catalog``) need
  the server's host key (printed with the address when the server starts),
  because they list every game's seat links;
* a seat's table (``/t/{game}/{token}``) and its API need that seat's token;
  the token decides who acts and whose eyes the answers are built for.

Before any route, :class:`cli.serve.guard.Guard` checks who is asking (the
``Host`` and ``Origin`` headers, a JSON body) and adds the security headers.
Every request body is read up to :data:`MAX_BODY` bytes, nested at most
:data:`~cli.serve.guard.MAX_NESTING` deep, and checked by a pydantic model;
every refusal is a 4xx answer with a message (and the rule ID
for an illegal move), never a traceback. No request names a file: games by id,
scenarios and positions by the names the server offers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from cli.serve.armies import ArmyCheckBody, BuiltArmy, army_catalog, army_options, check_built
from cli.serve.evaluation import estimate_route
from cli.serve.guard import (
    MAX_NESTING,
    PLAIN_HTTP_WARNING,
    Guard,
    ServedNames,
    check_nesting,
    plain_http_from_afar,
)
from cli.serve.pool import NotesPool, Stale
from cli.serve.seatview import hint_text
from cli.serve.store import GameSpec, GameStore
from cli.serve.tables import HOTSEAT, HUMAN, SPECTATOR, Forbidden, SaveFailed, Seat, Table
from cli.serve.updates import SeatStates
from cli.serve.worker import ComputerWorker
from core.ai.levels import level_notes
from core.errors import DataError, IllegalActionError, NotationError, TanktableError
from core.registry import available_rulesets, get_ruleset

log = logging.getLogger("tanktable.serve")

MAX_BODY = 16 * 1024
"""The largest request body read (a move, a command, a new game's settings)."""
PING_SECONDS = 15.0
"""A ping on an idle push stream, so that proxies and browsers keep it open, and the
page, which hears it, knows the server is there: three missed pings and it reconnects."""


class HttpError(Exception):
    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


# ------------------------------------------------------------------ bodies
class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class MoveBody(Body):
    move: str = Field(min_length=1, max_length=2000)
    version: int | None = None  # the version the page decided on: refused once the table moved on


class DrawBody(Body):
    accept: bool = True


class AskBody(Body):
    command: str = Field(min_length=1, max_length=500)
    brief: bool = False
    """Answer with the command's answer and the version only, not the seat's whole
    state: a question asked while the pointer rests (``preview``) stays fast."""


class EmptyBody(Body):
    pass


class CreateBody(Body):
    ruleset: str = Field(max_length=100)
    scenario: str | None = Field(default=None, max_length=200)
    position: str | None = Field(default=None, max_length=200)
    seats: dict[str, str] = Field(default_factory=dict, max_length=8)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    options: list[str] = Field(default_factory=list, max_length=50)
    players: int | None = Field(default=None, ge=1, le=8)
    setup: str | None = Field(default=None, max_length=50)
    armies: dict[str, str] = Field(default_factory=dict, max_length=8)
    """Side -> army chosen on the page (see :mod:`cli.serve.armies`)."""
    army: BuiltArmy | None = None
    """The army built on the page, for a side whose choice is ``built``."""


async def read_body(request: Request, model: type[BaseModel], limit: int = MAX_BODY) -> Any:
    """The request's JSON body as ``model``: 413 past ``limit`` bytes, 400 for
    anything that is not the expected JSON object."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise HttpError(413, f"request body larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HttpError(413, f"request body larger than {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raw = b"{}"
    if not check_nesting(raw):
        raise HttpError(400, f"the request body nests deeper than {MAX_NESTING} levels")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "the request body is not JSON") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}"
                             for e in exc.errors())
        raise HttpError(400, f"bad request: {problems}") from None


def refusal(exc: Exception) -> HttpError:
    """A rules or usage error as the answer a player reads."""
    if isinstance(exc, Forbidden):
        return HttpError(403, str(exc))
    if isinstance(exc, SaveFailed):  # the server's side: the move was fine, its file is not
        return HttpError(503, str(exc), file_problem=True)
    if isinstance(exc, IllegalActionError):
        return HttpError(409, f"illegal: {exc.reason} ({exc.rule})", rule=exc.rule)
    if isinstance(exc, NotationError):
        return HttpError(400, f"cannot read that move: {exc}")
    if isinstance(exc, DataError):
        return HttpError(400, str(exc))
    return HttpError(400, str(exc))


def _json_error(err: HttpError) -> JSONResponse:
    return JSONResponse({"error": err.message, **err.extra}, status_code=err.status)


def guarded(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """Every route's answer to a refusal or a fault: JSON with a message, no traceback."""

    async def wrapper(request: Request) -> Response:
        try:
            return await handler(request)
        except HttpError as err:
            return _json_error(err)
        except TanktableError as exc:
            return _json_error(refusal(exc))
        except Exception:  # noqa: BLE001 - the last line of defence of a request
            log.exception("internal error in %s", request.url.path)
            return JSONResponse({"error": "internal error (the server's log has the details)"},
                                status_code=500)

    return wrapper


# ------------------------------------------------------------------ the app
class TableServer:
    """The store, the computer worker and the routes around them."""

    def __init__(self, store: GameStore, host_key: str | None = None, base_url: str = "",
                 names: ServedNames | None = None, workers: int = 0):
        self.store = store
        self.host_key = host_key or secrets.token_urlsafe(16)
        self.base_url = base_url
        self.names = names or ServedNames.of("127.0.0.1")
        """The names and origins the server answers to (see :mod:`cli.serve.guard`)."""
        self.worker = ComputerWorker()
        store.on_table = self.worker.attach
        self.closing = False
        """Set when the server stops: every push stream ends at once."""
        self.ping_seconds = PING_SECONDS
        self.pool = NotesPool(workers)
        """The processes that work out the notes of long move lists (see :mod:`cli.serve.pool`)."""
        self.states = SeatStates(self.pool)

    def start(self) -> None:
        self.worker.start()
        self.pool.start()
        self.store.load_all()

    def close_streams(self) -> None:
        """End every push stream (the server is stopping): wake them with ``closing`` set."""
        self.closing = True
        for table in list(self.store.tables.values()):
            for listener in list(table.listeners):
                listener()

    # ------------------------------------------------------------- helpers
    def require_host(self, request: Request) -> None:
        key = request.headers.get("x-host-key") or request.query_params.get("key") or ""
        if not secrets.compare_digest(key.encode(), self.host_key.encode()):
            raise HttpError(403, "the start page needs the server's host key: open the address "
                                 "the server printed when it started")

    def seat(self, request: Request) -> tuple[Table, Seat]:
        table = self.store.get(request.path_params["game"])
        if table is None:
            raise HttpError(404, "no such game")
        seat = table.seat_of(request.path_params["token"])
        if seat is None:
            raise HttpError(403, "this link is not a seat of this game")
        return table, seat

    def links(self, table: Table) -> dict[str, str]:
        out = {}
        for token, seat in table.tokens.items():
            if seat.role == HUMAN and seat.player is not None:
                if table.kinds.get(seat.player) != HUMAN:
                    continue
                name = table.game.players[seat.player]
            else:
                name = seat.role
            out[name] = f"{self.base_url}/t/{table.id}/{token}"
        return out

    def summary(self, table: Table) -> dict[str, Any]:
        with table.lock:
            outcome = table.game.outcome()
            return {"id": table.id, "ruleset": table.ruleset.id, "scenario": table.header.scenario,
                    "moves": len(table.game.history), "seats": table.seats_by_name(),
                    "over": outcome is not None,
                    "result": outcome.reason if outcome is not None else None,
                    "problem": " ".join(p for p in (table.file_problem, table.links_problem) if p),
                    "links": self.links(table)}

    # -------------------------------------------------------------- pages
    async def start_page(self, request: Request) -> Response:
        return HTMLResponse(_static_text("start.html"))

    async def table_page(self, request: Request) -> Response:
        self.seat(request)
        return HTMLResponse(_static_text("table.html"))

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        types = {"js": "text/javascript", "css": "text/css"}
        ext = name.rsplit(".", 1)[-1]
        found = _static_file(name) if ext in types else None
        if found is None:
            raise HttpError(404, "no such file")
        return Response(found.read_text(encoding="utf-8"), media_type=f"{types[ext]}; charset=utf-8",
                        headers={"cache-control": "no-cache"})

    # --------------------------------------------------------- start API
    async def catalog(self, request: Request) -> Response:
        self.require_host(request)
        catalog = await run_in_threadpool(self._catalog)
        catalog["warning"] = PLAIN_HTTP_WARNING if plain_http_from_afar(request.scope) else None
        return JSONResponse(catalog)

    def _catalog(self) -> dict[str, Any]:
        from core.options import describe_options, option_fields

        rulesets = []
        for r in available_rulesets():
            rulesets.append({
                **r.describe(),  # id, title, players, scenarios and their titles, default and quick scenario
                "option_fields": option_fields(r.options_model),
                "options_help": describe_options(r.id, r.options_model, r.setting_names()),
                "armies": army_catalog(r, self.store.files),
            })
        return {"rulesets": rulesets, "seat_kinds": [HUMAN, *self.store.agent_kinds],
                "levels": level_notes(self.store.agent_kinds),
                "scenario_files": sorted(self.store.files.scenarios),
                "position_files": sorted(self.store.files.positions)}

    async def board_picture(self, request: Request) -> Response:
        """The start page's card picture of a ruleset's board (issue 58.10, :mod:`cli.serve.thumbnail`)."""
        from cli.serve.thumbnail import board_thumbnail

        self.require_host(request)
        svg = await run_in_threadpool(board_thumbnail, request.path_params["ruleset"])
        if svg is None:
            raise HttpError(404, "this ruleset draws no picture of its board")
        return Response(svg, media_type="image/svg+xml; charset=utf-8",
                        headers={"cache-control": "private, max-age=3600"})

    async def check_army(self, request: Request) -> Response:
        """The army built on the start page, checked as ``army validate`` checks a file."""
        self.require_host(request)
        body = await read_body(request, ArmyCheckBody)
        ruleset = get_ruleset(body.ruleset)
        return JSONResponse(await run_in_threadpool(check_built, ruleset, body.army, self.store.files))

    async def games(self, request: Request) -> Response:
        self.require_host(request)
        tables = sorted(self.store.tables.values(), key=lambda t: t.id, reverse=True)
        return JSONResponse({"games": [self.summary(t) for t in tables],
                             "unreadable": self.store.problems})

    async def create(self, request: Request) -> Response:
        self.require_host(request)
        body = await read_body(request, CreateBody)
        typed, offered = await run_in_threadpool(
            army_options, get_ruleset(body.ruleset), body.armies, body.army, self.store.files)
        spec = GameSpec(ruleset=body.ruleset, scenario=body.scenario or None,
                        position=body.position or None,
                        seats={k.lower(): v for k, v in body.seats.items()}, seed=body.seed,
                        options=body.options, players=body.players, setup=body.setup or None,
                        typed=typed, offered=offered)
        table = await run_in_threadpool(self.store.create, spec)
        return JSONResponse(self.summary(table), status_code=201)

    # ---------------------------------------------------------- seat API
    async def state(self, request: Request) -> Response:
        table, seat = self.seat(request)
        _state, text = await run_in_threadpool(self.states.get, table, seat)
        return Response(text, media_type="application/json")

    async def notes(self, request: Request) -> Response:
        """The notes of the seat's legal moves that its state left for later
        (:mod:`cli.serve.notes`): only for the seat whose decision it is, and only
        for the version asked (409 once the table has moved on)."""
        table, seat = self.seat(request)
        asked = request.query_params.get("version", "")
        if not asked.isdigit():
            raise HttpError(400, "ask for the notes of a version: ?version=N")

        def work() -> dict[str, Any]:
            with table.lock:
                viewer = table.viewer(seat)
                g = table.game
                if seat.role == HOTSEAT and table.hotseat_pass_due() is not None:
                    raise Forbidden("pass the screen first: the next player confirms it is them")
                if viewer < 0 or g.outcome() is not None or g.to_move() != viewer \
                        or table.kinds.get(viewer) != HUMAN:
                    raise Forbidden("the notes are for the player whose decision it is")
            return self.pool.answer(table, viewer, int(asked))

        try:
            return JSONResponse(await run_in_threadpool(work))
        except Stale as exc:
            raise HttpError(409, str(exc), version=exc.version) from None

    def _seat_action(self, name: str, model: type[Body], do: Callable[[Table, Seat, Any], Any],
                     changes: bool = True) -> Callable[[Request], Awaitable[Response]]:
        """The route of a seat's action. The answer to a change (a move, an undo, ...)
        is the seat's state as that change left it: the table's lock is held from
        the change to the state, so that another change (the other seat's move, the
        computer's reply) cannot slip in between and each change is acknowledged
        with its own version (issue 61.5). A question (``changes=False``: a hint,
        which thinks for a while) lets the table go on meanwhile."""
        async def handler(request: Request) -> Response:
            table, seat = self.seat(request)
            body = await read_body(request, model)

            def answer() -> Response:
                extra = do(table, seat, body)
                if getattr(body, "brief", False):
                    return JSONResponse({"answer": extra, "version": table.version})
                state, text = self.states.get(table, seat)
                if extra:
                    return JSONResponse({**state, "answer": extra})
                return Response(text, media_type="application/json")

            def work() -> Response:
                if not changes:
                    return answer()
                with table.lock:
                    return answer()

            return await run_in_threadpool(work)

        handler.__name__ = name
        return handler

    @staticmethod
    def _hint(table: Table, seat: Seat, body: Any) -> str:
        with table.lock:
            player = table.acting_player(seat)
            g = table.game
            if g.outcome() is not None or g.to_move() != player:
                raise TanktableError("a hint is for your own decision")
            copy = g.clone()
            seed = table.decision_seed("hint", player)
        return f"hint: {hint_text(copy, seed)}"

    @staticmethod
    def _ask(table: Table, seat: Seat, body: Any) -> str:
        word, _, rest = body.command.strip().partition(" ")
        with table.lock:
            viewer = table.viewer(seat)
            if viewer < 0:
                raise Forbidden("a spectator cannot ask the table")
            commands = {c.name: c for c in table.game.table_commands()}
            if word.lower() not in commands:
                raise TanktableError(f"no table command {word!r}; the table answers "
                                     + (", ".join(commands) or "none"))
            return str(commands[word.lower()].answer(table.game, viewer, rest.strip()))

    async def record(self, request: Request) -> Response:
        table, seat = self.seat(request)

        def text() -> str:
            from core.record import dump_record

            with table.lock:
                if table.game.hidden_information and table.game.outcome() is None:
                    raise HttpError(403, "the record holds every side's secrets: "
                                         "it is offered when the game is over")
                return dump_record(table.seat_record())

        body = await run_in_threadpool(text)
        return Response(body, media_type="application/x-yaml", headers={
            "content-disposition": f'attachment; filename="{table.id}.yaml"'})

    async def stream(self, request: Request) -> Response:
        """Server-Sent Events: the seat's whole state after every change of the table."""
        table, seat = self.seat(request)
        return StreamingResponse(self._events(table, seat, request), media_type="text/event-stream",
                                 headers={"cache-control": "no-cache", "x-accel-buffering": "no"})

    async def _events(self, table: Table, seat: Seat, request: Request) -> AsyncIterator[str]:
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()

        def listener() -> None:
            loop.call_soon_threadsafe(wake.set)

        table.listeners.append(listener)
        try:
            sent = -1
            while not self.closing:
                wake.clear()
                state, text = await run_in_threadpool(self.states.get, table, seat)
                if state["version"] != sent or state.get("thinking"):
                    sent = state["version"]
                    yield f"data: {text}\n\n"
                if state["outcome"] is not None:
                    return
                try:
                    await asyncio.wait_for(wake.wait(), self.ping_seconds)
                    if self.closing:
                        return
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        return
                    # an event the page hears (a comment it would not): it says how often to expect one
                    yield f"event: ping\ndata: {json.dumps({'every': self.ping_seconds})}\n\n"
        finally:
            table.listeners.remove(listener)

    # ------------------------------------------------------------- routes
    def app(self) -> Starlette:
        t = "/api/t/{game}/{token}"
        seat_routes: list[tuple[str, type[Body], Callable[[Table, Seat, Any], Any], bool]] = [
            ("act", MoveBody, lambda tb, s, b: tb.play_text(s, b.move, b.version)[1], True),
            ("undo", EmptyBody, lambda tb, s, b: tb.undo(s), True),
            ("resign", EmptyBody, lambda tb, s, b: tb.resign(s), True),
            ("draw", DrawBody, lambda tb, s, b: tb.offer_draw(s, b.accept), True),
            ("ready", EmptyBody, lambda tb, s, b: tb.pass_screen_ready(s), True),
            ("hint", EmptyBody, self._hint, False),
            ("ask", AskBody, self._ask, False),
        ]
        routes = [
            Route("/", guarded(self.start_page)),
            Route("/static/{name:path}", guarded(self.static)),
            Route("/api/catalog", guarded(self.catalog)),
            Route("/api/games", guarded(self.games), methods=["GET"]),
            Route("/api/games", guarded(self.create), methods=["POST"]),
            Route("/api/armies/check", guarded(self.check_army), methods=["POST"]),
            Route("/api/rulesets/{ruleset}/board.svg", guarded(self.board_picture)),
            Route("/t/{game}/{token}", guarded(self.table_page)),
            Route(f"{t}/state", guarded(self.state)),
            Route(f"{t}/stream", guarded(self.stream)),
            Route(f"{t}/record", guarded(self.record)),
            Route(f"{t}/notes", guarded(self.notes)),
            Route(f"{t}/estimate", guarded(estimate_route(self.seat))),  # the evaluation bar (issue 28.5)
        ]
        for name, model, do, changes in seat_routes:
            routes.append(Route(f"{t}/{name}", guarded(self._seat_action(name, model, do, changes)),
                                methods=["POST"]))
        from cli.serve.replay_api import replay_routes

        routes += replay_routes(self)
        return Starlette(routes=routes, lifespan=self._lifespan,
                         middleware=[Middleware(Guard, names=self.names)])

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.start()
        try:
            yield
        finally:
            self.worker.stop()
            self.pool.stop()


STATIC: Traversable = resources.files("cli.serve").joinpath("static")
"""The page files' folder (the package's ``static/``)."""
_STATIC_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")
"""One part of a page file's path: a plain name (no ``..``, no hidden file, no separator)."""


def _static_file(name: str) -> Traversable | None:
    """The page file at ``name`` (``table/main.js``) under :data:`STATIC` as it is now, or
    ``None``. Looked up at each request, not listed once at start, so a file added while
    ``serve`` runs (a contributor's new module in an editable install) is served at once,
    as an edited one already was. Each part must be a plain name and a file reached through
    a link must still lie under the folder: no path from a request leaves it."""
    parts = name.split("/")
    if not all(_STATIC_PART.fullmatch(part) for part in parts):
        return None
    found = STATIC.joinpath(*parts)
    if not found.is_file():
        return None
    if isinstance(found, Path) and isinstance(STATIC, Path) \
            and not found.resolve().is_relative_to(STATIC.resolve()):
        return None
    return found


def _static_text(name: str) -> str:
    return STATIC.joinpath(name).read_text(encoding="utf-8")


def create_app(store: GameStore, host_key: str | None = None, base_url: str = "",
               names: ServedNames | None = None, workers: int = 0) -> tuple[Starlette, TableServer]:
    """The ASGI app over ``store`` (and its server, for tests and the command);
    ``names`` are those it answers to (by default those of 127.0.0.1); ``workers``
    processes work out the notes of long move lists (0: each request's own thread)."""
    server = TableServer(store, host_key, base_url, names, workers)
    return server.app(), server


__all__ = ["HOTSEAT", "SPECTATOR", "TableServer", "create_app"]
