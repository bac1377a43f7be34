"""Where two levels choose differently, and which of the two choices was better.

    python bench/decisions.py RULESET --levels normal hard [--games 3] [--every 5]
        [--playouts 100] [--depth N] [--seed 0] [--workers 2]

A rung measured in games says whether one level beats another, and with dice in
every game it takes dozens of games to say even that; it never says why. Here both
levels answer the same questions: the positions of ``--games`` games of the first
level against itself (the positions it meets at the table), every ``--every``-th
decision of each side that offers a choice. Each level answers as at the table
(its preset, ``--think 1``, the wall-clock cap included), with the rulesets'
memos emptied first and the same seed for both. Two answers are the same choice
when they lead to the same place (:meth:`~core.game.Game.search_destination`:
two Tiger programs that end on one hex facing one way are one choice).

Where the two differ, a judge plays each choice out ``--playouts`` times on the
same samples: each sample deals afresh what the player to move cannot see
(``Game.determinize``) and the dice, and both choices are played on it and then
played out for the ruleset's rollout depth by its playout policy
(``Game.random_step``; ``--depth`` plays them longer or shorter) and evaluated
for the player. A level's regret in that position is the better choice's mean
minus its own (0 where the two agree), in evaluation units (-1 a loss, +1 a
win). The judge is the search's own playouts and evaluation with many more
samples than a search spends on one move: it tells which choice those two would
prefer, not which wins games. A choice that leaves the decision with the same
player (a T-34 moved step by step, an order and then its drive) is judged with
the rest played as the playouts play it, where a search would plan it, so what
search buys in such sequences is undervalued; a ruleset that plays no playouts
(Tank Chess's depth is 0) is judged one ply deep.

Prints, per side and per kind of decision (the words of ``Game.decision``
before the first colon or comma, see :func:`kind_of`), how many positions were
asked, in how many the two levels chose differently, and each level's mean
regret a position, with the standard error of their difference. A rung cannot
separate on decisions where the levels agree, nor where the better level's
regret is lower by thousandths. The mean seconds an answer took close the
table; a line on stderr reports each game as it is done. Ctrl-C stops the run
(exit 130) without a report: a table of part of the games would favour the early ones.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.ai.agents import make_agent, reseed_dice
from core.ai.simulate import derive_seed, worker_pool
from core.errors import TanktableError
from core.game import Game
from core.memo import forget_games
from core.registry import get_ruleset

LEVELS = ("greedy", "easy", "normal", "hard")


@dataclass(frozen=True)
class Answer:
    """Both levels' answers to one position."""

    side: str
    kind: str
    differ: bool
    regrets: tuple[float, float]
    """Each level's regret by the judge (both 0 where they chose alike)."""
    seconds: tuple[float, float]


@dataclass(frozen=True)
class Job:
    """One game to play and ask, as a worker process receives it."""

    ruleset: str
    levels: tuple[str, str]
    seed: int
    every: int
    playouts: int
    depth: int | None


def kind_of(game: Game[Any]) -> str:
    """The kind of decision due: ``Game.decision``'s words before the first colon or
    comma, without numbers and numbered pieces (``round 9`` is ``round``, ``MOVE t34#2``
    is ``MOVE``; ``phase A4`` stays, and so does a piece named without a number, as
    Battle of Tanks' ``MOVE lynx``)."""
    words = game.decision().split(":")[0].split(",")[0].split()
    return " ".join(w for w in words if not w.isdigit() and "#" not in w)


def answer(game: Game[Any], level: str, seed: int) -> tuple[Any, float]:
    """``level``'s choice in ``game`` (a copy is searched) and the seconds it took."""
    agent = make_agent(level, seed=seed)
    forget_games()
    started = time.perf_counter()
    action = agent.choose(game.clone())
    return action, time.perf_counter() - started


def judged(game: Game[Any], choices: Sequence[Any], playouts: int, seed: int,
           depth: int | None = None) -> list[float]:
    """Each choice's mean value for the player to move over ``playouts`` samples, every
    choice played on the same samples and played out ``depth`` decisions (default: the
    ruleset's rollout depth; see the module docstring). A sample that does not accept
    every choice is left out (all values 0 when none does)."""
    player = game.to_move()
    if depth is None:
        depth = game.search_profile.rollout_depth
    sums = [0.0] * len(choices)
    used = 0
    for k in range(playouts):
        sample = game.determinize(player, derive_seed(seed, "sample", k))
        if any(sample.check(choice) is not None for choice in choices):
            continue  # a deal under which one of the choices is not open: no pair to compare
        used += 1
        dice, draws = derive_seed(seed, "dice", k), derive_seed(seed, "playout", k)
        for i, choice in enumerate(choices):
            sim = sample.clone()
            reseed_dice(sim, dice)
            sim.apply(choice)
            rng = random.Random(draws)
            for _ in range(depth):
                if sim.outcome() is not None or not sim.random_step(rng):
                    break
            sums[i] += sim.evaluate(player)
    return [total / used if used else 0.0 for total in sums]


