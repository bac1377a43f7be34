"""The AI's combat threats (threats.py): the next shots by the real hit formula (DG-17.8),
and the Stuka's attack still to come (DG-13)."""

from __future__ import annotations

import pytest

from core.ai.agents import GreedyAgent
from rulesets.duel_of_the_giants.actions import StukaAction
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.pieces import Tank
from rulesets.duel_of_the_giants.stuka import attack_hex, flight_actions
from rulesets.duel_of_the_giants.threats import (
    AIMING,
    EXIT_MARGIN,
    HIDDEN_GUN,
    STRIKE_NOW,
    STUKA_HELD,
    T34_KILL,
    TURNING,
    UNSCREENED,
    balance,
    stuka_strike,
    t34_threat,
    unscreened,
)
from rulesets.duel_of_the_giants.view import ATG_MOVING, ATG_READY, evaluate
from tests.duel_of_the_giants.helpers import (
    atg,
    blank,
    d,
    play,
    stuka_at_d4,
    t34,
    terrain,
    tiger,
)


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


def strike_actions(g: DuelGame, t: Tank) -> int | None:
    """Flight actions from where the Stuka is to the hex behind ``t`` (DG-13.5)."""
    rear = attack_hex(g, t)
    return None if rear is None else flight_actions(g, g.stuka.pos, g.stuka.facing, rear)


def test_dg_13_1_the_unflown_stuka_is_worth_keeping_and_a_launch_with_nothing_in_reach_gives_it_up() -> None:
    """The Stuka flies once (DG-13.1) and attacks no T-34 in forest (DG-4.3.5): launched
    with the only T-34 in a forest, its attack is worth nothing, and landing ends it."""
    g = stuka_at_d4(forest=True)
    assert stuka_strike(g) == STUKA_HELD
    play(g, "stuka launch")
    assert stuka_strike(g) == 0.0
    play(g, "stuka land")
    assert g.stuka.state == "landed" and stuka_strike(g) == 0.0


def test_dg_13_5_a_flying_stuka_holds_the_t34_it_can_stand_behind_in_this_flight_phase() -> None:
    """T-34 at c6 facing W: the hex behind it is d6, three hexes east of the airfield a6
    (three F of the phase's five actions, DG-13.3); attacked, the T-34 is destroyed for
    2 VP (DG-13.5) and the attack is spent."""
    g = stuka_at_d4()
    t = g.tanks["t34-1"]
    play(g, "stuka launch")
    assert strike_actions(g, t) == 3
    held = STRIKE_NOW * (T34_KILL + t34_threat(g, t))
    assert stuka_strike(g) == pytest.approx(held) and held > STUKA_HELD
    play(g, "stuka F", "stuka F", "stuka F")
    assert strike_actions(g, t) == 0 and stuka_strike(g) == pytest.approx(held)
    play(g, "stuka attack c6")
    assert "t34-1" not in g.tanks and g.round_vp["german"] == 2 and stuka_strike(g) == 0.0


def test_dg_13_5_a_t34_beyond_this_flight_phases_reach_counts_for_nothing() -> None:
    """Launched at a6 facing W, the Stuka needs three turns before it flies east: d6 is
    six actions away, more than this phase's five (DG-13.3), and the T-34 moves in
    phase B before the next one."""
    g = stuka_at_d4()
    g.stuka.facing = d("W")
    t = g.tanks["t34-1"]
    play(g, "stuka launch")
    assert strike_actions(g, t) == 6
    assert stuka_strike(g) == 0.0


def test_dg_13_greedy_keeps_the_stuka_with_nothing_in_reach_and_strikes_what_it_can_reach() -> None:
    """One decision ahead, the German side launches only for a T-34 the Stuka can reach,
    and then flies behind it and destroys it (DG-13.5)."""
    g = stuka_at_d4(forest=True)
    german = GreedyAgent(seed=1)
    assert not isinstance(german.choose(g), StukaAction)

    g = stuka_at_d4()
    while g.step == "D4" and g.players[g.to_move()] == "german":
        g.apply(german.choose(g))
    assert "t34-1" not in g.tanks
    assert [e.reason for e in g.vp_events] == ["stuka_attack"]


def test_dg_13_7_a_t34_the_stuka_could_reach_but_not_return_from_is_worth_nothing() -> None:
    """T-34 at e6 facing W: the hex behind it, f6, is five F from the airfield a6. In the
    first flight phase the flight has the actions to get there and home; in the fourth,
    the attack would leave the Stuka short of the airfield: a forced landing (DG-13.7)."""
    g = stuka_at_d4("e6")
    t = g.tanks["t34-1"]
    play(g, "stuka launch")
    assert strike_actions(g, t) == 5
    assert stuka_strike(g) == pytest.approx(STRIKE_NOW * (T34_KILL + t34_threat(g, t)))
    g.stuka.flight_phase = 4
    assert stuka_strike(g) == 0.0
