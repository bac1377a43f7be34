"""SVG pictures of hex boards (standard library ElementTree only).

One function draws the board -- terrain drawn as terrain from its data
(:func:`look`, :mod:`core.art.terrain`: crowns for woods, waves for water,
shading and contours for high ground), elevation, hexside
features, roads and railways, smoke and fortifications, hex labels -- and
optional overlays: a sight line (coloured by its verdict), a path, or a set
of reachable hexes with their MP cost. Rulesets reuse it for their boards.

A picture read on its own (a file, a print) must say what its terrain does:
a legend under the board (:mod:`core.svgframe`, issue 60.4) draws each kind
of terrain, hexside, path, fortification and marker on the map -- only those
-- with the same art as on the board, its name, its rule ID and what the
chart's data says it does (:func:`terrain_legend`).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from core.art.terrain import Terrain, hex_corners, hex_forest, hex_relief, points, seed, shade
from core.grid.hexboard import HexBoard
from core.grid.hexmap import Fortification, HexsideFeature, PathFeature, TerrainType
from core.grid.los import Blocker
from core.svgframe import SWATCH, HeadingLine, LegendItem, frame

__all__ = ["board_svg", "describe_feature", "describe_fortification", "describe_path", "describe_terrain",
           "hex_center", "look", "terrain_legend"]

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
    legend: bool = True,
) -> str:
    """The board as an SVG document, with optional overlays; ``blocked`` outlines in
    red what blocks a line of sight (a hex, or the hexside between two hexes).

    ``title`` is the heading above the board and, with ``legend``, what the map's
    terrain does is drawn below it (:func:`terrain_legend`), never over it: the
    bands of :func:`core.svgframe.frame` (``g.caption`` and ``g.legend``, which the
    browser table moves beside the board or drops). ``legend=False`` draws the
    board alone, for a picture that explains its terrain elsewhere."""
    centres = [hex_center(board, c) for c in range(board.size)]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    pad = R * 1.5
    minx, miny = min(xs) - pad, min(ys) - pad
    width, bottom = max(xs) - minx + pad, max(ys) + pad
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "font-family": "sans-serif"})
    art = Terrain()
    svg.append(art.defs)
    # the board from x = 0, where the frame's bands start; y keeps the hexes' own
    shift = f"translate({_fmt(-minx)} 0)"
    cells = ET.SubElement(svg, "g", {"id": "hexes", "transform": shift})
    for c, (x, y) in enumerate(centres):
        terr = board.terrain[c]
        pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in _corners(board, x, y))
        poly = _ground(cells, art, terr, pts, x, y, R, seed(board.label(c)))
        ET.SubElement(poly, "title").text = f"{board.label(c)} {terr.name}"
        if reach is not None and c in reach:
            ET.SubElement(cells, "polygon", {"points": pts, "fill": "#3b6fd6", "fill-opacity": "0.35"})
        label = ET.SubElement(cells, "text", {"x": _fmt(x), "y": _fmt(y - R * 0.45), "font-size": "7",
                                              "text-anchor": "middle", "fill": "#333"})
        label.text = board.label(c)
        if not board.flat:
            el = ET.SubElement(cells, "text", {"x": _fmt(x + R * 0.45), "y": _fmt(y + R * 0.55),
                                               "font-size": "7", "text-anchor": "middle", "fill": "#5b3a1a"})
            el.text = f"^{board.elevation[c]}"
    feats = ET.SubElement(svg, "g", {"id": "features", "transform": shift})
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
    over = ET.SubElement(svg, "g", {"id": "overlay", "transform": shift})
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
    frame(svg, width=width, top=miny, bottom=bottom, heading=[HeadingLine(title)] if title else [],
          legend=terrain_legend(board, art) if legend else [])
    return ET.tostring(svg, encoding="unicode")


def _ground(parent: ET.Element, art: Terrain, terr: TerrainType, pts: str, x: float, y: float, r: float,
            key: int) -> ET.Element:
    """One hex of ``terr`` (its corners ``pts``, centre and radius): its ground textured
    or shaded as :func:`look` says, and a wood's crowns or a hill's contours on it.
    The board and its legend both draw with it, so a swatch is the hex it explains."""
    kind_look = look(terr)
    if kind_look == "high":
        fill = art.gradient("relief", terr.colour)
    elif kind_look in ("forest", "orchard"):
        fill = shade(terr.colour, -0.08)
    else:
        fill = art.fill(kind_look, terr.colour)
    poly = ET.SubElement(parent, "polygon", {"points": pts, "fill": fill, "stroke": "#777", "stroke-width": "0.8",
                                             "data-look": kind_look})
    if kind_look in ("forest", "orchard"):
        hex_forest(parent, x, y, r, key, shade(terr.colour, -0.25),
                   count=7 if kind_look == "forest" else 5)  # the label's corner left clear
    elif kind_look == "high":
        hex_relief(parent, x, y, r, terr.colour)
    return poly


def _named(name: str, rule: str | None) -> str:
    return f"{name} ({rule})" if rule else name


def _sight(los: str, hindrance: int) -> str:
    return {"clear": "sight clear", "hindrance": f"hinders sight ({hindrance})"}.get(los, "blocks sight")


def describe_terrain(t: TerrainType) -> str:
    """What a terrain type does, from the chart's data: ``Woods (HTC-T99): 2 MP to
    enter; cover 2; blocks sight, 1 hex behind it hidden from above; mortar and
    artillery +2``."""
    parts = ["impassable" if t.cost == "impassable" else f"{t.cost} MP to enter",
             "no unit may be in it" if t.cover is None else f"cover {t.cover}", _sight(t.los, t.hindrance)]
    if t.los == "obstacle" and t.blind_hexes:
        parts[-1] += f", {t.blind_hexes} hex{'es' if t.blind_hexes > 1 else ''} behind it hidden from above"
    if not t.weapons_may_fire:
        parts.append("no weapon may fire from it")
    if t.air_burst:
        parts.append(f"mortar and artillery {t.air_burst:+d}")
    if t.water:
        parts.append("water: no smoke or fortification")
    return f"{_named(t.name, t.rule)}: " + "; ".join(parts)


def describe_feature(f: HexsideFeature) -> str:
    """What a hexside feature does: ``Wall (HTC-T97), on a hexside: +1 MP to cross; ...``."""
    parts = ["impassable" if f.impassable else f"+{f.cross_cost} MP to cross", _sight(f.los, f.hindrance)]
    if f.cover is not None:
        parts.append(f"cover {f.cover} against an attack across it"
                     + ("" if f.cover_vs_indirect else " (not mortar or artillery)"))
    return f"{_named(f.name, f.rule)}, on a hexside: " + "; ".join(parts)


def describe_path(p: PathFeature) -> str:
    """What a road, railway or trail does: ``Road (HTC-T93): 1 MP along it; +1 MP ...``."""
    parts = [f"{p.along_cost} MP along it"]
    if p.movement_bonus:
        parts.append(f"+{p.movement_bonus} MP once on it")
    if p.cover_modifier:
        parts.append(f"cover {p.cover_modifier:+d}")
    parts.append(_sight(p.los, p.hindrance) + ("; sight along it clear" if p.los_along == "clear" else ""))
    return f"{_named(p.name, p.rule)}: " + "; ".join(parts)


def describe_fortification(f: Fortification) -> str:
    """What a fortification does: ``Trench (HTC-F105): cover 4, 5 against mortar and artillery``."""
    parts = []
    if f.cover is not None:
        parts.append(f"cover {f.cover}" + (f", {f.cover_indirect} against mortar and artillery"
                                           if f.cover_indirect is not None else ""))
    if f.firepower is not None:
        parts.append(f"attacks each unit entering or leaving with firepower {f.firepower}")
    if f.links and f.link_cost is not None:
        parts.append(f"{f.link_cost} MP to a linked {' or '.join(f.links)}")
    return f"{_named(f.name, f.rule)}: " + ("; ".join(parts) or "a fortification")


def terrain_legend(board: HexBoard, art: Terrain | None = None) -> list[LegendItem]:
    """One legend entry for each kind of terrain on ``board`` (only those), in the
    chart's order: a swatch drawn as on the board (``art``: the picture's own
    textures, so none is defined twice) and what the chart's data says it does;
    then the hexside and path features, fortifications, smoke and elevation met
    on it."""
    art = art or Terrain("tt-key-")
    half = SWATCH / 2
    items: list[LegendItem] = []
    present = set(board.terrain_ids)
    for tid, terr in board.catalogue.terrain.items():
        if tid in present:
            sample = ET.Element("g", {"class": "terrain-sample", "data-terrain": tid})
            pts = points(hex_corners(half, half, half + 0.5, board.pointy))
            _ground(sample, art, terr, pts, half, half, half + 0.5, seed("key", tid))
            items.append(LegendItem(describe_terrain(terr), [sample], _named(terr.name, terr.rule)))
    sides = {fid for ids in board.side_ids.values() for fid in ids}
    for fid, feat in board.catalogue.hexsides.items():
        if fid in sides:
            line = ET.Element("line", {"x1": "2", "y1": "14", "x2": "14", "y2": "2", "stroke": feat.colour,
                                       "stroke-width": "4", "stroke-linecap": "round", "data-feature": fid})
            items.append(LegendItem(describe_feature(feat), [line], _named(feat.name, feat.rule)))
    paths = {fid for fid, _ in board.path_chains}
    for fid, path in board.catalogue.paths.items():
        if fid in paths:
            attrs = {"points": "0,12 8,6 16,8", "fill": "none", "stroke": path.colour, "stroke-width": "3",
                     "stroke-linecap": "round", "data-feature": fid}
            if path.los == "hindrance":
                attrs["stroke-dasharray"] = "6,3"
            items.append(LegendItem(describe_path(path), [ET.Element("polyline", attrs)], _named(path.name, path.rule)))
    forts = {fid for fid in board.fort_ids if fid is not None}
    for fid, fort in board.catalogue.fortifications.items():
        if fid in forts:
            items.append(LegendItem(f"{describe_fortification(fort)} (its name is written in its hex)",
                                    brief=_named(fort.name, fort.rule)))
    if any(board.smoke):
        smoke = board.catalogue.markers.get("smoke")
        name = _named("smoke", smoke.rule if smoke is not None else None)
        disc = ET.Element("circle", {"cx": "8", "cy": "8", "r": "7", "fill": "#999", "fill-opacity": "0.6"})
        items.append(LegendItem(f"S and a number: {name}, hinders sight by that number into, out of and "
                                "through its hex", [disc], f"S and a number: {name}"))
    if not board.flat:
        climb = board.catalogue.uphill_cost
        items.append(LegendItem("^ and a number: the hex's elevation level"
                                + (f" (+{climb} MP a level climbed)" if climb else "")))
    return items
