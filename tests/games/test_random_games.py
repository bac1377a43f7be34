"""Random games of every shipped ruleset with the invariants of
:mod:`tests.games.harness` after every step and records replayed with
verification: a few games in ``make test``, 2,000 per ruleset behind ``slow``
(also ``bench/random_games.py``, which prints the figures)."""

from __future__ import annotations

import pytest

from tests.games.harness import VERIFY_EVERY, play_one

RULESETS = ["tank-chess", "battle-of-tanks", "duel-of-the-giants"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_few_random_games_keep_every_invariant_and_their_record_verifies(ruleset: str) -> None:
    results = [play_one(ruleset, index) for index in (0, 1)]
    assert [r.crash for r in results] == [None, None]
    assert all(r.finished for r in results)
    assert results[0].verified and 0 % VERIFY_EVERY == 0


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_thousand_random_games_per_ruleset_keep_every_invariant(ruleset: str) -> None:
    results = [play_one(ruleset, index) for index in range(2000)]
    assert [r.crash for r in results if r.crash] == []
    assert sum(r.verified for r in results) == 2000 // VERIFY_EVERY
    assert all(r.finished for r in results)