def play_and_ask(job: Job) -> list[Answer]:
    """One game of the first level against itself; both levels answer every ``every``-th position with a choice."""
    game = get_ruleset(job.ruleset).new_game(None, None, job.seed)
    players = [make_agent(job.levels[0], seed=derive_seed(job.seed, "agent", p)) for p in range(len(game.players))]
    bound = game.max_decisions()
    answers: list[Answer] = []
    choices = [0] * len(game.players)  # counted per side: alternating sides and an even --every would ask one
    decisions = 0
    while game.outcome() is None and (bound is None or decisions < bound):
        mover = game.to_move()
        if len(game.legal_actions()) > 1:
            choices[mover] += 1
            if choices[mover] % job.every == 1 % job.every:
                seed = derive_seed(job.seed, "answer", mover, choices[mover])
                first, first_s = answer(game, job.levels[0], seed)
                second, second_s = answer(game, job.levels[1], seed)
                differ = game.search_destination(first) != game.search_destination(second)
                regrets = (0.0, 0.0)
                if differ:
                    values = judged(game, [first, second], job.playouts, seed, job.depth)
                    regrets = (max(values) - values[0], max(values) - values[1])
                answers.append(Answer(game.players[mover], kind_of(game), differ, regrets,
                                      (first_s, second_s)))
        game.apply(players[mover].choose(game))
        decisions += 1
    return answers


def report(answers: Sequence[Answer], levels: tuple[str, str]) -> list[str]:
    """The table: per side and kind of decision, positions asked, choices that differ,
    each level's mean regret a position and the standard error of their difference."""
    groups: dict[tuple[str, str], list[Answer]] = defaultdict(list)
    for a in answers:
        groups[(a.side, a.kind)].append(a)
        groups[(a.side, "all")].append(a)
    lines = [f"{'side':<10} {'decision':<28} {'asked':>5} {'differ':>11} "
             f"{'regret ' + levels[0]:>16} {'regret ' + levels[1]:>16} {'difference':>18}"]
    for (side, kind), group in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] == "all", kv[0][1])):
        differ = sum(a.differ for a in group)
        first = statistics.fmean(a.regrets[0] for a in group)
        second = statistics.fmean(a.regrets[1] for a in group)
        deltas = [a.regrets[0] - a.regrets[1] for a in group]
        error = statistics.stdev(deltas) / math.sqrt(len(deltas)) if len(deltas) > 1 else 0.0
        lines.append(f"{side:<10} {kind[:28]:<28} {len(group):>5} {differ:>4} {100 * differ / len(group):>5.0f}% "
                     f"{first:>16.4f} {second:>16.4f} {first - second:>+9.4f} ({error:.4f})")
    for i, level in enumerate(levels):
        mean = statistics.fmean(a.seconds[i] for a in answers) if answers else 0.0
        lines.append(f"{level}: {mean:.2f} s an answer on average")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/decisions.py", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ruleset", help="a ruleset id, such as duel-of-the-giants")
    parser.add_argument("--levels", nargs=2, default=["normal", "hard"], choices=LEVELS, metavar="LEVEL",
                        help=f"the two levels, the weaker first (of {', '.join(LEVELS)}; default normal hard)")
    parser.add_argument("--games", type=int, default=3, help="games of the first level against itself (default 3)")
    parser.add_argument("--every", type=int, default=5, help="ask every Nth decision of each side that offers a choice (default 5)")
    parser.add_argument("--playouts", type=int, default=100,
                        help="the judge's samples for each position where the levels differ (default 100)")
    parser.add_argument("--depth", type=int, metavar="N",
                        help="the judge's playouts run N decisions (default: the ruleset's rollout depth)")
    parser.add_argument("--seed", type=int, default=0, help="the master seed of the games (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="games played side by side (default 1)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if min(args.games, args.every, args.workers, args.playouts) < 1:
        print("bench/decisions.py: --games, --every, --playouts and --workers must be at least 1", file=sys.stderr)
        return 2
    if args.depth is not None and args.depth < 0:
        print("bench/decisions.py: --depth must be 0 or more", file=sys.stderr)
        return 2
    try:
        get_ruleset(args.ruleset)
    except TanktableError as exc:
        print(f"bench/decisions.py: {exc}", file=sys.stderr)
        return 2
    levels = (args.levels[0], args.levels[1])
    jobs = [Job(args.ruleset, levels, derive_seed(args.seed, "decisions", g), args.every,
                args.playouts, args.depth) for g in range(args.games)]
    started = time.perf_counter()
    answers: list[Answer] = []

    def take(found: list[Answer], done: int) -> None:
        answers.extend(found)
        print(f"game {done} of {len(jobs)}: {len(found)} positions asked, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    try:
        if args.workers == 1:
            for done, job in enumerate(jobs, 1):
                take(play_and_ask(job), done)
        else:
            with worker_pool(args.workers) as pool:
                for done, found in enumerate(pool.imap_unordered(play_and_ask, jobs), 1):
                    take(found, done)
    except KeyboardInterrupt:
        print(f"interrupted: {len(answers)} positions asked, none reported", file=sys.stderr)
        return 130
    except TanktableError as exc:  # a game's error, or a worker that died (issue 61.2)
        print(f"bench/decisions.py: {exc}", file=sys.stderr)
        return 1
    games = f"{args.games} game{'s' if args.games != 1 else ''}"
    print(f"{args.ruleset}: {levels[0]} and {levels[1]} asked the positions of {games} of "
          f"{levels[0]} against itself (every {args.every}th decision of a side with a choice, {args.playouts} playouts, seed {args.seed}), "
          f"{time.perf_counter() - started:.0f} s")
    print("\n".join(report(answers, levels)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
