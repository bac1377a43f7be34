"""Paper, pages and the marks a printed board needs, all in millimetres.

A board larger than a sheet is cut into tiles: each page shows one window of
the drawing, and neighbouring windows repeat ``overlap`` millimetres of each
other, so that a page trimmed along its dashed edge (left and top) lies on its
neighbour with the registration marks (a circle with a cross) on top of each
other, as poster-tiling tools do. Every page carries a scale bar (ten
centimetres in one-centimetre steps, labelled), its place (``B2``: row B,
column 2, "page 4 of 6") and a small map of all pages with its own filled in.

Page sizes are ISO A4 (210 x 297 mm) and US Letter (8.5 x 11 in).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Literal

from core.errors import UsageError

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "sans-serif"
INK = "#222222"
MARK = "#000000"


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, portrait: ``width`` x ``height`` mm."""

    name: str
    width: float
    height: float

    def turned(self, landscape: bool) -> tuple[float, float]:
        """(width, height) of the sheet, portrait or landscape."""
        return (self.height, self.width) if landscape else (self.width, self.height)


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}
"""The papers ``--paper`` takes."""

Orientation = Literal["auto", "portrait", "landscape"]


def paper(name: str) -> Paper:
    """The paper called ``name`` (any case); a usage error naming those there are."""
    found = PAPERS.get(name.strip().lower())
    if found is None:
        raise UsageError(f"--paper {name!r}: expected one of {', '.join(PAPERS)}")
    return found


