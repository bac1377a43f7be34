"""Position value for the computer players (core.ai): material, threat and ground.

- Material: each side's tier points. A live tank counts
  :data:`KILL_SHARE` of its tier for being alive and the rest by the share
  of hit points it has left (a tier-7 Tiger at half its hit points is worth
  2.1 + 2.45 = 4.55): a damaged tank still fires as hard as a whole one,
  and the round limit counts destroyed tanks only, so the computer
  finishes off a damaged tank rather than spread its hits.
- Threat: the tier points each tank may expect to take off the enemy with
  its next shots at targets it may fire at now (each shot penetrates at the
  to-hit chance x the penetrating faces and takes its firepower off; a shot
  that may destroy the target counts the tier it destroys), counted like material but
  weighted by how surely those shots come: a tank whose FIRE or ATTACK is
  under way fires next (almost certain), an ambusher fires at the next
  enemy move, a tank still without an order this round may act before the
  enemy does, a tank that has acted waits for the next round. A tank still
  without an order may also ATTACK an enemy its move would bring in sight,
  with the cover that enemy has from it now. Cover, spotting, sight and the
  chit order therefore matter to the computer, before the guns are in range
  too.
- Ground: how close the best-placed tank stands to the enemy base plate.
- The plate (BT-8.2): a tank on the enemy base plate is worth the win it
  may bring, times the chance that the enemy fails to damage it in time.
  A tank that has held the plate since the round began wins at the round's
  end unless an enemy tank still to act this round damages it; one that
  has just arrived must last the whole next round. So the computer
  defends its own plate -- the tank on it is the target that matters --
  and drives onto the enemy's where the enemy guns cannot reach it.
- Guard: how well each side's best-placed tank covers its own base plate (the
  plate's centre within its sight range, or an ATTACK move beyond), weighed by
  how near the enemy's leading tank stands to that plate. A slow army whose
  tanks drift away from its plate cannot stop a fast enemy that reaches it,
  and before any gun is in range this is what tells waiting near home from
  wandering off.
- A tank waiting in AMBUSH with no enemy in sight is idle: a small penalty,
  so the computer does not freeze its army in ambush.
- The clock: with a round limit (BT-8.3) the game ends on destroyed tier
  points, where a damaged tank counts for nothing. Over the last
  :data:`ENDGAME_ROUNDS` rounds the value moves from the above towards the
  result the points would give, so a side behind goes for kills and a side
  ahead keeps out of reach, instead of both sitting out the clock.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesets.battle_of_tanks.game import OTHER, Sight

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame
    from rulesets.battle_of_tanks.state import Tank

MATERIAL_WEIGHT = 0.6
GROUND_WEIGHT = 0.15
PLATE_WIN = 0.85
"""Value of holding the enemy plate through the round's end (BT-8.2): nearly a win."""
PLATE_LATER = 0.4
"""Share of :data:`PLATE_WIN` for each further whole round the plate must still be held."""
IDLE_AMBUSH = 0.03
GUARD_WEIGHT = 0.1
"""Weight of :func:`guard` times the enemy's :func:`ground`."""

PENDING = 0.9
"""Weight of the expected damage of a FIRE or ATTACK under way (it fires next)."""
READY_AMBUSH = 0.6
"""... of a tank waiting in AMBUSH (it fires at the enemy's next move)."""
FRESH = 0.4
"""... of a tank without an order this round (it may act before the enemy)."""
SPENT = 0.15
"""... of a tank that has acted this round (the enemy moves first)."""
REACH = 0.5
"""Share of the value of a shot a tank without an order could fire after an ATTACK move
at an enemy now beyond its sight (see :func:`expected_damage`)."""
ENDGAME_ROUNDS = 6
"""Rounds before a round limit over which the value turns into the points result."""
POINTS_RESULT = 0.9
"""Value of leading on destroyed tier points when the round limit ends the game."""
LAST_ROUND = 0.9
"""Weight of the points result in the last round (see :func:`clock`)."""
KILL_SHARE = 0.3
"""Share of a tank's tier that only its destruction takes off (see :func:`material`)."""


def material(game: BattleGame, side: str) -> float:
    """``side``'s tier points: :data:`KILL_SHARE` of a tank's tier while it lives, the rest
    in proportion to its hit points left. A damaged tank fires as hard as a whole one and
    the round limit counts destroyed tanks only (BT-8.3), so finishing a tank off is worth
    more than the hit points it takes."""
    return sum(tank_value(t, t.hp) for t in game.tanks if t.side == side and t.alive)


