"""Pattern fills drawn out as vector tiles for print, so that a PDF keeps them as vectors and small.

The art fills textured ground with SVG ``<pattern>`` elements (:class:`core.art.terrain.Terrain`).
Chromium's PDF writer cannot express a pattern fill: it rasterises every shape so
filled into an image of the whole clip around it, at 72 dpi. A Duel of the Giants
board (85 textured hexes, each on each of the 4 pages that show it) became 237
images and 6.7 MB, and the texture printed blurred.

:class:`PatternTiler` rewrites each shape whose ``fill`` is such a pattern into
what the pattern means: the pattern's tile (its drawing, defined once per sheet)
repeated by ``<use>`` over the shape's bounding box at the pattern's own origin,
clipped to the shape; the shape itself stays, unfilled, for its stroke. Paths and
shapes stay vectors, the texture lines up across neighbouring shapes as a
``userSpaceOnUse`` pattern does, and the PDF of that board is a few hundred kB.

Only what the art makes is rewritten: a ``userSpaceOnUse`` pattern without
``viewBox``, ``patternTransform`` or ``href``, on a ``rect``, ``circle``,
``ellipse``, ``polygon``, ``polyline`` or ``path`` whose ``fill`` attribute names it.
Anything else keeps its pattern (and prints, rasterised, as before).

:func:`round_as_curves` then redraws circles and ellipses as four cubic curves:
Chromium's PDF cuts each into some 26 (a board's tree crowns and texture dots
were most of its drawing operators).
"""

from __future__ import annotations

import copy
import functools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1."""

SHAPES = {"rect", "circle", "ellipse", "polygon", "polyline", "path"}
GEOMETRY = ("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "points", "d")
"""The attributes that make a shape's outline (copied into its clip)."""
SKIP = {"pattern", "clipPath", "mask", "marker"}
"""Containers whose content is not drawn where it stands: never rewritten inside."""
RESET = {"fill": "#000", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
         "stroke-opacity": "1", "stroke-dasharray": "none", "stroke-linecap": "butt",
         "stroke-linejoin": "miter", "opacity": "1"}
"""A tile's content inherits from the pattern's place, not the shape's: these defaults keep
what the shape's ancestors set (a stroke on a group) out of the tile."""
BLOCK = 4
"""Tiles per side of a block drawn as one path per run (see :meth:`PatternTiler._tiles`)."""
_URL = re.compile(r"\s*url\(\s*['\"]?#([^'\")]+)['\"]?\s*\)")
_NUMBER = r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[MmLlHhVvCcSsQqTtAaZz]|{_NUMBER}")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def local(tag: str) -> str:
    """A tag without its namespace."""
    return tag.rsplit("}", 1)[-1]


def _num(el: ET.Element, name: str, default: float = 0.0) -> float:
    try:
        return float(el.get(name, default))
    except ValueError:
        return math.nan


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(_NUMBER, text)]


def _segments(d: str) -> list[tuple[str, list[float]]] | None:
    """The path ``d`` as its segments, each with its command letter as written (``Z`` with no
    numbers; the pairs after a move as lines, ``L`` or ``l``); ``None`` when ``d`` cannot be
    read."""
    tokens = _TOKEN.findall(d)
    segments: list[tuple[str, list[float]]] = []
    command = ""
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                segments.append((command, []))
                continue
        elif not command or command in "Zz":
            return None
        n = _ARGS[command.upper()]
        args = tokens[i:i + n]
        if len(args) < n or any(a.isalpha() for a in args):
            return None
        segments.append((command, [float(a) for a in args]))
        i += n
        if command in "Mm":  # further pairs after a move are lines
            command = "l" if command == "m" else "L"
    return segments


