"""Ground combat (DG-17), results and VP (DG-17.9, DG-19), range model (DG-AMB-03).

Expectations on hits depend on the provisional card values [P] of DG-18.2:
Tiger FP 5 [R], armour 4/3/2 [P]; T-34 FP 4, armour 3/2/1 [P]; PAK 36 FP 3.
"""

from __future__ import annotations

from rulesets.duel_of_the_giants.combat import hits_for
from rulesets.duel_of_the_giants.vp import totals
from tests.duel_of_the_giants.helpers import atg, blank, d, goto, play, t34, terrain, texts, tiger


def combat(**options: object) -> object:
    g = blank(**options)
    t34(g, 9, "i11", "NE")  # a spare T-34 far away keeps the game running
    return g


def shot_lines(events: list) -> list[str]:
    return [e.text for e in events if e.kind == "shot"]


def test_dg_17_4_case_a_is_simultaneous_destroyed_unit_still_fires() -> None:
    g = combat()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "f5", "W")
    goto(g, "D1")
    assert "case A" in g.decision()
    events = play(g, "fire c5 f5", "fire f5 c5")
    lines = shot_lines(events)
    assert "destroyed" in lines[0] and "damaged" in lines[1]  # the doomed T-34 still fired
    assert g.tiger(1).track == 4


def test_dg_17_4_case_b_aiming_unit_fires_first_then_target_turns_and_replies() -> None:
    g = combat()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t = t34(g, 1, "h5", "W", "SE")  # turret two steps away from W
    goto(g, "D1")
    assert "B1" in g.decision()
    events = play(g, "fire c5 h5")  # 5 - 4 = 1 hit < 3: damaged
    assert "B2" in g.decision()
    events += play(g, "fire h5 c5")
    lines = shot_lines(events)
    assert lines[0].startswith("Tiger 1") and "damaged" in lines[0]
    assert lines[1].startswith("T-34 #1") and "-1 turret turned 2 steps" in lines[1]
    assert t.turret == d("W")  # DG-17.7: the turret stays where it turned
    assert "no effect" in lines[1]  # 4 - 4 - 1 = -1


def test_dg_17_4_atg_cannot_fire_back() -> None:
    g = combat()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a2", "E")
    atg(g, "c5", "pak36", "NE", face_up=True)
    t34(g, 1, "e5", "W")
    goto(g, "D1")
    events = play(g, "fire e5 c5")
    assert "destroyed" in texts(events)  # 4 - 1 = 3 vs ATG side armour 1
    assert totals(g)["soviet"] == 1


def test_dg_17_4_case_c_tiger_turns_first() -> None:
    g = combat()
    tiger(g, 1, "c5", "E", "NE")  # one step from E
    tiger(g, 2, "a1", "E")
    t34(g, 1, "g5", "W", "SW")  # one step from W
    goto(g, "D1")
    assert "case C" in g.decision()
    events = play(g, "fire c5 g5", "fire g5 c5")
    lines = shot_lines(events)
    assert lines[0].startswith("Tiger 1") and lines[1].startswith("T-34 #1")


def test_dg_17_4_case_c_t34_first_when_it_needs_fewer_turns() -> None:
    g = combat()
    tiger(g, 1, "c5", "E", "W")  # three steps from E
    tiger(g, 2, "a1", "E")
    t34(g, 1, "g5", "W", "SW")
    goto(g, "D1")
    events = play(g, "fire c5 g5", "fire g5 c5")
    lines = shot_lines(events)
    assert lines[0].startswith("T-34 #1") and lines[1].startswith("Tiger 1")


def test_dg_17_6_forest_unit_fires_first_then_opponent_replies() -> None:
    g = combat()
    tiger(g, 1, "c5", "E")  # aims at the T-34 (case B) but cannot see into the forest
    tiger(g, 2, "a1", "E")
    terrain(g, "forest", "f5")
    t34(g, 1, "f5", "SW", "SW")  # must turn 1 step to fire
    goto(g, "D1")
    assert "the unit in a forest fires first" in g.decision()
    events = play(g, "fire f5 c5")
    assert "the target of the unit in a forest replies" in g.decision()
    events += play(g, "fire c5 f5")
    lines = shot_lines(events)
    assert lines[0].startswith("T-34 #1") and lines[1].startswith("Tiger 1")
    assert "-1 target in forest" in lines[1]


def test_dg_4_3_2_unit_in_forest_that_does_not_fire_cannot_be_attacked() -> None:
    g = combat()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    terrain(g, "forest", "f5")
    t34(g, 1, "f5", "SW", "SW")
    goto(g, "D1")
    play(g, "hold f5")
    assert g.step not in ("D1", "D2")  # no other shot was possible


