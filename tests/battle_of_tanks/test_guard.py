"""The computer keeps its own base plate covered (BT-8.2): the evaluation's guard term.

A fast army wins by holding the enemy plate for a round; a slow army that lets its
tanks drift out of range of its own plate cannot stop it. Before any gun is in
range, the guard term is what tells a tank waiting near home from one wandering off.
"""

from __future__ import annotations

import pytest

from rulesets.battle_of_tanks.evaluate import GUARD_WEIGHT, evaluate, ground, guard, threat
from tests.battle_of_tanks.helpers import card, make_game

RAIDER = card("raider", sight_cm=30, move_cm=60, tier=4)


def gun(sight_cm: float) -> dict[str, object]:
    return card("gun", sight_cm=sight_cm, move_cm=40, tier=7)


@pytest.mark.parametrize(("x", "expected"), [
    (105.0, 1.0),   # on its plate's centre
    (45.0, 1.0),    # the centre (105, 105) exactly at sight range, 60 cm off
    (35.0, 0.5),    # 10 cm beyond sight: half of the 20 cm ATTACK move (BT-5)
    (20.0, 0.0),    # 25 cm beyond sight: beyond the ATTACK move
])
def test_bt_8_2_guard_is_the_plate_centre_within_sight_then_within_an_attack_move(
        x: float, expected: float) -> None:
    g = make_game(["raider"], ["gun"], {"a1": (10, 10, 0), "b1": (x, 105, 0)}, cards=[RAIDER, gun(60)])
    assert guard(g, "b") == pytest.approx(expected)


def test_bt_8_2_a_tank_with_a_damaged_track_guards_only_within_sight() -> None:
    g = make_game(["raider"], ["gun"], {"a1": (10, 10, 0), "b1": (35, 105, 0)}, cards=[RAIDER, gun(60)])
    g.tank("b1").track_until = g.round + 1
    assert g.tank("b1").track_damaged
    assert guard(g, "b") == 0.0
    near = make_game(["raider"], ["gun"], {"a1": (10, 10, 0), "b1": (50, 105, 0)}, cards=[RAIDER, gun(60)])
    near.tank("b1").track_until = near.round + 1
    assert guard(near, "b") == 1.0


def test_bt_8_2_the_best_placed_tank_guards_and_the_dead_do_not() -> None:
    g = make_game(["raider"], ["gun", "gun"], {"a1": (10, 10, 0), "b1": (20, 105, 0), "b2": (35, 105, 0)},
                  cards=[RAIDER, gun(60)])
    assert guard(g, "b") == pytest.approx(0.5)
    g.tank("b2").hp = 0
    assert guard(g, "b") == 0.0


def test_bt_8_2_a_side_values_covering_its_plate_by_the_enemy_nearness_to_it() -> None:
    """Two positions alike but for the gun's sight range: it covers its plate fully
    with 60 cm, a quarter with 20 cm (15 cm beyond sight, of a 20 cm ATTACK move).
    No gun is in range of the other, so only the guard term differs, weighed by how
    near a's best tank stands to b's plate."""
    poses = {"a1": (10, 10, 0), "b1": (105, 70, 0)}
    far_sighted = make_game(["raider"], ["gun"], poses, cards=[RAIDER, gun(60)])
    short_sighted = make_game(["raider"], ["gun"], poses, cards=[RAIDER, gun(20)])
    for g in (far_sighted, short_sighted):
        assert threat(g, "a") == threat(g, "b") == 0.0
    assert guard(far_sighted, "b") == 1.0
    assert guard(short_sighted, "b") == pytest.approx(0.25)
    b = far_sighted.players.index("b")
    gained = evaluate(far_sighted, b) - evaluate(short_sighted, b)
    assert gained == pytest.approx(GUARD_WEIGHT * 0.75 * ground(far_sighted, "a"))
    assert gained > 0.0
