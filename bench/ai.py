"""MCTS iterations per second on tank chess 16x16 vs a UCT on python-chess.

Both searches do the same work per iteration: copy the root position,
descend the tree by UCB1, expand one move, play random moves to the rollout
depth, evaluate, back up. The peer is a minimal UCT written here over
python-chess's ``Board`` (move generation and push in pure Python, like
ours); root seeding is off so both count plain UCT iterations. The ratio
says whether our protocol plus the tank-chess rules keep up with a
well-optimised pure-Python chess library. A second line shows the agent as
it plays (implicit minimax backups and value-scaled exploration on: one
more evaluation per iteration).
The contenders alternate in rounds so that a busy machine hurts both alike.

    .venv/bin/python bench/ai.py [--seconds 5] [--rounds 2] [--depth D] [--scenario standard-16]

With ``--depth 0`` (no playouts: what the tank chess agent plays with) an
iteration is one position copy plus one evaluation, and our evaluation
(threats, escape routes, exposure) costs far more than the peer's material
count, so that ratio is much lower; the closing notes report both.

Goal: ratio >= 1.0. Needs the bench extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class _ChessNode:
    __slots__ = ("children", "total", "untried", "visits")

    def __init__(self, moves: list[Any]) -> None:
        self.children: dict[Any, _ChessNode] = {}
        self.untried = moves
        self.visits = 0
        self.total = 0.0


VALUES = {1: 1, 2: 3, 3: 3, 4: 5, 5: 9, 6: 0}


def _material(board: Any, colour: bool) -> float:
    score = 0
    for square, piece in board.piece_map().items():
        del square
        score += VALUES[piece.piece_type] * (1 if piece.color == colour else -1)
    return max(-1.0, min(1.0, score / 39))


def chess_uct(seconds: float, depth: int, seed: int = 0) -> tuple[int, float]:
    """Iterations of a plain UCT on the chess start position within ``seconds``."""
    import chess

    rng = random.Random(seed)
    root_board = chess.Board()
    me = root_board.turn
    root = _ChessNode(list(root_board.legal_moves))
    started = time.perf_counter()
    done = 0
    while time.perf_counter() - started < seconds:
        board = root_board.copy(stack=False)
        node = root
        path = [(node, board.turn)]
        while not node.untried and node.children and not board.is_game_over():
            log_n = math.log(node.visits)
            move, node = max(
                node.children.items(),
                key=lambda kv: kv[1].total / kv[1].visits + 0.7 * math.sqrt(log_n / kv[1].visits),
            )
            mover = board.turn
            board.push(move)
            path.append((node, mover))
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = board.turn
            board.push(move)
            child = _ChessNode(list(board.legal_moves))
            node.children[move] = child
            path.append((child, mover))
        for _ in range(depth):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(moves[rng.randrange(len(moves))])
        value = _material(board, me)
        for visited, mover in path:
            visited.visits += 1
            visited.total += (value if mover == me else -value) / 2 + 0.5
        done += 1
    return done, time.perf_counter() - started


def ours(seconds: float, depth: int | None, scenario: str | None,
         minimax: float) -> tuple[int, float, int]:
    from core.ai.mcts import MCTSAgent
    from core.registry import get_ruleset

    game = get_ruleset("tank-chess").new_game(scenario, {}, 0)
    agent = MCTSAgent(seed=0, think=seconds, rollout_depth=depth, priors=False,
                      rollout_share=None, minimax=minimax, scaled=bool(minimax))
    agent.search(game)
    assert agent.last is not None
    used = depth if depth is not None else int(getattr(game, "rollout_depth", 30))
    return agent.last.iterations, agent.last.seconds, used


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one search")
    parser.add_argument("--rounds", type=int, default=2,
                        help="searches per contender, alternated (a busy machine hurts both alike)")
    parser.add_argument("--depth", type=int, default=30,
                        help="rollout depth for both (default 30: a simulation is a playout; "
                             "the tank chess agent itself uses 0, leaf evaluation only)")
    parser.add_argument("--scenario", default=None, help="tank-chess scenario (default 16x16)")
    args = parser.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is missing: pip install -e '.[bench]'")
        return 1
    from core.errors import TanktableError

    totals = {"plain": [0, 0.0], "agent": [0, 0.0], "peer": [0, 0.0]}
    depth = 0
    try:
        for _ in range(args.rounds):
            for name, minimax in (("plain", 0.0), ("agent", 0.5)):
                n, secs, depth = ours(args.seconds, args.depth, args.scenario, minimax)
                totals[name][0] += n
                totals[name][1] += secs
            peer_n, peer_secs = chess_uct(args.seconds, depth)
            totals["peer"][0] += peer_n
            totals["peer"][1] += peer_secs
    except TanktableError as exc:
        print(f"tank chess is not available: {exc}")
        return 1
    rate = {k: v[0] / v[1] for k, v in totals.items()}
    print(f"rollout depth {depth}, {args.rounds} alternated searches of {args.seconds:g} s each")
    print(f"tanktable plain UCT, tank chess      : {rate['plain']:8.1f} iterations/s")
    print(f"tanktable agent (+ implicit minimax)  : {rate['agent']:8.1f} iterations/s")
    print(f"UCT on python-chess                  : {rate['peer']:8.1f} iterations/s")
    print(f"ratio plain {rate['plain'] / rate['peer']:.2f}x (goal >= 1.0x), "
          f"agent {rate['agent'] / rate['peer']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
