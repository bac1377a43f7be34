"""SVG pictures of a position, built with the standard library's ElementTree.

Each piece is a top-down drawing of its own card (:mod:`core.art.tanks`): a
turreted tank, a casemate tank destroyer or an open-topped mortar carrier, as
the card's fire directions and indirect fire say, its size from its armour and
its barrel from its gun, in its side's livery, the Command Tank with a star and
pennant. Following the art contract of the browser's motion module, every
piece is one ``<g class="tt-piece" data-piece="tc-PID" transform="translate(X
Y) rotate(DEG)">`` centred on its square with its gun along +x before the turn,
so its facing is read from the gun; a small upright badge carries its code. A
destroyed piece keeps its ``data-piece`` and becomes a burnt-out hull
(``tt-wreck``) outlined in its side's paint and crossed, with its code on a
plate of its side's colour. Obstacles are
concrete blocks on a framed board of two-tone squares with coordinates; the
last move tints its from and to squares and its shot is a red line. A heading above the board says
the map, the move number, who is to move, the last move and its CHECK or
ESCAPE (TC-8), or the result; a legend below it shows every drawing
(:mod:`core.svgframe`). The board keeps its coordinates (``CELL``,
``MARGIN``): the browser table draws on them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from core.art.splice import Splice
from core.art.tanks import DARK, IVORY, Kind, Livery, badge, badge_width, top_down_tank
from core.grid.square import DELTAS
from core.svgframe import HeadingLine, LegendItem, frame
from rulesets.tank_chess.position import MAP_WRECK, OBSTACLE

if TYPE_CHECKING:
    from rulesets.tank_chess.cards import Card
    from rulesets.tank_chess.game import TankChessGame

CELL = 36
MARGIN = 20
BACKGROUND = "#f4f1e8"
LIGHT_SQUARE, DARK_SQUARE = "#e9e3d1", "#d8cfb6"
FRAME, FRAME_EDGE, FRAME_TEXT = "#5b4a36", "#3b2f22", "#f1e8d4"
CONCRETE, CONCRETE_LIT, CONCRETE_DARK = "#9c9a94", "#c4c2bb", "#6c6a65"
WHITE_FILL, BLACK_FILL = IVORY.body, DARK.body
LIVERY = (IVORY, DARK)
"""White's and Black's paint."""
LAST_MOVE, SHOT = "#1565c0", "#d32f2f"
COORD_INK = "#6f5c3e"
"""The inner coordinates' ink: the frame's brown, read on both square colours."""


@dataclass(frozen=True)
class Shape:
    """How a card is drawn (its size in squares): read from the card's own values, so
    a new card gets a drawing without new art."""

    kind: Kind
    length: float
    width: float
    gun: float
    turret: Literal["round", "faceted"]
    command: bool


MUZZLE = 0.6
"""How far (in squares) from its square's centre a muzzle may reach: a little into the
next square, as a long gun overhangs its hull."""


def shape(card: Card) -> Shape:
    """A card's drawing: indirect fire makes a mortar carrier, a gun that fires only
    forward a casemate tank destroyer (no turret, TC-5.1), anything else a turreted
    tank; thicker front armour a bigger hull (a faceted turret from 3 up), a stronger
    gun a longer barrel, kept inside the square's reach; ``command`` marks the
    Command Tank (TC-7.1)."""
    kind: Kind = ("mortar" if card.indirect is not None
                  else "destroyer" if card.fires == ["forward"] else "tank")
    front = min(card.armour.front, 4)
    length = 0.64 + 0.04 * front
    width = 0.54 + 0.04 * front
    breech = 0.28 * length if kind == "destroyer" else 0.04 * length + 0.17 * width  # where the barrel starts
    gun = 0.16 if kind == "mortar" else min(0.26 + 0.05 * card.gun, MUZZLE - breech)
    return Shape(kind, length, width, gun, "faceted" if front >= 3 else "round", card.command)


def facing_degrees(face: int, black_view: bool) -> float:
    """The screen angle (degrees clockwise from east) of a facing, as drawn."""
    df, dr = DELTAS[face]
    if black_view:
        df, dr = -df, -dr
    return round(math.degrees(math.atan2(-dr, df)), 3) + 0.0


def piece_drawing(card: Card, livery: Livery, *, wreck: bool = False, scale: float = CELL) -> ET.Element:
    """A card's drawing, ``scale`` to a square, centred with its gun along +x."""
    sh = shape(card)
    return top_down_tank(length=sh.length * scale, width=sh.width * scale, gun=sh.gun * scale, kind=sh.kind,
                         turret=sh.turret, livery=livery, command=sh.command, wreck=wreck)


