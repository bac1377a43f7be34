"""The AI's combat threats (threats.py): the next shots by the real hit formula (DG-17.8)."""

from __future__ import annotations

import pytest

from rulesets.duel_of_the_giants.threats import AIMING, HIDDEN_GUN, T34_KILL, TURNING, balance
from rulesets.duel_of_the_giants.view import evaluate
from tests.duel_of_the_giants.helpers import atg, blank, t34, terrain, tiger


def test_dg_17_8_tiger_aiming_at_a_t34_two_hexes_away_threatens_a_kill() -> None:
    """Tiger FP 5 - 1 range = 4 hits >= T-34 front armour 3: destroyed; the T-34 must turn
    its turret one step to reply: 4 - 1 range = 3 < Tiger front armour 4: damage."""
    g = blank()
    tiger(g, 1, "c5", "E")
    t34(g, 1, "e5", "W", "NW")
    assert balance(g) == pytest.approx(AIMING * T34_KILL - TURNING * 1.4)


def test_dg_4_3_2_a_t34_in_forest_cannot_be_targeted_from_afar() -> None:
    g = blank()
    tiger(g, 1, "c5", "E")
    t34(g, 1, "e5", "W", "W")
    terrain(g, "forest", "e5")
    assert balance(g) == pytest.approx(-AIMING * 1.4)


def test_dg_3_9_an_atg_threatens_only_along_its_facing_and_hidden_guns_count_less() -> None:
    g = blank()
    gun = atg(g, "c5", "pak88", "NE")
    t34(g, 1, "e5", "W", "NE")
    assert balance(g) == 0.0
    gun.facing = 1  # E, toward the T-34: FP 5 - 1 = 4 hits vs front armour 3
    assert balance(g) == pytest.approx(HIDDEN_GUN * T34_KILL)
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
