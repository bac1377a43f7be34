"""SVG picture of a table: terrain, base plates, tanks with heading, sight lines
and the cover shadow of the last shot. Built with ElementTree (no dependency)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from rulesets.battle_of_tanks.render import feature_letter

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.game import BattleGame

SCALE = 5.0  # pixels per cm
FILL = {
    ("heavy", "tall"): "#8d6e63",
    ("heavy", "low"): "#a1887f",
    ("light", "tall"): "#558b2f",
    ("light", "low"): "#9ccc65",
}
SIDE_COLOUR = {"a": "#1565c0", "b": "#c62828"}


def _points(coords: Any, depth: float) -> str:
    return " ".join(f"{x * SCALE:.1f},{(depth - y) * SCALE:.1f}" for x, y in coords)


def _polygon_elements(parent: ET.Element, geom: Any, depth: float, **attrs: str) -> None:
    for part in shapely.get_parts(geom):
        if part.geom_type == "Polygon" and not part.is_empty:
            ET.SubElement(parent, "polygon", attrib={"points": _points(part.exterior.coords, depth), **attrs})


def render_svg(game: BattleGame) -> str:
    f = game.field
    w, d = f.width, f.depth
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{w * SCALE:.0f}",
                     height=f"{d * SCALE:.0f}", viewBox=f"0 0 {w * SCALE:.0f} {d * SCALE:.0f}")
    ET.SubElement(svg, "title").text = f"Battle of Tanks: {game.title or game.scenario}, round {game.round}"
    ET.SubElement(svg, "rect", x="0", y="0", width=f"{w * SCALE:.0f}", height=f"{d * SCALE:.0f}", fill="#f1ead2")
    grid = ET.SubElement(svg, "g", attrib={"class": "grid"})
    for x in range(10, int(w), 10):
        ET.SubElement(grid, "line", x1=f"{x * SCALE:.0f}", y1="0", x2=f"{x * SCALE:.0f}", y2=f"{d * SCALE:.0f}",
                      stroke="#000000", opacity="0.3" if x % 50 == 0 else "0.1")
    for y in range(10, int(d), 10):
        ET.SubElement(grid, "line", x1="0", y1=f"{(d - y) * SCALE:.0f}", x2=f"{w * SCALE:.0f}", y2=f"{(d - y) * SCALE:.0f}",
                      stroke="#000000", opacity="0.3" if y % 50 == 0 else "0.1")
    for side, plate in f.bases.items():
        _polygon_elements(svg, plate, d, fill=SIDE_COLOUR[side], opacity="0.15", stroke=SIDE_COLOUR[side])
        tower = f.table.bases["a" if side == "a" else "b"].tower
        if tower is not None:
            ET.SubElement(svg, "circle", cx=f"{tower[0] * SCALE:.1f}", cy=f"{(d - tower[1]) * SCALE:.1f}",
                          r=f"{2 * SCALE:.1f}", fill=SIDE_COLOUR[side])
    shot = game.last_shot
    if shot is not None:
        eye = (float(shot["from"][0]), float(shot["from"][1]))
        shadow = f.occluders.shadow(eye, clip=f.bounds)
        g = ET.SubElement(svg, "g", attrib={"class": "cover-shadow"})
        _polygon_elements(g, shadow, d, fill="#000000", opacity="0.18")
    for feat in f.features + f.wrecks:
        colour = "#616161" if feat.kind == "wreck" else FILL.get((feat.cover, feat.height), "#9e9e9e")
        el_group = ET.SubElement(svg, "g", attrib={"class": f"terrain {feat.kind}"})
        ET.SubElement(el_group, "title").text = f"{feat.name}: {feat.cover} cover, {feat.height}, {'passable' if feat.passable else 'impassable'}"
        _polygon_elements(el_group, feat.polygon, d, fill=colour, stroke="#333333", opacity="0.85")
    for i, feat in enumerate(f.features):
        p = feat.polygon.representative_point()
        label = ET.SubElement(svg, "text", x=f"{p.x * SCALE:.1f}", y=f"{(d - p.y) * SCALE:.1f}",
                              attrib={"class": "terrain-label", "font-size": "11", "text-anchor": "middle",
                                      "font-family": "sans-serif"})
        label.text = f"{feature_letter(i)} {feat.name}"
    # sight lines: every live tank to every enemy it may fire at
    lines = ET.SubElement(svg, "g", attrib={"class": "sight-lines"})
    for t in game.tanks:
        if not t.alive:
            continue
        for target, _ in game.targets(t):
            ET.SubElement(lines, "line", x1=f"{t.x * SCALE:.1f}", y1=f"{(d - t.y) * SCALE:.1f}",
                          x2=f"{target.x * SCALE:.1f}", y2=f"{(d - target.y) * SCALE:.1f}",
                          stroke=SIDE_COLOUR[t.side], opacity="0.35", attrib={"stroke-dasharray": "4 3"})
    if shot is not None:
        ET.SubElement(svg, "line", x1=f"{shot['from'][0] * SCALE:.1f}", y1=f"{(d - shot['from'][1]) * SCALE:.1f}",
                      x2=f"{shot['to'][0] * SCALE:.1f}", y2=f"{(d - shot['to'][1]) * SCALE:.1f}",
                      stroke="#ff6f00", attrib={"stroke-width": "3", "class": "last-shot"})
    for t in game.tanks:
        colour = SIDE_COLOUR[t.side] if t.alive else "#424242"
        g = ET.SubElement(svg, "g", attrib={"class": "tank"})
        ET.SubElement(g, "title").text = f"{t.label} ({t.card.name}) {t.hp}/{t.card.hit_points} HP"
        _polygon_elements(g, t.footprint(), d, fill=colour, stroke="#000000", opacity="0.9")
        # the gun shows the heading
        rad = np.radians(t.heading)
        gx, gy = t.x + np.cos(rad) * t.length * 0.8, t.y + np.sin(rad) * t.length * 0.8
        ET.SubElement(g, "line", x1=f"{t.x * SCALE:.1f}", y1=f"{(d - t.y) * SCALE:.1f}",
                      x2=f"{gx * SCALE:.1f}", y2=f"{(d - gy) * SCALE:.1f}", stroke="#000000",
                      attrib={"stroke-width": "3"})
        text = ET.SubElement(g, "text", x=f"{t.x * SCALE:.1f}", y=f"{(d - t.y) * SCALE - t.width * SCALE:.1f}",
                             attrib={"font-size": "12", "text-anchor": "middle", "font-family": "sans-serif"})
        text.text = t.label
    scale = ET.SubElement(svg, "g", attrib={"class": "scale"})
    x0, y0 = 2 * SCALE, (d - 2) * SCALE
    ET.SubElement(scale, "line", x1=f"{x0:.0f}", y1=f"{y0:.0f}", x2=f"{x0 + 20 * SCALE:.0f}", y2=f"{y0:.0f}",
                  stroke="#000000", attrib={"stroke-width": "3"})
    ET.SubElement(scale, "text", x=f"{x0 + 21 * SCALE:.0f}", y=f"{y0 + 4:.0f}",
                  attrib={"font-size": "12", "font-family": "sans-serif"}).text = "20 cm (grid 10 cm)"
    return ET.tostring(svg, encoding="unicode")
