"""The picture a player reads on its own (issue 19 item 15): the SVG's heading
(map, move number, side to move, the last move, CHECK / ESCAPE or the result),
its legend, a wreck whose code stays legible, and the compact text board's key."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from core.data import load_document
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.svg import CELL, MARGIN, WRECK_CROSS, heading
from tests.svg import NS, group
from tests.tank_chess.helpers import board

POSITIONS = Path(__file__).resolve().parents[2] / "data" / "tank_chess" / "positions"

WRECK_AND_CHECK = """
c . . . . . . .
. . . . . . . .
. . . m . . . .
. . . . . . . .
. . . # . . . .
. . . . . . . .
. . . . . . . .
. . . . . . H C
"""


def _picture(game: TankChessGame) -> ET.Element:
    return ET.fromstring(RULESET.render_svg(game))


def _lines(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in group(root, cls).iter(f"{NS}text")]


def _heading(game: TankChessGame) -> list[str]:
    """The heading's lines, after checking the picture draws exactly them (wrapped
    to the board's width at spaces)."""
    lines = [line.text for line in heading(game)]
    assert " ".join(_lines(_picture(game), "caption")) == " ".join(lines)
    return lines


def _wreck_and_check() -> TankChessGame:
    g = board(WRECK_AND_CHECK, {"d6": "E", "a8": "S"})
    g.apply_text("HT g1-g3:NW xd6")  # destroys the MT (TC-6.3) and gives CHECK (TC-8.1)
    return g


def test_tc_8_1_heading_says_move_side_to_move_last_move_and_check() -> None:
    g = _wreck_and_check()
    assert _heading(g) == [
        "Tank Chess: position",
        "move 1: black to move",
        "last move: 1. white HT g1-g3:NW xd6+",
        "CHECK (TC-8.1): white's HT on g3 threatens black's Command Tank on a8",
    ]
    check = list(group(_picture(g), "caption").iter(f"{NS}text"))[-1]
    assert check.get("fill") == "#b00020" and check.get("font-weight") == "bold"


def test_tc_8_2_heading_announces_escape() -> None:
    g = board("""
c # . . . . . .
# # . . . . . .
. . . . . . . .
. . . . C . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""")
    g.apply_text("CLT e5-e6:N")
    assert _heading(g)[1:] == [
        "move 1: black to move",
        "last move: 1. white CLT e5-e6:N^",
        "ESCAPE (TC-8.2): white's Command Tank can leave the board next turn",
    ]


def test_tc_7_1_heading_says_game_over_and_no_side_to_move() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . C
""", {"d6": "E"})
    g.apply_text("HT d1-d2:N xd6")
    assert _heading(g) == [
        "Tank Chess: position",
        "game over: white destroyed black's Command Tank (TC-7.1)",
        "last move: 1. white HT d1-d2:N xd6",
    ]


def test_tc_8_1_heading_of_a_shipped_position_counts_its_moves_and_its_check() -> None:
    """A game set up from a position: the half-moves played before it count, and its
    CHECK is the one the position's last move gave (no move of this game yet)."""
    doc = load_document(POSITIONS / "check-on-standard-16.yaml")
    g = RULESET.from_position(doc.data)
    assert isinstance(g, TankChessGame)
    assert _heading(g)[1:] == [
        "move 15: white to move",  # 28 half-moves played
        "CHECK (TC-8.1): black threatens white's Command Tank",
    ]
    g.apply_text("HT b2-b3:N")
    assert _heading(g)[1:3] == ["move 15: black to move", "last move: 29. white HT b2-b3:N"]


def test_legend_names_every_symbol_and_the_card_codes() -> None:
    text = " ".join(_lines(_picture(_wreck_and_check()), "legend"))
    for symbol in ("white tank", "black tank", "facing", "obstacle", "last move", "its shot",
                   "wreck (TC-6.3): the code of the tank it was"):
        assert symbol in text, symbol
    assert text.endswith("codes: HT Heavy Tank, MT Medium Tank, LT Light Tank, CLT Command (Light) Tank "
                         "(the Command Tank, TC-7.1), TD Tank Destroyer, HM Heavy Mortar")


def test_tc_6_3_a_wrecks_code_is_drawn_on_a_plate_over_its_cross() -> None:
    root = _picture(_wreck_and_check())
    wreck = group(root, "wreck")
    children = list(wreck)
    kinds = [(c.tag.removeprefix(NS), c.get("class")) for c in children]
    assert kinds == [("title", None), ("line", "wreck-cross"), ("line", "wreck-cross"),
                     ("rect", "wreck-plate"), ("text", "wreck-code")]  # painted in this order
    assert children[0].text == "wreck of black's MT on d6"
    assert all(c.get("stroke") == WRECK_CROSS for c in children[1:3])
    plate, code = children[3], children[4]
    assert code.text == "MT" and plate.get("fill") == "#555" and code.get("fill") == "#fff"  # black's
    x, y = float(code.get("x", "")), float(code.get("y", ""))
    px, py = float(plate.get("x", "")), float(plate.get("y", ""))
    pw, ph = float(plate.get("width", "")), float(plate.get("height", ""))
    assert px < x - 6.5 and x + 6.5 < px + pw and py < y - 6 < y <= py + ph  # the code sits on the plate
    assert (px + pw / 2, py + ph / 2) == (MARGIN + 3 * CELL + CELL / 2, MARGIN + 2 * CELL + CELL / 2)  # on d6


def test_heading_and_legend_leave_the_boards_coordinates() -> None:
    """The browser draws its overlays at MARGIN + CELL * square: the bands lie above
    and below the board, and the heading's band is what the viewBox adds on top."""
    root = _picture(_wreck_and_check())
    size = 8 * CELL + 2 * MARGIN
    band = int(group(root, "caption").get("data-band", ""))
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x0, y0, w) == (0, -band, size) and h > size + band
    assert root.get("height") == f"{h:.0f}"
    white_ht = next(g for g in root.iter(f"{NS}g") if g.get("class") == "piece white"
                    and "HT" in (g.findtext(f"{NS}title") or ""))
    disc = white_ht.find(f"{NS}circle")
    assert disc is not None
    assert (float(disc.get("cx", "")), float(disc.get("cy", ""))) == (MARGIN + 6.5 * CELL, MARGIN + 5.5 * CELL)  # g3
    assert all(float(t.get("y", "")) < 0 for t in group(root, "caption").iter(f"{NS}text"))
    legend_top = min(int(g.get("transform", "").split(",")[1].rstrip(")"))
                     for g in group(root, "legend") if g.get("transform"))
    assert legend_top >= size


def test_compact_board_ends_with_a_key_of_what_is_on_it() -> None:
    """A decision's screen: one line naming the pieces' letters, the obstacles and a
    wreck by its example (TC-6.3), so ``xm`` is explained."""
    lines = _wreck_and_check().render_compact().splitlines()
    assert lines[-2] == "    key: H=HT M=MT C=CLT, black lowercase; ## obstacle; xm wreck (black MT)"
    assert "white UPPERCASE" not in "\n".join(lines)  # the full key stays on 'board'
    quiet = board("""
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
C . . . . . . .
""")
    assert quiet.render_compact().splitlines()[-1] == "    key: C=CLT, black lowercase"


def test_compact_key_fits_80_columns_on_the_shipped_position() -> None:
    doc = load_document(POSITIONS / "check-on-standard-16.yaml")
    key = RULESET.from_position(doc.data).render_compact().splitlines()[-1]
    assert key == "    key: H=HT M=MT L=LT C=CLT, black lowercase; ## obstacle; xL wreck (white LT)"
    assert len(key) <= 80
