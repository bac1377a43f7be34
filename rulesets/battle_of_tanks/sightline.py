"""How far one tank sees another, and how the other shows: the one measure of
sight (BT-6.1) that every rule and every aid asks.

FIRE and ATTACK (their targets), AMBUSH (who may react), RECON (who is looked
at), RETREAT (is the end in cover from the enemies that see it), the notes of
``moves``, the browser's aids and the ``measure`` ruler all measure sight
range here, so the setting ``sight.measure`` (between the closest points of
the footprints, or between the centres) means the same for all of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.geometry import Pose, closest_distance, footprint
from core.memo import Memo
from rulesets.battle_of_tanks.field import Battlefield, Cover
from rulesets.battle_of_tanks.models import RulesTable
from rulesets.battle_of_tanks.state import Tank

NOT_LOOKED = Cover("open", 0.0, 0.0, 0.0, False)
"""Placeholder cover for targets out of range (not computed)."""

SLACK_CM = 1e-9
"""A target exactly at the sight range is within it."""

_GAPS: Memo[tuple[Any, ...], float] = Memo(200_000)
"""Closest distance between two footprints, by their poses and sizes: a pure
function shared by every game and search copy (sight and hull-to-hull ask it
for every pair of tanks after every decision)."""


def footprint_gap(a: Pose, a_size: tuple[float, float], b: Pose, b_size: tuple[float, float]) -> float:
    """Closest distance between two footprints (0 when they touch), remembered."""
    key = (a.x, a.y, a.heading, *a_size, b.x, b.y, b.heading, *b_size)
    hit = _GAPS.get(key)
    if hit is None:
        hit = _GAPS.remember(key, closest_distance(footprint(a, *a_size), footprint(b, *b_size)))
    return hit


def gap(a: Tank, b: Tank, pose_b: Pose | None = None) -> float:
    """Closest distance between the footprints of ``a`` and ``b`` (``b`` at ``pose_b``)."""
    return footprint_gap(a.pose, (a.length, a.width), pose_b or b.pose, (b.length, b.width))


def sight_distance(rules: RulesTable, a: Pose, a_size: tuple[float, float],
                   b: Pose, b_size: tuple[float, float]) -> float:
    """The distance sight range is measured over (BT-6.1 Decision, setting
    ``sight.measure``): between the closest points of the footprints, or
    between the centres."""
    if rules.sight.measure == "centres":
        return math.dist((a.x, a.y), (b.x, b.y))
    return footprint_gap(a, a_size, b, b_size)


@dataclass(frozen=True)
class Look:
    """What ``eye`` sees of a target: the distance sight is measured over, whether
    that is within the eye's sight range, and the target's cover (BT-6.4; only
    looked at within range, else :data:`NOT_LOOKED`)."""

    distance: float
    in_range: bool
    cover: Cover

    @property
    def visible(self) -> bool:
        """Within sight range and not completely hidden by tall terrain (BT-6.1)."""
        return self.in_range and self.cover.level != "hidden"


def look(field: Battlefield, rules: RulesTable, eye: Tank, target: Tank, pose: Pose | None = None) -> Look:
    """How ``target`` (standing at ``pose``, default where it stands) shows from
    ``eye``: sight range by the rules' measure (BT-6.1), and cover seen from the
    eye's centre (BT-6.4).

    Remembered on the field by both poses and sizes, the eye's sight range and
    the measure: the search asks it for every pair of tanks after nearly every
    decision, most often for poses it has seen before, and the answer is a pure
    function of these (the field holds the terrain and the wrecks)."""
    where = target if pose is None else pose  # a Tank or a Pose: both have x, y and heading
    key = (eye.x, eye.y, eye.heading, eye.length, eye.width, eye.card.sight_cm,
           where.x, where.y, where.heading, target.length, target.width, rules.sight.measure)
    hit = field.looks.get(key)
    if hit is None:
        at = pose or target.pose
        dist = sight_distance(rules, eye.pose, (eye.length, eye.width), at, (target.length, target.width))
        in_range = dist <= eye.card.sight_cm + SLACK_CM
        cover = field.cover((eye.x, eye.y), at, target.length, target.width) if in_range else NOT_LOOKED
        hit = field.looks.remember(key, Look(dist, in_range, cover))
    return hit
