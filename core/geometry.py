"""Centimetre geometry for miniatures tables, on shapely 2.

A tabletop wargame measures with a tape: poses in centimetres, footprints
that sweep an area when a model drives, the closest distance between two
models, and how much of a model hides behind terrain seen from another.
This module answers those questions for any ruleset; it knows nothing of
orders, cover classes or dice.

Conventions: ``x`` grows to the right, ``y`` grows upwards, headings are in
degrees, 0 = +x (east), counter-clockwise (90 = north).

Speed: the hot question is "what share of this footprint is hidden from that
eye?" (battle of tanks asks it for every shooter/target pair). It is answered
by :class:`Occluders`: an STRtree keeps only the terrain inside the view cone
from the eye to the target, only edges facing the eye cast shadows, and all
shadow quadrilaterals are built and clipped in one vectorised shapely call
(``bench/cover.py`` compares it with a plain loop).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon, box

__all__ = [
    "Occluders",
    "Pose",
    "closest_distance",
    "footprint",
    "footprint_coords",
    "heading_between",
    "in_front_arc",
    "overlapping",
    "path_length",
    "rectangle",
    "shadow_quads",
    "swept_area",
    "swept_parts",
    "straight_sweeps",
    "union_of",
]

Point = tuple[float, float]
EPS = 1e-9


@dataclass(frozen=True)
class Pose:
    """Where a model stands: its reference point (centre) and heading in degrees."""

    x: float
    y: float
    heading: float = 0.0

    @property
    def point(self) -> Point:
        return (self.x, self.y)

    def moved(self, x: float, y: float, heading: float | None = None) -> Pose:
        return Pose(x, y, self.heading if heading is None else heading)


def heading_between(a: Point, b: Point) -> float:
    """Heading in degrees [0, 360) from ``a`` towards ``b`` (0 when they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) < EPS and abs(dy) < EPS:
        return 0.0
    return math.degrees(math.atan2(dy, dx)) % 360.0


DIRECTION_DIGITS = 12
"""A heading's cosine and sine are rounded to this many decimals, so a footprint
facing along an axis (180 degrees) has exactly axis-parallel sides: a tank set
flush against the table's edge is on the table by every test."""


def _corners(x: np.ndarray, y: np.ndarray, heading: np.ndarray, length: float, width: float) -> np.ndarray:
    """Corner coordinates (n, 4, 2) of rectangles at the given centres and headings."""
    rad = np.radians(heading)
    c, s = np.round(np.cos(rad), DIRECTION_DIGITS)[:, None], np.round(np.sin(rad), DIRECTION_DIGITS)[:, None]
    u = np.array([1.0, -1.0, -1.0, 1.0]) * (length / 2.0)
    v = np.array([1.0, 1.0, -1.0, -1.0]) * (width / 2.0)
    xs = x[:, None] + u * c - v * s
    ys = y[:, None] + u * s + v * c
    return np.stack([xs, ys], axis=2)


def footprint_coords(pose: Pose, length: float, width: float) -> list[Point]:
    """The four corners of a rectangle of ``length`` along the heading, ``width`` across."""
    rad = math.radians(pose.heading)
    c, s = round(math.cos(rad), DIRECTION_DIGITS), round(math.sin(rad), DIRECTION_DIGITS)
    hl, hw = length / 2.0, width / 2.0
    corners = ((hl, hw), (-hl, hw), (-hl, -hw), (hl, -hw))
    return [(pose.x + u * c - v * s, pose.y + u * s + v * c) for u, v in corners]


def footprint(pose: Pose, length: float, width: float) -> Polygon:
    """A model's footprint: a rectangle centred on the pose, long side along the heading."""
    return shapely.polygons(footprint_coords(pose, length, width))


def turn_radius(length: float, width: float) -> float:
    """Radius of the disc a footprint sweeps turning on the spot about its centre:
    half its diagonal. A turn to any heading stays inside that disc."""
    return math.hypot(length, width) / 2.0


def rectangle(x: float, y: float, width: float, depth: float) -> Polygon:
    """An axis-aligned rectangle from its lower-left corner and size."""
    return box(x, y, x + width, y + depth)


