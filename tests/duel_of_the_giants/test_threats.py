"""The AI's combat threats (threats.py): the next shots by the real hit formula (DG-17.8)."""

from __future__ import annotations

import pytest

from rulesets.duel_of_the_giants.threats import (
    AIMING,
    HIDDEN_GUN,
    T34_KILL,
    TURNING,
    balance,
    t34_threat,
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
