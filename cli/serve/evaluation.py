"""The evaluation bar's number (issue 28.5): the search's estimate of the result from
one seat's side, for the table page's optional bar (static/table/evalbar.js).

The estimate is :func:`core.ai.analysis.analyse` on a copy of the game taken under
the table's lock, computed in a worker thread without the lock (the table goes on
answering moves and pushes while it runs). It reads only what the seat may know
and is seeded by the table's seed, the seat and the decision's number, so every
seat asking again gets the same figure; each figure is kept for the version it
was computed for, so a page that asks again costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cli.serve.tables import Forbidden, Seat, Table
from core.ai.analysis import analyse
from core.game import Game
from core.secrecy import shown

__all__ = ["estimate", "estimate_of", "estimate_route"]

KEPT = 256
"""Estimates kept (per table, version and seat): the newest ones."""

_kept: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
_kept_lock = threading.Lock()


def estimate_of(game: Game[Any], viewer: int, seed: int) -> float:
    """The figure the bar shows ``viewer``: the search's estimate of the result for his
    side, from what he may know, seeded by ``seed`` (``tanktable check`` compares it
    between a game and its hidden variant)."""
    return analyse(game, viewer, seed).estimate


def estimate(table: Table, seat: Seat) -> dict[str, Any]:
    """``{"player": "white", "estimate": 0.31, "version": 12}``: the seat's side's expected
    result (+1 a win, -1 a loss) in the position of ``version``. A spectator has no
    side: :class:`~cli.serve.tables.Forbidden`."""
    with table.lock:
        viewer = table.viewer(seat)
        if viewer < 0:
            raise Forbidden("the evaluation bar is a player's: a spectator has no side")
        key = (table.id, table.version, viewer)
        with _kept_lock:
            if key in _kept:
                return _kept[key]
        copy = table.game.clone()
        seed = table.decision_seed("estimate", viewer)
        answer: dict[str, Any] = {"player": copy.players[viewer], "version": table.version}
    # through the core's gate for secrets, as everything else a seat is sent
    answer["estimate"] = shown(copy, viewer, "evaluation bar", lambda g: estimate_of(g.clone(), viewer, seed))
    with _kept_lock:
        _kept[key] = answer
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return answer


def estimate_route(seat_of: Callable[[Request], tuple[Table, Seat]]) -> Callable[[Request], Awaitable[Response]]:
    """The ``GET .../estimate`` handler: the seat from the link, the search off the event loop."""

    async def handler(request: Request) -> Response:
        table, seat = seat_of(request)
        return JSONResponse(await run_in_threadpool(estimate, table, seat))

    return handler
