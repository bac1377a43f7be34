"""The picture a player reads on its own (issue 19 item 15): the SVG's heading
(map, move number, side to move, the last move, CHECK / ESCAPE or the result),
its legend, a wreck whose code stays legible, and the compact text board's key;
and the pieces drawn, not lettered (issue 58.1): each a top-down drawing of its
own card, turned to its facing by the art contract, wrecks burnt-out hulls."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.data import load_document
from core.grid.square import DELTAS
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.cards import cards_from_data, shipped_cards
from rulesets.tank_chess.game import TankChessGame
from rulesets.tank_chess.svg import CELL, MARGIN, heading, shape
from tests.svg import NS, group, picture
from tests.svg import pieces as _pieces
from tests.svg import pose as _pose
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
    return picture(RULESET.render_svg(game))


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


def test_issue58_1_legend_shows_each_cards_drawing_and_every_symbol() -> None:
    """Each card on the board and every symbol; a card the board has none of is left out
    (playtest: a 16x16 game's legend listed a TD and an HM)."""
    small = " ".join(_lines(_picture(_wreck_and_check()), "legend"))
    assert "HT Heavy Tank" in small and "TD Tank Destroyer" not in small and "HM Heavy" not in small
    assert "LT Light Tank" not in small and "wreck (TC-6.3)" in small
    root = _picture(RULESET.new_game("crossroads-20"))
    text = " ".join(_lines(root, "legend"))
    for symbol in ("HT Heavy Tank", "MT Medium Tank", "LT Light Tank",
                   "CLT Command (Light) Tank (the Command Tank, TC-7.1)", "TD Tank Destroyer", "HM Heavy Mortar",
                   "white", "black; a tank faces where its gun points", "obstacle", "last move: its from and to squares",
                   "its shot",
                   "wreck (TC-6.3): the burnt-out hull"):
        assert symbol in text, symbol
    drawings = [g.get("class", "") for g in group(root, "legend").iter(f"{NS}g")
                if "tank-art" in (g.get("class") or "")]
    for kind in ("tank", "destroyer", "mortar", "command", "wreck"):
        assert any(kind in c.split() for c in drawings), kind
    assert "facing (the arrow" not in text  # the gun shows the facing now


SCREEN = {"N": -90.0, "NE": -45.0, "E": 0.0, "SE": 45.0, "S": 90.0, "SW": 135.0, "W": 180.0, "NW": -135.0}
"""Where each facing points on the drawing from White's side (SVG degrees, clockwise from east)."""
COMPASS = {(0, 1): "N", (1, 1): "NE", (1, 0): "E", (1, -1): "SE", (0, -1): "S", (-1, -1): "SW", (-1, 0): "W",
           (-1, 1): "NW"}
"""A facing's name from its step (file, rank)."""


@pytest.mark.parametrize("origin", ["white", "black"])
def test_issue58_1_each_piece_is_one_contract_group_turned_to_its_facing(origin: str) -> None:
    """Every live piece: ``tt-piece``, ``data-piece`` its index, centred on its square,
    turned so its gun (+x of the drawing) points along its facing as the board is seen
    (Black's side at the bottom turns every facing round); its code on an upright
    badge and in its title; no separate facing arrow."""
    facings = {"d6": "E", "a8": "S", "g1": "NW"}
    g = board(WRECK_AND_CHECK, facings, **{"coordinates__origin": origin})
    root = _picture(g)
    pieces = _pieces(root)
    pos, r, n = g.pos, g.rules, g.rules.files
    assert set(pieces) == {f"tc-{pid}" for pid in range(len(pos.kind))}
    # the coordinates inside the edge squares are written over the pieces (playtest: the
    # first rank's tanks hid their file letters), with a light edge to read on a hull
    order = [c.get("class") or "" for c in root]
    over = order.index("tc-coords-over")
    assert over > max(i for i, c in enumerate(order) if "tt-piece" in c)
    assert all(g.get("paint-order") == "stroke" for g in root[over] if "tc-coords-in" in (g.get("class") or ""))
    for pid in range(len(pos.kind)):
        piece = pieces[f"tc-{pid}"]
        x, y, deg = _pose(piece)
        f, rank = r.square(pos.sq[pid])
        if origin == "black":
            f, rank = n - 1 - f, n - 1 - rank
        assert (x, y) == (MARGIN + f * CELL + CELL / 2, MARGIN + (n - 1 - rank) * CELL + CELL / 2)
        name = g.square_name(r.square(pos.sq[pid]))
        compass = COMPASS[DELTAS[pos.face[pid]]]
        if origin == "white":
            assert compass == facings.get(name, "N"), "the grid's facings as set"
        want = SCREEN[compass] + (180 if origin == "black" else 0)
        assert math.isclose((deg - want + 540) % 360 - 180, 0, abs_tol=1e-6), (name, deg, want)
        code = r.cards[pos.kind[pid]].id
        assert piece.get("data-code") == code and code in (piece.findtext(f"{NS}title") or "")
        assert [t.text for t in piece.iter(f"{NS}text")] == [code], "the code on its badge"
        badge = next(b for b in piece.iter(f"{NS}g") if b.get("class") == "badge")
        assert badge.get("transform", "").endswith(f"rotate({-deg:g})"), "the badge stays upright"
        # its plate stays inside its own square (playtest: "CLT" reached the next square's
        # corner, where the first rank's file letters stand)
        plate = next(piece_rect for piece_rect in badge.iter(f"{NS}rect"))
        bx, by = (float(v) for v in badge.get("transform", "").split("(")[1].split(")")[0].split())
        a = math.radians(deg)
        screen_x = bx * math.cos(a) - by * math.sin(a)  # the badge's centre on the screen, from the piece's
        half = float(plate.get("width", 0)) / 2
        assert screen_x + half <= CELL / 2 and screen_x - half >= -CELL / 2, (code, screen_x, half)
        assert not any(p.get("class") == "facing" for p in piece.iter()), "no separate arrow"
        # the coordinates name its square, in the frame and inside the edge squares
        # (issue 58.8; with Black's side drawn at the bottom the ranks were numbered upside down)
        assert _coordinates(root, "tc-coords-frame", x, y) == (name[0], name[1:]), name
        assert _coordinates(root, "tc-coords-in", x, y) == (name[0], name[1:]), name


def _coordinates(root: ET.Element, cls: str, x: float, y: float) -> tuple[str, str]:
    """The file letter under the square centred at (``x``, ``y``) and the rank number
    beside it, read from the texts of class ``cls`` (the set read from White's side)."""
    def cell(v: float) -> int:
        return math.floor((v - MARGIN) / CELL)

    groups = [g for g in root.iter() if cls in (g.get("class") or "").split()
              and "tc-coords-top" not in (g.get("class") or "")]
    texts = [(float(t.get("x", 0)), float(t.get("y", 0)), t.text or "")
             for g in groups for t in ([g] if g.tag == f"{NS}text" else g.iter(f"{NS}text"))]
    files = [t for tx, _, t in texts if t.isalpha() and cell(tx) == cell(x)]
    ranks = [t for tx, ty, t in texts if t.isdigit() and cell(tx) <= 0 and cell(ty - 4) == cell(y)]
    return files[0], ranks[0]


def test_issue58_1_each_card_gets_its_own_shape_from_its_values() -> None:
    cards = shipped_cards()
    got = {cid: shape(cards[cid]) for cid in ("HT", "MT", "LT", "CLT", "TD", "HM")}
    assert [got[c].kind for c in got] == ["tank", "tank", "tank", "tank", "destroyer", "mortar"]
    assert got["HT"].turret == "faceted" and got["MT"].turret == "round"
    assert got["CLT"].command and not any(got[c].command for c in ("HT", "MT", "LT", "TD", "HM"))
    assert got["HT"].length > got["MT"].length > got["LT"].length
    assert got["HT"].gun > got["MT"].gun > got["LT"].gun


def test_issue58_4_a_new_card_gets_a_drawing_without_new_art() -> None:
    """A card authored in YAML is drawn from its values: one that fires only forward is a
    casemate destroyer, one with indirect fire a mortar carrier."""
    new = cards_from_data([
        {"id": "SPG", "name": "Assault Gun", "speed": 3, "armour": {"front": 4, "side": 1, "rear": 0}, "gun": 3,
         "fires": ["forward"]},
        {"id": "RKT", "name": "Rocket Carrier", "speed": 3, "armour": {"front": 0, "side": 0, "rear": 0}, "gun": 4,
         "fires": ["forward"], "indirect": {"min": 2, "max": 6}},
    ], shipped_cards())
    assert shape(new["SPG"]).kind == "destroyer" and shape(new["RKT"]).kind == "mortar"
    assert shape(new["SPG"]).length > shape(shipped_cards()["TD"]).length


def test_tc_6_3_issue58_1_a_wreck_is_a_burnt_out_hull_keeping_its_piece_id_and_code() -> None:
    g = board(WRECK_AND_CHECK, {"d6": "E", "a8": "S"})
    before = next(p for p in _pieces(_picture(g)).values() if "black" in p.get("class", "").split()
                  and p.get("data-code") == "MT")
    g.apply_text("HT g1-g3:NW xd6")
    root = _picture(g)
    wreck = group(root, "tt-piece tt-wreck wreck black")
    assert wreck.findtext(f"{NS}title") == "wreck of black's MT on d6"
    assert wreck.get("data-piece") == before.get("data-piece") and wreck.get("data-code") == "MT"
    art = [e for e in wreck.iter(f"{NS}g") if "tank-art" in (e.get("class") or "")]
    assert len(art) == 1 and "wreck" in art[0].get("class", "").split()
    assert any(e.get("class") == "scorch" for e in wreck.iter())
    code = next(t for t in wreck.iter(f"{NS}text") if t.get("class") == "wreck-code")
    assert code.text == "MT" and code.get("fill") == "#ffffff"  # white on black's dark plate
    assert _pose(wreck) == (MARGIN + 3 * CELL + CELL / 2, MARGIN + 2 * CELL + CELL / 2, 0)  # on d6, facing E
    # hidden playtest of issues 58/59: a white wreck read as a live black tank; the hull is
    # outlined in its side's paint and crossed
    side = next(e for e in wreck.iter(f"{NS}rect") if e.get("class") == "wreck-side")
    assert side.get("stroke") == "#3b3f45" and side.get("fill") == "none"  # black's body paint
    assert any(e.get("class") == "wreck-cross" for e in wreck.iter(f"{NS}path"))


def _last_move_squares(root: ET.Element) -> list[tuple[str, float, float]]:
    return [(e.get("class", ""), float(e.get("x", "0")), float(e.get("y", "0")))
            for e in root.iter(f"{NS}rect") if "last-move" in (e.get("class") or "").split()]


def test_playtest_last_move_marks_its_from_and_to_squares_and_a_turn_in_place() -> None:
    """Hidden playtest of issues 58/59: a line from start to end crossed the obstacle the
    tank drove round, and a turn in place left no mark: the from and to squares are tinted
    (as lichess does), a turn in place its one square; no last-move line is drawn."""
    g = board(WRECK_AND_CHECK, {"d6": "E", "a8": "S"})
    g.apply_text("HT g1-g3:NW xd6")
    root = _picture(g)
    top = MARGIN + 7 * CELL  # rank 1's top edge on White's side
    assert _last_move_squares(root) == [("last-move last-move-from", MARGIN + 6 * CELL, top),
                                        ("last-move last-move-to", MARGIN + 6 * CELL, top - 2 * CELL)]
    assert not [e for e in root.iter(f"{NS}line") if e.get("class") == "last-move"]
    g.apply_text("CLT a8-a8:E")  # Black turns in place
    assert _last_move_squares(_picture(g)) == [("last-move last-move-from", MARGIN, MARGIN)]


def test_issue58_5_obstacles_are_concrete_blocks_on_a_framed_two_tone_board() -> None:
    root = _picture(_wreck_and_check())
    blocks = [g for g in root.iter(f"{NS}g") if g.get("class") == "obstacle"]
    assert [b.findtext(f"{NS}title") for b in blocks] == ["obstacle d4"]
    assert len(list(blocks[0].iter(f"{NS}polygon"))) == 2  # lit and shaded faces
    board_group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "board")
    assert any(r.get("class") == "frame" for r in board_group.iter(f"{NS}rect"))
    fills = {r.get("fill") for r in board_group.findall(f"{NS}rect") if r.get("width") == str(CELL)}
    assert len(fills) == 2


