"""``tanktable army validate``: an army list against its budget.

Offered for any ruleset with armies (a data kind ``army``); the file's
``ruleset:`` header picks the ruleset, whose :meth:`~core.game.Ruleset.check_army`
does the checking.

Exit codes: 0 within budget, 1 over budget / unknown card / bad file,
2 usage error (missing file, negative budget).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.ruleset_arg import ruleset_argument


def register(app: typer.Typer) -> None:
    """Add the ``army`` command group to the main app."""
    army_app = typer.Typer(help="Army lists: validate against a tier-point budget; `army new` starts one, "
                                 "`tanktable show battle-of-tanks army [NAME]` lists or prints a shipped one.",
                           no_args_is_help=True)

    @army_app.command("validate")
    def validate_cmd(
        file: Path = typer.Argument(..., help="An army file (kind: army)."),
        budget: int | None = typer.Option(None, "--budget", help="Override the file's budget."),
        cards: list[Path] = typer.Option([], "--cards", help="Extra card files or folders (repeatable)."),
        json_out: bool = typer.Option(False, "--json", help="Machine-readable output."),
    ) -> None:
        """Print each unit with its cost, the total, the budget and what is left."""
        import json

        from core.data import load_document
        from core.errors import DataError, TanktableError
        from core.registry import get_ruleset

        if budget is not None and budget < 0:
            typer.echo("error: --budget must be 0 or more", err=True)
            raise typer.Exit(2)
        if not file.exists() or file.is_dir():
            typer.echo(f"error: {file}: no such army file", err=True)
            raise typer.Exit(2)
        for extra in cards:
            if not extra.exists():
                typer.echo(f"error: --cards {extra}: no such file or folder", err=True)
                raise typer.Exit(2)
        try:
            doc = load_document(file)
            ruleset_id, kind = doc.header()
            if kind != "army":
                raise DataError([doc.problem(("kind",), f"kind: expected 'army', found {kind!r}")])
            if ruleset_id is None:
                raise DataError([doc.problem(("ruleset",), "ruleset: missing (the ruleset this army is for)")])
            ruleset = get_ruleset(ruleset_id)
            if "army" not in ruleset.data_kinds():
                raise TanktableError(f"{ruleset_id} has no army lists")
            report = _army_report(ruleset, doc, cards, budget)
        except DataError as exc:
            if json_out:
                typer.echo(json.dumps({"valid": False, "total": None, "budget": budget, "remaining": None,
                                       "tanks": [], "errors": [p.to_json() for p in exc.problems if hasattr(p, "to_json")]}, indent=2))
            else:
                for p in exc.problems:
                    typer.echo(str(p), err=True)
            raise typer.Exit(1) from None
        except TanktableError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        if json_out:
            typer.echo(json.dumps(report.to_json(), indent=2))
        else:
            typer.echo(report.text())
        raise typer.Exit(0 if report.valid else 1)

    @army_app.command("new")
    def new_cmd(ruleset: str = typer.Argument("battle-of-tanks", help="Ruleset id (one with army lists), or "
                                              "module:object / path/to/file.py of one not installed.",
                                              callback=ruleset_argument)) -> None:
        """Print a commented army list to start from; `tanktable show RULESET army` lists the shipped ones."""
        from cli.commands import new_template

        new_template(ruleset, "army")

    app.add_typer(army_app, name="army")


def _army_report(ruleset: Any, doc: Any, cards: list[Path], budget: int | None) -> Any:
    """The ruleset's report on the army in ``doc``. When the schema refuses part of the
    file (a misspelt key: ``nmae:``), the roster and the other problems still come back
    with the schema's (issue 60.2): the report is made from a mended copy of the file
    (every value still at its line) and the schema's problems lead its errors."""
    from core.data import mended_document, unmended, validate_partly
    from core.errors import DataError

    model = ruleset.data_kinds()["army"]
    _, refused, _ = validate_partly(doc, model)
    found = mended_document(doc, model) if refused else None
    if found is None:
        return ruleset.check_army(doc, cards, budget)
    mended_doc, mended = found
    try:
        report = ruleset.check_army(mended_doc, cards, budget)
    except DataError as exc:
        raise DataError(sorted({*refused, *unmended(doc, exc.problems, mended)})) from None
    if not hasattr(report, "errors"):
        raise DataError(refused)
    report.errors[:] = [*refused, *(p for p in unmended(doc, report.errors, mended) if p not in refused)]
    if hasattr(report, "name") and not report.name:
        report.name = "(no name)"
    return report
