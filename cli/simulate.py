"""``tanktable simulate`` and ``tanktable balance``: many games between computers.

Only typer is imported at module level (``tanktable --help`` stays fast);
the engine lives in :mod:`core.ai.simulate` and :mod:`core.ai.balance`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.ruleset_arg import ruleset_argument

SIMULATE_HELP = """\
Play many games between computer players and report wins per side, draws,
mean game length and the 95% confidence interval (Wilson) of each win rate.

Game i gets a seed derived from --seed and i, so the results are identical
whatever --workers is (and with --dask), as long as every player is
reproducible: random, greedy, easy/normal/hard, and mcts with --iterations.
With --think, mcts searches for that many seconds per move, and results
depend on the machine's speed and load; the presets search that many
seconds' worth of iterations at the ruleset's reference speed instead.
--swap rotates the player kinds round the seats every game (fair
comparisons) and reports wins per kind.

--log FILE writes every game to FILE as one JSON line the moment it ends
(watch a long run with tail -f). Ctrl-C reports the games finished so far;
with a log, the same command again plays only the games not yet in it, and
a larger --games extends the run. A log of other settings is refused and
left as it is.
"""

BALANCE_HELP = """\
Is a new card worth its tier? For each new or changed card in --cards:

Method (price sweep): armies of --budget points hold copies of the card
(about half the budget) as if each copy cost T tier points, for T from the
card's tier minus --spread to plus --spread; the rest of the budget is filled
at random with shipped cards. They play reference armies of the same budget
made of shipped cards, sides alternating. A dearer card leaves less for the
rest of its army, so its win rate falls with T. A logistic regression of the
score (draws count half) on T, fitted by maximum likelihood with a quarter
of a win and of a loss added at every T, gives the tier at which the card's
army would win 50% of its games: the fair tier, with its 95% interval (the
likelihood-ratio interval: when the games bound the fair tier on one side
only, or not at all, the report says so in words). Every
tested T is reported with its games, win rate and 95% interval (Wilson).
A card that wins (loses) clearly at every tested T, or more than half its
games at every T with the fair tier's interval wholly above (below) them, is
beyond the tested prices: the report says "worth at least (at most) tier N"
and which way to widen --spread. --games is the number of games per card.

