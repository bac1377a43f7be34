"""A core hex map file (``ruleset: hex``, ``kind: map``: what ``tanktable map new
duel-of-the-giants`` writes and ``tanktable hex draw`` reads) printed at true scale.

A map is not a scenario: it has no pieces and no components, so it prints as
its board (drawn by :func:`core.grid.hexsvg.board_svg`, the picture ``hex draw
--svg`` makes) and its key (:func:`core.grid.hexsvg.terrain_legend`: what each
terrain on it does), with no counter sheet.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from core.printing.board import Board
from core.svgframe import LegendItem


def is_hex_map(path: Path) -> bool:
    """Whether ``path`` is a core hex map (``ruleset: hex``, ``kind: map``), read by its header."""
    from core.data import load_document

    return load_document(path).header() == ("hex", "map")


def hex_map(path: Path, *, hex_mm: float) -> tuple[Board, list[LegendItem]]:
    """The board of the hex map at ``path`` (each hex ``hex_mm`` across its flats) and its key."""
    from core.grid.hexboard import load_board
    from core.grid.hexsvg import R, board_svg, terrain_legend

    board: Any = load_board(path)
    svg = ET.fromstring(board_svg(board, legend=False))
    x, y, width, height = (float(v) for v in svg.get("viewBox", "0 0 0 0").split())
    g = ET.Element("g", {"class": "hex-map"})
    g.extend(list(svg))
    name = board.name or path.stem
    return (Board(title=f"{name}, {board.columns} x {board.rows} hexes", drawing=g, x=x, y=y, width=width,
                  height=height, mm_per_unit=hex_mm / (R * math.sqrt(3)),
                  note=f"1 hex = {hex_mm:g} mm across the flats"),
            terrain_legend(board))
