"""The markers a tank carries on the table's picture, and their legend.

On the real table a tank that has its order for the round has the order's
chit beside it, a spotted tank a spot marker, and a destroyed one lies on its
side; the picture shows the same at a glance (issue 29.2):

* an order this round: a chit on the tank's engine deck in the order's colour
  (BT-5's table: MOVE yellow, FIRE red, ATTACK red and yellow, AMBUSH blue,
  RETREAT green, RECON violet);
* waiting in AMBUSH (BT-7.1): a dashed blue ring round the tank;
* spotted (BT-5.4, until the round's end): a violet diamond beside it;
* a damaged track (BT-6.5, until the end of the next round): amber slashes
  across both tracks;
* destroyed (BT-6.5) or a wreck (BT-3.4): burnt out and crossed.

This module gives their colours, classes and words; the picture
(:func:`rulesets.battle_of_tanks.svg.draw_marks`) draws them on the tank's
drawing. Each tank's ``<title>`` says the same in words (hover), and the
``g.tank`` carries them as classes (``ordered``, ``ambush``, ``spotted``,
``destroyed``) for the browser.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

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
"""The chit's largest radius in drawing units (1.2 cm of table at 5 units per cm)."""


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
    if t.alive and t.track_damaged:
        out.append("track damaged")
    if not t.alive:
        out.append("wreck" if t.wreck else "destroyed")
    return ", ".join(out)


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
