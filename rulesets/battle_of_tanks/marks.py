"""The markers a tank carries on the table's picture, and their legend.

On the real table a tank that has its order for the round has the order's
chit beside it, a spotted tank a spot marker, and a destroyed one lies on its
side; the picture shows the same at a glance (issue 29.2):

* an order this round: a chit at the tank's centre in the order's colour
  (BT-5's table: MOVE yellow, FIRE red, ATTACK red and yellow, AMBUSH blue,
  RETREAT green, RECON violet);
* waiting in AMBUSH (BT-7.1): a dashed blue ring round the tank;
* spotted (BT-5.4, until the round's end): a violet diamond beside it;
* destroyed (BT-6.5) or a wreck (BT-3.4): a white cross over the footprint.

Each tank's ``<title>`` says the same in words (hover), and the ``g.tank``
carries them as classes (``ordered``, ``ambush``, ``spotted``, ``destroyed``)
for the browser.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from core.svgframe import LegendItem

if TYPE_CHECKING:
    from rulesets.battle_of_tanks.state import Tank

ORDER_COLOURS: dict[str, tuple[str, ...]] = {
    "MOVE": ("#fdd835",),
    "FIRE": ("#e53935",),
    "ATTACK": ("#e53935", "#fdd835"),
    "AMBUSH": ("#1e88e5",),
    "RETREAT": ("#43a047",),
    "RECON": ("#8e24aa",),
}
"""The order chits' colours, as BT-5's table gives them (ATTACK: red and yellow)."""
AMBUSH_RING = "#1e88e5"
SPOT = "#8e24aa"
CHIT_R = 6.0
"""The chit's radius in drawing units (1.2 cm of table at 5 units per cm)."""


def classes(t: Tank, spotted: bool) -> str:
    """The ``g.tank``'s classes: what the browser may style or look for."""
    words = ["tank"]
    if t.order is not None and t.alive:
        words.append("ordered")
    if t.ambush:
        words.append("ambush")
    if spotted:
        words.append("spotted")
    if not t.alive:
        words.append("destroyed")
    return " ".join(words)


def words(t: Tank, spotted: bool) -> str:
    """The markers in words, for the tank's ``<title>`` (``""`` when it has none)."""
    out = []
    if t.order is not None and t.alive:
        out.append(f"order {t.order}")
    if t.ambush:
        out.append("waiting in AMBUSH")
    if spotted:
        out.append("spotted")
    if not t.alive:
        out.append("wreck" if t.wreck else "destroyed")
    return ", ".join(out)


def draw(g: ET.Element, t: Tank, spotted: bool, centre: tuple[float, float], corners: list[tuple[float, float]],
         reach: float) -> None:
    """Draw ``t``'s markers into its group ``g``: ``centre`` and the footprint's
    ``corners`` are drawing coordinates, ``reach`` half its length in drawing units."""
    cx, cy = centre
    if not t.alive and len(corners) >= 4:
        for a, b in ((corners[0], corners[2]), (corners[1], corners[3])):
            ET.SubElement(g, "line", attrib={"x1": f"{a[0]:.1f}", "y1": f"{a[1]:.1f}", "x2": f"{b[0]:.1f}",
                                             "y2": f"{b[1]:.1f}", "stroke": "#ffffff", "stroke-width": "3",
                                             "class": "mark-destroyed"})
        return
    if t.ambush:
        ET.SubElement(g, "circle", attrib={"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": f"{reach + 5:.1f}",
                                           "fill": "none", "stroke": AMBUSH_RING, "stroke-width": "3",
                                           "stroke-dasharray": "6 4", "class": "mark-ambush"})
    if spotted:
        x, y, r = cx + reach * 0.6 + 4, cy + reach * 0.6 + 4, 6
        ET.SubElement(g, "polygon", attrib={"points": f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} "
                                                      f"{x - r:.1f},{y:.1f}",
                                            "fill": SPOT, "stroke": "#ffffff", "stroke-width": "1.5",
                                            "class": "mark-spotted"})
    if t.order is not None:
        chit(g, t.order, cx, cy, CHIT_R)


def chit(parent: ET.Element, order: str, cx: float, cy: float, r: float) -> None:
    """An order chit: a disc in the order's colour (two halves for ATTACK)."""
    colours = ORDER_COLOURS.get(order, ("#ffffff",))
    group = ET.SubElement(parent, "g", attrib={"class": f"mark-order order-{order.lower()}"})
    if len(colours) == 1:
        ET.SubElement(group, "circle", attrib={"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": f"{r:.1f}",
                                               "fill": colours[0], "stroke": "#000000", "stroke-width": "1.5"})
        return
    top = f"M {cx - r:.1f},{cy:.1f} A {r:.1f},{r:.1f} 0 0 1 {cx + r:.1f},{cy:.1f} Z"
    bottom = f"M {cx - r:.1f},{cy:.1f} A {r:.1f},{r:.1f} 0 0 0 {cx + r:.1f},{cy:.1f} Z"
    ET.SubElement(group, "path", attrib={"d": top, "fill": colours[0]})
    ET.SubElement(group, "path", attrib={"d": bottom, "fill": colours[1]})
    ET.SubElement(group, "circle", attrib={"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": f"{r:.1f}", "fill": "none",
                                           "stroke": "#000000", "stroke-width": "1.5"})


def legend_items(tank_fill: str, destroyed_fill: str) -> list[LegendItem]:
    """The markers' legend entries (samples in the legend's 16-unit square)."""
    def body(fill: str) -> ET.Element:
        return ET.Element("rect", attrib={"x": "1", "y": "3", "width": "14", "height": "10", "fill": fill,
                                          "stroke": "#333333"})

    order_sample = ET.Element("g")
    for i, order in enumerate(ORDER_COLOURS):
        chit(order_sample, order, 3 + (i % 3) * 5, 5 + (i // 3) * 6, 2.4)
    ambush = ET.Element("circle", attrib={"cx": "8", "cy": "8", "r": "7", "fill": "none", "stroke": AMBUSH_RING,
                                          "stroke-width": "2", "stroke-dasharray": "3 2"})
    spot = ET.Element("polygon", attrib={"points": "8,2 14,8 8,14 2,8", "fill": SPOT, "stroke": "#ffffff"})
    cross = [ET.Element("line", attrib={"x1": x1, "y1": "3", "x2": x2, "y2": "13", "stroke": "#ffffff",
                                        "stroke-width": "2"}) for x1, x2 in (("1", "15"), ("15", "1"))]
    return [
        LegendItem("order this round, its chit's colour (BT-5): yellow MOVE, red FIRE, red and yellow ATTACK, "
                   "blue AMBUSH, green RETREAT, violet RECON", [order_sample]),
        LegendItem("waiting in AMBUSH (BT-7.1)", [body(tank_fill), ambush]),
        LegendItem("spotted until the round's end (BT-5.4)", [body(tank_fill), spot]),
        LegendItem("destroyed tank, crossed (BT-6.5)", [body(destroyed_fill), *cross]),
    ]
