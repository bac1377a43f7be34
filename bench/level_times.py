"""Seconds a computer level takes for one decision, as a person at the table waits for it.

The figures ``data/ai_levels.yaml`` carries (shown by ``tanktable play --help``,
docs/ai.md and the browser's start page) come from this script::

    python bench/level_times.py                  # from each start: about a minute on 2 cores
    python bench/level_times.py --positions 20   # over a game's positions: several minutes

Without ``--positions``, each level answers the first decision of the default
scenario with ``--think 1`` (random, greedy, easy and normal twice, hard once). With
``--positions N`` each level answers N positions of one game of greedy against greedy
(every ninth decision that offers a choice, the game's seed fixed), since the middle
of a game, with guns in range, asks more of a search than its start; it prints the
mean, the median and the longest time, and how often the wall-clock cap (issue
28.4) stopped a search before its reproducible budget was spent (``capped``). The
levels play as at the table, cap included, and every answer starts with the
rulesets' memos empty (``core.memo.forget_games``): the levels answer the same
positions one after another, and a level timed after another would find that
one's answers remembered. The times are wall clock, so a loaded
machine shows more than an idle one: the machine's load average is printed first,
note it with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from core.ai.agents import GreedyAgent, make_agent
from core.game import Game
from core.memo import forget_games
from core.registry import get_ruleset

RULESETS = ("tank-chess", "battle-of-tanks", "duel-of-the-giants")
LEVELS = ("random", "greedy", "easy", "normal", "hard")
GAME_SEED = 11
"""The seed of the game whose positions ``--positions`` times."""
EVERY = 9
"""``--positions`` takes every ninth decision of that game that offers a choice."""


def timed(kind: str, seed: int, game: Game[Any]) -> tuple[float, Any]:
    """Seconds ``kind`` takes to choose in ``game`` (a copy is searched), with the
    rulesets' memos emptied first, and the search's statistics (``None`` for greedy
    and random)."""
    agent = make_agent(kind, seed=seed)
    forget_games()  # each answer starts from empty memos, not from another level's
    start = time.perf_counter()
    agent.choose(game.clone())
    return time.perf_counter() - start, getattr(agent, "last", None)


def from_the_start(rid: str, kinds: list[str]) -> None:
    game = get_ruleset(rid).new_game(None, None, 7)
    for kind in kinds:
        times = []
        for i in range(1 if kind == "hard" else 2):
            seconds, stats = timed(kind, i, game)
            text = f"{seconds:.2f} s"
            if stats is not None:
                text += f" ({stats.iterations} it{', capped' if stats.capped else ''})"
            times.append(text)
        print(f"{rid:<20} {kind:<7} " + "  ".join(times), flush=True)


def positions(rid: str, count: int) -> list[Game[Any]]:
    """``count`` positions of a game of greedy against greedy (fewer if it ends first)."""
    game = get_ruleset(rid).new_game(None, None, GAME_SEED)
    players = [GreedyAgent(GAME_SEED + p) for p in range(len(game.players))]
    found: list[Game[Any]] = []
    choices = 0
    while game.outcome() is None and len(found) < count:
        if len(game.legal_actions()) > 1:
            choices += 1
            if choices % EVERY == 1:
                found.append(game.clone())
        game.apply(players[game.to_move()].choose(game))
    return found


def over_a_game(rid: str, kinds: list[str], count: int) -> None:
    taken = positions(rid, count)
    for kind in kinds:
        times: list[float] = []
        capped = 0
        for i, position in enumerate(taken):
            seconds, stats = timed(kind, i, position)
            times.append(seconds)
            capped += bool(stats is not None and stats.capped)
        print(f"{rid:<20} {kind:<7} {len(times)} positions: mean {statistics.mean(times):.2f} s, "
              f"median {statistics.median(times):.2f} s, longest {max(times):.2f} s, capped {capped}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=0,
                        help="time N positions of a game of greedy against greedy instead of the start")
    parser.add_argument("--ruleset", action="append", choices=RULESETS, help="only these (repeatable)")
    parser.add_argument("--level", action="append", choices=LEVELS, help="only these (repeatable)")
    args = parser.parse_args()
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()), flush=True)
    kinds = args.level or list(LEVELS)
    for rid in args.ruleset or RULESETS:
        if args.positions > 0:
            over_a_game(rid, kinds, args.positions)
        else:
            from_the_start(rid, kinds)


if __name__ == "__main__":
    main()