def f(v: float) -> str:
    """A length for an SVG attribute: millimetres to a thousandth, no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def page_svg(width: float, height: float) -> ET.Element:
    """An empty page: an ``<svg>`` ``width`` x ``height`` mm whose user unit is a millimetre."""
    return ET.Element("svg", {"xmlns": SVG_NS, "class": "tt-sheet", "width": f"{f(width)}mm",
                              "height": f"{f(height)}mm", "viewBox": f"0 0 {f(width)} {f(height)}"})


def text(parent: ET.Element, x: float, y: float, words: str, size: float, *, anchor: str = "start",
         bold: bool = False, fill: str = INK, cls: str | None = None) -> ET.Element:
    """A line of text ``size`` mm high at (x, y) (its baseline)."""
    attrib = {"x": f(x), "y": f(y), "font-size": f(size), "font-family": FONT, "fill": fill,
              "text-anchor": anchor}
    if bold:
        attrib["font-weight"] = "bold"
    if cls:
        attrib["class"] = cls
    el = ET.SubElement(parent, "text", attrib)
    el.text = words
    return el


def line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, *, width: float = 0.2,
         colour: str = MARK, dash: str | None = None, cls: str | None = None) -> ET.Element:
    attrib = {"x1": f(x1), "y1": f(y1), "x2": f(x2), "y2": f(y2), "stroke": colour, "stroke-width": f(width)}
    if dash:
        attrib["stroke-dasharray"] = dash
    if cls:
        attrib["class"] = cls
    return ET.SubElement(parent, "line", attrib)


# ----------------------------------------------------------------- scale bar
def bar_length(scale: float) -> tuple[float, str, int]:
    """(drawn length in mm, label of its far end, steps) of a scale bar for a print at
    ``scale`` (paper mm per real mm): ten centimetres at true scale, else the round
    real length nearest to ten centimetres of paper."""
    real = 100.0 / scale
    for nice in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if nice >= real * 0.75:
            real = float(nice)
            break
    cm = real / 10
    label = f"{cm:g} cm"
    steps = 10 if cm in (1, 10, 100) else 5 if cm in (5, 50, 500) else 4 if cm in (20, 200, 2000) else 5
    return real * scale, label, steps


def scale_bar(parent: ET.Element, x: float, y: float, scale: float = 1.0, note: str = "") -> ET.Element:
    """A scale bar with its left end at (x, y): alternating black and white steps 2 mm
    high, ``0`` at its left tick and the real length at its right one (each label
    starts at its tick), ``note`` after it. ``class="scale-bar"``, ``data-mm`` the
    drawn length (a test measures it in the printed PDF by the labels' places)."""
    length, label, steps = bar_length(scale)
    g = ET.SubElement(parent, "g", {"class": "scale-bar", "data-mm": f(length), "data-label": label})
    step = length / steps
    for i in range(steps):
        ET.SubElement(g, "rect", {"x": f(x + i * step), "y": f(y), "width": f(step), "height": "2",
                                  "fill": MARK if i % 2 == 0 else "#ffffff", "stroke": MARK,
                                  "stroke-width": "0.15"})
    for i in range(steps + 1):
        line(g, x + i * step, y - (1.2 if i in (0, steps) else 0.6), x + i * step, y + 2, width=0.15)
    text(g, x, y - 1.6, "0", 2.6, cls="scale-0")
    text(g, x + length, y - 1.6, label, 2.6, cls="scale-end")
    if note:
        text(g, x + length + 2 + len(label) * 1.5, y + 2, note, 2.6)
    return g


# ----------------------------------------------------------------- tiling
@dataclass(frozen=True)
class Tile:
    """One page's window on the drawing: its place (row, col), top left (x, y) and size, in
    mm of the printed drawing."""

    row: int
    col: int
    x: float
    y: float
    width: float
    height: float

    @property
    def label(self) -> str:
        """``B2``: row B, column 2 (as on a map's grid)."""
        return f"{row_letter(self.row)}{self.col + 1}"


def row_letter(row: int) -> str:
    """A, B, ..., Z, AA, AB, ... for rows 0, 1, ..."""
    out = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


@dataclass(frozen=True)
class Layout:
    """A sheet's printable areas: margins all round, a footer band above the bottom margin."""

    paper: Paper
    landscape: bool
    margin: float
    footer: float

    @property
    def size(self) -> tuple[float, float]:
        return self.paper.turned(self.landscape)

    @property
    def area(self) -> tuple[float, float]:
        """Width and height left for the drawing."""
        w, h = self.size
        return w - 2 * self.margin, h - 2 * self.margin - self.footer


@dataclass(frozen=True)
class Tiling:
    """How a drawing ``width`` x ``height`` mm covers pages of ``layout``."""

    layout: Layout
    width: float
    height: float
    overlap: float
    rows: int
    cols: int

    @property
    def step(self) -> tuple[float, float]:
        aw, ah = self.layout.area
        return aw - self.overlap, ah - self.overlap

    @property
    def tiles(self) -> list[Tile]:
        aw, ah = self.layout.area
        sx, sy = self.step
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x, y = c * sx, r * sy
                out.append(Tile(r, c, x, y, min(aw, self.width - x), min(ah, self.height - y)))
        return out

    @property
    def pages(self) -> int:
        return self.rows * self.cols


def _count(length: float, area: float, overlap: float) -> int:
    if length <= area + 1e-6:
        return 1
    return math.ceil((length - overlap) / (area - overlap) - 1e-9)


def tile(width: float, height: float, sheet: Paper, *, margin: float, footer: float, overlap: float,
         orientation: Orientation = "auto") -> Tiling:
    """The fewest pages of ``sheet`` that cover a drawing ``width`` x ``height`` mm with
    ``overlap`` mm shared between neighbours (portrait on a tie); ``orientation`` forces one."""
    choices = {"portrait": [False], "landscape": [True], "auto": [False, True]}[orientation]
    best: Tiling | None = None
    for landscape in choices:
        layout = Layout(sheet, landscape, margin, footer)
        aw, ah = layout.area
        if aw <= overlap or ah <= overlap:
            raise UsageError(f"the overlap ({overlap:g} mm) leaves no room on {sheet.name} paper")
        t = Tiling(layout, width, height, overlap, _count(height, ah, overlap), _count(width, aw, overlap))
        if best is None or t.pages < best.pages:
            best = t
    assert best is not None
    return best


def registration_mark(parent: ET.Element, x: float, y: float, r: float = 2.5) -> None:
    """A circle with a cross through it, black on a white halo so it shows on any ground."""
    g = ET.SubElement(parent, "g", {"class": "registration"})
    for colour, w in (("#ffffff", 0.6), (MARK, 0.2)):
        ET.SubElement(g, "circle", {"cx": f(x), "cy": f(y), "r": f(r), "fill": "none", "stroke": colour,
                                    "stroke-width": f(w)})
        line(g, x - r * 1.6, y, x + r * 1.6, y, width=w, colour=colour)
        line(g, x, y - r * 1.6, x, y + r * 1.6, width=w, colour=colour)


def tile_marks(page: ET.Element, tiling: Tiling, t: Tile) -> None:
    """The marks of one tiled page, placed in page millimetres: a dashed cut line along
    its left and top edges where it has a neighbour (trim there and lay it on that
    neighbour), a dotted line where the next page's edge comes to lie, and registration
    marks in each strip it shares with a neighbour, at the same places of the drawing as
    the neighbour's."""
    m = tiling.layout.margin
    pw, ph = tiling.layout.size
    ov = tiling.overlap
    g = ET.SubElement(page, "g", {"class": "tile-marks"})
    if t.col > 0:
        line(g, m, 0, m, ph, width=0.25, dash="2 1.5", cls="cut")
    if t.row > 0:
        line(g, 0, m, pw, m, width=0.25, dash="2 1.5", cls="cut")
    right = t.col < tiling.cols - 1
    below = t.row < tiling.rows - 1
    if right:
        x = m + t.width - ov
        line(g, x, m, x, m + t.height, width=0.2, dash="0.6 1", colour="#555555", cls="overlap")
    if below:
        y = m + t.height - ov
        line(g, m, y, m + t.width, y, width=0.2, dash="0.6 1", colour="#555555", cls="overlap")
    # the same places of the drawing on both pages that share a strip: in the middle of the
    # strip, at a fifth and four fifths along it (pages of one row are equally tall, of one
    # column equally wide, so the neighbour puts them at the same places)
    for frac in (0.2, 0.8):
        if right:
            registration_mark(g, m + t.width - ov / 2, m + t.height * frac)
        if t.col > 0:
            registration_mark(g, m + ov / 2, m + t.height * frac)
        if below:
            registration_mark(g, m + t.width * frac, m + t.height - ov / 2)
        if t.row > 0:
            registration_mark(g, m + t.width * frac, m + ov / 2)


def assembly_note(t: Tile) -> str:
    """What to do with this page: which dashed edges to trim and which pages it lies on."""
    on = [Tile(t.row, t.col - 1, 0, 0, 0, 0).label] if t.col > 0 else []
    on += [Tile(t.row - 1, t.col, 0, 0, 0, 0).label] if t.row > 0 else []
    if not on:
        return "the first page: the others lie on it"
    edges = " and ".join(e for e, has in (("left", t.col > 0), ("top", t.row > 0)) if has)
    return f"trim the dashed {edges} edge, lay on {' and '.join(on)} with the marks on theirs"


def page_map(parent: ET.Element, x: float, y: float, rows: int, cols: int, here: tuple[int, int],
             height: float = 8.0) -> float:
    """A small grid of all pages (rows x cols) with this page's cell filled, its top
    right at (x, y), at most ``height`` mm high; returns its width."""
    cell = min(height / rows, 4.0, 24.0 / cols)
    w = cell * cols
    g = ET.SubElement(parent, "g", {"class": "page-map"})
    for r in range(rows):
        for c in range(cols):
            ET.SubElement(g, "rect", {"x": f(x - w + c * cell), "y": f(y + r * cell), "width": f(cell),
                                      "height": f(cell), "stroke": "#555555", "stroke-width": "0.15",
                                      "fill": "#444444" if (r, c) == here else "#ffffff"})
    return w


def footer(page: ET.Element, layout: Layout, *, title: str, place: str, scale: float | None = 1.0,
           note: str = "", pages: tuple[int, int, tuple[int, int]] | None = None) -> None:
    """The band under the drawing: the scale bar (``None``: none) at the left and the page's
    ``place`` (e.g. ``page B2 (4 of 6, 2 x 3 pages)``) at the right, beside the map of
    pages (``pages`` = rows, cols, this page's (row, col)); under them ``title`` and ``note``
    (what the scale means, how to put the pages together), each on a line of its own."""
    pw, ph = layout.size
    m = layout.margin
    top = ph - m - layout.footer
    g = ET.SubElement(page, "g", {"class": "footer"})
    if scale is not None:
        scale_bar(g, m, top + 4.5, scale)
    right = pw - m
    if pages is not None:
        rows, cols, here = pages
        right -= page_map(g, right, top + 1, rows, cols, here, height=7.0) + 2.5
    text(g, right, top + 6, place, 3.2, anchor="end", bold=True, cls="page-label")
    text(g, m, top + 10.4, title, 2.6, fill="#333333", cls="page-title")
    if note:
        text(g, m, top + 13.6, note, 2.4, fill="#555555", cls="page-note")
