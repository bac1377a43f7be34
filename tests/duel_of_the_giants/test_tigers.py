"""Tiger programming and execution (DG-11), front elements (DG-5.5)."""

from __future__ import annotations

from rulesets.duel_of_the_giants.actions import Program
from rulesets.duel_of_the_giants.board import label
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


def programming(track1: int = 5) -> object:
    g = blank()
    tiger(g, 1, "c5", "E", track=track1)
    tiger(g, 2, "c8", "E")
    t34(g, 1, "i1", "W")  # keeps the Soviet side in play
    goto(g, "A4")
    assert g.step == "A4"
    return g


def test_dg_11_3_sixth_program_card_is_refused() -> None:
    g = programming()
    bad = g.check(g.parse_action("tiger1 F F F F F F"))
    assert bad is not None and bad.rule == "DG-11.3" and "at most 5" in bad.reason
    assert g.check(g.parse_action("tiger1 F F F F F")) is None


def test_dg_11_3_turret_card_counts_toward_the_limit() -> None:
    g = programming()
    assert g.check(g.parse_action("tiger1 F F F F T2")) is None
    bad = g.check(g.parse_action("tiger1 F F F F F T2"))
    assert bad is not None and bad.rule == "DG-11.3"


def test_dg_11_2_turret_card_must_be_last_and_single() -> None:
    g = programming()
    bad = g.check(g.parse_action("tiger1 T2 F"))
    assert bad is not None and bad.rule == "DG-11.2"
    bad = g.check(g.parse_action("tiger1 F T2 T4"))
    assert bad is not None and bad.rule == "DG-11.2"


def test_dg_11_3_damage_track_limits_cards() -> None:
    g = programming(track1=3)
    assert g.check(g.parse_action("tiger1 F F F")) is None
    bad = g.check(g.parse_action("tiger1 F F F F"))
    assert bad is not None and "at most 3" in bad.reason


def test_dg_11_4_stop_and_filler_do_not_count() -> None:
    g = programming(track1=2)
    assert g.check(g.parse_action("tiger1 F F S L L R")) is None
    play(g, "tiger1 F F S L L R", "tiger2")
    assert g.step == "B1" or g.step.startswith("B") or g.step == "C1"
    t = g.tiger(1)
    goto(g, "C1")
    play(g, "execute tiger1")
    assert label(t.pos) == "e5" and t.hull == d("E")  # the filler L L R was ignored


def test_dg_24_program_is_secret_until_executed() -> None:
    g = programming()
    events = play(g, "tiger1 F B L T4")
    soviet = g.players.index("soviet")
    shown = g.events_for(soviet, events)
    assert all("F B L" not in e.text for e in shown)
    assert "F B L" not in g.render(soviet) and "F B L" in g.render(0)
    assert g.view(soviet)["programs"] == {}


def executing(*cards: str) -> object:
    g = blank()
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "i11", "W")
    g.programs = {1: tuple(cards), 2: ()}
    return g


def test_dg_11_5_moves_turns_and_turret_card() -> None:
    g = executing("F", "R", "F", "T10")
    goto(g, "C1")
    play(g, "execute tiger1")
    t = g.tiger(1)
    assert label(t.pos) == "d6" and t.hull == d("SE")
    assert (t.turret - t.hull) % 6 == 5  # 10 o'clock


def test_dg_11_5_turn_keeps_turret_clock() -> None:
    g = executing("R")
    g.tiger(1).turret = d("NE")  # 10 o'clock relative to an E hull
    goto(g, "C1")
    play(g, "execute tiger1")
    t = g.tiger(1)
    assert t.hull == d("SE") and t.turret == d("E")


def test_dg_5_5_front_hex_needs_forward_twice_and_is_removed() -> None:
    g = executing("F", "F", "F")
    g.front = {h("e5")}
    goto(g, "C1")
    events = play(g, "execute tiger1")
    t = g.tiger(1)
    assert label(t.pos) == "e5"  # d5 with 1 card, e5 with 2 consecutive cards
    assert h("e5") not in g.front
    assert "removed" in texts(events)


