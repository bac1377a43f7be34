"""10,000 random games of Duel of the Giants, with invariants, against a chess peer.

Each game is played to its end by the rules (no round limit) with uniformly
random legal decisions, across the variants: summer and winter, 2, 3 and 4
players. After every game the invariants of the random-game tests are
checked (bar = sum of VP events, Tigers never destroyed, one tank per hex).

Peer: random playouts of python-chess measured in the same run, as decisions
per second (both engines generate the legal moves of every position and play
one). Not a timed test: a measurement to report.

    .venv/bin/python bench/duel_games.py [GAMES] [--jobs N]
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

VARIANTS = [("summer", 2), ("winter", 2), ("summer", 3), ("winter", 4)]


def play_dg(seed: int) -> tuple[int, int, str]:
    from rulesets.duel_of_the_giants import RULESET
    from rulesets.duel_of_the_giants.game import DuelGame
    from rulesets.duel_of_the_giants.vp import totals

    scenario, players = VARIANTS[seed % len(VARIANTS)]
    g = RULESET.new_game(scenario, {"players": players}, seed)
    assert isinstance(g, DuelGame)
    rng = random.Random(seed)
    decisions = 0
    while g.outcome() is None:
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
        decisions += 1
        if decisions > 200_000:
            raise RuntimeError(f"seed {seed}: game did not end")
    tot = totals(g)
    assert g.net_vp == tot["german"] - tot["soviet"], seed
    assert all(not t.destroyed for t in g.tigers()), seed
    pos = [t.pos for t in g.tanks.values()]
    assert len(pos) == len(set(pos)), seed
    outcome = g.outcome()
    assert outcome is not None
    winner = "draw" if not outcome.winners else g.players[outcome.winners[0]]
    return decisions, g.round, winner


def chess_rate(seconds: float = 3.0) -> float:
    import chess

    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
            legal = list(board.legal_moves)
            board.push(legal[rng.randrange(len(legal))])
            moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=10_000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_dg, range(args.games), chunksize=50))
    else:
        results = []
        for seed in range(args.games):
            results.append(play_dg(seed))
            if (seed + 1) % 500 == 0:
                print(f"  {seed + 1} games ...", flush=True)
    elapsed = time.perf_counter() - start
    decisions = sum(r[0] for r in results)
    rounds = sum(r[1] for r in results)
    wins: dict[str, int] = {}
    for r in results:
        wins[r[2]] = wins.get(r[2], 0) + 1
    ours = decisions / elapsed * args.jobs if args.jobs > 1 else decisions / elapsed
    peer = chess_rate()
    print(f"duel-of-the-giants: {args.games} random games ended, all invariants held")
    print(f"  {elapsed:.1f} s, {decisions} decisions, {rounds / args.games:.1f} rounds/game, "
          f"results {dict(sorted(wins.items()))}")
    print(f"  {ours:,.0f} decisions/s per core; python-chess random playout {peer:,.0f} moves/s")
    print(f"ratio (ours / python-chess) {ours / peer:.2f}")


if __name__ == "__main__":
    main()
