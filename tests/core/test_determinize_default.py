"""Issue 25, one place for secrets: a hidden-information ruleset that states its
secrets once, in ``hidden_variant``, gets the computer's search copy from it
(the default :meth:`core.game.Game.determinize`), without the history and undo
base that hold the true secrets -- the step Duel of the Giants' own code had to
know to take.
"""

from __future__ import annotations

import random

from core.game import Action, Game
from tests.check import cups


class FairCups(cups.CupsGame):
    """Cups whose variant draws the pea from the seed alone, and which writes no
    determinize of its own (the core's default derives it)."""

    determinize = Game.determinize

    def hidden_variant(self, player: int, seed: int) -> Game[Action] | None:
        if self.pea is None or self.sees_pea(player):
            return None
        other = type(self)(0, self.rounds)
        for step in self.history[:-1]:
            other.apply(step.action)
        other.apply(cups.Hide(random.Random(seed).choice(cups.CUPS)))
        return other


def hidden_under(cup: int) -> FairCups:
    game = FairCups()
    game.apply(cups.Hide(cup))  # CUP-1: north's secret
    return game


def test_the_default_search_copy_comes_from_the_variant_without_history() -> None:
    """Issue 25: south's search copy holds a pea drawn from the seed, whatever the
    true cup, and no history or undo base (the true hiding is in both)."""
    for seed in range(20):
        copies = [hidden_under(cup).determinize(1, seed) for cup in cups.CUPS]
        assert len({c.pea for c in copies}) == 1  # type: ignore[attr-defined]
        assert all(c.history == [] and c._initial is None for c in copies)


def test_the_player_who_knows_the_secret_searches_the_true_game() -> None:
    """Issue 25: nothing is hidden from the hider, so his copy is the game itself
    (a clone), still without the history."""
    game = hidden_under(2)
    copy = game.determinize(0, 5)
    assert copy.pea == 2 and copy.history == []  # type: ignore[attr-defined]
    assert game.history and game.pea == 2


def test_perfect_information_keeps_a_plain_clone() -> None:
    """Without hidden information the default is a clone, history and all."""
    from core.registry import get_ruleset

    game = get_ruleset("tank-chess").new_game()
    game.apply(game.legal_actions()[0])
    copy = game.determinize(0, 1)
    assert len(copy.history) == 1 and copy.legal_actions() == game.legal_actions()