def test_dg_amb_16_interrupted_run_is_lost() -> None:
    g = executing("F", "F", "L", "R", "F")
    g.front = {h("e5")}
    goto(g, "C1")
    play(g, "execute tiger1")
    assert label(g.tiger(1).pos) == "d5"  # F into d5, F (1 of 2), L R break the run, F (1 of 2 again)


def test_dg_4_5_1_tiger_programmed_into_swamp_stops_there_with_a_message() -> None:
    g = executing("F", "F", "T2")
    terrain(g, "swamp", "e5")
    goto(g, "C1")
    events = play(g, "execute tiger1")
    t = g.tiger(1)
    assert label(t.pos) == "d5"
    assert "swamp" in texts(events) and "DG-4.5.1" in texts(events)
    assert (t.turret - t.hull) % 6 == 1  # DG-AMB-12: turret card still executed


def test_dg_4_5_1_program_into_swamp_is_accepted_by_check() -> None:
    g = programming()
    terrain(g, "swamp", "d5")
    assert g.check(Program(1, ("F", "F"))) is None


def test_dg_11_5_t34_blocks_and_forfeits_remaining_cards() -> None:
    g = executing("F", "F", "R", "F")
    t34(g, 2, "e5", "W")
    goto(g, "C1")
    events = play(g, "execute tiger1")
    t = g.tiger(1)
    assert label(t.pos) == "d5" and t.hull == d("E")  # the R after the block is forfeited too
    assert "T-34" in texts(events)


def test_dg_amb_23_face_down_marker_blocks_tiger() -> None:
    g = executing("F", "F")
    marker(g, "e5", False)
    goto(g, "C1")
    play(g, "execute tiger1")
    assert label(g.tiger(1).pos) == "d5"


def test_dg_11_6_board_edge_stops_tiger() -> None:
    g = executing()
    g.tiger(1).pos = h("a5")
    g.tiger(1).hull = g.tiger(1).turret = d("W")
    g.programs[1] = ("F",)
    goto(g, "C1")
    events = play(g, "execute tiger1")
    assert label(g.tiger(1).pos) == "a5" and "edge" in texts(events)


def test_dg_8_4_german_chooses_execution_order() -> None:
    g = executing("F")
    g.programs[2] = ("F",)
    goto(g, "C1")
    assert {g.format_action(a) for a in g.legal_actions()} == {"execute tiger1", "execute tiger2"}
    play(g, "execute tiger2")
    assert label(g.tiger(2).pos) == "b1" and label(g.tiger(1).pos) == "d5"


def test_dg_11_8_damage_track_arithmetic() -> None:
    from rulesets.duel_of_the_giants.combat import shoot

    g = blank()
    ti = tiger(g, 1, "c5", "E")
    tk = t34(g, 1, "d5", "W")  # adjacent, front: 4 hits = front armour 4 -> critical
    shoot(g, tk, ti, 0, [])
    assert ti.track == 3
    tk.pos = h("e5")  # 3 hits < 4 -> damaged
    shoot(g, tk, ti, 0, [])
    assert ti.track == 2
    tk.pos = h("d5")
    shoot(g, tk, ti, 0, [])
    assert ti.track == 1  # floor at 1
    shoot(g, tk, ti, 0, [])
    assert ti.track == 1 and not ti.destroyed
    assert g.round_vp["soviet"] == 4  # every damaging hit scores 1 (DG-19.3)


def test_dg_amb_55_front_removal_only_by_t34_option() -> None:
    g = blank(**{"front.removal": "on_entry_by_t34"})
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "i11", "W")
    g.front = {h("d5")}
    g.programs = {1: ("F", "F"), 2: ()}
    goto(g, "C1")
    play(g, "execute tiger1")
    assert g.tiger(1).pos == h("d5") and h("d5") in g.front


def test_dg_amb_12_turret_reset_option() -> None:
    g = blank(**{"tiger.turret_default": "reset_12"})
    tiger(g, 1, "c5", "E", "NE")
    tiger(g, 2, "a1", "E")
    t34(g, 1, "i11", "W")
    g.programs = {1: ("F",), 2: ()}
    goto(g, "C1")
    play(g, "execute tiger1")
    assert g.tiger(1).turret == d("E")
