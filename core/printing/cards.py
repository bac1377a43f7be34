"""A card's values as a printed card shows them, and a plain card for any ruleset.

A ruleset that draws its units (the three shipped ones) gives its cards a
picture; any other ruleset's cards (a plugin's) print with their values alone,
read from the card model as ``cards show`` reads them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from core.cards import HIDDEN_FIELDS, value_text
from core.printing.sheets import CardFace

SKIP = (*HIDDEN_FIELDS, "based_on", "notes", "short", "letter", "tier")
"""Fields a card's heading, badge or notes already show, or that say nothing at the table."""


def _value(value: Any) -> str:
    return value_text(value, key=lambda k: k.replace("_", " "))


def card_values(card: Any, skip: Sequence[str] = SKIP) -> list[tuple[str, str]]:
    """``(key, value)`` for every field the card fills in: ``move_cm: 40`` reads ``move, 40 cm``,
    nested values fold into one (``armour: front 3, side 2, rear 1``); ``False`` flags are left out."""
    data = card.model_dump(mode="json", exclude_none=True) if hasattr(card, "model_dump") else dict(card)
    out = []
    for key, value in data.items():
        if key in skip or value in ("", [], {}, False):
            continue
        unit = ""
        m = re.fullmatch(r"(.+)_(cm|mm|mp|deg)", key)
        if m:
            key, unit = m.group(1), {"deg": "°"}.get(m.group(2), " " + m.group(2))
        out.append((key.replace("_", " "), _value(value) + unit))
    return out


def plain_face(card_id: str, card: Any, ruleset_title: str) -> CardFace:
    """A card of any ruleset: its name, id, tier if it has one, and its values."""
    name = str(getattr(card, "name", "") or card_id)
    tier = getattr(card, "tier", None)
    return CardFace(title=name, subtitle=card_id if name != card_id else "",
                    badge="" if tier is None else str(tier), badge_label="tier" if tier is not None else "",
                    values=card_values(card), notes=str(getattr(card, "notes", "") or ""),
                    footer=ruleset_title)


def local(element: ET.Element) -> ET.Element:
    """``element`` and its descendants with SVG's namespace taken off their tags and
    ``xlink:href`` written ``href``: parsed pictures join the print's own plain elements."""
    for el in element.iter():
        if isinstance(el.tag, str) and el.tag.startswith("{"):
            el.tag = el.tag.split("}", 1)[1]
        for key in [k for k in el.attrib if k.startswith("{")]:
            value = el.attrib.pop(key)
            el.set(key.split("}", 1)[1], value)
    return element


def fit(drawing: ET.Element, length: float, width: float, box_w: float, box_h: float) -> ET.Element:
    """``drawing`` (``length`` along x by ``width``, centred) scaled to fit a box, centred."""
    k = min(box_w / length, box_h / width)
    g = ET.Element("g", {"transform": f"scale({k:.4f})"})
    g.append(drawing)
    return g
