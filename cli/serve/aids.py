"""The ruleset's board aids as the JSON the page reads.

Each ruleset says where its legal actions start and end on its own SVG and
what to draw for them (:meth:`core.game.Ruleset.board_aids`), what the last
move announced (:meth:`~core.game.Ruleset.last_move_drawing`, Tank Chess's
CHECK) and how its drawing maps to the table's units
(:meth:`~core.game.Ruleset.board_scale`, Battle of Tanks' ruler). This module
knows no ruleset: it only turns those answers into the page's JSON --

* ``targets``: ``{"radius": r, "moves": [{"from": key, "to": key}, ...],
  "places": {key: [x, y]}}``, one move per legal action (``{}`` without places);
* each action's ``aid`` and the ``check_line``: ``{"path": [[x, y], ...],
  "label": str, "over": bool}`` for a path and/or ``{"lines": [{"from": [x, y],
  "to": [x, y], "label": str, "face": str}, ...]}`` (``face`` where given) and/or
  ``{"marks": [{"at": [x, y], "label": str, "kind": str}, ...]}``;
* each log entry's ``aid`` (the same form): what the move did, for the page's
  step-by-step replay of the other side's decisions (issue 29.7);
* ``geometry``: ``{"scale", "width", "depth"}``;
* ``drive``: the free drive due now (:class:`~core.game.FreeDrive`, in the
  table's units), ``{"mover", "x", "y", "heading", "length", "width",
  "allowance", "rule", "straight", "max_waypoints", "turn_step", "blocking":
  [{"name", "outline": [[x, y], ...]}], "pieces": [...]}``.

Coordinates are rounded to a tenth of a drawing unit. Only the seat's own
legal actions and the events it may see are passed to the ruleset, so
nothing here can show what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.board_aids import BoardAids, Drawing, FreeDrive, Obstacle, Point
from core.errors import TanktableError
from core.game import Action, Event, Game, Ruleset
from core.registry import get_ruleset

Aid = dict[str, Any]


def board(ruleset: Ruleset, game: Game[Any], actions: Sequence[Action],
          notes: Sequence[str]) -> tuple[dict[str, Any], list[Aid | None]]:
    """``targets`` for ``actions`` and the ``aid`` of each (``None``: no drawing)."""
    try:
        aids = ruleset.board_aids(game, actions, notes)
    except TanktableError:
        aids = None
    if aids is None:
        return {}, [None] * len(actions)
    return targets_json(aids), [None if a.drawing is None else drawing_json(a.drawing) for a in aids.actions]


def targets_json(aids: BoardAids) -> dict[str, Any]:
    places: dict[str, list[float]] = {}
    moves: list[dict[str, str | None]] = []
    for action in aids.actions:
        for place in (action.start, action.end):
            if place is not None and place.key not in places:  # hundreds of moves share few places
                places[place.key] = _xy(place.at)
        moves.append({"from": action.start.key if action.start else None,
                      "to": action.end.key if action.end else None})
    return {"radius": aids.radius, "moves": moves, "places": places}


def drawing_json(drawing: Drawing) -> Aid | None:
    """A drawing as the page draws it; ``None`` when it draws nothing."""
    out: Aid = {}
    if drawing.path:
        out.update({"path": [_xy(p) for p in drawing.path], "over": drawing.over, "label": drawing.label})
    if drawing.lines:
        lines: list[dict[str, Any]] = []
        for line in drawing.lines:
            entry: dict[str, Any] = {"from": _xy(line.start), "to": _xy(line.end), "label": line.label}
            if line.face is not None:
                entry["face"] = line.face
            lines.append(entry)
        out["lines"] = lines
    if drawing.marks:
        out["marks"] = [{"at": _xy(m.at), "label": m.label, "kind": m.kind} for m in drawing.marks]
    return out or None


def action_aids(game: Game[Any], actions: Sequence[Action], notes: Sequence[str],
                ruleset: Ruleset | None = None) -> list[Aid | None]:
    """The ``aid`` of each action, in order (the game's own ruleset unless given)."""
    return board(ruleset or _ruleset_of(game), game, actions, notes)[1]


def check_line(game: Game[Any], events: Sequence[Mapping[str, Any]],
               ruleset: Ruleset | None = None) -> Aid | None:
    """What the last move announced, drawn (Tank Chess: the CHECK's threat), from
    its events as the seat was sent them (``Event.to_json`` form)."""
    seen = [Event(str(e.get("kind", "")), str(e.get("text", "")), dict(e.get("data") or {})) for e in events]
    try:
        drawing = (ruleset or _ruleset_of(game)).last_move_drawing(game, seen)
    except TanktableError:
        return None
    return None if drawing is None else drawing_json(drawing)


def entry_drawing(game: Game[Any], move: str | None, events: Sequence[Mapping[str, Any]],
                  ruleset: Ruleset | None = None) -> Aid | None:
    """One log entry drawn (issue 29.7), from its move text and its events exactly as
    the seat was sent them (``Event.to_json`` form): nothing else reaches the ruleset."""
    seen = [Event(str(e.get("kind", "")), str(e.get("text", "")), dict(e.get("data") or {})) for e in events]
    try:
        drawing = (ruleset or _ruleset_of(game)).log_drawing(game, move, seen)
    except TanktableError:
        return None
    return None if drawing is None else drawing_json(drawing)


def geometry(game: Game[Any], ruleset: Ruleset | None = None) -> dict[str, float] | None:
    """How the page turns a click on the drawing into the table's units, if it can."""
    scale = (ruleset or _ruleset_of(game)).board_scale(game)
    return None if scale is None else {"scale": scale.scale, "width": scale.width, "depth": scale.depth}


def drive(game: Game[Any], player: int, ruleset: Ruleset | None = None) -> dict[str, Any] | None:
    """The free drive ``player`` is to give now, as the page draws and pre-judges
    it (issue 29.1); ``None`` when none is due. Coordinates are not rounded, so
    the page judges the same ground as the server."""
    try:
        due = (ruleset or _ruleset_of(game)).free_drive(game, player)
    except TanktableError:
        return None
    return None if due is None else drive_json(due)


def drive_json(due: FreeDrive) -> dict[str, Any]:
    def obstacles(items: tuple[Obstacle, ...]) -> list[dict[str, Any]]:
        return [{"name": o.name, "outline": [[x, y] for x, y in o.outline]} for o in items]

    return {"mover": due.mover, "x": due.x, "y": due.y, "heading": due.heading, "length": due.length,
            "width": due.width, "allowance": due.allowance, "rule": due.rule, "straight": due.straight,
            "max_waypoints": due.max_waypoints, "turn_step": due.turn_step,
            "blocking": obstacles(due.blocking), "pieces": obstacles(due.pieces)}


def _ruleset_of(game: Game[Any]) -> Ruleset:
    return get_ruleset(game.ruleset_id)


def _xy(point: Point) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]
