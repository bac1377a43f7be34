"""Liveness: games between random, greedy and mcts seats end within the bound
the ruleset declares (:meth:`~core.game.Game.max_decisions`).

Random seats fuzz the rules; greedy and search seats find the decisions a
player can repeat for ever. The pairings come in turn --
random/greedy, greedy/mcts, mcts/random -- so that in three games every kind
sits on either side once (with more than two players, even player numbers
take the pairing's first kind, odd the second). Every seat is seeded and the
mcts seat's budget is in iterations, so a failure names a game that plays the
same again.
"""

from __future__ import annotations

import time
from typing import Any

from cli.check.games import CheckSettings, bound_of, crash_text, new_game, start_of
from cli.check.report import Tally
from core.game import Ruleset

PAIRINGS = (("random", "greedy"), ("greedy", "mcts"), ("mcts", "random"))


def make_seat(kind: str, seed: int, settings: CheckSettings) -> Any:
    """A computer seat of ``kind`` seeded by ``seed``, with the run's search budgets."""
    from core.ai.agents import GreedyAgent, make_agent
    from core.ai.mcts import MCTSAgent

    if kind == "mcts":
        return MCTSAgent(seed=seed, think=None, iterations=settings.mcts_iterations,
                         priors=settings.mcts_priors)
    if kind == "greedy":
        return GreedyAgent(seed=seed, max_actions=settings.greedy_actions)
    return make_agent(kind, seed)


def run_liveness(ruleset: Ruleset, settings: CheckSettings, tally: Tally,
                 thinking: dict[str, list[float]]) -> None:
    """Play ``settings.liveness_games`` games; ``thinking`` gathers each seat kind's
    seconds per decision (reported with the time per decision)."""
    longest = ""
    most = -1
    for j in range(settings.liveness_games):
        start = start_of(ruleset, settings, settings.games + j)
        kinds = PAIRINGS[j % len(PAIRINGS)]
        name = f"{start.name()}, {'/'.join(kinds)}"
        tally.cases += 1
        steps = 0
        try:
            game = new_game(ruleset, settings, start)
            bound, note = bound_of(game)
            seats = [make_seat(kinds[p % 2], start.seed * 101 + p, settings)
                     for p in range(len(game.players))]
            while game.outcome() is None and steps < bound:
                player = game.to_move()
                began = time.perf_counter()
                action = seats[player].choose(game)
                thinking.setdefault(kinds[player % 2], []).append(time.perf_counter() - began)
                game.apply(action, player=player)
                steps += 1
            if game.outcome() is None:
                tally.fail(f"{name}: still running after {steps:,} decisions ({note}, Game.max_decisions)")
            if steps > most:
                most, longest = steps, f"longest {steps:,} decisions of {note}"
        except Exception as exc:  # noqa: BLE001
            tally.fail(f"{name}, decision {steps + 1}: {crash_text(exc)}")
    if not tally.cases:
        tally.note = "no games between computer seats (--seat-games 0); the random games still count"
        return
    pairings = ", ".join("/".join(k) for k in PAIRINGS[:tally.cases])
    tally.note = f"{tally.cases} games ({pairings})" + (f"; {longest}" if longest else "")
