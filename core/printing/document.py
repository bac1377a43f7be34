"""One HTML print view: sheets of fixed size (SVG in mm) and flowing text (a roster).

Each sheet is an ``<svg>`` sized in millimetres and is one printed page; CSS
``@page`` rules give each its paper and orientation (named pages), with no
margin, so that a browser's print (or headless Chromium's PDF) puts the sheet's
millimetres on the paper's. Flowing content (a roster's table) gets its own
named page with margins and lets the browser break it across pages. On a
screen the sheets stand on a grey desk like a print preview.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from core.printing.paper import Paper, f
from core.printing.textures import PatternTiler, round_as_curves

ET.register_namespace("", "http://www.w3.org/2000/svg")


@dataclass
class PrintDocument:
    """What ``tanktable print`` writes: a title, the paper, and its parts in order."""

    title: str
    paper: Paper
    parts: list[str] = field(default_factory=list)
    """HTML fragments: sheets (:meth:`add_sheet`) and flowing blocks (:meth:`add_flow`)."""
    defs: list[ET.Element] = field(default_factory=list)
    """Hidden ``<svg>`` elements whose drawings the sheets use (a board)."""
    sheets: int = 0
    sizes: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each named page (CSS ``@page NAME``) the sheets use: its width and height in mm."""
    contents: list[str] = field(default_factory=list)
    """What the sheets are, part by part (``6 board pages (2 rows x 3 columns)``, ``1 key
    page``...), for the summary line; empty: the sheets are counted alone."""
    textures: PatternTiler = field(default_factory=PatternTiler, repr=False)
    """Draws pattern fills out as vector tiles (Chromium's PDF would rasterise them)."""

    def __post_init__(self) -> None:
        for holder in self.defs:
            self.textures.register(holder)

    def add_sheet(self, svg: ET.Element) -> None:
        """One page: an ``<svg>`` whose width and height (mm) are its paper's, portrait or
        landscape, or any other size (a board on one sheet): each size gets its named page."""
        width = float(svg.get("width", "0").removesuffix("mm"))
        height = float(svg.get("height", "0").removesuffix("mm"))
        name = f"s{f(width)}x{f(height)}".replace(".", "_")
        self.sizes[name] = (width, height)
        svg.set("class", f"tt-sheet {name}")
        self.textures.register(svg)
        self.textures.expand(svg)
        round_as_curves(svg)
        self.parts.append(ET.tostring(svg, encoding="unicode"))
        self.sheets += 1

    def add_flow(self, fragment: str) -> None:
        """Flowing HTML (escaped by the caller) printed on pages with margins."""
        self.parts.append(f'<section class="flow">{fragment}</section>')

    def html(self) -> str:
        w, h = self.paper.width, self.paper.height
        for holder in self.defs:
            self.textures.register(holder)
            self.textures.expand(holder)
            round_as_curves(holder)
        defs = "".join(ET.tostring(d, encoding="unicode") for d in self.defs)
        named = "".join(f"@page {n} {{ size: {f(sw)}mm {f(sh)}mm; margin: 0; }}\n"
                        f"svg.tt-sheet.{n} {{ page: {n}; }}\n" for n, (sw, sh) in self.sizes.items())
        css = f"""
@page {{ size: {f(w)}mm {f(h)}mm; margin: 0; }}
{named}@page flow {{ size: {f(w)}mm {f(h)}mm; margin: 12mm 12mm 14mm 12mm; }}
html, body {{ margin: 0; padding: 0; }}
body {{ font-family: sans-serif; color: #222; -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
svg.tt-defs {{ position: absolute; width: 0; height: 0; overflow: hidden; }}
svg.tt-sheet {{ display: block; break-after: page; overflow: hidden; background: #fff; }}
section.flow {{ page: flow; break-after: page; font-size: 10pt; }}
section.flow table {{ border-collapse: collapse; width: 100%; }}
section.flow th, section.flow td {{ border-bottom: 0.2mm solid #bbb; padding: 1.2mm 1.5mm; text-align: right;
  vertical-align: middle; }}
section.flow th {{ border-bottom: 0.4mm solid #222; font-size: 8.5pt; }}
section.flow .l {{ text-align: left; }}
section.flow thead {{ display: table-header-group; }}
section.flow tr {{ break-inside: avoid; }}
section.flow .total td {{ border-top: 0.4mm solid #222; border-bottom: none; font-weight: bold; }}
section.flow .problems {{ border: 0.4mm solid #b00020; padding: 2mm 3mm; margin: 4mm 0; color: #b00020; }}
section.flow .warnings {{ border: 0.3mm solid #b26a00; padding: 2mm 3mm; margin: 4mm 0; color: #7a4a00; }}
section.flow .problems, section.flow .warnings {{ box-sizing: border-box; max-width: 100%; }}
section.flow .problems, section.flow .warnings, section.flow .sub, section.flow .foot {{
  overflow-wrap: anywhere; }}
section.flow h1 {{ font-size: 16pt; margin: 0 0 1mm 0; }}
section.flow .sub {{ color: #555; margin: 0 0 4mm 0; }}
section.flow .verdict {{ font-size: 12pt; font-weight: bold; margin: 4mm 0 1mm 0; }}
section.flow .over, section.flow .over td {{ color: #b00020; }}
section.flow .foot {{ color: #555; font-size: 8pt; margin-top: 6mm; }}
@media screen {{
  body {{ background: #8a8a8a; padding: 8mm 0; }}
  svg.tt-sheet, section.flow {{ margin: 0 auto 8mm auto; box-shadow: 0 1mm 4mm rgba(0,0,0,.5); }}
  section.flow {{ background: #fff; width: {f(w - 24)}mm; padding: 12mm; }}
}}
"""
        return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{html.escape(self.title)}</title><style>{css}</style></head><body>"
                f"{defs}{''.join(self.parts)}</body></html>\n")
