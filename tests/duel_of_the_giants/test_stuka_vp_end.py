"""The Stuka (DG-13), the VP bar (DG-6) and the end of the game (DG-20)."""

from __future__ import annotations

import math

from rulesets.duel_of_the_giants.vp import totals
from tests.duel_of_the_giants.helpers import (
    blank,
    d,
    goto,
    h,
    marker,
    play,
    stuka,
    t34,
    terrain,
    texts,
    tiger,
)


def flying(at: str = "e5", facing: str = "E") -> object:
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "i9", True)  # a Soviet weapon in play, not a combat unit
    s = stuka(g, "a6")
    goto(g, "D1")
    assert g.step == "D4" and g.legal_actions()
    play(g, "stuka launch")
    s.pos, s.facing = h(at), d(facing)
    return g


def test_dg_13_5_attack_only_from_the_hex_behind() -> None:
    g = flying("e5")
    t34(g, 1, "f5", "W")  # its rear hexside faces e5? no: rear of a W hull is the E side (g5)
    bad = g.check(g.parse_action("stuka attack f5"))
    assert bad is not None and bad.rule == "DG-13.5" and "behind" in bad.reason
    g.stuka.pos = h("g5")
    events = play(g, "stuka attack f5")
    assert "t34-1" not in g.tanks and g.round_vp["german"] == 2 and "DG-13.5" in texts(events)
    bad = g.check(g.parse_action("stuka attack i11"))
    assert bad is not None  # only one attack per flight


def test_dg_4_3_5_no_stuka_attack_in_forest() -> None:
    g = flying("g5")
    terrain(g, "forest", "f5")
    t34(g, 1, "f5", "W")
    bad = g.check(g.parse_action("stuka attack f5"))
    assert bad is not None and "forest" in bad.reason


def test_dg_13_3_five_actions_per_flight_phase() -> None:
    g = flying("e5", "E")
    play(g, "stuka F", "stuka L", "stuka R", "stuka F", "stuka F")
    assert g.stuka.actions_left == 0
    from rulesets.duel_of_the_giants import stuka as stuka_rules

    bad = stuka_rules.check(g, g.parse_action("stuka F"))
    assert bad is not None and bad.rule == "DG-13.3"
    assert g.step != "D4" and g.stuka.state == "flying"  # nothing left to do: the flight phase ended


def test_dg_10_4_stuka_recon_own_and_adjacent_hexes_not_forest() -> None:
    g = flying("e5")
    marker(g, "f5", False)
    marker(g, "e4", True)
    marker(g, "g5", True)
    terrain(g, "forest", "e4")
    assert g.check(g.parse_action("recon f5")) is None
    assert g.check(g.parse_action("recon e4")) is not None  # DG-AMB-32
    assert g.check(g.parse_action("recon g5")) is not None  # two hexes away


def test_dg_13_7_forced_landing_scores_four_for_soviet() -> None:
    g = flying("e5")
    g.stuka.flight_phase = 4
    events = play(g, "end")
    assert g.stuka.state == "forced" and "DG-13.7" in texts(events)
    assert totals(g)["soviet"] == 4


def test_dg_13_6_landing_on_free_airfield() -> None:
    g = flying("a6")
    assert g.check(g.parse_action("stuka land")) is None
    play(g, "stuka land")
    assert g.stuka.state == "landed"
    goto(g, "D1")
    assert g.step != "D4" or not any("launch" in g.format_action(a) for a in g.legal_actions())


def test_dg_13_8_t34_on_airfield_prevents_landing() -> None:
    g = flying("a6")
    t34(g, 1, "a6", "E")
    bad = g.check(g.parse_action("stuka land"))
    assert bad is not None and bad.rule == "DG-13.8"
    g.stuka.flight_phase = 4
    play(g, "end")
    assert g.stuka.state == "forced"


