"""SVG pictures of a position, built with the standard library's ElementTree.

Obstacles are dark squares, pieces are discs (white or black) with their
type code and an arrow for the facing, a wreck is a light cross with the
code of the tank it was on a small plate (white or dark, its side), the
last move is a blue line and its shot a red one. A heading above the board
says the map, the move number, who is to move, the last move and its CHECK
or ESCAPE (TC-8), or the result; a legend below it names every symbol
(:mod:`core.svgframe`). The board keeps its coordinates (``CELL``,
``MARGIN``): the browser table draws on them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import TYPE_CHECKING

from core.grid.square import DELTAS
from core.svgframe import HeadingLine, LegendItem, frame
from rulesets.tank_chess.position import MAP_WRECK, OBSTACLE

if TYPE_CHECKING:
    from rulesets.tank_chess.game import TankChessGame

CELL = 36
MARGIN = 20
BACKGROUND = "#f4f1e8"
OBSTACLE_FILL = "#444"
WHITE_FILL, BLACK_FILL = "#fff", "#222"
FACING_FILL = "#c00"
WRECK_CROSS = "#a8a8a8"
LAST_MOVE, SHOT = "#1565c0", "#d32f2f"


def square_centre(game: TankChessGame, sq: tuple[int, int]) -> tuple[float, float]:
    """The centre of square ``sq`` on the drawing (turned round when black's side
    is the bottom of the board); the browser's clickable places use it too."""
    return _centre(game.rules.files, game.settings.coordinates.origin == "black", sq)


def _centre(n: int, black_view: bool, sq: tuple[int, int]) -> tuple[float, float]:
    f, rank = sq
    if black_view:
        f, rank = n - 1 - f, n - 1 - rank
    return MARGIN + f * CELL + CELL / 2, MARGIN + (n - 1 - rank) * CELL + CELL / 2


def render_svg(game: TankChessGame) -> str:
    pos = game.pos
    r = game.rules
    n = r.files
    black_view = game.settings.coordinates.origin == "black"
    size = n * CELL + 2 * MARGIN
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg")
    ET.SubElement(svg, "title").text = f"tank chess: {game.layout.title or game.layout.name}"

    def xy(sq: tuple[int, int]) -> tuple[float, float]:
        x, y = square_centre(game, sq)
        return x - CELL / 2, y - CELL / 2

    def centre(sq: tuple[int, int]) -> tuple[float, float]:
        return square_centre(game, sq)

    board = ET.SubElement(svg, "g", attrib={"class": "board"})
    board.text = _BOARD_SLOT
    obstacles = tuple(idx for idx in range(r.n) if pos.cell[idx] == OBSTACLE)
    files = tuple(game.square_name((i, 0))[0] for i in range(n))
    names = tuple(game.square_name(r.square(idx)) for idx in obstacles)
    for idx in range(r.n):
        c = pos.cell[idx]
        if c == MAP_WRECK or (c > 0 and not pos.alive[c - 1]):
            sq = r.square(idx)
            _wreck(svg, centre(sq), game, c - 1 if c > 0 else None, game.square_name(sq))
    action = game.last_move()
    if action is not None:  # under the pieces, so the moved tank's code stays readable
        x1, y1 = centre(action.frm)
        if action.to is not None:
            x2, y2 = centre(action.to)
        else:
            x2, y2 = x1, y1 - CELL if pos.side[0] == 0 else y1 + CELL
        ET.SubElement(svg, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                      stroke=LAST_MOVE, opacity="0.7", attrib={"stroke-width": "4", "class": "last-move"})
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
                      fill=WHITE_FILL if white else BLACK_FILL, stroke="#000")
        df, dr = DELTAS[pos.face[pid]]
        if black_view:
            df, dr = -df, -dr
        norm = (df * df + dr * dr) ** 0.5
        ux, uy = df / norm, -dr / norm
        tip = (cx + ux * CELL * 0.5, cy + uy * CELL * 0.5)
        base = (cx + ux * CELL * 0.3, cy + uy * CELL * 0.3)
        px, py = -uy * CELL * 0.12, ux * CELL * 0.12
        ET.SubElement(g, "polygon", fill=FACING_FILL, attrib={"class": "facing"},
                      points=f"{tip[0]:.1f},{tip[1]:.1f} {base[0] + px:.1f},{base[1] + py:.1f} "
                             f"{base[0] - px:.1f},{base[1] - py:.1f}")
        ET.SubElement(g, "text", x=f"{cx:.1f}", y=f"{cy + 3.5:.1f}", fill="#000" if white else "#fff",
                      attrib={"font-size": "10", "text-anchor": "middle", "font-family": "sans-serif",
                              "font-weight": "bold"}).text = r.cards[pos.kind[pid]].id
    if action is not None and action.target is not None and action.to is not None:
        (x2, y2), (tx, ty) = centre(action.to), centre(action.target)
        ET.SubElement(svg, "line", x1=f"{x2:.1f}", y1=f"{y2:.1f}", x2=f"{tx:.1f}", y2=f"{ty:.1f}",
                      stroke=SHOT, attrib={"stroke-width": "2", "stroke-dasharray": "5,3", "class": "shot"})
    frame(svg, width=size, top=0, bottom=size, heading=heading(game), legend=legend(game),
          background=BACKGROUND)
    ET.indent(svg)
    text = ET.tostring(svg, encoding="unicode")
    squares = _board(n, black_view, files, tuple(r.square(idx) for idx in obstacles), names)
    return text.replace(f'<g class="board">{_BOARD_SLOT}</g>', squares, 1)


