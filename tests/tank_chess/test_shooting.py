"""Shooting and armour: TC-5, TC-6 and the mortar's TC-6M, on hand-built positions."""

from __future__ import annotations

import pytest

from tests.tank_chess.helpers import board, rule_of, texts

LETTER = {"HT": "H", "MT": "M", "LT": "L", "CLT": "C", "TD": "D", "HM": "A"}
GUN = {"LT": 1, "MT": 2, "HT": 3, "TD": 4, "HM": 5}
ARMOUR = {  # front, side, rear (TC-2)
    "HT": (3, 2, 1), "MT": (2, 1, 0), "LT": (1, 0, 0), "CLT": (1, 0, 0), "TD": (2, 1, 0), "HM": (1, 0, 0),
}
# the target on d5 is shot from the south: facing S shows its front, N its rear, E its side (TC-6.1)
FACING_FOR_SIDE = {"front": "S", "side": "E", "rear": "N"}
SIDE_INDEX = {"front": 0, "side": 1, "rear": 2}


def duel(shooter: str, target: str, target_facing: str):
    grid = f"""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . {LETTER[target].lower()} . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . {LETTER[shooter]} . . . .
"""
    return board(grid, {"d5": target_facing})


@pytest.mark.parametrize("shooter", list(GUN))
@pytest.mark.parametrize("target", list(ARMOUR))
@pytest.mark.parametrize("side", ["front", "side", "rear"])
def test_tc_6_1_tc_6_2_each_armour_side_against_each_gun(shooter: str, target: str, side: str) -> None:
    """Destroyed iff gun > armour of the side the shot comes from (TC-6.1, TC-6.2)."""
    g = duel(shooter, target, FACING_FOR_SIDE[side])
    move = f"{shooter} d1-d2:N xd5"
    should = GUN[shooter] > ARMOUR[target][SIDE_INDEX[side]]
    assert (move in texts(g)) == should
    if should:
        events = g.apply_text(move)
        kinds = [e.kind for e in events]
        assert "destroyed" in kinds
        fired = next(e for e in events if e.kind == "fired")
        assert fired.data["side"] == side
        assert not g.pos.alive[g.pos.cell[g.rules.index((3, 4))] - 1]
    else:
        assert rule_of(g, move) == "TC-6.2"


def test_tc_6_1_diagonal_shots_hit_the_side() -> None:
    """Only straight ahead is front and straight behind rear; a diagonal hit is side (TC-6.1)."""
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . m . . .
. . . . . . . .
. . . . . . . .
. M . . . . . .
""", {"e4": "SW"})
    # MT e4 faces SW, towards b1: a shot from b1's diagonal meets its front (armour 2 = gun 2)
    assert rule_of(g, "MT b1-b2:NE xe5") is not None
    g2 = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . m . . .
. . . . . . . .
. . . . . . . .
. M . . . . . .
""", {"e4": "S"})
    # facing S, a shot from the SW diagonal hits its side (armour 1 < gun 2)
    events = g2.apply_text("MT b1-b1:NE xe4")
    assert next(e for e in events if e.kind == "fired").data["side"] == "side"
    # issue 59: the log names whose tank fires from which square at whose tank where
    assert [e.text for e in events if e.kind in ("fired", "destroyed")] == [
        "white's MT b1 fires at black's MT e4: hits its side (armour 1) with gun 2 (TC-6.1)",
        "black's MT e4 is destroyed and stays as a wreck (TC-6.2, TC-6.3)"]


def test_tc_6_2_same_type_destroys_only_from_side_or_rear() -> None:
    g = duel("MT", "MT", "S")
    assert rule_of(g, "MT d1-d2:N xd5") == "TC-6.2"
    g = duel("MT", "MT", "W")
    assert "MT d1-d2:N xd5" in texts(g)


def test_tc_5_1_turret_fires_forward_and_diagonally_forward() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . l . . . .
l . . . . . l .
. . . . . . . .
. . . M . . . .
. . . . . . . .
""")
    moves = texts(g)
    assert "MT d2-d1:N xd5" in moves  # forward
    assert "MT d2-d1:N xa4" in moves  # forward-left (NW)
    assert "MT d2-d1:N xg4" in moves  # forward-right (NE)
    # turned east, d5 lies to the left (north): outside the arc
    assert rule_of(g, "MT d2-d2:E xd5") == "TC-5.1"
    assert "MT d2-d2:E xd5" not in moves


def test_tc_5_1_tank_destroyer_fires_forward_only() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . l . . l .
l . . . . . l .
. . . . . . . .
. . . D . . . .
. . . . . . . .
""")
    moves = texts(g)
    assert "TD d2-d1:N xd5" in moves
    assert "TD d2-d1:N xg4" not in moves and "TD d2-d1:N xa4" not in moves
    assert rule_of(g, "TD d2-d1:N xg4") == "TC-5.1"
    assert "TD d2-d2:NE xg5" in moves  # turn to face it, then fire forward


