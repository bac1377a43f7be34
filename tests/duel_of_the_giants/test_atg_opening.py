"""ATGs in phase A and D (DG-8.2, DG-12), the opening phase (DG-8.1), eligibility (DG-9.8), SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rulesets.duel_of_the_giants import RULESET
from tests.duel_of_the_giants.helpers import atg, blank, d, goto, h, marker, play, t34, texts, tiger


def phase_a() -> object:
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "i9", True)
    return g


def test_dg_8_2_a2_turn_and_activate_atgs_bluff_removed() -> None:
    g = phase_a()
    a = atg(g, "c5", "pak36", "E")
    atg(g, "c7", "bluff", "E")
    goto(g, "A1a")
    assert g.step == "A1b"  # nothing to haul yet
    play(g, "end")
    assert g.step == "A2"
    events = play(g, "activate c7")
    assert g.atg_at(h("c7")) is None and "bluff, removed" in texts(events)
    play(g, "activate c5")
    assert a.face_up
    bad = g.check(g.parse_action("activate c5"))
    assert bad is not None and bad.rule == "DG-12.2"
    play(g, "face c5 NE")
    assert a.facing == d("NE") and a.face_up
    assert g.step != "A2"  # every marker turned and activated: nothing is left to do in A2


def test_dg_8_2_each_atg_marker_is_turned_once_per_step_a2() -> None:
    """DG-8.2 (issue 27.1): a marker turned in A2 is not turned again in that A2, so the
    German player cannot turn markers for ever; in the next round's A2 it turns again."""
    g = phase_a()
    a = atg(g, "c5", "pak36", "E")
    atg(g, "c7", "bluff", "E")
    goto(g, "A1a")
    play(g, "end")
    play(g, "face c5 NE")
    assert not any(getattr(x, "at", None) == h("c5") and type(x).__name__ == "Face" for x in g.legal_actions())
    bad = g.check(g.parse_action("face c5 SE"))
    assert bad is not None and bad.rule == "DG-8.2" and "already been turned" in bad.reason
    assert a.facing == d("NE")
    bad = g.check(g.parse_action("face c7 E"))
    assert bad is not None and bad.rule == "DG-8.2" and "already faces E" in bad.reason
    play(g, "face c7 W")
    assert g.step == "A2"  # both may still be activated
    g.round += 1
    goto(g, "A1a")
    play(g, "end")
    assert g.step == "A2" and g.check(g.parse_action("face c5 SE")) is None


def test_dg_12_6_transport_with_tire_markers() -> None:
    g = phase_a()
    a = atg(g, "c5", "pak88", "E", face_up=True)
    atg(g, "c7", "pak36", "E")
    atg(g, "b3", "bluff", "E")
    goto(g, "A1a")
    play(g, "tire c5", "tire c7")
    assert g.step == "A2"  # both tire markers in use: nothing left to do in A1
    from rulesets.duel_of_the_giants import atg as atg_rules

    g.step = "A1b"
    bad = atg_rules.check(g, g.parse_action("tire b3"))
    assert bad is not None and "only 2 tire markers" in bad.reason
    g.step = "A2"
    bad = g.check(g.parse_action("face c5 NE"))
    assert bad is not None and bad.rule == "DG-12.6"  # DG-AMB-36: no turning while in transport
    g.round += 1
    goto(g, "A1a")
    assert g.step == "A1a" and g.to_haul
    bad = g.check(g.parse_action("haul c5 c1 NE"))
    assert bad is not None and bad.rule == "DG-12.6"  # more than 2 hexes
    play(g, "haul c5 b4 NE")
    assert a.pos == h("b4") and a.facing == d("NE") and a.tire == "standing"
    play(g, "haul c7 c7 W")
    goto(g, "D5")
    assert a.tire is None  # DG-8.5 D5: standing tires removed


