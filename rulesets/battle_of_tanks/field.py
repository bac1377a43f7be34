"""The table as geometry: terrain, base plates, wrecks, cover and movement checks.

A :class:`Battlefield` is immutable: a game swaps in a new one when a wreck
appears (BT-3.4), so clones of a game share it, and its cover cache with it
(and the cache of whole looks, range and cover, that sightline.py keeps here).
Cover (BT-6.4) is the share of the target footprint inside the shadows the
terrain casts from the shooter's centre, computed by
:class:`core.geometry.Occluders`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import shapely
from shapely.geometry import Polygon

from core.geometry import (
    Occluders,
    Pose,
    footprint,
    overlapping,
    rectangle,
    straight_sweeps,
    swept_parts,
)
from core.memo import Memo
from rulesets.battle_of_tanks.models import RulesTable, TableMap

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.sightline import Look

COVER_MEMO_LIMIT = 100_000
"""Cover answers a battlefield keeps before it starts afresh."""

CoverLevel = Literal["open", "light", "heavy", "hidden"]


@dataclass(frozen=True)
class Feature:
    """One piece of terrain with its resolved flags (BT-3.2)."""

    name: str
    kind: str
    cover: str
    passable: bool
    height: str
    polygon: Polygon

    @property
    def words(self) -> str:
        """``barn (stone house)``: its name and its kind in words, not the rules
        table's id ``stone_house`` (issue 59); the kind once when the name says it."""
        kind = self.kind.replace("_", " ")
        return self.name if self.name == kind else f"{self.name} ({kind})"


@dataclass(frozen=True)
class Cover:
    """How a target shows from an eye: level, shares hidden, and HULL-DOWN."""

    level: CoverLevel
    any_share: float
    heavy_share: float
    tall_share: float
    hull_down: bool

    def describe(self) -> str:
        if self.level == "hidden":
            return "hidden (no line of sight)"
        pct = round(100 * (self.heavy_share if self.level == "heavy" else self.any_share))
        return "open" if self.level == "open" else f"{self.level} cover ({pct}% hidden)"


def _contact(part: Any, obstacle: Any) -> str:
    """Where a swept footprint meets an obstacle: the centre of their overlap, in cm."""
    c = shapely.intersection(part, obstacle).centroid
    if c.is_empty:
        c = obstacle.centroid
    return f"{c.x:.1f},{c.y:.1f}"


def features_of(table: TableMap, rules: RulesTable) -> list[Feature]:
    out = []
    for i, f in enumerate(table.terrain):
        kind = rules.terrain_kinds.get(f.type)
        if kind is None:
            raise ValueError(f"terrain {i}: unknown type {f.type!r}")
        poly = shapely.make_valid(Polygon(f.polygon))
        if poly.geom_type != "Polygon":
            poly = shapely.convex_hull(poly)
        out.append(Feature(
            f.name or f.type, f.type,
            f.cover or kind.cover,
            kind.passable if f.passable is None else f.passable,
            f.height or kind.height,
            poly,
        ))
    return out


