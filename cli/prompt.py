"""The play prompt: line editing, history and completion on a terminal.

On a terminal the prompt reads through :mod:`readline` (standard library,
where the platform has it): the arrow keys edit the line and walk the
history, and Tab completes the commands, the ruleset's table commands and
the legal moves in their notation. On a pipe or a file, or where readline
is missing, lines are read plainly; a line that no terminal showed as it was
typed is written after its prompt.

History lives in memory for one game only and is never written to a file:
lines typed in a hidden-information game hold secrets (a Tiger's program),
and moves of an old game are of no use in a new one. In hot-seat play with
secrets it is wiped at every handover, so the next side cannot walk back to
the other's orders with the up arrow.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, TextIO

import typer

from cli.terminal import is_terminal
from core.errors import NotationError

SHOWN_LIMIT = 200
"""The most characters of a typed line written back (the echo after the prompt, an error
quoting it); no move or command is near that long, a path may be."""

LINE_LIMIT = 4096
"""A longer line is no move or command (a path is at most 4096 bytes on Linux): it is
refused unread (see :func:`too_long`)."""


def visible(text: str) -> str:
    """``text`` with each character a terminal would act on (ESC, BEL, a carriage return,
    any other control or unprintable one) written as ``repr`` writes it (``\\x1b``); the
    rest as it is.

    Lines read from a pipe or a file are written back to the terminal: raw, a moves file
    could retitle it, clear it or recolour it (issue 61.2). The error line quoting the same
    input (``cannot read '...'``) shows it the same way, through :func:`shown_input`.
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shown_input(text: str, limit: int = SHOWN_LIMIT) -> str:
    """A typed line as it is written back: :func:`visible`, cut after ``limit`` characters
    with a note of how many more there were."""
    if len(text) <= limit:
        return visible(text)
    return f"{visible(text[:limit])}... ({len(text) - limit} more characters not shown)"


def too_long(text: str) -> str | None:
    """Why ``text`` is not read at all (``None``: it is read): a line over :data:`LINE_LIMIT`."""
    if len(text) <= LINE_LIMIT:
        return None
    return f"a line of {len(text)} characters is no move or command (at most {LINE_LIMIT}); not read"


def complete(line: str, candidates: Sequence[str]) -> list[str]:
    """The candidates that extend what is typed so far (case does not matter), in order, once each."""
    typed = line.lstrip().lower()
    seen: dict[str, None] = {}
    for text in candidates:
        if text.lower().startswith(typed):
            seen.setdefault(text, None)
    return list(seen)


def _load_readline() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # pragma: no cover - platforms without readline
        return None
    return readline


class Prompt:
    """Reads the player's lines: ``readline`` on a terminal, plain lines on a pipe."""

    def __init__(self, stream: TextIO, candidates: Callable[[], Sequence[str]]):
        self.stream = stream
        self.candidates = candidates
        """What Tab may complete to (commands and legal moves), asked afresh at each Tab."""
        self.readline = _load_readline() if self.interactive(stream) else None
        self._matches: list[str] = []
        if self.readline is not None:
            self._bind(self.readline)

    @staticmethod
    def interactive(stream: TextIO) -> bool:
        """Line editing only when the player types at a terminal that shows the output."""
        return stream is sys.stdin and is_terminal(stream) and is_terminal(sys.stdout)

    def _bind(self, readline: ModuleType) -> None:
        readline.clear_history()
        readline.set_completer(self._complete)
        readline.set_completer_delims("")  # a move has spaces: complete the whole line
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            try:
                self._matches = complete(text, self.candidates())
            except Exception:  # noqa: BLE001 - a failing Tab must never end the game
                self._matches = []
        return self._matches[state] if state < len(self._matches) else None

    def read(self, prompt: str, remember: bool = True) -> str | None:
        """One line without its newline; ``None`` at end of input.

        The prompt's line is always ended, so what is printed next starts a line
        of its own. A line read from a pipe or a file is written after the prompt,
        as a terminal would have shown it typed, so a transcript reads as the session:
        its control characters escaped and a very long one cut (:func:`shown_input`).
        ``remember=False`` keeps an answer such as ``y`` out of the history.
        """
        if self.readline is None:
            typer.echo(prompt, nl=False)
            line = self.stream.readline()
            text = line.rstrip("\r\n")
            if not line or not is_terminal(self.stream):  # a terminal showed it as it was typed
                typer.echo(shown_input(text))
            return text if line else None
        try:
            line = input(prompt)
        except EOFError:
            typer.echo("")
            return None
        if not remember and line.strip():
            length = self.readline.get_current_history_length()
            if length:
                self.readline.remove_history_item(length - 1)
        return line

    def forget(self) -> None:
        """Wipe the history (hot-seat handover in a game with secrets)."""
        if self.readline is not None:
            self.readline.clear_history()


def fit_prompt(text: str, width: int) -> tuple[list[str], str]:
    """A prompt ``text`` (ending in ``"> "``) in lines of at most ``width`` columns (issue 27.18).

    A prompt that fits is one line. A longer one (a Battle of Tanks ambush
    window names every tank that may fire) is wrapped at spaces: the lines
    before the last are printed, the last is the prompt the line is typed
    after, so the cursor never sits past the edge of an 80-column terminal.
    """
    if len(text) <= width:
        return [], text
    import textwrap

    lines = textwrap.wrap(text.rstrip(), width - 1, subsequent_indent="    ",
                          break_on_hyphens=False, break_long_words=True)
    return lines[:-1], lines[-1] + " "


NOTE = re.compile(r"\s+\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$")
"""A note in parentheses after a move, as ``moves`` and ``hint`` print it."""

PLAN_WORD = "then"
"""The word before each follow-up of a hint's plan (cli/hint.py)."""


def parse_move(game: Any, text: str) -> Any:
    """The action ``text`` names in ``game``'s notation (issue 27.17: what the game prints, it reads).

    A line copied from ``moves`` or ``hint`` carries the move's note after it
    (``HT e9-g11:NE  (+ CHECK)``); when the whole line is not notation, the
    note is set aside and the move before it is read. Notation never holds
    parentheses, so nothing a player meant is dropped. A line of a hint's plan
    (``then to 39.4,41.4``) is read without its ``then``.
    """
    bare = text
    while NOTE.search(bare):  # a hint line carries its estimate and may carry a note: ``(+0.02)  (...)``
        bare = NOTE.sub("", bare)
    words = bare.split(maxsplit=1)
    if len(words) == 2 and words[0] == PLAN_WORD:
        bare = words[1]
    if bare != text and bare.strip():
        # issue 59.5: the move before the notes first, since a parser that takes any
        # word as a name (Battle of Tanks' targets) would read the note as more targets
        try:
            return game.parse_action(bare)
        except NotationError:
            pass
    return game.parse_action(text)
