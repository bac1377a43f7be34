"""bench/ai.py compares like with like (issue 61.7): equal-time searches with the
level cap lifted, a fresh midgame position per round for each contender."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ai", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ai"] = module
    spec.loader.exec_module(module)
    return module


def test_issue_61_7_positions_differ_and_the_level_cap_is_lifted() -> None:
    """Each round searches a new midgame position, and no search stops at the
    playing levels' 1,700 iterations while the peer runs on."""
    bench = _bench()
    games = bench.tank_positions(None, 100, 3, 10, 4)
    assert len(games) == 3
    assert len({g.pos.hash for g in games}) == 3
    assert all(len(g.history) == 0 and g.outcome() is None for g in games)
    assert all(g.search_profile.max_iterations is None for g in games)


def test_issue_61_7_our_search_runs_for_the_time_not_the_cap() -> None:
    """With a time budget and the cap lifted, ``ours`` runs for about the time given."""
    bench = _bench()
    game = bench.tank_positions(None, 101, 1, 10, 4)[0]
    n, seconds = bench.ours(game, 0.2, 0, 0.0, 7)
    assert n >= 1 and seconds >= 0.2


def test_issue_61_7_the_peer_searches_its_own_midgame_position() -> None:
    pytest.importorskip("chess")
    bench = _bench()
    boards = bench.chess_positions(100, 2, 10, 4)
    assert len(boards) == 2 and boards[0].fen() != boards[1].fen()
    n, seconds = bench.chess_uct(boards[1], 0.1, 5, 3)
    assert n >= 1 and seconds >= 0.1
