"""Games of every shipped ruleset between random, greedy and mcts seats, with the
invariants of :mod:`tests.games.harness` after every step and records replayed
with verification: a few games in ``make test``, 2,000 per ruleset (every
pairing of seats in turn) behind ``slow`` (also ``bench/random_games.py``, which
prints the figures). A game must end within its ruleset's declared bound
(``Game.max_decisions``, issue 27.2/27.3)."""

from __future__ import annotations

import pytest

from tests.games.harness import PAIRINGS, VERIFY_EVERY, play_one, seats_for

RULESETS = ["tank-chess", "battle-of-tanks", "duel-of-the-giants"]
QUICK = {
    "tank-chess": [("random", "random"), ("greedy", "greedy"), ("mcts", "mcts")],
    "battle-of-tanks": [("random", "random"), ("greedy", "greedy"), ("mcts", "mcts")],
    "duel-of-the-giants": [("random", "random"), ("greedy", "greedy")],
}
"""The seats of the quick games (a Duel of the Giants search seat costs seconds a
decision: its games between search seats run behind ``slow``)."""
QUICK_GAME = {"tank-chess": 0, "battle-of-tanks": 40, "duel-of-the-giants": 0}
"""The harness's game number the quick games play, a multiple of ``VERIFY_EVERY`` so
that its record is replayed with verification: Battle of Tanks' game 40 has three
tanks (game 0 has five, and its greedy and search seats cost four times as long)."""


def test_every_pairing_of_seat_kinds_comes_once_in_each_block_of_nine_games() -> None:
    """Issue 27.3: the harness rotates all nine ordered pairings by game index."""
    for block in (0, 1, 5):
        seen = [seats_for(9 * block + i, 2) for i in range(9)]
        assert sorted(seen) == sorted(PAIRINGS)
    assert seats_for(4, 4) == ("greedy", "greedy", "greedy", "greedy")
    assert seats_for(1, 3) == ("random", "greedy", "random")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_few_games_keep_every_invariant_end_within_the_bound_and_verify(ruleset: str) -> None:
    index = QUICK_GAME[ruleset]
    results = [play_one(ruleset, index, seats) for seats in QUICK[ruleset]]
    assert [r.crash for r in results] == [None] * len(results)
    assert [r.seats for r in results] == list(QUICK[ruleset])
    for r in results:
        assert r.finished and r.bound is not None and r.steps <= r.bound, r  # issue 27.2
    assert results[0].verified and index % VERIFY_EVERY == 0


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_thousand_games_per_ruleset_under_every_pairing_keep_every_invariant(ruleset: str) -> None:
    results = [play_one(ruleset, index) for index in range(2000)]
    assert [r.crash for r in results if r.crash] == []
    assert sum(r.verified for r in results) == 2000 // VERIFY_EVERY
    assert [(r.index, r.seats, r.steps) for r in results if not r.finished] == []
