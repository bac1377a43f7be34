"""SVG picture of a Duel of the Giants position, from one player's view.

Built with the standard library's ElementTree: pointy-top hexes (even rows
shifted east, DG-3.4), terrain colours, front elements as a thick red rim,
tanks with a hull wedge and a turret line, markers as labelled squares, the
VP bar underneath. Like the text board it draws only from ``view()``.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from rulesets.duel_of_the_giants.board import FACINGS, LETTERS, parse_hex
from rulesets.duel_of_the_giants.render import ATG_CODE

SIZE = 30.0
W = math.sqrt(3) * SIZE
COLOURS = {
    "steppe": "#e8dca0", "forest": "#5f8f4a", "high_ground": "#b58b5a", "swamp": "#7fa6a0",
    "snow_steppe": "#f4f6fa", "snow_forest": "#9bb59a", "snow_high_ground": "#cdbfae", "snowdrift": "#ffffff",
}
ANGLE = {d: -60 + 60 * i for i, d in enumerate(FACINGS)}
"""Screen angle (degrees, clockwise from east) of each facing."""


def centre(c: int, r: int) -> tuple[float, float]:
    x = W * (c - 1) + (W / 2 if r % 2 == 0 else 0) + W / 2 + 10
    y = 1.5 * SIZE * (r - 1) + SIZE + 40
    return x, y


def _hexagon(x: float, y: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


def _ray(x: float, y: float, facing: str, length: float) -> tuple[float, float]:
    a = math.radians(ANGLE[facing])
    return x + length * math.cos(a), y + length * math.sin(a)


def render_svg(v: dict[str, Any]) -> str:
    cols, rows = v["columns"], v["rows"]
    width = W * cols + W / 2 + 20
    height = 1.5 * SIZE * rows + SIZE + 110
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{width:.0f}", height=f"{height:.0f}",
                     viewBox=f"0 0 {width:.0f} {height:.0f}")
    who = f"seen by {v['viewer']}" if v["viewer"] else "full view"
    text = f"Duel of the Giants - {v['title'] or v['scenario']}, round {v['round']} ({who})"
    # a bold sans glyph is about 0.62 em wide: shrink a long title to fit the board
    size = min(16.0, (width - 20) / (0.62 * len(text)))
    title = ET.SubElement(svg, "text", x="10", y="22", style=f"font: bold {size:.1f}px sans-serif")
    title.text = text
    letter_to_kind = {t["letter"]: k for k, t in v["terrain_types"].items() if t["season"] == v["season"]}
    front = set(v["front"])
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            x, y = centre(c, r)
            kind = letter_to_kind.get(v["terrain"][r - 1][c - 1], "steppe")
            at = f"{LETTERS[c - 1]}{r}"
            ET.SubElement(svg, "polygon", points=_hexagon(x, y), fill=COLOURS.get(kind, "#ddd"),
                          stroke="#c0392b" if at in front else "#777",
                          attrib={"stroke-width": "3" if at in front else "1"})
            lab = ET.SubElement(svg, "text", x=f"{x - 8:.1f}", y=f"{y - SIZE * 0.55:.1f}",
                                style="font: 8px sans-serif; fill: #555")
            lab.text = at
    for m in v["mines"]:
        x, y = centre(*parse_hex(m["at"]))
        ET.SubElement(svg, "circle", cx=f"{x + 12:.1f}", cy=f"{y + 12:.1f}", r="5",
                      fill="#333" if m["real"] else "#999" if m["real"] is False else "#666")
    for m in v["markers"]:
        x, y = centre(*parse_hex(m["at"]))
        ET.SubElement(svg, "rect", x=f"{x - 9:.1f}", y=f"{y - 9:.1f}", width="18", height="18", fill="#b03a2e",
                      stroke="#000")
        t = ET.SubElement(svg, "text", x=f"{x - 4:.1f}", y=f"{y + 4:.1f}", style="font: bold 10px sans-serif; fill: #fff")
        w = m.get("wheel")
        t.text = "?" if w is None else ("W" if w else "b")
    for a in v["atgs"]:
        x, y = centre(*parse_hex(a["at"]))
        ET.SubElement(svg, "rect", x=f"{x - 16:.1f}", y=f"{y - 4:.1f}", width="14", height="14",
                      fill="#7f8c8d" if a["face_up"] else "#95a5a6", stroke="#000")
        ex, ey = _ray(x - 9, y + 3, a["facing"], 14)
        ET.SubElement(svg, "line", x1=f"{x - 9:.1f}", y1=f"{y + 3:.1f}", x2=f"{ex:.1f}", y2=f"{ey:.1f}",
                      stroke="#000", attrib={"stroke-width": "2"})
        t = ET.SubElement(svg, "text", x=f"{x - 14:.1f}", y=f"{y + 7:.1f}", style="font: 8px sans-serif")
        t.text = ATG_CODE[a["kind"]] + ("t" if a["tire"] else "")
    s = v["stuka"]
    if s is not None:
        x, y = centre(*parse_hex(s["airfield"]))
        ET.SubElement(svg, "rect", x=f"{x - 14:.1f}", y=f"{y + 8:.1f}", width="28", height="8", fill="#2c3e50")
        if s["state"] in ("ground", "landed", "flying"):
            sx, sy = centre(*parse_hex(s["at"]))
            ex, ey = _ray(sx, sy, s["facing"], 16)
            ET.SubElement(svg, "line", x1=f"{sx:.1f}", y1=f"{sy:.1f}", x2=f"{ex:.1f}", y2=f"{ey:.1f}",
                          stroke="#1f618d", attrib={"stroke-width": "5"})
    for t in v["tanks"]:
        x, y = centre(*parse_hex(t["at"]))
        colour = "#34495e" if t["kind"] == "tiger" else "#27ae60"
        if t["destroyed"]:
            colour = "#000"
        ET.SubElement(svg, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r="11", fill=colour, stroke="#000")
        hx, hy = _ray(x, y, t["hull"], 14)
        ET.SubElement(svg, "circle", cx=f"{hx:.1f}", cy=f"{hy:.1f}", r="3", fill=colour)
        tx, ty = _ray(x, y, t["turret"], 22)
        ET.SubElement(svg, "line", x1=f"{x:.1f}", y1=f"{y:.1f}", x2=f"{tx:.1f}", y2=f"{ty:.1f}",
                      stroke="#111", attrib={"stroke-width": "3"})
        label = ET.SubElement(svg, "text", x=f"{x - 6:.1f}", y=f"{y + 4:.1f}", style="font: bold 9px sans-serif; fill: #fff")
        label.text = f"T{t['number']}" if t["kind"] == "tiger" else str(t["number"])
    bar_y = 1.5 * SIZE * rows + SIZE + 55
    n = v["vp"]["bar_length"]
    cell = min(16.0, (width - 40) / (2 * n + 1))
    pos = max(-n, min(n, v["vp"]["net"]))
    for i in range(2 * n + 1):
        ET.SubElement(svg, "rect", x=f"{20 + i * cell:.1f}", y=f"{bar_y:.1f}", width=f"{cell:.1f}", height="12",
                      fill="#c0392b" if i == n - pos else "#eee", stroke="#999")
    txt = ET.SubElement(svg, "text", x="20", y=f"{bar_y + 30:.1f}", style="font: 12px sans-serif")
    txt.text = v["vp"]["bar"]
    return ET.tostring(svg, encoding="unicode")
