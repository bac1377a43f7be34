"""T-34 movement (DG-15), mines (DG-14), ATG overruns (DG-15.8), markers (DG-9)."""

from __future__ import annotations

from rulesets.duel_of_the_giants.board import label
from tests.duel_of_the_giants.helpers import (
    atg,
    blank,
    d,
    goto,
    h,
    marker,
    mine,
    play,
    stuka,
    t34,
    terrain,
    texts,
    tiger,
)


def moving(at: str = "g5", hull: str = "W", season: str = "summer") -> object:
    g = blank(season)
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    t34(g, 1, at, hull)
    g.b_started = 0
    goto(g, "B1")
    assert g.step == "B3", g.step
    return g


def test_dg_15_3_three_mas_forward_and_turns() -> None:
    g = moving()
    play(g, "g5 F", "g5 F".replace("g5", "f5"), "e5 R")
    t = g.tank_at(h("e5"))
    assert t is not None and t.hull == d("NW") and g.ma_left == 0
    bad = g.check(g.parse_action("e5 F"))
    assert bad is not None and bad.rule == "DG-15.3"


def _turret_moves(g: object, at: str) -> list[object]:
    from rulesets.duel_of_the_giants.actions import T34Turret

    return [a for a in g.legal_actions() if isinstance(a, T34Turret) and a.at == h(at)]


def test_dg_15_6_turret_set_once_after_each_action_and_at_the_end() -> None:
    """DG-15.6 (issue 27.1): the turret is set after any action and at the end, once each
    time -- never twice with nothing between, so a T-34 cannot turn it for ever."""
    g = moving()
    assert len(_turret_moves(g, "g5")) == 5  # before its first action (DG-AMB-57)
    play(g, "g5 T NW")
    t = g.tank_at(h("g5"))
    assert t is not None and t.turret == d("NW")
    assert _turret_moves(g, "g5") == []
    bad = g.check(g.parse_action("g5 T SW"))
    assert bad is not None and bad.rule == "DG-15.6" and "just set its turret" in bad.reason
    play(g, "g5 F")  # an action: the turret may be set again
    assert len(_turret_moves(g, "f5")) == 5
    bad = g.check(g.parse_action("f5 T NW"))
    assert bad is not None and bad.rule == "DG-15.6" and "already points NW" in bad.reason
    play(g, "f5 T E", "f5 F", "e5 F")  # MAs spent: one setting at the end, then only 'end'
    play(g, "d5 T SW")
    assert t.turret == d("SW") and g.step == "C1"  # nothing left to decide: B3 is over


def test_dg_15_6_a_stopped_t34_sets_its_turret_once() -> None:
    """DG-15.6: a T-34 stopped by a mine may still set its turret -- once."""
    g = moving()
    t34(g, 2, "h8", "W")
    mine(g, "f5", True)
    play(g, "g5 F")
    assert g.t34_stopped and len(_turret_moves(g, "f5")) == 5
    play(g, "f5 T NE")
    assert _turret_moves(g, "f5") == [] and g.step == "B3"  # the other T-34 may still move
    bad = g.check(g.parse_action("f5 T E"))
    assert bad is not None and bad.rule == "DG-15.6"


def test_dg_4_5_2_swamp_costs_two_and_front_on_swamp_three() -> None:
    g = moving()
    terrain(g, "swamp", "f5")
    play(g, "g5 F")
    assert g.ma_left == 1
    g = moving()
    terrain(g, "swamp", "f5")
    g.front = {h("f5")}
    bad = g.check(g.parse_action("g5 L"))
    assert bad is None
    play(g, "g5 F")  # 3 MA: 1 steppe + 1 swamp + 1 front (DG-5.5)
    assert g.ma_left == 0 and h("f5") not in g.front


def test_dg_15_5_dash_five_hexes_over_steppe_only() -> None:
    g = moving("i5")
    assert g.check(g.parse_action("i5 dash 5")) is None
    terrain(g, "forest", "e5")
    bad = g.check(g.parse_action("i5 dash 5"))
    assert bad is not None and bad.rule == "DG-15.5"
    play(g, "i5 dash 3")
    assert g.tank_at(h("f5")) is not None and g.t34_stopped
    bad = g.check(g.parse_action("f5 F"))
    assert bad is not None and bad.rule == "DG-15.4"
    assert g.check(g.parse_action("f5 T NW")) is None  # DG-15.6: turret is free


