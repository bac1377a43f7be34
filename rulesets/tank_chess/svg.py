"""SVG pictures of a position, built with the standard library's ElementTree.

Obstacles are dark squares, pieces are discs (white or black) with their
type code and an arrow for the facing, wrecks are grey crosses, the last
move is a blue line and its shot a red one.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from core.grid.square import DELTAS
from rulesets.tank_chess.position import MAP_WRECK, OBSTACLE

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

CELL = 36
MARGIN = 20


def render_svg(game: TankChessGame) -> str:
    pos = game.pos
    r = game.rules
    n = r.files
    black_view = game.settings.coordinates.origin == "black"
    size = n * CELL + 2 * MARGIN
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(size), height=str(size),
                     viewBox=f"0 0 {size} {size}")
    ET.SubElement(svg, "title").text = f"tank chess: {game.layout.title or game.layout.name}"
    ET.SubElement(svg, "rect", x="0", y="0", width=str(size), height=str(size), fill="#f4f1e8")

    def xy(sq: tuple[int, int]) -> tuple[float, float]:
        f, rank = sq
        if black_view:
            f, rank = n - 1 - f, n - 1 - rank
        return MARGIN + f * CELL, MARGIN + (n - 1 - rank) * CELL

    def centre(sq: tuple[int, int]) -> tuple[float, float]:
        x, y = xy(sq)
        return x + CELL / 2, y + CELL / 2

    for i in range(n):
        x = MARGIN + i * CELL + CELL / 2
        label = game.square_name((i, 0))[0] if not black_view else game.square_name((n - 1 - i, 0))[0]
        for yy in (MARGIN - 6, size - 6):
            ET.SubElement(svg, "text", x=f"{x:.0f}", y=str(yy), attrib={"font-size": "11",
                          "text-anchor": "middle", "font-family": "sans-serif"}).text = label
        ry = MARGIN + i * CELL + CELL / 2 + 4
        rank_label = str(n - i) if not black_view else str(i + 1)
        for rx in (MARGIN / 2, size - MARGIN / 2):
            ET.SubElement(svg, "text", x=f"{rx:.0f}", y=f"{ry:.0f}", attrib={"font-size": "10",
                          "text-anchor": "middle", "font-family": "sans-serif"}).text = rank_label
    for idx in range(r.n):
        sq = r.square(idx)
        x, y = xy(sq)
        c = pos.cell[idx]
        fill = "#444" if c == OBSTACLE else ("#e8e2d0" if (sq[0] + sq[1]) % 2 else "#dcd4bc")
        ET.SubElement(svg, "rect", x=f"{x:.0f}", y=f"{y:.0f}", width=str(CELL), height=str(CELL),
                      fill=fill, stroke="#b8ad90", attrib={"stroke-width": "0.5"})
        if c == OBSTACLE:
            ET.SubElement(svg, "title").text = f"obstacle {game.square_name(sq)}"
        if c == MAP_WRECK or (c > 0 and not pos.alive[c - 1]):
            cx, cy = centre(sq)
            k = CELL * 0.3
            for dx in (-k, k):
                ET.SubElement(svg, "line", x1=f"{cx - dx:.1f}", y1=f"{cy - k:.1f}", x2=f"{cx + dx:.1f}",
                              y2=f"{cy + k:.1f}", stroke="#777", attrib={"stroke-width": "3"})
            if c > 0:
                ET.SubElement(svg, "text", x=f"{cx:.1f}", y=f"{cy + 3:.1f}", fill="#333",
                              attrib={"font-size": "9", "text-anchor": "middle",
                                      "font-family": "sans-serif", "class": "wreck"}).text = (
                    r.cards[pos.kind[c - 1]].id)
    for pid in range(len(pos.kind)):
        if not pos.alive[pid] or pos.sq[pid] < 0:
            continue
        sq = r.square(pos.sq[pid])
        cx, cy = centre(sq)
        white = pos.side[pid] == 0
        g = ET.SubElement(svg, "g", attrib={"class": f"piece {'white' if white else 'black'}"})
        ET.SubElement(g, "title").text = (
            f"{game.players[pos.side[pid]]} {r.cards[pos.kind[pid]].id} {game.square_name(sq)}")
        ET.SubElement(g, "circle", cx=f"{cx:.1f}", cy=f"{cy:.1f}", r=f"{CELL * 0.38:.1f}",
                      fill="#fff" if white else "#222", stroke="#000")
        df, dr = DELTAS[pos.face[pid]]
        if black_view:
            df, dr = -df, -dr
        norm = (df * df + dr * dr) ** 0.5
        ux, uy = df / norm, -dr / norm
        tip = (cx + ux * CELL * 0.5, cy + uy * CELL * 0.5)
        base = (cx + ux * CELL * 0.3, cy + uy * CELL * 0.3)
        px, py = -uy * CELL * 0.12, ux * CELL * 0.12
        ET.SubElement(g, "polygon", fill="#c00", attrib={"class": "facing"},
                      points=f"{tip[0]:.1f},{tip[1]:.1f} {base[0] + px:.1f},{base[1] + py:.1f} "
                             f"{base[0] - px:.1f},{base[1] - py:.1f}")
        ET.SubElement(g, "text", x=f"{cx:.1f}", y=f"{cy + 3.5:.1f}", fill="#000" if white else "#fff",
                      attrib={"font-size": "10", "text-anchor": "middle", "font-family": "sans-serif",
                              "font-weight": "bold"}).text = r.cards[pos.kind[pid]].id
    action = game.last_move()
    if action is not None:
        x1, y1 = centre(action.frm)
        if action.to is not None:
            x2, y2 = centre(action.to)
        else:
            x2, y2 = x1, y1 - CELL if pos.side[0] == 0 else y1 + CELL
        ET.SubElement(svg, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                      stroke="#1565c0", opacity="0.7", attrib={"stroke-width": "4", "class": "last-move"})
        if action.target is not None and action.to is not None:
            tx, ty = centre(action.target)
            ET.SubElement(svg, "line", x1=f"{x2:.1f}", y1=f"{y2:.1f}", x2=f"{tx:.1f}", y2=f"{ty:.1f}",
                          stroke="#d32f2f", attrib={"stroke-width": "2", "stroke-dasharray": "5,3",
                                                    "class": "shot"})
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode")
