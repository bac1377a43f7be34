"""The search protocol for the AI: copies, ``search_apply`` and ``random_step``.

The AI lives on copies of the real game; these tests hold it to the promise
that a copy is independent (its own Dice), that the search's shortcuts reach
the same state as the checked ``apply``, and that its playout policy plays
only legal actions.
"""

from __future__ import annotations

import random

from core.ai.agents import GreedyAgent, reseed_dice
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.game import DuelGame


def _game(scenario: str = "summer", seed: int = 0, players: int = 2) -> DuelGame:
    g = RULESET.new_game(scenario, {"players": players}, seed)
    assert isinstance(g, DuelGame)
    return g


def test_clone_has_its_own_dice_and_reseeding_it_leaves_the_real_game_alone() -> None:
    g = _game()
    before = g.dice.getstate()
    copy = g.clone()
    assert copy.dice is not g.dice
    reseed_dice(copy, 12345)
    assert g.dice.getstate() == before
    assert copy.dice.getstate() != before
    sample = g.determinize(0, 7)
    assert sample.dice is not g.dice
    reseed_dice(sample, 99)
    assert g.dice.getstate() == before


def test_greedy_choice_never_changes_the_real_game() -> None:
    g = _game(seed=3)
    agent = GreedyAgent(seed=1)
    for _ in range(12):
        dice, view = g.dice.getstate(), g.view(None)
        action = agent.choose(g)
        assert g.dice.getstate() == dice
        assert g.view(None) == view
        g.apply(action)
