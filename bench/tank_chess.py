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

Run: .venv/bin/python bench/tank_chess.py [--seconds S]
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


def timed(fn: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Run ``fn`` repeatedly for about ``seconds``; (units per second, units)."""
    units = 0
    start = time.perf_counter()
    while True:
        units += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return units / elapsed, units


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
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    game = RULESET.new_game("standard-16")
    pos = game.pos

    tank_nps, tank_nodes = timed(lambda: pos.perft(2), args.seconds)
    chess_nps, chess_nodes = timed(lambda: chess_perft(chess.Board(), 4), args.seconds)
    print(f"perft   tank chess standard-16 perft(2): {tank_nps:12,.0f} nodes/s ({tank_nodes:,} nodes)")
    print(f"perft   python-chess start     perft(4): {chess_nps:12,.0f} nodes/s ({chess_nodes:,} nodes)")
    print(f"perft   ratio tank/chess: {tank_nps / chess_nps:.2f}")

    rng = random.Random(1)
    tank_pps, tank_games = timed(lambda: tank_playout(pos, rng), args.seconds)
    crng = random.Random(1)
    chess_pps, chess_games = timed(lambda: chess_playout(crng), args.seconds)
    urng = random.Random(1)
    uni_pps, _ = timed(lambda: tank_playout_uniform(pos, urng), args.seconds)
    print(f"playout tank chess standard-16 (playout policy): {tank_pps:8.1f} games/s ({tank_games} games)")
    print(f"playout tank chess standard-16 (uniform moves):  {uni_pps:8.1f} games/s")
    print(f"playout python-chess (uniform moves):            {chess_pps:8.1f} games/s ({chess_games} games)")
    print(f"playout ratio tank/chess: {tank_pps / chess_pps:.2f} (uniform: {uni_pps / chess_pps:.2f})")


if __name__ == "__main__":
    main()