def _upright(deg: float, ox: float, oy: float) -> tuple[float, float]:
    """Where a screen offset (ox, oy) lies in a piece's frame turned ``deg``."""
    a = math.radians(deg)
    return ox * math.cos(a) + oy * math.sin(a), -ox * math.sin(a) + oy * math.cos(a)


def _piece_group(parent: ET.Element, cls: str, pid: int | None, at: tuple[float, float], deg: float,
                 title: str) -> ET.Element:
    cx, cy = at
    attrib = {"class": cls, "transform": f"translate({cx:g} {cy:g}) rotate({deg:g})"}
    if pid is not None:
        attrib["data-piece"] = f"tc-{pid}"
    g = ET.SubElement(parent, "g", attrib)
    ET.SubElement(g, "title").text = title
    return g


BADGE = CELL * 0.25
"""The height of a piece's code plate."""


def _code_badge(g: ET.Element, code: str, livery: Livery, deg: float, cls: str = "code") -> None:
    """The piece's code on a small plate at the square's lower right, kept upright and
    inside its own square: a three-letter plate (CLT) reached over the edge onto the
    next square's corner, where the file letters of the first rank stand (playtest)."""
    right = CELL * 0.46 - badge_width(code, BADGE) / 2
    bx, by = _upright(deg, min(CELL * 0.29, right), CELL * 0.35)
    g.append(badge(code, x=bx, y=by, size=BADGE, livery=livery, angle=-deg, cls=cls))


def square_centre(game: TankChessGame, sq: tuple[int, int]) -> tuple[float, float]:
    """The centre of square ``sq`` on the drawing (turned round when black's side
    is the bottom of the board); the browser's clickable places use it too."""
    return _centre(game.rules.files, game.settings.coordinates.origin == "black", sq)


def _centre(n: int, black_view: bool, sq: tuple[int, int]) -> tuple[float, float]:
    f, rank = sq
    if black_view:
        f, rank = n - 1 - f, n - 1 - rank
    return MARGIN + f * CELL + CELL / 2, MARGIN + (n - 1 - rank) * CELL + CELL / 2


