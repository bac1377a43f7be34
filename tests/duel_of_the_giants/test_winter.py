"""Winter '44 (DG-23): every change against the summer rules."""

from __future__ import annotations

from rulesets.duel_of_the_giants.combat import hits_for
from rulesets.duel_of_the_giants.los import concealed, has_los, sees_marker
from rulesets.duel_of_the_giants.t34 import full_ma
from tests.duel_of_the_giants.helpers import (
    blank,
    d,
    goto,
    h,
    marker,
    play,
    t34,
    terrain,
    texts,
    tiger,
)


def test_dg_23_tiger_firepower_four_in_winter() -> None:
    g = blank("winter")
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "d5", "W")
    assert hits_for(g, ti, tk, 0)[0] == 4
    assert g.cfg.season == "winter" and g.base_terrain == "snow_steppe"


def test_dg_23_1_t34_has_four_mas() -> None:
    assert full_ma(blank("winter")) == 4 and full_ma(blank("summer")) == 3


def winter_move(at: str = "g5") -> object:
    g = blank("winter")
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    t34(g, 1, at, "W")
    g.b_started = 0
    goto(g, "B1")
    assert g.step == "B3"
    return g


def test_dg_23_2_snow_high_ground_costs_two() -> None:
    g = winter_move()
    terrain(g, "snow_high_ground", "f5")
    play(g, "g5 F")
    assert g.ma_left == 2


def test_dg_23_2_tiger_needs_two_cards_for_snow_high_ground() -> None:
    g = blank("winter")
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    marker(g, "i9", True)
    terrain(g, "snow_high_ground", "d5")
    g.programs = {1: ("F", "F", "F"), 2: ()}
    goto(g, "C1")
    play(g, "execute tiger1")
    assert g.tiger(1).pos == h("e5")  # F F enter d5 (cost 2), the third F enters e5 (cost 1)
    g.tiger(1).pos = h("c5")
    g.programs = {1: ("F",), 2: ()}
    goto(g, "C1")
    events = play(g, "execute tiger1")
    assert g.tiger(1).pos == h("c5") and "card 1 of 2" in texts(events)


def test_dg_23_3_snow_forest_no_concealment_but_minus_one_and_markers_visible() -> None:
    g = blank("winter")
    terrain(g, "snow_forest", "f5")
    assert not concealed(g, h("f5"), h("c5"))
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "f5", "W")
    assert hits_for(g, ti, tk, 0)[0] == 4 - 2 - 1
    assert sees_marker(g, h("d5"), d("E"), h("f5"))
    del g.tanks["t34-1"]
    assert not has_los(g, h("c5"), h("g5"))  # DG-AMB-44 strict: still blocks LOS


def test_dg_amb_44_transparent_snow_forest_option() -> None:
    g = blank("winter", **{"winter.snow_forest": "transparent"})
    terrain(g, "snow_forest", "e5")
    assert has_los(g, h("c5"), h("g5"))


def test_dg_23_5_snowdrift_invisible_blocks_los_except_from_high_ground() -> None:
    g = blank("winter")
    terrain(g, "snowdrift", "f5", "e5")
    assert concealed(g, h("f5"), h("e4"))  # even adjacent
    assert not concealed(g, h("f5"), h("e4"), stuka=True)
    assert not has_los(g, h("d5"), h("g5"))
    terrain(g, "snow_high_ground", "d5")
    assert has_los(g, h("d5"), h("g5"))  # any number of drifts from high ground


def test_dg_23_5_leaving_or_turning_in_a_snowdrift_removes_it() -> None:
    g = winter_move()
    terrain(g, "snowdrift", "g5")
    events = play(g, "g5 F")
    assert "g5" not in str(g.terrain) or (7, 5) not in g.terrain
    assert "removed" in texts(events)
    g = winter_move()
    terrain(g, "snowdrift", "g5")
    play(g, "g5 T NW")  # turret rotation does not count (DG-AMB-45)
    assert (7, 5) in g.terrain
    play(g, "g5 L")
    assert (7, 5) not in g.terrain


def test_dg_23_6_snowdrift_time_limit_two_phases_b() -> None:
    g = winter_move()
    terrain(g, "snowdrift", "f5")
    play(g, "g5 F", "end")  # entered in this phase B: 1 drop
    assert g.drifts[h("f5")].drops == 1
    goto(g, "B1")
    if g.step == "B3":
        play(g, "end")
    assert g.drifts[h("f5")].drops == 2
    goto(g, "B1")
    if g.step == "B3":
        play(g, "end")
    assert h("f5") not in g.terrain and g.tank_at(h("f5")) is not None


def test_dg_23_5_markers_may_not_enter_snowdrift() -> None:
    g = blank("winter")
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "a11", "E")
    marker(g, "g5", True)
    terrain(g, "snowdrift", "f5")
    goto(g, "B1")
    bad = g.check(g.parse_action("marker g5-f5"))
    assert bad is not None and "snowdrift" in bad.reason


def test_dg_23_5_stuka_may_attack_in_snowdrift() -> None:
    from rulesets.duel_of_the_giants.stuka import attack_problem
    from tests.duel_of_the_giants.helpers import stuka

    g = blank("winter")
    s = stuka(g, "a6")
    s.state = "flying"
    s.pos = h("g5")
    terrain(g, "snowdrift", "f5")
    t34(g, 1, "f5", "W")
    assert attack_problem(g, h("f5")) is None
    terrain(g, "snow_forest", "f5")
    assert attack_problem(g, h("f5")) is not None  # DG-AMB-44: snow forest still forbids


def test_dg_23_5_no_mines_on_snowdrift_in_set_up() -> None:
    g = blank("winter")
    assert not g.cfg.terrain["snowdrift"].mines and not g.cfg.terrain["swamp"].mines
