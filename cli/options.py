"""Reading the command line's game options: one parser for ``SIDE=VALUE``, and
the flags that carry a ruleset's options (``--army``, ``--players``, ``--setup``,
``--option``) turned into that ruleset's typed options.

A flag the chosen ruleset does not take is refused (exit 2) with the list of
those it takes, instead of being carried along unread.
"""

from __future__ import annotations

from typing import Any

from core.errors import TanktableError, UsageError

FLAG_FIELDS = {"--army": "armies", "--players": "players", "--setup": "setup"}
"""Command-line flags that set a typed option of the ruleset, by the option's name."""


def pairs(items: list[str], what: str, lower_keys: bool = True) -> dict[str, str]:
    """``["a=x", "b=y"]`` -> ``{"a": "x", "b": "y"}``; a clear error for anything else."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{what} {item!r}: use {'SIDE' if what != '--option' else 'KEY'}=VALUE")
        out[key.strip().lower() if lower_keys else key.strip()] = value.strip()
    return out


def option_values(options: list[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs, each value read as YAML (``false``, ``3``, ``[1, 2]``)."""
    import yaml

    out: dict[str, Any] = {}
    for key, value in pairs(options, "--option", lower_keys=False).items():
        try:
            out[key] = yaml.safe_load(value)
        except yaml.YAMLError:
            raise TanktableError(f"--option {key}={value}: not a YAML value") from None
    return out


def game_options(ruleset: Any, *, armies: list[str] | None = None, players: int | None = None,
                 setup: str | None = None, options: list[str] | None = None) -> Any:
    """The typed options of ``ruleset`` from its command-line flags.

    Raises :class:`UsageError` for a flag or ``--option`` the ruleset does not take.
    """
    from core.options import describe_options, option_fields

    given: dict[str, Any] = {}
    if armies:
        given["--army"] = pairs(armies, "--army")
    if players is not None:
        given["--players"] = players
    if setup is not None:
        given["--setup"] = setup
    fields = option_fields(ruleset.options_model)
    raw = option_values(options or [])
    for flag, value in given.items():
        name = FLAG_FIELDS[flag]
        if name not in fields:
            raise UsageError(f"{ruleset.id} takes no {flag}\n"
                             + describe_options(ruleset.id, ruleset.options_model, ruleset.setting_names()))
        raw[name] = value
    return ruleset.parse_options(raw)
