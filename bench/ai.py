"""MCTS iterations per second on tank chess 16x16 vs a UCT on python-chess, like for like.

What is compared (printed by the run, too):

* **Equal time.** Every search of every contender runs for the same
  ``--seconds`` of wall clock. Tank chess's ``max_iterations`` (the playing
  cap of its levels) is lifted for the bench, so our search does not stop
  early while the peer runs on.
* **Interleaved.** A round searches one position with ours and with the
  peer in turn, the order alternating from round to round, so a load change
  on the machine hurts both alike. The ratio is reported from the totals and
  as the median of the per-round ratios. The plain search and the agent each
  get a pass of their own over the same games, so that neither searches a
  position the other has just filled the caches for.
* **Fresh seeds, real positions.** Each round searches a new midgame
  position (random legal plies from the start: the playout policy on tank
  chess, uniform moves on chess) with a seed of its own.
* **Caches as in a real game.** ``core.memo.forget_games()`` clears our
  per-game memos before each game's first search (as ``tanktable simulate``
  does); within a game they stay warm from the searches before, as they
  would over one game's moves. The peer has no caches.
* **The same work per iteration.** Both copy the root position, descend the
  tree by UCB1, expand one move, play random moves to the rollout depth,
  evaluate, back up. The peer is a minimal UCT written here over
  python-chess's ``Board`` (move generation and push in pure Python, like
  ours); root seeding is off so both count plain UCT iterations. A second
  line of ours shows the agent as it plays (implicit minimax backups and
  value-scaled exploration on: one more evaluation per iteration).

    .venv/bin/python bench/ai.py [--seconds 1.5] [--games 2] [--searches 3] [--depth 30]
                                 [--profile FILE]

``--profile FILE``: our searches (not the peer's) run under cProfile; the
statistics go to ``FILE`` (for ``python -m pstats``) and the functions that take
the most time are printed at the end. The profiler slows ours, so that run's
ratio is no comparison: profile to see where the time goes, measure without it.

With ``--depth 0`` (no playouts: what the tank chess agent plays with) an
iteration is one position copy plus one evaluation, and our evaluation
(threats, escape routes, exposure) costs far more than the peer's material
count, so that ratio is much lower.

Goal (issue 61.7): plain ratio >= 1.5x. Needs the bench extra
(``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import functools
import math
import pstats
import random
import statistics
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


def chess_uct(root_board: Any, seconds: float, depth: int, seed: int) -> tuple[int, float]:
    """Iterations of a plain UCT from ``root_board`` within ``seconds``."""
    rng = random.Random(seed)
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


def ours(game: Any, seconds: float, depth: int, minimax: float, seed: int) -> tuple[int, float]:
    """Iterations of our MCTS from ``game`` within ``seconds`` (no iteration cap)."""
    from core.ai.mcts import MCTSAgent

    agent = MCTSAgent(seed=seed, think=seconds, rollout_depth=depth, priors=False,
                      rollout_share=None, minimax=minimax, scaled=bool(minimax))
    agent.search(game)
    assert agent.last is not None
    return agent.last.iterations, agent.last.seconds


def timed(search: Any) -> tuple[int, float, float]:
    """Iterations, wall seconds and this process's CPU seconds of one search. CPU
    seconds do not count the time other processes held the core: on a shared
    machine they are the steadier measure of the two."""
    cpu = time.process_time()
    n, secs = search()
    return n, secs, time.process_time() - cpu


def tank_positions(scenario: str | None, seed: int, count: int, start: int, gap: int) -> list[Any]:
    """``count`` positions of one random tank chess game (playout policy), ``start``
    plies in and ``gap`` plies apart, with the level cap lifted for the bench."""
    from core.registry import get_ruleset

    game = get_ruleset("tank-chess").new_game(scenario, {}, 0)
    game.search_profile = dataclasses.replace(game.search_profile, max_iterations=None)
    rng = random.Random(seed)
    out: list[Any] = []
    ply = 0
    while len(out) < count:
        target = start + len(out) * gap
        while ply < target and game.outcome() is None:
            game.random_step(rng)
            ply += 1
        if game.outcome() is not None:
            break
        out.append(game.clone())
    return out


def chess_positions(seed: int, count: int, start: int, gap: int) -> list[Any]:
    """``count`` positions of one uniformly random chess game, as for tank chess."""
    import chess

    board = chess.Board()
    rng = random.Random(seed)
    out: list[Any] = []
    ply = 0
    while len(out) < count:
        target = start + len(out) * gap
        while ply < target and not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            ply += 1
        if board.is_game_over():
            break
        out.append(board.copy(stack=False))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="length of every search")
    parser.add_argument("--games", type=int, default=2, help="games (caches cleared before each)")
    parser.add_argument("--searches", type=int, default=3, help="searches (rounds) per game")
    parser.add_argument("--depth", type=int, default=30,
                        help="rollout depth for both (default 30: a simulation is a playout; "
                             "the tank chess agent itself uses 0, leaf evaluation only)")
    parser.add_argument("--scenario", default=None, help="tank-chess scenario (default 16x16)")
    parser.add_argument("--no-agent", action="store_true", help="skip the agent line (quicker)")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="profile our searches with cProfile, write the statistics to FILE and print "
                             "the costliest functions (the ratio of such a run is no comparison)")
    args = parser.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is missing: pip install -e '.[bench]'")
        return 1
    from core.errors import TanktableError
    from core.memo import forget_games

    ours_kinds = ["plain"] if args.no_agent else ["plain", "agent"]
    print(f"comparing: for each of {', '.join(ours_kinds)}, a pass of {args.games} games x "
          f"{args.searches} rounds; each round one midgame position searched {args.seconds:g} s by "
          f"ours and by the peer, in alternating order; rollout depth {args.depth}; fresh seed per "
          f"search; our memos cleared before each game and warm within it (each position searched "
          f"once by ours per pass, as in a game); no iteration cap")
    totals = {name: [0, 0.0, 0.0] for name in [*ours_kinds, "peer"]}
    profiler = cProfile.Profile() if args.profile else None
    per_round: dict[str, list[float]] = {name: [] for name in ours_kinds}
    rounds = 0
    try:
        for kind in ours_kinds:
            alpha = 0.5 if kind == "agent" else 0.0
            for g in range(args.games):
                forget_games()
                tanks = tank_positions(args.scenario, 100 + g, args.searches, 10, 4)
                boards = chess_positions(100 + g, args.searches, 10, 4)
                for s, (game, board) in enumerate(zip(tanks, boards, strict=False)):
                    seed = 1000 * g + s
                    rate: dict[str, float] = {}
                    for name in (kind, "peer") if rounds % 2 == 0 else ("peer", kind):
                        if name == "peer":
                            n, secs, cpu = timed(functools.partial(chess_uct, board, args.seconds, args.depth, seed))
                        else:
                            search = functools.partial(ours, game, args.seconds, args.depth, alpha, seed)
                            if profiler is not None:
                                search = functools.partial(profiler.runcall, search)
                            n, secs, cpu = timed(search)
                        totals[name][0] += n
                        totals[name][1] += secs
                        totals[name][2] += cpu
                        rate[name] = n / max(cpu, 1e-9)
                    rounds += 1
                    per_round[kind].append(rate[kind] / rate["peer"])
                    print(f"  {kind} game {g} round {s}: {rate[kind]:7.1f}/cpu-s, peer {rate['peer']:7.1f}/cpu-s")
    except TanktableError as exc:
        print(f"tank chess is not available: {exc}")
        return 1
    wall = {k: v[0] / v[1] for k, v in totals.items()}
    total = {k: v[0] / v[2] for k, v in totals.items()}
    print("iterations per CPU second (per wall second in brackets):")
    print(f"tanktable plain UCT, tank chess      : {total['plain']:8.1f} ({wall['plain']:.1f})")
    if "agent" in total:
        print(f"tanktable agent (+ implicit minimax)  : {total['agent']:8.1f} ({wall['agent']:.1f})")
    print(f"UCT on python-chess                  : {total['peer']:8.1f} ({wall['peer']:.1f})")
    line = (f"ratio plain {total['plain'] / total['peer']:.2f}x "
            f"(wall {wall['plain'] / wall['peer']:.2f}x, "
            f"median of rounds {statistics.median(per_round['plain']):.2f}x; goal >= 1.5x)")
    if "agent" in total:
        line += (f", agent {total['agent'] / total['peer']:.2f}x "
                 f"(median {statistics.median(per_round['agent']):.2f}x)")
    print(line)
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile of our searches written to {args.profile} (under the profiler: the ratio above "
              "is no comparison); the costliest functions by their own time:")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
