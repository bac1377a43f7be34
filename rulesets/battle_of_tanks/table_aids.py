"""The browser table's aids for Battle of Tanks, in the coordinates of :mod:`.svg`
(``SCALE`` drawing units per cm, y growing down from the table's far edge).

* A drive (BT-5.1) is placed from the active tank to its last waypoint, and
  drawn as its path through the waypoints with its length against the tank's
  move allowance (``"31.5 / 40 cm"``), marked ``over`` when longer; where enemies
  would have the tank in sight and range at its end, a danger mark there names
  them with their chance to destroy it (issue 59.1, :mod:`.threats`).
* An order (BT-4.2) starts from its tank, keyed by the tank's key: the page
  rings every tank that may take the chit's order and opens its order menu.
* A shot (BT-6) draws the line of sight from the shooter to each target; the
  last line carries the ruleset's own note (chance to hit and to penetrate).
* :func:`board_scale` lets the page turn a click into centimetres (the ruler).
* :func:`log_drawing` draws a move of the log: the path its drive took, leg by
  leg, and a line from each shooter to each target it rolled at, for the page's
  motion (the tank along its path; a tracer, then what the shot did there) and
  its step-by-step replay (issue 58.6).

Every figure is the ruleset's (its move limit, its notes); Battle of Tanks
has no hidden information, and only the seat's own legal actions are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.board_aids import (
    ActionAid,
    AidLine,
    AidMark,
    BoardAids,
    BoardScale,
    Drawing,
    Place,
    Point,
)
from core.game import Action, Event
from core.geometry import Pose, heading_between, path_length
from rulesets.battle_of_tanks.actions import AmbushFire, Declare, Drive, Fire, num
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.state import Tank
from rulesets.battle_of_tanks.svg import SCALE
from rulesets.battle_of_tanks.threats import danger_level, danger_text, threats_to

RADIUS = 9.0
"""The clickable spot on a drive's end, in drawing units (under 2 cm of table)."""

TANK_RING = 24.0
"""The ring around a tank that may take an order, in drawing units (4.8 cm of
table): at least 40 CSS pixels across where the board is drawn at its own
size or larger, a finger's width (issue 29.17)."""


def log_drawing(game: BattleGame, events: Sequence[Event]) -> Drawing | None:
    """One log entry as the page's motion follows it (issue 58.6): its drive as the
    path through every leg it drove (:func:`driven_path`), so a drive through
    waypoints runs along them, not straight from its start to its end; its shots as
    lines, shooter to target, from its to-hit rolls as the seat was sent them
    (``shooter`` and ``target`` keys). The shooters and targets stand where the game
    has them now, which is where they fired from in the newest entries the page
    animates (a shot moves nothing). ``None``: the entry neither drove nor fired."""
    pairs = dict.fromkeys((str(e.data.get("shooter")), str(e.data.get("target")))
                          for e in events if e.kind == "roll" and "shooter" in e.data and "target" in e.data)
    known = {t.key: t for t in game.tanks}
    lines = tuple(AidLine(svg_point(game, known[a].x, known[a].y), svg_point(game, known[b].x, known[b].y))
                  for a, b in pairs if a in known and b in known)
    path = tuple(svg_point(game, x, y) for x, y in driven_path(events))
    return Drawing(path=path, lines=lines) if lines or path else None


def driven_path(events: Sequence[Event]) -> list[tuple[float, float]]:
    """The table points (cm) a log entry's drive went through: the start of its first
    leg, then each leg's end, from its ``moved`` events (each names where its leg
    began, BT-5.1). A leg that does not start where the last ended (another tank's)
    starts the path again; empty when the entry drove nowhere."""
    path: list[tuple[float, float]] = []
    for e in events:
        if e.kind != "moved" or not {"x", "y", "from_x", "from_y"} <= e.data.keys():
            continue
        start = (float(e.data["from_x"]), float(e.data["from_y"]))
        if not path or abs(path[-1][0] - start[0]) > 1e-6 or abs(path[-1][1] - start[1]) > 1e-6:
            path = [start]
        path.append((float(e.data["x"]), float(e.data["y"])))
    return path


def svg_point(game: BattleGame, x: float, y: float) -> Point:
    """The table point (``x``, ``y``) cm on the drawing."""
    return x * SCALE, (game.field.depth - y) * SCALE


