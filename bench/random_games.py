"""Games of every shipped ruleset between random, greedy and mcts seats (every
ordered pairing in turn, by game index) with the invariants checked after every
step and every 20th record replayed with verification (``tests/games/harness.py``
says what is checked). Prints per ruleset the games, the decisions, the crashes
(goal 0), the games still running at the ruleset's declared bound (unfinished,
goal 0), the games a move limit or round cap drew, the records verified and the
time, then the same per pairing of seats.

    .venv/bin/python bench/random_games.py [--games 2000] [--first 0] [--workers 2] [--ruleset ID ...]

Games are numbered, and game *i* is the same game on any machine, so a long run
may be made in parts: ``--first 180 --games 1820`` plays games 180 to 1999.

Not a timed test: a measurement to report in bench/RESULTS.md. Exit 1 on a crash.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.games.harness import GameResult, play_one  # noqa: E402

RULESETS = ("tank-chess", "battle-of-tanks", "duel-of-the-giants")


def _play(job: tuple[str, int]) -> GameResult:
    return play_one(*job)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="how many games per ruleset")
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ruleset", action="append", choices=RULESETS)
    args = parser.parse_args()
    crashed = False
    with ProcessPoolExecutor(args.workers) as pool:
        for ruleset in args.ruleset or RULESETS:
            started = time.perf_counter()
            results = list(pool.map(_play, [(ruleset, i) for i in range(args.first, args.first + args.games)], chunksize=10))
            crashes = [r.crash for r in results if r.crash]
            unfinished = sum(1 for r in results if not r.finished and not r.crash)
            print(f"{ruleset}: {len(results)} games ({args.first} to {args.first + args.games - 1}), {sum(r.steps for r in results)} decisions, "
                  f"crashes {len(crashes)}, unfinished {unfinished}, "
                  f"drawn by a limit {sum(1 for r in results if r.termination == 'move_limit')}, "
                  f"records verified {sum(r.verified for r in results)}, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
            for seats in sorted({r.seats for r in results}):
                mine = [r for r in results if r.seats == seats]
                longest = max(mine, key=lambda r: r.steps)
                print(f"  {'/'.join(seats) or '?'}: {len(mine)} games, {sum(r.steps for r in mine)} decisions "
                      f"(longest {longest.steps} of bound {longest.bound}, game {longest.index}), "
                      f"unfinished {sum(1 for r in mine if not r.finished and not r.crash)}, "
                      f"drawn by a limit {sum(1 for r in mine if r.termination == 'move_limit')}", flush=True)
            for line in crashes[:10]:
                print("  " + line, flush=True)
            for r in [r for r in results if not r.finished and not r.crash][:10]:
                print(f"  unfinished: game {r.index}, seats {'/'.join(r.seats)}, {r.steps} decisions", flush=True)
            crashed = crashed or bool(crashes)
    return 1 if crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
