"""Search priors: which candidate the computer's search should try first.

MCTS gets a few hundred iterations per decision, and after an order the
path decision alone has a dozen candidates: the children it expands first
are the ones it judges the order by. ``search_priors`` ranks them at a
glance, without cover or sight computations (the costly part of a new
position, which the evaluation pays anyway):

- orders: FIRE and ATTACK with a target first, by the damage they may do;
  MOVE before the orders that wait; RETREAT when the track is damaged;
  RECON only with an enemy near that cannot be fired at yet;
- drives: by the ground the end point holds -- the damage the tank could
  deal from there minus the damage the enemies could deal to it there
  (counting centre distances against sight, plus an enemy's ATTACK move),
  and a little for each centimetre towards the enemy base plate;
- fire: by expected damage (the candidate list already prefers it);
  an ambush shot before ``pass``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.game import Action
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.evaluate import (
    REACH,
    expected_damage,
    penetration_chance,
    tier_damage,
)
from rulesets.battle_of_tanks.game import OTHER

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

PROGRESS = 0.002
"""Prior per centimetre gained towards the enemy base plate."""


def priors(game: BattleGame, actions: Sequence[Action]) -> list[float]:
    """One score per action, higher tried first (see the module docstring)."""
    scores: list[float] = []
    damage: dict[str, float] = {}
    for action in actions:
        if isinstance(action, A.Declare):
            scores.append(_order(game, action, damage))
        elif isinstance(action, A.Drive):
            scores.append(_drive(game, action))
        elif isinstance(action, A.Fire | A.AmbushFire):
            scores.append(10.0 + sum(s.count for s in action.shots))
        else:
            scores.append(0.0)
    return scores


def raw_damage(shooter: Tank, target: Tank, penetration: float) -> float:
    """Expected tier points one activation of ``shooter`` takes off ``target`` in the open."""
    p_hit = min(1.0, max(0.0, (7 - shooter.card.accuracy) / 6.0))
    return tier_damage(shooter, target, p_hit, penetration)


def _order(game: BattleGame, action: A.Declare, damage: dict[str, float]) -> float:
    t = game.tank(action.tank)
    if t.key not in damage:
        damage[t.key] = expected_damage(game, t, "fire")
    dmg = damage[t.key]
    order = action.order
    if dmg > 0:
        return {"FIRE": 10.0 + dmg, "ATTACK": 9.0 + dmg, "AMBUSH": 4.0 + dmg,
                "MOVE": 3.0, "RETREAT": 3.5 if t.track_damaged else 1.0, "RECON": 0.5}[order]
    if order == "MOVE":
        return 6.0
    if order == "ATTACK":
        return 5.0
    if order == "RETREAT":
        return 7.0 if t.track_damaged else 1.0
    if order == "RECON":
        near = any(math.dist((t.x, t.y), (e.x, e.y)) <= t.card.sight_cm + t.length for e in game.tanks
                   if e.alive and e.side != t.side)
        return 4.0 if near else 0.5
    return 0.0  # AMBUSH with nothing in sight


def _drive(game: BattleGame, action: A.Drive) -> float:
    t = game.tank(game.active or "")
    if not action.points:
        x, y = t.x, t.y
    else:
        x, y = action.points[-1]
    return ground_value(game, t, x, y)


def ground_value(game: BattleGame, t: Tank, x: float, y: float) -> float:
    """What standing at ``x, y`` is worth to ``t``: damage it may deal minus damage it may take."""
    pen = penetration_chance(game, only_t=False)
    frac = game.rules.movement.attack_fraction
    value = 0.0
    for e in game.tanks:
        if not e.alive or e.side == t.side:
            continue
        d = math.dist((x, y), (e.x, e.y)) - 0.5 * (t.length + e.length) * 0.5
        if d <= t.card.sight_cm:
            value += raw_damage(t, e, pen)
        if d <= e.card.sight_cm:
            value -= raw_damage(e, t, pen)
        elif not e.track_damaged and d <= e.card.sight_cm + e.card.move_cm * frac:
            value -= REACH * raw_damage(e, t, pen)
    enemy = OTHER[t.side]
    plate = game.field.bases[enemy].centroid
    gained = math.dist((t.x, t.y), (plate.x, plate.y)) - math.dist((x, y), (plate.x, plate.y))
    return value + PROGRESS * gained