def tank_value(t: Tank, hp: float) -> float:
    """What ``t`` counts in :func:`material` at ``hp`` hit points (0: destroyed)."""
    if hp <= 0:
        return 0.0
    return t.card.tier * (KILL_SHARE + (1.0 - KILL_SHARE) * hp / t.card.hit_points)


def ground(game: BattleGame, side: str) -> float:
    """1 when a tank stands on the enemy plate, falling to 0 across the table."""
    enemy = OTHER[side]
    bounds = game.field.bases[enemy].bounds
    diag = math.hypot(game.field.width, game.field.depth)
    best = 0.0
    for t in game.tanks:
        if t.side == side and t.alive:
            d = _box_distance(bounds, t.x, t.y)
            best = max(best, 1.0 - d / diag)
    return best


def guard(game: BattleGame, side: str) -> float:
    """How well ``side``'s tanks cover their own base plate: 1 when a tank has the
    plate's centre within its sight range, falling to 0 at sight range plus its
    ATTACK move (BT-5; a tank with a damaged track does not move); the best
    tank counts."""
    minx, miny, maxx, maxy = game.field.bases[side].bounds
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    fraction = game.rules.movement.attack_fraction
    best = 0.0
    for t in game.tanks:
        if t.side != side or not t.alive:
            continue
        beyond = math.hypot(t.x - cx, t.y - cy) - t.card.sight_cm
        move = 0.0 if t.track_damaged else t.card.move_cm * fraction
        cover = 1.0 if beyond <= 0 else 0.0 if move <= 0 else max(0.0, 1.0 - beyond / move)
        best = max(best, cover)
    return best


def _box_distance(bounds: tuple[float, float, float, float], x: float, y: float) -> float:
    """Distance from a point to an axis-parallel rectangle (base plates are: BT-3.1)."""
    minx, miny, maxx, maxy = bounds
    dx = max(minx - x, 0.0, x - maxx)
    dy = max(miny - y, 0.0, y - maxy)
    return math.hypot(dx, dy)


def shot_value(game: BattleGame, shooter: Tank, target: Tank, sight: Sight, mode: str, turret: bool) -> float:
    """Expected tier points all of ``shooter``'s shots take off ``target`` (BT-6.3, BT-6.5).

    ``turret``: a HULL-DOWN turret shot (no heavy-cover modifier, only T
    counts, BT-6.6); hull to hull only T counts as well (BT-6.7).
    """
    pen = penetration_chance(game, only_t=turret or sight.hull_to_hull)
    return tier_damage(shooter, target, hit_chance(game, shooter, target, sight, mode, turret), pen)


def hit_chance(game: BattleGame, shooter: Tank, target: Tank, sight: Sight, mode: str, turret: bool) -> float:
    """Chance that one shot hits (BT-6.3: a d6 at or above the to-hit number)."""
    tn = game.to_hit(shooter, target, sight, mode, turret)
    if tn.impossible:
        return 0.0
    return 1.0 if tn.automatic else (7 - tn.need) / 6.0


def penetration_chance(game: BattleGame, only_t: bool) -> float:
    """Chance that the penetration die damages (T, or W unless only T counts: BT-6.5-6.7)."""
    faces = game.rules.penetration_die
    return sum(1 for f in faces if f == "T" or (f == "W" and not only_t)) / len(faces)


def tier_damage(shooter: Tank, target: Tank, p_hit: float, pen: float) -> float:
    """Expected tier points (:func:`material`) ``shooter``'s shots take off ``target`` at
    these chances: each shot penetrates with ``p_hit * pen`` and takes its firepower off."""
    shots = shooter.card.rate_of_fire
    p = p_hit * pen
    if shots <= 0 or p <= 0.0:
        return 0.0
    before = tank_value(target, target.hp)
    expected = 0.0
    for hits in range(shots + 1):
        chance = math.comb(shots, hits) * p ** hits * (1.0 - p) ** (shots - hits)
        expected += chance * tank_value(target, target.hp - hits * shooter.card.firepower)
    return before - expected


def expected_damage(game: BattleGame, shooter: Tank, mode: str | None = None, reach: bool = False) -> float:
    """Best expected tier points one activation of ``shooter`` takes off.

    ``reach``: the tank may also ATTACK -- move part of its move towards an
    enemy now out of sight range and fire at it (BT-5, +1 to hit). Such a
    shot counts :data:`REACH` of its value with the cover the target has from
    where the mover stands (:func:`reach_sight`): the mover may not find a clear
    line, and the target may have moved or found cover first.
    """
    if mode is None:
        mode = "ambush" if shooter.ambush else "fire"
    best = 0.0
    seen = set()
    for target, sight in game.targets(shooter):
        seen.add(target.key)
        best = max(best, shot_value(game, shooter, target, sight, mode, False))
    if reach:
        for target in game.tanks:
            if target.key in seen or not target.alive or target.side == shooter.side:
                continue
            reached = reach_sight(game, shooter, target)
            if reached is not None:
                best = max(best, REACH * shot_value(game, shooter, target, reached, "attack", False))
    return best


