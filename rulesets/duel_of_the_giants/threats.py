"""Who threatens whom: the combat part of the AI's evaluation (DG-17, DG-19), and
the danger a player is shown before moving a tank (:func:`covering`, issue 59.1).

A position's worth depends on the next phase D: a T-34 in a Tiger's line of
fire will likely be hit; a T-34 aiming at a Tiger's flank will likely damage
it. ``balance`` sums, over every German unit and T-34 in line and in sight,
the VP each could score with its next shot (by the real hit formula,
``combat.hits_for``), weighted by how soon it gets to fire: a unit already
aiming fires first (DG-17.4 case B), one that must turn its turret later.
``stuka_strike`` values the Stuka's one attack (DG-13.5) still to come.

It reads the pieces of the game it is given. On the AI's determinized
copies the face-down ATG identities are resampled, so a Soviet search only
sees threats it may assume, never the real hidden guns.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rulesets.duel_of_the_giants import stuka
from rulesets.duel_of_the_giants.board import Pos, label, turn_steps
from rulesets.duel_of_the_giants.combat import armour, barrel, hits_for
from rulesets.duel_of_the_giants.los import concealed, has_los
from rulesets.duel_of_the_giants.pieces import Atg, Tank

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame

AIMING = 0.6
"""Chance-like weight of a shot by a unit already aiming at its target."""
TURNING = 0.3
"""Weight of a shot that needs a turret turn first (the other may fire before)."""
HIDDEN_GUN = 0.4
"""Weight of a face-down ATG's shot (it must be activated in D1 first, DG-8.5)."""
T34_KILL = 2.0
"""VP for destroying a T-34 (DG-19); the shot is worth this plus the T-34's
breakthrough threat (:func:`t34_threat`), which its destruction removes."""
T34_BASE = 0.6
"""Threat of any T-34 on the board: it may still score (a shot, an overrun)."""
T34_ADVANCE = 2.5
"""Threat of a T-34 at the German edge (DG-15.9: 5 VP once it leaves), on top of
:data:`T34_BASE`; it grows evenly from the Soviet edge, where it is nothing."""
T34_INSIDE = 1.5
"""Extra threat of a T-34 behind the front, on the German side (DG-3.11)."""
UNSCREENED = 0.5
"""Share of a T-34's threat added when no Tiger stands west of it (:func:`unscreened`)."""
EXIT_MARGIN = 0.5
"""How far below the VP for breaking through (DG-15.9) a T-34's threat stays."""
STUKA_HELD = 1.0
"""Worth of the Stuka on the ground before its one flight (DG-13.1): the T-34 it may
still destroy later. A launch with no T-34 in reach gives it up for nothing."""
STRIKE_NOW = 0.9
"""Share of a T-34's worth (:data:`T34_KILL` plus :func:`t34_threat`) that a flying
Stuka holds while it can stand behind it with the actions left in this flight phase:
T-34s do not move before it acts, so the attack is all but made (DG-13.5). A T-34
farther away counts for nothing: it moves in phase B before the next flight phase,
and a Stuka that chases it strays from its airfield (DG-13.7)."""


def t34_threat(g: DuelGame, t: Tank) -> float:
    """How much a T-34 still threatens the German side, in VP-like units: the
    nearer the German edge, the nearer its 5 VP for breaking through (DG-15.9).
    The evaluation subtracts it for every T-34 on the board, and a shot that
    destroys one gains it back: so a gun covering a T-34 that is about to
    break through counts for more than one covering a T-34 far away."""
    cols = g.geo.columns
    threat = T34_BASE + T34_ADVANCE * (cols - t.pos[0]) / cols
    return threat + T34_INSIDE if t.pos in g.german_side else threat


