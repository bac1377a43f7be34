"""The playout policy of the computer's search: one cheap, sensible decision.

MCTS rollouts play thousands of decisions per move. Listing every candidate
(``candidates.py``: dozens of drives, each swept against the terrain) for
each of them would leave the search a handful of iterations per second,
and uniformly random play -- a Tiger declaring RECON with an enemy in its
sights, or holding fire -- says little about a position. A playout player
instead:

- gives the order of a random eligible tank by what it can do: with a
  target in sight mostly FIRE or ATTACK, otherwise mostly MOVE (RECON when
  an enemy is near but unspotted, RETREAT to repair a damaged track);
- drives towards the nearest enemy (to stop within sight), towards the
  enemy base plate or in a random direction, trying a few such ends in one
  vectorised sweep and keeping the first legal one (else it stays);
- fires every shot at a tank on its own base plate (damage stops it
  holding the plate, BT-8.2), otherwise at the target it expects to hurt
  most;
- in an ambush window, springs the ambush when it has a shot.

Every action it plays is one that ``check`` accepts (tests assert this).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from core.game import Action
from core.geometry import Pose, heading_between
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.game import OTHER

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

TRIES = 4
"""Drive ends swept per playout path decision."""


def choose(game: BattleGame, rng: random.Random) -> Action | None:
    """The playout policy's action for the decision due, or ``None`` if there is none."""
    if game.result is not None:
        return None
    phase = game.phase
    if phase == "order":
        return _order(game, rng)
    if phase == "path":
        return _path(game, rng)
    if phase == "fire":
        t = game.tank(game.active or "")
        shots = best_shots(game, t)
        return A.Fire(shots)
    if phase == "window":
        side = "a" if game.tank(game.active or "").side == "b" else "b"
        for t in game.ambushers(side):
            shots = best_shots(game, t)
            if shots and rng.random() < 0.8:
                return A.AmbushFire(t.label, shots)
        return A.Pass()
    return None


def best_shots(game: BattleGame, shooter: Tank) -> tuple[A.Shot, ...]:
    """Every shot at the target with the best expected tier damage, a tank on
    the shooter's own base plate first (empty: no target)."""
    from rulesets.battle_of_tanks.evaluate import shot_value

    best: tuple[tuple[bool, float], A.Shot] | None = None
    rof = shooter.card.rate_of_fire
    if rof <= 0:
        return ()
    for target, sight in game.targets(shooter):
        turret = sight.cover.hull_down and not sight.hull_to_hull
        value = shot_value(game, shooter, target, sight, "fire", False)
        if turret:
            value_t = shot_value(game, shooter, target, sight, "fire", True)
            if value_t > value:
                value = value_t
            else:
                turret = False
        on_my_plate = game.field.on_plate(shooter.side, target.pose, target.length, target.width)
        key = (on_my_plate and value > 0.0, value)
        if best is None or key > best[0]:
            best = (key, A.Shot(target.label, rof, turret))
    return () if best is None else (best[1],)


def _order(game: BattleGame, rng: random.Random) -> Action | None:
    tanks = game.eligible(game.chit_side or "")
    if not tanks:
        return None
    t = tanks[rng.randrange(len(tanks))]
    armed = bool(game.targets(t))
    if t.track_damaged:
        weights = {"FIRE": 6, "RETREAT": 2, "AMBUSH": 1} if armed else {"RETREAT": 3, "RECON": 1, "AMBUSH": 1}
    elif armed:
        weights = {"FIRE": 6, "ATTACK": 3, "MOVE": 1, "AMBUSH": 1}
    else:
        weights = {"MOVE": 8, "RECON": 1, "AMBUSH": 1}
    orders = list(weights)
    order = rng.choices(orders, [weights[o] for o in orders])[0]
    return A.Declare(t.label, order)


def _path(game: BattleGame, rng: random.Random) -> Action:
    t = game.tank(game.active or "")
    limit = game.move_limit(t)
    if limit <= 0:
        return A.Drive()
    retreat = t.order == "RETREAT"
    ends = _ends(game, t, limit, rng, retreat)
    here = (t.x, t.y)
    points: list[tuple[float, float]] = []
    for x, y in ends:
        p = (A.cm(x), A.cm(y))
        d = math.dist(p, here)
        if 0.5 <= d <= limit + 1e-6 and p not in points:
            points.append(p)
    if not points:
        return A.Drive()
    ok = game.straight_ok(t, points)
    for p, legal in zip(points, ok, strict=True):
        if not legal:
            continue
        if retreat and not game.in_cover_at(t, Pose(p[0], p[1], heading_between(here, p))):
            continue
        return A.Drive((p,))
    return A.Drive()


def _ends(game: BattleGame, t: Tank, limit: float, rng: random.Random, retreat: bool) -> list[tuple[float, float]]:
    """Up to :data:`TRIES` drive ends, the preferred first.

    Ends come from a small fixed set (eight directions at full or half the
    limit, fixed fractions towards a goal): positions then recur across
    rollouts, and the battlefield's cover cache answers for them.
    """
    out: list[tuple[float, float]] = []
    if not retreat:
        enemy = OTHER[t.side]
        foes = game.live(enemy)
        roll = rng.random()
        if foes and roll < 0.6:
            foe = min(foes, key=lambda e: math.dist((e.x, e.y), (t.x, t.y)))
            d = math.dist((t.x, t.y), (foe.x, foe.y))
            stop = d - t.card.sight_cm * 0.7
            step = min(limit, stop) if stop > 1.0 else min(limit, d) * 0.5
            out.append(_toward(t, (foe.x, foe.y), step * rng.choice((0.5, 1.0))))
        elif roll < 0.85:
            plate = game.field.bases[enemy].centroid
            out.append(_toward(t, (plate.x, plate.y), limit * rng.choice((0.5, 1.0))))
    while len(out) < TRIES:
        ang = math.radians(45.0 * rng.randrange(8))
        r = limit * rng.choice((0.5, 1.0))
        out.append((t.x + math.cos(ang) * r, t.y + math.sin(ang) * r))
    return out


def _toward(t: Tank, goal: tuple[float, float], step: float) -> tuple[float, float]:
    d = math.dist((t.x, t.y), goal)
    if d < 1e-6:
        return (t.x, t.y)
    step = min(step, d)
    return (t.x + (goal[0] - t.x) / d * step, t.y + (goal[1] - t.y) / d * step)