def path_length(points: Sequence[Point]) -> float:
    """Total length of the straight segments joining ``points`` in order."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def swept_parts(
    start: Pose,
    waypoints: Sequence[Point],
    length: float,
    width: float,
    final_heading: float | None = None,
    turn_step: float = 15.0,
) -> np.ndarray:
    """The ground a footprint covers driving from ``start`` through ``waypoints``,
    as an array of convex polygons (one per segment, plus a final turn).

    The model turns on the spot to face each segment, then drives straight.
    Each part is the convex hull of the footprint's corners while turning
    (sampled every ``turn_step`` degrees) and at both ends of the segment:
    exact for the straight drive, a slight over-estimate while turning --
    on the safe side for collisions.
    """
    parts: list[np.ndarray] = []
    x, y, heading = start.x, start.y, start.heading
    legs: list[tuple[float, float, float]] = []
    for px, py in waypoints:
        if math.hypot(px - x, py - y) < EPS:
            continue
        legs.append((px, py, heading_between((x, y), (px, py))))
        x, y = px, py
    if final_heading is not None:
        legs.append((x, y, final_heading))
    x, y, heading = start.x, start.y, start.heading
    if not legs:
        return np.asarray([footprint(start, length, width)], dtype=object)
    for px, py, h in legs:
        delta = (h - heading + 180.0) % 360.0 - 180.0
        # a rectangle is symmetric under a half turn: never sweep more than 90 degrees
        if delta > 90.0:
            delta -= 180.0
        elif delta < -90.0:
            delta += 180.0
        if abs(delta) > EPS:
            n = int(abs(delta) // turn_step) + 1
            hs = heading + delta * np.arange(n + 1) / n
            parts.append(_corners(np.full(n + 1, x), np.full(n + 1, y), hs, length, width).reshape(-1, 2))
        if math.hypot(px - x, py - y) > EPS:
            ends = _corners(np.array([x, px]), np.array([y, py]), np.full(2, heading + delta), length, width)
            parts.append(ends.reshape(-1, 2))
        x, y, heading = px, py, h
    if not parts:
        return np.asarray([footprint(start, length, width)], dtype=object)
    return np.asarray([shapely.convex_hull(shapely.multipoints(p)) for p in parts], dtype=object)


def straight_sweeps(
    start: Pose,
    ends: np.ndarray,
    length: float,
    width: float,
    turn_step: float = 15.0,
) -> tuple[np.ndarray, np.ndarray]:
    """Swept ground of many one-segment drives from ``start`` at once (vectorised).

    Returns two arrays of convex polygons, one entry per end point: the turn
    on the spot towards the end point (as in :func:`swept_parts`) and the
    straight drive. Used to screen candidate moves in one shapely call.
    """
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    n = len(ends)
    dx, dy = ends[:, 0] - start.x, ends[:, 1] - start.y
    heading = np.degrees(np.arctan2(dy, dx)) % 360.0
    delta = (heading - start.heading + 180.0) % 360.0 - 180.0
    delta = np.where(delta > 90.0, delta - 180.0, np.where(delta < -90.0, delta + 180.0, delta))
    k = int(90.0 // turn_step) + 2
    frac = np.linspace(0.0, 1.0, k)
    hs = (start.heading + delta[:, None] * frac[None, :]).ravel()
    turn = _corners(np.full(n * k, start.x), np.full(n * k, start.y), hs, length, width).reshape(n, 4 * k, 2)
    final = start.heading + delta
    xs = np.stack([np.full(n, start.x), ends[:, 0]], axis=1).ravel()
    ys = np.stack([np.full(n, start.y), ends[:, 1]], axis=1).ravel()
    drive = _corners(xs, ys, np.repeat(final, 2), length, width).reshape(n, 8, 2)
    turns = shapely.convex_hull(shapely.multipoints(turn))
    drives = shapely.convex_hull(shapely.multipoints(drive))
    return np.asarray(turns, dtype=object), np.asarray(drives, dtype=object)


def swept_area(
    start: Pose,
    waypoints: Sequence[Point],
    length: float,
    width: float,
    final_heading: float | None = None,
    turn_step: float = 15.0,
) -> Any:
    """The union of :func:`swept_parts`: one shapely geometry."""
    return shapely.union_all(swept_parts(start, waypoints, length, width, final_heading, turn_step))


def closest_distance(a: Any, b: Any) -> float:
    """Distance between the closest points of two geometries (0 if they touch)."""
    return float(shapely.distance(a, b))


def overlapping(geom: Any, others: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Boolean mask: which of ``others`` share area with ``geom`` (touching is fine)."""
    arr = np.asarray(others, dtype=object)
    if arr.size == 0:
        return np.zeros(0, dtype=bool)
    hits = shapely.intersects(geom, arr) & ~shapely.touches(geom, arr)
    return np.asarray(hits, dtype=bool)


