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

import itertools
import math
from typing import TYPE_CHECKING

from shapely.geometry import Polygon

from core.board_aids import FreeDrive, Obstacle
from core.errors import NotationError, TanktableError
from core.game import Action, TableCommand
from core.geometry import Pose, heading_between, path_length
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.actions import Drive, num, parse_action
from rulesets.battle_of_tanks.game import OTHER, BattleGame
from rulesets.battle_of_tanks.sightline import look
from rulesets.battle_of_tanks.threats import danger_level, threats_to

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.state import Tank

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
    nearest = nearest_drive(game, action) if illegal is not None else None
    if nearest is not None:  # playtest of issue 59: the nearest drive the rules accept, to paste
        lines.append(f"  nearest legal: {A.format_action(nearest[0])} ({nearest[1]})")
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
    from rulesets.battle_of_tanks.describe import reach_note

    reach = reach_note(game, t, pose)  # playtest of issue 59: "now" is not the enemy's next shot
    if reach:
        lines.append(f"  {reach}")
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





DRIVE_ORDERS = ("MOVE", "ATTACK", "RETREAT")
"""The orders that drive (BT-5.1, BT-5, BT-5.3): the ones ``drives`` lists drives for."""

DRIVES_USAGE = "drives TANK [move|attack|retreat]"


def _through_windows(game: BattleGame) -> None:
    """On a copy: the enemy lets its ambush windows pass (BT-7.2), so the drive that
    follows an order can be judged; what it would really do is not known."""
    while game.result is None and game.phase == "window":
        game.apply(A.Pass())


def _one_line(order: str, drive: A.Drive) -> str:
    """``amx#1 move 40,20 55,35 @90`` or ``amx#1 move stay``: an order and its drive as
    the prompt reads them on one line (issue 59.8)."""
    text = A.format_action(drive)
    return f"{order} {text.removeprefix('to ')}"


def order_drives(game: BattleGame, tank: Tank, order: str) -> tuple[list[tuple[str, str]], str | None]:
    """Playtest of issue 59 (drives were found by trial and error, and their list came
    only after the order was given): the candidate drives ``tank`` would be offered under
    ``order``, judged on a copy with the order given and the enemy's ambush windows let
    pass, each as one pasteable line with its note (cover, danger, and for an ATTACK
    its fire from there); or the reason the order may not be given now."""
    declare = A.Declare(tank.label, order)
    illegal = game.check(declare)
    if illegal is not None:
        return [], f"{illegal.reason} ({illegal.rule})"
    ghost = game.clone()
    ghost.apply(declare)
    _through_windows(ghost)
    if ghost.result is not None or ghost.phase != "path" or ghost.active != tank.key:
        return [], "its drive would not be asked for now (an ambush ended its activation)"
    from rulesets.battle_of_tanks.candidates import candidates
    from rulesets.battle_of_tanks.describe import describe

    head = A.format_action(declare)
    return [(_one_line(head, d), describe(ghost, d)) for d in distinct(candidates(ghost))], None


NEAR_END_CM = 2.0
"""Drives ending this close to one listed before are left out of ``drives`` (playtest of
issue 59: three drives to 39.1,41.6, 39.4,41.4 and 38.4,42.3 pushed the list off a 40-row
screen); the computer still weighs them all."""


def distinct(found: list[Action]) -> list[A.Drive]:
    """The drives of ``found``, without those ending within :data:`NEAR_END_CM` of one before."""
    out: list[A.Drive] = []
    for d in found:
        if not isinstance(d, A.Drive):
            continue
        end = d.points[-1] if d.points else None
        if end is not None and any(o.points and math.dist(o.points[-1], end) < NEAR_END_CM for o in out):
            continue
        out.append(d)
    return out


def drives(game: BattleGame, player: int | None, arguments: str) -> str:
    """``drives amx#1 [attack]``: :func:`order_drives` for each drive order (or the one
    named) before it is given; while a drive is due, the due tank's as ``to X,Y`` lines."""
    from rulesets.battle_of_tanks.candidates import candidates
    from rulesets.battle_of_tanks.describe import describe
    from rulesets.battle_of_tanks.names import resolve

    words = arguments.split()
    if game.phase == "path" and game.active is not None and (
            not words or resolve(words[0], [game.active], [game.tank(game.active).label]) in (
                game.active, game.tank(game.active).label.lower())):
        return "\n".join(f"  {A.format_action(d)}  ({describe(game, d)})" for d in distinct(candidates(game)))
    if not words:
        raise TanktableError(f"usage: {DRIVES_USAGE}")
    name = resolve(words[0], [t.key for t in game.tanks], [t.label for t in game.tanks])
    tank = game.find(name)
    if tank is None:
        raise TanktableError(f"no tank called {words[0]!r}; usage: {DRIVES_USAGE}")
    orders = [w.upper() for w in words[1:]] or list(DRIVE_ORDERS)
    wrong = [w for w in orders if w not in DRIVE_ORDERS]
    if wrong:
        raise TanktableError(f"{wrong[0].lower()!r} is no order that drives; usage: {DRIVES_USAGE}")
    if game.phase != "order":
        raise TanktableError(f"no order is due now ({game.decision()})")
    if tank not in game.eligible(game.chit_side or ""):
        raise TanktableError(f"{tank.label} may not be given an order now ({game.decision()})")
    brief = len(words) == 1  # a tank alone: each order's count, so the answer fits the screen
    lines = []
    for order in orders:
        found, why = order_drives(game, tank, order)
        said = f"{tank.label} {order.lower()}"
        if why is not None:
            lines.append(f"{said}: not now: {why}")
            continue
        shots = sum(ATTACK_NO_SHOT not in note for _, note in found) if order == "ATTACK" else -1
        aim = "" if shots < 0 else ", none gives a shot" if not shots else f", {shots} give(s) a shot"
        if brief:
            lines.append(f"{said}: {len(found)} drive(s){aim}  ('drives {said}' lists them)")
            continue
        lines.append(f"{said}: {len(found)} drive(s){aim}; each line can be typed or pasted:")
        lines += [f"  {text}  ({note})" if note else f"  {text}" for text, note in found]
    return "\n".join(lines)