A tier is suggested only when the data back it: the fair tier's 95%
interval is bounded and rounds to one tier, and the Wilson intervals of the tested prices
separate (one wholly above 50%, one wholly below). Otherwise the verdict is
"inconclusive", read as one estimate: the tiers the interval allows
("worth at least tier 7"), where the best fit lies against the tiers tried
(a leaning inside them is not a suggestion), why, and what to run next
(about how many more games would decide, when that can be estimated). Each
card's tally (its army's wins, the reference army's, draws) comes first. --until-decided adds games
in rounds (--round-games per price) at the prices whose intervals still
straddle 50%, until decided or --max-games per card are spent. The same
--seed gives the same answer; off a terminal, progress comes as lines.
"""


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``balance`` to the ``tanktable`` app."""

    @app.command("simulate", help=SIMULATE_HELP,
                 short_help="Play many games between computers: wins, draws, length, 95% intervals.")
    def simulate_cmd(
        ruleset: str = typer.Argument(..., help="Ruleset id, e.g. tank-chess, or module:object / path/to/file.py of one not installed.",
                                     callback=ruleset_argument),
        scenario: str | None = typer.Option(None, "--scenario", "-s", help="Shipped name or YAML file."),
        games: int = typer.Option(100, "--games", "-n", help="Number of games."),
        seat: list[str] = typer.Option([], "--seat", help="SIDE=KIND: random, greedy, mcts, easy, normal, hard (default greedy)."),
        seed: int = typer.Option(0, "--seed", help="Master seed; game seeds derive from it."),
        workers: int = typer.Option(1, "--workers", "-j", help="Local worker processes."),
        dask: str | None = typer.Option(None, "--dask", help="Dask scheduler ADDRESS, or 'local' (needs tanktable[dask])."),
        think: float = typer.Option(1.0, "--think", help="Seconds per move for mcts (machine dependent); presets: reference seconds (reproducible)."),
        iterations: int | None = typer.Option(None, "--iterations", help="MCTS iterations per move instead of --think (reproducible)."),
        swap: bool = typer.Option(False, "--swap", help="Rotate player kinds round the seats every game."),
        rollout_depth: int | None = typer.Option(None, "--rollout-depth", help="Override the ruleset's MCTS rollout depth (tuning)."),
        opening: int = typer.Option(0, "--random-opening", help="Play the first N decisions at random (varied games without dice)."),
        max_moves: int | None = typer.Option(None, "--max-moves", help="Stop a game after this many decisions (unfinished); default: the most decisions the ruleset declares a game can take."),
        army: list[str] = typer.Option([], "--army", help="SIDE=FILE army list (battle-of-tanks)."),
        players: int | None = typer.Option(None, "--players", help="Number of players, where a ruleset takes more than two."),
        option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE ruleset setting (YAML value)."),
        json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
        per_game: bool = typer.Option(False, "--per-game", help="With --json, include every game."),
        log: Path | None = typer.Option(None, "--log", help="Write each finished game to FILE as a JSON line; the same command again resumes."),
    ) -> None:
        raise typer.Exit(run_simulate(
            ruleset=ruleset, scenario=scenario, games=games, seats=seat, seed=seed,
            workers=workers, dask=dask, think=think, iterations=iterations, swap=swap,
            max_moves=max_moves, armies=army, players=players, options=option,
            json_out=json_out, per_game=per_game, rollout_depth=rollout_depth,
            opening=opening, log_path=log,
        ))

    @app.command("balance", help=BALANCE_HELP,
                 short_help="Is a new card worth its tier? Suggests a tier from games at several prices.")
    def balance_cmd(
        ruleset: str = typer.Argument(..., help="Ruleset id (battle-of-tanks), or module:object / path/to/file.py of one not installed.",
                                     callback=ruleset_argument),
        cards: list[Path] = typer.Option(..., "--cards", help="Card files or folders with the new cards."),
        budget: int = typer.Option(..., "--budget", help="Tier points per army."),
        games: int = typer.Option(100, "--games", "-n", help="Games per card."),
        seed: int = typer.Option(0, "--seed", help="Master seed."),
        workers: int = typer.Option(1, "--workers", "-j", help="Local worker processes."),
        dask: str | None = typer.Option(None, "--dask", help="Dask scheduler ADDRESS, or 'local'."),
        agent: str = typer.Option("greedy", "--agent", help="Who commands both armies: random, greedy, mcts..."),
        spread: int = typer.Option(2, "--spread", help="Prices tested: tier - spread .. tier + spread."),
        scenario: str | None = typer.Option(None, "--scenario", "-s", help="Shipped name or YAML file."),
        think: float = typer.Option(0.2, "--think", help="Seconds per move if --agent is mcts."),
        iterations: int | None = typer.Option(None, "--iterations", help="MCTS iterations per move (reproducible)."),
        max_moves: int = typer.Option(2000, "--max-moves", help="Stop a game after this many decisions."),
        json_out: bool = typer.Option(False, "--json", help="Print JSON."),
        until_decided: bool = typer.Option(False, "--until-decided", help="Add games in rounds until every card is decided or --max-games is spent."),
        max_games: int | None = typer.Option(None, "--max-games", help="With --until-decided: at most this many games per card (default 10 x --games)."),
        round_games: int | None = typer.Option(None, "--round-games", help="With --until-decided: games added per undecided price and round."),
    ) -> None:
        raise typer.Exit(run_balance(
            ruleset=ruleset, cards=cards, budget=budget, games=games, seed=seed,
            workers=workers, dask=dask, agent=agent, spread=spread, scenario=scenario,
            think=think, iterations=iterations, max_moves=max_moves, json_out=json_out,
            until_decided=until_decided, max_games=max_games, round_games=round_games,
        ))


