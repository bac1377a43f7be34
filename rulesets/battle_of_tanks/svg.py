"""SVG picture of a table: terrain, base plates, tanks with heading, sight lines
and the cover shadow of the last shot. Built with ElementTree (no dependency).

A heading above the table says the scenario, the round and its phase, whose
activation it is and who decides what, or the result; a legend below it
names every symbol (:mod:`core.svgframe`). The table keeps its coordinates
(``SCALE`` pixels per cm, y growing down from the far edge): the browser
table draws on them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from core.svgframe import HeadingLine, LegendItem, frame
from rulesets.battle_of_tanks import marks
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
TABLE = "#f1ead2"
BANDS = "#fbf9f3"
"""The table's colour, and the heading's and legend's around it."""
WRECK_FILL = "#616161"
DESTROYED_FILL = "#424242"
LAST_SHOT = "#ff6f00"
SHADOW = {"fill": "#000000", "fill-opacity": "0.04", "stroke": "#5d4037", "stroke-opacity": "0.55",
          "stroke-width": "1.5", "stroke-dasharray": "6 4"}
"""The last shot's cover shadow: an outline, barely tinted, that hides nothing under it."""
PHASES = {"start": "set-up", "order": "order", "path": "movement", "fire": "fire",
          "window": "ambush reaction", "run": "execution", "over": "end"}
"""The words for the game's phases (BT-4.2: a chit, an order, its execution; BT-7.2: a reaction)."""


def _points(coords: Any, depth: float) -> str:
    return " ".join(f"{x * SCALE:.1f},{(depth - y) * SCALE:.1f}" for x, y in coords)


def _polygon_elements(parent: ET.Element, geom: Any, depth: float, **attrs: str) -> None:
    for part in shapely.get_parts(geom):
        if part.geom_type == "Polygon" and not part.is_empty:
            ET.SubElement(parent, "polygon", attrib={"points": _points(part.exterior.coords, depth), **attrs})


def render_svg(game: BattleGame) -> str:
    f = game.field
    w, d = f.width, f.depth
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    ET.SubElement(svg, "title").text = f"Battle of Tanks: {game.title or game.scenario}, round {game.round}"
    ET.SubElement(svg, "rect", x="0", y="0", width=f"{w * SCALE:.0f}", height=f"{d * SCALE:.0f}", fill=TABLE)
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
        # a light outline (issue 29.4): the shadow may cover half the table
        _polygon_elements(g, shadow, d, **SHADOW)
    for feat in f.features + f.wrecks:
        colour = WRECK_FILL if feat.kind == "wreck" else FILL.get((feat.cover, feat.height), "#9e9e9e")
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
                      stroke=LAST_SHOT, attrib={"stroke-width": "3", "class": "last-shot"})
    for t in game.tanks:
        colour = SIDE_COLOUR[t.side] if t.alive else DESTROYED_FILL
        spotted = t.key in game.spotted
        g = ET.SubElement(svg, "g", attrib={"class": marks.classes(t, spotted), "data-tank": t.key})
        said = marks.words(t, spotted)
        ET.SubElement(g, "title").text = f"{t.label} ({t.card.name}) {t.hp}/{t.card.hit_points} HP" + (
            f"; {said}" if said else "")
        _polygon_elements(g, t.footprint(), d, fill=colour, stroke="#000000", opacity="0.9")
        # the gun shows the heading
        rad = np.radians(t.heading)
        gx, gy = t.x + np.cos(rad) * t.length * 0.8, t.y + np.sin(rad) * t.length * 0.8
        ET.SubElement(g, "line", x1=f"{t.x * SCALE:.1f}", y1=f"{(d - t.y) * SCALE:.1f}",
                      x2=f"{gx * SCALE:.1f}", y2=f"{(d - gy) * SCALE:.1f}", stroke="#000000",
                      attrib={"stroke-width": "3"})
        corners = [(x * SCALE, (d - y) * SCALE) for x, y in list(t.footprint().exterior.coords)[:4]]
        marks.draw(g, t, spotted, (t.x * SCALE, (d - t.y) * SCALE), corners, t.length * SCALE / 2)
        text = ET.SubElement(g, "text", x=f"{t.x * SCALE:.1f}", y=f"{(d - t.y) * SCALE - t.width * SCALE:.1f}",
                             attrib={"font-size": "12", "text-anchor": "middle", "font-family": "sans-serif"})
        text.text = t.label
    scale = ET.SubElement(svg, "g", attrib={"class": "scale"})
    x0, y0 = 2 * SCALE, (d - 2) * SCALE
    ET.SubElement(scale, "line", x1=f"{x0:.0f}", y1=f"{y0:.0f}", x2=f"{x0 + 20 * SCALE:.0f}", y2=f"{y0:.0f}",
                  stroke="#000000", attrib={"stroke-width": "3"})
    ET.SubElement(scale, "text", x=f"{x0 + 21 * SCALE:.0f}", y=f"{y0 + 4:.0f}",
                  attrib={"font-size": "12", "font-family": "sans-serif"}).text = "20 cm (grid 10 cm)"
    frame(svg, width=max(w * SCALE, 480.0), top=0, bottom=d * SCALE, heading=heading(game),
          legend=legend(), background=BANDS)
    return ET.tostring(svg, encoding="unicode")