def path_box(d: str) -> Box | None:
    """A box that holds the path ``d``: its points and control points (a Bézier curve lies in
    their hull), an arc widened by its diameter; ``None`` when ``d`` cannot be read."""
    segments = _segments(d)
    if segments is None:
        return None
    xs: list[float] = []
    ys: list[float] = []
    x = y = sx = sy = 0.0
    for command, v in segments:
        if command in "Zz":
            x, y = sx, sy
            continue
        rel = command.islower()
        up = command.upper()
        if up == "H":
            x = x + v[0] if rel else v[0]
        elif up == "V":
            y = y + v[0] if rel else v[0]
        elif up == "A":
            ex, ey = (x + v[5], y + v[6]) if rel else (v[5], v[6])
            reach = max(2 * max(abs(v[0]), abs(v[1])), math.hypot(ex - x, ey - y))
            xs += [x - reach, x + reach]
            ys += [y - reach, y + reach]
            x, y = ex, ey
        else:
            pts = [(v[k] + (x if rel else 0.0), v[k + 1] + (y if rel else 0.0)) for k in range(0, len(v), 2)]
            xs += [p[0] for p in pts]
            ys += [p[1] for p in pts]
            x, y = pts[-1]
        xs.append(x)
        ys.append(y)
        if up == "M":
            sx, sy = x, y
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def translate_path(d: str, dx: float, dy: float) -> str | None:
    """The path ``d`` moved by (dx, dy), beginning with an absolute move (so that copies can be
    joined into one path); ``None`` when ``d`` cannot be read. Every segment is written with
    its command letter."""
    segments = _segments(d)
    if segments is None:
        return None
    out: list[str] = []
    first = True
    for command, v in segments:
        if command in "Zz":
            out.append("Z")
            continue
        up = command.upper()
        letter = command
        if first:  # a path's first move is absolute even when written 'm'
            if up != "M":
                return None
            letter, v, first = "M", [v[0] + dx, v[1] + dy], False
        elif command.isupper():
            if up == "H":
                v = [v[0] + dx]
            elif up == "V":
                v = [v[0] + dy]
            elif up == "A":
                v = v[:5] + [v[5] + dx, v[6] + dy]
            else:
                v = [c + (dx if k % 2 == 0 else dy) for k, c in enumerate(v)]
        out.append(letter + " ".join(f"{c:g}" for c in v))
    return None if first else " ".join(out)


def as_path(el: ET.Element) -> str | None:
    """A basic shape's outline as path data; ``None`` for other elements (a rounded rect, a
    group...)."""
    tag = local(el.tag)
    if tag == "path":
        return el.get("d")
    if tag in ("polygon", "polyline"):
        v = _numbers(el.get("points", ""))
        if len(v) < 4 or len(v) % 2:
            return None
        pairs = " ".join(f"{v[k]:g} {v[k + 1]:g}" for k in range(2, len(v), 2))
        return f"M{v[0]:g} {v[1]:g} L{pairs}" + (" Z" if tag == "polygon" else "")
    if tag == "rect" and not (el.get("rx") or el.get("ry")):
        x, y, w, h = (_num(el, a) for a in ("x", "y", "width", "height"))
        return f"M{x:g} {y:g} H{x + w:g} V{y + h:g} H{x:g} Z"
    if tag in ("circle", "ellipse"):
        return _round(el)
    return None


KAPPA = 0.5522847498
"""A quarter circle's Bézier handle as a share of the radius (error under 0.03 % of it)."""


def _round(el: ET.Element) -> str | None:
    """A ``circle`` or ``ellipse`` as four cubic Béziers (not arcs: see :func:`round_as_curves`)."""
    tag = local(el.tag)
    cx, cy = _num(el, "cx"), _num(el, "cy")
    rx = _num(el, "r") if tag == "circle" else _num(el, "rx")
    ry = _num(el, "r") if tag == "circle" else _num(el, "ry")
    if not all(math.isfinite(v) for v in (cx, cy, rx, ry)) or rx <= 0 or ry <= 0:
        return None
    kx, ky = rx * KAPPA, ry * KAPPA

    def p(x: float, y: float) -> str:
        return f"{_short(x)} {_short(y)}"

    return (f"M{p(cx + rx, cy)} C{p(cx + rx, cy + ky)} {p(cx + kx, cy + ry)} {p(cx, cy + ry)} "
            f"C{p(cx - kx, cy + ry)} {p(cx - rx, cy + ky)} {p(cx - rx, cy)} "
            f"C{p(cx - rx, cy - ky)} {p(cx - kx, cy - ry)} {p(cx, cy - ry)} "
            f"C{p(cx + kx, cy - ry)} {p(cx + rx, cy - ky)} {p(cx + rx, cy)} Z")


