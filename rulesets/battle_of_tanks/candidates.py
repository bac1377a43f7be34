"""A finite, useful set of candidate actions for each decision.

Movement on a centimetre table is continuous, so ``legal_actions`` cannot
list every move; it offers what a player would consider -- straight drives
in eight directions, towards the enemy base plate, towards each enemy (to
come into sight) and behind the nearest terrain (into cover) -- every one
checked legal; a tank hemmed in so that none of these is legal is offered
short drives (``NUDGE_CM``) instead. ``check`` still judges any path a person types.

The lists of orders and of drives are remembered by the state they depend on
(:data:`_LISTS`): below a die roll the search reaches the same tank poses
again and again by other rolls, and sweeping some thirty drives against the
terrain each time was a fifth of its time.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from core.game import Action
from core.geometry import Pose, heading_between
from core.memo import Memo
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.game import OTHER

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

DIRECTIONS = 8
RETREAT_PROPOSALS = 6
NUDGE_CM = (10.0, 5.0)
"""Lengths of the short drives offered when every longer candidate is blocked."""

_LISTS: Memo[tuple[Any, ...], list[Action]] = Memo(10_000)
"""Candidate orders and drives by what they depend on (see :func:`candidates`)."""


def candidates(game: BattleGame) -> list[Action]:
    """The candidate actions of the decision due (the caller must not change the list).

    Orders depend on the field, whose chit it is, the spot markers, and each
    tank's pose, life, order, ambush and track; drives on the field, the
    tank driving and its order, and every tank's pose and life. The field
    holds the terrain, the wrecks and the rules, so these keys name the whole
    answer."""
    if game.result is not None:
        return []
    if game.phase == "order":
        key: tuple[Any, ...] = ("order", game.field, game.chit_side, frozenset(game.spotted), tuple(
            (u.x, u.y, u.heading, u.hp > 0, u.wreck, u.order, u.ambush, u.track_until is not None)
            for u in game.tanks))
        return _LISTS.recall(key, lambda: _orders(game))
    if game.phase == "path":
        t = game.tank(game.active or "")
        key = ("path", game.field, t.key, t.order, tuple((u.x, u.y, u.heading, u.hp > 0, u.wreck)
                                                        for u in game.tanks))
        return _LISTS.recall(key, lambda: _paths(game))
    if game.phase == "fire":
        t = game.tank(game.active or "")
        fires: list[Action] = [A.Fire(s) for s in _allocations(game, t)]
        return [*fires, A.Fire(())]
    if game.phase == "window":
        out: list[Action] = []
        side = "a" if game.tank(game.active or "").side == "b" else "b"
        for t in game.ambushers(side):
            out.extend(A.AmbushFire(t.label, s) for s in _allocations(game, t))
        return [*out, A.Pass()]
    return []


def _orders(game: BattleGame) -> list[Action]:
    out: list[Action] = []
    for t in game.eligible(game.chit_side or ""):
        has_target = bool(game.targets(t))
        for order in A.ORDERS:
            if order in ("MOVE", "ATTACK") and t.track_damaged:
                continue
            if order == "FIRE" and not has_target:
                continue
            out.append(A.Declare(t.label, order))
    return out


def _allocations(game: BattleGame, t: Tank) -> list[tuple[A.Shot, ...]]:
    """All shots at one target (or a turret shot if HULL-DOWN), and an even split of two."""
    rof = t.card.rate_of_fire
    if rof <= 0:
        return []
    targets = sorted(game.targets(t), key=lambda ts: (ts[0].hp, ts[1].distance))
    out: list[tuple[A.Shot, ...]] = []
    for target, sight in targets:
        out.append((A.Shot(target.label, rof),))
        if sight.cover.hull_down:
            out.append((A.Shot(target.label, rof, True),))
    if len(targets) >= 2 and rof >= 2:
        first, second = targets[0][0], targets[1][0]
        out.append((A.Shot(first.label, rof - rof // 2), A.Shot(second.label, rof // 2)))
    return out


def _paths(game: BattleGame) -> list[Action]:
    t = game.tank(game.active or "")
    limit = game.move_limit(t)
    out: list[Action] = [A.Drive()]
    if limit <= 0:
        return out
    retreat = t.order == "RETREAT"
    ends: list[tuple[float, float]] = []
    if retreat:
        for k in range(16):
            ang = math.radians(360.0 * k / 16)
            for frac in (1.0, 0.5):
                ends.append((t.x + math.cos(ang) * limit * frac, t.y + math.sin(ang) * limit * frac))
    else:
        for k in range(DIRECTIONS):
            ang = math.radians(360.0 * k / DIRECTIONS)
            ends.append((t.x + math.cos(ang) * limit, t.y + math.sin(ang) * limit))
            ends.append((t.x + math.cos(ang) * limit / 2, t.y + math.sin(ang) * limit / 2))
        enemy = OTHER[t.side]
        plate = game.field.bases[enemy].centroid
        ends.extend(_towards(t, (plate.x, plate.y), limit))
        for e in game.live(enemy):
            stop = max(0.0, math.dist((t.x, t.y), (e.x, e.y)) - t.card.sight_cm * 0.8)
            ends.extend(_towards(t, (e.x, e.y), min(limit, stop) if stop > 1 else limit / 2))
        ends.extend(_behind_cover(game, t, limit))
    seen: set[tuple[float, float]] = set()
    points: list[tuple[float, float]] = []
    for x, y in ends:
        p = (A.cm(x), A.cm(y))
        if p in seen or math.dist(p, (t.x, t.y)) < 0.5 or math.dist(p, (t.x, t.y)) > limit + 1e-6:
            continue
        seen.add(p)
        points.append(p)
    legal = game.straight_ok(t, points) if points else np.zeros(0, dtype=bool)
    found: list[tuple[float, A.Drive]] = []
    reachable = [p for p, ok in zip(points, legal, strict=False) if ok]
    if retreat:
        # the nearest positions in cover first (BT-5.3); a few are enough to choose from
        reachable.sort(key=lambda p: math.dist(p, (t.x, t.y)))
    for p in reachable:
        if retreat:
            if len(found) >= RETREAT_PROPOSALS:
                break
            pose = Pose(p[0], p[1], heading_between((t.x, t.y), p))
            if not game.in_cover_at(t, pose):
                continue
        found.append((math.dist(p, (t.x, t.y)), A.Drive((p,))))
    if retreat:
        found.sort(key=lambda fd: fd[0])  # the nearest position in cover first (BT-5.3)
    elif not found:
        found = [(0.0, A.Drive((p,))) for p in _nudges(game, t, limit)]
    out.extend(d for _, d in found)
    return out


def _nudges(game: BattleGame, t: Tank, limit: float) -> list[tuple[float, float]]:
    """Short legal drives for a tank hemmed in (every longer candidate blocked):
    :data:`NUDGE_CM` in 16 directions, so a list never offers a free tank no drive."""
    points = []
    for dist in NUDGE_CM:
        if dist > limit + 1e-6:
            continue
        for k in range(16):
            ang = math.radians(360.0 * k / 16)
            p = (A.cm(t.x + math.cos(ang) * dist), A.cm(t.y + math.sin(ang) * dist))
            if math.dist(p, (t.x, t.y)) <= limit + 1e-6:
                points.append(p)
    points = list(dict.fromkeys(points))
    legal = game.straight_ok(t, points) if points else np.zeros(0, dtype=bool)
    return [p for p, ok in zip(points, legal, strict=True) if ok]


def _towards(t: Tank, goal: tuple[float, float], limit: float) -> list[tuple[float, float]]:
    d = math.dist((t.x, t.y), goal)
    if d < 1e-6:
        return []
    step = min(limit, d)
    ux, uy = (goal[0] - t.x) / d, (goal[1] - t.y) / d
    return [(t.x + ux * step * f, t.y + uy * step * f) for f in (1.0, 0.75, 0.5)]


def _behind_cover(game: BattleGame, t: Tank, limit: float) -> list[tuple[float, float]]:
    """Points just behind the nearest terrain pieces, as seen from the nearest enemy."""
    enemy = OTHER[t.side]
    foes = game.live(enemy)
    if not foes:
        return []
    foe = min(foes, key=lambda e: math.dist((e.x, e.y), (t.x, t.y)))
    here = shapely.points(t.x, t.y)
    near = sorted(game.field.features, key=lambda f: float(shapely.distance(f.polygon, here)))[:3]
    out = []
    for f in near:
        c = f.polygon.centroid
        dx, dy = c.x - foe.x, c.y - foe.y
        d = math.hypot(dx, dy) or 1.0
        minx, miny, maxx, maxy = f.polygon.bounds
        r = 0.5 * math.hypot(maxx - minx, maxy - miny) + t.length * 0.6
        goal = (c.x + dx / d * r, c.y + dy / d * r)
        if math.dist(goal, (t.x, t.y)) <= limit:
            out.append(goal)
        else:
            out.extend(_towards(t, goal, limit)[:1])
    return out
