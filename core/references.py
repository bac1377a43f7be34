"""Where a file named inside another file may come from, decided in one place.

A scenario names its table or map, a map names its card files, a hex map its
terrain files, a record carries the files its scenario named. Every such
reference goes through :func:`resolve`, which applies one explicit rule:

* a name of shipped data (``village``) means that shipped file, unless a file
  of that very name lies beside the referencing file;
* otherwise it is a path, relative to the referencing file's folder;
* under :data:`ANYWHERE` (a terminal user's own files, the default) any file
  the user can read may be named, absolute or relative;
* under :func:`confined_to` (what a server that reads documents sent by
  other people uses) a path must be relative, must not climb out with
  ``..``, and must still lie inside the allowed folder once symbolic links
  are followed;
* under :func:`offered_only` (what a server uses for a game asked for by a
  request) a name given without a referencing file (a request's option, the
  scenario it chose) is shipped data or one of the files the server offers,
  and anything else is refused without looking at the disk, so that the
  refusal does not tell whether such a file exists; the offered files'
  own references resolve as a terminal user's.

Whatever the rule, what is found must be a regular file that can be opened;
anything else (an empty name, a folder, a device, a name the operating system
refuses, a file without permission) is a :class:`BadReference` with a
sentence, which callers report at the referencing key.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import posixpath
import stat
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path

from core.data import Document, Problem, load_document, parse_document
from core.errors import DataError, TanktableError, did_you_mean
from core.resources import DATA_PACKAGE, package_label, shipped, shipped_names

__all__ = [
    "ANYWHERE",
    "BadReference",
    "ReferenceRule",
    "Source",
    "confined_to",
    "current_rule",
    "offered_only",
    "resolve",
    "resolve_at",
    "shown_name",
]


class BadReference(TanktableError):
    """A reference that names no file the current rule lets us read."""


@dataclass(frozen=True)
class ReferenceRule:
    """Where references may point: anywhere (``folder`` and ``offered`` None),
    inside ``folder``, or, for a name without a referencing file, only to
    shipped data and the ``offered`` files."""

    folder: Path | None = None
    offered: tuple[Path, ...] | None = None
    """Under :func:`offered_only`: the files a name without a referencing file may stand for."""
    refusal: str = ""
    """Under :func:`offered_only`: why any other name is refused (the end of the sentence)."""

    @property
    def confined(self) -> bool:
        return self.folder is not None or self.offered is not None

    def lists_folders(self, beside: Path | None) -> bool:
        """Whether a name may stand for a whole folder of files (a terminal user's
        ``cards=my-cards/``): never under :func:`confined_to`, and under
        :func:`offered_only` only inside an offered file (``beside`` its folder)."""
        if self.folder is not None:
            return False
        return self.offered is None or beside is not None


ANYWHERE = ReferenceRule()
"""A terminal user's rule: their own files wherever they are, and shipped data."""

_RULE: ContextVar[ReferenceRule] = ContextVar("tanktable_reference_rule", default=ANYWHERE)


def current_rule() -> ReferenceRule:
    return _RULE.get()


@contextlib.contextmanager
def confined_to(folder: str | Path) -> Iterator[ReferenceRule]:
    """Within the block, references resolve only to shipped data or files in ``folder``."""
    rule = ReferenceRule(Path(folder).resolve())
    token = _RULE.set(rule)
    try:
        yield rule
    finally:
        _RULE.reset(token)


@contextlib.contextmanager
def offered_only(files: Iterable[Path], refusal: str) -> Iterator[ReferenceRule]:
    """Within the block, a name given without a referencing file resolves only to
    shipped data or one of ``files``; any other is a :class:`BadReference`
    ending in ``refusal``, decided before the disk is looked at."""
    rule = ReferenceRule(offered=tuple(Path(f) for f in files), refusal=refusal)
    token = _RULE.set(rule)
    try:
        yield rule
    finally:
        _RULE.reset(token)