def test_dg_10_8_atg_with_tire_neither_reconnoitres_nor_fights() -> None:
    from rulesets.duel_of_the_giants.combat import can_target

    g = phase_a()
    a = atg(g, "c5", "pak88", "E", face_up=True)
    tk = t34(g, 1, "e5", "W")
    assert can_target(g, a, tk) and can_target(g, tk, a)
    a.tire = "moving"
    assert not can_target(g, a, tk) and not can_target(g, tk, a)


def test_dg_8_5_d1_activation_lets_an_atg_fire_in_the_same_phase() -> None:
    g = phase_a()
    atg(g, "c5", "pak88", "E")
    t34(g, 1, "e5", "SW", "SW")
    goto(g, "D1")
    assert g.step == "D1"
    play(g, "activate c5")
    assert g.step == "D2" and "PAK 8.8" in g.decision()


def test_dg_9_6_marker_revealed_by_activated_atg_and_flying_stuka() -> None:
    from rulesets.duel_of_the_giants.markers import forced_observer
    from tests.duel_of_the_giants.helpers import stuka

    g = phase_a()
    a = atg(g, "d5", "pak36", "E")
    assert forced_observer(g, h("f5")) is None  # face down ATGs do not look
    a.face_up = True
    assert forced_observer(g, h("f5")) is not None
    s = stuka(g, "a6")
    s.state, s.pos = "flying", h("g8")
    assert forced_observer(g, h("g7")) == "the flying Stuka"


def test_dg_8_1_opening_sequence_and_minimum_activation() -> None:
    g = RULESET.new_game("summer", {}, 0)
    assert g.step == "O1"
    play(g, "end")
    assert g.step == "O3"  # O2 skipped: no marker within a Tiger's reach
    bad = g.check(g.parse_action("end"))
    assert bad is not None and bad.rule == "DG-8.1"
    # the decision says why there is no 'end' yet (a playtest looked for it)
    assert g.decision() == "opening: activate wheel markers, at least one before the phase ends (DG-8.1 O3)"
    play(g, "activate g3 W W")
    assert g.decision() == "opening: activate wheel markers (DG-8.1 O3)", "one active: 'end' may follow"
    t = g.tank_at(h("g3"))
    assert t is not None and t.first_b == 1  # DG-9.8: moves in round 1
    play(g, "end")
    assert g.round == 1 and g.step in ("A1b", "A2", "A3", "A4")


def test_dg_9_8_t34_revealed_in_phase_a_moves_in_the_same_round() -> None:
    g = phase_a()
    g.tiger(1).pos = h("e5")
    marker(g, "g5", True)
    g.b_started = 0
    goto(g, "A3")
    play(g, "recon g5", "orient g5 W W")
    t = g.tank_at(h("g5"))
    assert t is not None and t.first_b == 1
    g2 = blank(**{"t34.first_move": "next_round"})
    tiger(g2, 1, "e5", "E")
    tiger(g2, 2, "a11", "E")
    marker(g2, "g5", True)
    marker(g2, "i9", True)
    g2.b_started = 0
    goto(g2, "A3")
    play(g2, "recon g5", "orient g5 W W")
    assert g2.tank_at(h("g5")).first_b == 2


def test_dg_21_three_and_four_players_split_units_and_medals() -> None:
    g = RULESET.new_game("summer", {"players": 4}, 0)
    assert g.players == ("german1", "german2", "soviet1", "soviet2")
    assert g.tiger(1).owner == 0 and g.tiger(2).owner == 1 and g.stuka.owner == 1
    assert all(a.owner == 0 for a in g.atgs.values())
    owners = [m.owner for m in g.markers.values()]
    assert owners.count(2) == 8 and owners.count(3) == 8
    assert sum(m.wheel for m in g.markers.values() if m.owner == 2) == 4
    g3 = RULESET.new_game("summer", {"players": 3, "multi.three_player_extra_side": "soviet"}, 0)
    assert g3.players == ("german", "soviet1", "soviet2")