def in_front_arc(pose: Pose, point: Point, arc: float) -> bool:
    """Whether ``point`` lies within the ``arc``-degree arc centred on the heading."""
    bearing = heading_between(pose.point, point)
    off = abs((bearing - pose.heading + 180.0) % 360.0 - 180.0)
    return off <= arc / 2.0 + EPS


def shadow_quads(eye: Point, starts: np.ndarray, ends: np.ndarray, reach: float) -> Any:
    """Shadow polygons of edges seen from ``eye`` (vectorised).

    Edge ``a->b`` hides everything beyond it on the rays from the eye. The
    polygon is ``a, b`` and then a fan of far points from ``b'`` round to
    ``a'`` at ``reach`` beyond the edge, with two intermediate directions so
    that even an edge the eye almost touches (seen under nearly 180 degrees)
    keeps its far side at least ``0.9 * reach`` away. Returns a numpy array
    of shapely polygons.
    """
    e = np.asarray(eye, dtype=float)
    da, db = starts - e, ends - e
    na = np.maximum(np.hypot(da[:, 0], da[:, 1]), EPS)
    nb = np.maximum(np.hypot(db[:, 0], db[:, 1]), EPS)
    ang_a = np.arctan2(da[:, 1], da[:, 0])
    ang_b = np.arctan2(db[:, 1], db[:, 0])
    delta = (ang_a - ang_b + np.pi) % (2 * np.pi) - np.pi  # from b round to a, the short way
    radius = np.maximum(na, nb) + reach
    ring = [starts, ends]
    for f in (0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0):
        ang = ang_b + delta * f
        ring.append(e + np.stack([np.cos(ang), np.sin(ang)], axis=1) * radius[:, None])
    ring.append(starts)
    return shapely.polygons(np.stack(ring, axis=1))


