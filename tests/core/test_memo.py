"""core/memo.py: bounded memos of pure answers, forgotten between simulated games."""

from __future__ import annotations

import gc

from hypothesis import given
from hypothesis import strategies as st

from core.ai.simulate import GameJob, play_job
from core.memo import Memo, forget_games, live_entries
from tests.ai.games import PigGames


def test_remember_stores_and_returns_the_value() -> None:
    memo: Memo[str, int] = Memo(4)
    assert memo.remember("a", 1) == 1
    assert memo.get("a") == 1
    assert memo.get("b") is None


@given(st.integers(min_value=1, max_value=20), st.lists(st.integers(), max_size=80))
def test_a_memo_never_holds_more_than_its_limit_and_keeps_the_newest(limit: int, keys: list[int]) -> None:
    memo: Memo[int, int] = Memo(limit)
    for k in keys:
        memo.remember(k, k * 2)
        assert len(memo) <= limit
        assert memo[k] == k * 2  # what was just remembered is always there


def test_a_full_memo_starts_afresh() -> None:
    memo: Memo[int, int] = Memo(3)
    for k in range(3):
        memo.remember(k, k)
    memo.remember(99, 99)
    assert dict(memo) == {99: 99}


def test_forget_games_clears_per_game_memos_only() -> None:
    per_game: Memo[int, int] = Memo(10)
    lasting: Memo[int, int] = Memo(10, per_game=False)
    per_game.remember(1, 1)
    per_game.remember(2, 2)
    lasting.remember(1, 1)
    assert forget_games() >= 2
    assert len(per_game) == 0
    assert dict(lasting) == {1: 1}


def test_a_dropped_memo_is_no_longer_tracked() -> None:
    before = live_entries()
    memo: Memo[int, int] = Memo(10, per_game=False)
    memo.remember(1, 1)
    assert live_entries() == before + 1
    del memo
    gc.collect()
    assert live_entries() == before


def test_each_simulated_game_starts_with_empty_memos() -> None:
    """A worker playing many games holds one game's answers at a time (the 1.3 GB process)."""
    stale: Memo[str, str] = Memo(10)
    stale.remember("last game", "answer")
    play_job(GameJob(0, PigGames(), seed=3, seats=(("red", "random"), ("blue", "random"))))
    assert "last game" not in stale


def test_recall_computes_once_and_remembers_false_answers() -> None:
    """A remembered ``False`` (no CHECK here) is an answer, not a miss."""
    memo: Memo[int, bool] = Memo(4)
    calls: list[int] = []

    def compute() -> bool:
        calls.append(1)
        return False

    assert memo.recall(7, compute) is False
    assert memo.recall(7, compute) is False
    assert calls == [1]
