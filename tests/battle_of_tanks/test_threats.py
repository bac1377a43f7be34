"""Issue 59.1 (Battle of Tanks): ``threats`` names, for each of your tanks, the enemies
that have it in sight and range (BT-6.1), the cover it has from each (BT-6.4), and what
their FIRE would do (exact, BT-6.3/BT-6.5) or that they must first spot it (BT-5.5)."""

from __future__ import annotations

from tests.battle_of_tanks.helpers import card, make_game

HEDGE = {"name": "hedge", "type": "bushes", "polygon": [[76, 20], [79, 20], [79, 40], [76, 40]]}


def test_issue_59_1_threats_names_who_sees_each_tank_with_cover_and_chance() -> None:
    """The cover reads as a place (issue 59: "in the open", "in light cover", not "in light")."""
    g = make_game(["gun", "gun"], ["target"], {"a1": (60, 60, 0), "a2": (90, 30, 0), "b1": (40, 60, 0)},
                  cards=[card("gun"), card("target", accuracy="4+", rate_of_fire=2, firepower=500, sight_cm=60)],
                  terrain=[HEDGE])
    command = next(c for c in g.table_commands() if c.name == "threats")
    answer = command.answer(g, 0, "")
    lines = answer.splitlines()
    # a1 in the open 10 cm away: 2 shots at 4+ (1/2), T or W 1/2, one penetration destroys (500 >= 500)
    assert lines[0] == "gun#1 (60,60, 500 HP):"
    assert lines[1] == "  target#1 at 10 cm, gun#1 in the open: a FIRE of 2 shot(s) destroys it 44%, damages it 12%"
    # a2 behind the hedge, not spotted: the target sees it but may fire only once it is spotted
    assert lines[2] == "gun#2 (90,30, 500 HP):"
    assert "gun#2 in light cover: may fire only once gun#2 is spotted this round (BT-5.5)" in lines[3]
    # the other side's view: 1 shot at 3+ (2/3) against 500 HP: never destroys; damages 2/3 x (1/2 + 1/6)
    assert command.answer(g, 1, "").splitlines() == [
        "target#1 (40,60, 500 HP):",
        "  gun#1 at 10 cm, target#1 in the open: a FIRE of 1 shot(s) destroys it 0%, damages it 44%",
        "  gun#2 at 47 cm, target#1 in light cover: may fire only once target#1 is spotted this round (BT-5.5)"]
    assert command.answer(g, 0, "a2").splitlines()[0] == "gun#2 (90,30, 500 HP):"


def test_issue_59_8_an_orders_note_says_when_its_shot_needs_a_spotter_this_round() -> None:
    """BT-5.5: gun#2 sees target#1 in light cover, unspotted: an ATTACK's note says a RECON
    must spot it this round first; gun#1 sees it in the open: its FIRE's note gives the chance."""
    from rulesets.battle_of_tanks.actions import Declare
    from tests.battle_of_tanks.helpers import give_chit

    g = make_game(["gun", "gun"], ["target"], {"a1": (60, 60, 0), "a2": (90, 30, 0), "b1": (40, 60, 0)},
                  cards=[card("gun"), card("target", sight_cm=60)], terrain=[HEDGE])
    give_chit(g, "a")
    note = g.describe_action(Declare("gun#2", "ATTACK"))  # how many of its drives bring one (playtest of 59)
    assert note.startswith("no target yet (") and " drives bring one: 'drives gun#2 attack'): " in note and note.endswith(
        "target#1 in cover, a RECON must spot it first (BT-5.5)"), note
    assert g.describe_action(Declare("gun#1", "FIRE")) == "in sight: target#1 (open): 1 shot(s) destroy it 0%, damage it 44%"


def test_issue_59_hidden_playtest_an_enemy_that_has_acted_this_round_is_no_danger() -> None:
    """BT-4.2 (one order per tank per round): an enemy that has had its RECON this round
    cannot fire before the round ends, so ``threats`` says so and no danger counts it; a
    waiting AMBUSH (BT-7.1) still may; in the last round the game ends before it acts again."""
    from core.geometry import Pose
    from rulesets.battle_of_tanks.threats import danger_level, danger_text, threats_to

    g = make_game(["gun"], ["target", "target"], {"a1": (60, 60, 0), "b1": (40, 60, 0), "b2": (80, 60, 180)},
                  cards=[card("gun"), card("target", firepower=500)], victory__max_rounds=2)
    command = next(c for c in g.table_commands() if c.name == "threats")
    gun, b1, b2 = g.tank("a1"), g.tank("b1"), g.tank("b2")
    assert danger_level(threats_to(g, gun)) == "fire"
    b1.order, b2.order, b2.ambush = "RECON", "AMBUSH", True
    lines = command.answer(g, 0, "").splitlines()
    assert lines[1].startswith(f"  target#1 at 10 cm, gun#1 in the open: has acted this round (RECON): "
                               f"no danger before round {g.round + 1}; then, standing so: a FIRE of 1 shot(s)")
    assert "has acted" not in lines[2] and "destroys it" in lines[2]  # the ambush may still fire
    b2.order, b2.ambush = "FIRE", False  # it fired: no danger left this round
    assert danger_level(threats_to(g, gun)) == "" and danger_text(threats_to(g, gun, Pose(61, 60, 0))) == ""
    g.round = 2  # the last round (victory.max_rounds)
    assert command.answer(g, 0, "").splitlines()[1] == (
        "  target#1 at 10 cm, gun#1 in the open: has acted this round (RECON): "
        "the game ends with this round 2 before it acts again (no danger)")