_BOARD_SLOT = "board-squares"
"""Stands in the drawing for the squares until they are put in as cached text."""


@lru_cache(maxsize=32)
def _board(n: int, black_view: bool, files: tuple[str, ...], obstacles: tuple[tuple[int, int], ...],
           names: tuple[str, ...]) -> str:
    """The board's coordinates and squares as SVG text: they stay the same for a whole
    game, so they are drawn once and reused (most of a position's picture, and most
    of the time drawing it took; issue 29's club night)."""
    size = n * CELL + 2 * MARGIN
    group = ET.Element("g", attrib={"class": "board"})
    for i in range(n):
        x = MARGIN + i * CELL + CELL / 2
        label = files[i] if not black_view else files[n - 1 - i]
        for yy in (MARGIN - 6, size - 6):
            ET.SubElement(group, "text", x=f"{x:.0f}", y=str(yy), attrib={"font-size": "11",
                          "text-anchor": "middle", "font-family": "sans-serif"}).text = label
        ry = MARGIN + i * CELL + CELL / 2 + 4
        rank_label = str(n - i) if not black_view else str(i + 1)
        for rx in (MARGIN / 2, size - MARGIN / 2):
            ET.SubElement(group, "text", x=f"{rx:.0f}", y=f"{ry:.0f}", attrib={"font-size": "10",
                          "text-anchor": "middle", "font-family": "sans-serif"}).text = rank_label
    blocked = dict(zip(obstacles, names, strict=True))
    for idx in range(n * n):
        sq = (idx % n, idx // n)
        cx, cy = _centre(n, black_view, sq)
        name = blocked.get(sq)
        fill = OBSTACLE_FILL if name is not None else ("#e8e2d0" if (sq[0] + sq[1]) % 2 else "#dcd4bc")
        rect = ET.SubElement(group, "rect", x=f"{cx - CELL / 2:.0f}", y=f"{cy - CELL / 2:.0f}", width=str(CELL),
                             height=str(CELL), fill=fill, stroke="#b8ad90", attrib={"stroke-width": "0.5"})
        if name is not None:
            ET.SubElement(rect, "title").text = f"obstacle {name}"
    ET.indent(group, level=1)
    return ET.tostring(group, encoding="unicode").rstrip()


def _wreck(svg: ET.Element, at: tuple[float, float], game: TankChessGame, pid: int | None,
           square: str) -> None:
    """A wreck (TC-6.3): a light cross over the square and, on top of it, the code of
    the tank it was on a plate of its side's colour, so both stay legible. A wreck
    that came with the map has no code."""
    cx, cy = at
    g = ET.SubElement(svg, "g", attrib={"class": "wreck"})
    if pid is None:
        ET.SubElement(g, "title").text = f"wreck on {square}"
    else:
        side = game.players[game.pos.side[pid]]
        code = game.rules.cards[game.pos.kind[pid]].id
        ET.SubElement(g, "title").text = f"wreck of {side}'s {code} on {square}"
    k = CELL * 0.36
    for dx in (-k, k):
        ET.SubElement(g, "line", x1=f"{cx - dx:.1f}", y1=f"{cy - k:.1f}", x2=f"{cx + dx:.1f}",
                      y2=f"{cy + k:.1f}", stroke=WRECK_CROSS, attrib={"stroke-width": "3",
                                                                      "class": "wreck-cross"})
    if pid is None:
        return
    white = game.pos.side[pid] == 0
    _plate(g, cx, cy, code, white)


def _plate(parent: ET.Element, cx: float, cy: float, code: str, white: bool) -> None:
    """A wreck's code on a small plate centred on (cx, cy)."""
    w, h = max(16.0, 6.5 * len(code) + 6), 13.0
    ET.SubElement(parent, "rect", x=f"{cx - w / 2:.1f}", y=f"{cy - h / 2:.1f}", width=f"{w:.1f}",
                  height=f"{h:.1f}", rx="2", fill=WHITE_FILL if white else "#555", stroke="#666",
                  attrib={"class": "wreck-plate"})
    ET.SubElement(parent, "text", x=f"{cx:.1f}", y=f"{cy + 3.5:.1f}", fill="#222" if white else "#fff",
                  attrib={"font-size": "9", "text-anchor": "middle", "font-family": "sans-serif",
                          "font-weight": "bold", "class": "wreck-code"}).text = code


def heading(game: TankChessGame) -> list[HeadingLine]:
    """The map; the move number (full moves, TC-7.4) and who is to move, or the
    result; the last move as the record writes it (numbered by half-moves, as the
    terminal's log); its CHECK (TC-8.1) and ESCAPE (TC-8.2) as the game announced them."""
    plies = game.plies_before + len(game.history)
    lines = [HeadingLine(f"Tank Chess: {game.layout.title or game.layout.name}")]
    outcome = game.outcome()
    if outcome is None:
        lines.append(HeadingLine(f"move {plies // 2 + 1}: {game.players[game.to_move()]} to move"))
    else:
        lines.append(HeadingLine(f"game over: {outcome.reason}"))
    action = game.last_move()
    if action is not None:
        step = game.history[-1]
        lines.append(HeadingLine(f"last move: {plies}. {game.players[step.player]} "
                                 f"{game.format_action(action)}{game.annotation(step.events)}"))
    if outcome is not None:
        return lines
    mover, other = game.players[1 - game.to_move()], game.players[game.to_move()]
    for kind, data in _announced(game):
        if kind == "check":
            threat = (f"{mover}'s {data['piece']} on {data['from']} threatens {other}'s Command Tank "
                      f"on {data['target']}" if "piece" in data else f"{mover} threatens {other}'s Command Tank")
            lines.append(HeadingLine(f"CHECK (TC-8.1): {threat}", alert=True))
        else:
            lines.append(HeadingLine(f"ESCAPE (TC-8.2): {mover}'s Command Tank can leave the board "
                                     "next turn", alert=True))
    return lines


def _announced(game: TankChessGame) -> list[tuple[str, dict[str, str]]]:
    """The last move's announcements: its ``check``/``escape`` events; for a game set
    up from a position (no move played yet), the game's own :meth:`announcements`."""
    if game.history:
        return [(e.kind, {k: str(v) for k, v in e.data.items()})
                for e in game.history[-1].events if e.kind in ("check", "escape")]
    check, escape = game.announcements()
    none: dict[str, str] = {}
    return [("check", none)] * check + [("escape", none)] * escape


def legend(game: TankChessGame) -> list[LegendItem]:
    """A sample and a meaning for every symbol the picture uses, and the card codes."""
    s = 16
    disc = {"cx": "8", "cy": "8", "r": "7", "stroke": "#000"}
    cross = [ET.Element("line", x1=str(a), y1="1", x2=str(s - a), y2=str(s - 1), stroke=WRECK_CROSS,
                        attrib={"stroke-width": "2.5"}) for a in (1, s - 1)]
    plate = [ET.Element("rect", x="2", y="4", width="12", height="8", rx="1", fill=WHITE_FILL, stroke="#666")]
    cards = ", ".join(f"{c.id} {c.name}" + (" (the Command Tank, TC-7.1)" if c.command else "") for c in game.rules.cards)
    return [
        LegendItem("white tank", [ET.Element("circle", attrib={**disc, "fill": WHITE_FILL})]),
        LegendItem("black tank", [ET.Element("circle", attrib={**disc, "fill": BLACK_FILL})]),
        LegendItem("facing (the arrow on a tank)",
                   [ET.Element("polygon", points="2,3 14,8 2,13", fill=FACING_FILL)]),
        LegendItem("obstacle", [ET.Element("rect", x="0", y="0", width="16", height="16", fill=OBSTACLE_FILL)]),
        LegendItem("last move", [ET.Element("line", x1="0", y1="8", x2="16", y2="8", stroke=LAST_MOVE,
                                            opacity="0.7", attrib={"stroke-width": "4"})]),
        LegendItem("its shot", [ET.Element("line", x1="0", y1="8", x2="16", y2="8", stroke=SHOT,
                                           attrib={"stroke-width": "2", "stroke-dasharray": "5,3"})]),
        LegendItem("wreck (TC-6.3): the code of the tank it was, on a plate of its side's colour",
                   [*cross, *plate]),
        LegendItem(f"codes: {cards}"),
    ]
