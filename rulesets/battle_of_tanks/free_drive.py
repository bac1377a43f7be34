"""Driving anywhere at the browser table (issue 29.1): what the page needs to draw
and pre-judge a drive under the pointer, and the ``preview PATH`` table command
that asks the server about one drive when the pointer rests.

* :func:`free_drive` gives the tank due to drive (MOVE, ATTACK, RETREAT), its
  allowance (BT-5.1, BT-5.3), whether the path is one straight line, the
  impassable terrain and wrecks (BT-3.2, BT-3.4) and the other tanks'
  footprints, named as a refusal names them. Battle of Tanks hides nothing on
  the table, so this is what every seat sees.
* ``preview to 40,20 55,35 @90`` answers whether the drive would be accepted
  (the game's own check, with its rule ID when not), the cover the tank would
  end in from each enemy (BT-6.1, BT-6.4) and what that enemy's next FIRE would
  do to it there, exact, or that it must spot it first (BT-5.5, issue 59.1),
  then a ``danger:`` line when any could: the part of a preview that only the
  server can tell. It changes nothing.
"""

from __future__ import annotations

from shapely.geometry import Polygon

from core.board_aids import FreeDrive, Obstacle
from core.errors import NotationError, TanktableError
from core.game import TableCommand
from core.geometry import Pose, heading_between, path_length
from rulesets.battle_of_tanks.actions import Drive, num, parse_action
from rulesets.battle_of_tanks.game import OTHER, BattleGame
from rulesets.battle_of_tanks.sightline import look
from rulesets.battle_of_tanks.threats import danger_level, threats_to

USAGE = "preview to X,Y [X,Y ...] [@HEADING]"

RULES = {"MOVE": "BT-5.1", "ATTACK": "BT-5", "RETREAT": "BT-5.3"}
"""The rule a path's length is refused under, by order (as the game's check cites it)."""


def _outline(polygon: Polygon) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in list(polygon.exterior.coords)[:-1])


def free_drive(game: BattleGame, player: int) -> FreeDrive | None:
    """The drive ``player`` is to give now, or ``None`` when none is due (or it is
    not ``player``'s): see the module's docstring."""
    if game.result is not None or game.phase != "path" or game.active is None or game.to_move() != player:
        return None
    t = game.tank(game.active)
    order = t.order or "MOVE"
    blocking = tuple(Obstacle(f"impassable {f.words}", _outline(f.polygon))
                     for f in game.field.features + game.field.wrecks if not f.passable)
    pieces = tuple(Obstacle(f"{o.label} ({num(o.x)},{num(o.y)})" + ("" if o.alive else " (destroyed)"),
                            _outline(o.footprint()))
                   for o in game.tanks if o.key != t.key and not o.wreck)
    straight = order in ("ATTACK", "RETREAT")
    return FreeDrive(
        mover=t.label, x=t.x, y=t.y, heading=t.heading, length=t.length, width=t.width,
        allowance=float(game.move_limit(t)), rule=RULES[order], straight=straight,
        max_waypoints=1 if straight else game.rules.movement.max_waypoints,
        turn_step=float(game.rules.movement.turn_step_deg), blocking=blocking, pieces=pieces)


def preview(game: BattleGame, player: int | None, arguments: str) -> str:
    """``preview to 40,20 @90``: accepted or refused (rule ID), the length against
    the allowance, and the end's cover from each enemy (see the module's docstring)."""
    if game.phase != "path" or game.active is None:
        raise TanktableError(f"no drive is due now ({game.decision()}); usage: {USAGE}")
    try:
        action = parse_action(arguments)
    except NotationError as exc:
        raise TanktableError(f"usage: {USAGE}: {str(exc).splitlines()[0]}") from None
    if not isinstance(action, Drive):
        raise TanktableError(f"usage: {USAGE}  (e.g. preview to 40,20 55,35 @90)")
    t = game.tank(game.active)
    points = [(t.x, t.y), *action.points]
    length = path_length(points)
    end = points[-1]
    heading = action.heading if action.heading is not None else (
        heading_between(points[-2], end) if len(points) > 1 else t.heading)
    illegal = game.check(action)
    verdict = "accepted" if illegal is None else f"refused: {illegal.reason} ({illegal.rule})"
    lines = [f"{game.format_action(action)}: {length:.1f} / {num(game.move_limit(t))} cm, {verdict}"]
    pose = Pose(end[0], end[1], heading)
    danger = {d.enemy: d for d in threats_to(game, t, pose)}  # issue 59.1: what each could do there
    for enemy in game.live(OTHER[t.side]):
        seen = look(game.field, game.rules, enemy, t, pose)
        if not seen.in_range:
            words = f"out of sight ({seen.distance:.1f} cm, sight {num(enemy.card.sight_cm)} cm)"
        else:
            words = seen.cover.describe()
        if enemy.label in danger:
            words += f"; {danger[enemy.label].words(t.label)}"
        lines.append(f"  from {enemy.label}: {words}")
    level = danger_level(list(danger.values()))
    if level:
        lines.append(f"  danger: {DANGER_WORDS[level]}")
    if t.order == "ATTACK" and illegal is None:
        lines.append(f"  its fire from there: {attack_from_there(game, action)}")
    return "\n".join(lines)


def attack_from_there(game: BattleGame, action: Drive, short: bool = False) -> str:
    """Playtest of issue 59 (an ATTACK's line was chosen blind, preview after preview):
    what the attacking tank's fire would do from the end of ``action``, its ATTACK's
    straight line (BT-5.1), judged on a copy with the drive made: each target it
    would have there with its whole rate of fire's chances, exact (BT-6.3 with ATTACK's
    modifier, BT-6.5), or why it would have none (BT-5.5, BT-6.1); ``short``: in the
    fewest words (:func:`~rulesets.battle_of_tanks.describe.fire_note`)."""
    from rulesets.battle_of_tanks.describe import fire_note

    ghost = game.clone()
    ghost.apply(action)  # the line's one segment is made before any window opens (BT-7.2)
    return fire_note(ghost, ghost.tank(game.active or ""), "attack", False, short)


DANGER_WORDS = {"dead": "deadly: an enemy's next FIRE destroys it there at least half the time",
                "fire": "under fire: an enemy's next FIRE could harm it there",
                "spot": "seen in cover: fired at there only once spotted this round (BT-5.5)"}
"""The preview's last line, by :func:`~rulesets.battle_of_tanks.threats.danger_level`;
its first words are :data:`~rulesets.battle_of_tanks.threats.DANGER_HEADS`' (the page
tints the tank where it would end by them)."""


COMMANDS = (TableCommand("preview", USAGE, "whether a drive would be accepted, and the cover it ends in "
                                           "from each enemy (nothing moves)", preview),)