class _LazyBar:
    """A rich progress bar on a terminal's stderr, started at the first result.

    Starting late matters: the bar runs a refresh thread, and worker
    processes are forked when the simulation starts; forking a process with
    threads risks deadlocks in the child.
    """

    def __init__(self, enabled: bool, label: str) -> None:
        import sys

        from cli.terminal import is_terminal

        self.enabled = enabled and is_terminal(sys.stderr)
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _LazyBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self.bar = Progress(
                f"[bold]{self.label}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                console=Console(stderr=True), transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("games", total=total)
        self.bar.update(self.task, completed=done, total=total)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def run_simulate(
    *, ruleset: str, scenario: str | None, games: int, seats: list[str], seed: int,
    workers: int, dask: str | None, think: float, iterations: int | None, swap: bool,
    max_moves: int | None, armies: list[str], players: int | None, options: list[str],
    json_out: bool, per_game: bool, rollout_depth: int | None = None, opening: int = 0,
    log_path: Path | None = None,
) -> int:
    import json

    from core.ai.simlog import SimulationLog, simulation_settings
    from core.ai.simulate import RegistryGames, SimulationInterrupted, simulate
    from core.errors import TanktableError
    from core.registry import get_ruleset

    if workers < 1:
        raise TanktableError("--workers must be at least 1")
    if iterations is not None and iterations < 1:
        raise TanktableError("--iterations must be at least 1")
    if rollout_depth is not None and rollout_depth < 0:
        raise TanktableError("--rollout-depth must be 0 or more")
    from cli.options import game_options, pairs

    found = get_ruleset(ruleset)  # an id, or a plugin not installed named by reference
    ruleset = found.id  # registered under its id for this process and its workers
    typed = game_options(found, armies=armies, players=players, options=options)
    seat_map = pairs(seats, "--seat")
    factory = RegistryGames(ruleset, scenario, typed.flat())
    job_options: dict[str, Any] = {
        "swap": swap, "think": think, "iterations": iterations, "max_moves": max_moves,
        "rollout_depth": rollout_depth, "opening": max(0, opening),
    }
    log = None
    if log_path is not None:
        log = SimulationLog.open(log_path, simulation_settings(factory, seed, seat_map, **job_options))
        for note in log.notes:
            typer.echo(note, err=True)
        logged = sum(1 for i in log.results if i < games)
        if logged:
            typer.echo(f"{log_path}: {logged} of the {games} games are in the log already; "
                       f"playing the other {games - logged}", err=True)
    interrupted = False
    try:
        with _LazyBar(not json_out, ruleset) as bar:
            report = simulate(factory, games, seed=seed, seats=seat_map, workers=workers,
                              dask=dask, progress=bar, log=log, **job_options)
    except SimulationInterrupted as stop:
        report, interrupted = stop.report, True
    finally:
        if log is not None:
            log.close()
    code = 130 if interrupted else 0
    if interrupted:
        again = f"; the same command resumes from {log_path}" if log_path else ""
        typer.echo(f"interrupted after {report.games} of {games} games: the report covers "
                   f"those{again}", err=True)
    if json_out:
        out = {"ruleset": ruleset, "scenario": scenario, "seed": seed, "seats": seat_map,
               "swap": swap, "think": think, "iterations": iterations,
               "rollout_depth": rollout_depth, "random_opening": opening,
               "interrupted": interrupted, **report.to_json(with_games=per_game)}
        typer.echo(json.dumps(out, indent=2))
        return code
    sides, limit = _table_of(factory, seed, max_moves)
    named = {k.lower(): v.lower() for k, v in seat_map.items()}
    seated = [(side, named.get(side.lower(), "greedy")) for side in sides]
    seat_text = ", ".join(f"{side}={kind}" for side, kind in seated)
    kinds = {kind for _, kind in seated}
    budget = f"{iterations} iterations/move" if iterations else f"{think:g} s/move"
    if kinds & {"easy", "normal", "hard"} and not iterations:
        budget += " (presets: reference seconds, reproducible)"
    if rollout_depth is not None:
        budget += f", rollout depth {rollout_depth}"
    if opening:
        budget += f", {opening} random opening decisions"
    searching = bool(kinds & {"mcts", "easy", "normal", "hard"})
    typer.echo(f"{ruleset} {scenario or ''}".rstrip() + f": {report.games} games, seed {seed}, "
               f"seats {seat_text}{' (rotating)' if swap else ''}"
               + (f", mcts {budget}" if searching else "")
               + (f", {opening} random opening decisions" if opening and not searching else ""))
    typer.echo(f"{'side':<14}{'wins':>6}  {'rate':>6}  95% CI")
    for s in report.sides:
        low, high = s.interval
        typer.echo(f"{s.name:<14}{s.wins:>6}  {_pct(s.rate)}  [{_pct(low)}, {_pct(high)}]")
    if swap or len({k.name for k in report.kinds}) > 1:
        typer.echo(f"{'kind':<14}{'wins':>6}  {'rate':>6}  95% CI")
        for k in report.kinds:
            low, high = k.interval
            typer.echo(f"{k.name:<14}{k.wins:>6}  {_pct(k.rate)}  [{_pct(low)}, {_pct(high)}]")
    typer.echo(f"draws {report.draws}, unfinished {report.unfinished} (move limit {limit}), "
               f"mean length {report.mean_moves:.1f} decisions")
    return code


def _table_of(factory: Any, seed: int, max_moves: int | None) -> tuple[tuple[str, ...], str]:
    """The sides of the simulated game and the move limit its games were held to, as
    the header states them (issue 60.6: not the options as typed -- "mcts" with no mcts
    seat, "move limit None" when the ruleset declares one): the limit given, else the
    most decisions the ruleset declares a game can take (as the games were played)."""
    from core.ai.simulate import derive_seed
    from core.game import DEFAULT_MAX_DECISIONS

    game = factory(derive_seed(seed, "game", 0))
    if max_moves is not None:
        return tuple(game.players), f"{max_moves:,}, --max-moves"
    bound = game.max_decisions()
    if bound is None:
        return tuple(game.players), f"{DEFAULT_MAX_DECISIONS:,}: the ruleset declares no bound under these options"
    return tuple(game.players), f"{bound:,}, declared by the ruleset"


def run_balance(
    *, ruleset: str, cards: list[Path], budget: int, games: int, seed: int, workers: int,
    dask: str | None, agent: str, spread: int, scenario: str | None, think: float,
    iterations: int | None, max_moves: int, json_out: bool, until_decided: bool = False,
    max_games: int | None = None, round_games: int | None = None,
) -> int:
    import json
    import sys
    import time

    from cli.terminal import is_terminal
    from core.ai.agents import make_agent
    from core.ai.balance import BalanceConfig, balance
    from core.errors import TanktableError
    from core.registry import get_ruleset

    for path in cards:
        if not path.exists():
            raise TanktableError(f"{path}: no such file or folder")
    if workers < 1:
        raise TanktableError("--workers must be at least 1")
    if spread < 0:
        raise TanktableError("--spread must be 0 or more")
    if (max_games is not None or round_games is not None) and not until_decided:
        raise TanktableError("--max-games and --round-games go with --until-decided")
    make_agent(agent, seed=0, think=0.01)
    ruleset = get_ruleset(ruleset).id  # an id, or a plugin not installed named by reference
    config = BalanceConfig(
        ruleset=ruleset, card_paths=tuple(cards), budget=budget, games=games, seed=seed,
        spread=spread, kind=agent.lower(), scenario=scenario, think=think,
        iterations=iterations, max_moves=max_moves, until_decided=until_decided,
        max_games=max_games, round_games=round_games,
    )
    lines = not is_terminal(sys.stderr)
    started = time.monotonic()
    with _LazyBar(not json_out, "balance") as bar:
        reports = balance(config, workers=workers, dask=dask,
                          progress=_ProgressLines("balance", until_decided) if lines else bar,
                          say=_say_stderr if lines else None)
    if json_out:
        typer.echo(json.dumps({"ruleset": ruleset, "budget": budget, "seed": seed,
                               "agent": agent, "cards": [r.to_json() for r in reports]}, indent=2))
        return 0
    played = sum(r.games for r in reports)
    per_game = (time.monotonic() - started) / played if played else None
    plan = (f"up to {config.max_games or 10 * games} games per card in rounds"
            if until_decided else f"{games} games per card")
    typer.echo(f"{ruleset}: budget {budget}, {plan}, {agent} vs {agent}, seed {seed}")
    for r in reports:
        typer.echo("")
        typer.echo(f"{r.card}: tier {r.tier}, {r.copies} cop{'y' if r.copies == 1 else 'ies'} "
                   f"per army, {r.games} games")
        typer.echo(f"  {'tier':>4}  {'games':>5}  {'wins':>4}  {'draws':>5}  {'win rate':>8}  95% CI")
        for p in r.points:
            low, high = p.interval
            mark = "  <- its tier" if p.tier == r.tier else ""
            typer.echo(f"  {p.tier:>4}  {p.games:>5}  {p.wins:>4}  {p.draws:>5}  "
                       f"{_pct(p.score):>8}  [{_pct(low)}, {_pct(high)}]{mark}")
        won, lost, drawn = r.tally
        seats = ", ".join(f"{side} {wins}" for side, wins in r.seat_wins)
        typer.echo(f"  {r.games} games: its army won {won}, the reference army {lost}, draws {drawn}"
                   + (f"; wins by seat: {seats}" if seats else ""))
        typer.echo(f"  {r.summary}")
        if r.verdict == "inconclusive":
            typer.echo(f"  why: {r.method}")
        if r.advice:
            typer.echo(f"  next: {r.advice}")
        if r.verdict == "inconclusive" and r.more_games is not None and per_game is not None:
            # what deciding costs, on stderr: stdout is the same for a seed
            typer.echo(f"  ({r.card}: at this run's pace, {per_game:.1f} s a game with -j {workers}, "
                       f"those games would take about "
                       f"{_duration(r.more_games * per_game)})", err=True)
    if len(reports) > 1:
        won, lost, drawn = (sum(r.tally[i] for r in reports) for i in range(3))
        by_seat: dict[str, int] = {}
        for r in reports:
            for side, wins in r.seat_wins:
                by_seat[side] = by_seat.get(side, 0) + wins
        seats = ", ".join(f"{side} {wins}" for side, wins in by_seat.items())
        typer.echo("")
        typer.echo(f"all cards: {played} games; the new cards' armies won {won}, "
                   f"the reference armies {lost}, draws {drawn}" + (f"; wins by seat: {seats}" if seats else ""))
    return 0


def _duration(seconds: float) -> str:
    """``40 s``, ``12 min``, ``3.5 h``: how long more games would take, in a word."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _say_stderr(line: str) -> None:
    """One progress line on stderr, flushed (a log file or pipe shows it at once)."""
    import sys

    print(line, file=sys.stderr, flush=True)


class _ProgressLines:
    """Progress off a terminal: a flushed line at every tenth of a round's games (``rounds``:
    the run plays in rounds, and each line says its count is this round's)."""

    def __init__(self, label: str, rounds: bool = False) -> None:
        self.label = label
        self.rounds = rounds
        self.tenth = -1

    def __call__(self, done: int, total: int) -> None:
        tenth = done * 10 // max(1, total)
        if tenth != self.tenth:
            self.tenth = tenth
            _say_stderr(f"{self.label}: {done}/{total} games" + (" of this round" if self.rounds else ""))
        if done >= total:
            self.tenth = -1  # the next round starts counting again