def render_svg(game: TankChessGame, *, reuse_pieces: bool = True) -> str:
    """The position as SVG text. ``reuse_pieces``: each standing piece's written
    text is kept (:func:`_piece_text`) and put in its place, as most pieces stand
    still from one move to the next (issue 61.6); ``False`` builds every piece
    inline -- the same text, which the tests hold the kept one to."""
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

    splice = Splice()
    svg.append(splice.defs())
    board = ET.SubElement(svg, "g", attrib={"class": "board"})
    board.text = _BOARD_SLOT
    obstacles = tuple(idx for idx in range(r.n) if pos.cell[idx] == OBSTACLE)
    files = tuple(game.square_name((i, 0))[0] for i in range(n))
    names = tuple(game.square_name(r.square(idx)) for idx in obstacles)
    for idx in range(r.n):
        c = pos.cell[idx]
        if c == MAP_WRECK or (c > 0 and not pos.alive[c - 1]):
            sq = r.square(idx)
            _wreck(svg, centre(sq), game, c - 1 if c > 0 else None, game.square_name(sq), black_view, splice)
    action = game.last_move()
    if action is not None:  # under the pieces, so the moved tank's code stays readable
        # its from and to squares tinted, as lichess marks them: a line from one to the
        # other ran through the obstacle a tank had driven round, and a turn in place
        # (from = to) left no mark at all (hidden playtest of issues 58/59)
        marked = [("last-move last-move-from", action.frm)]
        if action.to is not None and action.to != action.frm:
            marked.append(("last-move last-move-to", action.to))
        for cls, sq in marked:
            x, y = xy(sq)
            ET.SubElement(svg, "rect", x=f"{x:.1f}", y=f"{y:.1f}", width=str(CELL), height=str(CELL),
                          fill=LAST_MOVE, opacity="0.28", attrib={"class": cls})
    for pid in range(len(pos.kind)):
        if not pos.alive[pid] or pos.sq[pid] < 0:
            continue
        sq = r.square(pos.sq[pid])
        cx, cy = centre(sq)
        white = pos.side[pid] == 0
        side = "white" if white else "black"
        card = r.cards[pos.kind[pid]]
        deg = facing_degrees(pos.face[pid], black_view)
        title = f"{game.players[pos.side[pid]]} {card.id} ({card.name}) {game.square_name(sq)}"
        if reuse_pieces:  # the drawing is still registered here, so the defs keep their order
            href = _art_slot(ET.Element("g"), card, pos.side[pid], False, splice).get("href", "")
            svg.append(splice.text_stand_in(_piece_text(pid, pos.side[pid], card.id, (cx, cy), deg, title, href)))
            continue
        g = _piece_group(svg, f"piece {side} tt-piece", pid, (cx, cy), deg, title)
        g.set("data-code", card.id)
        _art_slot(g, card, pos.side[pid], False, splice)
        _code_badge(g, card.id, LIVERY[pos.side[pid]], deg)
    if action is not None and action.target is not None and action.to is not None:
        (x2, y2), (tx, ty) = centre(action.to), centre(action.target)
        ET.SubElement(svg, "line", x1=f"{x2:.1f}", y1=f"{y2:.1f}", x2=f"{tx:.1f}", y2=f"{ty:.1f}",
                      stroke=SHOT, attrib={"stroke-width": "2", "stroke-dasharray": "5,3", "class": "shot"})
    # the coordinates inside the edge squares over the pieces, as lichess writes them: under
    # them the first rank's tanks hid their file letters (playtest)
    ET.SubElement(svg, "g", attrib={"class": "tc-coords-over"}).text = _COORDS_SLOT
    frame(svg, width=size, top=0, bottom=size, heading=heading(game), legend=legend(game, splice),
          background=BACKGROUND)
    # the squares' own box: the browser table may crop the frame round it (issue 58.8)
    svg.set("data-field", f"{MARGIN} {MARGIN} {n * CELL} {n * CELL}")
    # and its squares a side: a square's name counts from the drawing's bottom left
    # whichever side is drawn there, so the page can draw from any square (a shooter's)
    svg.set("data-grid", str(n))
    ET.indent(svg)
    text = ET.tostring(svg, encoding="unicode")
    squares = _board(n, black_view, files, tuple(r.square(idx) for idx in obstacles), names)
    text = splice.fill(text)
    text = text.replace(f'<g class="tc-coords-over">{_COORDS_SLOT}</g>', _over_coordinates(n), 1)
    return text.replace(f'<g class="board">{_BOARD_SLOT}</g>', squares, 1)


@lru_cache(maxsize=1024)
def _piece_text(pid: int, side: int, code: str, at: tuple[float, float], deg: float, title: str,
                href: str) -> str:
    """A standing piece's group as :func:`render_svg` writes it inline (indented as a
    child of the ``<svg>``): built and written once for its square, facing and
    drawing (``href``, the ``<use>`` of its art). A move changes one or two pieces,
    and building and writing ~20 pieces was a third of a picture's time."""
    g = _piece_group(ET.Element("svg"), f"piece {'white' if side == 0 else 'black'} tt-piece", pid, at, deg, title)
    g.set("data-code", code)
    ET.SubElement(g, "use", href=href)
    _code_badge(g, code, LIVERY[side], deg)
    ET.indent(g, level=1)
    return ET.tostring(g, encoding="unicode")


def _art_slot(g: ET.Element, card: Card, side: int, wreck: bool, splice: Splice) -> ET.Element:
    """The drawing of ``card`` (side ``side``, burnt out or not) as a ``<use>`` of its one
    copy in the picture's defs: the same few drawings recur on every board, so each
    is built and written once (:mod:`core.art.splice`) and sent once a picture."""
    sh = shape(card)
    return splice.use(g, ("tc-art", sh, side, wreck), lambda: top_down_tank(
        length=sh.length * CELL, width=sh.width * CELL, gun=sh.gun * CELL, kind=sh.kind, turret=sh.turret,
        livery=LIVERY[side], command=sh.command, wreck=wreck))


_BOARD_SLOT = "board-squares"
"""Stands in the drawing for the squares until they are put in as cached text."""

_COORDS_SLOT = "board-coordinates"
"""Stands in the drawing for the coordinates over the pieces (:func:`_over_coordinates`)."""

COORD_HALO = LIGHT_SQUARE
"""The light edge round a coordinate written over a piece, so that it reads on a dark hull."""