@dataclass(frozen=True)
class Source:
    """A resolved reference: a shipped file, or a regular file on disk."""

    label: str
    """How problems name the file (``data/battle_of_tanks/tables/village.yaml`` or its path)."""
    reference: str
    """A name that resolves to this same file again under the same rule."""
    node: Traversable | None = None
    path: Path | None = None
    package: str | None = None
    """For a shipped file: the data package it ships in (files it names are read from there)."""
    folder: tuple[str, ...] = ()
    """For a shipped file: its folder below the package's data root."""

    @property
    def is_shipped(self) -> bool:
        return self.node is not None

    def shipped_beside(self, name: str) -> tuple[Traversable, str] | None:
        """The shipped file ``name`` means when this shipped file names it (relative to
        this file's folder, inside the same package) and its label; ``None`` for a name
        that leaves the package or for a file that is not shipped."""
        if self.package is None:
            return None
        parts = posixpath.normpath(posixpath.join(*self.folder, name)).split("/") if name else []
        if not parts or parts[0] in ("..", "") or posixpath.isabs(name):
            return None
        return shipped(*parts, package=self.package), "/".join((package_label(self.package), *parts))

    def read_text(self) -> str:
        """The file's text; problems (not UTF-8, vanished) as :class:`DataError`."""
        return self.document().text

    def document(self) -> Document:
        """The file parsed, every position known; problems as :class:`DataError`."""
        if self.node is not None:
            return parse_document(self.node.read_text(encoding="utf-8"), self.label)
        assert self.path is not None
        return load_document(self.path)


def shown_name(name: str, limit: int = 60) -> str:
    """``name`` quoted for a message, shortened when it is very long."""
    if len(name) <= limit:
        return repr(name)
    return f"{name[:limit]!r}... ({len(name)} characters)"


