"""The fire decision as the browser's fire panel reads it (issue 29.3): who may fire,
how many shots, and per enemy the refusal with its rule ID or the rules' own odds
(``BattleGame.fire_choices``, rulesets/battle_of_tanks/firing.py); the orders placed
on their tanks and the tanks' markers on the picture (issue 29.2)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks.actions import Declare, Drive, Fire, Shot
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.table_aids import RADIUS, TANK_RING, board_aids, svg_point
from tests.battle_of_tanks.helpers import card, give_chit, make_game
from tests.svg import NS

WALL = {"name": "stone wall", "type": "wall", "polygon": [[50, 50], [52, 50], [52, 70], [50, 70]]}
ROCKS = {"name": "rocks", "type": "rocks", "polygon": [[50, 0], [52, 0], [52, 30], [50, 30]]}
BUSH = {"name": "hedge", "type": "bushes", "polygon": [[50, 85], [52, 85], [52, 105], [50, 105]]}


def _game(**settings: Any) -> BattleGame:
    """gun#1 (3+, 3 shots, sight 100) at 20,60; in front of it target#1 behind a low stone
    wall (HULL-DOWN), target#2 in the open, target#3 behind tall rocks, target#4 behind
    a hedge (light cover, not spotted) and target#5 beyond sight."""
    return make_game(["gun"], ["target"] * 5,
                     {"a1": (20, 60, 0), "b1": (60, 60, 0), "b2": (40, 75, 180), "b3": (60, 15, 180),
                      "b4": (60, 95, 180), "b5": (118, 110, 180)},
                     terrain=[WALL, ROCKS, BUSH], cards=[card("gun", rate_of_fire=3, sight_cm=80), card("target")],
                     **settings)


def _fire(g: BattleGame, order: str = "FIRE") -> dict[str, Any]:
    give_chit(g, "a")
    g.apply(Declare("gun#1", order))
    if order == "ATTACK":
        g.apply(Drive())
    assert g.phase == "fire"
    choices = g.fire_choices()
    assert choices is not None
    return choices


def _targets(choices: dict[str, Any]) -> dict[str, dict[str, Any]]:
    [shooter] = choices["shooters"]
    return {t["label"]: t for t in shooter["targets"]}


def test_bt_6_2_fire_choices_name_the_shooter_and_its_rate_of_fire() -> None:
    g = _game()
    g.spotted.add("b1")
    choices = _fire(g)
    assert choices["verb"] == "fire" and choices["mode"] == "fire"
    [shooter] = choices["shooters"]
    assert (shooter["label"], shooter["shots"], shooter["firepower"]) == ("gun#1", 3, 100)
    assert sorted(_targets(choices)) == ["target#1", "target#2", "target#3", "target#4", "target#5"]


def test_bt_6_3_a_target_in_the_open_has_the_tables_odds() -> None:
    """accuracy 3+ hits on 3..6 (2/3); T or W on [blank, blank, K, T, W, W] is 1/2 (BT-6.5)."""
    target = _targets(_fire(_game()))["target#2"]
    assert target["allowed"] and target["cover"] == "open" and not target["hull_down"]
    assert target["odds"].pop("chances")[1]["destroys"] == "0"  # 500 HP: no one shot of 100 destroys
    assert target["odds"] == {"need": 3, "explain": "needs 3: accuracy 3+", "hit": "2/3", "penetrate": "1/2",
                              "counts": "T or W", "track": "1/9", "damage": "1/3", "expected": 33.3}
    assert target["turret"] is None


def test_bt_6_6_a_hull_down_target_offers_the_turret_shot_with_its_own_odds() -> None:
    """Heavy cover behind low terrain: +2 (needs 5), or a turret shot: no heavy-cover
    modifier (needs 3) but only T counts (1/6)."""
    g = _game()
    g.spotted.add("b1")  # BT-5.5: a target in cover must be spotted
    target = _targets(_fire(g))["target#1"]
    assert target["allowed"] and target["cover"] == "heavy" and target["hull_down"]
    assert (target["odds"]["need"], target["odds"]["hit"], target["odds"]["counts"]) == (5, "1/3", "T or W")
    assert target["odds"]["explain"] == "needs 5: accuracy 3+, heavy cover +2 (BT-6.4)"
    target["turret"].pop("chances")
    assert target["turret"] == {"need": 3, "explain": "needs 3: accuracy 3+", "hit": "2/3", "penetrate": "1/6",
                                "counts": "T", "track": "0", "damage": "1/9", "expected": 11.1}


def test_bt_6_1_bt_6_4_bt_5_5_refused_targets_say_why_with_the_rule() -> None:
    targets = _targets(_fire(_game()))
    refused = {label: (t["rule"], t["reason"]) for label, t in targets.items() if not t["allowed"]}
    assert refused == {
        "target#1": ("BT-5.5", "target#1 is in heavy cover from gun#1 and not spotted"),
        "target#3": ("BT-6.4", "target#3 is completely hidden from gun#1 by tall terrain"),
        "target#4": ("BT-5.5", "target#4 is in light cover from gun#1 and not spotted"),
        "target#5": ("BT-6.1", "target#5 is 98.8 cm away, beyond gun#1's sight of 80 cm"),
    }
    assert all(targets[label]["odds"] is None for label in refused)


