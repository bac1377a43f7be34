"""The ``tanktable`` command line (typer); thin over core and rulesets."""
