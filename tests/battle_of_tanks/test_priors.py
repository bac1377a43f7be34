"""Search priors and the ATTACK-reach threat of the evaluation (issue 7: computer strength)."""

from __future__ import annotations

import pytest

from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks import evaluate as evaluation
from rulesets.battle_of_tanks.evaluate import (
    FRESH,
    KILL_SHARE,
    MATERIAL_WEIGHT,
    REACH,
    evaluate,
    expected_damage,
    material,
    threat,
    tier_damage,
)
from rulesets.battle_of_tanks.priors import ground_value
from tests.battle_of_tanks.helpers import card, give_chit, make_game

GUN = card("gun", sight_cm=100, accuracy="2+", rate_of_fire=2, move_cm=40)
BRUTE = card("brute", sight_cm=40, accuracy="2+", rate_of_fire=3, firepower=200, move_cm=40)


def test_priors_try_the_order_that_fires_first_with_a_target_in_sight_bt_6_1():
    """A target in sight: FIRE, then ATTACK, before MOVE; RECON last."""
    g = make_game(["gun"], ["brute"], {"a1": (30, 60, 0), "b1": (100, 60, 180)}, cards=[GUN, BRUTE])
    give_chit(g, "a")
    orders = [A.Declare("gun#1", o) for o in A.ORDERS]
    score = dict(zip(A.ORDERS, g.search_priors(orders), strict=True))
    assert score["FIRE"] > score["ATTACK"] > score["MOVE"] > score["RECON"]


def test_priors_try_move_first_without_a_target_and_retreat_with_a_broken_track_bt_5_3():
    g = make_game(["gun"], ["brute"], {"a1": (10, 10, 0), "b1": (115, 115, 180)}, cards=[GUN, BRUTE])
    give_chit(g, "a")
    orders = [A.Declare("gun#1", o) for o in A.ORDERS if o != "FIRE"]
    score = dict(zip([o.order for o in orders], g.search_priors(orders), strict=True))
    assert max(score, key=score.__getitem__) == "MOVE"
    g.tank("a1").track_until = g.round
    orders = [A.Declare("gun#1", o) for o in ("RETREAT", "AMBUSH", "RECON")]
    score = dict(zip([o.order for o in orders], g.search_priors(orders), strict=True))
    assert max(score, key=score.__getitem__) == "RETREAT"


def test_priors_rank_a_stand_off_end_above_one_inside_the_enemys_sight_bt_6_1():
    """Sight 100 against 40: an end 80 cm away hits without reply, 30 cm away takes the brute's fire."""
    g = make_game(["gun"], ["brute"], {"a1": (10, 60, 0), "b1": (110, 60, 180)}, cards=[GUN, BRUTE])
    give_chit(g, "a")
    g.apply(A.Declare("gun#1", "MOVE"))
    assert g.phase == "path"
    stand_off, close = A.Drive(((30, 60),)), A.Drive(((50, 60),))
    s_far, s_close = g.search_priors([stand_off, close])
    assert s_far > s_close
    t = g.tank("a1")
    assert ground_value(g, t, 30, 60) > 0 > ground_value(g, t, 80, 60)


def test_evaluate_fears_an_enemy_that_can_attack_into_sight_next_bt_5(monkeypatch: pytest.MonkeyPatch) -> None:
    """An enemy beyond its sight but within sight + half its move (an ATTACK) threatens."""
    far = make_game(["gun"], ["brute"], {"a1": (10, 60, 0), "b1": (110, 60, 180)}, cards=[GUN, BRUTE])
    near = make_game(["gun"], ["brute"], {"a1": (10, 60, 0), "b1": (70, 60, 180)}, cards=[GUN, BRUTE])
    brute = near.tank("b1")
    assert not near.targets(brute)  # 60 cm apart, sight 40: no shot from where it stands
    assert expected_damage(near, brute, "fire", reach=False) == 0
    reached = expected_damage(near, brute, "fire", reach=True)
    assert reached > 0 and expected_damage(far, far.tank("b1"), "fire", reach=True) == 0
    assert reached <= REACH * brute.card.tier  # discounted, never more than a sure kill
    assert threat(near, "b") == FRESH * reached  # a tank yet to act, weighted like its fire
    feared = evaluate(near, 0)
    monkeypatch.setattr(evaluation, "REACH", 0.0)  # the same position, no shot after an ATTACK move
    assert expected_damage(near, brute, "fire", reach=True) == 0
    assert feared < evaluate(near, 0)
    monkeypatch.undo()
    near.tank("b1").track_until = near.round  # a broken track cannot ATTACK (BT-5.2)
    assert expected_damage(near, near.tank("b1"), "fire", reach=True) == 0


def test_mcts_halves_over_the_best_eight_seeded_orders():
    """search_profile.halving = 8: the budget goes to the 8 best seeded root actions, one of them is played."""
    from core.ai.mcts import MCTSAgent, _Node

    cards = [GUN, BRUTE]
    g = make_game(["gun", "gun", "gun"], ["brute", "brute"],
                  {"a1": (10, 10, 0), "a2": (10, 30, 0), "a3": (30, 10, 0),
                   "b1": (110, 110, 180), "b2": (90, 110, 180)}, cards=cards)
    give_chit(g, "a")
    assert g.search_profile.halving == 8 and len(g.legal_actions()) > 8
    seeding = _Node()  # the seeding alone, as the search below starts (same seed)
    base = g.clone()
    base.anchor_undo()
    MCTSAgent(seed=1, iterations=48)._seed_root(seeding, base, 0, True, None, 2)
    seeded = {a: n.visits for (_, a), n in seeding.children.items()}  # an order and its drives
    agent = MCTSAgent(seed=1, iterations=48)  # two iterations a candidate in the first round
    root = agent.search(g)
    best8 = agent._halving_candidates(root, g, 0, True, 8, 48)
    assert len(best8) == 8 and agent.chosen in best8
    # the others keep their seeded visits: no iteration went to them
    assert all(n.visits == seeded[a] for (_, a), n in root.children.items() if a not in best8)
    assert sum(n.visits - seeded[a] for (_, a), n in root.children.items() if a in best8) == 48