def test_dg_amb_17_no_dash_after_moving_or_through_german_markers() -> None:
    g = moving("i5")
    play(g, "i5 R", "i5 L")
    bad = g.check(g.parse_action("i5 dash 2"))
    assert bad is not None and "replaces" in bad.reason
    g = moving("i5")
    mine(g, "f5", False)
    assert g.check(g.parse_action("i5 dash 2")) is None
    assert g.check(g.parse_action("i5 dash 3")) is not None


def test_dg_14_2_real_mine_stops_and_is_revealed() -> None:
    g = moving()
    mine(g, "f5", True)
    events = play(g, "g5 F")
    assert g.t34_stopped and g.ma_left == 0
    assert "real mine" in texts(events)
    assert g.mine_at(h("f5")).face_up  # DG-14.4 persists


def test_dg_14_2_bluff_mine_is_removed_and_tank_continues() -> None:
    g = moving()
    mine(g, "f5", False)
    play(g, "g5 F")
    assert g.mine_at(h("f5")) is None and not g.t34_stopped and g.ma_left == 2


def test_dg_15_8_overrun_of_atg_not_head_on_scores() -> None:
    g = moving()
    atg(g, "f5", "pak36", "NE")
    events = play(g, "g5 F")
    assert g.tank_at(h("f5")) is not None and g.atg_at(h("f5")) is None
    assert g.round_vp["soviet"] == 1 and "DG-15.8" in texts(events)


def test_dg_15_8_bluff_overrun_scores_nothing() -> None:
    g = moving()
    atg(g, "f5", "bluff", "NE")
    play(g, "g5 F")
    assert g.round_vp["soviet"] == 0


def test_dg_15_8_head_on_atg_stops_the_t34_and_is_revealed() -> None:
    g = moving()
    a = atg(g, "f5", "pak88", "E")  # points at g5, where the T-34 comes from
    events = play(g, "g5 F")
    assert g.tank_at(h("g5")) is not None and a.face_up and g.t34_stopped
    assert "head-on" in texts(events)


def test_dg_15_9_exit_across_west_edge_scores_five() -> None:
    g = moving("b5")
    g.german_side = frozenset(p for p in g.geo.hexes if p[0] <= 4)
    play(g, "b5 F")
    events = play(g, "a5 F")
    assert g.tank_at(h("a5")) is None and "t34-1" not in g.tanks
    from rulesets.duel_of_the_giants.vp import totals

    assert totals(g)["soviet"] == 5 and "DG-15.9" in texts(events)
    assert g.is_over() and g.net_vp == -5  # DG-20.3: last Soviet weapon gone -> bar updated, game over


def test_dg_amb_47_no_exit_across_other_edges() -> None:
    g = moving("i5", "E")
    bad = g.check(g.parse_action("i5 F"))
    assert bad is not None and bad.rule == "DG-15.9"


def test_dg_15_7_no_entry_into_a_tank_hex() -> None:
    g = moving()
    t34(g, 2, "f5", "W", first_b=99)
    bad = g.check(g.parse_action("g5 F"))
    assert bad is not None and bad.rule == "DG-15.7"


def test_dg_9_8_activated_t34_moves_only_from_next_phase_b() -> None:
    g = moving()
    t = t34(g, 2, "h8", "W", first_b=g.b_started + 1)
    bad = g.check(g.parse_action("h8 F"))
    assert bad is not None and bad.rule == "DG-9.8"
    assert t.first_b == g.b_started + 1


def test_dg_15_4_move_is_final_once_next_tank_starts() -> None:
    g = moving()
    t34(g, 2, "h8", "W")
    play(g, "g5 F", "h8 F")
    bad = g.check(g.parse_action("f5 F"))
    assert bad is not None and bad.rule == "DG-15.4"


def test_dg_13_9_t34_on_airfield_destroys_grounded_stuka() -> None:
    g = moving()
    stuka(g, "f5")
    events = play(g, "g5 F")
    assert g.stuka.state == "destroyed" and g.round_vp["soviet"] == 2 and "DG-13.9" in texts(events)


def test_t34_goto_target_hex_takes_cheapest_route() -> None:
    g = moving()
    play(g, "g5 to e5")
    assert g.tank_at(h("e5")) is not None and g.ma_left == 1


