"""Movement rules TC-3 and TC-4, each on a hand-built position."""

from __future__ import annotations

import pytest

from core.errors import IllegalActionError
from tests.tank_chess.helpers import board, rule_of, texts

EMPTY_MT = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . M . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
"""


def test_tc_3_1_white_moves_first_then_alternate() -> None:
    g = board(EMPTY_MT.replace(". . . . . . . .\n. . . . . . . .\n", ". . . . . . . .\n. . . m . . . .\n", 1))
    assert g.to_move() == 0
    g.apply_text("MT d4-d4:NE")
    assert g.to_move() == 1
    g.apply_text("MT d7-d7:SE")
    assert g.to_move() == 0


def test_tc_3_2_only_own_tanks_move() -> None:
    g = board(EMPTY_MT.replace(". . . . . . . .\n. . . . . . . .\n", ". . . . . . . .\n. . . m . . . .\n", 1))
    assert rule_of(g, "MT d7-d6:S") == "TC-3.2"
    assert rule_of(g, "e1-e2:N") == "TC-3.2"  # empty square


def test_tc_3_3_null_move_refused() -> None:
    """Turning left then right ends where it started: no move (TC-3.3)."""
    g = board(EMPTY_MT)
    assert rule_of(g, "MT d4-d4:N") == "TC-3.3"
    assert "MT d4-d4:N" not in texts(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply_text("MT d4-d4:N")
    assert info.value.rule == "TC-3.3"


def test_tc_4_2_speed_limits_forward_steps_and_turns() -> None:
    """MT speed 4: four squares straight on, or three and a turn, but not five (TC-4.2)."""
    g = board(EMPTY_MT)
    moves = texts(g)
    assert "MT d4-d8:N" in moves
    assert "MT d4-d7:NE" in moves
    assert "MT d4-d8:NE" not in moves
    assert rule_of(g, "MT d4-d8:NE") == "TC-4.2"
    # a diagonal facing moves diagonally: turn (1) + three diagonal steps (3) = 4
    assert "MT d4-g7:NE" in moves
    assert "MT d4-h8:NE" not in moves


def test_tc_4_2_turns_in_place_cost_one_step_each() -> None:
    g = board(EMPTY_MT)
    moves = texts(g)
    for facing in ("NE", "E", "SE", "S", "SW", "W", "NW"):
        assert f"MT d4-d4:{facing}" in moves
    # turn to E (2 steps) and two steps east
    assert "MT d4-f4:E" in moves
    assert "MT d4-g4:E" not in moves


def test_tc_4_3_backward_step_alone() -> None:
    """One square straight back, facing unchanged, nothing else in that turn (TC-4.3)."""
    g = board(EMPTY_MT)
    assert "MT d4-d3:N" in texts(g)
    assert rule_of(g, "MT d4-d3:NE") == "TC-4.3"
    assert rule_of(g, "MT d4-d2:N") == "TC-4.2"  # two back is out of reach, not a backward step
    g.apply_text("MT d4-d3:N")
    assert g.piece_at((3, 2)) == "MT" and g.pos.face[0] == 0


def test_tc_4_3_backward_step_diagonal_facing() -> None:
    g = board(EMPTY_MT, {"d4": "NE"})
    assert "MT d4-c3:NE" in texts(g)


def test_tc_4_4_tanks_enter_only_empty_squares() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . # . . . .
. . . M . . . .
. . . x . . . .
. . . . . . . .
. . . . . . . .
""")
    assert rule_of(g, "MT d4-d5:N") == "TC-4.4"  # obstacle
    assert rule_of(g, "MT d4-d3:N") == "TC-4.4"  # wreck behind: no backward step
    assert rule_of(g, "MT d4-d6:N") == "TC-4.4"  # the way is blocked
    assert all(not t.startswith("MT d4-d5") and not t.startswith("MT d4-d3") for t in texts(g))


def test_tc_4_4_tanks_block_movement() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . l . . . .
. . . M . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""")
    assert rule_of(g, "MT d4-d5:N") == "TC-4.4"
    assert rule_of(g, "MT d4-d7:N") == "TC-4.4"


CORNER = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . # . . . .
. . . M # . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
"""