def _short(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def shape_box(el: ET.Element) -> Box | None:
    """The box of a basic shape in its own user space (no stroke); ``None`` when unknown."""
    tag = local(el.tag)
    box: Box | None = None
    if tag == "rect":
        x, y = _num(el, "x"), _num(el, "y")
        box = (x, y, x + _num(el, "width"), y + _num(el, "height"))
    elif tag == "circle":
        cx, cy, r = _num(el, "cx"), _num(el, "cy"), _num(el, "r")
        box = (cx - r, cy - r, cx + r, cy + r)
    elif tag == "ellipse":
        cx, cy, rx, ry = _num(el, "cx"), _num(el, "cy"), _num(el, "rx"), _num(el, "ry")
        box = (cx - rx, cy - ry, cx + rx, cy + ry)
    elif tag in ("polygon", "polyline"):
        v = _numbers(el.get("points", ""))
        if len(v) >= 2:
            box = (min(v[0::2]), min(v[1::2]), max(v[0::2]), max(v[1::2]))
    elif tag == "path":
        box = path_box(el.get("d", ""))
    if box is None or not all(math.isfinite(c) for c in box):
        return None
    return box


def _ink_box(el: ET.Element) -> Box | None:
    """Where ``el`` (a pattern's child) can put ink, its stroke included, in its parent's
    space; ``None``: unknown (a transform, text, an image...)."""
    if el.get("transform"):
        return None
    tag = local(el.tag)
    if tag == "g":
        boxes = [_ink_box(child) for child in el]
        if any(b is None for b in boxes):
            return None
        known = [b for b in boxes if b is not None]
        if not known:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(b[0] for b in known), min(b[1] for b in known), max(b[2] for b in known),
                max(b[3] for b in known))
    if tag in ("title", "desc"):
        return (0.0, 0.0, 0.0, 0.0)
    if tag not in SHAPES:
        return None
    box = shape_box(el)
    if box is None:
        return None
    stroke = el.get("stroke", "none")
    if stroke == "none":
        return box
    width = _num(el, "stroke-width", 1.0)
    # round caps and joins reach half the width out; a miter or square cap reaches further
    rounded = el.get("stroke-linecap") == "round" and el.get("stroke-linejoin", "round") == "round"
    reach = width / 2 if rounded else width * 2
    return box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach


@dataclass(frozen=True)
class Pattern:
    """A pattern the tiler can draw out: its tile's origin and size and its drawing."""

    ident: str
    x: float
    y: float
    width: float
    height: float
    element: ET.Element

    @property
    def runs(self) -> list[tuple[dict[str, str], list[str]]] | None:
        """The drawing as runs of children painted alike: each run's attributes (without its
        geometry) and its children's outlines; ``None`` when a child is not a plain shape.
        A run joins only neighbours without partial opacity, so that one path for the run
        paints what its children did."""
        out: list[tuple[dict[str, str], list[str]]] = []
        for child in self.element:
            d = as_path(child) if not child.get("transform") and not child.get("clip-path") else None
            if d is None:
                return None
            style = {k: v for k, v in child.attrib.items() if k not in GEOMETRY and k not in ("id", "class")}
            see_through = any(_num(child, a, 1.0) < 1 for a in ("opacity", "fill-opacity", "stroke-opacity"))
            if out and out[-1][0] == style and not see_through and style.get("fill-rule") != "evenodd":
                out[-1][1].append(d)
            else:
                out.append((style, [d]))
        return out

    @property
    def overflows(self) -> bool:
        """Whether the drawing can reach outside its tile (then each tile is clipped to it,
        as a pattern's tile is)."""
        if self.element.get("overflow", "hidden") in ("visible", "auto"):
            return False
        for child in self.element:
            box = _ink_box(child)
            if box is None or box[0] < 0 or box[1] < 0 or box[2] > self.width or box[3] > self.height:
                return True
        return False