def test_dg_10_7_t34_reveals_atg_on_a_line_during_move() -> None:
    g = moving()
    a = atg(g, "f7", "pak36", "E")
    assert g.check(g.parse_action("g5 reveal f7")) is None
    events = play(g, "g5 reveal f7")
    assert a.face_up and "PAK 36" in texts(events)
    g2 = moving()
    atg(g2, "f7", "bluff", "E")
    play(g2, "g5 reveal f7")
    assert g2.atg_at(h("f7")) is None  # DG-12.2: revealed bluff removed


def markers_phase() -> object:
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "g5", True)
    marker(g, "h5", False)
    marker(g, "h8", True)
    goto(g, "B1")
    assert g.step == "B1"
    return g


def test_dg_9_5_marker_through_swamp_is_refused() -> None:
    g = markers_phase()
    terrain(g, "swamp", "f5")
    bad = g.check(g.parse_action("marker g5-f5"))
    assert bad is not None and bad.rule == "DG-4.5.4" and "swamp" in bad.reason
    terrain(g, "forest", "f6")
    assert g.check(g.parse_action("marker g5-f6")) is None


def test_dg_9_5_at_most_two_markers_two_hexes_no_mines_no_front() -> None:
    g = markers_phase()
    assert g.check(g.parse_action("marker g5-g4-g3-g2")) is not None
    mine(g, "f5", False)
    assert g.check(g.parse_action("marker g5-f5")) is not None
    g.front = {h("f4")}
    assert g.check(g.parse_action("marker g5-f4")) is not None
    assert g.check(g.parse_action("marker g5-h5")) is not None  # may not end on a marker
    assert g.check(g.parse_action("marker g5-h5-i5")) is None  # may pass over it
    play(g, "marker g5-g4")
    from rulesets.duel_of_the_giants.markers import check_move

    g.moved_markers.append("m999")
    bad = check_move(g, g.parse_action("marker h5-h4"))
    assert bad is not None and "at most 2" in bad.reason
    g.moved_markers.pop()
    play(g, "marker h8-g8")
    assert g.step == "B2"  # the limit is reached, so the marker step is over


def test_dg_9_6_marker_moved_into_recon_reach_is_revealed_and_stops() -> None:
    g = markers_phase()
    g.tiger(1).pos = h("d5")
    terrain(g, "forest", "f5")  # even into forest (DG-9.6)
    events = play(g, "marker g5-f5-f4")
    assert "DG-9.6" in texts(events)
    t = g.tank_at(h("f5"))
    assert t is not None and not t.is_tiger and g.pending_orient == [t.id]
    assert g.to_move() == g.players.index("soviet")
    play(g, "orient f5 W W")
    assert t.hull == d("W")


def test_dg_9_7_activation_of_wheel_only_bluff_refused() -> None:
    g = markers_phase()
    play(g, "end")
    assert g.step == "B2"
    bad = g.check(g.parse_action("activate h5 W W"))
    assert bad is not None and bad.rule == "DG-9.7"
    play(g, "activate g5 W NW")
    t = g.tank_at(h("g5"))
    assert t is not None and t.turret == d("NW") and t.first_b == g.b_started + 1


def test_dg_9_4_covered_marker_cannot_be_activated_or_revealed() -> None:
    g = markers_phase()
    t34(g, 1, "g5", "W", first_b=99)
    play(g, "end")
    bad = g.check(g.parse_action("activate g5 W W"))
    assert bad is not None and bad.rule == "DG-9.4"


def test_dg_10_6_german_recon_reveals_bluff_and_wheel() -> None:
    g = markers_phase()
    g.tiger(1).pos = h("e5")
    goto(g, "A3")
    assert g.step == "A3"
    bad = g.check(g.parse_action("recon h8"))
    assert bad is not None and bad.rule == "DG-10.2"
    g.tiger(2).pos, g.tiger(2).turret = h("f5"), d("E")
    events = play(g, "recon h5")
    assert "bluff, removed" in texts(events) and g.marker_at(h("h5")) is None
    events = play(g, "recon g5")
    assert "T-34" in texts(events) and g.pending_orient
    play(g, "orient g5 W W")
    assert label(g.tank_at(h("g5")).pos) == "g5"
