"""Typed errors. Everything a user can cause derives from :class:`TanktableError`,
so the CLI can show it as one clean line and never a traceback."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class TanktableError(Exception):
    """Base of every error a user can cause; its text is shown as is."""


class IllegalActionError(TanktableError):
    """An action broke a rule; carries the rule ID."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason


class NotationError(TanktableError):
    """Text that is not an action in the ruleset's notation."""


class DataError(TanktableError):
    """One or more problems in data files, each ``path:line:col: message``."""

    def __init__(self, problems: Sequence[object]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class RecordError(TanktableError):
    """A game record that cannot be read or does not replay."""


class UsageError(TanktableError):
    """A command line or call that asks for something the chosen ruleset does not
    offer (an option it does not take); the CLI exits with 2 for it."""


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6, otherwise: str = "") -> str:
    """``"; did you mean 'x'?"`` for the known name closest to a mistyped ``word``,
    else ``otherwise``: the one hint every refusal of an unknown name gives."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f"; did you mean {close[0]!r}?" if close else otherwise