def test_bt_6_3_attack_fires_with_plus_one() -> None:
    choices = _fire(_game(), "ATTACK")
    assert choices["mode"] == "attack"
    assert _targets(choices)["target#2"]["odds"]["explain"] == "needs 4: accuracy 3+, ATTACK +1 (BT-6.3)"


def test_bt_7_2_an_ambush_window_offers_each_ambusher_with_minus_one() -> None:
    """The reacting side's ambushers fire with -1 (BT-7.1) in the window (BT-7.2)."""
    g = make_game(["gun"], ["target", "target"], {"a1": (20, 60, 0), "b1": (60, 60, 180), "b2": (100, 100, 180)},
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#1", "AMBUSH"))
    assert g.fire_choices() is None  # an order is due, not a fire
    give_chit(g, "b")
    g.apply(Declare("target#1", "MOVE"))
    assert g.phase == "window"
    choices = g.fire_choices()
    assert choices is not None and (choices["verb"], choices["mode"]) == ("ambush", "ambush")
    [ambusher] = choices["shooters"]
    assert ambusher["label"] == "gun#1"
    target = {t["label"]: t for t in ambusher["targets"]}["target#1"]
    assert target["odds"]["explain"] == "needs 2: accuracy 3+, AMBUSH -1 (BT-7.1)"


def test_bt_6_7_hull_to_hull_counts_only_the_turret() -> None:
    g = make_game(["gun"], ["target"], {"a1": (20, 60, 0), "b1": (30.5, 60, 180)},
                  cards=[card("gun"), card("target")])
    target = _targets(_fire(g))["target#1"]
    assert target["hull_to_hull"] and target["odds"]["counts"] == "T" and target["odds"]["penetrate"] == "1/6"


def test_the_view_carries_the_fire_choices_only_while_a_fire_is_due() -> None:
    g = _game()
    assert g.view(0)["fire"] is None
    choices = _fire(g)
    assert g.view(0)["fire"] == choices == g.view(1)["fire"]  # public: Battle of Tanks hides nothing
    g.apply(Fire((Shot("b2"),)))
    assert g.view(0)["fire"] is None


def test_issue_29_2_each_order_starts_on_its_tank_with_a_finger_sized_ring() -> None:
    g = make_game(["gun", "gun"], ["target"], {"a1": (20, 60, 0), "a2": (20, 30, 0), "b1": (100, 100, 180)},
                  cards=[card("gun"), card("target")])
    give_chit(g, "a")
    legal = g.legal_actions()
    aids = board_aids(g, legal, [""] * len(legal))
    assert aids.radius == TANK_RING >= 20
    starts = {g.format_action(a): (aid.start.key, aid.start.at) for a, aid in zip(legal, aids.actions, strict=True)
              if aid.start is not None}
    assert starts["gun#1 move"] == ("a1", svg_point(g, 20, 60))
    assert starts["gun#2 recon"] == ("a2", svg_point(g, 20, 30))
    assert len(starts) == len(legal)  # every order has its tank
    g.apply(Declare("gun#1", "MOVE"))
    legal = g.legal_actions()
    assert board_aids(g, legal, [""] * len(legal)).radius == RADIUS  # a drive's ends keep their spots


def test_issue_29_2_the_picture_marks_orders_ambush_spotting_and_wrecks() -> None:
    """The order chit in BT-5's colour, the AMBUSH ring (BT-7.1), the spot marker
    (BT-5.4) and the destroyed cross (BT-6.5), each named in the tank's title."""
    g = make_game(["gun", "gun"], ["target", "target"],
                  {"a1": (20, 60, 0), "a2": (20, 30, 0), "b1": (60, 60, 180), "b2": (100, 100, 180)},
                  cards=[card("gun", firepower=600), card("target")])
    give_chit(g, "a")
    g.apply(Declare("gun#2", "AMBUSH"))
    g.spotted.add("b2")
    g.tank("b1").hp = 0
    root = ET.fromstring(RULESET.render_svg(g))
    tanks = {t.get("data-tank"): t for t in root.iter(f"{NS}g") if "tank" in (t.get("class") or "").split()}
    assert {k: t.get("class") for k, t in tanks.items()} == {
        "a1": "tank", "a2": "tank ordered ambush", "b1": "tank destroyed", "b2": "tank spotted"}
    title = {k: t.find(f"{NS}title").text for k, t in tanks.items()}  # type: ignore[union-attr]
    assert title["a2"].endswith("; order AMBUSH, waiting in AMBUSH")  # type: ignore[union-attr]
    assert title["b2"].endswith("; spotted") and title["b1"].endswith("; destroyed")  # type: ignore[union-attr]
    chit = tanks["a2"].find(f".//{NS}g[@class='mark-order order-ambush']")
    assert chit is not None and chit.find(f"{NS}circle").get("fill") == "#1e88e5"  # type: ignore[union-attr]
    assert tanks["a2"].find(f".//{NS}circle[@class='mark-ambush']") is not None
    assert tanks["b2"].find(f".//{NS}polygon[@class='mark-spotted']") is not None
    assert len(tanks["b1"].findall(f".//{NS}line[@class='mark-destroyed']")) == 2