def test_dg_17_7_turret_penalty_steps() -> None:
    g = blank()
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "d5", "W")
    assert hits_for(g, tk, ti, 1)[0] == 4
    assert hits_for(g, tk, ti, 2)[0] == 3
    assert hits_for(g, tk, ti, 3)[0] == 2
    assert hits_for(g, ti, tk, 3)[0] == 5  # a Tiger turns at no cost


def test_dg_17_8_range_models() -> None:
    g = blank()
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "f5", "W")
    assert hits_for(g, ti, tk, 0)[0] == 3  # full_at_adjacent: 5 - (3 - 1)
    g2 = blank(**{"combat.range_model": "minus_distance"})
    ti2 = tiger(g2, 1, "c5", "E")
    tk2 = t34(g2, 1, "f5", "W")
    assert hits_for(g2, ti2, tk2, 0)[0] == 2  # 5 - 3


def test_dg_18_tiger_defeats_t34_front_up_to_three_hexes_not_beyond() -> None:
    g = blank()
    ti = tiger(g, 1, "c5", "E")
    for lab, zone_ok in (("f5", True), ("g5", False)):
        tk = t34(g, 1, lab, "W")
        hits, zone, _ = hits_for(g, ti, tk, 0)
        assert zone == "front" and (hits >= 3) is zone_ok


def test_dg_3_10_armour_zones_front_side_rear() -> None:
    g = blank()
    ti = tiger(g, 1, "c5", "E")
    for hull, zone in (("W", "front"), ("E", "rear"), ("NE", "side"), ("SW", "side")):
        tk = t34(g, 1, "e5", hull)
        assert hits_for(g, ti, tk, 0)[1] == zone


def test_dg_19_t34_damage_then_destroyed_same_phase_scores_two_only() -> None:
    from rulesets.duel_of_the_giants.combat import CombatState, shoot

    g = blank()
    g.combat = CombatState()
    ti = tiger(g, 1, "c5", "E")
    ti2 = tiger(g, 2, "c6", "E")
    tk = t34(g, 1, "h5", "W")
    doomed: list = []
    shoot(g, ti, tk, 0, doomed)  # 1 hit: damaged, +1
    assert g.round_vp["german"] == 1
    tk.pos = (5, 5)
    shoot(g, ti2, tk, 0, doomed)  # destroyed: +2, the damage VP cancelled
    assert g.round_vp["german"] == 2


def test_dg_amb_38_atg_hit_below_armour_has_no_effect() -> None:
    from rulesets.duel_of_the_giants.combat import shoot

    g = blank()
    a = atg(g, "c5", "pak36", "E", face_up=True)  # front armour 2
    tk = t34(g, 1, "f5", "W")  # 4 - 2 = 2 >= 2 destroys; move farther
    tk.pos = (7, 5)
    events = shoot(g, tk, a, 0, [])
    assert "no effect" in texts(events) and g.round_vp["soviet"] == 0


def test_dg_17_1_each_unit_fires_once_per_phase() -> None:
    g = combat()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "h5", "W", "SE")
    goto(g, "D1")
    play(g, "fire c5 h5", "fire h5 c5")
    assert g.step != "D2"
    fired_lines = [e for e in g.history[-1].events if e.kind == "shot"]
    assert len(fired_lines) == 1


def test_dg_17_4_c_a_shot_note_says_when_the_target_wins_the_turret_race() -> None:
    """Playtest (a forecast lying by omission): in step C Tiger 1 needs 3 turret steps,
    T-34 #1 one; if the T-34 fires too it aims first and fires first (DG-17.4 step C).
    The Tiger's shot note says so, with that shot's forecast first, and the race runs so."""
    g = blank()
    tiger(g, 1, "c5", "E", "W")
    tiger(g, 2, "a11", "E")
    t34(g, 1, "e5", "NE", "NW")
    goto(g, "D1")
    notes = {g.format_action(a): g.describe_action(a) for a in g.legal_actions()}
    assert notes["fire c5 e5"].startswith("if T-34 #1 fires at Tiger 1 too, it aims first (1 turret step to 3, "
                                          "DG-17.4 step C) and damages Tiger 1: its track 5 → 4 ("), notes
    assert "; then Tiger 1 destroys T-34 #1 (" in notes["fire c5 e5"]
    said = texts(play(g, "fire c5 e5", "fire e5 c5"))
    assert said.index("T-34 #1 (e5) fires at Tiger 1") < said.index("Tiger 1 (c5) fires at T-34 #1"), said
