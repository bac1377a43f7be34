"""The orders Battle of Tanks' greedy player gives, against greedy judging each decision alone.

An order is valued before the tank carries it out, so judged alone MOVE,
ATTACK, RETREAT and RECON often leave positions of equal value. Greedy values
an order by the best drive or shot it leads to (``Game.search_follow_up``) and
takes the order the ruleset's search priors rank first among equal ones; the
peer is greedy without both (``GreedyAgent(prefer_priors=False,
follow_up=False)``: each decision alone, ties at random). This plays each
against itself on the shipped scenario with the same seeds, and prints the orders
given by kind, the RECON orders that found no enemy in sight range (BT-5.4's
"sees no enemy"), the centimetres driven and the game length, and then the
two versions against each other with sides swapped. ``--level KIND`` plays that
computer level (``easy``, ``normal``, ...) against itself instead, on the same
seeds, and prints the same figures for it.

    .venv/bin/python bench/greedy_orders.py [--games 20] [--seed 0] [--workers 2] [--level KIND]
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.ai.agents import Agent, GreedyAgent, make_agent  # noqa: E402
from core.registry import get_ruleset  # noqa: E402
from rulesets.battle_of_tanks.actions import Declare  # noqa: E402
from rulesets.battle_of_tanks.game import BattleGame  # noqa: E402

ROUND_CAP = 200_000  # decisions: far past the ruleset's own bound


def play(seed: int, priors: tuple[bool, bool], level: str | None = None) -> dict[str, Any]:
    """One game; ``priors[i]``: whether seat i is today's greedy (else the peer); with
    ``level``, that computer level in both seats instead."""
    game = get_ruleset("battle-of-tanks").new_game(seed=seed)
    assert isinstance(game, BattleGame)
    agents: list[Agent] = [
        make_agent(level, seed=seed * 2 + i) if level is not None
        else GreedyAgent(seed=seed * 2 + i, prefer_priors=priors[i], follow_up=priors[i]) for i in range(2)]
    orders: collections.Counter[str] = collections.Counter()
    blind_recon = 0
    idle_retreat = 0
    driven = 0.0
    decisions = 0
    while game.outcome() is None and decisions < ROUND_CAP:
        player = game.to_move()
        action = agents[player].choose(game)
        if isinstance(action, Declare) and action.order == "RETREAT" and not game.tank(action.tank).track_damaged:
            idle_retreat += 1
        events = game.apply(action)
        decisions += 1
        for event in events:
            if event.kind == "order":
                orders[str(event.data.get("order", "?"))] += 1
            elif event.kind == "recon":
                blind_recon += 1
            elif event.kind == "moved":
                driven += float(event.text.split(" drives ")[1].split(" cm")[0])
    outcome = game.outcome()
    winners = list(outcome.winners) if outcome is not None else []
    return {"orders": orders, "blind_recon": blind_recon, "idle_retreat": idle_retreat, "driven": driven,
            "decisions": decisions, "winners": [game.players[w] for w in winners]}


def run(pool: ProcessPoolExecutor, seeds: list[int], priors: tuple[bool, bool],
        level: str | None = None) -> list[dict[str, Any]]:
    return list(pool.map(play, seeds, [priors] * len(seeds), [level] * len(seeds)))


def report(name: str, games: list[dict[str, Any]]) -> None:
    orders: collections.Counter[str] = collections.Counter()
    for g in games:
        orders.update(g["orders"])
    total = sum(orders.values())
    blind = sum(g["blind_recon"] for g in games)
    shares = ", ".join(f"{k} {v} ({100 * v / total:.0f}%)" for k, v in orders.most_common())
    print(f"{name}: {total} orders: {shares}")
    print(f"  RECON with no enemy in sight range: {blind} ({100 * blind / max(1, orders['RECON']):.0f}% of RECON)")
    idle = sum(g["idle_retreat"] for g in games)
    print(f"  RETREAT with a sound track: {idle} ({100 * idle / max(1, orders['RETREAT']):.0f}% of RETREAT)")
    print(f"  driven {sum(g['driven'] for g in games) / len(games):.0f} cm a game; "
          f"{sum(g['decisions'] for g in games) / len(games):.0f} decisions a game")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", help="a computer level to play against itself instead")
    args = parser.parse_args()
    seeds = [args.seed + i for i in range(args.games)]
    started = time.perf_counter()
    if args.level is not None:
        with ProcessPoolExecutor(args.workers) as pool:
            report(args.level, run(pool, seeds, (True, True), args.level))
        print(f"{time.perf_counter() - started:.0f} s")
        return 0
    with ProcessPoolExecutor(args.workers) as pool:
        new = run(pool, seeds, (True, True))
        old = run(pool, seeds, (False, False))
        a_new = run(pool, seeds, (True, False))
        b_new = run(pool, seeds, (False, True))
    report("greedy", new)
    report("greedy judging each decision alone", old)
    wins = sum("a" in g["winners"] for g in a_new) + sum("b" in g["winners"] for g in b_new)
    losses = sum("b" in g["winners"] for g in a_new) + sum("a" in g["winners"] for g in b_new)
    played = 2 * len(seeds)
    print(f"greedy against greedy judging each decision alone, sides swapped: {wins} won, {losses} lost, "
          f"{played - wins - losses} drawn of {played} ({100 * wins / played:.0f}% won)")
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
