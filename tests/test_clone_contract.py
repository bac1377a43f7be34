"""Clones cannot alias: whatever is played on a clone leaves the original as it was.

The search lives on clones, so a mutable attribute shared by mistake between a
game and its clone would silently corrupt the game being played. Checked for
every registered ruleset (third-party plugins included) through the public
protocol only: the view of every player, the legal actions, whose decision it
is, the history and the outcome.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import Game
from core.registry import get_ruleset, ruleset_ids


def snapshot(game: Game[Any]) -> dict[str, Any]:
    """Everything the protocol shows of a game, as comparable plain data."""
    return {
        "views": [json.dumps(game.view(p), sort_keys=True, default=str) for p in range(len(game.players))],
        "omniscient": game.render(None),
        "legal": [game.format_action(a) for a in game.legal_actions()] if game.outcome() is None else [],
        "to_move": game.to_move() if game.outcome() is None else None,
        "history": [game.format_action(step.action) for step in game.history],
        "outcome": game.outcome(),
    }


def play_randomly(game: Game[Any], steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.outcome() is not None:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), before=st.integers(0, 30), after=st.integers(1, 30))
def test_playing_on_a_clone_leaves_the_original_unchanged(ruleset_id: str, seed: int, before: int,
                                                          after: int) -> None:
    game = get_ruleset(ruleset_id).new_game(None, None, seed)
    rng = random.Random(seed)
    play_randomly(game, before, rng)
    expected = snapshot(game)
    copy = game.clone()
    assert snapshot(copy) == expected
    play_randomly(copy, after, rng)
    assert snapshot(game) == expected
    if game.outcome() is None:  # and the original still plays on by itself
        play_randomly(game, 1, rng)