def test_dg_21_4_winner_is_the_medal_leader_of_the_winning_side() -> None:
    g = blank(players=4)
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    g.round_vp = {"german": 3, "soviet": 0}
    g.medals = {0: 2, 1: 1}
    goto(g, "D6")
    out = g.outcome()
    assert out is not None and out.winners == (0,)
    g.medals = {0: 1, 1: 1}
    g.state_changed()  # the medals were changed by hand (issue 25.6)
    assert g.outcome().winners == (0, 1)  # a medal tie is a shared win


def test_svg_is_valid_and_hides_what_the_viewer_cannot_see() -> None:
    g = RULESET.new_game("summer", {}, 0)
    german = ET.fromstring(RULESET.render_svg(g, 0))
    soviet = ET.fromstring(RULESET.render_svg(g, 1))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(german.findall(f"{ns}polygon")) == 99
    german_texts = {t.text for t in german.iter(f"{ns}text")}
    soviet_texts = {t.text for t in soviet.iter(f"{ns}text")}
    assert "W" not in german_texts and "?" in german_texts
    assert "W" in soviet_texts and "8" not in soviet_texts and "8" in german_texts


def test_dg_21_3_medals_badge_for_tiger_kill_suvorov_for_exit_and_critical() -> None:
    from rulesets.duel_of_the_giants.combat import CombatState, shoot
    from rulesets.duel_of_the_giants.t34 import step

    g = blank(players=4)
    ti2 = tiger(g, 2, "c5", "E")  # Tiger 2 belongs to german2
    victim = t34(g, 1, "e5", "W")
    g.combat = CombatState()
    doomed: list = []
    shoot(g, ti2, victim, 0, doomed)
    assert g.medals == {1: 1}  # Tank Battle Badge for german2
    g.combat = None
    ti1 = tiger(g, 1, "c7", "E")
    attacker = t34(g, 2, "d7", "W")  # adjacent, front: 4 hits = critical
    shoot(g, attacker, ti1, 0, [])
    assert g.medals[attacker.owner] == 1
    runner = t34(g, 3, "a9", "W")
    g.active_t34, g.ma_left = runner.id, 3
    step(g, runner, "F")
    assert g.medals[runner.owner] == 2  # Suvorov Medal for the exit as well


def test_dg_22_multi_board_block_shipped_and_manual() -> None:
    import random

    g = RULESET.new_game("summer", {"multi.boards": 4, "players": 4}, 0)
    assert (g.geo.columns, g.geo.rows) == (18, 22)
    assert {r for _, r in g.front} == set(range(1, 23))  # one front across the whole width
    assert len(g.tigers()) == 8 and len(g.markers) == 64 and len(g.atgs) == 24 and len(g.mines) == 32
    assert all(p in g.german_side for p in (t.pos for t in g.tigers()))
    assert all(p in g.soviet_side for p in (m.pos for m in g.markers.values()))
    m = RULESET.new_game("summer", {"multi.boards": 4, "setup": "manual"}, 1)
    rng = random.Random(1)
    while m.step.startswith("S"):
        acts = m.legal_actions()
        m.apply(acts[rng.randrange(len(acts))])
    assert len(m.front) == 56 and len(m.markers) == 64 and len(m.tigers()) == 8


def test_text_board_shows_terrain_front_facings_markers_and_vp_bar() -> None:
    g = RULESET.new_game("summer", {}, 0)
    text = g.render(g.players.index("german"))
    lines = text.splitlines()
    row4 = next(line for line in lines if line.startswith("  4 "))
    assert "S" in row4 and "T1→→" in row4 and ".#" in row4  # swamp a4, Tiger 1 hull E turret E, front e4
    assert "VP German [----------#----------] Soviet" in text
    assert "M?" in text and "Mw" not in text and "A8→" in text
    assert "c4: Tiger 1: hull E, turret 12 o'clock (E), track 5" in text
