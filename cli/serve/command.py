"""The ``serve`` command: only typer at module level (the CLI imports this
module on every start; the server's packages load when the command runs)."""

from __future__ import annotations

from pathlib import Path

import typer

LOCAL_HOSTS = ("localhost",)


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
        port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port)."),
        games_dir: Path | None = typer.Option(
            None, "--games-dir", show_default=False,
            help="Folder of the game records (created if missing); default: the games folder "
                 "tanktable play saves to (~/.local/share/tanktable/games, or $TANKTABLE_HOME/games)."),
        scenario: list[Path] = typer.Option([], "--scenario", help="A scenario file the start page may offer (by its name)."),
        position: list[Path] = typer.Option([], "--position", help="A position file the start page may offer (by its name)."),
        army: list[Path] = typer.Option(
            [], "--army", help="An army file the start page may offer for Battle of Tanks (by its name)."),
        cards: list[Path] = typer.Option(
            [], "--cards", help="A card file or folder of cards the start page's army builder may use."),
        ruleset: list[str] = typer.Option(
            [], "--ruleset", help="A ruleset not installed (module:object or path/to/file.py) the start "
                                  "page offers beside the installed ones."),
        new_key: bool = typer.Option(
            False, "--new-key",
            help="Make a new host key (kept in --games-dir, mode 0600): the start page's old address stops working."),
        think: float = typer.Option(1.0, "--think", help="Seconds per decision for the mcts computer player."),
        public_url: str | None = typer.Option(
            None, "--public-url",
            help="The address your friends open (https://tanks.example.org, a TLS reverse proxy in "
                 "front): links are made with it and its name is served (see docs/security.md)."),
        allow_host: list[str] = typer.Option(
            [], "--allow-host",
            help="Another name this server answers to (a machine name on your network); "
                 "the listening address and localhost always are."),
        workers: int | None = typer.Option(
            None, "--workers", min=0,
            help="Processes that work out the notes of long move lists, beside the server's "
                 "own (default: one per core; 0: none, the server does it itself)."),
    ) -> None:
        """Play in the browser: a live table, one seat per browser, games saved in --games-dir."""
        from cli.ruleset_arg import ruleset_argument
        from cli.serve.run import serve

        for reference in ruleset:  # registered for the server and its worker processes
            ruleset_argument(reference)
        # play's own games folder unless told otherwise: the start page's "Your games" lists the
        # games played in the terminal too, wherever the server is started from (playtest: a
        # ./tanktable-games made in each working directory surprised two players)
        raise typer.Exit(serve(host, port, games_dir if games_dir is not None else default_games_dir(),
                               scenario, position, think,
                               public_url=public_url, allow_hosts=allow_host, new_key=new_key,
                               armies=army, cards=cards, workers=workers))


def default_games_dir() -> Path:
    """The folder ``serve`` keeps its games in without ``--games-dir``: the one ``tanktable play``
    saves to (cli/autosave.py decides where that is, for both)."""
    from cli.autosave import games_folder

    return games_folder()


def is_local(host: str) -> bool:
    """True for an address only this machine can reach."""
    import ipaddress

    if host in LOCAL_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
