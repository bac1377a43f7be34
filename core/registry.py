"""Finding rulesets (entry points) and data kinds, without importing them early.

Rulesets register through the entry-point group ``tanktable.rulesets``; the
three shipped ones register the same way, so a third-party ruleset is a peer.
Nothing is imported until it is asked for: ``tanktable --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from core.errors import TanktableError, did_you_mean
from core.game import Ruleset

GROUP = "tanktable.rulesets"

CORE_KINDS: dict[tuple[str, str], str] = {
    ("hex", "terrain"): "core.grid.hexmap:TerrainCatalogue",
    ("hex", "map"): "core.grid.hexmap:HexMapFile",
    ("ai", "levels"): "core.ai.levels:Levels",
    ("print", "settings"): "core.printing.settings:PrintSettings",
}
"""Data kinds that belong to the core rather than to a ruleset: ``(ruleset, kind)`` -> model."""


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def ruleset_ids() -> list[str]:
    """Registered ruleset ids, without importing them, and those loaded by reference."""
    return sorted(set(_entry_points()) | set(_referenced()))


REFERENCES_ENV = "TANKTABLE_RULESET_REFERENCES"
"""Where a process keeps the rulesets it loaded by reference (``{id: [reference, folder]}``,
JSON), so that its worker processes -- forked or spawned: simulations, the browser
table's notes -- find a plugin that is not installed by its id, as their parent did."""

DEFAULT_OBJECT = "RULESET"
"""The object a reference names when it names none (``my_game.py``): the guide's name."""


def is_reference(name: str) -> bool:
    """``module:object``, ``path/to/my_game.py[:object]`` or ``path/to/package[:object]``:
    a ruleset named by where it is rather than by an installed id (ids hold none of
    ``:``, ``/``, ``\\`` and do not end in ``.py``)."""
    return ":" in name or "/" in name or "\\" in name or name.endswith(".py")


def _referenced() -> dict[str, list[str | None]]:
    try:
        found = json.loads(os.environ.get(REFERENCES_ENV, "{}"))
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _split(reference: str) -> tuple[str, str]:
    """``(where, object)``: the object after the last ``:`` (a Windows drive's is no object)."""
    where, colon, attr = reference.rpartition(":")
    if not colon or not attr.isidentifier():
        return reference, DEFAULT_OBJECT
    return where, attr


def _import_reference(reference: str, folder: str | None = None) -> tuple[Any, str | None]:
    """The object ``reference`` names, and the folder put on the path to import it.

    A path (a ``.py`` file, or a package's folder) is imported as the module of its name
    from its parent folder; a module name is imported as Python would from the current
    folder (``python -c``), so a ruleset not yet installed plays, checks and simulates
    from where its author works (issue 60, hidden authoring journey). The folder goes
    last on the path, so a file of it never takes a tanktable package's name."""
    where, attr = _split(reference)
    path = Path(where)
    if where.endswith(".py") or "/" in where or "\\" in where or (folder is None and path.is_dir()
                                                                  and (path / "__init__.py").is_file()):
        if not path.exists():
            raise TanktableError(f"cannot load {reference}: no such file or folder {where}")
        module = path.stem if path.suffix == ".py" else path.name
        folder = str(path.resolve().parent)
        wanted: Path | None = path.resolve() if path.suffix == ".py" else (path / "__init__.py").resolve()
    else:
        module, wanted = where, None
    try:
        if folder is not None and folder not in sys.path:
            sys.path.append(folder)
        try:
            loaded = import_module(module)
        except ModuleNotFoundError as exc:
            here = os.getcwd()
            if folder is not None or exc.name != module.split(".")[0] or here in sys.path:
                raise
            sys.path.append(here)
            folder = here
            loaded = import_module(module)
        found = getattr(loaded, "__file__", None)
        if wanted is not None and (found is None or Path(found).resolve() != wanted):
            # the folder goes last on the path: a module of that name found first is another
            raise TanktableError(f"cannot load {reference}: Python finds another module named "
                                 f"{module!r} first ({found or 'built in'}); rename {where}")
        return getattr(loaded, attr), folder
    except (ImportError, AttributeError) as exc:
        raise TanktableError(f"cannot load {reference}: {exc}") from None


