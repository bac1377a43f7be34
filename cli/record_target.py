"""Where a game's record may be written: checked before the first move.

A record is rewritten after every decision, so a bad target would cost the
whole game: ``--record`` is judged before anything is played. A file that
already exists is another game's record or a person's file, and is never
replaced by a new game (``--resume FILE`` plays on from a record, in place);
a folder that is missing or cannot be written to is refused too. ``save FILE``
at the prompt asks before it replaces another record (see :func:`describe`).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from core.errors import DataError, TanktableError, UsageError


@dataclass(frozen=True)
class Held:
    """What a file holds: a game record, or something else (said in words)."""

    text: str
    record: bool = False
    finished: bool = False
    """A record of a game that has ended (it has a result): ``replay`` shows it, nothing plays it on."""

    def __str__(self) -> str:
        return self.text


def describe(path: Path) -> Held | None:
    """What ``path`` holds, for a question or a refusal; ``None`` when nothing is there
    (no file, or an empty one: there is nothing in it to lose)."""
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_dir():
        return Held("a folder")
    if not path.is_file():
        return Held("something that is not a file")
    with contextlib.suppress(OSError):
        if path.stat().st_size == 0:
            return None
    from core.data import load_document

    try:
        data = load_document(path).data
    except (DataError, TanktableError):
        return Held("a file that is not a tanktable record")
    if isinstance(data, dict) and data.get("kind") == "record":
        moves = data.get("moves")
        count = f", {len(moves)} decisions" if isinstance(moves, list) else ""
        finished = data.get("result") is not None
        state = "finished " if finished else ""
        return Held(f"a {state}{data.get('ruleset', 'tanktable')} game record{count}", record=True,
                    finished=finished)
    return Held("a file that is not a tanktable record")


def writable_folder(path: Path) -> str | None:
    """Why a new file cannot be written at ``path`` (``None``: it can).

    The folder is tried for real (a temporary file made and removed), which
    answers for permissions, read-only disks and a "folder" that is a file.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as exc:
        return f"cannot write in {folder}: {exc.strerror or exc}"
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    return None


def check_record_target(path: Path, resuming: Path | None = None) -> None:
    """Refuse (:class:`UsageError`, exit 2) a ``--record`` target a new game must not use.

    ``resuming`` is the record being played on: writing back to it is the point.
    """
    if resuming is not None and _same_file(path, resuming):
        return
    held = describe(path)
    if held is not None:
        if held.record and held.finished:  # --resume would only say the game is over (issue 61.3)
            raise UsageError(f"--record {path}: it holds {held}; a new game does not replace it. "
                             f"That game is over; to see it: tanktable replay {path}; "
                             "or give --record another name")
        if held.record:
            raise UsageError(f"--record {path}: it holds {held}; a new game does not replace it. "
                             f"To play that game on: tanktable play --resume {path}; "
                             "or give --record another name")
        raise UsageError(f"--record {path}: it exists and holds {held}; "
                         "give --record another name (nothing is played until the record can be saved)")
    problem = writable_folder(path)
    if problem is not None:
        raise UsageError(f"--record {path}: {problem}; give --record a file in a folder you can write to")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def settle_record(record: Path | None, resuming: Path | None, ruleset_id: str,
                  has_human: bool) -> tuple[Path | None, bool]:
    """The file a game will be saved to, judged before the first move, and whether
    it is one of the games folder (chosen because no ``--record`` was given).

    A game with a person at the table is always saved somewhere (issue 27.15);
    a game of computers only is saved where ``--record`` says, if anywhere.
    """
    if record is not None:
        check_record_target(record, resuming)
        return record, False
    if not has_human:
        return None, False
    from cli.autosave import new_game_path

    return new_game_path(ruleset_id), True


def _fingerprint(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class RecordGuard:
    """The record file as the game last left it: a game writes over its own record
    only, never over what something else put there meanwhile (another game
    started with the same ``--record``, a person's edit)."""

    def __init__(self, path: Path):
        self.path = path
        self.seen = _fingerprint(path)

    def changed(self) -> bool:
        """True when the file is not as this game last saw it (replaced or edited);
        a file removed meanwhile holds nothing to lose, and is written again."""
        now = _fingerprint(self.path)
        return now is not None and now != self.seen

    def saved(self) -> None:
        """The game has just written the file."""
        self.seen = _fingerprint(self.path)