def test_heading_and_legend_leave_the_boards_coordinates() -> None:
    """The browser draws its overlays at MARGIN + CELL * square: the bands lie above
    and below the board, and the heading's band is what the viewBox adds on top."""
    root = _picture(_wreck_and_check())
    size = 8 * CELL + 2 * MARGIN
    band = int(group(root, "caption").get("data-band", ""))
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x0, y0, w) == (0, -band, size) and h > size + band
    assert root.get("height") == f"{h:.0f}"
    white_ht = next(g for g in root.iter(f"{NS}g") if g.get("class") == "piece white tt-piece"
                    and g.get("data-code") == "HT")
    assert _pose(white_ht)[:2] == (MARGIN + 6.5 * CELL, MARGIN + 5.5 * CELL)  # g3
    assert all(float(t.get("y", "")) < 0 for t in group(root, "caption").iter(f"{NS}text"))
    legend_top = min(int(g.get("transform", "").split(",")[1].rstrip(")"))
                     for g in group(root, "legend") if g.get("transform"))
    assert legend_top >= size


def test_compact_board_ends_with_a_key_of_what_is_on_it() -> None:
    """A decision's screen: one line naming the pieces' letters, the obstacles and a
    wreck by its example (TC-6.3), so ``xm`` is explained."""
    lines = _wreck_and_check().render_compact().splitlines()
    at = lines.index("    key: H=HT M=MT C=CLT, black lowercase; ## obstacle; xm wreck (black MT)")
    assert at == 9 and lines[at + 1].startswith("    last move: ")  # under the board, the CHECK told below
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
    assert quiet.render_compact().splitlines()[9] == "    key: C=CLT, black lowercase"


def test_compact_key_fits_80_columns_on_the_shipped_position() -> None:
    doc = load_document(POSITIONS / "check-on-standard-16.yaml")
    key = RULESET.from_position(doc.data).render_compact().splitlines()[17]  # under the board
    assert key == "    key: H=HT M=MT L=LT C=CLT, black lowercase; ## obstacle; xL wreck (white LT)"
    assert len(key) <= 80
    # several wreck kinds: the key names each one on the board, not just one of them
    # (a playtest game's key said only "xM wreck" beside xm and xl wrecks)
    for tank in doc.data["tanks"]:
        if (tank["side"], tank["square"]) in (("white", "h4"), ("black", "i15"), ("black", "m16")):
            tank["active"] = False
    lines = RULESET.from_position(doc.data).render_compact().splitlines()
    assert lines[17] == "    key: H=HT M=MT L=LT C=CLT, black lowercase; ## obstacle; xM xL xm xl wrecks"
    assert not lines[18].startswith("      ")  # one line: it fits