class Occluders:
    """Terrain polygons that hide what lies behind them, indexed for fast queries.

    ``hidden_shares(eye, target, groups)`` returns, for each named group of
    polygons (a boolean mask), the share of ``target``'s area that lies in
    the shadows the group casts from ``eye``. A polygon that contains the eye,
    or touches it with its edge, casts no shadow for that eye (a model inside
    a wood, or at its edge, looks out of it; on the edge the edges facing the
    eye run through it and would cast nothing anyway).
    Holes of polygons are ignored: they are filled for shadow purposes.
    """

    def __init__(self, polygons: Sequence[Polygon], reach: float):
        self.polygons = np.asarray(list(polygons), dtype=object)
        self.reach = float(reach)
        self.tree = shapely.STRtree(self.polygons) if len(self.polygons) else None
        starts: list[np.ndarray] = []
        ends: list[np.ndarray] = []
        owners: list[np.ndarray] = []
        for i, poly in enumerate(self.polygons):
            ring = np.asarray(shapely.get_coordinates(shapely.orient_polygons(poly).exterior))
            starts.append(ring[:-1])
            ends.append(ring[1:])
            owners.append(np.full(len(ring) - 1, i))
        self.starts = np.concatenate(starts) if starts else np.zeros((0, 2))
        self.ends = np.concatenate(ends) if ends else np.zeros((0, 2))
        self.owner = np.concatenate(owners) if owners else np.zeros(0, dtype=int)
        shapely.prepare(self.polygons)

    def __len__(self) -> int:
        return len(self.polygons)

    def candidates(self, eye: Point, target: Any) -> np.ndarray:
        """Indices of polygons that may hide part of ``target`` from ``eye``."""
        if self.tree is None:
            return np.zeros(0, dtype=int)
        cone = shapely.convex_hull(shapely.union(shapely.points(eye), target))
        idx = np.asarray(self.tree.query(cone, predicate="intersects"), dtype=int)
        if idx.size:
            idx = idx[~shapely.intersects_xy(self.polygons[idx], eye[0], eye[1])]
        return idx

    def shadow_pieces(self, eye: Point, target: Any | None, idx: np.ndarray) -> tuple[Any, np.ndarray]:
        """Shadow quads of the front-facing edges of polygons ``idx`` (clipped to target)."""
        mask = np.isin(self.owner, idx)
        s, e, owner = self.starts[mask], self.ends[mask], self.owner[mask]
        # counter-clockwise rings: an edge faces the eye when the eye is on its right
        ex, ey = eye
        cross = (e[:, 0] - s[:, 0]) * (ey - s[:, 1]) - (e[:, 1] - s[:, 1]) * (ex - s[:, 0])
        front = cross < 0
        s, e, owner = s[front], e[front], owner[front]
        quads = shadow_quads(eye, s, e, self.reach)
        if target is not None and len(quads):
            quads = shapely.intersection(quads, target)
        return quads, owner

    def pieces(self, eye: Point, target: Any) -> tuple[Any, np.ndarray]:
        """Non-empty parts of ``target`` inside each front edge's shadow, with their owners."""
        idx = self.candidates(eye, target)
        if idx.size == 0:
            return np.zeros(0, dtype=object), np.zeros(0, dtype=int)
        pieces, owner = self.shadow_pieces(eye, target, idx)
        if len(pieces) == 0:
            return pieces, owner
        keep = ~shapely.is_empty(pieces)
        return pieces[keep], owner[keep]

    @staticmethod
    def share_of(pieces: Any, owner: np.ndarray, mask: np.ndarray | None, area: float) -> float:
        """Share of a target of ``area`` hidden by the pieces whose owner is in ``mask``."""
        sel = pieces if mask is None else pieces[mask[owner]]
        if len(sel) == 0 or area <= 0:
            return 0.0
        if len(sel) == 1:
            return min(1.0, float(shapely.area(sel[0])) / area)
        return min(1.0, float(shapely.area(shapely.union_all(sel))) / area)

    def hidden_shares(
        self,
        eye: Point,
        target: Any,
        groups: Mapping[str, np.ndarray] | None = None,
    ) -> dict[str, float]:
        """Share (0..1) of ``target`` hidden from ``eye`` by each group of polygons.

        ``groups`` maps a name to a boolean mask over the polygons; without
        it the single group ``"all"`` is used.
        """
        if groups is None:
            groups = {"all": np.ones(len(self.polygons), dtype=bool)}
        area = float(shapely.area(target))
        pieces, owner = self.pieces(eye, target)
        return {name: self.share_of(pieces, owner, mask, area) for name, mask in groups.items()}

    def line_of_sight(self, eye: Point, target: Any, mask: np.ndarray | None = None) -> bool:
        """Whether any part of ``target`` can be seen from ``eye`` past the (masked) polygons."""
        area = float(shapely.area(target))
        if area <= 0:
            return self.segment_clear(eye, tuple(shapely.get_coordinates(target)[0]), mask)
        pieces, owner = self.pieces(eye, target)
        return self.share_of(pieces, owner, mask, area) < 1.0 - 1e-9

    def segment_clear(self, a: Point, b: Point, mask: np.ndarray | None = None) -> bool:
        """Whether the straight line from ``a`` to ``b`` crosses no (masked) polygon interior."""
        if self.tree is None:
            return True
        line = shapely.linestrings([a, b])
        idx = np.asarray(self.tree.query(line, predicate="intersects"), dtype=int)
        if mask is not None and idx.size:
            idx = idx[mask[idx]]
        if idx.size == 0:
            return True
        crossing = shapely.crosses(line, self.polygons[idx]) | shapely.within(line, self.polygons[idx])
        return not bool(np.any(crossing))

    def shadow(self, eye: Point, mask: np.ndarray | None = None, clip: Any = None) -> Any:
        """The whole shadow region cast from ``eye`` (for drawing), optionally clipped."""
        idx = np.arange(len(self.polygons))
        if mask is not None:
            idx = idx[mask]
        if idx.size:
            idx = idx[~shapely.intersects_xy(self.polygons[idx], eye[0], eye[1])]
        quads, _ = self.shadow_pieces(eye, None, idx)
        region = shapely.union_all(quads) if len(quads) else Polygon()
        return shapely.intersection(region, clip) if clip is not None else region


def union_of(geoms: Iterable[Any]) -> Any:
    """Union of geometries (empty polygon for none)."""
    items = list(geoms)
    return shapely.union_all(items) if items else Polygon()
