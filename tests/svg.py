"""Reading the SVG pictures in tests: the namespace and the one group of a class."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
"""The SVG namespace as ElementTree writes tag names (``f"{NS}text"``)."""


def group(root: ET.Element, cls: str) -> ET.Element:
    """The one ``<g class=cls>`` of a picture (the caption, the legend)."""
    found = [g for g in root.iter(f"{NS}g") if g.get("class") == cls]
    assert len(found) == 1, cls
    return found[0]
