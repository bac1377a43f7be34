"""Every ruleset states the most decisions a game can take (issue 27.2), derived
from its rules, and games end within it; a plugin that states none gets
``DEFAULT_MAX_DECISIONS``. The random, greedy and mcts games of every ruleset
that must end within its bound are in test_random_games.py (the harness counts
a game past it as unfinished)."""

from __future__ import annotations

import random
from typing import Any

from core.game import DEFAULT_MAX_DECISIONS, Game, Termination
from core.registry import get_ruleset
from tests.ai.games import TicTacToe


def _random_game(game: Game[Any], seed: int) -> int:
    """Play ``game`` to its end with random actions; the decisions it took."""
    rng = random.Random(seed)
    bound = game.max_decisions()
    assert bound is not None
    steps = 0
    while game.outcome() is None:
        assert steps < bound, "the game passed its declared bound"
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def test_a_game_that_declares_no_bound_gets_the_default() -> None:
    assert TicTacToe().max_decisions() == DEFAULT_MAX_DECISIONS == 10_000


def test_tank_chess_bound_is_the_move_limit_once_per_tank_destroyed_tc_7_4() -> None:
    """TC-7.4: (tanks - 1) stretches of at most 2 x draw.move_limit moves."""
    rs = get_ruleset("tank-chess")
    assert rs.new_game("standard-16", {}, 0).max_decisions() == 19 * 200
    assert rs.new_game("standard-20", {}, 0).max_decisions() == 27 * 200
    assert rs.new_game("standard-16", {"draw.move_limit": 5}, 0).max_decisions() == 19 * 10
    assert rs.new_game("standard-16", {"draw.move_limit": 0}, 0).max_decisions() is None


def test_tank_chess_games_end_within_the_bound_by_the_move_limit_tc_7_4() -> None:
    game = get_ruleset("tank-chess").new_game("standard-16", {"draw.move_limit": 2}, 3)
    steps = _random_game(game, 3)
    outcome = game.outcome()
    assert outcome is not None and steps <= 19 * 4
    assert outcome.termination in (Termination.MOVE_LIMIT, Termination.RULES)


def test_battle_of_tanks_bound_is_rounds_times_tanks_times_decisions_per_activation() -> None:
    """BT-4.2, BT-5.1, BT-7: n tanks x (max_waypoints + 6) a round, up to the round limit."""
    rs = get_ruleset("battle-of-tanks")
    game = rs.new_game("ridge-assault", {}, 0)
    n = len(game.tanks)
    assert game.max_decisions() == 30 * n * (8 + 6)
    uncapped = rs.new_game("ridge-assault", {"victory.max_rounds": None}, 0)
    assert uncapped.max_decisions() == 100 * n * 14  # victory.round_cap
    endless = rs.new_game("ridge-assault", {"victory.max_rounds": None, "victory.round_cap": None}, 0)
    assert endless.max_decisions() is None


def test_battle_of_tanks_round_cap_draws_a_game_still_running() -> None:
    """Issue 27.2: without a round limit the round cap ends the game, drawn, as a move limit."""
    game = get_ruleset("battle-of-tanks").new_game(
        "ridge-assault", {"victory.max_rounds": None, "victory.round_cap": 1}, 4)
    steps = _random_game(game, 4)
    outcome = game.outcome()
    assert outcome is not None and steps <= game.max_decisions()  # type: ignore[operator]
    if outcome.termination is Termination.MOVE_LIMIT:  # unless the first round decided it
        assert outcome.winners == () and "round cap" in outcome.reason


def test_duel_of_the_giants_bound_counts_every_step_of_a_round_dg_8() -> None:
    """DG-8 step by step (bound.py): 129 decisions of set-up and opening and 506 a round
    for two players; 200 rounds of end.round_cap, or end.max_rounds when smaller."""
    from rulesets.duel_of_the_giants.bound import before_rounds, per_round

    rs = get_ruleset("duel-of-the-giants")
    game = rs.new_game("summer", {}, 0)
    assert (before_rounds(game.cfg, 2), per_round(game.cfg, 2)) == (129, 506)  # type: ignore[attr-defined]
    assert game.max_decisions() == 129 + 200 * 506
    assert rs.new_game("winter", {"end.max_rounds": 6}, 0).max_decisions() == 129 + 6 * 506
    assert rs.new_game("summer", {"end.round_cap": None}, 0).max_decisions() is None


def test_duel_of_the_giants_round_cap_draws_a_stalled_game_dg_amb_39() -> None:
    """DG-AMB-39: the rules let a side wait for ever; end.round_cap ends such a game drawn
    (Termination move_limit) whatever the VP, while end.max_rounds lets the VP decide."""
    from rulesets.duel_of_the_giants.game import DuelGame

    game = get_ruleset("duel-of-the-giants").new_game("summer", {"end.round_cap": 2}, 5)
    assert isinstance(game, DuelGame)
    rng = random.Random(5)
    while game.outcome() is None:  # a Soviet player who never activates: only 'end' when he can
        actions = game.legal_actions()
        ends = [a for a in actions if game.format_action(a) == "end"]
        soviet = game.side_of[game.to_move()] == "soviet"
        game.apply(ends[0] if soviet and ends else actions[rng.randrange(len(actions))])
    outcome = game.outcome()
    assert outcome is not None and game.round == 2
    assert outcome.termination is Termination.MOVE_LIMIT and outcome.winners == ()
    assert "round cap of 2 rounds" in outcome.reason
    assert len(game.history) <= game.max_decisions()  # type: ignore[operator]
