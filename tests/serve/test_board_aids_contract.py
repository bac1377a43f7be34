"""``Ruleset.board_aids`` / ``last_move_drawing`` / ``board_scale``: each shipped
ruleset places its legal actions on its own SVG, and a ruleset without the
hooks still plays in the browser with the list of moves only."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.serve.seatview import seat_state
from cli.serve.tables import HUMAN, Seat, Table
from core.board_aids import BoardScale, Place
from core.game import Action, Ruleset
from core.record import make_header
from core.registry import get_ruleset
from rulesets.battle_of_tanks.actions import Drive
from rulesets.battle_of_tanks.svg import SCALE
from rulesets.duel_of_the_giants.board import parse_hex
from rulesets.duel_of_the_giants.svg import SIZE
from rulesets.tank_chess.svg import CELL, MARGIN
from tests.toy import PigRuleset

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tic-tac-toe"


# ------------------------------------------------------------------ tank chess
def test_tank_chess_move_runs_from_square_centre_to_square_centre() -> None:
    """HT c1-b1 on the 16x16 board: c1 is the third file of the bottom rank."""
    ruleset = get_ruleset("tank-chess")
    game = ruleset.new_game(seed=4)
    move = game.parse_action("HT c1-b1:W")
    aids = ruleset.board_aids(game, [move], [""])
    assert aids is not None and aids.radius == CELL * 0.45
    (aid,) = aids.actions
    bottom = MARGIN + 15 * CELL + CELL / 2
    assert aid.start == Place("c1", (MARGIN + 2 * CELL + CELL / 2, bottom)) == Place("c1", (110.0, 578.0))
    assert aid.end == Place("b1", (74.0, 578.0))
    assert aid.drawing is None  # no shot


def test_tank_chess_starts_sit_on_the_pieces_the_svg_draws() -> None:
    """Every legal move starts on the centre of the drawing of its piece (its group's
    translate, issue 58.1's art contract), with white's side at the bottom and with
    black's (coordinates.origin)."""
    ruleset = get_ruleset("tank-chess")
    for origin in ("white", "black"):
        game = ruleset.new_game(options={"settings": {"coordinates.origin": origin}}, seed=4)
        drawn = {m[2]: (float(m[0]), float(m[1])) for m in re.findall(
            r'transform="translate\(([\d.]+) ([\d.]+)\) rotate\([^)]*\)"[^>]*>\s*<title>white [^<]* (\w+)</title>',
            ruleset.render_svg(game))}
        legal = game.legal_actions()
        aids = ruleset.board_aids(game, legal, [""] * len(legal))
        assert aids is not None and len(aids.actions) == len(legal)
        for aid in aids.actions:
            assert aid.start is not None and aid.start.at == drawn[aid.start.key]
            assert (aid.start.at[1] > 300) == (origin == "white")  # white's side at the bottom, or at the top


# ------------------------------------------------------------- battle of tanks
def _moving(ruleset: Ruleset) -> Any:
    game = ruleset.new_game(seed=5)  # seed 5: a draws the first chit
    game.apply(game.parse_action("t34#1 move"))
    return game


def test_bt_5_1_drive_ends_on_its_last_waypoint_in_svg_units() -> None:
    """BT-5.1: t34#1 (at 25,27.5 on a 120 cm deep table, move 40 cm) driving 3,4
    cm away: the path is 5 cm; the end is x*SCALE, (depth - y)*SCALE."""
    ruleset = get_ruleset("battle-of-tanks")
    game = _moving(ruleset)
    drive = Drive(((28.0, 31.5),))
    aids = ruleset.board_aids(game, [drive], [""])
    assert aids is not None
    (aid,) = aids.actions
    assert aid.start == Place("25,28", (25.0 * SCALE, (120.0 - 27.5) * SCALE))
    assert aid.end == Place("28,32", (28.0 * SCALE, (120.0 - 31.5) * SCALE)) == Place("28,32", (140.0, 442.5))
    assert aid.drawing is not None
    assert aid.drawing.path == (aid.start.at, aid.end.at)
    assert aid.drawing.label == "5.0 / 40 cm" and not aid.drawing.over


def test_bt_5_1_a_drive_beyond_the_allowance_is_drawn_over() -> None:
    ruleset = get_ruleset("battle-of-tanks")
    game = _moving(ruleset)
    aids = ruleset.board_aids(game, [Drive(((25.0, 27.5 + 45.0),))], [""])
    assert aids is not None and aids.actions[0].drawing is not None
    assert aids.actions[0].drawing.over and aids.actions[0].drawing.label == "45.0 / 40 cm"


def test_battle_of_tanks_scale_is_the_svgs() -> None:
    ruleset = get_ruleset("battle-of-tanks")
    assert ruleset.board_scale(ruleset.new_game(seed=4)) == BoardScale(SCALE, 120.0, 120.0)


# ---------------------------------------------------------- duel of the giants
def test_dg_9_5_marker_move_is_placed_and_drawn_through_its_hexes() -> None:
    """DG-9.5: ``marker h4-i5-i4`` starts on h4, ends on i4 and is drawn through
    the centres of h4, i5 and i4 (even rows are shifted half a hex east)."""
    ruleset = get_ruleset("duel-of-the-giants")
    game = ruleset.new_game(seed=4)
    move = game.parse_action("marker h4-i5-i4")
    aids = ruleset.board_aids(game, [move], ["note"])
    assert aids is not None and aids.radius == SIZE * 0.8
    (aid,) = aids.actions
    w = math.sqrt(3) * SIZE
    h4 = (8 * w + 10, 1.5 * SIZE * 3 + SIZE + 40)
    i5 = (8 * w + w / 2 + 10, 1.5 * SIZE * 4 + SIZE + 40)
    i4 = (9 * w + 10, h4[1])
    assert aid.start == Place("h4", pytest.approx(h4)) and aid.end == Place("i4", pytest.approx(i4))
    assert aid.drawing is not None and aid.drawing.label == "note"
    assert [pytest.approx(p) for p in (h4, i5, i4)] == list(aid.drawing.path)


def test_duel_places_sit_on_the_hexes_the_svg_draws() -> None:
    """Each place is the centre of the hexagon drawn with its label."""
    ruleset = get_ruleset("duel-of-the-giants")
    game = ruleset.new_game(seed=4)
    svg = ruleset.render_svg(game, 0)
    hexes: dict[str, tuple[float, float]] = {}
    for points, name in re.findall(r'<polygon stroke-width="1" points="([^"]+)"[^>]*/><text[^>]*>(\w+)</text>', svg):
        corners = [tuple(map(float, p.split(","))) for p in points.split()]
        hexes[name] = (sum(c[0] for c in corners) / 6, sum(c[1] for c in corners) / 6)
    legal = game.legal_actions()
    aids = ruleset.board_aids(game, legal, [""] * len(legal))
    assert aids is not None
    placed = [p for a in aids.actions for p in (a.start, a.end) if p is not None]
    assert placed
    for place in placed:
        parse_hex(place.key)
        assert place.at == pytest.approx(hexes[place.key], abs=0.1)


def test_duel_program_has_no_place() -> None:
    """A Tiger's program, whole or card by card (issue 27.14), is composed beside the board."""
    from rulesets.duel_of_the_giants.actions import CloseProgram, LayCard, Program

    ruleset = get_ruleset("duel-of-the-giants")
    programs = [Program(1, ("F", "F")), LayCard(1, "F"), CloseProgram(1)]
    aids = ruleset.board_aids(ruleset.new_game(seed=4), programs, [""] * 3)
    assert aids is not None
    assert all(aid.start is None and aid.end is None for aid in aids.actions)


# ------------------------------------------------- a ruleset without the hooks
def _tic_tac_toe() -> Ruleset:
    sys.path.insert(0, str(EXAMPLE))
    try:
        from tanktable_tictactoe.ruleset import RULESET
    finally:
        sys.path.remove(str(EXAMPLE))
    assert isinstance(RULESET, Ruleset)
    return RULESET


@pytest.mark.parametrize("make", [_tic_tac_toe, PigRuleset], ids=["tic-tac-toe", "toy"])
def test_a_ruleset_without_the_hooks_plays_with_the_list_of_moves(make: Any, tmp_path: Path) -> None:
    ruleset: Ruleset = make()
    game = ruleset.new_game()
    legal: list[Action] = game.legal_actions()
    assert ruleset.board_aids(game, legal, [""] * len(legal)) is None
    assert ruleset.last_move_drawing(game, []) is None and ruleset.board_scale(game) is None
    table = Table("t", ruleset, game, make_header(ruleset, None, 0), {0: HUMAN, 1: HUMAN}, tmp_path / "t.yaml")
    state = seat_state(table, Seat(HUMAN, game.to_move()))
    assert state["your_turn"] and len(state["actions"]) == len(legal)
    assert state["targets"] == {}
    assert not any("aid" in a for a in state["actions"])
    assert "geometry" not in state and "check_line" not in state