LOOKOUT = card("lookout", sight_cm=40, accuracy="3+", rate_of_fire=1, move_cm=40)
LOW_WALL = {"name": "low wall", "type": "wall", "polygon": [[62, 45], [64, 45], [64, 75], [62, 75]]}
TALL_ROCKS = {"name": "rocks", "type": "rocks", "polygon": [[62, 45], [64, 45], [64, 75], [62, 75]]}
SITTING_DUCK = card("target", sight_cm=10, move_cm=10)
"""Sees and reaches nothing of the lookout: only the lookout's threat differs."""


def _reach(terrain: list[dict[str, object]], spotted: bool) -> tuple[float, float, float]:
    """The lookout at 10,60 and the target at 75,60: beyond its 40 cm sight, within
    sight plus its 20 cm ATTACK move. Its ATTACK threat, the target side's value, and
    the tier points on the table."""
    g = make_game(["lookout"], ["target"], {"a1": (10, 60, 0), "b1": (75, 60, 180)},
                  terrain=terrain, cards=[LOOKOUT, SITTING_DUCK])
    assert not g.targets(g.tank("a1"))
    if spotted:
        g.spotted.add("b1")
    tiers = material(g, "a") + material(g, "b")
    return expected_damage(g, g.tank("a1"), "fire", reach=True), evaluate(g, 1), tiers


def test_bt_5_5_a_tank_in_unspotted_cover_is_safe_from_an_attack_move() -> None:
    """The ATTACK threat counts the cover the target has from the attacker: behind a
    low wall and not spotted it cannot be fired at after the move (BT-5.5), so the
    side in cover stands better before any gun is in range."""
    open_reach, open_value, tiers = _reach([], spotted=False)
    walled_reach, walled_value, _ = _reach([LOW_WALL], spotted=False)
    assert open_reach > 0
    assert walled_reach == 0.0
    assert walled_value - open_value == pytest.approx(MATERIAL_WEIGHT * FRESH * open_reach / tiers)


def test_bt_6_4_a_spotted_tank_in_heavy_cover_is_harder_to_hit_after_an_attack_move() -> None:
    """Spotted behind the wall: the shot is allowed with the heavy-cover modifier
    (BT-6.4), so it counts, but for a third of what it would in the open (3+ with
    ATTACK's +1: 4+, three sixths; with heavy cover's +2 as well: 6+, one sixth)."""
    open_reach, _, _ = _reach([], spotted=True)
    walled_reach, _, _ = _reach([LOW_WALL], spotted=True)
    assert walled_reach == pytest.approx(open_reach / 3)


def test_bt_6_4_a_tank_hidden_by_tall_terrain_is_safe_even_spotted() -> None:
    hidden_reach, _, _ = _reach([TALL_ROCKS], spotted=True)
    assert hidden_reach == 0.0


WRECKER = card("wrecker", accuracy="2+", rate_of_fire=1, firepower=200)
HULK = card("hulk", tier=6, hit_points=600)


def test_bt_6_5_the_shot_that_destroys_a_tank_takes_off_more_than_its_hit_points() -> None:
    """A destroyed tank fires no more and counts at the round limit (BT-6.5, BT-8.3): a
    live tank keeps KILL_SHARE of its tier however few hit points it has, so the same
    200 hit points are worth more off a tank they destroy than off a whole one."""
    g = make_game(["wrecker"], ["hulk", "hulk"], {"a1": (10, 60, 0), "b1": (60, 60, 180), "b2": (60, 90, 180)},
                  cards=[WRECKER, HULK])
    shooter, whole, weak = g.tank("a1"), g.tank("b1"), g.tank("b2")
    weak.hp = 200
    assert material(g, "b") == pytest.approx(6 * 1.0 + 6 * (KILL_SHARE + (1 - KILL_SHARE) * 200 / 600))
    assert tier_damage(shooter, whole, 1.0, 1.0) == pytest.approx(6 * (1 - KILL_SHARE) * 200 / 600)
    assert tier_damage(shooter, weak, 1.0, 1.0) == pytest.approx(6 * (KILL_SHARE + (1 - KILL_SHARE) * 200 / 600))
    # at even chances, half of each
    assert tier_damage(shooter, weak, 0.5, 1.0) == pytest.approx(0.5 * tier_damage(shooter, weak, 1.0, 1.0))
    weak.hp = 1
    assert material(g, "b") > 6 + 6 * KILL_SHARE


def test_bt_6_5_expected_damage_counts_each_number_of_hits() -> None:
    """Two shots at 1/2 each (BT-6.3) on a tank that the second penetration destroys: one
    hit (chance 1/2) takes 200 hit points, two (1/4) take the tank."""
    twice = card("twice", accuracy="2+", rate_of_fire=2, firepower=200)
    g = make_game(["twice"], ["hulk"], {"a1": (10, 60, 0), "b1": (60, 60, 180)}, cards=[twice, HULK])
    target = g.tank("b1")
    target.hp = 400
    worth = 6 * (KILL_SHARE + (1 - KILL_SHARE) * 400 / 600)
    after_one = 6 * (KILL_SHARE + (1 - KILL_SHARE) * 200 / 600)
    expected = worth - (0.25 * worth + 0.5 * after_one + 0.25 * 0.0)
    assert tier_damage(g.tank("a1"), target, 0.5, 1.0) == pytest.approx(expected)
