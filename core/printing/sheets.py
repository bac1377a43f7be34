"""Sheets of cards and counters: as many as fit a page, with cut marks.

Cards and counters touch (no gutter), so every cut is one straight line across
the sheet: crop marks in the margins show where, and a hairline outlines each
piece for scissors. A counter sheet whose counters have backs gets a page of
backs after each page of fronts, its columns mirrored, so that the two printed
back to back (flip on the long edge) put each back behind its front.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core.errors import UsageError
from core.printing.paper import FONT, INK, Layout, Paper, f, footer, line, page_svg, text
from core.svgframe import SWATCH, LegendItem, text_width, wrap

CARD_MARGIN = 4.0
CARD_FOOTER = 6.0
"""A card sheet's margin above and below the cards (mm) and the line of text under them."""

Art = Callable[[float, float], ET.Element | None]
"""Draws a card's picture to fit a ``width`` x ``height`` mm box, centred on (0, 0)."""


@dataclass(frozen=True)
class CardFace:
    """What a printed card shows: its name, a line under it, a badge in the corner (a tier
    or a code), its picture, its values as (key, value) rows, notes and a footer."""

    title: str
    subtitle: str = ""
    badge: str = ""
    badge_label: str = ""
    values: Sequence[tuple[str, str]] = ()
    art: Art | None = None
    notes: str = ""
    footer: str = ""
    accent: str = "#5b4a36"


@dataclass(frozen=True)
class Counter:
    """One counter of a sheet: its front and (optionally) back drawings, each drawn by a
    function of the counter's side in mm, centred on (0, 0); ``label`` names it (its title)."""

    label: str
    front: Callable[[float], ET.Element]
    back: Callable[[float], ET.Element] | None = None


@dataclass
class Grid:
    """``cols`` x ``rows`` cells ``cw`` x ``ch`` mm, the first one's top left at (x0, y0)."""

    cols: int
    rows: int
    cw: float
    ch: float
    x0: float
    y0: float
    cells: list[tuple[float, float]] = field(default_factory=list)


def grid(layout: Layout, cw: float, ch: float) -> Grid:
    """The most ``cw`` x ``ch`` cells a page's area holds, centred across it, from its top."""
    aw, ah = layout.area
    cols, rows = math.floor(aw / cw + 1e-9), math.floor(ah / ch + 1e-9)
    if cols < 1 or rows < 1:
        raise UsageError(f"a {cw:g} x {ch:g} mm piece does not fit on {layout.paper.name} paper "
                         f"within its margins")
    pw, _ = layout.size
    x0 = (pw - cols * cw) / 2
    y0 = layout.margin
    g = Grid(cols, rows, cw, ch, x0, y0)
    g.cells = [(x0 + c * cw, y0 + r * ch) for r in range(rows) for c in range(cols)]
    return g


def crop_marks(page: ET.Element, g: Grid, used_rows: int, used_cols: int) -> None:
    """Short lines in the margins at every cut of the used part of the grid, 1 mm clear of it."""
    marks = ET.SubElement(page, "g", {"class": "crop-marks"})
    x1, y1 = g.x0 + used_cols * g.cw, g.y0 + used_rows * g.ch
    for c in range(used_cols + 1):
        x = g.x0 + c * g.cw
        if g.y0 >= 3:  # not into the paper's edge
            line(marks, x, max(0.5, g.y0 - 6), x, g.y0 - 1, width=0.2)
        line(marks, x, y1 + 1, x, y1 + 3.5, width=0.2)
    for r in range(used_rows + 1):
        y = g.y0 + r * g.ch
        line(marks, g.x0 - 6, y, g.x0 - 1, y, width=0.2)
        line(marks, x1 + 1, y, x1 + 6, y, width=0.2)


def card_sheets(faces: Sequence[CardFace], sheet: Paper, *, width: float, height: float, margin: float,
                footer_mm: float, title: str) -> list[ET.Element]:
    """Pages of cards ``width`` x ``height`` mm (portrait paper), with crop marks."""
    # cards take the page's height: three rows of poker cards (264 mm) on Letter (279.4 mm)
    # leave 15 mm, so the sheet has narrow top and bottom margins and a one-line footer
    layout = Layout(sheet, False, CARD_MARGIN, CARD_FOOTER)
    g = grid(layout, width, height)
    pw, ph = layout.size
    g.y0 = max(CARD_MARGIN, (ph - CARD_FOOTER - g.rows * height) / 2)
    g.cells = [(g.x0 + c * width, g.y0 + r * height) for r in range(g.rows) for c in range(g.cols)]
    per = g.cols * g.rows
    chunks = [list(faces[i:i + per]) for i in range(0, len(faces), per)] or [[]]
    pages = []
    for n, chunk in enumerate(chunks, 1):
        page = page_svg(*layout.size)
        for face, (x, y) in zip(chunk, g.cells, strict=False):
            card = ET.SubElement(page, "g", {"class": "card", "transform": f"translate({f(x)} {f(y)})"})
            draw_card(card, face, width, height)
        used_rows = math.ceil(len(chunk) / g.cols)
        crop_marks(page, g, used_rows, min(len(chunk), g.cols))
        text(page, margin, ph - CARD_MARGIN - 1, f"{title}: {width:g} x {height:g} mm, cut along the marks",
             2.4, fill="#555555", cls="page-title")
        text(page, pw - margin, ph - CARD_MARGIN - 1, f"cards, sheet {n} of {len(chunks)}", 2.8, anchor="end",
             bold=True, cls="page-label")
        pages.append(page)
    return pages


