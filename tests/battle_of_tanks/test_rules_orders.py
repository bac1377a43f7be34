"""Orders, rounds, ambush, retreat, movement and victory (BT-4, BT-5, BT-7, BT-8)."""

from __future__ import annotations

import pytest

from rulesets.battle_of_tanks.actions import AmbushFire, Declare, Drive, Fire, Pass, Shot
from tests.battle_of_tanks.helpers import FACE, card, give_chit, make_game, script, texts

HOUSE = {"name": "house", "type": "stone_house"}
FOREST = {"name": "wood", "type": "forest"}


def _play_out_round(g) -> None:
    """Give every remaining chit a harmless order (AMBUSH never moves or fires)."""
    r = g.round
    while g.round == r and g.outcome() is None:
        if g.phase == "order":
            g.apply(Declare(g.eligible(g.chit_side)[0].label, "RECON"))
        elif g.phase == "window":
            g.apply(Pass())
        elif g.phase == "path":
            g.apply(Drive())
        elif g.phase == "fire":
            g.apply(Fire(()))


# ------------------------------------------------------------------ movement
def test_bt_5_1_move_path_within_move_distance():
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (100, 20, 0)},
                  cards=[card("mover", move_cm=40), card("target")])
    give_chit(g, "a")
    g.apply(Declare("mover#1", "MOVE"))
    too_long = g.check(Drive(((40.0, 60.0), (40.0, 90.0))))
    assert too_long is not None and too_long.rule == "BT-5.1" and "50.0 cm" in too_long.reason
    events = g.apply(Drive(((40.0, 60.0), (40.0, 80.0))))
    t = g.tank("a1")
    assert (t.x, t.y, t.heading) == (40.0, 80.0, 90.0)
    assert t.moved
    assert [e.kind for e in events].count("moved") == 2


def test_bt_5_1_any_typed_drive_is_judged_not_only_the_listed_candidates():
    """Issue 27.14: a drive is a path in centimetres; the legal list is a finite sample
    of the drives the rules allow, by design, and ``check`` judges any path typed."""
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (100, 20, 0)},
                  cards=[card("mover", move_cm=40), card("target")])
    give_chit(g, "a")
    g.apply(Declare("mover#1", "MOVE"))
    listed = g.legal_actions()
    assert 1 < len(listed) < 200
    odd = Drive(((31.7, 63.1), (37.3, 71.9)))
    assert odd not in listed and g.check(odd) is None
    g.apply(odd)
    t = g.tank("a1")
    assert (t.x, t.y) == (37.3, 71.9)


def test_bt_5_1_swept_footprint_may_not_cross_impassable_terrain_or_table_edge():
    terrain = [dict(HOUSE, polygon=[[30, 50], [34, 50], [34, 70], [30, 70]])]
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (100, 20, 0)},
                  cards=[card("mover", move_cm=40), card("target")], terrain=terrain)
    give_chit(g, "a")
    g.apply(Declare("mover#1", "MOVE"))
    through = g.check(Drive(((50.0, 60.0),)))
    assert through is not None and through.rule == "BT-5.1" and "house" in through.reason
    # going round it is fine
    assert g.check(Drive(((20.0, 80.0), (40.0, 80.0))) ) is None
    off = g.check(Drive(((2.0, 60.0),)))
    assert off is not None and "leave the table" in off.reason


def test_bt_5_1_forest_is_passable_and_tanks_block():
    terrain = [dict(FOREST, polygon=[[30, 50], [34, 50], [34, 70], [30, 70]])]
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (45, 60, 0)},
                  cards=[card("mover", move_cm=40), card("target")], terrain=terrain)
    give_chit(g, "a")
    g.apply(Declare("mover#1", "MOVE"))
    assert g.check(Drive(((35.0, 60.0),))) is None
    blocked = g.check(Drive(((55.0, 60.0),)))
    assert blocked is not None and "run into target#1 (45,60)" in blocked.reason


