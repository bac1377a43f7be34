"""Firing: sight, to-hit modifiers, cover, penetration, HULL-DOWN, hull to hull (BT-6)."""

from __future__ import annotations

import pytest

from core.geometry import Pose, footprint
from rulesets.battle_of_tanks.actions import Declare, Drive, Fire, Shot
from tests.battle_of_tanks.helpers import FACE, card, give_chit, make_game, script, texts

WALL = {"name": "wall", "type": "wall"}          # heavy, low, impassable
HOUSE = {"name": "house", "type": "stone_house"}  # heavy, tall, impassable
FOREST = {"name": "wood", "type": "forest"}       # light, low, passable


def _fire_order(g, shooter: str, order: str = "FIRE") -> None:
    give_chit(g, g.tank(shooter).side)
    g.apply(Declare(g.tank(shooter).label, order))


def test_bt_6_3_rulebook_example_attack_and_heavy_cover_needs_6():
    """BT-6.3: accuracy 3+, ATTACK +1, target in heavy cover +2 -> needs a 6."""
    g = make_game(
        ["t-34-85m"], ["tiger-i"], {"a1": (20, 60, 0), "b1": (70, 60, 180)},
        terrain=[dict(WALL, polygon=[[62, 50], [64, 50], [64, 70], [62, 70]])],
    )
    _fire_order(g, "a1", "ATTACK")
    g.apply(Drive(((30.0, 60.0),)))
    shooter, target = g.tank("a1"), g.tank("b1")
    sight = g.sight(shooter, target)
    assert sight.cover.level == "heavy"
    g.spotted.add("b1")
    tn = g.to_hit(shooter, target, g.sight(shooter, target), "attack", turret=False)
    assert tn.need == 6
    assert tn.explain() == "needs 6: accuracy 3+, ATTACK +1 (BT-6.3), heavy cover +2 (BT-6.4)"


