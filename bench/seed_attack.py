"""The seed-search attack of issue 26, re-run against the derived streams.

The German seat knows its own secrets from its first state (which ATG marker
is which gun, which mine markers are mines). The attack tries candidate seeds,
keeps those whose German deal matches, and reads the Soviet tank markers off
the survivors. This script plays the attacker over the first N integer seeds
(the old fresh seeds were below 10**6):

- against a fresh seed (128 bits from ``secrets``): the true seed is not among
  the candidates, and the survivors (chance matches of the German deal) say
  nothing of the Soviet layout: their guesses are right at the rate of a blind guess;
- against a small seed a user chose (``--seed 4242``): the search finds it, as it
  would find any seed from a small set. A chosen seed is for replaying, not
  for playing people who must not foresee the game.

    .venv/bin/python bench/seed_attack.py [N]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from core.streams import SEED_BITS, Seed, fresh_seed
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.setup import deal_secrets, setup_rng, shipped_layout


def german_part(layout: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(layout["atgs"]), tuple(sorted(layout["mines"]["mine"]))


def soviet_part(layout: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted(layout["markers"]["wheel"]))


def attack(truth: Seed, n: int, base: dict[str, Any]) -> tuple[int, bool, float]:
    """(candidates left, true seed among them, share of wheel hexes the survivors' Soviet deals get right)."""
    real = deal_secrets(base, setup_rng(truth, "german"), setup_rng(truth, "soviet"))
    seen, wheels = german_part(real), set(soviet_part(real))
    survivors: list[tuple[int, dict[str, Any]]] = []
    for s in range(n):
        dealt = deal_secrets(base, setup_rng(s, "german"), setup_rng(s, "soviet"))
        if german_part(dealt) == seen:
            survivors.append((s, dealt))
    right = [len(wheels & set(soviet_part(dealt))) / max(1, len(wheels)) for _, dealt in survivors]
    return len(survivors), truth in [s for s, _ in survivors], sum(right) / len(right) if right else 0.0


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    g: Any = RULESET.new_game("summer", {}, 0)
    base = shipped_layout(g.cfg)
    markers = len(base["markers"]["wheel"]) + len(base["markers"]["bluff"])
    print(f"fresh seed: {SEED_BITS} bits; searched the first {n:,} integer seeds")
    print(f"a blind guess of the wheels gets {len(base['markers']['wheel']) / markers:.0%} of them right")
    for label, truth in (("fresh seed", fresh_seed()), ("chosen seed 4242", 4242)):
        started = time.perf_counter()
        left, found, right = attack(truth, n, base)
        print(f"{label}: {left} candidates left from the German's first state, true seed among them: "
              f"{'yes' if found else 'no'}; their Soviet wheels right: {right:.0%} "
              f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
