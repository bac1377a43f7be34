"""Tank chess speed against python-chess, measured in the same run.

1. Move generation, perft style: leaf nodes per second of ``perft(2)`` on the
   standard-16 start position (bulk-counted leaves: the last ply's moves are
   generated and counted, not played), against python-chess ``perft(4)`` on
   its start position counted the same way (``legal_moves.count()``).
2. Random full-game playouts per second on standard-16, against python-chess
   random games (uniform random legal move until ``is_game_over()``).
   Tank chess playouts use the engine's playout policy (a random tank, a random
   end state, a random shot or none: ``Position.random_move``); for reference
   the run also prints playouts with a uniform choice among all legal moves.

Like for like (issue 61.7): the contenders run in alternating short rounds
(``--rounds`` of ``--seconds`` each, the order swapped every round) so that a
load change hurts both alike; speeds are units per CPU second of this process
(steadier than the wall clock on a shared machine; wall figures in brackets).
Each playout round has a fresh seed; our memos are cleared before every round
(``core.memo.forget_games``) and stay warm within it, as within one game.

Run: .venv/bin/python bench/tank_chess.py [--seconds S] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

try:
    import chess
except ImportError:  # pragma: no cover - the bench extra
    sys.exit("python-chess is missing: .venv/bin/pip install -e '.[bench]'")

from core.memo import forget_games
from rulesets.tank_chess import RULESET
from rulesets.tank_chess.position import Position


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return int(board.legal_moves.count())
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn: Callable[[], int], seconds: float) -> tuple[int, float, float]:
    """Run ``fn`` repeatedly for about ``seconds``: (units, wall seconds, CPU seconds)."""
    units = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        units += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return units, elapsed, time.process_time() - cpu


def interleaved(contenders: dict[str, Callable[[int], Callable[[], int]]], seconds: float,
                rounds: int) -> dict[str, tuple[float, float]]:
    """Alternating rounds of each contender (order swapped every round); ``contenders``
    make the work of round ``i`` (a fresh seed each). Per contender: (units per CPU
    second, units per wall second)."""
    totals = {name: [0, 0.0, 0.0] for name in contenders}
    names = list(contenders)
    for i in range(rounds):
        for name in names if i % 2 == 0 else names[::-1]:
            forget_games()
            units, wall, cpu = timed(contenders[name](i), seconds)
            totals[name][0] += units
            totals[name][1] += wall
            totals[name][2] += cpu
    return {name: (t[0] / max(t[2], 1e-9), t[0] / t[1]) for name, t in totals.items()}


def chess_playout(rng: random.Random) -> int:
    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return 1


def tank_playout(start: Position, rng: random.Random) -> int:
    pos = start.copy()
    while pos.status() is None:
        move = pos.random_move(rng)
        assert move is not None
        pos.push(move)
    return 1


def tank_playout_uniform(start: Position, rng: random.Random) -> int:
    pos = start.copy()
    while pos.status() is None:
        moves = pos.generate()
        pos.push(moves[rng.randrange(len(moves))])
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per contender, alternated")
    args = parser.parse_args()
    game = RULESET.new_game("standard-16")
    pos = game.pos
    print(f"comparing: {args.rounds} alternating rounds of {args.seconds:g} s per contender; "
          "units per CPU second (per wall second); our memos cleared before each round")

    perft = interleaved({"tank": lambda i: lambda: pos.perft(2),
                         "chess": lambda i: lambda: chess_perft(chess.Board(), 4)}, args.seconds, args.rounds)
    print(f"perft   tank chess standard-16 perft(2): {perft['tank'][0]:12,.0f} nodes/s ({perft['tank'][1]:,.0f})")
    print(f"perft   python-chess start     perft(4): {perft['chess'][0]:12,.0f} nodes/s ({perft['chess'][1]:,.0f})")
    print(f"perft   ratio tank/chess: {perft['tank'][0] / perft['chess'][0]:.2f}")

    def seeded(play: Callable[[random.Random], int], base: int) -> Callable[[int], Callable[[], int]]:
        def make(i: int) -> Callable[[], int]:
            rng = random.Random(base + i)
            return lambda: play(rng)
        return make

    playout = interleaved({"tank": seeded(lambda rng: tank_playout(pos, rng), 1),
                           "uniform": seeded(lambda rng: tank_playout_uniform(pos, rng), 1),
                           "chess": seeded(chess_playout, 1)}, args.seconds, args.rounds)
    tank, uni, ch = playout["tank"][0], playout["uniform"][0], playout["chess"][0]
    print(f"playout tank chess standard-16 (playout policy): {tank:8.1f} games/s ({playout['tank'][1]:.1f})")
    print(f"playout tank chess standard-16 (uniform moves):  {uni:8.1f} games/s ({playout['uniform'][1]:.1f})")
    print(f"playout python-chess (uniform moves):            {ch:8.1f} games/s ({playout['chess'][1]:.1f})")
    print(f"playout ratio tank/chess: {tank / ch:.2f} (uniform: {uni / ch:.2f})")


if __name__ == "__main__":
    main()