def test_bt_5_2_damaged_track_cannot_move_or_attack():
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (100, 20, 0)},
                  cards=[card("mover"), card("target")])
    g.tank("a1").track_until = 1
    give_chit(g, "a")
    for order in ("MOVE", "ATTACK"):
        illegal = g.check(Declare("mover#1", order))
        assert illegal is not None and illegal.rule == "BT-5.2"
    assert g.check(Declare("mover#1", "RETREAT")) is None


def test_bt_5_attack_moves_half_in_one_straight_line():
    g = make_game(["mover"], ["target"], {"a1": (20, 60, 0), "b1": (100, 20, 0)},
                  cards=[card("mover", move_cm=40), card("target")])
    give_chit(g, "a")
    g.apply(Declare("mover#1", "ATTACK"))
    assert g.check(Drive(((45.0, 60.0),))) is not None  # 25 > 20
    bent = g.check(Drive(((30.0, 60.0), (30.0, 65.0))))
    assert bent is not None and "one straight line" in bent.reason
    assert g.check(Drive(((40.0, 60.0),))) is None


# ---------------------------------------------------------------- retreat
def _retreat_game():
    terrain = [dict(FOREST, polygon=[[20, 70], [40, 70], [40, 90], [20, 90]])]
    return make_game(["mover"], ["enemy"], {"a1": (30, 60, 90), "b1": (30, 100, 270)},
                     cards=[card("mover", move_cm=40, repair="4+"), card("enemy")], terrain=terrain)


def test_bt_5_3_retreat_repair_success_then_move_into_cover():
    g = make_game(["mover"], ["enemy"], {"a1": (30, 30, 90), "b1": (30, 90, 270)},
                  cards=[card("mover", move_cm=40, repair="4+"), card("enemy")],
                  terrain=[dict(HOUSE, polygon=[[20, 50], [40, 50], [40, 56], [20, 56]])])
    g.tank("a1").track_until = 1
    g.tank("a1").x = 30
    give_chit(g, "a")
    script(g, [4])
    events = g.apply(Declare("mover#1", "RETREAT"))
    assert any("repair roll 4, needs 4: repair 4+ -> track repaired (BT-5.3)" in t for t in texts(events))
    assert not g.tank("a1").track_damaged
    assert g.phase == "path"
    # in the open from the enemy: illegal; behind the house: legal
    open_spot = g.check(Drive(((10.0, 30.0),)))
    assert open_spot is not None and open_spot.rule == "BT-5.3"
    assert g.check(Drive(((30.0, 45.0),))) is None
    proposals = [a for a in g.legal_actions() if isinstance(a, Drive) and a.points]
    assert proposals, "the engine proposes positions in cover"
    first = proposals[0].points[0]
    assert all(abs(first[0] - 30) + abs(first[1] - 30) <= abs(p.points[0][0] - 30) + abs(p.points[0][1] - 30) + 15 for p in proposals)


def test_bt_5_3_retreat_repair_failure_stays():
    g = make_game(["mover"], ["enemy"], {"a1": (30, 30, 90), "b1": (30, 90, 270)},
                  cards=[card("mover", move_cm=40, repair="4+"), card("enemy")])
    g.tank("a1").track_until = 1
    give_chit(g, "a")
    script(g, [3])
    events = g.apply(Declare("mover#1", "RETREAT"))
    assert any("repair fails" in t for t in texts(events))
    assert any("cannot move: damaged track (BT-5.2)" in t for t in texts(events))
    assert g.tank("a1").track_damaged
    assert (g.tank("a1").x, g.tank("a1").y) == (30, 30)
    assert g.phase == "order" or g.round == 2