def _fit(words: str, size: float, width: float, bold: bool = False) -> float:
    """``size``, or smaller so that ``words`` fit ``width``."""
    w = text_width(words, size, bold)
    return size if w <= width else max(size * width / w, size * 0.55)


def draw_card(parent: ET.Element, face: CardFace, w: float, h: float) -> None:
    """One card in ``parent``'s frame, top left at (0, 0): frame, name, badge, picture, values."""
    ET.SubElement(parent, "rect", {"x": "0", "y": "0", "width": f(w), "height": f(h), "fill": "#ffffff",
                                   "stroke": "#b0b0b0", "stroke-width": "0.1", "class": "card-edge"})
    ET.SubElement(parent, "rect", {"x": "2.5", "y": "2.5", "width": f(w - 5), "height": f(h - 5), "rx": "2",
                                   "fill": "none", "stroke": face.accent, "stroke-width": "0.5"})
    pad = 5.0
    inner = w - 2 * pad
    badge_w = 11.0 if face.badge else 0.0
    size = _fit(face.title, 4.2, inner - badge_w, bold=True)
    text(parent, pad, 10, face.title, size, bold=True, cls="card-title")
    if face.subtitle:
        text(parent, pad, 14.2, face.subtitle, _fit(face.subtitle, 2.6, inner - badge_w), fill="#555555")
    if face.badge:
        cx, cy = w - pad - 4.5, 9.0
        ET.SubElement(parent, "circle", {"cx": f(cx), "cy": f(cy), "r": "5", "fill": face.accent})
        text(parent, cx, cy + 1.8, face.badge, _fit(face.badge, 5.0, 8.0, bold=True), anchor="middle", bold=True,
             fill="#ffffff", cls="card-badge")
        if face.badge_label:
            text(parent, cx, cy + 7.6, face.badge_label, 1.9, anchor="middle", fill="#555555")
    top, art_h = 17.0, 26.0
    ET.SubElement(parent, "rect", {"x": f(pad), "y": f(top), "width": f(inner), "height": f(art_h), "rx": "1.2",
                                   "fill": "#ecebe0"})
    if face.art is not None:
        art = face.art(inner - 6, art_h - 4)
        if art is not None:
            holder = ET.SubElement(parent, "g", {"class": "card-art",
                                                 "transform": f"translate({f(w / 2)} {f(top + art_h / 2)})"})
            holder.append(art)
    _values(parent, face, pad, top + art_h + 5.5, inner, h - 7.5)
    if face.footer:
        text(parent, pad, h - 4.2, face.footer, _fit(face.footer, 1.9, inner), fill="#777777")


def _values(parent: ET.Element, face: CardFace, x: float, y: float, width: float, bottom: float) -> None:
    """The card's values, a row each (key left, value right; a long value on lines of its
    own under its key), then its notes; all smaller where they would not fit."""
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6):
        size, step = 3.1 * scale, 4.3 * scale
        rows: list[tuple[str, str, bool]] = []  # (key, value, value on its own line)
        for key, value in face.values:
            room = width - text_width(key, size) - 2
            if text_width(value, size, True) <= room:
                rows.append((key, value, False))
            else:
                rows.append((key, "", False))
                rows += [("", part, True) for part in wrap(value, size, width - 3, True)]
        notes = wrap(face.notes, size * 0.85, width) if face.notes else []
        needed = step * len(rows) + (size * 1.2 * len(notes) + 1 if notes else 0)
        if y - size + needed <= bottom or scale == 0.6:
            break
    g = ET.SubElement(parent, "g", {"class": "card-values", "font-family": FONT})
    for i, (key, value, own) in enumerate(rows):
        yy = y + i * step
        if i % 2 == 0:
            ET.SubElement(g, "rect", {"x": f(x - 1), "y": f(yy - size * 1.02), "width": f(width + 2),
                                      "height": f(step), "fill": "#f3f2ea"})
        if key:
            text(g, x, yy, key, size, fill="#555555", cls="card-key")
        if value:
            text(g, x + width if not own else x + 3, yy, value, size, bold=True, anchor="end" if not own else "start",
                 fill=INK, cls="card-value")
    yy = y + len(rows) * step + 0.5
    for part in notes:
        text(g, x, yy, part, size * 0.85, fill="#444444", cls="card-notes")
        yy += size * 1.2


