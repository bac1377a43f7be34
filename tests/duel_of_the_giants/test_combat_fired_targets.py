"""A unit that has fired can still be fired at (DG-17.3, DG-17.4 B1, DG-16.7/DG-17.12).

The once-per-phase limit of DG-17.1 restricts a unit's own firing; its pairs
with other enemies stay in combat contact, and a forest unit that fired is
exposed for the rest of the phase D.
"""

from __future__ import annotations

from rulesets.duel_of_the_giants.game import DuelGame
from tests.duel_of_the_giants.helpers import (
    blank,
    goto,
    h,
    marker,
    play,
    stuka,
    t34,
    terrain,
    tiger,
)


def shots(events: list) -> list[str]:
    return [e.text for e in events if e.kind == "shot"]


def issue_board() -> DuelGame:
    """Issue 17 bug 4: all-steppe summer board, front e1-e11, Tiger 1 d4 facing E,
    real wheel markers g4, f1, i11, airfield a1; g4 and f1 are activated in B2."""
    g = blank()
    g.front = {h(f"e{r}") for r in range(1, 12)}
    tiger(g, 1, "d4", "E")
    for at in ("g4", "f1", "i11"):
        marker(g, at, True)
    stuka(g, "a1")
    goto(g, "A4")
    play(g, "tiger1 S")
    while g.step != "D2":
        if g.step == "B2":
            play(g, "activate g4 W W", "activate f1 SW SW", "end")
        else:
            play(g, "end")
    return g


def test_dg_17_4_b1_unit_that_fired_in_step_a_is_still_a_target() -> None:
    g = issue_board()
    assert "case A" in g.decision()
    events = play(g, "fire d4 g4", "fire g4 d4")  # Tiger 1 and the T-34 at g4 exchange fire
    assert len(shots(events)) == 2
    assert "step B1" in g.decision() and "T-34 #2 at f1" in g.decision()
    events = play(g, "fire f1 d4")
    lines = shots(events)
    assert len(lines) == 1 and lines[0].startswith("T-34 #2 (f1) fires at Tiger 1 (d4)")
    assert g.tiger(1).track < 4  # hit once in step A, again in B1


def test_dg_17_4_b1_is_offered_the_same_whether_the_target_fired_or_held() -> None:
    held = issue_board()
    play(held, "hold d4", "fire g4 d4")
    fired = issue_board()
    play(fired, "fire d4 g4", "fire g4 d4")
    assert held.decision() == fired.decision()
    assert [held.format_action(a) for a in held.legal_actions()] == \
        [fired.format_action(a) for a in fired.legal_actions()]


def test_dg_17_12_forest_unit_that_fired_is_exposed_to_a_second_attacker() -> None:
    g = blank()
    t34(g, 9, "i11", "NE")  # a spare T-34 keeps the game running
    tiger(g, 1, "c5", "E")
    tiger(g, 2, "i5", "W")  # aims at the forest T-34, which does not aim back: case B
    terrain(g, "forest", "f5")
    t34(g, 1, "f5", "W")  # case A with Tiger 1; the forest unit fires first (DG-17.6)
    goto(g, "D1")
    assert "the unit in a forest fires first" in g.decision()
    events = play(g, "fire f5 c5")
    assert "the target of the unit in a forest replies" in g.decision()
    events += play(g, "fire c5 f5")  # exposed now (DG-16.7): Tiger 1 replies
    assert "step B1" in g.decision() and "Tiger 2 at i5" in g.decision()
    events += play(g, "fire i5 f5")
    lines = shots(events)
    assert [line.split(" (")[0] for line in lines] == ["T-34 #1", "Tiger 1", "Tiger 2"]
    assert "-1 target in forest" in lines[2]
