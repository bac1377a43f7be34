"""What a larger search budget buys: MCTS with settings A against MCTS with settings B.

    python bench/budget_scaling.py RULESET --a iterations=720 --b iterations=180
        [--a halving=0 ...] [--rounds 12] [--first 0] [--max-decisions N]

Each round plays two games with the same game seed, ``derive_seed(0, "scale", round)``,
one with A on the first side and one with B there; each seat's agent is
``MCTSAgent(seed=derive_seed(game seed, "agent", seat), think=None, **settings)``, so
with ``iterations`` every game follows from its seed alone, whatever the machine's load.
``--first`` starts at that round: two runs with ``--first 0`` and ``--first 6`` of six
rounds each are the twelve rounds of one run, on two cores.

Settings are :class:`~core.ai.mcts.MCTSAgent` keyword arguments, ``KEY=VALUE`` with a
number as the value: ``iterations``, ``halving``, ``minimax``, ``exploration``. A game
that reaches the ruleset's decision bound (or ``--max-decisions``) counts half, like a draw.

Prints one line a game and A's score at the end: wins and half the draws, with its
Wilson 95% interval. A ladder level keeps its place only if more search makes it
stronger; this is the measurement that says whether it does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from core.ai.mcts import MCTSAgent
from core.ai.simulate import RegistryGames, derive_seed, wilson
from core.errors import TanktableError
from core.game import DEFAULT_MAX_DECISIONS


def settings(pairs: Sequence[str]) -> dict[str, Any]:
    """``["iterations=720", "halving=0"]`` as keyword arguments of MCTSAgent."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise TanktableError(f"{pair!r}: a setting is KEY=VALUE")
        try:
            number = float(value)
        except ValueError:
            raise TanktableError(f"{pair!r}: the value must be a number") from None
        out[key] = int(number) if number.is_integer() and key != "minimax" else number
    if "iterations" not in out:
        raise TanktableError("each side needs iterations=N: a budget that does not depend on the machine")
    return out


def play(factory: RegistryGames, seed: int, specs: Sequence[dict[str, Any]],
         limit: int | None = None) -> tuple[float, int]:
    """One game; the first seat's score (1 won, 0.5 drawn or unfinished, 0 lost) and its length."""
    game = factory(seed)
    agents = [MCTSAgent(seed=derive_seed(seed, "agent", p), think=None, **spec)
              for p, spec in enumerate(specs)]
    bound = limit or game.max_decisions() or DEFAULT_MAX_DECISIONS
    moves = 0
    while game.outcome() is None and moves < bound:
        game.apply(agents[game.to_move()].choose(game))
        moves += 1
    outcome = game.outcome()
    if outcome is None or not outcome.winners:
        return 0.5, moves
    return (1.0 if 0 in outcome.winners else 0.0), moves


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/budget_scaling.py",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ruleset", help="a two-sided ruleset id, such as tank-chess")
    parser.add_argument("--a", action="append", default=[], metavar="KEY=VALUE", help="A's settings")
    parser.add_argument("--b", action="append", default=[], metavar="KEY=VALUE", help="B's settings")
    parser.add_argument("--rounds", type=int, default=12, help="rounds of two games (default 12)")
    parser.add_argument("--first", type=int, default=0, help="the first round's number (default 0)")
    parser.add_argument("--max-decisions", type=int, metavar="N",
                        help="stop a game after N decisions, unfinished (default: the ruleset's bound)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        a, b = settings(args.a), settings(args.b)
        factory = RegistryGames(args.ruleset, None, {})
        sides = factory(0).players
        if len(sides) != 2:
            raise TanktableError(f"two sides needed; {args.ruleset} has {len(sides)}")
    except TanktableError as exc:
        print(f"bench/budget_scaling.py: {exc}", file=sys.stderr)
        return 2
    score = 0.0
    games = 0
    for rnd in range(args.first, args.first + args.rounds):
        seed = derive_seed(0, "scale", rnd)
        for a_seat in (0, 1):
            first_score, moves = play(factory, seed, [a, b] if a_seat == 0 else [b, a], args.max_decisions)
            points = first_score if a_seat == 0 else 1.0 - first_score
            score += points
            games += 1
            print(f"round {rnd}, A as {sides[a_seat]}: A scores {points:g} ({moves} decisions); "
                  f"A so far {score:g} of {games}", flush=True)
    low, high = wilson(score, games)
    print(f"A ({' '.join(args.a)}) against B ({' '.join(args.b)}), {args.ruleset}: "
          f"{score:g} of {games} ({100 * score / games:.0f}%, 95% {100 * low:.0f}%-{100 * high:.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
