"""What the page draws for a legal action before it is sent: a table player's aids.

For each of the seat's own legal actions, at most one small drawing in the
coordinates of the ruleset's SVG (the same geometry as :mod:`cli.serve.boards`):

* Battle of Tanks: a drive's path from the active tank through its waypoints,
  with its length against the tank's move allowance (``"31.5 / 40 cm"``,
  BT-5.1); a shot's line of sight from the shooter to each target, labelled
  with the ruleset's own note (chance to hit and to penetrate).
* Tank Chess: a move that shoots draws the shot from its destination to the
  target, labelled with the armour face it hits (front, side or rear) as the
  ruleset's own event for that move says.
* Duel of the Giants: a program's path through its hexes, when the action
  carries one.

Every figure comes from the ruleset (its move limit, its notes, its events);
this module only places them on the drawing. Only the seat's own legal
actions are drawn, so nothing here can show what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.errors import TanktableError

Aid = dict[str, Any]


def action_aids(game: Any, actions: Sequence[Any], notes: Sequence[str]) -> list[Aid | None]:
    """One drawing (or ``None``) per action, in order. A drawing is
    ``{"path": [[x, y], ...], "label": str, "over": bool}`` for a movement and/or
    ``{"lines": [{"from": [x, y], "to": [x, y], "label": str}, ...]}`` for shots."""
    ruleset = getattr(game, "ruleset_id", "")
    draw = {"battle-of-tanks": _battle, "tank-chess": _tank_chess,
            "duel-of-the-giants": _duel}.get(ruleset)
    if draw is None:
        return [None] * len(actions)
    out: list[Aid | None] = []
    for action, note in zip(actions, notes, strict=True):
        try:
            out.append(draw(game, action, note))
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            out.append(None)
    return out


def _xy(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 1), round(point[1], 1)]


# ------------------------------------------------------------- battle of tanks
def battle_geometry(game: Any) -> dict[str, float]:
    """How the page turns a click on the SVG into cm (and back): the scale in
    pixels per cm and the table's depth (the SVG's y grows downwards)."""
    from rulesets.battle_of_tanks.svg import SCALE

    return {"scale": SCALE, "width": float(game.field.width), "depth": float(game.field.depth)}


def _battle(game: Any, action: Any, note: str) -> Aid | None:
    from core.geometry import path_length
    from rulesets.battle_of_tanks import actions as A
    from rulesets.battle_of_tanks.svg import SCALE

    depth = game.field.depth

    def svg(x: float, y: float) -> list[float]:
        return _xy((x * SCALE, (depth - y) * SCALE))

    if isinstance(action, A.Drive):
        tank = game.find(game.active) if game.active else None
        if tank is None or not action.points:
            return None
        points = [(tank.x, tank.y), *action.points]
        length = path_length(points)
        limit = float(game.move_limit(tank))
        return {"path": [svg(x, y) for x, y in points], "over": length > limit + 1e-6,
                "label": f"{length:.1f} / {A.num(limit)} cm"}
    if isinstance(action, (A.Fire, A.AmbushFire)):
        shooter = game.find(action.tank if isinstance(action, A.AmbushFire) else (game.active or ""))
        if shooter is None:
            return None
        lines: list[dict[str, Any]] = []
        for shot in action.shots:
            target = game.find(shot.target)
            if target is None:
                continue
            lines.append({"from": svg(shooter.x, shooter.y), "to": svg(target.x, target.y),
                          "label": f"{shooter.label} -> {target.label}"})
        if not lines:
            return None
        lines[-1]["label"] += f": {note}" if note else ""
        return {"lines": lines}
    return None


# ------------------------------------------------------------------ tank chess
def _tank_chess(game: Any, action: Any, note: str) -> Aid | None:
    """The shot of a move: the armour face it hits from the ruleset's own rule
    (``hit_side``, TC-6.1), the same the ``fired`` event of the move reports."""
    if getattr(action, "target", None) is None or action.to is None:
        return None
    from cli.serve.boards import targets
    from core.combat import defeats
    from core.grid.square import direction_between
    from rulesets.tank_chess.position import ARMOUR_SIDES

    r, pos = game.rules, game.pos
    shooter = pos.cell[r.index(action.frm)] - 1
    target = pos.cell[r.index(action.target)] - 1
    if shooter < 0 or target < 0:
        return None
    d = direction_between(action.to, action.target)
    hit = r.hit_side(int(d) if d is not None else 0, pos.face[target])
    armour, gun = r.armour[pos.kind[target]][hit], r.gun[pos.kind[shooter]]
    places = targets(game, [TankMoveTo(action.target, action)])
    move = places["moves"][0]
    verdict = "destroys it" if defeats(gun, armour) else "does not penetrate"
    label = f"hits its {ARMOUR_SIDES[hit]} (armour {armour}, gun {gun}): {verdict}" + (f"; {note}" if note else "")
    return {"lines": [{"from": places["places"][move["from"]], "to": places["places"][move["to"]],
                       "label": label, "face": ARMOUR_SIDES[hit]}]}


class TankMoveTo:
    """A stand-in move from the real move's destination to its target, so that
    :func:`cli.serve.boards.targets` places both squares on the drawing."""

    def __init__(self, target: tuple[int, int], action: Any):
        self.frm = action.to
        self.to = target


# ---------------------------------------------------------- duel of the giants
def _duel(game: Any, action: Any, note: str) -> Aid | None:
    from rulesets.duel_of_the_giants.svg import centre

    path = getattr(action, "path", None)
    if not path or len(path) < 2:
        return None
    return {"path": [_xy(centre(*pos)) for pos in path], "over": False, "label": note}


def check_line(game: Any, events: Sequence[dict[str, Any]]) -> Aid | None:
    """Tank Chess: the CHECK's threat drawn from the ``check`` event's own data
    (TC-8.1): the threatening piece's square, where it would shoot from, and the
    Command Tank it would hit."""
    if getattr(game, "ruleset_id", "") != "tank-chess":
        return None
    check = next((e for e in events if e.get("kind") == "check"), None)
    if check is None:
        return None
    from rulesets.tank_chess.notation import parse_square
    from rulesets.tank_chess.svg import CELL, MARGIN

    n = game.rules.files
    origin = game.settings.coordinates.origin
    black_view = origin == "black"

    def place(name: str) -> list[float]:
        f, rank = parse_square(name, game.layout.size, origin)
        if black_view:
            f, rank = n - 1 - f, n - 1 - rank
        return _xy((MARGIN + f * CELL + CELL / 2, MARGIN + (n - 1 - rank) * CELL + CELL / 2))

    data = check["data"]
    try:
        frm, there, aim = place(data["from"]), place(data["shoots_from"]), place(data["target"])
    except (KeyError, TypeError, ValueError, TanktableError):
        return None
    lines = []
    if there != frm:
        lines.append({"from": frm, "to": there, "label": ""})
    lines.append({"from": there, "to": aim, "label": f"CHECK: {data.get('piece', '')}"})
    return {"lines": lines}
