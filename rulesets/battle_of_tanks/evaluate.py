"""Position value for the computer players (core.ai): material and ground.

Material is each side's tier points weighted by the share of hit points
left (a Tiger at half its hit points is worth 3.5); ground is how close the
best-placed tank stands to the enemy base plate (BT-8.2 wins there).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shapely

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame

MATERIAL_WEIGHT = 0.75
GROUND_WEIGHT = 0.25


def material(game: BattleGame, side: str) -> float:
    return sum(t.card.tier * t.hp / t.card.hit_points for t in game.tanks if t.side == side and t.alive)


def ground(game: BattleGame, side: str) -> float:
    """1 when a tank stands on the enemy plate, falling to 0 across the table."""
    enemy = "b" if side == "a" else "a"
    plate = game.field.bases[enemy]
    diag = math.hypot(game.field.width, game.field.depth)
    best = 0.0
    for t in game.tanks:
        if t.side == side and t.alive:
            d = float(shapely.distance(plate, shapely.points(t.x, t.y)))
            best = max(best, 1.0 - d / diag)
    return best


def evaluate(game: BattleGame, player: int) -> float:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.returns(2)[player]
    me = game.players[player]
    them = game.players[1 - player]
    mine, theirs = material(game, me), material(game, them)
    mat = (mine - theirs) / max(mine + theirs, 1e-9)
    grd = ground(game, me) - ground(game, them)
    value = MATERIAL_WEIGHT * mat + GROUND_WEIGHT * grd
    return max(-0.99, min(0.99, value))
