"""Remembered answers of pure functions: bounded, and forgotten between games.

A search asks the same questions over and over -- the squares a tank can
reach from here, the cover of a target from there, the gap between two
footprints -- so the rulesets remember the answers. Two things go wrong
with a plain module-level dictionary:

- it grows without bound, so each such table starts afresh at a limit of
  entries (a :class:`Memo` does this in one place, not in each ruleset);
- in a long process (``tanktable simulate`` playing hundreds of games in
  one worker) every table fills to its limit with positions of games long
  over. And a forked worker inherits
  whatever its parent had found, so its speed depends on what ran before.
  :func:`forget_games` clears every memo that holds per-game answers; the
  simulator calls it before each game, so a worker's memory stays that of
  one game's answers (figures in ``bench/HISTORY.md``).

A :class:`Memo` is a ``dict`` (lookups stay C-speed ``get`` calls); only a
miss goes through :meth:`Memo.remember`. Hot paths look up and remember
inline; :meth:`Memo.recall` is the short form where a closure per call is
affordable.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import TypeVar

__all__ = ["Memo", "forget_games", "live_entries"]

K = TypeVar("K")
V = TypeVar("V")

_LIVE: weakref.WeakValueDictionary[int, Memo[object, object]] = weakref.WeakValueDictionary()
_SERIAL = itertools.count()


class Memo(dict[K, V]):
    """A dictionary of remembered answers that starts afresh when it holds ``limit`` entries.

    ``per_game``: the answers are about positions of a game (forgotten by
    :func:`forget_games`); ``False`` for answers about the rules or the
    geometry alone, which every later game needs again.
    """

    def __init__(self, limit: int, per_game: bool = True) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError("a memo needs room for at least one entry")
        self.limit = limit
        self.per_game = per_game
        _LIVE[next(_SERIAL)] = self  # type: ignore[assignment]

    def remember(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (clearing the table first if it is full); returns it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def recall(self, key: K, compute: Callable[[], V]) -> V:
        """The answer under ``key``, computed and remembered on the first ask."""
        hit = self.get(key)
        if hit is None:
            hit = self.remember(key, compute())
        return hit


def forget_games() -> int:
    """Clear every live per-game memo; returns how many entries were dropped."""
    dropped = 0
    for memo in list(_LIVE.values()):
        if memo.per_game:
            dropped += len(memo)
            memo.clear()
    return dropped


def live_entries() -> int:
    """Entries held by all live memos (for tests and diagnostics)."""
    return sum(len(memo) for memo in list(_LIVE.values()))