def heading(game: BattleGame) -> list[HeadingLine]:
    """The scenario; the round, its phase and the activated tank; who decides what
    (the game's own :meth:`decision`), or the result."""
    lines = [HeadingLine(f"Battle of Tanks: {game.title or game.scenario}")]
    outcome = game.outcome()
    if outcome is not None:
        lines.append(HeadingLine(f"round {game.round}: game over: {outcome.reason}"))
        return lines
    state = f"round {game.round}, {PHASES.get(game.phase, game.phase)} phase"
    tank = game.find(game.active) if game.active else None
    if tank is not None:
        state += f"; activated: {tank.label} (side {tank.side}" + (f", {tank.order})" if tank.order else ")")
    elif game.phase == "order" and game.chit_side is not None:
        state += f"; side {game.chit_side} drew the chit"
    lines.append(HeadingLine(f"{state}; chits in the bag: {len(game.bag)}"))
    lines.append(HeadingLine(f"side {game.players[game.to_move()]} to decide: {game.decision()}"))
    return lines


def legend() -> list[LegendItem]:
    """A sample and a meaning for every symbol of the picture."""
    def rect(fill: str, **more: str) -> ET.Element:
        return ET.Element("rect", attrib={"x": "1", "y": "3", "width": "14", "height": "10", "fill": fill,
                                          "stroke": "#333333", **more})

    def line(colour: str, **more: str) -> ET.Element:
        return ET.Element("line", attrib={"x1": "0", "y1": "8", "x2": "16", "y2": "8", "stroke": colour, **more})

    items = [
        LegendItem(f"side {side}'s tank, its label above", [rect(colour)]) for side, colour in SIDE_COLOUR.items()
    ]
    items += [
        LegendItem("gun: the heading", [rect(SIDE_COLOUR["a"]), line("#000000", **{"stroke-width": "3"})]),
        *marks.legend_items(SIDE_COLOUR["a"], DESTROYED_FILL),
        LegendItem("base plate and tower (BT-3.1)",
                   [rect(SIDE_COLOUR["a"], opacity="0.3"),
                    ET.Element("circle", cx="8", cy="8", r="4", fill=SIDE_COLOUR["a"])]),
    ]
    items += [LegendItem(f"{cover} cover, {height}", [rect(fill, opacity="0.85")])
              for (cover, height), fill in FILL.items()]
    items += [
        LegendItem("wreck: heavy, low, impassable (BT-3.4)", [rect(WRECK_FILL, opacity="0.85")]),
        LegendItem("tall blocks sight, low shows a turret over it (BT-3.2); a letter and name label each feature"),
        LegendItem("line of sight to a target in range",
                   [line(SIDE_COLOUR["a"], opacity="0.6", **{"stroke-dasharray": "4 3"})]),
        LegendItem("last shot", [line(LAST_SHOT, **{"stroke-width": "3"})]),
        LegendItem("cover shadow of the last shot",
                   [ET.Element("rect", x="1", y="1", width="14", height="14", attrib=SHADOW)]),
        LegendItem("grid: 10 cm", [line("#000000", opacity="0.3")]),
    ]
    return items