def test_tc_5_2_obstacle_wreck_and_own_tank_stop_the_ray() -> None:
    """The refusal names what stands in the way, as a player would look for it."""
    said = {"#": "an obstacle", "x": "a wreck", "L": "white's LT"}
    for blocker in ("#", "x", "L"):
        g = board(f"""
. . . . . . . .
. . . . . . . .
. . . m . . . .
. . . . . . . .
. . . {blocker} . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . .
""")
        assert rule_of(g, "HT d1-d2:N xd6") == "TC-5.2", blocker
        assert str(g.check(g.parse_action("HT d1-d2:N xd6"))).startswith(
            f"no line of fire: {said[blocker]} on d4 stands between d2 and d6"), blocker
        assert not any(m.endswith("xd6") for m in texts(g))


def test_tc_5_2_first_tank_on_the_ray_only() -> None:
    g = board("""
. . . . . . . .
. . . l . . . .
. . . . . . . .
. . . l . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . .
""")
    moves = texts(g)
    assert "HT d1-d2:N xd5" in moves
    assert rule_of(g, "HT d1-d2:N xd7") == "TC-5.2"


def test_tc_5_2_no_shot_at_a_wreck_or_empty_square() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . x . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . H . . . .
""")
    assert rule_of(g, "HT d1-d2:N xd6") == "TC-5.2"
    assert rule_of(g, "HT d1-d2:N xd7") == "TC-5.2"


def test_tc_5_3_adjacent_target_refused() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . l . . . .
. . . . . . . .
. . . H . . . .
. . . . . . . .
""")
    assert rule_of(g, "HT d2-d3:N xd4") == "TC-5.3"
    assert "HT d2-d3:N xd4" not in texts(g)
    # one empty square between: the same target can be shot
    assert "HT d2-d2:NE xd4" in texts(g)
    assert "HT d2-d1:N xd4" in texts(g)


def test_tc_5_4_range_is_unlimited() -> None:
    g = board("""
. . . . . . . l
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
L . . . . . . .
""", {"h8": "N"})
    assert "LT a1-a1:NE xh8" in texts(g)


def test_tc_5_5_one_target_chosen_among_several() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
. l . l . l . .
. . . . . . . .
. . . . . . . .
. . . M . . . .
. . . . . . . .
""")
    shots = {m for m in texts(g) if m.startswith("MT d2-d3:N x")}
    assert shots == {"MT d2-d3:N xb5", "MT d2-d3:N xd5", "MT d2-d3:N xf5"}
    events = g.apply_text("MT d2-d3:N xf5")
    assert sum(e.kind == "destroyed" for e in events) == 1


def test_tc_3_2_shooting_is_optional() -> None:
    g = duel("HT", "LT", "E")
    assert "HT d1-d2:N" in texts(g)
    assert "HT d1-d2:N xd5" in texts(g)


def test_tc_6_3_wreck_stays_and_blocks_movement() -> None:
    g = duel("HT", "LT", "E")
    g.apply_text("HT d1-d2:N xd5")
    wreck = g.rules.index((3, 4))
    assert g.pos.cell[wreck] > 0 and not g.pos.alive[g.pos.cell[wreck] - 1]
    g.pos.to_move = 0  # white again: may the HT drive through the wreck?
    assert rule_of(g, "HT d2-d5:N") == "TC-4.4"


MORTAR = """
. . . . . . . .
. . . l . . . .
. . . l . . . .
. . . l . . . .
. . . # . . . .
. . . l . . . .
. . . A . . . .
. . . . . . . .
"""


def test_tc_6m_1_mortar_band_exact() -> None:
    g = board("""
