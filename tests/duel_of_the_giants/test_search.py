"""The search protocol for the AI: copies, ``search_apply`` and ``random_step``.

The AI lives on copies of the real game; these tests hold it to the promise
that a copy is independent (its own Dice), that the search's shortcuts reach
the same state as the checked ``apply``, and that its playout policy plays
only legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from core.ai.agents import GreedyAgent, reseed_dice
from core.game import Action
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.actions import Activate, Program
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.pieces import Marker


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


_BOOKKEEPING = frozenset({"history", "_initial", "start_events", "dice", "_cache", "_outcome_known",
                          "_outcome_cache"})


def _state(g: DuelGame) -> dict[str, object]:
    return {k: v for k, v in g.__dict__.items() if k not in _BOOKKEEPING}


def _positions(seed: int, scenario: str = "summer", players: int = 2, stride: int = 7) -> list[DuelGame]:
    """Every ``stride``-th position of a random game (from set-up to its end)."""
    g = _game(scenario, seed, players)
    rng = random.Random(seed)
    out = []
    while g.outcome() is None and len(out) < 60:
        if len(g.history) % stride == 0:
            out.append(g.clone())
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize(("seed", "scenario", "players"), [(1, "summer", 2), (2, "winter", 2), (3, "summer", 4)])
def test_search_apply_reaches_the_same_state_as_apply_for_every_legal_action(
        seed: int, scenario: str, players: int) -> None:
    checked = 0
    rng = random.Random(seed)
    for g in _positions(seed, scenario, players, stride=19):
        actions = g.legal_actions()
        for action in actions if len(actions) <= 30 else rng.sample(actions, 30):
            a, b = g.clone(), g.clone()
            a.apply(action)
            b.search_apply(action)
            assert _state(a) == _state(b), g.format_action(action)
            assert b.outcome() == a.outcome()
            assert b.legal_actions() == a.legal_actions()
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("seed", "scenario"), [(4, "summer"), (5, "winter")])
def test_random_step_and_the_pruned_search_list_only_play_legal_actions(seed: int, scenario: str) -> None:
    """Play rollouts on search copies; every action must pass the real ``check``."""
    rng = random.Random(seed)
    for g in _positions(seed, scenario, stride=31):
        sample = g.determinize(g.to_move(), seed)
        assert sample.search_copy
        played: list[Action] = []
        search_apply = sample.search_apply

        def spy(action: Action, search_apply: Callable[[Action], None] = search_apply,
                played: list[Action] = played) -> None:
            played.append(action)
            search_apply(action)

        sample.search_apply = spy  # type: ignore[method-assign]
        for _ in range(25):
            if sample.outcome() is not None:
                break
            real = sample.clone()
            real.search_copy = False
            legal = sample.legal_actions()
            assert legal == real.legal_actions()  # legal_actions means the same on a search copy
            pruned = sample.search_actions()
            assert pruned and all(a in legal or real.check(a) is None for a in pruned)
            if not set(pruned) <= set(legal):  # a whole Tiger program at the first card (issue 27.14)
                assert sample.step == "A4" and all(isinstance(a, Program) for a in pruned)
            assert sample.random_step(rng)
            assert real.check(played[-1]) is None


def test_the_search_offers_a_new_t34_with_its_turret_along_the_hull() -> None:
    """DG-9.7: 36 hull/turret pairs are legal; the search considers the 6 with turret = hull."""
    from tests.duel_of_the_giants.helpers import blank

    g = blank()
    g.markers["m1"] = Marker("m1", g.side_players["soviet"][0], (7, 5), True)
    g.step = "B2"
    g.state_changed()
    real = [a for a in g.legal_actions() if isinstance(a, Activate)]
    assert len(real) == 36
    sample = g.determinize(g.players.index("soviet"), 0)
    pruned = [a for a in sample.search_actions() if isinstance(a, Activate)]
    assert len(pruned) == 6 and all(a.hull == a.turret for a in pruned)


def test_mcts_plays_legal_actions_and_never_changes_the_real_game() -> None:
    from core.ai.mcts import MCTSAgent

    agent = MCTSAgent(seed=2, think=None, iterations=8)
    for g in _positions(6, stride=37)[:4]:
        if len(g.legal_actions()) < 2:
            continue
        dice, state = g.dice.getstate(), _state(g)
        action = agent.choose(g)
        assert g.check(action) is None
        assert action in g.legal_actions() or isinstance(action, Program)
        assert g.dice.getstate() == dice
        assert _state(g) == state
