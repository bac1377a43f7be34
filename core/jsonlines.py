"""Files of JSON lines that long runs append to, one finished item a line.

A simulation's log (:mod:`core.ai.simlog`) and a ladder's file of games
(``bench/ladder.py``) are written the same way, so that a run stopped at any
moment loses at most the item it was writing and the same command carries on:
the file is opened to append (never rewritten), locked against a second run,
read, cut back to its last complete line, and every line is on disk before the
next item is awaited.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from core.errors import TanktableError

__all__ = ["open_to_append", "write_line"]


def open_to_append(path: Path, what: str, writer: str, read: Callable[[bytes], int]) -> tuple[IO[str], int]:
    """Open ``path`` (a ``what``, e.g. "log") to append, after ``read`` has taken its
    bytes and said how many of them to keep; what follows (a line cut off half-way)
    is dropped. Returns the open file and the bytes kept (0: a new file, which needs
    its header). A folder, an unwritable path and a file another ``writer`` run
    holds are refused with a :class:`TanktableError` naming the path."""
    if path.is_dir():
        raise TanktableError(f"{path}: is a folder, not a {what}")
    try:
        handle = path.open("a", encoding="utf-8")  # creates, never changes what is there
    except OSError as exc:
        raise TanktableError(f"{path}: cannot write the {what}: {exc.strerror}") from None
    try:
        _lock(handle, path, what, writer)
        raw = path.read_bytes()
        keep = read(raw)
        if keep < len(raw):
            os.truncate(path, keep)
    except OSError as exc:
        handle.close()
        raise TanktableError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    except BaseException:
        handle.close()
        raise
    if keep and not raw[:keep].endswith(b"\n"):
        handle.write("\n")  # a complete last line that had no newline (edited by hand)
    return handle, keep


def write_line(handle: IO[str], value: Mapping[str, Any]) -> None:
    """One item as one line, on disk before the caller goes on."""
    handle.write(json.dumps(value, separators=(",", ":")) + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def _lock(handle: IO[str], path: Path, what: str, writer: str) -> None:
    """Two runs appending to one file would interleave their items: the second is refused."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no advisory locks
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise TanktableError(f"{path}: another {writer} is writing this {what}") from None
