"""10,000 random tank chess games with invariants after every move.

The test suite plays 200 games per map; this sweep plays many more (spread
over every shipped map) with the same checks after every move: one piece per
square (TC-1.3), wrecks never move (TC-6.3), obstacles unchanged, the undo
stack unwinds to the start, and every game ends (TC-7). Prints how the games
ended and the throughput.

Run: .venv/bin/python bench/tank_chess_games.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from rulesets.tank_chess import RULESET
from rulesets.tank_chess.position import Position

MAX_PLIES = 5000


def play_checked(start: Position, rng: random.Random) -> tuple[str, int]:
    pos = start.copy()
    obstacles = [i for i, c in enumerate(start.cell) if c == -1]
    wrecks: dict[int, int] = {}
    for ply in range(MAX_PLIES):
        status = pos.status()
        if status is not None:
            break
        move = pos.random_move(rng)
        if move is None:
            raise AssertionError("status() said the game runs but there is no move")
        pos.push(move)
        seen: set[int] = set()
        for pid, sq in enumerate(pos.sq):
            if sq < 0:
                continue
            if sq in seen or pos.cell[sq] != pid + 1:
                raise AssertionError(f"square {sq} is inconsistent after ply {ply}")
            seen.add(sq)
            if not pos.alive[pid] and wrecks.setdefault(pid, sq) != sq:
                raise AssertionError("a wreck moved")
    else:
        raise AssertionError(f"no end after {MAX_PLIES} plies")
    if [i for i, c in enumerate(pos.cell) if c == -1] != obstacles:
        raise AssertionError("an obstacle changed")
    plies = len(pos.stack)
    while pos.stack:
        pos.pop()
    if pos.cell != start.cell or pos.hash != start.hash:
        raise AssertionError("undo did not restore the start")
    return status[1], plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    maps = RULESET.scenarios()
    starts = {name: RULESET.new_game(name).pos for name in maps}
    rng = random.Random(args.seed)
    endings: dict[str, Counter[str]] = {name: Counter() for name in maps}
    plies = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        name = maps[i % len(maps)]
        reason, n = play_checked(starts[name], rng)
        endings[name][reason] += 1
        plies += n
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1:>6} games, {time.perf_counter() - t0:6.1f} s", flush=True)
    elapsed = time.perf_counter() - t0
    for name in maps:
        print(f"{name:<15} " + ", ".join(f"{k}: {v}" for k, v in sorted(endings[name].items())))
    print(f"{args.games} games, {plies} plies, no invariant broken, "
          f"{args.games / elapsed:.1f} games/s, {plies / elapsed:,.0f} plies/s")


if __name__ == "__main__":
    main()
