"""A board or table printed at its physical size, tiled across pages.

A ruleset hands over its board as a :class:`Board`: its own drawing (the same
art as the screen, in the drawing's own units) with the rectangle to print and
how many millimetres one unit takes. The drawing is put once in the document
(``<defs>``, id :data:`BOARD_ID`) and each page shows a window on it through
a nested ``<svg>`` whose ``viewBox`` is that page's share of the board: so the
scale is exact by construction and a 40-page table is not 40 copies.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from core.printing.paper import (
    SVG_NS,
    Orientation,
    Paper,
    Tiling,
    assembly_note,
    f,
    footer,
    page_svg,
    tile,
    tile_marks,
)

BOARD_ID = "tt-print-board"


@dataclass(frozen=True)
class Board:
    """A board drawn in its own units. ``x, y, width, height``: the part to print, in
    those units; ``mm_per_unit``: its size at true scale; ``note``: what the scale
    means (``1 hex = 30 mm across the flats``); ``table_scale``: the scale bar measures
    the game's own centimetres (a Battle of Tanks table) rather than the paper's."""

    title: str
    drawing: ET.Element
    x: float
    y: float
    width: float
    height: float
    mm_per_unit: float
    note: str = ""
    table_scale: bool = False


def board_defs(board: Board) -> ET.Element:
    """A hidden ``<svg>`` holding the board's drawing once, for the pages to show."""
    holder = ET.Element("svg", {"xmlns": SVG_NS, "class": "tt-defs", "width": "0", "height": "0",
                                "aria-hidden": "true"})
    defs = ET.SubElement(holder, "defs")
    g = ET.SubElement(defs, "g", {"id": BOARD_ID})
    g.append(board.drawing)
    return holder


def board_pages(board: Board, sheet: Paper, *, margin: float, footer_mm: float, overlap: float,
                scale: float = 1.0, orientation: Orientation = "auto") -> tuple[Tiling, list[ET.Element]]:
    """The pages that show ``board`` at ``scale`` times its true size: each a window of the
    drawing, with cut and overlap marks, the scale bar and the page's place."""
    k = board.mm_per_unit * scale  # paper millimetres per unit of the drawing
    tiling = tile(board.width * k, board.height * k, sheet, margin=margin, footer=footer_mm, overlap=overlap,
                  orientation=orientation)
    pw, ph = tiling.layout.size
    tiles = tiling.tiles
    pages = []
    for i, t in enumerate(tiles, 1):
        page = page_svg(pw, ph)
        page.set("data-tile", t.label)
        window = ET.SubElement(page, "svg", {
            "class": "tile", "x": f(margin), "y": f(margin), "width": f(t.width), "height": f(t.height),
            "viewBox": f"{f(board.x + t.x / k)} {f(board.y + t.y / k)} {f(t.width / k)} {f(t.height / k)}",
            "preserveAspectRatio": "xMinYMin meet", "overflow": "hidden"})
        ET.SubElement(window, "use", {"href": f"#{BOARD_ID}"})
        tile_marks(page, tiling, t)
        place = (f"page {t.label} ({i} of {len(tiles)}: {tiling.rows} rows x {tiling.cols} columns)"
                 if tiling.pages > 1 else "page 1 of 1")
        note = board.note
        if board.table_scale:  # a hex or a square has no true size: its note gives its printed one
            scale_words = "true scale" if abs(scale - 1) < 1e-9 else f"scale 1:{1 / scale:g}"
            note = f"{note} ({scale_words})" if note else scale_words
        if tiling.pages > 1:
            note += "; " + assembly_note(t)
        footer(page, tiling.layout, title=board.title, place=place,
               scale=scale if board.table_scale else 1.0, note=note,
               pages=(tiling.rows, tiling.cols, (t.row, t.col)) if tiling.pages > 1 else None)
        pages.append(page)
    return tiling, pages
