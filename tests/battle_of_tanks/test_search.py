"""The search protocol of Battle of Tanks (issue 7): search_apply, the playout
policy (random_step), the fast sight list, the evaluation and MCTS's opt-in
dice-averaged root priors."""

from __future__ import annotations

import random
import statistics
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai.agents import RandomAgent
from core.ai.mcts import MCTSAgent
from core.game import SearchProfile
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.evaluate import (
    ENDGAME_ROUNDS,
    FRESH,
    LAST_ROUND,
    PENDING,
    READY_AMBUSH,
    SPENT,
    clock,
    evaluate,
    readiness,
    shot_value,
)
from rulesets.battle_of_tanks.game import BattleGame
from rulesets.battle_of_tanks.playout import best_shots, choose
from tests.battle_of_tanks.helpers import card, give_chit, make_game
from tests.battle_of_tanks.test_random_games import _options
from tests.toy import PigGame


def state(g: BattleGame) -> tuple[Any, ...]:
    """Everything that decides the game's future, and the dice rolled so far."""
    tanks = [(t.key, t.x, t.y, t.heading, t.hp, t.order, t.ambush, t.moved, t.track_until, t.wreck,
              t.plate_at_start, t.damaged, t.plate_rounds) for t in g.tanks]
    return (g.round, g.phase, g.chit_side, g.active, tuple(g.steps), tuple(g.route), g.route_heading,
            g.window, g.window_quiet, sorted(g.spotted), dict(g.destroyed_tiers), g.outcome(),
            list(g.bag.chits), list(g.bag.out), tanks, [r.result for r in g.dice.log], g.to_move(),
            len(g.field.wrecks))


def positions(seed: int, games: int = 2, moves: int = 90, every: int = 3) -> list[BattleGame]:
    """Positions of random games (the village, and random armies on a small table)."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        g = RULESET.new_game(None, {}, seed + i) if i % 2 == 0 else RULESET.new_game(None, _options(rng), seed + i)
        assert isinstance(g, BattleGame)
        agent = RandomAgent(seed + i)
        for n in range(moves):
            if g.outcome() is not None:
                break
            if n % every == 0:
                out.append(g.clone())
            g.apply(agent.choose(g))
    return out


def test_search_apply_reaches_the_same_state_as_apply_for_every_listed_action():
    """search_apply (no check, no events, no history) == apply, on every phase met in play."""
    phases = set()
    compared = 0
    for g in positions(5, games=3, moves=120):  # the third game reaches a fire phase
        phases.add(g.phase)
        for action in g.legal_actions():
            full, quick = g.clone(), g.clone()
            full.apply(action)
            quick.search_apply(action)
            assert state(quick) == state(full), (g.decision(), action)
            compared += 1
    assert {"order", "path", "fire"} <= phases and compared > 300


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_random_step_plays_only_legal_actions_until_the_game_ends(seed):
    """The playout policy's every action passes check; random_step is False only at the end."""
    rng = random.Random(seed)
    g = RULESET.new_game(None, _options(rng), seed)
    assert isinstance(g, BattleGame)
    for _ in range(400):
        action = choose(g, rng)
        if action is None:
            assert g.outcome() is not None and not g.random_step(rng)
            return
        assert g.check(action) is None, (g.decision(), action, g.check(action))
        g.search_apply(action)
    raise AssertionError("a 4-round game should have ended within 400 playout decisions")


def test_random_step_is_choose_then_search_apply():
    for g in positions(11, games=1, moves=40, every=8):
        a, b = g.clone(), g.clone()
        assert a.random_step(random.Random(3))
        action = choose(b, random.Random(3))
        assert action is not None
        b.search_apply(action)
        assert state(a) == state(b)


def test_targets_are_exactly_the_allowed_sights():
    """The fast target list agrees with sight() (BT-6.1, BT-6.4, BT-5.5) in random positions."""
    seen = 0
    for g in positions(23, games=2, moves=60, every=5):
        for shooter in g.live():
            expected = [(t, s) for t in g.tanks if t.alive and t.side != shooter.side
                        for s in [g.sight(shooter, t)] if s.allowed]
            assert g.targets(shooter) == expected
            seen += len(expected)
    assert seen > 0


