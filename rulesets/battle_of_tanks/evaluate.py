"""Position value for the computer players (core.ai): material, threat and ground.

- Material: each side's tier points weighted by the share of hit points
  left (a Tiger at half its hit points is worth 3.5).
- Threat: the hit points each side's tanks may expect to take off the enemy
  with their next shots at targets they may fire at now (to-hit chance x
  penetrating faces x firepower x rate of fire), against the other side's.
  Cover, spotting and sight therefore matter to the computer.
- Ground: how close the best-placed tank stands to the enemy base plate
  (BT-8.2 wins there).
- A tank waiting in AMBUSH with no enemy in sight is idle: a small penalty,
  so the computer does not freeze its army in ambush.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shapely

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

MATERIAL_WEIGHT = 0.55
THREAT_WEIGHT = 0.2
GROUND_WEIGHT = 0.25
IDLE_AMBUSH = 0.03


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


def expected_damage(game: BattleGame, shooter: Tank) -> float:
    """Best expected hit points one activation of ``shooter`` takes off, in tier points."""
    faces = game.rules.penetration_die
    pen_all = sum(1 for f in faces if f in ("T", "W")) / len(faces)
    pen_turret = sum(1 for f in faces if f == "T") / len(faces)
    best = 0.0
    for target, sight in game.targets(shooter):
        turret = sight.hull_to_hull
        tn = game.to_hit(shooter, target, sight, "ambush" if shooter.ambush else "fire", False)
        if tn.impossible:
            continue
        p_hit = 1.0 if tn.automatic else (7 - tn.need) / 6.0
        damage = min(target.hp, shooter.card.rate_of_fire * shooter.card.firepower * p_hit
                     * (pen_turret if turret else pen_all))
        best = max(best, target.card.tier * damage / target.card.hit_points)
    return best


def threat(game: BattleGame, side: str) -> float:
    return sum(expected_damage(game, t) for t in game.tanks if t.side == side and t.alive)


def idle_ambushers(game: BattleGame, side: str) -> int:
    return sum(1 for t in game.tanks if t.side == side and t.alive and t.ambush and not game.targets(t))


def evaluate(game: BattleGame, player: int) -> float:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.returns(2)[player]
    me = game.players[player]
    them = game.players[1 - player]
    mine, theirs = material(game, me), material(game, them)
    mat = (mine - theirs) / max(mine + theirs, 1e-9)
    my_threat, their_threat = threat(game, me), threat(game, them)
    thr = (my_threat - their_threat) / max(mine + theirs, 1e-9)
    grd = ground(game, me) - ground(game, them)
    idle = IDLE_AMBUSH * (idle_ambushers(game, me) - idle_ambushers(game, them))
    value = MATERIAL_WEIGHT * mat + THREAT_WEIGHT * thr + GROUND_WEIGHT * grd - idle
    return max(-0.99, min(0.99, value))