def counter_sheets(counters: Sequence[Counter], sheet: Paper, *, size: float, margin: float,
                   footer_mm: float, title: str) -> list[ET.Element]:
    """Pages of counters ``size`` mm square; after each page of fronts, when any counter has
    a back, the page of their backs in mirrored columns (print it on the reverse, flip on
    the long edge)."""
    layout = Layout(sheet, False, margin, footer_mm)
    g = grid(layout, size, size)
    per = g.cols * g.rows
    chunks = [list(counters[i:i + per]) for i in range(0, len(counters), per)] or [[]]
    backs = any(c.back is not None for c in counters)
    pages = []
    for n, chunk in enumerate(chunks, 1):
        for side in ("front", "back") if backs else ("front",):
            page = page_svg(*layout.size)
            page.set("data-side", side)
            cuts = ET.SubElement(page, "g", {"class": "counter-cuts"})
            for i, c in enumerate(chunk):
                r, col = divmod(i, g.cols)
                if side == "back":
                    col = g.cols - 1 - col
                x, y = g.x0 + col * size, g.y0 + r * size
                draw = c.front if side == "front" else c.back
                if draw is None:
                    continue
                holder = ET.SubElement(page, "g", {"class": f"counter-{side}",
                                                   "transform": f"translate({f(x + size / 2)} {f(y + size / 2)})"})
                ET.SubElement(holder, "title").text = c.label
                holder.append(draw(size))
                ET.SubElement(cuts, "rect", {"x": f(x), "y": f(y), "width": f(size), "height": f(size),
                                             "fill": "none", "stroke": "#9a9a9a", "stroke-width": "0.1"})
            page.append(cuts)  # over the counters: the hairlines stay visible
            used_rows = math.ceil(len(chunk) / g.cols)
            crop_marks(page, g, used_rows, g.cols if len(chunk) > g.cols or side == "back" else len(chunk))
            if side == "front":
                place = f"counters, sheet {n} of {len(chunks)}" + (" (fronts)" if backs else "")
                how = f"{title}: {size:g} mm counters" + ("; print the next page on the back, flipping on the "
                                                          "long edge" if backs else "")
            else:
                place = f"counters, sheet {n} of {len(chunks)} (backs)"
                how = f"{title}: the backs, mirrored to lie behind the previous page's fronts"
            footer(page, layout, title=how, place=place)
            pages.append(page)
    return pages


def strip_shadow(counter: ET.Element) -> ET.Element:
    """A counter drawing without its drop shadow (the first, translucent black square): on
    a sheet the counters touch, and a shadow would spill onto the next one."""
    for child in list(counter):
        if child.tag == "rect" and child.get("fill") == "#000" and child.get("opacity"):
            counter.remove(child)
            break
    return counter


def turned(drawing: ET.Element) -> ET.Element:
    """A back's drawing turned half round. A counter turned over on the table (about its
    upright axis, as the mirrored sheet of backs assumes) shows its back with left and
    right swapped: a back that points somewhere (a wreck's gun, an ATG's facing notch)
    must point the other way to point where its front did. Its code is kept upright by
    the caller (``counter(..., upright=180)``)."""
    g = ET.Element("g", {"transform": "rotate(180)"})
    g.append(drawing)
    return g


KEY_SAMPLE = 9.0
"""A key's sample: the legend's swatch drawn this many mm square."""


def key_sheets(items: Sequence[LegendItem], sheet: Paper, *, margin: float, footer_mm: float,
               title: str) -> list[ET.Element]:
    """The key of a printed board: each symbol's sample (the screen legend's own, drawn
    :data:`KEY_SAMPLE` mm square) and what it means, a row each, on as many pages as it takes."""
    layout = Layout(sheet, False, margin, footer_mm)
    pw, ph = layout.size
    aw, ah = layout.area
    size, step = 3.4, 4.4
    label_x = margin + KEY_SAMPLE + 4
    pages: list[ET.Element] = []
    page: ET.Element | None = None
    y = 0.0

    def new_page() -> ET.Element:
        p = page_svg(pw, ph)
        text(p, margin, margin + 6, f"Key: {title}", 5, bold=True, cls="key-title")
        pages.append(p)
        return p

    for item in items:
        lines = wrap(item.label, size, aw - (label_x - margin))
        height = max(KEY_SAMPLE, step * len(lines)) + 2.5
        if page is None or y + height > margin + ah:
            page, y = new_page(), margin + 11
        if item.sample:
            k = KEY_SAMPLE / SWATCH
            g = ET.SubElement(page, "g", {"class": "key-sample",
                                          "transform": f"translate({f(margin)} {f(y)}) scale({k:.4f})"})
            g.extend(item.sample)
        for i, words in enumerate(lines):
            text(page, label_x, y + KEY_SAMPLE / 2 + 1.2 + (i - (len(lines) - 1) / 2) * step, words, size,
                 cls="key-label")
        y += height
    for n, p in enumerate(pages, 1):
        footer(p, layout, title=title, place=f"key, page {n} of {len(pages)}")
    return pages
