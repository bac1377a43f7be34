"""The computer and the base plate (BT-8.2): a tank on the enemy plate is worth the win
it may bring, times the chance that the enemy fails to damage it in time."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from core.ai.agents import GreedyAgent
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.evaluate import PLATE_LATER, PLATE_WIN, damage_chance, plate
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.playout import best_shots
from rulesets.battle_of_tanks.position import game_from_position
from tests.battle_of_tanks.helpers import card, give_chit, make_game

CARDS = [card("raider", sight_cm=30, hit_points=300, tier=4),
         card("gun", sight_cm=60, accuracy="3+", hit_points=900, tier=7)]


def holding(game: BattleGame, *keys: str) -> BattleGame:
    """Mark ``keys`` as standing on the enemy plate since the round began, undamaged."""
    for key in keys:
        game.tank(key).plate_at_start = True
    return game


def test_bt_8_2_a_holder_no_enemy_can_reach_is_worth_nearly_a_win() -> None:
    g = holding(make_game(["raider"], ["gun"], {"a1": (105, 105, 0), "b1": (60, 10, 0)}, cards=CARDS), "a1")
    assert plate(g, "a") == PLATE_WIN
    assert plate(g, "b") == 0.0


def test_bt_8_2_a_holder_in_an_enemy_gun_sights_is_worth_its_chance_to_escape() -> None:
    """The gun yet to act this round may damage it; once the gun has acted it cannot."""
    g = holding(make_game(["raider"], ["gun"], {"a1": (105, 105, 0), "b1": (80, 105, 0)}, cards=CARDS), "a1")
    gun, raider = g.tank("b1"), g.tank("a1")
    chance = damage_chance(g, gun, raider, "fire", reach=True)
    assert 0.0 < chance < 1.0
    assert plate(g, "a") == pytest.approx(PLATE_WIN * (1.0 - chance))
    give_chit(g, "b")
    g.apply(A.Declare("gun#1", "RECON"))
    assert plate(g, "a") == PLATE_WIN


def test_bt_8_2_one_gun_cannot_stop_two_holders_two_guns_may() -> None:
    """A gun fires at one tank in its activation: its threat is not counted twice."""
    poses = {"a1": (100, 110, 0), "a2": (110, 100, 0), "b1": (80, 100, 0), "b2": (100, 80, 90)}
    one = holding(make_game(["raider", "raider"], ["gun"], {k: v for k, v in poses.items() if k != "b2"},
                            cards=CARDS), "a1", "a2")
    assert plate(one, "a") == PLATE_WIN
    two = holding(make_game(["raider", "raider"], ["gun", "gun"], poses, cards=CARDS), "a1", "a2")
    assert plate(two, "a") < PLATE_WIN


def test_bt_8_2_a_tank_just_arrived_must_last_the_next_round() -> None:
    """Not holding yet: PLATE_LATER of the win, against every enemy gun."""
    g = make_game(["raider"], ["gun"], {"a1": (105, 105, 0), "b1": (60, 10, 0)}, cards=CARDS)
    assert plate(g, "a") == pytest.approx(PLATE_WIN * PLATE_LATER)
    g.tank("a1").plate_at_start = True
    g.tank("a1").damaged = True  # hit this round: it holds nothing until it lasts a round again
    assert plate(g, "a") == pytest.approx(PLATE_WIN * PLATE_LATER)


def test_bt_8_2_with_two_rounds_to_hold_the_first_is_worth_less() -> None:
    g = holding(make_game(["raider"], ["gun"], {"a1": (105, 105, 0), "b1": (60, 10, 0)}, cards=CARDS,
                          victory__base_plate_rounds=2), "a1")
    assert plate(g, "a") == pytest.approx(PLATE_WIN * PLATE_LATER)
    g.tank("a1").plate_rounds = 1
    assert plate(g, "a") == PLATE_WIN


def test_bt_8_2_an_ambusher_fires_at_the_tanks_holding_its_plate() -> None:
    """BT-7.1: the gun waits in AMBUSH with both holders in sight; when a's tank far off
    declares its order, greedy breaks in and fires at the holders rather than passing."""
    cards = [*CARDS, card("tank", sight_cm=30), card("gun", sight_cm=60, accuracy="3+", hit_points=900,
                                                     tier=7, rate_of_fire=2)]
    poses = {"a1": (100, 110, 0), "a2": (110, 100, 0), "a3": (10, 60, 0), "b1": (85, 95, 0)}
    g = holding(make_game(["raider", "raider", "tank"], ["gun"], poses, cards=cards), "a1", "a2")
    give_chit(g, "b")
    g.apply(A.Declare("gun#1", "AMBUSH"))
    give_chit(g, "a")
    g.apply(A.Declare("tank#1", "MOVE"))
    assert g.phase == "window" and g.players[g.to_move()] == "b"
    choice = GreedyAgent(seed=1).choose(g)
    assert isinstance(choice, A.AmbushFire), g.format_action(choice)


def test_bt_8_2_the_playout_fires_at_a_tank_on_its_own_plate_first() -> None:
    """A tank on b's plate is b's target even where another is easier to hurt."""
    cards = [card("raider", sight_cm=30, hit_points=300, tier=2), card("fat", hit_points=300, tier=9),
             card("gun", sight_cm=100, rate_of_fire=1)]
    g = make_game(["raider", "fat"], ["gun"], {"a1": (100, 100, 0), "a2": (60, 60, 0), "b1": (80, 80, 0)},
                  cards=cards)
    give_chit(g, "b")
    g.apply(A.Declare("gun#1", "FIRE"))
    shooter = g.tank("b1")
    assert {t.key for t, _ in g.targets(shooter)} == {"a1", "a2"}
    [shot] = best_shots(g, shooter)
    assert shot.target == g.tank("a1").label


def test_bt_8_2_greedy_breaks_its_ambush_on_the_tanks_holding_its_plate() -> None:
    """From a game: two tanks hold b's plate and the Tiger waits in AMBUSH with both in
    sight. The IS-2 alone cannot stop both, so the Tiger fires now (BT-7.1) at the
    holders rather than letting a win at the round's end."""
    doc = yaml.safe_load((Path(__file__).parent / "plate_window.yaml").read_text(encoding="utf-8"))
    g = game_from_position(doc)
    holders = [t for t in g.tanks if t.side == "a" and t.plate_at_start and t.alive]
    assert len(holders) == 2 and g.phase == "window"
    choice = GreedyAgent(seed=1).choose(g)
    assert isinstance(choice, A.AmbushFire), g.format_action(choice)
    assert {g.tank(s.target).key for s in choice.shots} <= {t.key for t in holders}