def test_tc_4_5_corner_cutting_allowed_by_default() -> None:
    g = board(CORNER, {"d4": "NE"})
    assert "MT d4-e5:NE" in texts(g)


def test_tc_4_5_corner_cutting_setting_off() -> None:
    g = board(CORNER, {"d4": "NE"}, movement__corner_cutting=False)
    assert "MT d4-e5:NE" not in texts(g)
    assert rule_of(g, "MT d4-e5:NE") == "TC-4.5"
    # with only one orthogonal neighbour blocked the diagonal step is fine
    g2 = board(CORNER.replace(". . . M # . . .", ". . . M . . . ."), {"d4": "NE"},
               movement__corner_cutting=False)
    assert "MT d4-e5:NE" in texts(g2)


def test_tc_4_6_moves_are_distinct_end_states() -> None:
    g = board(EMPTY_MT)
    actions = [(a.to, a.facing) for a in g.legal_actions() if a.target is None]
    assert len(actions) == len(set(actions))


def test_tc_7_2_only_the_command_tank_leaves_the_board() -> None:
    g = board("""
. . . M . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . C . .
""")
    assert rule_of(g, "MT d8-off") == "TC-7.2"
    assert not any(t.endswith("-off") for t in texts(g))


def test_tc_2_piece_code_must_match() -> None:
    g = board(EMPTY_MT)
    assert rule_of(g, "HT d4-d5:N") == "TC-2"
    assert rule_of(g, "d4-d5:N") is None  # the code may be left out


def test_square_tables_match_the_square_board() -> None:
    """The flat tables the move generator uses agree with SquareBoard's step and ray."""
    from core.grid.square import Dir, SquareBoard, index_of, ray_table, square_of, step_table

    board_ = SquareBoard(5, 4)
    steps, rays = step_table(5, 4), ray_table(5, 4)
    for sq in board_.squares():
        i = index_of(sq, 5)
        assert square_of(i, 5) == sq
        for d in Dir:
            nxt = board_.step(sq, d)
            assert steps[i * 8 + d] == (index_of(nxt, 5) if board_.on_board(nxt) else -1)
            assert [square_of(j, 5) for j in rays[i * 8 + d]] == list(board_.ray(sq, d))


def test_tc_4_2_out_of_reach_names_the_speed_and_the_steps_needed() -> None:
    """Issue 19 item 14: a move beyond the tank's speed is out of reach (TC-4.2, speed from
    TC-2.2), not an illegal backward move, even when the square lies behind the tank."""
    g = board(EMPTY_MT, {"d4": "E"})
    illegal = g.check(g.parse_action("MT d4-b4:E"))  # two squares behind an E-facing tank
    assert illegal is not None and illegal.rule == "TC-4.2"
    text = str(illegal)
    assert "b4 facing E is out of reach: MT d4 has speed 4 (TC-2.2) and would need 10 steps" in text
    assert "straight back a tank moves only one square (TC-4.3)" in text
    sideways = g.check(g.parse_action("MT d4-d6:E"))  # to the left: turn, two steps, turn back
    assert sideways is not None and "would need 6 steps" in str(sideways) and "TC-4.3" not in str(sideways)


def test_tc_4_3_a_turn_with_the_backward_step_is_named_as_such() -> None:
    g = board(EMPTY_MT)
    illegal = g.check(g.parse_action("MT d4-d3:NE"))
    assert illegal is not None and illegal.rule == "TC-4.3"
    assert "MT d4-d3 keeps facing N (not NE)" in str(illegal)


def test_tc_4_1_a_facing_that_is_not_one_of_the_eight_is_named() -> None:
    from core.errors import NotationError

    g = board(EMPTY_MT)
    with pytest.raises(NotationError) as info:
        g.parse_action("MT d4-d6:Q")
    assert str(info.value) == "'Q' is not a facing: use one of N NE E SE S SW W NW (N = towards Black) (TC-4.1)"
