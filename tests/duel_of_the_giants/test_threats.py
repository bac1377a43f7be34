"""The AI's combat threats (threats.py): the next shots by the real hit formula (DG-17.8)."""

from __future__ import annotations

import pytest

from rulesets.duel_of_the_giants.threats import (
    AIMING,
    EXIT_MARGIN,
    HIDDEN_GUN,
    T34_KILL,
    TURNING,
    UNSCREENED,
    balance,
    t34_threat,
    unscreened,
)
from rulesets.duel_of_the_giants.view import ATG_MOVING, ATG_READY, evaluate
from tests.duel_of_the_giants.helpers import atg, blank, t34, terrain, tiger


def test_dg_17_8_tiger_aiming_at_a_t34_two_hexes_away_threatens_a_kill() -> None:
    """Tiger FP 5 - 1 range = 4 hits >= T-34 front armour 3: destroyed; the T-34 must turn
    its turret one step to reply: 4 - 1 range = 3 < Tiger front armour 4: damage."""
    g = blank()
    tiger(g, 1, "c5", "E")
    t = t34(g, 1, "e5", "W", "NW")
    assert balance(g) == pytest.approx(AIMING * (T34_KILL + t34_threat(g, t)) - TURNING * 1.4)


def test_dg_4_3_2_a_t34_in_forest_cannot_be_targeted_from_afar() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    t34(g, 1, "e5", "W", "W")
    terrain(g, "forest", "e5")
    assert balance(g) == pytest.approx(-AIMING * 1.4)


def test_dg_3_9_an_atg_threatens_only_along_its_facing_and_hidden_guns_count_less() -> None:
    g = blank()
    gun = atg(g, "c5", "pak88", "NE")
    t = t34(g, 1, "e5", "W", "NE")
    assert balance(g) == 0.0
    gun.facing = 1  # E, toward the T-34: FP 5 - 1 = 4 hits vs front armour 3
    assert balance(g) == pytest.approx(HIDDEN_GUN * (T34_KILL + t34_threat(g, t)))
    gun.kind = "bluff"
    assert balance(g) == 0.0


def test_evaluate_prefers_a_t34_out_of_the_tigers_line_of_fire() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    t = t34(g, 1, "e5", "W", "NE")
    german = g.side_players["german"][0]
    exposed = evaluate(g, german)
    t.pos = (5, 4)
    assert g.geo.direction((3, 5), t.pos) is None
    assert evaluate(g, german) < exposed


def test_dg_15_9_a_t34_nearer_the_german_edge_threatens_more() -> None:
    """Issue 28.2: the threat grows evenly from nothing extra at the Soviet edge to
    2.5 at the German edge, and 1.5 more once behind the front (this board's German
    side is columns a-d): 0.6 + 2.5 * 8/9 + 1.5 at a5, 0.6 at i5."""
    g = blank()
    far = t34(g, 1, "i5", "W")
    near = t34(g, 2, "a7", "W")
    assert t34_threat(g, far) == pytest.approx(0.6)
    assert t34_threat(g, near) == pytest.approx(0.6 + 2.5 * 8 / 9 + 1.5)


def test_dg_15_9_a_kill_of_a_t34_about_to_break_through_is_worth_more() -> None:
    """Issue 28.2: destroying a T-34 removes its threat as well as scoring 2 VP
    (DG-19), so the same kill shot is worth more against a T-34 at the German edge
    (it would score 5 VP by leaving, DG-15.9) than against one far out: a Tiger
    aiming at a T-34 two hexes off, once at e5-c5, once at c5-a5."""
    far = blank()
    tiger(far, 1, "c5", "E")
    t34(far, 1, "e5", "W", "SE")  # its turret points away: no reply this phase
    near = blank()
    tiger(near, 1, "c5", "W")
    t34(near, 1, "a5", "E", "NE")
    assert balance(near) - balance(far) == pytest.approx(AIMING * 2.5 * 4 / 9 + AIMING * 1.5)


def test_dg_12_6_a_gun_under_a_tire_marker_is_worth_less_than_one_that_can_fire() -> None:
    """Issue 28.2: a hauled gun is out of the next phase D (DG-12.6), so the
    evaluation counts it for less and a haul must buy a better position."""
    g = blank()
    gun = atg(g, "b5", "pak36", "NE")
    german = g.side_players["german"][0]
    ready = evaluate(g, german)
    gun.tire = "moving"
    assert evaluate(g, german) < ready
    assert ATG_MOVING < ATG_READY


def test_dg_15_9_a_t34_with_no_tiger_west_of_it_is_unscreened() -> None:
    """Issue 28.2: a T-34 that every Tiger stands level with or east of has an open
    way to the German edge (5 VP, DG-15.9); its threat counts ``UNSCREENED`` more.
    One Tiger west of it is enough, wherever the other is."""
    g = blank()
    hunter = tiger(g, 1, "g5", "E")
    guard = tiger(g, 2, "f8", "E")
    t = t34(g, 1, "e5", "W")
    assert unscreened(g) == pytest.approx(UNSCREENED * t34_threat(g, t))
    guard.pos = (5, 8)  # e8: level with the T-34, still no way across
    assert unscreened(g) == pytest.approx(UNSCREENED * t34_threat(g, t))
    guard.pos = (3, 8)  # c8: west of it
    assert unscreened(g) == 0.0
    hunter.destroyed = guard.destroyed = True
    assert unscreened(g) == pytest.approx(UNSCREENED * t34_threat(g, t))


def test_evaluate_keeps_a_tiger_between_the_t34s_and_the_german_edge() -> None:
    """Issue 28.2: the German's Tigers drove east after T-34s and let others break
    through behind them. With the same shots on offer (none), a Tiger west of the
    T-34 is worth more to the German than one east of it."""
    g = blank()
    tg = tiger(g, 1, "c2", "NE")
    t34(g, 1, "f5", "W", "NW")
    german = g.side_players["german"][0]
    assert balance(g) == 0.0
    guarding = evaluate(g, german)
    tg.pos = (8, 2)  # h2
    assert balance(g) == 0.0
    assert evaluate(g, german) < guarding


def test_dg_15_9_an_unscreened_t34_is_still_worth_more_across_the_edge() -> None:
    """A threat is VP not yet scored: a T-34 at the German edge with no Tiger west
    of it counts ``EXIT_MARGIN`` less than the 5 VP it scores by leaving (DG-15.9),
    so the Soviet side's evaluation breaks through instead of waiting there."""
    g = blank()
    tiger(g, 1, "c8", "E")
    t = t34(g, 1, "a5", "W")
    assert UNSCREENED * t34_threat(g, t) > 5 - EXIT_MARGIN - t34_threat(g, t)
    assert t34_threat(g, t) + unscreened(g) == pytest.approx(5 - EXIT_MARGIN)
