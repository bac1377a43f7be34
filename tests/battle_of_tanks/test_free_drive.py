"""Driving anywhere at the browser table (issue 29.1): the drive the page is sent
(``Ruleset.free_drive``) and the ``preview PATH`` table command."""

from __future__ import annotations

import pytest

from core.errors import TanktableError
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.free_drive import free_drive, preview
from rulesets.battle_of_tanks.game import BattleGame
from tests.battle_of_tanks.helpers import card, give_chit, make_game

HOUSE = {"name": "barn", "type": "stone_house", "polygon": [[40, 50], [50, 50], [50, 70], [40, 70]]}
HEDGE = {"name": "hedge", "type": "bushes", "polygon": [[20, 80], [30, 80], [30, 83], [20, 83]]}


def moving(order: str = "MOVE") -> BattleGame:
    """gun#1 (a1) at 20,60 facing east is to drive; target#1 (b1) at 80,60; a barn
    (impassable, tall) between them and a hedge (passable) to the north."""
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (80, 60, 180)},
                  cards=[card("gun", move_cm=40), card("target", sight_cm=100)], terrain=[HOUSE, HEDGE])
    give_chit(g, "a")
    g.apply(A.Declare("a1", order))
    assert g.phase == "path"
    return g


def test_issue_29_1_the_drive_due_names_its_tank_allowance_and_ground() -> None:
    """BT-5.1: the page is sent the tank, its allowance and the ground it may not
    enter, named as a refusal names it, its kind in words ("stone house", issue 59);
    passable terrain is not in it (BT-3.2)."""
    g = moving()
    due = free_drive(g, 0)
    assert due is not None
    assert (due.mover, due.x, due.y, due.heading, due.length, due.width) == ("gun#1", 20, 60, 0, 10, 5)
    assert (due.allowance, due.rule, due.straight, due.max_waypoints) == (40, "BT-5.1", False, 8)
    assert [o.name for o in due.blocking] == ["impassable barn (stone house)"]
    assert set(due.blocking[0].outline) == {(40, 50), (50, 50), (50, 70), (40, 70)}
    assert [o.name for o in due.pieces] == ["target#1 (80,60)"]
    assert set(due.pieces[0].outline) == {(85, 62.5), (75, 62.5), (75, 57.5), (85, 57.5)}
    assert free_drive(g, 1) is None, "not the other seat's drive"


@pytest.mark.parametrize(("order", "allowance", "rule"), [("ATTACK", 20, "BT-5"), ("RETREAT", 20, "BT-5.3")])
def test_issue_29_1_attack_and_retreat_drive_one_straight_line(order: str, allowance: float, rule: str) -> None:
    """BT-5 / BT-5.3: ATTACK and RETREAT move half the distance in one straight line."""
    due = free_drive(moving(order), 0)
    assert due is not None and (due.allowance, due.rule, due.straight, due.max_waypoints) == (allowance, rule, True, 1)


def test_issue_29_1_no_drive_outside_the_path_decision() -> None:
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (80, 60, 180)},
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    assert free_drive(g, 0) is None
    with pytest.raises(TanktableError, match="no drive is due now"):
        preview(g, 0, "to 30,60")


def test_issue_29_1_preview_accepts_and_gives_cover_from_each_enemy() -> None:
    """BT-6.4: ending behind the barn, the tank is hidden from the enemy beyond it."""
    g = moving()
    answer = preview(g, 0, "to 30,60 35,60")
    assert answer.splitlines() == ["to 30,60 35,60: 15.0 / 40 cm, accepted",
                                   "  from target#1: hidden (no line of sight)"]
    answer = preview(g, 0, "to 20,90 @90")
    assert answer.splitlines()[0] == "to 20,90 @90: 30.0 / 40 cm, accepted"
    assert answer.splitlines()[1].startswith("  from target#1: open; a FIRE of ")  # and its chances (issue 59.1)
    assert g.phase == "path" and g.tank("a1").x == 20, "a preview moves nothing"


@pytest.mark.parametrize(("path", "said"), [
    ("to 45,60", "refused: the tank would drive through impassable barn (stone house) at 45.0,60.0 (BT-5.1)"),
    ("to 20,105", "refused: path of 45.0 cm is longer than gun#1's 40 cm (BT-5.1)"),
    ("to 20,55 @90", "accepted"),
    ("to 3,60", "refused: the tank would leave the table (BT-5.1)"),
])
def test_issue_29_1_preview_refuses_with_the_checks_reason_and_rule(path: str, said: str) -> None:
    """BT-5.1: the preview's verdict is the game's own check, with its rule ID."""
    first = preview(moving(), 0, path).splitlines()[0]
    assert first.endswith(said), first


def test_issue_29_1_preview_refuses_bad_notation_with_usage() -> None:
    with pytest.raises(TanktableError, match=r"usage: preview to X,Y"):
        preview(moving(), 0, "fire target#1")
    with pytest.raises(TanktableError, match=r"usage: preview to X,Y"):
        preview(moving(), 0, "to nowhere")


def test_issue_29_1_the_seat_state_carries_the_drive_only_to_its_driver() -> None:
    """The seat view (cli/serve/aids.py drive) sends the drive to the seat that gives
    it, as JSON with unrounded coordinates."""
    from cli.serve.aids import drive

    g = moving()
    sent = drive(g, 0)
    assert sent is not None and sent["mover"] == "gun#1" and sent["pieces"][0]["name"] == "target#1 (80,60)"
    assert sent["blocking"][0]["outline"][0] in ([40.0, 50.0], [50.0, 50.0], [50.0, 70.0], [40.0, 70.0])
    assert drive(g, 1) is None