def resolve(
    name: object,
    what: str,
    *,
    beside: str | Path | None = None,
    shipped_folder: tuple[str, ...] = (),
    suffix: str = ".yaml",
    package: str = DATA_PACKAGE,
) -> Source:
    """The file a reference ``name`` means, under the rule in force.

    ``what`` names the kind of file for messages ("table", "card file").
    ``beside`` is the folder of the referencing file (``None`` for a name
    typed on the command line). ``shipped_folder`` is the folder below
    ``data/`` (or below ``package``, a plugin's own data package) whose files
    may be named without a suffix. Raises
    :class:`BadReference` with a sentence (no place: see :func:`resolve_at`).
    """
    if not isinstance(name, str):
        raise BadReference(f"a {what} must be named by text, not {type(name).__name__}")
    if not name.strip():
        raise BadReference(f"an empty name names no {what}")
    if "\x00" in name:
        raise BadReference(f"{shown_name(name)} is not a file name (it contains a NUL character)")
    rule = current_rule()
    folder = Path(beside) if beside is not None else None
    known = shipped_names(*shipped_folder, suffix=suffix, package=package) if shipped_folder else []
    typed_offered = rule.offered is not None and folder is None
    if name in known and (typed_offered or not _local_file(name, folder, rule)):
        node = shipped(*shipped_folder, f"{name}{suffix}", package=package)
        label = "/".join((package_label(package), *shipped_folder, f"{name}{suffix}"))
        return Source(label=label, reference=name, node=node, package=package, folder=tuple(shipped_folder))
    if typed_offered:
        path, reference = _offered(name, what, known, rule)
    else:
        path, reference = _candidate(name, folder, rule, what)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise BadReference(_not_found(name, what, known, path if rule.lists_folders(folder) else None,
                                      suffix)) from None
    except OSError as exc:
        raise BadReference(f"{what} {shown_name(name)}: cannot open: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise BadReference(f"{what} {shown_name(name)} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise BadReference(f"{what} {shown_name(name)} is not a regular file")
    if not os.access(path, os.R_OK):
        raise BadReference(f"{what} {shown_name(name)}: cannot open: Permission denied")
    return Source(label=reference if rule.confined else str(path), reference=reference, path=path)


def resolve_at(doc: Document, loc: tuple[object, ...], name: object, what: str, *,
               beside: str | Path | None = None, shipped_folder: tuple[str, ...] = (),
               suffix: str = ".yaml", package: str = DATA_PACKAGE) -> Source:
    """:func:`resolve`, its refusal reported as a :class:`DataError` at ``doc``'s key ``loc``."""
    try:
        return resolve(name, what, beside=beside, shipped_folder=shipped_folder, suffix=suffix,
                       package=package)
    except BadReference as exc:
        field = loc[-1] if loc and isinstance(loc[-1], str) else None
        message = f"{field}: {exc}" if field and not str(exc).startswith(field) else str(exc)
        raise DataError([doc.problem(tuple(loc), message)]) from None


def _local_file(name: str, folder: Path | None, rule: ReferenceRule) -> bool:
    """Whether a file of exactly this name lies where a path reference would look."""
    try:
        path, _ = _candidate(name, folder, rule, "file")
        return path.is_file()
    except (BadReference, OSError, ValueError):
        return False


def _offered(name: str, what: str, known: list[str], rule: ReferenceRule) -> tuple[Path, str]:
    """The offered file ``name`` stands for; the rule's refusal for any other name."""
    assert rule.offered is not None
    for path in rule.offered:
        if name == str(path):
            return path, name
    shipped_list = f" (shipped: {', '.join(known)})" if known else ""
    raise BadReference(f"{what} {shown_name(name)}: {rule.refusal}{shipped_list}")


def _candidate(name: str, folder: Path | None, rule: ReferenceRule, what: str) -> tuple[Path, str]:
    """The path ``name`` stands for under ``rule``, and a reference that finds it again."""
    path = Path(name)
    if rule.folder is None:
        if path.is_absolute() or folder is None:
            return path, str(path.absolute())
        beside = folder / path
        with contextlib.suppress(OSError, ValueError):
            if not beside.exists() and path.exists():
                return path, str(path.absolute())
        return beside, str(beside.absolute())
    root = rule.folder
    if path.is_absolute():
        raise BadReference(f"{what} {shown_name(name)}: an absolute path is not allowed here "
                           "(name a file beside this one)")
    if ".." in path.parts or "\\" in name:
        raise BadReference(f"{what} {shown_name(name)}: '..' is not allowed here "
                           "(name a file beside this one)")
    base = root
    if folder is not None:
        with contextlib.suppress(OSError, ValueError):
            real_folder = folder.resolve()
            if real_folder.is_relative_to(root):
                base = real_folder
    try:
        real = (base / path).resolve()
    except (OSError, RuntimeError) as exc:
        raise BadReference(f"{what} {shown_name(name)}: cannot open: {exc}") from None
    if not real.is_relative_to(root):
        raise BadReference(f"{what} {shown_name(name)} leads outside the allowed folder")
    return real, str(real.relative_to(root))


SIBLINGS_READ = 1000
"""At most this many entries of a folder are read for a did-you-mean (a huge folder
must not stall a refusal)."""


def _not_found(name: str, what: str, known: list[str], path: Path | None, suffix: str = ".yaml") -> str:
    """The refusal of a name that is neither shipped nor a file, with the closest
    shipped name or file beside it as a hint: ``armyy.yaml`` next to ``army.yaml``
    should say so. A name that looks like a file (it has a suffix) is compared with
    the files first, by their names without the shared suffix (``.yaml`` alone would
    make any two file names look alike). ``path`` is ``None`` where the rule lists no
    folder (a confined server must not show the names of files nobody named)."""
    hint = _file_hint(name, path) if path is not None else ""
    if not hint or not Path(name).suffix:
        hint = did_you_mean(name, known) or hint
    if path is not None and not Path(name).suffix and suffix:  # 'giants' names no file; giants.yaml is there
        with contextlib.suppress(OSError, ValueError):
            if path.with_name(path.name + suffix).is_file():
                hint = f"; did you mean {shown_name(name + suffix)}?"
    if not known:
        return f"no {what} {shown_name(name)}: no such file{hint}"
    return f"no {what} {shown_name(name)}: not a shipped {what} nor a file{hint} (shipped: {', '.join(known)})"


def _file_hint(name: str, path: Path) -> str:
    """``"; did you mean 'army.yaml'?"`` for the file in ``path``'s folder whose name
    is closest to ``path``'s, written as the reference was (its folder kept); else ``""``."""
    typed = Path(name)
    if not typed.name or not path.name:
        return ""
    siblings: dict[str, str] = {}
    with contextlib.suppress(OSError, ValueError), os.scandir(path.parent) as entries:
        for _, entry in zip(range(SIBLINGS_READ), entries, strict=False):
            with contextlib.suppress(OSError):
                if entry.is_file() and Path(entry.name).suffix == path.suffix:
                    siblings[Path(entry.name).stem] = entry.name
    close = difflib.get_close_matches(path.stem, list(siblings), n=1, cutoff=0.6)
    return f"; did you mean {str(typed.with_name(siblings[close[0]]))!r}?" if close else ""


def problems_of(exc: DataError) -> list[Problem]:
    """The located problems a :class:`DataError` carries."""
    return [p for p in exc.problems if isinstance(p, Problem)]