class Battlefield:
    """Terrain plus wrecks, with indexes for sight, cover and collisions."""

    def __init__(self, table: TableMap, rules: RulesTable, features: Sequence[Feature],
                 wrecks: Sequence[Feature] = ()):
        self.table = table
        self.rules = rules
        self.width = table.width_cm
        self.depth = table.depth_cm
        self.bounds = rectangle(0, 0, self.width, self.depth)
        shapely.prepare(self.bounds)
        self.bases: dict[str, Polygon] = {side: rectangle(b.x, b.y, b.width, b.depth) for side, b in table.bases.items()}
        self._plate_bounds = {side: tuple(float(v) for v in p.bounds) for side, p in self.bases.items()}
        self.features = list(features)
        self.wrecks = list(wrecks)
        everything = self.features + self.wrecks
        polys = [f.polygon for f in everything]
        reach = 2.0 * float(np.hypot(self.width, self.depth))
        self.occluders = Occluders(polys, reach)
        self.heavy = np.array([f.cover == "heavy" for f in everything], dtype=bool)
        self.tall = np.array([f.height == "tall" for f in everything], dtype=bool)
        self.groups = {
            "any": np.ones(len(everything), dtype=bool),
            "heavy": self.heavy,
            "tall": self.tall,
            "heavy_low": self.heavy & ~self.tall,
        }
        blocking = [f.polygon for f in everything if not f.passable]
        self.blocking = np.asarray(blocking, dtype=object)
        self.blocking_tree = shapely.STRtree(self.blocking) if blocking else None
        self._cover_cache: Memo[tuple[float, ...], Cover] = Memo(COVER_MEMO_LIMIT)
        self.looks: Memo[tuple[float | str, ...], Look] = Memo(COVER_MEMO_LIMIT)
        """How one tank shows from another on this field, by both poses and sizes
        (:func:`rulesets.battle_of_tanks.sightline.look`): wrecks make a new field,
        so an answer here never outlives the terrain it was measured on."""

    def with_wrecks(self, wrecks: Sequence[Feature]) -> Battlefield:
        return Battlefield(self.table, self.rules, self.features, wrecks)

    # ------------------------------------------------------------------ cover
    def cover(self, eye: tuple[float, float], target: Pose, length: float, width: float) -> Cover:
        """Cover of a footprint at ``target`` seen from ``eye`` (BT-6.4, BT-6.6)."""
        key = (round(eye[0], 3), round(eye[1], 3), round(target.x, 3), round(target.y, 3),
               round(target.heading, 3), length, width)
        hit = self._cover_cache.get(key)
        if hit is not None:
            return hit
        fp = footprint(target, length, width)
        occ = self.occluders
        area = float(shapely.area(fp))
        pieces, owner = occ.pieces(eye, fp)
        thr = self.rules.cover.threshold - 1e-9
        any_share = occ.share_of(pieces, owner, None, area)
        heavy = tall = heavy_low = 0.0
        if any_share >= thr:  # every other share is at most this one
            heavy = occ.share_of(pieces, owner, self.heavy, area)
            if any_share >= 1.0 - 1e-6:
                tall = occ.share_of(pieces, owner, self.tall, area)
            if heavy >= thr:
                heavy_low = occ.share_of(pieces, owner, self.groups["heavy_low"], area)
        if tall >= 1.0 - 1e-6:
            level: CoverLevel = "hidden"
        elif heavy >= thr:
            level = "heavy"
        elif any_share >= thr:
            level = "light"
        else:
            level = "open"
        result = Cover(level, any_share, heavy, tall, level == "heavy" and heavy_low >= thr)
        return self._cover_cache.remember(key, result)

    # --------------------------------------------------------------- movement
    def path_problem(self, start: Pose, waypoints: Sequence[tuple[float, float]],
                     final_heading: float | None, length: float, width: float,
                     others: Sequence[Any], names: Sequence[str] = ()) -> str | None:
        """Why the swept footprint may not drive this path (BT-5.1), or ``None``:
        names the terrain feature or tank (``names``, beside ``others``) it would hit, and where."""
        parts = swept_parts(start, waypoints, length, width, final_heading, self.rules.movement.turn_step_deg)
        if not bool(np.all(shapely.contains(self.bounds, parts))):
            return "the tank would leave the table"
        if self.blocking_tree is not None:
            pairs = self.blocking_tree.query(parts, predicate="intersects")
            if pairs.shape[1]:
                hits = ~shapely.touches(parts[pairs[0]], self.blocking[pairs[1]])
                if hits.any():
                    everything = [f for f in self.features + self.wrecks if not f.passable]
                    # the first part that hits, and of what it hits the first in the table's
                    # order (the tree's order is its own): the browser names the same one
                    found = np.flatnonzero(hits)
                    k = int(found[np.lexsort((pairs[1][found], pairs[0][found]))[0]])
                    feature = everything[int(pairs[1][k])]
                    where = _contact(parts[pairs[0][k]], feature.polygon)
                    return f"the tank would drive through impassable {feature.words} at {where}"
        if len(others):
            arr = np.asarray(others, dtype=object)
            for part in parts:
                touching = overlapping(part, arr)
                if touching.any():
                    i = int(np.argmax(touching))
                    who = names[i] if i < len(names) else "another tank"
                    return f"the tank would run into {who} at {_contact(part, arr[i])}"
        return None

    def straight_ok(self, start: Pose, ends: np.ndarray, length: float, width: float,
                    others: Sequence[Any]) -> np.ndarray:
        """Which one-segment drives to ``ends`` are legal (BT-5.1), in one vectorised pass."""
        ends = np.asarray(ends, dtype=float).reshape(-1, 2)
        n = len(ends)
        if n == 0:
            return np.zeros(0, dtype=bool)
        turns, drives = straight_sweeps(start, ends, length, width, self.rules.movement.turn_step_deg)
        parts = np.concatenate([turns, drives])
        ok = np.asarray(shapely.contains(self.bounds, parts), dtype=bool)
        if self.blocking_tree is not None:
            pairs = self.blocking_tree.query(parts, predicate="intersects")
            if pairs.shape[1]:
                real = ~shapely.touches(parts[pairs[0]], self.blocking[pairs[1]])
                ok[pairs[0][real]] = False
        if len(others):
            arr = np.asarray(others, dtype=object)
            tree = shapely.STRtree(arr)
            pairs = tree.query(parts, predicate="intersects")
            if pairs.shape[1]:
                real = ~shapely.touches(parts[pairs[0]], arr[pairs[1]])
                ok[pairs[0][real]] = False
        return np.asarray(ok[:n] & ok[n:], dtype=bool)

    def on_plate(self, side: str, pose: Pose, length: float, width: float) -> bool:
        plate = self.bases[side]
        if self.rules.victory.base_plate_test == "centre":
            # plates are axis-parallel rectangles: inside or on the edge, by their bounds
            minx, miny, maxx, maxy = self._plate_bounds[side]
            return minx <= pose.x <= maxx and miny <= pose.y <= maxy
        return bool(shapely.covers(plate, footprint(pose, length, width)))
