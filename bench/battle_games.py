"""10,000 random Battle of Tanks games with invariants, no exception allowed.

Random armies (tier budget 20) on the shipped scenarios, random legal
actions for both sides, a round limit so every game ends. After every
decision: hit points within 0..maximum (BT-6.5), no two footprints overlap
and all stay on the table (BT-5.1), one chit per tank in play (BT-1.3,
BT-4.3), and the notation round-trips. Prints games per second and the
results; as peer it times the protocol's default ``Game.clone`` (a deep
copy) against the ruleset's own clone on a position of these games.

    .venv/bin/python bench/battle_games.py [--games 10000] [--rounds 8] [--seed 0]
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.ai.agents import RandomAgent  # noqa: E402
from rulesets.battle_of_tanks import RULESET  # noqa: E402
from tests.games.harness import INVARIANTS, random_army  # noqa: E402


def check(game) -> None:
    """The Battle of Tanks invariants of the random-game harness (BT-1.3, BT-4.3, BT-5.1, BT-6.5)."""
    INVARIANTS["battle-of-tanks"](game)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    scenarios = RULESET.scenarios()
    results: collections.Counter[str] = collections.Counter()
    decisions = 0
    start = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        rng = random.Random(seed)
        options = {"armies": {"a": random_army(rng), "b": random_army(rng)}, "victory.max_rounds": args.rounds}
        game = RULESET.new_game(scenarios[n % len(scenarios)], options, seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while game.outcome() is None:
            action = agents[game.to_move()].choose(game)
            try:
                assert game.parse_action(game.format_action(action)) == action
                game.apply(action)
                check(game)
            except Exception:
                print(f"game {n} (seed {seed}, {scenarios[n % len(scenarios)]}), decision "
                      f"{len(game.history) + 1}: {game.format_action(action)!r}", file=sys.stderr)
                raise
            decisions += 1
        reason = game.outcome().reason  # type: ignore[union-attr]
        results[reason.split("(")[-1].rstrip(")")] += 1
        if (n + 1) % max(1, args.games // 20) == 0:
            rate = (n + 1) / (time.perf_counter() - start)
            print(f"  {n + 1:>6} games, {rate:.1f} games/s", file=sys.stderr)
    elapsed = time.perf_counter() - start

    print(f"{args.games} random games, {decisions} decisions in {elapsed:.1f} s "
          f"({args.games / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s); invariants held")
    for reason, count in results.most_common():
        print(f"  {count:>6}  {reason}")
    # peer: the protocol's default clone (deep copy) against ours, on a position from these games
    from core.game import Game

    probe = game
    reps = 200
    t0 = time.perf_counter()
    for _ in range(reps):
        probe.clone()
    ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(reps):
        Game.clone(probe)
    deep = time.perf_counter() - t0
    print(f"clone (the AI's hot path): ours {ours / reps * 1e6:.0f} us, default deep copy "
          f"{deep / reps * 1e6:.0f} us: ratio {deep / ours:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