@lru_cache(maxsize=8)
def _over_coordinates(n: int) -> str:
    """The coordinates inside the edge squares (:func:`_inner_coordinates`) as SVG text,
    the same for every picture of an ``n``-square board: drawn once."""
    group = ET.Element("g", attrib={"class": "tc-coords-over"})
    _inner_coordinates(group, n)
    ET.indent(group, level=1)
    return ET.tostring(group, encoding="unicode").rstrip()


@lru_cache(maxsize=32)
def _board(n: int, black_view: bool, files: tuple[str, ...], obstacles: tuple[tuple[int, int], ...],
           names: tuple[str, ...]) -> str:
    """The board's coordinates and squares as SVG text: they stay the same for a whole
    game, so they are drawn once and reused (most of a position's picture, and most
    of the time drawing it took; issue 29's club night)."""
    size = n * CELL + 2 * MARGIN
    group = ET.Element("g", attrib={"class": "board"})
    ET.SubElement(group, "rect", x="1", y="1", width=str(size - 2), height=str(size - 2), rx="4", fill=FRAME,
                  stroke=FRAME_EDGE, attrib={"stroke-width": "2", "class": "frame"})
    ET.SubElement(group, "rect", x=str(MARGIN - 2), y=str(MARGIN - 2), width=str(n * CELL + 4),
                  height=str(n * CELL + 4), fill=FRAME_EDGE)
    for i in range(n):
        x = MARGIN + i * CELL + CELL / 2
        label = files[i] if not black_view else files[n - 1 - i]
        for yy in (MARGIN - 6, size - 6):
            ET.SubElement(group, "text", x=f"{x:.0f}", y=str(yy), fill=FRAME_TEXT, attrib={
                "font-size": "11", "text-anchor": "middle", "font-family": "sans-serif",
                "class": "tc-coords-frame"}).text = label
        ry = MARGIN + i * CELL + CELL / 2 + 4
        rank_label = str(n - i)  # a square's name counts from the bottom either way (notation.square_name)
        for rx in (MARGIN / 2, size - MARGIN / 2):
            ET.SubElement(group, "text", x=f"{rx:.0f}", y=f"{ry:.0f}", fill=FRAME_TEXT, attrib={
                "font-size": "10", "text-anchor": "middle", "font-family": "sans-serif",
                "class": "tc-coords-frame"}).text = rank_label
    blocked = dict(zip(obstacles, names, strict=True))
    for idx in range(n * n):
        sq = (idx % n, idx // n)
        cx, cy = _centre(n, black_view, sq)
        name = blocked.get(sq)
        x, y = cx - CELL / 2, cy - CELL / 2
        if name is not None:
            block = ET.SubElement(group, "g", attrib={"class": "obstacle"})
            ET.SubElement(block, "title").text = f"obstacle {name}"
            _concrete(block, x, y, sq[0] * 31 + sq[1] * 17)
            continue
        ET.SubElement(group, "rect", x=f"{x:.0f}", y=f"{y:.0f}", width=str(CELL), height=str(CELL),
                      fill=LIGHT_SQUARE if (sq[0] + sq[1]) % 2 else DARK_SQUARE)
    ET.indent(group, level=1)
    return ET.tostring(group, encoding="unicode").rstrip()


INNER_COORDS = ("tc-coords-in tc-coords-bottom", "tc-coords-in tc-coords-top")
"""The two sets of coordinates written inside the edge squares (issue 58.8): the
browser table crops the frame away to give the squares their 40 px, and shows the
set along the screen's foot and left edge (the drawing's bottom and left, or, on a
board turned round for the other side, its top and right). Hidden elsewhere."""


def _inner_coordinates(group: ET.Element, n: int) -> None:
    """Coordinates inside the edge squares, as on lichess: small bold letters in
    corners a piece's code plate leaves free (it sits at its square's lower right),
    drawn over the pieces with a light edge; ``display="none"`` unless the page
    shows them. The second set is read on a board the page turned round: its
    letters stand in the drawing's top row and its numbers in its right column,
    at the corners that come to the screen's foot."""
    font = CELL * 0.24
    inset = CELL * 0.07
    for turned, cls in enumerate(INNER_COORDS):
        sub = ET.SubElement(group, "g", attrib={"class": cls, "display": "none", "font-family": "sans-serif",
                                                "font-weight": "bold", "font-size": f"{font:g}",
                                                "stroke": COORD_HALO, "stroke-width": f"{font * 0.22:.2f}",
                                                "stroke-linejoin": "round", "paint-order": "stroke"})
        row = 0 if turned else n - 1   # the drawing's row holding the file letters
        col = n - 1 if turned else 0   # the drawing's column holding the rank numbers
        for i in range(n):
            for c, r, is_file in ((i, row, True), (col, i, False)):
                # names count from the drawing's bottom left, whichever side is drawn there
                f, rank = c, n - 1 - r
                x, y = MARGIN + c * CELL, MARGIN + r * CELL
                if is_file:   # bottom-left corner; turned, the drawing's top-left (the screen's bottom-right)
                    at = (x + inset, y + CELL - inset) if not turned else (x + inset, y + inset + font * 0.8)
                    text, anchor = chr(ord("a") + f), "start"
                else:         # top-left corner; turned, the drawing's top-right (the screen's bottom-left)
                    at = (x + inset, y + inset + font * 0.8) if not turned else (x + CELL - inset, y + inset + font * 0.8)
                    text, anchor = str(rank + 1), "end" if turned else "start"
                ET.SubElement(sub, "text", x=f"{at[0]:.1f}", y=f"{at[1]:.1f}", fill=COORD_INK,
                              attrib={"text-anchor": anchor} if anchor != "start" else {}).text = text


def _wreck(svg: ET.Element, at: tuple[float, float], game: TankChessGame, pid: int | None,
           square: str, black_view: bool, splice: Splice) -> None:
    """A wreck (TC-6.3): the burnt-out hull of the tank it was, still facing as it died,
    with the tank's code on a plate of its side's colour; it keeps the piece's
    ``data-piece`` so the page shows the tank becoming its wreck. A wreck that came
    with the map is a burnt-out medium tank with no code and no piece id."""
    if pid is None:
        g = _piece_group(svg, "wreck map-wreck", None, at, 0.0, f"wreck on {square}")
        g.append(top_down_tank(length=CELL * 0.64, width=CELL * 0.56, gun=CELL * 0.2, livery=IVORY, wreck=True))
        return
    pos = game.pos
    side = "white" if pos.side[pid] == 0 else "black"
    card = game.rules.cards[pos.kind[pid]]
    deg = facing_degrees(pos.face[pid], black_view)
    g = _piece_group(svg, f"tt-piece tt-wreck wreck {side}", pid, at, deg,
                     f"wreck of {game.players[pos.side[pid]]}'s {card.id} on {square}")
    g.set("data-code", card.id)
    _art_slot(g, card, pos.side[pid], True, splice)
    _wreck_marks(g, card, LIVERY[pos.side[pid]])
    _code_badge(g, card.id, LIVERY[pos.side[pid]], deg, cls="wreck-code")


def _wreck_marks(g: ET.Element, card: Card, livery: Livery, scale: float = CELL) -> None:
    """The hull's outline in its side's paint over a dark edge, and a cross over it: the
    burnt hull alone is dark whichever side it was, and a white wreck read at a glance
    as a live black tank (hidden playtest of issues 58/59)."""
    sh, k = shape(card), scale / CELL
    hl, hw = sh.length * scale / 2, sh.width * scale / 2
    box = {"x": _n(-hl), "y": _n(-hw), "width": _n(2 * hl), "height": _n(2 * hw), "rx": _n(2 * k), "fill": "none"}
    ET.SubElement(g, "rect", attrib={**box, "stroke": "#000", "stroke-width": _n(4 * k), "opacity": "0.6"})
    ET.SubElement(g, "rect", attrib={**box, "stroke": livery.body, "stroke-width": _n(2.2 * k), "class": "wreck-side"})
    c = 0.7
    cross = f"M{_n(-hl * c)},{_n(-hw * c)} L{_n(hl * c)},{_n(hw * c)} M{_n(-hl * c)},{_n(hw * c)} L{_n(hl * c)},{_n(-hw * c)}"
    ET.SubElement(g, "path", d=cross, stroke="#b3261e", fill="none", opacity="0.85",
                  attrib={"stroke-width": _n(2.5 * k), "stroke-linecap": "round", "class": "wreck-cross"})


def _n(v: float) -> str:
    return f"{v:.1f}"


def _concrete(parent: ET.Element, x: float, y: float, key: int) -> None:
    """An obstacle square (x, y its top left) as a cast concrete block on a bed of
    rubble: lit top and left faces, shaded bottom and right, a crack and some stones
    placed by ``key`` so the same square always looks the same."""
    k = CELL * 0.12
    f = _n
    ET.SubElement(parent, "rect", x=f(x), y=f(y), width=str(CELL), height=str(CELL), fill="#b3aa94")
    for i in range(5):
        sx = x + CELL * (0.12 + 0.19 * ((key * 7 + i * 3) % 5))
        sy = y + CELL * (0.1 + 0.2 * ((key * 3 + i * 2) % 5))
        ET.SubElement(parent, "circle", cx=f(sx), cy=f(sy), r=f(CELL * 0.05), fill=CONCRETE_DARK)
    x0, y0, x1, y1 = x + k * 0.6, y + k * 0.6, x + CELL - k * 0.6, y + CELL - k * 0.6
    ET.SubElement(parent, "rect", x=f(x0 + 2), y=f(y0 + 2.5), width=f(x1 - x0), height=f(y1 - y0), fill="#000",
                  opacity="0.3")
    ET.SubElement(parent, "polygon", fill=CONCRETE_DARK,
                  points=f"{f(x0)},{f(y1)} {f(x1)},{f(y1)} {f(x1)},{f(y0)}")
    ET.SubElement(parent, "polygon", fill=CONCRETE_LIT,
                  points=f"{f(x0)},{f(y1)} {f(x0)},{f(y0)} {f(x1)},{f(y0)}")
    ET.SubElement(parent, "rect", x=f(x0 + k), y=f(y0 + k), width=f(x1 - x0 - 2 * k), height=f(y1 - y0 - 2 * k),
                  fill=CONCRETE)
    cx = x0 + k + (x1 - x0 - 2 * k) * (0.3 + 0.1 * (key % 4))
    ET.SubElement(parent, "polyline", fill="none", stroke=CONCRETE_DARK, attrib={"stroke-width": "0.8"},
                  points=f"{f(cx)},{f(y0 + k)} {f(cx + CELL * 0.08)},{f(y0 + CELL * 0.35)} "
                         f"{f(cx - CELL * 0.04)},{f(y0 + CELL * 0.55)}")


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


def legend(game: TankChessGame, splice: Splice | None = None) -> list[LegendItem]:
    """A sample and a meaning for every symbol the picture uses: the drawing, code and
    name of each card on the board, the sides' paint, obstacles, wrecks and the move lines."""
    def sample(card: Card, livery: Livery, wreck: bool = False) -> ET.Element:
        g = ET.Element("g", transform="translate(7 8)")
        if splice is None:
            g.append(piece_drawing(card, livery, wreck=wreck, scale=15))
        else:  # the same on every picture: built and written once
            splice.put(g, ("tc-sample", shape(card), livery, wreck),
                       lambda: piece_drawing(card, livery, wreck=wreck, scale=15))
        if wreck:
            _wreck_marks(g, card, livery, scale=15)
        return g

    def block() -> ET.Element:
        g = ET.Element("g", transform=f"scale({16 / CELL:.4f})")
        _concrete(g, 0, 0, 3)
        return g

    from rulesets.tank_chess.render import kinds_on_board

    # the cards on the board only (the browser's legend listed a TD and an HM the map has
    # none of, and its rows cost the board room at 1024x768: playtest)
    cards = [game.rules.cards[k] for k in kinds_on_board(game)]
    items = [LegendItem(f"{c.id} {c.name}" + (" (the Command Tank, TC-7.1)" if c.command else ""),
                        [sample(c, IVORY)]) for c in cards]
    first = cards[0]
    items += [
        LegendItem("white", [sample(first, IVORY)]),
        LegendItem("black; a tank faces where its gun points", [sample(first, DARK)]),
        LegendItem("obstacle", [block()]),
        LegendItem("last move: its from and to squares", [ET.Element("rect", x="1", y="1", width="14", height="14",
                                                                     fill=LAST_MOVE, opacity="0.28")]),
        LegendItem("its shot", [ET.Element("line", x1="0", y1="8", x2="16", y2="8", stroke=SHOT,
                                           attrib={"stroke-width": "2", "stroke-dasharray": "5,3"})]),
        LegendItem("wreck (TC-6.3): the burnt-out hull, crossed, outlined and its code plated in its side's colour",
                   [sample(first, IVORY, wreck=True)]),
    ]
    return items