def read_pattern(el: ET.Element) -> Pattern | None:
    """``el`` as a :class:`Pattern`, or ``None`` when it is not one the tiler draws out."""
    ident = el.get("id")
    if (not ident or el.get("patternUnits") != "userSpaceOnUse"
            or el.get("patternContentUnits", "userSpaceOnUse") != "userSpaceOnUse"
            or any(el.get(a) for a in ("viewBox", "patternTransform", "href",
                                       "{http://www.w3.org/1999/xlink}href"))):
        return None
    x, y, w, h = (_num(el, "x"), _num(el, "y"), _num(el, "width"), _num(el, "height"))
    if not all(math.isfinite(v) for v in (x, y, w, h)) or w <= 0 or h <= 0:
        return None
    return Pattern(ident, x, y, w, h, el)


@dataclass
class PatternTiler:
    """Draws out pattern fills over the sheets of one document (see the module's docstring).

    :meth:`register` learns the patterns a part defines, :meth:`expand` rewrites a part's
    shapes. Ids made here come from one counter, so they stay unique across the whole HTML
    page however many sheets it holds (an id in HTML is the page's, not the sheet's)."""

    patterns: dict[str, Pattern] = field(default_factory=dict)
    made: int = 0
    """How many ids the tiler has made (its counter)."""
    rewritten: int = 0
    """How many shapes it has drawn out."""

    def register(self, root: ET.Element) -> None:
        for el in root.iter():
            if local(el.tag) == "pattern":
                found = read_pattern(el)
                if found is not None:
                    self.patterns.setdefault(found.ident, found)

    def _id(self, stem: str) -> str:
        self.made += 1
        return f"tt-print-{stem}-{self.made}"

    def expand(self, root: ET.Element) -> int:
        """Rewrite every shape under ``root`` filled with a known pattern; the tiles it uses are
        defined in a ``<defs>`` added to ``root``. Returns how many shapes were rewritten."""
        ns = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
        tiles: dict[str, str] = {}
        defs = ET.Element(f"{ns}defs", {"class": "tt-print-tiles"})
        count = 0

        def tile(p: Pattern) -> str:
            if p.ident not in tiles:
                ident = self._id("tile")
                g = ET.SubElement(defs, f"{ns}g", {"id": ident, **RESET})
                if p.overflows:
                    clip = self._id("tile-clip")
                    box = ET.SubElement(defs, f"{ns}clipPath", {"id": clip})
                    ET.SubElement(box, f"{ns}rect", {"width": f"{p.width:g}", "height": f"{p.height:g}"})
                    g.set("clip-path", f"url(#{clip})")
                g.extend(copy.deepcopy(list(p.element)))
                tiles[p.ident] = ident
            return tiles[p.ident]

        def walk(parent: ET.Element) -> Iterator[tuple[ET.Element, int, ET.Element]]:
            for i, child in enumerate(list(parent)):
                if local(child.tag) in SKIP:
                    continue
                yield parent, i, child
                yield from walk(child)

        # collect first, then rewrite from the last: inserting shifts the later siblings
        found = [(parent, i, el) for parent, i, el in walk(root) if local(el.tag) in SHAPES]
        for parent, i, el in reversed(found):
            match = _URL.match(el.get("fill", ""))
            pattern = self.patterns.get(match.group(1)) if match else None
            box = shape_box(el) if pattern is not None else None
            if pattern is None or box is None:
                continue
            parent.insert(i, self._tiles(el, pattern, box, functools.partial(tile, pattern), ns))
            el.set("fill", "none")
            count += 1
        if len(defs):
            root.insert(0, defs)
        self.rewritten += count
        return count

    def _tiles(self, el: ET.Element, p: Pattern, box: Box, tile: Callable[[], str], ns: str) -> ET.Element:
        """The group that paints ``el``'s fill: ``p``'s tile over ``box`` clipped to ``el``."""
        clip_id = self._id("fill-clip")
        g = ET.Element(f"{ns}g", {"class": "tt-texture-tiles", "clip-path": f"url(#{clip_id})"})
        if el.get("transform"):
            g.set("transform", el.get("transform", ""))
        opacity = _num(el, "opacity", 1.0) * _num(el, "fill-opacity", 1.0)
        if math.isfinite(opacity) and opacity < 1:
            g.set("opacity", f"{opacity:g}")
        clip = ET.SubElement(g, f"{ns}clipPath", {"id": clip_id})
        outline = ET.SubElement(clip, el.tag, {a: el.get(a, "") for a in GEOMETRY if el.get(a) is not None})
        if el.get("fill-rule"):
            outline.set("clip-rule", el.get("fill-rule", ""))
        first_col = math.floor((box[0] - p.x) / p.width)
        first_row = math.floor((box[1] - p.y) / p.height)
        last_col = math.ceil((box[2] - p.x) / p.width)
        last_row = math.ceil((box[3] - p.y) / p.height)
        span = (first_col, first_row, last_col, last_row)
        runs = None if p.overflows else p.runs
        if runs is None:
            return self._uses(g, p, tile(), ns, span)
        # a drawing that stays in its tile: each run of it one path over a block of tiles (a
        # hundred <use> copies of a tile, painted again on every page of a tiled board, cost
        # Chromium seconds; a block still lets a page skip what lies outside its window)
        for top in range(first_row, last_row, BLOCK):
            for left in range(first_col, last_col, BLOCK):
                block = ET.SubElement(g, f"{ns}g", RESET)
                places = [(p.x + col * p.width, p.y + row * p.height)
                          for row in range(top, min(top + BLOCK, last_row))
                          for col in range(left, min(left + BLOCK, last_col))]
                for style, outlines in runs:
                    parts = [translate_path(d, x, y) for x, y in places for d in outlines]
                    if any(part is None for part in parts):
                        for made in [c for c in g if local(c.tag) == "g"]:
                            g.remove(made)
                        return self._uses(g, p, tile(), ns, span)
                    ET.SubElement(block, f"{ns}path", {"d": " ".join(str(part) for part in parts), **style})
        return g

    @staticmethod
    def _uses(g: ET.Element, p: Pattern, tile_id: str, ns: str, span: tuple[int, int, int, int]) -> ET.Element:
        """``g`` with a ``<use>`` of the tile's drawing for each tile of ``span`` (first column,
        first row, end column, end row)."""
        first_col, first_row, last_col, last_row = span
        for row in range(first_row, last_row):
            for col in range(first_col, last_col):
                ET.SubElement(g, f"{ns}use", {"href": f"#{tile_id}", "x": f"{p.x + col * p.width:g}",
                                               "y": f"{p.y + row * p.height:g}"})
        return g


def round_as_curves(root: ET.Element) -> int:
    """Every ``circle`` and ``ellipse`` under ``root`` as a ``path`` of four cubic Béziers,
    its other attributes kept. Chromium's PDF writer draws a circle as conics that it cuts
    into some 26 short curves each at print scale (a wood of tree crowns, the leaves
    texture: a Battle of Tanks page of 1.3 MB of drawing operators); four curves are the
    same circle to a hundredth of a millimetre. Returns how many were redrawn."""
    count = 0
    for el in root.iter():
        tag = local(el.tag)
        d = _round(el) if tag in ("circle", "ellipse") else None
        if d is None:
            continue
        for name in ("cx", "cy", "r", "rx", "ry"):
            el.attrib.pop(name, None)
        el.tag = el.tag[: -len(tag)] + "path"
        el.set("d", d)
        count += 1
    return count