def test_bt_6_5_rulebook_example_k_and_t_on_340_hp():
    """BT-6.5: two hits by firepower 120 on 340 HP, dice K and T -> track damaged, 220 HP."""
    g = make_game(
        ["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
        cards=[card("gun", firepower=120, rate_of_fire=2, accuracy="3+"), card("target", hit_points=340)],
    )
    _fire_order(g, "a1")
    script(g, [6, FACE["K"], 6, FACE["T"]])
    events = g.apply(Fire((Shot("target#1", 2),)))
    b = g.tank("b1")
    assert b.hp == 220
    assert b.track_damaged
    joined = "\n".join(texts(events))
    assert "K -> target#1's track is damaged (BT-6.5)" in joined
    assert "target#1 340 -> 220 HP" in joined


def test_bt_6_3_roll_event_names_every_modifier_and_target_moved():
    """BT-6.3 Decision: a target that moved this round adds +1; the event names it."""
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun"), card("target")])
    g.tank("b1").moved = True
    _fire_order(g, "a1")
    script(g, [4])
    events = g.apply(Fire((Shot("b1"),)))
    roll = next(e for e in events if e.kind == "roll")
    assert "rolls 4, needs 4: accuracy 3+, target moved +1 (BT-6.3) -> HIT" in roll.text
    assert roll.data["need"] == 4


def test_bt_6_3_need_above_6_cannot_hit_and_1_always_hits():
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", accuracy="6+"), card("target")])
    g.tank("b1").moved = True
    _fire_order(g, "a1")
    script(g, [6])
    events = g.apply(Fire((Shot("b1"),)))
    assert "cannot succeed" in events[0].text and "miss" in events[0].text


def test_bt_6_1_target_beyond_sight_range_is_illegal():
    g = make_game(["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 180)},
                  cards=[card("gun", sight_cm=40), card("target")], **{"orders.fire_without_target": "allow"})
    _fire_order(g, "a1")
    assert g.phase != "fire"  # no target in sight: the fire part is skipped
    g2 = make_game(["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 180)},
                   cards=[card("gun", sight_cm=40), card("target")])
    illegal = g2.sight(g2.tank("a1"), g2.tank("b1")).problem
    assert illegal is not None and illegal.rule == "BT-6.1"
    assert "50.0 cm away" in illegal.reason  # closest points: 70-5 - (10+5)


def test_bt_6_1_tall_terrain_blocks_sight_completely():
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (70, 60, 0)},
                  cards=[card("gun"), card("target")],
                  terrain=[dict(HOUSE, polygon=[[40, 40], [50, 40], [50, 80], [40, 80]])])
    s = g.sight(g.tank("a1"), g.tank("b1"))
    assert s.cover.level == "hidden"
    assert s.problem is not None and s.problem.rule == "BT-6.4"


def _wall_game(top: float):
    """Target 10 cm long north-south at x=70; a low wall at x=60 from y=0 up to ``top``."""
    return make_game(
        ["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
        cards=[card("gun"), card("target")],
        terrain=[dict(WALL, polygon=[[60, 20], [61, 20], [61, top], [60, top]])],
        **{"spotting.required_for_cover": False},
    )


def _top_for_share(share: float) -> float:
    lo, hi = 50.0, 70.0
    for _ in range(60):
        mid = (lo + hi) / 2
        g = _wall_game(mid)
        got = g.field.occluders.hidden_shares((10, 60), footprint(Pose(70, 60, 90), 10, 5))["all"]
        lo, hi = (mid, hi) if got < share else (lo, mid)
    return (lo + hi) / 2


@pytest.mark.parametrize(("share", "level"), [(0.49, "open"), (0.51, "heavy")])
def test_bt_6_4_cover_threshold_49_vs_51_percent(share, level):
    """BT-6.4: 49% hidden is open, 51% hidden behind a wall is heavy cover."""
    g = _wall_game(_top_for_share(share))
    s = g.sight(g.tank("a1"), g.tank("b1"))
    assert s.cover.any_share == pytest.approx(share, abs=1e-6)
    assert s.cover.level == level


def test_bt_6_4_light_cover_from_forest_and_heavy_beats_light():
    g = make_game(["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
                  cards=[card("gun"), card("target")],
                  terrain=[dict(FOREST, polygon=[[64, 40], [80, 40], [80, 80], [64, 80]])])
    assert g.sight(g.tank("a1"), g.tank("b1")).cover.level == "light"


def test_bt_6_6_hull_down_turret_shot_ignores_heavy_cover_and_counts_only_t():
    """BT-6.6: behind a low wall the shooter may declare a turret shot: no +2, only T counts."""
    g = make_game(
        ["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
        cards=[card("gun", rate_of_fire=2, accuracy="4+"), card("target")],
        terrain=[dict(WALL, polygon=[[62, 40], [63, 40], [63, 80], [62, 80]])],
    )
    g.spotted.add("b1")
    s = g.sight(g.tank("a1"), g.tank("b1"))
    assert s.cover.level == "heavy" and s.cover.hull_down
    _fire_order(g, "a1")
    g.spotted.add("b1")
    script(g, [4, FACE["W"], 4, FACE["T"]])
    events = g.apply(Fire((Shot("b1", 2, turret=True),)))
    rolls = [e for e in events if e.kind == "roll"]
    assert all(r.data["need"] == 4 for r in rolls)  # 4+, no heavy-cover modifier
    joined = "\n".join(texts(events))
    assert "W -> does not count, only T (turret) does" in joined
    assert g.tank("b1").hp == 400


def test_bt_6_6_turret_shot_needs_low_terrain():
    """BT-6.6: behind a tall house there is no HULL-DOWN, so no turret shot."""
    g = make_game(
        ["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
        cards=[card("gun"), card("target")],
        terrain=[dict(HOUSE, polygon=[[62, 40], [63, 40], [63, 62], [62, 62]])],
    )
    s = g.sight(g.tank("a1"), g.tank("b1"))
    assert s.cover.level == "heavy" and not s.cover.hull_down
    g.spotted.add("b1")
    _fire_order(g, "a1")
    illegal = g.check(Fire((Shot("b1", 1, turret=True),)))
    assert illegal is not None and illegal.rule == "BT-6.6"


def test_bt_6_7_hull_to_hull_only_turret_hits_count():
    """BT-6.7: front to front within 1 cm: K and W do not count, T does."""
    g = make_game(["gun"], ["target"], {"a1": (50, 60, 0), "b1": (60.5, 60, 180)},
                  cards=[card("gun", rate_of_fire=3), card("target")])
    assert g.hull_to_hull(g.tank("a1"), g.tank("b1"))
    _fire_order(g, "a1")
    script(g, [6, FACE["K"], 6, FACE["W"], 6, FACE["T"]])
    events = g.apply(Fire((Shot("b1", 3),)))
    assert g.tank("b1").hp == 400
    assert not g.tank("b1").track_damaged
    assert any(e.kind == "hull_to_hull" for e in events)


def test_bt_6_7_not_hull_to_hull_when_side_on():
    g = make_game(["gun"], ["target"], {"a1": (50, 60, 0), "b1": (58, 60, 90)},
                  cards=[card("gun"), card("target")])
    assert not g.hull_to_hull(g.tank("a1"), g.tank("b1"))


def test_bt_6_2_rate_of_fire_limits_shots():
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", rate_of_fire=2), card("target")])
    _fire_order(g, "a1")
    illegal = g.check(Fire((Shot("b1", 3),)))
    assert illegal is not None and illegal.rule == "BT-6.2"
    assert g.check(Fire((Shot("b1", 2),))) is None


def test_bt_5_5_covered_target_needs_spotting_then_recon_spots_it():
    """BT-5.5 Decision: a target in cover may only be fired at once spotted (BT-5.4)."""
    terrain = [dict(FOREST, polygon=[[64, 40], [80, 40], [80, 80], [64, 80]])]
    g = make_game(["gun", "scout"], ["target"], {"a1": (10, 60, 0), "a2": (10, 30, 0), "b1": (70, 60, 90)},
                  cards=[card("gun"), card("scout", recon="1+"), card("target")], terrain=terrain)
    illegal = g.sight(g.tank("a1"), g.tank("b1")).problem
    assert illegal is not None and illegal.rule == "BT-5.5"
    # RECON: light cover needs recon 1+ plus 2 -> 3
    give_chit(g, "a")
    script(g, [3])
    events = g.apply(Declare("scout#1", "RECON"))
    assert any("needs 3: recon 1+, light cover +2 (BT-5.4)" in t and "-> spotted" in t for t in texts(events))
    assert "b1" in g.spotted
    assert g.sight(g.tank("a1"), g.tank("b1")).allowed


def test_bt_5_4_recon_fails_on_low_roll_and_heavy_cover_is_plus_1():
    terrain = [dict(WALL, polygon=[[62, 40], [63, 40], [63, 80], [62, 80]])]
    g = make_game(["scout"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
                  cards=[card("scout", recon="2+"), card("target")], terrain=terrain)
    give_chit(g, "a")
    script(g, [2])
    events = g.apply(Declare("scout#1", "RECON"))
    assert any("needs 3: recon 2+, heavy cover +1 (BT-5.4)" in t and "not spotted" in t for t in texts(events))
    assert "b1" not in g.spotted


def test_bt_5_5_setting_off_allows_fire_at_unspotted_cover():
    terrain = [dict(FOREST, polygon=[[64, 40], [80, 40], [80, 80], [64, 80]])]
    g = make_game(["gun"], ["target"], {"a1": (10, 60, 0), "b1": (70, 60, 90)},
                  cards=[card("gun"), card("target")], terrain=terrain,
                  **{"spotting.required_for_cover": False})
    assert g.sight(g.tank("a1"), g.tank("b1")).allowed


def test_bt_6_5_destroyed_at_zero_hp_and_bt_8_1_victory():
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun", firepower=600), card("target", hit_points=500)])
    _fire_order(g, "a1")
    script(g, [6, FACE["W"]])
    events = g.apply(Fire((Shot("b1"),)))
    assert g.tank("b1").hp == 0
    assert any(e.kind == "destroyed" for e in events)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "BT-8.1" in outcome.reason