def balance(g: DuelGame) -> float:
    """Expected VP swing of the coming fights, German positive."""
    t34s = [t for t in g.tanks.values() if not t.is_tiger and not t.destroyed]
    if not t34s:
        return 0.0
    german: list[Tank | Atg] = [t for t in g.tanks.values() if t.is_tiger and not t.destroyed]
    german += [a for a in g.atgs.values() if not a.destroyed and a.tire is None and a.kind != "bluff"]
    geo = g.geo
    total = 0.0
    for u in german:
        for v in t34s:
            d = geo.direction(u.pos, v.pos)
            if d is None or not has_los(g, u.pos, v.pos):
                continue
            back = geo.direction(v.pos, u.pos)
            assert back is not None
            total += _german_shot(g, u, v, d)
            total -= _soviet_shot(g, v, u, back)
    return total


def gun_has_shot(g: DuelGame, at: Pos) -> bool:
    """Whether the gun at ``at`` is a real one with a T-34 on its ray that its shot would
    hit. The ray is checked before the line of sight: a playout asks this at every
    phase D1, and most T-34s are off a gun's one ray (DG-12.3)."""
    gun = g.atg_at(at)
    if gun is None or gun.kind == "bluff":
        return False
    for v in g.tanks.values():
        if v.is_tiger or v.destroyed or g.geo.direction(gun.pos, v.pos) != gun.facing:
            continue
        if has_los(g, gun.pos, v.pos) and _german_shot(g, gun, v, gun.facing) > 0:
            return True
    return False


def _german_shot(g: DuelGame, u: Tank | Atg, v: Tank, d: int) -> float:
    if concealed(g, v.pos, u.pos, v.id):
        return 0.0
    if isinstance(u, Atg):
        if u.facing != d:
            return 0.0
        weight = AIMING if u.face_up else HIDDEN_GUN
    else:
        weight = AIMING if barrel(u) == d else TURNING
    hits, zone, _ = hits_for(g, u, v, 0)
    if hits <= 0:
        return 0.0
    return weight * (T34_KILL + t34_threat(g, v) if hits >= armour(g, v, zone) else 1.0)


def _soviet_shot(g: DuelGame, v: Tank, u: Tank | Atg, back: int) -> float:
    if isinstance(u, Atg) and not u.face_up:
        return 0.0  # a face-down marker cannot be targeted (DG-17.2)
    if concealed(g, u.pos, v.pos, u.id):
        return 0.0
    steps = turn_steps(v.turret, back)
    hits, zone, _ = hits_for(g, v, u, steps)
    if hits <= 0:
        return 0.0
    weight = AIMING if steps == 0 else TURNING
    if isinstance(u, Tank):
        return weight * (1.4 if hits < armour(g, u, zone) else 1.8)  # 1 VP plus lost mobility
    return weight * 1.5 if hits >= armour(g, u, zone) else 0.0  # 1 VP and a gun gone


def unscreened(g: DuelGame) -> float:
    """The threat of the T-34s with no Tiger between them and the German edge:
    for each T-34 that every Tiger stands level with or east of, ``UNSCREENED``
    times :func:`t34_threat`. A Tiger that drives east to hunt leaves the T-34s
    it passes free to break through (5 VP each, DG-15.9); the hunt's shots must
    be worth more than the way it opens.

    A T-34's threat with this share stays ``EXIT_MARGIN`` below the VP for
    leaving the board: a threat is VP not yet scored, and a T-34 worth more at
    the edge than across it would wait there instead of breaking through."""
    tigers = [t.pos[0] for t in g.tanks.values() if t.is_tiger and not t.destroyed]
    west = min(tigers, default=None)
    ceiling = g.cfg.rules.vp.table.t34_exit - EXIT_MARGIN
    total = 0.0
    for t in g.tanks.values():
        if not t.is_tiger and not t.destroyed and (west is None or west >= t.pos[0]):
            threat = t34_threat(g, t)
            total += max(0.0, min(UNSCREENED * threat, ceiling - threat))
    return total


