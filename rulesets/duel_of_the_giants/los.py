"""Line of sight, concealment and recon reach (DG-16, DG-10.2, DG-4.3, DG-23.5).

LOS exists only between hexes in line (DG-3.8) and is judged on the hexes
strictly between them; it is symmetric. Concealment is a property of the
*target* (forest, snowdrift) and is separate from LOS.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesets.duel_of_the_giants.board import Pos

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.game import DuelGame


def has_los(g: DuelGame, a: Pos, b: Pos) -> bool:
    """DG-16.1-16.6: forest, high ground, tanks, snowdrifts and a grounded Stuka block."""
    if a == b:
        return True
    geo = g.geo
    if geo.direction(a, b) is None:
        return False
    between = geo.between(a, b)
    if not between:
        return True
    hg = g.tt(a).high_ground or g.tt(b).high_ground
    forests = 0
    blockers = g.los_blockers()
    for h in between:
        t = g.tt(h)
        if t.high_ground:
            return False  # DG-16.2, even from high ground
        if t.snowdrift and not hg:
            return False  # DG-16.5
        if t.blocks_los:
            forests += 1  # DG-16.1 / DG-16.3
        if h in blockers and not hg:
            return False  # DG-16.4 (tanks, wrecks) and DG-13.10 (grounded Stuka)
    return forests < (2 if hg else 1)


def concealed(g: DuelGame, target: Pos, shooter: Pos, uid: str | None = None, stuka: bool = False) -> bool:
    """DG-16.7: can the unit at ``target`` NOT be targeted from ``shooter``?"""
    if uid is not None and uid in g.exposed:
        return False  # it fired in this phase D (DG-17.12)
    t = g.tt(target)
    if t.snowdrift:
        return not stuka  # DG-23.5
    if t.conceals:
        return not g.geo.adjacent(target, shooter)  # DG-4.3.2
    return False


def recon_range(g: DuelGame, observer: Pos, soviet: bool = False) -> int:
    """DG-10.2: 2 hexes, 3 from high ground (DG-4.4.3; T-34s per DG-AMB-51)."""
    r = g.cfg.rules.recon
    bonus = r.high_ground_bonus if g.tt(observer).high_ground else 0
    if soviet and not r.t34_high_ground_bonus:
        bonus = 0
    return r.range + bonus


def on_barrel(g: DuelGame, observer: Pos, barrel: int, target: Pos, reach: int) -> bool:
    return g.geo.direction(observer, target) == barrel and g.geo.distance(observer, target) <= reach


def sees_marker(g: DuelGame, observer: Pos, barrel: int, target: Pos, forced: bool = False) -> bool:
    """Tiger/ATG recon geometry (DG-10.2); ``forced`` ignores forest (DG-9.6)."""
    if not on_barrel(g, observer, barrel, target, recon_range(g, observer)):
        return False
    if not forced:
        t = g.tt(target)
        if not t.marker_recon or t.snowdrift:
            return False
    return has_los(g, observer, target)
