"""The simulation engine: seeds, statistics, and identical results for any execution."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from core.ai.simulate import (
    GameJob,
    GameResult,
    RegistryGames,
    derive_seed,
    play_job,
    run_jobs,
    simulate,
    simulation_jobs,
    summarize,
    wilson,
)
from core.errors import TanktableError
from tests.ai.games import HighCardGames, PigGames, TicTacToeGames


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_derived_seeds_are_stable_and_distinct() -> None:
    seeds = [derive_seed(7, "game", i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds[3] == derive_seed(7, "game", 3)
    assert derive_seed(8, "game", 3) != seeds[3]
    assert all(0 <= s < 2**62 for s in seeds)


def test_play_job_is_a_pure_function_of_the_job() -> None:
    job = GameJob(0, PigGames(), seed=42, seats=(("red", "random"), ("blue", "greedy")))
    assert play_job(job) == play_job(job)


def test_swap_rotates_the_kinds_round_the_seats() -> None:
    jobs = simulation_jobs(PigGames(), 4, seed=1, seats={"red": "random"}, swap=True)
    kinds = [play_job(j).kinds for j in jobs]
    assert kinds == [("random", "greedy"), ("greedy", "random")] * 2


def test_rollout_depth_override_reaches_the_mcts_players() -> None:
    from core.ai.mcts import MCTSAgent
    from core.ai.simulate import make_player

    agent = make_player("mcts", 1, None, 10, rollout_depth=0)
    assert isinstance(agent, MCTSAgent) and agent.rollout_depth == 0 and agent.iterations == 10
    hard = make_player("hard", 1, 0.5, None, rollout_depth=3)
    assert isinstance(hard, MCTSAgent) and hard.rollout_depth == 3 and hard.reference == 1.0  # 2x normal (issue 28.4)
    assert not isinstance(make_player("greedy", 1, None, None, rollout_depth=3), MCTSAgent)


def test_move_limit_leaves_the_game_unfinished() -> None:
    job = GameJob(0, PigGames(target=1000), seed=1, default_kind="random", max_moves=5)
    result = play_job(job)
    assert (result.finished, result.moves, result.reason) == (False, 5, "move limit")
    report = summarize([result])
    assert (report.unfinished, report.draws) == (1, 0)


def test_summary_counts_sides_kinds_draws_and_length() -> None:
    players, kinds = ("x", "o"), ("mcts", "random")
    results = [
        GameResult(0, 1, players, kinds, (0,), "line", 5, True),
        GameResult(1, 2, players, kinds[::-1], (1,), "line", 7, True),
        GameResult(2, 3, players, kinds, (), "full", 9, True),
        GameResult(3, 4, players, kinds, (1,), "line", 6, True),
    ]
    report = summarize(results)
    assert {s.name: s.wins for s in report.sides} == {"x": 1, "o": 2}
    assert {k.name: (k.wins, k.games) for k in report.kinds} == {"mcts": (2, 4), "random": (1, 4)}
    assert report.draws == 1 and report.unfinished == 0
    assert report.mean_moves == pytest.approx(27 / 4)
    data = report.to_json()
    assert data["sides"]["o"]["rate"] == 0.5 and data["sides"]["o"]["ci95"] == list(wilson(2, 4))


def test_same_results_with_one_and_two_workers() -> None:
    """Game i depends only on (master seed, i): worker count changes nothing."""
    options: dict[str, Any] = {"seats": {"x": "mcts", "o": "random"}, "iterations": 25, "swap": True}
    serial = simulate(TicTacToeGames(), 10, seed=3, workers=1, **options)
    pooled = simulate(TicTacToeGames(), 10, seed=3, workers=2, **options)
    assert serial == pooled
    assert serial.games == 10 and [r.index for r in serial.results] == list(range(10))
    mcts = next(k for k in serial.kinds if k.name == "mcts")
    assert mcts.wins >= 7  # and it should never lose


def test_hidden_information_game_in_a_pool() -> None:
    jobs = simulation_jobs(HighCardGames(), 6, seed=5, seats={"north": "mcts"}, iterations=20)
    assert run_jobs(jobs, workers=1) == run_jobs(jobs, workers=2)


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(PigGames(), 5, seed=1, default_kind="random", progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (5, 5) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_registry_factory_builds_the_registered_ruleset(with_pig: Any) -> None:
    report = simulate(RegistryGames("pig", None, {"target": 10}), 6, seed=2,
                      seats={"red": "random", "blue": "greedy"})
    assert report.games == 6 and report.unfinished == 0
    assert sum(s.wins for s in report.sides) + report.draws == 6


def test_unknown_side_or_kind_is_a_user_error() -> None:
    with pytest.raises(TanktableError, match="unknown side"):
        simulate(PigGames(), 2, seats={"green": "random"})
    with pytest.raises(TanktableError, match="unknown player kind"):
        simulate(PigGames(), 2, seats={"red": "clever"})
    with pytest.raises(TanktableError, match="human"):
        simulate(PigGames(), 2, seats={"red": "human"})
    with pytest.raises(TanktableError):
        simulate(PigGames(), 0)


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="dask[distributed] is not installed (pip install 'tanktable[dask]')")
def test_local_dask_cluster_equals_the_serial_run() -> None:
    jobs = simulation_jobs(PigGames(), 8, seed=11, seats={"red": "random"}, default_kind="greedy")
    assert run_jobs(jobs, workers=1, dask="local") == run_jobs(jobs, workers=1)


def test_dask_missing_is_a_clean_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import now raises ImportError
    jobs = simulation_jobs(PigGames(), 2, seed=1)
    with pytest.raises(TanktableError, match="tanktable\\[dask\\]"):
        run_jobs(jobs, dask="local")


class BrokenGames:
    """A factory whose games break after a few moves (a ruleset bug)."""

    def __call__(self, seed: int) -> Any:
        from core.errors import IllegalActionError
        from tests.toy import PigGame

        game = PigGame(seed)

        def broken(action: Any) -> Any:
            raise IllegalActionError("PIG-9", "bug in the ruleset")

        game._apply = broken  # type: ignore[method-assign]
        return game


def test_a_failing_game_is_named_with_its_seed() -> None:
    from core.ai.simulate import SimulationError

    jobs = simulation_jobs(BrokenGames(), 3, seed=1, default_kind="random")
    for workers in (1, 2):
        with pytest.raises(SimulationError, match=r"game \d+ \(seed \d+\) failed: IllegalActionError"):
            run_jobs(jobs, workers=workers)


class KeptGames:
    """Keeps every game it makes (serial runs only), to look at the moves played."""

    def __init__(self) -> None:
        self.games: list[Any] = []

    def __call__(self, seed: int) -> Any:
        from tests.ai.games import TicTacToe

        self.games.append(TicTacToe(seed))
        return self.games[-1]


def test_random_opening_is_played_by_a_random_player_seeded_by_the_game() -> None:
    """--random-opening N: the first N decisions come from a random player with the
    game's own seed, so deterministic players on a game without dice still vary."""
    from core.ai.agents import RandomAgent
    from tests.ai.games import TicTacToe

    kept = KeptGames()
    report = simulate(kept, 4, seed=1, default_kind="mcts", iterations=10, max_moves=2,
                      opening=2)
    for game, result in zip(kept.games[1:], report.results, strict=True):
        replay = TicTacToe(result.seed)
        opener = RandomAgent(seed=derive_seed(result.seed, "opening"))
        for step in game.history:
            expected = opener.choose(replay)
            assert step.action == expected
            replay.apply(expected)


def test_a_pooled_run_hands_over_each_game_as_it_ends() -> None:
    """issue 61.2: a worker answers game by game, also within a chunk, so ``on_result``
    and ``progress`` see every game the moment it is in (and a worker that dies is
    pinned on its game, tests/ai/test_workers.py)."""
    jobs = simulation_jobs(PigGames(), 8, seed=4, default_kind="random")
    seen: list[int] = []
    counts: list[int] = []
    results = run_jobs(jobs, workers=2, chunk_size=4, on_result=lambda r: seen.append(r.index),
                       progress=lambda done, total: counts.append(done))
    assert sorted(seen) == list(range(8)) and counts == list(range(1, 9))
    assert results == run_jobs(jobs, workers=1)
