"""Hidden playtest of issues 58/59, point 2: T-34 #1 at e11 turned right because its note
said ``e11 R aims at the PAK 36 (d10): destroys it``, and in combat it was never offered
a shot, with no line saying why. The engine was right: the PAK 36 had been hauled to d10
in that round's phase A1 and still carried its standing tire marker, and an ATG under
transport can be neither fired at nor fire (DG-12.6, DG-17.2 "not in transport"). The
forecast forgot the tire marker; now it names it, and the log says it when combat opens."""

from __future__ import annotations

from rulesets.duel_of_the_giants.actions import T34Step
from rulesets.duel_of_the_giants.combat import can_target
from tests.duel_of_the_giants.helpers import atg, blank, goto, h, t34, texts, tiger


def test_dg_12_6_a_t34_aimed_at_a_gun_in_transport_is_told_it_gets_no_shot() -> None:
    g = blank()
    tiger(g, 1, "a1", "E")
    tiger(g, 2, "i1", "W")
    t = t34(g, 1, "e11", "W")
    gun = atg(g, "d10", "pak36", "E", face_up=True)
    gun.tire = "standing"
    goto(g, "B3")
    assert g.step == "B3", g.step
    note = g.describe_action(T34Step(h("e11"), "R"))  # hull and turret to NW, at d10
    assert "aims at the PAK 36 (d10): in transport (tire marker)" in note and "destroys" not in note, note
    play_turn = g.apply(T34Step(h("e11"), "R"))
    assert "turns right to NW" in texts(play_turn)
    assert not can_target(g, t, gun)  # DG-12.6: the engine offers no shot
    said = texts(goto(g, "D1"))
    assert ("T-34 #1 at e11 aims at the PAK 36 at d10, which is in transport (tire marker): it can be "
            "neither fired at nor fire this round (DG-12.6)") in said, said
    # its tire marker gone (end of phase D, DG-12.6), the gun is a target again
    gun.tire = None
    assert can_target(g, t, gun)
