"""A spinner that says what the computer is doing while it thinks.

Only on a terminal: on a pipe or a file nothing at all is written (the
output stays a clean log of the game). The spinner is transient: once the
computer has chosen, the line is erased and the move is printed as usual.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from cli.terminal import is_terminal


class _Thinking:
    """What the spinner shows, redrawn by rich a few times a second: who, what, how long."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.started = time.monotonic()

    def __rich__(self) -> str:
        return f"{self.text} ({time.monotonic() - self.started:.0f} s)"


@contextmanager
def thinking(text: str, stream: TextIO | None = None) -> Iterator[None]:
    """Show ``text`` with a spinner and the seconds spent while the block runs, on a terminal only."""
    out = stream if stream is not None else sys.stdout
    if not is_terminal(out):
        yield
        return
    from rich.console import Console

    console = Console(file=out, force_terminal=True, highlight=False)
    with console.status(_Thinking(text), spinner="dots"):
        yield
