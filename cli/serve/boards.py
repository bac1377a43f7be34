"""Where a legal action starts and ends on a ruleset's SVG, so a click can choose it.

The pictures are each ruleset's own (``Ruleset.render_svg``); this module
only knows their geometry -- a square's, a hex's or a centimetre's place on
the drawing -- and reads the fields of each ruleset's actions. For every legal
action it gives a ``from`` and a ``to`` place (either may be missing: placing
a marker has only a ``to``, a Tiger's program neither); the page draws a
clickable spot on each place and lights up the ``to`` places of the ``from``
clicked. An action with no place is still offered in the list of moves.

Only places the seat's own legal actions name are given out, so nothing here
can show what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Point = tuple[float, float]
Place = tuple[str, Point]
Locator = Callable[[Any, Any], tuple[Place | None, Place | None]]


def targets(game: Any, actions: Sequence[Any]) -> dict[str, Any]:
    """``{"radius": r, "moves": [{"from": key, "to": key}, ...], "places": {key: [x, y]}}``
    for ``actions`` in order; an empty dict for a ruleset with no known geometry."""
    locate, radius = _locator(game)
    if locate is None:
        return {}
    places: dict[str, list[float]] = {}
    moves: list[dict[str, str | None]] = []
    for action in actions:
        try:
            start, end = locate(game, action)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            start, end = None, None
        for place in (start, end):
            if place is not None:
                places[place[0]] = [round(place[1][0], 1), round(place[1][1], 1)]
        moves.append({"from": start[0] if start else None, "to": end[0] if end else None})
    return {"radius": radius, "moves": moves, "places": places}


def _locator(game: Any) -> tuple[Locator | None, float]:
    ruleset = getattr(game, "ruleset_id", "")
    if ruleset == "tank-chess":
        from rulesets.tank_chess.svg import CELL

        return _tank_chess, CELL * 0.45
    if ruleset == "duel-of-the-giants":
        from rulesets.duel_of_the_giants.svg import SIZE

        return _duel, SIZE * 0.8
    if ruleset == "battle-of-tanks":
        return _battle, 9.0
    return None, 0.0


# ------------------------------------------------------------------ tank chess
def _tank_chess(game: Any, action: Any) -> tuple[Place | None, Place | None]:
    from rulesets.tank_chess.svg import CELL, MARGIN

    n = game.rules.files
    black_view = game.settings.coordinates.origin == "black"

    def place(sq: tuple[int, int]) -> Place:
        f, rank = sq
        if black_view:
            f, rank = n - 1 - f, n - 1 - rank
        return game.square_name(sq), (MARGIN + f * CELL + CELL / 2, MARGIN + (n - 1 - rank) * CELL + CELL / 2)

    start = place(action.frm)
    if action.to is None:
        x, y = start[1]
        # leaving the board: a spot half a square beyond its own edge
        return start, ("exit", (x, MARGIN / 2 if y < n * CELL / 2 else MARGIN + n * CELL + MARGIN / 2))
    return start, place(action.to)


# ---------------------------------------------------------- duel of the giants
def _duel(game: Any, action: Any) -> tuple[Place | None, Place | None]:
    from rulesets.duel_of_the_giants.board import label
    from rulesets.duel_of_the_giants.svg import centre

    def place(pos: tuple[int, int] | None) -> Place | None:
        return None if pos is None else (label(pos), centre(*pos))

    fields = vars(action)
    if "path" in fields and fields["path"]:
        return place(fields["path"][0]), place(fields["path"][-1])
    start = fields.get("at", fields.get("shooter"))
    end = fields.get("to", fields.get("target"))
    if end is None and start is not None and len(fields) <= 2:
        return None, place(start)  # placing something: a click on the hex
    if end is None:
        return place(start), None
    return place(start), place(end)


# ------------------------------------------------------------- battle of tanks
def _battle(game: Any, action: Any) -> tuple[Place | None, Place | None]:
    from rulesets.battle_of_tanks.svg import SCALE

    depth = game.field.depth

    def place(x: float, y: float) -> Place:
        return f"{x:.0f},{y:.0f}", (x * SCALE, (depth - y) * SCALE)

    points = getattr(action, "points", None)
    if points:
        tank = _active_tank(game)
        start = place(tank.x, tank.y) if tank is not None else None
        return start, place(*points[-1])
    return None, None


def _active_tank(game: Any) -> Any:
    key = getattr(game, "active", None)
    for tank in getattr(game, "tanks", ()):
        if getattr(tank, "key", None) == key:
            return tank
    return None