def point_place(game: BattleGame, x: float, y: float) -> Place:
    """A table point as a place, named by its whole centimetres (``"40,20"``)."""
    return Place(f"{x:.0f},{y:.0f}", svg_point(game, x, y))


def board_scale(game: BattleGame) -> BoardScale:
    return BoardScale(SCALE, float(game.field.width), float(game.field.depth))


def board_aids(game: BattleGame, actions: Sequence[Action], notes: Sequence[str]) -> BoardAids:
    """Each drive from the active tank to its end, with its path; each shot's lines."""
    tank = game.find(game.active) if game.active else None
    radius = TANK_RING if game.phase == "order" else RADIUS
    return BoardAids(radius, tuple(_action(game, tank, a, note) for a, note in zip(actions, notes, strict=True)))


def _action(game: BattleGame, tank: Tank | None, action: Action, note: str) -> ActionAid:
    if isinstance(action, Declare):
        ordered = game.find(action.tank)
        return ActionAid() if ordered is None else ActionAid(Place(ordered.key, svg_point(game, ordered.x, ordered.y)))
    if isinstance(action, Drive) and action.points:
        start = point_place(game, tank.x, tank.y) if tank is not None else None
        return ActionAid(start, point_place(game, *action.points[-1]), drive_drawing(game, tank, action))
    if isinstance(action, (Fire, AmbushFire)):
        return ActionAid(drawing=fire_drawing(game, action, note))
    return ActionAid()


def drive_drawing(game: BattleGame, tank: Tank | None, action: Drive) -> Drawing | None:
    """The drive's path from ``tank`` through its waypoints, its length against the
    tank's move allowance (BT-5.1), and, where an enemy would have the tank in sight
    and range at its end, a danger mark there (:func:`danger_mark`)."""
    if tank is None or not action.points:
        return None
    points = [(tank.x, tank.y), *action.points]
    length = path_length(points)
    limit = float(game.move_limit(tank))
    mark = danger_mark(game, tank, action)
    return Drawing(path=tuple(svg_point(game, x, y) for x, y in points), over=length > limit + 1e-6,
                   label=f"{length:.1f} / {num(limit)} cm", marks=() if mark is None else (mark,))


DANGER_KIND = "danger-"
"""A danger mark's kind: ``danger-dead``, ``danger-fire`` or ``danger-spot`` (threats.danger_level)."""


def danger_mark(game: BattleGame, tank: Tank, action: Drive) -> AidMark | None:
    """Issue 59.1: where the drive leaves ``tank``, the enemies that would have it in
    sight and range, each with its cover and the chance its next FIRE destroys or
    damages it (exact), or that it must spot it first (BT-5.5); its kind the danger's
    level, which the page tints the drive's end by. ``None`` where no enemy sees it.
    The end's heading is the drive's own (its last leg's, or the one given), as the
    move's note and the game read it; the table is open to both seats."""
    end = action.points[-1]
    before = action.points[-2] if len(action.points) > 1 else (tank.x, tank.y)
    heading = action.heading if action.heading is not None else heading_between(before, end)
    found = threats_to(game, tank, Pose(end[0], end[1], heading))
    level = danger_level(found)
    if not level:
        return None
    return AidMark(svg_point(game, *end), danger_text(found), DANGER_KIND + level)


def fire_drawing(game: BattleGame, action: Fire | AmbushFire, note: str) -> Drawing | None:
    """A line of sight from the shooter to each target (BT-6); the last one
    labelled with ``note``, the ruleset's chance to hit and to penetrate."""
    shooter = game.find(action.tank if isinstance(action, AmbushFire) else (game.active or ""))
    if shooter is None:
        return None
    lines: list[AidLine] = []
    for shot in action.shots:
        target = game.find(shot.target)
        if target is not None:
            lines.append(AidLine(svg_point(game, shooter.x, shooter.y), svg_point(game, target.x, target.y),
                                 f"{shooter.label} -> {target.label}"))
    if not lines:
        return None
    if note:
        last = lines[-1]
        lines[-1] = AidLine(last.start, last.end, f"{last.label}: {note}", last.face)
    return Drawing(lines=tuple(lines))
