"""``Game.state_changed`` (issue 25.6): a state changed by hand -- a test setting up a
position, a search copy -- is answered from as it is now, without touching the
base class's private outcome cache."""

from __future__ import annotations

from core.game import Termination
from tests.toy import PigGame


def test_the_outcome_is_worked_out_again_after_state_changed() -> None:
    game = PigGame(seed=1, target=20)
    assert game.outcome() is None  # worked out and cached
    game.banked[1] = 20  # by hand, beside apply
    assert game.outcome() is None  # the cache does not know
    game.state_changed()
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.termination is Termination.RULES


