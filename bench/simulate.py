"""Simulation throughput: games per second with 2 worker processes vs 1.

    .venv/bin/python bench/simulate.py [--ruleset tank-chess] [--games 40]
        [--seat white=greedy ...] [--max-moves N]

Both runs play the same games (same master seed) and must give identical
results; the 2-worker run pays for starting its processes. Goal: >= 1.8x.
On a machine whose two cores are busy with other work the ratio is lower.
``--ruleset pig`` plays the test-only Pig game (no shipped ruleset needed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def factory(ruleset: str, scenario: str | None) -> Any:
    from core.ai.simulate import RegistryGames

    if ruleset == "pig":
        from tests.ai.games import PigGames

        return PigGames(target=100)
    return RegistryGames(ruleset, scenario, {})


def _burn(n: int) -> float:
    started = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - started


def machine_ceiling(n: int = 5_000_000) -> float:
    """Speed-up of two processes over one on a pure CPU loop: what the machine gives now."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    _burn(n)
    _burn(n)
    serial = time.perf_counter() - started
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [1000, 1000]))
        started = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        parallel = time.perf_counter() - started
    return serial / parallel


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tank-chess")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seat", action="append", default=[], help="SIDE=KIND")
    parser.add_argument("--kind", default="random", help="kind of the seats not named")
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=2, help="best of this many runs each")
    args = parser.parse_args()
    from core.ai.simulate import run_jobs, simulation_jobs, summarize

    seats = dict(s.split("=", 1) for s in args.seat)
    jobs = simulation_jobs(factory(args.ruleset, args.scenario), args.games, seed=args.seed,
                           seats=seats, default_kind=args.kind, max_moves=args.max_moves)
    timings = {1: float("inf"), 2: float("inf")}
    results = {}
    for _ in range(args.repeat):  # interleaved, best of: other load on the machine varies
        for workers in (1, 2):
            started = time.perf_counter()
            results[workers] = run_jobs(jobs, workers=workers)
            timings[workers] = min(timings[workers], time.perf_counter() - started)
    report = summarize(results[1])
    same = results[1] == results[2]
    print(f"{args.ruleset}: {args.games} games, mean length {report.mean_moves:.1f} decisions, "
          f"unfinished {report.unfinished}")
    for w in (1, 2):
        print(f"{w} worker{'s' if w > 1 else ' '}: {timings[w]:7.2f} s  {args.games / timings[w]:7.2f} games/s")
    print(f"results identical: {same}")
    ratio = timings[1] / timings[2]
    ceiling = machine_ceiling()
    print(f"ratio {ratio:.2f}x (goal >= 1.8x); a pure CPU loop gets {ceiling:.2f}x on this "
          f"machine right now (other load), so the pool reaches {ratio / ceiling:.0%} of that")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