# ------------------------------------------------------------------ ambush
def test_bt_7_ambush_interrupts_a_move_with_minus_1():
    """BT-7.1/7.2: the ambusher fires in the window after a segment, accuracy -1."""
    g = make_game(["runner"], ["hunter", "other"], {"a1": (20, 60, 0), "b1": (80, 60, 180), "b2": (100, 20, 90)},
                  cards=[card("runner", move_cm=40), card("hunter", accuracy="4+"), card("other")])
    give_chit(g, "b")
    g.apply(Declare("hunter#1", "AMBUSH"))
    assert g.tank("b1").ambush
    if g.phase != "order" or g.chit_side != "a":
        give_chit(g, "a")
    events = g.apply(Declare("runner#1", "MOVE"))
    assert g.phase == "window" and g.window == "declared"
    assert g.players[g.to_move()] == "b"
    g.apply(Pass())
    assert g.phase == "path"
    g.apply(Drive(((40.0, 60.0),)))
    assert g.phase == "window" and g.window == "segment"
    script(g, [3])
    events = g.apply(AmbushFire("hunter#1", (Shot("runner#1"),)))
    roll = next(e for e in events if e.kind == "roll")
    # the moment in a player's words, not the window's key (issue 59 playtest: "in the 'segment' window")
    assert events[0].text == "hunter#1 springs its AMBUSH when runner#1 ended a leg of its drive (BT-7.1)"
    # 4+ , target moved +1, AMBUSH -1 -> needs 4; rolled 3 -> miss
    assert "needs 4: accuracy 4+, target moved +1 (BT-6.3), AMBUSH -1 (BT-7.1)" in roll.text
    assert not g.tank("b1").ambush
    assert "b1" in g.bag.out  # the chit stays out until the round ends (BT-4.4)


def test_bt_7_1_ambush_fires_only_once_and_chit_held_out_across_round():
    g = make_game(["runner"], ["hunter", "other"], {"a1": (20, 60, 0), "b1": (80, 60, 180), "b2": (100, 20, 90)},
                  cards=[card("runner"), card("hunter"), card("other")])
    give_chit(g, "b")
    g.apply(Declare("hunter#1", "AMBUSH"))
    _play_out_round(g)
    assert g.round == 2
    assert g.tank("b1").ambush and g.tank("b1").order == "AMBUSH"
    assert "b1" in g.bag.out and "b1" not in g.bag.chits  # BT-4.3/4.4
    assert g.check(Declare("hunter#1", "MOVE")) is not None


# ----------------------------------------------------------- rounds, chits
def test_bt_4_3_round_end_bookkeeping_and_wrecks():
    g = make_game(["gun", "b"], ["target", "x"], {"a1": (20, 60, 0), "a2": (20, 20, 0), "b1": (60, 60, 180), "b2": (100, 100, 180)},
                  cards=[card("gun", firepower=600), card("b"), card("target", hit_points=500), card("x")])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    script(g, [6, FACE["T"]])
    g.apply(Fire((Shot("b1"),)))
    assert g.tank("b1").hp == 0 and not g.tank("b1").wreck
    assert "b1" not in g.bag.chits  # destroyed before its order: its chit leaves at once
    g.spotted.add("b2")
    _play_out_round(g)
    assert g.round == 2
    b1 = g.tank("b1")
    assert b1.wreck
    assert "b1" not in g.bag.chits + g.bag.out
    assert g.spotted == set()
    assert all(t.order is None for t in g.tanks)
    assert any(f.kind == "wreck" for f in g.field.wrecks)  # BT-3.4: wreck is terrain now
    assert sorted(g.bag.chits + g.bag.out) == ["a1", "a2", "b2"]


def test_bt_4_2_chit_goes_to_its_owner_and_order_is_for_own_tank():
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (60, 60, 180)},
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    wrong = g.check(Declare("target#1", "MOVE"))
    assert wrong is not None and wrong.rule == "BT-4.2"
    assert g.players[g.to_move()] == "a"


