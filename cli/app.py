"""The ``tanktable`` command. Thin: parses, calls core/rulesets, renders.

Heavy modules (shapely, numpy, ruleset internals) are imported inside the
commands that need them, so ``tanktable --help`` starts about as fast as a
bare typer app (see ``bench/startup.py``).

Exit codes: 0 ok, 1 invalid input or illegal move, 2 usage error.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from cli.ruleset_arg import PLUGIN_HELP, RULESET_HELP, ruleset_argument, ruleset_arguments


class _PlainHelpGroup(TyperGroup):
    """The command tree, every help page in one style: no type labels.

    Typer labels each parameter with its Python type (``<bool>`` on a flag,
    ``<list[str]>``); here a flag shows no label, a value option its
    metavar (``--seat SEAT``), and an argument its name in capitals in the
    usage line and its table alike.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain_help(self)


def _plain_help(command: Any) -> None:
    for param in command.params:
        _plain_param(param)
    original = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None and not getattr(option, "_plain", False):
            _plain_param(option)
            shows = option.callback

            def show(ctx: Any, param: Any, value: Any) -> Any:
                if value:
                    _describe_players(ctx.command)
                return shows(ctx, param, value)

            option.callback, option._plain = show, True
        return option

    command.get_help_option = help_option
    for sub in getattr(command, "commands", {}).values():
        _plain_help(sub)


def _describe_players(command: Any) -> None:
    """``--players``: what each ruleset's options model allows, read only when help is shown
    (loading the rulesets takes longer than the rest of the start-up)."""
    for param in command.params:
        if param.name == "players":
            from core.registry import available_rulesets

            allowed = []
            for ruleset in available_rulesets():
                field = ruleset.options_model.model_fields.get("players")
                if field is not None:
                    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), 2)
                    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
                    allowed.append(f"{ruleset.id} {low}..{high}" if high else f"{ruleset.id} {low} or more")
            param.help = f"Number of players ({'; '.join(allowed) or 'no ruleset takes this'})."


def _plain_param(param: Any) -> None:
    if getattr(param, "is_flag", False):
        label = ""
    else:
        label = param.metavar or (param.name or "").upper()
        param.metavar = label
    param.display_type_rich = lambda ctx: "" if param.param_type_name == "argument" else label


