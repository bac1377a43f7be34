"""``tanktable check RULESET``: the command line of the conformance run.

Only typer is imported at module level (``tanktable --help`` stays fast);
the checks live in :mod:`cli.check.runner`.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from cli.terminal import is_terminal

CHECK_HELP = """\
Check that a ruleset keeps the contract every part of tanktable relies on,
as a conformance run of OpenSpiel's kind. Games between random seats must
raise no exception and offer legal, readable actions; the same seed and
actions must give the same game; playing on a clone (or a search copy) must
leave the game as it was; each game's record must replay with --verify; a
position document must load back into the same position (where the ruleset
has them); a player must be sent the same bytes -- view, text and SVG
boards, events, notes, move list, hint, evaluation -- from two games that differ only in
what he may not see (Game.hidden_variant; rulesets without hidden
information skip this); a step must read the same to a player whichever
secrets lie behind it; each player's search copy (Game.determinize), and a
copy made from it, must be the game he sees, and the hint must name a move
where he has one; games between random, greedy and mcts seats must end
within the ruleset's declared bound (Game.max_decisions); and no decision may
take longer than --slow-decision. Prints a table of the checks: pass, FAIL,
or skip with the reason (a check with nothing to look at never passes); exit
1 if one fails, or if no game could be built at all.

RULESET is an installed ruleset's id, or a Ruleset that is not installed yet
(a plugin in the making) named as module:object (imported from the current
folder too), path/to/my_game.py[:object] or path/to/package[:object] (object
RULESET when not given), as every command that takes a ruleset accepts.
"""


def register(app: typer.Typer) -> None:
    """Add ``check`` to the ``tanktable`` app."""

    @app.command("check", help=CHECK_HELP,
                 short_help="Check a ruleset against the contract: a table of pass/fail.")
    def check_cmd(
        ruleset: str = typer.Argument(..., help="Ruleset id, or module:object / path/to/file.py of one not installed."),
        games: int | None = typer.Option(None, "--games", "-n", help="Games between random seats (default 8; with --quick 2)."),
        seat_games: int | None = typer.Option(None, "--seat-games", help="Games between random, greedy and mcts seats for liveness (default 3: each pairing once)."),
        quick: bool = typer.Option(False, "--quick", help="A smoke run for a test suite: fewer games and states, a smaller search."),
        seed: int = typer.Option(0, "--seed", help="Game i is played with seed SEED+i."),
        scenario: str | None = typer.Option(None, "--scenario", "-s", help="Play only this scenario (default: each shipped one in turn)."),
        players: int | None = typer.Option(None, "--players", help="Number of players, where a ruleset takes more than two."),
        option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE ruleset setting (YAML value)."),
        slow_decision: float = typer.Option(5.0, "--slow-decision", help="Seconds a decision may take at most (its legal actions and apply)."),
        json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        raise typer.Exit(run_check(ruleset=ruleset, games=games, seat_games=seat_games, quick=quick, seed=seed, scenario=scenario,
                                   players=players, options=option, slow_decision=slow_decision,
                                   json_out=json_out))


def load_ruleset(name: str) -> Any:
    """An installed ruleset by id, or one not installed named by reference (``module:object``,
    ``path/to/my_game.py``): the one resolver every command that takes a ruleset uses
    (:func:`core.registry.get_ruleset`)."""
    from core.registry import get_ruleset

    return get_ruleset(name)


def run_check(*, ruleset: str, games: int | None, seat_games: int | None, quick: bool, seed: int, scenario: str | None,
              players: int | None, options: list[str], slow_decision: float, json_out: bool) -> int:
    import dataclasses
    import json
    import time

    from cli.check.games import QUICK, CheckSettings
    from cli.check.report import table
    from cli.check.runner import run
    from cli.options import game_options
    from core.errors import UsageError

    found = load_ruleset(ruleset)
    if games is not None and games < 1:
        raise UsageError("--games must be at least 1")
    if seat_games is not None and seat_games < 0:
        raise UsageError("--seat-games must be 0 or more")
    if slow_decision <= 0:
        raise UsageError("--slow-decision must be positive")
    if scenario is not None and scenario not in found.scenarios():
        from pathlib import Path

        from core.errors import did_you_mean

        if not Path(scenario).is_file():
            # a game that takes any name would be built, then fail in every check that records
            # or copies it, naming an internal reference (authoring playtest of issue 60)
            known = found.scenarios()
            raise UsageError(f"{found.id} has no scenario {scenario!r}{did_you_mean(scenario, known)} "
                             f"(its scenarios: {', '.join(known) or 'none'}; or give a scenario file)")
        found.new_game(scenario, None, seed)  # a user's file: refused here with its problems if bad
    typed = game_options(found, players=players, options=options)
    settings = QUICK if quick else CheckSettings()
    settings = dataclasses.replace(settings, seed=seed, scenario=scenario, options=typed.flat(),
                                   slow_decision=slow_decision,
                                   games=games if games is not None else settings.games,
                                   liveness_games=seat_games if seat_games is not None
                                   else settings.liveness_games)
    terminal = not json_out and is_terminal(sys.stderr)

    def progress(text: str) -> None:
        if terminal:
            typer.echo(f"\r\x1b[K{found.id}: {text}", err=True, nl=False)

    began = time.perf_counter()
    done = run(found, settings, progress)
    tallies = done.tallied
    seconds = time.perf_counter() - began
    if terminal:
        typer.echo("\r\x1b[K", err=True, nl=False)
    failed = done.error is not None or any(t.failed for t in tallies)
    if json_out:
        typer.echo(json.dumps({"ruleset": found.id, "passed": not failed, "error": done.error,
                               "seconds": round(seconds, 2),
                               "checks": [t.to_json() for t in tallies]}, indent=2))
    else:
        typer.echo(table(found.id, tallies, seconds, done.error))
    if done.error is not None and not json_out:
        typer.echo(f"error: {found.id}: {done.error}", err=True)
    return 1 if failed else 0
