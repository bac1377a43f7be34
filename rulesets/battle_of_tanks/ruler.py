"""The ruler at the table: ``measure A B`` (distance, line of sight, cover).

A and B are tank names (label or key) or points ``X,Y`` in cm. For two tanks
the answer is the one the rules use: sight range measured as the setting
``sight.measure`` says (BT-6.1 Decision; sightline.py), line of sight and cover of B's
footprint seen from A's centre (BT-6.4). A point stands for a tank of the
rules' default size facing east there. The ruler changes nothing.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import shapely

from core.errors import TanktableError
from core.game import TableCommand
from core.geometry import Pose
from rulesets.battle_of_tanks.actions import num
from rulesets.battle_of_tanks.sightline import footprint_gap, sight_distance

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

USAGE = "measure A B"
_POINT = re.compile(r"^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$")


def _end(game: BattleGame, word: str) -> tuple[str, Pose, float, float, Tank | None]:
    m = _POINT.match(word)
    if m:
        x, y = float(m.group(1)), float(m.group(2))
        fp = game.rules.footprint
        return f"{num(x)},{num(y)}", Pose(x, y, 0.0), fp.length_cm, fp.width_cm, None
    t = game.find(word)
    if t is None:
        raise TanktableError(f"{word!r} is neither a tank ({', '.join(x.label for x in game.tanks)}) "
                             f"nor a point X,Y in cm; usage: {USAGE}")
    return f"{t.label} ({num(t.x)},{num(t.y)})", t.pose, t.length, t.width, t


def measure(game: BattleGame, player: int | None, arguments: str) -> str:
    """Distance, line of sight and cover from A to B (see the module's docstring)."""
    words = arguments.replace(", ", ",").split()
    if len(words) != 2:
        raise TanktableError(f"usage: {USAGE}  (A and B: tank names or X,Y in cm)")
    name_a, pose_a, la, wa, tank_a = _end(game, words[0])
    name_b, pose_b, lb, wb, tank_b = _end(game, words[1])
    centres = math.dist((pose_a.x, pose_a.y), (pose_b.x, pose_b.y))
    gap = footprint_gap(pose_a, (la, wa), pose_b, (lb, wb))
    lines = [f"{name_a} -> {name_b}: {centres:.1f} cm between centres, {gap:.1f} cm between footprints"]
    if tank_a is not None:
        used = sight_distance(game.rules, pose_a, (la, wa), pose_b, (lb, wb))
        verdict = "within" if used <= tank_a.card.sight_cm + 1e-9 else "beyond"
        lines.append(f"  {tank_a.label}'s sight {num(tank_a.card.sight_cm)} cm: {name_b} is {verdict} it (BT-6.1)")
    cover = game.field.cover((pose_a.x, pose_a.y), pose_b, lb, wb)
    sight = "no (completely hidden by tall terrain)" if cover.level == "hidden" else "yes"
    lines.append(f"  line of sight: {sight} (BT-6.4)")
    lines.append(f"  cover of {name_b.split(' ')[0]} seen from {name_a.split(' ')[0]}: {cover.level}; "
                 f"{round(100 * cover.any_share)}% hidden by terrain, {round(100 * cover.heavy_share)}% by heavy "
                 f"(cover from {round(100 * game.rules.cover.threshold)}%)"
                 + (", HULL-DOWN" if cover.hull_down else ""))
    crossed = [f.name for f in game.field.features + game.field.wrecks
               if f.polygon.intersects(shapely.LineString([(pose_a.x, pose_a.y), (pose_b.x, pose_b.y)]))]
    if crossed:
        lines.append(f"  the line between the centres crosses: {', '.join(crossed)}")
    return "\n".join(lines)


COMMANDS = (TableCommand("measure", USAGE, "distance, line of sight and cover between two tanks or points (cm)", measure),)
