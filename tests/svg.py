"""Reading the SVG pictures in tests: the namespace and the one group of a class."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
"""The SVG namespace as ElementTree writes tag names (``f"{NS}text"``)."""


def group(root: ET.Element, cls: str) -> ET.Element:
    """The one ``<g class=cls>`` of a picture (the caption, the legend)."""
    found = [g for g in root.iter(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, cls
    return found[0]


def picture(text: str) -> ET.Element:
    """A picture parsed with each ``<use href="#ID">`` replaced by a copy of the drawing
    it shows (what the element with that id in the picture's ``<defs>`` holds): a
    piece's drawing read as the browser shows it, wherever the picture keeps it."""
    root = ET.fromstring(text)
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    for parent in list(root.iter()):
        children = list(parent)
        if not any(child.tag == f"{NS}use" for child in children):
            continue
        for child in children:
            parent.remove(child)
        for child in children:
            if child.tag != f"{NS}use":
                parent.append(child)
                continue
            ref = (child.get("href") or "").removeprefix("#")
            assert ref in by_id, f"<use> of a missing drawing #{ref}"
            for drawn in by_id[ref]:  # the drawing, without the <g id> that holds it in the defs
                parent.append(ET.fromstring(ET.tostring(drawn)))
    return root


def pieces(root: ET.Element) -> dict[str, ET.Element]:
    """The picture's pieces by their ``data-piece`` id: each ``<g class="tt-piece">`` of
    the art contract (see tests/serve/test_browser_motion.py)."""
    return {g.get("data-piece", ""): g for g in root.iter(f"{NS}g") if "tt-piece" in (g.get("class") or "").split()}


def pose(g: ET.Element) -> tuple[float, float, float]:
    """Where a piece stands and where it points, from its ``translate(X Y) rotate(DEG)``."""
    m = re.fullmatch(r"translate\(([-\d.e]+) ([-\d.e]+)\) rotate\(([-\d.e]+)\)", g.get("transform", ""))
    assert m, g.get("transform")
    x, y, deg = (float(v) for v in m.groups())
    return x, y, deg