. . . l . . . .
. . . l . . . .
. . . l . . . .
. . . l . . . .
. . . # . . . .
. . . l . . . .
. . . A . . . .
. . . . . . . .
""")
    # after the backward step to d1: d3 is 2 away, d4 an obstacle, d5/d6 in range, d7/d8 beyond 5
    shots = {m.split(" x")[1] for m in texts(g) if m.startswith("HM d2-d1:N x")}
    assert shots == {"d5", "d6"}  # d4 is an obstacle, d3 too close, d7/d8 too far
    assert rule_of(g, "HM d2-d1:N xd3") == "TC-6M.1"
    assert rule_of(g, "HM d2-d1:N xd7") == "TC-6M.1"


def test_tc_6m_2_mortar_fires_over_obstacles_tanks_and_wrecks() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . h . . . .
. . . x . . . .
. . . # . . . .
. . . L . . . .
. . . . . . . .
. . . A . . . .
""")
    # from d2 the HT on d6 is 4 away behind an LT, an obstacle and a wreck
    events = g.apply_text("HM d1-d2:N xd6")
    assert [e.kind for e in events].count("destroyed") == 1


def test_tc_6m_2_wreck_blocks_direct_fire_but_not_the_mortar() -> None:
    grid = """
. . . . . . . .
. . . . . . . .
. . . m . . . .
. . . x . . . .
. . . . . . . .
. . . . . . . .
. . . {X} . . . .
. . . . . . . .
"""
    direct = board(grid.replace("{X}", "H"))
    assert rule_of(direct, "HT d2-d1:N xd6") == "TC-5.2"
    mortar = board(grid.replace("{X}", "A"))
    assert "HM d2-d1:N xd6" in texts(mortar)


def test_tc_6m_3_mortar_chooses_one_of_several() -> None:
    g = board("""
. . . . . . . .
. . . l . . . .
. . . l . . . .
. . . l . . . .
. . . . . . . .
. . . . . . . .
. . . A . . . .
. . . . . . . .
""")
    shots = {m.split(" x")[1] for m in texts(g) if m.startswith("HM d2-d1:N x")}
    assert shots == {"d5", "d6"}  # d7 is 6 away from d1
    g.apply_text("HM d2-d1:N xd6")
    assert g.pos.alive.count(False) == 1


def test_tc_6m_mortar_fires_forward_only() -> None:
    g = board("""
. . . . . . . .
. . . . . . . .
. . . . . . . .
l . . . . . . .
. . . . . . . .
. . . . . . . .
. . . A . . . .
. . . . . . . .
""")
    assert rule_of(g, "HM d2-d1:N xa5") == "TC-5.1"


INEFFECTIVE_BOARD = """
. . # c # .
. . # . # .
. . . . . .
. . . . . .
. . . L . .
. . . . . C
"""


def test_tc_6_2_tc_7_1_an_ineffective_shot_leaves_the_command_tank_standing() -> None:
    """With ``shooting.ineffective_shots`` on, LT (gun 1) may fire at the front of a
    Command Tank (armour 1): the shot has no effect, the target stays active and the
    game goes on (TC-6.2, TC-7.1)."""
    g = board(INEFFECTIVE_BOARD, {"d6": "S"}, shooting__ineffective_shots=True)
    events = g.apply_text("LT d2-d3:N xd6")
    kinds = [e.kind for e in events]
    assert "no-effect" in kinds and "destroyed" not in kinds
    assert g.outcome() is None
    target = g.pos.cell[g.rules.index((3, 5))] - 1
    assert g.pos.alive[target]
    assert g.to_move() == 1
    # nothing changed but the shooter's square: the same position as the move without the shot
    quiet = board(INEFFECTIVE_BOARD, {"d6": "S"}, shooting__ineffective_shots=True)
    quiet.apply_text("LT d2-d3:N")
    assert g.pos.hash == quiet.pos.hash and g.pos.quiet == quiet.pos.quiet == 1


def test_tc_6_2_an_ineffective_shot_at_a_tank_does_not_wreck_it() -> None:
    """TC-6.2 for any target: an MT hit on its front by an MT stays active (ineffective shots on)."""
    g = board("""
. . . . . .
. . . m . .
. . . . . .
. . . . . .
. . . M . .
c . . . . C
""", {"d5": "S"}, shooting__ineffective_shots=True)
    g.apply_text("MT d2-d3:N xd5")
    assert g.pos.alive[g.pos.cell[g.rules.index((3, 4))] - 1]
    assert g.pos.quiet == 1


def test_tc_8_1_an_ineffective_shot_is_no_check() -> None:
    """CHECK means a shot that destroys (TC-8.1): walled in on every side but its
    front, the Command Tank can only be hit where armour 1 holds gun 1: no CHECK."""
    g = board(INEFFECTIVE_BOARD, {"d6": "S"}, shooting__ineffective_shots=True)
    events = g.apply_text("LT d2-d2:NE")
    assert "check" not in {e.kind for e in events}
    assert not g.pos.threatens_command(0)
