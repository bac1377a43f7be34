"""The remembered looks of rulesets/battle_of_tanks/sightline.py answer for the
poses asked about (BT-6.1 range, BT-6.4 cover), never for a pose seen before."""

from __future__ import annotations

from core.geometry import rectangle
from rulesets.battle_of_tanks.field import Feature
from rulesets.battle_of_tanks.sightline import look
from tests.battle_of_tanks.helpers import make_game

WOOD = {"name": "wood", "type": "forest", "polygon": [[80, 52], [96, 52], [96, 68], [80, 68]]}
"""Light cover all around (88, 60)."""


def test_bt_6_4_a_look_follows_the_target_and_the_eye_as_they_move() -> None:
    game = make_game(["tiger-i"], ["t-80"], {"a1": (30.0, 60.0, 0.0), "b1": (88.0, 60.0, 180.0)},
                     terrain=[WOOD])
    tiger, t80 = game.tank("a1"), game.tank("b1")
    assert game.look(tiger, t80).cover.level == "light"
    game.place("b1", 60.0, 60.0, 180.0)  # out of the wood
    assert game.look(tiger, t80).cover.level == "open"
    assert game.look(tiger, t80).distance < 30.0
    game.place("b1", 88.0, 60.0, 180.0)
    assert game.look(tiger, t80).cover.level == "light"
    game.place("a1", 30.0, 5.0, 0.0)  # the eye moves: farther, and another angle into the wood
    far = game.look(tiger, t80)
    assert far.distance > 60.0
    assert far == look(game.field, game.rules, tiger, t80)
    assert len(game.field.looks) >= 3


def test_bt_6_1_a_look_at_a_pose_asked_about_is_that_poses() -> None:
    """The ``pose`` argument (where a drive would bring the target) is looked at, not
    where the target stands, and both answers are remembered apart."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": (30.0, 60.0, 0.0), "b1": (88.0, 60.0, 180.0)},
                     terrain=[WOOD])
    tiger, t80 = game.tank("a1"), game.tank("b1")
    there = t80.pose.moved(60.0, 60.0)
    assert game.look(tiger, t80, there).cover.level == "open"
    assert game.look(tiger, t80).cover.level == "light"
    assert game.look(tiger, t80, there).cover.level == "open"


def test_bt_3_4_a_new_wreck_makes_a_new_field_whose_looks_see_it() -> None:
    """A wreck (heavy, low cover, BT-3.4) appears between the two tanks: the game's new
    field answers with it, while the old field's remembered look stays the open one."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": (30.0, 60.0, 0.0), "b1": (88.0, 60.0, 180.0)})
    tiger, t80 = game.tank("a1"), game.tank("b1")
    before = game.field
    assert game.look(tiger, t80).cover.level == "open"
    wreck = Feature("wreck of x", "wreck", "heavy", False, "low", rectangle(76.0, 50.0, 4.0, 20.0))
    game.field = before.with_wrecks([wreck])
    assert game.look(tiger, t80).cover.level == "heavy"
    assert look(before, game.rules, tiger, t80).cover.level == "open"
