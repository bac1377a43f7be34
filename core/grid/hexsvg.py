"""SVG pictures of hex boards (standard library ElementTree only).

One function draws the board -- terrain drawn as terrain from its data
(:func:`look`, :mod:`core.art.terrain`: crowns for woods, waves for water,
shading and contours for high ground), elevation, hexside
features, roads and railways, smoke and fortifications, hex labels -- and
optional overlays: a sight line (coloured by its verdict), a path, or a set
of reachable hexes with their MP cost. Rulesets reuse it for their boards.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from core.art.terrain import Terrain, hex_forest, hex_relief, seed, shade
from core.grid.hexboard import HexBoard
from core.grid.hexmap import TerrainType
from core.grid.los import Blocker

__all__ = ["board_svg", "hex_center", "look"]

R = 24.0
"""Hex radius (centre to corner) in SVG units."""

_STATUS_COLOUR = {"clear": "#1b8a2f", "hindered": "#d08a00", "blocked": "#c0262d"}


def look(terrain: TerrainType) -> str:
    """How a terrain type is drawn (:mod:`core.art.terrain`), read from its data:
    water as water; a name that says high ground, swamp or snow as such; a type
    that blocks sight as a forest and one that hinders it as an orchard; else
    open ground."""
    name = terrain.name.lower()
    if terrain.water:
        return "water"
    for words, found in ((("high", "hill", "ridge"), "high"), (("swamp", "marsh"), "swamp"),
                         (("drift",), "drift")):
        if any(w in name for w in words):
            return found
    if terrain.los == "obstacle":
        return "forest"
    if terrain.los == "hindrance":
        return "orchard"
    return "snow" if "snow" in name else "grass"


def hex_center(board: HexBoard, c: int) -> tuple[float, float]:
    h = board.hexes[c]
    if board.pointy:
        return R * math.sqrt(3) * (h.q + h.r / 2), R * 1.5 * h.r
    return R * 1.5 * h.q, R * math.sqrt(3) * (h.r + h.q / 2)


def _corners(board: HexBoard, x: float, y: float) -> list[tuple[float, float]]:
    start = 30 if board.pointy else 0
    return [(x + R * math.cos(math.radians(start + 60 * i)), y + R * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def _side_segment(board: HexBoard, c: int, o: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of the hexside between neighbours ``c`` and ``o``."""
    x, y = hex_center(board, c)
    ox, oy = hex_center(board, o)
    ang = math.atan2(oy - y, ox - x)
    pts = []
    for delta in (-math.pi / 6, math.pi / 6):
        a = ang + delta
        pts.append((x + R * math.cos(a), y + R * math.sin(a)))
    return pts[0], pts[1]


def _fmt(v: float) -> str:
    return f"{v:.1f}"


