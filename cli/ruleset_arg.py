"""The RULESET argument of every command: an installed id, or a plugin named by reference.

One resolver for all (:func:`core.registry.ruleset_id`), applied as the argument is
parsed, so that ``play``, ``simulate``, ``balance``, ``check``, ``cards``, ``schema``,
``render``, ``show``, ``print`` and the ``new`` templates accept the same
``module:object`` or ``path/to/my_game.py`` and then see the ruleset's own id (its
records, data files and default file names read the id, never the reference). Only the
standard library at module level: ``tanktable --help`` stays fast.
"""

from __future__ import annotations

RULESET_HELP = "Ruleset id, or module:object / path/to/file.py of one not installed."
PLUGIN_HELP = ("A ruleset not installed (module:object or path/to/file.py) that the files "
               "name by its id (repeatable).")


def ruleset_argument(value: str | None) -> str | None:
    """The id ``value`` stands for; a reference is loaded and registered under its id
    (for this process and its workers) the moment the command line is read."""
    if value is None:
        return None
    from core.registry import ruleset_id

    return ruleset_id(value)


def ruleset_arguments(values: list[str]) -> list[str]:
    """``--ruleset REF ...`` of the commands that read a ruleset's id from a file (``validate``,
    ``replay``): each reference loaded and registered, so that its id is known."""
    return [ruleset_id for value in values if (ruleset_id := ruleset_argument(value)) is not None]


def resume_command(path: object) -> str:
    """``tanktable play --resume PATH``, with the reference of a ruleset this process loaded
    by one (not installed: the command without it would not find the game's ruleset)."""
    from core.registry import loaded_references

    references = list(loaded_references().values())
    named = f"{references[0]} " if len(references) == 1 else ""
    return f"tanktable play {named}--resume {path}"


def as_typed(ruleset_id: str) -> str:
    """How a command line names ``ruleset_id`` in a hint to paste: the reference it was
    loaded by, for a ruleset not installed (its id alone would not be found), else its id."""
    from core.registry import loaded_references

    return loaded_references().get(ruleset_id, ruleset_id)