def reach_sight(game: BattleGame, shooter: Tank, target: Tank) -> Sight | None:
    """The sight assumed for a shot after an ATTACK move at ``target``, now beyond
    ``shooter``'s sight range; ``None`` if no such move brings it in range
    (:func:`attack_reaches`) or the shot would not be allowed: ``target`` is
    hidden by tall terrain (BT-6.4) or in cover and not spotted (BT-5.5).

    The cover is the one ``target`` has from where ``shooter`` stands now. So a
    tank that waits in cover from the enemy's line of approach counts as safer
    than one in the open before any gun is in range, and the computer drives into
    cover as it comes on."""
    if not attack_reaches(game, shooter, target):
        return None
    cover = game.field.cover((shooter.x, shooter.y), target.pose, target.length, target.width)
    spotted = game.counts_as_spotted(target, cover)
    if cover.level == "hidden" or (game.rules.spotting.required_for_cover and not spotted):
        return None
    return Sight(0.0, True, cover, spotted, False, None)


def attack_reaches(game: BattleGame, shooter: Tank, target: Tank) -> bool:
    """Whether an ATTACK move (BT-5) may bring ``target`` within ``shooter``'s sight range:
    the centres no further apart than sight plus the ATTACK part of a move, plus the
    target's length; never with a damaged track."""
    if shooter.track_damaged:
        return False
    radius = shooter.card.sight_cm + shooter.card.move_cm * game.rules.movement.attack_fraction
    return math.dist((shooter.x, shooter.y), (target.x, target.y)) - target.length <= radius


def pending_fire(game: BattleGame, t: Tank) -> bool:
    """Whether ``t`` is the active tank and its fire part is still to come."""
    if game.active != t.key or t.order not in ("FIRE", "ATTACK"):
        return False
    return game.phase == "fire" or ("fire",) in game.steps or (game.phase == "path" and t.order == "ATTACK")


def readiness(game: BattleGame, t: Tank) -> tuple[float, str]:
    """How surely ``t`` fires next (a weight in [0, 1]) and in which mode (BT-6.3)."""
    if pending_fire(game, t):
        return PENDING, "attack" if t.order == "ATTACK" else "fire"
    if t.ambush:
        return READY_AMBUSH, "ambush"
    if t.order is None:
        return FRESH, "fire"
    return SPENT, "fire"


def threat(game: BattleGame, side: str) -> float:
    """Expected tier points ``side``'s tanks take off next, each weighted by :func:`readiness`."""
    total = 0.0
    for t in game.tanks:
        if t.side == side and t.alive:
            weight, mode = readiness(game, t)
            total += weight * expected_damage(game, t, mode, reach=t.order is None and not t.ambush)
    return total


def plate(game: BattleGame, side: str) -> float:
    """The prospect that ``side`` wins on the enemy base plate (BT-8.2).

    The tanks on the plate fall in groups: those that hold it now (they win
    at this round's end) and those that begin holding next round. A
    group's prospect is :data:`PLATE_WIN`, times :data:`PLATE_LATER` for
    each whole round it must hold the plate after the coming one, times
    the chance that the enemy fails to damage every tank of the group
    (:func:`stop_chance`) -- with the enemy tanks still to fire this round
    against those holding now, with every enemy tank against the rest.
    The best group counts.
    """
    enemy = OTHER[side]
    needed = game.rules.victory.base_plate_rounds
    groups: dict[tuple[int, bool], list[Tank]] = {}
    for t in game.tanks:
        if t.side != side or not t.alive or not game.field.on_plate(enemy, t.pose, t.length, t.width):
            continue
        holding = t.plate_at_start and not t.damaged
        key = (max(0, needed - t.plate_rounds - 1), True) if holding else (needed, False)
        groups.setdefault(key, []).append(t)
    best = 0.0
    for (later, this_round), holders in groups.items():
        survive = 1.0 - stop_chance(game, holders, this_round)
        best = max(best, PLATE_WIN * PLATE_LATER ** later * survive)
    return best


MAX_ASSIGNMENTS = 4096
"""Most ways of sharing the enemy's shooters out among the tanks on a plate
that :func:`stop_chance` tries; beyond, the shooters with the least chance are left out."""