def test_dg_13_2_flight_continues_in_next_phase_d() -> None:
    g = flying("e5")
    play(g, "end")
    assert g.stuka.state == "flying" and g.stuka.flight_phase == 1
    goto(g, "D1")
    assert g.step == "D4" and g.stuka.flight_phase == 2 and g.stuka.actions_left == 5


def test_dg_6_1_bar_moves_by_the_difference() -> None:
    from rulesets.duel_of_the_giants.vp import update_bar

    g = blank()
    g.round_vp = {"german": 4, "soviet": 1}
    assert update_bar(g).text == "VP bar: German 4, Soviet 1 this round; German ahead by 3 (DG-6.1)"
    assert g.net_vp == 3
    g.round_vp = {"german": 0, "soviet": 5}
    update_bar(g)
    assert g.net_vp == -2 and g.round_vp == {"german": 0, "soviet": 0}
    g.round_vp = {"german": 3, "soviet": 1}  # playtest: "-> nobody ahead by 0"; said in words
    assert update_bar(g).text == "VP bar: German 3, Soviet 1 this round; the bar is level again (DG-6.1)"
    assert update_bar(g).text == "VP bar: German 0, Soviet 0 this round; the bar stays level (DG-6.1)"


def test_dg_20_game_ends_when_soviet_has_no_weapons_and_bar_decides() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "f5", "W")
    goto(g, "D1")
    play(g, "fire c5 f5", "hold f5")
    out = g.outcome()
    assert out is not None and out.winners == (g.players.index("german"),)
    assert g.net_vp == 2 == totals(g)["german"] - totals(g)["soviet"]


def test_dg_20_2_face_down_wheel_marker_keeps_the_game_going() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "f5", "W")
    marker(g, "i9", True)
    goto(g, "D1")
    play(g, "fire c5 f5", "hold f5")
    assert g.outcome() is None


def test_dg_20_5_tie_is_a_draw() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    goto(g, "D6")
    out = g.outcome()
    assert out is not None and out.is_draw


def test_dg_20_4_round_limit_option() -> None:
    g = blank(**{"end.max_rounds": 1})
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    marker(g, "i9", True)
    goto(g, "D6")
    out = g.outcome()
    assert out is not None and "round limit" in out.reason


def test_dg_13_3_actions_home_count_the_turns_and_the_board_edge() -> None:
    """The fewest F/L/R actions back onto the airfield at a6 (DG-13.3): four hexes away
    facing it, four; facing away, three turns more; on the airfield, none."""
    from rulesets.duel_of_the_giants import stuka as stuka_rules

    g = flying("e6", "W")
    assert stuka_rules.actions_home(g) == 4
    g.stuka.facing = d("E")
    assert stuka_rules.actions_home(g) == 7
    g.stuka.pos = h("a6")
    assert stuka_rules.actions_home(g) == 0


def test_dg_13_7_the_evaluation_counts_a_flight_too_far_out_as_a_forced_landing() -> None:
    """In the last flight phase, with three actions left, a Stuka four actions from
    the airfield cannot return: the German's evaluation counts the forced landing's
    4 VP for the Soviet side already (DG-13.7); one hex nearer, it does not."""
    from rulesets.duel_of_the_giants import stuka as stuka_rules
    from rulesets.duel_of_the_giants.view import _judge

    g = flying("e6", "W")
    g.stuka.flight_phase, g.stuka.actions_left = 4, 3
    assert stuka_rules.actions_left_in_flight(g) == 3 and stuka_rules.actions_home(g) == 4
    too_far = _judge(g, g.side_players["german"][0], 0)
    g.stuka.pos = h("d6")
    assert stuka_rules.actions_home(g) == 3
    near = _judge(g, g.side_players["german"][0], 0)
    distance_pull = 0.5 * 3  # within reach, the last phases pull it home by 0.5 a hex
    assert math.isclose(math.atanh(near) * 12 - math.atanh(too_far) * 12, 4 - distance_pull)
    g.stuka.flight_phase = 2  # two whole flight phases still to come: far enough is fine
    assert stuka_rules.actions_left_in_flight(g) == 3 + 2 * 5
