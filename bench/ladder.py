"""A ladder of the computer levels: a round robin, sides swapped, rated per side (issue 28.1).

    python bench/ladder.py RULESET [--levels random greedy easy normal hard] [--games 44]
        [--mirror-games 22] [--seed 0] [--workers 1 | --dask ADDRESS|local] [--scenario S] [--option KEY=VALUE]
        [--random-opening N] [--out FILE] [--resume FILE ...] [--only FIRST:SECOND ...]
        [--estimate-only | --report-only]

Every pairing of two levels plays ``--games`` games: the number is **per pairing**, both
side assignments together, half of them with each level on the first side (so it must be
even). The default, 44, gives a score near 50% a 95% interval of about ±15 points
(1.96 * sqrt(0.25 / 44) = 0.148); a level's score on one side rests on half of them
(22 games, about ±20 points), which the ratings, fitted on all games at once, narrow.

Mirror games: every level also plays ``--mirror-games`` games against itself (default half
of ``--games``). They measure what a side is worth at that level, and so let the per-side
ratings tell a level from its side: in an asymmetric game a level is judged against the
level below it **on the same side** (easy as Soviet against greedy as Soviet), since
against the level below playing the other side it meets the side's handicap too.

Printed, as markdown to paste into bench/RESULTS.md: the command, the date, the commit,
the wall time; every level's rating on each side and over both (Bradley-Terry on the Elo
scale, ``bench/ratings.py``: draws and unfinished games count half, 95% intervals, a weak
prior keeps a level that never loses finite), the first side's advantage; the check the
issue asks for: for each level and the one below it in ``--levels`` order, and each side,
the upper level's score against the lower one with its Wilson 95% interval, and its rating
on that side above the lower level's on that side (with the score that difference
predicts), each with whether it is at least 65%; and the games' results by pairing and side.

Games are played as ``tanktable simulate`` plays them (``core.ai.simulate``: the same
jobs, worker processes, Dask and seeds): random, greedy and the presets easy, normal and
hard at ``--think 1``, whose budgets are fixed numbers of iterations. As in ``simulate``,
the presets play **without their wall-clock cap** (which a person at the table gets):
every game is then a pure function of its seed, whatever the machine's load, ``--workers``
or Dask, and a ladder run in parts is the ladder run at once. On a busy or slow machine a
person may meet a preset stopped by its cap, weaker than here.

Seeds: round ``r`` of the pairing of levels ``a`` and ``b`` is two games with the same
game seed, ``derive_seed(seed, "ladder", min(a, b), max(a, b), r)``, one with each level on
the first side. The seed does not depend on the other levels of the ladder, so a ladder of
three levels is part of the ladder of five, and a file of finished games (``--out``) grows
as levels and rounds are added. Round ``r`` of a level's mirror games has the seed
``derive_seed(seed, "ladder", level, level, r)``.

Long ladders: ``--out FILE`` writes every game as it ends (``bench/ladder_log.py``), and
the same command again plays only the games not in FILE yet; ``--resume FILE`` merges the
games of other parts; ``--report-only`` reports the files' games and plays none, which
joins parts played with different ``--levels`` (the rungs one at a time) into one table;
``--only FIRST:SECOND`` plays only the games with level FIRST on the first side and SECOND
on the other (repeatable; ``normal:normal`` is ``normal``'s mirror games), where one side of
a rung needs more games than the other. Before playing, the script prints an estimate of the compute left:
each level's mean seconds a decision on a few positions of a random game (timed now, so
it follows the machine's load), times half the decisions a game takes (the mean of the
pairing's finished games, else of the pairings alike, else a rough figure per ruleset).
``--estimate-only`` stops there.

Not a timed test: a measurement to report in bench/RESULTS.md. Exit 130 on Ctrl-C, after
writing what was finished (with ``--out``) and printing the report of the games so far.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ladder_log import GameKey, LadderFile, LadderRecord  # noqa: E402
from bench.ratings import (  # noqa: E402
    ELO,
    PRIOR_SD,
    Outcome,
    PairScore,
    Rating,
    expected_score,
    fit_by_side,
    fit_pooled,
    pair_score,
)
from core.ai.agents import RandomAgent  # noqa: E402
from core.ai.simulate import (  # noqa: E402
    GameJob,
    GameResult,
    RegistryGames,
    derive_seed,
    make_player,
    run_jobs,
)
from core.errors import TanktableError  # noqa: E402
from core.game import Game  # noqa: E402

HERE = Path(__file__).resolve().parent

LEVELS = ("random", "greedy", "easy", "normal", "hard")
"""The ladder, weakest first."""

DEFAULT_GAMES = 44
"""Games a pairing: 1.96 * sqrt(0.25 / 44) = 0.148, under the issue's 15 points."""