def stop_chance(game: BattleGame, holders: Sequence[Tank], this_round: bool) -> float:
    """The enemy's best chance to damage every one of ``holders``.

    Each enemy activation fires at one tank (sharing out shots is left
    aside), so the enemies are shared out among the holders in the way that
    gives the best chance; one shooter's threat is not counted against two
    holders. ``this_round``: only the enemies that may still fire this
    round (no order yet, waiting in AMBUSH, or firing now) count;
    otherwise every live enemy, firing from where it stands or after an
    ATTACK move.
    """
    rows = []
    for shooter in game.tanks:
        if shooter.side == holders[0].side or not shooter.alive:
            continue
        fresh = shooter.order is None
        pending = pending_fire(game, shooter)
        if this_round and not (fresh or shooter.ambush or pending):
            continue
        mode = readiness(game, shooter)[1]
        driving_to_fire = pending and game.phase == "path" and shooter.order == "ATTACK"
        reach = (mode == "fire" and (fresh or not this_round)) or driving_to_fire
        row = [damage_chance(game, shooter, h, mode, reach) for h in holders]
        if max(row) > 0.0:
            rows.append(row)
    rows.sort(key=max, reverse=True)
    while rows and len(holders) ** len(rows) > MAX_ASSIGNMENTS:
        rows.pop()
    best = 0.0
    for targets in itertools.product(range(len(holders)), repeat=len(rows)):
        escape = [1.0] * len(holders)
        for row, h in zip(rows, targets, strict=True):
            escape[h] *= 1.0 - row[h]
        best = max(best, math.prod(1.0 - e for e in escape))
    return best


def damage_chance(game: BattleGame, shooter: Tank, target: Tank, mode: str, reach: bool) -> float:
    """Chance that at least one of ``shooter``'s shots at ``target`` damages it (BT-6.3, BT-6.5).

    ``reach``: a target beyond sight counts as in :func:`expected_damage`,
    :data:`REACH` of an ATTACK shot with the cover of :func:`reach_sight`.
    """
    shots = shooter.card.rate_of_fire
    if shots <= 0:
        return 0.0
    for seen, sight in game.targets(shooter):
        if seen.key == target.key:
            return 1.0 - (1.0 - _damage_per_shot(game, shooter, target, sight, mode)) ** shots
    reached = reach_sight(game, shooter, target) if reach else None
    if reached is None:
        return 0.0
    return REACH * (1.0 - (1.0 - _damage_per_shot(game, shooter, target, reached, "attack")) ** shots)


def _damage_per_shot(game: BattleGame, shooter: Tank, target: Tank, sight: Sight, mode: str) -> float:
    pen = penetration_chance(game, only_t=sight.hull_to_hull)
    return hit_chance(game, shooter, target, sight, mode, False) * pen


def idle_ambushers(game: BattleGame, side: str) -> int:
    return sum(1 for t in game.tanks if t.side == side and t.alive and t.ambush and not game.targets(t))


def evaluate(game: BattleGame, player: int) -> float:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.returns(2)[player]
    me = game.players[player]
    them = game.players[1 - player]
    mine, theirs = material(game, me), material(game, them)
    total = max(mine + theirs, 1e-9)
    mat = (mine - theirs + threat(game, me) - threat(game, them)) / total
    mine_ground, their_ground = ground(game, me), ground(game, them)
    grd = GROUND_WEIGHT * (mine_ground - their_ground)
    grd += GUARD_WEIGHT * (guard(game, me) * their_ground - guard(game, them) * mine_ground)
    idle = IDLE_AMBUSH * (idle_ambushers(game, me) - idle_ambushers(game, them))
    value = MATERIAL_WEIGHT * mat + grd - idle
    urgency = clock(game)
    if urgency:
        value = (1.0 - urgency) * value + urgency * points_result(game, me, them)
    value += plate(game, me) - plate(game, them)  # the plate wins at a round's end, clock or not
    return max(-0.99, min(0.99, value))


def clock(game: BattleGame) -> float:
    """How near the round limit is (BT-8.3): 0 until :data:`ENDGAME_ROUNDS` rounds
    before it, rising to :data:`LAST_ROUND` in the last round; 0 without a limit.
    Not quite 1: the ordinary value still tells apart the moves that change no points."""
    limit = game.rules.victory.max_rounds
    if limit is None:
        return 0.0
    left = limit - game.round
    return LAST_ROUND * max(0.0, 1.0 - left / ENDGAME_ROUNDS)


def points_result(game: BattleGame, me: str, them: str) -> float:
    """The result the round limit would give now: who destroyed more tier points (BT-8.3)."""
    lead = game.destroyed_tiers[me] - game.destroyed_tiers[them]
    return POINTS_RESULT if lead > 0 else -POINTS_RESULT if lead < 0 else 0.0
