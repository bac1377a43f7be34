"""The server's host key, kept in the games directory across restarts (issue 29.14).

The start page's address carries the host key (``/?key=...``). A key made
afresh at every start would break that address, bookmarked or sent to
oneself, each time the server restarts; so the key is kept in
:data:`KEY_FILE` in the games directory, readable and writable by the
server's user only (mode 0600), and read again at the next start.
``tanktable serve --new-key`` writes a new one (the old address stops
working at once).

A key file that cannot be read, or that holds anything but a key, is a
:class:`HostKeyError` with a sentence saying what to do: the server does not
start with a key other than the one its holder expects, and never makes a new
one silently in place of a damaged one.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from core.errors import TanktableError

KEY_FILE = ".host-key"
"""The key's file name in the games directory (hidden, not a ``*.yaml`` record)."""

KEY_BYTES = 16
"""Random bytes of a new key: 128 bits, as every link (22 characters of URL-safe base64)."""

KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
"""What a kept key may look like: URL-safe base64, long enough to be unguessable."""

PRIVATE = 0o600


class HostKeyError(TanktableError):
    """The kept host key cannot be read or is damaged; the message says what to do."""


@dataclass(frozen=True)
class HostKey:
    """The key the server runs with, where it is kept, and what happened to it."""

    key: str
    path: Path
    made: bool
    """True when the key was written at this start (first start, or ``--new-key``)."""
    tightened: bool = False
    """True when the file could be read by others and was made private again."""


def key_path(games_dir: Path) -> Path:
    return games_dir / KEY_FILE


def host_key(games_dir: Path, *, new: bool = False) -> HostKey:
    """The host key kept in ``games_dir``: read it, or make and keep one on the
    first start or when ``new`` (``--new-key``) asks for a fresh one."""
    path = key_path(games_dir)
    if new or not _exists(path):
        return HostKey(_write_new(games_dir, path), path, made=True)
    key, tightened = _read(path)
    return HostKey(key, path, made=False, tightened=tightened)


def _exists(path: Path) -> bool:
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise HostKeyError(f"the host key file {path} cannot be read ({exc.strerror or exc})") from None
    return True


def _damaged(path: Path, why: str) -> HostKeyError:
    return HostKeyError(
        f"the host key file {path} {why}: start the server with --new-key to make a new key "
        "(the start page's old address then stops working), or put the right key back in it")


def _read(path: Path) -> tuple[str, bool]:
    """The key in ``path``; made private again (0600) when others could read it."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        raise HostKeyError(f"the host key file {path} cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise _damaged(path, "is not a regular file")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise HostKeyError(f"the host key file {path} cannot be read ({exc.strerror or exc}); "
                           "run the server as the user who owns it, or start it with --new-key") from None
    if len(raw) > 1024:
        raise _damaged(path, "is damaged (it is far longer than a key)")
    try:
        key = raw.decode("ascii").strip()
    except UnicodeDecodeError:
        raise _damaged(path, "is damaged (it is not text)") from None
    if not KEY_PATTERN.match(key):
        raise _damaged(path, "is damaged (it does not hold a key)")
    tightened = False
    if stat.S_IMODE(info.st_mode) & 0o077:
        try:
            os.chmod(path, PRIVATE)
        except OSError as exc:
            raise HostKeyError(f"the host key file {path} can be read by other users and cannot be made "
                               f"private ({exc.strerror or exc}): make it mode 0600, or start the "
                               "server with --new-key") from None
        tightened = True
    return key, tightened


def _write_new(games_dir: Path, path: Path) -> str:
    """A fresh key, written atomically with mode 0600 before anyone can read it."""
    key = secrets.token_urlsafe(KEY_BYTES)
    tmp = path.with_name(path.name + ".tmp")
    try:
        games_dir.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(key + "\n")
        os.replace(tmp, path)
    except OSError as exc:
        raise HostKeyError(f"the host key cannot be kept in {path} ({exc.strerror or exc}): "
                           "choose a games directory the server's user may write (--games-dir)") from None
    return key

