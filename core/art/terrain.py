"""Terrain drawn as terrain: roofs, walls, hedges, tree canopies, rubble, relief,
reeds and snow, as SVG that any ruleset's picture can use (issue 58 point 5).

A wargamer reads a table by its terrain at a glance: a wood is a clump of tree
crowns, a house a roof with its ridge, a hill its shading and contours. This
module draws those shapes from plain geometry (a polygon in drawing units, or
a hex's centre and radius); the rulesets decide which look each of their
terrain kinds takes, from their own data, and keep the rules' colours.

Textures are SVG ``<pattern>`` elements made once per picture by a
:class:`Terrain` (each look and colour at most once, in the picture's
``<defs>``), so a board of a hundred hexes stays a few hundred elements with
no filters. Nothing is random between renders: where trees or stones are
scattered, the places come from :func:`seed` of the feature's name or the
hex's coordinates, so the same board always looks the same (and a record
replayed draws what was seen).

Tall and low cover are told apart by a cast shadow: :func:`cast_shadow` draws
one under a tall feature (a house, a rock) and nothing under a low one (a
wall, a hedge, a wood's undergrowth), as light from the upper left would.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Sequence

__all__ = [
    "Point", "Terrain", "airfield", "building", "canopies", "cast_shadow", "fence", "hedge", "hex_corners",
    "hex_forest", "hex_relief", "points", "rubble", "scorch", "seed", "shade", "trench",
]

Point = tuple[float, float]
LIGHT = (-0.6, -0.8)
"""Where the light comes from on the drawing (upper left), as a unit vector."""
SHADOW = "#1b1b12"


def _f(v: float) -> str:
    return f"{v:.1f}"


def points(pts: Sequence[Point]) -> str:
    """An SVG ``points`` attribute."""
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def seed(*parts: object) -> int:
    """A number fixed by ``parts`` (CRC-32 of their text): the same feature or hex
    scatters its trees and stones the same way on every render, in every process
    (Python's own ``hash`` of a string changes from one process to the next)."""
    return zlib.crc32(repr(parts).encode())


def shade(colour: str, amount: float) -> str:
    """``colour`` (``#rrggbb``) lightened (``amount`` > 0, towards white) or
    darkened (< 0, towards black) by that fraction."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if amount >= 0:
        r, g, b = (round(v + (255 - v) * amount) for v in (r, g, b))
    else:
        r, g, b = (round(v * (1 + amount)) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _inside(x: float, y: float, pts: Sequence[Point]) -> bool:
    """Whether (x, y) lies inside the polygon (even-odd rule)."""
    inside = False
    n = len(pts)
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _hull(pts: Sequence[Point]) -> list[Point]:
    """The convex hull (monotone chain), counter-clockwise."""
    ps = sorted(set(pts))
    if len(ps) < 3:
        return ps

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in ps:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(ps):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def scatter(pts: Sequence[Point], spacing: float, key: int, margin: float = 0.0) -> list[Point]:
    """Places about ``spacing`` apart inside the polygon, on a jittered hex lattice
    fixed by ``key``; each at least ``margin`` inside (tested at four points).
    A polygon too small for any lattice point gets its centroid."""
    rng = random.Random(key)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    out: list[Point] = []
    row_h = spacing * 0.866
    rows = int((max(ys) - min(ys)) / row_h) + 2
    cols = int((max(xs) - min(xs)) / spacing) + 2
    for r in range(rows):
        for c in range(cols):
            x = min(xs) + (c + (0.5 if r % 2 else 0.0) + 0.25) * spacing + rng.uniform(-0.3, 0.3) * spacing
            y = min(ys) + (r + 0.35) * row_h + rng.uniform(-0.3, 0.3) * row_h
            if all(_inside(x + dx, y + dy, pts) for dx, dy in ((margin, 0), (-margin, 0), (0, margin), (0, -margin))):
                out.append((x, y))
    if not out:
        out.append((sum(xs) / len(xs), sum(ys) / len(ys)))
    return out


class Terrain:
    """The ``<defs>`` of one picture: each texture made once, the first time a
    fill asks for it. Put :attr:`defs` at the start of the ``<svg>``."""

    def __init__(self, prefix: str = "tt-") -> None:
        self.defs = ET.Element("defs", {"class": "tt-terrain-defs"})
        self.prefix = prefix
        """Starts every id made here: a second set of defs in the same document
        (a legend's) takes its own, so no id is defined twice."""
        self._made: set[str] = set()

    def fill(self, look: str, colour: str) -> str:
        """A ``fill`` value: the texture ``look`` (one of :data:`TEXTURES`) over
        ``colour``. An unknown look is the plain colour."""
        draw = TEXTURES.get(look)
        if draw is None:
            return colour
        ident = f"{self.prefix}{look}-{colour.lstrip('#')}"
        if ident not in self._made:
            self._made.add(ident)
            size = draw[0]
            pattern = ET.SubElement(self.defs, "pattern", {
                "id": ident, "class": f"tt-texture tt-texture-{look}", "patternUnits": "userSpaceOnUse",
                "width": _f(size), "height": _f(size)})
            ET.SubElement(pattern, "rect", {"width": _f(size), "height": _f(size), "fill": colour})
            draw[1](pattern, colour)
        return f"url(#{ident})"

    def gradient(self, look: str, colour: str) -> str:
        """A ``fill`` value: a radial shading of ``colour`` lit from the upper left
        (``look`` names it: ``relief`` for high ground, ``scorch`` for burnt ground)."""
        ident = f"{self.prefix}{look}-{colour.lstrip('#')}"
        if ident not in self._made:
            self._made.add(ident)
            if look == "scorch":
                g = ET.SubElement(self.defs, "radialGradient", {"id": ident})
                stops = [("0", colour, "0.85"), ("0.6", colour, "0.5"), ("1", colour, "0")]
            else:
                g = ET.SubElement(self.defs, "radialGradient", {"id": ident, "cx": "0.38", "cy": "0.34", "r": "0.7"})
                stops = [("0", shade(colour, 0.35), "1"), ("0.55", colour, "1"), ("1", shade(colour, -0.3), "1")]
            for offset, c, opacity in stops:
                ET.SubElement(g, "stop", {"offset": offset, "stop-color": c, "stop-opacity": opacity})
        return f"url(#{ident})"


# --------------------------------------------------------------- textures
# Each texture: its tile size and a function drawing the tile's marks over its
# background colour. Marks are a few strokes: cheap for the browser to paint.

def _grass(p: ET.Element, colour: str) -> None:
    dark = shade(colour, -0.14)
    for x, y in ((4, 6), (16, 13), (7, 20)):
        ET.SubElement(p, "path", {"d": f"M{x},{y + 3} l-1.5,-3 M{x},{y + 3} l0,-3.5 M{x},{y + 3} l1.5,-3",
                                  "stroke": dark, "stroke-width": "0.7", "fill": "none", "stroke-linecap": "round"})


def _snow(p: ET.Element, colour: str) -> None:
    blue = shade("#9fb6cc", 0.2)
    for x, y, w in ((2, 5, 9), (13, 14, 8), (5, 20, 6)):
        ET.SubElement(p, "path", {"d": f"M{x},{y} q{w / 2},-2 {w},0", "stroke": blue, "stroke-width": "0.7",
                                  "fill": "none", "stroke-linecap": "round"})


def _drift(p: ET.Element, colour: str) -> None:
    # wind-blown ridges: a crest lit white over its blue-grey lee side
    for x, y in ((2, 8), (12, 19)):
        ET.SubElement(p, "path", {"d": f"M{x},{y} q5,-6 10,-1 l-1.5,1.5 q-4,-3 -8.5,-0.5 z", "fill": "#7f9fbf"})
        ET.SubElement(p, "path", {"d": f"M{x},{y} q5,-6 10,-1", "stroke": "#ffffff", "stroke-width": "1",
                                  "fill": "none"})


def _swamp(p: ET.Element, colour: str) -> None:
    water, reed = "#4f7f9a", "#4d5e2a"
    for x, y in ((1, 6), (11, 16)):
        ET.SubElement(p, "path", {"d": f"M{x},{y} h9", "stroke": water, "stroke-width": "1.2",
                                  "stroke-linecap": "round", "opacity": "0.8"})
    for x, y in ((15, 7), (4, 19)):
        ET.SubElement(p, "path", {"d": f"M{x},{y} l-2,-5 M{x},{y} l0,-6 M{x},{y} l2,-5", "stroke": reed,
                                  "stroke-width": "0.9", "fill": "none", "stroke-linecap": "round"})


def _stone(p: ET.Element, colour: str) -> None:
    mortar = shade(colour, -0.35)
    ET.SubElement(p, "path", {"d": "M0,0 h10 M0,5 h10 M5,0 v5 M0,5 v5 M10,5 v5", "stroke": mortar,
                              "stroke-width": "0.8", "fill": "none"})


def _planks(p: ET.Element, colour: str) -> None:
    ET.SubElement(p, "path", {"d": "M0,2 h8 M0,6 h8 M3,2 v4", "stroke": shade(colour, -0.35),
                              "stroke-width": "0.7", "fill": "none"})


def _earth(p: ET.Element, colour: str) -> None:
    ET.SubElement(p, "path", {"d": "M0,8 l8,-8 M-2,2 l4,-4 M6,10 l4,-4", "stroke": shade(colour, -0.3),
                              "stroke-width": "1", "fill": "none"})


def _leaves(p: ET.Element, colour: str) -> None:
    for x, y, r, a in ((3, 3, 2.2, -0.25), (8, 7, 2.4, 0.18), (2, 9, 1.8, -0.1)):
        ET.SubElement(p, "circle", {"cx": _f(x), "cy": _f(y), "r": _f(r), "fill": shade(colour, a)})


def _gravel(p: ET.Element, colour: str) -> None:
    for x, y, r in ((3, 3, 1.6), (9, 6, 1.2), (5, 10, 1.4), (11, 11, 0.9)):
        ET.SubElement(p, "circle", {"cx": _f(x), "cy": _f(y), "r": _f(r), "fill": shade(colour, -0.25)})


def _water(p: ET.Element, colour: str) -> None:
    light = shade(colour, 0.35)
    for x, y in ((1, 6), (11, 15)):
        ET.SubElement(p, "path", {"d": f"M{x},{y} q2.5,-2 5,0 t5,0", "stroke": light, "stroke-width": "0.9",
                                  "fill": "none", "stroke-linecap": "round"})


TEXTURES = {
    "grass": (24.0, _grass), "snow": (24.0, _snow), "drift": (24.0, _drift), "swamp": (22.0, _swamp),
    "stone": (10.0, _stone), "planks": (8.0, _planks), "earth": (8.0, _earth), "leaves": (11.0, _leaves),
    "gravel": (14.0, _gravel), "water": (20.0, _water),
}
"""The textures a :meth:`Terrain.fill` can make: tile size and its marks."""


# ------------------------------------------------------- area features
def cast_shadow(parent: ET.Element, pts: Sequence[Point], length: float) -> ET.Element:
    """The shadow a tall feature casts away from the light: the hull of the polygon
    and its copy moved ``length`` down and to the right. Drawn before the feature."""
    dx, dy = -LIGHT[0] * length, -LIGHT[1] * length
    hull = _hull([*pts, *((x + dx, y + dy) for x, y in pts)])
    return ET.SubElement(parent, "polygon", {"points": points(hull), "fill": SHADOW, "fill-opacity": "0.32",
                                             "class": "tt-cast-shadow"})


def building(parent: ET.Element, pts: Sequence[Point], roof: str) -> None:
    """A house seen from above: a hipped roof in four faces, each shaded by how it
    faces the light, with its ridge and hips drawn. A polygon other than a
    four-cornered one gets one shaded face and no ridge."""
    if len(pts) != 4:
        ET.SubElement(parent, "polygon", {"points": points(pts), "fill": roof, "stroke": shade(roof, -0.5),
                                          "stroke-width": "1.2"})
        return
    a, b, c, d = pts
    if math.dist(a, b) < math.dist(b, c):
        a, b, c, d = b, c, d, a
    length, half = math.dist(a, b), math.dist(b, c) / 2
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    inset = min(half, length / 2 - 0.5)
    m1 = ((a[0] + d[0]) / 2 + ux * inset, (a[1] + d[1]) / 2 + uy * inset)
    m2 = ((b[0] + c[0]) / 2 - ux * inset, (b[1] + c[1]) / 2 - uy * inset)
    centre = ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
    faces = [(a, b, m2, m1), (b, c, m2), (c, d, m1, m2), (d, a, m1)]
    roofs = ET.SubElement(parent, "g", {"class": "tt-roof"})
    for face in faces:
        fx = sum(p[0] for p in face) / len(face) - centre[0]
        fy = sum(p[1] for p in face) / len(face) - centre[1]
        n = math.hypot(fx, fy) or 1.0
        lit = -(fx * LIGHT[0] + fy * LIGHT[1]) / n  # 1 facing the light, -1 away
        ET.SubElement(roofs, "polygon", {"points": points(face), "fill": shade(roof, 0.28 * lit if lit > 0 else 0.3 * lit)})
    edge = shade(roof, -0.55)
    ET.SubElement(roofs, "path", {
        "d": f"M{_f(a[0])},{_f(a[1])} L{_f(m1[0])},{_f(m1[1])} L{_f(d[0])},{_f(d[1])} M{_f(m1[0])},{_f(m1[1])} "
             f"L{_f(m2[0])},{_f(m2[1])} M{_f(b[0])},{_f(b[1])} L{_f(m2[0])},{_f(m2[1])} L{_f(c[0])},{_f(c[1])}",
        "stroke": edge, "stroke-width": "1", "fill": "none", "class": "tt-ridge"})
    ET.SubElement(roofs, "polygon", {"points": points(pts), "fill": "none", "stroke": edge, "stroke-width": "1.4"})


def canopies(parent: ET.Element, pts: Sequence[Point], radius: float, key: int, colour: str) -> int:
    """Tree crowns over the polygon, about two radii apart, each a crown with a
    lit side; returns how many. Crowns may reach a little past the edge, as
    real trees do; their centres stay inside."""
    rng = random.Random(key)
    trees = ET.SubElement(parent, "g", {"class": "tt-canopies"})
    places = scatter(pts, radius * 1.7, key, margin=radius * 0.35)
    for x, y in places:
        r = radius * rng.uniform(0.8, 1.1)
        tree(trees, x, y, r, colour)
    return len(places)


def tree(parent: ET.Element, x: float, y: float, r: float, colour: str) -> None:
    """One tree crown seen from above: a dark rim, the crown, and its lit side."""
    ET.SubElement(parent, "circle", {"cx": _f(x), "cy": _f(y), "r": _f(r), "fill": colour,
                                     "stroke": shade(colour, -0.45), "stroke-width": "0.8"})
    ET.SubElement(parent, "circle", {"cx": _f(x + LIGHT[0] * r * 0.3), "cy": _f(y + LIGHT[1] * r * 0.3),
                                     "r": _f(r * 0.55), "fill": shade(colour, 0.25)})


def hedge(parent: ET.Element, pts: Sequence[Point], radius: float, key: int, colour: str) -> None:
    """A hedge or scrub: a band of bushes, each a small leafy lump, over the
    polygon's own green (so a thin hedge still reads as a line of bushes)."""
    ET.SubElement(parent, "polygon", {"points": points(pts), "fill": shade(colour, -0.15),
                                      "stroke": shade(colour, -0.45), "stroke-width": "0.8"})
    rng = random.Random(key)
    for x, y in scatter(pts, radius * 1.5, key):
        r = radius * rng.uniform(0.75, 1.05)
        ET.SubElement(parent, "circle", {"cx": _f(x), "cy": _f(y), "r": _f(r), "fill": colour,
                                         "stroke": shade(colour, -0.4), "stroke-width": "0.6"})


def rubble(parent: ET.Element, pts: Sequence[Point], size: float, key: int, colour: str) -> None:
    """Rocks or rubble: the heap's ground, then broken stones, each an irregular
    pentagon lit from the upper left."""
    ET.SubElement(parent, "polygon", {"points": points(pts), "fill": shade(colour, 0.15),
                                      "stroke": shade(colour, -0.5), "stroke-width": "1.2"})
    rng = random.Random(key)
    for x, y in scatter(pts, size * 1.6, key, margin=size * 0.3):
        r = size * rng.uniform(0.55, 0.9)
        turn = rng.uniform(0, math.tau)
        stone = [(x + r * rng.uniform(0.7, 1.0) * math.cos(turn + k * math.tau / 5),
                  y + r * rng.uniform(0.7, 1.0) * math.sin(turn + k * math.tau / 5)) for k in range(5)]
        ET.SubElement(parent, "polygon", {"points": points(stone), "fill": shade(colour, rng.uniform(-0.15, 0.1)),
                                          "stroke": shade(colour, -0.55), "stroke-width": "0.7"})


def fence(parent: ET.Element, pts: Sequence[Point], colour: str, post: float) -> None:
    """A fence: its rail along the polygon's long middle line and posts along it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    (x0, x1), (y0, y1) = (min(xs), max(xs)), (min(ys), max(ys))
    along_x = x1 - x0 >= y1 - y0
    if along_x:
        a, b = (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)
    else:
        a, b = ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)
    ET.SubElement(parent, "line", {"x1": _f(a[0]), "y1": _f(a[1]), "x2": _f(b[0]), "y2": _f(b[1]),
                                   "stroke": colour, "stroke-width": _f(post * 0.45)})
    n = max(2, int(math.dist(a, b) / (post * 4)) + 1)
    posts = ET.SubElement(parent, "path", {"stroke": shade(colour, -0.35), "stroke-width": _f(post),
                                           "stroke-linecap": "square"})
    d = []
    for k in range(n):
        x, y = a[0] + (b[0] - a[0]) * k / (n - 1), a[1] + (b[1] - a[1]) * k / (n - 1)
        d.append(f"M{_f(x - 0.01)},{_f(y)} h0.02")
    posts.set("d", " ".join(d))


def scorch(parent: ET.Element, terrain: Terrain, pts: Sequence[Point]) -> None:
    """Burnt ground under a wreck: a dark soft-edged smudge a little larger than it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    r = max(max(xs) - min(xs), max(ys) - min(ys)) * 0.7
    ET.SubElement(parent, "circle", {"cx": _f(cx), "cy": _f(cy), "r": _f(r),
                                     "fill": terrain.gradient("scorch", "#2a2118"), "class": "tt-scorch"})


# ----------------------------------------------------------------- hexes
def hex_corners(x: float, y: float, r: float, pointy: bool = True) -> list[Point]:
    """The six corners of a hex of radius ``r`` centred on (x, y)."""
    start = -30 if pointy else 0
    return [(x + r * math.cos(math.radians(start + 60 * i)), y + r * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


_FOREST_SLOTS = ((0.0, 0.05), (-0.36, -0.12), (0.36, -0.12), (-0.4, 0.3), (0.4, 0.3), (0.0, 0.48),
                 (-0.18, 0.62), (0.2, -0.32), (-0.2, -0.32))
"""Where a forest hex's trees stand, as fractions of the radius from its centre:
off the hex's top middle, where its label is written."""


def hex_forest(parent: ET.Element, x: float, y: float, r: float, key: int, colour: str,
               count: int = len(_FOREST_SLOTS)) -> None:
    """A forest hex's tree crowns, their places jittered by ``key`` (the hex);
    fewer than the full ``count`` of nine make an orchard or a copse."""
    rng = random.Random(key)
    trees = ET.SubElement(parent, "g", {"class": "tt-canopies"})
    for sx, sy in _FOREST_SLOTS[:count]:
        tree(trees, x + (sx + rng.uniform(-0.06, 0.06)) * r, y + (sy + rng.uniform(-0.05, 0.05)) * r,
             r * rng.uniform(0.22, 0.27), colour)


def hex_relief(parent: ET.Element, x: float, y: float, r: float, colour: str) -> None:
    """High ground's contour lines: two smaller hex-round rings rising to a crest,
    lit on the upper left and in shadow on the lower right."""
    dark = shade(colour, -0.45)
    for k, scale in enumerate((0.68, 0.38)):
        ET.SubElement(parent, "ellipse", {"cx": _f(x - k * r * 0.04), "cy": _f(y + r * 0.08 - k * r * 0.04),
                                          "rx": _f(r * scale), "ry": _f(r * scale * 0.82), "fill": "none",
                                          "stroke": dark, "stroke-width": "0.9", "stroke-opacity": "0.7",
                                          "class": "tt-contour"})


def trench(parent: ET.Element, x: float, y: float, r: float, key: int) -> None:
    """A front element: a zig-zag trench across the hex, its parapet of earth, and
    a row of barbed-wire crosses in front of it."""
    rng = random.Random(key)
    turn = rng.choice((-20.0, 0.0, 20.0))
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))

    def at(u: float, v: float) -> str:
        return f"{_f(x + (u * c - v * s) * r)},{_f(y + (u * s + v * c) * r)}"

    zig = " ".join(at(-0.72 + 0.24 * k, 0.12 + (0.1 if k % 2 else -0.06)) for k in range(7))
    group = ET.SubElement(parent, "g", {"class": "tt-trench"})
    ET.SubElement(group, "polyline", {"points": zig, "fill": "none", "stroke": "#8a6a44", "stroke-width": "5",
                                      "stroke-linejoin": "round", "stroke-linecap": "round"})
    ET.SubElement(group, "polyline", {"points": zig, "fill": "none", "stroke": "#3b2a1a", "stroke-width": "2",
                                      "stroke-linejoin": "round", "stroke-linecap": "round"})
    wire = []
    for k in range(5):
        u, v = -0.56 + 0.28 * k, -0.26
        wire.append(f"M{at(u - 0.06, v - 0.06)} L{at(u + 0.06, v + 0.06)} M{at(u + 0.06, v - 0.06)} "
                    f"L{at(u - 0.06, v + 0.06)}")
    ET.SubElement(group, "path", {"d": " ".join(wire), "stroke": "#2b2b2b", "stroke-width": "1.1", "fill": "none"})
    ET.SubElement(group, "path", {"d": f"M{at(-0.62, -0.26)} L{at(0.62, -0.26)}", "stroke": "#2b2b2b",
                                  "stroke-width": "0.5", "stroke-dasharray": "2 1.5", "fill": "none"})


def airfield(parent: ET.Element, x: float, y: float, r: float, strip: str = "#a9b97a") -> None:
    """A field airstrip: a runway of mown grass (``strip``: packed snow in winter)
    with its edge markers and a windsock."""
    group = ET.SubElement(parent, "g", {"class": "tt-airfield"})
    w, h = r * 1.45, r * 0.42
    ET.SubElement(group, "rect", {"x": _f(x - w / 2), "y": _f(y + r * 0.1), "width": _f(w), "height": _f(h),
                                  "rx": "2", "fill": strip, "stroke": shade(strip, -0.45), "stroke-width": "0.8"})
    ET.SubElement(group, "path", {"d": f"M{_f(x - w / 2 + 3)},{_f(y + r * 0.1 + h / 2)} h{_f(w - 6)}",
                                  "stroke": "#f4f1e4", "stroke-width": "1.4", "stroke-dasharray": "4 3"})
    marks = " ".join(f"M{_f(x - w / 2 + k * w / 4)},{_f(y + r * 0.1)} v{_f(h)}" for k in (0, 4))
    ET.SubElement(group, "path", {"d": marks, "stroke": "#f4f1e4", "stroke-width": "2"})
    ET.SubElement(group, "path", {"d": f"M{_f(x + w / 2 - 2)},{_f(y + r * 0.1)} v{_f(-r * 0.35)} l5,1.5 l-5,1.5",
                                  "stroke": "#3b3b3b", "stroke-width": "0.8", "fill": "#e67e22"})