def test_bt_6_5_track_damage_lasts_until_end_of_next_round():
    g = make_game(["gun", "x"], ["target"], {"a1": (20, 60, 0), "a2": (20, 20, 0), "b1": (60, 60, 180)},
                  cards=[card("gun"), card("x"), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    script(g, [6, FACE["K"]])
    g.apply(Fire((Shot("b1"),)))
    assert g.tank("b1").track_until == 2
    _play_out_round(g)
    assert g.round == 2 and g.tank("b1").track_damaged
    _play_out_round(g)
    assert g.round == 3 and not g.tank("b1").track_damaged


# ------------------------------------------------------------------ victory
def test_bt_8_2_base_plate_victory_lost_by_taking_damage():
    """BT-8.2: on the enemy plate a whole round, but hit -> no win; next round undamaged -> win."""
    g = make_game(["raider", "x"], ["gun"], {"a1": (105, 105, 0), "a2": (20, 20, 0), "b1": (60, 105, 0)},
                  cards=[card("raider", hit_points=900), card("x"), card("gun", accuracy="2+")])
    _play_out_round(g)  # round 1: a1 only arrives
    assert g.round == 2 and g.tank("a1").plate_at_start
    give_chit(g, "b")
    g.apply(Declare("gun#1", "FIRE"))
    script(g, [6, FACE["W"]])
    g.apply(Fire((Shot("a1"),)))
    assert g.tank("a1").damaged
    _play_out_round(g)
    assert g.outcome() is None and g.round == 3
    _play_out_round(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and "BT-8.2" in outcome.reason


def test_bt_8_3_round_limit_wins_on_destroyed_tier_points():
    g = make_game(["gun"], ["target", "x"], {"a1": (20, 60, 0), "b1": (60, 60, 180), "b2": (110, 110, 0)},
                  cards=[card("gun", firepower=600), card("target", tier=3), card("x")],
                  **{"victory.max_rounds": 1})
    give_chit(g, "a")
    g.apply(Declare("gun#1", "FIRE"))
    script(g, [6, FACE["T"]])
    g.apply(Fire((Shot("b1"),)))
    _play_out_round(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.score == (3.0, 0.0) and "BT-8.3" in outcome.reason
    assert outcome.reason == "round limit 1: a wins on tier points destroyed: a 3, b 0 (BT-8.3)"


def test_bt_8_3_issue_59_the_points_result_says_the_winners_total_first() -> None:
    """The result reads "b wins on tier points destroyed: b 16, a 6", never "b wins ... 6-16"
    (issue 59); equal totals say so."""
    for tiers, said in (({"a": 6, "b": 16}, "b wins on tier points destroyed: b 16, a 6"),
                        ({"a": 4, "b": 4}, "equal tier points destroyed, 4 each")):
        g = make_game(["gun"], ["target"], {"a1": (10, 10, 0), "b1": (110, 110, 180)},
                      cards=[card("gun", sight_cm=20), card("target", sight_cm=20)], **{"victory.max_rounds": 1})
        g.destroyed_tiers = dict(tiers)
        _play_out_round(g)
        outcome = g.outcome()
        assert outcome is not None and outcome.reason == f"round limit 1: {said} (BT-8.3)"


def test_bt_8_3_both_sides_on_enemy_plates_is_a_draw():
    g = make_game(["raider"], ["raider2"], {"a1": (105, 105, 0), "b1": (15, 15, 0)},
                  cards=[card("raider"), card("raider2")], **{"victory.max_rounds": 5})
    _play_out_round(g)
    _play_out_round(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.is_draw and "BT-8.3" in outcome.reason


@pytest.mark.parametrize("text", ["t34#1 move", "to 40,20 55,35", "to 40.5,20 @90", "stay", "fire tiger*2 is2",
                                  "fire tiger*2@turret", "fire none", "ambush lynx tiger*2", "pass"])
def test_notation_round_trips(text):
    from rulesets.battle_of_tanks.actions import format_action, parse_action

    assert format_action(parse_action(text)) == text


def test_bt_4_1_d6_decides_the_first_draw():
    g = make_game(["gun"], ["target"], cards=[card("gun"), card("target")], seed=5)
    first = g.opening[0]
    assert "(BT-4.1)" in first.text
    assert g.first_drawer == ("a" if first.data["roll"] <= 3 else "b")


def test_bt_4_4_all_tanks_in_ambush_are_released_at_round_start():
    g = make_game(["gun"], ["target"], {"a1": (10, 10, 0), "b1": (110, 110, 180)},
                  cards=[card("gun", sight_cm=20), card("target", sight_cm=20)])
    for _ in range(2):
        g.apply(Declare(g.eligible(g.chit_side)[0].label, "AMBUSH"))
    assert g.round == 2
    assert any(e.kind == "release" for e in g.history[-1].events)
    assert not any(t.ambush for t in g.tanks)
    assert sorted(g.bag.chits + g.bag.out) == ["a1", "b1"]


def test_bt_9_1_same_seed_and_actions_same_game():
    from core.ai.agents import RandomAgent

    def play() -> list[str]:
        g = make_game(["t-80", "t-34-85m"], ["tiger-i"], seed=9, **{"victory.max_rounds": 3})
        agents = [RandomAgent(1), RandomAgent(2)]
        while g.outcome() is None:
            g.apply(agents[g.to_move()].choose(g))
        return [e.text for s in g.history for e in s.events]

    assert play() == play()


def test_tank_names_never_clash_with_notation_words():
    from rulesets.battle_of_tanks import RULESET

    g = RULESET.new_game(None, {"armies": {"a": {"budget": 20, "tanks": [{"card": "t-80", "name": "Fire"},
                                                                          {"card": "t-80", "name": "Fire"}]}}}, 0)
    labels = [t.label for t in g.tanks if t.side == "a"]
    assert labels == ["fire#2", "fire#3"]
    assert g.parse_action("fire#2 move") == Declare("fire#2", "MOVE")


def test_bt_8_2_setting_base_plate_rounds_two():
    """BT-8.2 as a setting: with base_plate_rounds 2 one undamaged round is not enough."""
    g = make_game(["raider", "x"], ["far"], {"a1": (105, 105, 0), "a2": (20, 20, 0), "b1": (10, 110, 0)},
                  cards=[card("raider"), card("x"), card("far", sight_cm=10)],
                  **{"victory.base_plate_rounds": 2})
    _play_out_round(g)  # round 1: a1 was not on the plate at its start
    _play_out_round(g)  # round 2: first complete round
    assert g.outcome() is None and g.tank("a1").plate_rounds == 1
    _play_out_round(g)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and g.round == 3


def test_ai_evaluate_material_threat_ground_and_idle_ambush():
    from rulesets.battle_of_tanks.evaluate import evaluate

    # b1 stands out of reach of its own plate (guard 0): a1's drive towards that plate
    # gains ground no guard discounts, and gives up less in a's own guard, b1 being far
    # from a's plate (test_guard.py has the guard term).
    far = make_game(["gun"], ["target"], {"a1": (10, 10, 0), "b1": (115, 10, 180)},
                    cards=[card("gun", sight_cm=30), card("target", sight_cm=30)])
    assert abs(evaluate(far, 0) + evaluate(far, 1)) < 1e-9  # zero-sum
    hurt = far.clone()
    hurt.tank("b1").hp = 100
    assert evaluate(hurt, 0) > evaluate(far, 0)  # material
    ahead = far.clone()
    ahead.place("a1", 80, 80, 45)
    assert evaluate(ahead, 0) > evaluate(far, 0)  # ground: nearer b's base plate
    sees = make_game(["gun"], ["target"], {"a1": (10, 10, 0), "b1": (115, 10, 180)},
                     cards=[card("gun", sight_cm=200), card("target", sight_cm=30)])
    assert evaluate(sees, 0) > evaluate(far, 0)  # threat: a1 may fire, b1 may not
    idle = far.clone()
    idle.tank("a1").ambush = True
    assert evaluate(idle, 0) < evaluate(far, 0)


def test_ai_determinize_cannot_foresee_the_dice():
    g = make_game(["gun"], ["target"], cards=[card("gun"), card("target")], seed=3)
    copy = g.determinize(0, 12345)
    real = [g.dice.d6("x").result for _ in range(30)]
    seen = [copy.dice.d6("x").result for _ in range(30)]
    assert real != seen
    assert copy.render() == g.render()
