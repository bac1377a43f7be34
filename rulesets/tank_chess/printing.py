"""Tank Chess on paper (issue 60.5): the piece cards, the board and a sheet of pieces.

The board prints as the screen draws it (:mod:`rulesets.tank_chess.svg`: framed
squares with coordinates, concrete obstacles, a map's wrecks), each square the
size ``data/print.yaml`` gives (the rulebook gives none). The pieces print as
square tokens a little smaller than a square, their gun showing their facing
(TC-4) and their code in the corner; each token's back is its wreck (TC-6.3),
so a destroyed tank is turned over where it stands.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from core.art.tanks import IVORY, Livery, counter
from core.printing.board import Board
from core.printing.cards import card_values, fit, local
from core.printing.sheets import CardFace, Counter, strip_shadow, turned
from core.svgframe import LegendItem

if TYPE_CHECKING:
    from rulesets.tank_chess.cards import Card
    from rulesets.tank_chess.game import TankChessGame
    from rulesets.tank_chess.svg import Shape

TITLE = "Tank Chess"
ACCENT = "#5b4a36"
TOKEN = 0.9
"""A piece's token: this share of a square's side."""


def card_face(card: Card) -> CardFace:
    """One piece's card: name, code, its drawing (white's livery), its values (TC-2)."""
    from rulesets.tank_chess.svg import piece_drawing, shape

    sh = shape(card)

    def art(w: float, h: float) -> ET.Element:
        return fit(piece_drawing(card, IVORY, scale=1.0), sh.length + 2 * sh.gun, sh.width * 1.1, w, h)

    return CardFace(title=card.name, subtitle=f"code {card.id} · letter {card.letter}" if getattr(card, "letter", "")
                    else f"code {card.id}", badge=card.id, badge_label="code",
                    values=card_values(card), art=art, footer=f"{TITLE} · piece card (TC-2)", accent=ACCENT)


def card_faces(cards: Mapping[str, Card]) -> list[CardFace]:
    return [card_face(c) for c in cards.values()]


def board(game: TankChessGame, *, square_mm: float, pieces: bool = False) -> Board:
    """The board of ``game``'s map, each square ``square_mm`` wide; with ``pieces`` the
    pieces where they start. Heading, legend and move lines are left out."""
    from rulesets.tank_chess.svg import CELL, MARGIN, render_svg

    root = local(ET.fromstring(render_svg(game)))
    drop = {"caption", "legend", "last-move", "shot"}
    for parent in list(root.iter()):
        for child in list(parent):
            classes = set((child.get("class") or "").split())
            piece = "tt-piece" in classes and not pieces
            if classes & drop or piece or (child.tag == "title" and parent is root):
                parent.remove(child)
    n = game.rules.files
    size = n * CELL + 2 * MARGIN
    g = ET.Element("g", {"class": "tc-board"})
    g.extend(list(root))
    name = game.layout.title or game.layout.name
    return Board(title=f"{TITLE}: {name}, {n} x {n} squares",
                 drawing=g, x=0.0, y=0.0, width=float(size), height=float(size), mm_per_unit=square_mm / CELL,
                 note=f"1 square = {square_mm:g} mm")


def _token(sh: Shape, livery: Livery, code: str, wreck: bool) -> Callable[[float], ET.Element]:
    """A piece's token; its wreck (the back) turned half round to face where the front did."""
    def draw(s: float) -> ET.Element:
        art = strip_shadow(counter(size=s, livery=livery, kind=sh.kind, turret=sh.turret,
                                   command=sh.command and not wreck, code=code, wreck=wreck,
                                   upright=180.0 if wreck else 0.0))
        return turned(art) if wreck else art
    return draw


def tokens(game: TankChessGame, *, square_mm: float) -> tuple[float, list[Counter]]:
    """(token side in mm, a token for every piece of the start position, white's then black's),
    each with its wreck on the back."""
    from rulesets.tank_chess.svg import LIVERY, shape

    pos = game.pos
    out = []
    for pid in sorted(range(len(pos.kind)), key=lambda p: (pos.side[p], pos.kind[p])):
        card = game.rules.cards[pos.kind[pid]]
        sh, livery = shape(card), LIVERY[pos.side[pid]]
        out.append(Counter(f"{game.players[pos.side[pid]]} {card.id} ({card.name})",
                           _token(sh, livery, card.id, False), _token(sh, livery, card.id, True)))
    return square_mm * TOKEN, out


def key(game: TankChessGame) -> list[LegendItem]:
    """The printed board's key: each piece's drawing and code, the sides, obstacles, wrecks
    (the screen legend without its last move and shot)."""
    from rulesets.tank_chess.svg import legend

    return [it for it in legend(game) if not it.label.startswith(("last move", "its shot"))]
