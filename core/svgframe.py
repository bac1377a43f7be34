"""A heading above and a legend below a ruleset's SVG picture.

A picture a player reads on its own says where the game stands (the
heading: the game, the move, who decides, CHECK or game over) and what its
symbols mean (the legend: a small sample of each symbol with its meaning).
Each ruleset writes its own lines and samples; this module only lays them
out. The bands extend the drawing's ``viewBox`` upwards and downwards, so
the board keeps its own coordinates (the browser table draws its overlays in
them) and a viewer that wants the board alone can drop the heading group
(``class="caption"``, its height in ``data-band``).

SVG text does not wrap by itself: lines are broken at spaces by an estimate
of their width in a sans-serif font, erring wide so that nothing overflows.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field

FONT = "sans-serif"
TITLE_SIZE = 15
LINE_SIZE = 12
LEGEND_SIZE = 11
SWATCH = 16
"""Side of the square box a legend sample is drawn in (its own coordinates 0..SWATCH)."""
PAD = 8
ROW = 20
"""Height of one legend row."""
GAP = 14
"""Space between two legend items on a row."""
_EM = {False: 0.52, True: 0.6}
"""Width of an average character in em (regular, bold), a little wider than DejaVu Sans."""


@dataclass(frozen=True)
class HeadingLine:
    """One line of the heading; ``alert`` draws it bold in red (CHECK, ESCAPE)."""

    text: str
    alert: bool = False


@dataclass(frozen=True)
class LegendItem:
    """One entry of the legend: a sample of the symbol (elements drawn in a
    ``SWATCH`` square at the origin) and what it means. No sample: text only.

    ``brief`` is the label's short form for a legend with little room: a picture
    read on its own shows the whole label, the browser table's legend (which
    must leave the board its height) shows the brief and the whole label as its
    tooltip (``data-brief`` on the entry, ``class="more"`` on the rows a long
    label goes on in; cli/serve/static/table/legend.js)."""

    label: str
    sample: Sequence[ET.Element] = field(default_factory=tuple)
    brief: str | None = None


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the width of ``text`` in pixels."""
    return len(text) * size * _EM[bold]


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a longer word stands alone)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines


def _px(v: float) -> str:
    return f"{v:.0f}"


def _text(parent: ET.Element, x: float, y: float, text: str, size: float, bold: bool = False,
          fill: str = "#222") -> ET.Element:
    attrib = {"x": _px(x), "y": _px(y), "font-size": _px(size), "font-family": FONT, "fill": fill}
    if bold:
        attrib["font-weight"] = "bold"
    el = ET.SubElement(parent, "text", attrib)
    el.text = text
    return el


def frame(svg: ET.Element, *, width: float, top: float, bottom: float, heading: Sequence[HeadingLine],
          legend: Sequence[LegendItem], background: str = "#ffffff") -> None:
    """Put ``heading`` above ``top`` and ``legend`` below ``bottom`` and size ``svg`` to hold
    the board between them. The first heading line is the title (bold, larger)."""
    inner = width - 2 * PAD
    caption = ET.Element("g", {"class": "caption"})
    rows: list[tuple[str, float, bool, str]] = []
    for i, line in enumerate(heading):
        size = TITLE_SIZE if i == 0 else LINE_SIZE
        bold = i == 0 or line.alert
        fill = "#b00020" if line.alert else "#222"
        rows += [(part, size, bold, fill) for part in wrap(line.text, size, inner, bold)]
    band = math.ceil(PAD + sum(font * 1.35 for _, font, _, _ in rows) + (PAD / 2 if rows else 0))
    y: float = top - band + PAD
    for text, font, strong, colour in rows:
        y += font * 1.05
        _text(caption, PAD, y, text, font, strong, colour)
        y += font * 0.3
    caption.set("data-band", str(band))

    key = ET.Element("g", {"class": "legend"})
    x: float = PAD
    y = bottom + PAD
    for item in legend:
        label_w = text_width(item.label, LEGEND_SIZE)
        sample_w = SWATCH + 5 if item.sample else 0
        if sample_w + label_w > inner:  # a long note: its own rows
            if x > PAD:
                x, y = PAD, y + ROW
            for k, part in enumerate(wrap(item.label, LEGEND_SIZE, inner - sample_w)):
                first = k == 0
                row = _legend_item(key, x if first else x + sample_w, y,
                                   LegendItem(part, item.sample if first else (), item.brief if first else None))
                if item.brief is not None and not first:
                    row.set("class", "more")
                y += ROW
            x = PAD
            continue
        if x > PAD and x + sample_w + label_w > width - PAD:
            x, y = PAD, y + ROW
        _legend_item(key, x, y, item)
        x += sample_w + label_w + GAP
    legend_band = (y + (ROW if x > PAD else 0) - bottom + PAD / 2) if legend else 0.0

    low, high = top - band, bottom + legend_band
    svg.set("width", _px(width))
    svg.set("height", _px(high - low))
    svg.set("viewBox", f"0 {_px(low)} {_px(width)} {_px(high - low)}")
    at = 1 if len(svg) and svg[0].tag == "title" else 0
    svg.insert(at, ET.Element("rect", {"x": "0", "y": _px(low), "width": _px(width),
                                       "height": _px(high - low), "fill": background}))
    svg.append(caption)
    svg.append(key)


def _legend_item(parent: ET.Element, x: float, y: float, item: LegendItem) -> ET.Element:
    """One legend entry with its top left corner at (x, y)."""
    g = ET.SubElement(parent, "g", {"transform": f"translate({_px(x)},{_px(y)})"})
    if item.brief is not None:
        g.set("data-brief", item.brief)
    if item.sample:
        sample = ET.SubElement(g, "g", {"class": "sample"})
        sample.extend(item.sample)
    _text(g, SWATCH + 5 if item.sample else 0, 12, item.label, LEGEND_SIZE)
    return g
