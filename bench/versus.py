"""Two checkouts of tanktable play each other: does a change make the computer stronger?

    python bench/versus.py RULESET --old DIR --new DIR [--kind easy] [--rounds 22]
        [--first 0] [--seed 0] [--max-decisions N] [--out FILE]

A ladder rung compares levels of one code; a change to an evaluation or a playout
moves every level at once (greedy too), so a rung measured before and after says
little about whether the computer got better. Here the same kind of player, built
from each checkout's own code, plays the other, sides swapped: round ``r`` plays the
game seed ``derive_seed(seed, "versus", r)`` twice, once with the new code on the
first side. Each seat's agent gets ``derive_seed(game seed, "agent", seat)`` whatever
code it runs, so a change that leaves the play alone scores exactly half.

Each checkout runs in a process of its own (``PYTHONPATH=DIR``) and keeps a copy of
the game; the driver asks the player to move for his action and applies it to both
copies, which must agree on the player to move and the outcome after every action,
and on the final position. So both checkouts must play by the same rules and know
the same actions: this measures changes to how the computer plays, not to the rules.

Prints one line a game and the new code's score at the end, wins and half the draws
with the Wilson 95% interval, on each side too (by the sides' names). ``--out`` keeps every finished game
(JSON lines); the same command again plays only the games not in it.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import pickle
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

CODES = ("new", "old")


class Replica:
    """One checkout's process: its copy of the game and its player (see :func:`serve`)."""

    def __init__(self, root: Path):
        env = dict(os.environ, PYTHONPATH=str(root))
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=root)

    def ask(self, **command: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {command['op']!r} request ended the replica's process")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def serve(stdin: IO[str], stdout: IO[str]) -> None:
    """The replica's side: one JSON request a line (``new``, ``choose``, ``apply``), one
    JSON answer a line with the player to move (None at the end), the winners and, at
    the end, a digest of the final position; to ``new``, also the game's decision
    bound, as the ladder and ``simulate`` take it, and its sides' names. Imports the checkout it runs in."""
    from core.ai.agents import make_agent
    from core.ai.simulate import RegistryGames, derive_seed
    from core.game import DEFAULT_MAX_DECISIONS

    game: Any = None
    agent: Any = None
    for line in stdin:
        command = json.loads(line)
        answer: dict[str, Any] = {}
        if command["op"] == "new":
            game = RegistryGames(command["ruleset"])(command["seed"])
            agent = make_agent(command["kind"], seed=derive_seed(command["seed"], "agent", command["seat"]),
                               think=1.0)
            bound = game.max_decisions()
            answer["bound"] = DEFAULT_MAX_DECISIONS if bound is None else bound
            answer["sides"] = list(game.players)
        elif command["op"] == "choose":
            answer["action"] = base64.b64encode(pickle.dumps(agent.choose(game))).decode()
        else:
            game.apply(pickle.loads(base64.b64decode(command["action"])))
        outcome = game.outcome()
        answer["to_move"] = game.to_move() if outcome is None else None
        answer["winners"] = None if outcome is None else sorted(outcome.winners)
        if outcome is not None:
            answer["digest"] = hashlib.blake2b(game.render().encode(), digest_size=8).hexdigest()
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


def play(replicas: dict[str, Replica], ruleset: str, kind: str, seed: int, seats: Sequence[str],
         limit: int | None = None) -> tuple[float, int]:
    """One game, ``seats[i]`` (``new`` or ``old``) on side ``i``: the new code's score
    (1 won, 0.5 drawn or unfinished, 0 lost) and the game's length in decisions. It
    stops unfinished at ``limit`` decisions, or at the game's own bound."""
    state: dict[str, Any] = {}
    for seat, code in enumerate(seats):
        state = replicas[code].ask(op="new", ruleset=ruleset, kind=kind, seed=seed, seat=seat)
    bound = limit or state["bound"]
    moves = 0
    while state["to_move"] is not None and moves < bound:
        action = replicas[seats[state["to_move"]]].ask(op="choose")["action"]
        new, old = (replicas[code].ask(op="apply", action=action) for code in CODES)
        if new != old:
            raise RuntimeError(f"the checkouts disagree after decision {moves + 1}: {new} against {old}; "
                               "do they play by the same rules?")
        state = new
        moves += 1
    winners = state["winners"]
    if not winners or len(winners) != 1:
        return 0.5, moves
    return (1.0 if seats[winners[0]] == "new" else 0.0), moves


def main(argv: Sequence[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else list(argv)
    if args_list == ["--serve"]:
        serve(sys.stdin, sys.stdout)
        return 0
    parser = argparse.ArgumentParser(prog="bench/versus.py", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("ruleset", help="a two-sided ruleset id, such as battle-of-tanks")
    parser.add_argument("--old", type=Path, required=True, metavar="DIR", help="the checkout measured against")
    parser.add_argument("--new", type=Path, required=True, metavar="DIR", help="the checkout with the change")
    parser.add_argument("--kind", default="easy", help="the player on both sides: greedy, easy, normal, hard, ...")
    parser.add_argument("--rounds", type=int, default=22, help="rounds of two games (default 22)")
    parser.add_argument("--first", type=int, default=0, help="the first round's number (default 0)")
    parser.add_argument("--seed", type=int, default=0, help="master seed; game seeds derive from it")
    parser.add_argument("--max-decisions", type=int, metavar="N",
                        help="stop a game after N decisions, unfinished: half a point (default: the ruleset's bound)")
    parser.add_argument("--out", type=Path, help="keep every finished game here (JSON lines); resumes")
    args = parser.parse_args(args_list)
    from core.ai.simulate import derive_seed, wilson

    for root in (args.old, args.new):
        if not (root / "core" / "ai").is_dir():
            print(f"bench/versus.py: {root} is not a tanktable checkout (no core/ai)", file=sys.stderr)
            return 2
    old_root, new_root = args.old.resolve(), args.new.resolve()
    done: dict[tuple[int, str], dict[str, Any]] = {}
    if args.out is not None and args.out.exists():
        for line in args.out.read_text().splitlines():
            try:
                record = json.loads(line)
                done[(record["round"], record["first"])] = record
            except (ValueError, KeyError, TypeError):
                continue
    replicas = {"new": Replica(new_root), "old": Replica(old_root)}
    sides = replicas["new"].ask(op="new", ruleset=args.ruleset, kind=args.kind, seed=0, seat=0)["sides"]
    scores = [0.0, 0.0]  # the new code's points on the first side and on the second
    games = [0, 0]
    try:
        for rnd in range(args.first, args.first + args.rounds):
            seed = derive_seed(args.seed, "versus", rnd)
            for seats in (("new", "old"), ("old", "new")):
                record = done.get((rnd, seats[0]))
                if record is None:
                    score, moves = play(replicas, args.ruleset, args.kind, seed, seats, args.max_decisions)
                    record = {"round": rnd, "seed": seed, "first": seats[0], "kind": args.kind,
                              "new_score": score, "moves": moves}
                    if args.out is not None:
                        with args.out.open("a") as out:
                            out.write(json.dumps(record) + "\n")
                side = seats.index("new")
                scores[side] += record["new_score"]
                games[side] += 1
                print(f"round {rnd}, new code as {sides[side]}: scores {record['new_score']:g} "
                      f"({record['moves']} decisions)", flush=True)
    except RuntimeError as exc:
        print(f"bench/versus.py: {exc}", file=sys.stderr)
        return 1
    finally:
        for replica in replicas.values():
            replica.close()
    total, played = sum(scores), sum(games)
    low, high = wilson(total, played)
    print(f"{new_root} against {old_root}, {args.kind} on both sides, {args.ruleset}: the new code scores "
          f"{total:g} of {played} ({100 * total / max(played, 1):.0f}%, 95% {100 * low:.0f}%-{100 * high:.0f}%); "
          f"as {sides[0]} {scores[0]:g} of {games[0]}, as {sides[1]} {scores[1]:g} of {games[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