def stuka_strike(g: DuelGame) -> float:
    """What the German Stuka's one attack (DG-13.5) is still worth, German positive.

    On the ground before its flight: :data:`STUKA_HELD`. Flying with its attack unused:
    :data:`STRIKE_NOW` of the VP and threat that destroying the best T-34 it can stand
    behind in this flight phase would bring, where the flight also has the actions to
    get back to the airfield (else the attack costs a forced landing, DG-13.7); else
    nothing. Landed, used or lost: nothing. Without it, launching and landing again
    would cost nothing, and a Stuka flown at once with no T-34 in reach would be gone
    when a T-34 breaks through near the airfield."""
    s = g.stuka
    if s is None or s.attacked:
        return 0.0
    if s.state == "ground":
        return STUKA_HELD
    if s.state != "flying":
        return 0.0
    now = s.actions_left if g.step == "D4" else 0
    return max((STRIKE_NOW * (T34_KILL + t34_threat(g, t)) for _, _, t in stuka.strikes(g, now)), default=0.0)


def covering(g: DuelGame, mover: Tank, pos: Pos, hull: int | None = None) -> list[tuple[Pos, str, str]]:
    """Who could shoot ``mover`` were it standing on ``pos`` facing ``hull`` (its own hull
    by default) in the next phase D, as the board stands (issue 59.1): (its hex, the
    shooter named with its hex, what the shot would do) for each. Only what the mover's side may know: for a
    T-34, the Tigers and the ATGs turned face up (a face-down marker may be a bluff,
    DG-24); for a Tiger, the T-34s on the board (a marker cannot fire). A unit counts
    when it is in line (DG-3.9: an ATG on its facing ray, DG-12.3), sees the hex (DG-16)
    and would score a hit (DG-17.8)."""
    from dataclasses import replace

    from rulesets.duel_of_the_giants.combat import name, shot_forecast

    if not g.geo.on_board(pos):
        return []  # a T-34 that drives off its exit edge (DG-18) is out of every gun's reach
    there = replace(mover, pos=pos, hull=mover.hull if hull is None else hull)
    shooters: list[Tank | Atg] = []
    if mover.is_tiger:
        shooters += [t for t in g.t34s() if not t.destroyed]
    else:
        shooters += [t for t in g.tanks.values() if t.is_tiger and not t.destroyed]
        shooters += [a for a in g.atgs.values()
                     if a.face_up and not a.destroyed and a.tire is None and a.kind != "bluff"]
    out: list[tuple[Pos, str, str]] = []
    # the piece by name, not "it": the note beside says what its own gun does to "it" (playtest)
    who = name(mover) if mover.is_tiger or mover.number else "the T-34"
    with standing(g, there):  # its old hex no longer stands in anyone's line
        for s in shooters:
            if s.pos == pos or s.id == mover.id:
                continue
            d = g.geo.direction(s.pos, pos)
            if d is None or (isinstance(s, Atg) and s.facing != d):
                continue
            if g.geo.distance(s.pos, pos) > 1 and not has_los(g, s.pos, pos):
                continue
            if concealed(g, pos, s.pos, mover.id):
                continue
            f = shot_forecast(g, s, there)
            if f.hits > 0:
                out.append((s.pos, f"{name(s)} ({label(s.pos)})", f.words(who).split(" (")[0]))
    return out


@contextmanager
def standing(g: DuelGame, tank: Tank) -> Iterator[None]:
    """``tank`` (a copy of a piece on the board, moved where a forecast supposes it) stands
    in the game's place for that piece while the block runs: a Tiger backing away from a
    T-34, or a T-34 stepping back along a gun's line, no longer blocks the line of sight
    (DG-16.4) with the hex it has left. The piece is put back however the block ends."""
    real = g.tanks.get(tank.id)
    if real is None or real is tank:
        yield
        return
    g.tanks[tank.id] = tank
    try:
        yield
    finally:
        g.tanks[tank.id] = real


def covering_note(g: DuelGame, mover: Tank, pos: Pos, hull: int | None = None) -> str:
    """``under fire from Tiger 1 (c5): destroys it (DG-17)`` -- or ``""`` -- for a move's note."""
    found = covering(g, mover, pos, hull)
    if not found:
        return ""
    return "under fire from " + "; ".join(f"{who}: {what}" for _, who, what in found) + " (DG-17)"