def attack_reach(game: BattleGame, tank: Tank) -> tuple[int, int] | None:
    """Playtest of issue 59 (an ATTACK was given with nothing to shoot, and only then
    said so): of the candidate drives ``tank``'s ATTACK would be offered (BT-5), how many
    end where it has a target to fire at (BT-6.1, BT-5.5), and how many there are; judged
    on copies, the enemy's windows let pass; ``None`` when the order may not be given."""
    declare = A.Declare(tank.label, "ATTACK")
    if game.check(declare) is not None:
        return None
    ghost = game.clone()
    ghost.apply(declare)
    _through_windows(ghost)
    if ghost.result is not None or ghost.phase != "path" or ghost.active != tank.key:
        return None
    from rulesets.battle_of_tanks.candidates import candidates

    shots = total = 0
    for drive in distinct(candidates(ghost)):  # the drives ``drives`` lists, so the counts agree
        after = ghost.clone()
        after.apply(drive)
        total += 1
        shots += bool(after.targets(after.tank(tank.key)))
    return shots, total


ATTACK_NO_SHOT = "its fire from there: no shot"
"""How an ATTACK line's note begins where it would leave the tank nothing to fire at."""


def nearest_drive(game: BattleGame, action: A.Drive) -> tuple[A.Drive, str] | None:
    """Playtest of issue 59 (``61.6 cm is longer than 60``, ``runs into the rubble``: the
    player gave up): for a drive the rules refuse, the longest part of the same path
    that they accept, walked back from the allowance (BT-5.1) 1 cm at a time, with how
    it differs (``stops at 60 cm``, ``stops short of what blocks the way``); ``None`` when the drive is
    legal, or no part of it is."""
    if game.phase != "path" or game.active is None or game.check(action) is None or not action.points:
        return None
    t = game.tank(game.active)
    points = [(t.x, t.y), *action.points]
    whole = path_length(points)
    limit = float(game.move_limit(t))
    s = min(whole, limit)
    while s > 0.5:
        cut = _cut(points, s)
        drive = A.Drive(cut, action.heading if s >= whole - 1e-6 else None)
        if len(cut) and game.check(drive) is None:
            how = ("stops short of what blocks the way" if whole <= limit + 1e-6 else f"stops at {num(limit)} cm"
                   if s >= limit - 1.0 else f"stops at {s:.0f} cm, short of what blocks the way")
            return drive, how
        s = math.floor(s) - 1.0 if s != math.floor(s) else s - 1.0
    return None


def _cut(points: list[tuple[float, float]], s: float) -> tuple[tuple[float, float], ...]:
    """The path ``points`` (its start first) cut ``s`` cm along it, in notation's 0.1 cm,
    rounded towards the start so the cut is never longer than ``s``."""
    out: list[tuple[float, float]] = []
    left = s
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        if seg >= left:
            f = max(0.0, (left - 0.1) / seg) if seg else 0.0
            out.append((A.cm(a[0] + (b[0] - a[0]) * f), A.cm(a[1] + (b[1] - a[1]) * f)))
            return tuple(out)
        out.append(b)
        left -= seg
    return tuple(out)


def mend_line(game: BattleGame, text: str) -> str | None:
    """The nearest legal line to a refused one (playtest of issue 59): the order and any
    drive before it played on a copy, then the refused drive cut by :func:`nearest_drive`,
    said as ``lynx move 70,8 96,24  (stops short of what blocks the way)``, the line first so that it pastes
    whole (what follows the drive kept, the note set aside by the prompt); ``None`` when the line is no refused drive
    or no part of it would be accepted."""
    parts = A.split_line(text) or [text]
    trial = game.clone()
    for i, part in enumerate(parts):
        try:
            action = trial.parse_action(part)
        except TanktableError:
            return None
        illegal = trial.check(action)
        if illegal is None:
            trial.apply(action)
            _through_windows(trial)
            continue
        if not isinstance(action, A.Drive):
            return None
        found = nearest_drive(trial, action)
        if found is None:
            return None
        drive, how = found
        ordered = i > 0 and isinstance(game.parse_action(parts[i - 1]), A.Declare)
        said = [_one_line(parts[i - 1], drive)] if ordered else [A.format_action(drive)]
        line = " ".join([*parts[:i - 1 if ordered else i], *said, *parts[i + 1:]])
        return f"{line}  ({how})"
    return None


COMMANDS = (TableCommand("preview", USAGE, "whether a drive would be accepted, and the cover it ends in "
                                           "from each enemy (nothing moves)", preview),
            TableCommand("drives", DRIVES_USAGE, "a tank's candidate drives under each order, before you "
                                                 "give it, each a line to paste",
                         drives))
