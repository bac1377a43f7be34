"""The search's shuffle written out draws what ``Random.shuffle`` draws (issue 61.7):
a seeded search's moves depend on the order it tries a node's actions in."""

from __future__ import annotations

import random

from core.ai.mcts import _shuffle


class _Own(random.Random):
    """A generator with a shuffle of its own, which the search must call."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_issue_61_7_the_search_shuffle_is_random_shuffle() -> None:
    for n in (0, 1, 2, 7, 650, 1025):
        mine, theirs = list(range(n)), list(range(n))
        a, b = random.Random(n), random.Random(n)
        _shuffle(mine, a)
        b.shuffle(theirs)
        assert mine == theirs
        assert a.random() == b.random()  # the same draws, no more


def test_issue_61_7_a_generator_with_its_own_shuffle_is_asked() -> None:
    items: list[object] = [1, 2, 3]
    _shuffle(items, _Own(0))
    assert items == [3, 2, 1]