THINK = 1.0
"""The presets' --think: the budgets a player meets at the table."""

TARGET = 0.65
"""The issue's goal: every level beats the one below it this often, on every side."""

TYPICAL_DECISIONS = {"tank-chess": 100, "battle-of-tanks": 200, "duel-of-the-giants": 450}
"""A rough game length in decisions, for the estimate before a pairing has finished games
(from small ladders of random, greedy and easy: Tank Chess greedy against easy 53 to 96,
Battle of Tanks 92 to 220, Duel of the Giants 119 to 649, 424 on average)."""

TIMED_POSITIONS = 6
"""Positions the estimate times each level on."""


# ------------------------------------------------------------------ schedule
@dataclass(frozen=True)
class LadderGame:
    """One game of the schedule: ``first`` on the game's first side, ``second`` on the other."""

    first: str
    second: str
    round: int
    seed: int

    @property
    def key(self) -> GameKey:
        return (self.first, self.second, self.round)


def pairing_seed(seed: int, a: str, b: str, rnd: int) -> int:
    """The game seed of round ``rnd`` of the pairing of ``a`` and ``b`` (either order)."""
    low, high = sorted((a, b))
    return derive_seed(seed, "ladder", low, high, rnd)


def schedule(levels: Sequence[str], games: int, seed: int, mirror_games: int = 0) -> list[LadderGame]:
    """Every pairing of two levels, ``games`` games each: ``games // 2`` rounds, each
    played once with either level on the first side, with one seed for both; and
    ``mirror_games`` games of each level against itself, one a round."""
    if games < 2 or games % 2:
        raise TanktableError(f"--games is per pairing and must be even (half with each level on "
                             f"the first side), at least 2; not {games}")
    if len(set(levels)) != len(levels):
        raise TanktableError("--levels names a level twice")
    if len(levels) < 2:
        raise TanktableError("--levels needs at least two levels")
    if mirror_games < 0:
        raise TanktableError(f"--mirror-games is a number of games, 0 or more; not {mirror_games}")
    out: list[LadderGame] = []
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            for rnd in range(games // 2):
                s = pairing_seed(seed, a, b, rnd)
                out += [LadderGame(a, b, rnd, s), LadderGame(b, a, rnd, s)]
    for level in levels:
        out += [LadderGame(level, level, rnd, pairing_seed(seed, level, level, rnd))
                for rnd in range(mirror_games)]
    return out


def job(game: LadderGame, index: int, factory: RegistryGames, sides: tuple[str, str],
        opening: int) -> GameJob:
    """The simulation job of one ladder game (``index`` only orders the results)."""
    return GameJob(index=index, factory=factory, seed=game.seed,
                   seats=((sides[0], game.first), (sides[1], game.second)),
                   think=THINK, opening=opening)


def record(game: LadderGame, result: GameResult, sides: tuple[str, str]) -> LadderRecord:
    return LadderRecord(game.first, game.second, game.round, game.seed, sides,
                        tuple(result.players[p] for p in result.winners), result.reason,
                        result.moves, result.finished)


# ------------------------------------------------------------------ estimate
def sample_positions(factory: RegistryGames, seed: int, count: int = TIMED_POSITIONS,
                     spacing: int = 10) -> list[Game[Any]]:
    """The start and every ``spacing``-th position of a seeded random playout, ``count`` in all
    (fewer if the playout ends first): where the estimate times the levels."""
    game = factory(derive_seed(seed, "timing"))
    mover = RandomAgent(seed=derive_seed(seed, "timing", "playout"))
    positions = [game.clone()]
    moves = 0
    while len(positions) < count and game.outcome() is None:
        game.apply(mover.choose(game))
        moves += 1
        if moves % spacing == 0 and game.outcome() is None:
            positions.append(game.clone())
    return positions


def seconds_per_decision(factory: RegistryGames, levels: Iterable[str], seed: int) -> dict[str, float]:
    """Each level's mean seconds for a decision over :func:`sample_positions`, uncapped as
    in the ladder (a decision with one legal action costs a search level nothing, as in a game)."""
    positions = sample_positions(factory, seed)
    out = {}
    for level in levels:
        agent = make_player(level, derive_seed(seed, "timing", level), THINK, None)
        start = time.perf_counter()
        for game in positions:
            agent.choose(game.clone())
        out[level] = (time.perf_counter() - start) / len(positions)
    return out


def decisions_per_game(done: Iterable[LadderRecord], a: str, b: str, fallback: float) -> float:
    """The mean length of the finished games of ``a`` and ``b``; else of the finished games of
    the pairings alike (with random, or without it: random loses fast), else ``fallback``."""
    games = list(done)
    mine = [g.moves for g in games if {g.first, g.second} == {a, b}]
    with_random = "random" in (a, b)
    alike = [g.moves for g in games if ("random" in (g.first, g.second)) == with_random]
    pool = mine or alike
    return sum(pool) / len(pool) if pool else fallback


def estimate(todo: Sequence[LadderGame], done: Iterable[LadderRecord], per_decision: Mapping[str, float],
             fallback: float, levels: Sequence[str]) -> tuple[float, list[str]]:
    """CPU seconds the games of ``todo`` will take, and a line per pairing saying how."""
    finished = list(done)
    left: dict[tuple[str, str], int] = {}
    for g in todo:
        low, high = sorted((g.first, g.second), key=levels.index)
        left[(low, high)] = left.get((low, high), 0) + 1
    total = 0.0
    lines = []
    for (a, b), n in left.items():
        length = decisions_per_game(finished, a, b, fallback)
        each = length / 2 * (per_decision[a] + per_decision[b])
        total += n * each
        lines.append(f"  {a} against {b}: {n} games x {length:.0f} decisions x "
                     f"({per_decision[a]:.2f} + {per_decision[b]:.2f}) / 2 s = {_duration(n * each)}")
    return total, lines


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


# ------------------------------------------------------------------ report
def outcomes(records: Iterable[LadderRecord]) -> list[Outcome]:
    return [Outcome(r.first, r.second, r.score) for r in records]


def adjacent_checks(games: Sequence[Outcome], levels: Sequence[str]) -> list[PairScore]:
    """Each level against the one below it, on each side (0: the first side, 1: the second)."""
    return [pair_score(games, upper, lower, side)
            for lower, upper in zip(levels, levels[1:], strict=False) for side in (0, 1)]


def _verdict(score: float, low: float, high: float) -> str:
    """Whether ``score`` reaches :data:`TARGET`, and whether its interval [low, high] clears it."""
    verdict = "yes" if score >= TARGET else "no"
    if low >= TARGET:
        verdict += " (interval above)"
    elif high < TARGET:
        verdict += " (interval below)"
    return verdict


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _signed(x: float) -> str:
    return f"{round(x) + 0:+d}"  # + 0: no "-0"


def _elo(r: Rating) -> str:
    if r.low == r.high == r.estimate == 0.0:
        return "0 (anchor)"
    return f"{_signed(r.estimate)} [{_signed(r.low)}, {_signed(r.high)}]"


def report(*, title: str, command: str, commit: str, started: dt.datetime, load: float, wall: float,
           played: int, workers: str, sessions: Sequence[Mapping[str, Any]],
           records: Sequence[LadderRecord], levels: Sequence[str], sides: tuple[str, str],
           games: int, seed: int, planned: int, mirrors: int = 0) -> str:
    """The markdown report of the games of the schedule (``records``)."""
    lines = [f"### {title}: the ladder, {started:%d %b %Y} (commit `{commit}`)", ""]
    total = sum(float(s.get("seconds", 0.0)) for s in sessions)
    counted = sum(int(s.get("games", 0)) for s in sessions)
    if played:
        lines.append(f"Started {started:%Y-%m-%d %H:%M} UTC; wall time {wall:,.0f} s for the {played} "
                     f"game{'s' if played != 1 else ''} this run played ({workers}); load average at the start "
                     f"{load:.1f}, {os.cpu_count()} cores.")
    if sessions:
        commits = sorted({str(s.get("commit", "?")) for s in sessions})
        lines.append(f"The files hold {len(sessions)} session{'s' if len(sessions) > 1 else ''}: "
                     f"{total:,.0f} s of wall time for {counted} games in all (commit"
                     f"{'s' if len(commits) > 1 else ''} {', '.join(commits)}).")
    lines += ["", "```sh", command, "```", ""]
    unfinished = sum(1 for r in records if not r.finished)
    draws = sum(1 for r in records if r.finished and not r.winners)
    mean = sum(r.moves for r in records) / len(records) if records else 0.0
    mirrored = f", and {mirrors} of each level against itself" if mirrors else ""
    lines.append(f"{len(records)} of {planned} games ({games} a pairing, {games // 2} with each "
                 f"level on each side{mirrored}), seed {seed}; {draws} drawn, {unfinished} unfinished at the "
                 f"ruleset's decision bound (both count half); {mean:.0f} decisions a game.")
    lines.append("")
    if not records:
        return "\n".join(lines) + "\nNo games yet.\n"
    played_levels = [lv for lv in levels if any(lv in (r.first, r.second) for r in records)]
    games_ = outcomes(records)
    by_side = fit_by_side(games_, played_levels)
    pooled = fit_pooled(games_, played_levels)
    anchor = played_levels[0]
    lines.append(f"Ratings, Elo scale ({anchor} = 0; on each side, the mean of {anchor}'s two = 0), "
                 f"Bradley-Terry with a prior N(0, {PRIOR_SD * ELO:.0f}^2) on each "
                 "parameter, 95% intervals from the observed information. A level's expected "
                 f"score as {sides[0]} against another as {sides[1]} is "
                 "1 / (1 + 10^(-difference / 400)).")
    lines += ["", f"| level | as {sides[0]} | as {sides[1]} | sides pooled |", "| --- | ---: | ---: | ---: |"]
    for level in played_levels:
        lines.append(f"| {level} | {_elo(by_side.ratings[(level, 0)])} | "
                     f"{_elo(by_side.ratings[(level, 1)])} | {_elo(pooled.ratings[level])} |")
    lines += ["", f"Advantage of playing {sides[0]} (pooled fit): {_elo(pooled.side_advantage)} Elo.", ""]
    lines.append(f"Does every level beat the one below it at least {_pct(TARGET)} of the time on "
                 "every side? (score: wins and half the draws)")
    lines.append("The fitted score is the per-side ratings' prediction, which draws on every "
                 "game of the two levels on those sides. *On the same side*: the level's rating "
                 "on that side above the lower level's rating on that side, and the score that "
                 "difference gives; the fair comparison where the sides differ, since against "
                 "the lower level on the other side a level also meets that side's worth. It "
                 "rests on the games of the levels against themselves"
                 + ("." if mirrors else " (none here: the prior alone tells a side from a level)."))
    lines += ["", "| level | against | plays | games | won-drawn-lost | score | 95% (Wilson) | "
              f"fitted | ≥ {_pct(TARGET)} | on the same side, Elo | score | ≥ {_pct(TARGET)} |",
              "| --- | --- | --- | ---: | --- | ---: | --- | ---: | --- | ---: | ---: | --- |"]
    for check in adjacent_checks(games_, levels):
        if not check.games:
            lines.append(f"| {check.level} | {check.other} | {sides[check.side]} | 0 | | | | | "
                         "not played | | | |")
            continue
        fitted = (by_side.expected(check.level, check.other) if check.side == 0
                  else 1.0 - by_side.expected(check.other, check.level))
        low, high = check.interval
        same = by_side.same_side(check.level, check.other, check.side)
        same_score = expected_score(same.estimate)
        lines.append(f"| {check.level} | {check.other} | {sides[check.side]} | {check.games} | "
                     f"{check.wins}-{check.draws}-{check.losses} | {_pct(check.score)} | "
                     f"{_pct(low)}-{_pct(high)} | {_pct(fitted)} | "
                     f"{_verdict(check.score, low, high)} | "
                     f"{_elo(same)} | {_pct(same_score)} | "
                     f"{_verdict(same_score, expected_score(same.low), expected_score(same.high))} |")
    lines += ["", f"Every game: the {sides[0]} level (row) against the {sides[1]} level (column), "
              f"won-drawn-lost by the {sides[0]}.", ""]
    lines.append(f"| {sides[0]} \\ {sides[1]} | " + " | ".join(played_levels) + " |")
    lines.append("| --- |" + " ---: |" * len(played_levels))
    for row in played_levels:
        cells = []
        for col in played_levels:
            s = pair_score(games_, row, col, 0)
            cells.append(f"{s.wins}-{s.draws}-{s.losses}" if s.games else "")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ running
def commit_of(folder: Path) -> str:
    """``git rev-parse --short HEAD`` of the code, ``+changes`` if tracked files differ."""
    try:
        head = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(folder), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/ladder.py", description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Per pairing: --games counts both side assignments together (half each).")
    parser.add_argument("ruleset", help="ruleset id: tank-chess, battle-of-tanks, duel-of-the-giants")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), metavar="LEVEL",
                        help=f"levels, weakest first (default: {' '.join(LEVELS)})")
    parser.add_argument("--games", "-n", type=int, default=DEFAULT_GAMES,
                        help=f"games per pairing, even: half with each level on the first side "
                             f"(default {DEFAULT_GAMES}: a 95%% interval under ±15 points at 50%%)")
    parser.add_argument("--mirror-games", type=int, default=None, metavar="N",
                        help="games of each level against itself, which tell a side's worth from "
                             "a level's (default: half of --games; 0: none)")
    parser.add_argument("--seed", type=int, default=0, help="master seed; game seeds derive from it")
    parser.add_argument("--workers", "-j", type=int, default=1, help="local worker processes")
    parser.add_argument("--dask", metavar="ADDRESS", help="Dask scheduler ADDRESS, or 'local'")
    parser.add_argument("--scenario", "-s", help="shipped scenario name or YAML file")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                        help="ruleset setting (YAML value)")
    parser.add_argument("--random-opening", type=int, default=0, metavar="N",
                        help="play the first N decisions of every game at random")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="write every finished game to FILE (JSON lines); the same command "
                             "again plays only the games not in it")
    parser.add_argument("--resume", type=Path, action="append", default=[], metavar="FILE",
                        help="take the finished games of FILE (another part); copied into --out")
    parser.add_argument("--only", action="append", default=[], metavar="FIRST:SECOND",
                        help="play only the games with level FIRST on the first side and SECOND on "
                             "the other (repeatable); the files' other games are still reported")
    parser.add_argument("--estimate-only", action="store_true",
                        help="print the estimate of the compute left and stop")
    parser.add_argument("--report-only", action="store_true",
                        help="report the games of the files (--out, --resume) and play none: "
                             "a ladder whose parts were played with different --levels")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        return run(args, argv=sys.argv[1:] if argv is None else list(argv))
    except TanktableError as exc:
        print(f"bench/ladder.py: {exc}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from cli.options import game_options
    from core.ai.agents import make_agent
    from core.registry import get_ruleset

    started_at = dt.datetime.now(dt.timezone.utc)
    load = os.getloadavg()[0]
    wall_start = time.perf_counter()
    if args.workers < 1:
        raise TanktableError("--workers must be at least 1")
    levels = [lv.lower() for lv in args.levels]
    for level in levels:
        if level in ("human", "mcts"):
            raise TanktableError(f"{level} has no reproducible budget: use {', '.join(LEVELS)}")
        make_agent(level, seed=0, think=THINK)
    mirrors = args.games // 2 if args.mirror_games is None else args.mirror_games
    plan = schedule(levels, args.games, args.seed, mirrors)
    seatings = only_seatings(args.only, levels)
    rules = get_ruleset(args.ruleset)
    options = game_options(rules, options=args.option).flat()
    factory = RegistryGames(args.ruleset, args.scenario, options)
    players = tuple(factory(plan[0].seed).players)
    if len(players) != 2:
        raise TanktableError(f"the ladder needs two sides; this game has {len(players)}")
    sides = (players[0], players[1])
    settings = {"ruleset": args.ruleset, "scenario": args.scenario, "options": options,
                "seed": args.seed, "think": THINK, "random_opening": args.random_opening,
                "sides": list(sides)}

    done: dict[GameKey, LadderRecord] = {}
    sessions: list[dict[str, Any]] = []
    out: LadderFile | None = None
    if args.out is not None and not (args.estimate_only or args.report_only):
        out = _notes(LadderFile.open(args.out, settings))
    try:
        parts = [_notes(LadderFile.read(path, settings)) for path in args.resume]
        if out is not None:
            parts.insert(0, out)
        elif args.out is not None and args.out.exists():
            parts.insert(0, _notes(LadderFile.read(args.out, settings)))
        for part in parts:
            _merge(done, part.games, part.path)
            sessions += [x for x in part.sessions if x not in sessions]
        if out is not None:  # the --out file takes in the parts merged
            for key, rec in done.items():
                if key not in out.games:
                    out.append(rec)
            for session in sessions[len(out.sessions):]:
                out.append_session(session)
        todo = [g for g in plan if g.key not in done
                and (not seatings or (g.first, g.second) in seatings)]
        for g in plan:
            if g.key in done and done[g.key].seed != g.seed:
                raise TanktableError(f"{g.first} against {g.second}, round {g.round}: the file's "
                                     "seed is not the one this ladder derives")
        kept = [done[g.key] for g in plan if g.key in done]
        print(f"{args.ruleset}: {len(plan)} games in the ladder, {len(kept)} finished in the "
              f"files, {len(todo)} to play", file=sys.stderr)
        if args.report_only:
            todo = []
        if todo:
            _print_estimate(todo, kept, factory, levels, args)
        if args.estimate_only:
            return 0
        interrupted = _play(todo, factory, sides, args, out, done)
        wall = time.perf_counter() - wall_start
        played = sum(1 for g in todo if g.key in done)
        if out is not None and played:
            out.append_session({"date": started_at.isoformat(timespec="seconds"),
                                "commit": commit_of(HERE), "command": _command(argv),
                                "games": played, "seconds": round(wall, 1),
                                "workers": _workers(args)})
            sessions = list(out.sessions)
    finally:
        if out is not None:
            out.close()
    records = [done[g.key] for g in plan if g.key in done]
    print(report(title=rules.title, command=_command(argv), commit=commit_of(HERE),
                 started=started_at, load=load, wall=wall, played=played, workers=_workers(args),
                 sessions=sessions, records=records, levels=levels, sides=sides,
                 games=args.games, mirrors=mirrors, seed=args.seed, planned=len(plan)))
    if interrupted:
        print(f"interrupted: {len(records)} of {len(plan)} games finished"
              + (f"; the same command resumes from {args.out}" if args.out else ""), file=sys.stderr)
        return 130
    return 0


def only_seatings(only: Sequence[str], levels: Sequence[str]) -> set[tuple[str, str]]:
    """The seatings ``--only`` names, as (first side's level, second side's level)."""
    found: set[tuple[str, str]] = set()
    for text in only:
        first, colon, second = text.lower().partition(":")
        if not colon or not first or not second:
            raise TanktableError(f"--only takes FIRST:SECOND, two levels (such as hard:normal); not {text!r}")
        for level in (first, second):
            if level not in levels:
                raise TanktableError(f"--only {text}: {level} is not one of --levels ({' '.join(levels)})")
        found.add((first, second))
    return found


def _notes(found: LadderFile) -> LadderFile:
    for note in found.notes:
        print(note, file=sys.stderr)
    return found


def _print_estimate(todo: Sequence[LadderGame], kept: Sequence[LadderRecord], factory: RegistryGames,
                    levels: Sequence[str], args: argparse.Namespace) -> None:
    timed = sorted({g.first for g in todo} | {g.second for g in todo}, key=levels.index)
    per_decision = seconds_per_decision(factory, timed, args.seed)
    cpu, how = estimate(todo, kept, per_decision, TYPICAL_DECISIONS.get(args.ruleset, 300),
                         levels)
    width = args.workers
    print(f"estimate: {_duration(cpu)} of compute, about {_duration(cpu / width)} of wall time at "
          f"{width} worker{'s' if width > 1 else ''} (rough: each level's seconds a decision, "
          f"timed now on {TIMED_POSITIONS} positions of a random game, times the decisions a "
          "game)", file=sys.stderr)
    for line in how:
        print(line, file=sys.stderr)


def _merge(done: dict[GameKey, LadderRecord], found: Mapping[GameKey, LadderRecord], path: Path) -> None:
    """Add the games of one file; a game two files hold differently keeps the first (with a note)."""
    for key, rec in found.items():
        if key in done and done[key] != rec:
            print(f"{path}: {rec.first} against {rec.second}, round {rec.round}, differs from "
                  "the same game in another file (other code?); the first is kept", file=sys.stderr)
            continue
        done.setdefault(key, rec)


def _play(todo: Sequence[LadderGame], factory: RegistryGames, sides: tuple[str, str],
          args: argparse.Namespace, out: LadderFile | None, done: dict[GameKey, LadderRecord]) -> bool:
    """Play ``todo`` into ``done`` (and ``out``); whether Ctrl-C stopped it."""
    jobs = [job(g, i, factory, sides, args.random_opening) for i, g in enumerate(todo)]
    count = 0

    def keep(result: GameResult) -> None:
        nonlocal count
        game = todo[result.index]
        rec = record(game, result, sides)
        done[rec.key] = rec
        if out is not None:
            out.append(rec)
        count += 1
        result_text = ("draw" if rec.score == 0.5 and rec.finished else
                       "unfinished" if not rec.finished else
                       f"{rec.first if rec.score == 1.0 else rec.second} won")
        print(f"[{count}/{len(todo)}] {rec.first} ({sides[0]}) - {rec.second} ({sides[1]}), "
              f"round {rec.round}: {result_text}, {rec.moves} decisions", file=sys.stderr, flush=True)

    try:
        run_jobs(jobs, workers=args.workers, dask=args.dask, on_result=keep, chunk_size=1)
    except KeyboardInterrupt:
        return True
    return False


def _workers(args: argparse.Namespace) -> str:
    if args.dask:
        local = f", {args.workers} worker{'s' if args.workers > 1 else ''}"
        return f"Dask {args.dask}" + (local if args.dask == "local" else "")
    return f"{args.workers} worker{'s' if args.workers > 1 else ''}"


def _command(argv: Sequence[str]) -> str:
    return "python bench/ladder.py " + shlex.join(argv)


if __name__ == "__main__":
    raise SystemExit(main())