def _by_reference(reference: str, folder: str | None = None) -> Ruleset:
    """The ruleset ``reference`` names, registered under its id for this process and its
    workers (see :data:`REFERENCES_ENV`)."""
    found, folder = _import_reference(reference, folder)
    ruleset = found() if isinstance(found, type) else found
    if not isinstance(ruleset, Ruleset):
        raise TanktableError(f"{reference} is not a tanktable Ruleset")
    known = _referenced()
    if known.get(ruleset.id) != [reference, folder]:
        known[ruleset.id] = [reference, folder]
        os.environ[REFERENCES_ENV] = json.dumps(known)
        get_ruleset.cache_clear()  # the id now means this ruleset, in place of an installed one
    return ruleset


@cache
def get_ruleset(name: str) -> Ruleset:
    """The ruleset ``name`` names: an installed id, or a reference to one not installed
    (``module:object``, ``path/to/my_game.py``: see :func:`is_reference`), which every
    command that takes a ruleset accepts alike; a clear error for unknown names."""
    if is_reference(name):
        return _by_reference(name)
    referenced = _referenced().get(name)
    if referenced:
        reference, folder = referenced
        if isinstance(reference, str):
            return _by_reference(reference, folder)
    eps = _entry_points()
    if name not in eps:
        hint = did_you_mean(name, list(eps))
        here = [f for f in (f"{name}.py", f"{name}/__init__.py") if Path(f).is_file()]
        if here and not hint:  # a plugin in the making, named as a module: say how to name it
            hint = f"; {here[0]} is here: name it {name}:RULESET or {here[0].removesuffix('/__init__.py')}"
        known = ", ".join(sorted(eps)) or "none"
        raise TanktableError(f"unknown ruleset {name!r}{hint} (registered: {known}; name one not "
                             "installed by module:object or path/to/my_game.py where a command takes "
                             "RULESET, by --ruleset for validate, replay, print map and the hex tools)")
    try:
        obj = eps[name].load()
    except ImportError as exc:
        raise TanktableError(f"ruleset {name!r} is registered but cannot be loaded: {exc}") from None
    ruleset = obj() if isinstance(obj, type) else obj
    if not isinstance(ruleset, Ruleset):
        raise TanktableError(f"entry point {name!r} is not a tanktable Ruleset")
    return ruleset


def loaded_references() -> dict[str, str]:
    """The rulesets loaded by reference (in this process or the one that started it): id ->
    the reference as it was given."""
    return {rid: entry[0] for rid, entry in _referenced().items()
            if isinstance(entry, list) and entry and isinstance(entry[0], str)}


def ruleset_id(name: str) -> str:
    """The id ``name`` stands for: itself, or the id of the ruleset a reference names (loaded
    and registered under that id, so that the rest of a command -- records, data files'
    ``ruleset:`` headers, file names -- reads the id, never the reference)."""
    return get_ruleset(name).id if is_reference(name) else name


def available_rulesets() -> list[Ruleset]:
    """Every registered ruleset that loads (one that fails is skipped), and those loaded
    by reference in this process."""
    found = []
    for name in ruleset_ids():
        try:
            found.append(get_ruleset(name))
        except TanktableError:
            continue
    return found


def kind_model(ruleset: str, kind: str) -> Any:
    """The pydantic model for a data file's ``ruleset:``/``kind:`` header."""
    if kind == "record":
        from core.record import RecordFile

        return RecordFile
    if (ruleset, kind) in CORE_KINDS:
        module, attr = CORE_KINDS[(ruleset, kind)].split(":")
        return getattr(import_module(module), attr)
    found = get_ruleset(ruleset)
    kinds = found.data_kinds()
    kind = found.canonical_kind(kind)
    if kind not in kinds:
        hint = did_you_mean(kind, list(kinds))
        raise TanktableError(
            f"ruleset {ruleset!r} has no data kind {kind!r}{hint} "
            f"(kinds: {', '.join(sorted(kinds))})"
        )
    return kinds[kind]
