"""The remembered candidate lists of rulesets/battle_of_tanks/candidates.py answer for
the state at hand: a remembered list of orders or drives is the list computed afresh
(BT-4.2 who may take an order, BT-5.1 the drives, BT-5.5 FIRE only at a target that
counts as spotted)."""

from __future__ import annotations

import pytest

from core.ai.agents import GreedyAgent
from core.ai.mcts import MCTSAgent
from core.game import Action
from core.memo import forget_games
from rulesets.battle_of_tanks import RULESET
from rulesets.battle_of_tanks import candidates as C
from rulesets.battle_of_tanks.actions import Declare, Drive
from rulesets.battle_of_tanks.game import BattleGame
from tests.battle_of_tanks.helpers import give_chit, make_game

HEDGE = {"name": "hedge", "type": "bushes", "polygon": [[58, 50], [60, 50], [60, 70], [58, 70]]}
"""Light cover for a tank just behind it, seen from the west."""


def _fresh(game: BattleGame) -> list[Action]:
    return C._orders(game) if game.phase == "order" else C._paths(game)


def _positions(seed: int, count: int) -> list[BattleGame]:
    """Every ninth decision with a choice of a game of greedy against greedy."""
    game = RULESET.new_game(None, None, seed)
    assert isinstance(game, BattleGame)
    players = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    out: list[BattleGame] = []
    step = 0
    while game.outcome() is None and len(out) < count:
        step += 1
        if step % 9 == 3 and len(game.legal_actions()) > 1:
            out.append(game.clone())
        game.apply(players[game.to_move()].choose(game))
    return out


def test_every_remembered_list_in_a_search_is_the_list_computed_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the die rolls of a search, the same poses come back by other rolls (other
    hit points, other spot markers): each time the memo answers, its list is checked."""
    real = C.candidates
    answered = {"order": 0, "path": 0}

    def checked(game: BattleGame) -> list[Action]:
        before = len(C._LISTS)
        listed = real(game)
        if game.phase in answered and len(C._LISTS) == before:
            assert listed == _fresh(game), game.decision()
            answered[game.phase] += 1
        return listed

    monkeypatch.setattr(C, "candidates", checked)
    forget_games()
    for position in _positions(11, 6)[2:]:
        MCTSAgent(seed=3, think=None, iterations=90).choose(position)
    assert answered["order"] > 50 and answered["path"] > 50, answered


def _spotting_position() -> BattleGame:
    """a's Tiger at 20,60 sees b's T-80 behind a hedge at 64,60, in light cover: without a
    spot marker it may not be fired at (BT-5.5)."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": (20.0, 60.0, 0.0), "b1": (64.0, 60.0, 180.0)},
                     terrain=[HEDGE])
    give_chit(game, "a")
    return game


def _orders_of(game: BattleGame) -> set[str]:
    return {a.order for a in C.candidates(game) if isinstance(a, Declare)}


def test_bt_5_5_a_spot_marker_placed_since_brings_fire_into_the_list() -> None:
    game = _spotting_position()
    tiger, t80 = game.tank("a1"), game.tank("b1")
    assert game.look(tiger, t80).cover.level == "light"
    assert "FIRE" not in _orders_of(game)
    game.spotted.add("b1")
    assert "FIRE" in _orders_of(game)
    game.spotted.discard("b1")
    assert "FIRE" not in _orders_of(game)


def test_bt_5_1_drives_are_remembered_per_position_of_every_tank() -> None:
    """The drive list follows the other tank: moved into the Tiger's way, the drives
    through it go, and the list remembered with the way clear is not reused."""
    game = make_game(["tiger-i"], ["t-80"], {"a1": (20.0, 60.0, 0.0), "b1": (110.0, 20.0, 180.0)})
    give_chit(game, "a")
    game.apply(Declare("tiger#1", "MOVE"))
    assert game.phase == "path"
    clear = C.candidates(game)
    game.place("b1", 46.0, 60.0, 180.0)  # just beyond the Tiger's full drive ahead
    blocked = C.candidates(game)
    assert blocked == C._paths(game)
    through = [d for d in clear if isinstance(d, Drive) and d.points and d.points[-1][1] == 60.0
               and d.points[-1][0] >= 40.0]
    assert through and not set(through) & set(blocked)
    game.place("b1", 110.0, 20.0, 180.0)
    assert C.candidates(game) == clear
