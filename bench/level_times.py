"""Seconds a computer level takes for one decision, from each ruleset's default start.

The figures ``data/ai_levels.yaml`` carries (shown by ``tanktable play --help``,
docs/ai.md and the browser's start page) come from this script::

    python bench/level_times.py            # about a minute on 2 shared cores

Each level answers the first decision of the default scenario with ``--think 1``
(random, greedy, easy and normal twice, hard once); the times printed are wall
clock, so a loaded machine shows more than an idle one. A search level also
prints the iterations it ran, and ``capped`` where its wall-clock cap (issue
28.4) stopped it before its reproducible budget was spent. The machine's load
average is printed first: note it with the figures.
"""

from __future__ import annotations

import os
import time

from core.ai.agents import make_agent
from core.registry import get_ruleset

RULESETS = ("tank-chess", "battle-of-tanks", "duel-of-the-giants")
LEVELS = ("random", "greedy", "easy", "normal", "hard")


def main() -> None:
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    for rid in RULESETS:
        game = get_ruleset(rid).new_game(None, None, 7)
        for kind in LEVELS:
            times = []
            for i in range(1 if kind == "hard" else 2):
                agent = make_agent(kind, seed=i)
                start = time.perf_counter()
                agent.choose(game.clone())
                seconds = f"{time.perf_counter() - start:.2f} s"
                stats = getattr(agent, "last", None)
                if stats is not None:
                    seconds += f" ({stats.iterations} it{', capped' if stats.capped else ''})"
                times.append(seconds)
            print(f"{rid:<20} {kind:<7} " + "  ".join(times), flush=True)


if __name__ == "__main__":
    main()