def board_svg(
    board: HexBoard,
    *,
    sight: Sequence[int] | None = None,
    sight_status: str = "clear",
    path: Sequence[int] | None = None,
    reach: Mapping[int, int] | None = None,
    marks: Mapping[int, str] | None = None,
    title: str | None = None,
    blocked: Blocker | None = None,
) -> str:
    """The board as an SVG document, with optional overlays; ``blocked`` outlines in
    red what blocks a line of sight (a hex, or the hexside between two hexes)."""
    centres = [hex_center(board, c) for c in range(board.size)]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    pad = R * 1.5
    minx, miny = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - minx + pad, max(ys) - miny + pad + (20 if title else 0)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"{_fmt(minx)} {_fmt(miny - (20 if title else 0))} {_fmt(width)} {_fmt(height)}",
        "width": _fmt(width), "height": _fmt(height), "font-family": "sans-serif",
    })
    if title:
        t = ET.SubElement(svg, "text", {"x": _fmt(minx + 6), "y": _fmt(miny - 4), "font-size": "13"})
        t.text = title
    art = Terrain()
    svg.append(art.defs)
    cells = ET.SubElement(svg, "g", {"id": "hexes"})
    for c, (x, y) in enumerate(centres):
        terr = board.terrain[c]
        pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in _corners(board, x, y))
        kind_look = look(terr)
        if kind_look == "high":
            fill = art.gradient("relief", terr.colour)
        elif kind_look in ("forest", "orchard"):
            fill = shade(terr.colour, -0.08)
        else:
            fill = art.fill(kind_look, terr.colour)
        poly = ET.SubElement(cells, "polygon", {"points": pts, "fill": fill, "stroke": "#777", "stroke-width": "0.8",
                                                "data-look": kind_look})
        ET.SubElement(poly, "title").text = f"{board.label(c)} {terr.name}"
        if kind_look in ("forest", "orchard"):
            hex_forest(cells, x, y, R, seed(board.label(c)), shade(terr.colour, -0.25),
                       count=7 if kind_look == "forest" else 5)  # the label's corner left clear
        elif kind_look == "high":
            hex_relief(cells, x, y, R, terr.colour)
        if reach is not None and c in reach:
            ET.SubElement(cells, "polygon", {"points": pts, "fill": "#3b6fd6", "fill-opacity": "0.35"})
        label = ET.SubElement(cells, "text", {"x": _fmt(x), "y": _fmt(y - R * 0.45), "font-size": "7",
                                              "text-anchor": "middle", "fill": "#333"})
        label.text = board.label(c)
        if not board.flat:
            el = ET.SubElement(cells, "text", {"x": _fmt(x + R * 0.45), "y": _fmt(y + R * 0.55),
                                               "font-size": "7", "text-anchor": "middle", "fill": "#5b3a1a"})
            el.text = f"^{board.elevation[c]}"
    feats = ET.SubElement(svg, "g", {"id": "features"})
    for fid, chain in board.path_chains:
        feat = board.catalogue.paths[fid]
        pts = " ".join(f"{_fmt(centres[c][0])},{_fmt(centres[c][1])}" for c in chain)
        attrs = {"points": pts, "fill": "none", "stroke": feat.colour, "stroke-width": "3",
                 "stroke-linecap": "round"}
        if feat.los == "hindrance":
            attrs["stroke-dasharray"] = "6,3"
        ET.SubElement(feats, "polyline", attrs)
    for k, fs in enumerate(board.sides):
        c, d = divmod(k, 6)
        o = board.nb[k]
        if not fs or o < c:
            continue
        (x1, y1), (x2, y2) = _side_segment(board, c, o)
        ET.SubElement(feats, "line", {"x1": _fmt(x1), "y1": _fmt(y1), "x2": _fmt(x2), "y2": _fmt(y2),
                                      "stroke": fs[0].colour, "stroke-width": "4",
                                      "stroke-linecap": "round"})
    for c in range(board.size):
        x, y = centres[c]
        if board.smoke[c]:
            ET.SubElement(feats, "circle", {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(R * 0.5),
                                            "fill": "#999", "fill-opacity": "0.6"})
            s = ET.SubElement(feats, "text", {"x": _fmt(x), "y": _fmt(y + 3), "font-size": "9",
                                              "text-anchor": "middle"})
            s.text = f"S{board.smoke[c]}"
        fort = board.fort[c]
        if fort is not None:
            f = ET.SubElement(feats, "text", {"x": _fmt(x), "y": _fmt(y + R * 0.7), "font-size": "7",
                                              "text-anchor": "middle", "font-weight": "bold"})
            f.text = fort.name
        if reach is not None and c in reach:
            m = ET.SubElement(feats, "text", {"x": _fmt(x), "y": _fmt(y + 3), "font-size": "9",
                                              "text-anchor": "middle", "fill": "#102a6b"})
            m.text = str(reach[c])
    over = ET.SubElement(svg, "g", {"id": "overlay"})
    if path:
        pts = " ".join(f"{_fmt(centres[c][0])},{_fmt(centres[c][1])}" for c in path)
        ET.SubElement(over, "polyline", {"points": pts, "fill": "none", "stroke": "#3b6fd6",
                                         "stroke-width": "3", "stroke-opacity": "0.9"})
    if sight:
        on = [c for c in sight if c >= 0]
        colour = _STATUS_COLOUR.get(sight_status, "#000")
        for c in on:
            x, y = centres[c]
            ET.SubElement(over, "circle", {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(R * 0.22),
                                           "fill": colour, "fill-opacity": "0.6"})
        (x1, y1), (x2, y2) = centres[on[0]], centres[on[-1]]
        ET.SubElement(over, "line", {"x1": _fmt(x1), "y1": _fmt(y1), "x2": _fmt(x2), "y2": _fmt(y2),
                                     "stroke": colour, "stroke-width": "2"})
    if blocked is not None:
        if blocked.kind == "hexside" and len(blocked.cells) == 2:
            (x1, y1), (x2, y2) = _side_segment(board, blocked.cells[0], blocked.cells[1])
            ET.SubElement(over, "line", {"id": "blocker", "x1": _fmt(x1), "y1": _fmt(y1), "x2": _fmt(x2),
                                         "y2": _fmt(y2), "stroke": "#d01c1c", "stroke-width": "5"})
        else:
            for c in blocked.cells:
                if 0 <= c < board.size:
                    x, y = centres[c]
                    pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in _corners(board, x, y))
                    ET.SubElement(over, "polygon", {"id": "blocker", "points": pts, "fill": "none",
                                                    "stroke": "#d01c1c", "stroke-width": "3"})
    for c, text in (marks or {}).items():
        x, y = centres[c]
        m = ET.SubElement(over, "text", {"x": _fmt(x), "y": _fmt(y + 4), "font-size": "11",
                                         "text-anchor": "middle", "font-weight": "bold"})
        m.text = text
    return ET.tostring(svg, encoding="unicode")