def test_playout_fires_every_shot_at_the_target_it_expects_to_hurt_most():
    """BT-6.4: the target in the open is worth more than the same tank behind a stone house."""
    wall = {"type": "stone_house", "polygon": [[58, 30], [62, 30], [62, 50], [58, 50]]}
    g = make_game(["gun"], ["t", "t"], {"a1": (40, 60, 0), "b1": (75, 40, 90), "b2": (75, 75, 90)},
                  terrain=[wall], cards=[card("gun", rate_of_fire=3), card("t")])
    give_chit(g, "a")
    g.apply(A.Declare("a1", "FIRE"))
    assert g.phase == "fire"
    shooter = g.tank("a1")
    values = {t.key: shot_value(g, shooter, t, s, "fire", False) for t, s in g.targets(shooter)}
    assert values["b2"] > values.get("b1", 0.0)
    assert best_shots(g, shooter) == (A.Shot("b2", 3),) or best_shots(g, shooter) == (A.Shot(g.tank("b2").label, 3),)
    assert choose(g, random.Random(0)) == A.Fire(best_shots(g, shooter))


def test_playout_moves_rather_than_fires_without_a_target():
    g = make_game(["gun"], ["t"], {"a1": (10, 10, 0), "b1": (110, 110, 180)},
                  cards=[card("gun", sight_cm=30), card("t", sight_cm=30)])
    give_chit(g, "a")
    orders = [choose(g, random.Random(s)) for s in range(40)]
    assert all(isinstance(o, A.Declare) and o.order != "FIRE" for o in orders)
    assert sum(o.order == "MOVE" for o in orders if isinstance(o, A.Declare)) >= 25


def test_evaluate_counts_a_fire_under_way_more_than_a_tank_yet_to_act():
    """Readiness: FIRE under way > AMBUSH > no order yet > acted this round."""
    assert PENDING > READY_AMBUSH > FRESH > SPENT
    cards = [card("gun", sight_cm=200, accuracy="2+", rate_of_fire=2), card("t", sight_cm=30)]
    poses = {"a1": (30, 60, 0), "b1": (90, 60, 180)}
    before = make_game(["gun"], ["t"], poses, cards=cards)
    give_chit(before, "a")
    firing = before.clone()
    firing.apply(A.Declare("a1", "FIRE"))
    assert firing.phase == "fire"
    assert readiness(firing, firing.tank("a1"))[0] == PENDING
    assert readiness(before, before.tank("a1"))[0] == FRESH
    assert evaluate(firing, 0) > evaluate(before, 0)
    spent = before.clone()
    spent.apply(A.Declare("a1", "RECON"))
    assert spent.tank("a1").order == "RECON" and readiness(spent, spent.tank("a1"))[0] == SPENT
    assert evaluate(spent, 0) < evaluate(before, 0)


def test_evaluate_values_holding_the_enemy_plate_bt_8_2():
    """On b's plate > beside it; held since the round began undamaged > just arrived."""
    cards = [card("gun", sight_cm=10), card("t", sight_cm=10)]
    beside = make_game(["gun"], ["t"], {"a1": (80, 80, 0), "b1": (10, 110, 0)}, cards=cards)
    on = beside.clone()
    on.place("a1", 105, 105, 0)
    held = on.clone()
    held.tank("a1").plate_at_start = True
    assert evaluate(held, 0) > evaluate(on, 0) > evaluate(beside, 0)
    held.tank("a1").damaged = True
    assert evaluate(held, 0) == evaluate(on, 0)


class DicePig(PigGame):
    """Pig whose search opts into dice-averaged root priors."""

    search_profile = SearchProfile(prior_samples=6)


def test_mcts_prior_samples_average_the_dice_of_a_root_action():
    """mcts: with a game's search_profile.prior_samples, a rolling root action is valued by a mean (less spread)."""
    single, averaged = [], []
    for seed in range(150):
        for game, out in ((PigGame(seed), single), (DicePig(seed), averaged)):
            game.apply(game.legal_actions()[0])  # a first roll, so that hold is legal too
            if game.turn_total == 0:
                break
            agent = MCTSAgent(seed=seed, iterations=1)
            rewards, _ = agent._prior(game, game.legal_actions()[0], 2, game.search_profile.prior_samples)
            out.append(rewards[game.to_move()])
    assert len(single) == len(averaged) > 80
    assert statistics.pvariance(averaged) < 0.4 * statistics.pvariance(single)


def test_mcts_prior_samples_stop_when_the_roll_does_not_change_the_evaluation():
    """A roll that the evaluation ignores (say, whose chit is drawn) costs two samples, not six."""
    calls = []

    class Blind(DicePig):
        def evaluate(self, player: int) -> float:
            calls.append(1)
            return 0.25 if player == 0 else -0.25

    game = Blind(1)
    MCTSAgent(seed=0)._prior(game, game.legal_actions()[0], 2, 6)
    assert len(calls) == 2


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([85.0, 90.0, 95.5, 120.0, 121.0]) | st.floats(80, 125),
       st.sampled_from([89.9, 90.0, 105.0, 120.0]) | st.floats(80, 125))
