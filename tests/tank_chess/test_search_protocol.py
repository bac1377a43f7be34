"""The search protocol on tank chess: ``search_apply``, ``random_step``, ``search_priors``.

The computer plays millions of its own moves on throw-away copies, so these
shortcuts skip the re-check and the events; they must still leave exactly
the position that :meth:`Game.apply` leaves, and play only legal moves.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai.mcts import PRESET_BUDGETS, PRESETS, MCTSAgent
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.game import TankChessGame
from tests.tank_chess.helpers import board


def _state(game: TankChessGame) -> tuple[object, ...]:
    p = game.pos
    return (tuple(p.cell), tuple(p.sq), tuple(p.face), tuple(p.alive), p.to_move, p.hash,
            p.quiet, p.winner, game.outcome())


def _midgame(seed: int, plies: int) -> TankChessGame:
    game = RULESET.new_game("standard-16", {}, 0)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome() is not None or not game.random_step(rng):
            break
    return game


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_search_apply_leaves_the_same_position_as_apply(seed: int, plies: int) -> None:
    """For every legal action of a random position: search_apply == apply (state and result)."""
    game = _midgame(seed, plies)
    if game.outcome() is not None:
        return
    for action in game.legal_actions()[::7]:
        slow, fast = game.clone(), game.clone()
        slow.apply(action)
        fast.search_apply(action)
        assert _state(fast) == _state(slow)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_random_step_plays_only_legal_moves(seed: int) -> None:
    """Each playout move is one that generate() lists (TC-3.2 to TC-6), to the game's end."""
    game = RULESET.new_game("standard-16", {}, 0)
    rng = random.Random(seed)
    for _ in range(60):
        if game.outcome() is not None:
            break
        legal = set(game.pos.generate())
        before = len(game.pos.stack)
        assert game.random_step(rng)
        mv = game.pos.stack[before][0]
        assert mv in legal


def test_random_step_reports_no_move_and_search_copies_leave_the_game_alone() -> None:
    game = _midgame(3, 10)
    before = _state(game)
    copy = game.clone()
    copy.random_step(random.Random(1))
    copy.search_apply(copy.legal_actions()[0])
    assert _state(game) == before
    assert len(game.history) == 0  # random_step and search_apply keep no history


def test_search_priors_put_the_command_tank_shot_first() -> None:
    """TC-7.1: a shot at the Command Tank outranks every other move; other shots rank
    by the card value of the tank they destroy (all 1 in the rulebook) above every
    quiet move."""
    g = board("""
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . . . . . l
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . D . . . .
""", {"d7": "S", "h5": "N"})
    actions = g.legal_actions()
    best: dict[str | None, float] = {}
    for a, score in zip(actions, g.search_priors(actions), strict=True):
        key = g.square_name(a.target) if a.target else None
        best[key] = max(best.get(key, -1.0), score)
        if a.target is None:
            assert 0.0 <= score < 1.0
    assert best["d7"] > best["h5"] == 2.0 > best[None]


def test_search_priors_put_the_exit_first() -> None:
    """TC-7.2: driving the Command Tank off the board wins, so it is tried first."""
    g = board("""
. . . C . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . c . . . .
""", {"d8": "N"})
    actions = g.legal_actions()
    scores = g.search_priors(actions)
    top = max(range(len(actions)), key=scores.__getitem__)
    assert actions[top].to is None
    assert sorted(scores)[-2] < scores[top]


def test_search_priors_rank_the_command_tank_race() -> None:
    """Among quiet moves the Command Tank's steps towards the far edge (TC-7.2) come
    first, more for more ground gained; every other quiet move scores 0."""
    g = board("""
. . . . . . . c
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
M . . . C . . .
""", {"h8": "S"})
    scored = {g.format_action(a): s for a, s in zip(g.legal_actions(), g.search_priors(g.legal_actions()),
                                                     strict=True)}
    assert scored["CLT e1-e6:N"] > scored["CLT e1-e3:N"] > scored["CLT e1-e1:E"] == 0.0
    assert scored["MT a1-a2:N"] == 0.0
    assert max(v for k, v in scored.items() if " x" not in k) < 1.0


def test_no_tank_chess_search_spends_more_than_normals_budget() -> None:
    """More search than ``normal``'s 1,700 iterations was measured to buy nothing here
    (bench/HISTORY.md), so ``hard`` searches as much as ``normal`` and, from the same
    seed, plays the same move; ``easy`` keeps its 85. (The levels' budgets without
    their wall-clock caps, which a loaded test machine could reach.)"""
    game = RULESET.new_game("standard-16", {}, 7)
    chosen = {}
    for level in ("easy", "normal", "hard"):
        agent = MCTSAgent(seed=3, think=None, reference=PRESET_BUDGETS[level][0])
        chosen[level] = agent.choose(game.clone())
        assert agent.last is not None
        assert agent.last.iterations == {"easy": 85, "normal": 1700, "hard": 1700}[level]
    assert chosen["hard"] == chosen["normal"]


def test_hard_checks_every_reply_and_avoids_a_drive_a_turn_refutes() -> None:
    """From a game of normal against itself (seed 1, white's 36th move): the search's
    favourite ``CLT k5-m8:N`` lets black's medium tank on h5 turn to NE, a CHECK
    (TC-8.1) white has no move to meet, so the evaluation calls the game lost. The
    same drive facing NE leaves no such reply, and the check plays it. (Only one
    search here: the two drives are handed to the check, best first.)"""
    doc = yaml.safe_load((Path(__file__).parent / "positions" / "refuted-by-a-turn.yaml").read_text())
    game = RULESET.from_position(doc)
    facing_north, facing_north_east = (game.parse_action(t) for t in ("CLT k5-m8:N", "CLT k5-m8:NE"))
    after = game.clone()
    after.apply(facing_north)
    after.apply(after.parse_action("MT h5-h5:NE"))
    assert after.pos.threatens_command(1) and not after.pos.can_meet_check(0)
    agent = MCTSAgent(seed=0, iterations=1, check_replies=True)
    assert agent.best_against_every_reply(game, 0, [facing_north, facing_north_east]) == facing_north_east
    assert agent.reply_values == {facing_north: -0.9, facing_north_east: -0.24375}


def test_only_hard_checks_replies_on_tank_chess() -> None:
    """The hard preset checks the replies to Tank Chess's 32 best root moves; easy and
    normal play the search's favourite as it is."""
    assert TankChessGame.search_profile.reply_check == 32
    assert [PRESETS[level](0, None).check_replies for level in ("easy", "normal", "hard")] == [False, False, True]