app = typer.Typer(
    name="tanktable",
    cls=_PlainHelpGroup,
    help="Tabletop tank games as software: play, author YAML data, validate armies.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

cards_app = typer.Typer(help="Browse unit cards and start new ones.", no_args_is_help=True)
app.add_typer(cards_app, name="cards")

# Commands owned by their own modules; each module imports only typer at top level.
for _module in ("cli.army", "cli.hex", "cli.simulate", "cli.serve.command", "cli.check.command", "cli.print_cmd"):
    try:
        _mod = importlib.import_module(_module)
    except ModuleNotFoundError as _exc:
        if _exc.name != _module:
            raise
        continue
    _mod.register(app)


def _version(value: bool) -> None:
    if value:
        import core

        typer.echo(f"tanktable {core.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Tabletop tank games as software."""


@app.command("rulesets")
def rulesets_cmd(json_out: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """List the registered rulesets and their scenarios."""
    from cli.commands import list_rulesets

    list_rulesets(json_out)


@app.command("validate")
def validate_cmd(
    paths: list[Path] = typer.Argument(..., help="Data files or folders (by their ruleset:/kind: header)."),
    json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ruleset: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
) -> None:
    """Validate data files; every problem as path:line:col: message. Exit 1 if any."""
    from cli.commands import validate_paths

    raise typer.Exit(validate_paths(paths, json_out))


@app.command("schema")
def schema_cmd(
    ruleset: str = typer.Argument(..., help="Ruleset id (or 'hex' for hex terrain/maps), or module:object / path/to/file.py of one not installed.", callback=ruleset_argument),
    kind: str | None = typer.Argument(None, help="Data kind, e.g. card, map, scenario, army, record; "
                                                 "without it, the ruleset's kinds are listed."),
    out: Path | None = typer.Option(None, "--out", help="Write RULESET.KIND.schema.json files (the names "
                                                        "templates' modelines give) to this folder: "
                                                        "KIND's, or every kind's without KIND."),
) -> None:
    """Print the JSON Schema of a data kind (for editor completion), or list a ruleset's kinds."""
    from cli.commands import list_kinds, print_schema, write_schemas

    if out is not None:
        write_schemas(ruleset, kind, out)
    elif kind is None:
        list_kinds(ruleset)
    else:
        print_schema(ruleset, kind)


class _PlayCommand(TyperCommand):
    """``play --help`` names the rulesets installed now (their entry points), found
    only when the help is shown so that other commands start no slower."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from core.registry import ruleset_ids

        installed = ", ".join(ruleset_ids()) or "none installed"
        for param in self.params:
            if param.name == "ruleset" and hasattr(param, "help"):
                param.help = (f"The ruleset: {installed} (not with --resume); or one not installed "
                              "as module:object or path/to/file.py.")
        if not self.epilog:
            from core.ai.levels import levels, text_table

            shipped = [r for r in ("tank-chess", "battle-of-tanks", "duel-of-the-giants") if r in ruleset_ids()]
            kinds = levels().levels
            width = max(len(k) for k in kinds) + 2
            self.epilog = ("Computer levels (--seat SIDE=LEVEL), seconds a move at --think 1"
                           " (measured strength: docs/ai.md, bench/RESULTS.md):\n\n"
                           + "\n".join(text_table(shipped)) + "\n\n"
                           + "\n".join(f"{k.ljust(width)}{level.summary}" for k, level in kinds.items()))
        super().format_help(ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """``--resume`` with no file after it (last, or before another option) asks
        which unfinished game to play on: it is read as ``--resume=`` (an empty name)."""
        args = [
            "--resume=" if arg == "--resume" and (i + 1 == len(args) or args[i + 1].startswith("-"))
            else arg
            for i, arg in enumerate(args)
        ]
        return super().parse_args(ctx, args)


@app.command("play", cls=_PlayCommand)
def play_cmd(
    ruleset: str | None = typer.Argument(None, help="The ruleset (see tanktable rulesets; not with --resume), or module:object / path/to/file.py of one not installed.", callback=ruleset_argument),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Shipped name or path to a YAML file."),
    seat: list[str] = typer.Option([], "--seat", help="SIDE=KIND; KIND is human or a computer level: random, greedy, mcts, easy, normal, hard (what each does and its time: the tables at the end). Seats not named are yours (human) when every named one is a computer, else greedy; with none named you play the first side."),
    seed: str | None = typer.Option(None, "--seed", help="Seed of the dice, the hidden set-ups and the computer players: any integer or text (default: a fresh secret one of 128 bits, committed to at the start and shown at the end)."),
    record: Path | None = typer.Option(None, "--record", help="Save the game record to this new file (default, with a person playing: a new file in the games folder)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object with the result."),
    clock: str | None = typer.Option(None, "--clock", help="Time per player, e.g. 30m, 90s, or 'recommended' (the ruleset's advice, TC-7.5); loses on time."),
    think: float = typer.Option(1.0, "--think", help="Seconds per move for mcts (wall clock); easy/normal/hard search 1/20, 1x, 2x that many seconds' worth at the ruleset's reference speed (reproducible), and never longer than 0.5x, 3x, 4x it (the cap)."),
    army: list[str] = typer.Option([], "--army", help="SIDE=FILE army list (rulesets with armies)."),
    players: int | None = typer.Option(None, "--players", help="Number of players, where a ruleset takes more than two."),
    setup: str | None = typer.Option(None, "--setup", help="default or manual set-up (duel-of-the-giants)."),
    option: list[str] = typer.Option([], "--option", "-o", help="KEY=VALUE ruleset setting (YAML value)."),
    board: str | None = typer.Option(None, "--board", help="Draw the board: each (decision), every:N (every N decisions), end or none."),
    max_moves: int | None = typer.Option(None, "--max-moves", help="Stop after this many decisions."),
    resume: str | None = typer.Option(None, "--resume", show_default=False, metavar="[FILE]", help="Play on from a saved record; it keeps growing in place. With no FILE: choose among the unfinished games you played (saved in the games folder, see README)."),
    position: Path | None = typer.Option(None, "--position", help="Start from a position document (kind: position)."),
    auto_pass: bool | None = typer.Option(None, "--auto-pass/--no-auto-pass", show_default=False, help="A decision of yours whose only legal move ends the phase (end, pass) is played for you, with a line saying so. Default: on when you type at a terminal, off when moves come from a pipe or a file (a moves file spells out every pass)."),
) -> None:
    """Play a game in the terminal. With no human seat it runs to the end by itself."""
    from cli.play import PlaySettings, run_play

    settings = PlaySettings(
        ruleset=ruleset, scenario=scenario, seats=seat, seed=seed, record=record,
        json_out=json_out, clock=clock, think=think, armies=army, players=players,
        setup=setup, options=option, board=board, max_moves=max_moves,
        resume=Path(resume) if resume else None, pick=resume == "", position=position, auto_pass=auto_pass,
    )
    raise typer.Exit(run_play(settings))


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="A game record (kind: record)."),
    verify: bool = typer.Option(False, "--verify", help="Only re-check: the seed against the commitment shown at the start (both printed), then every move, roll and the recorded result."),
    side: str | None = typer.Option(None, "--as", help="Show the game as this side sees it."),
    upto: int | None = typer.Option(None, "--upto", help="Stop after this many moves."),
    json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
    step: bool = typer.Option(False, "--step", help="Draw the board after each move and wait for Enter."),
    ruleset: list[str] = typer.Option([], "--ruleset", help=PLUGIN_HELP, callback=ruleset_arguments),
) -> None:
    """Print a saved game move by move (or step through it), or re-check it with --verify."""
    from cli.commands import replay_file

    raise typer.Exit(replay_file(file, verify, side, upto, json_out, step))


@app.command("render")
def render_cmd(
    ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument),
    source: str = typer.Argument(..., help="A record file, a scenario name or a scenario file."),
    svg: Path | None = typer.Option(None, "--svg", help="Write an SVG picture to this file."),
    side: str | None = typer.Option(None, "--as", help="Draw what this side may see."),
    everything: bool = typer.Option(False, "--all", help="Draw every secret of a hidden-information game."),
    upto: int | None = typer.Option(None, "--upto", help="Position after this many moves of a record."),
) -> None:
    """Draw a position (text, or SVG with --svg)."""
    from cli.commands import render_source

    raise typer.Exit(render_source(ruleset, source, svg, side, upto, everything))


@cards_app.command("list")
def cards_list(
    ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card files or folders."),
    json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the unit cards of a ruleset."""
    from cli.commands import list_cards

    list_cards(ruleset, cards, json_out)


@cards_app.command("show")
def cards_show(
    ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument),
    card: str = typer.Argument(..., help="A card's id, or a card file (kind: card)."),
    cards: list[Path] = typer.Option([], "--cards", help="Extra card files or folders."),
) -> None:
    """Show one unit card."""
    from cli.commands import show_card

    raise typer.Exit(show_card(ruleset, card, cards))


@cards_app.command("new")
def cards_new(ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument)) -> None:
    """Print a commented template to start a new card from."""
    from cli.commands import new_card

    new_card(ruleset)


scenario_app = typer.Typer(help="Scenarios: start a new one.", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")
map_app = typer.Typer(help="Maps and tables: start a new one.", no_args_is_help=True)
app.add_typer(map_app, name="map")


@scenario_app.command("new")
def scenario_new(ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument)) -> None:
    """Print a commented scenario to start from (`tanktable show RULESET scenario` lists the shipped ones)."""
    from cli.commands import new_template

    new_template(ruleset, "scenario")


@map_app.command("new")
def map_new(ruleset: str = typer.Argument(..., help=RULESET_HELP, callback=ruleset_argument)) -> None:
    """Print a commented map (a table for Battle of Tanks) to start from."""
    from cli.commands import new_template

    new_template(ruleset, "map")


@app.command("show")
def show_cmd(
    ruleset: str = typer.Argument(..., help="Ruleset id (or 'hex' for hex maps and terrain), or module:object / path/to/file.py of one not installed.", callback=ruleset_argument),
    kind: str = typer.Argument(..., help="Data kind: army, scenario, map, table, card...; see tanktable schema RULESET."),
    name: str | None = typer.Argument(None, help="A shipped file's name; without it, the names are listed."),
) -> None:
    """Print a shipped army, map, scenario or other data file to start your own from."""
    from cli.commands import show_shipped

    raise typer.Exit(show_shipped(ruleset, kind, name))


def main() -> None:
    """Console entry point: user errors as one line on stderr, never a traceback."""
    from core.errors import TanktableError, UsageError

    try:
        code = app(standalone_mode=False, prog_name="tanktable")
        sys.exit(code if isinstance(code, int) else 0)
    except UsageError as exc:
        typer.echo(f"usage error: {exc}", err=True)
        sys.exit(2)
    except TanktableError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        # Usage errors of the (possibly vendored) click underneath typer show themselves.
        if hasattr(exc, "show") and hasattr(exc, "exit_code"):
            exc.show()
            sys.exit(exc.exit_code)
        if type(exc).__name__ == "Abort":
            typer.echo("aborted", err=True)
            sys.exit(1)
        if os.environ.get("TANKTABLE_DEBUG"):
            raise
        typer.echo(f"internal error: {type(exc).__name__}: {exc} (set TANKTABLE_DEBUG=1 for details)", err=True)
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    main()