def test_on_plate_centre_test_by_bounds_agrees_with_the_polygon_bt_8_2(x, y):
    """The fast bounds test of 'centre' on the plate == inside or on the edge of the plate polygon."""
    import shapely

    from core.geometry import Pose

    g = make_game(["t"], ["t"], {"a1": (10, 10, 0), "b1": (110, 110, 0)}, cards=[card("t")])
    plate = g.field.bases["b"]
    expected = bool(shapely.contains_xy(plate, x, y)) or bool(shapely.intersects_xy(plate.boundary, x, y))
    assert g.field.on_plate("b", Pose(x, y, 0.0), 10, 5) == expected


def test_mcts_orders_the_shot_that_can_destroy_an_enemy():
    """With a sure kill in sight (BT-6.3, BT-6.5), the search gives the order that fires."""
    cards = [card("gun", sight_cm=200, accuracy="2+", rate_of_fire=3, firepower=600),
             card("t", sight_cm=30, hit_points=500, tier=6)]
    g = make_game(["gun", "gun"], ["t", "t"], {"a1": (30, 60, 0), "a2": (10, 10, 0),
                                               "b1": (90, 60, 180), "b2": (110, 110, 180)}, cards=cards)
    give_chit(g, "a")
    assert g.search_profile.rollout_depth == 4 and g.search_profile.prior_samples == 6
    choice = MCTSAgent(seed=3, iterations=60).choose(g)
    assert isinstance(choice, A.Declare) and choice.order in ("FIRE", "ATTACK")
    assert g.tank(choice.tank).key in ("a1", "a2") and g.targets(g.tank(choice.tank))


def _clock_game(round_: int, limit: int | None) -> BattleGame:
    """a ahead on destroyed tier points (BT-8.3), b with more material left, at ``round_``."""
    cards = [card("gun", sight_cm=10), card("t", sight_cm=10)]
    g = make_game(["gun"], ["t", "t"], {"a1": (20, 60, 0), "b1": (100, 40, 0), "b2": (100, 80, 0)},
                  cards=cards, victory__max_rounds=limit)
    g.round = round_
    g.destroyed_tiers = {"a": 5, "b": 0}
    return g


def test_evaluate_turns_into_the_points_result_as_the_round_limit_nears_bt_8_3():
    """With a round limit the game ends on destroyed tier points: in the last round the side
    ahead on points is winning even with less material; rounds before, material decides."""
    assert clock(_clock_game(30, None)) == 0.0
    assert clock(_clock_game(30 - ENDGAME_ROUNDS, 30)) == 0.0
    assert 0.0 < clock(_clock_game(27, 30)) < clock(_clock_game(30, 30)) == LAST_ROUND
    early, late = _clock_game(5, 30), _clock_game(30, 30)
    assert evaluate(early, 0) < 0.0  # one tank against two
    assert evaluate(late, 0) > 0.5  # but a leads 5-0 on points when round 30 ends
    assert evaluate(late, 1) == -evaluate(late, 0)
    assert evaluate(_clock_game(30, None), 0) == evaluate(early, 0)  # no limit: no clock


def test_evaluate_keeps_the_plate_bonus_in_the_last_round_bt_8_2():
    """The plate still wins at the round's end, whatever the points say."""
    g = _clock_game(30, 30)
    before = evaluate(g, 1)
    g.place("b1", 10, 10, 0)  # on a's plate
    g.tank("b1").plate_at_start = True
    assert evaluate(g, 1) > before + 0.2


def test_levels_search_60_600_and_1200_iterations_with_playouts():
    """easy keeps the 60 iterations it was measured at (``min_iterations``); normal searches
    a second at 600 iterations a second (the search's speed with its playouts), hard twice."""
    from core.ai.mcts import PRESETS

    cards = [card("gun", sight_cm=60), card("t", sight_cm=60)]
    spent = {}
    for level in ("easy", "normal", "hard"):
        g = make_game(["gun"], ["t"], {"a1": (30, 60, 0), "b1": (110, 60, 180)}, cards=cards)
        give_chit(g, "a")
        agent = PRESETS[level](5, None)
        agent.cap = None  # the budget, whatever the machine's load
        agent.choose(g)
        assert agent.last is not None
        spent[level] = agent.last.iterations
    assert spent == {"easy": 60, "normal": 600, "hard": 1200}
