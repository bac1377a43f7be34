"""The evaluation's race and its look at unanswerable threats (TC-7.1, TC-7.2, TC-8).

The computer players score positions with :func:`evaluate`; these tests set up
the races and threats that decided its lost games and check the exact verdicts
of the helpers behind it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.evaluate import evaluate, race
from rulesets.tank_chess.position import NO_ESCAPE
from tests.tank_chess.helpers import board

EMPTY = "\n".join([". . . . . . . ."] * 8)


def test_tc_7_2_escape_turns_count_steps_and_turns_to_the_edge() -> None:
    """A CLT (speed 5) on rank 4 facing north needs 4 forward steps and the exit step:
    one turn. Facing south it first turns four times: 9 steps, two turns."""
    north = board("""
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . C . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""")
    assert north.pos.escape_turns(0) == 1
    south = board(north.render(None).split("\n")[0] and """
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . C . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
""", {"c4": "S"})
    assert south.pos.escape_turns(0) == 2
    # black on rank 8 facing south: 7 steps and the exit step
    assert north.pos.escape_turns(1) == 2


def test_tc_7_2_escape_turns_go_round_obstacles_and_count_a_walled_in_tank_as_stuck() -> None:
    detour = board("""
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . # . . . . .
. . C . . . . .
. . . . . . . .
. . . . . . . .
""")
    # c4 is blocked: turn NE, step to d4, turn N, four steps to d8, exit = 8 steps
    assert detour.pos.escape_turns(0) == 2
    walled = board("""
. . . . c . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
# # # . . . . .
. C # . . . . .
# # # . . . . .
""", movement__corner_cutting=False)
    assert walled.pos.escape_turns(0) == NO_ESCAPE
    assert race(walled.pos, 0) == 0.0 < race(detour.pos, 0)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_escape_turns_is_a_lower_bound_of_the_real_escape(seed: int) -> None:
    """Whenever a Command Tank can really drive off next turn (TC-8.2 ESCAPE), the
    obstacle-only count says one turn or less: tanks only ever lengthen the way."""
    game = RULESET.new_game("standard-16", {}, 0)
    rng = random.Random(seed)
    for _ in range(200):
        pos = game.pos
        for side in (0, 1):
            if pos.can_escape(side):
                assert pos.escape_turns(side) <= 1
        if game.outcome() is not None or not game.random_step(rng):
            break


ESCAPING = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . c . . . . .
. . . . . . . .
# # . # # # . .
# # . # . . # #
# {} . # . . # C
"""
"""Black's CLT on c5 (facing south) drives off in exactly five steps: c4, c3, c2,
c1, off. White's CLT is boxed in on h1 and no tank can shoot the other's: white to move."""


def test_tc_8_2_an_escape_a_tank_can_block_is_answerable() -> None:
    g = board(ESCAPING.format("L"), {"c5": "S", "b1": "E"})
    assert g.pos.can_escape(1) and not g.pos.threatens_command(0)
    assert g.pos.can_block_escape(0)  # LT b1-c1 (or c2, c3) stands in its way
    assert -0.9 < evaluate(g.pos, 0) < 0.9


def test_tc_8_2_an_escape_nobody_can_block_loses_for_the_side_to_move() -> None:
    g = board(ESCAPING.format("."), {"c5": "S"})
    assert g.pos.can_escape(1) and not g.pos.threatens_command(0)
    assert not g.pos.can_block_escape(0)
    assert evaluate(g.pos, 0) == -0.9 and evaluate(g.pos, 1) == 0.9


CHECKED = """
. . . . . . # c
. . . . . . # #
h . . . . . . .
. {} . . . . . .
. {} . . . . . .
. {} . . . . . .
. # . . . . . .
C # . . . . . .
"""
"""The black HT on a6 (facing south, gun 3) can move (a backward step to a7, say) and
shoot down the a-file at white's CLT on a1 (front armour 1). Black's own CLT is
boxed in on h8."""


def test_tc_8_1_a_check_the_command_tank_steps_out_of_is_answerable() -> None:
    g = board(CHECKED.format(".", ".", "."), {"a6": "S", "a1": "N"})
    assert g.pos.threatens_command(1)
    assert g.pos.can_meet_check(0)  # e.g. CLT a1-b4: off the a-file
    assert -0.9 < evaluate(g.pos, 0) < 0.9


def test_tc_8_1_a_check_no_move_meets_loses_for_the_side_to_move() -> None:
    """In a dead-end lane (obstacles b1-b5) the CLT cannot leave the HT's line of
    fire; even on a5, next to the HT (TC-5.3), the HT backs up to a7 and shoots."""
    g = board(CHECKED.format("#", "#", "#"), {"a6": "S", "a1": "N"})
    assert g.pos.threatens_command(1)
    assert not g.pos.can_meet_check(0)
    assert evaluate(g.pos, 0) == -0.9 and evaluate(g.pos, 1) == 0.9
