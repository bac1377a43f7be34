"""Whether a stream is a terminal a person looks at.

The CLI asks it before it colours, clears the screen, draws a spinner or a
progress bar, or offers line editing. A stream may also be closed or missing:
started with its output closed (``tanktable simulate ... 2>&-``), Python has
``None`` for it, and a stand-in (a test's buffer) may have no ``isatty``. Such
a stream is no terminal; asking must never stop the command.
"""

from __future__ import annotations

from typing import TextIO


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (a missing, closed or stand-in stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False
